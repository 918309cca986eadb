#version 450
// Subgroup reductions: add, mul, min, max, and, or, xor on uint and int,
// add/min/max on integer-valued floats (exact in any order).
#extension GL_KHR_shader_subgroup_arithmetic : require
//! groups 2
//! ssbo x binding=0 u32[128] init=random(621,0,0xffffffff)
//! ssbo o binding=1 u32[1280] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	int s = int(v) >> 8;
	float f = float(v & 0xfffu) - 2048.0;
	uint base = i * 10u;
	o[base + 0u] = subgroupAdd(v);
	o[base + 1u] = subgroupMul(v | 1u);
	o[base + 2u] = subgroupMin(v);
	o[base + 3u] = subgroupMax(v);
	o[base + 4u] = subgroupAnd(v | 0x0f0f0f0fu);
	o[base + 5u] = subgroupOr(v & 0x11111111u);
	o[base + 6u] = subgroupXor(v);
	o[base + 7u] = uint(subgroupMin(s) ^ subgroupMax(s));
	o[base + 8u] = uint(int(subgroupAdd(f)));
	o[base + 9u] = uint(int(subgroupMin(f) * 2.0 + subgroupMax(f)));
}
