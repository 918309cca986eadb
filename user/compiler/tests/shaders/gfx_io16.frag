#version 450
// 16-bit (and 8-bit) fragment inputs (interpolated as 32-bit values, then converted)
// and outputs (a 32-bit component each: f32, sign- or zero-extended).
#extension GL_EXT_shader_explicit_arithmetic_types : require

layout(location = 0) in f16vec2 v_half;
layout(location = 0, component = 2) in float v_f;
layout(location = 2) flat in int16_t v_short;
layout(location = 2, component = 1) flat in uint16_t v_ushort;
layout(location = 3) flat in int8_t v_byte;

layout(location = 0) out f16vec4 o_half;
layout(location = 1) out i16vec2 o_short;
layout(location = 2) out u16vec2 o_ushort;
layout(location = 3) out i8vec2 o_byte;

void main()
{
	o_half = f16vec4(v_half, float16_t(v_f), float16_t(-2.5));
	o_short = i16vec2(v_short, v_short * int16_t(-2));
	o_ushort = u16vec2(v_ushort, v_ushort * uint16_t(2));
	o_byte = i8vec2(v_byte, v_byte * int8_t(3));
}
