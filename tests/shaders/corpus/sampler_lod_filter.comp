#version 450
// Nearest and linear filtering with nearest and linear mipmap modes
// (Vulkan's "Level-of-Detail Operation" and "Texel Filtering") on an r32f
// 8x8 image with 4 levels whose texels count 0..84 in packed order, so
// every level is a linear ramp and bilinear weights land on exact binary
// fractions (the point is (9/32, 19/32)). o: textureLod at LODs -1 (the
// magnification filter, level 0) .. 7 (clamped to level 3), 2.625 and 1.375
// away from the nearest mode's rounding ties. g: textureGrad with
// gradients (x/8, 0) and (0, x/16), so the LOD is log2(x) (the larger
// gradient wins): exact powers of two, and x = 3 only for the nearest
// mipmap mode, where log2's precision does not matter. t: textureLodOffset
// with constant offsets, in texels of the selected level.
//! image tex binding=0 r32f 2d 8x8 levels=4 sampled init=seq(0,1) expect=same
//! sampler nn binding=1 filter=nearest mipmap=nearest
//! sampler nl binding=2 filter=nearest mipmap=linear
//! sampler ln binding=3 filter=linear mipmap=nearest
//! sampler ll binding=4 filter=linear mipmap=linear
//! ssbo o binding=5 f32[40] expect=values(34,34,34,73,73,73,82,84,84,84,34,34,43.75,63.25,73,76.375,82,83.25,84,84,35.75,35.75,35.75,72.125,72.125,72.125,81.4375,84,84,84,35.75,35.75,44.84375,63.03125,72.125,75.6171875,81.4375,83.0390625,84,84)
//! ssbo g binding=6 f32[22] expect=values(34,34,73,82,84,82,35.75,35.75,72.125,81.4375,84,81.4375,34,34,73,82,84,35.75,35.75,72.125,81.4375,84)
//! ssbo t binding=7 f32[3] expect=values(19,75.5,74.125)
layout(local_size_x = 10) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler nn;
layout(set = 0, binding = 2) uniform sampler nl;
layout(set = 0, binding = 3) uniform sampler ln;
layout(set = 0, binding = 4) uniform sampler ll;
layout(set = 0, binding = 5) buffer O { float o[]; };
layout(set = 0, binding = 6) buffer G { float g[]; };
layout(set = 0, binding = 7) buffer T { float t[]; };
const float lods[10] = float[](-1.0, 0.0, 0.25, 0.75, 1.0, 1.375, 2.0, 2.625, 3.0, 7.0);
const float grads[6] = float[](0.5, 1.0, 2.0, 4.0, 16.0, 3.0);
void main() {
  uint k = gl_LocalInvocationID.x;
  const vec2 p = vec2(9.0 / 32.0, 19.0 / 32.0);
  float lod = lods[k];
  o[k] = textureLod(sampler2D(tex, nn), p, lod).r;
  o[10u + k] = textureLod(sampler2D(tex, nl), p, lod).r;
  o[20u + k] = textureLod(sampler2D(tex, ln), p, lod).r;
  o[30u + k] = textureLod(sampler2D(tex, ll), p, lod).r;
  if (k < 6u) {
    vec2 dx = vec2(grads[k] / 8.0, 0.0), dy = vec2(0.0, grads[k] / 16.0);
    g[k] = textureGrad(sampler2D(tex, nn), p, dx, dy).r;
    g[6u + k] = textureGrad(sampler2D(tex, ln), p, dx, dy).r;
    if (k < 5u) {
      g[12u + k] = textureGrad(sampler2D(tex, nl), p, dx, dy).r;
      g[17u + k] = textureGrad(sampler2D(tex, ll), p, dx, dy).r;
    }
  }
  if (k == 0u)
    t[0] = textureLodOffset(sampler2D(tex, nn), p, 0.0, ivec2(1, -2)).r;
  else if (k == 1u)
    t[1] = textureLodOffset(sampler2D(tex, ll), p, 1.0, ivec2(-1, 1)).r;
  else if (k == 2u)
    t[2] = textureLodOffset(sampler2D(tex, ln), p, 0.75, ivec2(2, 0)).r;
}
