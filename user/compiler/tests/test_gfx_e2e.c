/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ember-cc's vertex and fragment stages end to end: GLSL compiled by
 * glslangValidator (at build time) and ember-cc, run as the device's 3D
 * pipeline runs them (firmware/shader/gfx_wave.h: sc_vertex_wave_run,
 * sc_fragment_wave_run) over quads of a triangle built here, outputs
 * compared with references computed in C: attributes through a
 * push-constant matrix, component packing, the vertex built-ins, smooth,
 * flat and noperspective interpolation, FragCoord and FrontFacing, fine
 * and coarse derivatives, discard and FragDepth, input attachments, 8- and
 * 16-bit interface variables, interpolateAt* of elements chosen at run
 * time. The disassembly names
 * the stage. Each runs on the JIT (the default) and on the interpreter
 * (EMBER_SHADER_JIT=off).
 */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_cc.h"
#include "ember_image_layout.h"
#include "ember_shader_hw.h"
#include "gfx_tri.h"
#include "guest.h"
#include "raster/raster.h"
#include "shader/gfx_wave.h"
#include "spirv_file.h"
#include "tap.h"

#define CTX		0
#define RAM_SIZE	(16ull << 20)
#define DATA_VA		0x10000000ull
#define IMAGE_VA	0x20000000ull
#define VK_R32_SFLOAT	100

static const char *spirv_dir;
/* Rasterization samples of the stages stage_load() builds (1 or 4). */
static unsigned int samples = 1;
static struct guest gst;
static uint64_t set_table_va;
static uint8_t *set0;

struct stage {
	struct sc_program prog;
	struct sc_gfx_stage_params params;
	struct sc_dispatch d;
	struct sc_group core;
	char *disassembly;
};

/* Compile @name and build it into @st, with @push as push constants. */
static bool stage_load(struct stage *st, const char *name, const uint32_t *push,
		       uint32_t push_bytes)
{
	size_t words, size;
	char path[512];
	uint32_t *spirv, detail;
	char *error = NULL;
	void *bin;
	int ret;

	memset(st, 0, sizeof(*st));
	snprintf(path, sizeof(path), "%s/%s", spirv_dir, name);
	spirv = spirv_file_read(path, &words);
	CHECK(spirv);
	ret = ember_cc_compile(spirv, words, NULL, &bin, &size, &error);
	free(spirv);
	if (ret) {
		tap_diag("%s: %s", name, error ? error : "?");
		free(error);
		return false;
	}
	CHECK_EQ(ember_isa_disassemble(bin, size, &st->disassembly), 0);
	CHECK_EQ(sc_program_build(bin, size, &st->prog, &detail), 0);
	free(bin);
	/* The JIT when the run asks for it (the default), else the interpreter. */
	if (guest_shader_jit() != EMBER_SHADER_JIT_OFF && sc_jit_compile)
		CHECK(sc_jit_compile(&st->prog, true) && st->prog.jit);
	st->params = (struct sc_gfx_stage_params) {
		.dev = &gst.dev,
		.mmu = { .ram = &gst.dev.guest_ram, .root = gst.pt_root[CTX] },
		.prog = &st->prog, .shader_va = 0x1000, .set_table_va = set_table_va,
		.push = push, .push_bytes = push_bytes,
		.deadline_ns = UINT64_MAX, .jit = st->prog.jit,
		.base_vertex = 1000, .base_instance = 77, .draw_index = 3, .view_index = 1,
		.samples = samples,
	};
	for (unsigned int i = 0; i < samples; i++) {
		unsigned int x, y;

		ember_sample_location(samples, i, &x, &y);
		st->params.sample_pos[i][0] = (float)x / EMBER_SUBPIXEL_ONE;
		st->params.sample_pos[i][1] = (float)y / EMBER_SUBPIXEL_ONE;
	}
	CHECK(sc_gfx_stage_init(&st->d, &st->params));
	CHECK(sc_gfx_core_init(&st->core, &st->d));
	return true;
}

static void stage_fini(struct stage *st)
{
	sc_gfx_core_fini(&st->core);
	sc_program_fini(&st->prog);
	free(st->disassembly);
}

static bool near(float got, double want)
{
	if (fabs((double)got - want) <= 1e-5 * (1.0 + fabs(want)))
		return true;
	tap_diag("got %.9g, want %.9g", (double)got, want);
	return false;
}

static bool test_vertex(void)
{
	/* Column-major: x' = 2x + 1, y' = -y, z' = z + w, w' = w. */
	static const float m[16] = { 2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1 };
	static uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 29, .inputs = inputs };
	uint32_t push[16];
	struct stage st;

	memcpy(push, m, sizeof(push));
	CHECK(stage_load(&st, "gfx_transform_vert.spv", push, sizeof(push)));
	CHECK(strstr(st.disassembly, ".stage vertex"));
	CHECK(strstr(st.disassembly, ".vertex point_size"));
	CHECK_EQ(st.prog.header.num_inputs, 3);
	CHECK_EQ(st.prog.header.num_outputs, 3);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		in.vertex_index[l] = 1000 + 3 * l;
		in.instance_index[l] = 77 + l / 8;
		for (unsigned int c = 0; c < 4; c++)
			inputs[c][l] = ember_hw_f32_bits(0.25f * (float)l - (float)c);
		inputs[4][l] = ember_hw_f32_bits(0.5f + (float)l);
		inputs[5][l] = ember_hw_f32_bits(-2.0f * (float)l);
		inputs[8][l] = 40 + l;
		inputs[9][l] = (uint32_t)-5 - l;
	}
	CHECK_EQ(sc_vertex_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < in.count; l++) {
		float x = ember_hw_bits_f32(inputs[0][l]), y = ember_hw_bits_f32(inputs[1][l]);
		float z = ember_hw_bits_f32(inputs[2][l]), w = ember_hw_bits_f32(inputs[3][l]);

		CHECK(near(out.position[0][l], 2.0 * x + w));
		CHECK(near(out.position[1][l], -y));
		CHECK(near(out.position[2][l], (double)z + w));
		CHECK(near(out.position[3][l], w));
		CHECK_EQ(out.outputs[0][l], inputs[4][l]);
		CHECK_EQ(out.outputs[1][l], inputs[5][l]);
		CHECK_EQ(out.outputs[2][l], inputs[2][l]);	/* location 0, component 2 */
		CHECK_EQ(out.outputs[3][l], 0);
		CHECK_EQ(out.outputs[4][l], inputs[8][l] + in.instance_index[l]);
		CHECK_EQ(out.outputs[5][l], inputs[9][l] + 1000);
		CHECK_EQ(out.outputs[8][l], ember_hw_f32_bits((float)in.vertex_index[l]));
		CHECK_EQ(ember_hw_f32_bits(out.point_size[l]), ember_hw_f32_bits(3.0f));
	}
	stage_fini(&st);
	return true;
}

/* The triangle the fragment tests shade. */
static const struct gfx_tri tri = {
	.x = { 1.0, 30.0, 4.0 }, .y = { 2.0, 5.0, 27.0 },
	.w = { 1.0, 4.0, 2.0 }, .z = { 0.1, 0.9, 0.5 },
};

static const int32_t quad_pos[SC_GFX_QUADS][2] = {
	{ 2, 2 }, { 6, 4 }, { 12, 8 }, { 4, 14 }, { 20, 6 }, { 22, 6 }, { 8, 2 }, { 4, 20 },
};

/* The three vertices' slots: uv, z (location 0), id (flat), lin. */
static uint32_t vertex_slots[3][SC_GFX_SLOTS];
static const float vert_uv[3][2] = { { 0.0f, 0.0f }, { 1.0f, 0.25f }, { 0.5f, 1.0f } };
static const float vert_z[3] = { 0.1f, 0.9f, 0.5f }, vert_lin[3] = { 10.0f, 20.0f, -30.0f };

static bool test_fragment(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in = { .num_quads = SC_GFX_QUADS };
	struct stage st;

	CHECK(stage_load(&st, "gfx_interp_frag.spv", NULL, 0));
	CHECK(strstr(st.disassembly, ".stage fragment"));
	CHECK(strstr(st.disassembly, "discard"));
	CHECK(strstr(st.disassembly, "depth_any"));
	CHECK_EQ(st.prog.header.num_inputs, 3);
	CHECK_EQ(st.prog.header.num_outputs, 3);
	for (unsigned int j = 0; j < 3; j++) {
		vertex_slots[j][0] = ember_hw_f32_bits(vert_uv[j][0]);
		vertex_slots[j][1] = ember_hw_f32_bits(vert_uv[j][1]);
		vertex_slots[j][2] = ember_hw_f32_bits(vert_z[j]);
		vertex_slots[j][4] = 100 + j;
		vertex_slots[j][8] = ember_hw_f32_bits(vert_lin[j]);
	}
	for (unsigned int k = 0; k < SC_GFX_QUADS; k++) {
		gfx_tri_quad(&tri, quad_pos[k][0], quad_pos[k][1], samples, &quads[k]);
		in.quad[k] = &quads[k];
		for (unsigned int j = 0; j < 3; j++)
			in.vertex[k][j] = vertex_slots[j];
	}
	CHECK_EQ(sc_fragment_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4, p = l % 4, q0 = l & ~3u;
		const struct ember_quad *q = &quads[k];
		double px = q->x + (p & 1) + 0.5, py = q->y + (p >> 1) + 0.5, b[3], lin[3], inv_w;
		bool killed = px > 20.0;
		const uint32_t *c0 = out.color[0];

		CHECK_EQ((out.discarded >> l) & 1, killed);
		if (killed)
			continue;
		gfx_tri_persp_at(&tri, px, py, b, &inv_w);
		gfx_tri_linear_at(&tri, px, py, lin);
		CHECK(near(ember_hw_bits_f32(out.color[0][l]), b[0] * vert_uv[0][0] + b[1] * vert_uv[1][0] +
			   b[2] * vert_uv[2][0]));
		CHECK(near(ember_hw_bits_f32(out.color[1][l]), b[0] * vert_uv[0][1] + b[1] * vert_uv[1][1] +
			   b[2] * vert_uv[2][1]));
		CHECK(near(ember_hw_bits_f32(out.color[2][l]), b[0] * vert_z[0] + b[1] * vert_z[1] +
			   b[2] * vert_z[2]));
		CHECK(near(ember_hw_bits_f32(out.color[3][l]), lin[0] * vert_lin[0] + lin[1] * vert_lin[1] +
			   lin[2] * vert_lin[2]));
		CHECK_EQ(out.color[4][l], ember_hw_f32_bits((float)px));
		CHECK_EQ(out.color[5][l], ember_hw_f32_bits((float)py));
		CHECK_EQ(out.color[6][l], 102);	/* flat: the provoking vertex */
		CHECK_EQ(out.color[7][l], ember_hw_f32_bits(q->front_facing ? 1.0f : 0.0f));
		/* Fine: along the pixel's row / column; coarse: the quad's first. */
		CHECK_EQ(out.color[8][l], ember_hw_f32_bits(ember_hw_bits_f32(c0[q0 + (p & 2) + 1]) - ember_hw_bits_f32(c0[q0 + (p & 2)])));
		CHECK_EQ(out.color[9][l], ember_hw_f32_bits(ember_hw_bits_f32(c0[q0 + (p & 1) + 2]) - ember_hw_bits_f32(c0[q0 + (p & 1)])));
		CHECK_EQ(out.color[10][l], ember_hw_f32_bits(ember_hw_bits_f32(c0[q0 + 1]) - ember_hw_bits_f32(c0[q0])));
		CHECK_EQ(out.color[11][l], ember_hw_f32_bits(ember_hw_bits_f32(c0[q0 + 2]) - ember_hw_bits_f32(c0[q0])));
		CHECK_EQ(ember_hw_f32_bits(out.depth[l]), ember_hw_f32_bits(ember_hw_bits_f32(out.color[2][l]) * 0.5f));
	}
	stage_fini(&st);
	return true;
}

/* Run @name over the eight quads of quad_pos with the vertices' @slots. */
static bool run_quads(struct stage *st, const char *name, struct ember_quad *quads,
		      struct sc_fragment_wave_out *out)
{
	struct sc_fragment_wave_in in = { .num_quads = SC_GFX_QUADS };

	CHECK(stage_load(st, name, NULL, 0));
	for (unsigned int k = 0; k < SC_GFX_QUADS; k++) {
		gfx_tri_quad(&tri, quad_pos[k][0], quad_pos[k][1], samples, &quads[k]);
		in.quad[k] = &quads[k];
		in.sample[k] = k % samples;
		for (unsigned int j = 0; j < 3; j++)
			in.vertex[k][j] = vertex_slots[j];
	}
	CHECK_EQ(sc_fragment_wave_run(&st->core, &in, out), 0);
	return true;
}

/*
 * Implicit LOD against the explicit-gradient path and log2 of the
 * footprint: a 64x64 R32F image with 7 levels whose texels hold their
 * level, so trilinear filtering returns the LOD it used. Also through a
 * NonUniform descriptor index, whose waterfall splits quads.
 */
static bool test_texture(void)
{
	static const float scale[3] = { 4.0f / 64, 1.0f / 64, 1.0f };
	static struct sc_fragment_wave_out out;
	struct ember_image_shape shape = {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 4, .width = 64,
		.height = 64, .depth = 1, .levels = 7, .layers = 1,
	};
	struct ember_sampler_desc smp = {
		.mag_filter = 1, .min_filter = 1, .mipmap_mode = 1, .address_u = 2,
		.address_v = 2, .address_w = 2, .min_lod = -16.0f, .max_lod = 1000.0f,
	};
	double lambda = log2(64.0 * scale[0]);
	struct ember_quad quads[SC_GFX_QUADS];
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	struct ember_image_layout lay;
	uint64_t pages;
	uint8_t *img;
	struct stage st;

	CHECK(!ember_image_layout(&shape, &lay));
	pages = (lay.size + EMBER_PAGE_SIZE - 1) / EMBER_PAGE_SIZE;
	img = guest_alloc_mapped(&gst, CTX, IMAGE_VA, pages * EMBER_PAGE_SIZE);
	CHECK(img);
	for (unsigned int level = 0; level < 7; level++)
		for (uint64_t i = 0; i < lay.level[level].size / 4; i++) {
			float v = (float)level;

			memcpy(img + lay.level[level].offset + 4 * i, &v, 4);
		}
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = IMAGE_VA, .format = VK_R32_SFLOAT, .view_type = 1,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .width = 64, .height = 64, .depth = 1,
		.image_layers = 1, .image_levels = 7, .levels = 7, .layers = 1,
	});
	/* Binding 0 at slot 0, binding 1's two elements at 6 and 12: one image. */
	for (unsigned int slot = 0; slot <= 12; slot += 6)
		memcpy(set0 + 16 * slot, dw, sizeof(dw));
	ember_sampler_desc_pack(dw, &smp);
	for (unsigned int slot = 4; slot <= 16; slot += 6)
		memcpy(set0 + 16 * slot, dw, 4 * EMBER_SAMPLER_DESC_DWORDS);
	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		for (unsigned int c = 0; c < 3; c++)
			vertex_slots[j][c] = ember_hw_f32_bits(scale[c]);
	CHECK(run_quads(&st, "gfx_texture_frag.spv", quads, &out));
	for (unsigned int l = 0; l < SC_LANES; l++) {
		CHECK_EQ(out.color[0][l], out.color[1][l]);
		CHECK(near(ember_hw_bits_f32(out.color[0][l]), lambda));
		CHECK(near(ember_hw_bits_f32(out.color[2][l]), lambda + scale[2]));
		CHECK(near(ember_hw_bits_f32(out.color[3][l]), lambda));
		/* Through a NonUniform index: the same gradients, a bias as 2^bias. */
		CHECK_EQ(out.color[4][l], out.color[0][l]);
		CHECK(near(ember_hw_bits_f32(out.color[5][l]), lambda + scale[2]));
	}
	CHECK(strstr(st.disassembly, "texg"));
	stage_fini(&st);
	return true;
}

/* Demote: outputs dropped, helper state read after it, derivatives intact. */
static bool test_demote(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		vertex_slots[j][0] = ember_hw_f32_bits(vert_uv[j][0]);
	CHECK(run_quads(&st, "gfx_demote_frag.spv", quads, &out));
	CHECK(strstr(st.disassembly, "discard"));
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4, row = (l & ~3u) + (p & 2);
		bool helper = (q->helper_mask >> p) & 1;
		bool demoted = q->x + (int)(p & 1) + 0.5 < 8.0 && q->y + (int)(p >> 1) + 0.5 < 4.0;
		const uint32_t *uv = out.color[3];

		CHECK_EQ((out.discarded >> l) & 1, demoted);
		CHECK_EQ(out.color[2][l], ember_hw_f32_bits(helper ? 1.0f : 0.0f));
		CHECK_EQ(out.color[0][l], ember_hw_f32_bits(helper || demoted ? 1.0f : 0.0f));
		/* The quad's neighbours still ran: the fine derivative is theirs. */
		CHECK_EQ(out.color[1][l], ember_hw_f32_bits(ember_hw_bits_f32(uv[row + 1]) - ember_hw_bits_f32(uv[row])));
	}
	stage_fini(&st);
	return true;
}

/* SampleMask in and out, PrimitiveId, PointCoord, FragCoord.zw, dual source, the header. */
static bool test_builtins(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	CHECK(run_quads(&st, "gfx_builtins_frag.spv", quads, &out));
	CHECK_EQ(st.prog.header.num_outputs, 2);
	CHECK_EQ(st.prog.header.fragment_flags,
		 EMBER_ISA_FS_DEPTH_WRITE | EMBER_ISA_DEPTH_LESS << 1 |
		 EMBER_ISA_FS_SAMPLE_MASK_WRITE | EMBER_ISA_FS_EARLY_TESTS);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4;

		CHECK_EQ(out.color[0][l], ember_hw_f32_bits(q->point_coord[p][0]));
		CHECK_EQ(out.color[1][l], ember_hw_f32_bits(q->point_coord[p][1]));
		CHECK_EQ(out.color[2][l], ember_hw_f32_bits(q->depth_center[p]));
		CHECK_EQ(out.color[3][l], ember_hw_f32_bits(q->inv_w[p]));
		/* Location 0, Index 1: the ISA's location 1. */
		CHECK_EQ(out.color[4][l], ember_hw_f32_bits(q->x + (int)(p & 1) + 0.5f));
		CHECK_EQ(out.color[5][l], ember_hw_f32_bits(q->y + (int)(p >> 1) + 0.5f));
		CHECK_EQ(out.color[7][l], ember_hw_f32_bits(2.0f));
		CHECK_EQ(out.sample_mask[l], (q->coverage[p] & 5) | q->primitive_id << 4);
		CHECK_EQ(ember_hw_f32_bits(out.depth[l]), ember_hw_f32_bits(q->depth_center[p] * 0.25f));
	}
	stage_fini(&st);
	return true;
}

/* Location assignment of matrices, arrays, blocks, 64-bit values; clip distances. */
static bool test_layout(void)
{
	static uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 32, .inputs = inputs };
	struct stage st;

	CHECK(stage_load(&st, "gfx_layout_vert.spv", NULL, 0));
	CHECK(strstr(st.disassembly, ".clip_distances 2"));
	CHECK_EQ(st.prog.header.num_inputs, 5);
	/* Locations 0..6, and the clip distances' copies in the last two (spirv_io.c). */
	CHECK_EQ(st.prog.header.num_outputs, EMBER_ISA_MAX_IO_SLOTS);
	for (unsigned int slot = 0; slot < 20; slot++)
		for (unsigned int l = 0; l < SC_LANES; l++)
			inputs[slot][l] = ember_hw_f32_bits((float)(slot * 100 + l));
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t x = 0x100000000ull * l + 7, y = 0x300000005ull * l + 1000;

		inputs[16][l] = (uint32_t)x;
		inputs[17][l] = x >> 32;
		inputs[18][l] = (uint32_t)y;
		inputs[19][l] = y >> 32;
	}
	CHECK_EQ(sc_vertex_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t d = (0x300000005ull * l + 1000) - (0x100000000ull * l + 7);

		/* m[1] is location 1 (slots 4..6), arr[i] location 2 + i. */
		CHECK_EQ(out.outputs[0][l], inputs[4][l]);
		CHECK_EQ(out.outputs[1][l], inputs[6][l]);
		CHECK_EQ(out.outputs[12][l], inputs[12][l]);	/* o.b at its Location 3 */
		CHECK_EQ(out.outputs[16][l], inputs[1][l]);	/* o.c[0]: location 4 */
		CHECK_EQ(out.outputs[20][l], inputs[8][l]);	/* o.c[1]: location 5 */
		CHECK_EQ(out.outputs[24][l], (uint32_t)d);	/* 64 bits: two slots */
		CHECK_EQ(out.outputs[25][l], (uint32_t)(d >> 32));
		CHECK_EQ(ember_hw_f32_bits(out.clip_distance[0][l]), inputs[0][l]);
		CHECK_EQ(ember_hw_f32_bits(out.clip_distance[1][l]), ember_hw_f32_bits(-1.0f));
		CHECK_EQ(out.outputs[120][l], inputs[0][l]);
		CHECK_EQ(out.outputs[121][l], ember_hw_f32_bits(-1.0f));
	}
	stage_fini(&st);
	return true;
}

/* DrawIndex, BaseInstance, ViewIndex in; Layer, ViewportIndex and a cull distance out. */
static bool test_vertex_builtins(void)
{
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 32 };
	struct stage st;

	CHECK(stage_load(&st, "gfx_vertex_builtins_vert.spv", NULL, 0));
	CHECK_EQ(st.prog.header.vertex_flags, EMBER_ISA_VS_LAYER | EMBER_ISA_VS_VIEWPORT_INDEX);
	CHECK_EQ(st.prog.header.num_clip_distances, 0);
	CHECK_EQ(st.prog.header.num_cull_distances, 3);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		in.vertex_index[l] = 1000 + 2 * l;
		in.instance_index[l] = 77 + l % 3;
	}
	CHECK_EQ(sc_vertex_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		CHECK_EQ(out.outputs[0][l], st.params.draw_index);
		CHECK_EQ(out.outputs[1][l], st.params.base_instance);
		CHECK_EQ(out.outputs[2][l], st.params.view_index);
		CHECK_EQ(out.outputs[3][l], 2 * l);
		CHECK_EQ(out.layer[l], l % 3);
		CHECK_EQ(out.viewport_index[l], in.vertex_index[l] % 5);
		CHECK_EQ(ember_hw_f32_bits(out.cull_distance[2][l]), ember_hw_f32_bits((float)in.vertex_index[l]));
		CHECK_EQ(ember_hw_f32_bits(out.position[3][l]), ember_hw_f32_bits(1.0f));
	}
	stage_fini(&st);
	return true;
}

/* Smooth interpolation of the vertices' slot @slot at pixel offset (@x, @y). */
static double smooth_at(double x, double y, unsigned int slot, bool perspective)
{
	double b[3], inv_w;

	if (perspective)
		gfx_tri_persp_at(&tri, x, y, b, &inv_w);
	else
		gfx_tri_linear_at(&tri, x, y, b);
	return b[0] * ember_hw_bits_f32(vertex_slots[0][slot]) + b[1] * ember_hw_bits_f32(vertex_slots[1][slot]) +
	       b[2] * ember_hw_bits_f32(vertex_slots[2][slot]);
}

/* Centroid, at sample, at offset with four samples, against the triangle. */
static bool test_centroid(void)
{
	static const float values[3] = { 2.0f, -6.0f, 9.0f };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		vertex_slots[j][0] = vertex_slots[j][4] = vertex_slots[j][8] = ember_hw_f32_bits(values[j]);
	samples = 4;
	CHECK(run_quads(&st, "gfx_centroid_frag.spv", quads, &out));
	samples = 1;
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4, cov = q->coverage[p], sx, sy;
		double px = q->x + (p & 1), py = q->y + (p >> 1), cx = px + 0.5, cy = py + 0.5;

		/* Centroid: the centre unless partly covered, then the lowest sample. */
		if (cov && cov != 0xf) {
			ember_sample_location(4, __builtin_ctz(cov), &sx, &sy);
			cx = px + (double)sx / EMBER_SUBPIXEL_ONE;
			cy = py + (double)sy / EMBER_SUBPIXEL_ONE;
		}
		CHECK(near(ember_hw_bits_f32(out.color[0][l]), smooth_at(px + 0.5, py + 0.5, 0, true)));
		CHECK(near(ember_hw_bits_f32(out.color[1][l]), smooth_at(cx, cy, 0, true)));
		ember_sample_location(4, 2, &sx, &sy);
		CHECK(near(ember_hw_bits_f32(out.color[2][l]), smooth_at(px + (double)sx / EMBER_SUBPIXEL_ONE,
							   py + (double)sy / EMBER_SUBPIXEL_ONE, 0, true)));
		CHECK(near(ember_hw_bits_f32(out.color[3][l]), smooth_at(px + 0.75, py + 0.375, 0, true)));
		CHECK(near(ember_hw_bits_f32(out.color[4][l]), smooth_at(cx, cy, 8, false)));
		/* Offsets are clamped to [-0.5, 0.4375]. */
		CHECK(near(ember_hw_bits_f32(out.color[5][l]), smooth_at(px, py + 0.9375, 8, false)));
		CHECK(near(ember_hw_bits_f32(out.color[6][l]), smooth_at(px + 0.5, py + 0.5, 8, false)));
	}
	stage_fini(&st);
	return true;
}

/* A Sample-decorated input: per-sample shading at the wave's samples. */
static bool test_sample_rate(void)
{
	static const float values[3] = { 1.0f, 5.0f, -3.0f };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		vertex_slots[j][0] = ember_hw_f32_bits(values[j]);
	samples = 4;
	CHECK(run_quads(&st, "gfx_sample_rate_frag.spv", quads, &out));
	samples = 1;
	CHECK(st.prog.header.fragment_flags & EMBER_ISA_FS_SAMPLE_RATE);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4, s = (l / 4) % 4, sx, sy;

		ember_sample_location(4, s, &sx, &sy);
		CHECK(near(ember_hw_bits_f32(out.color[0][l]),
			   smooth_at(q->x + (p & 1) + (double)sx / EMBER_SUBPIXEL_ONE,
				     q->y + (p >> 1) + (double)sy / EMBER_SUBPIXEL_ONE, 0, true)));
		CHECK_EQ(out.color[1][l], ember_hw_f32_bits((float)s));
	}
	stage_fini(&st);
	return true;
}

/* discard and terminateInvocation inside a divergent loop. */
static bool test_kill_loop(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	const int n = 6;
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		vertex_slots[j][0] = (uint32_t)n;
	CHECK(run_quads(&st, "gfx_kill_loop_frag.spv", quads, &out));
	for (unsigned int l = 0; l < SC_LANES; l++) {
		int x = quads[l / 4].x + (int)(l & 1);
		bool killed = (x > 16 && x % 5 < n) || (x < 4 && x % 7 < n);

		CHECK_EQ((out.discarded >> l) & 1, killed);
		if (!killed)
			CHECK_EQ(out.color[0][l], ember_hw_f32_bits(15.0f));
	}
	stage_fini(&st);
	return true;
}

#define VK_R32_UINT	98
#define SUBPASS_VA	(IMAGE_VA + 0x100000)
#define SUBPASS_SIZE	32u

/* What the input attachments of test_subpass() hold at (x, y), layer or sample @z. */
static uint32_t subpass_texel(unsigned int image, uint32_t x, uint32_t y, uint32_t z)
{
	if (image == 1)
		return x | y << 8 | z << 16;
	return ember_hw_f32_bits((float)(10000 * z + 100 * y + x));
}

/* Image @image of test_subpass() at SUBPASS_VA + @image MiB, its descriptor at @slot. */
static bool subpass_image(unsigned int image, unsigned int slot)
{
	bool ms = image == 1;
	struct ember_image_shape shape = {
		.layout = ms ? EMBER_IMAGE_LAYOUT_TILED_4K : EMBER_IMAGE_LAYOUT_LINEAR,
		.element_bytes = ms ? 16 : 4, .width = SUBPASS_SIZE, .height = SUBPASS_SIZE,
		.depth = 1, .levels = 1, .layers = image == 2 ? 4 : 1,
	};
	uint64_t va = SUBPASS_VA + ((uint64_t)image << 20);
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	struct ember_image_layout lay;
	unsigned int tw, th;
	uint8_t *mem;

	CHECK(!ember_image_layout(&shape, &lay));
	mem = guest_alloc_mapped(&gst, CTX, va, (lay.size + EMBER_PAGE_SIZE - 1) &
				 ~(uint64_t)(EMBER_PAGE_SIZE - 1));
	CHECK(mem);
	ember_image_tile_shape(shape.element_bytes, &tw, &th);
	for (uint32_t z = 0; z < (ms ? 4 : shape.layers); z++)
		for (uint32_t y = 0; y < SUBPASS_SIZE; y++)
			for (uint32_t x = 0; x < SUBPASS_SIZE; x++) {
				uint32_t v = subpass_texel(image, x, y, z);
				uint64_t at;

				if (ms)	/* TILED_4K: tiles row-major, elements row-major in a tile */
					at = (((uint64_t)(y >> th) * (SUBPASS_SIZE >> tw) + (x >> tw)) << 12) +
					     ((((y & ((1u << th) - 1)) << tw) + (x & ((1u << tw) - 1))) * 16) +
					     4 * z;
				else
					at = z * lay.layer_pitch + y * lay.level[0].row_pitch + 4 * x;
				memcpy(mem + at, &v, 4);
			}
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = va, .format = ms ? VK_R32_UINT : VK_R32_SFLOAT,
		.view_type = image == 2 ? 5 : 1, .layout = shape.layout,
		.samples_log2 = ms ? 2 : 0, .width = SUBPASS_SIZE, .height = SUBPASS_SIZE,
		.depth = 1, .image_layers = shape.layers, .image_levels = 1, .levels = 1,
		.base_layer = image == 2 ? 1 : 0, .layers = image == 2 ? 3 : 1,
		.row_pitch = ms ? 0 : (uint32_t)lay.level[0].row_pitch,
		.layer_pitch_256b = ms ? 0 : (uint32_t)(lay.layer_pitch / 256),
	});
	memcpy(set0 + 16 * slot, dw, sizeof(dw));
	return true;
}

/*
 * Input attachments (subpassLoad) as the ICD writes their descriptors (an
 * image view, 4 slots): the texel under the fragment, a multisampled one's
 * sample 2, an array view's layer from the fragment's layer (the view
 * index under multiview) past the view's base layer.
 */
static bool test_subpass(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in = { .num_quads = SC_GFX_QUADS };
	struct stage st;

	for (unsigned int image = 0; image < 3; image++)
		CHECK(subpass_image(image, 4 * image));
	CHECK(stage_load(&st, "gfx_subpass_frag.spv", NULL, 0));
	CHECK(strstr(st.disassembly, "fetch"));
	CHECK_EQ(st.prog.header.fragment_flags & EMBER_ISA_FS_SAMPLE_RATE, 0);
	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int k = 0; k < SC_GFX_QUADS; k++) {
		gfx_tri_quad(&tri, quad_pos[k][0], quad_pos[k][1], samples, &quads[k]);
		in.quad[k] = &quads[k];
		in.layer[k] = k % 3;
		for (unsigned int j = 0; j < 3; j++)
			in.vertex[k][j] = vertex_slots[j];
	}
	CHECK_EQ(sc_fragment_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		uint32_t x = q->x + (l & 1), y = q->y + ((l >> 1) & 1);

		CHECK_EQ(out.color[0][l], subpass_texel(0, x, y, 0));
		CHECK_EQ(out.color[1][l], 0);
		CHECK_EQ(out.color[3][l], ember_hw_f32_bits(1.0f));
		CHECK_EQ(out.color[4][l], subpass_texel(1, x, y, 2));
		CHECK_EQ(out.color[7][l], 1);
		CHECK_EQ(out.color[8][l], subpass_texel(2, x, y, 1 + (l / 4) % 3));
	}
	stage_fini(&st);
	return true;
}

/* 16-bit vertex attributes and outputs: a 32-bit component each, converted. */
static bool test_vertex_16bit(void)
{
	static uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 32, .inputs = inputs };
	struct stage st;

	CHECK(stage_load(&st, "gfx_io16_vert.spv", NULL, 0));
	CHECK_EQ(st.prog.header.num_inputs, 3);
	CHECK_EQ(st.prog.header.num_outputs, 3);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		/* What vertex fetch gives for R16G16B16A16_SFLOAT, R16G16_SINT, R16_UINT. */
		for (unsigned int c = 0; c < 4; c++)
			inputs[c][l] = ember_hw_f32_bits(0.25f * (float)l - (float)c);
		inputs[4][l] = (uint32_t)(-3 * (int)l - 1);
		inputs[5][l] = 1000 * l;
		inputs[8][l] = 60000 + l;
	}
	CHECK_EQ(sc_vertex_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		CHECK_EQ(out.outputs[0][l], ember_hw_f32_bits(0.5f * (float)l));
		CHECK_EQ(out.outputs[1][l], ember_hw_f32_bits(0.5f * (float)l - 2.0f));
		CHECK_EQ(out.outputs[2][l], inputs[2][l]);
		CHECK_EQ(out.outputs[4][l], inputs[3][l]);
		CHECK_EQ(out.outputs[5][l], ember_hw_f32_bits((float)(-3 * (int)l - 1)));
		CHECK_EQ(out.outputs[6][l], ember_hw_f32_bits((float)(1000 * l)));
		CHECK_EQ(out.outputs[7][l], ember_hw_f32_bits((float)(60000 + l)));
		/* int16 sign-extended, uint16 zero-extended (and wrapped). */
		CHECK_EQ(out.outputs[8][l], (uint32_t)(1000 * (int)l - 1));
		CHECK_EQ(out.outputs[9][l], 60007 + l);
	}
	stage_fini(&st);
	return true;
}

static bool near_half(uint32_t got_bits, double want)
{
	double got = ember_hw_bits_f32(got_bits);

	/* A float16 holds 11 significant bits. */
	if (fabs(got - want) <= 1e-3 * fabs(want) + 1e-4)
		return true;
	tap_diag("got %.9g, want %.9g (float16)", got, want);
	return false;
}

/* 16- and 8-bit fragment inputs and outputs. */
static bool test_fragment_16bit(void)
{
	static const float half_y[3] = { 1.0f, 2.0f, 4.0f }, f[3] = { 0.5f, 1.5f, -2.0f };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++) {
		vertex_slots[j][0] = ember_hw_f32_bits(0.75f);
		vertex_slots[j][1] = ember_hw_f32_bits(half_y[j]);
		vertex_slots[j][2] = ember_hw_f32_bits(f[j]);
		/* Flat: the provoking vertex's (the last) counts. */
		vertex_slots[j][8] = j == 2 ? (uint32_t)-300 : 0x12345;
		vertex_slots[j][9] = j == 2 ? 40000 : 0x54321;
		vertex_slots[j][12] = j == 2 ? (uint32_t)-5 : 0x777;
	}
	CHECK(run_quads(&st, "gfx_io16_frag.spv", quads, &out));
	CHECK_EQ(st.prog.header.num_inputs, 4);
	CHECK_EQ(st.prog.header.num_outputs, 4);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		double px = q->x + (l & 1) + 0.5, py = q->y + ((l >> 1) & 1) + 0.5;

		CHECK_EQ(out.color[0][l], ember_hw_f32_bits(0.75f));
		CHECK(near_half(out.color[1][l], smooth_at(px, py, 1, true)));
		CHECK(near_half(out.color[2][l], smooth_at(px, py, 2, true)));
		CHECK_EQ(out.color[3][l], ember_hw_f32_bits(-2.5f));
		CHECK_EQ(out.color[4][l], (uint32_t)-300);
		CHECK_EQ(out.color[5][l], 600);
		CHECK_EQ(out.color[8][l], 40000);
		CHECK_EQ(out.color[9][l], 80000 & 0xffff);
		CHECK_EQ(out.color[12][l], (uint32_t)-5);
		CHECK_EQ(out.color[13][l], (uint32_t)-15);
	}
	stage_fini(&st);
	return true;
}

/*
 * interpolateAt* of an element chosen at run time: the same bits as with
 * the constant index, and the triangle's values at the place asked for.
 */
static bool test_interpolate_dynamic(void)
{
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct stage st;

	memset(vertex_slots, 0, sizeof(vertex_slots));
	for (unsigned int j = 0; j < 3; j++)
		for (unsigned int slot = 0; slot < 24; slot++)
			vertex_slots[j][slot] = ember_hw_f32_bits((float)(slot + 1) *
								  (j == 1 ? -2.0f : 1.0f + j) + 0.5f * slot);
	samples = 4;
	CHECK(run_quads(&st, "gfx_interp_dynamic_frag.spv", quads, &out));
	samples = 1;
	CHECK_EQ(st.prog.header.fragment_flags & EMBER_ISA_FS_SAMPLE_RATE, 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4, cov = q->coverage[p], sx, sy;
		double px = q->x + (p & 1), py = q->y + (p >> 1), cx = px + 0.5, cy = py + 0.5;
		unsigned int i = (unsigned int)(q->x + (p & 1)) % 3;
		unsigned int j = (unsigned int)(q->y + (p >> 1)) % 2;

		CHECK_EQ(out.color[16][l], ember_hw_f32_bits((float)i));
		CHECK_EQ(out.color[17][l], ember_hw_f32_bits((float)j));
		if (cov && cov != 0xf) {
			ember_sample_location(4, __builtin_ctz(cov), &sx, &sy);
			cx = px + (double)sx / EMBER_SUBPIXEL_ONE;
			cy = py + (double)sy / EMBER_SUBPIXEL_ONE;
		}
		for (unsigned int c = 0; c < 4; c++) {
			CHECK_EQ(out.color[c][l], out.color[4 + c][l]);
			CHECK(near(ember_hw_bits_f32(out.color[c][l]),
				   smooth_at(px + 0.75, py + 0.375, 4 * i + c, true)));
		}
		CHECK_EQ(out.color[8][l], out.color[9][l]);
		CHECK(near(ember_hw_bits_f32(out.color[8][l]), smooth_at(cx, cy, 20 + i, false)));
		CHECK_EQ(out.color[10][l], out.color[11][l]);
		ember_sample_location(4, 3, &sx, &sy);
		CHECK(near(ember_hw_bits_f32(out.color[10][l]),
			   smooth_at(px + (double)sx / EMBER_SUBPIXEL_ONE,
				     py + (double)sy / EMBER_SUBPIXEL_ONE, 4 * i + j + 1, true)));
		/* Block members: a at location 3, b at location 4. */
		CHECK(near(ember_hw_bits_f32(out.color[12][l]), smooth_at(px + 0.25, py + 0.875, 16, true)));
		CHECK(near(ember_hw_bits_f32(out.color[13][l]), smooth_at(px + 0.25, py + 0.875, 17, true)));
		CHECK(near(ember_hw_bits_f32(out.color[14][l]), smooth_at(cx, cy, 12, true)));
		CHECK_EQ(out.color[15][l], out.color[12 + j][l]);
	}
	stage_fini(&st);
	return true;
}

/* Location aliasing by component, a 64-bit value at component 2, PointSize. */
static bool test_location_aliasing(void)
{
	static uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 32, .inputs = inputs };
	struct stage st;

	CHECK(stage_load(&st, "gfx_alias_vert.spv", NULL, 0));
	CHECK_EQ(st.prog.header.num_inputs, 2);
	CHECK_EQ(st.prog.header.num_outputs, 2);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t big = 0xffffffffull + 0x100000000ull * l - (l & 1);

		inputs[0][l] = ember_hw_f32_bits(1.5f * (float)l);
		inputs[1][l] = ember_hw_f32_bits(4.0f - (float)l);
		inputs[6][l] = (uint32_t)big;
		inputs[7][l] = big >> 32;
	}
	CHECK_EQ(sc_vertex_wave_run(&st.core, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		float a = 1.5f * (float)l, b = 4.0f - (float)l;
		uint64_t big = 0xffffffffull + 0x100000000ull * l - (l & 1);

		CHECK_EQ(out.outputs[0][l], inputs[0][l]);
		CHECK_EQ(out.outputs[1][l], ember_hw_f32_bits(a + b));
		CHECK_EQ(out.outputs[2][l], ember_hw_f32_bits(a - b));
		CHECK_EQ(out.outputs[3][l], inputs[1][l]);
		CHECK_EQ(out.outputs[4][l], (uint32_t)big);
		CHECK_EQ(out.outputs[5][l], 0);
		CHECK_EQ(out.outputs[6][l], (uint32_t)(big + 1));
		CHECK_EQ(out.outputs[7][l], (uint32_t)((big + 1) >> 32));
		CHECK_EQ(ember_hw_f32_bits(out.point_size[l]), ember_hw_f32_bits(2.0f));
	}
	stage_fini(&st);
	return true;
}

static bool setup(void)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE, .num_vectors = 1, .num_cores = 1,
	};
	uint64_t set0_va = DATA_VA + 2 * EMBER_PAGE_SIZE;
	uint8_t *table;

	CHECK(guest_init(&gst, &config));
	set_table_va = DATA_VA;
	table = guest_alloc_mapped(&gst, CTX, set_table_va, EMBER_PAGE_SIZE);
	CHECK(table);
	set0 = guest_alloc_mapped(&gst, CTX, set0_va, EMBER_PAGE_SIZE);
	CHECK(set0);
	memcpy(table, &set0_va, 8);
	return true;
}

int main(int argc, char **argv)
{
	spirv_dir = argc > 1 ? argv[1] : ".";
	if (!tap_result(setup(), "setup"))
		return tap_finish();
	tap_result(test_vertex(), "vertex-transform-packing-builtins");
	tap_result(test_fragment(), "fragment-interpolation-derivatives-discard-depth");
	tap_result(test_vertex_builtins(), "vertex-draw-parameters-view-layer-viewport-cull");
	tap_result(test_layout(), "vertex-location-assignment-64-bit-clip-distances");
	tap_result(test_centroid(), "centroid-interpolate-at-sample-offset");
	tap_result(test_sample_rate(), "per-sample-shading-sample-input");
	tap_result(test_texture(), "implicit-lod-bias-querylod");
	tap_result(test_kill_loop(), "discard-terminate-in-divergent-loop");
	tap_result(test_demote(), "demote-helpers");
	tap_result(test_builtins(), "fragment-builtins-sample-mask-depth-mode");
	tap_result(test_subpass(), "input-attachments-ms-layered");
	tap_result(test_vertex_16bit(), "vertex-16-bit-attributes-outputs");
	tap_result(test_fragment_16bit(), "fragment-16-8-bit-inputs-outputs");
	tap_result(test_interpolate_dynamic(), "interpolate-at-dynamic-element");
	tap_result(test_location_aliasing(), "location-aliasing-components-64-bit");
	guest_fini(&gst);
	return tap_finish();
}
