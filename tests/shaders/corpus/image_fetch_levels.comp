#version 450
#extension GL_EXT_samplerless_texture_functions : require
// texelFetch of every texel of every level of an rgba32f 2D array (4x4,
// 3 levels, 2 layers) and of an r32ui 3D image (4x2x2, 2 levels), plus
// textureSize and textureQueryLevels. The fetches visit the texels in
// the packed order, so the expectations are the initial contents.
//! image arr binding=0 rgba32f 2darray 4x4 levels=3 layers=2 sampled init=seq(0,0.5)
//! image vol binding=1 r32ui 3d 4x2x2 levels=2 sampled init=seq(7,3)
//! ssbo o binding=2 f32[168] expect=seq(0,0.5)
//! ssbo u binding=3 u32[18] expect=seq(7,3)
//! ssbo q binding=4 i32[12] expect=values(4,4,2,2,2,2,2,1,1,3,2,2)
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform texture2DArray arr;
layout(set = 0, binding = 1) uniform utexture3D vol;
layout(set = 0, binding = 2) buffer O { vec4 o[]; };
layout(set = 0, binding = 3) buffer U { uint u[]; };
layout(set = 0, binding = 4) buffer Q { int q[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  int n = 0;
  for (int m = 0; m < 3; m++)
    for (int l = 0; l < 2; l++) {
      int w = 4 >> m;
      if (i < uint(w * w))
        o[n + i] = texelFetch(arr, ivec3(int(i) % w, int(i) / w, l), m);
      n += w * w;
    }
  if (i < 16u)
    u[i] = texelFetch(vol, ivec3(i & 3u, (i >> 2) & 1u, i >> 3), 0).x;
  if (i < 2u)
    u[16 + i] = texelFetch(vol, ivec3(i, 0, 0), 1).x;
  if (i == 0u) {
    ivec3 s0 = textureSize(arr, 0), s1 = textureSize(arr, 1);
    ivec3 v0 = textureSize(vol, 0), v1 = textureSize(vol, 1);
    q[0] = s0.x; q[1] = s0.y; q[2] = s0.z; q[3] = s1.x; q[4] = s1.y; q[5] = s1.z;
    q[6] = v1.x; q[7] = v1.y; q[8] = v1.z; q[9] = textureQueryLevels(arr);
    q[10] = textureQueryLevels(vol); q[11] = v0.y;
  }
}
