#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer O { uint64_t o[]; };
void main() { o[gl_LocalInvocationIndex] = subgroupMin(o[gl_LocalInvocationIndex]); }
