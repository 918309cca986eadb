/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The post-transform vertex cache
 *
 * The vertices of a batch of primitives, shaded once each. A vertex is
 * known by its VertexIndex and InstanceIndex (the vertex shader sees
 * nothing else that differs between vertices: its inputs are fetched
 * from them), so neighbouring primitives of a strip, a fan or an indexed
 * mesh share their shaded vertices. New vertices wait in the next vertex
 * wave; a wave of 32 runs as soon as it is full, the last partial one
 * when the batch is rasterized (ember_vertex_cache_shade()). The batch
 * holds at most EMBER_VERTEX_CACHE_SIZE vertices; the pipeline rasterizes
 * and empties it before it would overflow.
 *
 * A shaded vertex keeps its position, point size, layer, clip and cull
 * distances and the output slots the fragment shader reads (@out_slots dwords).
 */

#ifndef EMBER_DRAW_VERTEX_CACHE_H
#define EMBER_DRAW_VERTEX_CACHE_H

#include "draw_run.h"
#include "shader/gfx_wave.h"

#define EMBER_VERTEX_CACHE_SIZE		256

struct ember_shaded_vertex {
	float pos[4];
	float point_size;
	uint32_t layer;
	uint32_t viewport_index;
	float clip[EMBER_ISA_MAX_CLIP_CULL];
	float cull[EMBER_ISA_MAX_CLIP_CULL];
};

struct ember_vertex_cache {
	struct sc_group *core;		/* the vertex shader's */
	unsigned int in_slots;		/* the vertex shader's input slots */
	unsigned int out_slots;		/* slots kept per vertex */
	unsigned int clip_count, cull_count;
	uint32_t count;			/* vertices in the batch */
	uint32_t shaded;		/* vertices [0, shaded) are shaded */
	uint64_t invocations;		/* vertex shader invocations, never reset */
	uint32_t key_vertex[EMBER_VERTEX_CACHE_SIZE];
	uint32_t key_instance[EMBER_VERTEX_CACHE_SIZE];
	/* Open addressing over the keys: index + 1, 0 for empty. */
	uint16_t hash[2 * EMBER_VERTEX_CACHE_SIZE];
	struct ember_shaded_vertex vertex[EMBER_VERTEX_CACHE_SIZE];
	uint32_t *slots;		/* out_slots dwords per vertex */
	/* The wave being filled: lane l is vertex shaded + l. */
	struct sc_vertex_wave_in in;
	uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	struct sc_vertex_wave_out out;
};

/*
 * A cache for @core's program keeping @out_slots slots and its clip and
 * cull distances: false without memory.
 */
bool ember_vertex_cache_init(struct ember_vertex_cache *c, struct sc_group *core,
			     unsigned int out_slots);
void ember_vertex_cache_fini(struct ember_vertex_cache *c);

/* Room for @n more vertices in the batch. */
bool ember_vertex_cache_room(const struct ember_vertex_cache *c, unsigned int n);

/*
 * The cache index of @v (added if new; room must have been checked): 0,
 * or the result of a vertex wave it ran (sc_vertex_wave_run()).
 */
int ember_vertex_cache_add(struct ember_vertex_cache *c, const struct ember_draw_vertex *v,
			   uint32_t *index);

/* Shade the waiting vertices: 0 or sc_vertex_wave_run()'s error. */
int ember_vertex_cache_shade(struct ember_vertex_cache *c);

/* Empty the batch. */
void ember_vertex_cache_reset(struct ember_vertex_cache *c);

static inline const uint32_t *ember_vertex_cache_slots(const struct ember_vertex_cache *c,
						       uint32_t index)
{
	return c->slots + (size_t)index * c->out_slots;
}

#endif /* EMBER_DRAW_VERTEX_CACHE_H */
