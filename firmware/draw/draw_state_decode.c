/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Decoders of the fixed-function state blocks (draw_state.h): the root,
 * viewports, raster, depth/stencil, blend and targets blocks, each
 * checked field by field (ember-hw.rst, "State blocks"). A bad field is
 * reported at the dword that holds it; fields are checked in dword order,
 * so the first bad dword is the one reported.
 */

#include "draw_block.h"
#include "draw_state.h"

#define VIEWPORT_BOUND	32768.0f
#define MAX_LAYERS	2048u
#define MAX_LEVEL	14u
#define INT32_LIMIT	0x7fffffffu

static bool block_va_ok(uint64_t va, bool required)
{
	if (!va)
		return !required;
	return (va & (EMBER_GFX_BLOCK_ALIGN - 1)) == 0;
}

void ember_draw_state_defaults(struct ember_draw_state *st)
{
	memset(st, 0, sizeof(*st));
	/* A missing depth/stencil block: every test off (all zeros). */
	/* A missing blend block: no blending, every component written. */
	for (unsigned int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
		st->backend.blend.attachment[i].write_mask = EMBER_WRITE_ALL;
	st->backend.ms.samples = 1;
	st->backend.ms.sample_mask = ~0u;
}

int ember_draw_decode_root(const uint32_t dw[EMBER_GFX_STATE_DWORDS], uint64_t va,
			   struct ember_draw_state *st, struct ember_draw_fault *fault)
{
	struct ember_gfx_state r;
	uint32_t defined[EMBER_GFX_STATE_DWORDS];
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_state, defined, (void)0);
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_STATE_DWORDS);
	ember_gfx_state_unpack(dw, &r);

	if (!r.vs)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 0);
	if (!block_va_ok(r.vertex_input, false))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 6);
	if (!block_va_ok(r.viewports, true))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 8);
	if (!block_va_ok(r.raster, true))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 10);
	if (!block_va_ok(r.depth_stencil, false))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 12);
	if (!block_va_ok(r.blend, false))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 14);
	if (!block_va_ok(r.targets, true))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 16);
	if (r.index_size && (r.index_buffer & (r.index_size - 1)))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 18);
	if (bad == 22 || r.topology >= EMBER_TOPOLOGY_COUNT ||
	    (r.index_size != 0 && r.index_size != 1 && r.index_size != 2 &&
	     r.index_size != 4) ||
	    r.viewport_count < 1 || r.viewport_count > EMBER_GFX_MAX_VIEWPORTS)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 22);
	if (r.view_mask >> EMBER_GFX_MAX_VIEWS)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_ROOT, va, 23);

	st->vs = r.vs;
	st->fs = r.fs;
	st->desc_table = r.desc_table;
	st->index_buffer = r.index_buffer;
	st->index_range = r.index_range;
	st->index_size = r.index_size;
	st->topology = r.topology;
	st->primitive_restart = r.primitive_restart;
	st->viewport_count = r.viewport_count;
	st->view_mask = r.view_mask;
	return 0;
}

static bool viewport_ok(const struct ember_gfx_viewport *v, int *bad)
{
	float x1 = v->x + v->width, y1 = v->y + v->height;

	/* Comparisons are false for NaN: every check refuses it. */
	if (!(v->x >= -VIEWPORT_BOUND && v->x < VIEWPORT_BOUND)) {
		*bad = 0;
	} else if (!(v->y >= -VIEWPORT_BOUND && v->y < VIEWPORT_BOUND)) {
		*bad = 1;
	} else if (!(v->width > 0.0f && v->width <= EMBER_GFX_MAX_VIEWPORT_DIM &&
		     x1 < VIEWPORT_BOUND)) {
		*bad = 2;
	} else if (!(v->height != 0.0f && fabsf(v->height) <= EMBER_GFX_MAX_VIEWPORT_DIM &&
		     y1 >= -VIEWPORT_BOUND && y1 < VIEWPORT_BOUND)) {
		*bad = 3;
	} else if (!ember_draw_in_unit(v->min_depth)) {
		*bad = 4;
	} else if (!ember_draw_in_unit(v->max_depth)) {
		*bad = 5;
	} else if (v->scissor_x > INT32_LIMIT) {
		*bad = 6;
	} else if (v->scissor_y > INT32_LIMIT) {
		*bad = 7;
	} else if (v->scissor_width > INT32_LIMIT - v->scissor_x) {
		*bad = 8;
	} else if (v->scissor_height > INT32_LIMIT - v->scissor_y) {
		*bad = 9;
	} else if (v->reserved[0] || v->reserved[1]) {
		*bad = v->reserved[0] ? 10 : 11;
	} else {
		return true;
	}
	return false;
}

int ember_draw_decode_viewports(const uint32_t *dw, uint64_t va,
				struct ember_draw_state *st,
				struct ember_draw_fault *fault)
{
	for (uint32_t i = 0; i < st->viewport_count; i++) {
		const uint32_t *v = dw + i * EMBER_GFX_VIEWPORT_DWORDS;
		struct ember_gfx_viewport vp;
		int bad;

		ember_gfx_viewport_unpack(v, &vp);
		if (!viewport_ok(&vp, &bad))
			return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_VIEWPORTS, va,
						    i * EMBER_GFX_VIEWPORT_DWORDS + (uint32_t)bad);
		st->viewport[i] = (struct ember_viewport) {
			.x = vp.x, .y = vp.y, .width = vp.width, .height = vp.height,
			.min_depth = vp.min_depth, .max_depth = vp.max_depth,
		};
		st->scissor[i] = (struct ember_rect) {
			.x = (int32_t)vp.scissor_x, .y = (int32_t)vp.scissor_y,
			.width = vp.scissor_width, .height = vp.scissor_height,
		};
	}
	st->backend.viewport = st->viewport[0];
	st->backend.scissor = st->scissor[0];
	return 0;
}

int ember_draw_decode_raster(const uint32_t dw[EMBER_GFX_RASTER_DWORDS], uint64_t va,
			     struct ember_draw_state *st, struct ember_draw_fault *fault)
{
	struct ember_rasterizer_state *rs = &st->backend.raster;
	struct ember_multisample_state *ms = &st->backend.ms;
	uint32_t defined[EMBER_GFX_RASTER_DWORDS];
	struct ember_gfx_raster r;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_raster, defined, (void)0);
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_RASTER_DWORDS);
	ember_gfx_raster_unpack(dw, &r);

	if (bad == 0 || r.polygon_mode > EMBER_POLYGON_POINT || r.line_mode ||
	    r.line_stipple)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 0);
	if (!isfinite(r.depth_bias_constant))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 2);
	if (!isfinite(r.depth_bias_clamp))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 3);
	if (!isfinite(r.depth_bias_slope))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 4);
	if (bad == 5 || (r.samples != 1 && r.samples != 4))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 5);
	if (!ember_draw_in_unit(r.min_sample_shading))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_RASTER, va, 7);

	*rs = (struct ember_rasterizer_state) {
		.cull_mode = r.cull_mode,
		.front_face = r.front_face,
		.provoking_vertex = r.provoking_vertex,
		.depth_clip_enable = r.depth_clip_enable,
		.depth_negative_one_to_one = r.depth_negative_one_to_one,
		.depth_clamp_enable = r.depth_clamp_enable,
		.depth_bias_enable = r.depth_bias_enable,
		.depth_bias_constant = r.depth_bias_constant,
		.depth_bias_clamp = r.depth_bias_clamp,
		.depth_bias_slope = r.depth_bias_slope,
		/* Any value: the rasterizer clamps it (ember-hw.rst, R11). */
		.line_width = r.line_width,
	};
	*ms = (struct ember_multisample_state) {
		.samples = r.samples,
		.sample_mask = r.sample_mask,
		.alpha_to_coverage = r.alpha_to_coverage,
		.alpha_to_one = r.alpha_to_one,
	};
	st->polygon_mode = r.polygon_mode;
	st->rasterizer_discard = r.rasterizer_discard;
	st->sample_shading = r.sample_shading;
	st->min_sample_shading = r.min_sample_shading;
	return 0;
}

int ember_draw_decode_depth_stencil(const uint32_t dw[EMBER_GFX_DEPTH_STENCIL_DWORDS],
				    uint64_t va, struct ember_draw_state *st,
				    struct ember_draw_fault *fault)
{
	uint32_t defined[EMBER_GFX_DEPTH_STENCIL_DWORDS];
	struct ember_gfx_depth_stencil d;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_depth_stencil, defined, all_.reserved = 0);
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_DEPTH_STENCIL_DWORDS);
	ember_gfx_depth_stencil_unpack(dw, &d);

	/* Every 3-bit compare and stencil op is a Vulkan value. */
	if (bad == 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_DEPTH_STENCIL, va, 0);
	if (!ember_draw_in_unit(d.min_depth_bounds))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_DEPTH_STENCIL, va, 1);
	if (!ember_draw_in_unit(d.max_depth_bounds))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_DEPTH_STENCIL, va, 2);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_DEPTH_STENCIL, va,
					    (uint32_t)bad);

	st->backend.ds = (struct ember_depth_stencil_state) {
		.depth_test_enable = d.depth_test,
		.depth_write_enable = d.depth_write,
		.depth_compare_op = d.depth_compare_op,
		.depth_bounds_test_enable = d.depth_bounds_test,
		.min_depth_bounds = d.min_depth_bounds,
		.max_depth_bounds = d.max_depth_bounds,
		.stencil_test_enable = d.stencil_test,
		.front = {
			.fail_op = d.front_fail_op, .pass_op = d.front_pass_op,
			.depth_fail_op = d.front_depth_fail_op,
			.compare_op = d.front_compare_op,
			.compare_mask = d.front_compare_mask,
			.write_mask = d.front_write_mask,
			.reference = d.front_reference,
		},
		.back = {
			.fail_op = d.back_fail_op, .pass_op = d.back_pass_op,
			.depth_fail_op = d.back_depth_fail_op,
			.compare_op = d.back_compare_op,
			.compare_mask = d.back_compare_mask,
			.write_mask = d.back_write_mask,
			.reference = d.back_reference,
		},
	};
	return 0;
}

uint32_t ember_draw_targets_dwords(uint32_t color_count)
{
	return EMBER_GFX_TARGETS_DWORDS + (color_count + 1) * EMBER_GFX_ATTACHMENT_DWORDS;
}

static int decode_attachment(const uint32_t *dw, uint64_t va, uint32_t first,
			     struct ember_draw_attachment *out,
			     struct ember_draw_fault *fault)
{
	uint32_t defined[EMBER_GFX_ATTACHMENT_DWORDS];
	struct ember_gfx_attachment a;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_attachment, defined, all_.reserved = 0);
	bad = ember_draw_reserved_dword(dw + first, defined, EMBER_GFX_ATTACHMENT_DWORDS);
	ember_gfx_attachment_unpack(dw + first, &a);
	if (a.image & (EMBER_GFX_BLOCK_ALIGN - 1))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, first);
	if (bad == 2 || a.level > MAX_LEVEL)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, first + 2);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va,
					    first + (uint32_t)bad);
	*out = (struct ember_draw_attachment) {
		.image = a.image, .level = a.level, .base_layer = a.base_layer,
	};
	return 0;
}

int ember_draw_decode_targets(const uint32_t *dw, uint64_t va,
			      struct ember_draw_state *st,
			      struct ember_draw_fault *fault)
{
	uint32_t defined[EMBER_GFX_TARGETS_DWORDS];
	struct ember_gfx_targets t;
	uint32_t first = EMBER_GFX_TARGETS_DWORDS;
	int bad, ret;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_targets, defined,
				memset(all_.reserved, 0, sizeof(all_.reserved)));
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_TARGETS_DWORDS);
	ember_gfx_targets_unpack(dw, &t);

	if (bad == 0 || t.color_count > EMBER_GFX_MAX_COLOR_ATTACHMENTS)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, 0);
	if (t.width < 1 || t.width > EMBER_GFX_MAX_VIEWPORT_DIM)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, 1);
	if (t.height < 1 || t.height > EMBER_GFX_MAX_VIEWPORT_DIM)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, 2);
	if (t.layers < 1 || t.layers > MAX_LAYERS || (st->view_mask && t.layers != 1))
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va, 3);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_TARGETS, va,
					    (uint32_t)bad);

	st->width = t.width;
	st->height = t.height;
	st->layers = t.layers;
	st->color_count = t.color_count;
	for (uint32_t i = 0; i < t.color_count; i++) {
		ret = decode_attachment(dw, va, first, &st->color[i], fault);
		if (ret)
			return ret;
		first += EMBER_GFX_ATTACHMENT_DWORDS;
	}
	return decode_attachment(dw, va, first, &st->depth_stencil, fault);
}

static bool is_dual_source(uint32_t factor)
{
	return factor >= EMBER_BF_SRC1_COLOR && factor <= EMBER_BF_ONE_MINUS_SRC1_ALPHA;
}

static bool blend_attachment_ok(const struct ember_gfx_blend_attachment *a,
				uint32_t index)
{
	const uint32_t factors[4] = { a->src_color, a->dst_color, a->src_alpha,
				      a->dst_alpha };

	if (a->color_op >= EMBER_BLEND_OP_COUNT || a->alpha_op >= EMBER_BLEND_OP_COUNT)
		return false;
	for (unsigned int f = 0; f < 4; f++) {
		if (factors[f] >= EMBER_BF_COUNT)
			return false;
		/* One dual-source attachment (maxFragmentDualSrcAttachments). */
		if (index && is_dual_source(factors[f]))
			return false;
	}
	return true;
}

int ember_draw_decode_blend(const uint32_t *dw, uint64_t va,
			    struct ember_draw_state *st, struct ember_draw_fault *fault)
{
	struct ember_blend_state *bs = &st->backend.blend;
	uint32_t defined[EMBER_GFX_BLEND_DWORDS];
	uint32_t att_defined;
	struct ember_gfx_blend b;
	int bad;

	EMBER_DRAW_DEFINED_BITS(ember_gfx_blend, defined,
				memset(all_.reserved, 0, sizeof(all_.reserved)));
	EMBER_DRAW_DEFINED_BITS(ember_gfx_blend_attachment, &att_defined, (void)0);
	bad = ember_draw_reserved_dword(dw, defined, EMBER_GFX_BLEND_DWORDS);
	ember_gfx_blend_unpack(dw, &b);
	if (bad >= 0)
		return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_BLEND, va, (uint32_t)bad);

	bs->logic_op_enable = b.logic_op_enable;
	bs->logic_op = b.logic_op;
	memcpy(bs->constants, b.constants, sizeof(bs->constants));
	for (uint32_t i = 0; i < st->color_count; i++) {
		uint32_t d = EMBER_GFX_BLEND_DWORDS + i;
		struct ember_gfx_blend_attachment a;

		ember_gfx_blend_attachment_unpack(dw + d, &a);
		if ((dw[d] & ~att_defined) || !blend_attachment_ok(&a, i))
			return ember_draw_bad_state(fault, EMBER_GFX_BLOCK_BLEND, va, d);
		bs->attachment[i] = (struct ember_blend_attachment) {
			.blend_enable = a.blend_enable,
			.src_color_factor = a.src_color, .dst_color_factor = a.dst_color,
			.color_op = a.color_op,
			.src_alpha_factor = a.src_alpha, .dst_alpha_factor = a.dst_alpha,
			.alpha_op = a.alpha_op,
			.write_mask = a.write_mask,
		};
	}
	return 0;
}
