#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Storage images (rgba8 and r32f load/store), a sampled image (texelFetch
// of level 1, textureLod at level 0 and 1 with a nearest, repeating
// sampler) and a uniform texel buffer; one invocation per texel of 4x4.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src8;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst8;
layout(set = 0, binding = 2, r32f) uniform image2D fimg;
layout(set = 0, binding = 3) uniform sampler2D tex;
layout(set = 0, binding = 4) uniform samplerBuffer tb;
layout(set = 0, binding = 5) buffer Out { vec4 o[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  ivec2 p = ivec2(i & 3u, i >> 2);
  vec4 c = imageLoad(src8, p);
  imageStore(dst8, p, c.abgr);
  float f = imageLoad(fimg, p).x;
  imageStore(fimg, p, vec4(f * 2.0 + 1.0));
  vec2 uv = (vec2(p) + 0.5) / 4.0;
  o[i * 5 + 0] = c;
  o[i * 5 + 1] = texelFetch(tex, p >> 1, 1);
  o[i * 5 + 2] = textureLod(tex, uv + vec2(1.0, -2.0), 0.0);
  o[i * 5 + 3] = textureLod(tex, uv, 1.0);
  o[i * 5 + 4] = texelFetch(tb, int(i) * 2);
}
