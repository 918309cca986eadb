/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A straightforward CPU reference for the back end's tests, written from
 * the specification's rules, not from the back end's code: coverage by
 * symbolic perturbation in 128-bit integers, compare ops and logic ops
 * from the bit patterns of their Vulkan values, blending in double.
 */

#ifndef EMBER_RASTER_REF_H
#define EMBER_RASTER_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "raster_state.h"

/* Vulkan's standard sample locations, as the specification's table gives them. */
extern const double ref_locations_1[1][2];
extern const double ref_locations_4[4][2];

struct ref_tri {
	int64_t x[3], y[3];	/* snapped, 1/256 pixel */
	double z[3];
	double inv_w[3];
};

/* Viewport transform + snap of three clip-space vertices (all w > 0). */
void ref_project(const struct ember_viewport *vp, const float pos[3][4],
		 struct ref_tri *t);
/*
 * The same, z_c/w_c in [-1, 1] when @negative_one_to_one (Vulkan's
 * VkPipelineViewportDepthClipControlCreateInfoEXT: oz = (minDepth +
 * maxDepth)/2, pz = (maxDepth - minDepth)/2).
 */
void ref_project_depth(const struct ember_viewport *vp, bool negative_one_to_one,
		       const float pos[3][4], struct ref_tri *t);
/* Twice the signed area (shoelace), 1/256^2 pixel^2. */
int64_t ref_area2(const struct ref_tri *t);
/* Is the sample at (x, y) (1/256 pixel) covered, by R3's perturbation? */
bool ref_covered(const struct ref_tri *t, int64_t x, int64_t y);
/* The same for a convex polygon of @n vertices. */
bool ref_covered_polygon(const int64_t *px, const int64_t *py, unsigned int n,
			 int64_t x, int64_t y);
/* Coverage of pixel (px, py) (bit s = sample s). */
uint32_t ref_pixel_coverage(const struct ref_tri *t, int px, int py,
			    unsigned int samples);
/* Is the triangle drawn at all under @rs (facing, culling, zero area)? */
bool ref_passes_cull(const struct ref_tri *t, const struct ember_rasterizer_state *rs,
		     bool *front);
/* Linear barycentrics at (x, y) in pixels. */
void ref_linear_bary(const struct ref_tri *t, double x, double y, double l[3]);
/* Vulkan's depth bias o for the triangle. */
double ref_depth_bias(const struct ref_tri *t, const struct ember_rasterizer_state *rs,
		      unsigned int depth_format);

bool ref_compare(unsigned int op, double a, double b);
unsigned int ref_stencil_op(unsigned int op, unsigned int s, unsigned int ref);
uint32_t ref_logic_op(unsigned int op, uint32_t s, uint32_t d, unsigned int bits);
void ref_blend(const struct ember_blend_attachment *att, const double k[4],
	       const double src[4], const double src1[4], const double dst[4],
	       double out[4]);

/* xorshift64*: the tests' deterministic random numbers. */
uint64_t ref_rand(uint64_t *state);
double ref_rand_double(uint64_t *state, double lo, double hi);
uint32_t ref_rand_below(uint64_t *state, uint32_t n);

#endif /* EMBER_RASTER_REF_H */
