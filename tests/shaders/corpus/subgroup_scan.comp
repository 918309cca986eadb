#version 450
// Inclusive and exclusive subgroup scans (exclusive ones start from the identity).
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(631,0,1000)
//! ssbo o binding=1 u32[1024] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	uint base = i * 8u;
	o[base + 0u] = subgroupInclusiveAdd(v);
	o[base + 1u] = subgroupExclusiveAdd(v);
	o[base + 2u] = subgroupInclusiveMin(v);
	o[base + 3u] = subgroupExclusiveMin(v);
	o[base + 4u] = subgroupInclusiveMax(v);
	o[base + 5u] = subgroupExclusiveMax(v);
	o[base + 6u] = subgroupInclusiveOr(1u << (v % 32u));
	o[base + 7u] = subgroupExclusiveMul((v % 3u) + 1u);
}
