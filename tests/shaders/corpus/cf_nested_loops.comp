#version 450
// Nested loops with per-lane trip counts, continue and break at both levels.
//! groups 2
//! ssbo a binding=0 u32[128] init=random(411,0,20)
//! ssbo b binding=1 u32[128] init=random(412,0,20)
//! ssbo o binding=2 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { uint a[]; };
layout(std430, binding = 1) readonly buffer B { uint b[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	uint sum = 0u;
	for (uint p = 0u; p < a[i]; p++) {
		if (p % 3u == 2u)
			continue;
		for (uint q = 0u; q < b[i]; q++) {
			if (q == p)
				continue;
			if (q > p + 5u)
				break;
			sum += p * 16u + q;
		}
		if (sum > 600u)
			break;
	}
	o[i] = sum;
}
