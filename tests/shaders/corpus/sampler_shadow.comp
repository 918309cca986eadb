#version 450
// Depth-compare (shadow) sampling on a D32_SFLOAT 4x4 image whose texel
// (x, y) holds (x + 4y) / 16: every compare op (Vulkan: the reference
// op the texel's depth; 1.0 on pass, else 0.0) through a separate texture
// and comparison samplers, with textureLod and with textureGrad (a
// 1-texel gradient, LOD 0), at texel (1, 2) = 0.5625 with references
// below, equal and above. A combined comparison sampler with linear
// filtering compares each texel of the 2x2 footprint before the weights
// (percentage-closer filtering: quarters), and gathers the comparisons.
//! image depth binding=0 d32f 2d 4x4 sampled init=seq(0,0.0625) expect=same
//! sampler never binding=1 compare=never
//! sampler less binding=2 compare=less
//! sampler equal binding=3 compare=equal
//! sampler less_equal binding=4 compare=less_equal
//! sampler greater binding=5 compare=greater
//! sampler not_equal binding=6 compare=not_equal
//! sampler greater_equal binding=7 compare=greater_equal
//! sampler always binding=8 compare=always
//! image pcf binding=9 d32f 2d 4x4 combined filter=linear compare=less_equal init=seq(0,0.0625) expect=same
//! ssbo o binding=10 f32[24] expect=values(0,0,0,1,0,0,0,1,0,1,1,0,0,0,1,1,0,1,0,1,1,1,1,1)
//! ssbo g binding=11 f32[24] expect=values(0,0,0,1,0,0,0,1,0,1,1,0,0,0,1,1,0,1,0,1,1,1,1,1)
//! ssbo p binding=12 f32[20] expect=values(1,0.75,0.5,0.25,1,1,1,1,1,1,1,0,1,1,0,0,0,1,0,0)
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform texture2D depth;
layout(set = 0, binding = 1) uniform samplerShadow never;
layout(set = 0, binding = 2) uniform samplerShadow less;
layout(set = 0, binding = 3) uniform samplerShadow equal;
layout(set = 0, binding = 4) uniform samplerShadow less_equal;
layout(set = 0, binding = 5) uniform samplerShadow greater;
layout(set = 0, binding = 6) uniform samplerShadow not_equal;
layout(set = 0, binding = 7) uniform samplerShadow greater_equal;
layout(set = 0, binding = 8) uniform samplerShadow always;
layout(set = 0, binding = 9) uniform sampler2DShadow pcf;
layout(set = 0, binding = 10) buffer O { float o[]; };
layout(set = 0, binding = 11) buffer G { float g[]; };
layout(set = 0, binding = 12) buffer P { float p[]; };
const float refs[4] = float[](0.5, 0.5625, 0.625, 0.0);
const float pcf_refs[4] = float[](0.3, 0.35, 0.5, 0.6);

float lod0(samplerShadow s, float ref) {
  return textureLod(sampler2DShadow(depth, s), vec3(0.375, 0.625, ref), 0.0);
}

float grad0(samplerShadow s, float ref) {
  return textureGrad(sampler2DShadow(depth, s), vec3(0.375, 0.625, ref), vec2(0.25, 0.0),
                     vec2(0.0, 0.25));
}

void main() {
  uint k = gl_LocalInvocationID.x;
  if (k < 3u) {
    float r = refs[k];
    o[k] = lod0(never, r);
    o[3u + k] = lod0(less, r);
    o[6u + k] = lod0(equal, r);
    o[9u + k] = lod0(less_equal, r);
    o[12u + k] = lod0(greater, r);
    o[15u + k] = lod0(not_equal, r);
    o[18u + k] = lod0(greater_equal, r);
    o[21u + k] = lod0(always, r);
    g[k] = grad0(never, r);
    g[3u + k] = grad0(less, r);
    g[6u + k] = grad0(equal, r);
    g[9u + k] = grad0(less_equal, r);
    g[12u + k] = grad0(greater, r);
    g[15u + k] = grad0(not_equal, r);
    g[18u + k] = grad0(greater_equal, r);
    g[21u + k] = grad0(always, r);
  }
  p[k] = textureLod(pcf, vec3(0.5, 0.5, pcf_refs[k]), 0.0);
  vec4 gathered = textureGather(pcf, vec2(0.5), pcf_refs[k]);
  p[4u + 4u * k] = gathered.x;
  p[5u + 4u * k] = gathered.y;
  p[6u + 4u * k] = gathered.z;
  p[7u + 4u * k] = gathered.w;
}
