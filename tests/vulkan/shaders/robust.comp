#version 450
// Robust buffer access: invocation i copies src[i] to dst[i] for i up to
// 127 while both descriptors cover only 64 words. Reads past the range
// return zero and writes past it are dropped (robustBufferAccess2).
layout(local_size_x = 128) in;
layout(std430, set = 0, binding = 0) readonly buffer Src { uint src[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Dst { uint dst[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;

	dst[i] = src[i] + 1u;
}
