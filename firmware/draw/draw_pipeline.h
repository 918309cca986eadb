/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The 3D pipeline: one draw from packet to attachments
 *
 * ember_draw_execute() runs one draw (direct, or one of an indirect
 * packet) with the state bound by BIND_GFX_STATE:
 *
 * 1. the state blocks are read and checked (draw_state.h), the
 *    attachments' image descriptors too (draw_targets.h), the vertex and
 *    fragment programs loaded through the program cache (EXEC access, the
 *    stage checked);
 * 2. the front end (draw_run.h) fetches and assembles primitives in
 *    primitive order; their vertices go through the post-transform cache
 *    (draw_vertex_cache.h), shaded in waves of 32;
 * 3. primitives gather in a batch; when it is full (or the vertex cache
 *    is), the batch is rasterized: primitives with a cull (or clip)
 *    distance negative at every vertex are dropped, the back end cuts
 *    those a clip distance crosses (raster_clip.c), each one goes to its
 *    layer, and the tiles of the render area that some primitive's
 *    bounding box touches go to the shader cores (workers.h), each core
 *    with a back end and a fragment shader core of its own: the core
 *    draws every primitive of the batch into the tile in order with the
 *    back end (clipping, viewport, setup, scan, fragment operations; the
 *    fragment shader runs in waves of up to 8 quads, helpers included). A
 *    tile belongs to one core for the whole batch and batches run one
 *    after another, so every sample sees its fragments in primitive order
 *    (R6) and the attachments get the same bits on any number of cores;
 * 4. the tiles stay resident for the whole draw: the first batch that
 *    touches a tile loads the attachments' tile into buffers of that tile
 *    (any core may draw it in a later batch), later batches draw into them
 *    in place, and they are written back once, when the draw ends (spread
 *    over the cores), before its occlusion count is added, so the next
 *    packet sees memory current as before. Up to RESIDENT_BYTES (64 MiB) of
 *    tiles are resident; past that, a tile is loaded into the core's own
 *    buffers and stored by each batch that touches it;
 * 5. with a view mask, the whole draw runs once per view (ViewIndex), into
 *    the layer of that view;
 * 6. the samples that passed sample counting (every view's) are added to
 *    the job's occlusion counter, if OCCLUSION_COUNTER named one
 *    (draw_occlusion.h), once the draw has finished without a fault.
 *
 * Every fault (a block, an index, an attribute, a descriptor, a shader's
 * memory access, an illegal instruction, an attachment that does not
 * translate, the watchdog) ends the draw and is returned as its kind,
 * with the job's fault_va and fault_detail set; what was written to the
 * attachments before stays written: the resident tiles are stored then
 * too, but for those the faulting batch stopped inside (the faulting
 * tile, and tiles after it abandoned or cancelled), which keep what
 * memory held before the draw. Of a batch's tiles, those before the
 * lowest one that faulted are finished and its fault is the draw's, as
 * on one core; a store at the draw's end that faults is the draw's fault
 * if it had none. A reset aborts the draw at its preemption points
 * (between batches, and the front end's), and the resident tiles are not
 * stored.

 */

#ifndef EMBER_DRAW_PIPELINE_H
#define EMBER_DRAW_PIPELINE_H

#include "draw_args.h"
#include "ib.h"

/*
 * Run the draw @args with the job's bound state: 0, a fault kind (job
 * fault fields set; BAD_PACKET leaves them to the caller) or
 * EMBER_JOB_ABORTED.
 */
int ember_draw_execute(struct ember_job *job, const struct ember_draw_args *args);

/*
 * The graphics user packets (BIND_GFX_STATE, DRAW, DRAW_INDEXED,
 * DRAW_INDIRECT) and OCCLUSION_COUNTER, with their header's @flags and
 * payload @p of @len dwords.
 */
int ember_draw_packet(struct ember_job *job, uint32_t op, uint32_t flags, uint32_t len,
		      const uint32_t *p);

#endif /* EMBER_DRAW_PIPELINE_H */
