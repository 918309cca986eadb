#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint64_t x[]; };
layout(std430, binding = 1) buffer O { uint64_t o[]; };
void main() {
	uint g = gl_GlobalInvocationID.x, id = gl_SubgroupInvocationID, b = g * 24;
	uint64_t u = x[g];
	int64_t s = int64_t(u);

	/* Arithmetic in a divergent branch: only the active lanes count. */
	if ((u & 3ul) != 0ul) {
		o[b + 0] = subgroupMin(u);
		o[b + 1] = subgroupMax(u);
		o[b + 2] = uint64_t(subgroupMin(s));
		o[b + 3] = uint64_t(subgroupMax(s));
		o[b + 4] = subgroupMul(u);
		o[b + 5] = subgroupInclusiveMax(u);
		o[b + 6] = uint64_t(subgroupExclusiveMin(s));
		o[b + 7] = subgroupInclusiveMul(u);
		o[b + 8] = subgroupExclusiveMul(u);
		o[b + 9] = subgroupClusteredMin(u, 4u);
		o[b + 10] = uint64_t(subgroupClusteredMax(s, 8u));
		o[b + 11] = subgroupClusteredMul(u, 2u);
		i64vec2 v = subgroupInclusiveMin(i64vec2(s, -s));
		o[b + 12] = uint64_t(v.x);
		o[b + 13] = uint64_t(v.y);
		o[b + 14] = subgroupAdd(u) ^ subgroupBroadcastFirst(u);
		o[b + 15] = subgroupElect() ? 1ul : 0ul;
	}
	/* The other subgroup operations on 64-bit data, every lane active. */
	o[b + 16] = subgroupBroadcast(u, 5u);
	o[b + 17] = subgroupShuffle(u, id ^ 7u);
	o[b + 18] = subgroupShuffleXor(u, 5u);
	o[b + 19] = subgroupShuffleUp(u, 3u);
	o[b + 20] = subgroupShuffleDown(u, 3u);
	o[b + 21] = subgroupQuadBroadcast(u, 2u) + subgroupQuadSwapDiagonal(u);
	o[b + 22] = subgroupBallot(s < 0l).x | uint64_t(subgroupAllEqual(u >> 63)) << 32;
	o[b + 23] = uint64_t(subgroupExclusiveAnd(s)) ^ subgroupInclusiveOr(u) ^ subgroupXor(u);
}
