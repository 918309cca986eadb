#version 450
// 512 workgroups spread over every shader core, all hammering the same
// counters: no update may be lost.
//! groups 512
//! ssbo c binding=0 u32[4] expect=values(32768,536854528,511,0)
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer C { uint c[]; };

void main()
{
	atomicAdd(c[0], 1u);
	atomicAdd(c[1], gl_GlobalInvocationID.x);
	atomicMax(c[2], gl_WorkGroupID.x);
	atomicXor(c[3], gl_GlobalInvocationID.x & 0xffu);
}
