#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint id = gl_SubgroupInvocationID, g = gl_GlobalInvocationID.x;
	uint v = g * 7 % 23;
	o[g * 6 + 0] = subgroupAdd(v);
	o[g * 6 + 1] = subgroupInclusiveAdd(v);
	o[g * 6 + 2] = subgroupBallotBitCount(subgroupBallot(v > 11));
	o[g * 6 + 3] = subgroupShuffleXor(v, 3);
	o[g * 6 + 4] = subgroupBroadcast(v, 9);
	o[g * 6 + 5] = v > 5 ? subgroupMax(v) : 0;
}
