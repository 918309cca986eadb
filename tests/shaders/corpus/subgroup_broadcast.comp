#version 450
// subgroupBroadcast from a constant lane, subgroupBroadcastFirst in a
// divergent branch (the first active lane).
#extension GL_KHR_shader_subgroup_ballot : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(611,0,100000)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec2 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	uint first = 0xdeadu;
	if ((v % 3u) == 1u)
		first = subgroupBroadcastFirst(v * 2u);
	o[i] = uvec2(subgroupBroadcast(v, 3u), first);
}
