#version 450
// 8-bit storage: signed/unsigned byte loads (extension to 32 bits) and byte stores.
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
//! groups 1
//! ssbo s binding=0 i8[128] init=random(81,-128,127)
//! ssbo u binding=1 u8[128] init=random(82,0,255)
//! ssbo wide binding=2 i32[128] expect=ref
//! ssbo narrow binding=3 u8[128] init=fill(0x55) expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer S { int8_t s[]; };
layout(std430, binding = 1) readonly buffer U { uint8_t u[]; };
layout(std430, binding = 2) writeonly buffer W { int wide[]; };
layout(std430, binding = 3) buffer N { uint8_t narrow[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	/* Two elements per lane: neighbouring bytes written by one lane each. */
	for (uint k = 0u; k < 2u; k++) {
		uint j = i * 2u + k;
		wide[j] = int(s[j]) * 3 + int(u[j]);
		if ((j % 3u) != 0u)
			narrow[j] = uint8_t(uint(u[j]) * 7u + j);
	}
}
