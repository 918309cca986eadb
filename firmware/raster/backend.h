/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The 3D back end
 *
 * Draws triangles, lines or points (clip-space positions) into a framebuffer: setup, the
 * traversal of one tile, and for every quad the fragment operations in
 * Vulkan's order around the fragment shader callback (R10). A draw over a
 * tile touches only that tile's pixels, so tiles can go to different
 * cores; within a tile the triangles are processed in submission order,
 * which is the rasterization order of R6.
 *
 * Not wired to packets, the ISA or Vulkan yet (issue 13): the state comes
 * from the caller, render targets are host memory.
 */

#ifndef EMBER_RASTER_BACKEND_H
#define EMBER_RASTER_BACKEND_H

#include <stdint.h>

#include "frag_ops.h"
#include "raster.h"
#include "raster_state.h"

struct ember_backend {
	const struct ember_backend_state *state;
	const struct ember_framebuffer *fb;
	ember_fs_fn fs;		/* NULL: no shader, no colour writes */
	void *fs_ctx;
	uint64_t samples_passed;	/* occlusion query: precise count */
	uint64_t quads_shaded;
};

/*
 * Draws @count triangles (@pos: 3 vertices each, clip space) into @tile
 * (NULL: the whole framebuffer); primitive ids count from @first_id.
 * Returns 0, or the error of ember_backend_state_check() (nothing drawn).
 */
int ember_backend_draw(struct ember_backend *be, const struct ember_rect *tile,
		       const float (*pos)[4], uint32_t count, uint32_t first_id);

/*
 * Lines (@pos: 2 vertices each, R11) and points (1 each, R12; @sizes: the
 * PointSize of each, NULL: 1).
 */
int ember_backend_draw_lines(struct ember_backend *be, const struct ember_rect *tile,
			     const float (*pos)[4], uint32_t count, uint32_t first_id);
int ember_backend_draw_points(struct ember_backend *be, const struct ember_rect *tile,
			      const float (*pos)[4], const float *sizes,
			      uint32_t count, uint32_t first_id);

#endif /* EMBER_RASTER_BACKEND_H */
