/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Image descriptors to texture-unit images (tex_descriptor.h). */

#include "tex_descriptor.h"
#include "tex_texel.h"

/* VkFormat codes of the depth and stencil planes (ember-hw.rst "Formats"). */
#define VK_D16_UNORM		124
#define VK_X8_D24_UNORM		125
#define VK_D32_SFLOAT		126
#define VK_S8_UINT		127
#define VK_D16_UNORM_S8_UINT	128
#define VK_D24_UNORM_S8_UINT	129
#define VK_D32_SFLOAT_S8_UINT	130

/* Dword 3's bits that are no field. */
#define DW3_RESERVED		0xf000f008u
#define DW6_RESERVED		0xffe0e0e0u

/* The format of @aspect's plane of @format, or 0 if it has none. */
static uint32_t plane_format(uint32_t format, unsigned int aspect)
{
	const struct ember_tex_format *f = ember_tex_format_get(format);

	if (!f)
		return 0;
	if (!ember_tex_format_is_depth_stencil(f))
		return aspect == EMBER_TEX_ASPECT_COLOR ? format : 0;
	if (aspect == EMBER_TEX_ASPECT_STENCIL)
		return f->ch[1].bits || format == VK_S8_UINT ? VK_S8_UINT : 0;
	if (aspect != EMBER_TEX_ASPECT_DEPTH || format == VK_S8_UINT)
		return 0;
	switch (format) {
	case VK_D16_UNORM_S8_UINT: return VK_D16_UNORM;
	case VK_D24_UNORM_S8_UINT: return VK_X8_D24_UNORM;
	case VK_D32_SFLOAT_S8_UINT: return VK_D32_SFLOAT;
	default: return format;
	}
}

static bool has_stencil_plane(uint32_t format)
{
	return format == VK_D16_UNORM_S8_UINT || format == VK_D24_UNORM_S8_UINT ||
	       format == VK_D32_SFLOAT_S8_UINT;
}

static unsigned int log2_floor(uint32_t v)
{
	return 31u - (unsigned int)__builtin_clz(v);
}

static int check_kind(const struct ember_image_desc *d, const struct ember_tex_format *f,
		      const uint32_t *dw)
{
	bool ds = ember_tex_format_is_depth_stencil(f);
	bool layered_2d = d->view_type == EMBER_TEX_2D || d->view_type == EMBER_TEX_2D_ARRAY;

	if (d->view_type > EMBER_TEX_CUBE_ARRAY || d->layout > EMBER_TEX_LAYOUT_TILED_4K ||
	    d->samples_log2 > 3 || (dw[3] & DW3_RESERVED) ||
	    d->swizzle_r > EMBER_TEX_SWIZZLE_A || d->swizzle_g > EMBER_TEX_SWIZZLE_A ||
	    d->swizzle_b > EMBER_TEX_SWIZZLE_A || d->swizzle_a > EMBER_TEX_SWIZZLE_A)
		return 3;
	if (d->samples_log2 && (!layered_2d || d->layout != EMBER_TEX_LAYOUT_TILED_4K))
		return 3;
	if (d->layout == EMBER_TEX_LAYOUT_LINEAR ? ds : f->bytes & (f->bytes - 1))
		return 3;
	if (d->stencil && !plane_format(d->format, EMBER_TEX_ASPECT_STENCIL))
		return 3;
	return EMBER_TEX_DESC_OK;
}

static int check_extent(const struct ember_image_desc *d)
{
	bool is_3d = d->view_type == EMBER_TEX_3D;
	bool is_1d = d->view_type == EMBER_TEX_1D || d->view_type == EMBER_TEX_1D_ARRAY;
	uint32_t largest = d->width > d->height ? d->width : d->height;

	if (!d->width || !d->height || d->width > EMBER_TEX_MAX_EXTENT ||
	    d->height > EMBER_TEX_MAX_EXTENT || (is_1d && d->height != 1))
		return 4;
	if (!d->depth || d->depth > EMBER_TEX_MAX_EXTENT || (!is_3d && d->depth != 1) ||
	    !d->image_layers || d->image_layers > EMBER_TEX_MAX_LAYERS ||
	    (is_3d && d->image_layers != 1))
		return 5;
	largest = largest > d->depth ? largest : d->depth;
	if (!d->image_levels || d->image_levels > log2_floor(largest) + 1 ||
	    (d->layout == EMBER_TEX_LAYOUT_LINEAR && d->image_levels != 1) ||
	    (d->samples_log2 && d->image_levels != 1) || !d->levels ||
	    d->base_level + d->levels > d->image_levels)
		return 6;
	if (!d->layers || d->base_layer + d->layers > d->image_layers)
		return 7;
	return EMBER_TEX_DESC_OK;
}

static int check_memory(const struct ember_image_desc *d, const struct ember_tex_format *f)
{
	uint64_t slices = d->view_type == EMBER_TEX_3D ? d->depth : d->image_layers;

	if (d->layout == EMBER_TEX_LAYOUT_TILED_4K) {
		if (d->va % EMBER_TEX_TILE_BYTES)
			return 0;
		if (d->row_pitch)
			return 8;
		if (d->layer_pitch_256b)
			return 9;
	} else {
		if (d->va % f->bytes)
			return 0;
		if (d->row_pitch % f->bytes || d->row_pitch < (uint64_t)d->width * f->bytes)
			return 8;
		if (slices > 1 && (uint64_t)d->layer_pitch_256b * 256 <
		    (uint64_t)d->row_pitch * d->height)
			return 9;
	}
	if (has_stencil_plane(d->format) ? !d->stencil_va ||
	    d->stencil_va % EMBER_TEX_TILE_BYTES : d->stencil_va != 0)
		return 10;
	return EMBER_TEX_DESC_OK;
}

int ember_tex_desc_check(const struct ember_image_desc *d)
{
	const struct ember_tex_format *f = ember_tex_format_get(d->format);
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	int bad;

	if (!f)
		return 2;
	ember_image_desc_pack(dw, d);
	bad = check_kind(d, f, dw);
	if (bad == EMBER_TEX_DESC_OK)
		bad = check_extent(d);
	if (bad == EMBER_TEX_DESC_OK)
		bad = check_memory(d, f);
	for (unsigned int i = 0; bad == EMBER_TEX_DESC_OK && i < 4; i++) {
		if (d->reserved[i])
			bad = 12 + (int)i;
	}
	if (bad == EMBER_TEX_DESC_OK && (dw[6] & DW6_RESERVED))
		bad = 6;
	return bad;
}

/* TILED_4K: level offsets, rows of tiles, slices; the layer's size. */
static uint64_t tiled_levels(struct ember_tex_image *img, unsigned int element)
{
	unsigned int tw, th;
	uint64_t offset = 0;

	ember_tex_tile_shape(element, &tw, &th);
	for (uint32_t l = 0; l < img->levels; l++) {
		uint64_t tx = (ember_tex_minify(img->width, l) + (1u << tw) - 1) >> tw;
		uint64_t ty = (ember_tex_minify(img->height, l) + (1u << th) - 1) >> th;
		uint64_t slices = img->view_type == EMBER_TEX_3D ?
			ember_tex_minify(img->depth, l) : 1;

		img->level[l].offset = offset;
		img->level[l].row_pitch = (uint32_t)(tx * EMBER_TEX_TILE_BYTES);
		img->level[l].slice_pitch = tx * ty * EMBER_TEX_TILE_BYTES;
		offset += tx * ty * slices * EMBER_TEX_TILE_BYTES;
	}
	return offset;
}

bool ember_tex_desc_plane(const struct ember_image_desc *d, unsigned int aspect,
			  struct ember_tex_image *img)
{
	uint32_t format = plane_format(d->format, aspect);
	bool stencil_plane = aspect == EMBER_TEX_ASPECT_STENCIL && d->format != VK_S8_UINT;
	uint64_t layer_size;

	if (!format)
		return false;
	*img = (struct ember_tex_image) {
		.base = stencil_plane ? d->stencil_va : d->va,
		.format = format, .aspect = (uint8_t)aspect,
		.view_type = d->view_type == EMBER_TEX_3D ? EMBER_TEX_3D : EMBER_TEX_2D_ARRAY,
		.layout = d->layout,
		.width = d->width, .height = d->height, .depth = d->depth,
		.levels = d->image_levels, .layers = d->image_layers,
		.samples = 1u << d->samples_log2,
	};
	if (d->layout == EMBER_TEX_LAYOUT_LINEAR) {
		img->level[0].row_pitch = d->row_pitch;
		img->level[0].slice_pitch = (uint64_t)d->layer_pitch_256b * 256;
		return true;
	}
	layer_size = tiled_levels(img, ember_tex_format_get(format)->bytes * img->samples);
	if (img->view_type != EMBER_TEX_3D) {
		for (uint32_t l = 0; l < img->levels; l++)
			img->level[l].slice_pitch = layer_size;
	}
	return true;
}
