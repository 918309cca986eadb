/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The vertex input block (draw_state.h): the header, the bindings
 * (binding n is the n-th), the attributes, each field checked
 * (ember-hw.rst, "State blocks"); dwords are counted from the header.
 */

#include "draw_block.h"
#include "draw_state.h"

#define BINDING_DWORD(b)	(EMBER_GFX_VERTEX_INPUT_DWORDS + (b) * EMBER_GFX_VERTEX_BINDING_DWORDS)

uint32_t ember_draw_vertex_input_dwords(uint32_t binding_count,
					uint32_t attribute_count)
{
	return BINDING_DWORD(binding_count) +
	       attribute_count * EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS;
}

static int decode_binding(const uint32_t *dw, uint64_t va, uint32_t b,
			  struct ember_draw_vertex_binding *out,
			  struct ember_draw_fault *fault)
{
	const uint32_t first = BINDING_DWORD(b);
	uint32_t defined[EMBER_GFX_VERTEX_BINDING_DWORDS];
	struct ember_gfx_vertex_binding vb;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_vertex_binding, defined, all_.reserved = 0);
	bad = ember_draw_reserved_dword(dw + first, defined,
					EMBER_GFX_VERTEX_BINDING_DWORDS);
	ember_gfx_vertex_binding_unpack(dw + first, &vb);
	if (vb.stride > EMBER_GFX_MAX_VERTEX_STRIDE)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first + 4);
	if (bad == 5)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first + 5);
	/* A per-vertex binding has no divisor: Vulkan's default of 1. */
	if (!vb.input_rate && vb.divisor != 1)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first + 6);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va,
					    first + (uint32_t)bad);
	*out = (struct ember_draw_vertex_binding) {
		.va = vb.va, .range = vb.range, .stride = vb.stride,
		.per_instance = vb.input_rate, .divisor = vb.divisor,
	};
	return 0;
}

static int decode_attribute(const uint32_t *dw, uint64_t va, uint32_t a,
			    uint32_t *locations_used, struct ember_draw_state *st,
			    struct ember_draw_fault *fault)
{
	const uint32_t first = BINDING_DWORD(st->binding_count) +
			       a * EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS;
	uint32_t defined[EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS];
	struct ember_draw_vertex_attribute *out = &st->attribute[a];
	struct ember_gfx_vertex_attribute at;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_vertex_attribute, defined, all_.reserved = 0);
	bad = ember_draw_reserved_dword(dw + first, defined,
					EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS);
	ember_gfx_vertex_attribute_unpack(dw + first, &at);
	if (bad == 0 || at.location >= EMBER_GFX_MAX_VERTEX_ATTRIBUTES ||
	    (*locations_used >> at.location & 1) || at.binding >= st->binding_count)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first);
	if (!ember_vertex_format_get(at.format, &out->format))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first + 1);
	if (at.offset > EMBER_GFX_MAX_ATTRIBUTE_OFFSET)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, first + 2);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va,
					    first + (uint32_t)bad);
	*locations_used |= 1u << at.location;
	out->location = at.location;
	out->binding = at.binding;
	out->offset = at.offset;
	return 0;
}

int ember_draw_decode_vertex_input(const uint32_t *dw, uint64_t va,
				   struct ember_draw_state *st,
				   struct ember_draw_fault *fault)
{
	uint32_t defined[EMBER_GFX_VERTEX_INPUT_DWORDS];
	struct ember_gfx_vertex_input h;
	uint32_t locations_used = 0;
	int bad, ret;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_vertex_input, defined,
				memset(all_.reserved, 0, sizeof(all_.reserved)));
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_VERTEX_INPUT_DWORDS);
	ember_gfx_vertex_input_unpack(dw, &h);
	if (bad == 0 || h.binding_count > EMBER_GFX_MAX_VERTEX_BINDINGS ||
	    h.attribute_count > EMBER_GFX_MAX_VERTEX_ATTRIBUTES)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va, 0);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VERTEX_INPUT, va,
					    (uint32_t)bad);

	st->binding_count = h.binding_count;
	st->attribute_count = h.attribute_count;
	for (uint32_t b = 0; b < h.binding_count; b++) {
		ret = decode_binding(dw, va, b, &st->binding[b], fault);
		if (ret)
			return ret;
	}
	for (uint32_t a = 0; a < h.attribute_count; a++) {
		ret = decode_attribute(dw, va, a, &locations_used, st, fault);
		if (ret)
			return ret;
	}
	return 0;
}
