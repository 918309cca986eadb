#version 450
// A loop in a switch in a loop in an if, with break and continue at every
// level and values merging out of each construct.
//! groups 2
//! ssbo x binding=0 u32[128] init=random(1001,0,0xffffffff)
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i], r = 0u;
	if ((v & 1u) == 0u) {
		for (uint a = 0u; a < 6u; a++) {
			switch ((v >> (a * 2u)) & 3u) {
			case 0u:
				for (uint b = 0u; b < a + 2u; b++) {
					if (b == 3u)
						break;
					r += b * a;
				}
				break;
			case 1u:
				if (r > 20u)
					continue;
				r += 5u;
				break;
			case 2u:
				for (uint b = 0u; b < 4u; b++) {
					if ((b & 1u) != 0u)
						continue;
					r ^= b << a;
				}
				break;
			default:
				r *= 3u;
			}
			if (r > 1000u)
				break;
			r += 1u;
		}
	} else {
		r = v >> 20;
	}
	o[i] = r;
}
