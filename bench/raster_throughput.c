/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host benchmark: the 3D back end (firmware/raster) on one core.
 *
 * A simple scene: 20000 random triangles of about 60 pixels each over a
 * 1024x768 R8G8B8A8_UNORM target with a D32_SFLOAT depth buffer (LESS,
 * writes on), a fragment shader that interpolates a colour, one sample,
 * or 4 with `raster_throughput 4` (both targets 4x, the standard sample
 * locations, the shader run once per pixel).
 * The figures are triangles/s and shaded fragments/s (covered pixels
 * through the fragment operations); the baseline measured in the same run
 * is a plain loop writing as many pixels (colour + depth, each of its
 * samples), so the ratio says what the rasterizer and fragment operations
 * cost per pixel over the memory traffic alone. Best of a few runs, in
 * this thread's CPU time (the figure of one core even on a busy machine).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

#define WIDTH		1024
#define HEIGHT		768
#define TRIANGLES	20000
#define RUNS		5

static double now_s(void)
{
	struct timespec ts;

	/* CPU time of this thread: the machine may be shared with other work. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void color_fs(void *ctx, const struct ember_quad *q, struct ember_fs_output *out)
{
	static const float red[3] = { 1, 0, 0 }, green[3] = { 0, 1, 0 }, blue[3] = { 0, 0, 1 };
	uint64_t *fragments = ctx;

	for (int p = 0; p < 4; p++) {
		out->color[0][p].f[0] = ember_quad_interpolate(q, p, EMBER_INTERP_SMOOTH, red);
		out->color[0][p].f[1] = ember_quad_interpolate(q, p, EMBER_INTERP_SMOOTH, green);
		out->color[0][p].f[2] = ember_quad_interpolate(q, p, EMBER_INTERP_SMOOTH, blue);
		out->color[0][p].f[3] = 1;
		*fragments += !(q->helper_mask & (1u << p));
	}
}

int main(int argc, char **argv)
{
	static float pos[TRIANGLES * 3][4];
	unsigned int samples = argc > 1 ? (unsigned int)atoi(argv[1]) : 1;
	size_t texels = (size_t)WIDTH * HEIGHT * (samples == 4 ? 4 : 1);
	uint8_t *color = malloc(texels * 4);
	float *depth = malloc(texels * sizeof(float));
	struct ember_backend_state st = { 0 };
	struct ember_framebuffer fb = {
		.width = WIDTH, .height = HEIGHT, .samples = samples, .color_count = 1,
		.color = { { EMBER_RT_R8G8B8A8_UNORM, samples, WIDTH, HEIGHT,
			     (size_t)WIDTH * samples * 4, color } },
		.depth_stencil = { EMBER_RT_D32_SFLOAT, samples, WIDTH, HEIGHT,
				   (size_t)WIDTH * samples * 4, (uint8_t *)depth },
	};
	double best_draw = 1e9, best_fill = 1e9;
	uint64_t fragments = 0, seed = 1;

	if (samples != 1 && samples != 4) {
		fprintf(stderr, "usage: raster_throughput [1|4] (samples)\n");
		return 2;
	}
	if (!color || !depth)
		return 1;
	st.viewport = (struct ember_viewport){ 0, 0, WIDTH, HEIGHT, 0, 1 };
	st.scissor = (struct ember_rect){ 0, 0, WIDTH, HEIGHT };
	st.raster.depth_clip_enable = true;
	st.ms = (struct ember_multisample_state){ samples, ~0u, false, false };
	st.ds.depth_test_enable = st.ds.depth_write_enable = true;
	st.ds.depth_compare_op = EMBER_COMPARE_LESS;
	st.blend.attachment[0].write_mask = EMBER_WRITE_ALL;
	for (int i = 0; i < TRIANGLES; i++) {
		double cx, cy;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		cx = (double)(seed >> 40) / (1 << 24) * 2 - 1;
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		cy = (double)(seed >> 40) / (1 << 24) * 2 - 1;
		for (int v = 0; v < 3; v++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			double r = (double)(seed >> 40) / (1 << 24);

			/* About 11 pixels across: ~60 pixels of area on average. */
			pos[3 * i + v][0] = (float)(cx + 0.022 * (v == 1 ? 1 : 0) - 0.003 * r);
			pos[3 * i + v][1] = (float)(cy + 0.03 * (v == 2 ? 1 : 0) + 0.003 * r);
			pos[3 * i + v][2] = (float)r;
			pos[3 * i + v][3] = 1;
		}
	}

	for (int run = 0; run < RUNS; run++) {
		struct ember_backend be = { .state = &st, .fb = &fb, .fs = color_fs,
					    .fs_ctx = &fragments };
		double t0;

		memset(color, 0, texels * 4);
		for (size_t i = 0; i < texels; i++)
			depth[i] = 1.0f;
		fragments = 0;
		t0 = now_s();
		if (ember_backend_draw(&be, NULL, (const float (*)[4])pos, TRIANGLES, 0))
			return 1;
		t0 = now_s() - t0;
		if (t0 < best_draw)
			best_draw = t0;
	}
	/* The baseline: write as many pixels (colour and depth) in a plain loop. */
	for (int run = 0; run < RUNS; run++) {
		uint32_t *c32 = (uint32_t *)color;
		double t0 = now_s();

		for (uint64_t i = 0; i < fragments; i++) {
			uint64_t at = (i * 2654435761u) % ((uint64_t)WIDTH * HEIGHT) *
				      (texels / ((size_t)WIDTH * HEIGHT));

			for (size_t s = 0; s < texels / ((size_t)WIDTH * HEIGHT); s++) {
				c32[at + s] = (uint32_t)i;
				depth[at + s] = (float)i;
			}
		}
		t0 = now_s() - t0;
		if (t0 < best_fill)
			best_fill = t0;
	}
	printf("raster (1 core, %dx%d, %u sample%s, %d triangles, %llu fragments): "
	       "%.0f triangles/s, %.2f Mfragments/s; plain pixel writes %.2f Mpixels/s; "
	       "ratio %.3f\n",
	       WIDTH, HEIGHT, samples, samples == 1 ? "" : "s", TRIANGLES,
	       (unsigned long long)fragments,
	       TRIANGLES / best_draw, fragments / best_draw / 1e6,
	       fragments / best_fill / 1e6, best_fill / best_draw);
	free(color);
	free(depth);
	return 0;
}
