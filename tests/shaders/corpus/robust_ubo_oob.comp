#version 450
// Robust access to a uniform buffer bound with a short range.
//! groups 1
//! ubo u binding=0 u32[64] range=128 init=seq(100,1)
//! ssbo o binding=1 u32[64] expect=ref
layout(local_size_x = 16) in;
layout(std140, binding = 0) uniform U { uvec4 v[16]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = v[i];
}
