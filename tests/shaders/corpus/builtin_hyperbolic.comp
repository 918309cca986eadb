#version 450
// sinh, cosh, tanh, asinh, acosh, atanh.
//! groups 1
//! ssbo x binding=0 f32[64] init=random(261,-2,2)
//! ssbo o binding=1 f32[384] expect=ref tol=abs:2e-4
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer O { float o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	float v = x[k];
	o[k * 6u + 0u] = sinh(v);
	o[k * 6u + 1u] = cosh(v);
	o[k * 6u + 2u] = tanh(v);
	o[k * 6u + 3u] = asinh(v);
	o[k * 6u + 4u] = acosh(abs(v) + 1.0);
	o[k * 6u + 5u] = atanh(v * 0.45);
}
