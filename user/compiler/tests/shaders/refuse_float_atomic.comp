#version 450
#extension GL_EXT_shader_atomic_float : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer O { float total; };
void main() { atomicAdd(total, 1.0); }
