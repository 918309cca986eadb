/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The tests' valid graphics state (draw_test_state.h). */

#include "draw_test_state.h"

#include <string.h>

void test_state_default(struct test_state *ts)
{
	memset(ts, 0, sizeof(*ts));
	ts->root = (struct ember_gfx_state) {
		.vs = 0x40000, .fs = 0x41000, .desc_table = 0x42000,
		.vertex_input = TS_VERTEX_INPUT, .viewports = TS_VIEWPORTS,
		.raster = TS_RASTER, .depth_stencil = TS_DEPTH_STENCIL,
		.blend = TS_BLEND, .targets = TS_TARGETS,
		.index_buffer = TS_IB, .index_range = 64,
		.topology = 4, .primitive_restart = 1, .index_size = 2,
		.viewport_count = 2, .view_mask = 0,
	};
	ts->vi = (struct ember_gfx_vertex_input) { .binding_count = 2, .attribute_count = 3 };
	ts->binding[0] = (struct ember_gfx_vertex_binding) {
		.va = TS_VB, .range = 256, .stride = 16, .input_rate = 0, .divisor = 1,
	};
	ts->binding[1] = (struct ember_gfx_vertex_binding) {
		.va = TS_VB + 256, .range = 64, .stride = 4, .input_rate = 1, .divisor = 3,
	};
	ts->attribute[0] = (struct ember_gfx_vertex_attribute) {
		.location = 0, .binding = 0, .format = 106, .offset = 0,	/* RGB32F */
	};
	ts->attribute[1] = (struct ember_gfx_vertex_attribute) {
		.location = 3, .binding = 0, .format = 37, .offset = 12,	/* RGBA8 */
	};
	ts->attribute[2] = (struct ember_gfx_vertex_attribute) {
		.location = 7, .binding = 1, .format = 98, .offset = 0,	/* R32_UINT */
	};
	ts->viewport[0] = (struct ember_gfx_viewport) {
		.x = 0, .y = 64, .width = 64, .height = -64, .min_depth = 0, .max_depth = 1,
		.scissor_x = 0, .scissor_y = 0, .scissor_width = 64, .scissor_height = 64,
	};
	ts->viewport[1] = (struct ember_gfx_viewport) {
		.x = 8, .y = 8, .width = 16, .height = 16, .min_depth = 1, .max_depth = 0,
		.scissor_x = 4, .scissor_y = 4, .scissor_width = 8, .scissor_height = 8,
	};
	ts->raster = (struct ember_gfx_raster) {
		.cull_mode = 2, .front_face = 1, .polygon_mode = 0, .provoking_vertex = 1,
		.depth_clip_enable = 1, .depth_bias_enable = 1, .line_width = 1.0f,
		.depth_bias_constant = 2.0f, .depth_bias_clamp = 0.5f,
		.depth_bias_slope = 1.5f, .samples = 4, .alpha_to_coverage = 1,
		.sample_mask = 0xb, .min_sample_shading = 0.25f, .sample_shading = 1,
	};
	ts->ds = (struct ember_gfx_depth_stencil) {
		.depth_test = 1, .depth_write = 1, .depth_compare_op = 1,
		.depth_bounds_test = 1, .min_depth_bounds = 0.25f, .max_depth_bounds = 0.75f,
		.stencil_test = 1,
		.front_fail_op = 1, .front_pass_op = 2, .front_depth_fail_op = 3,
		.front_compare_op = 7, .front_compare_mask = 0xf0, .front_write_mask = 0x0f,
		.front_reference = 0x55,
		.back_fail_op = 7, .back_pass_op = 6, .back_depth_fail_op = 5,
		.back_compare_op = 2, .back_compare_mask = 0xff, .back_write_mask = 0x80,
		.back_reference = 0xaa,
	};
	ts->blend = (struct ember_gfx_blend) {
		.logic_op_enable = 0, .logic_op = 6,
		.constants = { 0.25f, 0.5f, 0.75f, 1.0f },
	};
	ts->blend_att[0] = (struct ember_gfx_blend_attachment) {
		.blend_enable = 1, .src_color = 15, .dst_color = 16, .color_op = 0,
		.src_alpha = 1, .dst_alpha = 0, .alpha_op = 4, .write_mask = 0xf,
	};
	ts->blend_att[1] = (struct ember_gfx_blend_attachment) {
		.blend_enable = 0, .src_color = 6, .dst_color = 7, .color_op = 1,
		.src_alpha = 6, .dst_alpha = 7, .alpha_op = 2, .write_mask = 0x5,
	};
	ts->targets = (struct ember_gfx_targets) {
		.color_count = 2, .width = 64, .height = 64, .layers = 1,
	};
	ts->att[0] = (struct ember_gfx_attachment) { .image = 0x50000, .level = 0 };
	ts->att[1] = (struct ember_gfx_attachment) { .image = 0 };	/* unused */
	ts->att[2] = (struct ember_gfx_attachment) { .image = 0x50040, .level = 1,
						      .base_layer = 2 };
}

void test_state_write(struct test_mem *tm, const struct test_state *ts)
{
	uint32_t dw[64];
	unsigned int bindings;

	test_mem_map(tm, TS_ROOT, TS_SIZE);
	test_mem_map(tm, TS_VB, 512);
	test_mem_map(tm, TS_IB, 64);

	ember_gfx_state_pack(dw, &ts->root);
	test_mem_write_dwords(tm, TS_ROOT, dw, EMBER_GFX_STATE_DWORDS);

	/* The attributes follow the bindings the header counts (at most 2 here). */
	bindings = ts->vi.binding_count < 2 ? ts->vi.binding_count : 2;
	memset(dw, 0, sizeof(dw));
	ember_gfx_vertex_input_pack(dw, &ts->vi);
	for (unsigned int b = 0; b < bindings; b++)
		ember_gfx_vertex_binding_pack(dw + 4 + 8 * b, &ts->binding[b]);
	for (unsigned int a = 0; a < 3; a++)
		ember_gfx_vertex_attribute_pack(dw + 4 + 8 * bindings + 4 * a, &ts->attribute[a]);
	test_mem_write_dwords(tm, TS_VERTEX_INPUT, dw, 32);

	for (unsigned int v = 0; v < 2; v++)
		ember_gfx_viewport_pack(dw + 12 * v, &ts->viewport[v]);
	test_mem_write_dwords(tm, TS_VIEWPORTS, dw, 24);

	ember_gfx_raster_pack(dw, &ts->raster);
	test_mem_write_dwords(tm, TS_RASTER, dw, EMBER_GFX_RASTER_DWORDS);

	ember_gfx_depth_stencil_pack(dw, &ts->ds);
	test_mem_write_dwords(tm, TS_DEPTH_STENCIL, dw, EMBER_GFX_DEPTH_STENCIL_DWORDS);

	ember_gfx_blend_pack(dw, &ts->blend);
	for (unsigned int a = 0; a < 2; a++)
		ember_gfx_blend_attachment_pack(dw + 8 + a, &ts->blend_att[a]);
	test_mem_write_dwords(tm, TS_BLEND, dw, 10);

	ember_gfx_targets_pack(dw, &ts->targets);
	for (unsigned int a = 0; a < 3; a++)
		ember_gfx_attachment_pack(dw + 8 + 4 * a, &ts->att[a]);
	test_mem_write_dwords(tm, TS_TARGETS, dw, 20);
}
