/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The 3D back end: see backend.h. */

#include "backend.h"

#include <string.h>

static bool any_coverage(const uint32_t cov[4])
{
	return (cov[0] | cov[1] | cov[2] | cov[3]) != 0;
}

static uint8_t helpers_of(const uint32_t cov[4])
{
	uint8_t mask = 0;

	for (int p = 0; p < 4; p++)
		if (!cov[p])
			mask |= 1u << p;
	return mask;
}

static unsigned int depth_stencil_tests(struct ember_backend *be,
					const struct ember_quad *q,
					const float depth[4][EMBER_MAX_SAMPLES],
					uint32_t cov[4])
{
	unsigned int passed = ember_frag_depth_stencil(be->state,
		&be->fb->depth_stencil, q, depth, cov);

	be->samples_passed += passed;
	return passed;
}

static void write_colors(struct ember_backend *be, const struct ember_quad *q,
			 const struct ember_fs_output *out, const uint32_t cov[4])
{
	const struct ember_framebuffer *fb = be->fb;

	for (uint32_t i = 0; i < fb->color_count; i++) {
		const struct ember_render_target *rt = &fb->color[i];

		if (rt->format == EMBER_RT_NONE)
			continue;	/* an unused attachment */
		ember_frag_color_write_quad(&be->state->blend, i, rt, (uint32_t)q->x,
					    (uint32_t)q->y, cov, out->color[i], out->color1);
	}
}

/* R10 after the fragment shader: coverage, late tests, colour writes. */
static void finish_quad(struct ember_backend *be, const struct ember_quad *q,
			uint32_t cov[4], float depth[4][EMBER_MAX_SAMPLES],
			struct ember_fs_output *out)
{
	const struct ember_backend_state *st = be->state;
	bool shaded = be->fs || be->fs_wave;

	be->quads_shaded++;
	for (int p = 0; p < 4; p++) {
		if (out->discard_mask & (1u << p))
			cov[p] = 0;
		if (out->writes_sample_mask)
			cov[p] &= out->sample_mask[p];
	}
	ember_frag_multisample_coverage(&st->ms, be->fb, out, cov);
	if (!st->early_fragment_tests) {
		if (out->writes_depth)
			for (int p = 0; p < 4; p++)
				for (int s = 0; s < EMBER_MAX_SAMPLES; s++)
					depth[p][s] = out->depth[p];
		depth_stencil_tests(be, q, depth, cov);
	}
	if (shaded && any_coverage(cov))
		write_colors(be, q, out, cov);
}

void ember_backend_flush(struct ember_backend *be)
{
	struct ember_fs_batch *b = &be->batch;

	if (!b->count)
		return;
	memset(b->out, 0, sizeof(b->out[0]) * b->count);
	be->fs_wave(be->fs_ctx, b);
	for (unsigned int k = 0; k < b->count; k++)
		finish_quad(be, &b->quad[k], b->cov[k], b->depth[k], &b->out[k]);
	b->count = 0;
}

/* Whether a waiting quad covers a sample @cov of the quad at (@x, @y) covers. */
static bool batch_overlaps(const struct ember_fs_batch *b, int32_t x, int32_t y,
			   const uint32_t cov[4])
{
	for (unsigned int k = 0; k < b->count; k++) {
		if (b->quad[k].x != x || b->quad[k].y != y)
			continue;
		for (int p = 0; p < 4; p++)
			if (b->cov[k][p] & cov[p])
				return true;
	}
	return false;
}

/* The quad @q with coverage @cov joins the batch (shading sample @sample). */
static void batch_add(struct ember_backend *be, const struct ember_quad *q,
		      const uint32_t cov[4], const float depth[4][EMBER_MAX_SAMPLES],
		      uint32_t sample)
{
	struct ember_fs_batch *b = &be->batch;
	unsigned int k;

	if (b->count == EMBER_FS_WAVE_QUADS)
		ember_backend_flush(be);
	k = b->count++;
	b->quad[k] = *q;
	memcpy(b->quad[k].coverage, cov, sizeof(b->quad[k].coverage));
	b->quad[k].helper_mask = helpers_of(cov);
	memcpy(b->cov[k], cov, sizeof(b->cov[k]));
	memcpy(b->depth[k], depth, sizeof(b->depth[k]));
	b->sample[k] = sample;
}

/* The tests before the shader; false when no sample is left. */
static bool early_tests(struct ember_backend *be, const struct ember_quad *q,
			uint32_t cov[4], float depth[4][EMBER_MAX_SAMPLES])
{
	const struct ember_backend_state *st = be->state;

	memcpy(cov, q->coverage, sizeof(q->coverage));
	memcpy(depth, q->depth, sizeof(q->depth));
	ember_frag_scissor(&st->scissor, q, cov);
	ember_frag_sample_mask(st->ms.sample_mask, cov);
	if (!any_coverage(cov))
		return false;
	/* A waiting fragment of the same sample goes first (R6). */
	if (be->fs_wave && batch_overlaps(&be->batch, q->x, q->y, cov))
		ember_backend_flush(be);
	if (st->early_fragment_tests)
		depth_stencil_tests(be, q, depth, cov);
	return any_coverage(cov);
}

/* R10: one quad through the fragment operations. */
static void shade_quad(void *ctx, const struct ember_quad *raster_quad)
{
	struct ember_backend *be = ctx;
	struct ember_quad q;
	struct ember_fs_output out;
	float depth[4][EMBER_MAX_SAMPLES];
	uint32_t cov[4];

	if (!early_tests(be, raster_quad, cov, depth))
		return;
	/* A batched quad is copied into the batch, with its coverage. */
	if (be->fs_wave) {
		if (!be->sample_rate) {
			batch_add(be, raster_quad, cov, depth, 0);
			return;
		}
		for (unsigned int s = 0; s < be->fb->samples; s++) {
			uint32_t one[4];

			for (int p = 0; p < 4; p++)
				one[p] = cov[p] & (1u << s);
			if (any_coverage(one))
				batch_add(be, raster_quad, one, depth, s);
		}
		return;
	}
	q = *raster_quad;
	memcpy(q.coverage, cov, sizeof(cov));
	q.helper_mask = helpers_of(cov);
	memset(&out, 0, sizeof(out));
	if (be->fs)
		be->fs(be->fs_ctx, &q, &out);
	finish_quad(be, &q, cov, depth, &out);
}

static bool intersect(struct ember_rect *r, const struct ember_rect *with)
{
	int64_t x0 = r->x > with->x ? r->x : with->x;
	int64_t y0 = r->y > with->y ? r->y : with->y;
	int64_t x1 = (int64_t)r->x + r->width, y1 = (int64_t)r->y + r->height;
	int64_t wx1 = (int64_t)with->x + with->width;
	int64_t wy1 = (int64_t)with->y + with->height;

	if (wx1 < x1)
		x1 = wx1;
	if (wy1 < y1)
		y1 = wy1;
	if (x0 >= x1 || y0 >= y1)
		return false;
	r->x = (int32_t)x0;
	r->y = (int32_t)y0;
	r->width = (uint32_t)(x1 - x0);
	r->height = (uint32_t)(y1 - y0);
	return true;
}

/*
 * The rectangle a draw covers: @tile (or the framebuffer) cut down to the
 * framebuffer and the scissor (which only saves empty quads: the scissor
 * test runs on every quad anyway). Returns the state check's error, or 0
 * with *empty set when nothing can be drawn.
 */
static int begin_draw(const struct ember_backend *be, const struct ember_rect *tile,
		      struct ember_rect *rect, bool *empty)
{
	const struct ember_framebuffer *fb = be->fb;
	int err = ember_backend_state_check(be->state, fb);
	uint32_t x0 = fb->depth_stencil.format ? fb->depth_stencil.origin_x : 0;
	uint32_t y0 = fb->depth_stencil.format ? fb->depth_stencil.origin_y : 0;

	/* Nothing left of or above a window (raster_state.h). */
	for (uint32_t i = 0; i < fb->color_count && i < EMBER_MAX_COLOR_TARGETS; i++) {
		if (fb->color[i].format == EMBER_RT_NONE)
			continue;
		x0 = fb->color[i].origin_x > x0 ? fb->color[i].origin_x : x0;
		y0 = fb->color[i].origin_y > y0 ? fb->color[i].origin_y : y0;
	}
	*rect = (struct ember_rect){ 0, 0, fb->width, fb->height };
	*empty = x0 >= fb->width || y0 >= fb->height ||
		 !intersect(rect, &(struct ember_rect){ (int32_t)x0, (int32_t)y0,
							fb->width - x0, fb->height - y0 }) ||
		 (tile && !intersect(rect, tile)) ||
		 !intersect(rect, &be->state->scissor);
	return err;
}

static const struct ember_clip_distances *clip_distances_of(const struct ember_backend *be,
							    uint32_t i)
{
	return be->clip_distances ? &be->clip_distances[i] : NULL;
}

/* One primitive's setup, by topology: @i indexes the draw's primitives. */
typedef bool (*setup_fn)(const struct ember_backend *be, const float (*pos)[4],
			 const float *sizes, uint32_t i, uint32_t id,
			 struct ember_primitive *prim);

static bool setup_triangle(const struct ember_backend *be, const float (*pos)[4],
			   const float *sizes, uint32_t i, uint32_t id,
			   struct ember_primitive *prim)
{
	return ember_raster_setup(be->state, be->fb->depth_stencil.format,
				  (const float (*)[4])pos[3 * i], clip_distances_of(be, i), id,
				  prim);
}

/* A line or point set up as @prim (@ok) that is a piece of be->polygon takes its facing and bias. */
static bool polygon_piece(const struct ember_backend *be, bool ok, struct ember_primitive *prim)
{
	if (ok && be->polygon) {
		prim->front_facing = be->polygon->front_facing;
		prim->depth_offset = be->polygon->depth_offset;
	}
	return ok;
}

static bool setup_line(const struct ember_backend *be, const float (*pos)[4],
		       const float *sizes, uint32_t i, uint32_t id,
		       struct ember_primitive *prim)
{
	return polygon_piece(be, ember_raster_setup_line(be->state, (const float (*)[4])pos[2 * i],
							 clip_distances_of(be, i), id, prim),
			     prim);
}

static bool setup_point(const struct ember_backend *be, const float (*pos)[4],
			const float *sizes, uint32_t i, uint32_t id,
			struct ember_primitive *prim)
{
	return polygon_piece(be, ember_raster_setup_point(be->state, pos[i],
							  sizes ? sizes[i] : 1.0f,
							  clip_distances_of(be, i), id, prim),
			     prim);
}

/* Widest and tallest bounding box whose target lines are prefetched, in pixels. */
#define PREFETCH_MAX_PIXELS	32

static void prefetch_rows(const struct ember_render_target *rt, const struct ember_rect *box)
{
	uint32_t bytes = box->width * rt->samples * ember_rt_texel_size(rt->format);

	for (uint32_t y = 0; y < box->height; y++) {
		const uint8_t *row = ember_rt_texel(rt, (uint32_t)box->x,
						    (uint32_t)box->y + y, 0);

		for (uint32_t b = 0; b < bytes; b += 64)
			__builtin_prefetch(row + b, 1);
		__builtin_prefetch(row + bytes - 1, 1);
	}
}

/*
 * A small primitive's texels are far apart from the previous one's: their
 * lines are asked for before the scan, so that the misses of its depth
 * tests and colour writes overlap instead of coming one at a time. Only a
 * hint: nothing is read or written here.
 */
static void prefetch_targets(const struct ember_backend *be,
			     const struct ember_primitive *prim,
			     const struct ember_rect *rect)
{
	const struct ember_framebuffer *fb = be->fb;

	for (unsigned int i = 0; i < prim->tri_count; i++) {
		const struct ember_tri *t = &prim->tri[i];
		int64_t x0 = t->min_px > rect->x ? t->min_px : rect->x;
		int64_t y0 = t->min_py > rect->y ? t->min_py : rect->y;
		int64_t x1 = (int64_t)rect->x + rect->width - 1;
		int64_t y1 = (int64_t)rect->y + rect->height - 1;
		struct ember_rect box;

		x1 = t->max_px < x1 ? t->max_px : x1;
		y1 = t->max_py < y1 ? t->max_py : y1;
		if (x0 > x1 || y0 > y1 || x1 - x0 >= PREFETCH_MAX_PIXELS ||
		    y1 - y0 >= PREFETCH_MAX_PIXELS)
			continue;
		box = (struct ember_rect){ (int32_t)x0, (int32_t)y0,
					   (uint32_t)(x1 - x0 + 1), (uint32_t)(y1 - y0 + 1) };
		if (fb->depth_stencil.format != EMBER_RT_NONE)
			prefetch_rows(&fb->depth_stencil, &box);
		for (uint32_t c = 0; c < fb->color_count && c < EMBER_MAX_COLOR_TARGETS; c++)
			if (fb->color[c].format != EMBER_RT_NONE)
				prefetch_rows(&fb->color[c], &box);
	}
}

/* Primitives in submission order, each set up and scanned over the rectangle. */
static int draw(struct ember_backend *be, const struct ember_rect *tile,
		setup_fn setup, const float (*pos)[4], const float *sizes,
		uint32_t count, uint32_t first_id)
{
	struct ember_primitive prim;
	struct ember_rect rect;
	bool empty;
	int err = begin_draw(be, tile, &rect, &empty);

	if (err || empty)
		return err;
	for (uint32_t i = 0; i < count; i++)
		if (setup(be, pos, sizes, i, first_id + i, &prim)) {
			prefetch_targets(be, &prim, &rect);
			ember_raster_scan(&prim, &rect, be->fb->samples,
					  shade_quad, be);
		}
	return 0;
}

int ember_backend_draw(struct ember_backend *be, const struct ember_rect *tile,
		       const float (*pos)[4], uint32_t count, uint32_t first_id)
{
	return draw(be, tile, setup_triangle, pos, NULL, count, first_id);
}

int ember_backend_draw_lines(struct ember_backend *be, const struct ember_rect *tile,
			     const float (*pos)[4], uint32_t count, uint32_t first_id)
{
	return draw(be, tile, setup_line, pos, NULL, count, first_id);
}

int ember_backend_draw_points(struct ember_backend *be, const struct ember_rect *tile,
			      const float (*pos)[4], const float *sizes,
			      uint32_t count, uint32_t first_id)
{
	return draw(be, tile, setup_point, pos, sizes, count, first_id);
}
