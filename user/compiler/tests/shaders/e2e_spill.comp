#version 450
// More values live than registers: the result must survive spilling.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer O { float o[]; };
#define N 300
void main() {
	uint i = gl_GlobalInvocationID.x;
	float v[N];
	for (int k = 0; k < N; k++)
		v[k] = o[i * N + k] * float(k + 1);
	float acc = 0.0;
	for (int k = 0; k < N; k++)
		acc += v[N - 1 - k] * float(k & 7);
	for (int k = 0; k < N; k++)
		o[i * N + k] = v[k] + acc;
}
