#version 450
// break inside a switch leaves the switch, continue inside it the loop;
// a flag-driven exit from an infinite loop.
//! groups 1
//! ssbo ops binding=0 u32[512] init=random(481,0,5)
//! ssbo o binding=1 u32[64] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Ops { uint ops[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex, acc = 0u, pc = 0u;
	for (;;) {
		if (pc >= 8u)
			break;
		uint op = ops[i * 8u + pc];
		pc++;
		switch (op) {
		case 0u:
			acc += 1u;
			break;
		case 1u:
			acc *= 2u;
			continue;
		case 2u:
			if (acc > 10u)
				break;
			acc += 10u;
			break;
		case 3u:
			pc++;
			continue;
		default:
			acc ^= op;
		}
		acc += 100u;
	}
	o[i] = acc;
}
