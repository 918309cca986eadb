#version 450
// Unnormalized coordinates (texel units, Vulkan's restrictions: one level,
// clamp modes, LOD 0, minLod = maxLod = 0), nearest and linear, with
// clamp to edge and to an opaque white border, on an r32f 4x4 image
// (texel (x, y) holds x + 4y) in the LINEAR layout on Ember. Points: a
// texel centre, inside a texel, near the far corner, left of the image,
// right of it, between two texels, off-centre, the corner (0, 0).
//! image tex binding=0 r32f 2d 4x4 linear sampled init=seq(0,1) expect=same
//! sampler edge_nearest binding=1 unnormalized max_lod=0
//! sampler edge_linear binding=2 filter=linear unnormalized max_lod=0
//! sampler border_nearest binding=3 address=border border=float_opaque_white unnormalized max_lod=0
//! sampler border_linear binding=4 filter=linear address=border border=float_opaque_white unnormalized max_lod=0
//! ssbo o binding=5 f32[32] expect=values(9,0,15,8,7,6,9,0,9,1,15,8,7,5.5,9.75,0,9,0,15,1,1,6,9,0,9,1,6.46875,1,1,5.5,9.75,0.75)
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler edge_nearest;
layout(set = 0, binding = 2) uniform sampler edge_linear;
layout(set = 0, binding = 3) uniform sampler border_nearest;
layout(set = 0, binding = 4) uniform sampler border_linear;
layout(set = 0, binding = 5) buffer O { float o[]; };
const vec2 points[8] = vec2[](vec2(1.5, 2.5), vec2(0.25, 0.75), vec2(3.875, 3.875),
                              vec2(-1.0, 2.5), vec2(5.0, 1.5), vec2(2.0, 1.5),
                              vec2(1.25, 2.75), vec2(0.0, 0.0));
void main() {
  uint k = gl_LocalInvocationID.x;
  vec2 p = points[k];
  o[k] = textureLod(sampler2D(tex, edge_nearest), p, 0.0).r;
  o[8u + k] = textureLod(sampler2D(tex, edge_linear), p, 0.0).r;
  o[16u + k] = textureLod(sampler2D(tex, border_nearest), p, 0.0).r;
  o[24u + k] = textureLod(sampler2D(tex, border_linear), p, 0.0).r;
}
