/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The texture unit
 *
 * The image operations of the shader core, over the 32 lanes of a wave in
 * the core's structure-of-arrays form: per-lane inputs are arrays of
 * EMBER_TEX_LANES values, results are four rows of EMBER_TEX_LANES 32-bit
 * values (float bits, uint32 or int32 by the format's class), and only
 * the lanes of @mask are computed and written. They follow the Vulkan
 * specification's "Image Operations" chapter:
 *
 * - ember_tex_sample(): filtered sampling with an explicit LOD or
 *   explicit gradients (OpImageSampleExplicitLod, and its Dref form for
 *   depth comparison: each texel is compared, then filtered), sampler LOD
 *   bias and clamp, nearest/linear min/mag filters and mipmap modes, every
 *   address mode and border colour, unnormalized coordinates, 1D/2D/3D,
 *   cube maps with seamless edges, arrays, constant offsets.
 * - ember_tex_gather(): the 2x2 footprint's component (or comparison) at
 *   the base level, with one offset or four.
 * - ember_tex_fetch(): OpImageFetch; ember_tex_load()/ember_tex_store():
 *   OpImageRead/OpImageWrite on storage images; ember_tex_texel_addresses():
 *   where the texels of image atomics are. Out-of-bounds reads give
 *   zero (alpha 1 when the format has none), out-of-bounds writes are
 *   dropped (robustImageAccess2).
 * - queries: size at a level, level count, sample count.
 *
 * Integer formats are never interpolated: a linear filter or mipmap mode
 * acts as nearest on them (the specification leaves it undefined; the
 * format properties will not advertise it). Coordinates and LODs may be
 * anything, NaN included: results are then unspecified but defined.
 *
 * Every operation returns its status: EMBER_TEX_OK, a refused image or
 * sampler (nothing was read), or the first memory fault (lanes after it
 * read zero). Faulting never touches the result rows of inactive lanes.
 */

#ifndef EMBER_FW_TEX_UNIT_H
#define EMBER_FW_TEX_UNIT_H

#include "tex_image.h"

typedef uint32_t ember_tex_result[4][EMBER_TEX_LANES];

/*
 * Sampling inputs. @coord by view type: 1D: s; 1D_ARRAY: s, layer; 2D: s,
 * t; 2D_ARRAY: s, t, layer; 3D: s, t, r; CUBE: x, y, z; CUBE_ARRAY: x, y,
 * z, layer. With @lod NULL the LOD comes from the gradients @ddx/@ddy of
 * the coordinates (NULL rows count as zero); @dref is the depth reference
 * of a comparison sampler.
 */
struct ember_tex_sample_args {
	uint32_t mask;
	const float *coord[4];
	const float *lod;
	const float *ddx[3];
	const float *ddy[3];
	/*
	 * @bias: with gradients, the shader's per-lane LOD bias (an implicit
	 * LOD's Bias operand), added to the sampler's before the clamp to
	 * +-16; NULL: none.
	 */
	const float *bias;
	const float *dref;
	/* ConstOffset, in texels, per u, v, w. */
	int32_t offset[3];
};

struct ember_tex_status ember_tex_sample(const struct ember_tex_image *img,
					 const struct ember_tex_sampler *smp,
					 const struct ember_tex_memory *mem,
					 const struct ember_tex_sample_args *args,
					 ember_tex_result out);

/*
 * Gather (2D, 2D_ARRAY, CUBE, CUBE_ARRAY): result x, y, z, w are the
 * texels (i0, j1), (i1, j1), (i1, j0), (i0, j0) of the bilinear footprint
 * at the base level, component @component of each (after the swizzle), or
 * with a comparison sampler each texel's comparison with @args->dref.
 * @offsets, if not NULL, gives each of the four its own offset
 * (ConstOffsets), replacing args->offset: texel k is then texel (i0, j0)
 * of the footprint moved by offset k (GLSL's textureGatherOffsets).
 */
struct ember_tex_status ember_tex_gather(const struct ember_tex_image *img,
					 const struct ember_tex_sampler *smp,
					 const struct ember_tex_memory *mem,
					 const struct ember_tex_sample_args *args,
					 unsigned int component,
					 const int32_t (*offsets)[2],
					 ember_tex_result out);

/*
 * Integer texel coordinates: @coord as for sampling (x, y, z or layer);
 * @level (OpImageFetch's Lod) and @sample may be NULL (0).
 */
struct ember_tex_fetch_args {
	uint32_t mask;
	const int32_t *coord[3];
	const int32_t *level;
	const int32_t *sample;
	int32_t offset[3];
};

struct ember_tex_status ember_tex_fetch(const struct ember_tex_image *img,
					const struct ember_tex_memory *mem,
					const struct ember_tex_fetch_args *args,
					ember_tex_result out);
/* OpImageRead: a fetch at level 0 (the storage view's only level). */
struct ember_tex_status ember_tex_load(const struct ember_tex_image *img,
				       const struct ember_tex_memory *mem,
				       const struct ember_tex_fetch_args *args,
				       ember_tex_result out);
/* OpImageWrite of @texels (by the format's class) at level 0. */
struct ember_tex_status ember_tex_store(const struct ember_tex_image *img,
					const struct ember_tex_memory *mem,
					const struct ember_tex_fetch_args *args,
					const ember_tex_result texels);

/*
 * The GPU VA of each @args->mask lane's texel at level 0 (a storage view's
 * only level), for the atomics the shader core performs itself: the lanes
 * whose coordinates lie inside the view in *@inside, their addresses in
 * @va (only those lanes are written). A refused image has no lane inside.
 */
struct ember_tex_status ember_tex_texel_addresses(const struct ember_tex_image *img,
						  const struct ember_tex_fetch_args *args,
						  uint64_t va[EMBER_TEX_LANES],
						  uint32_t *inside);

/*
 * OpImageQuerySizeLod / OpImageQuerySize: width, then height, depth or
 * layer count as the view type has them (cube arrays: cubes), the rest 0;
 * a level out of range gives all 0. @lod NULL: level 0.
 */
struct ember_tex_status ember_tex_query_size(const struct ember_tex_image *img,
					     uint32_t mask, const int32_t *lod,
					     ember_tex_result out);
/*
 * OpImageQueryLod from the gradients of @args (coordinates, ddx, ddy,
 * bias): out[0] the level that would be accessed, λ' clamped to the view's
 * levels (0 when magnifying), out[1] λ' itself (relative to the view's
 * base level, biased and clamped to the sampler's min/max LOD), as floats.
 */
struct ember_tex_status ember_tex_query_lod(const struct ember_tex_image *img,
					    const struct ember_tex_sampler *smp,
					    const struct ember_tex_sample_args *args,
					    ember_tex_result out);

/* OpImageQueryLevels / OpImageQuerySamples; 0 for a refused image. */
uint32_t ember_tex_query_levels(const struct ember_tex_image *img);
uint32_t ember_tex_query_samples(const struct ember_tex_image *img);

#endif /* EMBER_FW_TEX_UNIT_H */
