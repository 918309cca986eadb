#version 450
// atomicExchange chains every invocation's value through one word;
// atomicCompSwap lets exactly one invocation win each of 16 slots.
//! groups 2
//! ssbo chain binding=0 u32[129] init=fill(77777) expect=ref unordered
//! ssbo slots binding=1 u32[16]
//! ssbo won binding=2 u32[128] expect=ref unordered
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Chain { uint chain[]; };
layout(std430, binding = 1) buffer Slots { uint slots[]; };
layout(std430, binding = 2) writeonly buffer Won { uint won[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	chain[i] = atomicExchange(chain[128], i + 1u);
	won[i] = atomicCompSwap(slots[i % 16u], 0u, i + 1u) == 0u ? 1u : 0u;
}
