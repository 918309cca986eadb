/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The draw front end
 *
 * One draw, from its checked state and arguments to assembled primitives
 * with their vertices' inputs, in primitive order: instance by instance
 * (each assembled alone), run by run between primitive restarts (an
 * indexed draw's runs are found by reading its indices), primitive by
 * primitive. Each vertex of a primitive comes with its VertexIndex,
 * InstanceIndex and attributes (vertex_fetch.h); the sink gets them in
 * rasterizer order (prim_assembly.h) and does the rest: vertex shading,
 * clipping, rasterization (the pipeline glue, issue 13). A sink whose
 * callback returns non-zero stops the draw (a preemption point's abort or
 * watchdog), which returns that value; a fault of a read is returned as
 * its kind, with @fault filled.
 *
 * Vertices shared by neighbouring primitives are fetched again for each:
 * reuse belongs to the glue's post-transform cache.
 */

#ifndef EMBER_DRAW_RUN_H
#define EMBER_DRAW_RUN_H

#include "draw_args.h"
#include "draw_state.h"
#include "prim_assembly.h"
#include "vertex_fetch.h"

struct ember_draw_vertex {
	uint32_t vertex_index;		/* VertexIndex (modulo 2^32) */
	uint32_t instance_index;	/* InstanceIndex */
	struct ember_vertex_inputs inputs;
};

struct ember_draw_sink {
	int (*primitive)(void *ctx, const struct ember_draw_args *args,
			 const struct ember_assembled_prim *prim,
			 const struct ember_draw_vertex *vertices);
	/*
	 * A preemption point, called at each instance and every
	 * EMBER_DRAW_CHECKPOINT_INDICES indices scanned for restarts, so that
	 * a draw of huge counts that makes few primitives still stops for a
	 * reset or the watchdog; NULL: none.
	 */
	int (*checkpoint)(void *ctx);
	void *ctx;
	/*
	 * If not NULL, each run between restarts (a whole instance without
	 * them) adds its vertex count here: input assembly's vertices.
	 */
	uint64_t *vertices;
};

#define EMBER_DRAW_CHECKPOINT_INDICES	1024

int ember_draw_run(const struct ember_draw_state *st,
		   const struct ember_draw_mem *mem,
		   const struct ember_draw_args *args,
		   const struct ember_draw_sink *sink,
		   struct ember_draw_fault *fault);

#endif /* EMBER_DRAW_RUN_H */
