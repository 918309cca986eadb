#version 450
// 64-bit signed arithmetic: division, arithmetic shifts, conversions from and to 32 bits.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
//! groups 1
//! ssbo a binding=0 i64[64] init=random(111,-4000000000000000000,4000000000000000000)
//! ssbo b binding=1 i32[64] init=random(112,-100000,100000)
//! ssbo o binding=2 i64[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { int64_t a[]; };
layout(std430, binding = 1) readonly buffer B { int b[]; };
layout(std430, binding = 2) writeonly buffer O { int64_t o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	int64_t x = a[i];
	int64_t y = int64_t(b[i] == 0 ? 7 : b[i]);
	uint base = i * 8u;
	o[base + 0u] = x / y;
	o[base + 1u] = x >> (i & 63u);
	o[base + 2u] = x * y;
	o[base + 3u] = abs(x) - y;
	o[base + 4u] = int64_t(int(x));
	o[base + 5u] = x < y ? -1l : 1l;
	o[base + 6u] = min(x, y) ^ max(x, y);
	o[base + 7u] = int64_t(uint(b[i]));
}
