/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A valid graphics state written into a test address space the way a
 * driver would, with the contract's pack helpers: every block, two
 * vertex bindings and three attributes, two viewports, two colour
 * attachments and a depth/stencil one. Tests and the fuzzer change it
 * from there.
 */

#ifndef EMBER_DRAW_TEST_STATE_H
#define EMBER_DRAW_TEST_STATE_H

#include "draw_test_mem.h"
#include "ember_gfx_hw.h"

#define TS_ROOT		0x10000ull
#define TS_VERTEX_INPUT	0x10100ull
#define TS_VIEWPORTS	0x10300ull
#define TS_RASTER	0x10400ull
#define TS_DEPTH_STENCIL 0x10440ull
#define TS_BLEND	0x10480ull
#define TS_TARGETS	0x10500ull
#define TS_SIZE		0x1000ull
#define TS_VB		0x20000ull
#define TS_IB		0x30000ull

struct test_state {
	struct ember_gfx_state root;
	struct ember_gfx_vertex_input vi;
	struct ember_gfx_vertex_binding binding[2];
	struct ember_gfx_vertex_attribute attribute[3];
	struct ember_gfx_viewport viewport[2];
	struct ember_gfx_raster raster;
	struct ember_gfx_depth_stencil ds;
	struct ember_gfx_blend blend;
	struct ember_gfx_blend_attachment blend_att[2];
	struct ember_gfx_targets targets;
	struct ember_gfx_attachment att[3];
};

/* The valid state's fields. */
void test_state_default(struct test_state *ts);
/* Map TS_ROOT.. (and a vertex and an index buffer) and write @ts there. */
void test_state_write(struct test_mem *tm, const struct test_state *ts);

#endif /* EMBER_DRAW_TEST_STATE_H */
