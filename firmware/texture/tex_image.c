/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Image and sampler checks, and where a texel is in memory (the layouts
 * of tex_image.h's DOC).
 */

#include <math.h>
#include <stddef.h>

#include "ember_image_layout.h"
#include "tex_image.h"
#include "tex_texel.h"

#define MAX_LOD_BIAS	16.0f

static bool is_array(unsigned int type)
{
	return type == EMBER_TEX_1D_ARRAY || type == EMBER_TEX_2D_ARRAY ||
	       type == EMBER_TEX_CUBE_ARRAY;
}

static bool is_cube(unsigned int type)
{
	return type == EMBER_TEX_CUBE || type == EMBER_TEX_CUBE_ARRAY;
}

static unsigned int log2_floor(uint32_t v)
{
	return 31u - (unsigned int)__builtin_clz(v);
}

/* The contract's tile shape, from the layout code the driver shares. */
void ember_tex_tile_shape(unsigned int bytes, unsigned int *tw_log2,
			  unsigned int *th_log2)
{
	ember_image_tile_shape(bytes, tw_log2, th_log2);
}

static const char *check_extent(const struct ember_tex_image *img)
{
	unsigned int t = img->view_type;

	if (!img->width || !img->height || !img->depth ||
	    img->width > EMBER_TEX_MAX_EXTENT || img->height > EMBER_TEX_MAX_EXTENT ||
	    img->depth > EMBER_TEX_MAX_EXTENT)
		return "extent out of range";
	if ((t == EMBER_TEX_1D || t == EMBER_TEX_1D_ARRAY) && img->height != 1)
		return "1D image with a height";
	if (t != EMBER_TEX_3D && img->depth != 1)
		return "depth on a non-3D image";
	if (is_cube(t) && img->width != img->height)
		return "cube faces not square";
	if (!img->layers || img->layers > EMBER_TEX_MAX_LAYERS)
		return "layer count out of range";
	if (t == EMBER_TEX_CUBE ? img->layers != 6 :
	    t == EMBER_TEX_CUBE_ARRAY ? img->layers % 6 != 0 :
	    !is_array(t) && img->layers != 1)
		return "layer count does not fit the view type";
	if (img->samples != 1 && img->samples != 2 && img->samples != 4 &&
	    img->samples != 8)
		return "bad sample count";
	if (img->samples > 1 && (img->levels != 1 ||
	    (t != EMBER_TEX_2D && t != EMBER_TEX_2D_ARRAY)))
		return "multisampled image that is not a single-level 2D one";
	return NULL;
}

/* @bytes per element of 2^@block_log2 x 2^@block_log2 texels. */
static const char *check_levels(const struct ember_tex_image *img,
				unsigned int bytes, unsigned int block_log2)
{
	uint32_t largest = img->width > img->height ? img->width : img->height;
	unsigned int tw = 0, th = 0;

	largest = largest > img->depth ? largest : img->depth;
	if (!img->levels || img->levels > log2_floor(largest) + 1)
		return "level count out of range";
	/* A tile holds elements: a texel with its samples (ember-hw.rst). */
	if (img->layout == EMBER_TEX_LAYOUT_TILED_4K)
		ember_tex_tile_shape(bytes * img->samples, &tw, &th);
	for (uint32_t l = 0; l < img->levels; l++) {
		const struct ember_tex_level_layout *lv = &img->level[l];
		uint64_t w = (ember_tex_minify(img->width, l) + (1u << block_log2) - 1) >> block_log2;
		uint64_t h = (ember_tex_minify(img->height, l) + (1u << block_log2) - 1) >> block_log2;
		uint64_t slices = img->view_type == EMBER_TEX_3D ?
			ember_tex_minify(img->depth, l) : img->layers;
		uint64_t row, rows;

		if (img->layout == EMBER_TEX_LAYOUT_TILED_4K) {
			row = ((w + (1u << tw) - 1) >> tw) * EMBER_TEX_TILE_BYTES;
			rows = (h + (1u << th) - 1) >> th;
			if (lv->row_pitch % EMBER_TEX_TILE_BYTES)
				return "tiled row pitch not a multiple of the tile";
		} else {
			row = w * bytes * img->samples;
			rows = h;
		}
		if (lv->row_pitch < row)
			return "row pitch smaller than a row";
		if (slices > 1 && lv->slice_pitch < lv->row_pitch * rows)
			return "slice pitch smaller than a slice";
	}
	return NULL;
}

const char *ember_tex_image_check(const struct ember_tex_image *img)
{
	struct ember_tex_format view;
	const char *why;

	if (!ember_tex_format_view(img->format, img->aspect, &view))
		return "unknown format or aspect";
	if (img->view_type > EMBER_TEX_CUBE_ARRAY)
		return "bad view type";
	for (unsigned int c = 0; c < 4; c++) {
		if (img->swizzle[c] > EMBER_TEX_SWIZZLE_A)
			return "bad swizzle";
	}
	if (img->layout > EMBER_TEX_LAYOUT_TILED_4K)
		return "bad layout";
	if (img->layout == EMBER_TEX_LAYOUT_TILED_4K && view.bytes & (view.bytes - 1))
		return "tiled layout for a texel size it has no tiles for";
	/* Blocks of 4x4 texels: 2D, cube and 3D images, one sample. */
	if (view.block_log2 && (img->samples != 1 || img->view_type == EMBER_TEX_1D ||
				img->view_type == EMBER_TEX_1D_ARRAY))
		return "BC image that is 1D or multisampled";
	why = check_extent(img);
	return why ? why : check_levels(img, view.bytes, view.block_log2);
}

static bool is_border(uint32_t b)
{
	return b <= EMBER_TEX_BORDER_INT_OPAQUE_WHITE ||
	       b == EMBER_TEX_BORDER_FLOAT_CUSTOM || b == EMBER_TEX_BORDER_INT_CUSTOM;
}

const char *ember_tex_sampler_check(const struct ember_tex_sampler *smp)
{
	if (smp->mag_filter > 1 || smp->min_filter > 1 || smp->mipmap_mode > 1)
		return "bad filter";
	for (unsigned int c = 0; c < 3; c++) {
		if (smp->address[c] > EMBER_TEX_MIRROR_CLAMP_TO_EDGE)
			return "bad address mode";
	}
	if (smp->compare_op > EMBER_TEX_COMPARE_ALWAYS)
		return "bad compare op";
	if (!is_border(smp->border))
		return "bad border colour";
	if (isnan(smp->lod_bias) || isnan(smp->min_lod) || isnan(smp->max_lod) ||
	    smp->min_lod > smp->max_lod)
		return "bad LOD range";
	if (smp->max_aniso > EMBER_TEX_MAX_ANISOTROPY)
		return "bad max anisotropy";
	return NULL;
}

float ember_tex_clamp_bias(float b)
{
	return b < -MAX_LOD_BIAS ? -MAX_LOD_BIAS : b > MAX_LOD_BIAS ? MAX_LOD_BIAS : b;
}

float ember_tex_sampler_bias(const struct ember_tex_sampler *smp)
{
	return ember_tex_clamp_bias(smp->lod_bias);
}

uint64_t ember_tex_texel_va(const struct ember_tex_image *img, unsigned int bytes,
			    uint32_t level, uint32_t x, uint32_t y, uint32_t z,
			    uint32_t sample)
{
	const struct ember_tex_level_layout *lv = &img->level[level];
	uint64_t va = img->base + lv->offset + z * lv->slice_pitch;
	unsigned int tw, th;

	if (img->layout != EMBER_TEX_LAYOUT_TILED_4K)
		return va + (uint64_t)y * lv->row_pitch +
		       ((uint64_t)x * img->samples + sample) * bytes;
	ember_tex_tile_shape(bytes * img->samples, &tw, &th);
	return va + (uint64_t)(y >> th) * lv->row_pitch +
	       (uint64_t)(x >> tw) * EMBER_TEX_TILE_BYTES +
	       (uint64_t)((y & ((1u << th) - 1)) << tw | (x & ((1u << tw) - 1))) *
	       bytes * img->samples + (uint64_t)sample * bytes;
}

uint32_t ember_tex_texel_run(const struct ember_tex_image *img, unsigned int bytes,
			     uint32_t x)
{
	unsigned int tw, th;

	if (img->layout != EMBER_TEX_LAYOUT_TILED_4K)
		return UINT32_MAX;
	ember_tex_tile_shape(bytes * img->samples, &tw, &th);
	return (1u << tw) - (x & ((1u << tw) - 1));
}
