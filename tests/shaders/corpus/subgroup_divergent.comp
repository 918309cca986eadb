#version 450
// Subgroup operations inside a divergent branch see only the active lanes.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(681,0,1000)
//! ssbo o binding=1 u32[512] init=fill(57005) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	if ((v % 3u) == 0u) {
		o[i] = uvec4(subgroupAdd(v), subgroupBallot(true).x,
			     subgroupInclusiveAdd(1u), subgroupElect() ? 1u : 0u);
	}
}
