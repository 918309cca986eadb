/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Rasterizer
 *
 * A triangle goes through three steps, one file each:
 *
 * - raster_clip.c: clip-space clipping (guard band, w > 0, depth clip, the
 *   clip distances) and the viewport transform. The clipped polygon's vertices carry their
 *   weights relative to the primitive's three vertices, so everything
 *   interpolated later is relative to the primitive, not to a piece of it.
 * - raster_setup.c: snapping to the 1/256 grid, facing and culling, the
 *   fan of oriented triangles with their edge functions and top-left
 *   biases, the depth bias. raster_line_point.c turns lines and points
 *   into such a fan (a parallelogram, a square).
 * - raster_scan.c: the traversal of a rectangle (a tile) in 2x2 quads,
 *   coverage at the sample locations, helper masks, barycentrics, depth.
 *
 * The rules it guarantees are R1-R9 of raster_state.h.
 */

#ifndef EMBER_RASTER_H
#define EMBER_RASTER_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>

#include "raster_state.h"

/* Clip distances a primitive may have (Vulkan's maxClipDistances). */
#define EMBER_MAX_CLIP_DISTANCES	8

/*
 * 3 vertices plus at most one more per clip plane (4 guard band, w, z x2,
 * the clip distances).
 */
#define EMBER_CLIP_MAX_VERTS	(10 + EMBER_MAX_CLIP_DISTANCES)
#define EMBER_CLIP_MAX_TRIS	(EMBER_CLIP_MAX_VERTS - 2)

/*
 * A primitive's clip distances (R2): @count per vertex, vertex k's in
 * d[k], in the order of the primitive's vertices (a line uses d[0..1], a
 * point d[0]). A point of the primitive is inside clip distance c when c,
 * interpolated linearly in clip space like the position, is >= 0; a NaN
 * distance is outside.
 */
struct ember_clip_distances {
	unsigned int count;
	float d[3][EMBER_MAX_CLIP_DISTANCES];
};

/* A vertex of the clipped polygon, in framebuffer space. */
struct ember_clip_vertex {
	double x, y, z;		/* x_f, y_f (pixels), z_f */
	double inv_w;		/* 1 / w_c */
	double weight[3];	/* clip-space weights of the primitive's vertices */
};

/* One oriented (area > 0), snapped triangle of a primitive. */
struct ember_tri {
	int64_t x[3], y[3];	/* 1/256 pixel */
	int64_t area2;		/* twice the area, 1/256^2 pixel^2, > 0 */
	double inv_area2;	/* 1 / area2 */
	double dz_dx, dz_dy;	/* depth's gradient per 1/256 pixel */
	/* Edge i runs from vertex i to vertex i + 1 (mod 3). */
	int64_t dx[3], dy[3];
	int64_t bias[3];	/* 0 on a top or left edge, -1 elsewhere */
	int32_t min_px, min_py, max_px, max_py;	/* inclusive pixel bounds */
	float z[3];
	float inv_w[3];
	float weight[3][3];	/* weight[k][j]: vertex k's weight of vertex j */
};

enum ember_prim_kind { EMBER_PRIM_TRIANGLE, EMBER_PRIM_LINE, EMBER_PRIM_POINT };

struct ember_primitive {
	uint8_t kind;			/* enum ember_prim_kind */
	unsigned int tri_count;
	struct ember_tri tri[EMBER_CLIP_MAX_TRIS];
	bool front_facing;
	uint8_t provoking_vertex;	/* 0 or 2: index into the barycentrics */
	float depth_offset;		/* the depth bias o of R8 */
	uint32_t primitive_id;
	float point_origin[2];		/* a point's square: top-left corner */
	float point_size;
};

/* The 2x2 pixels of a quad, in this order: (x,y) (x+1,y) (x,y+1) (x+1,y+1). */
struct ember_quad {
	int32_t x, y;				/* even */
	uint32_t coverage[4];			/* bit s: sample s is covered */
	uint8_t helper_mask;			/* bit p: pixel p is a helper */
	bool front_facing;
	uint8_t provoking_vertex;
	uint32_t primitive_id;
	/* At pixel centres, relative to the primitive's three vertices. */
	float bary[4][3];			/* perspective-correct */
	float bary_linear[4][3];		/* noperspective */
	float inv_w[4];				/* FragCoord.w */
	float depth_center[4];			/* FragCoord.z (with bias) */
	float depth[4][EMBER_MAX_SAMPLES];	/* z_f + bias at each sample */
	float point_coord[4][2];		/* PointCoord (points only) */
};

/*
 * double -> float, saturating at +-FLT_MAX: a conversion out of float's
 * range is undefined in C, and extrapolated helpers or unclipped depths
 * can get there. NaN stays NaN.
 */
static inline float ember_saturate_float(double v)
{
	if (v > FLT_MAX)
		return FLT_MAX;
	if (v < -FLT_MAX)
		return -FLT_MAX;
	return (float)v;
}

typedef void (*ember_quad_fn)(void *ctx, const struct ember_quad *quad);

/*
 * Clips the triangle @pos (clip space x, y, z, w) and maps it to
 * framebuffer space; returns the polygon's vertex count (0: nothing left).
 * @rs: its depth clipping and depth range (R1, R2, R9); @cd: its clip
 * distances, NULL for none.
 */
unsigned int ember_raster_clip(const struct ember_viewport *vp,
			       const struct ember_rasterizer_state *rs, const float pos[3][4],
			       const struct ember_clip_distances *cd,
			       struct ember_clip_vertex out[EMBER_CLIP_MAX_VERTS]);

/*
 * A line segment (R11): clipped like a polygon's edge; false when nothing
 * is left. A point: kept whole when its vertex is inside every plane,
 * dropped otherwise (its square may still cross the framebuffer's edge).
 */
bool ember_raster_clip_segment(const struct ember_viewport *vp,
			       const struct ember_rasterizer_state *rs,
			       const float pos[2][4], const struct ember_clip_distances *cd,
			       struct ember_clip_vertex out[2]);
bool ember_raster_clip_point(const struct ember_viewport *vp,
			     const struct ember_rasterizer_state *rs,
			     const float pos[4], const struct ember_clip_distances *cd,
			     struct ember_clip_vertex *out);

/*
 * Sets up the triangle @pos; returns false when it produces no fragments
 * (clipped away, culled, zero area, not finite). @depth_format is the
 * depth attachment's (for the depth bias's r), EMBER_RT_NONE for none.
 */
bool ember_raster_setup(const struct ember_backend_state *state,
			unsigned int depth_format, const float pos[3][4],
			const struct ember_clip_distances *cd,
			uint32_t primitive_id, struct ember_primitive *prim);

/*
 * Lines (R11) and points (R12): @pos clip space; @size the PointSize; @cd
 * the clip distances or NULL. Returns false when the primitive produces
 * no fragments.
 */
bool ember_raster_setup_line(const struct ember_backend_state *state,
			     const float pos[2][4], const struct ember_clip_distances *cd,
			     uint32_t primitive_id, struct ember_primitive *prim);
bool ember_raster_setup_point(const struct ember_backend_state *state,
			      const float pos[4], float size,
			      const struct ember_clip_distances *cd,
			      uint32_t primitive_id, struct ember_primitive *prim);

/* Shared by the setups: R1's snapping, and a snapped polygon's fan. */
int64_t ember_raster_snap(double v);
/* Fills prim->tri; returns the polygon's twice-area (0: nothing to draw). */
int64_t ember_raster_fan(const struct ember_clip_vertex *v, const int64_t *sx,
			 const int64_t *sy, unsigned int n,
			 struct ember_primitive *prim);

/* Emits @prim's quads inside @rect in the order of R6. */
void ember_raster_scan(const struct ember_primitive *prim,
		       const struct ember_rect *rect, unsigned int samples,
		       ember_quad_fn emit, void *ctx);

/* Sample @s's location in a pixel, in 1/256 pixel (R4). */
void ember_sample_location(unsigned int samples, unsigned int s,
			   unsigned int *x, unsigned int *y);

/* Interpolates a per-vertex value at pixel @p of @quad. */
enum ember_interp { EMBER_INTERP_SMOOTH, EMBER_INTERP_NOPERSPECTIVE,
		    EMBER_INTERP_FLAT };
float ember_quad_interpolate(const struct ember_quad *quad, unsigned int p,
			     enum ember_interp mode, const float value[3]);

#endif /* EMBER_RASTER_H */
