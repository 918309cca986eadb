#version 450
// pow, sqrt, inversesqrt (sqrt is 1 / inversesqrt in Vulkan: 4.5 ULP).
//! groups 1
//! ssbo x binding=0 f32[64] init=random(231,0.25,16)
//! ssbo y binding=1 f32[64] init=random(232,-3,3)
//! ssbo pw binding=2 f32[64] expect=ref tol=rel:2e-5
//! ssbo sq binding=3 f32[128] expect=ref tol=ulp:5
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) readonly buffer Y { float y[]; };
layout(std430, binding = 2) writeonly buffer PW { float pw[]; };
layout(std430, binding = 3) writeonly buffer SQ { float sq[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	pw[k] = pow(x[k], y[k]);
	sq[k * 2u] = sqrt(x[k]);
	sq[k * 2u + 1u] = inversesqrt(x[k]);
}
