/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Vertex and index fetch
 *
 * The inputs of one vertex: every attribute of the state's vertex input,
 * read at Vulkan's address (ember-hw.rst, "Vertex fetch": the element is
 * the vertex index for a per-vertex binding; first_instance, or
 * first_instance + instance / divisor, for a per-instance one) and
 * converted into 32-bit lanes by vertex_format.h. All address arithmetic
 * is exact in 64 bits.
 *
 * Robustness: an attribute not wholly inside its binding's range (rounded
 * down to a whole number of strides) reads as zero bytes, so (0, 0, 0, 1)
 * for a vector input; one inside is read through the draw's memory, and a
 * byte that does not translate is a fault at its address. An index outside
 * the index buffer's range reads 0, which is never a restart.
 */

#ifndef EMBER_DRAW_VERTEX_FETCH_H
#define EMBER_DRAW_VERTEX_FETCH_H

#include <stdbool.h>
#include <stdint.h>

#include "draw_state.h"

struct ember_vertex_inputs {
	/* Bit l: location l has an attribute. */
	uint32_t location_mask;
	uint32_t lanes[EMBER_GFX_MAX_VERTEX_ATTRIBUTES][EMBER_VERTEX_MAX_LANES];
};

/*
 * The inputs of the vertex of element index @vertex_index (negative: out
 * of range) in instance @instance (0-based) of a draw starting at
 * @first_instance: 0, or a translation or permission fault.
 */
int ember_vertex_fetch(const struct ember_draw_state *st,
		       const struct ember_draw_mem *mem, int64_t vertex_index,
		       uint32_t instance, uint32_t first_instance,
		       struct ember_vertex_inputs *out,
		       struct ember_draw_fault *fault);

/*
 * Index @k of the index buffer (first_index + i, exact): 0 with *@index
 * and *@restart (the all-ones value with primitive restart enabled), or
 * a fault.
 */
int ember_index_fetch(const struct ember_draw_state *st,
		      const struct ember_draw_mem *mem, uint64_t k,
		      uint32_t *index, bool *restart,
		      struct ember_draw_fault *fault);

#endif /* EMBER_DRAW_VERTEX_FETCH_H */
