#version 450
// Divergent if / else-if / else chains on per-lane data, with nested ifs.
//! groups 2
//! ssbo x binding=0 i32[128] init=random(401,-100,100)
//! ssbo o binding=1 i32[128] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) writeonly buffer O { int o[]; };

void main()
{
	uint i = gl_GlobalInvocationID.x;
	int v = x[i], r;
	if (v < -50) {
		r = v * 2;
	} else if (v < 0) {
		r = -v;
		if ((v & 1) != 0)
			r += 1000;
	} else if (v == 0) {
		r = 7;
	} else {
		r = v + 3;
		if (v > 90)
			r = r * r;
		else if ((i & 3u) == 1u)
			r -= 1;
	}
	o[i] = r;
}
