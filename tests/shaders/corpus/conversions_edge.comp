#version 450
// Conversion edge cases: float to uint above 2^31, negative truncation,
// rounding of large integers to float, 64-bit integer <-> float.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
//! groups 1
//! ssbo f binding=0 f32[8] init=values(3e9,4.2e9,-2.5,-0.75,2147483520,16777217,1e18,-1e18)
//! ssbo u binding=1 u32[8] init=values(0xffffffff,0x80000001,16777217,16777219,0,1,0x7fffffff,12345)
//! ssbo q binding=2 u64[4] init=values(0xffffffffffffffff,0x8000000000000001,9007199254740993,1)
//! ssbo to_u binding=3 u32[4] expect=values(3000000000,4200000000,0,0)
//! ssbo to_i binding=4 i32[4] expect=values(-2,0,2147483520,16777216)
//! ssbo to_f binding=5 f32[12] expect=ref
//! ssbo to_64 binding=6 i64[2] expect=values(999999984306749440,-999999984306749440)
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer F { float f[]; };
layout(std430, binding = 1) readonly buffer U { uint u[]; };
layout(std430, binding = 2) readonly buffer Q { uint64_t q[]; };
layout(std430, binding = 3) writeonly buffer TU { uint to_u[]; };
layout(std430, binding = 4) writeonly buffer TI { int to_i[]; };
layout(std430, binding = 5) writeonly buffer TF { float to_f[]; };
layout(std430, binding = 6) writeonly buffer T64 { int64_t to_64[]; };

void main()
{
	to_u[0] = uint(f[0]);
	to_u[1] = uint(f[1]);
	to_i[0] = int(f[2]);
	to_i[1] = int(f[3]);
	to_i[2] = int(f[4]);
	to_i[3] = int(f[5]);
	for (int k = 0; k < 8; k++)
		to_f[k] = float(u[k]);
	to_f[8] = float(q[0]);
	to_f[9] = float(q[1]);
	to_f[10] = float(q[2]);
	to_f[11] = float(int64_t(q[0]));
	to_64[0] = int64_t(f[6]);
	to_64[1] = int64_t(f[7]);
}
