/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the real-workload shaders: reductions, scans, matrix
 * products, histogram, sorts, stencils and simulations, plus the three
 * kernels the shader benchmarks time (reduce_bandwidth, stream_triad and
 * stream_copy, sgemm_tiled).
 */

#include "corpus_refs.h"

#include <stdlib.h>

static void reduce_shared(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int g = 0; g < 4; g++) {
		o[g] = 0;
		for (int l = 0; l < 256; l++)
			o[g] += x[g * 256 + l];
	}
}

static void reduce_bandwidth(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o"), per_group = push_u32(t, 0) * 4;

	for (uint32_t g = 0; g < 8; g++) {
		o[g] = 0;
		for (uint32_t i = 0; i < per_group; i++)
			o[g] += x[g * per_group + i];
	}
}

static void stream_triad(struct corpus_test *t)
{
	const float *b = corpus_in(t, "b"), *c = corpus_in(t, "c");
	float *a = corpus_out(t, "a"), s = push_f32(t, 0);
	uint32_t count = push_u32(t, 4);

	for (uint32_t i = 0; i < count * 4; i++)
		a[i] = b[i] + s * c[i];
}

static void stream_copy(struct corpus_test *t)
{
	memcpy(corpus_out(t, "dst"), corpus_in(t, "src"), push_u32(t, 0) * 16);
}

static void sgemm_tiled(struct corpus_test *t)
{
	float *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	float *c = corpus_out(t, "c");
	uint32_t m = push_u32(t, 0), n = push_u32(t, 4), k = push_u32(t, 8);
	uint64_t seed = 751;

	/* Integers in [-8, 8]: every partial sum is exact in float. */
	for (uint32_t i = 0; i < m * k; i++)
		a[i] = (float)(int)(corpus_random(&seed) % 17) - 8;
	for (uint32_t i = 0; i < k * n; i++)
		b[i] = (float)(int)(corpus_random(&seed) % 17) - 8;

	for (uint32_t r = 0; r < m; r++)
		for (uint32_t col = 0; col < n; col++) {
			double sum = 0;

			for (uint32_t q = 0; q < k; q++)
				sum += (double)a[r * k + q] * b[q * n + col];
			c[r * n + col] = (float)sum;
		}
}

static void matmul_naive(struct corpus_test *t)
{
	const int32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	float *c = corpus_out(t, "c");

	for (int r = 0; r < 32; r++)
		for (int col = 0; col < 32; col++) {
			int32_t sum = 0;

			for (int q = 0; q < 32; q++)
				sum += a[r * 32 + q] * b[q * 32 + col];
			c[r * 32 + col] = (float)sum;
		}
}

/* Inclusive scans of consecutive 256-element blocks. */
static void scan_hillis_steele(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 512; i++)
		o[i] = (i % 256 ? o[i - 1] : 0) + x[i];
}

static void scan_blelloch(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o"), *total = corpus_out(t, "total"), sum = 0;

	for (int i = 0; i < 512; i++) {
		o[i] = sum;
		sum += x[i];
	}
	*total = sum;
}

static void histogram(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *bins = corpus_out(t, "bins");

	for (int i = 0; i < 4096; i++) {
		uint32_t v = x[i];

		bins[(v & 3) == 0 ? (v >> 8) % 4 : (v >> 8) % 64]++;
	}
}

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void bitonic_sort(struct corpus_test *t)
{
	uint32_t *keys = corpus_out(t, "keys");

	qsort(keys, 512, 4, compare_u32);
}

static void conv2d_3x3(struct corpus_test *t)
{
	const float *img = corpus_in(t, "img"), *w = corpus_in(t, "w");
	float *o = corpus_out(t, "o");

	for (int y = 0; y < 32; y++)
		for (int x = 0; x < 32; x++) {
			float sum = 0;

			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					int qx = x + dx < 0 ? 0 : x + dx > 31 ? 31 : x + dx;
					int qy = y + dy < 0 ? 0 : y + dy > 31 ? 31 : y + dy;

					sum += floorf(img[qy * 32 + qx]) * (w[(dy + 1) * 4 + dx + 1] / 16.0f);
				}
			o[y * 32 + x] = sum;
		}
}

static void blur_shared_halo(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 1024; i++) {
		o[i] = 0;
		for (int d = -2; d <= 2; d++)
			o[i] += i + d < 0 || i + d >= 1024 ? 0 : x[i + d];
	}
}

const struct corpus_ref corpus_refs_workloads[] = {
	REF(reduce_shared), REF(reduce_bandwidth), REF(stream_triad), REF(stream_copy),
	REF(sgemm_tiled), REF(matmul_naive), REF(scan_hillis_steele), REF(scan_blelloch),
	REF(histogram), REF(bitonic_sort), REF(conv2d_3x3), REF(blur_shared_halo),
	{ NULL, NULL },
};
