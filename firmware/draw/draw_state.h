/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A draw's state, decoded and checked
 *
 * The state blocks of ember_gfx_hw.h (ember-hw.rst, "Draws") become one
 * struct ember_draw_state: the back end's own structs (raster_state.h)
 * for what the rasterizer and the fragment operations need, and the
 * front end's for the rest (shaders, vertex input, index buffer, input
 * assembly, viewports and scissors, multiview, the attachments).
 *
 * ember_draw_state_load() reads the root and every block it names through
 * the draw's memory and checks every field; the first bad one is a
 * BAD_STATE fault naming its block and dword, an unreadable block a
 * translation or permission fault at its address. The decoders are split
 * by block (draw_state_decode.c: the fixed-function blocks;
 * draw_vertex_input.c: the vertex input) and take the block's dwords, so
 * tests and the fuzzer can feed them directly.
 *
 * The attachments are kept as the contract gives them (image descriptor
 * VAs, levels, layers): the pipeline glue reads and checks the image
 * descriptors when it maps render targets (issue 13).
 */

#ifndef EMBER_DRAW_STATE_H
#define EMBER_DRAW_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "draw_memory.h"
#include "raster_state.h"
#include "vertex_format.h"

/* VkPrimitiveTopology. */
enum ember_topology {
	EMBER_TOPOLOGY_POINT_LIST,
	EMBER_TOPOLOGY_LINE_LIST,
	EMBER_TOPOLOGY_LINE_STRIP,
	EMBER_TOPOLOGY_TRIANGLE_LIST,
	EMBER_TOPOLOGY_TRIANGLE_STRIP,
	EMBER_TOPOLOGY_TRIANGLE_FAN,
	EMBER_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
	EMBER_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
	EMBER_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
	EMBER_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
	EMBER_TOPOLOGY_COUNT
};

/* VkPolygonMode. */
enum ember_polygon_mode { EMBER_POLYGON_FILL, EMBER_POLYGON_LINE,
			  EMBER_POLYGON_POINT };

struct ember_draw_vertex_binding {
	uint64_t va, range;
	uint32_t stride;
	bool per_instance;
	uint32_t divisor;
};

struct ember_draw_vertex_attribute {
	uint32_t location, binding, offset;
	struct ember_vertex_format format;
};

struct ember_draw_attachment {
	uint64_t image;		/* image descriptor VA; 0: unused */
	uint32_t level, base_layer;
};

struct ember_draw_state {
	uint64_t vs, fs, desc_table;

	uint32_t binding_count, attribute_count;
	struct ember_draw_vertex_binding binding[EMBER_GFX_MAX_VERTEX_BINDINGS];
	struct ember_draw_vertex_attribute attribute[EMBER_GFX_MAX_VERTEX_ATTRIBUTES];

	uint64_t index_buffer, index_range;
	uint32_t index_size;		/* 1, 2, 4; 0: no index buffer */
	uint8_t topology;		/* enum ember_topology */
	bool primitive_restart;

	uint32_t viewport_count;
	struct ember_viewport viewport[EMBER_GFX_MAX_VIEWPORTS];
	struct ember_rect scissor[EMBER_GFX_MAX_VIEWPORTS];

	uint8_t polygon_mode;		/* enum ember_polygon_mode */
	bool rasterizer_discard;
	bool sample_shading;
	float min_sample_shading;
	uint32_t view_mask;

	/* Viewport and scissor 0 in it; the rest as the blocks say. */
	struct ember_backend_state backend;

	uint32_t width, height, layers;
	uint32_t color_count;
	struct ember_draw_attachment color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	struct ember_draw_attachment depth_stencil;
};

/*
 * Read and check the state whose root is at @root_va: 0, or the fault
 * (BAD_STATE, TRANSLATION, PERMISSION) in @fault. @indexed: the draw
 * reads the index buffer, so it must have one.
 */
int ember_draw_state_load(const struct ember_draw_mem *mem, uint64_t root_va,
			  bool indexed, struct ember_draw_state *st,
			  struct ember_draw_fault *fault);

/*
 * The decoders of the blocks (@dw: the block's CPU-order dwords read from
 * @va; @count where the block has a variable length): 0, or BAD_STATE in
 * @fault. Root first: it says how many viewports there are.
 */
int ember_draw_decode_root(const uint32_t dw[EMBER_GFX_STATE_DWORDS], uint64_t va,
			   struct ember_draw_state *st, struct ember_draw_fault *fault);
int ember_draw_decode_viewports(const uint32_t *dw, uint64_t va,
				struct ember_draw_state *st,
				struct ember_draw_fault *fault);
int ember_draw_decode_raster(const uint32_t dw[EMBER_GFX_RASTER_DWORDS], uint64_t va,
			     struct ember_draw_state *st, struct ember_draw_fault *fault);
int ember_draw_decode_depth_stencil(const uint32_t dw[EMBER_GFX_DEPTH_STENCIL_DWORDS],
				    uint64_t va, struct ember_draw_state *st,
				    struct ember_draw_fault *fault);
/* The targets first: the blend block has one dword per colour attachment. */
int ember_draw_decode_targets(const uint32_t *dw, uint64_t va,
			      struct ember_draw_state *st,
			      struct ember_draw_fault *fault);
int ember_draw_decode_blend(const uint32_t *dw, uint64_t va,
			    struct ember_draw_state *st, struct ember_draw_fault *fault);
int ember_draw_decode_vertex_input(const uint32_t *dw, uint64_t va,
				   struct ember_draw_state *st,
				   struct ember_draw_fault *fault);

/* Dword counts of the variable blocks, from their headers. */
uint32_t ember_draw_targets_dwords(uint32_t color_count);
uint32_t ember_draw_vertex_input_dwords(uint32_t binding_count,
					uint32_t attribute_count);

/* The state with nothing bound: what blocks at VA 0 mean. */
void ember_draw_state_defaults(struct ember_draw_state *st);

#endif /* EMBER_DRAW_STATE_H */
