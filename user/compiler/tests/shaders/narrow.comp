#version 450
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
// 8- and 16-bit integers in storage buffers.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer B { uint8_t b[]; };
layout(std430, binding = 1) buffer H { int16_t h[]; };
layout(std430, binding = 2) buffer O { int o[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	uint8_t x = b[i] + uint8_t(200);
	int16_t y = h[i] * int16_t(-3);
	b[i] = x;
	h[i] = y >> 1;
	o[i] = int(x) + int(y);
}
