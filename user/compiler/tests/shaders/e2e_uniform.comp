#version 450
// Uniform control flow (branches without the mask stack) mixed with
// divergent branches inside it.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint n; uint mode; } pc;
layout(std430, binding = 0) buffer O { uint o[]; };
void main() {
	uint lane = gl_GlobalInvocationID.x, acc = 0;
	for (uint i = 0; i < pc.n; i++) {
		if (pc.mode == 1)
			acc += i * 2;
		else
			acc += i;
		if ((lane & 1) == 1)
			acc ^= i;
		if (i == 20)
			break;
	}
	o[lane] = acc + gl_WorkGroupID.x * 1000;
}
