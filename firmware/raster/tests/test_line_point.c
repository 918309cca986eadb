/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Lines (R11) and points (R12) against the reference: point squares by
 * their half-open intervals, PointCoord, size clamping; lines by the
 * parallelogram rule with the perturbed-sample test, one row per column
 * for a horizontal line, strip joints drawn once, interpolation along the
 * major axis, clipping.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"
#include "raster_ref.h"
#include "tap.h"

#define FB	48

struct capture {
	uint32_t cov[FB][FB];
	bool overlap;
	unsigned int quads;
	double ax, ay, bx, by;	/* a line's end points, for the attribute check */
	bool x_major;
	struct ember_quad last;
};

static void capture_quad(void *ctx, const struct ember_quad *q)
{
	struct capture *c = ctx;

	for (int p = 0; p < 4; p++) {
		int x = q->x + (p & 1), y = q->y + (p >> 1);

		if (q->coverage[p] && x >= 0 && y >= 0 && x < FB && y < FB) {
			if (c->cov[y][x] & q->coverage[p])
				c->overlap = true;
			c->cov[y][x] |= q->coverage[p];
		}
	}
	c->last = *q;
	c->quads++;
}

static void state_init(struct ember_backend_state *st, unsigned int samples)
{
	memset(st, 0, sizeof(*st));
	st->viewport = (struct ember_viewport){ 0, 0, FB, FB, 0, 1 };
	st->scissor = (struct ember_rect){ 0, 0, FB, FB };
	st->raster.depth_clip_enable = true;
	st->ms.samples = samples;
	st->ms.sample_mask = ~0u;
}

static void at_pixel(float pos[4], double x, double y)
{
	pos[0] = (float)(x / FB * 2 - 1);
	pos[1] = (float)(y / FB * 2 - 1);
	pos[2] = 0.5f;
	pos[3] = 1;
}

static void scan(const struct ember_primitive *prim, unsigned int samples, struct capture *c)
{
	struct ember_rect rect = { 0, 0, FB, FB };

	ember_raster_scan(prim, &rect, samples, capture_quad, c);
}

static int64_t sample_fixed(unsigned int samples, unsigned int s, int axis)
{
	const double *loc = samples == 4 ? ref_locations_4[s] : ref_locations_1[0];

	return (int64_t)(loc[axis] * 256);
}

static bool test_points(void)
{
	uint64_t rng = 0x9017;
	const float special_sizes[] = { NAN, 0.0f, 0.5f, 1.0f, 2.0f, 3.0f, 64.0f, 1000.0f, -5.0f };

	for (int iter = 0; iter < 1500; iter++) {
		struct ember_backend_state st;
		struct ember_primitive prim;
		static struct capture c;
		unsigned int samples = iter & 1 ? 4 : 1;
		double cx = floor(ref_rand_double(&rng, -4, FB + 4) * 16) / 16;
		double cy = floor(ref_rand_double(&rng, -4, FB + 4) * 16) / 16;
		float size = iter % 3 ? (float)(floor(ref_rand_double(&rng, 1, 12) * 8) / 8) :
				        special_sizes[ref_rand_below(&rng, 9)];
		float pos[4];

		state_init(&st, samples);
		memset(&c, 0, sizeof(c));
		at_pixel(pos, cx, cy);
		CHECK(ember_raster_setup_point(&st, pos, size, NULL, 3, &prim));
		scan(&prim, samples, &c);
		CHECK(!c.overlap);

		/* The reference: the snapped centre, the side clamped to [1, 64]. */
		double side = isnan(size) || size < 1 ? 1 : size > 64 ? 64 : size;
		int64_t half = (int64_t)nearbyint(side / 2 * 256);
		int64_t scx = (int64_t)nearbyint(((double)FB / 2 + (double)FB / 2 * pos[0]) * 256);
		int64_t scy = (int64_t)nearbyint(((double)FB / 2 + (double)FB / 2 * pos[1]) * 256);

		for (int y = 0; y < FB; y++)
			for (int x = 0; x < FB; x++) {
				uint32_t want = 0;

				for (unsigned int s = 0; s < samples; s++) {
					int64_t sx = (int64_t)x * 256 + sample_fixed(samples, s, 0);
					int64_t sy = (int64_t)y * 256 + sample_fixed(samples, s, 1);

					if (sx >= scx - half && sx < scx + half &&
					    sy >= scy - half && sy < scy + half)
						want |= 1u << s;
				}
				if (c.cov[y][x] != want) {
					tap_diag("point %d (%.4f,%.4f size %g): pixel %d,%d %#x, reference %#x",
						 iter, cx, cy, size, x, y, c.cov[y][x], want);
					return false;
				}
			}
		/* PointCoord at the last quad's pixel centres; every fragment takes the vertex. */
		for (int p = 0; p < 4; p++) {
			double px = c.last.x + (p & 1) + 0.5, py = c.last.y + (p >> 1) + 0.5;
			double left = (scx - half) / 256.0, top = (scy - half) / 256.0;

			if (!c.quads)
				break;
			CHECK(fabs(c.last.point_coord[p][0] - (px - left) / (2 * half / 256.0)) < 1e-5);
			CHECK(fabs(c.last.point_coord[p][1] - (py - top) / (2 * half / 256.0)) < 1e-5);
			CHECK(fabs(c.last.bary[p][0] - 1) < 1e-6 && fabs(c.last.bary[p][1]) < 1e-6);
		}
		CHECK(c.last.front_facing || !c.quads);
	}
	return true;
}

/* R11's half width in 1/256 units: width clamped to [1, 64], NaN as 1. */
static int64_t ref_half_width(double width)
{
	if (isnan(width) || width < 1)
		width = 1;
	return (int64_t)nearbyint(fmin(width, 64) * 128);
}

/*
 * The reference's parallelogram of a line (R11) from snapped end points,
 * short sides 2 * @half long.
 */
static void ref_line_polygon(const int64_t a[2], const int64_t b[2], int64_t half,
			     int64_t px[4], int64_t py[4])
{
	bool x_major = llabs(b[0] - a[0]) >= llabs(b[1] - a[1]);
	int64_t ox = x_major ? 0 : half, oy = x_major ? half : 0;

	px[0] = a[0] - ox;
	py[0] = a[1] - oy;
	px[1] = b[0] - ox;
	py[1] = b[1] - oy;
	px[2] = b[0] + ox;
	py[2] = b[1] + oy;
	px[3] = a[0] + ox;
	py[3] = a[1] + oy;
}

static void snap_end(const float pos[4], int64_t out[2])
{
	out[0] = (int64_t)nearbyint(((double)FB / 2 + (double)FB / 2 * pos[0]) * 256);
	out[1] = (int64_t)nearbyint(((double)FB / 2 + (double)FB / 2 * pos[1]) * 256);
}

static bool test_lines(void)
{
	/* Widths: 1 (most), wide ones off and on the grid, and clamped ones. */
	static const float widths[8] = { 1.0f, 1.0f, 3.0f, 2.5f, 7.3f, NAN, 100.0f, 0.25f };
	uint64_t rng = 0x11e5;
	unsigned int joints = 0;

	for (int iter = 0; iter < 800; iter++) {
		struct ember_backend_state st;
		unsigned int samples = iter & 1 ? 4 : 1;
		static struct capture c;
		float strip[4][4];
		int direction_prev = 0;

		state_init(&st, samples);
		st.raster.provoking_vertex = (uint8_t)(iter & 2 ? 1 : 0);
		st.raster.line_width = widths[(iter >> 2) % 8];
		memset(&c, 0, sizeof(c));
		for (int v = 0; v < 4; v++)
			at_pixel(strip[v], floor(ref_rand_double(&rng, -4, FB + 4) * 8) / 8,
				 floor(ref_rand_double(&rng, -4, FB + 4) * 8) / 8);
		/* A strip of three segments, drawn into one capture. */
		for (int seg = 0; seg < 3; seg++) {
			struct ember_primitive prim;
			static struct capture one;
			int64_t a[2], b[2], px[4], py[4];

			memset(&one, 0, sizeof(one));
			snap_end(strip[seg], a);
			snap_end(strip[seg + 1], b);
			bool drawn = ember_raster_setup_line(&st, (const float (*)[4])strip[seg], NULL, 5, &prim);

			CHECK_EQ(drawn, a[0] != b[0] || a[1] != b[1]);
			if (!drawn)
				continue;
			CHECK_EQ(prim.provoking_vertex, st.raster.provoking_vertex ? 1 : 0);
			scan(&prim, samples, &one);
			ref_line_polygon(a, b, ref_half_width(st.raster.line_width), px, py);
			bool x_major = llabs(b[0] - a[0]) >= llabs(b[1] - a[1]);
			/* The major axis and its sense: a strip going on the same way. */
			int64_t major_delta = x_major ? b[0] - a[0] : b[1] - a[1];
			int direction = (x_major ? 2 : 4) + (major_delta > 0);

			for (int y = 0; y < FB; y++)
				for (int x = 0; x < FB; x++) {
					uint32_t want = 0;

					for (unsigned int s = 0; s < samples; s++)
						if (ref_covered_polygon(px, py, 4,
									(int64_t)x * 256 + sample_fixed(samples, s, 0),
									(int64_t)y * 256 + sample_fixed(samples, s, 1)))
							want |= 1u << s;
					if (one.cov[y][x] != want) {
						tap_diag("line %d segment %d: pixel %d,%d %#x, reference %#x",
							 iter, seg, x, y, one.cov[y][x], want);
						return false;
					}
					/* Joints of segments going the same way: drawn once. */
					if (seg > 0 && direction == direction_prev && (c.cov[y][x] & want)) {
						tap_diag("line %d: joint at %d,%d drawn twice", iter, x, y);
						return false;
					}
					if (seg > 0 && direction == direction_prev && want)
						joints++;
					c.cov[y][x] = direction == direction_prev ? c.cov[y][x] | want : want;
				}
			direction_prev = direction;
			/* Attributes go along the major axis from a (weight 0) to b (weight 1). */
			for (int p = 0; p < 4 && one.quads; p++) {
				double major = x_major ? one.last.x + (p & 1) + 0.5 : one.last.y + (p >> 1) + 0.5;
				double t = (major * 256 - (x_major ? a[0] : a[1])) /
					   (double)(x_major ? b[0] - a[0] : b[1] - a[1]);

				CHECK(fabs(one.last.bary_linear[p][1] - t) < 1e-4 * (1 + fabs(t)));
				CHECK(fabs(one.last.bary_linear[p][0] + one.last.bary_linear[p][1] - 1) < 1e-4);
			}
		}
	}
	tap_diag("%u samples of strip segments going on the same way, none drawn twice", joints);
	return true;
}

/* A horizontal line through pixel centres covers one row, [x0, x1). */
static bool test_horizontal_line(void)
{
	struct ember_backend_state st;
	struct ember_primitive prim;
	static struct capture c;
	float pos[2][4];

	state_init(&st, 1);
	at_pixel(pos[0], 3.5, 10.5);
	at_pixel(pos[1], 20.5, 10.5);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	memset(&c, 0, sizeof(c));
	scan(&prim, 1, &c);
	for (int y = 0; y < FB; y++)
		for (int x = 0; x < FB; x++)
			CHECK_EQ(c.cov[y][x], y == 10 && x >= 3 && x < 20);
	/* The same line drawn backwards covers the same pixels but x = 20, not 3. */
	at_pixel(pos[0], 20.5, 10.5);
	at_pixel(pos[1], 3.5, 10.5);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	memset(&c, 0, sizeof(c));
	scan(&prim, 1, &c);
	for (int x = 0; x < FB; x++)
		CHECK_EQ(c.cov[10][x], x >= 3 && x < 20);
	return true;
}

/*
 * Width 3: a horizontal line through pixel centres covers rows y - 1 ..
 * y + 1, a vertical one columns x - 1 .. x + 1, over the major axis with
 * the top-left rule at its ends; a width of 2 whose edges fall on sample
 * rows keeps it too (the row above, not the row below).
 */
static bool test_wide_lines(void)
{
	struct ember_backend_state st;
	struct ember_primitive prim;
	static struct capture c;
	float pos[2][4];

	state_init(&st, 1);
	st.raster.line_width = 3.0f;
	at_pixel(pos[0], 3.5, 10.5);
	at_pixel(pos[1], 20.5, 10.5);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	memset(&c, 0, sizeof(c));
	scan(&prim, 1, &c);
	for (int y = 0; y < FB; y++)
		for (int x = 0; x < FB; x++)
			CHECK_EQ(c.cov[y][x], y >= 9 && y <= 11 && x >= 3 && x < 20);
	at_pixel(pos[0], 30.5, 40.5);
	at_pixel(pos[1], 30.5, 5.5);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	memset(&c, 0, sizeof(c));
	scan(&prim, 1, &c);
	for (int y = 0; y < FB; y++)
		for (int x = 0; x < FB; x++)
			CHECK_EQ(c.cov[y][x], x >= 29 && x <= 31 && y >= 5 && y < 40);
	/* Width 2 centred on a pixel centre row: edges on rows 9.5 and 11.5. */
	st.raster.line_width = 2.0f;
	at_pixel(pos[0], 3.5, 10.5);
	at_pixel(pos[1], 20.5, 10.5);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	memset(&c, 0, sizeof(c));
	scan(&prim, 1, &c);
	for (int y = 0; y < FB; y++)
		for (int x = 0; x < FB; x++)
			CHECK_EQ(c.cov[y][x], y >= 9 && y <= 10 && x >= 3 && x < 20);
	return true;
}

/* A line leaving through w = 0 and the guard band is clipped, not dropped. */
static bool test_line_clipping(void)
{
	struct ember_backend_state st;
	struct ember_primitive prim;
	static struct capture c;
	float pos[2][4] = { { 0, 0, 0.5f, 1 }, { 1e30f, 1e-3f, 0.5f, 1e-10f } };

	state_init(&st, 4);
	CHECK(ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	for (unsigned int i = 0; i < prim.tri_count; i++)
		for (int k = 0; k < 3; k++)
			CHECK(llabs(prim.tri[i].x[k]) <= EMBER_GUARD_BAND * 256);
	memset(&c, 0, sizeof(c));
	scan(&prim, 4, &c);
	CHECK(c.cov[24][30] != 0);
	/* Behind the eye at both ends: nothing. */
	pos[0][3] = -1;
	pos[1][3] = -2;
	CHECK(!ember_raster_setup_line(&st, (const float (*)[4])pos, NULL, 0, &prim));
	return true;
}

int main(void)
{
	tap_result(test_points(), "points-squares-and-point-coord");
	tap_result(test_lines(), "lines-parallelograms-and-strips");
	tap_result(test_horizontal_line(), "lines-horizontal-half-open");
	tap_result(test_wide_lines(), "lines-wide-rows-and-columns");
	tap_result(test_line_clipping(), "lines-clipped-at-the-guard-band");
	return tap_finish();
}
