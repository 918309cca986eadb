#version 450
// Shared-memory atomics per workgroup, then one lane publishes the results.
//! groups 4
//! ssbo x binding=0 u32[512] init=random(581,0,1000)
//! ssbo o binding=1 u32[16] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };
shared uint sum, lo, hi, bits;

void main()
{
	uint l = gl_LocalInvocationIndex, v = x[gl_GlobalInvocationID.x];
	if (l == 0u) {
		sum = 0u;
		lo = 0xffffffffu;
		hi = 0u;
		bits = 0u;
	}
	barrier();
	atomicAdd(sum, v);
	atomicMin(lo, v);
	atomicMax(hi, v);
	atomicOr(bits, 1u << (v % 32u));
	barrier();
	if (l == 0u)
		o[gl_WorkGroupID.x] = uvec4(sum, lo, hi, bits);
}
