#version 450
// Every address mode (Vulkan's "Wrapping Operation"), nearest filtering,
// through one texture and separate samplers: lane k samples the centre of
// texel column k - 8 (k = 0..19, so -8..11 of a 4-texel row, well outside
// on both sides) in row 0, once per mode; the border mode returns the
// opaque white border's red (1, no texel holds it). The last sampler
// mixes modes per axis (u border, v mirrored repeat): column 2 stays
// inside, rows -8..11 of the 2-texel column mirror.
//! image tex binding=0 r32f 2d 4x2 sampled init=seq(2,1) expect=same
//! sampler s_repeat binding=1 address=repeat
//! sampler s_mirror binding=2 address=mirror
//! sampler s_edge binding=3 address=edge
//! sampler s_border binding=4 address=border border=float_opaque_white
//! sampler s_mirror_edge binding=5 address=mirror_edge
//! sampler s_mixed binding=6 address=border,mirror
//! ssbo o binding=7 f32[120] expect=values(2,3,4,5,2,3,4,5,2,3,4,5,2,3,4,5,2,3,4,5,2,3,4,5,5,4,3,2,2,3,4,5,5,4,3,2,2,3,4,5,2,2,2,2,2,2,2,2,2,3,4,5,5,5,5,5,5,5,5,5,1,1,1,1,1,1,1,1,2,3,4,5,1,1,1,1,1,1,1,1,5,5,5,5,5,4,3,2,2,3,4,5,5,5,5,5,5,5,5,5,4,8,8,4,4,8,8,4,4,8,8,4,4,8,8,4,4,8,8,4)
layout(local_size_x = 20) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler s_repeat;
layout(set = 0, binding = 2) uniform sampler s_mirror;
layout(set = 0, binding = 3) uniform sampler s_edge;
layout(set = 0, binding = 4) uniform sampler s_border;
layout(set = 0, binding = 5) uniform sampler s_mirror_edge;
layout(set = 0, binding = 6) uniform sampler s_mixed;
layout(set = 0, binding = 7) buffer O { float o[]; };
void main() {
  uint k = gl_LocalInvocationID.x;
  // Texel centres: exact binary fractions of the 4x2 extent.
  float c = float(int(k) - 8) + 0.5;
  vec2 p = vec2(c / 4.0, 0.25);
  o[k] = textureLod(sampler2D(tex, s_repeat), p, 0.0).r;
  o[20u + k] = textureLod(sampler2D(tex, s_mirror), p, 0.0).r;
  o[40u + k] = textureLod(sampler2D(tex, s_edge), p, 0.0).r;
  o[60u + k] = textureLod(sampler2D(tex, s_border), p, 0.0).r;
  o[80u + k] = textureLod(sampler2D(tex, s_mirror_edge), p, 0.0).r;
  o[100u + k] = textureLod(sampler2D(tex, s_mixed), vec2(0.625, c / 2.0), 0.0).r;
}
