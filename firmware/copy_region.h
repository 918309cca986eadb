/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Image regions for the copy engine
 *
 * What every image packet (copy_image.c, copy_blit.c, copy_clear.c,
 * copy_resolve.c) does first: fetch the 64-byte image descriptor named by
 * the packet through the MMU, check it (FAULT_BAD_DESCRIPTOR with the
 * first bad dword), take the plane the packet's IMAGE_SUB word names and
 * check the region against that level (FAULT_BAD_PACKET).
 *
 * And what the byte-moving packets do next: ember_region_walk() cuts a
 * region into rectangles whose rows are contiguous on every side (a
 * linear image's rows, a buffer's rows, a TILED_4K image's rows inside
 * one tile) and hands each to a callback as a struct ember_copy_rect, so
 * copies and fills go through the copy engine's run-at-a-time path: rows
 * of identical pitch on both sides merge into one memcpy().
 */

#ifndef EMBER_FW_COPY_REGION_H
#define EMBER_FW_COPY_REGION_H

#include <string.h>

#include "copy_engine.h"
#include "ib.h"
#include "texture/tex_descriptor.h"
#include "texture/tex_memory.h"

/* One side of a packet: an image plane at a level, or a buffer. */
struct ember_region_side {
	struct ember_tex_image img;	/* the whole plane (not a buffer) */
	bool is_buffer;
	uint32_t level;
	/* The region's first texel; a buffer's is its VA. */
	uint32_t x, y, z;
	uint64_t va;
	/*
	 * Bytes of an element of the plane: a texel with its samples, or a
	 * 4x4 block of a BC format (@block_log2 2, else 0).
	 */
	unsigned int element;
	unsigned int block_log2;
	/* A buffer's pitches, in bytes. */
	uint64_t row_pitch, slice_pitch;
};

/*
 * Fetch and check the descriptor at @desc_va and take the plane of
 * IMAGE_SUB word @sub: 0 or a fault kind (with the job's fault record
 * fields: the descriptor's VA and bad dword, or the packet's). *@d gets
 * the descriptor when the caller wants it (NULL otherwise).
 */
int ember_region_image(struct ember_job *job, uint64_t desc_va, uint32_t sub,
		       struct ember_region_side *side, struct ember_image_desc *d);

/* ember_region_image() of a packet's source, then of its destination. */
int ember_region_images(struct ember_job *job, uint64_t src_va, uint32_t src_sub,
			uint64_t dst_va, uint32_t dst_sub, struct ember_region_side *src,
			struct ember_region_side *dst);

/* Level @side->level's extent: width, height, slices or layers. */
void ember_region_level_extent(const struct ember_region_side *side, uint32_t ext[3]);

/* @side's level as a one-level image: what the sampler and store address. */
void ember_region_level_view(const struct ember_region_side *side,
			     struct ember_tex_image *view);

/*
 * Whether the elements [@offset, @offset + @extent) fit @side's level
 * (64-bit, so no wrap), and sets side->x, y, z. Elements are texels, or
 * blocks of a BC plane (whose level is its texels rounded up to blocks).
 */
bool ember_region_fits(struct ember_region_side *side, const uint32_t offset[3],
		       const uint32_t extent[3]);

/*
 * A region of texels of @side's level as elements (@el_offset,
 * @el_extent): the same for uncompressed planes; for BC, offsets must be
 * multiples of 4 and the extent too unless the region ends at the level's
 * edge, and blocks cover the partial ones there (Vulkan's rule): false
 * otherwise (the packet's BAD_PACKET).
 */
bool ember_region_blocks(const struct ember_region_side *side, const uint32_t offset[3],
			 const uint32_t extent[3], uint32_t el_offset[3], uint32_t el_extent[3]);

/* The GPU VA of element (x, y, z) of the region, relative to its start. */
uint64_t ember_region_va(const struct ember_region_side *side, uint32_t x,
			 uint32_t y, uint32_t z);

/*
 * Cut @extent of the region into rectangles whose rows are contiguous on
 * @dst and on @src (NULL for fills; its fields in the rect are then 0),
 * and call @fn on each: 0 goes on, anything else stops and is returned.
 */
typedef int (*ember_region_fn)(struct ember_job *job,
			       const struct ember_copy_rect *rect, void *arg);
int ember_region_walk(struct ember_job *job, const struct ember_region_side *dst,
		      const struct ember_region_side *src, const uint32_t extent[3],
		      ember_region_fn fn, void *arg);

/*
 * Unpack the payload @p (at least EMBER_UPKT_BLIT_LEN dwords, the longest
 * image packet's, as ib.c's payload buffer is) of user packet NAME into
 * @v: the generated helpers read the header's dwords too.
 */
#define EMBER_UPKT_UNPACK(name, p, v) do {				\
	uint32_t dw_[1 + EMBER_UPKT_BLIT_LEN] = { 0 };			\
									\
	memcpy(dw_ + 1, (p), sizeof(dw_) - sizeof(dw_[0]));		\
	ember_upkt_##name##_unpack(dw_, (v));				\
} while (0)

/*
 * An ember_region_fn that copies the rectangle's bytes: ember_copy_cached()
 * with @arg a struct ember_copy_cache of the walk, zero-initialised.
 */
int ember_region_copy(struct ember_job *job, const struct ember_copy_rect *rect, void *arg);

/* A texture-unit status as the job's fault: 0 or the fault kind. */
int ember_region_status(struct ember_job *job, const struct ember_tex_status *st);

#endif /* EMBER_FW_COPY_REGION_H */
