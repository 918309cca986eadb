/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render targets in guest memory, a tile at a time
 *
 * A draw's colour and depth/stencil attachments are images of the image
 * contract (ember-hw.rst, "Image descriptor"), named in the targets block
 * by the VA of their descriptor. ember_draw_targets_map() reads and checks
 * each descriptor once per draw: the contract's checks, then what a draw
 * needs (a renderable format of the right kind, the raster block's sample
 * count, a level whose extent holds the render area, the layers drawn);
 * the first bad field is BAD_DESCRIPTOR at the descriptor's VA with the
 * dword of that field as detail.
 *
 * The back end (firmware/raster) draws into host memory. A draw works on
 * one tile of at most EMBER_DRAW_TILE x EMBER_DRAW_TILE pixels of one
 * layer at a time: ember_draw_tile_load() copies the tile's elements (a
 * pixel with its samples) of every attachment from guest memory through
 * the context's MMU into host buffers laid out as the back end's windows
 * (raster_state.h), and ember_draw_tile_store() writes them back. Runs of
 * elements that are contiguous in the image (a LINEAR row, a row inside
 * one 4 KiB tile of TILED_4K) move as one copy. Depth/stencil planes are
 * separate in memory (depth at the descriptor's VA, stencil at
 * stencil_va); D24_UNORM_S8_UINT is one 32-bit word in the back end, so
 * its two planes are merged on load and split on store (the depth
 * plane's bits 24-31 written as 0, as the contract says), and so is
 * D32_SFLOAT_S8_UINT, 8 bytes there (since 1.14); X8_D24_UNORM_PACK32's
 * bits 24-31 are dropped on load and written as 0.
 *
 * A byte that does not translate, or that the page tables do not allow,
 * stops the load or store with the translation or permission fault at
 * its address; what was stored before it stays written.
 */

#ifndef EMBER_DRAW_TARGETS_H
#define EMBER_DRAW_TARGETS_H

#include <stdint.h>

#include "draw_memory.h"
#include "draw_state.h"
#include "mmu.h"
#include "texture/tex_image.h"

#define EMBER_DRAW_TILE		64

struct ember_draw_target {
	uint8_t format;			/* enum ember_rt_format; NONE: unused */
	uint32_t level, base_layer;
	/* The plane at the descriptor's VA, and D24S8's or D32S8's stencil plane. */
	struct ember_tex_image plane[2];
	unsigned int plane_count;
	/* Bytes of one sample in each plane, and in the back end. */
	unsigned int plane_bytes[2];
	unsigned int rt_bytes;
	uint8_t *tile;			/* EMBER_DRAW_TILE^2 elements */
};

struct ember_draw_targets {
	uint32_t samples;
	uint32_t color_count;
	struct ember_draw_target color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	struct ember_draw_target depth_stencil;
};

/*
 * Read and check the attachments of @st (0, or the fault in @fault) and
 * allocate their tile buffers (-ENOMEM). @layers: how many layers from
 * each attachment's base layer the draw may write.
 */
int ember_draw_targets_map(const struct ember_mmu *mmu, const struct ember_draw_state *st,
			   uint32_t layers, struct ember_draw_targets *t,
			   struct ember_draw_fault *fault);
void ember_draw_targets_free(struct ember_draw_targets *t);

/*
 * @dst: @src's attachments with tile buffers of its own, so that another
 * thread can draw other tiles at the same time (-ENOMEM, @dst empty).
 */
int ember_draw_targets_clone(const struct ember_draw_targets *src,
			     struct ember_draw_targets *dst);

/*
 * @fb as the back end's framebuffer over the tile @rect (inside the
 * render area, at most EMBER_DRAW_TILE square) of the targets' buffers.
 */
void ember_draw_tile_framebuffer(const struct ember_draw_targets *t,
				 const struct ember_draw_state *st,
				 const struct ember_rect *rect,
				 struct ember_framebuffer *fb);

/* Copy the tile @rect of layer @layer (from the base layers) in, or out. */
int ember_draw_tile_load(const struct ember_mmu *mmu, struct ember_draw_targets *t,
			 const struct ember_rect *rect, uint32_t layer,
			 struct ember_draw_fault *fault);
int ember_draw_tile_store(const struct ember_mmu *mmu, struct ember_draw_targets *t,
			  const struct ember_rect *rect, uint32_t layer,
			  struct ember_draw_fault *fault);

#endif /* EMBER_DRAW_TARGETS_H */
