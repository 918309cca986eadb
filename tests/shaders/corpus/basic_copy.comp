#version 450
// The smallest useful shader: every invocation copies one word.
//! groups 4
//! ssbo src binding=0 u32[256] init=random(1,0,0xffffffff)
//! ssbo dst binding=1 u32[256] init=fill(0xdeadbeef) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Src { uint src[]; };
layout(std430, binding = 1) writeonly buffer Dst { uint dst[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	dst[i] = src[i];
}
