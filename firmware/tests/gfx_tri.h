/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A triangle's quads as the device's back end hands them to a fragment
 * wave (struct ember_quad), built in double precision for the graphics
 * tests: the rasterizer's model (linear barycentrics from edge functions,
 * perspective-correct ones through 1/w), so a test can run a fragment
 * shader over them and compute what every input should read.
 */

#ifndef EMBER_FW_TESTS_GFX_TRI_H
#define EMBER_FW_TESTS_GFX_TRI_H

#include <stdint.h>

#include "raster/raster.h"

/* A triangle in framebuffer space with its clip w and depth per vertex. */
struct gfx_tri {
	double x[3], y[3], w[3], z[3];
};

/* Linear (screen-space) barycentrics of (@x, @y). */
void gfx_tri_linear_at(const struct gfx_tri *t, double x, double y, double l[3]);
/* Perspective-correct barycentrics of (@x, @y); 1/w there in *@inv_w (may be NULL). */
void gfx_tri_persp_at(const struct gfx_tri *t, double x, double y, double b[3], double *inv_w);
/*
 * The quad at (@qx, @qy) of @t with @samples samples per pixel: coverage
 * and helpers, barycentrics, depths, 1/w; front_facing (qx / 2) & 1,
 * provoking vertex 2, primitive_id 40 + qx, point coordinates p / 8 and
 * 3/4 - p / 8 for pixel p.
 */
void gfx_tri_quad(const struct gfx_tri *t, int32_t qx, int32_t qy, unsigned int samples,
		  struct ember_quad *q);

#endif /* EMBER_FW_TESTS_GFX_TRI_H */
