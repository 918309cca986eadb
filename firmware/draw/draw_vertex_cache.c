/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The post-transform vertex cache and its vertex waves (draw_vertex_cache.h). */

#include "draw_vertex_cache.h"

#include <stdlib.h>
#include <string.h>

#define HASH_SLOTS	(2 * EMBER_VERTEX_CACHE_SIZE)

bool ember_vertex_cache_init(struct ember_vertex_cache *c, struct sc_group *core,
			     unsigned int out_slots)
{
	const struct ember_isa_header *h = &core->d->prog->header;

	memset(c, 0, sizeof(*c));
	c->core = core;
	c->in_slots = h->num_inputs * 4u;
	c->out_slots = out_slots;
	/* The header's counts: their sum is at most EMBER_ISA_MAX_CLIP_CULL. */
	c->clip_count = h->num_clip_distances;
	c->cull_count = h->num_cull_distances;
	c->in.inputs = (const uint32_t (*)[SC_LANES])c->inputs;
	c->slots = calloc((size_t)EMBER_VERTEX_CACHE_SIZE * (out_slots ? out_slots : 1), 4);
	return c->slots != NULL;
}

void ember_vertex_cache_fini(struct ember_vertex_cache *c)
{
	free(c->slots);
	c->slots = NULL;
}

bool ember_vertex_cache_room(const struct ember_vertex_cache *c, unsigned int n)
{
	return c->count + n <= EMBER_VERTEX_CACHE_SIZE;
}

void ember_vertex_cache_reset(struct ember_vertex_cache *c)
{
	c->count = 0;
	c->shaded = 0;
	c->in.count = 0;
	memset(c->hash, 0, sizeof(c->hash));
}

static unsigned int hash_of(uint32_t vertex, uint32_t instance)
{
	uint32_t h = vertex * 0x9e3779b1u ^ instance * 0x85ebca6bu;

	return (h ^ h >> 15) % HASH_SLOTS;
}

int ember_vertex_cache_shade(struct ember_vertex_cache *c)
{
	uint32_t n = c->in.count;
	int ret;

	if (!n)
		return 0;
	ret = sc_vertex_wave_run(c->core, &c->in, &c->out);
	if (ret)
		return ret;
	c->invocations += n;
	for (uint32_t l = 0; l < n; l++) {
		struct ember_shaded_vertex *v = &c->vertex[c->shaded + l];
		uint32_t *slots = c->slots + (size_t)(c->shaded + l) * c->out_slots;

		for (unsigned int k = 0; k < 4; k++)
			v->pos[k] = c->out.position[k][l];
		v->point_size = c->out.point_size[l];
		v->layer = c->out.layer[l];
		v->viewport_index = c->out.viewport_index[l];
		for (unsigned int k = 0; k < c->clip_count && k < EMBER_ISA_MAX_CLIP_CULL; k++)
			v->clip[k] = c->out.clip_distance[k][l];
		for (unsigned int k = 0; k < c->cull_count && k < EMBER_ISA_MAX_CLIP_CULL; k++)
			v->cull[k] = c->out.cull_distance[k][l];
		for (unsigned int s = 0; s < c->out_slots; s++)
			slots[s] = c->out.outputs[s][l];
	}
	c->shaded += n;
	c->in.count = 0;
	return 0;
}

/*
 * Lane @lane's input slots: location l's lanes from slot 4 l on (a 64-bit
 * vector's second half in the next location, as Vulkan counts them).
 */
static void put_inputs(struct ember_vertex_cache *c, unsigned int lane,
		       const struct ember_vertex_inputs *in)
{
	for (unsigned int s = 0; s < c->in_slots; s++)
		c->inputs[s][lane] = 0;
	for (unsigned int loc = 0; loc < EMBER_GFX_MAX_VERTEX_ATTRIBUTES; loc++) {
		if (!(in->location_mask & (1u << loc)))
			continue;
		/* Ascending: location l + 1's own attribute overwrites the spill. */
		for (unsigned int k = 0; k < EMBER_VERTEX_MAX_LANES; k++)
			if (4 * loc + k < c->in_slots)
				c->inputs[4 * loc + k][lane] = in->lanes[loc][k];
	}
}

int ember_vertex_cache_add(struct ember_vertex_cache *c, const struct ember_draw_vertex *v,
			   uint32_t *index)
{
	unsigned int h = hash_of(v->vertex_index, v->instance_index);
	uint32_t i, lane;

	for (;; h = (h + 1) % HASH_SLOTS) {
		if (!c->hash[h])
			break;
		i = c->hash[h] - 1u;
		if (c->key_vertex[i] == v->vertex_index &&
		    c->key_instance[i] == v->instance_index) {
			*index = i;
			return 0;
		}
	}
	i = c->count++;
	c->hash[h] = (uint16_t)(i + 1);
	c->key_vertex[i] = v->vertex_index;
	c->key_instance[i] = v->instance_index;
	lane = c->in.count++;
	c->in.vertex_index[lane] = v->vertex_index;
	c->in.instance_index[lane] = v->instance_index;
	put_inputs(c, lane, &v->inputs);
	*index = i;
	return c->in.count == SC_LANES ? ember_vertex_cache_shade(c) : 0;
}
