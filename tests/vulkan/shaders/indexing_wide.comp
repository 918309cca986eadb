#version 450
// o[i] = ins[idx[i]].v[i & 3]: a non-uniform index into a variable-count
// array of some 500000 storage buffers, past 65535 and up to its end.
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint o[]; };
layout(std430, set = 0, binding = 1) readonly buffer Idx { uint idx[]; };
layout(std430, set = 1, binding = 0) readonly buffer In { uint v[]; } ins[];

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = ins[nonuniformEXT(idx[i])].v[i & 3u];
}
