#version 450
// Shared memory, barriers, atomics on a buffer and on shared memory.
layout(local_size_x = 128) in;
layout(std430, binding = 0) buffer Data { uint data[]; };
layout(std430, binding = 1) buffer Hist { uint bins[16]; uint total; };
shared uint tile[128];
shared uint local_bins[16];
void main() {
	uint l = gl_LocalInvocationIndex;
	if (l < 16)
		local_bins[l] = 0;
	tile[l] = data[gl_GlobalInvocationID.x];
	barrier();
	atomicAdd(local_bins[tile[127 - l] & 15u], 1u);
	memoryBarrierShared();
	barrier();
	if (l < 16)
		atomicAdd(bins[l], local_bins[l]);
	atomicMax(total, tile[l]);
	uint old = atomicCompSwap(data[0], 0u, 5u);
	data[gl_GlobalInvocationID.x] = old + atomicExchange(tile[l], 3u);
}
