#version 450
// 1D 5-tap box sum with a shared tile plus a 2-element halo on each side
// (zero outside the signal).
//! groups 4
//! ssbo x binding=0 u32[1024] init=random(831,0,1000)
//! ssbo o binding=1 u32[1024] expect=ref
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { uint x[]; };
layout(std430, binding = 1) writeonly buffer O { uint o[]; };
shared uint tile[260];

uint fetch(int i)
{
	return i < 0 || i >= 1024 ? 0u : x[i];
}

void main()
{
	int l = int(gl_LocalInvocationIndex), g = int(gl_GlobalInvocationID.x);
	tile[l + 2] = fetch(g);
	if (l < 2) {
		tile[l] = fetch(g - 2);
		tile[l + 258] = fetch(g + 256);
	}
	barrier();
	o[g] = tile[l] + tile[l + 1] + tile[l + 2] + tile[l + 3] + tile[l + 4];
}
