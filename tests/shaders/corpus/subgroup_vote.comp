#version 450
// subgroupAll, subgroupAny, subgroupAllEqual on data that makes them differ
// between subgroups.
#extension GL_KHR_shader_subgroup_vote : require
//! groups 2
//! ssbo x binding=0 u32[128] init=ref
//! ssbo o binding=1 u32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	o[i] = (subgroupAll(v > 2u) ? 1u : 0u) | (subgroupAny(v == 9u) ? 2u : 0u) |
	       (subgroupAllEqual(v) ? 4u : 0u) | (subgroupAllEqual(v & 1u) ? 8u : 0u);
}
