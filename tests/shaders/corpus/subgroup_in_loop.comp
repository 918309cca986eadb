#version 450
// Subgroup operations inside a loop that lanes leave at different
// iterations: each iteration's operation sees the lanes still looping.
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
//! groups 2
//! ssbo n binding=0 u32[128] init=random(981,0,6)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer N { uint n[]; };
layout(std430, binding = 1) writeonly buffer O { uvec2 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, acc = 0u, seen = 0u;
	for (uint it = 0u; it < n[i]; it++) {
		acc += subgroupAdd(it + 1u);
		seen += subgroupBallotBitCount(subgroupBallot(true));
	}
	o[i] = uvec2(acc, seen);
}
