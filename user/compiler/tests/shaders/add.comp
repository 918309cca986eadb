#version 450
// Buffers, push constants and a bounds check: the minimal useful kernel.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer A { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer B { float b[]; };
layout(std430, set = 1, binding = 3) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { uint n; float scale; } pc;
void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i < pc.n)
		c[i] = a[i] * pc.scale + b[i];
}
