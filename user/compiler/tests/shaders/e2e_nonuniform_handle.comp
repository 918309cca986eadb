#version 450
#extension GL_EXT_nonuniform_qualifier : require
// nonuniformEXT() on a constructed sampler2D, as bindless renderers write
// it: glslang decorates the OpCopyObject of the sampled image, not the
// array index. Lane i samples texture i % 3 of an array of separate
// images with one sampler.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform texture2D textures[3];
layout(set = 0, binding = 1) uniform sampler smp;
layout(std430, set = 0, binding = 2) buffer O { float o[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	o[i] = textureLod(nonuniformEXT(sampler2D(textures[i % 3], smp)), vec2(0.5), 0.0).x;
}
