#version 450
// Robust buffer access: loads beyond the bound range return zero.
//! groups 1
//! ssbo x binding=0 u32[64] range=128 init=seq(1,1)
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = x[i];
	o[64u + i] = x[i * 1000u + 5u];
}
