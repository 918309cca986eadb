/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Clipping and the viewport transform
 *
 * Sutherland-Hodgman in clip space, in double precision, against the
 * planes of R2: the guard band's four sides (x_f and y_f within
 * +-EMBER_GUARD_BAND once projected, written as planes of (x, y, z, w) so
 * no division happens before w is known to be positive), w >= a tiny
 * positive minimum, 0 <= z <= w when depth clipping is on (-w <= z <= w
 * with depth_negative_one_to_one), then each clip distance. A clip distance is linear in clip space across the primitive
 * exactly as its vertices' weights are, so its plane is written over the
 * weights: distance = sum of weight_j * d_j. The vertices a plane makes
 * carry weights like any other, and whatever is interpolated later (the
 * varyings, the distances themselves) stays relative to the primitive's
 * own vertices.
 *
 * Two triangles sharing an edge must get the same new vertex where that
 * edge crosses a plane, or the top-left rule could leave a gap: the
 * intersection is always computed from the inside vertex towards the
 * outside one, whichever way round the edge is walked.
 */

#include "raster.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* Below this, 1/w could overflow the guard band's arithmetic. */
#define CLIP_MIN_W	1e-20

struct clip_vertex {
	double pos[4];
	double weight[3];
};

/* The frustum's planes (guard band, w, depth) and the clip distances. */
#define MAX_PLANES	(7 + EMBER_MAX_CLIP_DISTANCES)

/*
 * A plane is (a, b, c, d, e, u0, u1, u2): inside where a x + b y + c z +
 * d w + e + u0 weight0 + u1 weight1 + u2 weight2 >= 0.
 */
typedef double clip_plane[8];

static double plane_distance(const double plane[8], const struct clip_vertex *v)
{
	return plane[0] * v->pos[0] + plane[1] * v->pos[1] + plane[2] * v->pos[2] +
	       plane[3] * v->pos[3] + plane[4] + plane[5] * v->weight[0] +
	       plane[6] * v->weight[1] + plane[7] * v->weight[2];
}

static void intersect(const struct clip_vertex *in, double d_in,
		      const struct clip_vertex *out, double d_out,
		      struct clip_vertex *result)
{
	double t = d_in / (d_in - d_out);

	for (int c = 0; c < 4; c++)
		result->pos[c] = in->pos[c] + t * (out->pos[c] - in->pos[c]);
	for (int j = 0; j < 3; j++)
		result->weight[j] = in->weight[j] +
				    t * (out->weight[j] - in->weight[j]);
}

static unsigned int clip_polygon(const double plane[8],
				 const struct clip_vertex *src, unsigned int n,
				 struct clip_vertex *dst)
{
	unsigned int m = 0;

	for (unsigned int i = 0; i < n; i++) {
		const struct clip_vertex *a = &src[i];
		const struct clip_vertex *b = &src[(i + 1) % n];
		double da = plane_distance(plane, a);
		double db = plane_distance(plane, b);

		if (da >= 0)
			dst[m++] = *a;
		if ((da >= 0) != (db >= 0)) {
			if (da >= 0)
				intersect(a, da, b, db, &dst[m++]);
			else
				intersect(b, db, a, da, &dst[m++]);
		}
	}
	return m;
}

static bool viewport_is_finite(const struct ember_viewport *vp)
{
	return isfinite(vp->x) && isfinite(vp->y) && isfinite(vp->width) &&
	       isfinite(vp->height) && isfinite(vp->min_depth) &&
	       isfinite(vp->max_depth);
}

/* A clip distance as a plane's coefficient: NaN is outside, infinities finite. */
static double distance_coefficient(float d)
{
	if (isnan(d))
		return -FLT_MAX;
	return fmax(fmin((double)d, FLT_MAX), -FLT_MAX);
}

/*
 * The planes of R2 for @vp, then one per clip distance of @cd (NULL:
 * none) over @n vertices; returns how many apply.
 */
static unsigned int clip_planes(const struct ember_viewport *vp,
				const struct ember_rasterizer_state *rs,
				const struct ember_clip_distances *cd, unsigned int n,
				clip_plane planes[MAX_PLANES])
{
	double ox = (double)vp->x + (double)vp->width / 2;
	double oy = (double)vp->y + (double)vp->height / 2;
	double px = (double)vp->width / 2, py = (double)vp->height / 2;
	double gb = EMBER_GUARD_BAND;
	const clip_plane frustum[7] = {
		{ 0, 0, 0, 1, -CLIP_MIN_W },	/* w >= CLIP_MIN_W */
		{ px, 0, 0, ox + gb, 0 },	/* x_f >= -gb */
		{ -px, 0, 0, gb - ox, 0 },	/* x_f <= gb */
		{ 0, py, 0, oy + gb, 0 },	/* y_f >= -gb */
		{ 0, -py, 0, gb - oy, 0 },	/* y_f <= gb */
		/* z >= 0, or z >= -w (R9) */
		{ 0, 0, 1, rs->depth_negative_one_to_one ? 1 : 0, 0 },
		{ 0, 0, -1, 1, 0 },		/* z <= w */
	};
	unsigned int count = rs->depth_clip_enable ? 7 : 5;

	memcpy(planes, frustum, sizeof(frustum));
	for (unsigned int c = 0; cd && c < cd->count && c < EMBER_MAX_CLIP_DISTANCES; c++) {
		double *plane = planes[count++];

		memset(plane, 0, sizeof(clip_plane));
		for (unsigned int k = 0; k < n; k++)
			plane[5 + k] = distance_coefficient(cd->d[k][c]);
	}
	return count;
}

/* Loads @n input vertices with unit weights; false if one is not finite. */
static bool load_vertices(const struct ember_viewport *vp, const float (*pos)[4],
			  unsigned int n, struct clip_vertex *v)
{
	if (!viewport_is_finite(vp))
		return false;
	for (unsigned int i = 0; i < n; i++) {
		for (int c = 0; c < 4; c++) {
			if (!isfinite(pos[i][c]))
				return false;
			v[i].pos[c] = pos[i][c];
		}
		for (unsigned int j = 0; j < 3; j++)
			v[i].weight[j] = i == j;
	}
	return true;
}

/* The viewport transform of R1; false if the result is not finite. */
static bool project(const struct ember_viewport *vp, const struct ember_rasterizer_state *rs,
		    const struct clip_vertex *v, unsigned int n, struct ember_clip_vertex *out)
{
	double ox = (double)vp->x + (double)vp->width / 2;
	double oy = (double)vp->y + (double)vp->height / 2;
	double px = (double)vp->width / 2, py = (double)vp->height / 2;
	double oz = vp->min_depth, pz = (double)vp->max_depth - vp->min_depth;

	/* z_c/w_c in [-1, 1]: -1 is minDepth, 1 maxDepth. */
	if (rs->depth_negative_one_to_one) {
		oz = ((double)vp->min_depth + vp->max_depth) / 2;
		pz /= 2;
	}

	for (unsigned int i = 0; i < n; i++) {
		/*
		 * Clipping leaves w >= CLIP_MIN_W, but for rounding when the
		 * input's magnitudes are huge: a vertex cut onto the plane may
		 * land at or below zero. It belongs on the plane.
		 */
		double w = v[i].pos[3] > CLIP_MIN_W ? v[i].pos[3] : CLIP_MIN_W;
		double inv_w = 1.0 / w;

		out[i].x = ox + px * v[i].pos[0] * inv_w;
		out[i].y = oy + py * v[i].pos[1] * inv_w;
		out[i].z = oz + pz * v[i].pos[2] * inv_w;
		out[i].inv_w = inv_w;
		memcpy(out[i].weight, v[i].weight, sizeof(out[i].weight));
		if (!isfinite(out[i].x) || !isfinite(out[i].y) ||
		    !isfinite(out[i].z) || !isfinite(inv_w))
			return false;
	}
	return true;
}

unsigned int ember_raster_clip(const struct ember_viewport *vp,
			       const struct ember_rasterizer_state *rs, const float pos[3][4],
			       const struct ember_clip_distances *cd,
			       struct ember_clip_vertex out[EMBER_CLIP_MAX_VERTS])
{
	struct clip_vertex buf[2][EMBER_CLIP_MAX_VERTS];
	clip_plane planes[MAX_PLANES];
	unsigned int plane_count = clip_planes(vp, rs, cd, 3, planes);
	unsigned int n = 3, cur = 0;

	if (!load_vertices(vp, pos, 3, buf[0]))
		return 0;
	for (unsigned int p = 0; p < plane_count && n >= 3; p++) {
		bool all_inside = true;

		for (unsigned int i = 0; i < n; i++)
			if (!(plane_distance(planes[p], &buf[cur][i]) >= 0))
				all_inside = false;
		/* Never touch a polygon the plane does not cut (R2). */
		if (all_inside)
			continue;
		n = clip_polygon(planes[p], buf[cur], n, buf[!cur]);
		cur = !cur;
	}
	if (n < 3 || !project(vp, rs, buf[cur], n, out))
		return 0;
	return n;
}

bool ember_raster_clip_segment(const struct ember_viewport *vp,
			       const struct ember_rasterizer_state *rs,
			       const float pos[2][4], const struct ember_clip_distances *cd,
			       struct ember_clip_vertex out[2])
{
	struct clip_vertex v[2], moved;
	clip_plane planes[MAX_PLANES];
	unsigned int plane_count = clip_planes(vp, rs, cd, 2, planes);

	if (!load_vertices(vp, pos, 2, v))
		return false;
	for (unsigned int p = 0; p < plane_count; p++) {
		double d0 = plane_distance(planes[p], &v[0]);
		double d1 = plane_distance(planes[p], &v[1]);

		if (!(d0 >= 0) && !(d1 >= 0))
			return false;
		/* As for polygons: from the inside end towards the outside one. */
		if (!(d0 >= 0)) {
			intersect(&v[1], d1, &v[0], d0, &moved);
			v[0] = moved;
		} else if (!(d1 >= 0)) {
			intersect(&v[0], d0, &v[1], d1, &moved);
			v[1] = moved;
		}
	}
	return project(vp, rs, v, 2, out);
}

bool ember_raster_clip_point(const struct ember_viewport *vp,
			     const struct ember_rasterizer_state *rs,
			     const float pos[4], const struct ember_clip_distances *cd,
			     struct ember_clip_vertex *out)
{
	struct clip_vertex v;
	clip_plane planes[MAX_PLANES];
	unsigned int plane_count = clip_planes(vp, rs, cd, 1, planes);

	if (!load_vertices(vp, (const float (*)[4])pos, 1, &v))
		return false;
	for (unsigned int p = 0; p < plane_count; p++)
		if (!(plane_distance(planes[p], &v) >= 0))
			return false;
	return project(vp, rs, &v, 1, out);
}
