#version 450
// 4096 single-invocation workgroups over all three dimensions: every group
// runs exactly once (a partial wave of one lane each).
//! groups 64 32 2
//! ssbo o binding=0 u32[4096] expect=ref
//! ssbo runs binding=1 u32[1] expect=values(4096)
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer O { uint o[]; };
layout(std430, binding = 1) buffer R { uint runs; };

void main()
{
	uvec3 g = gl_WorkGroupID;
	uint linear = g.x + 64u * (g.y + 32u * g.z);
	atomicAdd(o[linear], (g.x << 16) | (g.y << 8) | g.z);
	atomicAdd(runs, 1u);
}
