#version 450
// Half-precision arithmetic (GL_EXT_shader_explicit_arithmetic_types_float16):
// +, -, * are correctly rounded in half, / within 2.5 ULP; conversions.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
//! groups 1
//! ssbo a binding=0 f16[128] init=random(971,-30,30)
//! ssbo b binding=1 f16[128] init=random(972,0.5,8)
//! ssbo o binding=2 f16[384] expect=ref
//! ssbo wide binding=3 f32[128] expect=ref
//! ssbo q binding=4 f16[128] expect=ref tol=ulp:3
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer A { float16_t a[]; };
layout(std430, binding = 1) readonly buffer B { float16_t b[]; };
layout(std430, binding = 2) writeonly buffer O { float16_t o[]; };
layout(std430, binding = 3) writeonly buffer W { float wide[]; };
layout(std430, binding = 4) writeonly buffer Q { float16_t q[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	float16_t x = a[i], y = b[i];
	o[i * 3u + 0u] = x + y;
	o[i * 3u + 1u] = x - y;
	o[i * 3u + 2u] = x * y;
	q[i] = x / y;
	wide[i] = float(x) * 1024.0 + float(y);
}
