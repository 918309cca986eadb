/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The fragment operations through the whole back end (ember_backend_draw)
 * against the CPU reference, sample by sample: every stencil op and
 * compare op on both faces with masks and references, every depth compare
 * op with writes, clamping and every depth format, depth bounds, sample
 * counting, coverage x sample mask x shader sample mask x discard x alpha
 * to coverage / one, early fragment tests, per-attachment blend state and
 * the rasterization order across tiles.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "raster_ref.h"
#include "tap.h"

#define W	16
#define H	16

struct target {
	struct ember_render_target rt;
	uint8_t mem[W * H * 4 * 16];
};

static void target_init(struct target *t, unsigned int format, unsigned int samples)
{
	memset(t->mem, 0, sizeof(t->mem));
	t->rt = (struct ember_render_target){
		.format = (uint8_t)format, .samples = samples, .width = W, .height = H,
		.row_pitch = (size_t)W * samples * ember_rt_texel_size(format),
		.base = t->mem,
	};
}

static void state_init(struct ember_backend_state *st, unsigned int samples)
{
	memset(st, 0, sizeof(*st));
	st->viewport = (struct ember_viewport){ 0, 0, W, H, 0, 1 };
	st->scissor = (struct ember_rect){ 0, 0, W, H };
	st->raster.depth_clip_enable = true;
	st->ms.samples = samples;
	st->ms.sample_mask = ~0u;
	for (int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
		st->blend.attachment[i].write_mask = EMBER_WRITE_ALL;
}

/* Two triangles covering the framebuffer at clip depth z; front or back facing. */
static void fullscreen(float pos[6][4], float z, bool front_ccw)
{
	const float corners[6][2] = { { -1, -1 }, { -1, 1 }, { 1, -1 },
				      { 1, -1 }, { -1, 1 }, { 1, 1 } };

	for (int i = 0; i < 6; i++) {
		/* (-1,-1) (-1,1) (1,-1) is counter-clockwise on screen (y down). */
		int src = front_ccw ? i : (i / 3) * 3 + (i % 3 == 1 ? 2 : i % 3 == 2 ? 1 : 0);

		pos[i][0] = corners[src][0];
		pos[i][1] = corners[src][1];
		pos[i][2] = z;
		pos[i][3] = 1;
	}
}

/* The reference's view of a depth format: the value as a float, as the device keeps it. */
static double ref_quantize(unsigned int format, double z)
{
	double max = format == EMBER_RT_D16_UNORM ? 65535.0 : 16777215.0;

	if (format == EMBER_RT_D32_SFLOAT || format == EMBER_RT_D32_SFLOAT_S8_UINT)
		return (float)z;
	z = z < 0 ? 0 : z > 1 ? 1 : z;
	return (float)(floor(z * max + 0.5) / max);
}

static void random_stencil_face(uint64_t *rng, struct ember_stencil_face *f, unsigned int i)
{
	f->fail_op = (uint8_t)(i % 8);
	f->pass_op = (uint8_t)((i / 8) % 8);
	f->depth_fail_op = (uint8_t)((i / 64) % 8);
	f->compare_op = (uint8_t)ref_rand_below(rng, 8);
	f->compare_mask = ref_rand_below(rng, 2) ? 0xff : (uint32_t)ref_rand(rng);
	f->write_mask = ref_rand_below(rng, 2) ? 0xff : (uint32_t)ref_rand(rng);
	f->reference = ref_rand_below(rng, 4) ? ref_rand_below(rng, 256) : (uint32_t)ref_rand(rng);
}

/*
 * Stencil and depth on random state, contents and facing: every stencil
 * op in every slot (fail, depth fail, pass) on both faces, every compare.
 */
static bool test_depth_stencil(void)
{
	uint64_t rng = 0x5eed;
	const unsigned int formats[] = { EMBER_RT_D24_UNORM_S8_UINT, EMBER_RT_S8_UINT,
					 EMBER_RT_D16_UNORM, EMBER_RT_D32_SFLOAT,
					 EMBER_RT_X8_D24_UNORM_PACK32, EMBER_RT_D32_SFLOAT_S8_UINT };
	const double depths[] = { 0.25, 0.5, 0.75, 1.0 / 3 };
	static struct target ds;
	uint64_t total_passed = 0;

	for (unsigned int iter = 0; iter < 1024; iter++) {
		struct ember_backend_state st;
		struct ember_framebuffer fb;
		struct ember_backend be = { 0 };
		unsigned int samples = iter & 1 ? 4 : 1;
		unsigned int format = formats[(iter / 2) % 6];
		bool front = ref_rand_below(&rng, 2);
		double zc = depths[ref_rand_below(&rng, 4)];
		float pos[6][4];
		static double zstore[W][H][4];
		static unsigned int sstore[W][H][4];
		uint64_t want_passed = 0;

		state_init(&st, samples);
		target_init(&ds, format, samples);
		st.ds.depth_test_enable = ref_rand_below(&rng, 4) != 0;
		st.ds.depth_write_enable = ref_rand_below(&rng, 2);
		st.ds.depth_compare_op = (uint8_t)ref_rand_below(&rng, 8);
		st.ds.stencil_test_enable = ref_rand_below(&rng, 4) != 0;
		st.ds.depth_bounds_test_enable = ref_rand_below(&rng, 4) == 0;
		st.ds.min_depth_bounds = (float)depths[ref_rand_below(&rng, 4)];
		st.ds.max_depth_bounds = (float)(st.ds.min_depth_bounds + ref_rand_double(&rng, 0, 0.5));
		random_stencil_face(&rng, &st.ds.front, iter / 2);
		random_stencil_face(&rng, &st.ds.back, (iter / 2) ^ 0x1ff);
		if (ref_rand_below(&rng, 4) == 0) {
			/* Depth clamp: z_f = 0.2 + 0.6 z_c goes past maxDepth. */
			st.raster.depth_clamp_enable = true;
			st.raster.depth_clip_enable = false;
			st.viewport.min_depth = 0.2f;
			st.viewport.max_depth = 0.8f;
			zc = 1.5;
		}
		fb = (struct ember_framebuffer){ .width = W, .height = H, .samples = samples,
						 .depth_stencil = ds.rt };
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				for (unsigned int s = 0; s < samples; s++) {
					uint8_t *texel = ember_rt_texel(&ds.rt, x, y, s);
					double z = depths[ref_rand_below(&rng, 4)];
					unsigned int sv = ref_rand_below(&rng, 4) ? ref_rand_below(&rng, 256) :
						(ref_rand_below(&rng, 2) ? 0 : 255);

					ember_depth_store(format, texel, (float)z);
					ember_stencil_store(format, texel, (uint8_t)sv);
					zstore[x][y][s] = ref_quantize(format, z);
					sstore[x][y][s] = sv;
				}
		fullscreen(pos, (float)zc, front == true);
		be.state = &st;
		be.fb = &fb;
		CHECK_EQ(ember_backend_draw(&be, NULL, pos, 2, 0), 0);

		/* The reference, sample by sample. */
		const struct ember_stencil_face *f = front ? &st.ds.front : &st.ds.back;
		bool has_depth = format != EMBER_RT_S8_UINT;
		bool has_stencil = format == EMBER_RT_D24_UNORM_S8_UINT || format == EMBER_RT_S8_UINT ||
				   format == EMBER_RT_D32_SFLOAT_S8_UINT;
		double zf = st.viewport.min_depth + ((double)st.viewport.max_depth - st.viewport.min_depth) * (float)zc;

		if (st.raster.depth_clamp_enable)
			zf = fmin(fmax(zf, st.viewport.min_depth), st.viewport.max_depth);
		zf = ref_quantize(format, (float)zf);
		for (int y = 0; y < H; y++) {
			for (int x = 0; x < W; x++) {
				for (unsigned int s = 0; s < samples; s++) {
					double za = zstore[x][y][s];
					unsigned int sv = sstore[x][y][s], op = EMBER_STENCIL_KEEP;
					bool pass = true, stencil = st.ds.stencil_test_enable && has_stencil;

					if (st.ds.depth_bounds_test_enable && has_depth &&
					    !(za >= st.ds.min_depth_bounds && za <= st.ds.max_depth_bounds)) {
						pass = false;
					} else if (stencil && !ref_compare(f->compare_op,
									  f->reference & f->compare_mask & 0xff,
									  sv & f->compare_mask & 0xff)) {
						pass = false;
						op = f->fail_op;
					} else if (st.ds.depth_test_enable && has_depth &&
						   !ref_compare(st.ds.depth_compare_op, zf, za)) {
						pass = false;
						op = f->depth_fail_op;
					} else {
						op = f->pass_op;
						if (st.ds.depth_test_enable && has_depth && st.ds.depth_write_enable)
							za = zf;
					}
					if (stencil) {
						unsigned int nv = ref_stencil_op(op, sv, f->reference);

						sv = (sv & ~f->write_mask & 0xff) | (nv & f->write_mask & 0xff);
					}
					want_passed += pass;

					uint8_t *texel = ember_rt_texel(&ds.rt, x, y, s);

					if (has_stencil && ember_stencil_load(format, texel) != sv) {
						tap_diag("iteration %u (%u samples, format %u, %s): stencil at %d,%d/%u %u, reference %u",
							 iter, samples, format, front ? "front" : "back", x, y, s,
							 ember_stencil_load(format, texel), sv);
						return false;
					}
					if (has_depth && ember_depth_load(format, texel) != (float)za) {
						tap_diag("iteration %u: depth at %d,%d/%u %.9g, reference %.9g",
							 iter, x, y, s, ember_depth_load(format, texel), za);
						return false;
					}
				}
			}
		}
		CHECK_EQ(be.samples_passed, want_passed);
		total_passed += want_passed;
	}
	tap_diag("1024 draws, %llu samples passed, all as the reference",
		 (unsigned long long)total_passed);
	return true;
}

/* The shader of the coverage test: outputs from a hash of the pixel. */
struct coverage_shader {
	uint64_t seed;
	bool discard, write_mask, a2c_alpha;
};

static uint32_t pixel_hash(uint64_t seed, int x, int y, unsigned int salt)
{
	uint64_t h = seed ^ ((uint64_t)x << 20) ^ ((uint64_t)y << 40) ^ salt;

	return (uint32_t)ref_rand(&h);
}

static float pixel_alpha(uint64_t seed, int x, int y)
{
	/* Includes the exact boundaries n/8 of the pattern and values outside [0, 1]. */
	return (float)((int)(pixel_hash(seed, x, y, 3) % 11) - 1) / 8.0f;
}

static void coverage_fs(void *ctx, const struct ember_quad *q, struct ember_fs_output *out)
{
	const struct coverage_shader *sh = ctx;

	for (int p = 0; p < 4; p++) {
		int x = q->x + (p & 1), y = q->y + (p >> 1);

		out->color[0][p].u[0] = 1 + (uint32_t)x + 100 * (uint32_t)y;
		out->color[1][p].f[0] = 0.5f;
		out->color[1][p].f[3] = sh->a2c_alpha ? pixel_alpha(sh->seed, x, y) : 1.0f;
		if (sh->discard && (pixel_hash(sh->seed, x, y, 1) & 3) == 0)
			out->discard_mask |= 1u << p;
		out->sample_mask[p] = pixel_hash(sh->seed, x, y, 2);
	}
	out->writes_sample_mask = sh->write_mask;
	/* Alpha to coverage reads colour 0's alpha: attachment 0 is the UNORM one. */
	for (int p = 0; p < 4; p++) {
		union ember_color tmp = out->color[0][p];

		out->color[0][p] = out->color[1][p];
		out->color[1][p] = tmp;
	}
}

/*
 * Raster coverage x sample mask x shader sample mask x discard x alpha to
 * coverage, alpha to one: which samples get written, and the count.
 */
static bool test_coverage_masks(void)
{
	uint64_t rng = 0xc0ffee;
	static struct target color, ids;

	for (unsigned int iter = 0; iter < 400; iter++) {
		unsigned int samples = iter & 1 ? 4 : 1;
		struct coverage_shader sh = { ref_rand(&rng), ref_rand_below(&rng, 2),
					      ref_rand_below(&rng, 2), ref_rand_below(&rng, 2) };
		struct ember_backend_state st;
		struct ember_framebuffer fb;
		struct ember_backend be = { 0 };
		float pos[3][4];
		struct ref_tri t;
		uint64_t want = 0;
		bool front;

		state_init(&st, samples);
		st.ms.sample_mask = ref_rand_below(&rng, 2) ? ~0u : (uint32_t)ref_rand(&rng);
		st.ms.alpha_to_coverage = sh.a2c_alpha;
		st.ms.alpha_to_one = ref_rand_below(&rng, 2);
		st.scissor = (struct ember_rect){ (int32_t)ref_rand_below(&rng, 8),
						  (int32_t)ref_rand_below(&rng, 8),
						  4 + ref_rand_below(&rng, 12), 4 + ref_rand_below(&rng, 12) };
		target_init(&color, EMBER_RT_R8G8B8A8_UNORM, samples);
		target_init(&ids, EMBER_RT_R32_UINT, samples);
		fb = (struct ember_framebuffer){ .width = W, .height = H, .samples = samples,
						 .color_count = 2, .color = { color.rt, ids.rt } };
		for (int v = 0; v < 3; v++) {
			pos[v][0] = (float)ref_rand_double(&rng, -1.2, 1.2);
			pos[v][1] = (float)ref_rand_double(&rng, -1.2, 1.2);
			pos[v][2] = 0.5f;
			pos[v][3] = 1;
		}
		ref_project(&st.viewport, (const float (*)[4])pos, &t);
		be = (struct ember_backend){ .state = &st, .fb = &fb, .fs = coverage_fs, .fs_ctx = &sh };
		CHECK_EQ(ember_backend_draw(&be, NULL, (const float (*)[4])pos, 1, 0), 0);
		bool drawn = ref_passes_cull(&t, &st.raster, &front);

		for (int y = 0; y < H; y++) {
			for (int x = 0; x < W; x++) {
				uint32_t cov = drawn ? ref_pixel_coverage(&t, x, y, samples) : 0;
				bool in_scissor = x >= st.scissor.x && x < st.scissor.x + (int)st.scissor.width &&
						  y >= st.scissor.y && y < st.scissor.y + (int)st.scissor.height;

				if (!in_scissor)
					cov = 0;
				cov &= st.ms.sample_mask;
				if (sh.discard && (pixel_hash(sh.seed, x, y, 1) & 3) == 0)
					cov = 0;
				if (sh.write_mask)
					cov &= pixel_hash(sh.seed, x, y, 2);
				if (sh.a2c_alpha) {
					double a = pixel_alpha(sh.seed, x, y);
					long n = a <= 0 ? 0 : a >= 1 ? (long)samples : lround(a * samples);

					cov &= (1u << n) - 1;
				}
				for (unsigned int s = 0; s < samples; s++) {
					bool live = (cov >> s) & 1;
					uint32_t id, raw[4];

					ember_texel_load_raw(EMBER_RT_R32_UINT, ember_rt_texel(&ids.rt, x, y, s), raw);
					id = raw[0];
					ember_texel_load_raw(EMBER_RT_R8G8B8A8_UNORM,
							     ember_rt_texel(&color.rt, x, y, s), raw);
					if (id != (live ? 1 + (uint32_t)x + 100 * (uint32_t)y : 0)) {
						tap_diag("iteration %u: pixel %d,%d sample %u written %u, reference %d",
							 iter, x, y, s, id, live);
						return false;
					}
					if (live) {
						uint32_t alpha = st.ms.alpha_to_one || !sh.a2c_alpha ? 255 :
							ember_float_to_unorm(pixel_alpha(sh.seed, x, y), 8);

						CHECK_EQ(raw[0], 128);
						CHECK_EQ(raw[3], alpha);
					}
					want += live;
				}
			}
		}
		CHECK_EQ(be.samples_passed, want);
	}
	return true;
}

static void discard_all_fs(void *ctx, const struct ember_quad *q, struct ember_fs_output *out)
{
	out->discard_mask = 0xf;
}

/* With early fragment tests, depth is written and counted even for discarded fragments. */
static bool test_early_fragment_tests(void)
{
	static struct target ds;

	for (int early = 0; early < 2; early++) {
		struct ember_backend_state st;
		struct ember_framebuffer fb;
		struct ember_backend be = { 0 };
		float pos[6][4];

		state_init(&st, 4);
		st.early_fragment_tests = early;
		st.ds.depth_test_enable = st.ds.depth_write_enable = true;
		st.ds.depth_compare_op = EMBER_COMPARE_LESS;
		target_init(&ds, EMBER_RT_D32_SFLOAT, 4);
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				for (int s = 0; s < 4; s++)
					ember_depth_store(ds.rt.format, ember_rt_texel(&ds.rt, x, y, s), 1.0f);
		fb = (struct ember_framebuffer){ .width = W, .height = H, .samples = 4,
						 .depth_stencil = ds.rt };
		fullscreen(pos, 0.25f, true);
		be = (struct ember_backend){ .state = &st, .fb = &fb, .fs = discard_all_fs };
		CHECK_EQ(ember_backend_draw(&be, NULL, pos, 2, 0), 0);
		CHECK_EQ(be.samples_passed, early ? W * H * 4 : 0);
		CHECK(ember_depth_load(ds.rt.format, ember_rt_texel(&ds.rt, 5, 7, 2)) ==
		      (early ? 0.25f : 1.0f));
	}
	return true;
}

/* Overlapping triangles: the last in submission order wins, whether drawn whole or tile by tile. */
static void primitive_id_fs(void *ctx, const struct ember_quad *q, struct ember_fs_output *out)
{
	for (int p = 0; p < 4; p++) {
		out->color[0][p].u[0] = q->primitive_id + 1;
		out->color[1][p].f[0] = 0.25f;
		out->color[1][p].f[1] = 0.5f;
		out->color[1][p].f[2] = 0.125f;
		out->color[1][p].f[3] = 0.5f;
	}
}

static bool test_order_and_tiles(void)
{
	uint64_t rng = 0x0bde;
	static struct target a_ids, a_blend, b_ids, b_blend;
	float pos[40 * 3][4];
	struct ember_backend_state st;

	state_init(&st, 4);
	/* Attachment 1 accumulates: dst + src * src_alpha (order-independent sums are not enough, */
	/* so attachment 0 keeps the last primitive's id: order matters there). */
	st.blend.attachment[1] = (struct ember_blend_attachment){
		.blend_enable = true, .src_color_factor = EMBER_BF_SRC_ALPHA,
		.dst_color_factor = EMBER_BF_ONE_MINUS_SRC_ALPHA, .color_op = EMBER_BLEND_ADD,
		.src_alpha_factor = EMBER_BF_ONE, .dst_alpha_factor = EMBER_BF_ZERO,
		.alpha_op = EMBER_BLEND_ADD, .write_mask = EMBER_WRITE_ALL };
	for (int i = 0; i < 40 * 3; i++) {
		pos[i][0] = (float)ref_rand_double(&rng, -1.5, 1.5);
		pos[i][1] = (float)ref_rand_double(&rng, -1.5, 1.5);
		pos[i][2] = 0.5f;
		pos[i][3] = 1;
	}
	target_init(&a_ids, EMBER_RT_R32_UINT, 4);
	target_init(&a_blend, EMBER_RT_R8G8B8A8_SRGB, 4);
	target_init(&b_ids, EMBER_RT_R32_UINT, 4);
	target_init(&b_blend, EMBER_RT_R8G8B8A8_SRGB, 4);
	struct ember_framebuffer whole = { .width = W, .height = H, .samples = 4, .color_count = 2,
					   .color = { a_ids.rt, a_blend.rt } };
	struct ember_framebuffer tiled = { .width = W, .height = H, .samples = 4, .color_count = 2,
					   .color = { b_ids.rt, b_blend.rt } };
	struct ember_backend be = { .state = &st, .fb = &whole, .fs = primitive_id_fs };

	CHECK_EQ(ember_backend_draw(&be, NULL, (const float (*)[4])pos, 40, 0), 0);
	be.fb = &tiled;
	/* Tiles in a scrambled order, each with the whole primitive list. */
	const struct ember_rect tiles[] = { { 8, 8, 8, 8 }, { 0, 0, 6, 8 }, { 6, 0, 10, 8 }, { 0, 8, 8, 8 } };

	for (int i = 0; i < 4; i++)
		CHECK_EQ(ember_backend_draw(&be, &tiles[i], (const float (*)[4])pos, 40, 0), 0);
	CHECK(memcmp(a_ids.mem, b_ids.mem, sizeof(a_ids.mem)) == 0);
	CHECK(memcmp(a_blend.mem, b_blend.mem, sizeof(a_blend.mem)) == 0);

	/* And the id is the last covering triangle's, by the reference. */
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			for (unsigned int s = 0; s < 4; s++) {
				uint32_t want = 0, raw[4];

				for (uint32_t i = 0; i < 40; i++) {
					struct ref_tri t;

					ref_project(&st.viewport, (const float (*)[4])pos[3 * i], &t);
					if ((ref_pixel_coverage(&t, x, y, 4) >> s) & 1)
						want = i + 1;
				}
				ember_texel_load_raw(EMBER_RT_R32_UINT, ember_rt_texel(&a_ids.rt, x, y, s), raw);
				CHECK_EQ(raw[0], want);
			}
	return true;
}

/*
 * The D32 depth path against the sample-by-sample steps it replaces, on
 * single quads: D32_SFLOAT with 4 samples (the SSE path, four samples at
 * once) and 1, D32_SFLOAT_S8_UINT without a stencil test (8-byte texels,
 * sample by sample); every compare op, random coverage, writes and
 * clamping, depths among zeros of both signs, infinities, NaNs, a
 * denormal and equal values. The coverage left, the samples passed and
 * every byte of the target must be those of the per-sample loop.
 */
static bool test_depth_d32_quads(void)
{
	const float values[] = { 0.0f, -0.0f, 0.25f, 0.5f, 0.50000006f, 1.0f, NAN, -NAN,
				 INFINITY, -INFINITY, 1e-40f, 0.75f };
	const unsigned int formats[] = { EMBER_RT_D32_SFLOAT, EMBER_RT_D32_SFLOAT,
					 EMBER_RT_D32_SFLOAT_S8_UINT };
	const unsigned int nvalues = sizeof(values) / sizeof(values[0]);
	static struct target ds, want;
	uint64_t rng = 0xd32d32, quads4 = 0, passed_total = 0;

	for (unsigned int iter = 0; iter < 6000; iter++) {
		unsigned int format = formats[iter % 3], samples = iter % 3 == 1 ? 1 : 4;
		unsigned int size = ember_rt_texel_size(format), passed, want_passed = 0;
		struct ember_backend_state st;
		struct ember_quad q = { 0 };
		float depth[4][EMBER_MAX_SAMPLES];
		uint32_t cov[4], want_cov[4];

		state_init(&st, samples);
		target_init(&ds, format, samples);
		st.ds.depth_test_enable = true;
		st.ds.depth_write_enable = ref_rand_below(&rng, 2);
		st.ds.depth_compare_op = (uint8_t)ref_rand_below(&rng, 8);
		if (ref_rand_below(&rng, 4) == 0) {
			st.raster.depth_clamp_enable = true;
			st.viewport.min_depth = 0.25f;
			st.viewport.max_depth = 0.75f;
		}
		for (size_t b = 0; b < sizeof(ds.mem) / 4; b++) {
			float v = values[ref_rand_below(&rng, nvalues)];

			memcpy(&ds.mem[4 * b], &v, 4);
		}
		want = ds;
		want.rt.base = want.mem;
		q.x = (int32_t)(2 * ref_rand_below(&rng, W / 2));
		q.y = (int32_t)(2 * ref_rand_below(&rng, H / 2));
		q.front_facing = ref_rand_below(&rng, 2);
		for (int p = 0; p < 4; p++) {
			cov[p] = ref_rand_below(&rng, 1u << samples);
			if (ref_rand_below(&rng, 4) == 0)
				cov[p] = (1u << samples) - 1;
			want_cov[p] = cov[p];
			for (int s = 0; s < EMBER_MAX_SAMPLES; s++)
				depth[p][s] = values[ref_rand_below(&rng, nvalues)];
		}
		/* The steps of depth_stencil_sample() for this state, one sample at a time. */
		for (int p = 0; p < 4; p++) {
			for (unsigned int s = 0; s < samples; s++) {
				uint8_t *texel = ember_rt_texel(&want.rt, (uint32_t)q.x + (p & 1),
								(uint32_t)q.y + (p >> 1), s);
				float zf = ember_fragment_depth(&st, format, depth[p][s]), za;

				if (!(want_cov[p] & (1u << s)))
					continue;
				memcpy(&za, texel, sizeof(za));
				if (!ember_compare(st.ds.depth_compare_op, zf, za)) {
					want_cov[p] &= ~(1u << s);
					continue;
				}
				if (st.ds.depth_write_enable)
					memcpy(texel, &zf, sizeof(zf));
				want_passed++;
			}
		}
		passed = ember_frag_depth_stencil(&st, &ds.rt, &q, (const float (*)[EMBER_MAX_SAMPLES])depth,
						  cov);
		CHECK_EQ(passed, want_passed);
		for (int p = 0; p < 4; p++)
			CHECK_EQ(cov[p], want_cov[p]);
		CHECK(!memcmp(ds.mem, want.mem, (size_t)W * H * samples * size));
		quads4 += samples == 4 && size == 4;
		passed_total += passed;
	}
	tap_diag("%llu quads of 4 D32_SFLOAT samples, %llu samples passed",
		 (unsigned long long)quads4, (unsigned long long)passed_total);
	return true;
}

int main(void)
{
	tap_result(test_depth_stencil(), "depth-stencil-every-op");
	tap_result(test_coverage_masks(), "coverage-sample-mask-alpha-to-coverage");
	tap_result(test_early_fragment_tests(), "early-fragment-tests");
	tap_result(test_order_and_tiles(), "primitive-order-across-tiles");
	tap_result(test_depth_d32_quads(), "depth-d32-quads-match-per-sample");
	return tap_finish();
}
