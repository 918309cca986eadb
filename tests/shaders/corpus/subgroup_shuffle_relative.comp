#version 450
// subgroupShuffleUp / subgroupShuffleDown (lanes past the edge are not read).
#extension GL_KHR_shader_subgroup_shuffle_relative : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(651,0,0xffffffff)
//! ssbo o binding=1 u32[384] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i], id = gl_SubgroupInvocationID;
	uint up1 = subgroupShuffleUp(v, 1u), up3 = subgroupShuffleUp(v, 3u);
	uint down2 = subgroupShuffleDown(v, 2u);
	o[i * 3u] = id >= 1u ? up1 : 12345u;
	o[i * 3u + 1u] = id >= 3u ? up3 : 12345u;
	o[i * 3u + 2u] = id + 2u < gl_SubgroupSize ? down2 : 12345u;
}
