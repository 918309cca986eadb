/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Contract descriptors to texture-unit images and samplers; see the header. */

#include "tex_descriptor.h"

#include <math.h>

#include "ember_shader_hw.h"
#include "tex_texel.h"

/* VkFormat codes of the depth and stencil planes (ember-hw.rst "Formats"). */
#define VK_D16_UNORM		124
#define VK_X8_D24_UNORM		125
#define VK_D32_SFLOAT		126
#define VK_S8_UINT		127
#define VK_D16_UNORM_S8_UINT	128
#define VK_D24_UNORM_S8_UINT	129
#define VK_D32_SFLOAT_S8_UINT	130

/*
 * What the device does with @vk_format (enum ember_image_format_usage
 * bits): the contract's table (hw/image), less what the texture unit
 * cannot decode yet (the R64 formats).
 */
static unsigned int format_usage(uint32_t vk_format)
{
	const struct ember_image_format *row = ember_image_format_get(vk_format);

	return row && ember_tex_format_get(vk_format) ? row->usage : 0;
}

/* log2 of the block width and height of @vk_format: 2 for BC, else 0. */
static unsigned int block_log2(uint32_t vk_format)
{
	const struct ember_image_format *row = ember_image_format_get(vk_format);

	return row ? row->block_log2 : 0;
}

static uint32_t blocks(uint32_t texels, unsigned int log2)
{
	return (uint32_t)(((uint64_t)texels + (1u << log2) - 1) >> log2);
}

/* Depth/stencil formats with a stencil plane of its own at stencil_va. */
static bool has_stencil_plane(uint32_t vk_format)
{
	return vk_format == VK_D16_UNORM_S8_UINT || vk_format == VK_D24_UNORM_S8_UINT ||
	       vk_format == VK_D32_SFLOAT_S8_UINT;
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
 * The format of @aspect's plane of @vk_format, 0 if it has none:
 * depth/stencil images keep depth and stencil in separate planes
 * (ember-hw.rst), each read as the single-aspect format of that plane;
 * S8_UINT's only plane is its stencil, at va.
 */
static uint32_t plane_format(uint32_t vk_format, unsigned int aspect)
{
	const struct ember_tex_format *f = ember_tex_format_get(vk_format);

	if (!f)
		return 0;
	if (!ember_tex_format_is_depth_stencil(f))
		return aspect == EMBER_TEX_ASPECT_COLOR ? vk_format : 0;
	if (aspect == EMBER_TEX_ASPECT_STENCIL)
		return has_stencil_plane(vk_format) || vk_format == VK_S8_UINT ? VK_S8_UINT : 0;
	if (aspect != EMBER_TEX_ASPECT_DEPTH || vk_format == VK_S8_UINT)
		return 0;
	switch (vk_format) {
	case VK_D16_UNORM_S8_UINT: return VK_D16_UNORM;
	case VK_D24_UNORM_S8_UINT: return VK_X8_D24_UNORM;
	case VK_D32_SFLOAT_S8_UINT: return VK_D32_SFLOAT;
	default: return vk_format;
	}
}

/* The aspect a shader's view of @d reads. */
static unsigned int view_aspect(const struct ember_image_desc *d)
{
	const struct ember_tex_format *f = ember_tex_format_get(d->format);

	if (!f || !ember_tex_format_is_depth_stencil(f))
		return EMBER_TEX_ASPECT_COLOR;
	return d->stencil || d->format == VK_S8_UINT ? EMBER_TEX_ASPECT_STENCIL :
	       EMBER_TEX_ASPECT_DEPTH;
}

static bool is_array(unsigned int t)
{
	return t == EMBER_TEX_1D_ARRAY || t == EMBER_TEX_2D_ARRAY || t == EMBER_TEX_CUBE_ARRAY;
}

static bool is_cube(unsigned int t)
{
	return t == EMBER_TEX_CUBE || t == EMBER_TEX_CUBE_ARRAY;
}

/*
 * Dword by dword, the contract's rules for an image descriptor of a format
 * of @usage whose plane has @bytes per texel. @whole: the copy engine's
 * whole image, which needs every plane.
 */
static int check_image(const uint32_t *dw, const struct ember_image_desc *d,
		       unsigned int usage, unsigned int bytes, bool whole)
{
	unsigned int t = d->view_type;
	uint32_t largest = d->width > d->height ? d->width : d->height;
	const struct ember_tex_format *f = ember_tex_format_get(d->format);
	bool depth_stencil = f && ember_tex_format_is_depth_stencil(f);
	bool tiled = d->layout == EMBER_IMAGE_LAYOUT_TILED_4K;
	unsigned int block = block_log2(d->format);
	/* BC: 2D, cube and 3D images of one sample (ember-hw.rst "Formats"). */
	bool multisampled_ok = tiled && !block && (t == EMBER_TEX_2D || t == EMBER_TEX_2D_ARRAY);
	bool one_d = t == EMBER_TEX_1D || t == EMBER_TEX_1D_ARRAY;
	int bad = -1;

	if (!(format_usage(d->format) & usage))
		return 2;
	/*
	 * Unknown view types, layouts and swizzles; multisampling beyond 8
	 * samples (not yet), or of an image that is not a tiled 2D one.
	 */
	if (t > EMBER_TEX_CUBE_ARRAY || d->layout > EMBER_IMAGE_LAYOUT_TILED_4K ||
	    d->samples_log2 > 3 || (d->samples_log2 && !multisampled_ok) ||
	    d->swizzle_r > EMBER_TEX_SWIZZLE_A ||
	    d->swizzle_g > EMBER_TEX_SWIZZLE_A || d->swizzle_b > EMBER_TEX_SWIZZLE_A ||
	    d->swizzle_a > EMBER_TEX_SWIZZLE_A || (dw[3] & 0xf000f008u) ||
	    (d->stencil && (!depth_stencil || !f->ch[1].bits)) ||
	    (depth_stencil && !tiled) || (tiled && (bytes & (bytes - 1))) || (block && one_d))
		refuse(&bad, 3);
	if (tiled ? d->va % EMBER_IMAGE_TILE_SIZE : d->va % bytes)
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
	    (!tiled && d->image_levels != 1) || (d->samples_log2 && d->image_levels != 1) ||
	    (dw[6] & 0xffe0e0e0u))
		refuse(&bad, 6);
	if (!d->layers || (uint32_t)d->base_layer + d->layers > d->image_layers ||
	    (t == EMBER_TEX_CUBE ? d->layers != 6 : t == EMBER_TEX_CUBE_ARRAY ?
	     d->layers % 6 != 0 : !is_array(t) && d->layers != 1))
		refuse(&bad, 7);
	if (tiled) {
		if (d->row_pitch)
			refuse(&bad, 8);
		if (d->layer_pitch_256b)
			refuse(&bad, 9);
	} else if (bytes) {
		uint64_t slices = t == EMBER_TEX_3D ? d->depth : d->image_layers;

		/* Rows of blocks for BC. */
		if (d->row_pitch % bytes ||
		    (uint64_t)d->row_pitch < (uint64_t)blocks(d->width, block) * bytes)
			refuse(&bad, 8);
		if (slices > 1 && (uint64_t)d->layer_pitch_256b * 256 <
				  (uint64_t)d->row_pitch * blocks(d->height, block))
			refuse(&bad, 9);
	}
	if ((d->stencil || (whole && has_stencil_plane(d->format))) &&
	    (!d->stencil_va || d->stencil_va % EMBER_IMAGE_TILE_SIZE))
		refuse(&bad, 10);
	for (unsigned int i = 12; i < 16; i++)
		if (dw[i])
			refuse(&bad, (int)i);
	return bad;
}

/*
 * Every level of @d's plane of @element_bytes (texel bytes x samples) as
 * the unit's level layouts, by the contract's layout (hw/image), and the
 * bytes from one array layer to the next: false if the layout refuses it.
 */
static bool place(const struct ember_image_desc *d, unsigned int element_bytes,
		  struct ember_tex_level_layout *levels, uint64_t *layer_pitch)
{
	bool linear = d->layout == EMBER_IMAGE_LAYOUT_LINEAR;
	struct ember_image_shape shape = {
		.layout = d->layout, .element_bytes = element_bytes,
		.block_log2 = block_log2(d->format),
		.width = d->width, .height = d->height, .depth = d->depth,
		.levels = d->image_levels, .layers = d->image_layers,
		.row_pitch = linear ? d->row_pitch : 0,
		.layer_pitch = linear ?
			(uint64_t)d->layer_pitch_256b * EMBER_IMAGE_LAYER_PITCH_UNIT : 0,
	};
	struct ember_image_layout layout;

	if (ember_image_layout(&shape, &layout))
		return false;
	for (unsigned int m = 0; m < d->image_levels; m++) {
		levels[m] = (struct ember_tex_level_layout) {
			.offset = layout.level[m].offset,
			.row_pitch = (uint32_t)layout.level[m].row_pitch,
			/* Slices of a 3D level; else layers, a chain of levels apart. */
			.slice_pitch = d->view_type == EMBER_TEX_3D ?
				layout.level[m].depth_pitch : layout.layer_pitch,
		};
	}
	*layer_pitch = layout.layer_pitch;
	return true;
}

int ember_tex_image_from_desc(const uint32_t *dw, enum ember_tex_usage usage,
			      struct ember_tex_image *img)
{
	struct ember_tex_level_layout levels[EMBER_TEX_MAX_LEVELS];
	struct ember_image_desc d;
	struct ember_tex_format view;
	uint64_t layer_pitch;
	unsigned int aspect;
	uint32_t format;
	int bad;

	ember_image_desc_unpack(dw, &d);
	if (!(format_usage(d.format) & usage))
		return 2;
	aspect = view_aspect(&d);
	format = plane_format(d.format, aspect);
	if (!format || !ember_tex_format_view(format, aspect, &view))
		return d.stencil ? 3 : 2;
	bad = check_image(dw, &d, usage, view.bytes, false);
	if (bad >= 0)
		return bad;
	if (!place(&d, view.bytes << d.samples_log2, levels, &layer_pitch))
		return 3;

	*img = (struct ember_tex_image) {
		.base = (aspect == EMBER_TEX_ASPECT_STENCIL && d.format != VK_S8_UINT ?
			 d.stencil_va : d.va) + layer_pitch * d.base_layer,
		.format = format,
		.aspect = (uint8_t)aspect, .view_type = d.view_type, .layout = d.layout,
		.swizzle = { d.swizzle_r, d.swizzle_g, d.swizzle_b, d.swizzle_a },
		.width = ember_tex_minify(d.width, d.base_level),
		.height = ember_tex_minify(d.height, d.base_level),
		.depth = ember_tex_minify(d.depth, d.base_level),
		.levels = d.levels, .layers = d.layers, .samples = 1u << d.samples_log2,
	};
	for (unsigned int m = 0; m < d.levels; m++)
		img->level[m] = levels[d.base_level + m];
	/* The unit's own check, behind the contract's: never a refused image. */
	return ember_tex_image_check(img) ? 2 : -1;
}

int ember_tex_desc_check(const struct ember_image_desc *d)
{
	const struct ember_tex_format *f = ember_tex_format_get(d->format);
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];

	if (!f || !format_usage(d->format))
		return 2;
	ember_image_desc_pack(dw, d);
	return check_image(dw, d, ~0u, f->bytes, true);
}

bool ember_tex_desc_plane(const struct ember_image_desc *d, unsigned int aspect,
			  struct ember_tex_image *img)
{
	uint32_t format = plane_format(d->format, aspect);
	bool stencil_plane = aspect == EMBER_TEX_ASPECT_STENCIL && d->format != VK_S8_UINT;
	uint64_t layer_pitch;
	unsigned int samples = 1u << d->samples_log2;

	if (!format)
		return false;
	*img = (struct ember_tex_image) {
		.base = stencil_plane ? d->stencil_va : d->va,
		.format = format, .aspect = (uint8_t)aspect,
		.view_type = d->view_type == EMBER_TEX_3D ? EMBER_TEX_3D : EMBER_TEX_2D_ARRAY,
		.layout = d->layout,
		.width = d->width, .height = d->height, .depth = d->depth,
		.levels = d->image_levels, .layers = d->image_layers,
		.samples = samples,
	};
	return place(d, ember_tex_format_get(format)->bytes * samples, img->level, &layer_pitch);
}

int ember_tex_sampler_from_desc(const uint32_t *dw, struct ember_tex_sampler *smp)
{
	struct ember_sampler_desc d;
	int bad = -1;

	ember_sampler_desc_unpack(dw, &d);
	if (d.address_u > EMBER_TEX_MIRROR_CLAMP_TO_EDGE ||
	    d.address_v > EMBER_TEX_MIRROR_CLAMP_TO_EDGE ||
	    d.address_w > EMBER_TEX_MIRROR_CLAMP_TO_EDGE ||
	    d.max_anisotropy > EMBER_TEX_MAX_ANISOTROPY || (dw[0] & 0xe0c08888u))
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
		.max_aniso = d.max_anisotropy,
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
