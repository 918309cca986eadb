#version 450
// The six standard border colours of CLAMP_TO_BORDER: float ones on an
// rgba32f image, integer ones on an rgba32ui image. Lane 0 samples inside
// (texel (1, 0)), lanes 1..3 outside on the left, below and far away, so
// they return the border colour, alpha included. The last 16 floats are
// linear filtering against an opaque white border: a footprint half (or a
// quarter) outside blends the border in with weights 1/2 and 1/4.
//! image f binding=0 rgba32f 2d 2x2 sampled init=seq(0.5,0.25) expect=same
//! image u binding=1 rgba32ui 2d 2x2 sampled init=seq(10,1) expect=same
//! sampler ftb binding=2 address=border border=float_transparent_black
//! sampler fob binding=3 address=border border=float_opaque_black
//! sampler fow binding=4 address=border border=float_opaque_white
//! sampler itb binding=5 address=border border=int_transparent_black
//! sampler iob binding=6 address=border border=int_opaque_black
//! sampler iow binding=7 address=border border=int_opaque_white
//! sampler flin binding=8 filter=linear address=border border=float_opaque_white
//! ssbo fo binding=9 f32[64] expect=values(1.5,1.75,2,2.25,0,0,0,0,0,0,0,0,0,0,0,0,1.5,1.75,2,2.25,0,0,0,1,0,0,0,1,0,0,0,1,1.5,1.75,2,2.25,1,1,1,1,1,1,1,1,1,1,1,1,0.75,0.875,1,1.125,1.75,1.875,2,2.125,1.625,1.6875,1.75,1.8125,2,2.25,2.5,2.75)
//! ssbo uo binding=10 u32[48] expect=values(14,15,16,17,0,0,0,0,0,0,0,0,0,0,0,0,14,15,16,17,0,0,0,1,0,0,0,1,0,0,0,1,14,15,16,17,1,1,1,1,1,1,1,1,1,1,1,1)
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform texture2D f;
layout(set = 0, binding = 1) uniform utexture2D u;
layout(set = 0, binding = 2) uniform sampler ftb;
layout(set = 0, binding = 3) uniform sampler fob;
layout(set = 0, binding = 4) uniform sampler fow;
layout(set = 0, binding = 5) uniform sampler itb;
layout(set = 0, binding = 6) uniform sampler iob;
layout(set = 0, binding = 7) uniform sampler iow;
layout(set = 0, binding = 8) uniform sampler flin;
layout(set = 0, binding = 9) buffer FO { vec4 fo[]; };
layout(set = 0, binding = 10) buffer UO { uvec4 uo[]; };
const vec2 nearest_at[4] = vec2[](vec2(0.75, 0.25), vec2(-0.25, 0.25), vec2(0.75, 1.25),
                                  vec2(1.5, -3.0));
const vec2 linear_at[4] = vec2[](vec2(0.0, 0.25), vec2(0.25, 1.0), vec2(1.0, 1.0),
                                 vec2(0.5, 0.5));
void main() {
  uint k = gl_LocalInvocationID.x;
  vec2 p = nearest_at[k];
  fo[k] = textureLod(sampler2D(f, ftb), p, 0.0);
  fo[4u + k] = textureLod(sampler2D(f, fob), p, 0.0);
  fo[8u + k] = textureLod(sampler2D(f, fow), p, 0.0);
  uo[k] = textureLod(usampler2D(u, itb), p, 0.0);
  uo[4u + k] = textureLod(usampler2D(u, iob), p, 0.0);
  uo[8u + k] = textureLod(usampler2D(u, iow), p, 0.0);
  fo[12u + k] = textureLod(sampler2D(f, flin), linear_at[k], 0.0);
}
