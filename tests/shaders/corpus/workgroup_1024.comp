#version 450
// The largest workgroup (1024 invocations, 32 waves): a shared-memory tree
// reduction and a broadcast through shared memory across all waves.
//! groups 2
//! ssbo x binding=0 u32[2048] init=random(1011,0,1000000)
//! ssbo o binding=1 u32[2048] expect=ref
layout(local_size_x = 1024) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint partial[1024];

void main()
{
	uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x;
	partial[l] = x[g];
	barrier();
	for (uint stride = 512u; stride > 0u; stride >>= 1) {
		if (l < stride)
			partial[l] += partial[l + stride];
		barrier();
	}
	o[g] = partial[0] - x[g];
}
