#version 450
// Histogram of 4096 values into 64 bins: shared-memory atomics per
// workgroup, then global atomics.
//! groups 4
//! ssbo x binding=0 u32[4096] init=random(801,0,0xffffffff)
//! ssbo bins binding=1 u32[64] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };
shared uint local_bins[64];

void main()
{
	uint l = gl_LocalInvocationIndex;
	if (l < 64u)
		local_bins[l] = 0u;
	barrier();
	for (uint k = 0u; k < 4u; k++) {
		uint v = x[gl_GlobalInvocationID.x * 4u + k];
		/* A skewed distribution: many collisions on a few bins. */
		uint bin = (v & 3u) == 0u ? (v >> 8) % 4u : (v >> 8) % 64u;
		atomicAdd(local_bins[bin], 1u);
	}
	barrier();
	if (l < 64u)
		atomicAdd(bins[l], local_bins[l]);
}
