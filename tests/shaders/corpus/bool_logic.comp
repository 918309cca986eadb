#version 450
// Boolean logic: ^^, !, bvec operations, bools stored in buffers and
// shared memory, short-circuit-free select chains.
//! groups 1
//! ssbo x binding=0 u32[64] init=random(1041,0,15)
//! ssbo o binding=1 u32[64] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared bool flags[64];

void main()
{
	uint i = gl_LocalInvocationIndex, v = x[i];
	bool a = (v & 1u) != 0u, b = (v & 2u) != 0u, c = (v & 4u) != 0u, d = (v & 8u) != 0u;
	flags[i] = a ^^ d;
	barrier();
	bvec4 bv = bvec4(a, b, c, d);
	bvec4 nb = not(bv);
	bool neighbour = flags[(i + 1u) % 64u];
	uint r = (a ^^ b ? 1u : 0u) | (!(c && d) ? 2u : 0u) | (any(nb) ? 4u : 0u) |
		 (all(equal(bv, bvec4(neighbour))) ? 8u : 0u) | (neighbour == c ? 16u : 0u);
	o[i] = r;
}
