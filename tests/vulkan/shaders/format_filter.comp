#version 450
// Linear filtering of a 4x4 level 0: halfway between texels (0,0) and
// (1,0), and in the middle of texels (1,1), (2,1), (1,2) and (2,2).
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) buffer Out { vec4 o[]; };
void main() {
  o[0] = textureLod(tex, vec2(0.25, 0.125), 0.0);
  o[1] = textureLod(tex, vec2(0.5, 0.5), 0.0);
}
