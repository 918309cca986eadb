/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Vertex and fragment waves (see gfx_wave.h).
 *
 * A graphics stage is a struct sc_dispatch without a grid: the same
 * program, MMU, descriptor sets, push constants, deadline, stop flag and
 * native code as a compute dispatch, so every handler, the fault records,
 * the watchdog and robust memory work unchanged. A core (struct sc_group)
 * holds one wave; each run resets its state like a workgroup's start
 * (wave.c), points it at a struct sc_gfx_wave for the stage's opcodes and
 * runs it with sc_wave_run(), the JIT's code first when there is some.
 *
 * Fragment waves: lane 4k + p is pixel p of quad k. The quads' helper
 * pixels start as helpers (w->helpers), lanes of absent quads are not
 * valid. Before the wave runs, each quad's barycentric gradients are
 * taken from its pixels (gfx_wave_state.h) and each lane's sample and
 * input coverage set: per sample (SAMPLE_RATE) the quad's sample, and the
 * coverage of that sample only; per pixel sample 0 and the pixel's
 * coverage.
 */

#include "gfx_wave.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gfx_wave_state.h"

bool sc_gfx_stage_init(struct sc_dispatch *d, const struct sc_gfx_stage_params *p)
{
	unsigned int stage = p->prog->header.stage;

	if (stage != EMBER_ISA_STAGE_VERTEX && stage != EMBER_ISA_STAGE_FRAGMENT)
		return false;
	*d = (struct sc_dispatch) {
		.dev = p->dev, .prog = p->prog, .mmu = p->mmu, .shader_va = p->shader_va,
		.groups = { 1, 1, 1 }, .set_table_va = p->set_table_va,
		.push_bytes = p->push_bytes, .deadline_ns = p->deadline_ns, .jit = p->jit,
		.gfx = p,
	};
	if (d->push_bytes > sizeof(d->push))
		d->push_bytes = sizeof(d->push);
	/* Sample positions exist for EMBER_MAX_SAMPLES samples at most. */
	if (!p->samples || p->samples > EMBER_MAX_SAMPLES)
		return false;
	memcpy(d->push, p->push, d->push_bytes);
	return true;
}

const struct sc_gfx_stage_params *sc_gfx_stage_of(const struct sc_dispatch *d)
{
	return d->gfx;
}

static void *alloc_aligned(size_t size)
{
	void *p = NULL;

	if (posix_memalign(&p, 64, size ? (size + 63) & ~(size_t)63 : 64))
		return NULL;
	memset(p, 0, size);
	return p;
}

bool sc_gfx_core_init(struct sc_group *g, struct sc_dispatch *d)
{
	const struct ember_isa_header *h = &d->prog->header;

	*g = (struct sc_group) { .d = d, .num_waves = 1 };
	ember_tlb_flush(&g->tlb);
	g->mmu = (struct ember_mmu) { .ram = d->mmu.ram, .tlb = &g->tlb, .root = d->mmu.root };
	g->waves = alloc_aligned(sizeof(*g->waves));
	g->vregs = alloc_aligned((size_t)h->num_vregs * SC_LANES * 4);
	g->scratch = alloc_aligned((size_t)(h->scratch_bytes / 4) * SC_LANES * 4);
	g->shared = alloc_aligned(0);
	if (g->waves && g->vregs && g->scratch && g->shared)
		return true;
	sc_gfx_core_fini(g);
	return false;
}

void sc_gfx_core_fini(struct sc_group *g)
{
	free(g->waves);
	free(g->vregs);
	free(g->scratch);
	free(g->shared);
	g->waves = NULL;
	g->vregs = g->scratch = NULL;
	g->shared = NULL;
}

int sc_gfx_core_fault(const struct sc_group *g, uint64_t *va, uint32_t *detail)
{
	*va = g->fault_va;
	*detail = g->fault_detail;
	return g->fault;
}

/* The wave of core @g, reset for a run with @valid lanes. */
static struct sc_wave *start_wave(struct sc_group *g, struct sc_gfx_wave *gfx,
				  uint32_t valid)
{
	struct sc_wave *w = &g->waves[0];
	const struct sc_dispatch *d = g->d;

	memset(w, 0, sizeof(*w));
	w->v = g->vregs;
	w->scratch = g->scratch;
	w->valid = valid;
	w->exec = valid;
	w->status = SC_RUNNING;
	w->loop = -1;
	w->group = g;
	w->gfx = gfx;
	gfx->stage = d->gfx;
	gfx->header = &d->prog->header;
	return w;
}

/*
 * Run @w: 0, its fault, or -ECANCELED when the stage's stop flag (another
 * core's fault) stopped it. BAR is illegal in graphics stages, so the wave
 * runs to its end in one go.
 */
static int run(struct sc_group *g, struct sc_wave *w)
{
	if (!__atomic_load_n(&g->d->stop, __ATOMIC_RELAXED))
		sc_wave_run(w);
	else
		w->status = SC_FAULT;
	if (w->status != SC_FAULT)
		return 0;
	return g->fault ? g->fault : -ECANCELED;
}

static uint32_t lanes_below(uint32_t n)
{
	return n >= SC_LANES ? 0xffffffffu : (1u << n) - 1;
}

int sc_vertex_wave_run(struct sc_group *g, const struct sc_vertex_wave_in *in,
		       struct sc_vertex_wave_out *out)
{
	struct sc_gfx_wave gfx = { .vin = in, .vout = out };
	struct sc_wave *w;
	const float one = 1.0f;

	if (g->d->prog->header.stage != EMBER_ISA_STAGE_VERTEX || !in->count ||
	    in->count > SC_LANES)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	for (unsigned int l = 0; l < SC_LANES; l++)
		out->point_size[l] = one;
	w = start_wave(g, &gfx, lanes_below(in->count));
	return run(g, w);
}

/* Quad @k's barycentric gradients per pixel (gfx_wave_state.h). */
static void quad_gradients(struct sc_gfx_wave *gfx, unsigned int k, const struct ember_quad *q)
{
	for (unsigned int j = 0; j < 3; j++) {
		float persp[3];

		for (unsigned int p = 0; p < 3; p++)
			persp[p] = q->bary[p][j] * q->inv_w[p];
		gfx->persp_dx[k][j] = persp[1] - persp[0];
		gfx->persp_dy[k][j] = persp[2] - persp[0];
		gfx->linear_dx[k][j] = q->bary_linear[1][j] - q->bary_linear[0][j];
		gfx->linear_dy[k][j] = q->bary_linear[2][j] - q->bary_linear[0][j];
	}
}

int sc_fragment_wave_run(struct sc_group *g, const struct sc_fragment_wave_in *in,
			 struct sc_fragment_wave_out *out)
{
	const struct ember_isa_header *h = &g->d->prog->header;
	bool sample_rate = (h->fragment_flags & EMBER_ISA_FS_SAMPLE_RATE) || in->per_sample;
	struct sc_gfx_wave gfx = { .fin = in, .fout = out, .per_sample = sample_rate };
	uint32_t helpers = 0;
	struct sc_wave *w;
	int ret;

	if (h->stage != EMBER_ISA_STAGE_FRAGMENT || !in->num_quads ||
	    in->num_quads > SC_GFX_QUADS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	for (unsigned int k = 0; k < in->num_quads; k++) {
		const struct ember_quad *q = in->quad[k];

		quad_gradients(&gfx, k, q);
		helpers |= (uint32_t)(q->helper_mask & 0xf) << (4 * k);
		for (unsigned int p = 0; p < 4; p++) {
			unsigned int l = 4 * k + p;
			uint32_t s = sample_rate ? in->sample[k] : 0;

			gfx.sample_id[l] = s;
			gfx.sample_mask_in[l] = sample_rate ? q->coverage[p] & (1u << (s & 31)) :
						q->coverage[p];
			out->depth[l] = sample_rate && s < EMBER_MAX_SAMPLES ? q->depth[p][s] :
					q->depth_center[p];
			out->sample_mask[l] = 0xffffffffu;
		}
	}
	w = start_wave(g, &gfx, lanes_below(4 * in->num_quads));
	w->helpers = helpers;
	ret = run(g, w);
	out->discarded = gfx.demoted | gfx.terminated;
	return ret;
}
