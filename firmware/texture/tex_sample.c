/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Filtered sampling and gather
 *
 * One lane at a time, in the order of the Vulkan specification's "Texel
 * Filtering" and "Image Sample Operations": cube face selection, array
 * layer (rounded to nearest even, clamped), the level of detail (explicit,
 * or log2 of the larger gradient length scaled to texels), sampler bias
 * (clamped to +-16) and min/max clamp, magnification when λ <= 0, the
 * level(s) of the mipmap mode, then per level the texel footprint: nearest
 * floor(u), linear floor(u - 0.5) with weights frac(u - 0.5). Each texel
 * coordinate is wrapped by its address mode (cube maps: seamless edges
 * instead), a border texel takes the border colour, a comparison sampler
 * compares each texel with the reference before the weights apply, and
 * the component swizzle comes last.
 *
 * Anisotropic filtering (a sampler's max_aniso above 1, float formats,
 * LOD from gradients): the footprint's axes are the gradient lengths in
 * texels, Px of ddx and Py of ddy; the ratio of the longer Pmax to the
 * shorter Pmin, at most max_aniso, is η (1 when Pmax <= 1: one lookup
 * covers a magnified footprint). λ is log2(Pmax / η), the specification's
 * "LOD Operation", and the result is the mean of N = ceil(η - 1/64) lookups
 * (filtered within and between levels as usual) at the specification's
 * "Texel Anisotropic Filtering" positions along the major axis: the
 * coordinates plus (i / (N + 1) - 1/2) times its gradient, i = 1..N. With
 * η = 1 every step is the isotropic one, bit for bit.
 */

#include <math.h>
#include <string.h>

#include "tex_cube.h"
#include "tex_numeric.h"
#include "tex_texel.h"
#include "tex_unit.h"

/* One lane's sampling problem, once the coordinates are resolved. */
struct lane_sample {
	struct tex_op *op;
	const struct ember_tex_sampler *smp;
	unsigned int dims;	/* 1, 2 or 3 filtered coordinates */
	bool cube;
	unsigned int face;
	uint32_t layer;		/* array layer (cube: layer of the face) */
	float coord[3];		/* s, t, r (cube: on the face) */
	float dref;
	int32_t offset[3];
	unsigned int max_aniso;	/* 1: isotropic (also integers, unnormalized) */
};

/*
 * N = ceil(η - 1/64): a footprint at most 1/64 more anisotropic than an
 * integer ratio (rounding, mostly) takes no extra lookup.
 */
#define EMBER_TEX_ANISO_SLACK	0.015625f

/* A lane's anisotropic footprint: @n lookups along gradient @axis. */
struct lane_aniso {
	unsigned int n;
	unsigned int axis;	/* 0: ddx, 1: ddy */
};

static unsigned int filtered_dims(unsigned int view_type)
{
	switch (view_type) {
	case EMBER_TEX_1D: case EMBER_TEX_1D_ARRAY: return 1;
	case EMBER_TEX_3D: return 3;
	default: return 2;
	}
}

/* Index of the array-layer coordinate, or -1. */
static int layer_coord(unsigned int view_type)
{
	switch (view_type) {
	case EMBER_TEX_1D_ARRAY: return 1;
	case EMBER_TEX_2D_ARRAY: return 2;
	case EMBER_TEX_CUBE_ARRAY: return 3;
	default: return -1;
	}
}

static int64_t mirror(int64_t a)
{
	return a >= 0 ? a : -(1 + a);
}

/* Wrap @i into [0, size) by @mode; false: a border texel. */
static bool wrap(int64_t i, uint32_t size, unsigned int mode, uint32_t *out)
{
	int64_t n = size, r;

	if (i >= 0 && i < n) {	/* inside: every mode keeps it */
		*out = (uint32_t)i;
		return true;
	}
	switch (mode) {
	case EMBER_TEX_REPEAT:
		r = ((i % n) + n) % n;
		break;
	case EMBER_TEX_MIRRORED_REPEAT:
		r = (n - 1) - mirror((((i % (2 * n)) + 2 * n) % (2 * n)) - n);
		break;
	case EMBER_TEX_CLAMP_TO_BORDER:
		if (i < 0 || i >= n)
			return false;
		r = i;
		break;
	case EMBER_TEX_MIRROR_CLAMP_TO_EDGE:
		r = mirror(i);
		r = r >= n ? n - 1 : r;
		break;
	default:	/* clamp to edge */
		r = i < 0 ? 0 : i >= n ? n - 1 : i;
		break;
	}
	*out = (uint32_t)r;
	return true;
}

static void border_texel(const struct lane_sample *ls, union ember_tex_texel *t)
{
	uint32_t one = ls->op->cls == EMBER_TEX_CLASS_FLOAT ? 0x3f800000u : 1u;
	uint32_t b = ls->smp->border;

	if (b == EMBER_TEX_BORDER_FLOAT_CUSTOM || b == EMBER_TEX_BORDER_INT_CUSTOM) {
		memcpy(t->u, ls->smp->custom_border, sizeof(t->u));
		return;
	}
	memset(t, 0, sizeof(*t));
	if (b >= EMBER_TEX_BORDER_FLOAT_OPAQUE_BLACK)
		t->u[3] = one;
	if (b >= EMBER_TEX_BORDER_FLOAT_OPAQUE_WHITE)
		t->u[0] = t->u[1] = t->u[2] = one;
}

static bool compare(unsigned int op, float ref, float d)
{
	switch (op) {
	case EMBER_TEX_COMPARE_LESS: return ref < d;
	case EMBER_TEX_COMPARE_EQUAL: return ref == d;
	case EMBER_TEX_COMPARE_LESS_OR_EQUAL: return ref <= d;
	case EMBER_TEX_COMPARE_GREATER: return ref > d;
	case EMBER_TEX_COMPARE_NOT_EQUAL: return ref != d;
	case EMBER_TEX_COMPARE_GREATER_OR_EQUAL: return ref >= d;
	case EMBER_TEX_COMPARE_ALWAYS: return true;
	default: return false;
	}
}

/* Replace a texel by its comparison result: (0 or 1, 0, 0, 1). */
static void compare_texel(const struct lane_sample *ls, union ember_tex_texel *t)
{
	bool pass = compare(ls->smp->compare_op, ls->dref, t->f[0]);

	t->f[0] = pass ? 1.0f : 0.0f;
	t->f[1] = t->f[2] = 0.0f;
	t->f[3] = 1.0f;
}

static void cube_texel(const struct lane_sample *ls, uint32_t level, int32_t i,
		       int32_t j, union ember_tex_texel *t)
{
	uint32_t n = ember_tex_minify(ls->op->img->width, level), ni, nj;
	uint32_t base = ls->layer - ls->face;	/* the cube's first layer */
	bool i_out = i < 0 || i >= (int32_t)n, j_out = j < 0 || j >= (int32_t)n;
	unsigned int nf;

	if (!i_out && !j_out) {
		tex_read_texel(ls->op, level, (uint32_t)i, (uint32_t)j, ls->layer, 0, t);
	} else if (i_out != j_out) {
		tex_cube_neighbour(ls->face, i, j, n, &nf, &ni, &nj);
		tex_read_texel(ls->op, level, ni, nj, base + nf, 0, t);
	} else {
		/* A corner: the mean of the three texels that meet there. */
		int32_t ci = i < 0 ? 0 : (int32_t)n - 1, cj = j < 0 ? 0 : (int32_t)n - 1;
		union ember_tex_texel a, b, c;

		tex_read_texel(ls->op, level, (uint32_t)ci, (uint32_t)cj, ls->layer, 0, &a);
		tex_cube_neighbour(ls->face, i, cj, n, &nf, &ni, &nj);
		tex_read_texel(ls->op, level, ni, nj, base + nf, 0, &b);
		tex_cube_neighbour(ls->face, ci, j, n, &nf, &ni, &nj);
		tex_read_texel(ls->op, level, ni, nj, base + nf, 0, &c);
		if (ls->smp->compare_enable) {
			compare_texel(ls, &a);
			compare_texel(ls, &b);
			compare_texel(ls, &c);
		}
		for (unsigned int k = 0; k < 4; k++)
			t->f[k] = (a.f[k] + b.f[k] + c.f[k]) / 3.0f;
		return;
	}
	if (ls->smp->compare_enable)
		compare_texel(ls, t);
}

/* Texel (i, j, k) of @level after wrapping, border and comparison. */
static void texel_at(const struct lane_sample *ls, uint32_t level, int32_t i,
		     int32_t j, int32_t k, union ember_tex_texel *t)
{
	const struct ember_tex_image *img = ls->op->img;
	uint32_t x, y = 0, z = ls->layer;
	bool inside;

	if (ls->cube) {
		cube_texel(ls, level, i, j, t);
		return;
	}
	inside = wrap(i, ember_tex_minify(img->width, level), ls->smp->address[0], &x);
	if (ls->dims >= 2)
		inside &= wrap(j, ember_tex_minify(img->height, level), ls->smp->address[1], &y);
	if (ls->dims == 3)
		inside &= wrap(k, ember_tex_minify(img->depth, level), ls->smp->address[2], &z);
	if (inside)
		tex_read_texel(ls->op, level, x, y, z, 0, t);
	else
		border_texel(ls, t);
	if (ls->smp->compare_enable)
		compare_texel(ls, t);
}

/* Texel-space coordinate of @coord along a dimension of @size texels. */
static float texel_u(const struct ember_tex_sampler *smp, float coord, uint32_t size,
		     int32_t offset)
{
	float u = smp->unnormalized ? coord : coord * (float)size;

	return u + (float)offset;
}

/* Texel-space coordinate @c of @level, offset applied. */
static float texel_coord(const struct lane_sample *ls, unsigned int c, uint32_t level)
{
	const struct ember_tex_image *img = ls->op->img;
	uint32_t size = ember_tex_minify(c == 0 ? img->width : c == 1 ? img->height :
					 img->depth, level);

	return texel_u(ls->smp, ls->coord[c], size, ls->offset[c]);
}

/*
 * The footprint along a texel-space coordinate @u: its first texel, and
 * in *@frac the weight of the second (linear; 0 for nearest).
 */
static inline int32_t footprint_of(float u, bool linear, float *frac)
{
	*frac = 0.0f;
	if (!linear)
		return ember_tex_floor_to_int(u);
	*frac = (u - 0.5f) - floorf(u - 0.5f);
	if (!(*frac >= 0.0f && *frac < 1.0f))
		*frac = 0.0f;		/* NaN and infinities */
	return ember_tex_floor_to_int(u - 0.5f);
}

/* The same along coordinate @c at @level. */
static int32_t footprint(const struct lane_sample *ls, unsigned int c, uint32_t level,
			 bool linear, float *frac)
{
	return footprint_of(texel_coord(ls, c, level), linear, frac);
}

/* Weight of corner @n (bit c: the second texel along c) of a footprint. */
static float corner_weight(unsigned int n, unsigned int dims, const float frac[3])
{
	float w = 1.0f;

	for (unsigned int c = 0; c < dims; c++)
		w *= (n >> c & 1) ? frac[c] : 1.0f - frac[c];
	return w;
}

static void filter_level(const struct lane_sample *ls, uint32_t level,
			 bool linear, union ember_tex_texel *out)
{
	int32_t i0[3] = { 0, 0, 0 };
	float frac[3] = { 0, 0, 0 };
	unsigned int corners;

	for (unsigned int c = 0; c < ls->dims; c++)
		i0[c] = footprint(ls, c, level, linear, &frac[c]);
	if (ls->cube && !linear) {
		/* Cubes ignore the address modes: nearest clamps to the face. */
		int32_t n = (int32_t)ember_tex_minify(ls->op->img->width, level);

		for (unsigned int c = 0; c < 2; c++)
			i0[c] = i0[c] < 0 ? 0 : i0[c] >= n ? n - 1 : i0[c];
	}
	if (!linear) {
		texel_at(ls, level, i0[0], i0[1], i0[2], out);
		return;
	}
	memset(out, 0, sizeof(*out));
	corners = 1u << ls->dims;
	for (unsigned int n = 0; n < corners; n++) {
		union ember_tex_texel t;
		float w = corner_weight(n, ls->dims, frac);

		texel_at(ls, level, i0[0] + (int32_t)(n & 1), i0[1] + (int32_t)(n >> 1 & 1),
			 i0[2] + (int32_t)(n >> 2 & 1), &t);
		for (unsigned int k = 0; k < 4; k++)
			out->f[k] += w * t.f[k];
	}
}

/*
 * η of a footprint whose axes are @rho[0] and @rho[1] texels long: their
 * ratio, at most @max_aniso; 1 when magnifying (NaN included). An axis of
 * length 0 makes the ratio infinite, both infinite NaN: @max_aniso.
 */
static float aniso_eta(const float rho[2], unsigned int max_aniso)
{
	float pmax = rho[0] > rho[1] ? rho[0] : rho[1];
	float pmin = rho[0] > rho[1] ? rho[1] : rho[0];
	float ratio;

	if (!(pmax > 1.0f))
		return 1.0f;
	ratio = pmax / pmin;
	return ratio < (float)max_aniso ? ratio : (float)max_aniso;
}

/*
 * λ of one lane: explicit or from the gradients, biased and clamped; the
 * anisotropic footprint in *@an (1 lookup unless the sampler filters
 * anisotropically and the LOD comes from gradients).
 */
static float lane_lambda(const struct lane_sample *ls,
			 const struct ember_tex_sample_args *args, unsigned int l,
			 const float grad[2][3], struct lane_aniso *an)
{
	const struct ember_tex_image *img = ls->op->img;
	float size[3] = { (float)img->width, (float)img->height, (float)img->depth };
	float lambda, rho[2];

	an->n = 1;
	an->axis = 0;
	if (args->lod) {
		lambda = args->lod[l];
	} else {
		for (unsigned int g = 0; g < 2; g++) {
			float sum = 0.0f;

			for (unsigned int c = 0; c < ls->dims; c++) {
				float d = grad[g][c] * size[c];

				sum += d * d;
			}
			rho[g] = sqrtf(sum);
		}
		if (ls->max_aniso > 1) {
			float eta = aniso_eta(rho, ls->max_aniso);

			an->n = (unsigned int)ceilf(eta - EMBER_TEX_ANISO_SLACK);
			an->axis = rho[1] > rho[0];
			lambda = log2f((rho[0] > rho[1] ? rho[0] : rho[1]) / eta);
		} else {
			lambda = log2f(rho[0] > rho[1] ? rho[0] : rho[1]);
		}
	}
	if (args->bias && !args->lod)
		lambda += ember_tex_clamp_bias(ls->smp->lod_bias + args->bias[l]);
	else
		lambda += ember_tex_sampler_bias(ls->smp);
	return fminf(fmaxf(lambda, ls->smp->min_lod), ls->smp->max_lod);
}

/* Resolve lane @l's coordinates: face, layer, filtered coordinates. */
static void lane_setup(struct lane_sample *ls, const struct ember_tex_sample_args *args,
		       unsigned int l, float grad[2][3])
{
	const struct ember_tex_image *img = ls->op->img;
	int lc = layer_coord(img->view_type);
	uint32_t layers = img->view_type == EMBER_TEX_CUBE_ARRAY ? img->layers / 6 :
		img->layers;
	float in[4] = { 0, 0, 0, 0 };

	for (unsigned int c = 0; c < 4; c++)
		in[c] = args->coord[c] ? args->coord[c][l] : 0.0f;
	for (unsigned int c = 0; c < 3; c++) {
		grad[0][c] = args->ddx[c] ? args->ddx[c][l] : 0.0f;
		grad[1][c] = args->ddy[c] ? args->ddy[c][l] : 0.0f;
	}
	ls->layer = 0;
	if (lc >= 0) {
		int32_t layer = ember_tex_round_to_int(in[lc]);

		ls->layer = layer < 0 ? 0 : (uint32_t)layer >= layers ? layers - 1 :
			(uint32_t)layer;
	}
	ls->dref = args->dref ? args->dref[l] : 0.0f;
	if (ls->op->view.ch[0].type == EMBER_TEX_UNORM)	/* fixed-point depth */
		ls->dref = fminf(fmaxf(ls->dref, 0.0f), 1.0f);
	memcpy(ls->coord, in, sizeof(ls->coord));
	if (ls->cube) {
		struct tex_cube_coord cc;

		tex_cube_project(in, grad[0], grad[1], &cc);
		ls->face = cc.face;
		ls->layer = ls->layer * 6 + cc.face;
		ls->coord[0] = cc.s;
		ls->coord[1] = cc.t;
		grad[0][0] = cc.ds_dx;
		grad[0][1] = cc.dt_dx;
		grad[1][0] = cc.ds_dy;
		grad[1][1] = cc.dt_dy;
	}
}

/* The level(s) a lane samples and how. */
struct lane_levels {
	bool linear;		/* the filter within a level */
	uint32_t level[2];
	float delta;		/* weight of level[1]; 0: level[0] alone */
};

static inline void lane_levels(const struct lane_sample *ls, float lambda,
			       struct lane_levels *lv)
{
	const struct ember_tex_sampler *smp = ls->smp;
	bool is_float = ls->op->cls == EMBER_TEX_CLASS_FLOAT;
	uint32_t q = ls->op->img->levels - 1;
	float d;

	lv->linear = (lambda <= 0.0f ? smp->mag_filter : smp->min_filter) && is_float;
	lv->delta = 0.0f;
	d = fminf(fmaxf(lambda, 0.0f), (float)q);
	if (smp->unnormalized) {
		lv->level[0] = 0;
	} else if (smp->mipmap_mode && is_float) {
		lv->level[0] = (uint32_t)floorf(d);
		lv->delta = d - (float)lv->level[0];
	} else {
		lv->level[0] = (uint32_t)(ceilf(d + 0.5f) - 1.0f);
	}
	lv->level[1] = lv->level[0] + 1 > q ? q : lv->level[0] + 1;
}

/* The two levels' results of a linear mipmap mode, by weight @delta. */
static float blend_levels(float hi, float lo, float delta)
{
	return (1.0f - delta) * hi + delta * lo;
}

/*
 * Level @level filtered at the @an->n positions of an anisotropic
 * footprint along gradient @step, and averaged. Cube maps keep the
 * positions on the face ([0, 1]), whose seamless edges reach one texel
 * beyond it.
 */
static void filter_aniso(struct lane_sample *ls, uint32_t level, bool linear,
			 const struct lane_aniso *an, const float step[3],
			 union ember_tex_texel *out)
{
	float centre[3];

	memcpy(centre, ls->coord, sizeof(centre));
	memset(out, 0, sizeof(*out));
	for (unsigned int i = 1; i <= an->n; i++) {
		float f = (float)i / (float)(an->n + 1) - 0.5f;
		union ember_tex_texel t;

		for (unsigned int c = 0; c < ls->dims; c++) {
			ls->coord[c] = centre[c] + f * step[c];
			if (ls->cube)
				ls->coord[c] = fminf(fmaxf(ls->coord[c], 0.0f), 1.0f);
		}
		filter_level(ls, level, linear, &t);
		for (unsigned int k = 0; k < 4; k++)
			out->f[k] += t.f[k];
	}
	for (unsigned int k = 0; k < 4; k++)
		out->f[k] /= (float)an->n;
	memcpy(ls->coord, centre, sizeof(centre));
}

static void sample_lane(struct lane_sample *ls, const struct ember_tex_sample_args *args,
			unsigned int l, union ember_tex_texel *out)
{
	struct lane_levels lv;
	struct lane_aniso an;
	float grad[2][3];

	lane_setup(ls, args, l, grad);
	lane_levels(ls, lane_lambda(ls, args, l, grad, &an), &lv);
	if (an.n > 1) {
		filter_aniso(ls, lv.level[0], lv.linear, &an, grad[an.axis], out);
		if (lv.delta > 0.0f) {
			union ember_tex_texel t;

			filter_aniso(ls, lv.level[1], lv.linear, &an, grad[an.axis], &t);
			for (unsigned int k = 0; k < 4; k++)
				out->f[k] = blend_levels(out->f[k], t.f[k], lv.delta);
		}
		tex_swizzle(ls->op, out);
		return;
	}
	filter_level(ls, lv.level[0], lv.linear, out);
	if (lv.delta > 0.0f) {
		union ember_tex_texel t;

		filter_level(ls, lv.level[1], lv.linear, &t);
		for (unsigned int k = 0; k < 4; k++)
			out->f[k] = blend_levels(out->f[k], t.f[k], lv.delta);
	}
	tex_swizzle(ls->op, out);
}

/*
 * The wave path: the 2D and 2D array views without comparison, on memory
 * with map_page. Each lane's coordinates, λ and level(s) are resolved as
 * sample_lane() does; then per level and per corner of the footprints the
 * whole wave's texels are wrapped and read at once (tex_wave_read()), and
 * filtered per lane with sample_lane()'s arithmetic, in its order, so the
 * results are the same bits. Reads go corner by corner, not lane by lane:
 * after a fault the caller runs the lanes again one at a time, so that the
 * fault is the one the lane order meets first.
 */
struct wave_pass {
	uint32_t mask;		/* the lanes that sample a level in this pass */
	uint32_t level[EMBER_TEX_LANES];
	int32_t i0[EMBER_TEX_LANES], j0[EMBER_TEX_LANES];
	float frac[2][EMBER_TEX_LANES];
};

static bool wave_path(const struct lane_sample *ls)
{
	return !ls->cube && ls->dims == 2 && !ls->smp->compare_enable &&
	       ls->op->mem->map_page;
}

/* One pass's filtered texels of its lanes into @out; @linear: per lane. */
static void filter_wave(struct lane_sample *ls, const struct wave_pass *p, uint32_t linear,
			const uint32_t *layer, ember_tex_result out)
{
	const struct ember_tex_image *img = ls->op->img;
	uint32_t texels[4][4][EMBER_TEX_LANES];
	unsigned int corners = p->mask & linear ? 4 : 1;
	union ember_tex_texel border;

	border_texel(ls, &border);
	for (unsigned int n = 0; n < corners; n++) {
		uint32_t mask = n ? p->mask & linear : p->mask, outside = 0;
		uint32_t x[EMBER_TEX_LANES], y[EMBER_TEX_LANES];

		for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
			uint32_t level = p->level[l];
			bool inside;

			if (!(mask >> l & 1))
				continue;
			inside = wrap(p->i0[l] + (int32_t)(n & 1), ember_tex_minify(img->width, level),
				      ls->smp->address[0], &x[l]);
			inside &= wrap(p->j0[l] + (int32_t)(n >> 1), ember_tex_minify(img->height, level),
				       ls->smp->address[1], &y[l]);
			outside |= (uint32_t)!inside << l;
		}
		tex_wave_read(ls->op, mask & ~outside, p->level, x, y, layer, NULL, texels[n]);
		for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
			if (outside >> l & 1)
				tex_put_lane(texels[n], l, &border);
		}
	}
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		float frac[3] = { p->frac[0][l], p->frac[1][l], 0.0f };
		union ember_tex_texel acc = { .f = { 0.0f, 0.0f, 0.0f, 0.0f } };

		if (!(p->mask >> l & 1))
			continue;
		if (!(linear >> l & 1)) {
			for (unsigned int k = 0; k < 4; k++)
				out[k][l] = texels[0][k][l];
			continue;
		}
		for (unsigned int n = 0; n < 4; n++) {
			float w = corner_weight(n, 2, frac);

			for (unsigned int k = 0; k < 4; k++) {
				union ember_tex_texel t = { .u = { texels[n][k][l] } };

				acc.f[k] += w * t.f[0];
			}
		}
		tex_put_lane(out, l, &acc);
	}
}

/* Lane @l's level(s) @lv and footprint(s) at @s, @t into the passes. */
static inline void plan_lane(const struct lane_sample *ls, unsigned int l,
			     const struct lane_levels *lv, float s, float t,
			     struct wave_pass pass[2])
{
	const struct ember_tex_image *img = ls->op->img;

	pass[1].mask |= (uint32_t)(lv->delta > 0.0f) << l;
	for (unsigned int k = 0; k < 1u + (lv->delta > 0.0f); k++) {
		uint32_t level = lv->level[k];

		pass[k].level[l] = level;
		pass[k].i0[l] = footprint_of(texel_u(ls->smp, s, ember_tex_minify(img->width, level),
						     ls->offset[0]), lv->linear, &pass[k].frac[0][l]);
		pass[k].j0[l] = footprint_of(texel_u(ls->smp, t, ember_tex_minify(img->height, level),
						     ls->offset[1]), lv->linear, &pass[k].frac[1][l]);
	}
}

/*
 * An explicit LOD: λ, the levels and the footprints straight from the
 * lanes' rows, as lane_setup(), lane_lambda() and footprint() have them.
 */
static void plan_explicit(struct lane_sample *ls, const struct ember_tex_sample_args *args,
			  struct wave_pass pass[2], uint32_t *layer, uint32_t *linear,
			  float *delta)
{
	const struct ember_tex_sampler *smp = ls->smp;
	const struct ember_tex_image *img = ls->op->img;
	const float bias = ember_tex_sampler_bias(smp);
	const bool array = layer_coord(img->view_type) == 2;

	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		float s = args->coord[0] ? args->coord[0][l] : 0.0f;
		float t = args->coord[1] ? args->coord[1][l] : 0.0f;
		float lambda = args->lod[l];
		struct lane_levels lv;

		if (!(args->mask >> l & 1))
			continue;
		lambda += bias;
		lane_levels(ls, fminf(fmaxf(lambda, smp->min_lod), smp->max_lod), &lv);
		layer[l] = 0;
		if (array) {
			int32_t n = ember_tex_round_to_int(args->coord[2] ? args->coord[2][l] : 0.0f);

			layer[l] = n < 0 ? 0 : (uint32_t)n >= img->layers ? img->layers - 1 :
				(uint32_t)n;
		}
		*linear |= (uint32_t)lv.linear << l;
		delta[l] = lv.delta;
		plan_lane(ls, l, &lv, s, t, pass);
	}
}

/*
 * false: a fault stopped a read, or a lane's footprint is anisotropic
 * (before anything was read), and the lanes must run one at a time.
 */
static bool sample_wave(struct lane_sample *ls, const struct ember_tex_sample_args *args,
			ember_tex_result out)
{
	struct wave_pass pass[2] = { { .mask = args->mask }, { .mask = 0 } };
	uint32_t layer[EMBER_TEX_LANES], linear = 0;
	float delta[EMBER_TEX_LANES];
	ember_tex_result level_out[2];

	for (unsigned int l = 0; l < EMBER_TEX_LANES && !args->lod; l++) {
		struct lane_levels lv;
		struct lane_aniso an;
		float grad[2][3];

		if (!(args->mask >> l & 1))
			continue;
		lane_setup(ls, args, l, grad);
		lane_levels(ls, lane_lambda(ls, args, l, grad, &an), &lv);
		if (an.n > 1)
			return false;
		layer[l] = ls->layer;
		linear |= (uint32_t)lv.linear << l;
		delta[l] = lv.delta;
		plan_lane(ls, l, &lv, ls->coord[0], ls->coord[1], pass);
	}
	if (args->lod)
		plan_explicit(ls, args, pass, layer, &linear, delta);
	for (unsigned int k = 0; k < 2; k++) {
		if (pass[k].mask)
			filter_wave(ls, &pass[k], linear, layer, level_out[k]);
	}
	if (ls->op->status.fault)
		return false;
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;

		if (!(args->mask >> l & 1))
			continue;
		for (unsigned int k = 0; k < 4; k++) {
			t.u[k] = level_out[0][k][l];
			if (pass[1].mask >> l & 1) {
				union ember_tex_texel lo = { .u = { level_out[1][k][l] } };

				t.f[k] = blend_levels(t.f[k], lo.f[0], delta[l]);
			}
		}
		if (ls->op->swizzles)
			tex_swizzle(ls->op, &t);
		tex_put_lane(out, l, &t);
	}
	return true;
}

static bool begin(struct tex_op *op, struct lane_sample *ls,
		  const struct ember_tex_image *img, const struct ember_tex_sampler *smp,
		  const struct ember_tex_memory *mem, const struct ember_tex_sample_args *args)
{
	if (!tex_op_begin(op, img, mem))
		return false;
	if (ember_tex_sampler_check(smp)) {
		op->status.fault = EMBER_TEX_FAULT_BAD_SAMPLER;
		return false;
	}
	*ls = (struct lane_sample) {
		.op = op, .smp = smp, .dims = filtered_dims(img->view_type),
		.cube = img->view_type == EMBER_TEX_CUBE ||
			img->view_type == EMBER_TEX_CUBE_ARRAY,
		.max_aniso = op->cls == EMBER_TEX_CLASS_FLOAT && !smp->unnormalized &&
			     smp->max_aniso > 1 ? smp->max_aniso : 1,
	};
	/* Cube maps take no offsets; only the filtered coordinates do. */
	for (unsigned int c = 0; c < ls->dims && !ls->cube; c++)
		ls->offset[c] = args->offset[c];
	return true;
}

struct ember_tex_status ember_tex_sample(const struct ember_tex_image *img,
					 const struct ember_tex_sampler *smp,
					 const struct ember_tex_memory *mem,
					 const struct ember_tex_sample_args *args,
					 ember_tex_result out)
{
	struct lane_sample ls;
	struct tex_op op;

	if (!begin(&op, &ls, img, smp, mem, args))
		return op.status;
	if (wave_path(&ls)) {
		if (sample_wave(&ls, args, out))
			return op.status;
		op.status = (struct ember_tex_status) { 0 };
	}
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;

		if (!(args->mask >> l & 1))
			continue;
		sample_lane(&ls, args, l, &t);
		tex_put_lane(out, l, &t);
	}
	return op.status;
}

struct ember_tex_status ember_tex_query_lod(const struct ember_tex_image *img,
					    const struct ember_tex_sampler *smp,
					    const struct ember_tex_sample_args *args,
					    ember_tex_result out)
{
	struct lane_sample ls;
	struct tex_op op;

	if (!begin(&op, &ls, img, smp, NULL, args))
		return op.status;
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t = { .u = { 0 } };
		struct lane_aniso an;
		float grad[2][3], lambda;

		if (!(args->mask >> l & 1))
			continue;
		lane_setup(&ls, args, l, grad);
		lambda = lane_lambda(&ls, args, l, grad, &an);
		t.f[0] = lambda <= 0.0f ? 0.0f : fminf(lambda, (float)(img->levels - 1));
		t.f[1] = lambda;
		tex_put_lane(out, l, &t);
	}
	return op.status;
}

/* Gather's texel k of the footprint: (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
static const uint8_t gather_di[4] = { 0, 1, 1, 0 }, gather_dj[4] = { 1, 1, 0, 0 };

struct ember_tex_status ember_tex_gather(const struct ember_tex_image *img,
					 const struct ember_tex_sampler *smp,
					 const struct ember_tex_memory *mem,
					 const struct ember_tex_sample_args *args,
					 unsigned int component,
					 const int32_t (*offsets)[2],
					 ember_tex_result out)
{
	struct lane_sample ls;
	struct tex_op op;

	if (!begin(&op, &ls, img, smp, mem, args))
		return op.status;
	if (ls.dims != 2 || img->view_type == EMBER_TEX_1D_ARRAY) {
		op.status.fault = EMBER_TEX_FAULT_BAD_IMAGE;
		op.status.va = img->base;
		return op.status;
	}
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		float grad[2][3];

		if (!(args->mask >> l & 1))
			continue;
		lane_setup(&ls, args, l, grad);
		for (unsigned int k = 0; k < 4; k++) {
			union ember_tex_texel t;
			int32_t i0, j0;

			if (offsets && !ls.cube) {
				ls.offset[0] = offsets[k][0];
				ls.offset[1] = offsets[k][1];
			}
			i0 = ember_tex_floor_to_int(texel_coord(&ls, 0, 0) - 0.5f);
			j0 = ember_tex_floor_to_int(texel_coord(&ls, 1, 0) - 0.5f);
			/*
			 * Four offsets (ConstOffsets) move a footprint per
			 * texel, and texel k is that footprint's i0j0 (GLSL's
			 * textureGatherOffsets), not its k-th texel.
			 */
			if (!offsets || ls.cube) {
				i0 += gather_di[k];
				j0 += gather_dj[k];
			}
			texel_at(&ls, 0, i0, j0, 0, &t);
			if (!smp->compare_enable)
				tex_swizzle(&op, &t);
			out[k][l] = t.u[smp->compare_enable ? 0 : component & 3];
		}
	}
	return op.status;
}
