#version 450
// One generation of Conway's game of life on a 32x32 torus.
//! groups 4 4
//! ssbo cells binding=0 u32[1024] init=random(861,0,1)
//! ssbo next binding=1 u32[1024] expect=ref
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer C { uint cells[]; };
layout(std430, binding = 1) writeonly buffer N { uint next[]; };

void main()
{
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	uint alive = 0u;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			if (dx != 0 || dy != 0)
				alive += cells[((p.y + dy + 32) % 32) * 32 + (p.x + dx + 32) % 32];
	uint me = cells[p.y * 32 + p.x];
	next[p.y * 32 + p.x] = (alive == 3u || (alive == 2u && me == 1u)) ? 1u : 0u;
}
