/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Quad derivatives
 *
 * In a fragment wave lanes 4k .. 4k + 3 are the pixels (x, y), (x+1, y),
 * (x, y+1), (x+1, y+1) of quad k. The derivatives of the Vulkan
 * specification ("Derivative Operations") are differences inside a quad:
 * fine ones per row (d/dx) or column (d/dy) of the quad, coarse ones the
 * top row's or left column's for all four pixels. DDX, DDY and the
 * implicit LOD of TEX and QUERYLOD share these, so their results agree.
 */

#ifndef EMBER_FW_SC_QUAD_H
#define EMBER_FW_SC_QUAD_H

#include <stdbool.h>

#include "shader_core.h"

static inline void sc_quad_ddx(const float *a, float *r, bool coarse)
{
	for (unsigned int q = 0; q < SC_LANES; q += 4) {
		float top = a[q + 1] - a[q], bottom = a[q + 3] - a[q + 2];

		r[q] = r[q + 1] = top;
		r[q + 2] = r[q + 3] = coarse ? top : bottom;
	}
}

static inline void sc_quad_ddy(const float *a, float *r, bool coarse)
{
	for (unsigned int q = 0; q < SC_LANES; q += 4) {
		float left = a[q + 2] - a[q], right = a[q + 3] - a[q + 1];

		r[q] = r[q + 2] = left;
		r[q + 1] = r[q + 3] = coarse ? left : right;
	}
}

#endif /* EMBER_FW_SC_QUAD_H */
