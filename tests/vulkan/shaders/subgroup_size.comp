#version 450
// Every invocation writes the size of its subgroup (required subgroup sizes).
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint o[]; };

void main()
{
	o[gl_LocalInvocationIndex] = gl_SubgroupSize;
}
