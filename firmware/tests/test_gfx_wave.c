/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The vertex and fragment stages of ISA 1.4 on the shader core, through
 * the API the 3D pipeline calls (firmware/shader/gfx_wave.h): assembled
 * programs run as vertex waves and fragment waves over quads built here
 * from a triangle in screen space (the rasterizer's model: linear
 * barycentrics from edge functions, perspective ones by 1/w), in guest
 * memory with page tables, as a draw would run them.
 *
 * Checked: every built-in input and output; each interpolation mode
 * against the rasterizer's own interpolation at the centre (bit for bit)
 * and against a double-precision reference elsewhere; fine and coarse
 * derivatives; implicit-LOD sampling against the explicit-gradient path
 * and the LOD query; helpers, demote and terminate (helper stores and
 * atomics dropped, kill mask); the stage checks of the assembler, the
 * binary builder and the device; faults and the watchdog. Each runs on the
 * JIT (the default) and on the interpreter (EMBER_SHADER_JIT=off): the new
 * opcodes go through the JIT's handler calls.
 */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_image_layout.h"
#include "gfx_tri.h"
#include "guest.h"
#include "raster/raster.h"
#include "shader/gfx_wave.h"
#include "tap.h"

#define CTX		0
#define RAM_SIZE	(64ull << 20)
#define DATA_VA		0x10000000ull
#define UNMAPPED_VA	0x7f000000ull
#define VK_R32_SFLOAT	100

static struct guest gst;
static uint64_t next_va = DATA_VA;
/* Set 0 of the descriptor-set table: 16-byte slots. */
static uint64_t set_table_va;
static uint8_t *set0;

static void *mapped(uint64_t size, uint64_t *va)
{
	uint64_t pages = (size + EMBER_PAGE_SIZE - 1) / EMBER_PAGE_SIZE;
	void *p = guest_alloc_mapped(&gst, CTX, next_va, pages * EMBER_PAGE_SIZE);

	*va = next_va;
	/* A page of hole between allocations. */
	next_va += (pages + 1) * EMBER_PAGE_SIZE;
	return p;
}

static void put_buffer(uint32_t slot, uint64_t va, uint32_t range)
{
	struct ember_buffer_descriptor d = { .va = va, .range = range };
	uint32_t dw[EMBER_BUFFER_DESCRIPTOR_DWORDS];

	ember_buffer_descriptor_pack(dw, &d);
	memcpy(set0 + 16 * slot, dw, sizeof(dw));
}

struct stage {
	struct sc_program prog;
	struct sc_gfx_stage_params params;
	struct sc_dispatch d;
	struct sc_group core;
};

/* Programs the JIT compiled (the rest run on the interpreter). */
static unsigned int jit_compiled;

static bool jit_on(void)
{
	return guest_shader_jit() != EMBER_SHADER_JIT_OFF && sc_jit_compile;
}

/* Assemble and build @text into @st with @samples samples per pixel. */
static bool stage_load(struct stage *st, const char *text, unsigned int samples)
{
	char err[256];
	uint32_t detail;
	size_t size;
	void *bin;

	memset(st, 0, sizeof(*st));
	if (ember_isa_assemble(text, &bin, &size, err, sizeof(err))) {
		tap_diag("assemble: %s", err);
		return false;
	}
	if (sc_program_build(bin, size, &st->prog, &detail)) {
		tap_diag("build: detail 0x%x", detail);
		free(bin);
		return false;
	}
	free(bin);
	if (jit_on() && sc_jit_compile(&st->prog, true) && st->prog.jit)
		jit_compiled++;
	else if (jit_on())
		tap_diag("not compiled: %.40s", text);
	st->params = (struct sc_gfx_stage_params) {
		.dev = &gst.dev,
		.mmu = { .ram = &gst.dev.guest_ram, .root = gst.pt_root[CTX] },
		.prog = &st->prog, .shader_va = 0x1000, .set_table_va = set_table_va,
		.deadline_ns = UINT64_MAX, .jit = jit_on() ? st->prog.jit : NULL,
		.base_vertex = 1000, .base_instance = 77, .draw_index = 3, .view_index = 1,
		.samples = samples,
	};
	for (unsigned int s = 0; s < samples; s++) {
		unsigned int x, y;

		ember_sample_location(samples, s, &x, &y);
		st->params.sample_pos[s][0] = (float)x / EMBER_SUBPIXEL_ONE;
		st->params.sample_pos[s][1] = (float)y / EMBER_SUBPIXEL_ONE;
	}
	if (!sc_gfx_stage_init(&st->d, &st->params) || !sc_gfx_core_init(&st->core, &st->d)) {
		sc_program_fini(&st->prog);
		return false;
	}
	return true;
}

static void stage_fini(struct stage *st)
{
	sc_gfx_core_fini(&st->core);
	sc_program_fini(&st->prog);
}

/*
 * Run a side-effect-free wave; with the JIT's code, run it on the
 * interpreter too: every output must be the same bits (the new opcodes run
 * through the JIT's handler calls, TERMINATE through its control flow).
 */
static int run_fragment(struct stage *st, const struct sc_fragment_wave_in *in,
			struct sc_fragment_wave_out *out)
{
	static struct sc_fragment_wave_out interpreted;
	int ret = sc_fragment_wave_run(&st->core, in, out);

	if (ret || !st->d.jit)
		return ret;
	st->d.jit = NULL;
	ret = sc_fragment_wave_run(&st->core, in, &interpreted);
	st->d.jit = st->params.jit;
	if (ret)
		return ret;
	if (memcmp(out, &interpreted, sizeof(*out))) {
		tap_diag("the JIT's outputs differ from the interpreter's");
		return -1;
	}
	return 0;
}

static int run_vertex(struct stage *st, const struct sc_vertex_wave_in *in,
		      struct sc_vertex_wave_out *out)
{
	static struct sc_vertex_wave_out interpreted;
	int ret = sc_vertex_wave_run(&st->core, in, out);

	if (ret || !st->d.jit)
		return ret;
	st->d.jit = NULL;
	ret = sc_vertex_wave_run(&st->core, in, &interpreted);
	st->d.jit = st->params.jit;
	if (ret)
		return ret;
	if (memcmp(out, &interpreted, sizeof(*out))) {
		tap_diag("the JIT's outputs differ from the interpreter's");
		return -1;
	}
	return 0;
}

static float f32(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, 4);
	return f;
}

static uint32_t bits(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	return b;
}

static bool near(float got, double want, double tol)
{
	if (fabs((double)got - want) <= tol * (1.0 + fabs(want)))
		return true;
	tap_diag("got %.9g, want %.9g", (double)got, want);
	return false;
}

static const struct gfx_tri tri_a = {
	.x = { 1.0, 30.0, 4.0 }, .y = { 2.0, 5.0, 27.0 },
	.w = { 1.0, 4.0, 2.0 }, .z = { 0.1, 0.9, 0.5 },
};

/* Eight quads of a wave, most of them inside tri_a. */
static const int32_t wave_quads[SC_GFX_QUADS][2] = {
	{ 0, 0 }, { 2, 2 }, { 6, 4 }, { 12, 8 }, { 4, 14 }, { 20, 6 }, { 2, 20 }, { 8, 2 },
};

/* Per quad: three vertices' output slots (attribute values). */
static uint32_t vertex_slots[SC_GFX_QUADS][3][SC_GFX_SLOTS];

static void fragment_in(struct sc_fragment_wave_in *in, struct ember_quad *quads,
			const int32_t (*pos)[2], unsigned int n, const struct gfx_tri *t,
			unsigned int samples)
{
	memset(in, 0, sizeof(*in));
	in->num_quads = n;
	for (unsigned int k = 0; k < n; k++) {
		gfx_tri_quad(t, pos[k][0], pos[k][1], samples, &quads[k]);
		in->quad[k] = &quads[k];
		in->layer[k] = 5 + k;
		in->sample[k] = k % samples;
		for (unsigned int j = 0; j < 3; j++)
			in->vertex[k][j] = vertex_slots[k][j];
	}
}

/* Vertex waves: inputs, every vertex built-in, outputs by slot. */
static bool test_vertex_wave(void)
{
	static const char text[] =
		".stage vertex\n.inputs 2\n.outputs 3\n.vertex point_size layer\n"
		".clip_distances 1\n.cull_distances 1\n"
		"\tldin v0, 0\n\tldin v1, 1\n\tldin.u64 v2, 4\n\tmov u8, 7\n\tldin v6, u8\n"
		"\ts2r.vertex_index v4\n\ts2r.instance_index v5\n"
		"\ts2r.base_vertex u0\n\ts2r.base_instance u1\n\ts2r.draw_index u2\n"
		"\ts2r.view_index u3\n"
		"\tostore.position_x v0\n\tostore.position_y v1\n\tostore.position_w 1.0\n"
		"\tstout 0, v4\n\tstout 1, v5\n\tstout 2, u0\n\tstout 3, u1\n"
		"\tstout.u64 4, v2\n\tstout 6, u2\n\tstout 7, u3\n\tstout 9, v6\n"
		"\tstout 8, 99\n\tstout 31, 5\n"
		"\tostore.point_size 2.5\n\tostore.clip_distance0 v1\n"
		"\tostore.cull_distance0 -1.0\n\tostore.layer v5\n\tend\n";
	static uint32_t inputs[SC_GFX_SLOTS][SC_LANES];
	static struct sc_vertex_wave_out out;
	struct sc_vertex_wave_in in = { .count = 20, .inputs = inputs };
	struct stage st;

	CHECK(stage_load(&st, text, 1));
	for (unsigned int l = 0; l < SC_LANES; l++) {
		in.vertex_index[l] = 1000 + 3 * l;
		in.instance_index[l] = 77 + l / 8;
		inputs[0][l] = bits(0.5f * (float)l);
		inputs[1][l] = bits(-1.0f * (float)l);
		inputs[4][l] = 0x11110000u + l;
		inputs[5][l] = 0x22220000u + l;
		inputs[7][l] = 0x33330000u + l;
	}
	CHECK_EQ(run_vertex(&st, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		bool live = l < in.count;

		CHECK_EQ(bits(out.position[0][l]), live ? inputs[0][l] : 0);
		CHECK_EQ(bits(out.position[1][l]), live ? inputs[1][l] : 0);
		CHECK_EQ(bits(out.position[2][l]), 0);
		CHECK_EQ(bits(out.position[3][l]), live ? bits(1.0f) : 0);
		CHECK_EQ(out.outputs[0][l], live ? in.vertex_index[l] : 0);
		CHECK_EQ(out.outputs[1][l], live ? in.instance_index[l] : 0);
		CHECK_EQ(out.outputs[2][l], live ? 1000 : 0);
		CHECK_EQ(out.outputs[3][l], live ? 77 : 0);
		CHECK_EQ(out.outputs[4][l], live ? inputs[4][l] : 0);
		CHECK_EQ(out.outputs[5][l], live ? inputs[5][l] : 0);
		CHECK_EQ(out.outputs[6][l], live ? 3 : 0);
		CHECK_EQ(out.outputs[7][l], live ? 1 : 0);
		CHECK_EQ(out.outputs[8][l], live ? 99 : 0);
		/* ldin of a uniform slot; past num_outputs * 4 nothing is stored. */
		CHECK_EQ(out.outputs[9][l], live ? inputs[7][l] : 0);
		CHECK_EQ(out.outputs[31][l], 0);
		CHECK_EQ(bits(out.point_size[l]), bits(live ? 2.5f : 1.0f));
		CHECK_EQ(bits(out.clip_distance[0][l]), live ? inputs[1][l] : 0);
		CHECK_EQ(bits(out.cull_distance[0][l]), live ? bits(-1.0f) : 0);
		CHECK_EQ(out.layer[l], live ? in.instance_index[l] : 0);
	}
	stage_fini(&st);
	return true;
}

/*
 * How a fragment wave shades: per pixel, per sample because the header
 * says so (SAMPLE_RATE), or per sample because the draw does (sample
 * shading: sc_fragment_wave_in.per_sample).
 */
enum shading { PER_PIXEL, PER_SAMPLE_HEADER, PER_SAMPLE_DRAW };

/* Fragment built-ins into colour slots, per pixel or per sample (@how). */
static bool check_fragment_builtins(enum shading how)
{
	const bool per_sample = how != PER_PIXEL;
	static const char head[] =
		".stage fragment\n.outputs 8\n";
	static const char body[] =
		"\ts2r.frag_coord_x v0\n\ts2r.frag_coord_y v1\n\ts2r.frag_coord_z v2\n"
		"\ts2r.frag_coord_w v3\n\ts2r.front_facing v4\n\ts2r.sample_id v5\n"
		"\ts2r.sample_pos_x v6\n\ts2r.sample_pos_y v7\n\ts2r.sample_mask_in v8\n"
		"\ts2r.helper_invocation v9\n\ts2r.primitive_id v10\n\ts2r.layer v11\n"
		"\ts2r.point_coord_x v12\n\ts2r.point_coord_y v13\n\ts2r.view_index u0\n"
		"\tstout 0, v0\n\tstout 1, v1\n\tstout 2, v2\n\tstout 3, v3\n\tstout 4, v4\n"
		"\tstout 5, v5\n\tstout 6, v6\n\tstout 7, v7\n\tstout 8, v8\n\tstout 9, v9\n"
		"\tstout 10, v10\n\tstout 11, v11\n\tstout 12, v12\n\tstout 13, v13\n"
		"\tstout 14, u0\n\tend\n";
	static const int32_t pos[6][2] = { { 0, 0 }, { 2, 0 }, { 28, 2 }, { 0, 26 },
					   { 10, 10 }, { 4, 20 } };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	char text[2048];
	struct stage st;

	snprintf(text, sizeof(text), "%s%s%s", head,
		 how == PER_SAMPLE_HEADER ? ".fragment sample_rate\n" : "", body);
	CHECK(stage_load(&st, text, 4));
	fragment_in(&in, quads, pos, 6, &tri_a, 4);
	in.per_sample = how == PER_SAMPLE_DRAW;
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	CHECK_EQ(out.discarded, 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4, p = l % 4;
		const struct ember_quad *q = &quads[k % 6];
		uint32_t s = per_sample ? in.sample[k] : 0;
		float px = (float)(q->x + (int32_t)(p & 1)), py = (float)(q->y + (int32_t)(p >> 1));
		float ox = per_sample ? st.params.sample_pos[s][0] : 0.5f;
		float oy = per_sample ? st.params.sample_pos[s][1] : 0.5f;
		double b[3], inv_w;

		if (k >= in.num_quads) {
			for (unsigned int c = 0; c < 15; c++)
				CHECK_EQ(out.color[c][l], 0);
			continue;
		}
		gfx_tri_persp_at(&tri_a, px + ox, py + oy, b, &inv_w);
		CHECK_EQ(out.color[0][l], bits(px + ox));
		CHECK_EQ(out.color[1][l], bits(py + oy));
		CHECK_EQ(out.color[2][l], bits(per_sample ? q->depth[p][s] : q->depth_center[p]));
		if (per_sample)
			CHECK(near(f32(out.color[3][l]), inv_w, 1e-5));
		else
			CHECK_EQ(out.color[3][l], bits(q->inv_w[p]));
		CHECK_EQ(out.color[4][l], q->front_facing);
		CHECK_EQ(out.color[5][l], s);
		CHECK_EQ(out.color[6][l], bits(st.params.sample_pos[s][0]));
		CHECK_EQ(out.color[7][l], bits(st.params.sample_pos[s][1]));
		CHECK_EQ(out.color[8][l], per_sample ? q->coverage[p] & (1u << s) : q->coverage[p]);
		CHECK_EQ(out.color[9][l], (q->helper_mask >> p) & 1);
		CHECK_EQ(out.color[10][l], q->primitive_id);
		CHECK_EQ(out.color[11][l], in.layer[k]);
		CHECK_EQ(out.color[12][l], bits(q->point_coord[p][0]));
		CHECK_EQ(out.color[13][l], bits(q->point_coord[p][1]));
		CHECK_EQ(out.color[14][l], 1);
		/* Not written: the fragment's depth and all samples. */
		CHECK_EQ(bits(out.depth[l]), bits(per_sample ? q->depth[p][s] : q->depth_center[p]));
		CHECK_EQ(out.sample_mask[l], 0xffffffffu);
	}
	stage_fini(&st);
	return true;
}

static bool test_fragment_builtins(void)
{
	return check_fragment_builtins(PER_PIXEL);
}

static bool test_fragment_builtins_per_sample(void)
{
	return check_fragment_builtins(PER_SAMPLE_HEADER);
}

/*
 * The draw's sample shading runs a shader that does not ask for it per
 * sample: the built-ins are the sample's all the same (FragCoord at the
 * sample, as Vulkan requires whenever sample shading is enabled).
 */
static bool test_fragment_builtins_sample_shading(void)
{
	return check_fragment_builtins(PER_SAMPLE_DRAW);
}

/* FragDepth and SampleMask outputs; colour slots past num_outputs dropped. */
static bool test_fragment_outputs(void)
{
	static const char text[] =
		".stage fragment\n.outputs 1\n.fragment depth_greater sample_mask\n"
		"\ts2r.frag_coord_z v0\n\tfadd v0, v0, 0.25\n\tostore.frag_depth v0\n"
		"\ts2r.lane_id v1\n\tostore.sample_mask v1\n\tstout 3, v1\n\tstout 4, v1\n\tend\n";
	static const int32_t pos[2][2] = { { 4, 6 }, { 8, 8 } };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	struct stage st;

	CHECK(stage_load(&st, text, 1));
	CHECK_EQ(st.prog.header.fragment_flags,
		 EMBER_ISA_FS_DEPTH_WRITE | EMBER_ISA_DEPTH_GREATER << 1 |
		 EMBER_ISA_FS_SAMPLE_MASK_WRITE);
	fragment_in(&in, quads, pos, 2, &tri_a, 1);
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < 8; l++) {
		CHECK_EQ(bits(out.depth[l]), bits(quads[l / 4].depth_center[l % 4] + 0.25f));
		CHECK_EQ(out.sample_mask[l], l);
		CHECK_EQ(out.color[3][l], l);
		CHECK_EQ(out.color[4][l], 0);
	}
	stage_fini(&st);
	return true;
}

/* Attribute values of the quads' vertices: slot c of vertex j of quad k. */
static float attr_value(unsigned int k, unsigned int j, unsigned int c)
{
	return (float)(1 + j * 3 + c) * 0.75f + (float)k * 0.5f - (float)(j == 1) * 4.0f;
}

static void fill_attrs(unsigned int n)
{
	for (unsigned int k = 0; k < n; k++)
		for (unsigned int j = 0; j < 3; j++)
			for (unsigned int c = 0; c < SC_GFX_SLOTS; c++)
				vertex_slots[k][j][c] = bits(attr_value(k, j, c));
}

/*
 * At the centre, smooth and noperspective are the rasterizer's own
 * interpolation (ember_quad_interpolate()) bit for bit, flat the provoking
 * vertex's bits; single-sample "sample", a zero offset and a fully covered
 * centroid are the centre too. Slots past num_inputs read 0.
 */
static bool test_interpolation_at_centre(void)
{
	static const char text[] =
		".stage fragment\n.inputs 2\n.outputs 8\n"
		"\tinterp v0, 0\n\tinterp.noperspective v1, 1\n\tinterp.flat v2, 2\n"
		"\tinterp.sample v3, 3\n\tmov v6, 0.0\n\tmov v7, 0.0\n"
		"\tinterp.at_offset v4, 4, v6\n\tinterp.noperspective.at_sample v5, 5, 0\n"
		"\tinterp.centroid v8, 6\n\tinterp v9, 8\n"
		"\tstout 0, v0\n\tstout 1, v1\n\tstout 2, v2\n\tstout 3, v3\n"
		"\tstout 4, v4\n\tstout 5, v5\n\tstout 6, v8\n\tstout 7, v9\n\tend\n";
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	struct stage st;

	CHECK(stage_load(&st, text, 1));
	fill_attrs(8);
	fragment_in(&in, quads, wave_quads, 8, &tri_a, 1);
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4;
		float v[3];

		for (unsigned int c = 0; c < 7; c++) {
			enum ember_interp mode = c == 1 || c == 5 ? EMBER_INTERP_NOPERSPECTIVE :
						 c == 2 ? EMBER_INTERP_FLAT : EMBER_INTERP_SMOOTH;
			unsigned int slot = c == 6 ? 6 : c;

			for (unsigned int j = 0; j < 3; j++)
				v[j] = attr_value(k, j, slot);
			CHECK_EQ(out.color[c][l],
				 bits(ember_quad_interpolate(&quads[k], l % 4, mode, v)));
		}
		CHECK_EQ(out.color[7][l], 0);
	}
	stage_fini(&st);
	return true;
}

/*
 * INTERP at the centre a quad at a time (op_interp()'s common case) on a
 * partial wave (5 quads: lanes 20-31 have no quad) inside a branch that
 * leaves quad 3 with one live lane (lanes 0-12): smooth and noperspective
 * as ember_quad_interpolate() bit for bit where the lane runs, the value
 * before the branch elsewhere; a slot past num_inputs reads 0.
 */
static bool test_interpolation_centre_partial(void)
{
	static const char text[] =
		".stage fragment\n.inputs 2\n.outputs 3\n"
		"\ts2r.lane_id v0\n\tmov v1, 2.0\n\tmov v2, 2.0\n\tmov v3, 2.0\n"
		"\tcmp.u32.lt p0, v0, 13\n\tif p0, L1\n"
		"\tinterp v1, 1\n\tinterp.noperspective v2, 6\n\tinterp v3, 8\n"
		"L1:\tendif\n\tstout 0, v1\n\tstout 1, v2\n\tstout 2, v3\n\tend\n";
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	struct stage st;

	CHECK(stage_load(&st, text, 1));
	fill_attrs(8);
	fragment_in(&in, quads, wave_quads, 5, &tri_a, 1);
	for (unsigned int k = 5; k < SC_GFX_QUADS; k++)
		in.quad[k] = NULL;
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < 20; l++) {
		unsigned int k = l / 4;
		float smooth[3], linear[3];

		for (unsigned int j = 0; j < 3; j++) {
			smooth[j] = attr_value(k, j, 1);
			linear[j] = attr_value(k, j, 6);
		}
		CHECK_EQ(out.color[0][l], l < 13 ?
			 bits(ember_quad_interpolate(&quads[k], l % 4, EMBER_INTERP_SMOOTH, smooth)) :
			 bits(2.0f));
		CHECK_EQ(out.color[1][l], l < 13 ?
			 bits(ember_quad_interpolate(&quads[k], l % 4, EMBER_INTERP_NOPERSPECTIVE,
						     linear)) : bits(2.0f));
		CHECK_EQ(out.color[2][l], l < 13 ? 0 : bits(2.0f));
	}
	stage_fini(&st);
	return true;
}

/* The reference: the attribute at (x, y) of quad @k's primitive. */
static double reference(unsigned int k, unsigned int slot, bool perspective, double x, double y)
{
	double b[3], r = 0.0;

	if (perspective)
		gfx_tri_persp_at(&tri_a, x, y, b, NULL);
	else
		gfx_tri_linear_at(&tri_a, x, y, b);
	for (unsigned int j = 0; j < 3; j++)
		r += b[j] * attr_value(k, j, slot);
	return r;
}

/*
 * Away from the centre: centroid on partly covered pixels (the lowest
 * covered sample), at_sample, at_offset (clamped to [-0.5, 0.4375]) and,
 * per sample (@how), sample, centroid and plain (centre) interpolation at
 * the invocation's sample, against the double-precision reference.
 */
static bool check_interpolation_off_centre(enum shading how)
{
	const bool per_sample = how != PER_PIXEL;
	static const char head[] =
		".stage fragment\n.inputs 2\n.outputs 8\n";
	static const char body[] =
		"\ts2r.lane_id v10\n\tand v10, v10, 3\n"
		"\tinterp.centroid v0, 0\n\tinterp.noperspective.centroid v1, 1\n"
		"\tinterp.at_sample v2, 2, v10\n\tmov v6, 0.25\n\tmov v7, -0.375\n"
		"\tinterp.at_offset v3, 3, v6\n\tinterp.noperspective.at_offset v4, 4, v6\n"
		"\tmov v8, 2.0\n\tmov v9, -3.0\n\tinterp.at_offset v5, 5, v8\n"
		"\tinterp.sample v11, 6\n\tinterp v12, 7\n"
		"\tstout 0, v0\n\tstout 1, v1\n\tstout 2, v2\n\tstout 3, v3\n"
		"\tstout 4, v4\n\tstout 5, v5\n\tstout 6, v11\n\tstout 7, v12\n\tend\n";
	/* Quads on the triangle's edges: partly covered pixels. */
	static const int32_t pos[8][2] = { { 0, 0 }, { 2, 2 }, { 14, 2 }, { 28, 4 },
					   { 2, 24 }, { 16, 14 }, { 4, 26 }, { 8, 18 } };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	unsigned int partial = 0;
	char text[2048];
	struct stage st;

	snprintf(text, sizeof(text), "%s%s%s", head,
		 how == PER_SAMPLE_HEADER ? ".fragment sample_rate\n" : "", body);
	CHECK(stage_load(&st, text, 4));
	fill_attrs(8);
	fragment_in(&in, quads, pos, 8, &tri_a, 4);
	in.per_sample = how == PER_SAMPLE_DRAW;
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4, p = l % 4, s = per_sample ? in.sample[k] : 0;
		const struct ember_quad *q = &quads[k];
		double px = q->x + (p & 1), py = q->y + (p >> 1), cx = px + 0.5, cy = py + 0.5;
		uint32_t cov = q->coverage[p];
		double centroid_x = cx, centroid_y = cy;
		const float (*sp)[2] = st.params.sample_pos;

		if (per_sample) {
			centroid_x = px + sp[s][0];
			centroid_y = py + sp[s][1];
		} else if (cov && cov != 0xf) {
			unsigned int first = (unsigned int)__builtin_ctz(cov);

			centroid_x = px + sp[first][0];
			centroid_y = py + sp[first][1];
			partial++;
		}
		CHECK(near(f32(out.color[0][l]), reference(k, 0, true, centroid_x, centroid_y), 2e-5));
		CHECK(near(f32(out.color[1][l]), reference(k, 1, false, centroid_x, centroid_y), 2e-5));
		CHECK(near(f32(out.color[2][l]), reference(k, 2, true, px + sp[p][0], py + sp[p][1]),
			   2e-5));
		CHECK(near(f32(out.color[3][l]), reference(k, 3, true, cx + 0.25, cy - 0.375), 2e-5));
		CHECK(near(f32(out.color[4][l]), reference(k, 4, false, cx + 0.25, cy - 0.375), 2e-5));
		CHECK(near(f32(out.color[5][l]), reference(k, 5, true, cx + 0.4375, cy - 0.5), 2e-5));
		CHECK(near(f32(out.color[6][l]), reference(k, 6, true, px + sp[s][0], py + sp[s][1]),
			   2e-5));
		if (per_sample)
			CHECK(near(f32(out.color[7][l]),
				   reference(k, 7, true, px + sp[s][0], py + sp[s][1]), 2e-5));
		else
			CHECK_EQ(out.color[7][l],
				 bits(ember_quad_interpolate(q, p, EMBER_INTERP_SMOOTH,
							     (const float[3]){ attr_value(k, 0, 7),
									       attr_value(k, 1, 7),
									       attr_value(k, 2, 7) })));
	}
	/* The quads do have partly covered pixels (centroid was tested). */
	CHECK(per_sample || partial > 0);
	stage_fini(&st);
	return true;
}

static bool test_interpolation_off_centre(void)
{
	return check_interpolation_off_centre(PER_PIXEL);
}

static bool test_interpolation_per_sample(void)
{
	return check_interpolation_off_centre(PER_SAMPLE_HEADER);
}

/* The draw's sample shading: every input at the invocation's sample. */
static bool test_interpolation_sample_shading(void)
{
	return check_interpolation_off_centre(PER_SAMPLE_DRAW);
}

/* ddx/ddy fine and coarse of v = x * x + x * y + 7 * y (exact in f32). */
static bool test_derivatives(void)
{
	static const char text[] =
		".stage fragment\n.outputs 1\n"
		"\ts2r.frag_coord_x v0\n\ts2r.frag_coord_y v1\n"
		"\tfmul v2, v0, v0\n\tffma v2, v0, v1, v2\n\tffma v2, v1, 7.0, v2\n"
		"\tddx v3, v2\n\tddy.fine v4, v2\n\tddx.coarse v5, v2\n\tddy.coarse v6, v2\n"
		"\tstout 0, v3\n\tstout 1, v4\n\tstout 2, v5\n\tstout 3, v6\n\tend\n";
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	struct stage st;

	CHECK(stage_load(&st, text, 1));
	fragment_in(&in, quads, wave_quads, 8, &tri_a, 1);
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		const struct ember_quad *q = &quads[l / 4];
		unsigned int p = l % 4;
		double x0 = q->x + 0.5, y0 = q->y + 0.5, x = x0 + (p & 1), y = y0 + (p >> 1);
		/* v(x + 1, y) - v(x, y) = 2x + 1 + y; v(x, y + 1) - v(x, y) = x + 7. */
		double fine_x = 2 * x0 + 1 + y, coarse_x = 2 * x0 + 1 + y0;
		double fine_y = x + 7, coarse_y = x0 + 7;

		CHECK_EQ(out.color[0][l], bits((float)fine_x));
		CHECK_EQ(out.color[1][l], bits((float)fine_y));
		CHECK_EQ(out.color[2][l], bits((float)coarse_x));
		CHECK_EQ(out.color[3][l], bits((float)coarse_y));
	}
	stage_fini(&st);
	return true;
}

/*
 * Implicit-LOD sampling: an R32_SFLOAT 64x64 image whose level L holds L
 * everywhere, trilinear: what TEX returns is the LOD it used. It must be
 * the bits TEXG gives with the coarse derivatives as gradients, and
 * log2 of the coordinates' scale in texels; QUERYLOD gives (level, λ),
 * TEX.bias moves the LOD. Quads have different scales (a flat input).
 */
static bool test_implicit_lod(void)
{
	static const char text[] =
		".stage fragment\n.inputs 1\n.outputs 6\n"
		".resource 0 0 combined_image_sampler 0 1\n"
		"\tldimgdesc u0, 0, 0\n\tldsmpdesc u16, 0, 4\n"
		"\ts2r.frag_coord_x v0\n\ts2r.frag_coord_y v1\n"
		"\tinterp.flat v2, 0\n\tinterp.flat v3, 1\n\tinterp.flat v44, 2\n"
		"\tfmul v8, v0, v2\n\tfmul v9, v1, v3\n"
		"\ttex v12, u0, u16, v8\n"
		"\tmov v24, v8\n\tmov v25, v9\n"
		"\tddx.coarse v28, v8\n\tddx.coarse v29, v9\n\tmov v30, 0\n"
		"\tddy.coarse v31, v8\n\tddy.coarse v32, v9\n\tmov v33, 0\n"
		"\ttexg v36, u0, u16, v24\n"
		"\tmov v40, v8\n\tmov v41, v9\n\ttex.bias v48, u0, u16, v40\n"
		"\tquerylod v52, u0, u16, v8\n"
		"\tstout 0, v12\n\tstout 1, v36\n\tstout 2, v48\n\tstout 3, v52\n"
		"\tstout 4, v53\n\tend\n";
	/* Per quad: the scale of s and t (in 1/64 of the image) and a bias. */
	static const float scale[8][3] = {
		{ 1.0f / 64, 1.0f / 64, 0.5f }, { 2.0f / 64, 1.0f / 64, 1.0f },
		{ 4.0f / 64, 4.0f / 64, -1.0f }, { 3.0f / 64, 1.0f / 64, 0.25f },
		{ 16.0f / 64, 2.0f / 64, 2.0f }, { 0.25f / 64, 0.25f / 64, 0.5f },
		{ 100.0f / 64, 1.0f / 64, 0.0f }, { 6.0f / 64, 5.0f / 64, -0.5f },
	};
	static struct sc_fragment_wave_out out;
	struct ember_image_shape shape = {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 4, .width = 64,
		.height = 64, .depth = 1, .levels = 7, .layers = 1,
	};
	struct ember_sampler_desc smp = {
		.mag_filter = 1, .min_filter = 1, .mipmap_mode = 1, .address_u = 2,
		.address_v = 2, .address_w = 2, .min_lod = -16.0f, .max_lod = 1000.0f,
	};
	struct ember_image_layout lay;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	uint64_t va;
	uint8_t *img;
	struct stage st;

	CHECK(!ember_image_layout(&shape, &lay));
	img = mapped(lay.size, &va);
	for (unsigned int level = 0; level < 7; level++)
		for (uint64_t i = 0; i < lay.level[level].size / 4; i++) {
			float v = (float)level;

			memcpy(img + lay.level[level].offset + 4 * i, &v, 4);
		}
	ember_image_desc_pack(dw, &(struct ember_image_desc) {
		.va = va, .format = VK_R32_SFLOAT, .view_type = 1,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .width = 64, .height = 64, .depth = 1,
		.image_layers = 1, .image_levels = 7, .levels = 7, .layers = 1,
	});
	memcpy(set0, dw, sizeof(dw));
	ember_sampler_desc_pack(dw, &smp);
	memcpy(set0 + 16 * 4, dw, 4 * EMBER_SAMPLER_DESC_DWORDS);

	CHECK(stage_load(&st, text, 1));
	fragment_in(&in, quads, wave_quads, 8, &tri_a, 1);
	for (unsigned int k = 0; k < 8; k++)
		for (unsigned int j = 0; j < 3; j++)
			for (unsigned int c = 0; c < 3; c++)
				vertex_slots[k][j][c] = bits(scale[k][c]);
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4;
		double rho = 64.0 * fmax(scale[k][0], scale[k][1]), lambda = log2(rho);
		double level = fmin(fmax(lambda, 0.0), 6.0);
		double biased = fmin(fmax(lambda + scale[k][2], 0.0), 6.0);

		/* The implicit LOD is the explicit path's with the quad's gradients. */
		CHECK_EQ(out.color[0][l], out.color[1][l]);
		CHECK(near(f32(out.color[0][l]), level, 1e-5));
		CHECK(near(f32(out.color[2][l]), biased, 1e-5));
		CHECK(near(f32(out.color[3][l]), level, 1e-5));
		CHECK(near(f32(out.color[4][l]), lambda, 1e-5));
	}
	memset(set0, 0, 16 * 6);
	stage_fini(&st);
	return true;
}

/*
 * Helpers run (derivatives see them) but store nothing; DEMOTE makes
 * helpers (helper_invocation reads 1, outputs discarded), TERMINATE ends
 * lanes for good, inside an IF too; both are in the kill mask. The wave's
 * first store is fully active: the fast store path must skip helpers too,
 * also where the page is already translated (the JIT's native store: the
 * store to byte 512 first).
 */
static bool test_helpers_demote_terminate(void)
{
	static const char text[] =
		".stage fragment\n.outputs 2\n.fragment discard\n"
		".resource 0 0 storage 0 1\n"
		"\tlddesc u0, 0, 0\n\ts2r.lane_id v0\n\tshl v1, v0, 2\n"
		"\tstg.u32 u0, 512, v0\n\tstg.u32 u0, v1, v0\n"
		"\tatomg.u32.add _, u0, 256, 1\n"
		"\tcmp.u32.eq p0, v0, 5\n\t@p0 demote\n"
		"\tcmp.u32.eq p1, v0, 9\n\tif p1, L1\n\tterminate\n\tmov v9, 1\nL1:\tendif\n"
		"\ts2r.helper_invocation v2\n\tstout 0, v2\n"
		"\tiadd v3, v1, 128\n\tiadd v4, v0, 1000\n\tstg.u32 u0, v3, v4\n"
		"\tatomg.u32.add _, u0, 260, 1\n"
		"\ti2f.u32 v5, v0\n\tddx v6, v5\n\tstout 4, v6\n\tend\n";
	static const int32_t pos[8][2] = { { 0, 0 }, { 2, 2 }, { 12, 8 }, { 28, 4 },
					   { 4, 14 }, { 2, 24 }, { 2, 20 }, { 8, 2 } };
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	uint32_t helpers = 0, expect_first = 0, expect_second = 0;
	uint64_t buf_va;
	uint32_t *buf = mapped(4096, &buf_va);
	struct stage st;

	put_buffer(0, buf_va, 4096);
	memset(buf, 0xee, 264);
	buf[64] = buf[65] = 0;
	CHECK(stage_load(&st, text, 1));
	fragment_in(&in, quads, pos, 8, &tri_a, 1);
	for (unsigned int k = 0; k < 8; k++)
		helpers |= (uint32_t)quads[k].helper_mask << (4 * k);
	/* The quads on the edges have helpers; lanes 5 and 9 are not ones. */
	CHECK(helpers && !(helpers & (1u << 5 | 1u << 9)));
	CHECK_EQ(sc_fragment_wave_run(&st.core, &in, &out), 0);
	CHECK_EQ(out.discarded, 1u << 5 | 1u << 9);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		bool helper = (helpers >> l) & 1;
		bool stores = !helper && l != 5 && l != 9;

		expect_first += !helper;
		expect_second += stores;
		CHECK_EQ(buf[l], helper ? 0xeeeeeeeeu : l);
		CHECK_EQ(buf[32 + l], stores ? 1000 + l : 0xeeeeeeeeu);
		if (l != 9)
			CHECK_EQ(out.color[0][l], helper || l == 5);
		/* Lane 9 ended: its outputs are not written. */
		else
			CHECK_EQ(out.color[0][l], 0);
		/* Helpers and demoted lanes still give their quad its derivatives. */
		if (l != 8 && l != 9)
			CHECK_EQ(out.color[4][l], bits(1.0f));
	}
	/* The highest lane that stores wins. */
	CHECK_EQ(buf[128], 31 - (uint32_t)__builtin_clz(~helpers));
	CHECK_EQ(buf[64], expect_first);
	CHECK_EQ(buf[65], expect_second);
	memset(set0, 0, 16);
	stage_fini(&st);
	return true;
}

/* TERMINATE of every lane ends the wave; of some, inside a loop, for good. */
static bool test_terminate_all_and_in_loops(void)
{
	static const char all[] =
		".stage fragment\n.outputs 1\n.fragment discard\n"
		"\ts2r.lane_id v0\n\tcmp.u32.lt p0, v0, 16\n\tif p0, L1\n\tterminate\n"
		"L1:\tendif\n\tterminate\n\tstout 0, 1\n\tend\n";
	static const char loop[] =
		".stage fragment\n.outputs 1\n.fragment discard\n"
		"\ts2r.lane_id v0\n\tmov v1, 0\nL0:\tloop L3\n\tiadd v1, v1, 1\n"
		"\tcmp.u32.ge p0, v1, 4\n\tbreak p0\n"
		"\tcmp.u32.eq p1, v1, 2\n\tand v2, v0, 1\n\tcmp.u32.eq p2, v2, 1\n"
		"\tpand p1, p1, p2\n\t@p1 terminate\nL3:\tendloop L0\n"
		"\tstout 0, v1\n\tend\n";
	static struct sc_fragment_wave_out out;
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in;
	struct stage st;

	CHECK(stage_load(&st, all, 1));
	fragment_in(&in, quads, wave_quads, 8, &tri_a, 1);
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	CHECK_EQ(out.discarded, 0xffffffffu);
	for (unsigned int l = 0; l < SC_LANES; l++)
		CHECK_EQ(out.color[0][l], 0);
	stage_fini(&st);

	CHECK(stage_load(&st, loop, 1));
	CHECK_EQ(run_fragment(&st, &in, &out), 0);
	CHECK_EQ(out.discarded, 0xaaaaaaaau);
	for (unsigned int l = 0; l < SC_LANES; l++)
		CHECK_EQ(out.color[0][l], l & 1 ? 0 : 4);
	stage_fini(&st);
	return true;
}

static bool refused(const char *text, int error)
{
	char err[256];
	size_t size;
	void *bin;
	int ret = ember_isa_assemble(text, &bin, &size, err, sizeof(err));

	if (!ret)
		free(bin);
	if (ret != error)
		tap_diag("'%s': %d, want %d (%s)", text, ret, error, err);
	return ret == error;
}

/*
 * The stage checks: the assembler (through the binary builder) refuses
 * instructions of another stage and bad graphics headers; the device
 * refuses a binary whose stage byte was changed under its code (reason
 * 15 at the instruction), and the header checks.
 */
static bool test_stage_checks(void)
{
	struct ember_isa_shader s;
	struct sc_program prog;
	uint32_t detail;
	size_t size;
	uint8_t *bin;
	char err[256];

	CHECK(refused("ldin v0, 0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\nbar\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\nlds.u32 v0, 0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\ninterp v0, 0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\nddx v0, v1\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\nldin v0, 0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\ns2r.local_id_x v0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\ns2r.vertex_index v0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\ns2r.frag_coord_x v0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\nostore.frag_depth 1.0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\nostore.position_x 1.0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused("s2r.frag_coord_x v0\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused("demote\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage vertex\nterminate\nend\n", EMBER_ISA_ERR_STAGE));
	CHECK(refused(".stage fragment\nstout 0, 1\nend\n", 0));
	CHECK(refused(".stage vertex\nstout 0, 1\nbra L1\nL1: end\n", 0));
	/* Operands: at_offset takes a register pair, no immediate; center none. */
	CHECK(refused(".stage fragment\ninterp.at_offset v0, 0, 1\nend\n", EMBER_ISA_ERR_OPERAND));
	CHECK(refused(".stage fragment\ninterp.at_offset v0, 0, v3\nend\n", EMBER_ISA_ERR_REGISTER));
	CHECK(refused(".stage fragment\ninterp v0, 0, v2\nend\n", EMBER_ISA_ERR_OPERAND));
	CHECK(refused(".stage fragment\ninterp.at_sample v0, 0\nend\n", EMBER_ISA_ERR_OPERAND));
	/* Headers. */
	CHECK(refused(".stage fragment\n.local_size 32 1 1\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage fragment\n.shared 16\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage fragment\n.outputs 9\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage vertex\n.inputs 33\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage vertex\n.clip_distances 5\n.cull_distances 4\nend\n",
		      EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage vertex\n.fragment discard\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage fragment\n.vertex layer\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".inputs 1\nend\n", EMBER_ISA_ERR_HEADER));
	CHECK(refused(".stage geometry\nend\n", EMBER_ISA_ERR_HEADER));

	/* The assembler says where: the instruction's line. */
	CHECK_EQ(ember_isa_assemble("nop\nddx v0, v1\nend\n", (void **)&bin, &size, err,
				    sizeof(err)), EMBER_ISA_ERR_STAGE);
	CHECK(strstr(err, "line 2: ddx") && strstr(err, "compute"));

	/* A fragment binary relabelled compute: the device refuses its DDX. */
	CHECK_EQ(ember_isa_assemble(".stage fragment\nnop\nddx v0, v1\nend\n", (void **)&bin,
				    &size, err, sizeof(err)), 0);
	bin[48] = EMBER_ISA_STAGE_COMPUTE;
	CHECK_EQ(sc_program_build(bin, size, &prog, &detail), -1);
	CHECK_EQ(EMBER_ILLEGAL_REASON(detail), (uint32_t)-EMBER_ISA_ERR_STAGE);
	CHECK_EQ(EMBER_ILLEGAL_INDEX(detail), 1);
	/* Stage 3, and a 1.3 binary with a stage: bad headers. */
	bin[48] = 3;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[48] = EMBER_ISA_STAGE_FRAGMENT;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), 0);
	bin[6] = 3;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[6] = EMBER_ISA_VERSION_MINOR;
	/* The depth mode needs the depth write; byte 55 and on are reserved. */
	bin[51] = EMBER_ISA_DEPTH_LESS << 1;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[51] = 0;
	bin[55] = 1;
	CHECK_EQ(ember_isa_shader_parse(bin, size, &s), EMBER_ISA_ERR_HEADER);
	bin[55] = 0;
	/* Runs as what it says, and the graphics API refuses a compute program. */
	CHECK_EQ(sc_program_build(bin, size, &prog, &detail), 0);
	sc_program_fini(&prog);
	free(bin);
	CHECK_EQ(ember_isa_assemble("end\n", (void **)&bin, &size, err, sizeof(err)), 0);
	CHECK_EQ(sc_program_build(bin, size, &prog, &detail), 0);
	{
		struct sc_gfx_stage_params p = { .prog = &prog, .samples = 1 };
		struct sc_dispatch d;

		CHECK(!sc_gfx_stage_init(&d, &p));
	}
	sc_program_fini(&prog);
	free(bin);
	return true;
}

/* The disassembler prints the graphics directives; text round trip. */
static bool test_disassembly(void)
{
	static const char text[] =
		".stage fragment\n.inputs 3\n.outputs 2\n"
		".fragment depth_unchanged sample_mask early_tests sample_rate discard\n"
		"\tinterp.noperspective.centroid v0, 0\n\tinterp.flat.at_offset v1, u2, v2\n"
		"\tinterp.at_sample v4, 5, 1\n\ttex.dref.off.bias v8, u0, u16, v12\n"
		"\tquerylod v2, u0, u16, v12\n\tddy.coarse v3, v3\n\t@p0 demote\n"
		"\t@!p1 terminate\n\tostore.sample_mask v1\n\tstout.u64 6, v2\n\tend\n";
	char err[256], *dis, *dis2;
	void *bin, *bin2;
	size_t size, size2;

	CHECK_EQ(ember_isa_assemble(text, &bin, &size, err, sizeof(err)), 0);
	CHECK_EQ(ember_isa_disassemble(bin, size, &dis), 0);
	CHECK(strstr(dis, ".stage fragment\n.inputs 3\n.outputs 2\n"));
	CHECK(strstr(dis, ".fragment depth_unchanged sample_mask early_tests sample_rate discard"));
	CHECK(strstr(dis, "interp.noperspective.centroid v0, 0x0"));
	CHECK(strstr(dis, "tex.dref.off.bias v8, u0, u16, v12"));
	CHECK(strstr(dis, "ddy.coarse v3, v3"));
	CHECK_EQ(ember_isa_assemble(dis, &bin2, &size2, err, sizeof(err)), 0);
	CHECK_EQ(size, size2);
	CHECK(!memcmp(bin, bin2, size));
	CHECK_EQ(ember_isa_disassemble(bin2, size2, &dis2), 0);
	CHECK(!strcmp(dis, dis2));
	free(dis);
	free(dis2);
	free(bin);
	free(bin2);

	CHECK_EQ(ember_isa_assemble(".stage vertex\n.outputs 1\n.clip_distances 2\n"
				    ".cull_distances 1\n.vertex point_size layer\n"
				    "\tldin.u64 v0, 2\n\tend\n", &bin, &size, err, sizeof(err)), 0);
	CHECK_EQ(ember_isa_disassemble(bin, size, &dis), 0);
	CHECK(strstr(dis, ".stage vertex\n.inputs 0\n.outputs 1\n.clip_distances 2\n"
		      ".cull_distances 1\n.vertex point_size layer\n"));
	free(dis);
	free(bin);
	return true;
}

/*
 * Faults are recorded as compute waves record them and stop the stage: a
 * vertex wave's store to an unmapped page (TRANSLATION at its address),
 * after which waves of the stage are cancelled; a looping fragment wave
 * past its deadline (WATCHDOG).
 */
static bool test_faults_and_watchdog(void)
{
	static const char store[] =
		".stage vertex\n.resource 0 0 storage 0 1\n"
		"\tlddesc u0, 0, 0\n\ts2r.lane_id v0\n\tshl v1, v0, 2\n"
		"\tstg.u32 u0, v1, v0\n\tend\n";
	static const char spin[] =
		".stage fragment\n\tmov v0, 0\nL0:\tloop L1\n\tiadd v0, v0, 1\nL1:\tendloop L0\n\tend\n";
	static const int32_t pos[1][2] = { { 0, 0 } };
	static struct sc_vertex_wave_out vout;
	static struct sc_fragment_wave_out fout;
	struct sc_vertex_wave_in vin = { .count = 32 };
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in fin;
	struct sc_group other;
	struct stage st;
	uint64_t va;
	uint32_t detail;

	put_buffer(0, UNMAPPED_VA, 4096);
	CHECK(stage_load(&st, store, 1));
	CHECK_EQ(sc_vertex_wave_run(&st.core, &vin, &vout), EMBER_FAULT_TRANSLATION);
	CHECK_EQ(sc_gfx_core_fault(&st.core, &va, &detail), EMBER_FAULT_TRANSLATION);
	CHECK_EQ(va, UNMAPPED_VA);
	CHECK(sc_gfx_core_init(&other, &st.d));
	CHECK_EQ(sc_vertex_wave_run(&other, &vin, &vout), -ECANCELED);
	CHECK_EQ(sc_gfx_core_fault(&other, &va, &detail), 0);
	sc_gfx_core_fini(&other);
	vin.count = 0;
	CHECK_EQ(sc_vertex_wave_run(&st.core, &vin, &vout), -EINVAL);
	stage_fini(&st);
	memset(set0, 0, 16);

	CHECK(stage_load(&st, spin, 1));
	st.d.deadline_ns = ember_device_timestamp_ns(&gst.dev) + 20000000ull;
	fragment_in(&fin, quads, pos, 1, &tri_a, 1);
	CHECK_EQ(sc_fragment_wave_run(&st.core, &fin, &fout), EMBER_FAULT_WATCHDOG);
	CHECK_EQ(sc_gfx_core_fault(&st.core, &va, &detail), EMBER_FAULT_WATCHDOG);
	CHECK_EQ(va, st.params.shader_va);
	stage_fini(&st);
	return true;
}

static bool setup(void)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE, .num_vectors = 1, .num_cores = 1,
	};
	uint8_t *table;
	uint64_t set0_va;

	CHECK(guest_init(&gst, &config));
	table = mapped(EMBER_PAGE_SIZE, &set_table_va);
	set0 = mapped(EMBER_PAGE_SIZE, &set0_va);
	memcpy(table, &set0_va, 8);
	return true;
}

int main(void)
{
	if (!tap_result(setup(), "setup"))
		return tap_finish();
	tap_diag("engine: %s", jit_on() ? "JIT" : "interpreter");
	tap_result(test_vertex_wave(), "vertex-wave-inputs-outputs-builtins");
	tap_result(test_fragment_builtins(), "fragment-builtins");
	tap_result(test_fragment_builtins_per_sample(), "fragment-builtins-per-sample");
	tap_result(test_fragment_builtins_sample_shading(), "fragment-builtins-sample-shading");
	tap_result(test_fragment_outputs(), "fragment-depth-sample-mask-outputs");
	tap_result(test_interpolation_at_centre(), "interpolation-at-centre-exact");
	tap_result(test_interpolation_centre_partial(), "interpolation-centre-partial-wave-divergent");
	tap_result(test_interpolation_off_centre(), "interpolation-centroid-at-sample-at-offset");
	tap_result(test_interpolation_per_sample(), "interpolation-per-sample");
	tap_result(test_interpolation_sample_shading(), "interpolation-sample-shading");
	tap_result(test_derivatives(), "derivatives-fine-coarse");
	tap_result(test_implicit_lod(), "implicit-lod-tex-querylod-bias");
	tap_result(test_helpers_demote_terminate(), "helpers-demote-terminate");
	tap_result(test_terminate_all_and_in_loops(), "terminate-all-and-in-loops");
	tap_result(test_stage_checks(), "stage-checks");
	tap_result(test_disassembly(), "graphics-disassembly-round-trip");
	tap_result(test_faults_and_watchdog(), "faults-and-watchdog");
	tap_diag("%u programs ran on the JIT's code", jit_compiled);
	guest_fini(&gst);
	return tap_finish();
}
