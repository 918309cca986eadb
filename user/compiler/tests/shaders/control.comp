#version 450
// Nested loops with break and continue, divergent and uniform branches,
// a switch with fall-through and a break out of a nested if.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(push_constant) uniform P { uint n; } pc;
void main() {
	uint lane = gl_LocalInvocationID.x, acc = 0;
	for (uint i = 0; i < pc.n; i++) {
		if (i == lane)
			continue;
		for (uint j = 0; j < 8; j++) {
			if ((i + j) % 5 == lane % 5)
				break;
			acc += j;
		}
		switch (lane % 4) {
		case 0:
			acc += 1;
		case 1:
			acc *= 3;
			if (acc > 1000u)
				break;
			acc += 7;
			break;
		case 2:
			if (i > 3)
				continue;
			acc ^= i;
			break;
		default:
			acc -= 1;
		}
		if (acc > 100000u)
			break;
	}
	o[gl_GlobalInvocationID.x] = acc;
}
