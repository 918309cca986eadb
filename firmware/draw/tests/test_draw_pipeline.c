/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The front end and the back end together on the host: a state written
 * with the contract's pack helpers, loaded and checked, an indexed
 * triangle strip with a primitive restart fetched and assembled by
 * firmware/draw, and each triangle drawn by firmware/raster. The shaders
 * are fixed-function stand-ins that exist only in this test (the vertex
 * "shader" passes location 0 through as the clip-space position; the
 * fragment "shader" writes location 1 flat, from the provoking vertex,
 * and location 2 interpolated into alpha), which is the glue the ISA's
 * vertex and fragment stages will replace (issue 13).
 *
 * The render target blends additively, so a pixel drawn twice would show
 * the sum: every pixel must hold exactly the colour of the one triangle
 * that covers it (the top-left rule decides the shared diagonal), and the
 * interpolated attribute must match the plane through its vertices.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "draw_run.h"
#include "draw_test_state.h"
#include "tap.h"

#define SIZE	8

struct glue {
	struct ember_backend be;
	float color[3][4];	/* the triangle's vertices, rasterizer order */
	float u[3];
	uint32_t primitive_id;
};

static float lane_f(const struct ember_draw_vertex *v, unsigned int loc, unsigned int c)
{
	float f;

	memcpy(&f, &v->inputs.lanes[loc][c], 4);
	return f;
}

/* The stand-in fragment shader. */
static void fs(void *ctx, const struct ember_quad *quad, struct ember_fs_output *out)
{
	const struct glue *g = ctx;

	for (unsigned int p = 0; p < 4; p++) {
		for (unsigned int c = 0; c < 3; c++)
			out->color[0][p].f[c] = g->color[quad->provoking_vertex][c];
		out->color[0][p].f[3] = ember_quad_interpolate(quad, p, EMBER_INTERP_SMOOTH,
							       g->u);
	}
}

/* The stand-in vertex shader and the back end, per assembled triangle. */
static int draw_triangle(void *ctx, const struct ember_draw_args *args,
			 const struct ember_assembled_prim *prim,
			 const struct ember_draw_vertex *v)
{
	struct glue *g = ctx;
	float pos[3][4];

	(void)args;
	if (prim->count != 3)
		return 1;
	for (unsigned int k = 0; k < 3; k++) {
		for (unsigned int c = 0; c < 4; c++) {
			pos[k][c] = lane_f(&v[k], 0, c);
			g->color[k][c] = lane_f(&v[k], 1, c);
		}
		g->u[k] = lane_f(&v[k], 2, 0);
	}
	return ember_backend_draw(&g->be, NULL, (const float (*)[4])pos, 1,
				  g->primitive_id++) ? 2 : 0;
}

static void write_scene(struct test_mem *tm, bool provoking_last)
{
	/* Clip-space corners, RGBA8 colours, and u = x_c. */
	static const struct { float pos[4]; uint8_t rgba[4]; } vertices[4] = {
		{ { -1, -1, 0.5f, 1 }, { 255, 0, 0, 255 } },
		{ { 1, -1, 0.5f, 1 }, { 0, 255, 0, 255 } },
		{ { -1, 1, 0.5f, 1 }, { 0, 0, 255, 255 } },
		{ { 1, 1, 0.5f, 1 }, { 255, 255, 0, 255 } },
	};
	/* Two one-triangle strips split by a restart: (0 1 2) and (3 2 1). */
	static const uint16_t indices[7] = { 0, 1, 2, 0xffff, 3, 2, 1 };
	struct test_state ts;

	test_state_default(&ts);
	ts.root.topology = 4;
	ts.root.primitive_restart = 1;
	ts.root.index_size = 2;
	ts.root.index_range = sizeof(indices);
	ts.root.viewport_count = 1;
	ts.root.depth_stencil = 0;
	ts.vi.binding_count = 1;
	ts.vi.attribute_count = 3;
	ts.binding[0] = (struct ember_gfx_vertex_binding) {
		.va = TS_VB, .range = sizeof(vertices) + 4 * 4, .stride = 24, .divisor = 1,
	};
	ts.attribute[0] = (struct ember_gfx_vertex_attribute) { .location = 0, .format = 109 };
	ts.attribute[1] = (struct ember_gfx_vertex_attribute) { .location = 1, .format = 37,
								 .offset = 16 };
	ts.attribute[2] = (struct ember_gfx_vertex_attribute) { .location = 2, .format = 100,
								 .offset = 20 };
	ts.viewport[0] = (struct ember_gfx_viewport) {
		.width = SIZE, .height = SIZE, .max_depth = 1,
		.scissor_width = SIZE, .scissor_height = SIZE,
	};
	ts.raster = (struct ember_gfx_raster) {
		.cull_mode = 0, .provoking_vertex = provoking_last, .depth_clip_enable = 1,
		.line_width = 1.0f, .samples = 1, .sample_mask = ~0u,
	};
	ts.blend_att[0] = (struct ember_gfx_blend_attachment) {
		.blend_enable = 1, .src_color = 1, .dst_color = 1, .src_alpha = 1,
		.dst_alpha = 1, .write_mask = 0xf,
	};
	ts.targets.color_count = 1;
	ts.targets.width = SIZE;
	ts.targets.height = SIZE;
	ts.att[1] = ts.att[2];	/* the depth/stencil slot follows one colour */
	ts.att[1].image = 0;
	test_state_write(tm, &ts);
	for (unsigned int i = 0; i < 4; i++) {
		test_mem_write(tm, TS_VB + 24 * i, vertices[i].pos, 16);
		test_mem_write(tm, TS_VB + 24 * i + 16, vertices[i].rgba, 4);
		test_mem_write(tm, TS_VB + 24 * i + 20, &vertices[i].pos[0], 4);
	}
	test_mem_write(tm, TS_IB, indices, sizeof(indices));
}

static bool draw_scene(bool provoking_last)
{
	struct test_mem tm;
	struct ember_draw_state st;
	struct ember_draw_fault fault = { 0 };
	float *pixels = calloc(SIZE * SIZE, 16);
	struct ember_framebuffer fb = {
		.width = SIZE, .height = SIZE, .samples = 1, .color_count = 1,
		.color[0] = { .format = EMBER_RT_R32G32B32A32_SFLOAT, .samples = 1,
			      .width = SIZE, .height = SIZE, .row_pitch = SIZE * 16,
			      .base = (uint8_t *)pixels },
	};
	struct glue g = { .be = { .fb = &fb, .fs = fs } };
	struct ember_draw_sink sink = { draw_triangle, NULL, &g, NULL };
	const uint32_t payload[5] = { 7, 1, 0, 0, 0 };	/* DRAW_INDEXED */
	struct ember_draw_args args;
	/*
	 * The provoking vertices' colours: each strip starts again at its
	 * restart, so v0 then v3 (first), or v2 then v1 (last).
	 */
	const float first_first[3] = { 1, 0, 0 }, second_first[3] = { 1, 1, 0 };
	const float first_last[3] = { 0, 0, 1 }, second_last[3] = { 0, 1, 0 };

	CHECK(pixels);
	test_mem_init(&tm);
	write_scene(&tm, provoking_last);
	if (ember_draw_state_load(&tm.mem, TS_ROOT, true, &st, &fault)) {
		tap_diag("state: fault %u at 0x%llx, detail 0x%x", fault.kind,
			 (unsigned long long)fault.va, fault.detail);
		return false;
	}
	g.be.state = &st.backend;
	g.be.fs_ctx = &g;
	ember_draw_args_direct(payload, true, &args);
	CHECK_EQ(ember_draw_run(&st, &tm.mem, &args, &sink, &fault), 0);
	CHECK_EQ(g.primitive_id, 2);

	for (unsigned int y = 0; y < SIZE; y++) {
		for (unsigned int x = 0; x < SIZE; x++) {
			const float *px = pixels + 4 * (y * SIZE + x);
			const float *first = provoking_last ? first_last : first_first;
			const float *second = provoking_last ? second_last : second_first;
			bool is_first = !memcmp(px, first, 12), is_second = !memcmp(px, second, 12);
			float u = (x + 0.5f) / (SIZE / 2) - 1;

			/* Exactly one triangle, the right one off the diagonal. */
			CHECK(is_first || is_second);
			if (x + y < SIZE - 1)
				CHECK(is_first);
			if (x + y > SIZE - 1)
				CHECK(is_second);
			CHECK(fabsf(px[3] - u) < 1e-5f);
		}
	}
	free(pixels);
	test_mem_free(&tm);
	return true;
}

int main(void)
{
	tap_result(draw_scene(false), "indexed-strip-with-restart-provoking-first");
	tap_result(draw_scene(true), "indexed-strip-with-restart-provoking-last");
	return tap_finish();
}
