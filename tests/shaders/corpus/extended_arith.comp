#version 450
// uaddCarry, usubBorrow, umulExtended, imulExtended.
//! groups 1
//! ssbo a binding=0 u32[64] init=random(161,0,0xffffffff)
//! ssbo b binding=1 u32[64] init=random(162,0,0xffffffff)
//! ssbo o binding=2 u32[512] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { uint a[]; };
layout(std430, binding = 1) readonly buffer B { uint b[]; };
layout(std430, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	uint x = a[k], y = b[k], carry, borrow, hi, lo;
	int shi, slo;
	uint base = k * 8u;
	o[base + 0u] = uaddCarry(x, y, carry);
	o[base + 1u] = carry;
	o[base + 2u] = usubBorrow(x, y, borrow);
	o[base + 3u] = borrow;
	umulExtended(x, y, hi, lo);
	o[base + 4u] = hi;
	o[base + 5u] = lo;
	imulExtended(int(x), int(y), shi, slo);
	o[base + 6u] = uint(shi);
	o[base + 7u] = uint(slo);
}
