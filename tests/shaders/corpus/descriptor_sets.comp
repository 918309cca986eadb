#version 450
// Buffers in sets 0, 2 and 3 (set 1 unused) at scattered binding numbers.
//! groups 1
//! ssbo a set=0 binding=1 u32[64] init=seq(0,3)
//! ssbo b set=2 binding=5 u32[64] init=seq(1000,7)
//! ubo c set=3 binding=0 u32[4] init=values(2,3,5,7)
//! ssbo o set=2 binding=2 u32[64] expect=ref
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 1) readonly buffer A { uint a[]; };
layout(std430, set = 2, binding = 5) readonly buffer B { uint b[]; };
layout(std140, set = 3, binding = 0) uniform C { uvec4 c; };
layout(std430, set = 2, binding = 2) writeonly buffer O { uint o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	o[i] = a[i] * c.x + b[i] * c.y + c.z * c.w;
}
