/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The traversal's stepped edge functions (raster_scan.c) against a direct
 * evaluation of the same formulas at every sample and pixel centre: the
 * per-pixel code the scan had before it stepped. Every emitted quad
 * (coverage, helpers, barycentrics, 1/w, depth at the centre and the
 * samples, point coordinates) must be bit-identical, on random triangles,
 * lines and points: small ones, ones whose edges run through sample
 * locations and pixel corners (the top-left rule decides), slivers close
 * to degenerate, and huge ones reaching the guard band, scanned in tiles
 * of random (odd) origins and sizes, with 1 and 4 samples.
 */

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"
#include "raster_ref.h"
#include "tap.h"

#define MAX_QUADS	(1u << 16)

/* ---- The reference: every value evaluated where it is used. ---- */

static int64_t ref_edge_at(const struct ember_tri *t, int i, int64_t x, int64_t y)
{
	return t->dx[i] * (y - t->y[i]) - t->dy[i] * (x - t->x[i]);
}

static uint32_t ref_pixel_cov(const struct ember_tri *t, int64_t px, int64_t py,
			      unsigned int samples)
{
	uint32_t mask = 0;

	for (unsigned int s = 0; s < samples; s++) {
		unsigned int ox, oy;

		ember_sample_location(samples, s, &ox, &oy);
		int64_t x = px * EMBER_SUBPIXEL_ONE + ox;
		int64_t y = py * EMBER_SUBPIXEL_ONE + oy;

		if (ref_edge_at(t, 0, x, y) + t->bias[0] >= 0 &&
		    ref_edge_at(t, 1, x, y) + t->bias[1] >= 0 &&
		    ref_edge_at(t, 2, x, y) + t->bias[2] >= 0)
			mask |= 1u << s;
	}
	return mask;
}

static bool ref_quad_may(const struct ember_tri *t, int64_t qx, int64_t qy)
{
	int64_t x0 = qx * EMBER_SUBPIXEL_ONE, y0 = qy * EMBER_SUBPIXEL_ONE;
	int64_t x1 = x0 + 2 * EMBER_SUBPIXEL_ONE, y1 = y0 + 2 * EMBER_SUBPIXEL_ONE;

	for (int i = 0; i < 3; i++) {
		int64_t x = t->dy[i] < 0 ? x1 : x0;
		int64_t y = t->dx[i] > 0 ? y1 : y0;

		if (ref_edge_at(t, i, x, y) + t->bias[i] < 0)
			return false;
	}
	return true;
}

/* What the reference met: the lanes the fast path handles with masks. */
static struct {
	unsigned long no_inv_w;		/* 1/w not > 0: linear barycentrics */
	unsigned long not_finite;	/* 1/w > 0, mu not finite: linear */
	unsigned long saturated;	/* a value clamped to +-FLT_MAX */
	unsigned long nan;		/* a NaN value */
} seen;

static float ref_saturate(double v)
{
	if (v > FLT_MAX || v < -FLT_MAX)
		seen.saturated++;
	if (v != v)
		seen.nan++;
	return ember_saturate_float(v);
}

static void ref_map(const struct ember_tri *t, const double mu[3], float out[3])
{
	for (int j = 0; j < 3; j++)
		out[j] = ref_saturate(mu[0] * t->weight[0][j] +
					      mu[1] * t->weight[1][j] +
					      mu[2] * t->weight[2][j]);
}

static void ref_fill(const struct ember_primitive *prim, const struct ember_tri *t,
		     unsigned int samples, struct ember_quad *q)
{
	for (int p = 0; p < 4; p++) {
		int64_t px = q->x + (p & 1), py = q->y + (p >> 1);
		int64_t half = EMBER_SUBPIXEL_ONE / 2;
		int64_t cx = px * EMBER_SUBPIXEL_ONE + half, cy = py * EMBER_SUBPIXEL_ONE + half;
		double lambda[3], mu[3], inv_w = 0;

		lambda[0] = (double)ref_edge_at(t, 1, cx, cy) * t->inv_area2;
		lambda[1] = (double)ref_edge_at(t, 2, cx, cy) * t->inv_area2;
		lambda[2] = (double)ref_edge_at(t, 0, cx, cy) * t->inv_area2;
		for (int k = 0; k < 3; k++)
			inv_w += lambda[k] * t->inv_w[k];
		for (int k = 0; k < 3; k++)
			mu[k] = inv_w > 0 ? lambda[k] * t->inv_w[k] / inv_w : 0;
		if (!(inv_w > 0))
			seen.no_inv_w++;
		else if (!isfinite(mu[0] + mu[1] + mu[2]))
			seen.not_finite++;
		if (!(inv_w > 0) || !isfinite(mu[0] + mu[1] + mu[2]))
			memcpy(mu, lambda, sizeof(mu));
		ref_map(t, lambda, q->bary_linear[p]);
		ref_map(t, mu, q->bary[p]);
		q->inv_w[p] = ref_saturate(inv_w);
		if (prim->kind == EMBER_PRIM_POINT) {
			q->point_coord[p][0] = ((float)px + 0.5f - prim->point_origin[0]) /
					       prim->point_size;
			q->point_coord[p][1] = ((float)py + 0.5f - prim->point_origin[1]) /
					       prim->point_size;
		}
		double z = lambda[0] * t->z[0] + lambda[1] * t->z[1] + lambda[2] * t->z[2] +
			   prim->depth_offset;

		q->depth_center[p] = ref_saturate(z);
		for (unsigned int s = 0; s < samples; s++) {
			unsigned int ox, oy;

			ember_sample_location(samples, s, &ox, &oy);
			q->depth[p][s] = ref_saturate(z +
				t->dz_dx * ((double)ox - half) +
				t->dz_dy * ((double)oy - half));
		}
	}
}

struct quads {
	struct ember_quad *q;
	unsigned int n;
	bool overflow;
};

static void push_quad(struct quads *l, const struct ember_quad *q)
{
	if (l->n == MAX_QUADS) {
		l->overflow = true;
		return;
	}
	l->q[l->n++] = *q;
}

static void capture(void *ctx, const struct ember_quad *q)
{
	push_quad(ctx, q);
}

static void ref_scan(const struct ember_primitive *prim, const struct ember_rect *rect,
		     unsigned int samples, struct quads *out)
{
	for (unsigned int i = 0; i < prim->tri_count; i++) {
		const struct ember_tri *t = &prim->tri[i];
		int64_t x0 = t->min_px > rect->x ? t->min_px : rect->x;
		int64_t y0 = t->min_py > rect->y ? t->min_py : rect->y;
		int64_t x1 = (int64_t)rect->x + rect->width - 1;
		int64_t y1 = (int64_t)rect->y + rect->height - 1;
		struct ember_quad q;

		if (t->max_px < x1)
			x1 = t->max_px;
		if (t->max_py < y1)
			y1 = t->max_py;
		if (x0 > x1 || y0 > y1)
			continue;
		memset(&q, 0, sizeof(q));
		q.front_facing = prim->front_facing;
		q.provoking_vertex = prim->provoking_vertex;
		q.primitive_id = prim->primitive_id;
		for (int64_t qy = y0 - (y0 & 1); qy <= y1; qy += 2) {
			for (int64_t qx = x0 - (x0 & 1); qx <= x1; qx += 2) {
				uint32_t any = 0;

				if (!ref_quad_may(t, qx, qy))
					continue;
				q.helper_mask = 0;
				for (int p = 0; p < 4; p++) {
					int64_t px = qx + (p & 1), py = qy + (p >> 1);
					bool inside = px >= x0 && px <= x1 && py >= y0 && py <= y1;

					q.coverage[p] = inside ? ref_pixel_cov(t, px, py, samples) : 0;
					if (!q.coverage[p])
						q.helper_mask |= 1u << p;
					any |= q.coverage[p];
				}
				if (!any)
					continue;
				q.x = (int32_t)qx;
				q.y = (int32_t)qy;
				ref_fill(prim, t, samples, &q);
				push_quad(out, &q);
			}
		}
	}
}

/* ---- Random primitives. ---- */

#define VP	256

static double coord(uint64_t *rng, unsigned int kind)
{
	switch (kind) {
	case 0:		/* in the viewport, anywhere */
		return ref_rand_double(rng, -8, VP + 8);
	case 1:		/* on a 1/8-pixel grid: edges through corners and samples */
		return ref_rand_below(rng, (VP + 16) * 8) / 8.0 - 8;
	case 2:		/* far outside: clipped at the guard band */
		return ref_rand_double(rng, -4.0 * EMBER_GUARD_BAND, 4.0 * EMBER_GUARD_BAND);
	default:	/* near the guard band's edge */
		return (ref_rand_below(rng, 2) ? 1 : -1) *
		       ref_rand_double(rng, EMBER_GUARD_BAND - 64.0, EMBER_GUARD_BAND + 64.0);
	}
}

static void to_clip(float pos[4], double x, double y, double z, double w)
{
	pos[0] = (float)((x / VP * 2 - 1) * w);
	pos[1] = (float)((y / VP * 2 - 1) * w);
	pos[2] = (float)(z * w);
	pos[3] = (float)w;
}

static bool random_primitive(uint64_t *rng, const struct ember_backend_state *st,
			     struct ember_primitive *prim)
{
	unsigned int shape = ref_rand_below(rng, 8);
	float pos[3][4];
	double x[3], y[3];

	for (int k = 0; k < 3; k++) {
		unsigned int kind = ref_rand_below(rng, 4);

		if (shape == 0 && k > 0) {
			/* Small: within a few pixels of the first vertex. */
			x[k] = x[0] + ref_rand_double(rng, -4, 4);
			y[k] = y[0] + ref_rand_double(rng, -4, 4);
			continue;
		}
		x[k] = coord(rng, shape == 1 ? 1 : kind);
		y[k] = coord(rng, shape == 1 ? 1 : kind);
	}
	if (shape == 2) {
		/* A sliver: the third vertex near the line through the others. */
		double f = ref_rand_double(rng, -0.5, 1.5);

		x[2] = x[0] + (x[1] - x[0]) * f + ref_rand_double(rng, -0.01, 0.01);
		y[2] = y[0] + (y[1] - y[0]) * f + ref_rand_double(rng, -0.01, 0.01);
	}
	for (int k = 0; k < 3; k++)
		to_clip(pos[k], x[k], y[k], ref_rand_double(rng, -0.2, 1.2),
			ref_rand_below(rng, 3) ? ref_rand_double(rng, 0.05, 20) : 1);
	if (shape == 3)
		return ember_raster_setup_line(st, (const float (*)[4])pos, NULL, 3, prim);
	if (shape == 4)
		return ember_raster_setup_point(st, pos[0], (float)ref_rand_double(rng, 1, 64),
						NULL, 4, prim);
	return ember_raster_setup(st, EMBER_RT_D24_UNORM_S8_UINT, (const float (*)[4])pos,
				  NULL, 5, prim);
}

static bool same_quads(const struct quads *a, const struct quads *b)
{
	if (a->overflow || b->overflow || a->n != b->n)
		return false;
	for (unsigned int i = 0; i < a->n; i++)
		if (memcmp(&a->q[i], &b->q[i], sizeof(a->q[i])))
			return false;
	return true;
}

static bool test_random(unsigned int count)
{
	static struct ember_quad fast_q[MAX_QUADS], ref_q[MAX_QUADS];
	uint64_t rng = 0x5ca7e5ca7e5ull;
	unsigned int drawn = 0, failures = 0;
	unsigned long quads = 0;

	for (unsigned int n = 0; n < count; n++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		unsigned int samples = ref_rand_below(&rng, 2) ? 4 : 1;
		struct quads fast = { fast_q, 0, false }, ref = { ref_q, 0, false };
		struct ember_rect rect = {
			(int32_t)ref_rand_below(&rng, VP) - 8, (int32_t)ref_rand_below(&rng, VP) - 8,
			1 + ref_rand_below(&rng, 96), 1 + ref_rand_below(&rng, 96),
		};

		memset(&st, 0, sizeof(st));
		st.viewport = (struct ember_viewport){ 0, 0, VP, VP, 0, 1 };
		st.scissor = (struct ember_rect){ 0, 0, VP, VP };
		st.raster.depth_clip_enable = ref_rand_below(&rng, 2);
		st.raster.line_width = 1 + (float)ref_rand_below(&rng, 8);
		st.ms.samples = samples;
		st.ms.sample_mask = ~0u;
		if (!random_primitive(&rng, &st, &prim))
			continue;
		drawn++;
		ember_raster_scan(&prim, &rect, samples, capture, &fast);
		ref_scan(&prim, &rect, samples, &ref);
		quads += ref.n;
		if (!same_quads(&fast, &ref) && failures++ < 5)
			tap_diag("primitive %u (kind %u, %u tris, %u samples): %u quads vs %u",
				 n, prim.kind, prim.tri_count, samples, fast.n, ref.n);
	}
	tap_diag("%u primitives drawn of %u, %lu quads compared, %u differ",
		 drawn, count, quads, failures);
	return failures == 0 && drawn > count / 4 && quads > 0;
}

/*
 * A coordinate for the coarse test: on the 8-pixel grid of the blocks, on
 * a pixel corner, a sample location or 1/256 pixel off one of those, so
 * that edges run exactly through block corners and sample locations.
 */
static double block_coord(uint64_t *rng)
{
	static const double offset[] = { 0, 1, 0.125, 0.375, 0.5, 0.625, 0.875 };
	double v = 8.0 * ref_rand_below(rng, VP / 8 + 5) - 16;

	if (ref_rand_below(rng, 2))
		v += ref_rand_below(rng, 8);
	v += offset[ref_rand_below(rng, 7)];
	switch (ref_rand_below(rng, 4)) {
	case 0:
		return v + 1.0 / EMBER_SUBPIXEL_ONE;
	case 1:
		return v - 1.0 / EMBER_SUBPIXEL_ONE;
	default:
		return v;
	}
}

/*
 * Triangles large enough to hold whole 8x8 blocks (the coarse test's
 * trivial accept and reject), huge ones and degenerate ones, over large
 * tiles: the same quads as testing every sample.
 */
static bool test_blocks(unsigned int count)
{
	static struct ember_quad fast_q[MAX_QUADS], ref_q[MAX_QUADS];
	uint64_t rng = 0xb10c5ca7ull;
	unsigned int drawn = 0, failures = 0;
	unsigned long quads = 0, full = 0;

	for (unsigned int n = 0; n < count; n++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		unsigned int samples = ref_rand_below(&rng, 2) ? 4 : 1;
		unsigned int shape = ref_rand_below(&rng, 6);
		struct quads fast = { fast_q, 0, false }, ref = { ref_q, 0, false };
		struct ember_rect rect = {
			(int32_t)ref_rand_below(&rng, 64) - 16, (int32_t)ref_rand_below(&rng, 64) - 16,
			1 + ref_rand_below(&rng, VP), 1 + ref_rand_below(&rng, VP),
		};
		double x[3], y[3];
		float pos[3][4];

		for (int k = 0; k < 3; k++) {
			x[k] = block_coord(&rng);
			y[k] = block_coord(&rng);
		}
		if (shape == 0) {
			/* Huge: out to the guard band and beyond. */
			x[2] = ref_rand_double(&rng, -3.0 * EMBER_GUARD_BAND, 3.0 * EMBER_GUARD_BAND);
			y[2] = ref_rand_double(&rng, -3.0 * EMBER_GUARD_BAND, 3.0 * EMBER_GUARD_BAND);
		} else if (shape == 1) {
			/* Degenerate or nearly: the third vertex on the first edge's line. */
			double f = ref_rand_below(&rng, 5) / 2.0 - 0.5;

			x[2] = x[0] + (x[1] - x[0]) * f;
			y[2] = y[0] + (y[1] - y[0]) * f;
			if (ref_rand_below(&rng, 2))
				x[2] += 1.0 / EMBER_SUBPIXEL_ONE;
		} else if (shape == 2) {
			/* An axis-aligned edge along a block's side. */
			x[1] = x[0];
		}
		memset(&st, 0, sizeof(st));
		st.viewport = (struct ember_viewport){ 0, 0, VP, VP, 0, 1 };
		st.scissor = (struct ember_rect){ 0, 0, VP, VP };
		st.raster.depth_clip_enable = false;
		st.ms.samples = samples;
		st.ms.sample_mask = ~0u;
		for (int k = 0; k < 3; k++)
			to_clip(pos[k], x[k], y[k], ref_rand_double(&rng, 0, 1),
				ref_rand_below(&rng, 2) ? ref_rand_double(&rng, 0.5, 4) : 1);
		if (!ember_raster_setup(&st, EMBER_RT_D32_SFLOAT, (const float (*)[4])pos,
					NULL, 6, &prim))
			continue;
		drawn++;
		ember_raster_scan(&prim, &rect, samples, capture, &fast);
		ref_scan(&prim, &rect, samples, &ref);
		quads += ref.n;
		for (unsigned int i = 0; i < ref.n; i++)
			full += ref.q[i].coverage[0] == (1u << samples) - 1 &&
				ref.q[i].coverage[3] == (1u << samples) - 1;
		if (!same_quads(&fast, &ref) && failures++ < 5)
			tap_diag("triangle %u (shape %u, %u tris, %u samples): %u quads vs %u",
				 n, shape, prim.tri_count, samples, fast.n, ref.n);
	}
	tap_diag("%u triangles drawn of %u, %lu quads compared (%lu fully covered), %u differ",
		 drawn, count, quads, full, failures);
	return failures == 0 && drawn > count / 2 && full > quads / 4;
}

/* A float from the extremes the per-vertex values can take, or near them. */
static float extreme_float(uint64_t *rng)
{
	static const float v[] = {
		0.0f, -0.0f, 1.0f, -1.0f, 0.5f, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f,
		-1e-45f, 1e30f, -1e30f, 1e-30f, NAN,
	};
	unsigned int i = ref_rand_below(rng, sizeof(v) / sizeof(v[0]) + 2);

	return i < sizeof(v) / sizeof(v[0]) ? v[i] : (float)ref_rand_double(rng, -4, 4);
}

/*
 * Triangles whose per-vertex values are pushed to extremes after setup:
 * 1/w of either sign, zero, tiny, huge or NaN, depths and weights out to
 * FLT_MAX or NaN, areas scaled so that the barycentrics overflow. The
 * pixels where 1/w is not > 0, or where the perspective-correct
 * barycentrics are not finite, take the linear ones; values beyond
 * float's range saturate; NaNs pass through. Every such lane must match
 * the per-pixel reference bit for bit, and each case must have been met.
 */
static bool test_extremes(unsigned int count)
{
	static struct ember_quad fast_q[MAX_QUADS], ref_q[MAX_QUADS];
	static const double area_scale[] = { 1, 1, 1e-300, 1e200, 1e300 };
	uint64_t rng = 0xe7e3e5ull;
	unsigned int drawn = 0, failures = 0;
	unsigned long quads = 0;

	memset(&seen, 0, sizeof(seen));
	for (unsigned int n = 0; n < count; n++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		unsigned int samples = ref_rand_below(&rng, 2) ? 4 : 1;
		struct quads fast = { fast_q, 0, false }, ref = { ref_q, 0, false };
		struct ember_rect rect = {
			(int32_t)ref_rand_below(&rng, VP) - 8, (int32_t)ref_rand_below(&rng, VP) - 8,
			1 + ref_rand_below(&rng, 64), 1 + ref_rand_below(&rng, 64),
		};

		memset(&st, 0, sizeof(st));
		st.viewport = (struct ember_viewport){ 0, 0, VP, VP, 0, 1 };
		st.scissor = (struct ember_rect){ 0, 0, VP, VP };
		st.raster.depth_clip_enable = ref_rand_below(&rng, 2);
		st.raster.line_width = 1;
		st.ms.samples = samples;
		st.ms.sample_mask = ~0u;
		if (!random_primitive(&rng, &st, &prim))
			continue;
		for (unsigned int i = 0; i < prim.tri_count; i++) {
			struct ember_tri *t = &prim.tri[i];

			for (int k = 0; k < 3; k++) {
				if (ref_rand_below(&rng, 2))
					t->inv_w[k] = extreme_float(&rng);
				if (ref_rand_below(&rng, 4) == 0)
					t->z[k] = extreme_float(&rng);
				for (int j = 0; j < 3; j++)
					if (ref_rand_below(&rng, 4) == 0)
						t->weight[k][j] = extreme_float(&rng);
			}
			t->inv_area2 *= area_scale[ref_rand_below(&rng, 5)];
			if (ref_rand_below(&rng, 4) == 0)
				t->dz_dx = extreme_float(&rng);
			if (ref_rand_below(&rng, 4) == 0)
				t->dz_dy = extreme_float(&rng);
		}
		if (ref_rand_below(&rng, 4) == 0)
			prim.depth_offset = extreme_float(&rng);
		drawn++;
		ember_raster_scan(&prim, &rect, samples, capture, &fast);
		ref_scan(&prim, &rect, samples, &ref);
		quads += ref.n;
		if (!same_quads(&fast, &ref) && failures++ < 5)
			tap_diag("primitive %u (kind %u, %u tris, %u samples): %u quads vs %u",
				 n, prim.kind, prim.tri_count, samples, fast.n, ref.n);
	}
	tap_diag("%u primitives drawn of %u, %lu quads compared, %u differ; pixels "
		 "without 1/w > 0 %lu, with non-finite barycentrics %lu; %lu values "
		 "saturated, %lu NaN", drawn, count, quads, failures, seen.no_inv_w,
		 seen.not_finite, seen.saturated, seen.nan);
	return failures == 0 && drawn > count / 4 && seen.no_inv_w && seen.not_finite &&
	       seen.saturated && seen.nan;
}

int main(int argc, char **argv)
{
	unsigned int count = argc > 1 ? (unsigned int)atoi(argv[1]) : 20000;

	tap_result(test_random(count), "scan-stepped-matches-per-pixel");
	tap_result(test_blocks(count / 4), "scan-coarse-blocks-match-per-sample");
	tap_result(test_extremes(count / 4), "scan-extreme-values-match-per-pixel");
	return tap_finish();
}
