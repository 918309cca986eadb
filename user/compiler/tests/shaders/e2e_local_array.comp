#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint t[8], i = gl_GlobalInvocationID.x;
	for (uint k = 0; k < 8; k++)
		t[k] = k * k + i;
	t[i % 8] += 100;
	t[(i / 8) % 8] *= 3;
	o[i] = t[(i * 3) % 8] + t[i % 8] * 1000;
}
