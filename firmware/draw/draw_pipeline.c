/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* One draw through the 3D pipeline (draw_pipeline.h). */

#include "draw_pipeline.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "device.h"
#include "draw_occlusion.h"
#include "draw_run.h"
#include "draw_targets.h"
#include "draw_vertex_cache.h"
#include "log.h"
#include "shader/dispatch.h"
#include "shader/gfx_wave.h"

#define BATCH_PRIMS	256

/*
 * A primitive of the batch. The back end's primitive id of its pieces is
 * batch index * 4 + piece (0, or 1..3: polygon mode's edge or vertex), so
 * a quad finds its vertices again; the shader sees @id.
 */
struct batch_prim {
	uint8_t kind;		/* enum ember_prim_kind */
	uint8_t count;
	uint32_t v[3];		/* vertex cache indices, rasterizer order */
	uint32_t id;		/* PrimitiveID */
	uint32_t provoking;	/* vertex cache index of the provoking vertex */
	uint32_t layer;
	bool dropped;
	int32_t box[4];		/* x0, y0, x1, y1 (exclusive) in pixels */
};

struct draw {
	struct ember_job *job;
	struct ember_draw_mem mem;
	struct ember_draw_state st;
	struct ember_backend_state be_state;
	const struct ember_draw_args *args;
	struct ember_draw_targets targets;
	uint32_t layers;

	const struct sc_program *vs_prog, *fs_prog;
	struct sc_gfx_stage_params vs_params, fs_params;
	struct sc_dispatch vs_d, fs_d;
	struct sc_group vs_core, fs_core;
	bool vs_core_ready, fs_core_ready;
	unsigned int fs_slots;

	struct ember_vertex_cache vc;
	struct batch_prim prim[BATCH_PRIMS];
	uint32_t prim_count;
	uint32_t next_id;	/* PrimitiveID of the next primitive */
	uint32_t instance;	/* its instance */
	uint32_t view;		/* ViewIndex, with multiview */

	struct ember_backend be;
	struct sc_fragment_wave_out fs_out;
	struct ember_draw_fault fault;
};

static int fail_mem(struct draw *d)
{
	ember_error("draw_no_memory");
	d->fault = (struct ember_draw_fault) {
		.kind = EMBER_FAULT_ILLEGAL_INSTRUCTION, .va = d->st.vs,
		.detail = EMBER_ILLEGAL_DETAIL(SC_ILLEGAL_NO_HOST_MEMORY, 0),
	};
	return EMBER_FAULT_ILLEGAL_INSTRUCTION;
}

/* A wave's result as the draw's: its fault from @core, or no memory. */
static int wave_fault(struct draw *d, struct sc_group *core, int ret)
{
	uint64_t va;
	uint32_t detail;
	int kind = sc_gfx_core_fault(core, &va, &detail);

	if (ret > 0 || kind) {
		d->fault = (struct ember_draw_fault) { .kind = (uint32_t)(kind ? kind : ret),
						       .va = va, .detail = detail };
		return (int)d->fault.kind;
	}
	return fail_mem(d);
}

/* --- Fragment waves ------------------------------------------------------ */

static const uint32_t *vertex_slots(const struct draw *d, uint32_t index)
{
	return ember_vertex_cache_slots(&d->vc, index);
}

/* The vertices the quad of back-end primitive @be_id interpolates. */
static void quad_vertices(const struct draw *d, uint32_t be_id, const uint32_t *out[3])
{
	const struct batch_prim *p = &d->prim[be_id / 4];
	unsigned int piece = be_id % 4;

	if (p->kind == EMBER_PRIM_TRIANGLE && piece == 0) {
		for (unsigned int j = 0; j < 3; j++)
			out[j] = vertex_slots(d, p->v[j]);
	} else if (p->kind == EMBER_PRIM_LINE ||
		   (p->kind == EMBER_PRIM_TRIANGLE && d->st.polygon_mode == EMBER_POLYGON_LINE)) {
		/* A line's two vertices; the third barycentric is 0. */
		unsigned int a = piece ? piece - 1 : 0, b = piece ? piece % 3 : 1;

		out[0] = vertex_slots(d, p->v[a]);
		out[1] = out[2] = vertex_slots(d, p->v[b]);
	} else {
		unsigned int a = piece ? piece - 1 : 0;

		out[0] = out[1] = out[2] = vertex_slots(d, p->v[a]);
	}
}

static void fs_wave(void *ctx, struct ember_fs_batch *b)
{
	struct draw *d = ctx;
	static const uint32_t none[SC_GFX_SLOTS];
	struct ember_quad quads[SC_GFX_QUADS];
	struct sc_fragment_wave_in in = { .num_quads = b->count };
	struct sc_fragment_wave_out *out = &d->fs_out;
	uint8_t flags = d->fs_prog->header.fragment_flags;
	int ret;

	if (d->fault.kind)
		return;		/* a wave faulted: nothing more is written */
	for (unsigned int k = 0; k < b->count; k++) {
		uint32_t be_id = b->quad[k].primitive_id;

		quads[k] = b->quad[k];
		quads[k].primitive_id = d->prim[be_id / 4].id;
		in.quad[k] = &quads[k];
		in.layer[k] = d->prim[be_id / 4].layer;
		in.sample[k] = b->sample[k];
		if (d->fs_slots)
			quad_vertices(d, be_id, in.vertex[k]);
		else
			in.vertex[k][0] = in.vertex[k][1] = in.vertex[k][2] = none;
	}
	ret = sc_fragment_wave_run(&d->fs_core, &in, out);
	if (ret) {
		wave_fault(d, &d->fs_core, ret);
		for (unsigned int k = 0; k < b->count; k++)
			b->out[k].discard_mask = 0xf;
		return;
	}
	for (unsigned int k = 0; k < b->count; k++) {
		struct ember_fs_output *o = &b->out[k];

		for (unsigned int p = 0; p < 4; p++) {
			unsigned int l = 4 * k + p;

			for (unsigned int i = 0; i < EMBER_MAX_COLOR_TARGETS; i++)
				for (unsigned int c = 0; c < 4; c++)
					o->color[i][p].u[c] = out->color[4 * i + c][l];
			for (unsigned int c = 0; c < 4; c++)
				o->color1[p].u[c] = out->color[4 + c][l];
			o->depth[p] = out->depth[l];
			o->sample_mask[p] = out->sample_mask[l];
			if (out->discarded & (1u << l))
				o->discard_mask |= 1u << p;
		}
		o->writes_depth = flags & EMBER_ISA_FS_DEPTH_WRITE;
		o->writes_sample_mask = flags & EMBER_ISA_FS_SAMPLE_MASK_WRITE;
	}
}

/* --- Rasterizing a batch ------------------------------------------------- */

static const struct ember_shaded_vertex *vtx(const struct draw *d, uint32_t index)
{
	return &d->vc.vertex[index];
}

/* A conservative pixel box of @p, or the whole render area. */
static void bound(struct draw *d, struct batch_prim *p)
{
	const struct ember_viewport *vp = &d->be_state.viewport;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	double grow = 1.0;

	p->box[0] = 0;
	p->box[1] = 0;
	p->box[2] = (int32_t)d->st.width;
	p->box[3] = (int32_t)d->st.height;
	for (unsigned int k = 0; k < p->count; k++) {
		const float *pos = vtx(d, p->v[k])->pos;
		double w = pos[3], x, y;

		if (!(w > 0.0) || !isfinite(pos[0]) || !isfinite(pos[1]) || !isfinite(w))
			return;		/* clipping decides: no box */
		x = vp->x + vp->width / 2.0 + vp->width / 2.0 * pos[0] / w;
		y = vp->y + vp->height / 2.0 + vp->height / 2.0 * pos[1] / w;
		x0 = fmin(x0, x);
		y0 = fmin(y0, y);
		x1 = fmax(x1, x);
		y1 = fmax(y1, y);
		if (p->kind == EMBER_PRIM_POINT)
			grow = fmax(grow, fmin(fabs((double)vtx(d, p->v[k])->point_size), 64.0));
	}
	if (x1 - x0 > 65536.0 || y1 - y0 > 65536.0)
		return;
	p->box[0] = (int32_t)fmax(floor(x0 - grow), 0.0);
	p->box[1] = (int32_t)fmax(floor(y0 - grow), 0.0);
	p->box[2] = (int32_t)fmin(ceil(x1 + grow) + 1.0, (double)d->st.width);
	p->box[3] = (int32_t)fmin(ceil(y1 + grow) + 1.0, (double)d->st.height);
}

/* Whether every vertex of @p has its clip (or cull) distance @c below 0. */
static bool all_outside(const struct draw *d, const struct batch_prim *p, bool clip,
			unsigned int c)
{
	for (unsigned int k = 0; k < p->count; k++) {
		const struct ember_shaded_vertex *v = vtx(d, p->v[k]);

		if (!((clip ? v->clip[c] : v->cull[c]) < 0.0f))
			return false;
	}
	return true;
}

/*
 * Clip and cull distances (a primitive all of whose vertices are outside
 * one is dropped; a clip distance does not cut a primitive that crosses
 * it), the layer, the box.
 */
static void prepare(struct draw *d, struct batch_prim *p)
{
	const struct ember_isa_header *h = &d->vs_prog->header;

	for (unsigned int c = 0; c < d->vc.clip_count && c < EMBER_ISA_MAX_CLIP_CULL; c++)
		p->dropped |= all_outside(d, p, true, c);
	for (unsigned int c = 0; c < d->vc.cull_count && c < EMBER_ISA_MAX_CLIP_CULL; c++)
		p->dropped |= all_outside(d, p, false, c);
	if (d->st.view_mask)
		p->layer = d->view;
	else if (h->vertex_flags & EMBER_ISA_VS_LAYER)
		p->layer = vtx(d, p->provoking)->layer;
	else
		p->layer = 0;
	p->dropped |= p->layer >= d->layers;
	bound(d, p);
}

static bool box_meets(const int32_t box[4], const struct ember_rect *r)
{
	return box[0] < r->x + (int32_t)r->width && r->x < box[2] &&
	       box[1] < r->y + (int32_t)r->height && r->y < box[3];
}

/* Draw @p (batch index @i) into @tile with the back end. */
static void draw_prim(struct draw *d, uint32_t i, const struct ember_rect *tile)
{
	const struct batch_prim *p = &d->prim[i];
	float pos[3][4], size[3];

	for (unsigned int k = 0; k < p->count; k++) {
		memcpy(pos[k], vtx(d, p->v[k])->pos, sizeof(pos[k]));
		size[k] = vtx(d, p->v[k])->point_size;
	}
	if (p->kind == EMBER_PRIM_POINT) {
		ember_backend_draw_points(&d->be, tile, (const float (*)[4])pos, size, 1, 4 * i);
		return;
	}
	if (p->kind == EMBER_PRIM_LINE) {
		ember_backend_draw_lines(&d->be, tile, (const float (*)[4])pos, 1, 4 * i);
		return;
	}
	if (d->st.polygon_mode == EMBER_POLYGON_FILL) {
		ember_backend_draw(&d->be, tile, (const float (*)[4])pos, 1, 4 * i);
		return;
	}
	{
		/* LINE and POINT modes draw after culling (ember-hw.rst). */
		struct ember_primitive culled;

		if (!ember_raster_setup(&d->be_state, d->be.fb->depth_stencil.format,
					(const float (*)[4])pos, 0, &culled))
			return;
	}
	for (unsigned int e = 0; e < 3; e++) {
		if (d->st.polygon_mode == EMBER_POLYGON_POINT) {
			ember_backend_draw_points(&d->be, tile, (const float (*)[4])pos[e],
						  &size[e], 1, 4 * i + e + 1);
		} else {
			float edge[2][4];

			memcpy(edge[0], pos[e], sizeof(edge[0]));
			memcpy(edge[1], pos[(e + 1) % 3], sizeof(edge[1]));
			ember_backend_draw_lines(&d->be, tile, (const float (*)[4])edge, 1,
						 4 * i + e + 1);
		}
	}
}

static int tile_fault(struct draw *d, int ret)
{
	return ret == -ENOMEM ? fail_mem(d) : ret;
}

/* The batch's primitives of layer @layer over every tile they touch. */
static int raster_layer(struct draw *d, uint32_t layer)
{
	const struct ember_rect *sc = &d->be_state.scissor;
	uint32_t x_end = d->st.width, y_end = d->st.height;

	for (uint32_t ty = 0; ty < y_end; ty += EMBER_DRAW_TILE) {
		for (uint32_t tx = 0; tx < x_end; tx += EMBER_DRAW_TILE) {
			struct ember_rect tile = {
				(int32_t)tx, (int32_t)ty,
				x_end - tx < EMBER_DRAW_TILE ? x_end - tx : EMBER_DRAW_TILE,
				y_end - ty < EMBER_DRAW_TILE ? y_end - ty : EMBER_DRAW_TILE,
			};
			int32_t sbox[4] = { sc->x, sc->y, (int32_t)((int64_t)sc->x + sc->width),
					    (int32_t)((int64_t)sc->y + sc->height) };
			struct ember_framebuffer fb;
			bool touched = false;
			int ret;

			if ((int64_t)sc->x + sc->width > INT32_MAX)
				sbox[2] = INT32_MAX;
			if ((int64_t)sc->y + sc->height > INT32_MAX)
				sbox[3] = INT32_MAX;
			if (!box_meets(sbox, &tile))
				continue;
			for (uint32_t i = 0; i < d->prim_count && !touched; i++)
				touched = !d->prim[i].dropped && d->prim[i].layer == layer &&
					  box_meets(d->prim[i].box, &tile);
			if (!touched)
				continue;
			ret = ember_draw_tile_load(&d->job->mmu, &d->targets, &tile, layer,
						   &d->fault);
			if (ret)
				return tile_fault(d, ret);
			ember_draw_tile_framebuffer(&d->targets, &d->st, &tile, &fb);
			d->be.fb = &fb;
			for (uint32_t i = 0; i < d->prim_count && !d->fault.kind; i++)
				if (!d->prim[i].dropped && d->prim[i].layer == layer &&
				    box_meets(d->prim[i].box, &tile))
					draw_prim(d, i, &tile);
			if (d->be.fs_wave)
				ember_backend_flush(&d->be);
			d->be.fb = NULL;
			if (d->fault.kind)
				return (int)d->fault.kind;
			ret = ember_draw_tile_store(&d->job->mmu, &d->targets, &tile, layer,
						    &d->fault);
			if (ret)
				return tile_fault(d, ret);
		}
	}
	return 0;
}

/* Empty the caches a preemption point may have made stale (dispatch.c). */
static void cores_forget(struct draw *d)
{
	ember_tlb_flush(&d->vs_core.tlb);
	memset(d->vs_core.pages, 0, sizeof(d->vs_core.pages));
	if (d->fs_core_ready) {
		ember_tlb_flush(&d->fs_core.tlb);
		memset(d->fs_core.pages, 0, sizeof(d->fs_core.pages));
	}
}

static int checkpoint(void *ctx)
{
	struct draw *d = ctx;
	int ret = ember_job_checkpoint(d->job, 0);

	if (ret == EMBER_FAULT_WATCHDOG)
		d->fault = (struct ember_draw_fault) { .kind = EMBER_FAULT_WATCHDOG,
						       .va = d->st.vs };
	cores_forget(d);
	return ret;
}

/* Shade what waits, rasterize the batch, empty it; then a preemption point. */
static int flush_batch(struct draw *d)
{
	int ret = ember_vertex_cache_shade(&d->vc);

	if (ret)
		return wave_fault(d, &d->vs_core, ret);
	if (!d->st.rasterizer_discard) {
		for (uint32_t i = 0; i < d->prim_count; i++)
			prepare(d, &d->prim[i]);
		/* Layer by layer, in the order the batch first names them. */
		for (uint32_t i = 0; i < d->prim_count; i++) {
			uint32_t layer = d->prim[i].layer;

			if (d->prim[i].dropped)
				continue;
			ret = raster_layer(d, layer);
			if (ret)
				return ret;
			for (uint32_t k = i; k < d->prim_count; k++)
				d->prim[k].dropped |= d->prim[k].layer == layer;
		}
	}
	d->prim_count = 0;
	ember_vertex_cache_reset(&d->vc);
	return checkpoint(d);
}

/* The front end's sink: each assembled primitive joins the batch. */
static int add_primitive(void *ctx, const struct ember_draw_args *args,
			 const struct ember_assembled_prim *ap,
			 const struct ember_draw_vertex *v)
{
	struct draw *d = ctx;
	struct batch_prim *p;
	int ret;

	(void)args;
	if (v[0].instance_index - d->args->first_instance != d->instance) {
		/* PrimitiveID counts from 0 in each instance. */
		d->instance = v[0].instance_index - d->args->first_instance;
		d->next_id = 0;
	}
	if (d->prim_count == BATCH_PRIMS || !ember_vertex_cache_room(&d->vc, ap->count)) {
		ret = flush_batch(d);
		if (ret)
			return ret;
	}
	p = &d->prim[d->prim_count];
	*p = (struct batch_prim) { .kind = ap->kind, .count = ap->count, .id = d->next_id++ };
	for (unsigned int k = 0; k < ap->count; k++) {
		ret = ember_vertex_cache_add(&d->vc, &v[k], &p->v[k]);
		if (ret)
			return wave_fault(d, &d->vs_core, ret);
	}
	p->provoking = p->v[ap->provoking];
	d->prim_count++;
	return 0;
}

/* --- Setting a draw up --------------------------------------------------- */

static void stage_params(struct draw *d, const struct sc_program *prog, sc_jit_fn jit,
			 uint64_t va, struct sc_gfx_stage_params *p)
{
	const struct ember_job *job = d->job;
	unsigned int samples = d->st.backend.ms.samples;

	*p = (struct sc_gfx_stage_params) {
		.dev = job->ring->dev, .mmu = job->mmu, .prog = prog, .shader_va = va,
		.set_table_va = d->st.desc_table, .push = job->gfx_push,
		.push_bytes = job->gfx_push_bytes, .deadline_ns = job->deadline_ns,
		.jit = jit,
		.base_vertex = d->args->indexed ? (uint32_t)d->args->vertex_offset :
						  d->args->first,
		.base_instance = d->args->first_instance, .draw_index = d->args->draw_index,
		.samples = samples,
	};
	for (unsigned int s = 0; s < samples; s++) {
		unsigned int x, y;

		ember_sample_location(samples, s, &x, &y);
		p->sample_pos[s][0] = (float)x / EMBER_SUBPIXEL_ONE;
		p->sample_pos[s][1] = (float)y / EMBER_SUBPIXEL_ONE;
	}
}

static int load_programs(struct draw *d)
{
	sc_jit_fn vs_jit = NULL, fs_jit = NULL;
	int ret = ember_shader_program_get(d->job, d->st.vs, EMBER_ISA_STAGE_VERTEX,
					   &d->vs_prog, &vs_jit);

	/* The program cache sets the job's fault fields itself. */
	if (ret)
		return ret;
	if (d->st.fs) {
		ret = ember_shader_program_get(d->job, d->st.fs, EMBER_ISA_STAGE_FRAGMENT,
					       &d->fs_prog, &fs_jit);
		if (ret)
			return ret;
	}
	stage_params(d, d->vs_prog, vs_jit, d->st.vs, &d->vs_params);
	if (!sc_gfx_stage_init(&d->vs_d, &d->vs_params) ||
	    !sc_gfx_core_init(&d->vs_core, &d->vs_d))
		return -ENOMEM;
	d->vs_core_ready = true;
	if (d->fs_prog) {
		stage_params(d, d->fs_prog, fs_jit, d->st.fs, &d->fs_params);
		if (!sc_gfx_stage_init(&d->fs_d, &d->fs_params) ||
		    !sc_gfx_core_init(&d->fs_core, &d->fs_d))
			return -ENOMEM;
		d->fs_core_ready = true;
		d->fs_slots = d->fs_prog->header.num_inputs * 4u;
	}
	if (!ember_vertex_cache_init(&d->vc, &d->vs_core, d->fs_slots))
		return -ENOMEM;
	return 0;
}

static void release(struct draw *d)
{
	ember_vertex_cache_fini(&d->vc);
	if (d->vs_core_ready)
		sc_gfx_core_fini(&d->vs_core);
	if (d->fs_core_ready)
		sc_gfx_core_fini(&d->fs_core);
	if (d->vs_prog)
		ember_shader_program_put(d->vs_prog);
	if (d->fs_prog)
		ember_shader_program_put(d->fs_prog);
	ember_draw_targets_free(&d->targets);
}

/* The fault in d->fault (if any) as the job's. */
static int report(struct draw *d, int ret)
{
	if (ret > 0 && d->fault.kind && ret != EMBER_FAULT_BAD_PACKET) {
		d->job->fault_va = d->fault.va;
		d->job->fault_detail = d->fault.detail;
	}
	return ret;
}

static int run_views(struct draw *d)
{
	const struct ember_draw_sink sink = {
		.primitive = add_primitive, .checkpoint = checkpoint, .ctx = d,
	};
	uint32_t views = d->st.view_mask ? d->st.view_mask : 1;

	for (uint32_t v = 0; v < EMBER_GFX_MAX_VIEWS; v++) {
		int ret;

		if (!(views & (1u << v)))
			continue;
		d->view = v;
		d->vs_params.view_index = v;
		d->fs_params.view_index = v;
		d->instance = 0;
		d->next_id = 0;
		ret = ember_draw_run(&d->st, &d->mem, d->args, &sink, &d->fault);
		if (!ret)
			ret = flush_batch(d);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_draw_execute(struct ember_job *job, const struct ember_draw_args *args)
{
	struct draw *d;
	int ret;

	if (!job->gfx_bound) {
		/* A draw needs a bound state (ember-hw.rst, "Packets"). */
		return EMBER_FAULT_BAD_PACKET;
	}
	if (!args->count || !args->instance_count)
		return 0;
	d = calloc(1, sizeof(*d));
	if (!d) {
		job->fault_va = job->gfx_state;
		job->fault_detail = EMBER_ILLEGAL_DETAIL(SC_ILLEGAL_NO_HOST_MEMORY, 0);
		return EMBER_FAULT_ILLEGAL_INSTRUCTION;
	}
	d->job = job;
	d->args = args;
	ember_draw_mem_mmu(&d->mem, &job->mmu);
	ret = ember_draw_state_load(&d->mem, job->gfx_state, args->indexed, &d->st, &d->fault);
	if (!ret) {
		d->layers = d->st.view_mask ? 32u - (uint32_t)__builtin_clz(d->st.view_mask) :
					      d->st.layers;
		ret = ember_draw_targets_map(&job->mmu, &d->st, d->layers, &d->targets,
					     &d->fault);
	}
	if (!ret)
		ret = load_programs(d);
	if (!ret) {
		d->be_state = d->st.backend;
		d->be = (struct ember_backend) { .state = &d->be_state, .fs_ctx = d };
		if (d->fs_prog) {
			uint8_t flags = d->fs_prog->header.fragment_flags;

			d->be.fs_wave = fs_wave;
			d->be.sample_rate = (flags & EMBER_ISA_FS_SAMPLE_RATE) ||
					    (d->st.sample_shading &&
					     d->st.min_sample_shading * (float)d->st.backend.ms.samples >
					     1.0f);
			d->be_state.early_fragment_tests = flags & EMBER_ISA_FS_EARLY_TESTS;
		}
		ret = run_views(d);
		if (!ret)
			ret = ember_occlusion_add(job, d->be.samples_passed);
	}
	if (ret == -ENOMEM)
		ret = fail_mem(d);
	ret = report(d, ret);
	release(d);
	free(d);
	/* Everything the draw wrote is visible before the next packet. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return ret;
}
