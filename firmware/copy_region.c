/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Image regions for the copy engine (copy_region.h). */

#include "copy_region.h"

#include <endian.h>
#include <string.h>

#include "texture/tex_texel.h"

#define DESC_ALIGN	16
#define SUB_RESERVED	0xffff0000u
/*
 * What ember_region_walk() counts per rectangle on top of its bytes: a
 * walk of millions of tiny rectangles (a tiled image, a texel wide)
 * still reaches the watchdog's checkpoints.
 */
#define EMBER_REGION_RECT_COST	256

static bool one_aspect(uint32_t aspect)
{
	return aspect == EMBER_ASPECT_COLOR || aspect == EMBER_ASPECT_DEPTH ||
	       aspect == EMBER_ASPECT_STENCIL;
}

static int fetch_desc(struct ember_job *job, uint64_t va, struct ember_image_desc *d)
{
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	struct ember_tex_memory mem = ember_tex_memory_mmu(&job->mmu);
	uint64_t fault_va;
	int fault = mem.access(mem.ctx, va, dw, sizeof(dw), false, &fault_va);

	if (fault) {
		job->fault_va = fault_va;
		job->fault_detail = EMBER_ACCESS_READ;
		return fault;
	}
	for (unsigned int i = 0; i < EMBER_IMAGE_DESC_DWORDS; i++)
		dw[i] = le32toh(dw[i]);
	ember_image_desc_unpack(dw, d);
	return 0;
}

int ember_region_image(struct ember_job *job, uint64_t desc_va, uint32_t sub,
		       struct ember_region_side *side, struct ember_image_desc *d)
{
	struct ember_image_desc local;
	unsigned int aspect = EMBER_IMAGE_SUB_ASPECT(sub);
	bool has_plane;
	int fault, bad;

	if (!d)
		d = &local;
	if (desc_va % DESC_ALIGN || (sub & SUB_RESERVED) || !one_aspect(aspect))
		return EMBER_FAULT_BAD_PACKET;
	fault = fetch_desc(job, desc_va, d);
	if (fault)
		return fault;
	bad = ember_tex_desc_check(d);
	*side = (struct ember_region_side) { .level = EMBER_IMAGE_SUB_LEVEL(sub) };
	has_plane = bad == EMBER_TEX_DESC_OK && ember_tex_desc_plane(d, aspect, &side->img);
	if (has_plane && ember_tex_image_check(&side->img))
		bad = 4;	/* consistent fields the unit cannot use */
	if (bad != EMBER_TEX_DESC_OK) {
		job->fault_va = desc_va;
		job->fault_detail = (uint32_t)bad;
		return EMBER_FAULT_BAD_DESCRIPTOR;
	}
	/* A valid descriptor without the packet's aspect, or a level beyond it. */
	if (!has_plane || side->level >= d->image_levels)
		return EMBER_FAULT_BAD_PACKET;
	side->element = ember_tex_format_get(side->img.format)->bytes * side->img.samples;
	side->block_log2 = ember_tex_format_get(side->img.format)->block_log2;
	return 0;
}

int ember_region_images(struct ember_job *job, uint64_t src_va, uint32_t src_sub,
			uint64_t dst_va, uint32_t dst_sub, struct ember_region_side *src,
			struct ember_region_side *dst)
{
	int ret = ember_region_image(job, src_va, src_sub, src, NULL);

	return ret ? ret : ember_region_image(job, dst_va, dst_sub, dst, NULL);
}

void ember_region_level_extent(const struct ember_region_side *side, uint32_t ext[3])
{
	const struct ember_tex_image *img = &side->img;

	ext[0] = ember_tex_minify(img->width, side->level);
	ext[1] = ember_tex_minify(img->height, side->level);
	ext[2] = img->view_type == EMBER_TEX_3D ?
		ember_tex_minify(img->depth, side->level) : img->layers;
}

bool ember_region_fits(struct ember_region_side *side, const uint32_t offset[3],
		       const uint32_t extent[3])
{
	const unsigned int b = side->block_log2;
	uint32_t ext[3];

	ember_region_level_extent(side, ext);
	ext[0] = (ext[0] + (1u << b) - 1) >> b;
	ext[1] = (ext[1] + (1u << b) - 1) >> b;
	for (unsigned int c = 0; c < 3; c++) {
		if ((uint64_t)offset[c] + extent[c] > ext[c])
			return false;
	}
	side->x = offset[0];
	side->y = offset[1];
	side->z = offset[2];
	return true;
}

bool ember_region_blocks(const struct ember_region_side *side, const uint32_t offset[3],
			 const uint32_t extent[3], uint32_t el_offset[3], uint32_t el_extent[3])
{
	const unsigned int b = side->block_log2;
	const uint32_t mask = (1u << b) - 1;
	uint32_t ext[3];

	ember_region_level_extent(side, ext);
	for (unsigned int c = 0; c < 3; c++) {
		bool blocked = c < 2;
		uint64_t end = (uint64_t)offset[c] + extent[c];

		if (blocked && (end > ext[c] || (offset[c] & mask) || ((end & mask) && end != ext[c])))
			return false;
		el_offset[c] = blocked ? offset[c] >> b : offset[c];
		el_extent[c] = blocked ? (uint32_t)((end + mask) >> b) - el_offset[c] : extent[c];
	}
	return true;
}

uint64_t ember_region_va(const struct ember_region_side *side, uint32_t x,
			 uint32_t y, uint32_t z)
{
	if (side->is_buffer)
		return side->va + z * side->slice_pitch + y * side->row_pitch +
		       (uint64_t)x * side->element;
	return ember_tex_texel_va(&side->img, side->element / side->img.samples,
				  side->level, side->x + x, side->y + y, side->z + z, 0);
}

void ember_region_level_view(const struct ember_region_side *side,
			     struct ember_tex_image *view)
{
	*view = side->img;
	view->level[0] = side->img.level[side->level];
	view->width = ember_tex_minify(side->img.width, side->level);
	view->height = ember_tex_minify(side->img.height, side->level);
	view->depth = ember_tex_minify(side->img.depth, side->level);
	view->levels = 1;
}

/* Rows of @side starting at (x, y) that stay contiguous, and their pitch. */
static void side_block(const struct ember_region_side *side, uint32_t x, uint32_t y,
		       uint32_t *max_w, uint32_t *max_h, uint64_t *pitch)
{
	unsigned int tw, th;

	if (side->is_buffer || side->img.layout != EMBER_TEX_LAYOUT_TILED_4K) {
		*max_w = UINT32_MAX;
		*max_h = UINT32_MAX;
		*pitch = side->is_buffer ? side->row_pitch : side->img.level[side->level].row_pitch;
		return;
	}
	ember_tex_tile_shape(side->element, &tw, &th);
	x += side->x;
	y += side->y;
	*max_w = (1u << tw) - (x & ((1u << tw) - 1));
	*max_h = (1u << th) - (y & ((1u << th) - 1));
	*pitch = (uint64_t)side->element << tw;
}

static uint32_t min3(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t m = a < b ? a : b;

	return m < c ? m : c;
}

int ember_region_walk(struct ember_job *job, const struct ember_region_side *dst,
		      const struct ember_region_side *src, const uint32_t extent[3],
		      ember_region_fn fn, void *arg)
{
	for (uint32_t z = 0; z < extent[2]; z++) {
		for (uint32_t y = 0, h = 0; y < extent[1]; y += h) {
			for (uint32_t x = 0, w = 0; x < extent[0]; x += w) {
				uint32_t dw, dh, sw = UINT32_MAX, sh = UINT32_MAX;
				uint64_t dpitch, spitch = 0;
				struct ember_copy_rect rect;
				int ret;

				side_block(dst, x, y, &dw, &dh, &dpitch);
				if (src)
					side_block(src, x, y, &sw, &sh, &spitch);
				w = min3(extent[0] - x, dw, sw);
				h = min3(extent[1] - y, dh, sh);
				/* Pitches and widths beyond 32 bits: a row at a time. */
				if (dpitch > UINT32_MAX || spitch > UINT32_MAX ||
				    (uint64_t)w * dst->element > UINT32_MAX)
					h = 1;
				rect = (struct ember_copy_rect) {
					.dst = ember_region_va(dst, x, y, z),
					.src = src ? ember_region_va(src, x, y, z) : 0,
					.width = (uint32_t)((uint64_t)w * dst->element),
					.height = h,
					.dst_pitch = (uint32_t)dpitch,
					.src_pitch = (uint32_t)spitch,
				};
				ret = fn(job, &rect, arg);
				/* Each rectangle costs something, however few its bytes. */
				if (!ret)
					ret = ember_copy_spend(job, EMBER_REGION_RECT_COST);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

int ember_region_copy(struct ember_job *job, const struct ember_copy_rect *rect, void *arg)
{
	return ember_copy_cached(job, rect, arg);
}

int ember_region_status(struct ember_job *job, const struct ember_tex_status *st)
{
	switch (st->fault) {
	case EMBER_TEX_OK:
		return 0;
	case EMBER_TEX_FAULT_MEMORY:
		job->fault_va = st->va;
		job->fault_detail = st->access;
		return (int)st->kind;
	default:
		/* Checked before: the unit refusing it is the descriptor's fault. */
		job->fault_va = st->va;
		job->fault_detail = 4;
		return EMBER_FAULT_BAD_DESCRIPTOR;
	}
}
