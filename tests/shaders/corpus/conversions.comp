#version 450
// Conversions between float, int and uint: truncation toward zero,
// round-to-nearest-even of large integers, bool conversions.
//! groups 1
//! ssbo f binding=0 f32[64] init=random(131,-3000000,3000000)
//! ssbo i binding=1 i32[64] init=random(132,-2147483648,2147483647)
//! ssbo u binding=2 u32[64] init=random(133,0,4294967295)
//! ssbo to_int binding=3 i32[128] expect=ref
//! ssbo to_float binding=4 f32[192] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer F { float f[]; };
layout(std430, binding = 1) readonly buffer I { int i[]; };
layout(std430, binding = 2) readonly buffer U { uint u[]; };
layout(std430, binding = 3) writeonly buffer TI { int to_int[]; };
layout(std430, binding = 4) writeonly buffer TF { float to_float[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	to_int[k * 2u] = int(f[k]);
	to_int[k * 2u + 1u] = int(uint(abs(f[k]))) + int(f[k] > 0.0);
	to_float[k * 3u] = float(i[k]);
	to_float[k * 3u + 1u] = float(u[k]);
	to_float[k * 3u + 2u] = float(bool(u[k] & 1u)) + float(i[k] < 0);
}
