#version 450
// Shared-memory atomicExchange and atomicCompSwap: a chain through one
// shared word and one winner per shared slot, published per workgroup.
//! groups 2
//! ssbo chain binding=0 u32[258] expect=ref unordered
//! ssbo won binding=1 u32[256] expect=ref unordered
layout(local_size_x = 128) in;
layout(std430, binding = 0) writeonly buffer Chain { uint chain[]; };
layout(std430, binding = 1) writeonly buffer Won { uint won[]; };
shared uint word;
shared uint slots[8];

void main()
{
	uint l = gl_LocalInvocationIndex, wg = gl_WorkGroupID.x;
	if (l == 0u)
		word = 5000u + wg;
	if (l < 8u)
		slots[l] = 0u;
	barrier();
	chain[wg * 129u + l] = atomicExchange(word, wg * 1000u + l + 1u);
	won[wg * 128u + l] = atomicCompSwap(slots[l % 8u], 0u, l + 1u) == 0u ? 1u : 0u;
	barrier();
	if (l == 0u)
		chain[wg * 129u + 128u] = word;
}
