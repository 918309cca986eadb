#version 450
// Each workgroup (x, y, z) writes its id and gl_NumWorkGroups (n) at
// o[2 * linear], linear = (z * n.y + y) * n.x + x: x + 256 y + 65536 z + 1
// (never zero), then n.x + 256 n.y + 65536 n.z.
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };

void main()
{
	uvec3 g = gl_WorkGroupID, n = gl_NumWorkGroups;
	uint linear = (g.z * n.y + g.y) * n.x + g.x;

	o[2u * linear] = g.x + 256u * g.y + 65536u * g.z + 1u;
	o[2u * linear + 1u] = n.x + 256u * n.y + 65536u * n.z;
}
