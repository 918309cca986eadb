#version 450
// textureGather of each component (Vulkan's "Texel Gathering": the 2x2
// footprint of linear filtering at level 0, in the order i0j1, i1j1,
// i1j0, i0j0), with clamp to edge through a separate texture and sampler
// and with repeat through a combined image sampler (the footprint wraps
// at the image's edges), textureGatherOffset with a constant offset,
// textureGatherOffsets (ImageGatherExtended: texel k is texel i0j0 of the
// footprint moved by offset k), and the gather of an integer image. An
// rgba32f 4x4 image holds component c of texel (x, y) as 4(x + 4y) + c.
//! image tex binding=0 rgba32f 2d 4x4 sampled init=seq(0,1) expect=same
//! sampler edge binding=1
//! image rep binding=2 rgba32f 2d 4x4 combined address=repeat init=seq(0,1) expect=same
//! image ui binding=3 rgba8ui 2d 4x4 sampled init=seq(0,1) expect=same
//! ssbo o binding=4 f32[112] expect=values(36,40,24,20,37,41,25,21,38,42,26,22,39,43,27,23,36,40,24,20,25,29,13,9,23,27,47,43,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,12,0,48,60,49,53,37,33,63,51,7,3,28,28,12,12,29,29,13,13,30,30,14,14,31,31,15,15,28,16,0,12,1,5,53,49,15,3,23,19,60,60,44,44,61,61,45,45,62,62,46,46,63,63,47,47,60,48,32,44,33,37,21,17,47,35,55,51)
//! ssbo q binding=5 u32[16] expect=values(38,42,26,22,2,2,2,2,30,30,14,14,62,62,46,46)
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler edge;
layout(set = 0, binding = 2) uniform sampler2D rep;
layout(set = 0, binding = 3) uniform utexture2D ui;
layout(set = 0, binding = 4) buffer O { vec4 o[]; };
layout(set = 0, binding = 5) buffer Q { uvec4 q[]; };
const vec2 points[4] = vec2[](vec2(0.5, 0.5), vec2(0.0, 0.0), vec2(1.0, 0.25), vec2(0.875, 0.625));
const ivec2 offsets[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(-2, 1), ivec2(1, 1));
void main() {
  uint k = gl_LocalInvocationID.x, n = k * 7u;
  vec2 p = points[k];
  o[n] = textureGather(sampler2D(tex, edge), p, 0);
  o[n + 1u] = textureGather(sampler2D(tex, edge), p, 1);
  o[n + 2u] = textureGather(sampler2D(tex, edge), p, 2);
  o[n + 3u] = textureGather(sampler2D(tex, edge), p, 3);
  o[n + 4u] = textureGather(rep, p);
  o[n + 5u] = textureGatherOffset(rep, p, ivec2(1, -1), 1);
  o[n + 6u] = textureGatherOffsets(rep, p, offsets, 3);
  q[k] = textureGather(usampler2D(ui, edge), p, 2);
}
