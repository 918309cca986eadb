#version 450
// o[i] = a[i] + 1 over the whole of a.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	if (i < a.length())
		o[i] = a[i] + 1u;
}
