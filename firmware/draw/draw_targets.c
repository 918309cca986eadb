/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Render targets in guest memory, a tile at a time (draw_targets.h). */

#include "draw_targets.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "raster_format.h"
#include "texture/tex_descriptor.h"
#include "texture/tex_format.h"
#include "texture/tex_texel.h"

/* Dwords of the image descriptor that a draw's checks name. */
#define DESC_DW_FORMAT		2
#define DESC_DW_SAMPLES		3
#define DESC_DW_EXTENT		4
#define DESC_DW_LAYERS		5
#define DESC_DW_LEVELS		6

#define D24_MASK		0x00ffffffu

static int bad_descriptor(struct ember_draw_fault *fault, uint64_t va, uint32_t dword)
{
	fault->kind = EMBER_FAULT_BAD_DESCRIPTOR;
	fault->va = va;
	fault->detail = dword;
	return EMBER_FAULT_BAD_DESCRIPTOR;
}

/* Copy @len bytes between guest VA @va and @host through @mmu. */
static int copy_guest(const struct ember_mmu *mmu, uint64_t va, uint8_t *host,
		      uint64_t len, bool write, struct ember_draw_fault *fault)
{
	uint64_t fault_va = va;
	int kind = ember_mmu_copy(mmu, va, host, len, write, &fault_va);

	if (kind) {
		fault->kind = (uint32_t)kind;
		fault->va = fault_va;
		fault->detail = write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ;
	}
	return kind;
}

static int read_desc(const struct ember_mmu *mmu, uint64_t va, struct ember_image_desc *d,
		     struct ember_draw_fault *fault)
{
	uint32_t dw[EMBER_TEX_IMAGE_DESC_DWORDS];
	int ret = copy_guest(mmu, va, (uint8_t *)dw, sizeof(dw), false, fault);

	if (ret)
		return ret;
	for (unsigned int i = 0; i < EMBER_TEX_IMAGE_DESC_DWORDS; i++)
		dw[i] = le32toh(dw[i]);
	ember_image_desc_unpack(dw, d);
	return 0;
}

/* A host buffer for one tile of @t's elements (a pixel's samples each). */
static uint8_t *tile_buffer(const struct ember_draw_target *t, uint32_t samples)
{
	return calloc((size_t)EMBER_DRAW_TILE * EMBER_DRAW_TILE * samples, t->rt_bytes);
}

/* The planes of a checked descriptor @d for the back end's @format. */
static bool take_planes(const struct ember_image_desc *d, unsigned int format,
			struct ember_draw_target *t)
{
	unsigned int aspects[2] = { EMBER_TEX_ASPECT_COLOR, 0 };

	if (format == EMBER_RT_S8_UINT) {
		aspects[0] = EMBER_TEX_ASPECT_STENCIL;
	} else if (!ember_rt_is_color(format)) {
		aspects[0] = EMBER_TEX_ASPECT_DEPTH;
		if (format == EMBER_RT_D24_UNORM_S8_UINT ||
		    format == EMBER_RT_D32_SFLOAT_S8_UINT)
			aspects[1] = EMBER_TEX_ASPECT_STENCIL;
	}
	t->plane_count = aspects[1] ? 2 : 1;
	for (unsigned int i = 0; i < t->plane_count; i++) {
		if (!ember_tex_desc_plane(d, aspects[i], &t->plane[i]) ||
		    ember_tex_image_check(&t->plane[i]))
			return false;
		t->plane_bytes[i] = ember_tex_format_get(t->plane[i].format)->bytes;
	}
	return true;
}

static int map_target(const struct ember_mmu *mmu, const struct ember_draw_state *st,
		      const struct ember_draw_attachment *a, bool color, uint32_t layers,
		      struct ember_draw_target *t, struct ember_draw_fault *fault)
{
	struct ember_image_desc d;
	uint32_t samples = st->backend.ms.samples;
	uint32_t extent_layers;
	int ret, bad;

	*t = (struct ember_draw_target) { .format = EMBER_RT_NONE };
	if (!a->image)
		return 0;
	ret = read_desc(mmu, a->image, &d, fault);
	if (ret)
		return ret;
	bad = ember_tex_desc_check(&d);
	if (bad != EMBER_TEX_DESC_OK)
		return bad_descriptor(fault, a->image, (uint32_t)bad);
	/* Every renderable format of contract 1.12 (CAPS.RENDER_FORMATS). */
	t->format = (uint8_t)ember_rt_format_from_vk(d.format, color);
	if (t->format == EMBER_RT_NONE || !take_planes(&d, t->format, t))
		return bad_descriptor(fault, a->image, DESC_DW_FORMAT);
	if ((1u << d.samples_log2) != samples || d.view_type == EMBER_TEX_3D)
		return bad_descriptor(fault, a->image, DESC_DW_SAMPLES);
	if (a->level >= d.image_levels)
		return bad_descriptor(fault, a->image, DESC_DW_LEVELS);
	if (ember_tex_minify(d.width, a->level) < st->width ||
	    ember_tex_minify(d.height, a->level) < st->height)
		return bad_descriptor(fault, a->image, DESC_DW_EXTENT);
	extent_layers = d.image_layers;
	if ((uint64_t)a->base_layer + layers > extent_layers)
		return bad_descriptor(fault, a->image, DESC_DW_LAYERS);
	t->level = a->level;
	t->base_layer = a->base_layer;
	t->rt_bytes = ember_rt_texel_size(t->format);
	t->tile = tile_buffer(t, samples);
	return t->tile ? 0 : -ENOMEM;
}

int ember_draw_targets_map(const struct ember_mmu *mmu, const struct ember_draw_state *st,
			   uint32_t layers, struct ember_draw_targets *t,
			   struct ember_draw_fault *fault)
{
	int ret = 0;

	memset(t, 0, sizeof(*t));
	t->samples = st->backend.ms.samples;
	t->color_count = st->color_count;
	for (uint32_t i = 0; i < st->color_count && !ret; i++)
		ret = map_target(mmu, st, &st->color[i], true, layers, &t->color[i], fault);
	if (!ret)
		ret = map_target(mmu, st, &st->depth_stencil, false, layers,
				 &t->depth_stencil, fault);
	return ret;
}

int ember_draw_targets_clone(const struct ember_draw_targets *src,
			     struct ember_draw_targets *dst)
{
	bool failed = false;

	*dst = *src;
	/* Every pointer copied from @src is replaced: none is freed twice. */
	for (uint32_t i = 0; i <= EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		struct ember_draw_target *t = i < EMBER_GFX_MAX_COLOR_ATTACHMENTS ?
					      &dst->color[i] : &dst->depth_stencil;
		bool used = t->tile;

		t->tile = used ? tile_buffer(t, src->samples) : NULL;
		failed |= used && !t->tile;
	}
	if (failed) {
		ember_draw_targets_free(dst);
		return -ENOMEM;
	}
	return 0;
}

void ember_draw_targets_free(struct ember_draw_targets *t)
{
	for (uint32_t i = 0; i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
		free(t->color[i].tile);
	free(t->depth_stencil.tile);
	memset(t, 0, sizeof(*t));
}

static void window(const struct ember_draw_target *t, uint32_t samples,
		   const struct ember_rect *rect, struct ember_render_target *rt)
{
	*rt = (struct ember_render_target) {
		.format = t->format, .samples = samples,
		.width = (uint32_t)rect->x + rect->width,
		.height = (uint32_t)rect->y + rect->height,
		.origin_x = (uint32_t)rect->x, .origin_y = (uint32_t)rect->y,
		.row_pitch = (size_t)rect->width * samples * t->rt_bytes,
		.base = t->tile,
	};
}

void ember_draw_tile_framebuffer(const struct ember_draw_targets *t,
				 const struct ember_draw_state *st,
				 const struct ember_rect *rect,
				 struct ember_framebuffer *fb)
{
	(void)st;
	memset(fb, 0, sizeof(*fb));
	fb->width = (uint32_t)rect->x + rect->width;
	fb->height = (uint32_t)rect->y + rect->height;
	fb->samples = t->samples;
	fb->color_count = t->color_count;
	for (uint32_t i = 0; i < t->color_count; i++)
		window(&t->color[i], t->samples, rect, &fb->color[i]);
	if (t->depth_stencil.format != EMBER_RT_NONE)
		window(&t->depth_stencil, t->samples, rect, &fb->depth_stencil);
}

/*
 * Move the tile's elements of plane @p between guest memory and @host
 * (@stride bytes between elements there, @bytes of each sample moved):
 * runs of elements contiguous in the image (a row's, or a tile row's, see
 * ember_tex_texel_run()) go as one copy.
 */
static int move_plane(const struct ember_mmu *mmu, const struct ember_draw_target *t,
		      unsigned int p, uint32_t samples, const struct ember_rect *rect,
		      uint32_t layer, uint8_t *host, bool write,
		      struct ember_draw_fault *fault)
{
	const struct ember_tex_image *img = &t->plane[p];
	unsigned int element = t->plane_bytes[p] * samples;
	uint32_t z = t->base_layer + layer;

	for (uint32_t y = 0; y < rect->height; y++) {
		uint32_t x = 0;

		while (x < rect->width) {
			uint32_t ix = (uint32_t)rect->x + x;
			uint64_t va = ember_tex_texel_va(img, t->plane_bytes[p], t->level, ix,
							 (uint32_t)rect->y + y, z, 0);
			uint32_t n = ember_tex_texel_run(img, t->plane_bytes[p], ix);
			int ret;

			if (n > rect->width - x)
				n = rect->width - x;
			ret = copy_guest(mmu, va,
					 host + ((size_t)y * rect->width + x) * element,
					 (uint64_t)n * element, write, fault);
			if (ret)
				return ret;
			x += n;
		}
	}
	return 0;
}

/* D24S8: the depth word's bits 0-23 and the stencil byte, in one word. */
static int load_d24s8(const struct ember_mmu *mmu, struct ember_draw_target *t,
		      uint32_t samples, const struct ember_rect *rect, uint32_t layer,
		      struct ember_draw_fault *fault)
{
	size_t n = (size_t)rect->width * rect->height * samples;
	uint8_t *stencil = malloc(n);
	int ret = stencil ? 0 : -ENOMEM;

	if (!ret)
		ret = move_plane(mmu, t, 0, samples, rect, layer, t->tile, false, fault);
	if (!ret)
		ret = move_plane(mmu, t, 1, samples, rect, layer, stencil, false, fault);
	for (size_t i = 0; !ret && i < n; i++) {
		uint32_t w;

		memcpy(&w, t->tile + 4 * i, 4);
		w = (le32toh(w) & D24_MASK) | (uint32_t)stencil[i] << 24;
		w = htole32(w);
		memcpy(t->tile + 4 * i, &w, 4);
	}
	free(stencil);
	return ret;
}

static int store_d24s8(const struct ember_mmu *mmu, const struct ember_draw_target *t,
		       uint32_t samples, const struct ember_rect *rect, uint32_t layer,
		       struct ember_draw_fault *fault)
{
	size_t n = (size_t)rect->width * rect->height * samples;
	uint8_t *stencil = malloc(n), *depth = malloc(4 * n);
	int ret = stencil && depth ? 0 : -ENOMEM;

	for (size_t i = 0; !ret && i < n; i++) {
		uint32_t w;

		memcpy(&w, t->tile + 4 * i, 4);
		w = le32toh(w);
		stencil[i] = (uint8_t)(w >> 24);
		w = htole32(w & D24_MASK);
		memcpy(depth + 4 * i, &w, 4);
	}
	if (!ret)
		ret = move_plane(mmu, t, 0, samples, rect, layer, depth, true, fault);
	if (!ret)
		ret = move_plane(mmu, t, 1, samples, rect, layer, stencil, true, fault);
	free(stencil);
	free(depth);
	return ret;
}

/* D32S8: the depth float at bytes 0-3 and the stencil byte at byte 4 of 8. */
static int move_d32s8(const struct ember_mmu *mmu, struct ember_draw_target *t,
		      uint32_t samples, const struct ember_rect *rect, uint32_t layer,
		      bool write, struct ember_draw_fault *fault)
{
	size_t n = (size_t)rect->width * rect->height * samples;
	uint8_t *stencil = malloc(n), *depth = malloc(4 * n);
	int ret = stencil && depth ? 0 : -ENOMEM;

	for (size_t i = 0; !ret && write && i < n; i++) {
		memcpy(depth + 4 * i, t->tile + 8 * i, 4);
		stencil[i] = t->tile[8 * i + 4];
	}
	if (!ret)
		ret = move_plane(mmu, t, 0, samples, rect, layer, depth, write, fault);
	if (!ret)
		ret = move_plane(mmu, t, 1, samples, rect, layer, stencil, write, fault);
	for (size_t i = 0; !ret && !write && i < n; i++) {
		memcpy(t->tile + 8 * i, depth + 4 * i, 4);
		t->tile[8 * i + 4] = stencil[i];
		memset(t->tile + 8 * i + 5, 0, 3);
	}
	free(stencil);
	free(depth);
	return ret;
}

/* X8_D24: the depth word with bits 24-31 0 in the image (none in a loaded tile). */
static int move_x8d24(const struct ember_mmu *mmu, struct ember_draw_target *t,
		      uint32_t samples, const struct ember_rect *rect, uint32_t layer,
		      bool write, struct ember_draw_fault *fault)
{
	size_t n = (size_t)rect->width * rect->height * samples;
	int ret = move_plane(mmu, t, 0, samples, rect, layer, t->tile, write, fault);

	for (size_t i = 0; !ret && !write && i < n; i++) {
		uint32_t w;

		memcpy(&w, t->tile + 4 * i, 4);
		w = htole32(le32toh(w) & D24_MASK);
		memcpy(t->tile + 4 * i, &w, 4);
	}
	return ret;
}

static int move_target(const struct ember_mmu *mmu, struct ember_draw_target *t,
		       uint32_t samples, const struct ember_rect *rect, uint32_t layer,
		       bool write, struct ember_draw_fault *fault)
{
	if (t->format == EMBER_RT_NONE)
		return 0;
	if (t->format == EMBER_RT_D24_UNORM_S8_UINT)
		return write ? store_d24s8(mmu, t, samples, rect, layer, fault) :
			       load_d24s8(mmu, t, samples, rect, layer, fault);
	if (t->format == EMBER_RT_D32_SFLOAT_S8_UINT)
		return move_d32s8(mmu, t, samples, rect, layer, write, fault);
	if (t->format == EMBER_RT_X8_D24_UNORM_PACK32)
		return move_x8d24(mmu, t, samples, rect, layer, write, fault);
	return move_plane(mmu, t, 0, samples, rect, layer, t->tile, write, fault);
}

int ember_draw_tile_load(const struct ember_mmu *mmu, struct ember_draw_targets *t,
			 const struct ember_rect *rect, uint32_t layer,
			 struct ember_draw_fault *fault)
{
	int ret = 0;

	for (uint32_t i = 0; i < t->color_count && !ret; i++)
		ret = move_target(mmu, &t->color[i], t->samples, rect, layer, false, fault);
	if (!ret)
		ret = move_target(mmu, &t->depth_stencil, t->samples, rect, layer, false,
				  fault);
	return ret;
}

int ember_draw_tile_store(const struct ember_mmu *mmu, struct ember_draw_targets *t,
			  const struct ember_rect *rect, uint32_t layer,
			  struct ember_draw_fault *fault)
{
	int ret = 0;

	for (uint32_t i = 0; i < t->color_count && !ret; i++)
		ret = move_target(mmu, &t->color[i], t->samples, rect, layer, true, fault);
	if (!ret)
		ret = move_target(mmu, &t->depth_stencil, t->samples, rect, layer, true,
				  fault);
	return ret;
}
