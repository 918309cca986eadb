#version 450
// Copies a 64-byte uniform block (binding 0) into a storage buffer.
layout(local_size_x = 16) in;
layout(std140, set = 0, binding = 0) uniform U { uvec4 v[4]; } u;
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = u.v[i / 4u][i % 4u];
}
