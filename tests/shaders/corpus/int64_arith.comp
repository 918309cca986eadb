#version 450
// 64-bit unsigned arithmetic (GL_EXT_shader_explicit_arithmetic_types_int64).
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
//! groups 1
//! ssbo a binding=0 u64[64] init=random(101,0,0xffffffffffffffff)
//! ssbo b binding=1 u64[64] init=random(102,1,0xffffffffffffffff)
//! ssbo o binding=2 u64[768] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { uint64_t a[]; };
layout(std430, binding = 1) readonly buffer B { uint64_t b[]; };
layout(std430, binding = 2) writeonly buffer O { uint64_t o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint64_t x = a[i];
	uint64_t y = (i & 1u) != 0u ? (b[i] >> 40) + 1ul : b[i];
	uint base = i * 12u;
	o[base + 0u] = x + y;
	o[base + 1u] = x - y;
	o[base + 2u] = x * y;
	o[base + 3u] = x / y;
	o[base + 4u] = x % y;
	o[base + 5u] = x << (y & 63ul);
	o[base + 6u] = x >> (y & 63ul);
	o[base + 7u] = (x & y) | (~x & 0xf0f0f0f0f0f0f0f0ul);
	o[base + 8u] = x ^ y;
	o[base + 9u] = x < y ? 1ul : 0ul;
	o[base + 10u] = uint64_t(uint(x)) + (uint64_t(uint(x >> 32)) << 32) + 1ul;
	o[base + 11u] = min(x, y) + max(x, y);
}
