#version 450
// The sampler's LOD bias and its minLod/maxLod clamp (Vulkan: λ = the
// shader's LOD + mipLodBias, clamped to [minLod, maxLod], before the
// filter and level choice), for explicit LODs and gradients, on the same
// 8x8 r32f ramp with 4 levels as sampler_lod_filter. Sampler by sampler:
// bias +1; bias -1.5 with linear mipmaps (LOD 2 blends levels 0 and 1
// half and half); clamp to [1, 2]; linear filtering and mipmaps clamped to
// [0.5, 2.25] (LOD -2 still minifies, at 0.5); bias +2 then clamp to 2.5.
//! image tex binding=0 r32f 2d 8x8 levels=4 sampled init=seq(0,1) expect=same
//! sampler bias1 binding=1 lod_bias=1
//! sampler bias_neg binding=2 mipmap=linear lod_bias=-1.5
//! sampler clamp binding=3 min_lod=1 max_lod=2
//! sampler clamp_linear binding=4 filter=linear mipmap=linear min_lod=0.5 max_lod=2.25
//! sampler bias_clamp binding=5 mipmap=linear lod_bias=2 max_lod=2.5
//! ssbo o binding=6 f32[30] expect=values(34,73,73,82,84,84,34,34,34,34,53.5,77.5,73,73,73,73,82,82,53.9375,53.9375,53.9375,72.125,81.4375,82.078125,34,82,82.5,83,83,83)
//! ssbo g binding=7 f32[10] expect=values(73,84,34,53.5,73,82,53.9375,81.4375,82,83)
layout(local_size_x = 6) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler bias1;
layout(set = 0, binding = 2) uniform sampler bias_neg;
layout(set = 0, binding = 3) uniform sampler clamp;
layout(set = 0, binding = 4) uniform sampler clamp_linear;
layout(set = 0, binding = 5) uniform sampler bias_clamp;
layout(set = 0, binding = 6) buffer O { float o[]; };
layout(set = 0, binding = 7) buffer G { float g[]; };
const float lods[6] = float[](-2.0, 0.0, 0.25, 1.0, 2.0, 3.0);
void main() {
  uint k = gl_LocalInvocationID.x;
  const vec2 p = vec2(9.0 / 32.0, 19.0 / 32.0);
  float lod = lods[k];
  o[k] = textureLod(sampler2D(tex, bias1), p, lod).r;
  o[6u + k] = textureLod(sampler2D(tex, bias_neg), p, lod).r;
  o[12u + k] = textureLod(sampler2D(tex, clamp), p, lod).r;
  o[18u + k] = textureLod(sampler2D(tex, clamp_linear), p, lod).r;
  o[24u + k] = textureLod(sampler2D(tex, bias_clamp), p, lod).r;
  if (k < 2u) {
    // Gradients of 1 and 4 texels: LOD 0 and 2 before the sampler's bias and clamp.
    float d = k == 0u ? 1.0 / 8.0 : 4.0 / 8.0;
    vec2 dx = vec2(d, 0.0), dy = vec2(0.0, d);
    g[k] = textureGrad(sampler2D(tex, bias1), p, dx, dy).r;
    g[2u + k] = textureGrad(sampler2D(tex, bias_neg), p, dx, dy).r;
    g[4u + k] = textureGrad(sampler2D(tex, clamp), p, dx, dy).r;
    g[6u + k] = textureGrad(sampler2D(tex, clamp_linear), p, dx, dy).r;
    g[8u + k] = textureGrad(sampler2D(tex, bias_clamp), p, dx, dy).r;
  }
}
