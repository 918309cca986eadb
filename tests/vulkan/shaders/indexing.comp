#version 450
// o[i] = ins[(i & 1) * 2].v[i]: a non-uniform index into a runtime array
// of storage buffers of which only elements 0 and 2 are written.
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint o[]; };
layout(std430, set = 0, binding = 1) readonly buffer In { uint v[]; } ins[];

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint which = (i & 1u) * 2u;
	o[i] = ins[nonuniformEXT(which)].v[i];
}
