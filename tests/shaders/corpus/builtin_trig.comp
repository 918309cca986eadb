#version 450
// sin, cos (2^-11 absolute in [-pi, pi]), tan (sin / cos: within |x| <= pi/4,
// 1.4e-3 absolute), radians, degrees.
//! groups 1
//! ssbo x binding=0 f32[64] init=random(241,-3.14159,3.14159)
//! ssbo sc binding=1 f32[128] expect=ref tol=abs:5e-4
//! ssbo t binding=2 f32[64] expect=ref tol=abs:1.5e-3
//! ssbo ang binding=3 f32[128] expect=ref tol=ulp:2
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer SC { float sc[]; };
layout(std430, binding = 2) writeonly buffer T { float t[]; };
layout(std430, binding = 3) writeonly buffer A { float ang[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	float v = x[k];
	sc[k * 2u] = sin(v);
	sc[k * 2u + 1u] = cos(v);
	t[k] = tan(v * 0.25);
	ang[k * 2u] = degrees(v);
	ang[k * 2u + 1u] = radians(v * 50.0);
}
