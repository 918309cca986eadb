#version 450
// Every texel of a 4x4 image's two levels, by texelFetch and by textureLod
// at the texel's centre through a nearest sampler (format-features-exercised).
// SAMPLER and VEC: sampler2D/vec4, isampler2D/ivec4 or usampler2D/uvec4.
layout(local_size_x = 20) in;
layout(set = 0, binding = 0) uniform SAMPLER tex;
layout(set = 0, binding = 1) buffer Out { VEC o[]; };
layout(push_constant) uniform Levels { int levels; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  int m = i < 16 ? 0 : 1;
  int j = i < 16 ? i : i - 16;
  int w = 4 >> m;
  if (m >= levels)
    return;
  ivec2 c = ivec2(j % w, j / w);
  o[i] = texelFetch(tex, c, m);
  o[20 + i] = textureLod(tex, (vec2(c) + 0.5) / float(w), float(m));
}
