#version 450
// Storage images of five formats, loaded and stored in place: each
// invocation swaps its texel with the horizontally mirrored one (a
// barrier between the loads and the stores), so every conversion goes
// both ways and the results are a permutation of the initial texels.
// On Ember the rgba32f and r32ui images are in the LINEAR layout, the
// others TILED_4K.
//! image a8 binding=0 rgba8 2d 4x2 storage init=random(1,0,255) expect=ref
//! image a32f binding=1 rgba32f 2d 4x2 linear storage init=random(2,-100,100) expect=ref
//! image u32 binding=2 r32ui 2d 4x2 linear storage init=random(3,0,4294967295) expect=ref
//! image h16 binding=3 rgba16f 2d 4x2 storage init=random(4,-4,4) expect=ref
//! image p11 binding=4 r11g11b10f 2d 4x2 storage init=seq(0x1C0800F0,0x00401001) expect=ref
//! ref image_mirror_x
layout(local_size_x = 4, local_size_y = 2) in;
layout(set = 0, binding = 0, rgba8) uniform image2D a8;
layout(set = 0, binding = 1, rgba32f) uniform image2D a32f;
layout(set = 0, binding = 2, r32ui) uniform uimage2D u32;
layout(set = 0, binding = 3, rgba16f) uniform image2D h16;
layout(set = 0, binding = 4, r11f_g11f_b10f) uniform image2D p11;
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy), q = ivec2(3 - p.x, p.y);
  vec4 a = imageLoad(a8, q), b = imageLoad(a32f, q), d = imageLoad(h16, q), e = imageLoad(p11, q);
  uvec4 c = imageLoad(u32, q);
  barrier();
  imageStore(a8, p, a);
  imageStore(a32f, p, b);
  imageStore(u32, p, c);
  imageStore(h16, p, d);
  imageStore(p11, p, e);
}
