#version 450
// texelFetch of 16 texels of a uniform texel buffer.
// SAMPLER and VEC: samplerBuffer/vec4, isamplerBuffer/ivec4 or usamplerBuffer/uvec4.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform SAMPLER tex;
layout(set = 0, binding = 1) buffer Out { VEC o[]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  o[i] = texelFetch(tex, i);
}
