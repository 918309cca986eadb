#version 450
// imageAtomicAdd on a 32-bit integer storage image (IMAGE: uimage2D or
// iimage2D, FMT: r32ui or r32i) or texel buffer (uimageBuffer, iimageBuffer):
// invocation i adds i + 1 to texel i % 16, so texel k gains 4k + 100.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, FMT) uniform coherent IMAGE img;
void main() {
  int i = int(gl_LocalInvocationID.x);
#ifdef TEXEL_BUFFER
  imageAtomicAdd(img, i % 16, T(i + 1));
#else
  imageAtomicAdd(img, ivec2(i % 4, (i % 16) / 4), T(i + 1));
#endif
}
