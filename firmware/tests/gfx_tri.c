/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The graphics tests' triangle model (gfx_tri.h). */

#include "gfx_tri.h"

#include <string.h>

void gfx_tri_linear_at(const struct gfx_tri *t, double x, double y, double l[3])
{
	double area = (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) -
		      (t->x[2] - t->x[0]) * (t->y[1] - t->y[0]);

	l[0] = ((t->x[1] - x) * (t->y[2] - y) - (t->x[2] - x) * (t->y[1] - y)) / area;
	l[1] = ((t->x[2] - x) * (t->y[0] - y) - (t->x[0] - x) * (t->y[2] - y)) / area;
	l[2] = 1.0 - l[0] - l[1];
}

void gfx_tri_persp_at(const struct gfx_tri *t, double x, double y, double b[3], double *inv_w)
{
	double l[3], sum = 0.0;

	gfx_tri_linear_at(t, x, y, l);
	for (unsigned int j = 0; j < 3; j++)
		sum += l[j] / t->w[j];
	for (unsigned int j = 0; j < 3; j++)
		b[j] = l[j] / t->w[j] / sum;
	if (inv_w)
		*inv_w = sum;
}

void gfx_tri_quad(const struct gfx_tri *t, int32_t qx, int32_t qy, unsigned int samples,
		  struct ember_quad *q)
{
	memset(q, 0, sizeof(*q));
	q->x = qx;
	q->y = qy;
	q->front_facing = (qx / 2) & 1;
	q->provoking_vertex = 2;
	q->primitive_id = 40 + (uint32_t)qx;
	for (unsigned int p = 0; p < 4; p++) {
		double cx = qx + (p & 1) + 0.5, cy = qy + (p >> 1) + 0.5, l[3], b[3], inv_w;

		gfx_tri_linear_at(t, cx, cy, l);
		gfx_tri_persp_at(t, cx, cy, b, &inv_w);
		for (unsigned int j = 0; j < 3; j++) {
			q->bary_linear[p][j] = (float)l[j];
			q->bary[p][j] = (float)b[j];
		}
		q->inv_w[p] = (float)inv_w;
		q->depth_center[p] = (float)(l[0] * t->z[0] + l[1] * t->z[1] + l[2] * t->z[2]);
		for (unsigned int s = 0; s < samples; s++) {
			unsigned int sx, sy;
			double sl[3];

			ember_sample_location(samples, s, &sx, &sy);
			gfx_tri_linear_at(t, qx + (p & 1) + sx / 256.0, qy + (p >> 1) + sy / 256.0, sl);
			q->depth[p][s] = (float)(sl[0] * t->z[0] + sl[1] * t->z[1] +
						 sl[2] * t->z[2]);
			if (sl[0] >= 0 && sl[1] >= 0 && sl[2] >= 0)
				q->coverage[p] |= 1u << s;
		}
		if (!q->coverage[p])
			q->helper_mask |= 1u << p;
		q->point_coord[p][0] = 0.125f * (float)p;
		q->point_coord[p][1] = 0.75f - 0.125f * (float)p;
	}
}
