#version 450
// The benchmark reduction (bench/shader): each workgroup sums a contiguous
// chunk of uvec4 with a strided loop, then a shared-memory tree; one partial
// sum per workgroup. Push: number of uvec4 per workgroup.
//! groups 8
//! push u32 64
//! ssbo x binding=0 u32[2048] init=random(721,0,0xffffffff)
//! ssbo o binding=1 u32[8] expect=ref
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint per_group; } pc;
layout(std430, binding = 0) readonly buffer X { uvec4 x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint partial[256];

void main()
{
	uint l = gl_LocalInvocationIndex, base = gl_WorkGroupID.x * pc.per_group;
	uvec4 acc = uvec4(0u);
	for (uint i = l; i < pc.per_group; i += 256u)
		acc += x[base + i];
	partial[l] = acc.x + acc.y + acc.z + acc.w;
	barrier();
	for (uint stride = 128u; stride > 0u; stride >>= 1) {
		if (l < stride)
			partial[l] += partial[l + stride];
		barrier();
	}
	if (l == 0u)
		o[gl_WorkGroupID.x] = partial[0];
}
