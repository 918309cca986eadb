/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* One draw through the 3D pipeline (draw_pipeline.h). */

#include "draw_pipeline.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "device.h"
#include "draw_occlusion.h"
#include "draw_run.h"
#include "draw_targets.h"
#include "draw_vertex_cache.h"
#include "log.h"
#include "pipeline_stats.h"
#include "shader/dispatch.h"
#include "shader/gfx_wave.h"

#define BATCH_PRIMS	256
/*
 * Host memory a draw may keep in resident tiles; the tiles past it are
 * loaded and stored by each batch, as they all were before.
 */
#define RESIDENT_BYTES	(64u << 20)

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
	uint32_t viewport;	/* its viewport and scissor */
	bool dropped;
	int32_t box[4];		/* x0, y0, x1, y1 (exclusive) in pixels */
};

struct draw;

/*
 * A tile (@rect of layer @layer) kept for the whole draw: loaded by the
 * first batch that touches it, drawn by every later one in place, stored
 * once when the draw ends (store_resident()). @lost: a batch stopped
 * inside it (a fault, or cancelled by another tile's), so its buffers
 * hold part of a batch and are never stored.
 */
struct resident {
	struct ember_draw_targets targets;
	struct ember_rect rect;
	uint32_t layer;
	bool loaded;
	bool lost;
};

/*
 * A shader core's share of the rasterization: the tiles it draws get its
 * back end, its fragment shader core and its own tile buffers, so cores
 * never share anything they write.
 */
struct tile_core {
	struct draw *d;
	/*
	 * @mmu: the job's translation with this core's own TLB (@tlb): the
	 * TLB is a cache each translation writes, so a shared one would
	 * hand one core a leaf table another core half replaced.
	 */
	struct ember_mmu mmu;
	struct ember_tlb tlb;
	struct ember_backend be;
	struct ember_draw_targets targets;
	struct sc_group fs_core;
	bool fs_core_ready;
	struct sc_fragment_wave_out fs_out;
	struct ember_draw_fault fault;
	uint32_t item;		/* the tile it draws, as tile_run indexes them */
	uint64_t fs_invocations;	/* its fragment shader invocations */
};

/* The tiles of one layer a batch touches, spread over the cores. */
struct tile_run {
	uint32_t layer;
	uint32_t count;
	struct ember_rect *tile;
	struct resident **res;	/* each tile's, or NULL: loaded and stored here */
	/*
	 * The lowest tile that faulted (UINT32_MAX: none yet; it only
	 * decreases) and its fault; tiles after it are skipped or abandoned.
	 */
	pthread_mutex_t lock;
	uint32_t fault_tile;
	int ret;
	struct ember_draw_fault fault;
};

/* Whether tile @item need not finish: a tile before it faulted. */
static bool tile_abandoned(const struct tile_run *run, uint32_t item)
{
	return item > __atomic_load_n(&run->fault_tile, __ATOMIC_RELAXED);
}

struct draw {
	struct ember_job *job;
	struct ember_draw_mem mem;
	struct ember_draw_state st;
	/* One per viewport: the draw's state with that viewport and scissor. */
	struct ember_backend_state be_state[EMBER_GFX_MAX_VIEWPORTS];
	const struct ember_draw_args *args;
	struct ember_draw_targets targets;
	uint32_t layers;

	const struct sc_program *vs_prog, *fs_prog;
	struct sc_gfx_stage_params vs_params, fs_params;
	struct sc_dispatch vs_d, fs_d;
	struct sc_group vs_core;
	bool vs_core_ready;
	unsigned int fs_slots;
	bool sample_rate;	/* the back ends' */

	struct ember_vertex_cache vc;
	struct batch_prim prim[BATCH_PRIMS];
	uint32_t prim_count;
	uint32_t next_id;	/* PrimitiveID of the next primitive */
	uint32_t instance;	/* its instance */
	uint32_t view;		/* ViewIndex, with multiview */

	struct tile_core *cores;
	unsigned int num_cores;
	struct tile_run run;
	/*
	 * The resident tiles: per layer (NULL: none yet), per tile of the
	 * render area in row-major order (NULL: not resident); the bytes of
	 * one tile's buffers and of all of them.
	 */
	struct resident ***res;
	uint32_t tiles_x, tiles;
	size_t res_tile_bytes, res_bytes;
	struct ember_draw_fault fault;
	/*
	 * The draw's pipeline statistics (pipeline_stats.h) but the vertex
	 * shader's and fragment shader's invocations, counted in the vertex
	 * cache and on each core.
	 */
	struct ember_pipeline_stats stats;
};

static void no_memory(const struct draw *d, struct ember_draw_fault *fault)
{
	ember_error("draw_no_memory");
	*fault = (struct ember_draw_fault) {
		.kind = EMBER_FAULT_ILLEGAL_INSTRUCTION, .va = d->st.vs,
		.detail = EMBER_ILLEGAL_DETAIL(SC_ILLEGAL_NO_HOST_MEMORY, 0),
	};
}

static int fail_mem(struct draw *d)
{
	no_memory(d, &d->fault);
	return (int)d->fault.kind;
}

/*
 * A wave's result @ret as a fault in @fault: its fault from @core, or no
 * memory. -ECANCELED (another core's wave faulted and stopped the stage)
 * is not a fault of this core: @fault stays clear, the draw ends with the
 * other one's.
 */
static int wave_fault(struct draw *d, struct sc_group *core, int ret,
		      struct ember_draw_fault *fault)
{
	uint64_t va;
	uint32_t detail;
	int kind = sc_gfx_core_fault(core, &va, &detail);

	if (ret > 0 || kind) {
		*fault = (struct ember_draw_fault) { .kind = (uint32_t)(kind ? kind : ret),
						     .va = va, .detail = detail };
		return (int)fault->kind;
	}
	if (ret == -ECANCELED)
		return -ECANCELED;
	no_memory(d, fault);
	return (int)fault->kind;
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
	/*
	 * A polygon-mode edge or vertex interpolates with the third weight 0
	 * (lines and points weigh their own vertices only): that slot carries
	 * the triangle's provoking vertex, which its flat inputs read.
	 */
	if (piece)
		out[2] = vertex_slots(d, p->provoking);
}

/* The vertex of quad_vertices() a quad of @be_id reads flat inputs from. */
static uint8_t flat_vertex(uint32_t be_id, uint8_t raster_provoking)
{
	return be_id % 4 ? 2 : raster_provoking;
}

static void fs_wave(void *ctx, struct ember_fs_batch *b)
{
	struct tile_core *c = ctx;
	const struct draw *d = c->d;
	static const uint32_t none[SC_GFX_SLOTS];
	struct sc_fragment_wave_in in = { .num_quads = b->count, .per_sample = d->sample_rate };
	struct sc_fragment_wave_out *out = &c->fs_out;
	uint8_t flags = d->fs_prog->header.fragment_flags;
	unsigned int targets;
	int ret;

	if (c->fault.kind || tile_abandoned(&d->run, c->item)) {
		/* A wave faulted: nothing more is written. */
		for (unsigned int k = 0; k < b->count; k++)
			b->out[k].discard_mask = 0xf;
		return;
	}
	/*
	 * The shader reads the batch's own quads, with the draw's primitive
	 * ID and the vertex flat inputs come from in place of the back end's:
	 * the back end reads neither after the wave (backend.h).
	 */
	for (unsigned int k = 0; k < b->count; k++) {
		struct ember_quad *q = &b->quad[k];
		uint32_t be_id = q->primitive_id;

		q->primitive_id = d->prim[be_id / 4].id;
		q->provoking_vertex = flat_vertex(be_id, q->provoking_vertex);
		in.quad[k] = q;
		in.layer[k] = d->prim[be_id / 4].layer;
		in.sample[k] = b->sample[k];
		if (d->fs_slots)
			quad_vertices(d, be_id, in.vertex[k]);
		else
			in.vertex[k][0] = in.vertex[k][1] = in.vertex[k][2] = none;
	}
	/* Every invocation but the helpers (contract 1.15). */
	for (unsigned int k = 0; k < b->count; k++)
		c->fs_invocations += 4u - (unsigned int)__builtin_popcount(b->quad[k].helper_mask & 0xfu);
	ret = sc_fragment_wave_run(&c->fs_core, &in, out);
	if (ret) {
		wave_fault(c->d, &c->fs_core, ret, &c->fault);
		for (unsigned int k = 0; k < b->count; k++)
			b->out[k].discard_mask = 0xf;
		return;
	}
	/*
	 * Only the attachments' outputs: the back end reads no others, but
	 * Location 0's alpha for alpha to coverage even with no attachment.
	 */
	targets = d->st.color_count ? d->st.color_count : 1;
	for (unsigned int k = 0; k < b->count; k++) {
		struct ember_fs_output *o = &b->out[k];

		for (unsigned int p = 0; p < 4; p++) {
			unsigned int l = 4 * k + p;

			for (unsigned int i = 0; i < targets; i++)
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

/* @x within [0, @size] (NaN: 0), as an int32_t. */
static int32_t clamp_to_target(double x, uint32_t size)
{
	return (int32_t)fmin(fmax(x, 0.0), (double)size);
}

/* A conservative pixel box of @p, or the whole render area. */
static void bound(struct draw *d, struct batch_prim *p)
{
	const struct ember_backend_state *st = &d->be_state[p->viewport];
	const struct ember_viewport *vp = &st->viewport;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	double grow = 1.0;

	/* A wide line (or polygon-mode edge) reaches w/2 beyond its end points. */
	if (p->kind != EMBER_PRIM_POINT)
		grow = 1.0 + fmin(fmax((double)st->raster.line_width, 1.0),
				  EMBER_LINE_WIDTH_MAX) / 2.0;

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
	/* Clamped on both sides: a small box may lie anywhere, 1e38 away too. */
	p->box[0] = clamp_to_target(floor(x0 - grow), d->st.width);
	p->box[1] = clamp_to_target(floor(y0 - grow), d->st.height);
	p->box[2] = clamp_to_target(ceil(x1 + grow) + 1.0, d->st.width);
	p->box[3] = clamp_to_target(ceil(y1 + grow) + 1.0, d->st.height);
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
 * Whether @pos is beyond plane @plane of the view volume (R9's planes;
 * @near_w: the near plane is z = -w, else z = 0).
 */
static bool beyond(const float *pos, unsigned int plane, bool near_w)
{
	switch (plane) {
	case 0:
		return pos[0] > pos[3];
	case 1:
		return pos[0] < -pos[3];
	case 2:
		return pos[1] > pos[3];
	case 3:
		return pos[1] < -pos[3];
	case 4:
		return pos[2] > pos[3];
	default:
		return pos[2] < (near_w ? -pos[3] : 0.0f);
	}
}

/*
 * Whether every vertex of @p is beyond one plane of the view volume: -w
 * <= x, y <= w, and 0 <= z <= w (-w <= z <= w) with depth clipping.
 * Clipping passes no part of it on.
 */
static bool outside_volume(const struct draw *d, const struct batch_prim *p)
{
	const struct ember_rasterizer_state *rs = &d->st.backend.raster;
	unsigned int planes = rs->depth_clip_enable ? 6 : 4;

	for (unsigned int plane = 0; plane < planes; plane++) {
		unsigned int k = 0;

		while (k < p->count &&
		       beyond(vtx(d, p->v[k])->pos, plane, rs->depth_negative_one_to_one))
			k++;
		if (k == p->count)
			return true;
	}
	return false;
}

/* Cut @box down to @r (a scissor). */
static void box_clip(int32_t box[4], const struct ember_rect *r)
{
	int64_t x1 = (int64_t)r->x + r->width, y1 = (int64_t)r->y + r->height;

	box[0] = box[0] > r->x ? box[0] : r->x;
	box[1] = box[1] > r->y ? box[1] : r->y;
	box[2] = box[2] < x1 ? box[2] : (int32_t)x1;
	box[3] = box[3] < y1 ? box[3] : (int32_t)y1;
}

/*
 * The viewport of @p: its provoking vertex's ViewportIndex when the vertex
 * shader writes it, else 0; an index past the draw's viewports selects
 * viewport 0 (ember-hw.rst, "Viewport index").
 */
static uint32_t viewport_of(const struct draw *d, const struct batch_prim *p)
{
	uint32_t index;

	if (!(d->vs_prog->header.vertex_flags & EMBER_ISA_VS_VIEWPORT_INDEX))
		return 0;
	index = vtx(d, p->provoking)->viewport_index;
	return index < d->st.viewport_count ? index : 0;
}

/*
 * Clip and cull distances (a primitive all of whose vertices are outside
 * one is dropped here; the back end cuts one that crosses a clip distance),
 * the layer, the viewport, the box (within its scissor). Counts the
 * primitive's clipping invocation, and its clipping primitive unless a
 * clip or cull distance or a plane of the view volume has every vertex
 * outside.
 */
static void prepare(struct draw *d, struct batch_prim *p)
{
	const struct ember_isa_header *h = &d->vs_prog->header;

	for (unsigned int c = 0; c < d->vc.clip_count && c < EMBER_ISA_MAX_CLIP_CULL; c++)
		p->dropped |= all_outside(d, p, true, c);
	for (unsigned int c = 0; c < d->vc.cull_count && c < EMBER_ISA_MAX_CLIP_CULL; c++)
		p->dropped |= all_outside(d, p, false, c);
	d->stats.count[EMBER_PIPELINE_STAT_CLIPPING_INVOCATIONS]++;
	if (!p->dropped && !outside_volume(d, p))
		d->stats.count[EMBER_PIPELINE_STAT_CLIPPING_PRIMITIVES]++;
	if (d->st.view_mask)
		p->layer = d->view;
	else if (h->vertex_flags & EMBER_ISA_VS_LAYER)
		p->layer = vtx(d, p->provoking)->layer;
	else
		p->layer = 0;
	p->dropped |= p->layer >= d->layers;
	p->viewport = viewport_of(d, p);
	bound(d, p);
	box_clip(p->box, &d->be_state[p->viewport].scissor);
}

static bool box_meets(const int32_t box[4], const struct ember_rect *r)
{
	return box[0] < r->x + (int32_t)r->width && r->x < box[2] &&
	       box[1] < r->y + (int32_t)r->height && r->y < box[3];
}

/* The clip distances of @p's vertices @k[0..@n-1], in that order. */
static void clip_distances(const struct draw *d, const struct batch_prim *p,
			   const unsigned int *k, unsigned int n, struct ember_clip_distances *cd)
{
	cd->count = d->vc.clip_count < EMBER_MAX_CLIP_DISTANCES ? d->vc.clip_count :
								   EMBER_MAX_CLIP_DISTANCES;
	for (unsigned int v = 0; v < n; v++)
		for (unsigned int c = 0; c < cd->count; c++)
			cd->d[v][c] = vtx(d, p->v[k[v]])->clip[c];
}

/*
 * Polygon mode LINE or POINT: the edges or vertices of @p (batch index @i),
 * after culling (ember-hw.rst), each clipped by its own vertices' clip
 * distances, with the polygon's facing and depth bias (R12).
 */
static void draw_polygon_mode(const struct draw *d, struct ember_backend *be, uint32_t i,
			      const struct ember_rect *tile, const float pos[3][4],
			      const float size[3], const struct ember_clip_distances *cd)
{
	const struct batch_prim *p = &d->prim[i];
	struct ember_clip_distances piece;
	struct ember_primitive culled;

	if (!ember_raster_setup(be->state, be->fb->depth_stencil.format, pos,
				cd->count ? cd : NULL, 0, &culled))
		return;
	be->clip_distances = cd->count ? &piece : NULL;
	be->polygon = &culled;
	for (unsigned int e = 0; e < 3; e++) {
		const unsigned int ends[2] = { e, (e + 1) % 3 };

		if (d->st.polygon_mode == EMBER_POLYGON_POINT) {
			clip_distances(d, p, ends, 1, &piece);
			ember_backend_draw_points(be, tile, (const float (*)[4])pos[e],
						  &size[e], 1, 4 * i + e + 1);
		} else {
			float edge[2][4];

			clip_distances(d, p, ends, 2, &piece);
			memcpy(edge[0], pos[e], sizeof(edge[0]));
			memcpy(edge[1], pos[(e + 1) % 3], sizeof(edge[1]));
			ember_backend_draw_lines(be, tile, (const float (*)[4])edge, 1,
						 4 * i + e + 1);
		}
	}
	be->polygon = NULL;
}

/* Draw @p (batch index @i) into @tile with the back end @be. */
static void draw_prim(const struct draw *d, struct ember_backend *be, uint32_t i,
		      const struct ember_rect *tile)
{
	static const unsigned int in_order[3] = { 0, 1, 2 };
	const struct batch_prim *p = &d->prim[i];
	struct ember_clip_distances cd;
	float pos[3][4], size[3];

	/*
	 * Another viewport: the waiting quads finish under the state they
	 * were made with (its depth range clamps their depth).
	 */
	if (be->state != &d->be_state[p->viewport]) {
		if (be->fs_wave)
			ember_backend_flush(be);
		be->state = &d->be_state[p->viewport];
	}
	for (unsigned int k = 0; k < p->count; k++) {
		memcpy(pos[k], vtx(d, p->v[k])->pos, sizeof(pos[k]));
		size[k] = vtx(d, p->v[k])->point_size;
	}
	clip_distances(d, p, in_order, p->count, &cd);
	be->clip_distances = cd.count ? &cd : NULL;
	if (p->kind == EMBER_PRIM_POINT)
		ember_backend_draw_points(be, tile, (const float (*)[4])pos, size, 1, 4 * i);
	else if (p->kind == EMBER_PRIM_LINE)
		ember_backend_draw_lines(be, tile, (const float (*)[4])pos, 1, 4 * i);
	else if (d->st.polygon_mode == EMBER_POLYGON_FILL)
		ember_backend_draw(be, tile, (const float (*)[4])pos, 1, 4 * i);
	else
		draw_polygon_mode(d, be, i, tile, (const float (*)[4])pos, size, &cd);
	be->clip_distances = NULL;
}

/* Whether a primitive of the batch on @layer touches @tile. */
static bool tile_touched(const struct draw *d, uint32_t layer, const struct ember_rect *tile)
{
	for (uint32_t i = 0; i < d->prim_count; i++)
		if (!d->prim[i].dropped && d->prim[i].layer == layer &&
		    box_meets(d->prim[i].box, tile))
			return true;
	return false;
}

/*
 * One tile on core @c: load the attachments' tile (a resident one only the
 * first time), draw every primitive of the batch that touches it in
 * primitive order, store it (a resident one later, store_resident()): 0,
 * a fault kind (in c->fault), -ENOMEM, or -ECANCELED (another core's wave
 * faulted).
 */
static int draw_tile(struct draw *d, struct tile_core *c, const struct ember_rect *tile,
		     uint32_t layer, struct resident *r)
{
	struct ember_draw_targets *t = r ? &r->targets : &c->targets;
	struct ember_framebuffer fb;
	int ret = 0;

	if (!r || !r->loaded)
		ret = ember_draw_tile_load(&c->mmu, t, tile, layer, &c->fault);
	if (ret)
		return ret;
	if (r)
		r->loaded = true;
	ember_draw_tile_framebuffer(t, &d->st, tile, &fb);
	c->be.fb = &fb;
	for (uint32_t i = 0; i < d->prim_count && !c->fault.kind; i++)
		if (!d->prim[i].dropped && d->prim[i].layer == layer &&
		    box_meets(d->prim[i].box, tile))
			draw_prim(d, &c->be, i, tile);
	if (c->be.fs_wave)
		ember_backend_flush(&c->be);
	c->be.fb = NULL;
	if (c->fault.kind)
		ret = (int)c->fault.kind;
	else if (tile_abandoned(&d->run, c->item) ||
		 __atomic_load_n(&d->fs_d.stop, __ATOMIC_RELAXED))
		ret = -ECANCELED;
	if (r) {
		r->lost = ret != 0;
		return ret;
	}
	if (ret)
		return ret;
	return ember_draw_tile_store(&c->mmu, t, tile, layer, &c->fault);
}

/*
 * A work item of the shader cores: tile @item of the run. Every tile
 * before the lowest faulting one is drawn whole, so the run reports that
 * tile's fault, as one core going through the tiles in order would; the
 * tiles after it are skipped or abandoned (not stored). The exception: a
 * fault in a fragment wave stops the whole stage (gfx_wave.h), so a wave
 * of an earlier tile running at that moment is cancelled, and a fault it
 * would have hit is not seen.
 */
static void tile_item(void *arg, unsigned int item, unsigned int core)
{
	struct draw *d = arg;
	struct tile_run *run = &d->run;
	struct tile_core *c = &d->cores[core];
	int ret;

	if (tile_abandoned(run, item))
		return;
	c->fault.kind = 0;
	c->item = item;
	ret = draw_tile(d, c, &run->tile[item], run->layer, run->res[item]);
	if (!ret || ret == -ECANCELED)
		return;
	if (ret == -ENOMEM)
		no_memory(d, &c->fault);
	pthread_mutex_lock(&run->lock);
	if (item < run->fault_tile) {
		__atomic_store_n(&run->fault_tile, item, __ATOMIC_RELAXED);
		run->ret = (int)c->fault.kind;
		run->fault = c->fault;
	}
	pthread_mutex_unlock(&run->lock);
}

/*
 * Resident tiles' buffers of finished draws, kept for the next draws (of
 * any device of the process), up to RESIDENT_BYTES: megabytes of buffers
 * allocated and freed by every draw went back to the system each time,
 * and page faults took four times as long as the draws of the frame test.
 */
struct pool_buf {
	struct pool_buf *next;
	size_t bytes;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pool_buf *pool;
static size_t pool_bytes;

/* A buffer of @bytes (at least a struct pool_buf), not cleared; NULL: no memory. */
static uint8_t *pool_get(size_t bytes)
{
	struct pool_buf **b, *found = NULL;

	pthread_mutex_lock(&pool_lock);
	for (b = &pool; *b; b = &(*b)->next) {
		if ((*b)->bytes == bytes) {
			found = *b;
			*b = found->next;
			pool_bytes -= bytes;
			break;
		}
	}
	pthread_mutex_unlock(&pool_lock);
	return found ? (uint8_t *)found : malloc(bytes);
}

static void pool_put(uint8_t *p, size_t bytes)
{
	struct pool_buf *b = (struct pool_buf *)p;

	pthread_mutex_lock(&pool_lock);
	if (pool_bytes + bytes <= RESIDENT_BYTES) {
		b->next = pool;
		b->bytes = bytes;
		pool = b;
		pool_bytes += bytes;
		b = NULL;
	}
	pthread_mutex_unlock(&pool_lock);
	free(b);
}

static struct ember_draw_target *target_at(struct ember_draw_targets *t, uint32_t i)
{
	return i < EMBER_GFX_MAX_COLOR_ATTACHMENTS ? &t->color[i] : &t->depth_stencil;
}

static size_t tile_bytes(const struct ember_draw_targets *t, const struct ember_draw_target *a)
{
	return (size_t)EMBER_DRAW_TILE * EMBER_DRAW_TILE * t->samples * a->rt_bytes;
}

/* Give @r's buffers back to the pool. */
static void resident_free(struct resident *r)
{
	for (uint32_t i = 0; i <= EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		struct ember_draw_target *a = target_at(&r->targets, i);

		if (a->tile)
			pool_put(a->tile, tile_bytes(&r->targets, a));
		a->tile = NULL;
	}
	free(r);
}

/*
 * The resident tile @index (@tile) of layer @layer, made (not loaded yet)
 * while the draw's resident bytes allow; NULL: it is loaded and stored by
 * each batch instead (no room, or no host memory for it).
 */
static struct resident *resident_get(struct draw *d, uint32_t layer, uint32_t index,
				     const struct ember_rect *tile)
{
	struct resident *r;
	bool failed = false;

	if (!d->res[layer]) {
		if (d->res_bytes + d->res_tile_bytes > RESIDENT_BYTES)
			return NULL;
		d->res[layer] = calloc(d->tiles, sizeof(*d->res[layer]));
		if (!d->res[layer])
			return NULL;
	}
	if (d->res[layer][index])
		return d->res[layer][index];
	if (d->res_bytes + d->res_tile_bytes > RESIDENT_BYTES)
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->rect = *tile;
	r->layer = layer;
	/* The attachments of the draw, each used one with a buffer of its own. */
	r->targets = d->cores[0].targets;
	for (uint32_t i = 0; i <= EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		struct ember_draw_target *a = target_at(&r->targets, i);

		if (a->tile && !failed) {
			a->tile = pool_get(tile_bytes(&r->targets, a));
			failed = !a->tile;
		} else {
			a->tile = NULL;
		}
	}
	if (failed) {
		resident_free(r);
		return NULL;
	}
	d->res_bytes += d->res_tile_bytes;
	d->res[layer][index] = r;
	return r;
}

/* The batch's primitives of layer @layer over every tile they touch, on all cores. */
static int raster_layer(struct draw *d, uint32_t layer)
{
	struct ember_device *dev = d->job->ring->dev;
	struct tile_run *run = &d->run;
	uint32_t x_end = d->st.width, y_end = d->st.height;

	run->layer = layer;
	run->count = 0;
	run->fault_tile = UINT32_MAX;
	run->ret = 0;
	for (uint32_t ty = 0; ty < y_end; ty += EMBER_DRAW_TILE) {
		for (uint32_t tx = 0; tx < x_end; tx += EMBER_DRAW_TILE) {
			struct ember_rect tile = {
				(int32_t)tx, (int32_t)ty,
				x_end - tx < EMBER_DRAW_TILE ? x_end - tx : EMBER_DRAW_TILE,
				y_end - ty < EMBER_DRAW_TILE ? y_end - ty : EMBER_DRAW_TILE,
			};

			/* The boxes are within their scissors (prepare()). */
			if (!tile_touched(d, layer, &tile))
				continue;
			run->res[run->count] = resident_get(d, layer,
							    ty / EMBER_DRAW_TILE * d->tiles_x +
							    tx / EMBER_DRAW_TILE, &tile);
			run->tile[run->count++] = tile;
		}
	}
	if (d->num_cores > 1 && run->count > 1) {
		ember_workers_run(&dev->workers, run->count, tile_item, d);
	} else {
		for (uint32_t i = 0; i < run->count && !run->ret; i++)
			tile_item(d, i, 0);
	}
	if (run->ret)
		d->fault = run->fault;
	return run->ret;
}

/* Empty the caches a preemption point may have made stale (dispatch.c). */
static void cores_forget(struct draw *d)
{
	ember_tlb_flush(&d->vs_core.tlb);
	memset(d->vs_core.pages, 0, sizeof(d->vs_core.pages));
	for (unsigned int c = 0; c < d->num_cores; c++) {
		struct sc_group *g = &d->cores[c].fs_core;

		ember_tlb_flush(&d->cores[c].tlb);
		if (!d->cores[c].fs_core_ready)
			continue;
		ember_tlb_flush(&g->tlb);
		memset(g->pages, 0, sizeof(g->pages));
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
		return wave_fault(d, &d->vs_core, ret, &d->fault);
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
	d->stats.count[EMBER_PIPELINE_STAT_IA_PRIMITIVES]++;
	p = &d->prim[d->prim_count];
	*p = (struct batch_prim) { .kind = ap->kind, .count = ap->count, .id = d->next_id++ };
	for (unsigned int k = 0; k < ap->count; k++) {
		ret = ember_vertex_cache_add(&d->vc, &v[k], &p->v[k]);
		if (ret)
			return wave_fault(d, &d->vs_core, ret, &d->fault);
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
		if (!sc_gfx_stage_init(&d->fs_d, &d->fs_params))
			return -ENOMEM;
		d->fs_slots = d->fs_prog->header.num_inputs * 4u;
	}
	if (!ember_vertex_cache_init(&d->vc, &d->vs_core, d->fs_slots))
		return -ENOMEM;
	return 0;
}

/*
 * The tile cores: every shader core when the render area has more than one
 * tile (ember_workers_run() may give a tile to any of them), else one. The
 * first takes over the targets' tile buffers, the others get their own.
 */
static int setup_cores(struct draw *d)
{
	struct ember_device *dev = d->job->ring->dev;
	uint32_t tiles = ((d->st.width + EMBER_DRAW_TILE - 1) / EMBER_DRAW_TILE) *
			 ((d->st.height + EMBER_DRAW_TILE - 1) / EMBER_DRAW_TILE);
	unsigned int n = dev->workers_running && tiles > 1 ? dev->workers.num_cores : 1;

	d->run.tile = calloc(tiles, sizeof(*d->run.tile));
	d->run.res = calloc(tiles, sizeof(*d->run.res));
	d->cores = calloc(n, sizeof(*d->cores));
	d->res = calloc(d->layers ? d->layers : 1, sizeof(*d->res));
	if (!d->run.tile || !d->run.res || !d->cores || !d->res)
		return -ENOMEM;
	d->tiles_x = (d->st.width + EMBER_DRAW_TILE - 1) / EMBER_DRAW_TILE;
	d->tiles = tiles;
	d->num_cores = n;
	d->cores[0].targets = d->targets;
	memset(&d->targets, 0, sizeof(d->targets));
	for (uint32_t i = 0; i <= EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		struct ember_draw_target *a = target_at(&d->cores[0].targets, i);

		if (a->tile)
			d->res_tile_bytes += tile_bytes(&d->cores[0].targets, a);
	}
	for (unsigned int i = 0; i < n; i++) {
		struct tile_core *c = &d->cores[i];

		c->d = d;
		c->mmu = d->job->mmu;
		c->mmu.tlb = &c->tlb;
		c->be = (struct ember_backend) {
			.state = &d->be_state[0], .fs_ctx = c, .sample_rate = d->sample_rate,
			.fs_wave = d->fs_prog ? fs_wave : NULL,
		};
		if (i && ember_draw_targets_clone(&d->cores[0].targets, &c->targets))
			return -ENOMEM;
		if (d->fs_prog) {
			if (!sc_gfx_core_init(&c->fs_core, &d->fs_d))
				return -ENOMEM;
			c->fs_core_ready = true;
		}
	}
	return 0;
}

/* Storing the resident tiles, and the first fault it found. */
struct store_run {
	struct draw *d;
	struct resident **item;
	pthread_mutex_t lock;
	uint32_t fault_item;	/* the lowest item that faulted; UINT32_MAX: none */
	int ret;
	struct ember_draw_fault fault;
};

static void store_item(void *arg, unsigned int item, unsigned int core)
{
	struct store_run *sr = arg;
	struct tile_core *c = &sr->d->cores[core];
	struct resident *r = sr->item[item];
	struct ember_draw_fault fault = { 0 };
	int ret = ember_draw_tile_store(&c->mmu, &r->targets, &r->rect, r->layer, &fault);

	if (!ret)
		return;
	if (ret == -ENOMEM)
		no_memory(sr->d, &fault);
	pthread_mutex_lock(&sr->lock);
	if (item < sr->fault_item) {
		sr->fault_item = item;
		sr->ret = (int)fault.kind;
		sr->fault = fault;
	}
	pthread_mutex_unlock(&sr->lock);
}

/*
 * The end of the draw, whether it finished or faulted: every resident
 * tile a batch loaded and none stopped inside is stored (layer by layer,
 * tiles in row-major order, spread over the cores). 0, or the fault of the
 * first tile whose store faulted (in @fault); the others are stored all
 * the same.
 */
static int store_resident(struct draw *d, struct ember_draw_fault *fault)
{
	struct ember_device *dev = d->job->ring->dev;
	struct store_run sr = { .d = d, .fault_item = UINT32_MAX };
	uint32_t count = 0;

	if (!d->res_bytes)
		return 0;
	/* At most the tiles resident_get() made. */
	sr.item = calloc(d->res_bytes / d->res_tile_bytes, sizeof(*sr.item));
	if (!sr.item) {
		no_memory(d, fault);
		return (int)fault->kind;
	}
	for (uint32_t l = 0; l < d->layers; l++) {
		for (uint32_t i = 0; d->res[l] && i < d->tiles; i++) {
			struct resident *r = d->res[l][i];

			if (r && r->loaded && !r->lost)
				sr.item[count++] = r;
		}
	}
	pthread_mutex_init(&sr.lock, NULL);
	if (d->num_cores > 1 && count > 1) {
		ember_workers_run(&dev->workers, count, store_item, &sr);
	} else {
		for (uint32_t i = 0; i < count; i++)
			store_item(&sr, i, 0);
	}
	pthread_mutex_destroy(&sr.lock);
	free(sr.item);
	if (sr.ret)
		*fault = sr.fault;
	return sr.ret;
}

/* The samples that passed sample counting on every core. */
static uint64_t samples_passed(const struct draw *d)
{
	uint64_t n = 0;

	for (unsigned int c = 0; c < d->num_cores; c++)
		n += d->cores[c].be.samples_passed;
	return n;
}

/* The draw's pipeline statistics: its own, the vertex cache's, every core's. */
static void draw_stats(const struct draw *d, struct ember_pipeline_stats *s)
{
	*s = d->stats;
	s->count[EMBER_PIPELINE_STAT_VS_INVOCATIONS] = d->vc.invocations;
	for (unsigned int c = 0; c < d->num_cores; c++)
		s->count[EMBER_PIPELINE_STAT_FS_INVOCATIONS] += d->cores[c].fs_invocations;
}

static void release(struct draw *d)
{
	ember_vertex_cache_fini(&d->vc);
	if (d->vs_core_ready)
		sc_gfx_core_fini(&d->vs_core);
	for (unsigned int c = 0; c < d->num_cores; c++) {
		if (d->cores[c].fs_core_ready)
			sc_gfx_core_fini(&d->cores[c].fs_core);
		ember_draw_targets_free(&d->cores[c].targets);
	}
	for (uint32_t l = 0; d->res && l < d->layers; l++) {
		for (uint32_t i = 0; d->res[l] && i < d->tiles; i++) {
			if (d->res[l][i])
				resident_free(d->res[l][i]);
		}
		free(d->res[l]);
	}
	free(d->res);
	free(d->cores);
	free(d->run.tile);
	free(d->run.res);
	pthread_mutex_destroy(&d->run.lock);
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
		.vertices = &d->stats.count[EMBER_PIPELINE_STAT_IA_VERTICES],
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
	pthread_mutex_init(&d->run.lock, NULL);
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
		d->be_state[0] = d->st.backend;
		if (d->fs_prog) {
			uint8_t flags = d->fs_prog->header.fragment_flags;

			/*
			 * Sample shading runs an invocation per sample whatever
			 * its minimum: FragCoord must be a sample's location
			 * whenever it is enabled, and more invocations than the
			 * minimum asks are allowed.
			 */
			d->sample_rate = (flags & EMBER_ISA_FS_SAMPLE_RATE) ||
					 (d->st.sample_shading && d->st.backend.ms.samples > 1);
			d->be_state[0].early_fragment_tests = flags & EMBER_ISA_FS_EARLY_TESTS;
		}
		for (uint32_t i = 1; i < d->st.viewport_count; i++) {
			d->be_state[i] = d->be_state[0];
			d->be_state[i].viewport = d->st.viewport[i];
			d->be_state[i].scissor = d->st.scissor[i];
		}
		ret = setup_cores(d);
	}
	if (!ret) {
		struct ember_draw_fault store_fault;
		int stored;

		ret = run_views(d);
		/*
		 * The resident tiles go to memory before the draw ends: with its
		 * fault too (the batches before it stay drawn), but not when a
		 * reset aborted it.
		 */
		if (ret != EMBER_JOB_ABORTED) {
			stored = store_resident(d, &store_fault);
			if (!ret && stored) {
				ret = stored;
				d->fault = store_fault;
			}
		}
		if (!ret)
			ret = ember_occlusion_add(job, samples_passed(d));
		if (!ret) {
			struct ember_pipeline_stats stats;

			draw_stats(d, &stats);
			ret = ember_pipeline_stats_add(job, &stats);
		}
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
