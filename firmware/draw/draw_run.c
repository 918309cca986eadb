/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The draw front end's loop (draw_run.h): instances, runs between
 * restarts, primitives, vertices.
 */

#include "draw_run.h"

/* Vertex @pos of the draw (0-based) of instance @instance. */
static int vertex_at(const struct ember_draw_state *st,
		     const struct ember_draw_mem *mem,
		     const struct ember_draw_args *args, uint32_t pos,
		     uint32_t instance, struct ember_draw_vertex *v,
		     struct ember_draw_fault *fault)
{
	int64_t element;

	if (args->indexed) {
		uint32_t index;
		bool restart;
		int ret = ember_index_fetch(st, mem, (uint64_t)args->first + pos,
					    &index, &restart, fault);

		if (ret)
			return ret;
		element = (int64_t)index + args->vertex_offset;
	} else {
		/* VertexIndex is firstVertex + i, a 32-bit value. */
		element = (uint32_t)(args->first + pos);
	}
	v->vertex_index = (uint32_t)element;
	v->instance_index = args->first_instance + instance;
	return ember_vertex_fetch(st, mem, element, instance, args->first_instance,
				  &v->inputs, fault);
}

/* The vertices from @pos up to the next restart (or the draw's end). */
static int run_length(const struct ember_draw_state *st,
		      const struct ember_draw_mem *mem,
		      const struct ember_draw_args *args,
		      const struct ember_draw_sink *sink, uint64_t *scanned,
		      uint32_t pos, uint32_t *n, struct ember_draw_fault *fault)
{
	uint32_t end = pos;

	if (!args->indexed || !st->primitive_restart) {
		*n = args->count - pos;
		return 0;
	}
	for (; end < args->count; end++) {
		uint32_t index;
		bool restart;
		int ret = 0;

		if (sink->checkpoint && ++*scanned % EMBER_DRAW_CHECKPOINT_INDICES == 0)
			ret = sink->checkpoint(sink->ctx);
		if (!ret)
			ret = ember_index_fetch(st, mem, (uint64_t)args->first + end,
						&index, &restart, fault);
		if (ret)
			return ret;
		if (restart)
			break;
	}
	*n = end - pos;
	return 0;
}

static int draw_run_prims(const struct ember_draw_state *st,
			  const struct ember_draw_mem *mem,
			  const struct ember_draw_args *args,
			  const struct ember_draw_sink *sink, uint32_t instance,
			  uint32_t pos, uint32_t n, struct ember_draw_fault *fault)
{
	bool last = st->backend.raster.provoking_vertex == EMBER_PROVOKING_LAST;
	uint32_t prims = ember_prim_count(st->topology, n);

	for (uint32_t i = 0; i < prims; i++) {
		struct ember_draw_vertex v[3];
		struct ember_assembled_prim p;
		int ret;

		ember_prim_get(st->topology, last, n, i, &p);
		for (unsigned int k = 0; k < p.count; k++) {
			ret = vertex_at(st, mem, args, pos + p.v[k], instance, &v[k], fault);
			if (ret)
				return ret;
		}
		ret = sink->primitive(sink->ctx, args, &p, v);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_draw_run(const struct ember_draw_state *st,
		   const struct ember_draw_mem *mem,
		   const struct ember_draw_args *args,
		   const struct ember_draw_sink *sink,
		   struct ember_draw_fault *fault)
{
	uint64_t scanned = 0;

	for (uint32_t instance = 0; instance < args->instance_count; instance++) {
		uint32_t pos = 0;

		if (sink->checkpoint) {
			int ret = sink->checkpoint(sink->ctx);

			if (ret)
				return ret;
		}
		while (pos < args->count) {
			uint32_t n;
			int ret = run_length(st, mem, args, sink, &scanned, pos, &n, fault);

			if (!ret && sink->vertices)
				*sink->vertices += n;
			if (!ret)
				ret = draw_run_prims(st, mem, args, sink, instance, pos, n,
						     fault);
			if (ret)
				return ret;
			/* Skip the restart index; never wraps: pos + n < count. */
			if (n >= args->count - pos)
				break;
			pos += n + 1;
		}
	}
	return 0;
}
