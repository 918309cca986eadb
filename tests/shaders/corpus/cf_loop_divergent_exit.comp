#version 450
// A loop every lane leaves at a different iteration, by condition or break,
// with values carried around the back edge.
//! groups 2
//! ssbo n binding=0 u32[128] init=random(441,0,200)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer N { uint n[]; };
layout(std430, binding = 1) writeonly buffer O { uvec2 o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	uint a = 1u, b = 0u, steps = 0u;
	while (steps < n[i]) {
		uint t = a + b;
		b = a;
		a = t;
		steps++;
		if (a % 97u == 13u)
			break;
	}
	o[i] = uvec2(a, steps);
}
