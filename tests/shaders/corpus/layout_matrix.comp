#version 450
// Matrix layouts: row_major mat4 read, column_major written; std430 mat3
// (16-byte column stride); mat2x3 in a scalar-free std430 struct.
//! groups 1
//! ssbo rm binding=0 f32[128] init=seq(1,1)
//! ssbo cm binding=1 f32[128] expect=ref
//! ssbo m3 binding=2 f32[96] init=seq(0,1)
//! ssbo m3o binding=3 f32[72] expect=ref
layout(local_size_x = 8) in;
layout(std430, row_major, binding = 0) readonly buffer RM { mat4 rm[]; };
layout(std430, column_major, binding = 1) writeonly buffer CM { mat4 cm[]; };
layout(std430, binding = 2) readonly buffer M3 { mat3 m3[]; };
layout(std430, binding = 3) writeonly buffer M3O { float m3o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	cm[i] = rm[i];
	mat3 m = m3[i];
	for (int c = 0; c < 3; c++)
		for (int r = 0; r < 3; r++)
			m3o[i * 9u + uint(c * 3 + r)] = m[c][r];
}
