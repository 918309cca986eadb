#version 450
// Atomics in divergent branches and loops, their results deciding further
// control flow: counts per class and a bounded claim loop.
//! groups 4
//! ssbo x binding=0 u32[256] init=random(991,0,1000)
//! ssbo counts binding=1 u32[4] expect=ref
//! ssbo claims binding=2 u32[256] expect=ref unordered
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) buffer C { uint counts[]; };
layout(std430, binding = 2) writeonly buffer Claims { uint claims[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x, v = x[i];
	if (v < 250u)
		atomicAdd(counts[0], 1u);
	else if (v < 500u)
		atomicAdd(counts[1], v);
	else
		atomicMax(counts[2], v);
	/* Take tickets until one is a multiple of 3: every lane ends with one. */
	uint ticket;
	do {
		ticket = atomicAdd(counts[3], 1u);
	} while (ticket % 3u != 0u);
	claims[i] = ticket / 3u;
}
