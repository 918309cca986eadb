#version 450
// Signed atomicMin/atomicMax on buffers and shared memory, with negatives.
//! groups 2
//! ssbo x binding=0 i32[128] init=random(591,-100000,100000)
//! ssbo c binding=1 i32[4] init=values(2147483647,-2147483648,0,0) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) buffer C { int c[]; };
shared int smin;

void main()
{
	int v = x[gl_GlobalInvocationID.x];
	if (gl_LocalInvocationIndex == 0u)
		smin = 2147483647;
	barrier();
	atomicMin(c[0], v);
	atomicMax(c[1], v);
	atomicAdd(c[2], v);
	atomicMin(smin, v);
	barrier();
	if (gl_LocalInvocationIndex == 0u)
		atomicAdd(c[3], smin);
}
