#version 450
// Returns from divergent branches in a function and in main (merge-return).
//! groups 1
//! ssbo x binding=0 i32[128] init=random(451,-50,50)
//! ssbo o binding=1 i32[128] init=fill(-999) expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) writeonly buffer O { int o[]; };

int classify(int v)
{
	if (v < -40)
		return -2;
	for (int j = 0; j < 10; j++) {
		if (v == j * 3)
			return 100 + j;
	}
	if (v > 40)
		return 2;
	return v * 2;
}

void main()
{
	uint i = gl_LocalInvocationIndex;
	int v = x[i];
	if (v == 7 || v == -7)
		return;
	o[i] = classify(v);
}
