/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: bench-shader's physical reference
 *
 * What the host itself does with each benchmark kernel's work, on as many
 * threads as Ember's shader core has (one per CPU, or --cores N), in the
 * same run: the limit Ember's JIT is measured against (issue 15).
 *
 * - stream_copy, stream_triad, reduce_bandwidth: the plain C loop over the
 *   same buffers (built with -O2 -march=native, so GCC vectorises it for
 *   this CPU; -fno-tree-loop-distribute-patterns keeps the copy a loop
 *   rather than a memcpy() call), each thread on a contiguous part;
 * - sgemm_tiled: OpenBLAS's cblas_sgemm() where libopenblas is installed
 *   (BENCH_HAVE_OPENBLAS, from meson), else a plain C SGEMM, register-
 *   blocked 4 rows x 16 columns with GCC vector types, each thread on
 *   panels of 16 columns of C (labelled as such: it is not OpenBLAS).
 *
 * The results land in the kernel's own buffers, which bench-shader
 * verifies as it does every back end's: they are the sink that keeps the
 * compiler from dropping the loops, and a wrong reference fails the run.
 */

#include "bench_native.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef BENCH_HAVE_OPENBLAS
#include <cblas.h>
#endif

#define NATIVE_MAX_THREADS	256
#define NATIVE_MAX_BUFFERS	4

enum native_kind { NATIVE_COPY, NATIVE_TRIAD, NATIVE_REDUCE, NATIVE_SGEMM };

struct native_kernel {
	enum native_kind kind;
	unsigned int threads;
	void *buffers[NATIVE_MAX_BUFFERS];
	unsigned int buffer_count;
	uint32_t push[4];
	uint32_t groups;
};

/* One thread's part: [@first, @end) of the kernel's unit of work. */
struct native_part {
	const struct native_kernel *k;
	size_t first, end;
};

static const struct {
	const char *shader;
	enum native_kind kind;
	const char *label;
} native_refs[] = {
	{ "stream_copy", NATIVE_COPY, "C loop" },
	{ "stream_triad", NATIVE_TRIAD, "C loop" },
	{ "reduce_bandwidth", NATIVE_REDUCE, "C loop" },
#ifdef BENCH_HAVE_OPENBLAS
	{ "sgemm_tiled", NATIVE_SGEMM, "OpenBLAS" },
#else
	{ "sgemm_tiled", NATIVE_SGEMM, "C blocked SGEMM (no OpenBLAS installed)" },
#endif
};

static int native_find(const char *shader)
{
	for (size_t i = 0; i < sizeof(native_refs) / sizeof(native_refs[0]); i++)
		if (!strcmp(native_refs[i].shader, shader))
			return (int)i;
	return -1;
}

const char *bench_native_label(const char *shader)
{
	int i = native_find(shader);

	return i < 0 ? NULL : native_refs[i].label;
}

/* dst = src, in 32-bit words (the shader's uvec4 elements, four at a time). */
static void native_copy(const struct native_kernel *k, size_t first, size_t end)
{
	uint32_t *restrict dst = k->buffers[0];
	const uint32_t *restrict src = k->buffers[1];

	for (size_t i = 4 * first; i < 4 * end; i++)
		dst[i] = src[i];
}

/* a = b + s * c over floats. */
static void native_triad(const struct native_kernel *k, size_t first, size_t end)
{
	float *restrict a = k->buffers[0];
	const float *restrict b = k->buffers[1], *restrict c = k->buffers[2];
	float s;

	memcpy(&s, &k->push[0], sizeof(s));
	for (size_t i = 4 * first; i < 4 * end; i++)
		a[i] = b[i] + s * c[i];
}

/* Workgroups [first, end): each sums its push[0] uvec4s into its output word. */
static void native_reduce(const struct native_kernel *k, size_t first, size_t end)
{
	const uint32_t *x = k->buffers[0];
	uint32_t *o = k->buffers[1];
	size_t words = 4 * (size_t)k->push[0];

	for (size_t g = first; g < end; g++) {
		const uint32_t *restrict p = x + g * words;
		uint32_t sum = 0;

		for (size_t i = 0; i < words; i++)
			sum += p[i];
		o[g] = sum;
	}
}

#ifndef BENCH_HAVE_OPENBLAS
typedef float native_v8 __attribute__((vector_size(32)));

/*
 * C = A * B (row-major, M x K times K x N) for the 16-column panels
 * [first, end): per panel, 4 rows of C at a time in 8 vector
 * accumulators, the panel of B (K x 64 bytes) staying in cache across
 * the rows.
 */
static void native_sgemm(const struct native_kernel *k, size_t first, size_t end)
{
	const float *a = k->buffers[0], *b = k->buffers[1];
	float *c = k->buffers[2];
	size_t m = k->push[0], n = k->push[1], kk = k->push[2];

	for (size_t p = first; p < end; p++) {
		size_t col = 16 * p;

		for (size_t r = 0; r + 4 <= m; r += 4) {
			native_v8 acc[4][2] = { 0 };

			for (size_t x = 0; x < kk; x++) {
				native_v8 b0, b1;

				memcpy(&b0, &b[x * n + col], sizeof(b0));
				memcpy(&b1, &b[x * n + col + 8], sizeof(b1));
				for (int i = 0; i < 4; i++) {
					float s = a[(r + i) * kk + x];

					acc[i][0] += s * b0;
					acc[i][1] += s * b1;
				}
			}
			for (int i = 0; i < 4; i++) {
				memcpy(&c[(r + i) * n + col], &acc[i][0], sizeof(acc[i][0]));
				memcpy(&c[(r + i) * n + col + 8], &acc[i][1], sizeof(acc[i][1]));
			}
		}
	}
}
#endif

static void *native_part_run(void *arg)
{
	const struct native_part *part = arg;
	const struct native_kernel *k = part->k;

	switch (k->kind) {
	case NATIVE_COPY:
		native_copy(k, part->first, part->end);
		break;
	case NATIVE_TRIAD:
		native_triad(k, part->first, part->end);
		break;
	case NATIVE_REDUCE:
		native_reduce(k, part->first, part->end);
		break;
	case NATIVE_SGEMM:
#ifndef BENCH_HAVE_OPENBLAS
		native_sgemm(k, part->first, part->end);
#endif
		break;
	}
	return NULL;
}

/* The units of work the threads share: uvec4s, workgroups or C's column panels. */
static size_t native_units(const struct native_kernel *k)
{
	switch (k->kind) {
	case NATIVE_COPY:
		return k->push[0];
	case NATIVE_TRIAD:
		return k->push[1];
	case NATIVE_REDUCE:
		return k->groups;
	default:
		return k->push[1] / 16;
	}
}

void *bench_native_create(const char *shader, unsigned int threads,
			  const struct kernel_desc *desc, char *err, size_t size)
{
	int ref = native_find(shader);
	struct native_kernel *k;

	if (ref < 0 || desc->buffer_count > NATIVE_MAX_BUFFERS || !threads ||
	    threads > NATIVE_MAX_THREADS || desc->push_size > sizeof(k->push)) {
		snprintf(err, size, "no C reference for %s", shader);
		return NULL;
	}
	k = calloc(1, sizeof(*k));
	if (!k) {
		snprintf(err, size, "out of memory");
		return NULL;
	}
	k->kind = native_refs[ref].kind;
	k->threads = threads;
	k->groups = desc->groups[0] * desc->groups[1] * desc->groups[2];
	memcpy(k->push, desc->push, desc->push_size);
	k->buffer_count = desc->buffer_count;
	for (unsigned int b = 0; b < desc->buffer_count; b++) {
		size_t bytes = (desc->buffers[b].size + 63) & ~(size_t)63;

		k->buffers[b] = aligned_alloc(64, bytes);
		if (!k->buffers[b]) {
			snprintf(err, size, "out of memory");
			bench_native_destroy(k);
			return NULL;
		}
	}
	return k;
}

void *bench_native_buffer(void *kernel, unsigned int index)
{
	return ((struct native_kernel *)kernel)->buffers[index];
}

int bench_native_run(void *kernel, char *err, size_t size)
{
	struct native_kernel *k = kernel;
	struct native_part parts[NATIVE_MAX_THREADS];
	pthread_t tids[NATIVE_MAX_THREADS];
	size_t units = native_units(k);
	unsigned int started = 0;

#ifdef BENCH_HAVE_OPENBLAS
	if (k->kind == NATIVE_SGEMM) {
		openblas_set_num_threads((int)k->threads);
		cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)k->push[0],
			    (int)k->push[1], (int)k->push[2], 1.0f, k->buffers[0], (int)k->push[2],
			    k->buffers[1], (int)k->push[1], 0.0f, k->buffers[2], (int)k->push[1]);
		return 0;
	}
#endif
	for (unsigned int t = 0; t < k->threads; t++) {
		parts[t] = (struct native_part) {
			.k = k, .first = units * t / k->threads, .end = units * (t + 1) / k->threads,
		};
	}
	/* Threads 1.. on their own, part 0 on this one (as the engine's thread works too). */
	for (unsigned int t = 1; t < k->threads; t++) {
		if (pthread_create(&tids[t], NULL, native_part_run, &parts[t]))
			break;
		started++;
	}
	native_part_run(&parts[0]);
	for (unsigned int t = 1; t <= started; t++)
		pthread_join(tids[t], NULL);
	if (started + 1 != k->threads) {
		snprintf(err, size, "pthread_create failed");
		return -1;
	}
	return 0;
}

void bench_native_destroy(void *kernel)
{
	struct native_kernel *k = kernel;

	for (unsigned int b = 0; b < NATIVE_MAX_BUFFERS; b++)
		free(k->buffers[b]);
	free(k);
}
