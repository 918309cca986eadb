#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
// Arrays of sampled images indexed non-uniformly (nonuniformEXT: every
// lane its own descriptor): four r32f textures (2x2 ones from 0, 10, 20
// and a 4x4 one from 30) with one sampler, the index ((7i + i/16) mod 4)
// different in neighbouring lanes; textureSize through the same index;
// and an array of two combined rgba8ui image samplers, clamp to edge and
// repeat, whose coordinates step past the image for lanes 16..63.
//! image t0 binding=0 index=0 r32f 2d 2x2 sampled init=seq(0,1) expect=same
//! image t1 binding=0 index=1 r32f 2d 2x2 sampled init=seq(10,1) expect=same
//! image t2 binding=0 index=2 r32f 2d 2x2 sampled init=seq(20,1) expect=same
//! image t3 binding=0 index=3 r32f 2d 4x4 sampled init=seq(30,1) expect=same
//! sampler s binding=1
//! image c0 binding=2 index=0 rgba8ui 2d 2x2 combined init=seq(0,1) expect=same
//! image c1 binding=2 index=1 rgba8ui 2d 2x2 combined address=repeat init=seq(100,1) expect=same
//! ssbo o binding=3 f32[64] expect=values(0,35,20,10,1,37,21,11,2,43,22,12,3,45,23,13,10,0,35,20,11,1,37,21,12,2,43,22,13,3,45,23,20,10,0,35,21,11,1,37,22,12,2,43,23,13,3,45,35,20,10,0,37,21,11,1,43,22,12,2,45,23,13,3)
//! ssbo q binding=4 u32[64] expect=values(0,2,100,102,4,6,104,106,8,10,108,110,12,14,112,114,4,6,104,106,4,6,100,102,12,14,112,114,12,14,108,110,8,10,108,110,12,14,112,114,8,10,100,102,12,14,104,106,12,14,112,114,12,14,108,110,12,14,104,106,12,14,100,102)
//! ssbo z binding=5 i32[64] expect=values(2,4,2,2,2,4,2,2,2,4,2,2,2,4,2,2,2,2,4,2,2,2,4,2,2,2,4,2,2,2,4,2,2,2,2,4,2,2,2,4,2,2,2,4,2,2,2,4,4,2,2,2,4,2,2,2,4,2,2,2,4,2,2,2)
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform texture2D tex[4];
layout(set = 0, binding = 1) uniform sampler s;
layout(set = 0, binding = 2) uniform usampler2D cs[2];
layout(set = 0, binding = 3) buffer O { float o[]; };
layout(set = 0, binding = 4) buffer Q { uint q[]; };
layout(set = 0, binding = 5) buffer Z { int z[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  vec2 p = vec2(float((i >> 2) & 1u) * 0.5 + 0.25, float((i >> 3) & 1u) * 0.5 + 0.25);
  uint t = (i * 7u + (i >> 4)) % 4u;
  o[i] = textureLod(sampler2D(tex[nonuniformEXT(t)], s), p, 0.0).r;
  z[i] = textureSize(tex[nonuniformEXT(t)], 0).x;
  vec2 past = p + vec2(float((i >> 4) & 1u), float((i >> 5) & 1u)) * 0.5;
  uvec4 c = textureLod(cs[nonuniformEXT((i >> 1) & 1u)], past, 0.0);
  q[i] = (i & 1u) == 0u ? c.x : c.z;
}
