#version 450
// 16-bit storage: i16/u16 loads and stores, sign extension.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
//! groups 1
//! ssbo s binding=0 i16[128] init=random(91,-32768,32767)
//! ssbo u binding=1 u16[128] init=random(92,0,65535)
//! ssbo wide binding=2 i32[128] expect=ref
//! ssbo narrow binding=3 u16[128] init=fill(0x5555) expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer S { int16_t s[]; };
layout(std430, binding = 1) readonly buffer U { uint16_t u[]; };
layout(std430, binding = 2) writeonly buffer W { int wide[]; };
layout(std430, binding = 3) buffer N { uint16_t narrow[]; };

void main()
{
	uint j = gl_LocalInvocationIndex;
	wide[j] = int(s[j]) - int(u[j]);
	if ((j & 1u) == 0u)
		narrow[j] = uint16_t(uint(u[j]) * 3u + uint(s[j]));
}
