#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer B { uint v[]; } bufs[2];
void main() { uint i = gl_LocalInvocationIndex; bufs[0].v[i] = bufs[nonuniformEXT(i & 1)].v.length(); }
