#version 450
// A workgroup tree reduction in shared memory, then one atomic per group.
layout(local_size_x = 128) in;
layout(std430, binding = 0) buffer I { uint data[]; };
layout(std430, binding = 1) buffer S { uint sum; uint maxv; };
shared uint part[128];
void main() {
	uint l = gl_LocalInvocationIndex;
	part[l] = data[gl_GlobalInvocationID.x];
	barrier();
	for (uint s = 64; s > 0; s >>= 1) {
		if (l < s)
			part[l] += part[l + s];
		barrier();
	}
	if (l == 0)
		atomicAdd(sum, part[0]);
	atomicMax(maxv, data[gl_GlobalInvocationID.x]);
}
