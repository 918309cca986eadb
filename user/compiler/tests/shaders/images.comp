#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, r32f) uniform image2D simg;
layout(set = 0, binding = 2, r32ui) uniform uimage2D aimg;
layout(set = 0, binding = 3) uniform samplerBuffer tb;
layout(set = 0, binding = 4, rgba8) uniform imageBuffer stb;
layout(set = 0, binding = 5) uniform texture2D texs[4];
layout(set = 0, binding = 6) uniform sampler smp;
layout(set = 0, binding = 7) uniform sampler2DShadow shadow;
layout(set = 0, binding = 8) buffer Out { vec4 o[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  vec2 uv = vec2(float(i) / 8.0, 0.5);
  vec4 a = textureLod(tex, uv, 0.0);
  a += textureGrad(tex, uv, vec2(0.1, 0), vec2(0, 0.1));
  a += textureLodOffset(tex, uv, 1.0, ivec2(1, -1));
  a += textureGather(tex, uv, 1);
  a += textureGatherOffsets(tex, uv, ivec2[4](ivec2(0), ivec2(1), ivec2(2,0), ivec2(-1)));
  a += texelFetch(tex, ivec2(i, 0), 0);
  a.x += imageLoad(simg, ivec2(i, 1)).x;
  imageStore(simg, ivec2(i, 2), a);
  uint old = imageAtomicAdd(aimg, ivec2(i, 0), 1u);
  imageAtomicCompSwap(aimg, ivec2(i, 1), 0u, 5u);
  a += texelFetch(tb, int(i));
  imageStore(stb, int(i), a);
  a += texelFetch(texs[nonuniformEXT(i & 3u)], ivec2(0), 0);
  a += textureLod(sampler2D(texs[1], smp), uv, 0.0);
  a.y += textureLod(shadow, vec3(uv, 0.5), 0.0);
  a.z += float(textureSize(tex, 0).x + imageSize(simg).y + textureQueryLevels(tex) + textureSize(tb));
  o[i] = a + vec4(old);
}
