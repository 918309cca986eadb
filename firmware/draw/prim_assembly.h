/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Primitive assembly
 *
 * The primitives of a run of n vertices (a whole instance, or the part of
 * it between primitive restarts) for the ten topologies of
 * VkPrimitiveTopology 0..9, as the Vulkan specification's "Primitive
 * Topologies" equations define them. Random access: primitive i of a run
 * is computed from (topology, n, i) alone, so a draw can be split
 * anywhere and its primitives assembled in any order while keeping
 * primitive order.
 *
 * Each primitive gives its vertices as positions in the run: the spec's
 * whole p_i (adjacency included) and the vertices the rasterizer takes (a
 * triangle's 1st, 3rd and 5th with adjacency, a line's 2nd and 3rd).
 * Triangles are rotated cyclically so that the provoking vertex is first
 * (PROVOKING_FIRST) or last (PROVOKING_LAST): a rotation keeps the
 * winding, and it is the order VK_KHR_fragment_shader_barycentric gives
 * for the last-vertex mode. Lines keep their order; the provoking vertex
 * is the first or the second.
 */

#ifndef EMBER_DRAW_PRIM_ASSEMBLY_H
#define EMBER_DRAW_PRIM_ASSEMBLY_H

#include <stdbool.h>
#include <stdint.h>

struct ember_assembled_prim {
	uint8_t kind;		/* enum ember_prim_kind (raster.h) */
	uint8_t count;		/* vertices rasterized: 1, 2 or 3 */
	uint8_t provoking;	/* its index in v[] */
	uint32_t v[3];		/* positions in the run, rasterizer order */
	uint8_t full_count;	/* 4 or 6 with adjacency, else count */
	uint32_t full[6];	/* the specification's p_i, in its order */
};

/* Primitives in a run of @n vertices of @topology (enum ember_topology). */
uint32_t ember_prim_count(unsigned int topology, uint32_t n);

/* Primitive @i (< ember_prim_count()) of a run of @n vertices. */
void ember_prim_get(unsigned int topology, bool provoking_last, uint32_t n,
		    uint32_t i, struct ember_assembled_prim *p);

#endif /* EMBER_DRAW_PRIM_ASSEMBLY_H */
