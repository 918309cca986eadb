#version 450
// Specialization constants of every scalar type, a spec-sized array and a
// spec constant expression (OpSpecConstantOp).
//! groups 1
//! spec 0 u32 5
//! spec 1 f32 2.5
//! spec 2 u32 1
//! spec 3 i32 -3
//! spec 4 u32 6
//! ssbo o binding=0 f32[160] expect=ref
layout(local_size_x = 32) in;
layout(constant_id = 0) const uint K = 1u;
layout(constant_id = 1) const float F = 1.0;
layout(constant_id = 2) const bool FLIP = false;
layout(constant_id = 3) const int BIAS = 0;
layout(constant_id = 4) const uint N = 2u;
const uint K2 = K * 2u + 1u;
layout(std430, binding = 0) writeonly buffer O { float o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	float table[N];
	for (uint j = 0u; j < N; j++)
		table[j] = float(j) * F;
	o[i * 5u + 0u] = float(K * i);
	o[i * 5u + 1u] = F * float(i);
	o[i * 5u + 2u] = FLIP ? 1.0 : -1.0;
	o[i * 5u + 3u] = float(BIAS + int(K2));
	o[i * 5u + 4u] = table[i % N] + float(table.length());
}
