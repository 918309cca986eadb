#version 450
// o[i] = a[i] + add, every buffer a dynamic one, in two sets.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 1) readonly buffer In { uint a[]; };
layout(std140, set = 1, binding = 0) uniform Add { uint add; };
layout(std430, set = 1, binding = 2) writeonly buffer Out { uint o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	if (i < a.length())
		o[i] = a[i] + add;
}
