#version 450
// Quad operations: broadcast and the three swaps.
#extension GL_KHR_shader_subgroup_quad : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(671,0,0xffffffff)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	o[i] = uvec4(subgroupQuadBroadcast(v, 2u), subgroupQuadSwapHorizontal(v),
		     subgroupQuadSwapVertical(v), subgroupQuadSwapDiagonal(v));
}
