#version 450
// min, max, clamp, abs, sign, step (exact); mix, smoothstep (within tolerance).
//! groups 1
//! ssbo x binding=0 f32[64] init=random(211,-10,10)
//! ssbo y binding=1 f32[64] init=random(212,-10,10)
//! ssbo exact binding=2 f32[512] expect=ref
//! ssbo approx binding=3 f32[128] expect=ref tol=abs:1e-5
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) readonly buffer Y { float y[]; };
layout(std430, binding = 2) writeonly buffer E { float exact[]; };
layout(std430, binding = 3) writeonly buffer A { float approx[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	float a = x[k], b = y[k];
	exact[k * 8u + 0u] = min(a, b);
	exact[k * 8u + 1u] = max(a, b);
	exact[k * 8u + 2u] = clamp(a, -2.5, 3.0);
	exact[k * 8u + 3u] = abs(a);
	exact[k * 8u + 4u] = sign(a);
	exact[k * 8u + 5u] = step(b, a);
	exact[k * 8u + 6u] = float(min(int(a), int(b)) + max(uint(abs(a)), 3u));
	exact[k * 8u + 7u] = float(clamp(int(b), -3, 4));
	approx[k * 2u] = mix(a, b, fract(a));
	approx[k * 2u + 1u] = smoothstep(-5.0, 5.0, b);
}
