#version 450
// Sparse matrix-vector product (CSR), one row per invocation: loop lengths
// differ per lane, gathers from x.
//! groups 1
//! ssbo rows binding=0 u32[65] init=ref
//! ssbo cols binding=1 u32[1024] init=ref
//! ssbo vals binding=2 f32[1024] init=ref
//! ssbo x binding=3 f32[64] init=ref
//! ssbo y binding=4 f32[64] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer R { uint rows[]; };
layout(std430, binding = 1) readonly buffer C { uint cols[]; };
layout(std430, binding = 2) readonly buffer V { float vals[]; };
layout(std430, binding = 3) readonly buffer X { float x[]; };
layout(std430, binding = 4) writeonly buffer Y { float y[]; };

void main()
{
	uint r = gl_GlobalInvocationID.x;
	float sum = 0.0;
	for (uint k = rows[r]; k < rows[r + 1u]; k++)
		sum += vals[k] * x[cols[k]];
	y[r] = sum;
}
