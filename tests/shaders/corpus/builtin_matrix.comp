#version 450
// transpose, matrixCompMult, outerProduct (exact on small integers);
// determinant, inverse, matrix products (within tolerance).
//! groups 1
//! ssbo m binding=0 f32[512] init=random(291,-2,2)
//! ssbo exact binding=1 f32[1024] expect=ref
//! ssbo approx binding=2 f32[1024] expect=ref tol=abs:2e-3
layout(local_size_x = 32) in;
layout(std430, binding = 0) readonly buffer M { mat4 m[]; };
layout(std430, binding = 1) writeonly buffer E { mat4 exact[]; };
layout(std430, binding = 2) writeonly buffer A { vec4 approx[]; };

void main()
{
	uint k = gl_LocalInvocationIndex;
	mat4 a = m[k], b = m[(k + 1u) % 32u];
	/* Rounded to quarters: products and sums below are exact. */
	mat4 qa = mat4(round(a[0] * 4.0), round(a[1] * 4.0), round(a[2] * 4.0), round(a[3] * 4.0)) * 0.25;
	exact[k * 2u] = transpose(qa);
	exact[k * 2u + 1u] = matrixCompMult(qa, transpose(qa)) + outerProduct(qa[0], qa[1]);
	mat2 m2 = mat2(a[0].xy, a[1].xy) + mat2(5.0);
	mat3 m3 = mat3(a) + mat3(8.0);
	mat2 i2 = inverse(m2);
	mat3 i3 = inverse(m3);
	approx[k * 8u + 0u] = vec4(determinant(m2), determinant(m3), determinant(a), 0.0);
	approx[k * 8u + 1u] = vec4(i2[0], i2[1]);
	approx[k * 8u + 2u] = vec4(i3[0], i3[1].x);
	approx[k * 8u + 3u] = vec4(i3[1].yz, i3[2].xy);
	approx[k * 8u + 4u] = a * b[2];
	approx[k * 8u + 5u] = b[3] * a;
	approx[k * 8u + 6u] = (a * b)[1];
	approx[k * 8u + 7u] = vec4(i3[2].z, 0.0, 0.0, 0.0);
}
