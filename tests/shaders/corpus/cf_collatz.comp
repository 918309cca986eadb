#version 450
// Collatz step counts: a long, data-dependent loop per lane.
//! groups 4
//! ssbo o binding=0 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer O { uint o[]; };

void main()
{
	uint n = gl_GlobalInvocationID.x * 37u + 1u, steps = 0u;
	while (n != 1u && steps < 1000u) {
		n = (n & 1u) != 0u ? 3u * n + 1u : n >> 1;
		steps++;
	}
	o[gl_GlobalInvocationID.x] = steps;
}
