/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Vertex attribute and index fetch (vertex_fetch.h), with Vulkan's
 * address calculation and robustness rules.
 */

#include "vertex_fetch.h"

#include <string.h>

/* The element a binding's attribute reads for this vertex; false: none. */
static bool element_of(const struct ember_draw_vertex_binding *b,
		       int64_t vertex_index, uint32_t instance,
		       uint32_t first_instance, uint64_t *element)
{
	if (!b->per_instance) {
		if (vertex_index < 0)
			return false;
		*element = (uint64_t)vertex_index;
	} else if (!b->divisor) {
		*element = first_instance;
	} else {
		*element = (uint64_t)first_instance + instance / b->divisor;
	}
	return true;
}

/*
 * Whether @size bytes at @offset lie inside the binding: Vulkan's
 * robustness rule counts only whole strides of the range.
 */
static bool in_range(const struct ember_draw_vertex_binding *b, uint64_t offset,
		     uint32_t size)
{
	uint64_t range = b->stride ? b->range - b->range % b->stride : b->range;

	return offset <= range && size <= range - offset;
}

int ember_vertex_fetch(const struct ember_draw_state *st,
		       const struct ember_draw_mem *mem, int64_t vertex_index,
		       uint32_t instance, uint32_t first_instance,
		       struct ember_vertex_inputs *out,
		       struct ember_draw_fault *fault)
{
	out->location_mask = 0;
	for (uint32_t a = 0; a < st->attribute_count; a++) {
		const struct ember_draw_vertex_attribute *at = &st->attribute[a];
		const struct ember_draw_vertex_binding *b = &st->binding[at->binding];
		uint8_t bytes[EMBER_VERTEX_MAX_BYTES] = { 0 };
		uint64_t element, offset;

		/* element < 2^34 and stride <= 4096: no overflow. */
		if (element_of(b, vertex_index, instance, first_instance, &element)) {
			offset = element * b->stride + at->offset;
			if (in_range(b, offset, at->format.bytes)) {
				int ret = ember_draw_read(mem, b->va + offset, bytes,
							  at->format.bytes, fault);

				if (ret)
					return ret;
			}
		}
		ember_vertex_format_decode(&at->format, bytes, out->lanes[at->location]);
		out->location_mask |= 1u << at->location;
	}
	return 0;
}

int ember_index_fetch(const struct ember_draw_state *st,
		      const struct ember_draw_mem *mem, uint64_t k,
		      uint32_t *index, bool *restart,
		      struct ember_draw_fault *fault)
{
	uint32_t size = st->index_size;
	uint8_t bytes[4] = { 0 };
	uint64_t offset = k * size;	/* k < 2^33: exact */
	uint32_t value = 0;

	if (offset <= st->index_range && size <= st->index_range - offset) {
		int ret = ember_draw_read(mem, st->index_buffer + offset, bytes, size,
					  fault);

		if (ret)
			return ret;
	}
	for (uint32_t b = 0; b < size; b++)
		value |= (uint32_t)bytes[b] << (8 * b);
	*index = value;
	*restart = st->primitive_restart &&
		   value == (size == 4 ? 0xffffffffu : (1u << (8 * size)) - 1);
	return 0;
}
