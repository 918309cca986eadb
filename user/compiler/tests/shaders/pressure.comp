#version 450
// More than 256 values live at once: the allocator must spill.
// The statements are spelled out (constant indices) so the array splits
// into 300 scalars that are all live at once.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer O { float o[]; };
#define N 300
#define T(S, a) S((a) * 10 + 0) S((a) * 10 + 1) S((a) * 10 + 2) S((a) * 10 + 3) S((a) * 10 + 4) \
		S((a) * 10 + 5) S((a) * 10 + 6) S((a) * 10 + 7) S((a) * 10 + 8) S((a) * 10 + 9)
#define H(S, b) T(S, (b) * 10 + 0) T(S, (b) * 10 + 1) T(S, (b) * 10 + 2) T(S, (b) * 10 + 3) \
		T(S, (b) * 10 + 4) T(S, (b) * 10 + 5) T(S, (b) * 10 + 6) T(S, (b) * 10 + 7) \
		T(S, (b) * 10 + 8) T(S, (b) * 10 + 9)
#define ALL(S) H(S, 0) H(S, 1) H(S, 2)
#define LOAD(k) v[k] = o[i * N + (k)] * float((k) + 1);
#define SUM(k) acc += v[N - 1 - (k)] * float((k) & 7);
#define STORE(k) o[i * N + (k)] = v[k] + acc;
void main() {
	uint i = gl_GlobalInvocationID.x;
	float v[N], acc = 0.0;
	ALL(LOAD)
	ALL(SUM)
	ALL(STORE)
}
