#version 450
// 16-bit vertex attributes and outputs (StorageInputOutput16): each takes a
// 32-bit component; vertex fetch's 32-bit values are converted to them.
#extension GL_EXT_shader_explicit_arithmetic_types : require

layout(location = 0) in f16vec4 a_half;
layout(location = 1) in i16vec2 a_short;
layout(location = 2) in uint16_t a_ushort;

layout(location = 0) out f16vec2 v_half;
layout(location = 0, component = 2) out float v_f;
layout(location = 1) out vec4 v_check;
layout(location = 2) flat out int16_t v_short;
layout(location = 2, component = 1) flat out uint16_t v_ushort;

void main()
{
	v_half = a_half.xy + a_half.xy;
	v_f = float(a_half.z);
	v_check = vec4(float(a_half.w), float(a_short.x), float(a_short.y), float(a_ushort));
	v_short = a_short.y - int16_t(1);
	v_ushort = a_ushort + uint16_t(7);
	gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
