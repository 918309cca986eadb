#version 450
// Run-time indices into vector components (extract and insert), matrix
// columns and a private array of vectors.
//! groups 1
//! ssbo x binding=0 u32[256] init=random(1031,0,1000)
//! ssbo o binding=1 u32[256] expect=ref
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { uvec4 x[]; };
layout(std430, binding = 1) writeonly buffer O { uvec4 o[]; };

void main()
{
	uint i = gl_LocalInvocationIndex;
	uvec4 v = x[i];
	uint c = v.x % 4u, d = v.y % 4u;
	uvec4 w = v;
	w[c] = v[d] + 7u;
	mat4 m = mat4(vec4(v), vec4(v.yzwx), vec4(v.zwxy), vec4(v.wxyz));
	vec4 col = m[d];
	uvec4 arr[4] = uvec4[4](v, v * 2u, v + 3u, uvec4(i));
	o[i] = uvec4(w[(c + 1u) % 4u] + w[c], uint(col[c]), arr[c][d], arr[d].x + arr[(c + d) % 4u].w);
}
