#version 450
// Determinant and inverse (cofactor expansion in the front end).
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer M { mat4 m[]; };
layout(std430, binding = 1) buffer D { float d[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	d[i] = determinant(m[i]) + determinant(mat3(m[i])) + determinant(mat2(m[i]));
	m[i] = inverse(m[i]);
}
