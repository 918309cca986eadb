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
 *
 * The per-pixel values are computed two pixels at a time in SSE2 (x86-64's
 * baseline), lane l for pixel 2h + l, and the sample tests of a pixel two
 * samples at a time. Each lane does the scalar formula's IEEE operations
 * in the same order (contraction is off; divpd and cvtpd2ps round as
 * divsd and cvtsd2ss do), so every value is bit-identical to computing one
 * pixel at a time (test_raster_scan_exact compares them): the divisions
 * of the perspective correction, which a reciprocal would round
 * differently, are one divpd per vertex and pixel pair instead of two
 * divsd. Branches become lane masks.
 */

#include "raster.h"

#include <emmintrin.h>
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
	/* Pixel corner -> samples 2h, 2h + 1 (lanes 0, 1), + bias. */
	__m128i sample[3][EMBER_MAX_SAMPLES / 2];
	/* Depth from the pixel centre to samples 2h, 2h + 1, along x and y. */
	__m128d depth_dx[EMBER_MAX_SAMPLES / 2], depth_dy[EMBER_MAX_SAMPLES / 2];
	/* The triangle's per-vertex values, in both lanes. */
	__m128d inv_area2, inv_w[3], z[3], weight[3][3], depth_offset;
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

static void edge_steps_init(const struct ember_primitive *prim,
			    const struct ember_tri *t, unsigned int samples,
			    struct edge_steps *es)
{
	const uint64_t one = EMBER_SUBPIXEL_ONE;
	const int64_t half = EMBER_SUBPIXEL_ONE / 2;
	uint64_t sample[EMBER_MAX_SAMPLES];
	double dx[EMBER_MAX_SAMPLES], dy[EMBER_MAX_SAMPLES];

	for (int i = 0; i < 3; i++) {
		uint64_t dx = (uint64_t)t->dx[i], dy = (uint64_t)t->dy[i];

		es->pixel_x[i] = -dy * one;
		es->pixel_y[i] = dx * one;
		es->block_x[i] = -dy * BLOCK * one;
		square_bounds(t, i, 2 * one, &es->quad_max[i], &es->quad_min[i]);
		square_bounds(t, i, BLOCK * one, &es->block_max[i], &es->block_min[i]);
		es->centre[i] = dx * (one / 2) - dy * (one / 2);
		/* A single sample's pair repeats it: the same coverage bit twice. */
		for (unsigned int s = 0; s < EMBER_MAX_SAMPLES; s++) {
			unsigned int ox, oy;

			ember_sample_location(samples, s % samples, &ox, &oy);
			sample[s] = dx * oy - dy * ox + (uint64_t)t->bias[i];
		}
		for (unsigned int h = 0; h < EMBER_MAX_SAMPLES / 2; h++)
			es->sample[i][h] = _mm_set_epi64x((int64_t)sample[2 * h + 1],
							  (int64_t)sample[2 * h]);
	}
	for (unsigned int s = 0; s < EMBER_MAX_SAMPLES; s++) {
		unsigned int ox, oy;

		ember_sample_location(samples, s % samples, &ox, &oy);
		dx[s] = t->dz_dx * ((double)ox - half);
		dy[s] = t->dz_dy * ((double)oy - half);
	}
	for (unsigned int h = 0; h < EMBER_MAX_SAMPLES / 2; h++) {
		es->depth_dx[h] = _mm_set_pd(dx[2 * h + 1], dx[2 * h]);
		es->depth_dy[h] = _mm_set_pd(dy[2 * h + 1], dy[2 * h]);
	}
	es->inv_area2 = _mm_set1_pd(t->inv_area2);
	for (int k = 0; k < 3; k++) {
		es->inv_w[k] = _mm_set1_pd(t->inv_w[k]);
		es->z[k] = _mm_set1_pd(t->z[k]);
		for (int j = 0; j < 3; j++)
			es->weight[k][j] = _mm_set1_pd(t->weight[k][j]);
	}
	es->depth_offset = _mm_set1_pd(prim->depth_offset);
}

/*
 * Edge values at a pixel's corner -> its coverage (bit s = sample s). A
 * sample is covered when no edge value is negative: when the OR of the
 * three has its sign bit clear. Two samples per SSE2 lane pair; with one
 * sample, both lanes test it.
 */
static uint32_t pixel_coverage(const struct edge_steps *es, const uint64_t e[3],
			       unsigned int samples)
{
	__m128i e0 = _mm_set1_epi64x((int64_t)e[0]), e1 = _mm_set1_epi64x((int64_t)e[1]);
	__m128i e2 = _mm_set1_epi64x((int64_t)e[2]);
	uint32_t mask = 0;

	for (unsigned int h = 0; h < (samples + 1) / 2; h++) {
		__m128i v = _mm_or_si128(_mm_or_si128(_mm_add_epi64(e0, es->sample[0][h]),
						      _mm_add_epi64(e1, es->sample[1][h])),
					 _mm_add_epi64(e2, es->sample[2][h]));

		/* movmskpd: the two sign bits. */
		mask |= (uint32_t)(~_mm_movemask_pd(_mm_castsi128_pd(v)) & 3) << (2 * h);
	}
	return mask & ((1u << samples) - 1);
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

/* ember_saturate_float() of both lanes, in the low two lanes. */
static inline __m128 saturate2(__m128d v)
{
	/* minpd/maxpd return their second operand when either is a NaN. */
	v = _mm_min_pd(_mm_set1_pd(FLT_MAX), v);
	v = _mm_max_pd(_mm_set1_pd(-FLT_MAX), v);
	return _mm_cvtpd_ps(v);
}

/* Lane by lane: @m ? @a : @b (@m's lanes all ones or all zeros). */
static inline __m128d select2(__m128d m, __m128d a, __m128d b)
{
	return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b));
}

/* out[2h + l][j] = lane l of @f. */
static inline void store_pair(float out[4][3], int h, int j, __m128 f)
{
	out[2 * h][j] = _mm_cvtss_f32(f);
	out[2 * h + 1][j] = _mm_cvtss_f32(_mm_shuffle_ps(f, f, 1));
}

static inline void map_weights2(const struct edge_steps *es, const __m128d mu[3],
				int h, float out[4][3])
{
	for (int j = 0; j < 3; j++) {
		__m128d v = _mm_add_pd(_mm_add_pd(_mm_mul_pd(mu[0], es->weight[0][j]),
						  _mm_mul_pd(mu[1], es->weight[1][j])),
				       _mm_mul_pd(mu[2], es->weight[2][j]));

		store_pair(out, h, j, saturate2(v));
	}
}

/* Pixels 2h and 2h + 1 of fill_quad_values(), lanes 0 and 1. */
static inline void fill_pixel_pair(const struct edge_steps *es, unsigned int samples,
				   const int64_t centre[4][3], int h,
				   struct ember_quad *q)
{
	const __m128d zero = _mm_setzero_pd();
	__m128d c[3], lambda[3], w[3], mu[3], inv_w, positive, den, sum, good, z;
	__m128 f;

	for (int i = 0; i < 3; i++)
		c[i] = _mm_set_pd((double)centre[2 * h + 1][i], (double)centre[2 * h][i]);
	/* Linear barycentrics: vertex k faces edge k + 1. */
	lambda[0] = _mm_mul_pd(c[1], es->inv_area2);
	lambda[1] = _mm_mul_pd(c[2], es->inv_area2);
	lambda[2] = _mm_mul_pd(c[0], es->inv_area2);
	inv_w = zero;
	for (int k = 0; k < 3; k++) {
		w[k] = _mm_mul_pd(lambda[k], es->inv_w[k]);
		inv_w = _mm_add_pd(inv_w, w[k]);
	}
	/* Lanes without a positive 1/w divide by 1 and take 0, as mu = 0. */
	positive = _mm_cmpgt_pd(inv_w, zero);
	den = select2(positive, inv_w, _mm_set1_pd(1));
	for (int k = 0; k < 3; k++)
		mu[k] = _mm_and_pd(positive, _mm_div_pd(w[k], den));
	/*
	 * A helper far outside may extrapolate 1/w through zero: such lanes
	 * take the linear ones. x - x == 0 exactly when x is finite.
	 */
	sum = _mm_add_pd(_mm_add_pd(mu[0], mu[1]), mu[2]);
	good = _mm_and_pd(positive, _mm_cmpeq_pd(_mm_sub_pd(sum, sum), zero));
	if (_mm_movemask_pd(good) != 3) {
		for (int k = 0; k < 3; k++)
			mu[k] = select2(good, mu[k], lambda[k]);
	}
	map_weights2(es, lambda, h, q->bary_linear);
	map_weights2(es, mu, h, q->bary);
	_mm_storel_pi((__m64 *)&q->inv_w[2 * h], saturate2(inv_w));
	/* Depth is linear in screen space: the samples follow the plane. */
	z = _mm_add_pd(_mm_add_pd(_mm_add_pd(_mm_mul_pd(lambda[0], es->z[0]),
					     _mm_mul_pd(lambda[1], es->z[1])),
				  _mm_mul_pd(lambda[2], es->z[2])),
		       es->depth_offset);
	_mm_storel_pi((__m64 *)&q->depth_center[2 * h], saturate2(z));
	for (int l = 0; l < 2; l++) {
		/* Pixel 2h + l's depth in both lanes, then at samples 2i, 2i + 1. */
		__m128d zl = l ? _mm_unpackhi_pd(z, z) : _mm_unpacklo_pd(z, z);
		float *depth = q->depth[2 * h + l];

		if (samples == 1) {
			f = saturate2(_mm_add_pd(_mm_add_pd(zl, es->depth_dx[0]),
						 es->depth_dy[0]));
			_mm_store_ss(depth, f);
			continue;
		}
		f = _mm_movelh_ps(saturate2(_mm_add_pd(_mm_add_pd(zl, es->depth_dx[0]),
						       es->depth_dy[0])),
				  saturate2(_mm_add_pd(_mm_add_pd(zl, es->depth_dx[1]),
						       es->depth_dy[1])));
		_mm_storeu_ps(depth, f);
	}
}

/* @centre[p][i]: edge i at pixel p's centre. */
static void fill_quad_values(const struct ember_primitive *prim,
			     const struct ember_tri *t, const struct edge_steps *es,
			     unsigned int samples, const int64_t centre[4][3],
			     struct ember_quad *q)
{
	fill_pixel_pair(es, samples, centre, 0, q);
	fill_pixel_pair(es, samples, centre, 1, q);
	if (prim->kind == EMBER_PRIM_POINT) {
		for (int p = 0; p < 4; p++) {
			int64_t px = q->x + (p & 1), py = q->y + (p >> 1);

			q->point_coord[p][0] = ((float)px + 0.5f - prim->point_origin[0]) /
					       prim->point_size;
			q->point_coord[p][1] = ((float)py + 0.5f - prim->point_origin[1]) /
					       prim->point_size;
		}
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

	edge_steps_init(prim, t, samples, &es);
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
