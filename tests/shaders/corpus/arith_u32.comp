#version 450
// 32-bit unsigned integer arithmetic, every operator, wrapping.
//! groups 2
//! ssbo a binding=0 u32[128] init=random(11,0,0xffffffff)
//! ssbo b binding=1 u32[128] init=random(12,1,0xffffffff)
//! ssbo o binding=2 u32[1536] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { uint a[]; };
layout(std430, binding = 1) readonly buffer B { uint b[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	uint x = a[i];
	/* Odd lanes divide by small numbers too. */
	uint y = (i & 1u) != 0u ? (b[i] & 0xffu) + 1u : b[i];
	uint base = i * 12u;
	o[base + 0u] = x + y;
	o[base + 1u] = x - y;
	o[base + 2u] = x * y;
	o[base + 3u] = x / y;
	o[base + 4u] = x % y;
	o[base + 5u] = x << (y & 31u);
	o[base + 6u] = x >> (y & 31u);
	o[base + 7u] = x & y;
	o[base + 8u] = x | y;
	o[base + 9u] = x ^ y;
	o[base + 10u] = ~x;
	o[base + 11u] = x < y ? 1u : 0u;
}
