#version 450
// 2D workgroups transposing 16x16 tiles of a 64x64 matrix through shared memory.
//! groups 4 4
//! ssbo m binding=0 u32[4096] init=random(541,0,0xffffffff)
//! ssbo o binding=1 u32[4096] expect=ref
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer M { uint m[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint tile[16][17];

void main()
{
	uvec2 l = gl_LocalInvocationID.xy, g = gl_WorkGroupID.xy;
	tile[l.y][l.x] = m[(g.y * 16u + l.y) * 64u + g.x * 16u + l.x];
	barrier();
	o[(g.x * 16u + l.y) * 64u + g.y * 16u + l.x] = tile[l.x][l.y];
}
