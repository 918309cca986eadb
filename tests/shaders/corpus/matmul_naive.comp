#version 450
// Naive matrix multiply, one invocation per element of C (2D dispatch).
//! groups 4 4
//! ssbo a binding=0 i32[1024] init=random(761,-10,10)
//! ssbo b binding=1 i32[1024] init=random(762,-10,10)
//! ssbo c binding=2 f32[1024] expect=ref
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer A { int a[]; };
layout(std430, binding = 1) readonly buffer B { int b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };

void main()
{
	uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
	float sum = 0.0;
	for (uint k = 0u; k < 32u; k++)
		sum += float(a[row * 32u + k]) * float(b[k * 32u + col]);
	c[row * 32u + col] = sum;
}
