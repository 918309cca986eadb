#version 450
// A large local array indexed per lane: per-lane scratch memory.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint t[100], i = gl_GlobalInvocationID.x;
	for (uint k = 0; k < 100; k++)
		t[k] = k * 7 + i;
	for (uint k = 0; k < 100; k++)
		t[(k * i) % 100] += k;
	o[i] = t[i % 100] + t[(i * 13) % 100] * 3;
}
