#version 450
// 64-bit subgroup min/max/mul: reductions, inclusive and exclusive scans
// (exclusive ones start from the identity) and clustered reductions in a
// divergent branch, where only the active invocations take part, on values
// that differ only in their low or only in their high half, negative ones.
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
//! groups 2
//! ssbo x binding=0 u64[128] init=ref
//! ssbo o binding=1 u64[2048] init=fill(57005) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint64_t x[]; };
layout(std430, binding = 1) buffer O { uint64_t o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, b = i * 16u;
	uint64_t u = x[i];
	int64_t s = int64_t(u);

	if ((u & 3ul) != 0ul) {
		o[b + 0u] = subgroupMin(u);
		o[b + 1u] = subgroupMax(u);
		o[b + 2u] = uint64_t(subgroupMin(s));
		o[b + 3u] = uint64_t(subgroupMax(s));
		o[b + 4u] = subgroupMul(u);
		o[b + 5u] = subgroupInclusiveMin(u);
		o[b + 6u] = subgroupExclusiveMax(u);
		o[b + 7u] = uint64_t(subgroupInclusiveMax(s));
		o[b + 8u] = uint64_t(subgroupExclusiveMin(s));
		o[b + 9u] = subgroupInclusiveMul(u);
		o[b + 10u] = uint64_t(subgroupExclusiveMul(s));
		o[b + 11u] = subgroupClusteredMin(u, 2u);
		o[b + 12u] = uint64_t(subgroupClusteredMax(s, 4u));
		o[b + 13u] = subgroupClusteredMul(u, 8u);
		i64vec2 v = subgroupClusteredMin(i64vec2(s, ~s), 8u);
		o[b + 14u] = uint64_t(v.x);
		o[b + 15u] = uint64_t(v.y);
	}
}
