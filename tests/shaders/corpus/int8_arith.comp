#version 450
// 8-bit integer arithmetic (GL_EXT_shader_explicit_arithmetic_types_int8):
// wrapping at 8 bits, signed comparisons and conversions.
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
//! groups 1
//! ssbo a binding=0 u8[128] init=random(961,0,255)
//! ssbo b binding=1 u8[128] init=random(962,1,255)
//! ssbo o binding=2 u8[768] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer A { uint8_t a[]; };
layout(std430, binding = 1) readonly buffer B { uint8_t b[]; };
layout(std430, binding = 2) writeonly buffer O { uint8_t o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint8_t x = a[i], y = b[i];
	int8_t sx = int8_t(x), sy = int8_t(y);
	o[i * 6u + 0u] = x + y;
	o[i * 6u + 1u] = x * y;
	o[i * 6u + 2u] = x / y;
	o[i * 6u + 3u] = uint8_t(sx < sy ? sx : sy);
	o[i * 6u + 4u] = uint8_t(int(sx) * 3 >> 2);
	o[i * 6u + 5u] = (x >> uint8_t(3)) | (y << uint8_t(5));
}
