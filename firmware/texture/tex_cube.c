/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Cube face selection, transform and seamless edges (tex_cube.h). */

#include <math.h>

#include "tex_cube.h"

/* Per face: major axis and the axes (and signs) of sc and tc. */
static const struct {
	uint8_t ma_axis, sc_axis, tc_axis;
	int8_t ma_sign, sc_sign, tc_sign;
} faces[6] = {
	{ 0, 2, 1, +1, -1, -1 },	/* +X: sc = -rz, tc = -ry */
	{ 0, 2, 1, -1, +1, -1 },	/* -X: sc = +rz, tc = -ry */
	{ 1, 0, 2, +1, +1, +1 },	/* +Y: sc = +rx, tc = +rz */
	{ 1, 0, 2, -1, +1, -1 },	/* -Y: sc = +rx, tc = -rz */
	{ 2, 0, 1, +1, +1, -1 },	/* +Z: sc = +rx, tc = -ry */
	{ 2, 0, 1, -1, -1, -1 },	/* -Z: sc = -rx, tc = -ry */
};

static unsigned int select_face(double x, double y, double z)
{
	double ax = fabs(x), ay = fabs(y), az = fabs(z);

	if (az >= ax && az >= ay)
		return z >= 0 ? 4 : 5;
	if (ay >= ax)
		return y >= 0 ? 2 : 3;
	return x >= 0 ? 0 : 1;
}

void tex_cube_project(const float dir[3], const float *ddx, const float *ddy,
		      struct tex_cube_coord *out)
{
	unsigned int f = select_face(dir[0], dir[1], dir[2]);
	float ma = dir[faces[f].ma_axis];
	float ama = fabsf(ma), ma2 = ma * ma;
	float sc = faces[f].sc_sign * dir[faces[f].sc_axis];
	float tc = faces[f].tc_sign * dir[faces[f].tc_axis];

	out->face = f;
	out->s = 0.5f * (sc / ama + 1.0f);
	out->t = 0.5f * (tc / ama + 1.0f);
	out->ds_dx = out->dt_dx = out->ds_dy = out->dt_dy = 0.0f;
	for (unsigned int g = 0; g < 2; g++) {
		const float *d = g ? ddy : ddx;
		float dsc, dtc, dama;

		if (!d)
			continue;
		dsc = faces[f].sc_sign * d[faces[f].sc_axis];
		dtc = faces[f].tc_sign * d[faces[f].tc_axis];
		dama = faces[f].ma_sign * d[faces[f].ma_axis];
		*(g ? &out->ds_dy : &out->ds_dx) = 0.5f * (dsc * ama - sc * dama) / ma2;
		*(g ? &out->dt_dy : &out->dt_dx) = 0.5f * (dtc * ama - tc * dama) / ma2;
	}
}

static uint32_t texel_index(double st, uint32_t size)
{
	double v = floor(st * size);

	return v < 0 ? 0 : v >= size ? size - 1 : (uint32_t)v;
}

void tex_cube_neighbour(unsigned int face, int32_t i, int32_t j, uint32_t size,
			unsigned int *nface, uint32_t *ni, uint32_t *nj)
{
	/* Texel centres in [-1, 1] face coordinates, one step past at most. */
	int64_t n = size;
	double sc = 2.0 * ((double)(i < 0 ? -1 : i >= n ? n : i) + 0.5) / (double)n - 1.0;
	double tc = 2.0 * ((double)(j < 0 ? -1 : j >= n ? n : j) + 0.5) / (double)n - 1.0;
	double ma = 1.0, dir[3];
	unsigned int nf;

	/* Fold the overhang around the edge: it comes off the major axis. */
	if (fabs(sc) > 1.0) {
		ma = 2.0 - fabs(sc);
		sc = sc > 0 ? 1.0 : -1.0;
	} else if (fabs(tc) > 1.0) {
		ma = 2.0 - fabs(tc);
		tc = tc > 0 ? 1.0 : -1.0;
	}
	dir[faces[face].ma_axis] = faces[face].ma_sign * ma;
	dir[faces[face].sc_axis] = faces[face].sc_sign * sc;
	dir[faces[face].tc_axis] = faces[face].tc_sign * tc;
	nf = select_face(dir[0], dir[1], dir[2]);
	*nface = nf;
	*ni = texel_index(0.5 * (faces[nf].sc_sign * dir[faces[nf].sc_axis] /
				 fabs(dir[faces[nf].ma_axis]) + 1.0), size);
	*nj = texel_index(0.5 * (faces[nf].tc_sign * dir[faces[nf].tc_axis] /
				 fabs(dir[faces[nf].ma_axis]) + 1.0), size);
}
