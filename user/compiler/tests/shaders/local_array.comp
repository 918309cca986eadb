#version 450
// A function-local array indexed by a per-lane value.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer O { float o[]; };
void main() {
	float t[8];
	uint i = gl_GlobalInvocationID.x;
	for (int k = 0; k < 8; k++)
		t[k] = float(k * k) + o[i];
	t[i % 8] += 100.0;
	o[i] = t[(i * 3) % 8] + t[i % 8];
}
