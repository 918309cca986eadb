#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer D { uint64_t v[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	uint64_t x = v[i] * 0x9E3779B97F4A7C15ul + (uint64_t(i) << 33);
	x ^= x >> 29;
	if (x > 0x8000000000000000ul)
		x = x / 3ul;
	int64_t s = int64_t(x) >> 7;
	v[i] = x + uint64_t(s % 1000l);
}
