#version 450
// Every lane its own path: lane-dependent trip counts, break, continue,
// a switch with fall-through inside a loop, nested divergent ifs.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint lane = gl_GlobalInvocationID.x, acc = lane;
	for (uint i = 0; i < lane % 13 + 1; i++) {
		if ((i ^ lane) % 3 == 0)
			continue;
		for (uint j = i; j < 40; j += 3) {
			if (j * lane % 7 == 6)
				break;
			acc = acc * 3 + j;
		}
		switch ((lane + i) % 5) {
		case 0:
			acc += 11;
		case 1:
			acc ^= acc >> 3;
			if (acc % 4 == 1)
				break;
			acc += 5;
			break;
		case 2:
			if (i == 2)
				continue;
			acc -= i;
			break;
		default:
			if (lane % 2 == 0) {
				if (acc % 3 == 0)
					acc += 100;
				else
					acc += 1000;
			}
		}
		if (acc > 1000000000u)
			break;
	}
	o[lane] = acc;
}
