/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The rasterizer against the CPU reference (raster_ref.c): sample
 * locations, the top-left rule on shared edges and fans, coverage and
 * culling of random triangles, quad order and helpers, barycentrics,
 * depth and depth bias, the guard band and depth clipping, clip
 * distances.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"
#include "raster_ref.h"
#include "tap.h"

#define FB	64

/* What a scan produced: coverage per pixel, plus the checks on the quads. */
struct capture {
	uint32_t cov[FB][FB];
	unsigned int quads;
	bool order_ok, helpers_ok, overlap;
	int64_t last_key;
	struct ember_quad last;
};

static void capture_quad(void *ctx, const struct ember_quad *q)
{
	struct capture *c = ctx;
	int64_t key = (int64_t)q->y * 100000 + q->x;

	if (key <= c->last_key || (q->x & 1) || (q->y & 1))
		c->order_ok = false;
	c->last_key = key;
	for (int p = 0; p < 4; p++) {
		int x = q->x + (p & 1), y = q->y + (p >> 1);

		if (!!(q->helper_mask & (1u << p)) != !q->coverage[p])
			c->helpers_ok = false;
		if (!q->coverage[p])
			continue;
		if (x < 0 || y < 0 || x >= FB || y >= FB) {
			c->order_ok = false;
			continue;
		}
		if (c->cov[y][x] & q->coverage[p])
			c->overlap = true;
		c->cov[y][x] |= q->coverage[p];
	}
	c->quads++;
	c->last = *q;
}

static void default_state(struct ember_backend_state *st, unsigned int samples)
{
	memset(st, 0, sizeof(*st));
	st->viewport = (struct ember_viewport){ 0, 0, FB, FB, 0, 1 };
	st->scissor = (struct ember_rect){ 0, 0, FB, FB };
	st->raster.depth_clip_enable = true;
	st->ms.samples = samples;
	st->ms.sample_mask = ~0u;
}

/* Rasterizes one triangle into @c (cleared first); false if culled. */
static bool raster_one(const struct ember_backend_state *st, const float pos[3][4],
		       unsigned int depth_format, struct capture *c,
		       struct ember_primitive *prim_out)
{
	struct ember_primitive prim;
	struct ember_rect rect = { 0, 0, FB, FB };

	memset(c, 0, sizeof(*c));
	c->order_ok = c->helpers_ok = true;
	c->last_key = INT64_MIN;
	if (!ember_raster_setup(st, depth_format, pos, NULL, 7, &prim))
		return false;
	if (prim_out)
		*prim_out = prim;
	ember_raster_scan(&prim, &rect, st->ms.samples, capture_quad, c);
	return true;
}

/* Clip-space position whose framebuffer position is (x, y) under @st. */
static void at_pixel(float pos[4], double x, double y, double z, double w)
{
	pos[0] = (float)((x / FB * 2 - 1) * w);
	pos[1] = (float)((y / FB * 2 - 1) * w);
	pos[2] = (float)(z * w);
	pos[3] = (float)w;
}

/* A random coordinate in the framebuffer, often on a coarse grid (edges through samples). */
static double random_coord(uint64_t *rng, double lo, double hi)
{
	double v = ref_rand_double(rng, lo, hi);

	switch (ref_rand_below(rng, 3)) {
	case 0:
		return floor(v * 8) / 8;	/* through 4x sample positions */
	case 1:
		return floor(v * 2) / 2;	/* pixel centres */
	default:
		return v;
	}
}

/* Edges through chosen points of a pixel, and the samples they leave covered. */
static const struct edge_case {
	const char *what;
	unsigned int samples;
	double v[3][2];
	int x, y;
	uint32_t coverage;
} edge_cases[] = {
	{ "right edge at x = 10.5: samples with x < 0.5", 4,
	  { { 0, 0 }, { 10.5, 0 }, { 10.5, 64 } }, 10, 40, 0x5 },
	{ "right of the right edge", 4, { { 0, 0 }, { 10.5, 0 }, { 10.5, 64 } }, 11, 40, 0 },
	{ "left of the right edge", 4, { { 0, 0 }, { 10.5, 0 }, { 10.5, 64 } }, 9, 40, 0xf },
	{ "top edge at y = 20.5: samples with y > 0.5", 4,
	  { { 0, 20.5 }, { 64, 20.5 }, { 0, 64 } }, 3, 20, 0xc },
	{ "top edge through the centre", 1, { { 0, 20.5 }, { 64, 20.5 }, { 0, 64 } }, 3, 20, 1 },
	{ "above the top edge", 1, { { 0, 20.5 }, { 64, 20.5 }, { 0, 64 } }, 3, 19, 0 },
	{ "bottom edge through the centre", 1, { { 0, 0 }, { 64, 20.5 }, { 0, 20.5 } }, 3, 20, 0 },
	{ "left edge through the centre", 1, { { 10.5, 0 }, { 10.5, 64 }, { 40.5, 0 } }, 10, 30, 1 },
	{ "left of the left edge", 1, { { 10.5, 0 }, { 10.5, 64 }, { 40.5, 0 } }, 9, 30, 0 },
	{ "right edge through the centre", 1, { { 10.5, 0 }, { 10.5, 64 }, { 0, 0 } }, 10, 30, 0 },
	{ "left of that right edge", 1, { { 10.5, 0 }, { 10.5, 64 }, { 0, 0 } }, 9, 30, 1 },
};

static bool test_sample_locations(void)
{
	for (unsigned int s = 0; s < 4; s++) {
		unsigned int x, y;

		ember_sample_location(4, s, &x, &y);
		CHECK_EQ(x, (unsigned int)(ref_locations_4[s][0] * 256));
		CHECK_EQ(y, (unsigned int)(ref_locations_4[s][1] * 256));
	}
	for (size_t i = 0; i < sizeof(edge_cases) / sizeof(edge_cases[0]); i++) {
		const struct edge_case *e = &edge_cases[i];
		struct ember_backend_state st;
		static struct capture c;
		float pos[3][4];

		default_state(&st, e->samples);
		for (int v = 0; v < 3; v++)
			at_pixel(pos[v], e->v[v][0], e->v[v][1], 0.5, 1);
		CHECK(raster_one(&st, (const float (*)[4])pos, EMBER_RT_NONE, &c, NULL));
		if (c.cov[e->y][e->x] != e->coverage) {
			tap_diag("%s: %#x, expected %#x", e->what, c.cov[e->y][e->x], e->coverage);
			return false;
		}
	}
	return true;
}

/* Every sample of the triangle equals the reference's; no double hit inside a scan. */
static bool check_against_ref(const struct ember_backend_state *st, const float pos[3][4],
			      struct capture *c, bool *drawn)
{
	struct ref_tri t;
	bool front, ref_drawn;

	ref_project(&st->viewport, pos, &t);
	ref_drawn = ref_passes_cull(&t, &st->raster, &front);
	*drawn = raster_one(st, pos, EMBER_RT_NONE, c, NULL);
	CHECK_EQ(*drawn, ref_drawn);
	CHECK(c->order_ok);
	CHECK(c->helpers_ok);
	CHECK(!c->overlap);
	for (int y = 0; y < FB; y++)
		for (int x = 0; x < FB; x++) {
			uint32_t want = ref_drawn ?
				ref_pixel_coverage(&t, x, y, st->ms.samples) : 0;

			if (c->cov[y][x] != want) {
				tap_diag("pixel %d,%d: coverage %#x, reference %#x",
					 x, y, c->cov[y][x], want);
				return false;
			}
		}
	if (*drawn && c->quads)
		CHECK_EQ(c->last.front_facing, front);
	return true;
}

static bool test_random_triangles(void)
{
	uint64_t rng = 0x1234567;
	static struct capture c;
	unsigned int drawn_count = 0;

	for (int i = 0; i < 1500; i++) {
		struct ember_backend_state st;
		float pos[3][4];
		bool drawn;

		default_state(&st, ref_rand_below(&rng, 2) ? 4 : 1);
		st.raster.cull_mode = (uint8_t)ref_rand_below(&rng, 4);
		st.raster.front_face = (uint8_t)ref_rand_below(&rng, 2);
		for (int v = 0; v < 3; v++)
			at_pixel(pos[v], random_coord(&rng, -8, FB + 8),
				 random_coord(&rng, -8, FB + 8), 0.5,
				 ref_rand_double(&rng, 0.5, 4));
		if (!check_against_ref(&st, pos, &c, &drawn)) {
			tap_diag("triangle %d", i);
			return false;
		}
		drawn_count += drawn;
	}
	tap_diag("1500 random triangles, %u drawn, every sample as the reference", drawn_count);
	CHECK(drawn_count > 300);
	return true;
}

static void shuffle_vertices(uint64_t *rng, float pos[3][4])
{
	for (int i = 2; i > 0; i--) {
		int j = (int)ref_rand_below(rng, (uint32_t)i + 1);
		float tmp[4];

		memcpy(tmp, pos[i], sizeof(tmp));
		memcpy(pos[i], pos[j], sizeof(tmp));
		memcpy(pos[j], tmp, sizeof(tmp));
	}
}

/*
 * A fan of triangles around a centre, each with a random winding: every
 * sample strictly inside the fan's outline is covered exactly once.
 */
static bool test_fan_exactly_once(void)
{
	uint64_t rng = 0xfeed;
	static struct capture c;
	static uint32_t count[FB][FB][4];

	for (int iter = 0; iter < 200; iter++) {
		struct ember_backend_state st;
		unsigned int n = 3 + ref_rand_below(&rng, 10);
		double cx = random_coord(&rng, 16, 48), cy = random_coord(&rng, 16, 48);
		double r = ref_rand_double(&rng, 4, 40), phase = ref_rand_double(&rng, 0, 6.3);
		float ring[16][4], centre[4];
		struct ref_tri outline_tris[16];

		default_state(&st, iter & 1 ? 4 : 1);
		memset(count, 0, sizeof(count));
		at_pixel(centre, cx, cy, 0.5, 1);
		for (unsigned int i = 0; i < n; i++) {
			double a = phase + 2 * M_PI * i / n;

			at_pixel(ring[i], random_coord(&rng, cx + r * cos(a) - 0.01, cx + r * cos(a) + 0.01),
				 random_coord(&rng, cy + r * sin(a) - 0.01, cy + r * sin(a) + 0.01), 0.5, 1);
		}
		for (unsigned int i = 0; i < n; i++) {
			float pos[3][4];

			memcpy(pos[0], centre, sizeof(centre));
			memcpy(pos[1], ring[i], sizeof(centre));
			memcpy(pos[2], ring[(i + 1) % n], sizeof(centre));
			ref_project(&st.viewport, (const float (*)[4])pos, &outline_tris[i]);
			shuffle_vertices(&rng, pos);
			raster_one(&st, (const float (*)[4])pos, EMBER_RT_NONE, &c, NULL);
			for (int y = 0; y < FB; y++)
				for (int x = 0; x < FB; x++)
					for (int s = 0; s < 4; s++)
						count[y][x][s] += (c.cov[y][x] >> s) & 1;
		}
		/* Inside the outline: inside some fan triangle or on an inner edge. */
		for (int y = 0; y < FB; y++) {
			for (int x = 0; x < FB; x++) {
				for (unsigned int s = 0; s < st.ms.samples; s++) {
					const double *loc = st.ms.samples == 4 ?
						ref_locations_4[s] : ref_locations_1[0];
					int64_t sx = (int64_t)x * 256 + (int64_t)(loc[0] * 256);
					int64_t sy = (int64_t)y * 256 + (int64_t)(loc[1] * 256);
					bool strictly_inside = true;

					for (unsigned int i = 0; i < n; i++) {
						/* Outer edge ring[i] -> ring[i+1] of the outline. */
						const struct ref_tri *t = &outline_tris[i];
						__int128 e = (__int128)(t->x[2] - t->x[1]) * (sy - t->y[1]) -
							     (__int128)(t->y[2] - t->y[1]) * (sx - t->x[1]);
						int64_t a = ref_area2(t);

						if (a == 0 || e * (a > 0 ? 1 : -1) <= 0)
							strictly_inside = false;
					}
					if (count[y][x][s] > 1 ||
					    (strictly_inside && count[y][x][s] != 1)) {
						tap_diag("fan %d: pixel %d,%d sample %u covered %u times",
							 iter, x, y, s, count[y][x][s]);
						return false;
					}
				}
			}
		}
	}
	return true;
}

/*
 * Two triangles sharing an edge (a convex quadrilateral cut along a
 * diagonal), random windings: no sample is covered twice, and every
 * sample on the shared edge strictly between its ends is covered once.
 */
static bool test_shared_edge(void)
{
	uint64_t rng = 0xabcdef;
	static struct capture c1, c2;
	unsigned int on_edge = 0;

	for (int iter = 0; iter < 2000; iter++) {
		struct ember_backend_state st;
		double p[4][2];
		float a[3][4], b[3][4];
		struct ref_tri ta, tb;
		bool d1, d2;

		default_state(&st, iter & 1 ? 4 : 1);
		/* On the grid of the 4x sample locations, so edges hit samples. */
		for (int i = 0; i < 4; i++) {
			p[i][0] = floor(ref_rand_double(&rng, -4, FB + 4) * 8) / 8;
			p[i][1] = floor(ref_rand_double(&rng, -4, FB + 4) * 8) / 8;
		}
		at_pixel(a[0], p[0][0], p[0][1], 0.5, 1);
		at_pixel(a[1], p[1][0], p[1][1], 0.5, 1);
		at_pixel(a[2], p[2][0], p[2][1], 0.5, 1);
		at_pixel(b[0], p[0][0], p[0][1], 0.5, 1);
		at_pixel(b[1], p[2][0], p[2][1], 0.5, 1);
		at_pixel(b[2], p[3][0], p[3][1], 0.5, 1);
		ref_project(&st.viewport, (const float (*)[4])a, &ta);
		ref_project(&st.viewport, (const float (*)[4])b, &tb);
		/* p1 and p3 on opposite sides of the diagonal p0-p2. */
		if (ref_area2(&ta) == 0 || ref_area2(&tb) == 0 ||
		    (ref_area2(&ta) > 0) != (ref_area2(&tb) > 0))
			continue;
		shuffle_vertices(&rng, a);
		shuffle_vertices(&rng, b);
		if (!check_against_ref(&st, (const float (*)[4])a, &c1, &d1) ||
		    !check_against_ref(&st, (const float (*)[4])b, &c2, &d2))
			return false;
		for (int y = 0; y < FB; y++) {
			for (int x = 0; x < FB; x++) {
				CHECK(!(c1.cov[y][x] & c2.cov[y][x]));
				for (unsigned int s = 0; s < st.ms.samples; s++) {
					const double *loc = st.ms.samples == 4 ?
						ref_locations_4[s] : ref_locations_1[0];
					int64_t sx = (int64_t)x * 256 + (int64_t)(loc[0] * 256);
					int64_t sy = (int64_t)y * 256 + (int64_t)(loc[1] * 256);
					/* On the line p0-p2, strictly between p0 and p2? */
					int64_t dx = ta.x[2] - ta.x[0], dy = ta.y[2] - ta.y[0];
					__int128 e = (__int128)dx * (sy - ta.y[0]) -
						     (__int128)dy * (sx - ta.x[0]);
					__int128 along = (__int128)(sx - ta.x[0]) * dx +
							 (__int128)(sy - ta.y[0]) * dy;
					__int128 len2 = (__int128)dx * dx + (__int128)dy * dy;

					if (e != 0 || along <= 0 || along >= len2 || !d1 || !d2)
						continue;
					on_edge++;
					CHECK_EQ(((c1.cov[y][x] | c2.cov[y][x]) >> s) & 1, 1);
				}
			}
		}
	}
	tap_diag("%u samples exactly on a shared edge, each covered once", on_edge);
	CHECK(on_edge > 100);
	return true;
}

static bool test_culling(void)
{
	struct ember_backend_state st;
	static struct capture c;
	float ccw[3][4], cw[3][4];

	/* y down: (10,10) (10,50) (50,10) turns counter-clockwise on screen. */
	at_pixel(ccw[0], 10, 10, 0.5, 1);
	at_pixel(ccw[1], 10, 50, 0.5, 1);
	at_pixel(ccw[2], 50, 10, 0.5, 1);
	memcpy(cw[0], ccw[0], sizeof(cw[0]));
	memcpy(cw[1], ccw[2], sizeof(cw[0]));
	memcpy(cw[2], ccw[1], sizeof(cw[0]));
	default_state(&st, 1);
	for (unsigned int cull = 0; cull < 4; cull++) {
		for (unsigned int ff = 0; ff < 2; ff++) {
			bool ccw_front = ff == EMBER_FRONT_CCW;

			st.raster.cull_mode = (uint8_t)cull;
			st.raster.front_face = (uint8_t)ff;
			bool ccw_drawn = raster_one(&st, (const float (*)[4])ccw, 0, &c, NULL);
			bool ccw_facing = c.last.front_facing;
			bool cw_drawn = raster_one(&st, (const float (*)[4])cw, 0, &c, NULL);
			bool cw_facing = c.last.front_facing;

			CHECK_EQ(ccw_drawn, !(cull & (ccw_front ? EMBER_CULL_FRONT : EMBER_CULL_BACK)));
			CHECK_EQ(cw_drawn, !(cull & (ccw_front ? EMBER_CULL_BACK : EMBER_CULL_FRONT)));
			if (ccw_drawn)
				CHECK_EQ(ccw_facing, ccw_front);
			if (cw_drawn)
				CHECK_EQ(cw_facing, !ccw_front);
		}
	}
	/* Zero area after snapping: nothing, whatever the cull mode. */
	st.raster.cull_mode = EMBER_CULL_NONE;
	at_pixel(ccw[2], 10.001, 30, 0.5, 1);
	at_pixel(ccw[1], 10, 50, 0.5, 1);
	CHECK(!raster_one(&st, (const float (*)[4])ccw, 0, &c, NULL));
	return true;
}

struct interp_check {
	const struct ref_tri *t;
	bool ok;
	unsigned int provoking;
};

/* Every pixel of a quad against the reference (perspective, linear, depth, flat). */
static void check_interp_quad(void *ctx, const struct ember_quad *q)
{
	struct interp_check *k = ctx;
	const float attr[3] = { 1.0f, 20.0f, 300.0f };

	for (int p = 0; p < 4; p++) {
		double px = q->x + (p & 1) + 0.5, py = q->y + (p >> 1) + 0.5;
		double l[3], mu[3], sum = 0;

		ref_linear_bary(k->t, px, py, l);
		for (int j = 0; j < 3; j++)
			sum += l[j] * k->t->inv_w[j];
		for (int j = 0; j < 3; j++) {
			mu[j] = l[j] * k->t->inv_w[j] / sum;
			/* A helper whose 1/w extrapolates through zero gets the linear ones. */
			if (!(sum > 0))
				mu[j] = l[j];
			if (fabs(q->bary_linear[p][j] - l[j]) > 1e-4 * (1 + fabs(l[j])) ||
			    fabs(q->bary[p][j] - mu[j]) > 1e-4 * (1 + fabs(mu[j])))
				k->ok = false;
		}
		double z = l[0] * k->t->z[0] + l[1] * k->t->z[1] + l[2] * k->t->z[2];

		if (fabs(q->depth_center[p] - z) > 1e-5 ||
		    fabs(q->inv_w[p] - sum) > 1e-4 * fabs(sum))
			k->ok = false;
		for (int s = 0; s < 4; s++) {
			ref_linear_bary(k->t, q->x + (p & 1) + ref_locations_4[s][0],
					q->y + (p >> 1) + ref_locations_4[s][1], l);
			z = l[0] * k->t->z[0] + l[1] * k->t->z[1] + l[2] * k->t->z[2];
			if (fabs(q->depth[p][s] - z) > 1e-5)
				k->ok = false;
		}
		if (ember_quad_interpolate(q, p, EMBER_INTERP_FLAT, attr) != attr[k->provoking])
			k->ok = false;
		double smooth = mu[0] * attr[0] + mu[1] * attr[1] + mu[2] * attr[2];

		if (fabs(ember_quad_interpolate(q, p, EMBER_INTERP_SMOOTH, attr) - smooth) >
		    1e-3 * (1 + fabs(smooth)))
			k->ok = false;
	}
}

/* Barycentrics, depth and flat shading at every pixel of random triangles. */
static bool test_interpolation(void)
{
	uint64_t rng = 0x77;

	for (int iter = 0; iter < 300; iter++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		static struct capture c;
		float pos[3][4];
		struct ref_tri t;
		bool front;

		default_state(&st, 4);
		st.raster.provoking_vertex = (uint8_t)(iter & 1);
		for (int v = 0; v < 3; v++)
			at_pixel(pos[v], ref_rand_double(&rng, 0, FB), ref_rand_double(&rng, 0, FB),
				 ref_rand_double(&rng, 0, 1), ref_rand_double(&rng, 0.25, 8));
		ref_project(&st.viewport, (const float (*)[4])pos, &t);
		if (!ref_passes_cull(&t, &st.raster, &front) || fabs((double)ref_area2(&t)) < 65536 * 4)
			continue;
		CHECK(raster_one(&st, (const float (*)[4])pos, EMBER_RT_D32_SFLOAT, &c, &prim));
		/* Each quad is checked as it is emitted: scan again with a checker. */
		struct ember_rect rect = { 0, 0, FB, FB };
		struct interp_check chk = { &t, true, st.raster.provoking_vertex ? 2u : 0u };

		ember_raster_scan(&prim, &rect, 4, check_interp_quad, &chk);
		if (!chk.ok) {
			tap_diag("triangle %d: barycentrics or depth differ from the reference", iter);
			return false;
		}
	}
	return true;
}

static bool test_depth_bias(void)
{
	uint64_t rng = 0xb1a5;
	const unsigned int formats[] = { EMBER_RT_D16_UNORM, EMBER_RT_D24_UNORM_S8_UINT,
					 EMBER_RT_D32_SFLOAT, EMBER_RT_X8_D24_UNORM_PACK32,
					 EMBER_RT_D32_SFLOAT_S8_UINT };
	unsigned int checked = 0;

	for (int iter = 0; iter < 600; iter++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		float pos[3][4];
		struct ref_tri t;
		bool front;
		unsigned int format = formats[iter % 5];

		default_state(&st, 1);
		st.raster.depth_bias_enable = true;
		st.raster.depth_bias_constant = (float)ref_rand_double(&rng, -1000, 1000);
		st.raster.depth_bias_slope = (float)ref_rand_double(&rng, -4, 4);
		switch (ref_rand_below(&rng, 3)) {
		case 0: st.raster.depth_bias_clamp = 0; break;
		case 1: st.raster.depth_bias_clamp = (float)ref_rand_double(&rng, 0, 0.01); break;
		default: st.raster.depth_bias_clamp = (float)ref_rand_double(&rng, -0.01, 0); break;
		}
		for (int v = 0; v < 3; v++)
			at_pixel(pos[v], ref_rand_double(&rng, 0, FB), ref_rand_double(&rng, 0, FB),
				 ref_rand_double(&rng, 0.001, 1), 1);
		ref_project(&st.viewport, (const float (*)[4])pos, &t);
		if (!ref_passes_cull(&t, &st.raster, &front) || fabs((double)ref_area2(&t)) < 65536)
			continue;
		CHECK(ember_raster_setup(&st, format, (const float (*)[4])pos, NULL, 0, &prim));
		double want = ref_depth_bias(&t, &st.raster, format);

		if (fabs(prim.depth_offset - want) > 1e-5 * fabs(want) + 1e-12) {
			tap_diag("format %u: bias %.9g, reference %.9g", format,
				 prim.depth_offset, want);
			return false;
		}
		checked++;
	}
	tap_diag("%u depth biases as the formula", checked);
	return checked > 300;
}

/*
 * Vertices far beyond the guard band (up to 1e30, w down to 1e-6) are
 * clipped without overflow: every snapped coordinate stays within it, and
 * samples clearly inside or outside the unclipped triangle agree with the
 * reference's exact test (the clipped vertices move by rounding only).
 */
static bool test_guard_band(void)
{
	uint64_t rng = 0x9ba4d;
	unsigned int clipped = 0;

	for (int iter = 0; iter < 800; iter++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		static struct capture c;
		float pos[3][4];
		double scale = pow(10, ref_rand_double(&rng, 0, 30));

		default_state(&st, 4);
		for (int v = 0; v < 3; v++) {
			double w = ref_rand_below(&rng, 4) ? 1 : pow(10, ref_rand_double(&rng, -6, 0));

			pos[v][0] = (float)(ref_rand_double(&rng, -1, 1) * (v ? scale : 1) * w);
			pos[v][1] = (float)(ref_rand_double(&rng, -1, 1) * (v ? scale : 1) * w);
			pos[v][2] = (float)(0.5 * w);
			pos[v][3] = (float)w;
		}
		if (!raster_one(&st, (const float (*)[4])pos, 0, &c, &prim))
			continue;
		if (prim.tri_count > 1)
			clipped++;
		for (unsigned int i = 0; i < prim.tri_count; i++)
			for (int k = 0; k < 3; k++) {
				CHECK(llabs(prim.tri[i].x[k]) <= EMBER_GUARD_BAND * 256);
				CHECK(llabs(prim.tri[i].y[k]) <= EMBER_GUARD_BAND * 256);
			}
		/* Unclipped framebuffer positions, in long double. */
		long double fx[3], fy[3];

		for (int v = 0; v < 3; v++) {
			fx[v] = FB / 2.0L + FB / 2.0L * ((long double)pos[v][0] / pos[v][3]);
			fy[v] = FB / 2.0L + FB / 2.0L * ((long double)pos[v][1] / pos[v][3]);
		}
		long double area = (fx[1] - fx[0]) * (fy[2] - fy[0]) - (fy[1] - fy[0]) * (fx[2] - fx[0]);

		for (int y = 0; y < FB; y++)
			for (int x = 0; x < FB; x++)
				for (int s = 0; s < 4; s++) {
					long double sx = x + ref_locations_4[s][0], sy = y + ref_locations_4[s][1];
					long double min_dist = 1e30L;

					for (int e = 0; e < 3; e++) {
						int n = (e + 1) % 3;
						long double dx = fx[n] - fx[e], dy = fy[n] - fy[e];
						/* From the nearer end: no cancellation of huge terms. */
						int o = fabsl(sx - fx[e]) + fabsl(sy - fy[e]) <
							fabsl(sx - fx[n]) + fabsl(sy - fy[n]) ? e : n;
						long double d = (dx * (sy - fy[o]) - dy * (sx - fx[o])) /
								sqrtl(dx * dx + dy * dy);

						d = area > 0 ? d : -d;
						if (d < min_dist)
							min_dist = d;
					}
					if (fabsl(min_dist) < 1.0L / 32)
						continue;
					if (((c.cov[y][x] >> s) & 1) != (min_dist > 0)) {
						tap_diag("iteration %d: pixel %d,%d sample %d: %u, reference %d",
							 iter, x, y, s, (c.cov[y][x] >> s) & 1,
							 min_dist > 0);
						return false;
					}
				}
	}
	tap_diag("%u triangles clipped at the guard band", clipped);
	CHECK(clipped > 50);
	return true;
}

/*
 * The largest triangles the fixed-point math sees: vertices on the guard
 * band's corners (|coordinate| = 2^22 in 1/256 units), edges crossing the
 * framebuffer at steep and shallow slopes through sample positions; every
 * sample as the reference's 128-bit evaluation.
 */
static bool test_guard_band_limits(void)
{
	const double g = EMBER_GUARD_BAND;
	const double tris[][3][2] = {
		{ { -g, -g }, { g, -g }, { -g, g } },
		{ { -g, -g }, { g, g - 1.0 / 256 }, { -g, g } },
		{ { g, -g }, { -g, g }, { g, g } },
		{ { -g, 32.375 }, { g, 32.125 }, { 0, g } },
		{ { 10.125, -g }, { 10.625, g }, { -g, g } },
		{ { -g, -g }, { g, g }, { -g + 1.0 / 256, -g } },
	};

	for (size_t i = 0; i < sizeof(tris) / sizeof(tris[0]); i++) {
		for (unsigned int samples = 1; samples <= 4; samples += 3) {
			struct ember_backend_state st;
			struct ember_primitive prim;
			static struct capture c;
			float pos[3][4];
			struct ref_tri t;
			bool front;

			default_state(&st, samples);
			for (int v = 0; v < 3; v++)
				at_pixel(pos[v], tris[i][v][0], tris[i][v][1], 0.5, 1);
			ref_project(&st.viewport, (const float (*)[4])pos, &t);
			CHECK(ref_passes_cull(&t, &st.raster, &front));
			CHECK(raster_one(&st, (const float (*)[4])pos, 0, &c, &prim));
			/* On the guard band is inside it: nothing was clipped. */
			CHECK_EQ(prim.tri_count, 1);
			for (int y = 0; y < FB; y++)
				for (int x = 0; x < FB; x++)
					if (c.cov[y][x] != ref_pixel_coverage(&t, x, y, samples)) {
						tap_diag("triangle %zu: pixel %d,%d %#x, reference %#x", i, x, y,
							 c.cov[y][x], ref_pixel_coverage(&t, x, y, samples));
						return false;
					}
		}
	}
	return true;
}

/* Depth clip removes what lies beyond z = 0 / z = w; without it nothing is removed. */
static bool test_depth_clip(void)
{
	struct ember_backend_state st;
	static struct capture c;
	float pos[3][4];
	unsigned int clipped_samples = 0, kept = 0;

	default_state(&st, 1);
	/* Depth runs from -0.5 on the left to 1.5 on the right. */
	at_pixel(pos[0], 0, 0, -0.5, 1);
	at_pixel(pos[1], 0, 64, -0.5, 1);
	at_pixel(pos[2], 64, 0, 1.5, 1);
	for (int clip = 0; clip < 2; clip++) {
		st.raster.depth_clip_enable = clip;
		CHECK(raster_one(&st, (const float (*)[4])pos, 0, &c, NULL));
		for (int y = 0; y < FB; y++)
			for (int x = 0; x < FB; x++) {
				double z = -0.5 + 2.0 * (x + 0.5) / 64;
				bool inside = (x + 0.5) + (y + 0.5) < 64 - 0.01;
				bool in_range = z > 0.01 && z < 0.99;

				if (!inside || (z > -0.01 && z < 0.01) || (z > 0.99 && z < 1.01))
					continue;
				bool want = clip ? in_range : true;

				if (!!c.cov[y][x] != want) {
					tap_diag("clip %d: pixel %d,%d (z %.3f) %#x", clip, x, y, z,
						 c.cov[y][x]);
					return false;
				}
				clipped_samples += !want;
				kept += want;
			}
	}
	CHECK(clipped_samples > 100 && kept > 100);
	return true;
}

/* Per pixel (one sample): covered, and the depth at the sample. */
struct depth_capture {
	bool cov[FB][FB];
	float depth[FB][FB];
};

static void capture_depth(void *ctx, const struct ember_quad *q)
{
	struct depth_capture *c = ctx;

	for (int p = 0; p < 4; p++) {
		int x = q->x + (p & 1), y = q->y + (p >> 1);

		if (!q->coverage[p] || x < 0 || y < 0 || x >= FB || y >= FB)
			continue;
		c->cov[y][x] = true;
		c->depth[y][x] = q->depth[p][0];
	}
}

/*
 * depth_negative_one_to_one (R1, R2, R9): a triangle whose z_c/w_c runs
 * from -1.5 on the left to 1.5 on the right, at w 2, in a viewport with
 * depth range [0.25, 0.75] (and reversed, [0.75, 0.25]). With depth
 * clipping it keeps -1 <= z_c/w_c <= 1 (0..1 without the mode); without
 * depth clipping everything is kept. Each sample's depth is the
 * reference's (ref_project_depth: z_f = (n + f)/2 + (f - n)/2 z_c/w_c, or
 * n + (f - n) z_c/w_c), and a few are known exactly: the mode maps the
 * pixel where z_c/w_c = 0 to the middle of the range. The vertices
 * clipping makes are snapped to 1/256 pixel like any other, which moves
 * the depth plane by up to |dz/dx| / 256 (about 1e-4 here): the tolerance.
 */
#define DEPTH_TOLERANCE 2e-4

static bool test_depth_negative_one_to_one(void)
{
	static struct depth_capture c;
	unsigned int kept[2][2] = { { 0 } };

	for (int mode = 0; mode < 4; mode++) {
		bool neg = mode & 1, reversed = mode & 2;

		for (int clip = 0; clip < 2; clip++) {
			struct ember_backend_state st;
			struct ember_primitive prim;
			struct ember_rect rect = { 0, 0, FB, FB };
			struct ref_tri t;
			float pos[3][4];

			default_state(&st, 1);
			st.viewport.min_depth = reversed ? 0.75f : 0.25f;
			st.viewport.max_depth = reversed ? 0.25f : 0.75f;
			st.raster.depth_clip_enable = clip;
			st.raster.depth_negative_one_to_one = neg;
			at_pixel(pos[0], 0, 0, -1.5, 2);
			at_pixel(pos[1], 0, 64, -1.5, 2);
			at_pixel(pos[2], 64, 0, 1.5, 2);
			ref_project_depth(&st.viewport, neg, (const float (*)[4])pos, &t);
			memset(&c, 0, sizeof(c));
			CHECK(ember_raster_setup(&st, EMBER_RT_NONE, (const float (*)[4])pos, NULL,
						 0, &prim));
			ember_raster_scan(&prim, &rect, 1, capture_depth, &c);
			for (int y = 0; y < FB; y++)
				for (int x = 0; x < FB; x++) {
					double zn = -1.5 + 3.0 * (x + 0.5) / 64, l[3];
					double lo = neg ? -1 : 0;
					bool inside = (x + 0.5) + (y + 0.5) < 64 - 0.01;
					bool want = !clip || (zn > lo + 0.01 && zn < 0.99);

					if (!inside || (clip && (fabs(zn - lo) < 0.01 ||
								 fabs(zn - 1) < 0.01)))
						continue;
					if (c.cov[y][x] != want) {
						tap_diag("neg %d clip %d reversed %d: pixel %d,%d (z %.3f) %d",
							 neg, clip, reversed, x, y, zn, c.cov[y][x]);
						return false;
					}
					if (!want)
						continue;
					kept[neg][clip]++;
					ref_linear_bary(&t, x + 0.5, y + 0.5, l);
					double z = l[0] * t.z[0] + l[1] * t.z[1] + l[2] * t.z[2];

					if (fabs(c.depth[y][x] - z) > DEPTH_TOLERANCE) {
						tap_diag("neg %d clip %d: pixel %d,%d depth %.9g, reference %.9g",
							 neg, clip, x, y, c.depth[y][x], z);
						return false;
					}
				}
			/* Pixel column 31 has z_c/w_c = -1.5 + 3 * 31.5 / 64 = -0.0234375. */
			if (c.cov[10][31]) {
				double zn = -1.5 + 3.0 * 31.5 / 64;
				double n = st.viewport.min_depth, f = st.viewport.max_depth;
				double want = neg ? (n + f) / 2 + (f - n) / 2 * zn : n + (f - n) * zn;

				CHECK(fabs(c.depth[10][31] - want) < DEPTH_TOLERANCE);
			} else {
				CHECK(clip && !neg);
			}
		}
	}
	/* -1..1 keeps more than 0..1 when clipping; nothing is clipped without. */
	CHECK(kept[1][1] > kept[0][1] + 100 && kept[0][0] == kept[1][0]);
	return true;
}

/* Perspective-correct barycentrics of pixel point (@x, @y) of @t. */
static void persp_bary(const struct ref_tri *t, double x, double y, double b[3])
{
	double l[3], sum = 0;

	ref_linear_bary(t, x, y, l);
	for (int j = 0; j < 3; j++)
		sum += l[j] * t->inv_w[j];
	for (int j = 0; j < 3; j++)
		b[j] = l[j] * t->inv_w[j] / sum;
}

/* Whether every clip distance of @cd, interpolated at (@x, @y), is >= 0. */
static bool ref_inside_distances(const struct ref_tri *t, const struct ember_clip_distances *cd,
				 double x, double y)
{
	double b[3];

	persp_bary(t, x, y, b);
	for (unsigned int c = 0; c < cd->count; c++)
		if (b[0] * cd->d[0][c] + b[1] * cd->d[1][c] + b[2] * cd->d[2][c] < 0)
			return false;
	return true;
}

struct clip_check {
	const struct ref_tri *t;
	bool covered[FB][FB];
	float bary[FB][FB][3];
};

static void capture_clip_quad(void *ctx, const struct ember_quad *q)
{
	struct clip_check *c = ctx;

	for (int p = 0; p < 4; p++) {
		int x = q->x + (p & 1), y = q->y + (p >> 1);

		if (!q->coverage[p] || x < 0 || y < 0 || x >= FB || y >= FB)
			continue;
		c->covered[y][x] = true;
		memcpy(c->bary[y][x], q->bary[p], sizeof(c->bary[y][x]));
	}
}

/*
 * Clip distances cut random perspective triangles: a pixel is drawn where
 * the reference's triangle covers it and every distance, interpolated
 * perspective-correctly from the vertices, is >= 0 (pixels within 1/32
 * pixel of an edge or of a distance's zero are not judged: snapping moves
 * those), and its barycentrics stay relative to the primitive's vertices
 * (within what snapping a cut's new vertices to 1/256 pixel changes).
 */
static bool test_clip_distances(void)
{
	uint64_t rng = 0xc11f;
	unsigned int cut = 0, kept = 0;

	for (int iter = 0; iter < 200; iter++) {
		static struct clip_check chk;
		struct ember_backend_state st;
		struct ember_clip_distances cd = { .count = 1 + (unsigned int)(iter % 3) };
		struct ember_primitive prim;
		struct ember_rect rect = { 0, 0, FB, FB };
		float pos[3][4];
		struct ref_tri t;
		bool front;

		default_state(&st, 1);
		for (int v = 0; v < 3; v++) {
			at_pixel(pos[v], ref_rand_double(&rng, -8, FB + 8),
				 ref_rand_double(&rng, -8, FB + 8), ref_rand_double(&rng, 0, 1),
				 ref_rand_double(&rng, 0.5, 4));
			for (unsigned int c = 0; c < cd.count; c++)
				cd.d[v][c] = (float)ref_rand_double(&rng, -1, 1);
		}
		ref_project(&st.viewport, (const float (*)[4])pos, &t);
		if (!ref_passes_cull(&t, &st.raster, &front) || fabs((double)ref_area2(&t)) < 65536 * 4)
			continue;
		memset(&chk, 0, sizeof(chk));
		chk.t = &t;
		if (ember_raster_setup(&st, 0, (const float (*)[4])pos, &cd, 0, &prim))
			ember_raster_scan(&prim, &rect, 1, capture_clip_quad, &chk);
		for (int y = 0; y < FB; y++) {
			for (int x = 0; x < FB; x++) {
				const double e = 1.0 / 32, px = x + 0.5, py = y + 0.5;
				int64_t sx = (int64_t)(px * 256), sy = (int64_t)(py * 256);
				bool in_tri = ref_covered(&t, sx, sy);
				bool in_cd = ref_inside_distances(&t, &cd, px, py);
				bool sure = true;
				double b[3], bx[3], by[3];

				for (int k = 0; k < 4; k++) {
					double ox = k & 1 ? e : -e, oy = k & 2 ? e : -e;

					sure &= ref_covered(&t, (int64_t)((px + ox) * 256),
							    (int64_t)((py + oy) * 256)) == in_tri &&
						ref_inside_distances(&t, &cd, px + ox, py + oy) == in_cd;
				}
				if (!sure)
					continue;
				if (chk.covered[y][x] != (in_tri && in_cd)) {
					tap_diag("triangle %d: pixel %d,%d drawn %d, want %d (in %d, cd %d)",
						 iter, x, y, chk.covered[y][x], in_tri && in_cd,
						 in_tri, in_cd);
					return false;
				}
				cut += in_tri && !in_cd;
				kept += in_tri && in_cd;
				if (!chk.covered[y][x])
					continue;
				persp_bary(&t, px, py, b);
				persp_bary(&t, px + 1, py, bx);
				persp_bary(&t, px, py + 1, by);
				for (int j = 0; j < 3; j++) {
					/* A cut's new vertex snaps: 1/256 pixel of gradient. */
					double tol = 1e-4 + (fabs(bx[j] - b[j]) +
							     fabs(by[j] - b[j])) / 128;

					if (fabs(chk.bary[y][x][j] - b[j]) > tol) {
						tap_diag("triangle %d: pixel %d,%d bary %d %f, want %f",
							 iter, x, y, j, chk.bary[y][x][j], b[j]);
						return false;
					}
				}
			}
		}
	}
	CHECK(cut > 1000 && kept > 1000);
	return true;
}

/* A line cut where its distance crosses 0; points kept or dropped by theirs. */
static bool test_clip_distances_line_point(void)
{
	struct ember_backend_state st;
	struct ember_clip_distances cd = { .count = 2 };
	struct ember_primitive prim;
	struct ember_rect rect = { 0, 0, FB, FB };
	static struct clip_check chk;
	float line[2][4], point[4];
	unsigned int drawn = 0;

	default_state(&st, 1);
	/* From x = 4 to x = 60 on row 32: distance 0 at x = 4 + 56 / 4 = 18. */
	at_pixel(line[0], 4, 32.5, 0.5, 1);
	at_pixel(line[1], 60, 32.5, 0.5, 1);
	cd.d[0][0] = -1.0f;
	cd.d[1][0] = 3.0f;
	cd.d[0][1] = cd.d[1][1] = 0.5f;
	memset(&chk, 0, sizeof(chk));
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])line, &cd, 0, &prim));
	ember_raster_scan(&prim, &rect, 1, capture_clip_quad, &chk);
	for (int x = 0; x < FB; x++) {
		bool want = x >= 18 && x < 60;

		if (x == 17 || x == 18 || x == 59 || x == 60)
			continue;	/* the ends: R11's rule decides */
		CHECK_EQ(chk.covered[32][x], want);
		drawn += chk.covered[32][x];
	}
	CHECK(drawn > 30);
	/* A distance NaN is outside: nothing. */
	cd.d[1][1] = NAN;
	memset(&chk, 0, sizeof(chk));
	if (ember_raster_setup_line(&st, (const float (*)[4])line, &cd, 0, &prim))
		ember_raster_scan(&prim, &rect, 1, capture_clip_quad, &chk);
	for (int x = 0; x < FB; x++)
		CHECK(!chk.covered[32][x]);
	at_pixel(point, 20.5, 20.5, 0.5, 1);
	cd.count = 1;
	cd.d[0][0] = 0.0f;
	CHECK(ember_raster_setup_point(&st, point, 1.0f, &cd, 0, &prim));
	cd.d[0][0] = -0.0001f;
	CHECK(!ember_raster_setup_point(&st, point, 1.0f, &cd, 0, &prim));
	return true;
}

/* Non-finite input and a non-finite viewport produce nothing. */
static bool test_not_finite(void)
{
	struct ember_backend_state st;
	static struct capture c;
	const float bad[] = { NAN, INFINITY, -INFINITY };

	for (int b = 0; b < 3; b++)
		for (int v = 0; v < 3; v++)
			for (int k = 0; k < 4; k++) {
				float pos[3][4];

				default_state(&st, 4);
				at_pixel(pos[0], 1, 1, 0.5, 1);
				at_pixel(pos[1], 60, 1, 0.5, 1);
				at_pixel(pos[2], 1, 60, 0.5, 1);
				pos[v][k] = bad[b];
				CHECK(!raster_one(&st, (const float (*)[4])pos, 0, &c, NULL));
				at_pixel(pos[v], 30, 30, 0.5, 1);
				st.viewport.width = bad[b];
				CHECK(!raster_one(&st, (const float (*)[4])pos, 0, &c, NULL));
			}
	return true;
}

int main(void)
{
	tap_result(test_sample_locations(), "sample-locations");
	tap_result(test_random_triangles(), "coverage-matches-reference");
	tap_result(test_shared_edge(), "top-left-shared-edge");
	tap_result(test_fan_exactly_once(), "top-left-fan-exactly-once");
	tap_result(test_culling(), "culling-and-facing");
	tap_result(test_interpolation(), "barycentrics-depth-flat");
	tap_result(test_depth_bias(), "depth-bias-formula");
	tap_result(test_guard_band(), "guard-band-clipping");
	tap_result(test_guard_band_limits(), "guard-band-limits-no-overflow");
	tap_result(test_depth_clip(), "depth-clip-vs-clamp");
	tap_result(test_depth_negative_one_to_one(), "depth-clip-negative-one-to-one");
	tap_result(test_not_finite(), "not-finite-input");
	tap_result(test_clip_distances(), "clip-distances-cut-triangles");
	tap_result(test_clip_distances_line_point(), "clip-distances-lines-points");
	return tap_finish();
}
