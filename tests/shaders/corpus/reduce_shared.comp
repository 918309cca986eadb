#version 450
// Workgroup sum reduction: a shared-memory tree with barriers.
//! groups 4
//! ssbo x binding=0 u32[1024] init=random(701,0,0xffffff)
//! ssbo o binding=1 u32[4] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint partial[256];

void main()
{
	uint l = gl_LocalInvocationIndex;
	partial[l] = x[gl_GlobalInvocationID.x];
	barrier();
	for (uint stride = 128u; stride > 0u; stride >>= 1) {
		if (l < stride)
			partial[l] += partial[l + stride];
		barrier();
	}
	if (l == 0u)
		o[gl_WorkGroupID.x] = partial[0];
}
