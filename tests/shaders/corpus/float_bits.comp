#version 450
// floatBitsToInt/Uint, int/uintBitsToFloat, frexp, ldexp, modf: all exact.
//! groups 1
//! ssbo f binding=0 f32[64] init=random(181,-10000,10000)
//! ssbo e binding=1 i32[64] init=random(182,-20,20)
//! ssbo bits binding=2 u32[128] expect=ref
//! ssbo o binding=3 f32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer F { float f[]; };
layout(std430, binding = 1) readonly buffer E { int e[]; };
layout(std430, binding = 2) writeonly buffer B { uint bits[]; };
layout(std430, binding = 3) writeonly buffer O { float o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	float x = f[k];
	int exponent;
	float mantissa = frexp(x, exponent), whole;
	bits[k * 2u] = floatBitsToUint(x) + uint(floatBitsToInt(-x) >> 3);
	bits[k * 2u + 1u] = uint(exponent);
	o[k * 4u + 0u] = mantissa;
	o[k * 4u + 1u] = ldexp(x, e[k]);
	o[k * 4u + 2u] = modf(x, whole);
	o[k * 4u + 3u] = whole + uintBitsToFloat(0x3f800000u) + intBitsToFloat(0x40000000);
}
