#version 450
// A uniform texel buffer (r32f) read with texelFetch, a storage texel
// buffer (rgba32ui) read, written and incremented atomically through an
// r32ui one, textureSize/imageSize of texel buffers; out-of-range reads
// return 0 and writes are dropped.
//! texel src binding=0 r32f 40 uniform init=seq(1.5,0.25)
//! texel dst binding=1 rgba32ui 32 storage init=seq(0,1) expect=ref
//! texel cnt binding=2 r32ui 8 storage init=seq(100,1) expect=seq(104,1)
//! ssbo o binding=3 f32[34] expect=ref
//! ref texel_buffers
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) uniform samplerBuffer src;
layout(set = 0, binding = 1, rgba32ui) uniform uimageBuffer dst;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer cnt;
layout(set = 0, binding = 3) buffer O { float o[]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  o[i] = texelFetch(src, i + 8).x;
  uvec4 v = imageLoad(dst, 31 - i);
  barrier();
  imageStore(dst, i, v * 2u + uvec4(1, 2, 3, 4));
  imageStore(dst, i + 1000, uvec4(9));
  imageAtomicAdd(cnt, i & 7, 1u);
  if (i == 0) {
    o[32] = float(textureSize(src) + imageSize(dst));
    o[33] = texelFetch(src, 40).x + texelFetch(src, -1).x;
  }
}
