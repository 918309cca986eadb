#version 450
// 16-bit integer arithmetic (GL_EXT_shader_explicit_arithmetic_types_int16):
// results wrap at 16 bits, signed division and shifts on int16_t.
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
//! groups 1
//! ssbo a binding=0 u16[128] init=random(951,0,65535)
//! ssbo b binding=1 u16[128] init=random(952,1,65535)
//! ssbo o binding=2 u16[1024] expect=ref
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer A { uint16_t a[]; };
layout(std430, binding = 1) readonly buffer B { uint16_t b[]; };
layout(std430, binding = 2) writeonly buffer O { uint16_t o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	uint16_t x = a[i], y = b[i];
	int16_t sx = int16_t(x), sy = int16_t(y) == int16_t(0) ? int16_t(1) : int16_t(y);
	o[i * 8u + 0u] = x + y;
	o[i * 8u + 1u] = x * y;
	o[i * 8u + 2u] = x / y;
	o[i * 8u + 3u] = uint16_t(sx / sy);
	o[i * 8u + 4u] = uint16_t(sx >> uint16_t(y & uint16_t(15)));
	o[i * 8u + 5u] = x << (y & uint16_t(15));
	o[i * 8u + 6u] = x < y ? uint16_t(1) : uint16_t(0);
	o[i * 8u + 7u] = uint16_t(int16_t(x) < sy ? 1 : 0) + (x ^ y);
}
