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

					sum += floorf(img[qy * 32 + qx]) * (w[(dy + 1) * 4 + dx + 1] * 0.0625f);
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

static void nbody_step(struct corpus_test *t)
{
	const float *pos = corpus_in(t, "pos"), *vel = corpus_in(t, "vel");
	float *po = corpus_out(t, "pos_out"), *vo = corpus_out(t, "vel_out");
	double dt = push_f32(t, 0), soft = push_f32(t, 4);

	for (int i = 0; i < 128; i++) {
		double acc[3] = { 0 };

		for (int j = 0; j < 128; j++) {
			double d[3], r2 = soft;

			for (int c = 0; c < 3; c++) {
				d[c] = (double)pos[j * 4 + c] - pos[i * 4 + c];
				r2 += d[c] * d[c];
			}
			double f = ((double)pos[j * 4 + 3] + 2) * 0.5 / (r2 * sqrt(r2));
			for (int c = 0; c < 3; c++)
				acc[c] += d[c] * f;
		}
		for (int c = 0; c < 3; c++) {
			double v = vel[i * 4 + c] + acc[c] * dt;

			vo[i * 4 + c] = (float)v;
			po[i * 4 + c] = (float)(pos[i * 4 + c] + v * dt);
		}
		vo[i * 4 + 3] = vel[i * 4 + 3];
		po[i * 4 + 3] = pos[i * 4 + 3];
	}
}

/* Float arithmetic exactly as the shader's (no contraction: -ffp-contract=off). */
static void mandelbrot(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t py = 0; py < 64; py++)
		for (uint32_t px = 0; px < 64; px++) {
			float cx = -2.0f + (float)px * 0.0390625f, cy = -1.25f + (float)py * 0.0390625f;
			float x = 0, y = 0;
			uint32_t n = 0;

			while (n < 200) {
				float xx = x * x, yy = y * y;

				if (xx + yy > 4.0f)
					break;
				float xy = x * y;
				x = xx - yy + cx;
				y = xy + xy + cy;
				n++;
			}
			o[py * 64 + px] = n;
		}
}

static void radix_sort_pass(struct corpus_test *t)
{
	const uint32_t *keys = corpus_in(t, "keys");
	uint32_t *o = corpus_out(t, "o"), shift = push_u32(t, 0), n = 0;

	for (uint32_t digit = 0; digit < 16; digit++)
		for (int i = 0; i < 256; i++)
			if (((keys[i] >> shift) & 15) == digit)
				o[n++] = keys[i];
}

static void game_of_life(struct corpus_test *t)
{
	const uint32_t *cells = corpus_in(t, "cells");
	uint32_t *next = corpus_out(t, "next");

	for (int y = 0; y < 32; y++)
		for (int x = 0; x < 32; x++) {
			uint32_t alive = 0, me = cells[y * 32 + x];

			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					if (dx || dy)
						alive += cells[((y + dy + 32) % 32) * 32 + (x + dx + 32) % 32];
			next[y * 32 + x] = alive == 3 || (alive == 2 && me == 1);
		}
}

static void crc32(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t crc = UINT32_MAX;

		for (int w = 0; w < 16; w++)
			for (int b = 0; b < 4; b++) {
				crc ^= (x[i * 16 + w] >> (8 * b)) & 0xff;
				for (int k = 0; k < 8; k++)
					crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
			}
		o[i] = ~crc;
	}
}

static void spmv_csr(struct corpus_test *t)
{
	uint32_t *rows = corpus_in(t, "rows"), *cols = corpus_in(t, "cols");
	float *vals = corpus_in(t, "vals"), *x = corpus_in(t, "x"), *y = corpus_out(t, "y");
	uint64_t seed = 881;

	/* Small integers: the row sums are exact in any order. */
	rows[0] = 0;
	for (int r = 0; r < 64; r++) {
		uint32_t length = corpus_random(&seed) % 17;

		rows[r + 1] = rows[r] + length;
		for (uint32_t k = rows[r]; k < rows[r + 1]; k++) {
			cols[k] = corpus_random(&seed) % 64;
			vals[k] = (float)(int)(corpus_random(&seed) % 11) - 5;
		}
	}
	for (int i = 0; i < 64; i++)
		x[i] = (float)(int)(corpus_random(&seed) % 21) - 10;
	for (int r = 0; r < 64; r++) {
		y[r] = 0;
		for (uint32_t k = rows[r]; k < rows[r + 1]; k++)
			y[r] += vals[k] * x[cols[k]];
	}
}

static void matvec_spec_arrays(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a");
	const float *b = corpus_in(t, "b");
	float *o = corpus_out(t, "o");

	for (int j = 0; j < 3; j++)
		for (int r = 0; r < 4; r++) {
			float sum = 0;

			for (int k = 0; k < 256; k++)
				sum += (float)a[r * 256 + k] * b[j * 256 + k];
			o[j * 4 + r] = sum;
		}
}

const struct corpus_ref corpus_refs_workloads[] = {
	REF(reduce_shared), REF(reduce_bandwidth), REF(stream_triad), REF(stream_copy),
	REF(sgemm_tiled), REF(matmul_naive), REF(scan_hillis_steele), REF(scan_blelloch),
	REF(histogram), REF(bitonic_sort), REF(conv2d_3x3), REF(blur_shared_halo),
	REF(nbody_step), REF(mandelbrot), REF(radix_sort_pass), REF(game_of_life), REF(crc32),
	REF(spmv_csr), REF(matvec_spec_arrays),
	{ NULL, NULL },
};
