/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Cube maps
 *
 * Face selection and the face coordinate transform of the Vulkan
 * specification's "Cube Map Face Selection and Transformations" table:
 * the major axis is the coordinate of largest magnitude (ties, which the
 * specification leaves open, go to Z, then Y, then X), s = (sc/|ma| + 1)/2,
 * t = (tc/|ma| + 1)/2; gradients are carried through the same quotient.
 * Faces are layers 0..5: +X, -X, +Y, -Y, +Z, -Z.
 *
 * Seamless edges ("Cube Map Edge Handling"): a texel one step past a
 * face's edge is the texel of the adjacent face that touches that edge,
 * found by folding the texel centre around the cube edge and projecting
 * it again. A texel past two edges at once (a corner) has no such texel:
 * the sampler averages the three texels that meet at the corner.
 */

#ifndef EMBER_FW_TEX_CUBE_H
#define EMBER_FW_TEX_CUBE_H

#include <stdint.h>

struct tex_cube_coord {
	unsigned int face;
	float s, t;
	/* ds/dx, dt/dx, ds/dy, dt/dy on the face */
	float ds_dx, dt_dx, ds_dy, dt_dy;
};

/* Project direction @dir (with gradients @ddx, @ddy; may be NULL). */
void tex_cube_project(const float dir[3], const float *ddx, const float *ddy,
		      struct tex_cube_coord *out);

/*
 * The texel of the face adjacent to @face that continues (@i, @j) of a
 * face of @size texels, where exactly one of them is outside [0, size).
 */
void tex_cube_neighbour(unsigned int face, int32_t i, int32_t j, uint32_t size,
			unsigned int *nface, uint32_t *ni, uint32_t *nj);

#endif /* EMBER_FW_TEX_CUBE_H */
