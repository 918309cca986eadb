#version 450
// A private array indexed with run-time values (scratch memory or indexed
// registers), read and written in a data-dependent walk.
//! groups 2
//! ssbo x binding=0 u32[128] init=random(521,0,0xffffffff)
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, h = x[i];
	uint a[64];
	for (uint j = 0u; j < 64u; j++) {
		h = h * 1664525u + 1013904223u;
		a[j] = h;
	}
	uint idx = h % 64u;
	for (uint s = 0u; s < 100u; s++) {
		idx = a[idx] % 64u;
		a[idx] += s;
		a[(idx + s) % 64u] ^= idx;
	}
	uint acc = 0u;
	for (uint j = 0u; j < 64u; j++)
		acc = acc * 31u + a[j];
	o[i] = acc;
}
