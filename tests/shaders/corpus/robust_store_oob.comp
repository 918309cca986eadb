#version 450
// Robust buffer access: stores beyond the bound range are dropped (the
// bytes past the range keep their contents).
//! groups 1
//! ssbo o binding=0 u32[64] range=100 init=fill(51966) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = i * 3u;
	o[i + 100000u] = 1u;
}
