/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Lines and points
 *
 * Both become a convex quadrilateral on the 1/256 grid, drawn as a fan of
 * two triangles under the top-left rule, so every rule of the triangles
 * (exact coverage, sample locations, quads, order) holds for them too:
 *
 * - A line of width w (Vulkan's non-strict lines: the rasterizer state's
 *   line_width clamped to [1, EMBER_LINE_WIDTH_MAX], NaN counts as 1) is
 *   the parallelogram whose two short sides are w pixels long and
 *   parallel to the minor axis: the snapped end points moved by +-w/2
 *   pixel (snapped to the grid) in y for an x-major line (|dx| >= |dy|),
 *   in x otherwise. Consecutive segments of a strip
 *   with the same major axis share a short side, so no sample of the
 *   joint is drawn twice. Attributes and depth vary along the major axis
 *   from one end point to the other; a zero-length line draws nothing.
 * - A point is the square of side PointSize (clamped to [1,
 *   EMBER_POINT_SIZE_MAX]; NaN counts as 1) centred on the snapped vertex:
 *   a sample is covered when left <= x < right and top <= y < bottom.
 *   Every fragment takes the vertex's values; PointCoord is the pixel
 *   centre's position in the square, (0, 0) at its top-left corner.
 *
 * Lines and points are always front-facing, never culled, and take no
 * depth bias (Vulkan biases polygons only); the back end gives the pieces
 * of a polygon in polygon mode the polygon's facing and bias (R12).
 */

#include "raster.h"

#include <stdlib.h>

static void init_prim(struct ember_primitive *prim, enum ember_prim_kind kind,
		      uint8_t provoking, uint32_t primitive_id)
{
	prim->kind = (uint8_t)kind;
	prim->front_facing = true;
	prim->provoking_vertex = provoking;
	prim->depth_offset = 0.0f;
	prim->primitive_id = primitive_id;
	prim->point_origin[0] = prim->point_origin[1] = 0.0f;
	prim->point_size = 0.0f;
}

/* Half the width of a line on the 1/256 grid (R11's clamp). */
static int64_t half_line_width(float width)
{
	if (!(width >= 1.0f))	/* also NaN */
		width = 1.0f;
	if (width > EMBER_LINE_WIDTH_MAX)
		width = EMBER_LINE_WIDTH_MAX;
	return ember_raster_snap(width / 2.0);
}

bool ember_raster_setup_line(const struct ember_backend_state *state,
			     const float pos[2][4], const struct ember_clip_distances *cd,
			     uint32_t primitive_id, struct ember_primitive *prim)
{
	struct ember_clip_vertex end[2], corner[4];
	int64_t ex[2], ey[2], sx[4], sy[4];
	const int64_t half = half_line_width(state->raster.line_width);

	if (!ember_raster_clip_segment(&state->viewport, &state->raster, pos, cd, end))
		return false;
	for (int i = 0; i < 2; i++) {
		ex[i] = ember_raster_snap(end[i].x);
		ey[i] = ember_raster_snap(end[i].y);
	}
	bool x_major = llabs(ex[1] - ex[0]) >= llabs(ey[1] - ey[0]);
	int64_t ox = x_major ? 0 : half, oy = x_major ? half : 0;
	/* Corners: a - o, b - o, b + o, a + o. */
	const int from[4] = { 0, 1, 1, 0 };
	const int64_t sign[4] = { -1, -1, 1, 1 };

	for (int k = 0; k < 4; k++) {
		corner[k] = end[from[k]];
		sx[k] = ex[from[k]] + sign[k] * ox;
		sy[k] = ey[from[k]] + sign[k] * oy;
	}
	if (!ember_raster_fan(corner, sx, sy, 4, prim))
		return false;
	init_prim(prim, EMBER_PRIM_LINE,
		  state->raster.provoking_vertex == EMBER_PROVOKING_LAST ? 1 : 0,
		  primitive_id);
	return true;
}

bool ember_raster_setup_point(const struct ember_backend_state *state,
			      const float pos[4], float size,
			      const struct ember_clip_distances *cd,
			      uint32_t primitive_id, struct ember_primitive *prim)
{
	struct ember_clip_vertex centre, corner[4];
	int64_t cx, cy, sx[4], sy[4], half;

	if (!ember_raster_clip_point(&state->viewport, &state->raster, pos, cd, &centre))
		return false;
	if (!(size >= 1.0f))	/* also NaN */
		size = 1.0f;
	if (size > EMBER_POINT_SIZE_MAX)
		size = EMBER_POINT_SIZE_MAX;
	cx = ember_raster_snap(centre.x);
	cy = ember_raster_snap(centre.y);
	/* Half the side on the grid: the square's edges are on it too. */
	half = ember_raster_snap(size / 2.0);
	const int64_t dx[4] = { -half, half, half, -half };
	const int64_t dy[4] = { -half, -half, half, half };

	for (int k = 0; k < 4; k++) {
		corner[k] = centre;
		sx[k] = cx + dx[k];
		sy[k] = cy + dy[k];
	}
	if (!ember_raster_fan(corner, sx, sy, 4, prim))
		return false;
	init_prim(prim, EMBER_PRIM_POINT, 0, primitive_id);
	prim->point_origin[0] = (float)(cx - half) / EMBER_SUBPIXEL_ONE;
	prim->point_origin[1] = (float)(cy - half) / EMBER_SUBPIXEL_ONE;
	prim->point_size = (float)(2 * half) / EMBER_SUBPIXEL_ONE;
	return true;
}
