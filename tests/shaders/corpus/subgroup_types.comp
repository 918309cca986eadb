#version 450
// Subgroup operations on other types: int64 sums, int min/max, float
// and vec4 shuffles, bool votes on vectors.
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(941,0,0xffffffff)
//! ssbo o64 binding=1 u64[128] expect=ref
//! ssbo o binding=2 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O64 { uint64_t o64[]; };
layout(std430, binding = 2) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i], id = gl_SubgroupInvocationID;
	o64[i] = subgroupAdd(uint64_t(v) << 16);
	vec4 f = vec4(float(v & 0xffu), float(v >> 24), 0.5, float(id));
	vec4 g = subgroupShuffle(f, gl_SubgroupSize - 1u - id);
	o[i] = uvec4(uint(subgroupMin(int(v))), uint(subgroupMax(int(v) >> 4)),
		     uint(g.x + g.y * 256.0), uint(g.w * 4.0 + g.z * 2.0));
}
