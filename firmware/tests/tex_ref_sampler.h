/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A reference sampler for the texture unit's tests
 *
 * One lane, in double precision, straight from the Vulkan specification's
 * "Image Operations" chapter, over a linear image held in host memory and
 * decoded by the reference codec (tex_ref.h). It shares no code with
 * firmware/texture. Where the specification leaves a choice open the
 * reference makes Ember's documented one: cube-face ties go to Z, then Y,
 * then X; a cube corner texel is the mean of the three texels meeting
 * there. (Nearest sampling on a cube clamping to the face is the
 * specification's own rule: cubes ignore the address modes.) The seamless
 * cube edge is found by brute force: the texel of another face whose
 * centre is nearest to the centre of the texel past the edge.
 *
 * Texel-space coordinates are formed in float as the unit forms them
 * (u = s * size, then the offset), so that the nearest texel is the same
 * choice; everything after that is double.
 */

#ifndef EMBER_FW_TEST_TEX_REF_SAMPLER_H
#define EMBER_FW_TEST_TEX_REF_SAMPLER_H

#include "tex_ref.h"
#include "texture/tex_image.h"

struct ref_image {
	/* Extents, levels, pitches: the descriptor under test, read as data. */
	const struct ember_tex_image *img;
	/* The image's memory: GPU VA @va is @mem[0]. */
	const uint8_t *mem;
	uint64_t va;
	struct ref_format rf;
	/* Where a texel of a tiled image is (NULL: the image is linear). */
	uint64_t (*tiled_va)(const struct ember_tex_image *img, unsigned int bytes,
			     uint32_t level, uint32_t x, uint32_t y, uint32_t z);
};

struct ref_sample_in {
	float coord[4];
	bool has_lod;
	float lod;
	float ddx[3], ddy[3];
	float dref;
	int32_t offset[3];
};

/* Texel (x, y, z or layer, sample) of @level as doubles (integers exact). */
void ref_texel(const struct ref_image *ri, uint32_t level, uint32_t x, uint32_t y,
	       uint32_t z, uint32_t sample, double out[4]);

void ref_sample(const struct ref_image *ri, const struct ember_tex_sampler *smp,
		const struct ref_sample_in *in, double out[4]);

/*
 * Gather's four texels; @offsets NULL: in->offset for all four, else texel
 * k is (i0, j0) of the footprint at @offsets[k].
 */
void ref_gather(const struct ref_image *ri, const struct ember_tex_sampler *smp,
		const struct ref_sample_in *in, unsigned int component,
		const int32_t (*offsets)[2], double out[4]);

/* The texel-level swizzle of the view (shared by fetch tests). */
void ref_swizzle(const struct ref_image *ri, double v[4]);

#endif /* EMBER_FW_TEST_TEX_REF_SAMPLER_H */
