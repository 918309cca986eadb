#version 450
// Built-ins on vectors (vec2/vec3/vec4, ivec, uvec): component-wise
// results must match the scalar definitions.
//! groups 1
//! ssbo x binding=0 f32[256] init=random(931,-4,4)
//! ssbo u binding=1 u32[256] init=random(932,0,0xffffffff)
//! ssbo f binding=2 f32[768] expect=ref tol=ulp:5
//! ssbo i binding=3 u32[768] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { vec4 x[]; };
layout(std430, binding = 1) readonly buffer U { uvec4 u[]; };
layout(std430, binding = 2) writeonly buffer F { vec4 f[]; };
layout(std430, binding = 3) writeonly buffer I { uvec4 i[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	vec4 v = x[k];
	uvec4 w = u[k];
	f[k * 3u] = floor(v) + abs(v.wzyx) * sign(v);
	f[k * 3u + 1u] = vec4(clamp(v.xyz, vec3(-1.0), vec3(2.0)), max(v.x, v.y)) + fract(v);
	f[k * 3u + 2u] = vec4(sqrt(abs(v.xy)), min(v.zw, vec2(0.5)));
	i[k * 3u] = uvec4(bitCount(w)) + (w >> uvec4(1u, 2u, 3u, 4u));
	i[k * 3u + 1u] = uvec4(findLSB(w)) ^ bitfieldReverse(w.yzwx);
	i[k * 3u + 2u] = uvec4(ivec4(w) / ivec4(7, -3, 5, -11)) + min(w, uvec4(1000u));
}
