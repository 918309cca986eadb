/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Triangle setup
 *
 * Snaps the clipped polygon to the 1/256 grid (R1), decides facing from
 * its snapped signed area and culls (R5), then splits it into a fan of
 * triangles, each turned to positive area (vertices 1 and 2 swapped when
 * needed: the weights travel with the vertices, so barycentrics stay
 * relative to the primitive). Each edge gets the bias that makes the
 * integer test "E + bias >= 0" the top-left rule of R3: with y pointing
 * down and the area positive, a top edge runs in +x (dy = 0, dx > 0) and
 * a left edge runs up (dy < 0).
 *
 * Magnitudes: coordinates are at most EMBER_GUARD_BAND * 256 = 2^22, so
 * differences fit 2^23 and each product of an edge function 2^46.
 */

#include "raster.h"

#include <math.h>
#include <string.h>

int64_t ember_raster_snap(double v)
{
	const double limit = (double)EMBER_GUARD_BAND * EMBER_SUBPIXEL_ONE;
	double s = nearbyint(v * EMBER_SUBPIXEL_ONE);

	/* Clipping leaves only rounding error beyond the guard band. */
	if (s > limit)
		s = limit;
	if (s < -limit)
		s = -limit;
	return (int64_t)s;
}

static int32_t floor_to_pixel(int64_t v)
{
	/* Arithmetic shift = floor division by 256 for negative values too. */
	return (int32_t)(v >> EMBER_SUBPIXEL_BITS);
}

static bool edge_is_top_left(int64_t dx, int64_t dy)
{
	return dy < 0 || (dy == 0 && dx > 0);
}

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	return ax * by - ay * bx;
}

/* Builds triangle (a, b, c); false when its snapped area is zero. */
static bool setup_tri(const struct ember_clip_vertex *v[3],
		      const int64_t sx[3], const int64_t sy[3], bool flip,
		      struct ember_tri *t)
{
	int order[3] = { 0, flip ? 2 : 1, flip ? 1 : 2 };

	for (int k = 0; k < 3; k++) {
		const struct ember_clip_vertex *cv = v[order[k]];

		t->x[k] = sx[order[k]];
		t->y[k] = sy[order[k]];
		t->z[k] = ember_saturate_float(cv->z);
		t->inv_w[k] = ember_saturate_float(cv->inv_w);
		for (int j = 0; j < 3; j++)
			t->weight[k][j] = (float)cv->weight[j];
	}
	t->area2 = cross(t->x[1] - t->x[0], t->y[1] - t->y[0],
			 t->x[2] - t->x[0], t->y[2] - t->y[0]);
	if (t->area2 <= 0)
		return false;
	t->inv_area2 = 1.0 / (double)t->area2;

	/* The depth plane through the three vertices, for the samples. */
	double x1 = (double)(t->x[1] - t->x[0]), y1 = (double)(t->y[1] - t->y[0]);
	double x2 = (double)(t->x[2] - t->x[0]), y2 = (double)(t->y[2] - t->y[0]);
	double z1 = (double)t->z[1] - t->z[0], z2 = (double)t->z[2] - t->z[0];

	t->dz_dx = (z1 * y2 - z2 * y1) * t->inv_area2;
	t->dz_dy = (x1 * z2 - x2 * z1) * t->inv_area2;

	int64_t min_x = t->x[0], max_x = t->x[0];
	int64_t min_y = t->y[0], max_y = t->y[0];

	for (int i = 0; i < 3; i++) {
		int n = (i + 1) % 3;

		t->dx[i] = t->x[n] - t->x[i];
		t->dy[i] = t->y[n] - t->y[i];
		t->bias[i] = edge_is_top_left(t->dx[i], t->dy[i]) ? 0 : -1;
		if (t->x[i] < min_x)
			min_x = t->x[i];
		if (t->x[i] > max_x)
			max_x = t->x[i];
		if (t->y[i] < min_y)
			min_y = t->y[i];
		if (t->y[i] > max_y)
			max_y = t->y[i];
	}
	/* Every sample offset is in [0, 256): these bounds are conservative. */
	t->min_px = floor_to_pixel(min_x);
	t->max_px = floor_to_pixel(max_x);
	t->min_py = floor_to_pixel(min_y);
	t->max_py = floor_to_pixel(max_y);
	return true;
}

/* r of R8: the depth format's minimum resolvable difference. */
static double depth_bias_unit(unsigned int depth_format,
			      const struct ember_clip_vertex *v, unsigned int n)
{
	double max_z = 0;
	int e;

	switch (depth_format) {
	case EMBER_RT_D16_UNORM:
		return ldexp(1, -16);
	case EMBER_RT_D24_UNORM_S8_UINT:
	case EMBER_RT_X8_D24_UNORM_PACK32:
		return ldexp(1, -24);
	case EMBER_RT_D32_SFLOAT:
	case EMBER_RT_D32_SFLOAT_S8_UINT:
		for (unsigned int i = 0; i < n; i++)
			if (fabs(ember_saturate_float(v[i].z)) > max_z)
				max_z = fabs(ember_saturate_float(v[i].z));
		if (max_z == 0)
			return ldexp(1, -23 - 126);
		/* frexp: max_z = m 2^e, m in [0.5, 1): the float exponent is e - 1. */
		frexp(max_z, &e);
		return ldexp(1, e - 1 - 23);
	default:
		return 0;
	}
}

/* m of R8: the largest triangle's depth slope, per pixel. */
static double depth_slope(const struct ember_primitive *prim)
{
	const struct ember_tri *t = &prim->tri[0];

	for (unsigned int i = 1; i < prim->tri_count; i++)
		if (prim->tri[i].area2 > t->area2)
			t = &prim->tri[i];

	double one = EMBER_SUBPIXEL_ONE;
	double x1 = (t->x[1] - t->x[0]) / one, y1 = (t->y[1] - t->y[0]) / one;
	double x2 = (t->x[2] - t->x[0]) / one, y2 = (t->y[2] - t->y[0]) / one;
	double z1 = (double)t->z[1] - t->z[0], z2 = (double)t->z[2] - t->z[0];
	double area = x1 * y2 - y1 * x2;
	double dzdx = (z1 * y2 - z2 * y1) / area;
	double dzdy = (x1 * z2 - x2 * z1) / area;

	return sqrt(dzdx * dzdx + dzdy * dzdy);
}

static float depth_bias(const struct ember_rasterizer_state *rs,
			unsigned int depth_format,
			const struct ember_clip_vertex *v, unsigned int n,
			const struct ember_primitive *prim)
{
	double o, clamp = rs->depth_bias_clamp;

	if (!rs->depth_bias_enable)
		return 0.0f;
	o = depth_slope(prim) * rs->depth_bias_slope +
	    depth_bias_unit(depth_format, v, n) * rs->depth_bias_constant;
	if (clamp > 0 && o > clamp)
		o = clamp;
	else if (clamp < 0 && o < clamp)
		o = clamp;
	/* A NaN bias (inf * 0) must not poison the depth tests. */
	return isfinite(o) ? ember_saturate_float(o) : 0.0f;
}

int64_t ember_raster_fan(const struct ember_clip_vertex *v, const int64_t *sx,
			 const int64_t *sy, unsigned int n,
			 struct ember_primitive *prim)
{
	int64_t area2 = 0;

	/* Shoelace on the snapped polygon: < 2^50 for at most 10 vertices. */
	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = (i + 1) % n;

		area2 += cross(sx[i], sy[i], sx[j], sy[j]);
	}
	prim->tri_count = 0;
	if (area2 == 0)
		return 0;
	for (unsigned int i = 1; i + 1 < n; i++) {
		const struct ember_clip_vertex *tv[3] = { &v[0], &v[i], &v[i + 1] };
		int64_t tx[3] = { sx[0], sx[i], sx[i + 1] };
		int64_t ty[3] = { sy[0], sy[i], sy[i + 1] };

		/*
		 * A fan piece whose snapped area has the other sign is a sliver
		 * that snapping folded over: it covers nothing of the polygon.
		 */
		if (setup_tri(tv, tx, ty, area2 < 0,
			      &prim->tri[prim->tri_count]))
			prim->tri_count++;
	}
	return prim->tri_count ? area2 : 0;
}

bool ember_raster_setup(const struct ember_backend_state *state,
			unsigned int depth_format, const float pos[3][4],
			const struct ember_clip_distances *cd,
			uint32_t primitive_id, struct ember_primitive *prim)
{
	const struct ember_rasterizer_state *rs = &state->raster;
	struct ember_clip_vertex v[EMBER_CLIP_MAX_VERTS];
	int64_t sx[EMBER_CLIP_MAX_VERTS], sy[EMBER_CLIP_MAX_VERTS];
	int64_t area2;
	unsigned int n;

	n = ember_raster_clip(&state->viewport, rs, pos, cd, v);
	if (n < 3)
		return false;
	for (unsigned int i = 0; i < n; i++) {
		sx[i] = ember_raster_snap(v[i].x);
		sy[i] = ember_raster_snap(v[i].y);
	}
	area2 = ember_raster_fan(v, sx, sy, n, prim);
	if (area2 == 0)
		return false;

	/* R5: Vulkan's a = -area2 / 2; a > 0 is counter-clockwise. */
	bool ccw = area2 < 0;
	bool front = rs->front_face == EMBER_FRONT_CW ? !ccw : ccw;

	if ((rs->cull_mode & EMBER_CULL_FRONT) && front)
		return false;
	if ((rs->cull_mode & EMBER_CULL_BACK) && !front)
		return false;

	prim->kind = EMBER_PRIM_TRIANGLE;
	prim->front_facing = front;
	prim->provoking_vertex = rs->provoking_vertex == EMBER_PROVOKING_LAST ? 2 : 0;
	prim->primitive_id = primitive_id;
	prim->depth_offset = depth_bias(rs, depth_format, v, n, prim);
	return true;
}
