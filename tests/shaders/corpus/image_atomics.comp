#version 450
// imageAtomicAdd/Min/Max/CompSwap on r32ui and r32i storage images: 64
// invocations hit the 4 texels of row 0 (results as sums, minima and
// maxima); each compare-exchange of row 1 succeeds for exactly one lane.
//! image u binding=0 r32ui 2d 4x2 storage init=values(10,5000,30,40,0,0,0,0) expect=values(2026,1000,4294967295,40,7,7,7,7)
//! image s binding=1 r32i 2d 4x2 storage init=values(0,5,-5,9,1,1,1,1) expect=values(-480,-63,63,9,2,2,2,2)
//! ssbo won binding=2 u32[2] expect=values(4,4)
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D u;
layout(set = 0, binding = 1, r32i) uniform iimage2D s;
layout(set = 0, binding = 2) buffer W { uint won[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  imageAtomicAdd(u, ivec2(0, 0), 31u + (i == 0u ? 32u : 0u));
  imageAtomicMin(u, ivec2(1, 0), 1000u + i);
  imageAtomicMax(u, ivec2(2, 0), i == 17u ? 0xffffffffu : i);
  imageAtomicAdd(s, ivec2(0, 0), -int(i & 15u));
  imageAtomicMin(s, ivec2(1, 0), -int(i));
  imageAtomicMax(s, ivec2(2, 0), int(i));
  if (imageAtomicCompSwap(u, ivec2(i & 3u, 1), 0u, 7u) == 0u)
    atomicAdd(won[0], 1u);
  if (imageAtomicCompSwap(s, ivec2(i & 3u, 1), 1, 2) == 1)
    atomicAdd(won[1], 1u);
}
