#version 450
// fma and mod(x, y) = x - y * floor(x / y); x / y stays at least 0.1 from an
// integer, where a conformant floor(x / y) could go either way.
//! groups 1
//! ssbo a binding=0 f32[64] init=ref
//! ssbo b binding=1 f32[64] init=random(282,-1,1)
//! ssbo c binding=2 f32[64] init=random(283,-1,1)
//! ssbo o binding=3 f32[128] expect=ref tol=abs:3e-5
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) readonly buffer C { float c[]; };
layout(std430, binding = 3) writeonly buffer O { float o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	o[k * 2u] = fma(a[k], b[k], c[k]);
	o[k * 2u + 1u] = mod(a[k] * 100.0, abs(b[k]) * 10.0 + 0.5);
}
