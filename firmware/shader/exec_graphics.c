/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Graphics handlers: the vertex and fragment stages' instructions
 *
 * The opcodes of ISA 1.4 (ember-isa.rst, "Graphics stages") but TEX and
 * QUERYLOD (exec_image.c, with the rest of the texture unit's): inputs
 * (LDIN, INTERP), outputs (STOUT, OSTORE), the graphics special registers
 * of S2R, quad derivatives (DDX, DDY), DEMOTE and TERMINATE. They read and
 * write the wave's struct sc_gfx_wave (gfx_wave_state.h); the program's
 * stage check (program.c) guarantees a handler only runs in a wave of its
 * stage, so the state it needs is there.
 *
 * INTERP evaluates the barycentrics at the pixel centre as the rasterizer
 * computed them, and elsewhere (centroid, sample, at_sample, at_offset)
 * from the quad's gradients (gfx_wave_state.h): the perspective-correct
 * ones as the ratio of the affine bary * 1/w, the noperspective ones
 * directly. An offset of exactly zero is the centre, so single-sample
 * centroid and sample interpolation give the centre's bits.
 *
 * TERMINATE removes lanes from exec and from every saved mask of the
 * reconvergence stack, so no ENDIF or ENDLOOP brings them back; like the
 * control instructions it skips to the innermost construct's closing
 * instruction when exec becomes empty, and the wave is done when no lane
 * is left anywhere. DEMOTE only turns lanes into helpers: they keep
 * running for their quad's derivatives.
 *
 * Built once (like exec_image.c), not per instruction set: these are
 * per-lane loops over small per-quad data, not the wave's hot path.
 */

#include <math.h>
#include <string.h>

#include "gfx_wave_state.h"
#include "sc_lanes.h"
#include "sc_quad.h"

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)

/* Interpolation offsets are clamped to [minInterpolationOffset, max]. */
#define MIN_INTERP_OFFSET	-0.5f
#define MAX_INTERP_OFFSET	0.4375f

static uint32_t slot_of(const struct sc_wave *w, const struct ember_isa_insn *i,
			unsigned int s)
{
	return i->src[s].kind == EMBER_ISA_IMM ? i->src[s].imm : w->u[i->src[s].index];
}

static float as_float(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

static uint32_t as_bits(float f)
{
	uint32_t bits;

	memcpy(&bits, &f, sizeof(bits));
	return bits;
}

HANDLER(op_ldin)
{
	const struct sc_gfx_wave *g = w->gfx;
	uint64_t slot = slot_of(w, ISA, 0);
	uint32_t r[SC_LANES] SC_ALIGN, m = sc_active(w, ISA);

	for (unsigned int h = 0; h < ember_isa_type_regs(ISA->type); h++) {
		/* Slots past the header's inputs read 0. */
		if (slot + h < g->header->num_inputs * 4u)
			memcpy(r, g->vin->inputs[slot + h], sizeof(r));
		else
			memset(r, 0, sizeof(r));
		sc_commit(w, ISA, h, r, m);
	}
}

HANDLER(op_stout)
{
	struct sc_gfx_wave *g = w->gfx;
	uint64_t slot = slot_of(w, ISA, 0);
	uint32_t (*rows)[SC_LANES] = g->vout ? g->vout->outputs : g->fout->color;
	uint32_t m = sc_active(w, ISA);

	for (unsigned int h = 0; h < ember_isa_type_regs(ISA->type); h++) {
		const uint32_t *data = sc_src(w, ISA, 1, h);

		/* Slots past the header's outputs are dropped. */
		if (slot + h >= g->header->num_outputs * 4u)
			break;
		LANES if ((m >> l) & 1) rows[slot + h][l] = data[l];
	}
}

/* The row of built-in output @name, or NULL. */
static uint32_t *output_row(struct sc_gfx_wave *g, unsigned int name)
{
	struct sc_vertex_wave_out *v = g->vout;
	struct sc_fragment_wave_out *f = g->fout;

	/* Float rows take the value's bits: the rows are 32-bit either way. */
	if (name <= EMBER_ISA_OUT_POSITION_W)
		return (uint32_t *)v->position[name - EMBER_ISA_OUT_POSITION_X];
	if (name == EMBER_ISA_OUT_POINT_SIZE)
		return (uint32_t *)v->point_size;
	if (name < EMBER_ISA_OUT_CULL_DISTANCE0)
		return (uint32_t *)v->clip_distance[name - EMBER_ISA_OUT_CLIP_DISTANCE0];
	if (name < EMBER_ISA_OUT_LAYER)
		return (uint32_t *)v->cull_distance[name - EMBER_ISA_OUT_CULL_DISTANCE0];
	if (name == EMBER_ISA_OUT_LAYER)
		return v->layer;
	if (name == EMBER_ISA_OUT_VIEWPORT_INDEX)
		return v->viewport_index;
	if (name == EMBER_ISA_OUT_FRAG_DEPTH)
		return (uint32_t *)f->depth;
	return f->sample_mask;
}

HANDLER(op_ostore)
{
	uint32_t *row = output_row(w->gfx, ISA->mod);
	const uint32_t *data = sc_src(w, ISA, 0, 0);
	uint32_t m = sc_active(w, ISA);

	for (unsigned int l = 0; l < SC_LANES; l++)
		if ((m >> l) & 1)
			memcpy(&row[l], &data[l], sizeof(row[l]));
}

/* Lane @l's sample position minus the pixel centre. */
static void sample_offset(const struct sc_gfx_wave *g, uint32_t sample, float *ox, float *oy)
{
	const struct sc_gfx_stage_params *st = g->stage;

	if (sample >= st->samples) {
		*ox = *oy = 0.0f;
		return;
	}
	*ox = st->sample_pos[sample][0] - 0.5f;
	*oy = st->sample_pos[sample][1] - 0.5f;
}

static float clamp_offset(uint32_t bits)
{
	float v = as_float(bits);

	if (isnan(v))
		return 0.0f;
	return fminf(fmaxf(v, MIN_INTERP_OFFSET), MAX_INTERP_OFFSET);
}

/* Where INTERP evaluates for lane @l: an offset from the pixel centre. */
static void interp_offset(const struct sc_gfx_wave *g, unsigned int l, unsigned int where,
			  const uint32_t *pos0, const uint32_t *pos1, float *ox, float *oy)
{
	const struct ember_quad *q = g->fin->quad[l / 4];
	uint32_t all = (1u << g->stage->samples) - 1, cov = q->coverage[l % 4] & all;

	*ox = *oy = 0.0f;
	/* Per sample, centre, centroid and sample are the invocation's sample. */
	if (g->per_sample && (where == EMBER_ISA_INTERP_CENTER ||
			      where == EMBER_ISA_INTERP_CENTROID || where == EMBER_ISA_INTERP_SAMPLE)) {
		sample_offset(g, g->sample_id[l], ox, oy);
		return;
	}
	switch (where) {
	case EMBER_ISA_INTERP_CENTROID:
		/* Inside the coverage when the pixel is partly covered. */
		if (cov && cov != all)
			sample_offset(g, (uint32_t)__builtin_ctz(cov), ox, oy);
		break;
	case EMBER_ISA_INTERP_SAMPLE:
		sample_offset(g, g->sample_id[l], ox, oy);
		break;
	case EMBER_ISA_INTERP_AT_SAMPLE:
		sample_offset(g, pos0[l], ox, oy);
		break;
	case EMBER_ISA_INTERP_AT_OFFSET:
		*ox = clamp_offset(pos0[l]);
		*oy = clamp_offset(pos1[l]);
		break;
	default:
		break;
	}
}

/* Barycentrics of lane @l's pixel moved by (@ox, @oy) pixels. */
static void bary_at(const struct sc_gfx_wave *g, unsigned int l, bool perspective,
		    float ox, float oy, float b[3])
{
	unsigned int k = l / 4, p = l % 4;
	const struct ember_quad *q = g->fin->quad[k];
	float num[3], sum = 0.0f;

	if (ox == 0.0f && oy == 0.0f) {
		memcpy(b, perspective ? q->bary[p] : q->bary_linear[p], 3 * sizeof(float));
		return;
	}
	for (unsigned int j = 0; j < 3; j++) {
		if (!perspective) {
			b[j] = q->bary_linear[p][j] + ox * g->linear_dx[k][j] +
			       oy * g->linear_dy[k][j];
			continue;
		}
		num[j] = q->bary[p][j] * q->inv_w[p] + ox * g->persp_dx[k][j] +
			 oy * g->persp_dy[k][j];
		sum += num[j];
	}
	if (!perspective)
		return;
	for (unsigned int j = 0; j < 3; j++)
		b[j] = sum != 0.0f ? num[j] / sum : q->bary[p][j];
}

static uint32_t vertex_slot(const struct sc_gfx_wave *g, unsigned int k, unsigned int j,
			    uint32_t slot)
{
	return g->fin->vertex[k][j][slot];
}

/*
 * INTERP at the pixel centres of quad @k's live lanes @qm (bits 0..3):
 * the same per-lane formula as op_interp()'s centre case, with the
 * quad's three vertex values read once instead of once per lane.
 */
static void interp_centre_quad(const struct sc_gfx_wave *g, unsigned int k, uint32_t qm,
			       bool smooth, uint32_t slot, uint32_t r[4])
{
	const struct ember_quad *q = g->fin->quad[k];
	const float (*bary)[3] = smooth ? q->bary : q->bary_linear;
	float v0 = as_float(vertex_slot(g, k, 0, slot));
	float v1 = as_float(vertex_slot(g, k, 1, slot));
	float v2 = as_float(vertex_slot(g, k, 2, slot));

	for (unsigned int p = 0; p < 4; p++) {
		const float *c = bary[p];

		/* ember_quad_interpolate()'s sum, in its order. */
		r[p] = (qm >> p) & 1 ? as_bits(c[0] * v0 + c[1] * v1 + c[2] * v2) : 0;
	}
}

HANDLER(op_interp)
{
	const struct sc_gfx_wave *g = w->gfx;
	unsigned int kind = ISA->mod & EMBER_ISA_INTERP_KIND;
	unsigned int where = ISA->mod & EMBER_ISA_INTERP_WHERE;
	bool at = where == EMBER_ISA_INTERP_AT_SAMPLE || where == EMBER_ISA_INTERP_AT_OFFSET;
	const uint32_t *pos0 = at ? sc_src(w, ISA, 1, 0) : NULL;
	const uint32_t *pos1 = where == EMBER_ISA_INTERP_AT_OFFSET ? sc_src(w, ISA, 1, 1) : NULL;
	uint32_t slot = slot_of(w, ISA, 0), m = sc_active(w, ISA);
	/* At the pixel centre: the quad's own barycentrics (bary_at()'s first case). */
	bool centre = where == EMBER_ISA_INTERP_CENTER && !g->per_sample;
	/* Lanes that read: slots past the header's inputs read 0. */
	uint32_t live = slot < g->header->num_inputs * 4u ? m : 0;
	uint32_t r[SC_LANES] SC_ALIGN;

	if (centre && kind != EMBER_ISA_INTERP_FLAT) {
		/* The common case a quad at a time; idle quads read 0. */
		for (unsigned int k = 0; k < SC_LANES / 4; k++) {
			uint32_t qm = (live >> (4 * k)) & 0xf;

			if (qm)
				interp_centre_quad(g, k, qm, kind == EMBER_ISA_INTERP_SMOOTH,
						   slot, &r[4 * k]);
			else
				memset(&r[4 * k], 0, 4 * sizeof(r[0]));
		}
		sc_commit(w, ISA, 0, r, m);
		return;
	}
	for (unsigned int l = 0; l < SC_LANES; l++) {
		unsigned int k = l / 4;
		float ox, oy, b[3], v[3];
		const float *c;

		r[l] = 0;
		if (!((live >> l) & 1))
			continue;
		if (kind == EMBER_ISA_INTERP_FLAT) {
			r[l] = vertex_slot(g, k, g->fin->quad[k]->provoking_vertex, slot);
			continue;
		}
		if (centre) {
			c = kind == EMBER_ISA_INTERP_SMOOTH ? g->fin->quad[k]->bary[l % 4] :
							      g->fin->quad[k]->bary_linear[l % 4];
		} else {
			interp_offset(g, l, where, pos0, pos1, &ox, &oy);
			bary_at(g, l, kind == EMBER_ISA_INTERP_SMOOTH, ox, oy, b);
			c = b;
		}
		for (unsigned int j = 0; j < 3; j++)
			v[j] = as_float(vertex_slot(g, k, j, slot));
		/* ember_quad_interpolate()'s sum, in its order. */
		r[l] = as_bits(c[0] * v[0] + c[1] * v[1] + c[2] * v[2]);
	}
	sc_commit(w, ISA, 0, r, m);
}

static void derivative(struct sc_wave *w, const struct sc_insn *in, bool y)
{
	float a[SC_LANES], d[SC_LANES];
	uint32_t r[SC_LANES] SC_ALIGN;
	bool coarse = ISA->mod & EMBER_ISA_DERIV_COARSE;

	memcpy(a, sc_src(w, ISA, 0, 0), sizeof(a));
	if (y)
		sc_quad_ddy(a, d, coarse);
	else
		sc_quad_ddx(a, d, coarse);
	memcpy(r, d, sizeof(r));
	sc_commit(w, ISA, 0, r, sc_active(w, ISA));
}

HANDLER(op_ddx) { derivative(w, in, false); }
HANDLER(op_ddy) { derivative(w, in, true); }

HANDLER(op_demote)
{
	uint32_t m = sc_active(w, ISA);

	w->helpers |= m;
	w->gfx->demoted |= m;
}

HANDLER(op_terminate)
{
	uint32_t m = sc_active(w, ISA);

	w->gfx->terminated |= m;
	w->exec &= ~m;
	for (uint32_t d = 0; d < w->depth; d++) {
		w->stack[d].saved &= ~m;
		w->stack[d].alt &= ~m;
		w->stack[d].cont &= ~m;
	}
	if (w->exec)
		return;
	/* Every lane of a construct is within its outermost one's saved mask. */
	if (!w->depth || !w->stack[0].saved)
		w->status = SC_DONE;
	else
		w->pc = w->stack[w->depth - 1].end;
}

/* A vertex wave's special registers; false: not one of them. */
static bool vertex_sr(const struct sc_wave *w, unsigned int sr, uint32_t *r)
{
	const struct sc_vertex_wave_in *in = w->gfx->vin;

	switch (sr) {
	case EMBER_ISA_SR_VERTEX_INDEX:
		memcpy(r, in->vertex_index, sizeof(in->vertex_index));
		return true;
	case EMBER_ISA_SR_INSTANCE_INDEX:
		memcpy(r, in->instance_index, sizeof(in->instance_index));
		return true;
	default:
		return false;
	}
}

/* FragCoord.w at lane @l's sample: 1/w is affine, the sum of bary * 1/w. */
static float inv_w_at(const struct sc_gfx_wave *g, unsigned int l, float ox, float oy)
{
	unsigned int k = l / 4;
	float v = g->fin->quad[k]->inv_w[l % 4];

	for (unsigned int j = 0; j < 3; j++)
		v += ox * g->persp_dx[k][j] + oy * g->persp_dy[k][j];
	return v;
}

/* Lane @l's value of fragment special register @sr. */
static uint32_t fragment_sr(const struct sc_wave *w, unsigned int sr, unsigned int l)
{
	const struct sc_gfx_wave *g = w->gfx;
	const struct ember_quad *q = g->fin->quad[l / 4];
	const struct sc_gfx_stage_params *st = g->stage;
	unsigned int p = l % 4, s = g->sample_id[l];
	float ox = 0.0f, oy = 0.0f;

	/* Per sample, FragCoord is the sample's location (and depth). */
	if (g->per_sample)
		sample_offset(g, s, &ox, &oy);
	switch (sr) {
	case EMBER_ISA_SR_FRAG_COORD_X:
		return as_bits((float)(q->x + (int32_t)(p & 1)) + (0.5f + ox));
	case EMBER_ISA_SR_FRAG_COORD_Y:
		return as_bits((float)(q->y + (int32_t)(p >> 1)) + (0.5f + oy));
	case EMBER_ISA_SR_FRAG_COORD_Z:
		return as_bits(g->per_sample && s < EMBER_MAX_SAMPLES ? q->depth[p][s] :
			       q->depth_center[p]);
	case EMBER_ISA_SR_FRAG_COORD_W:
		return as_bits(ox == 0.0f && oy == 0.0f ? q->inv_w[p] : inv_w_at(g, l, ox, oy));
	case EMBER_ISA_SR_FRONT_FACING:
		return q->front_facing;
	case EMBER_ISA_SR_SAMPLE_ID:
		return s;
	case EMBER_ISA_SR_SAMPLE_POS_X:
		return as_bits(s < st->samples ? st->sample_pos[s][0] : 0.5f);
	case EMBER_ISA_SR_SAMPLE_POS_Y:
		return as_bits(s < st->samples ? st->sample_pos[s][1] : 0.5f);
	case EMBER_ISA_SR_SAMPLE_MASK_IN:
		return g->sample_mask_in[l];
	case EMBER_ISA_SR_HELPER_INVOCATION:
		return (w->helpers >> l) & 1;
	case EMBER_ISA_SR_PRIMITIVE_ID:
		return q->primitive_id;
	case EMBER_ISA_SR_LAYER:
		return g->fin->layer[l / 4];
	case EMBER_ISA_SR_POINT_COORD_X:
		return as_bits(q->point_coord[p][0]);
	case EMBER_ISA_SR_POINT_COORD_Y:
		return as_bits(q->point_coord[p][1]);
	default:
		return 0;
	}
}

void sc_graphics_s2r(struct sc_wave *w, const struct sc_insn *in)
{
	const struct sc_gfx_stage_params *st = w->gfx->stage;
	uint32_t r[SC_LANES] SC_ALIGN;

	switch (ISA->mod) {
	case EMBER_ISA_SR_BASE_VERTEX:
		w->u[ISA->dst.index] = st->base_vertex;
		return;
	case EMBER_ISA_SR_BASE_INSTANCE:
		w->u[ISA->dst.index] = st->base_instance;
		return;
	case EMBER_ISA_SR_DRAW_INDEX:
		w->u[ISA->dst.index] = st->draw_index;
		return;
	case EMBER_ISA_SR_VIEW_INDEX:
		w->u[ISA->dst.index] = st->view_index;
		return;
	default:
		break;
	}
	if (w->gfx->vin) {
		if (!vertex_sr(w, ISA->mod, r))
			memset(r, 0, sizeof(r));
	} else {
		/* Lanes of quads the wave does not have read 0. */
		for (unsigned int l = 0; l < SC_LANES; l++)
			r[l] = l / 4 < w->gfx->fin->num_quads ? fragment_sr(w, ISA->mod, l) : 0;
	}
	sc_commit(w, ISA, 0, r, sc_active(w, ISA));
}

void sc_graphics_handlers(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(LDIN, op_ldin); SET(INTERP, op_interp); SET(STOUT, op_stout);
	SET(OSTORE, op_ostore); SET(DDX, op_ddx); SET(DDY, op_ddy);
	SET(DEMOTE, op_demote); SET(TERMINATE, op_terminate);
#undef SET
}
