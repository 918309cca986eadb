#version 450
// dot, cross, length, distance, normalize, reflect, refract, faceforward.
//! groups 1
//! ssbo a binding=0 f32[256] init=random(271,-1,1)
//! ssbo b binding=1 f32[256] init=random(272,-1,1)
//! ssbo o binding=2 f32[1024] expect=ref tol=abs:2e-5
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer A { vec4 a[]; };
layout(std430, binding = 1) readonly buffer B { vec4 b[]; };
layout(std430, binding = 2) writeonly buffer O { vec4 o[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	vec3 p = a[k].xyz, q = b[k].xyz;
	vec3 n = normalize(q);
	o[k * 4u + 0u] = vec4(dot(a[k], b[k]), length(p), distance(p, q), dot(p, q));
	o[k * 4u + 1u] = vec4(cross(p, q), length(a[k]));
	o[k * 4u + 2u] = vec4(reflect(p, n), 0.0);
	o[k * 4u + 3u] = vec4(refract(normalize(p), n, 0.66), faceforward(1.0, p.x, q.x) * n.x);
}
