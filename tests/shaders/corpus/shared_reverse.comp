#version 450
// Shared memory: every lane writes, barrier, every lane reads another lane's value.
//! groups 4
//! ssbo x binding=0 u32[512] init=random(531,0,0xffffffff)
//! ssbo o binding=1 u32[512] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint s[128];

void main()
{
	uint l = gl_LocalInvocationIndex;
	s[l] = x[gl_GlobalInvocationID.x];
	barrier();
	o[gl_GlobalInvocationID.x] = s[127u - l] + gl_WorkGroupID.x;
}
