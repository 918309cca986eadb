#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer O { float16_t h[]; };
void main() { h[0] = mod(h[1], h[2]); }
