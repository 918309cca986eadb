#version 450
// subgroupShuffle from computed lanes and subgroupShuffleXor.
#extension GL_KHR_shader_subgroup_shuffle : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(641,0,0xffffffff)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i], id = gl_SubgroupInvocationID;
	o[i] = uvec4(subgroupShuffle(v, (id * 5u + 3u) % gl_SubgroupSize),
		     subgroupShuffleXor(v, 1u), subgroupShuffleXor(v, 6u),
		     subgroupShuffle(v * 2u, gl_SubgroupSize - 1u - id));
}
