#version 450
// exp, exp2 (3 + 2|x| ULP) and log, log2 (3 ULP; 2^-21 absolute near 1).
//! groups 1
//! ssbo x binding=0 f32[64] init=random(221,-8,8)
//! ssbo p binding=1 f32[64] init=random(222,0.01,100)
//! ssbo e binding=2 f32[128] expect=ref tol=ulp:20
//! ssbo l binding=3 f32[128] expect=ref tol=abs:3e-6
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) readonly buffer P { float p[]; };
layout(std430, binding = 2) writeonly buffer E { float e[]; };
layout(std430, binding = 3) writeonly buffer L { float l[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	e[k * 2u] = exp(x[k]);
	e[k * 2u + 1u] = exp2(x[k]);
	l[k * 2u] = log(p[k]) / 8.0;
	l[k * 2u + 1u] = log2(p[k]) / 8.0;
}
