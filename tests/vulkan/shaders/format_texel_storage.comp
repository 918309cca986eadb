#version 450
// A storage texel buffer of format FMT: imageLoad of 16 texels of one,
// imageStore of known values into 16 texels of another.
// IMAGE and VEC: imageBuffer/vec4, iimageBuffer/ivec4 or uimageBuffer/uvec4.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, FMT) uniform readonly IMAGE src;
layout(set = 0, binding = 1, FMT) uniform writeonly IMAGE dst;
layout(set = 0, binding = 2) buffer In { VEC v[]; };
layout(set = 0, binding = 3) buffer Out { VEC o[]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  o[i] = imageLoad(src, i);
  imageStore(dst, i, v[i]);
}
