#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// 64-bit integers: arithmetic, shifts, compares, conversions.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer D { uint64_t v[]; };
layout(std430, binding = 1) buffer E { int64_t s[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	uint64_t x = v[i] * 0x100000001ul + (uint64_t(i) << 40);
	int64_t y = s[i] >> 3;
	if (x > 0xffffffffffful)
		x ^= x >> 7;
	s[i] = y / 7 + int64_t(x % 1000ul) - int64_t(float(i) * 2.5);
	v[i] = min(x, uint64_t(y)) | uint64_t(uint(x));
}
