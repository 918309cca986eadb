#version 450
// A storage image of format FMT: imageLoad of every texel of one 4x4
// image, imageStore of known values into every texel of another.
// IMAGE and VEC: image2D/vec4, iimage2D/ivec4 or uimage2D/uvec4.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, FMT) uniform readonly IMAGE src;
layout(set = 0, binding = 1, FMT) uniform writeonly IMAGE dst;
layout(set = 0, binding = 2) buffer In { VEC v[]; };
layout(set = 0, binding = 3) buffer Out { VEC o[]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  ivec2 c = ivec2(i % 4, i / 4);
  o[i] = imageLoad(src, c);
  imageStore(dst, c, v[i]);
}
