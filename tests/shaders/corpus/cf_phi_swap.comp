#version 450
// SSA destruction: loop-carried values that swap and rotate every
// iteration (parallel copies), and a copy of the previous value used after
// the loop (the lost-copy case), with per-lane trip counts.
//! groups 2
//! ssbo x binding=0 u32[128] init=random(1051,0,0xffffffff)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	uint a = v, b = ~v, p = 1u, q = 2u, r = 3u, previous = 0u, cur = v & 0xffffu;
	uint n = v % 13u;
	for (uint k = 0u; k < n; k++) {
		uint t = a;
		a = b;
		b = t + k;
		uint s = p;
		p = q;
		q = r;
		r = s * 3u;
		previous = cur;
		cur = cur * 5u + 1u;
	}
	o[i] = uvec4(a ^ b, p + q * 10u + r * 100u, previous, cur);
}
