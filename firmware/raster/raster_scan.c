/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Traversal
 *
 * Walks a triangle's bounding box, clamped to a rectangle (a tile, already
 * cut down to the framebuffer and the scissor), in 2x2 quads: rows top to
 * bottom, left to right (R6). A sample is covered when every edge function
 * plus its top-left bias is >= 0, in exact 64-bit integers (R3). A quad
 * with any covered sample is emitted with its barycentrics at the four
 * pixel centres (helpers too: derivatives need them) and its depth at
 * every sample.
 *
 * Each quad row is walked in blocks of 8x8 pixels aligned to the pixel
 * grid, classified by the edge functions at their corners: a block
 * outside an edge (its largest value over the block's square, + bias, is
 * < 0) is skipped whole; a block inside every edge (the smallest values,
 * + bias, are >= 0) covers every sample of its pixels, which skip the
 * per-sample tests; the other blocks go quad by quad, with the same two
 * tests on each quad's square before the samples. Both tests are exact
 * integer bounds over a square that holds every sample, so the coverage
 * is the same as testing each sample (test_raster_scan_exact checks it).
 *
 * Barycentrics come from the same edge functions, in double: the linear
 * ones are E / area; the perspective-correct ones weight them by 1/w and
 * renormalise. Both are then mapped through the clipped vertices' weights
 * to the primitive's own vertices.
 */

#include "raster.h"

#include <math.h>
#include <string.h>

/* R4, in 1/256 pixel: Vulkan's standard locations. */
static const uint8_t sample_locations_1[1][2] = { { 128, 128 } };
static const uint8_t sample_locations_4[4][2] = {
	{ 96, 32 }, { 224, 96 }, { 32, 160 }, { 160, 224 },
};

void ember_sample_location(unsigned int samples, unsigned int s,
			   unsigned int *x, unsigned int *y)
{
	const uint8_t *loc = samples == 4 ? sample_locations_4[s & 3] :
					    sample_locations_1[0];

	*x = loc[0];
	*y = loc[1];
}

/* Edge i's function at (x, y), 1/256 pixel units: > 0 inside. */
static int64_t edge_at(const struct ember_tri *t, int i, int64_t x, int64_t y)
{
	return t->dx[i] * (y - t->y[i]) - t->dy[i] * (x - t->x[i]);
}

/*
 * The traversal steps the edge functions instead of evaluating them at
 * every sample: E(x + a, y + b) = E(x, y) + dx * b - dy * a exactly, so
 * each value is computed once per quad row (edge_at) and reached by
 * integer additions from there. The additions are done in uint64_t, i.e.
 * modulo 2^64: whenever edge_at's own arithmetic is defined (it never
 * overflows for a setup's triangles), the sum is the same integer, and so
 * are the coverage, the barycentrics and the depth built from it.
 */
/* Pixels per side of a block of the coarse test. */
#define BLOCK	8

struct edge_steps {
	uint64_t pixel_x[3], pixel_y[3];	/* one pixel right, down */
	uint64_t block_x[3];			/* one block right */
	/* Pixel (0,0) of a square -> its max (min) corner, + bias. */
	uint64_t quad_max[3], quad_min[3];
	uint64_t block_max[3], block_min[3];
	uint64_t centre[3];			/* pixel corner -> centre */
	uint64_t sample[3][EMBER_MAX_SAMPLES];	/* pixel corner -> sample s, + bias */
	/* Depth from the pixel centre to sample s, along x and along y. */
	double depth_dx[EMBER_MAX_SAMPLES], depth_dy[EMBER_MAX_SAMPLES];
};

/*
 * Over the square of @size pixels whose top-left corner's edge value is
 * E, edge i's largest value is E + *max, its smallest E + *min (biases
 * included): at the corners its gradient points to and from (x1 = x0 +
 * size when dy < 0, y1 when dx > 0, and the other way round).
 */
static void square_bounds(const struct ember_tri *t, int i, uint64_t size,
			  uint64_t *max, uint64_t *min)
{
	uint64_t dx = (uint64_t)t->dx[i], dy = (uint64_t)t->dy[i];
	uint64_t step_x = -dy * size, step_y = dx * size;

	*max = (t->dy[i] < 0 ? step_x : 0) + (t->dx[i] > 0 ? step_y : 0) +
	       (uint64_t)t->bias[i];
	*min = (t->dy[i] > 0 ? step_x : 0) + (t->dx[i] < 0 ? step_y : 0) +
	       (uint64_t)t->bias[i];
}

static void edge_steps_init(const struct ember_tri *t, unsigned int samples,
			    struct edge_steps *es)
{
	const uint64_t one = EMBER_SUBPIXEL_ONE;
	const int64_t half = EMBER_SUBPIXEL_ONE / 2;

	for (int i = 0; i < 3; i++) {
		uint64_t dx = (uint64_t)t->dx[i], dy = (uint64_t)t->dy[i];

		es->pixel_x[i] = -dy * one;
		es->pixel_y[i] = dx * one;
		es->block_x[i] = -dy * BLOCK * one;
		square_bounds(t, i, 2 * one, &es->quad_max[i], &es->quad_min[i]);
		square_bounds(t, i, BLOCK * one, &es->block_max[i], &es->block_min[i]);
		es->centre[i] = dx * (one / 2) - dy * (one / 2);
		for (unsigned int s = 0; s < samples; s++) {
			unsigned int ox, oy;

			ember_sample_location(samples, s, &ox, &oy);
			es->sample[i][s] = dx * oy - dy * ox + (uint64_t)t->bias[i];
		}
	}
	for (unsigned int s = 0; s < samples; s++) {
		unsigned int ox, oy;

		ember_sample_location(samples, s, &ox, &oy);
		es->depth_dx[s] = t->dz_dx * ((double)ox - half);
		es->depth_dy[s] = t->dz_dy * ((double)oy - half);
	}
}

/*
 * Edge values at a pixel's corner -> its coverage (bit s = sample s). A
 * sample is covered when no edge value is negative: when the OR of the
 * three has its sign bit clear.
 */
static uint32_t pixel_coverage(const struct edge_steps *es, const uint64_t e[3],
			       unsigned int samples)
{
	uint32_t mask = 0;

	for (unsigned int s = 0; s < samples; s++) {
		uint64_t v = (e[0] + es->sample[0][s]) | (e[1] + es->sample[1][s]) |
			     (e[2] + es->sample[2][s]);

		mask |= (uint32_t)(~v >> 63) << s;
	}
	return mask;
}

/*
 * The square whose top-left corner's edge values are @e, with the bounds
 * @max and @min of square_bounds(): 0 when it holds no covered sample
 * (outside an edge), 2 when every sample in it is covered, 1 otherwise.
 * As in pixel_coverage(), a sign bit in an OR says some value is < 0.
 */
static inline int square_class(const uint64_t e[3], const uint64_t max[3],
			const uint64_t min[3])
{
	uint64_t hi = (e[0] + max[0]) | (e[1] + max[1]) | (e[2] + max[2]);
	uint64_t lo = (e[0] + min[0]) | (e[1] + min[1]) | (e[2] + min[2]);

	if (hi >> 63)
		return 0;
	return 1 + (int)(~lo >> 63);
}

static void map_weights(const struct ember_tri *t, const double mu[3],
			float out[3])
{
	for (int j = 0; j < 3; j++)
		out[j] = ember_saturate_float(mu[0] * t->weight[0][j] +
					      mu[1] * t->weight[1][j] +
					      mu[2] * t->weight[2][j]);
}

static double depth_at(const struct ember_tri *t, const double lambda[3])
{
	return lambda[0] * t->z[0] + lambda[1] * t->z[1] + lambda[2] * t->z[2];
}

/* @centre[p][i]: edge i at pixel p's centre. */
static void fill_quad_values(const struct ember_primitive *prim,
			     const struct ember_tri *t, const struct edge_steps *es,
			     unsigned int samples, const int64_t centre[4][3],
			     struct ember_quad *q)
{
	for (int p = 0; p < 4; p++) {
		int64_t px = q->x + (p & 1), py = q->y + (p >> 1);
		double lambda[3], mu[3], inv_w = 0;

		/* Linear barycentrics: vertex k faces edge k + 1. */
		lambda[0] = (double)centre[p][1] * t->inv_area2;
		lambda[1] = (double)centre[p][2] * t->inv_area2;
		lambda[2] = (double)centre[p][0] * t->inv_area2;
		for (int k = 0; k < 3; k++)
			inv_w += lambda[k] * t->inv_w[k];
		for (int k = 0; k < 3; k++)
			mu[k] = inv_w > 0 ? lambda[k] * t->inv_w[k] / inv_w : 0;
		/* A helper far outside may extrapolate 1/w through zero. */
		if (!(inv_w > 0) || !isfinite(mu[0] + mu[1] + mu[2]))
			memcpy(mu, lambda, sizeof(mu));
		map_weights(t, lambda, q->bary_linear[p]);
		map_weights(t, mu, q->bary[p]);
		q->inv_w[p] = ember_saturate_float(inv_w);
		if (prim->kind == EMBER_PRIM_POINT) {
			q->point_coord[p][0] = ((float)px + 0.5f - prim->point_origin[0]) /
					       prim->point_size;
			q->point_coord[p][1] = ((float)py + 0.5f - prim->point_origin[1]) /
					       prim->point_size;
		}
		/* Depth is linear in screen space: the samples follow the plane. */
		double z = depth_at(t, lambda) + prim->depth_offset;

		q->depth_center[p] = ember_saturate_float(z);
		for (unsigned int s = 0; s < samples; s++)
			q->depth[p][s] = ember_saturate_float(z + es->depth_dx[s] +
							      es->depth_dy[s]);
	}
}

/*
 * The quad at (@qx, @qy) with edge values @e at its top-left corner:
 * emitted when it covers a sample. @cls: its square's class (1: test
 * every sample, 2: every sample is covered); pixels outside [@x0, @x1] x
 * [@y0, @y1] are never covered.
 */
static void scan_quad(const struct ember_primitive *prim, const struct ember_tri *t,
		      const struct edge_steps *es, unsigned int samples,
		      const int64_t bounds[4], int64_t qx, int64_t qy,
		      const uint64_t e[3], int cls, struct ember_quad *q,
		      ember_quad_fn emit, void *ctx)
{
	const uint32_t all = (1u << samples) - 1;
	int64_t centre[4][3];
	uint32_t any = 0;

	q->helper_mask = 0;
	for (int p = 0; p < 4; p++) {
		int64_t px = qx + (p & 1), py = qy + (p >> 1);
		bool inside = px >= bounds[0] && px <= bounds[2] &&
			      py >= bounds[1] && py <= bounds[3];
		uint64_t ep[3];

		for (int i = 0; i < 3; i++) {
			ep[i] = e[i] + ((p & 1) ? es->pixel_x[i] : 0) +
				((p >> 1) ? es->pixel_y[i] : 0);
			centre[p][i] = (int64_t)(ep[i] + es->centre[i]);
		}
		if (!inside)
			q->coverage[p] = 0;
		else
			q->coverage[p] = cls == 2 ? all : pixel_coverage(es, ep, samples);
		if (!q->coverage[p])
			q->helper_mask |= 1u << p;
		any |= q->coverage[p];
	}
	if (!any)
		return;
	q->x = (int32_t)qx;
	q->y = (int32_t)qy;
	fill_quad_values(prim, t, es, samples, centre, q);
	emit(ctx, q);
}

static void scan_tri(const struct ember_primitive *prim,
		     const struct ember_tri *t, const struct ember_rect *rect,
		     unsigned int samples, ember_quad_fn emit, void *ctx)
{
	int64_t x0 = t->min_px > rect->x ? t->min_px : rect->x;
	int64_t y0 = t->min_py > rect->y ? t->min_py : rect->y;
	int64_t x1 = (int64_t)rect->x + rect->width - 1;
	int64_t y1 = (int64_t)rect->y + rect->height - 1;
	struct edge_steps es;
	struct ember_quad q;
	int64_t bounds[4];

	if (t->max_px < x1)
		x1 = t->max_px;
	if (t->max_py < y1)
		y1 = t->max_py;
	if (x0 > x1 || y0 > y1)
		return;
	bounds[0] = x0;
	bounds[1] = y0;
	bounds[2] = x1;
	bounds[3] = y1;

	edge_steps_init(t, samples, &es);
	memset(&q, 0, sizeof(q));
	q.front_facing = prim->front_facing;
	q.provoking_vertex = prim->provoking_vertex;
	q.primitive_id = prim->primitive_id;
	for (int64_t qy = y0 - (y0 & 1); qy <= y1; qy += 2) {
		int64_t qx0 = x0 - (x0 & 1);
		int64_t bx0 = x0 - (x0 & (BLOCK - 1)), by = qy - (qy & (BLOCK - 1));
		uint64_t eb[3], row[3];

		/* Block (bx0, by)'s corner, and its quad row's offset from it. */
		for (int i = 0; i < 3; i++) {
			eb[i] = (uint64_t)edge_at(t, i, bx0 * EMBER_SUBPIXEL_ONE,
						  by * EMBER_SUBPIXEL_ONE);
			row[i] = es.pixel_y[i] * (uint64_t)(qy - by);
		}
		for (int64_t bx = bx0; bx <= x1; bx += BLOCK) {
			int64_t qx = bx > qx0 ? bx : qx0;
			int64_t qx_end = bx + BLOCK - 2 < x1 ? bx + BLOCK - 2 : x1;
			int cls;
			uint64_t e[3];

			if (bx != bx0) {
				for (int i = 0; i < 3; i++)
					eb[i] += es.block_x[i];
			}
			cls = square_class(eb, es.block_max, es.block_min);
			if (!cls)
				continue;
			for (int i = 0; i < 3; i++)
				e[i] = eb[i] + row[i] + es.pixel_x[i] * (uint64_t)(qx - bx);
			for (; qx <= qx_end; qx += 2) {
				int quad_cls = cls;

				if (quad_cls == 1)
					quad_cls = square_class(e, es.quad_max, es.quad_min);
				if (quad_cls)
					scan_quad(prim, t, &es, samples, bounds, qx, qy, e,
						  quad_cls, &q, emit, ctx);
				for (int i = 0; i < 3; i++)
					e[i] += 2 * es.pixel_x[i];
			}
		}
	}
}

void ember_raster_scan(const struct ember_primitive *prim,
		       const struct ember_rect *rect, unsigned int samples,
		       ember_quad_fn emit, void *ctx)
{
	if (samples != 4)
		samples = 1;
	for (unsigned int i = 0; i < prim->tri_count; i++)
		scan_tri(prim, &prim->tri[i], rect, samples, emit, ctx);
}

float ember_quad_interpolate(const struct ember_quad *quad, unsigned int p,
			     enum ember_interp mode, const float value[3])
{
	const float *b = mode == EMBER_INTERP_NOPERSPECTIVE ?
			 quad->bary_linear[p & 3] : quad->bary[p & 3];

	if (mode == EMBER_INTERP_FLAT)
		return value[quad->provoking_vertex];
	return b[0] * value[0] + b[1] * value[1] + b[2] * value[2];
}
