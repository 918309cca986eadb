/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader benchmarks — Ember's shader core against lavapipe
 *
 * The same SPIR-V (the corpus shaders sgemm_tiled, stream_copy,
 * stream_triad and reduce_bandwidth, whose results the corpus checks on
 * both back ends) runs in one process on lavapipe, through the Vulkan
 * loader, and on Ember's compiler + shader core on the host (ember_host:
 * the device path, all host CPUs, no VM), once with the shader JIT and
 * once on the interpreter; the JIT's compile time of each kernel (its
 * first dispatch compiles it) is printed too. For each kernel and back end:
 * build once, one warm-up run whose result is verified (a wrong answer is
 * reported, never timed; through Vulkan, more untimed runs follow until the
 * device's background JIT has had time to compile the kernel), then
 * several timed runs; the median is printed
 * with the Ember/lavapipe ratio, one line per kernel. The timed runs of
 * the back ends alternate, so all see the same load.
 *
 * The physical reference (bench_native.c) runs with them where a kernel
 * has one: the plain C loop of copy, triad and reduce, and OpenBLAS's
 * SGEMM (a plain blocked C SGEMM where OpenBLAS is not installed), on as
 * many threads as Ember's shader core has; its line ends with Ember's
 * JIT as a fraction of it.
 *
 * Timing is wall time around submit-and-wait, the same for both. The
 * kernels are idempotent, so every run computes the verified result.
 * Arguments select kernels by shader name (default: all); "--only NAME"
 * runs one back end (lavapipe, ember-jit, ember-interpreter, native), e.g.
 * under perf record; "--rates" adds a line "rate KEY VALUE" per kernel for
 * scripts; "--cores N" gives Ember's shader core N host threads in all
 * instead of one per host CPU (--cores 1 against the default shows how a
 * kernel scales across cores); "--warmup S" adds untimed runs until S
 * seconds after the first (a steady state to point perf record at);
 * "--stream-mib N" streams N MiB in copy, triad and reduce (default 16).
 *
 * In the guest, "--vulkan NAME" runs the same kernels through the Vulkan
 * device NAME (Ember's ICD) instead, as ratios to the host's figures that
 * the host run wrote with "--ref-out FILE" and ./ember bench passes back
 * as "--ref" options: the whole stack against lavapipe and against
 * Ember's shader core driven directly.
 */

#include "bench_native.h"
#include "corpus.h"
#include "kernel.h"
#include "ember_host.h"
#include "ember_kernel.h"
#include "lvp.h"

#include "sample_fetch.spv.h"
#include "sample_lod.spv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <vulkan/vulkan.h>

#define BENCH_MAX_REPS 5
/* Above this many seconds per run, 3 timed runs are enough. */
#define BENCH_SLOW_RUN 2.0
/*
 * Through Vulkan, untimed runs until this many seconds have passed: the
 * device compiles a new program in the background (ember-gpu's JIT) and
 * interprets it meanwhile, where the host figures are taken on code
 * compiled before timing (EMBER_HOST_JIT_SYNC); both time steady state.
 */
#define BENCH_VULKAN_WARMUP 1.5

/* Untimed runs after the verified one until this many seconds (0: none). */
static double bench_warmup_seconds;

enum { BENCH_SGEMM_N = 1024, BENCH_STREAM_VEC4 = 1 << 20, BENCH_REDUCE_GROUPS = 256 };

/*
 * vec4s in each stream of copy, triad and reduce: BENCH_STREAM_VEC4
 * (16 MiB) unless "--stream-mib N" says otherwise. Larger streams show
 * what a fixed cost per dispatch (a submit through the whole stack) is
 * worth next to the per-byte cost.
 */
static unsigned int bench_stream_vec4 = BENCH_STREAM_VEC4;

struct bench_kernel {
	const char *title;
	const char *shader;	/* corpus shader name */
	const char *unit;
	double work;		/* FLOPs or bytes per run */
	unsigned int buffer_count;
	struct kernel_buffer_desc buffers[3];
	uint32_t push[8];
	uint32_t push_size;
	uint32_t groups[3];
	void (*fill)(const struct bench_kernel *bk, void **maps);
	/* Returns NULL when right, else what is wrong. */
	const char *(*verify)(const struct bench_kernel *bk, void *const *maps, char *msg,
			      size_t size);
};

/* EMBER_BENCH_CPU_TIME set: the process's CPU time (bench/README.md). */
static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(getenv("EMBER_BENCH_CPU_TIME") ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC,
		      &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t bench_seed;

/* Integers in [-8, 8]: every SGEMM partial sum is exact in float. */
static float bench_small_int(void)
{
	return (float)(int)(corpus_random(&bench_seed) % 17) - 8;
}

static void sgemm_fill(const struct bench_kernel *bk, void **maps)
{
	float *a = maps[0], *b = maps[1];

	bench_seed = 1;
	for (int i = 0; i < BENCH_SGEMM_N * BENCH_SGEMM_N; i++) {
		a[i] = bench_small_int();
		b[i] = bench_small_int();
	}
	memset(maps[2], 0xff, (size_t)BENCH_SGEMM_N * BENCH_SGEMM_N * 4);
}

static const char *sgemm_verify(const struct bench_kernel *bk, void *const *maps, char *msg,
				size_t size)
{
	const float *a = maps[0], *b = maps[1], *c = maps[2];
	const int n = BENCH_SGEMM_N;
	uint64_t seed = 99;

	/* 2048 sampled elements, each against an exact dot product. */
	for (int s = 0; s < 2048; s++) {
		int r = corpus_random(&seed) % n, col = corpus_random(&seed) % n;
		double sum = 0;

		for (int k = 0; k < n; k++)
			sum += (double)a[r * n + k] * b[k * n + col];
		if (c[r * n + col] != (float)sum) {
			snprintf(msg, size, "C[%d][%d] = %g, expected %g", r, col, c[r * n + col], sum);
			return msg;
		}
	}
	return NULL;
}

static void stream_fill(const struct bench_kernel *bk, void **maps)
{
	float *dst = maps[0], *b = maps[1], *c = maps[2];

	bench_seed = 2;
	for (size_t i = 0; i < (size_t)bench_stream_vec4 * 4; i++) {
		dst[i] = -1;
		b[i] = bench_small_int() * 0.5f;
		c[i] = bench_small_int() * 0.25f;
	}
}

static void copy_fill(const struct bench_kernel *bk, void **maps)
{
	uint32_t *dst = maps[0], *src = maps[1];

	bench_seed = 4;
	for (size_t i = 0; i < (size_t)bench_stream_vec4 * 4; i++) {
		dst[i] = 0;
		src[i] = (uint32_t)corpus_random(&bench_seed);
	}
}

static const char *copy_verify(const struct bench_kernel *bk, void *const *maps, char *msg,
			       size_t size)
{
	if (memcmp(maps[0], maps[1], (size_t)bench_stream_vec4 * 16)) {
		snprintf(msg, size, "the copy differs from the source");
		return msg;
	}
	return NULL;
}

static const char *triad_verify(const struct bench_kernel *bk, void *const *maps, char *msg,
				size_t size)
{
	const float *a = maps[0], *b = maps[1], *c = maps[2];

	/* Halves plus 3 * quarters: exact, fused or not. */
	for (size_t i = 0; i < (size_t)bench_stream_vec4 * 4; i++) {
		if (a[i] != b[i] + 3.0f * c[i]) {
			snprintf(msg, size, "a[%zu] = %g, expected %g", i, a[i], b[i] + 3.0f * c[i]);
			return msg;
		}
	}
	return NULL;
}

static void reduce_fill(const struct bench_kernel *bk, void **maps)
{
	uint32_t *x = maps[0];

	bench_seed = 3;
	for (size_t i = 0; i < (size_t)bench_stream_vec4 * 4; i++)
		x[i] = (uint32_t)corpus_random(&bench_seed);
	memset(maps[1], 0, BENCH_REDUCE_GROUPS * 4);
}

static const char *reduce_verify(const struct bench_kernel *bk, void *const *maps, char *msg,
				 size_t size)
{
	const uint32_t *x = maps[0], *partial = maps[1];
	const int per_group = bench_stream_vec4 * 4 / BENCH_REDUCE_GROUPS;

	for (int g = 0; g < BENCH_REDUCE_GROUPS; g++) {
		uint32_t sum = 0;

		for (int i = 0; i < per_group; i++)
			sum += x[(size_t)g * per_group + i];
		if (partial[g] != sum) {
			snprintf(msg, size, "partial sum %d = %u, expected %u", g, partial[g], sum);
			return msg;
		}
	}
	return NULL;
}

/*
 * Sampling kernels (sample_fetch.comp, sample_lod.comp): a square image
 * of random texels, each invocation a column of BENCH_SAMPLE_ROWS texels
 * walked BENCH_SAMPLE_PASSES times, adjacent lanes on adjacent texels.
 * Their work is the texels sampled per run. A run also uploads the image
 * and reads it back on both back ends (the executors' contract: packed
 * contents in, packed contents out), 4 MiB each way, small next to the
 * BENCH_SAMPLE_PASSES x 1M samples.
 */
enum { BENCH_IMAGE_SIDE = 1024, BENCH_SAMPLE_ROWS = 16, BENCH_SAMPLE_PASSES = 4 };
#define BENCH_SAMPLE_SUMS (BENCH_IMAGE_SIDE * (BENCH_IMAGE_SIDE / BENCH_SAMPLE_ROWS))
#define BENCH_SAMPLES ((double)BENCH_IMAGE_SIDE * BENCH_IMAGE_SIDE * BENCH_SAMPLE_PASSES)
/* Float bits of the sampling kernel's push constants. */
#define BENCH_F_HALF		0x3f000000u	/* 0.5: a texel's centre */
#define BENCH_F_0_3		0x3e99999au
#define BENCH_F_0_7		0x3f333333u
#define BENCH_F_INV_SIDE	0x3a800000u	/* 1 / 1024 */

static const struct corpus_image bench_rgba8 = {
	.format = VK_FORMAT_R8G8B8A8_UNORM, .view_type = VK_IMAGE_VIEW_TYPE_2D,
	.width = BENCH_IMAGE_SIDE, .height = BENCH_IMAGE_SIDE, .depth = 1, .levels = 1,
	.layers = 1, .texel_size = 4,
};

static const struct corpus_image bench_r32f = {
	.format = VK_FORMAT_R32_SFLOAT, .view_type = VK_IMAGE_VIEW_TYPE_2D,
	.width = BENCH_IMAGE_SIDE, .height = BENCH_IMAGE_SIDE, .depth = 1, .levels = 1,
	.layers = 1, .texel_size = 4,
};

static const struct corpus_sampler bench_nearest = {
	.mag_filter = VK_FILTER_NEAREST, .min_filter = VK_FILTER_NEAREST,
	.mipmap_mode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
	.address = { VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		     VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE },
	.max_lod = 1000.0f,
};

static const struct corpus_sampler bench_linear = {
	.mag_filter = VK_FILTER_LINEAR, .min_filter = VK_FILTER_LINEAR,
	.mipmap_mode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
	.address = { VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		     VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE },
	.max_lod = 1000.0f,
};

static void sample_fill(const struct bench_kernel *bk, void **maps)
{
	const size_t texels = (size_t)BENCH_IMAGE_SIDE * BENCH_IMAGE_SIDE;

	bench_seed = 5;
	if (bk->buffers[0].image->format == VK_FORMAT_R32_SFLOAT) {
		float *f = maps[0];

		for (size_t i = 0; i < texels; i++)
			f[i] = (float)(corpus_random(&bench_seed) % 1024) / 1024.0f;
	} else {
		uint8_t *b = maps[0];

		for (size_t i = 0; i < texels * 4; i++)
			b[i] = (uint8_t)corpus_random(&bench_seed);
	}
	memset(maps[1], 0xff, (size_t)BENCH_SAMPLE_SUMS * 16);
}

/* Texel (x, y) as the shader reads it (vec4), clamped to the edge. */
static void sample_texel(const struct corpus_image *im, const void *packed, int x, int y,
			 double out[4])
{
	const int last = BENCH_IMAGE_SIDE - 1;
	size_t i;

	x = x < 0 ? 0 : x > last ? last : x;
	y = y < 0 ? 0 : y > last ? last : y;
	i = (size_t)y * BENCH_IMAGE_SIDE + (size_t)x;
	if (im->format == VK_FORMAT_R32_SFLOAT) {
		out[0] = ((const float *)packed)[i];
		out[1] = out[2] = 0;
		out[3] = 1;
		return;
	}
	for (int c = 0; c < 4; c++)
		out[c] = ((const uint8_t *)packed)[i * 4 + c] / 255.0;
}

static float bench_bits_float(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

/*
 * Every 61st invocation's sums against a C computation: fetches and
 * nearest samples to float rounding, linear samples within 2/255 each
 * (the specification lets filtering weigh with 8 bits of sub-texel
 * precision, as lavapipe does).
 */
static const char *sample_verify(const struct bench_kernel *bk, void *const *maps, char *msg,
				 size_t size)
{
	const struct kernel_buffer_desc *b = &bk->buffers[0];
	const bool linear = b->sampler && b->sampler->mag_filter == VK_FILTER_LINEAR;
	/* texelFetch: the texel itself, as at its centre. */
	const double off[2] = {
		b->sampler ? bench_bits_float(bk->push[4]) : 0.5,
		b->sampler ? bench_bits_float(bk->push[5]) : 0.5,
	};
	const double per_sample = linear ? 2.0 / 255 : 1e-6;
	const float *sums = maps[1];

	for (unsigned int inv = 0; inv < BENCH_SAMPLE_SUMS; inv += 61) {
		const int x = (int)(inv % BENCH_IMAGE_SIDE);
		const int y0 = (int)(inv / BENCH_IMAGE_SIDE) * BENCH_SAMPLE_ROWS;
		double want[4] = { 0, 0, 0, 0 };

		for (int r = 0; r < BENCH_SAMPLE_ROWS; r++) {
			double u = x + off[0] - 0.5, v = y0 + r + off[1] - 0.5;
			double fu = u - floor(u), fv = v - floor(v), t[4][4];

			if (!linear) {
				sample_texel(b->image, maps[0], x, y0 + r, t[0]);
				for (int c = 0; c < 4; c++)
					want[c] += t[0][c];
				continue;
			}
			for (int n = 0; n < 4; n++)
				sample_texel(b->image, maps[0], (int)floor(u) + (n & 1),
					     (int)floor(v) + (n >> 1), t[n]);
			for (int c = 0; c < 4; c++)
				want[c] += (1 - fv) * ((1 - fu) * t[0][c] + fu * t[1][c]) +
					   fv * ((1 - fu) * t[2][c] + fu * t[3][c]);
		}
		for (int c = 0; c < 4; c++) {
			double w = want[c] * BENCH_SAMPLE_PASSES, got = sums[inv * 4 + c];
			double limit = per_sample * BENCH_SAMPLE_ROWS * BENCH_SAMPLE_PASSES +
				       1e-5 * fabs(w);

			if (fabs(got - w) > limit) {
				snprintf(msg, size, "invocation %u component %d: %g, expected %g", inv,
					 c, got, w);
				return msg;
			}
		}
	}
	return NULL;
}

#define SAMPLE_KERNEL(title_, shader_, kind_, image_, sampler_, push_size_, ...)	\
	{										\
		.title = title_, .shader = shader_, .unit = "Gtexel/s",			\
		.work = BENCH_SAMPLES, .buffer_count = 2,				\
		.buffers = {								\
			{ .binding = 0, .kind = kind_, .image = image_,			\
			  .sampler = sampler_,						\
			  .size = (uint64_t)BENCH_IMAGE_SIDE * BENCH_IMAGE_SIDE * 4 },	\
			{ .binding = 1, .size = (uint64_t)BENCH_SAMPLE_SUMS * 16 },	\
		},									\
		.push = { BENCH_IMAGE_SIDE, BENCH_SAMPLE_ROWS, BENCH_SAMPLE_PASSES,	\
			  __VA_ARGS__ },						\
		.push_size = push_size_,						\
		.groups = { BENCH_IMAGE_SIDE / 64, BENCH_IMAGE_SIDE / BENCH_SAMPLE_ROWS, 1 }, \
		.fill = sample_fill, .verify = sample_verify,				\
	}

/* textureLod's push constants: width, rows, passes, pad, offset, 1/size. */
#define LOD_PUSH(off_x, off_y) 0, off_x, off_y, BENCH_F_INV_SIDE, BENCH_F_INV_SIDE

#define STREAM_BYTES ((uint64_t)BENCH_STREAM_VEC4 * 16)

/* Not const: bench_size_streams() sizes the stream kernels at start-up. */
static struct bench_kernel bench_kernels[] = {
	{
		.title = "sgemm 1024x1024x1024 (64x64 shared-memory tiles, 4x4 per invocation)",
		.shader = "sgemm_tiled", .unit = "GFLOP/s",
		.work = 2.0 * BENCH_SGEMM_N * BENCH_SGEMM_N * BENCH_SGEMM_N,
		.buffer_count = 3,
		.buffers = {
			{ .binding = 0, .size = (uint64_t)BENCH_SGEMM_N * BENCH_SGEMM_N * 4 },
			{ .binding = 1, .size = (uint64_t)BENCH_SGEMM_N * BENCH_SGEMM_N * 4 },
			{ .binding = 2, .size = (uint64_t)BENCH_SGEMM_N * BENCH_SGEMM_N * 4 },
		},
		.push = { BENCH_SGEMM_N, BENCH_SGEMM_N, BENCH_SGEMM_N }, .push_size = 12,
		.groups = { BENCH_SGEMM_N / 64, BENCH_SGEMM_N / 64, 1 },
		.fill = sgemm_fill, .verify = sgemm_verify,
	}, {
		.title = "copy 16 MiB (vec4)",
		.shader = "stream_copy", .unit = "GB/s",
		.work = 2.0 * STREAM_BYTES,
		.buffer_count = 2,
		.buffers = { { .binding = 0, .size = STREAM_BYTES }, { .binding = 1, .size = STREAM_BYTES } },
		.push = { BENCH_STREAM_VEC4 }, .push_size = 4,
		.groups = { BENCH_STREAM_VEC4 / 256, 1, 1 },
		.fill = copy_fill, .verify = copy_verify,
	}, {
		.title = "triad a = b + s*c, 3 x 16 MiB (vec4)",
		.shader = "stream_triad", .unit = "GB/s",
		.work = 3.0 * STREAM_BYTES,
		.buffer_count = 3,
		.buffers = {
			{ .binding = 0, .size = STREAM_BYTES }, { .binding = 1, .size = STREAM_BYTES },
			{ .binding = 2, .size = STREAM_BYTES },
		},
		.push = { 0x40400000 /* 3.0f */, BENCH_STREAM_VEC4 }, .push_size = 8,
		.groups = { BENCH_STREAM_VEC4 / 256, 1, 1 },
		.fill = stream_fill, .verify = triad_verify,
	}, {
		.title = "reduce 16 MiB of u32 (sum)",
		.shader = "reduce_bandwidth", .unit = "GB/s",
		.work = 1.0 * STREAM_BYTES,
		.buffer_count = 2,
		.buffers = { { .binding = 0, .size = STREAM_BYTES },
			     { .binding = 1, .size = BENCH_REDUCE_GROUPS * 4 } },
		.push = { BENCH_STREAM_VEC4 / BENCH_REDUCE_GROUPS }, .push_size = 4,
		.groups = { BENCH_REDUCE_GROUPS, 1, 1 },
		.fill = reduce_fill, .verify = reduce_verify,
	},
	SAMPLE_KERNEL("texelFetch RGBA8_UNORM 1024x1024", "sample_fetch", CORPUS_SAMPLED_IMAGE,
		      &bench_rgba8, NULL, 12),
	SAMPLE_KERNEL("texelFetch R32_SFLOAT 1024x1024", "sample_fetch", CORPUS_SAMPLED_IMAGE,
		      &bench_r32f, NULL, 12),
	SAMPLE_KERNEL("textureLod nearest RGBA8_UNORM 1024x1024", "sample_lod",
		      CORPUS_COMBINED_IMAGE, &bench_rgba8, &bench_nearest, 32,
		      LOD_PUSH(BENCH_F_HALF, BENCH_F_HALF)),
	SAMPLE_KERNEL("textureLod nearest R32_SFLOAT 1024x1024", "sample_lod",
		      CORPUS_COMBINED_IMAGE, &bench_r32f, &bench_nearest, 32,
		      LOD_PUSH(BENCH_F_HALF, BENCH_F_HALF)),
	SAMPLE_KERNEL("textureLod linear RGBA8_UNORM 1024x1024", "sample_lod",
		      CORPUS_COMBINED_IMAGE, &bench_rgba8, &bench_linear, 32,
		      LOD_PUSH(BENCH_F_0_3, BENCH_F_0_7)),
	SAMPLE_KERNEL("textureLod linear R32_SFLOAT 1024x1024", "sample_lod",
		      CORPUS_COMBINED_IMAGE, &bench_r32f, &bench_linear, 32,
		      LOD_PUSH(BENCH_F_0_3, BENCH_F_0_7)),
};

/*
 * "--stream-mib N": N MiB streams for copy, triad and reduce instead of
 * 16 (their titles say so). Returns non-zero when N is out of range.
 */
static int bench_size_streams(const char *mib_arg)
{
	static char titles[3][80];
	char *end;
	unsigned long mib = strtoul(mib_arg, &end, 10);

	/* A whole number of 256-invocation groups, in both kernels' ranges. */
	if (*end || mib < 1 || mib > 1024)
		return -1;
	bench_stream_vec4 = (unsigned int)(mib << 16);
	for (size_t i = 0; i < sizeof(bench_kernels) / sizeof(bench_kernels[0]); i++) {
		struct bench_kernel *bk = &bench_kernels[i];
		uint64_t bytes = (uint64_t)bench_stream_vec4 * 16;

		if (!strcmp(bk->shader, "stream_copy")) {
			snprintf(titles[0], sizeof(titles[0]), "copy %lu MiB (vec4)", mib);
			bk->title = titles[0];
			bk->work = 2.0 * bytes;
			bk->push[0] = bench_stream_vec4;
		} else if (!strcmp(bk->shader, "stream_triad")) {
			snprintf(titles[1], sizeof(titles[1]),
				 "triad a = b + s*c, 3 x %lu MiB (vec4)", mib);
			bk->title = titles[1];
			bk->work = 3.0 * bytes;
			bk->push[1] = bench_stream_vec4;
		} else if (!strcmp(bk->shader, "reduce_bandwidth")) {
			snprintf(titles[2], sizeof(titles[2]), "reduce %lu MiB of u32 (sum)", mib);
			bk->title = titles[2];
			bk->work = 1.0 * bytes;
			bk->buffers[0].size = bytes;
			bk->push[0] = bench_stream_vec4 / BENCH_REDUCE_GROUPS;
			continue;
		} else {
			continue;
		}
		for (unsigned int b = 0; b < bk->buffer_count; b++)
			bk->buffers[b].size = bytes;
		bk->groups[0] = bench_stream_vec4 / 256;
	}
	return 0;
}

/* One back end: build a kernel, map its buffers, run it. */
struct bench_backend {
	const char *name;
	void *(*create)(void *ctx, const struct kernel_desc *desc, char *err, size_t size);
	void *(*buffer)(void *kernel, unsigned int index);
	int (*run)(void *kernel, char *err, size_t size);
	void (*destroy)(void *kernel);
	void *ctx;
};

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One back end's part of a measurement. */
struct bench_side {
	const struct bench_backend *backend;
	void *kernel;
	double times[BENCH_MAX_REPS];
	double rate;		/* median, in units per second; < 0: @msg says why */
	char msg[512];
};

static void bench_side_fail(struct bench_side *side)
{
	side->backend->destroy(side->kernel);
	side->kernel = NULL;
}

/*
 * Measures @bk on every side: builds and warms up each (the warm-up's
 * result is verified), then alternates the timed runs between the sides,
 * so that both see the same load on a machine shared with other work.
 */
static void bench_measure(const struct bench_kernel *bk, const struct corpus_shader *shader,
			  struct bench_side *sides, int count)
{
	const struct kernel_desc desc = {
		.spirv = shader->spirv, .spirv_words = shader->spirv_size / 4,
		.buffers = bk->buffers, .buffer_count = bk->buffer_count,
		.push = bk->push, .push_size = bk->push_size,
		.groups = { bk->groups[0], bk->groups[1], bk->groups[2] },
	};
	int reps = BENCH_MAX_REPS;

	for (int i = 0; i < count; i++) {
		struct bench_side *side = &sides[i];
		void *maps[3];
		char detail[256];

		side->rate = -1;
		side->kernel = side->backend->create(side->backend->ctx, &desc, side->msg,
						     sizeof(side->msg));
		if (!side->kernel)
			continue;
		for (unsigned int b = 0; b < bk->buffer_count; b++)
			maps[b] = side->backend->buffer(side->kernel, b);
		bk->fill(bk, maps);
		double start = bench_now();
		if (side->backend->run(side->kernel, side->msg, sizeof(side->msg))) {
			bench_side_fail(side);
			continue;
		}
		if (bench_now() - start > BENCH_SLOW_RUN)
			reps = 3;
		if (bk->verify(bk, maps, detail, sizeof(detail))) {
			snprintf(side->msg, sizeof(side->msg), "WRONG RESULT: %s", detail);
			bench_side_fail(side);
			continue;
		}
		while (bench_now() - start < bench_warmup_seconds) {
			if (side->backend->run(side->kernel, side->msg, sizeof(side->msg))) {
				bench_side_fail(side);
				break;
			}
		}
	}
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < count; i++) {
			struct bench_side *side = &sides[i];

			if (!side->kernel)
				continue;
			double start = bench_now();
			if (side->backend->run(side->kernel, side->msg, sizeof(side->msg)))
				bench_side_fail(side);
			else
				side->times[r] = bench_now() - start;
		}
	}
	for (int i = 0; i < count; i++) {
		struct bench_side *side = &sides[i];

		if (!side->kernel)
			continue;
		qsort(side->times, reps, sizeof(double), compare_double);
		side->rate = bk->work / side->times[reps / 2] / 1e9;
		side->backend->destroy(side->kernel);
		side->kernel = NULL;
	}
}

static void *lvp_create(void *ctx, const struct kernel_desc *desc, char *err, size_t size)
{
	return lvp_kernel_create(ctx, desc, err, size);
}

static void *lvp_buffer(void *k, unsigned int index)
{
	return lvp_kernel_buffer(k, index);
}

static int lvp_run(void *k, char *err, size_t size)
{
	return lvp_kernel_run(k, err, size);
}

static void lvp_destroy(void *k)
{
	lvp_kernel_destroy(k);
}

/* Buffers live as long as an ember_host: one host per kernel. */
struct bench_ember {
	struct ember_host *host;
	struct ember_kernel *kernel;
	bool jit;
};

/* Nanoseconds the JIT spent compiling in the current measurement. */
static uint64_t bench_jit_compile_ns;
/* Ember's shader cores (--cores N); 0: one per host CPU. */
static unsigned int bench_cores;

static void *ember_create(void *ctx, const struct kernel_desc *desc, char *err, size_t size)
{
	struct bench_ember *e = calloc(1, sizeof(*e));

	if (!e) {
		snprintf(err, size, "out of memory");
		return NULL;
	}
	e->host = ember_host_create(bench_cores);
	if (!e->host) {
		snprintf(err, size, "ember_host_create failed");
		free(e);
		return NULL;
	}
	/* ctx: non-NULL for the JIT back end. */
	e->jit = ctx != NULL;
	/* The warm-up run compiles: no timed run waits for the code. */
	ember_host_set_shader_jit(e->host, e->jit ? EMBER_HOST_JIT_SYNC : EMBER_HOST_JIT_OFF);
	e->kernel = ember_kernel_create(e->host, desc, err, size);
	if (!e->kernel) {
		ember_host_destroy(e->host);
		free(e);
		return NULL;
	}
	return e;
}

static void *ember_buffer(void *k, unsigned int index)
{
	return ember_kernel_buffer(((struct bench_ember *)k)->kernel, index);
}

static int ember_run(void *k, char *err, size_t size)
{
	struct bench_ember *e = k;
	uint64_t compiled = ember_host_jit_compile_ns();
	int ret = ember_kernel_run(e->kernel, err, size);

	if (e->jit)
		bench_jit_compile_ns += ember_host_jit_compile_ns() - compiled;
	return ret;
}

static void ember_destroy(void *k)
{
	struct bench_ember *e = k;

	ember_kernel_destroy(e->kernel);
	ember_host_destroy(e->host);
	free(e);
}

/* The physical reference of the kernel being measured (bench_native.h). */
struct bench_native_ctx {
	const char *shader;
	unsigned int threads;
};

static void *native_create(void *ctx, const struct kernel_desc *desc, char *err, size_t size)
{
	const struct bench_native_ctx *c = ctx;

	return bench_native_create(c->shader, c->threads, desc, err, size);
}

/* The benchmark's own shaders (the .comp files of bench/shader), besides the corpus'. */
static const struct corpus_shader bench_own_shaders[] = {
	{ "sample_fetch", bench_spv_sample_fetch, sizeof(bench_spv_sample_fetch) },
	{ "sample_lod", bench_spv_sample_lod, sizeof(bench_spv_sample_lod) },
};

static const struct corpus_shader *bench_shader(const char *name)
{
	for (size_t i = 0; i < sizeof(bench_own_shaders) / sizeof(bench_own_shaders[0]); i++) {
		if (!strcmp(bench_own_shaders[i].name, name))
			return &bench_own_shaders[i];
	}
	for (unsigned int i = 0; i < corpus_shader_count; i++) {
		if (!strcmp(corpus_shaders[i].name, name))
			return &corpus_shaders[i];
	}
	return NULL;
}

/* True when the command line names no kernel, or this one (by shader name). */
static bool bench_selected(int argc, char **argv, const char *shader)
{
	bool named = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--rates"))
			continue;	/* the one option without a value */
		if (argv[i][0] == '-') {
			i++;	/* an option and its value */
			continue;
		}
		named = true;
		if (!strcmp(argv[i], shader))
			return true;
	}
	return !named;
}

static const char *bench_option(int argc, char **argv, const char *name)
{
	for (int i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], name))
			return argv[i + 1];
	return NULL;
}

/*
 * A kernel's name in the references: its shader and, since several
 * kernels run one shader (the sampling ones), which of them it is:
 * "sample_lod.2" is the third kernel of sample_lod.
 */
static void bench_ref_key(const struct bench_kernel *bk, char *key, size_t size)
{
	unsigned int nth = 0;

	for (const struct bench_kernel *k = bench_kernels; k < bk; k++)
		nth += !strcmp(k->shader, bk->shader);
	snprintf(key, size, "%s.%u", bk->shader, nth);
}

/*
 * Host references for the guest run: "--ref KEY=LAVAPIPE,HOST" options
 * (rates in the kernel's unit, KEY as bench_ref_key() says), from the
 * host run of the same ./ember bench.
 */
static bool bench_reference(int argc, char **argv, const struct bench_kernel *bk,
			    double *lvp, double *host)
{
	char key[64];
	size_t n;

	bench_ref_key(bk, key, sizeof(key));
	n = strlen(key);
	for (int i = 1; i + 1 < argc; i++) {
		if (strcmp(argv[i], "--ref") || strncmp(argv[i + 1], key, n) ||
		    argv[i + 1][n] != '=')
			continue;
		return sscanf(argv[i + 1] + n + 1, "%lf,%lf", lvp, host) == 2;
	}
	return false;
}

/*
 * "--rates": one "rate KEY VALUE" line per kernel for scripts (Ember's
 * figure: the JIT on the host, the whole stack in the guest), KEY as
 * bench_ref_key() says; tools/frontend/bench_stack.py pairs them up.
 */
static void bench_print_rate(int argc, char **argv, const struct bench_kernel *bk, double rate)
{
	char key[64];

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--rates"))
			continue;
		bench_ref_key(bk, key, sizeof(key));
		printf("rate %s %.6g\n", key, rate);
		return;
	}
}

/*
 * Guest mode (--vulkan NAME): the kernels through the Vulkan device NAME
 * (Ember's ICD in the VM), each as a ratio to the host's figures of the
 * same ./ember bench (--ref): lavapipe, and Ember's shader core driven
 * directly on the host (what the Vulkan driver, ember.ko and the VM add).
 */
static int bench_vulkan(int argc, char **argv, const char *device)
{
	struct bench_backend backend = {
		.name = "vulkan", .create = lvp_create, .buffer = lvp_buffer,
		.run = lvp_run, .destroy = lvp_destroy,
	};
	char err[512];
	int status = 0;

	backend.ctx = lvp_open_device(device, err, sizeof(err));
	if (!backend.ctx) {
		fprintf(stderr, "bench-shader: %s: %s\n", device, err);
		return 1;
	}
	bench_warmup_seconds = BENCH_VULKAN_WARMUP;
	if (bench_option(argc, argv, "--warmup") &&
	    atof(bench_option(argc, argv, "--warmup")) > BENCH_VULKAN_WARMUP)
		bench_warmup_seconds = atof(bench_option(argc, argv, "--warmup"));
	printf("shader benchmarks through Vulkan on %s (guest), median of timed runs%s\n",
	       lvp_device_name(backend.ctx),
	       bench_option(argc, argv, "--ref") ? "; ratios to the host figures of this run" : "");
	for (size_t i = 0; i < sizeof(bench_kernels) / sizeof(bench_kernels[0]); i++) {
		const struct bench_kernel *bk = &bench_kernels[i];
		const struct corpus_shader *shader = bench_shader(bk->shader);
		struct bench_side side = { .backend = &backend };
		double lvp, host;

		if (!shader || !bench_selected(argc, argv, bk->shader))
			continue;
		bench_measure(bk, shader, &side, 1);
		if (side.rate < 0) {
			printf("%s: %s\n", bk->title, side.msg);
			status = 1;
		} else if (bench_reference(argc, argv, bk, &lvp, &host)) {
			printf("%s: Ember via Vulkan %.3g %s, /lavapipe(host) %.3fx, "
			       "/Ember shader core(host) %.3fx\n", bk->title, side.rate, bk->unit,
			       side.rate / lvp, side.rate / host);
		} else {
			printf("%s: Ember via Vulkan %.3g %s\n", bk->title, side.rate, bk->unit);
		}
		if (side.rate >= 0)
			bench_print_rate(argc, argv, bk, side.rate);
		fflush(stdout);
	}
	lvp_close(backend.ctx);
	return status;
}

int main(int argc, char **argv)
{
	static int jit_on = 1;
	struct bench_native_ctx native = { 0 };
	struct bench_backend backends[4] = {
		{
			.name = "lavapipe", .create = lvp_create, .buffer = lvp_buffer,
			.run = lvp_run, .destroy = lvp_destroy,
		}, {
			.name = "ember-jit", .create = ember_create, .buffer = ember_buffer,
			.run = ember_run, .destroy = ember_destroy, .ctx = &jit_on,
		}, {
			.name = "ember-interpreter", .create = ember_create, .buffer = ember_buffer,
			.run = ember_run, .destroy = ember_destroy,
		}, {
			.name = "native", .create = native_create, .buffer = bench_native_buffer,
			.run = bench_native_run, .destroy = bench_native_destroy, .ctx = &native,
		},
	};
	const char *vulkan = bench_option(argc, argv, "--vulkan");
	const char *ref_out = bench_option(argc, argv, "--ref-out");
	const char *only = bench_option(argc, argv, "--only");
	const char *cores = bench_option(argc, argv, "--cores");
	const char *warmup = bench_option(argc, argv, "--warmup");
	const char *stream_mib = bench_option(argc, argv, "--stream-mib");
	FILE *refs = NULL;
	char err[512];
	int status = 0;

	if (stream_mib && bench_size_streams(stream_mib)) {
		fprintf(stderr, "bench-shader: --stream-mib takes 1 to 1024\n");
		return 1;
	}
	if (vulkan)
		return bench_vulkan(argc, argv, vulkan);
	if (cores) {
		char *end;
		unsigned long n = strtoul(cores, &end, 10);

		if (*end || !n || n > 256) {
			fprintf(stderr, "bench-shader: --cores takes 1 to 256\n");
			return 1;
		}
		bench_cores = (unsigned int)n;
	}
	if (warmup)
		bench_warmup_seconds = atof(warmup);
	native.threads = bench_cores ? bench_cores : (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
	backends[0].ctx = lvp_open(err, sizeof(err));
	if (!backends[0].ctx) {
		fprintf(stderr, "bench-shader: lavapipe: %s\n", err);
		return 1;
	}
	/* --ref-out FILE: the "--ref" options of the guest run, one per line. */
	if (ref_out && !(refs = fopen(ref_out, "w"))) {
		fprintf(stderr, "bench-shader: cannot write %s\n", ref_out);
		return 1;
	}
	if (bench_cores)
		printf("shader benchmarks: Ember shader core (host, %u cores; JIT and interpreter) "
		       "vs %s; median of timed runs\n", bench_cores, lvp_device_name(backends[0].ctx));
	else
		printf("shader benchmarks: Ember shader core (host, all CPUs; JIT and interpreter) "
		       "vs %s; median of timed runs\n", lvp_device_name(backends[0].ctx));
	for (size_t i = 0; i < sizeof(bench_kernels) / sizeof(bench_kernels[0]); i++) {
		const struct bench_kernel *bk = &bench_kernels[i];
		const struct corpus_shader *shader = bench_shader(bk->shader);
		struct bench_side sides[4] = {
			{ .backend = &backends[0] }, { .backend = &backends[1] },
			{ .backend = &backends[2] }, { .backend = &backends[3] },
		};
		const char *native_label = bench_native_label(bk->shader);
		int count = native_label ? 4 : 3;
		char text[4][600];
		double rate[4];

		if (!shader) {
			fprintf(stderr, "bench-shader: no corpus shader %s\n", bk->shader);
			return 1;
		}
		if (!bench_selected(argc, argv, bk->shader))
			continue;
		bench_jit_compile_ns = 0;
		native.shader = bk->shader;
		if (only) {
			for (int b = 0; b < count; b++)
				if (!strcmp(backends[b].name, only))
					bench_measure(bk, shader, &sides[b], 1);
		} else {
			bench_measure(bk, shader, sides, count);
		}
		for (int b = 0; b < count; b++) {
			rate[b] = sides[b].rate;
			if (only && strcmp(backends[b].name, only)) {
				snprintf(text[b], sizeof(text[b]), "%s not run", backends[b].name);
			} else if (rate[b] < 0) {
				snprintf(text[b], sizeof(text[b]), "%s: %s", backends[b].name,
					 sides[b].msg);
				status = 1;
			} else {
				snprintf(text[b], sizeof(text[b]), "%s %.3g %s", backends[b].name,
					 rate[b], bk->unit);
			}
		}
		printf("%s: %s, %s, %s", bk->title, text[1], text[2], text[0]);
		if (rate[0] > 0 && rate[1] > 0 && rate[2] > 0)
			printf(", jit/lavapipe %.3fx, interpreter/lavapipe %.3fx, jit/interpreter %.3fx",
			       rate[1] / rate[0], rate[2] / rate[0], rate[1] / rate[2]);
		printf(", JIT compile %.1f ms\n", bench_jit_compile_ns / 1e6);
		if (native_label) {
			printf("  physical reference, %s on %u threads: %s", native_label,
			       native.threads, text[3]);
			if (rate[3] > 0 && rate[1] > 0)
				printf(", jit/native %.3fx", rate[1] / rate[3]);
			if (rate[3] > 0 && rate[2] > 0)
				printf(", interpreter/native %.3fx", rate[2] / rate[3]);
			if (rate[3] > 0 && rate[0] > 0)
				printf(", lavapipe/native %.3fx", rate[0] / rate[3]);
			printf("\n");
		}
		if (rate[1] > 0)
			bench_print_rate(argc, argv, bk, rate[1]);
		/* The guest compares with the host's default shader core: the JIT. */
		if (refs && rate[0] > 0 && rate[1] > 0) {
			char key[64];

			bench_ref_key(bk, key, sizeof(key));
			fprintf(refs, "--ref %s=%.6g,%.6g\n", key, rate[0], rate[1]);
		}
		fflush(stdout);
	}
	if (refs)
		fclose(refs);
	lvp_close(backends[0].ctx);
	return status;
}
