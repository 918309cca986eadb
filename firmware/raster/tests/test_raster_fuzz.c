/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A bounded fuzzer of the back end, built with AddressSanitizer and UBSan
 * (no recovery): triangles, lines and points, random state, valid or not,
 * random framebuffers,
 * vertices from huge to tiny, zero and negative w, NaN and infinities,
 * clip distances (nasty ones too), shaders writing NaN, infinities and
 * random masks. Render targets are
 * allocated at their exact size, so any write outside is an ASan error;
 * the back end must never crash, and ember_backend_draw() must refuse
 * exactly the states ember_backend_state_check() rejects.
 *
 * Usage: test_raster_fuzz [ITERATIONS [SEED]] (default 3000, a fixed seed).
 */

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "raster_ref.h"
#include "tap.h"
#include "tex_numeric.h"

static float nasty_float(uint64_t *rng)
{
	static const float specials[] = {
		NAN, INFINITY, -INFINITY, 0.0f, -0.0f, FLT_MAX, -FLT_MAX, FLT_MIN,
		1e-45f, 1e20f, -1e20f, 1.0f, -1.0f, 0.5f, 16384.0f, 1e-20f,
	};

	switch (ref_rand_below(rng, 4)) {
	case 0:
		return specials[ref_rand_below(rng, 16)];
	case 1:
		return (float)ref_rand_double(rng, -1e6, 1e6) * powf(10, (float)ref_rand_double(rng, -30, 30));
	default:
		return (float)ref_rand_double(rng, -2, 2);
	}
}

static uint8_t maybe_invalid(uint64_t *rng, unsigned int count)
{
	return (uint8_t)(ref_rand_below(rng, 50) ? ref_rand_below(rng, count) :
				ref_rand_below(rng, 256));
}

static void random_face(uint64_t *rng, struct ember_stencil_face *f)
{
	f->fail_op = maybe_invalid(rng, EMBER_STENCIL_OP_COUNT);
	f->pass_op = maybe_invalid(rng, EMBER_STENCIL_OP_COUNT);
	f->depth_fail_op = maybe_invalid(rng, EMBER_STENCIL_OP_COUNT);
	f->compare_op = maybe_invalid(rng, EMBER_COMPARE_COUNT);
	f->compare_mask = (uint32_t)ref_rand(rng);
	f->write_mask = (uint32_t)ref_rand(rng);
	f->reference = (uint32_t)ref_rand(rng);
}

static void random_state(uint64_t *rng, struct ember_backend_state *st, unsigned int samples)
{
	memset(st, 0, sizeof(*st));
	st->viewport = (struct ember_viewport){ nasty_float(rng), nasty_float(rng),
		ref_rand_below(rng, 4) ? 40 : nasty_float(rng),
		ref_rand_below(rng, 4) ? -40 : nasty_float(rng),
		nasty_float(rng), nasty_float(rng) };
	if (ref_rand_below(rng, 2))
		st->viewport = (struct ember_viewport){ 0, 0, 40, 40, 0, 1 };
	st->scissor = (struct ember_rect){ (int32_t)ref_rand(rng) >> (ref_rand_below(rng, 32)),
		(int32_t)ref_rand(rng) >> (ref_rand_below(rng, 32)),
		(uint32_t)ref_rand(rng) >> ref_rand_below(rng, 32),
		(uint32_t)ref_rand(rng) >> ref_rand_below(rng, 32) };
	if (ref_rand_below(rng, 4))
		st->scissor = (struct ember_rect){ (int32_t)ref_rand_below(rng, 8) - 4,
			(int32_t)ref_rand_below(rng, 8) - 4, 64, 64 };
	st->raster = (struct ember_rasterizer_state){
		.cull_mode = maybe_invalid(rng, 4), .front_face = maybe_invalid(rng, 2),
		.provoking_vertex = maybe_invalid(rng, 2),
		.depth_clip_enable = ref_rand_below(rng, 2),
		.depth_clamp_enable = ref_rand_below(rng, 2),
		.depth_bias_enable = ref_rand_below(rng, 2),
		.depth_bias_constant = nasty_float(rng), .depth_bias_clamp = nasty_float(rng),
		.depth_bias_slope = nasty_float(rng) };
	st->ms = (struct ember_multisample_state){ ref_rand_below(rng, 20) ? samples : 2,
		(uint32_t)ref_rand(rng), ref_rand_below(rng, 2), ref_rand_below(rng, 2) };
	st->ds = (struct ember_depth_stencil_state){
		.depth_test_enable = ref_rand_below(rng, 2), .depth_write_enable = ref_rand_below(rng, 2),
		.depth_compare_op = maybe_invalid(rng, EMBER_COMPARE_COUNT),
		.depth_bounds_test_enable = ref_rand_below(rng, 2),
		.min_depth_bounds = nasty_float(rng), .max_depth_bounds = nasty_float(rng),
		.stencil_test_enable = ref_rand_below(rng, 2) };
	random_face(rng, &st->ds.front);
	random_face(rng, &st->ds.back);
	st->blend.logic_op_enable = ref_rand_below(rng, 4) == 0;
	st->blend.logic_op = maybe_invalid(rng, EMBER_LOGIC_OP_COUNT);
	for (int c = 0; c < 4; c++)
		st->blend.constants[c] = nasty_float(rng);
	for (int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
		st->blend.attachment[i] = (struct ember_blend_attachment){
			ref_rand_below(rng, 2),
			maybe_invalid(rng, EMBER_BF_COUNT), maybe_invalid(rng, EMBER_BF_COUNT),
			maybe_invalid(rng, EMBER_BLEND_OP_COUNT),
			maybe_invalid(rng, EMBER_BF_COUNT), maybe_invalid(rng, EMBER_BF_COUNT),
			maybe_invalid(rng, EMBER_BLEND_OP_COUNT), maybe_invalid(rng, 16) };
	st->early_fragment_tests = ref_rand_below(rng, 4) == 0;
}

static void nasty_fs(void *ctx, const struct ember_quad *q, struct ember_fs_output *out)
{
	uint64_t *rng = ctx;

	for (int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
		for (int p = 0; p < 4; p++)
			for (int c = 0; c < 4; c++)
				out->color[i][p].f[c] = nasty_float(rng);
	for (int p = 0; p < 4; p++) {
		for (int c = 0; c < 4; c++)
			out->color1[p].f[c] = nasty_float(rng);
		out->depth[p] = nasty_float(rng);
		out->sample_mask[p] = (uint32_t)ref_rand(rng);
	}
	out->discard_mask = (uint8_t)ref_rand_below(rng, 16);
	out->writes_depth = ref_rand_below(rng, 2);
	out->writes_sample_mask = ref_rand_below(rng, 2);
}

static void free_targets(struct ember_framebuffer *fb)
{
	for (uint32_t i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
		free(fb->color[i].base);
	free(fb->depth_stencil.base);
}

static void alloc_target(uint64_t *rng, struct ember_render_target *rt, unsigned int format,
			 const struct ember_framebuffer *fb)
{
	size_t size;

	rt->format = (uint8_t)format;
	rt->samples = fb->samples;
	rt->width = fb->width + ref_rand_below(rng, 3);
	rt->height = fb->height + ref_rand_below(rng, 3);
	rt->row_pitch = (size_t)rt->width * rt->samples * ember_rt_texel_size(format) +
			ref_rand_below(rng, 3) * 4;
	/* Exactly what the layout needs: the last row needs no padding. */
	size = rt->row_pitch * (rt->height - 1) +
	       (size_t)rt->width * rt->samples * ember_rt_texel_size(format);
	rt->base = malloc(size ? size : 1);
	for (size_t b = 0; b < size; b++)
		rt->base[b] = (uint8_t)ref_rand(rng);
}

/* The operations alone take any value a guest could put in a state block. */
static void fuzz_ops(uint64_t *rng)
{
	for (int i = 0; i < 20000; i++) {
		struct ember_blend_attachment att = {
			true, (uint8_t)ref_rand(rng), (uint8_t)ref_rand(rng), (uint8_t)ref_rand(rng),
			(uint8_t)ref_rand(rng), (uint8_t)ref_rand(rng), (uint8_t)ref_rand(rng),
			(uint8_t)ref_rand(rng) };
		float src[4], src1[4], dst[4], k[4], out[4];

		for (int c = 0; c < 4; c++) {
			src[c] = nasty_float(rng);
			src1[c] = nasty_float(rng);
			dst[c] = nasty_float(rng);
			k[c] = nasty_float(rng);
		}
		ember_blend(&att, k, ref_rand_below(rng, 2), src, src1, dst, out);
		(void)ember_compare((unsigned int)ref_rand(rng), nasty_float(rng), nasty_float(rng));
		(void)ember_stencil_op((unsigned int)ref_rand(rng), (uint8_t)ref_rand(rng),
				       (uint8_t)ref_rand(rng));
		(void)ember_logic_op((unsigned int)ref_rand(rng), (uint32_t)ref_rand(rng),
				     (uint32_t)ref_rand(rng));
		(void)ember_alpha_to_coverage(nasty_float(rng), (unsigned int)ref_rand(rng) % 64);
		(void)ember_tex_float_to_half(nasty_float(rng));
		(void)ember_float_to_unorm(nasty_float(rng), 1 + ref_rand_below(rng, 24));
	}
}

int main(int argc, char **argv)
{
	long iterations = argc > 1 ? atol(argv[1]) : 3000;
	uint64_t rng = argc > 2 ? strtoull(argv[2], NULL, 0) | 1 : 0xf022;
	unsigned long drawn = 0, refused = 0, quads = 0;
	bool ok = true;

	for (long iter = 0; iter < iterations && ok; iter++) {
		const unsigned int colors[] = { EMBER_RT_R8G8B8A8_UNORM, EMBER_RT_R8G8B8A8_SRGB,
			EMBER_RT_R32G32B32A32_SFLOAT, EMBER_RT_R16G16B16A16_SFLOAT, EMBER_RT_R32_UINT };
		const unsigned int depths[] = { EMBER_RT_NONE, EMBER_RT_D32_SFLOAT, EMBER_RT_D16_UNORM,
			EMBER_RT_D24_UNORM_S8_UINT, EMBER_RT_S8_UINT, EMBER_RT_X8_D24_UNORM_PACK32,
			EMBER_RT_D32_SFLOAT_S8_UINT };
		struct ember_framebuffer fb = { 0 };
		struct ember_backend_state st;
		struct ember_backend be;
		float pos[8 * 3][4];
		unsigned int count = 1 + ref_rand_below(&rng, 8);

		fb.samples = ref_rand_below(&rng, 2) ? 4 : 1;
		fb.width = 1 + ref_rand_below(&rng, 40);
		fb.height = 1 + ref_rand_below(&rng, 40);
		fb.color_count = ref_rand_below(&rng, 4);
		for (uint32_t i = 0; i < fb.color_count; i++)
			alloc_target(&rng, &fb.color[i], colors[ref_rand_below(&rng, 5)], &fb);
		unsigned int ds = depths[ref_rand_below(&rng, 7)];

		if (ds != EMBER_RT_NONE)
			alloc_target(&rng, &fb.depth_stencil, ds, &fb);
		random_state(&rng, &st, fb.samples);
		for (unsigned int v = 0; v < count * 3; v++)
			for (int c = 0; c < 4; c++)
				pos[v][c] = ref_rand_below(&rng, 3) ? (float)ref_rand_double(&rng, -1.5, 1.5) :
								      nasty_float(&rng);
		be = (struct ember_backend){ .state = &st, .fb = &fb,
					     .fs = ref_rand_below(&rng, 8) ? nasty_fs : NULL,
					     .fs_ctx = &rng };
		struct ember_rect tile = { (int32_t)ref_rand_below(&rng, 48) - 4,
					   (int32_t)ref_rand_below(&rng, 48) - 4,
					   ref_rand_below(&rng, 64), ref_rand_below(&rng, 64) };
		int check = ember_backend_state_check(&st, &fb);
		const struct ember_rect *where = ref_rand_below(&rng, 2) ? &tile : NULL;
		float sizes[8 * 3];
		struct ember_clip_distances cds[8 * 3];
		int err;

		for (unsigned int i = 0; i < count * 3; i++)
			sizes[i] = ref_rand_below(&rng, 2) ? (float)ref_rand_double(&rng, 0, 80) :
							     nasty_float(&rng);
		/* Clip distances (0..8 per primitive, some nasty) on half the draws. */
		for (unsigned int i = 0; i < count * 3; i++) {
			cds[i].count = ref_rand_below(&rng, EMBER_MAX_CLIP_DISTANCES + 1);
			for (unsigned int k = 0; k < 3; k++)
				for (unsigned int c = 0; c < EMBER_MAX_CLIP_DISTANCES; c++)
					cds[i].d[k][c] = ref_rand_below(&rng, 4) ?
						(float)ref_rand_double(&rng, -1, 2) : nasty_float(&rng);
		}
		be.clip_distances = ref_rand_below(&rng, 2) ? cds : NULL;
		switch (ref_rand_below(&rng, 3)) {
		case 0:
			err = ember_backend_draw_points(&be, where, (const float (*)[4])pos, sizes,
							count * 3, (uint32_t)iter);
			break;
		case 1:
			err = ember_backend_draw_lines(&be, where, (const float (*)[4])pos,
						       count * 3 / 2, (uint32_t)iter);
			break;
		default:
			err = ember_backend_draw(&be, where, (const float (*)[4])pos, count,
						 (uint32_t)iter);
			break;
		}

		if (err != check) {
			tap_diag("iteration %ld: draw returned %d, the check %d", iter, err, check);
			ok = false;
		}
		if (err)
			refused++;
		else
			drawn++;
		quads += be.quads_shaded;
		/* A resolve of any region between two of the targets. */
		if (fb.color_count >= 2) {
			struct ember_rect region = { (int32_t)ref_rand(&rng) >> ref_rand_below(&rng, 32),
				(int32_t)ref_rand(&rng) >> ref_rand_below(&rng, 32),
				(uint32_t)ref_rand(&rng) >> ref_rand_below(&rng, 32),
				(uint32_t)ref_rand(&rng) >> ref_rand_below(&rng, 32) };

			ember_backend_resolve(&fb.color[0], &fb.color[1], &region);
		}
		free_targets(&fb);
	}
	fuzz_ops(&rng);
	tap_diag("%lu draws, %lu refused, %lu quads shaded", drawn, refused, quads);
	tap_result(ok && quads > 1000, "fuzz-no-crash-no-ub");
	return tap_finish();
}
