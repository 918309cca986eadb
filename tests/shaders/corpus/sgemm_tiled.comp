#version 450
// The benchmark SGEMM (bench/shader): C = A * B, row-major, M x K times
// K x N. A workgroup computes a 64x64 block of C through 64x16 and 16x64
// shared-memory tiles; each invocation a 4x4 block, from one vec4 of each
// tile per step. Push: M, N (multiples of 64), K (a multiple of 16).
// Integer-valued inputs keep the result exact whatever the order of sums.
//! groups 2 1
//! push u32 64 128 48
//! ssbo a binding=0 f32[3072] init=ref
//! ssbo b binding=1 f32[6144] init=ref
//! ssbo c binding=2 f32[8192] expect=ref
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform P { uint m, n, k; } pc;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { vec4 b[]; };
layout(std430, binding = 2) writeonly buffer C { vec4 c[]; };
/* tile_a[k][r]: rows 4r..4r+3 of the A tile at column k; tile_b[k][q]: columns 4q..4q+3. */
shared vec4 tile_a[16][16];
shared vec4 tile_b[16][16];

void main()
{
	uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
	uint l = gl_LocalInvocationIndex;
	uint row0 = gl_WorkGroupID.y * 64u, col0 = gl_WorkGroupID.x * 64u;
	uint n4 = pc.n / 4u;
	vec4 acc0 = vec4(0.0), acc1 = vec4(0.0), acc2 = vec4(0.0), acc3 = vec4(0.0);
	for (uint t = 0u; t < pc.k; t += 16u) {
		uint r = l >> 2, kq = (l & 3u) * 4u;
		for (uint j = 0u; j < 4u; j++)
			tile_a[kq + j][r >> 2][r & 3u] = a[(row0 + r) * pc.k + t + kq + j];
		tile_b[l >> 4][l & 15u] = b[(t + (l >> 4)) * n4 + col0 / 4u + (l & 15u)];
		barrier();
		for (uint kk = 0u; kk < 16u; kk++) {
			vec4 av = tile_a[kk][ty], bv = tile_b[kk][tx];
			acc0 += av.x * bv;
			acc1 += av.y * bv;
			acc2 += av.z * bv;
			acc3 += av.w * bv;
		}
		barrier();
	}
	uint base = (row0 + ty * 4u) * n4 + col0 / 4u + tx;
	c[base] = acc0;
	c[base + n4] = acc1;
	c[base + 2u * n4] = acc2;
	c[base + 3u * n4] = acc3;
}
