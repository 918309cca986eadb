#version 450
// && and || whose right side has side effects, do-while and while loops.
//! groups 1
//! ssbo x binding=0 i32[128] init=random(461,-20,20)
//! ssbo o binding=1 i32[256] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) writeonly buffer O { ivec2 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	int v = x[i], calls = 0, r = 0;
	if (v > 0 && (++calls > 0) && v % 3 == 0)
		r += 1;
	if (v < -5 || (++calls > 1) || v == 2)
		r += 10;
	int k = v;
	do {
		k -= 4;
		r += 100;
	} while (k > 0);
	while (k < -3 && r < 2000) {
		k += 2;
		r += 1000;
	}
	o[i] = ivec2(r, calls);
}
