#version 450
// Small and wide integer types through every path Ember advertises them on:
// int8/int16 arithmetic from 8- and 16-bit storage buffers, push constants
// and a scalar-layout uniform buffer; int64 arithmetic, int64 atomics on a
// buffer and on shared memory; subgroup operations on int8/int16/int64 and
// a broadcast from a dynamically uniform (non-constant) lane; a uniform
// buffer in std430 layout.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_scalar_block_layout : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
layout(local_size_x = 64) in;

layout(push_constant, std430) uniform Push {
	int8_t p8;
	uint8_t lane8;
	int16_t p16;
} pc;
layout(scalar, set = 0, binding = 0) uniform Ubo {
	uint8_t u8[4];
	int16_t u16[2];
	u64vec3 u64;
} ubo;
layout(std430, set = 0, binding = 4) uniform Std430 { uint words[4]; } std;
layout(std430, set = 0, binding = 1) readonly buffer In8 { int8_t a8[]; };
layout(std430, set = 0, binding = 2) readonly buffer In16 { int16_t a16[]; };
layout(scalar, set = 0, binding = 3) buffer Out {
	uint64_t sum64;
	uint64_t shared64;
	int64_t o64[64];
	uint64_t smax64[64];
	uint subgroup_size;
	int o8[64];
	int o16[64];
	int s8[64];
	int s16[64];
	uint bcast[64];
	uint std_words[64];
};

shared uint64_t shared_sum;

void main()
{
	uint i = gl_LocalInvocationIndex;

	if (i == 0)
		shared_sum = 0;
	barrier();

	int8_t t8 = a8[i] * pc.p8 + int8_t(ubo.u8[i & 3]);
	o8[i] = int(t8);
	int16_t t16 = a16[i] * pc.p16 + ubo.u16[i & 1];
	o16[i] = int(t16);
	o64[i] = int64_t(i) * int64_t(ubo.u64.y) - int64_t(ubo.u64.z);

	atomicAdd(sum64, ubo.u64.x * uint64_t(i + 1));
	atomicAdd(shared_sum, uint64_t(i) << 32);

	s8[i] = int(subgroupAdd(int8_t(1)));
	s16[i] = int(subgroupAdd(int16_t(gl_SubgroupInvocationID)));
	smax64[i] = subgroupMax(uint64_t(gl_SubgroupInvocationID) << 40);
	bcast[i] = subgroupBroadcast(gl_SubgroupInvocationID * 3u, uint(pc.lane8) % gl_SubgroupSize);
	std_words[i] = std.words[i & 3];
	if (i == 0)
		subgroup_size = gl_SubgroupSize;

	barrier();
	if (i == 0)
		shared64 = shared_sum;
}
