#version 450
// Each workgroup (x, y, z) of an n grid adds 1 to o[8 + linear], linear =
// (z * n.y + y) * n.x + x, keeps the largest x, y, z in o[0..2] and stores
// gl_NumWorkGroups in o[3..5].
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };

void main()
{
	uvec3 g = gl_WorkGroupID, n = gl_NumWorkGroups;

	atomicAdd(o[8u + (g.z * n.y + g.y) * n.x + g.x], 1u);
	atomicMax(o[0], g.x);
	atomicMax(o[1], g.y);
	atomicMax(o[2], g.z);
	o[3] = n.x;
	o[4] = n.y;
	o[5] = n.z;
}
