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
 * The state comes from the caller, render targets are host memory (the
 * device's pipeline, firmware/draw/draw_pipeline.c, loads a tile of the
 * attachments into host memory, draws into it and writes it back).
 *
 * The fragment shader is either a callback per quad (@fs) or one per wave
 * of up to EMBER_FS_WAVE_QUADS quads (@fs_wave), the shader cores' unit.
 * Quads wait in @batch after the tests before the shader (scissor, sample
 * mask, early tests); the batch is shaded and its quads finished, in
 * order, when it is full, when a new quad covers a sample a waiting one
 * covers (so every sample still sees its fragments in primitive order),
 * and at ember_backend_flush(), which the caller must call before it
 * reads the targets. With @sample_rate each covered sample of a quad is a
 * quad of its own, shaded for that sample (per-sample shading).
 */

#ifndef EMBER_RASTER_BACKEND_H
#define EMBER_RASTER_BACKEND_H

#include <stdint.h>

#include "frag_ops.h"
#include "raster.h"
#include "raster_state.h"

#define EMBER_FS_WAVE_QUADS	8

/* Quads waiting for the fragment shader, and what it gave back. */
struct ember_fs_batch {
	unsigned int count;
	struct ember_quad quad[EMBER_FS_WAVE_QUADS];	/* coverage: live samples */
	uint32_t sample[EMBER_FS_WAVE_QUADS];		/* per-sample shading's */
	uint32_t cov[EMBER_FS_WAVE_QUADS][4];
	float depth[EMBER_FS_WAVE_QUADS][4][EMBER_MAX_SAMPLES];
	struct ember_fs_output out[EMBER_FS_WAVE_QUADS];
};

/*
 * A wave of the fragment shader: fill batch->out[k] for each of the
 * batch's quads (zeroed before the call). It may rewrite the quads'
 * primitive_id and provoking_vertex (the back end reads neither after
 * the call), so that the shader reads them in place.
 */
typedef void (*ember_fs_wave_fn)(void *ctx, struct ember_fs_batch *batch);

struct ember_backend {
	const struct ember_backend_state *state;
	const struct ember_framebuffer *fb;
	ember_fs_fn fs;		/* NULL (and no fs_wave): no shader, no colour writes */
	ember_fs_wave_fn fs_wave;
	void *fs_ctx;
	bool sample_rate;	/* with fs_wave: shade each sample alone */
	/*
	 * The clip distances of each primitive the next draw call draws
	 * (index i of its @count), NULL: none.
	 */
	const struct ember_clip_distances *clip_distances;
	/*
	 * Polygon mode LINE or POINT: the set-up polygon whose edges or
	 * vertices the next draw call draws; they take its facing and depth
	 * bias (R12). NULL: lines and points of their own.
	 */
	const struct ember_primitive *polygon;
	uint64_t samples_passed;	/* occlusion query: precise count */
	uint64_t quads_shaded;
	struct ember_fs_batch batch;
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

/* Shade and finish the quads waiting for @fs_wave (a no-op for @fs). */
void ember_backend_flush(struct ember_backend *be);

#endif /* EMBER_RASTER_BACKEND_H */
