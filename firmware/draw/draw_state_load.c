/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ember_draw_state_load() (draw_state.h): read the root, then each block
 * it names, through the draw's memory, and decode them in the order their
 * dependencies need (the root gives the viewport count, the targets the
 * blend block's length). Blocks are read whole before they are decoded,
 * so a block whose dwords do not all translate faults at the first that
 * does not, before any of it is used.
 */

#include <endian.h>

#include "draw_state.h"

/* The largest block: the vertex input with every binding and attribute. */
#define MAX_BLOCK_DWORDS	(EMBER_GFX_VERTEX_INPUT_DWORDS +			\
				 EMBER_GFX_MAX_VERTEX_BINDINGS * EMBER_GFX_VERTEX_BINDING_DWORDS + \
				 EMBER_GFX_MAX_VERTEX_ATTRIBUTES * EMBER_GFX_VERTEX_ATTRIBUTE_DWORDS)

static int read_block(const struct ember_draw_mem *mem, uint64_t va, uint32_t dwords,
		      uint32_t *dw, struct ember_draw_fault *fault)
{
	int ret = ember_draw_read(mem, va, dw, 4ull * dwords, fault);

	for (uint32_t i = 0; !ret && i < dwords; i++)
		dw[i] = le32toh(dw[i]);
	return ret;
}

/* The header's dwords, then the whole block once its length is known. */
static int read_variable_block(const struct ember_draw_mem *mem, uint64_t va,
			       uint32_t header_dwords, uint32_t (*length)(const uint32_t *),
			       uint32_t *dw, struct ember_draw_fault *fault)
{
	int ret = read_block(mem, va, header_dwords, dw, fault);

	if (ret)
		return ret;
	return read_block(mem, va, length(dw), dw, fault);
}

static uint32_t vertex_input_length(const uint32_t *dw)
{
	struct ember_gfx_vertex_input h;

	ember_gfx_vertex_input_unpack(dw, &h);
	/* Out-of-range counts are refused by the decoder: read the header only. */
	if (h.binding_count > EMBER_GFX_MAX_VERTEX_BINDINGS ||
	    h.attribute_count > EMBER_GFX_MAX_VERTEX_ATTRIBUTES)
		return EMBER_GFX_VERTEX_INPUT_DWORDS;
	return ember_draw_vertex_input_dwords(h.binding_count, h.attribute_count);
}

static uint32_t targets_length(const uint32_t *dw)
{
	struct ember_gfx_targets t;

	ember_gfx_targets_unpack(dw, &t);
	if (t.color_count > EMBER_GFX_MAX_COLOR_ATTACHMENTS)
		return EMBER_GFX_TARGETS_DWORDS;
	return ember_draw_targets_dwords(t.color_count);
}

int ember_draw_state_load(const struct ember_draw_mem *mem, uint64_t root_va,
			  bool indexed, struct ember_draw_state *st,
			  struct ember_draw_fault *fault)
{
	uint32_t dw[MAX_BLOCK_DWORDS];
	struct ember_gfx_state root;
	int ret;

	ember_draw_state_defaults(st);
	if (root_va & (EMBER_GFX_STATE_ALIGN - 1))
		return ember_draw_bad_packet(fault);
	ret = read_block(mem, root_va, EMBER_GFX_STATE_DWORDS, dw, fault);
	if (ret)
		return ret;
	ret = ember_draw_decode_root(dw, root_va, st, fault);
	if (ret)
		return ret;
	/* The index size lives in dword 22. */
	if (indexed && !st->index_size)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, root_va, 22);
	ember_gfx_state_unpack(dw, &root);

	if (root.vertex_input) {
		ret = read_variable_block(mem, root.vertex_input, EMBER_GFX_VERTEX_INPUT_DWORDS,
					  vertex_input_length, dw, fault);
		if (!ret)
			ret = ember_draw_decode_vertex_input(dw, root.vertex_input, st, fault);
		if (ret)
			return ret;
	}

	ret = read_block(mem, root.viewports, st->viewport_count * EMBER_GFX_VIEWPORT_DWORDS,
			 dw, fault);
	if (!ret)
		ret = ember_draw_decode_viewports(dw, root.viewports, st, fault);
	if (ret)
		return ret;

	ret = read_block(mem, root.raster, EMBER_GFX_RASTER_DWORDS, dw, fault);
	if (!ret)
		ret = ember_draw_decode_raster(dw, root.raster, st, fault);
	if (ret)
		return ret;

	if (root.depth_stencil) {
		ret = read_block(mem, root.depth_stencil, EMBER_GFX_DEPTH_STENCIL_DWORDS,
				 dw, fault);
		if (!ret)
			ret = ember_draw_decode_depth_stencil(dw, root.depth_stencil, st, fault);
		if (ret)
			return ret;
	}

	ret = read_variable_block(mem, root.targets, EMBER_GFX_TARGETS_DWORDS,
				  targets_length, dw, fault);
	if (!ret)
		ret = ember_draw_decode_targets(dw, root.targets, st, fault);
	if (ret)
		return ret;

	if (root.blend) {
		ret = read_block(mem, root.blend, EMBER_GFX_BLEND_DWORDS + st->color_count,
				 dw, fault);
		if (!ret)
			ret = ember_draw_decode_blend(dw, root.blend, st, fault);
	}
	return ret;
}
