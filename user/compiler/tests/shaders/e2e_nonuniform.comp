#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Descriptor arrays indexed per lane (NonUniform): waterfall loops.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { uint v[]; } bufs[3];
layout(std430, binding = 1) buffer O { uint o[]; };
void main() {
	uint i = gl_GlobalInvocationID.x, k = i % 3;
	uint x = bufs[nonuniformEXT(k)].v[i];
	atomicAdd(bufs[nonuniformEXT((i + 1) % 3)].v[200], 1u);
	o[i] = x * 10 + k;
	bufs[nonuniformEXT(k)].v[i] = x + 1;
}
