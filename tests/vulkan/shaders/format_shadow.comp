#version 450
// Depth comparison of every texel of a 4x4 level 0 against a reference
// (the sampler's compare op), at texel centres through a nearest sampler.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform sampler2DShadow tex;
layout(set = 0, binding = 1) buffer Out { float o[]; };
layout(push_constant) uniform Reference { float reference; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  vec2 uv = (vec2(i % 4, i / 4) + 0.5) / 4.0;
  o[i] = textureLod(tex, vec3(uv, reference), 0.0);
}
