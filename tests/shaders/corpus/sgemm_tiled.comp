#version 450
// The benchmark SGEMM (bench/shader): C = A * B, row-major, M x K times
// K x N, 16x16 shared-memory tiles; each invocation computes a 2x2 block
// of C from a 32x32 tile. Push: M, N, K (multiples of 32). Integer-valued
// inputs keep the result exact whatever the order of the sums.
//! groups 2 2
//! push u32 64 64 64
//! ssbo a binding=0 f32[4096] init=ref
//! ssbo b binding=1 f32[4096] init=ref
//! ssbo c binding=2 f32[4096] expect=ref
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform P { uint m, n, k; } pc;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
shared float tile_a[32][33];
shared float tile_b[32][33];

void main()
{
	uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
	uint row0 = gl_WorkGroupID.y * 32u, col0 = gl_WorkGroupID.x * 32u;
	vec2 acc0 = vec2(0.0), acc1 = vec2(0.0);
	for (uint t = 0u; t < pc.k; t += 32u) {
		for (uint r = ty; r < 32u; r += 16u) {
			for (uint q = tx; q < 32u; q += 16u) {
				tile_a[r][q] = a[(row0 + r) * pc.k + t + q];
				tile_b[r][q] = b[(t + r) * pc.n + col0 + q];
			}
		}
		barrier();
		for (uint q = 0u; q < 32u; q++) {
			vec2 av = vec2(tile_a[ty * 2u][q], tile_a[ty * 2u + 1u][q]);
			vec2 bv = vec2(tile_b[q][tx * 2u], tile_b[q][tx * 2u + 1u]);
			acc0 += av.x * bv;
			acc1 += av.y * bv;
		}
		barrier();
	}
	uint row = row0 + ty * 2u, col = col0 + tx * 2u;
	c[row * pc.n + col] = acc0.x;
	c[row * pc.n + col + 1u] = acc0.y;
	c[(row + 1u) * pc.n + col] = acc1.x;
	c[(row + 1u) * pc.n + col + 1u] = acc1.y;
}
