#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) buffer OutF { float f[]; };
void main() {
	uint id = gl_SubgroupInvocationID, base = gl_GlobalInvocationID.x * 16;
	uvec4 b = subgroupBallot(id % 3 == 0);
	o[base + 0] = subgroupBallotBitCount(b);
	o[base + 1] = subgroupAdd(id) + subgroupMax(id) + subgroupMin(id);
	o[base + 2] = subgroupInclusiveAdd(id) + subgroupExclusiveMul(id | 1u);
	o[base + 3] = subgroupShuffle(id, 31 - id) + subgroupShuffleXor(id, 5);
	o[base + 4] = subgroupShuffleUp(id, 3) + subgroupShuffleDown(id, 2);
	o[base + 5] = subgroupClusteredAdd(id, 4) + subgroupClusteredOr(id, 8);
	o[base + 6] = subgroupQuadBroadcast(id, 2) + subgroupQuadSwapHorizontal(id);
	o[base + 7] = uint(subgroupAll(id < 40)) + uint(subgroupAny(id == 7)) * 2 +
		      uint(subgroupAllEqual(id / 64)) * 4 + uint(subgroupElect()) * 8;
	o[base + 8] = subgroupBroadcast(id * 3, 5) + subgroupBroadcastFirst(id);
	o[base + 9] = gl_SubgroupSize + gl_SubgroupID * 100 + gl_NumSubgroups * 1000;
	o[base + 10] = subgroupBallotExclusiveBitCount(b) + subgroupBallotFindLSB(b);
	o[base + 11] = uint(subgroupInverseBallot(b)) + gl_SubgroupLtMask.x;
	f[gl_GlobalInvocationID.x] = subgroupAdd(float(id) * 0.5) + subgroupMax(float(id));
	if (id < 10)
		o[base + 12] = subgroupAnd(id) + subgroupXor(id);
}
