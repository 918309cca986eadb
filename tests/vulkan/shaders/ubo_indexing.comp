#version 450
// Uniform buffers reached every way descriptor indexing allows: an array
// of four indexed non-uniformly (only elements 0..2 are used), the same
// array indexed with a dynamically uniform push constant, an inline
// uniform block, and an array of storage buffers indexed dynamically.
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(push_constant) uniform Push { uint index; } pc;
layout(std140, set = 0, binding = 0) uniform Ubo { uvec4 v[16]; } ubos[4];
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint o[]; } outs[2];
layout(std140, set = 0, binding = 2) uniform Inline { uvec4 w; } inl;

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint per_lane = ubos[nonuniformEXT(i % 3u)].v[i & 15u].x;
	uint same = ubos[pc.index].v[i & 15u].y;

	outs[pc.index & 1u].o[i] = per_lane + same + inl.w[i & 3u];
}
