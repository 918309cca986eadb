#version 450
// Buffer atomics from every invocation of several workgroups: add, min, max,
// and, or, xor on counters whose final value is order-independent.
//! groups 4
//! ssbo x binding=0 u32[256] init=random(571,0,0xffffffff)
//! ssbo c binding=1 u32[8] init=values(0,0,0xffffffff,0,0xffffffff,0,0,0) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) buffer C { uint c[]; };

void main()
{
	uint v = x[gl_GlobalInvocationID.x];
	atomicAdd(c[0], 1u);
	atomicAdd(c[1], v);
	atomicMin(c[2], v);
	atomicMax(c[3], v);
	atomicAnd(c[4], v | 0x00ff00ffu);
	atomicOr(c[5], v & 0x0f0f0f0fu);
	atomicXor(c[6], v);
	if ((v & 1u) != 0u)
		atomicAdd(c[7], 1u);
}
