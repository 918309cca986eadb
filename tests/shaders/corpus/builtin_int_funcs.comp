#version 450
// Integer built-ins: abs, sign, min, max, clamp on int and uint vectors.
//! groups 1
//! ssbo a binding=0 i32[256] init=random(301,-1000,1000)
//! ssbo o binding=1 i32[1024] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { ivec4 a[]; };
layout(std430, binding = 1) writeonly buffer O { ivec4 o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	ivec4 v = a[k], w = a[(k + 7u) % 64u];
	o[k * 4u + 0u] = abs(v) + sign(w);
	o[k * 4u + 1u] = min(v, w) - max(v, 10);
	o[k * 4u + 2u] = clamp(v, ivec4(-100), ivec4(50, 60, 70, 80));
	o[k * 4u + 3u] = ivec4(min(uvec4(v), uvec4(w)) >> 20u) + ivec4(clamp(uvec4(abs(w)), 5u, 500u));
}
