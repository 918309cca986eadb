/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The state blocks: a valid state (written with the contract's pack
 * helpers) decodes into exactly the back end's and the front end's
 * fields; every kind of bad field is a BAD_STATE fault naming its block
 * and dword, at the dword's address; unreadable blocks fault at their
 * first unmapped byte; absent optional blocks mean their defaults.
 */

#include <math.h>
#include <string.h>

#include "draw_state.h"
#include "draw_test_state.h"
#include "tap.h"

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static int load(const struct test_state *ts, const uint32_t *patch_va,
		const uint32_t *patch_value, unsigned int patches, bool indexed,
		struct ember_draw_state *st, struct ember_draw_fault *fault)
{
	struct test_mem tm;
	int ret;

	test_mem_init(&tm);
	test_state_write(&tm, ts);
	for (unsigned int i = 0; i < patches; i++)
		test_mem_write_dwords(&tm, patch_va[i], &patch_value[i], 1);
	memset(fault, 0, sizeof(*fault));
	ret = ember_draw_state_load(&tm.mem, TS_ROOT, indexed, st, fault);
	test_mem_free(&tm);
	return ret;
}

static bool test_valid_state(void)
{
	struct test_state ts;
	struct ember_draw_state st;
	struct ember_draw_fault fault;
	const struct ember_backend_state *be = &st.backend;

	test_state_default(&ts);
	CHECK_EQ(load(&ts, NULL, NULL, 0, true, &st, &fault), 0);
	CHECK_EQ(fault.kind, 0);
	CHECK_EQ(st.vs, 0x40000);
	CHECK_EQ(st.fs, 0x41000);
	CHECK_EQ(st.desc_table, 0x42000);
	CHECK_EQ(st.topology, EMBER_TOPOLOGY_TRIANGLE_STRIP);
	CHECK(st.primitive_restart);
	CHECK_EQ(st.index_size, 2);
	CHECK_EQ(st.index_buffer, TS_IB);
	CHECK_EQ(st.index_range, 64);
	CHECK_EQ(st.binding_count, 2);
	CHECK_EQ(st.binding[1].va, TS_VB + 256);
	CHECK_EQ(st.binding[1].stride, 4);
	CHECK(st.binding[1].per_instance);
	CHECK_EQ(st.binding[1].divisor, 3);
	CHECK_EQ(st.attribute_count, 3);
	CHECK_EQ(st.attribute[1].location, 3);
	CHECK_EQ(st.attribute[1].offset, 12);
	CHECK_EQ(st.attribute[1].format.vk_format, 37);
	CHECK_EQ(st.attribute[2].binding, 1);
	CHECK_EQ(st.viewport_count, 2);
	CHECK_EQ(fbits(st.viewport[0].height), fbits(-64.0f));
	CHECK_EQ(fbits(st.viewport[1].min_depth), fbits(1.0f));
	CHECK_EQ(st.scissor[1].x, 4);
	CHECK_EQ(st.scissor[1].width, 8);
	CHECK_EQ(fbits(be->viewport.y), fbits(64.0f));
	CHECK_EQ(be->scissor.width, 64);
	CHECK_EQ(be->raster.cull_mode, EMBER_CULL_BACK);
	CHECK_EQ(be->raster.front_face, EMBER_FRONT_CW);
	CHECK_EQ(be->raster.provoking_vertex, EMBER_PROVOKING_LAST);
	CHECK(be->raster.depth_clip_enable && !be->raster.depth_clamp_enable);
	CHECK(!be->raster.depth_negative_one_to_one);
	CHECK(be->raster.depth_bias_enable);
	CHECK_EQ(fbits(be->raster.depth_bias_constant), fbits(2.0f));
	CHECK_EQ(fbits(be->raster.depth_bias_clamp), fbits(0.5f));
	CHECK_EQ(fbits(be->raster.depth_bias_slope), fbits(1.5f));
	CHECK_EQ(be->ms.samples, 4);
	CHECK_EQ(be->ms.sample_mask, 0xb);
	CHECK(be->ms.alpha_to_coverage && !be->ms.alpha_to_one);
	CHECK(st.sample_shading);
	CHECK_EQ(fbits(st.min_sample_shading), fbits(0.25f));
	CHECK_EQ(st.polygon_mode, EMBER_POLYGON_FILL);
	CHECK(be->ds.depth_test_enable && be->ds.depth_write_enable);
	CHECK_EQ(be->ds.depth_compare_op, EMBER_COMPARE_LESS);
	CHECK(be->ds.depth_bounds_test_enable);
	CHECK_EQ(fbits(be->ds.max_depth_bounds), fbits(0.75f));
	CHECK_EQ(be->ds.front.fail_op, 1);
	CHECK_EQ(be->ds.front.depth_fail_op, 3);
	CHECK_EQ(be->ds.front.compare_op, 7);
	CHECK_EQ(be->ds.front.compare_mask, 0xf0);
	CHECK_EQ(be->ds.front.reference, 0x55);
	CHECK_EQ(be->ds.back.pass_op, 6);
	CHECK_EQ(be->ds.back.write_mask, 0x80);
	CHECK_EQ(be->ds.back.reference, 0xaa);
	CHECK(!be->blend.logic_op_enable);
	CHECK_EQ(be->blend.logic_op, 6);
	CHECK_EQ(fbits(be->blend.constants[2]), fbits(0.75f));
	CHECK(be->blend.attachment[0].blend_enable);
	CHECK_EQ(be->blend.attachment[0].src_color_factor, EMBER_BF_SRC1_COLOR);
	CHECK_EQ(be->blend.attachment[0].alpha_op, EMBER_BLEND_MAX);
	CHECK_EQ(be->blend.attachment[1].write_mask, 0x5);
	CHECK_EQ(be->blend.attachment[1].color_op, EMBER_BLEND_SUBTRACT);
	CHECK_EQ(st.width, 64);
	CHECK_EQ(st.layers, 1);
	CHECK_EQ(st.color_count, 2);
	CHECK_EQ(st.color[0].image, 0x50000);
	CHECK_EQ(st.color[1].image, 0);
	CHECK_EQ(st.depth_stencil.image, 0x50040);
	CHECK_EQ(st.depth_stencil.level, 1);
	CHECK_EQ(st.depth_stencil.base_layer, 2);
	/* What the back end checks of it passes too. */
	CHECK(!be->early_fragment_tests);

	/* Since 1.17: -1..1 clip-space depth (R1, R2, R9). */
	ts.raster.depth_negative_one_to_one = 1;
	CHECK_EQ(load(&ts, NULL, NULL, 0, true, &st, &fault), 0);
	CHECK(be->raster.depth_negative_one_to_one && be->raster.depth_clip_enable);
	return true;
}

static bool test_absent_blocks(void)
{
	struct test_state ts;
	struct ember_draw_state st;
	struct ember_draw_fault fault;

	test_state_default(&ts);
	ts.root.vertex_input = 0;
	ts.root.depth_stencil = 0;
	ts.root.blend = 0;
	ts.root.index_size = 0;
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), 0);
	CHECK_EQ(st.attribute_count, 0);
	CHECK_EQ(st.binding_count, 0);
	CHECK(!st.backend.ds.depth_test_enable && !st.backend.ds.stencil_test_enable);
	CHECK(!st.backend.ds.depth_bounds_test_enable);
	for (unsigned int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++) {
		CHECK(!st.backend.blend.attachment[i].blend_enable);
		CHECK_EQ(st.backend.blend.attachment[i].write_mask, EMBER_WRITE_ALL);
	}
	/* An indexed draw needs an index size. */
	CHECK_EQ(load(&ts, NULL, NULL, 0, true, &st, &fault), EMBER_FAULT_BAD_STATE);
	CHECK_EQ(fault.detail, EMBER_BAD_STATE_DETAIL(EMBER_GFX_BLOCK_ROOT, 22));
	CHECK_EQ(fault.va, TS_ROOT + 4 * 22);
	return true;
}

struct bad_field {
	const char *what;
	uint64_t block_va;
	unsigned int block;
	uint32_t dword;		/* the dword changed */
	uint32_t value;
	uint32_t reported;	/* the dword the fault names */
};

#define ROOT(d, v, r, w)	{ w, TS_ROOT, EMBER_GFX_BLOCK_ROOT, d, v, r }
#define VI(d, v, r, w)		{ w, TS_VERTEX_INPUT, EMBER_GFX_BLOCK_VERTEX_INPUT, d, v, r }
#define VP(d, v, r, w)		{ w, TS_VIEWPORTS, EMBER_GFX_BLOCK_VIEWPORTS, d, v, r }
#define RS(d, v, r, w)		{ w, TS_RASTER, EMBER_GFX_BLOCK_RASTER, d, v, r }
#define DS(d, v, r, w)		{ w, TS_DEPTH_STENCIL, EMBER_GFX_BLOCK_DEPTH_STENCIL, d, v, r }
#define BL(d, v, r, w)		{ w, TS_BLEND, EMBER_GFX_BLOCK_BLEND, d, v, r }
#define TG(d, v, r, w)		{ w, TS_TARGETS, EMBER_GFX_BLOCK_TARGETS, d, v, r }

/* dword 22 of the valid root: strip, restart, u16, two viewports. */
#define D22(topo, size, vps)	((topo) | 1u << 4 | (size) << 8 | (vps) << 16)

static bool test_bad_fields(void)
{
	const struct bad_field bad[] = {
		ROOT(0, 0, 0, "no vertex shader"),
		ROOT(6, (uint32_t)TS_VERTEX_INPUT + 4, 6, "misaligned vertex input"),
		ROOT(8, 0, 8, "no viewports"),
		ROOT(10, 0, 10, "no raster block"),
		ROOT(12, (uint32_t)TS_DEPTH_STENCIL + 8, 12, "misaligned depth/stencil"),
		ROOT(14, (uint32_t)TS_BLEND + 2, 14, "misaligned blend"),
		ROOT(16, 0, 16, "no targets"),
		ROOT(18, (uint32_t)TS_IB + 1, 18, "index buffer misaligned"),
		ROOT(22, D22(10, 2, 2), 22, "patch list"),
		ROOT(22, D22(15, 2, 2), 22, "topology 15"),
		ROOT(22, D22(4, 3, 2), 22, "index size 3"),
		ROOT(22, D22(4, 2, 0), 22, "no viewport"),
		ROOT(22, D22(4, 2, 17), 22, "17 viewports"),
		ROOT(22, D22(4, 2, 2) | 1u << 5, 22, "root reserved bit"),
		ROOT(23, 0x100, 23, "view 8"),
		VI(0, 17, 0, "17 bindings"),
		VI(0, 2 | 17u << 8, 0, "17 attributes"),
		VI(0, 2 | 3u << 8 | 1u << 20, 0, "vertex input reserved bit"),
		VI(1, 1, 1, "vertex input reserved dword"),
		VI(8, 4097, 8, "stride 4097"),
		VI(9, 2, 9, "input rate 2"),
		VI(10, 2, 10, "per-vertex divisor"),
		VI(11, 1, 11, "binding reserved"),
		VI(20, 16, 20, "location 16"),
		VI(20, 2u << 8, 20, "binding 2 of 2"),
		VI(24, 0, 24, "location used twice"),
		VI(21, 15, 21, "R8_SRGB"),
		VI(21, 124, 21, "D16_UNORM"),
		VI(22, 4096, 22, "offset 4096"),
		VI(23, 1, 23, "attribute reserved"),
		VP(0, 0x7fc00000, 0, "x NaN"),
		VP(2, 0, 2, "width 0"),
		VP(2, 0xbf800000, 2, "width -1"),
		VP(3, 0, 3, "height 0"),
		VP(3, 0xc69c4000, 3, "height -20000"),
		VP(4, 0x3fc00000, 4, "min depth 1.5"),
		VP(5, 0xbf000000, 5, "max depth -0.5"),
		VP(6, 0x80000000u, 6, "scissor x negative"),
		VP(20, 0x7ffffffc, 20, "scissor overflow"),
		VP(10, 1, 10, "viewport reserved"),
		VP(12, 0x46fff000, 14, "x + width past 32767"),
		RS(0, 3u << 4, 0, "polygon mode 3"),
		RS(0, 1u << 12, 0, "line mode rectangular"),
		RS(0, 1u << 14, 0, "stippled lines"),
		RS(0, 1u << 16, 0, "raster reserved bit"),
		RS(2, 0x7f800000, 2, "bias constant inf"),
		RS(3, 0x7fc00000, 3, "bias clamp NaN"),
		RS(4, 0xff800000, 4, "bias slope -inf"),
		RS(5, 2, 5, "2 samples"),
		RS(5, 8, 5, "8 samples"),
		RS(5, 4 | 1u << 11, 5, "multisample reserved bit"),
		RS(7, 0x3fc00000, 7, "min sample shading 1.5"),
		DS(0, 1u << 2, 0, "depth/stencil reserved bit"),
		DS(1, 0xbdcccccd, 1, "depth bounds -0.1"),
		DS(2, 0x7fc00000, 2, "depth bounds NaN"),
		DS(3, 1u << 12, 3, "front ops reserved"),
		DS(4, 1u << 24, 4, "front masks reserved"),
		DS(7, 1, 7, "depth/stencil reserved dword"),
		BL(0, 1u << 1, 0, "blend reserved bit"),
		BL(5, 1, 5, "blend reserved dword"),
		BL(8, 19u << 1, 8, "blend factor 19"),
		BL(8, 5u << 11, 8, "blend op 5"),
		BL(8, 1u << 31, 8, "attachment reserved bit"),
		BL(9, 1 | 15u << 1, 9, "dual source on attachment 1"),
		TG(0, 9, 0, "9 colour attachments"),
		TG(1, 0, 1, "width 0"),
		TG(2, 16385, 2, "height 16385"),
		TG(3, 0, 3, "no layers"),
		TG(3, 2049, 3, "2049 layers"),
		TG(4, 1, 4, "targets reserved"),
		TG(8, 0x50008, 8, "image misaligned"),
		TG(10, 15, 10, "level 15"),
		TG(10, 1u << 8, 10, "attachment reserved bit"),
		TG(11, 1, 11, "attachment reserved dword"),
		TG(18, 20, 18, "depth level 20"),
	};
	struct test_state ts;

	test_state_default(&ts);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct bad_field *b = &bad[i];
		uint32_t va = (uint32_t)(b->block_va + 4 * b->dword);
		struct ember_draw_state st;
		struct ember_draw_fault fault;
		int ret = load(&ts, &va, &b->value, 1, false, &st, &fault);

		if (ret != EMBER_FAULT_BAD_STATE ||
		    fault.detail != EMBER_BAD_STATE_DETAIL(b->block, b->reported) ||
		    fault.va != b->block_va + 4 * b->reported) {
			tap_diag("%s: fault %d detail 0x%x va 0x%llx", b->what, ret,
				 fault.detail, (unsigned long long)fault.va);
			return false;
		}
	}
	return true;
}

static bool test_view_mask_layers(void)
{
	struct test_state ts;
	struct ember_draw_state st;
	struct ember_draw_fault fault;

	test_state_default(&ts);
	ts.root.view_mask = 0x5;
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), 0);
	CHECK_EQ(st.view_mask, 0x5);
	ts.targets.layers = 2;
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), EMBER_FAULT_BAD_STATE);
	CHECK_EQ(fault.detail, EMBER_BAD_STATE_DETAIL(EMBER_GFX_BLOCK_TARGETS, 3));
	ts.root.view_mask = 0;
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), 0);
	CHECK_EQ(st.layers, 2);
	return true;
}

static bool test_unreadable_blocks(void)
{
	struct test_state ts;
	struct ember_draw_state st;
	struct ember_draw_fault fault;

	test_state_default(&ts);
	ts.root.raster = 0x90000;
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, 0x90000);
	CHECK_EQ(fault.detail, EMBER_ACCESS_READ);
	/* A block running off the mapping faults at the first missing byte. */
	test_state_default(&ts);
	ts.root.targets = TS_ROOT + TS_SIZE - 32;	/* 8 dwords fit, 20 needed */
	CHECK_EQ(load(&ts, NULL, NULL, 0, false, &st, &fault), EMBER_FAULT_TRANSLATION);
	CHECK_EQ(fault.va, TS_ROOT + TS_SIZE);
	/* So does a root at the top of the address space. */
	{
		struct test_mem tm;

		test_mem_init(&tm);
		CHECK_EQ(ember_draw_state_load(&tm.mem, 0xffffffffffffffc0ull, false, &st,
					       &fault), EMBER_FAULT_TRANSLATION);
		CHECK_EQ(ember_draw_state_load(&tm.mem, TS_ROOT + 32, false, &st, &fault),
			 EMBER_FAULT_BAD_PACKET);
	}
	return true;
}

int main(void)
{
	tap_result(test_valid_state(), "valid-state-decodes-into-back-end-structs");
	tap_result(test_absent_blocks(), "absent-optional-blocks-are-defaults");
	tap_result(test_bad_fields(), "every-bad-field-is-bad-state-at-its-dword");
	tap_result(test_view_mask_layers(), "multiview-mask-and-layers");
	tap_result(test_unreadable_blocks(), "unreadable-blocks-fault-at-their-address");
	return tap_finish();
}
