/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Contract descriptors to texture-unit images and samplers; see the header. */

#include "tex_descriptor.h"

#include <math.h>

#include "ember_shader_hw.h"
#include "tex_texel.h"

#define S	EMBER_TEX_USAGE_SAMPLED
#define W	EMBER_TEX_USAGE_STORAGE
#define T	EMBER_TEX_USAGE_TEXEL_BUFFER

/* ember-hw.rst's format table: VkFormat ranges and their usages. */
static const struct {
	uint32_t first, last;
	uint8_t usage;
} contract_formats[] = {
	{ 2, 8, S },			/* the 4- and 5-bit packed formats */
	{ 9, 10, S | W | T }, { 13, 17, S | W | T }, { 20, 22, S | W | T },
	{ 37, 38, S | W | T }, { 41, 44, S | W | T }, { 50, 52, S | W | T },
	{ 55, 58, S | W | T }, { 64, 64, S | W | T }, { 68, 68, S | W | T },
	{ 70, 71, S | W | T }, { 74, 78, S | W | T }, { 81, 83, S | W | T },
	{ 91, 92, S | W | T }, { 95, 103, S | W | T },
	{ 104, 106, T },		/* R32G32B32 */
	{ 107, 109, S | W | T }, { 122, 122, S | W | T }, { 123, 123, S | T },
	{ 124, 130, S },		/* depth and stencil */
	{ 1000340000, 1000340001, S }, { 1000470001, 1000470001, S },
};

#undef S
#undef W
#undef T

static unsigned int format_usage(uint32_t vk_format)
{
	for (unsigned int i = 0; i < sizeof(contract_formats) / sizeof(contract_formats[0]); i++)
		if (vk_format >= contract_formats[i].first && vk_format <= contract_formats[i].last)
			return ember_tex_format_get(vk_format) ? contract_formats[i].usage : 0;
	return 0;
}

/* The first refused dword so far: the lowest index wins. */
static void refuse(int *bad, int dword)
{
	if (*bad < 0 || dword < *bad)
		*bad = dword;
}

static unsigned int log2_floor(uint32_t v)
{
	return 31u - (unsigned int)__builtin_clz(v);
}

/*
 * The format of the plane a view reads: depth/stencil images keep depth
 * and stencil in separate planes (ember-hw.rst), each read as the
 * single-aspect format of that plane.
 */
static uint32_t plane_format(uint32_t vk_format, bool stencil, uint8_t *aspect)
{
	const struct ember_tex_format *f = ember_tex_format_get(vk_format);

	*aspect = EMBER_TEX_ASPECT_COLOR;
	if (!ember_tex_format_is_depth_stencil(f))
		return vk_format;
	/* S8_UINT has its only plane at va. */
	*aspect = stencil || !f->ch[0].bits ? EMBER_TEX_ASPECT_STENCIL : EMBER_TEX_ASPECT_DEPTH;
	if (*aspect == EMBER_TEX_ASPECT_STENCIL)
		return 127;				/* S8_UINT */
	switch (vk_format) {
	case 128: return 124;				/* D16_UNORM_S8: D16_UNORM */
	case 129: return 125;				/* D24_UNORM_S8: X8_D24 */
	case 130: return 126;				/* D32_SFLOAT_S8: D32_SFLOAT */
	default: return vk_format;
	}
}

static bool is_array(unsigned int t)
{
	return t == EMBER_TEX_1D_ARRAY || t == EMBER_TEX_2D_ARRAY || t == EMBER_TEX_CUBE_ARRAY;
}

static bool is_cube(unsigned int t)
{
	return t == EMBER_TEX_CUBE || t == EMBER_TEX_CUBE_ARRAY;
}

/* Dword by dword, the contract's rules for an image descriptor. */
static int check_image(const uint32_t *dw, const struct ember_image_desc *d,
		       enum ember_tex_usage usage, unsigned int bytes)
{
	unsigned int t = d->view_type;
	uint32_t largest = d->width > d->height ? d->width : d->height;
	const struct ember_tex_format *f = ember_tex_format_get(d->format);
	bool depth_stencil = f && ember_tex_format_is_depth_stencil(f);
	int bad = -1;

	if (!(format_usage(d->format) & usage))
		return 2;
	/*
	 * Unknown view types, layouts and swizzles; multisampling beyond 8
	 * samples (not yet), or of a view that is not a one-level tiled 2D one.
	 */
	if (t > EMBER_TEX_CUBE_ARRAY || d->layout > EMBER_IMAGE_LAYOUT_TILED_4K ||
	    d->samples_log2 > 3 ||
	    (d->samples_log2 && (d->layout != EMBER_IMAGE_LAYOUT_TILED_4K ||
				 d->image_levels != 1 ||
				 (t != EMBER_TEX_2D && t != EMBER_TEX_2D_ARRAY))) ||
	    d->swizzle_r > EMBER_TEX_SWIZZLE_A ||
	    d->swizzle_g > EMBER_TEX_SWIZZLE_A || d->swizzle_b > EMBER_TEX_SWIZZLE_A ||
	    d->swizzle_a > EMBER_TEX_SWIZZLE_A || (dw[3] & 0xf000f008u) ||
	    (d->stencil && (!depth_stencil || !f->ch[1].bits)) ||
	    (depth_stencil && d->layout != EMBER_IMAGE_LAYOUT_TILED_4K))
		refuse(&bad, 3);
	if (d->layout == EMBER_IMAGE_LAYOUT_TILED_4K ? d->va % EMBER_IMAGE_TILE_SIZE :
	    d->va % bytes)
		refuse(&bad, 0);
	if (!d->width || !d->height || d->width > EMBER_TEX_MAX_EXTENT ||
	    d->height > EMBER_TEX_MAX_EXTENT ||
	    ((t == EMBER_TEX_1D || t == EMBER_TEX_1D_ARRAY) && d->height != 1) ||
	    (is_cube(t) && d->width != d->height))
		refuse(&bad, 4);
	largest = largest > d->depth ? largest : d->depth;
	if (!d->depth || d->depth > EMBER_TEX_MAX_EXTENT || (t != EMBER_TEX_3D && d->depth != 1) ||
	    !d->image_layers || d->image_layers > EMBER_TEX_MAX_LAYERS ||
	    (t == EMBER_TEX_3D && d->image_layers != 1))
		refuse(&bad, 5);
	if (!d->image_levels || d->image_levels > EMBER_TEX_MAX_LEVELS ||
	    (d->depth && d->image_levels > log2_floor(largest ? largest : 1) + 1) ||
	    !d->levels || d->base_level + d->levels > d->image_levels ||
	    (d->layout == EMBER_IMAGE_LAYOUT_LINEAR && d->image_levels != 1) ||
	    (dw[6] & 0xffe0e0e0u))
		refuse(&bad, 6);
	if (!d->layers || (uint32_t)d->base_layer + d->layers > d->image_layers ||
	    (t == EMBER_TEX_CUBE ? d->layers != 6 : t == EMBER_TEX_CUBE_ARRAY ?
	     d->layers % 6 != 0 : !is_array(t) && d->layers != 1))
		refuse(&bad, 7);
	if (d->layout == EMBER_IMAGE_LAYOUT_TILED_4K) {
		if (d->row_pitch)
			refuse(&bad, 8);
		if (d->layer_pitch_256b)
			refuse(&bad, 9);
	} else if (bytes) {
		uint64_t slices = t == EMBER_TEX_3D ? d->depth : d->image_layers;

		if (d->row_pitch % bytes || (uint64_t)d->row_pitch < (uint64_t)d->width * bytes)
			refuse(&bad, 8);
		if (slices > 1 &&
		    (uint64_t)d->layer_pitch_256b * 256 < (uint64_t)d->row_pitch * d->height)
			refuse(&bad, 9);
	}
	if (d->stencil && (!d->stencil_va || d->stencil_va % EMBER_IMAGE_TILE_SIZE))
		refuse(&bad, 10);
	for (unsigned int i = 12; i < 16; i++)
		if (dw[i])
			refuse(&bad, (int)i);
	return bad;
}

/* TILED_4K: the levels of one layer, then the layers (ember-hw.rst). */
static uint64_t place_tiled(struct ember_tex_image *img, const struct ember_image_desc *d,
			    unsigned int bytes, struct ember_tex_level_layout *levels)
{
	unsigned int tw, th;
	uint64_t offset = 0;

	ember_tex_tile_shape(bytes, &tw, &th);
	for (unsigned int m = 0; m < d->image_levels; m++) {
		uint64_t tx = (ember_tex_minify(d->width, m) + (1u << tw) - 1) >> tw;
		uint64_t ty = (ember_tex_minify(d->height, m) + (1u << th) - 1) >> th;
		uint64_t slice = tx * ty * EMBER_TEX_TILE_BYTES;

		levels[m] = (struct ember_tex_level_layout) {
			.offset = offset, .row_pitch = (uint32_t)(tx * EMBER_TEX_TILE_BYTES),
			.slice_pitch = slice,
		};
		offset += slice * ember_tex_minify(d->depth, m);
	}
	/* Array layers are a whole chain of levels apart. */
	if (img->view_type != EMBER_TEX_3D)
		for (unsigned int m = 0; m < d->image_levels; m++)
			levels[m].slice_pitch = offset;
	return offset;
}

int ember_tex_image_from_desc(const uint32_t *dw, enum ember_tex_usage usage,
			      struct ember_tex_image *img)
{
	struct ember_tex_level_layout levels[EMBER_TEX_MAX_LEVELS];
	struct ember_image_desc d;
	struct ember_tex_format view;
	uint64_t layer_size;
	uint32_t format;
	uint8_t aspect;
	int bad;

	ember_image_desc_unpack(dw, &d);
	if (!(format_usage(d.format) & usage))
		return 2;
	format = plane_format(d.format, d.stencil, &aspect);
	if (!ember_tex_format_view(format, aspect, &view))
		return d.stencil ? 3 : 2;
	bad = check_image(dw, &d, usage, view.bytes);
	if (bad >= 0)
		return bad;

	*img = (struct ember_tex_image) {
		.base = d.stencil ? d.stencil_va : d.va,
		.format = format,
		.aspect = aspect, .view_type = d.view_type, .layout = d.layout,
		.swizzle = { d.swizzle_r, d.swizzle_g, d.swizzle_b, d.swizzle_a },
		.width = ember_tex_minify(d.width, d.base_level),
		.height = ember_tex_minify(d.height, d.base_level),
		.depth = ember_tex_minify(d.depth, d.base_level),
		.levels = d.levels, .layers = d.layers, .samples = 1u << d.samples_log2,
	};
	if (d.layout == EMBER_IMAGE_LAYOUT_TILED_4K) {
		layer_size = place_tiled(img, &d, view.bytes << d.samples_log2, levels);
	} else {
		layer_size = (uint64_t)d.layer_pitch_256b * 256;
		levels[0] = (struct ember_tex_level_layout) {
			.row_pitch = d.row_pitch, .slice_pitch = layer_size,
		};
	}
	img->base += layer_size * d.base_layer;
	for (unsigned int m = 0; m < d.levels; m++)
		img->level[m] = levels[d.base_level + m];
	/* The unit's own check, behind the contract's: never a refused image. */
	return ember_tex_image_check(img) ? 2 : -1;
}

int ember_tex_sampler_from_desc(const uint32_t *dw, struct ember_tex_sampler *smp)
{
	struct ember_sampler_desc d;
	int bad = -1;

	ember_sampler_desc_unpack(dw, &d);
	if (d.address_u > EMBER_TEX_MIRROR_CLAMP_TO_EDGE ||
	    d.address_v > EMBER_TEX_MIRROR_CLAMP_TO_EDGE ||
	    d.address_w > EMBER_TEX_MIRROR_CLAMP_TO_EDGE || (dw[0] & 0xffc08888u))
		refuse(&bad, 0);
	if (isnan(d.lod_bias) || fabsf(d.lod_bias) > 16.0f)
		refuse(&bad, 1);
	if (isnan(d.min_lod) || isnan(d.max_lod) || d.min_lod > d.max_lod)
		refuse(&bad, 2);
	if (bad >= 0)
		return bad;
	*smp = (struct ember_tex_sampler) {
		.mag_filter = d.mag_filter, .min_filter = d.min_filter,
		.mipmap_mode = d.mipmap_mode,
		.address = { d.address_u, d.address_v, d.address_w },
		.compare_enable = d.compare_enable, .compare_op = d.compare_op,
		.unnormalized = d.unnormalized,
		.border = d.border_int ? EMBER_TEX_BORDER_INT_CUSTOM :
			  EMBER_TEX_BORDER_FLOAT_CUSTOM,
		.custom_border = { d.border_color[0], d.border_color[1],
				   d.border_color[2], d.border_color[3] },
		.lod_bias = d.lod_bias, .min_lod = d.min_lod, .max_lod = d.max_lod,
	};
	return ember_tex_sampler_check(smp) ? 0 : -1;
}

int ember_tex_buffer_from_desc(const uint32_t *dw, struct ember_tex_image *img,
			       uint32_t *elements)
{
	struct ember_texel_buffer_desc d;
	const struct ember_tex_format *f;
	uint32_t width, rows;

	ember_texel_buffer_desc_unpack(dw, &d);
	if (!(format_usage(d.format) & EMBER_TEX_USAGE_TEXEL_BUFFER))
		return 3;
	f = ember_tex_format_get(d.format);
	/* Aligned to the texel; 12-byte texels to their 4-byte components. */
	if (d.va % (f->bytes & (f->bytes - 1) ? 4 : f->bytes))
		return 0;
	if (d.num_elements > EMBER_TEX_MAX_BUFFER_ELEMENTS)
		return 2;
	width = d.num_elements < EMBER_TEX_BUFFER_ROW ? d.num_elements : EMBER_TEX_BUFFER_ROW;
	rows = (d.num_elements + EMBER_TEX_BUFFER_ROW - 1) / EMBER_TEX_BUFFER_ROW;
	*img = (struct ember_tex_image) {
		.base = d.va, .format = d.format, .aspect = EMBER_TEX_ASPECT_COLOR,
		.view_type = EMBER_TEX_2D, .layout = EMBER_TEX_LAYOUT_LINEAR,
		.width = width ? width : 1, .height = rows ? rows : 1, .depth = 1,
		.levels = 1, .layers = 1, .samples = 1,
		.level[0] = { .row_pitch = EMBER_TEX_BUFFER_ROW * f->bytes },
	};
	*elements = d.num_elements;
	return ember_tex_image_check(img) ? 2 : -1;
}
