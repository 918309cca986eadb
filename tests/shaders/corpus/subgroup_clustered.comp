#version 450
// Clustered reductions over clusters of 2, 4 and 8 lanes.
#extension GL_KHR_shader_subgroup_clustered : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(661,0,100000)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	o[i] = uvec4(subgroupClusteredAdd(v, 4u), subgroupClusteredMax(v, 8u),
		     subgroupClusteredOr(1u << (v % 32u), 2u), subgroupClusteredMin(v, 8u));
}
