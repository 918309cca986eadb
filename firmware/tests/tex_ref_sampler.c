/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The reference sampler (tex_ref_sampler.h): scalar, double, unoptimised. */

#include <math.h>
#include <string.h>

#include "tex_ref_sampler.h"

static unsigned int aspect_of(const struct ref_image *ri)
{
	return ri->img->aspect;
}

static int cls(const struct ref_image *ri)
{
	return ref_class(&ri->rf, aspect_of(ri));
}

static uint32_t level_size(uint32_t size, uint32_t level)
{
	uint32_t s = size >> level;

	return s ? s : 1;
}

void ref_texel(const struct ref_image *ri, uint32_t level, uint32_t x, uint32_t y,
	       uint32_t z, uint32_t sample, double out[4])
{
	const struct ember_tex_image *img = ri->img;
	const struct ember_tex_level_layout *lv = &img->level[level];
	uint64_t va = img->base + lv->offset + (uint64_t)z * lv->slice_pitch +
		(uint64_t)y * lv->row_pitch +
		((uint64_t)x * img->samples + sample) * ri->rf.bytes;
	uint32_t v[4];
	int c = cls(ri);

	if (ri->tiled_va)
		va = ri->tiled_va(img, ri->rf.bytes, level, x, y, z);

	ref_decode(&ri->rf, aspect_of(ri), ri->mem + (va - ri->va), v);
	for (unsigned int k = 0; k < 4; k++) {
		float f;

		memcpy(&f, &v[k], 4);
		out[k] = c == 1 ? (double)v[k] : c == 2 ? (double)(int32_t)v[k] : (double)f;
	}
}

void ref_swizzle(const struct ref_image *ri, double v[4])
{
	double in[4];

	memcpy(in, v, sizeof(in));
	for (unsigned int c = 0; c < 4; c++) {
		switch (ri->img->swizzle[c]) {
		case 1: v[c] = 0; break;	/* VK_COMPONENT_SWIZZLE_ZERO */
		case 2: v[c] = 1; break;	/* ONE */
		case 3: v[c] = in[0]; break;	/* R */
		case 4: v[c] = in[1]; break;	/* G */
		case 5: v[c] = in[2]; break;	/* B */
		case 6: v[c] = in[3]; break;	/* A */
		default: break;			/* IDENTITY */
		}
	}
}

/* "Cube Map Face Selection": face, sc, tc, ma for a direction. */
static unsigned int cube_face(double x, double y, double z, double *sc,
			      double *tc, double *ma)
{
	double ax = fabs(x), ay = fabs(y), az = fabs(z);

	if (az >= ax && az >= ay) {
		*ma = z;
		*tc = -y;
		*sc = z >= 0 ? x : -x;
		return z >= 0 ? 4 : 5;
	}
	if (ay >= ax) {
		*ma = y;
		*sc = x;
		*tc = y >= 0 ? z : -z;
		return y >= 0 ? 2 : 3;
	}
	*ma = x;
	*tc = -y;
	*sc = x >= 0 ? -z : z;
	return x >= 0 ? 0 : 1;
}

/* sc, tc, ma of vector @v on face @f (the same table, by face). */
static void on_face(unsigned int f, const double v[3], double *sc, double *tc,
		    double *ma)
{
	double x = v[0], y = v[1], z = v[2];

	switch (f) {
	case 0: *sc = -z; *tc = -y; *ma = x; break;
	case 1: *sc = z; *tc = -y; *ma = x; break;
	case 2: *sc = x; *tc = z; *ma = y; break;
	case 3: *sc = x; *tc = -z; *ma = y; break;
	case 4: *sc = x; *tc = -y; *ma = z; break;
	default: *sc = -x; *tc = -y; *ma = z; break;
	}
}

/* The centre of texel (i, j) of face @f (maybe past its edge), times N. */
static void face_point(unsigned int f, int64_t i, int64_t j, uint32_t n, double p[3])
{
	double sc = (double)(2 * i + 1) - n, tc = (double)(2 * j + 1) - n, ma = n;

	switch (f) {
	case 0: p[0] = ma; p[1] = -tc; p[2] = -sc; break;
	case 1: p[0] = -ma; p[1] = -tc; p[2] = sc; break;
	case 2: p[0] = sc; p[1] = ma; p[2] = tc; break;
	case 3: p[0] = sc; p[1] = -ma; p[2] = -tc; break;
	case 4: p[0] = sc; p[1] = -tc; p[2] = ma; break;
	default: p[0] = -sc; p[1] = -tc; p[2] = -ma; break;
	}
}

/* The texel of another face nearest to (f, i, j) past one edge. */
static void cube_across(unsigned int f, int64_t i, int64_t j, uint32_t n,
			unsigned int *g, uint32_t *a, uint32_t *b)
{
	double p[3], q[3], best = INFINITY;

	face_point(f, i, j, n, p);
	for (unsigned int h = 0; h < 6; h++) {
		if (h == f)
			continue;
		for (uint32_t y = 0; y < n; y++) {
			for (uint32_t x = 0; x < n; x++) {
				double d;

				face_point(h, x, y, n, q);
				d = (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
				    (p[2] - q[2]) * (p[2] - q[2]);
				if (d < best) {
					best = d;
					*g = h;
					*a = x;
					*b = y;
				}
			}
		}
	}
}

struct lane {
	const struct ref_image *ri;
	const struct ember_tex_sampler *smp;
	unsigned int dims;
	bool cube;
	unsigned int face;
	uint32_t layer;		/* cubes: the first layer of the cube */
	float st[3];
	double dref;
	int32_t offset[3];
};

static void border(const struct lane *ln, double v[4])
{
	uint32_t b = ln->smp->border;

	if (b == EMBER_TEX_BORDER_FLOAT_CUSTOM || b == EMBER_TEX_BORDER_INT_CUSTOM) {
		for (unsigned int c = 0; c < 4; c++) {
			uint32_t u = ln->smp->custom_border[c];
			float f;

			memcpy(&f, &u, 4);
			v[c] = cls(ln->ri) == 1 ? (double)u : cls(ln->ri) == 2 ? (double)(int32_t)u : f;
		}
		return;
	}
	/* transparent black, opaque black, opaque white; float or int alike */
	v[0] = v[1] = v[2] = b >= 4 ? 1 : 0;
	v[3] = b >= 2 ? 1 : 0;
}

static void compare(const struct lane *ln, double v[4])
{
	double ref = ln->dref, d = v[0];
	bool r;

	switch (ln->smp->compare_op) {
	case 0: r = false; break;
	case 1: r = ref < d; break;
	case 2: r = ref == d; break;
	case 3: r = ref <= d; break;
	case 4: r = ref > d; break;
	case 5: r = ref != d; break;
	case 6: r = ref >= d; break;
	default: r = true; break;
	}
	v[0] = r;
	v[1] = v[2] = 0;
	v[3] = 1;
}

static int64_t mirror(int64_t a)
{
	return a >= 0 ? a : -(1 + a);
}

static int64_t mod(int64_t a, int64_t n)
{
	return a - n * (int64_t)floor((double)a / (double)n);
}

/* "Wrapping Operation"; false for a border texel. */
static bool wrap(int64_t i, uint32_t size, unsigned int mode, uint32_t *out)
{
	int64_t n = size, r;

	switch (mode) {
	case 0: r = mod(i, n); break;
	case 1: r = (n - 1) - mirror(mod(i, 2 * n) - n); break;
	case 2: r = i < 0 ? 0 : i > n - 1 ? n - 1 : i; break;
	case 3:
		if (i < 0 || i >= n)
			return false;
		r = i;
		break;
	default:
		r = mirror(i);
		r = r > n - 1 ? n - 1 : r;
		break;
	}
	*out = (uint32_t)r;
	return true;
}

static void texel(const struct lane *ln, uint32_t level, int64_t i, int64_t j,
		  int64_t k, double v[4])
{
	const struct ember_tex_image *img = ln->ri->img;
	uint32_t x, y = 0, z = ln->layer;
	bool in = true;

	if (ln->cube) {
		uint32_t n = level_size(img->width, level), a, b;
		bool iout = i < 0 || i >= n, jout = j < 0 || j >= n;
		unsigned int g;

		if (!iout && !jout) {
			ref_texel(ln->ri, level, (uint32_t)i, (uint32_t)j, ln->layer + ln->face, 0, v);
		} else if (iout != jout) {
			cube_across(ln->face, i, j, n, &g, &a, &b);
			ref_texel(ln->ri, level, a, b, ln->layer + g, 0, v);
		} else {
			int64_t ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
			double t[3][4];

			ref_texel(ln->ri, level, (uint32_t)ci, (uint32_t)cj, ln->layer + ln->face, 0, t[0]);
			cube_across(ln->face, i, cj, n, &g, &a, &b);
			ref_texel(ln->ri, level, a, b, ln->layer + g, 0, t[1]);
			cube_across(ln->face, ci, j, n, &g, &a, &b);
			ref_texel(ln->ri, level, a, b, ln->layer + g, 0, t[2]);
			for (unsigned int m = 0; m < 3 && ln->smp->compare_enable; m++)
				compare(ln, t[m]);
			for (unsigned int c = 0; c < 4; c++)
				v[c] = (t[0][c] + t[1][c] + t[2][c]) / 3;
			return;
		}
		if (ln->smp->compare_enable)
			compare(ln, v);
		return;
	}
	in &= wrap(i, level_size(img->width, level), ln->smp->address[0], &x);
	if (ln->dims > 1)
		in &= wrap(j, level_size(img->height, level), ln->smp->address[1], &y);
	if (ln->dims > 2)
		in &= wrap(k, level_size(img->depth, level), ln->smp->address[2], &z);
	if (in)
		ref_texel(ln->ri, level, x, y, z, 0, v);
	else
		border(ln, v);
	if (ln->smp->compare_enable)
		compare(ln, v);
}

/* u of coordinate @c at @level, in float as the specification's u = s * size. */
static float texel_space(const struct lane *ln, unsigned int c, uint32_t level)
{
	const struct ember_tex_image *img = ln->ri->img;
	uint32_t size = level_size(c == 0 ? img->width : c == 1 ? img->height : img->depth, level);
	float u = ln->smp->unnormalized ? ln->st[c] : ln->st[c] * (float)size;

	return u + (float)ln->offset[c];
}

static int64_t ifloor(float f)
{
	return isnan(f) ? 0 : f < -1e9f ? -1000000000 : f > 1e9f ? 1000000000 : (int64_t)floorf(f);
}

static void level_value(const struct lane *ln, uint32_t level, bool linear, double v[4])
{
	int64_t i[3] = { 0, 0, 0 };
	double a[3] = { 0, 0, 0 };

	for (unsigned int c = 0; c < ln->dims; c++) {
		float u = texel_space(ln, c, level);

		if (linear) {
			float um = u - 0.5f;

			i[c] = ifloor(um);
			a[c] = (double)um - floor((double)um);
		} else {
			i[c] = ifloor(u);
		}
	}
	if (!linear) {
		if (ln->cube) {
			int64_t n = level_size(ln->ri->img->width, level);

			for (unsigned int c = 0; c < 2; c++)
				i[c] = i[c] < 0 ? 0 : i[c] >= n ? n - 1 : i[c];
		}
		texel(ln, level, i[0], i[1], i[2], v);
		return;
	}
	memset(v, 0, 4 * sizeof(double));
	for (int dk = 0; dk <= (ln->dims > 2); dk++) {
		for (int dj = 0; dj <= (ln->dims > 1); dj++) {
			for (int di = 0; di <= 1; di++) {
				double w = (di ? a[0] : 1 - a[0]), t[4];

				if (ln->dims > 1)
					w *= dj ? a[1] : 1 - a[1];
				if (ln->dims > 2)
					w *= dk ? a[2] : 1 - a[2];
				texel(ln, level, i[0] + di, i[1] + dj, i[2] + dk, t);
				for (unsigned int c = 0; c < 4; c++)
					v[c] += w * t[c];
			}
		}
	}
}

/* Coordinates, layer, face; gradients on the face for cubes. */
static void setup(struct lane *ln, const struct ref_image *ri,
		  const struct ember_tex_sampler *smp, const struct ref_sample_in *in,
		  double dx[3], double dy[3])
{
	const struct ember_tex_image *img = ri->img;
	int layer_c = -1;
	uint32_t layers = img->layers;

	memset(ln, 0, sizeof(*ln));
	ln->ri = ri;
	ln->smp = smp;
	switch (img->view_type) {
	case 0: ln->dims = 1; break;
	case 4: ln->dims = 1; layer_c = 1; break;
	case 1: ln->dims = 2; break;
	case 5: ln->dims = 2; layer_c = 2; break;
	case 2: ln->dims = 3; break;
	case 3: ln->dims = 2; ln->cube = true; break;
	default: ln->dims = 2; ln->cube = true; layer_c = 3; layers /= 6; break;
	}
	if (layer_c >= 0) {
		double l = rint(in->coord[layer_c]);

		ln->layer = l < 0 ? 0 : l > layers - 1 ? layers - 1 : (uint32_t)l;
	}
	ln->dref = in->dref;
	/* a fixed-point depth format clamps the reference to [0, 1] */
	for (unsigned int c = 0; c < ri->rf.n; c++) {
		if (ri->rf.comp[c].letter == 'D' && ri->rf.comp[c].type == REF_UNORM &&
		    aspect_of(ri) == 2)
			ln->dref = fmin(fmax(ln->dref, 0), 1);
	}
	for (unsigned int c = 0; c < 3; c++) {
		ln->st[c] = in->coord[c];
		dx[c] = in->ddx[c];
		dy[c] = in->ddy[c];
		ln->offset[c] = ln->cube || c >= ln->dims ? 0 : in->offset[c];
	}
	if (ln->cube) {
		double sc, tc, ma, p[3] = { in->coord[0], in->coord[1], in->coord[2] };
		double *d[2] = { dx, dy };

		ln->face = cube_face(p[0], p[1], p[2], &sc, &tc, &ma);
		ln->layer *= 6;
		ln->st[0] = (float)(0.5 * (sc / fabs(ma) + 1));
		ln->st[1] = (float)(0.5 * (tc / fabs(ma) + 1));
		/* sc, tc and ma are linear in the direction on a given face */
		for (unsigned int g = 0; g < 2; g++) {
			double dsc, dtc, dma, sgn = ma < 0 ? -1 : 1;

			on_face(ln->face, d[g], &dsc, &dtc, &dma);
			d[g][0] = 0.5 * (dsc * fabs(ma) - sc * sgn * dma) / (ma * ma);
			d[g][1] = 0.5 * (dtc * fabs(ma) - tc * sgn * dma) / (ma * ma);
			d[g][2] = 0;
		}
	}
}

/*
 * A level's value, anisotropic: the mean of @n lookups at the "Texel
 * Anisotropic Filtering" positions s + (i / (n + 1) - 1/2) * @step,
 * i = 1..n, formed in float as the unit forms them (cube maps: clamped to
 * the face).
 */
static void level_aniso(struct lane *ln, uint32_t level, bool linear, unsigned int n,
			const double step[3], double v[4])
{
	float centre[3];

	if (n == 1) {
		level_value(ln, level, linear, v);
		return;
	}
	memcpy(centre, ln->st, sizeof(centre));
	memset(v, 0, 4 * sizeof(double));
	for (unsigned int i = 1; i <= n; i++) {
		float f = (float)i / (float)(n + 1) - 0.5f;
		double t[4];

		for (unsigned int c = 0; c < ln->dims; c++) {
			ln->st[c] = centre[c] + f * (float)step[c];
			if (ln->cube)
				ln->st[c] = ln->st[c] < 0 ? 0 : ln->st[c] > 1 ? 1 : ln->st[c];
		}
		level_value(ln, level, linear, t);
		for (unsigned int c = 0; c < 4; c++)
			v[c] += t[c] / n;
	}
	memcpy(ln->st, centre, sizeof(centre));
}

void ref_sample(const struct ref_image *ri, const struct ember_tex_sampler *smp,
		const struct ref_sample_in *in, double out[4])
{
	const struct ember_tex_image *img = ri->img;
	double dx[3], dy[3], lambda, bias, d, delta, t[4];
	double size[3] = { img->width, img->height, img->depth };
	bool is_float = cls(ri) == 0, linear;
	uint32_t q = img->levels - 1, hi, lo;
	unsigned int n = 1;
	const double *step = dx;
	struct lane ln;

	setup(&ln, ri, smp, in, dx, dy);
	if (in->has_lod) {
		lambda = in->lod;
	} else {
		double rx = 0, ry = 0, pmax, pmin, eta = 1;

		for (unsigned int c = 0; c < ln.dims; c++) {
			rx += dx[c] * size[c] * dx[c] * size[c];
			ry += dy[c] * size[c] * dy[c] * size[c];
		}
		rx = sqrt(rx);
		ry = sqrt(ry);
		pmax = fmax(rx, ry);
		pmin = fmin(rx, ry);
		/* "LOD Operation" with anisotropy: η = min(Pmax / Pmin, maxAniso) */
		if (is_float && !smp->unnormalized && smp->max_aniso > 1 && pmax > 1) {
			eta = pmin > 0 ? fmin(pmax / pmin, smp->max_aniso) : smp->max_aniso;
			n = (unsigned int)ceil(eta - 1.0 / 64);
			step = ry > rx ? dy : dx;
		}
		lambda = log2(pmax / eta);
	}
	bias = smp->lod_bias < -16 ? -16 : smp->lod_bias > 16 ? 16 : smp->lod_bias;
	lambda += bias;
	lambda = isnan(lambda) ? smp->min_lod : lambda;
	lambda = lambda < smp->min_lod ? smp->min_lod : lambda > smp->max_lod ? smp->max_lod : lambda;
	linear = is_float && (lambda <= 0 ? smp->mag_filter : smp->min_filter);
	d = lambda < 0 ? 0 : lambda > q ? q : lambda;
	if (smp->unnormalized) {
		level_value(&ln, 0, linear, out);
	} else if (smp->mipmap_mode == 1 && is_float) {
		hi = (uint32_t)floor(d);
		lo = hi + 1 > q ? q : hi + 1;
		delta = d - hi;
		level_aniso(&ln, hi, linear, n, step, out);
		level_aniso(&ln, lo, linear, n, step, t);
		for (unsigned int c = 0; c < 4; c++)
			out[c] = (1 - delta) * out[c] + delta * t[c];
	} else {
		level_aniso(&ln, (uint32_t)(ceil(d + 0.5) - 1), linear, n, step, out);
	}
	ref_swizzle(ri, out);
}

void ref_gather(const struct ref_image *ri, const struct ember_tex_sampler *smp,
		const struct ref_sample_in *in, unsigned int component,
		const int32_t (*offsets)[2], double out[4])
{
	static const int di[4] = { 0, 1, 1, 0 }, dj[4] = { 1, 1, 0, 0 };
	double dx[3], dy[3];
	struct lane ln;

	setup(&ln, ri, smp, in, dx, dy);
	for (unsigned int k = 0; k < 4; k++) {
		double v[4];

		/* Four offsets: texel k is i0j0 of the footprint moved by offset k. */
		bool four = offsets && !ln.cube;

		if (four) {
			ln.offset[0] = offsets[k][0];
			ln.offset[1] = offsets[k][1];
		}
		texel(&ln, 0, ifloor(texel_space(&ln, 0, 0) - 0.5f) + (four ? 0 : di[k]),
		      ifloor(texel_space(&ln, 1, 0) - 0.5f) + (four ? 0 : dj[k]), 0, v);
		if (!smp->compare_enable)
			ref_swizzle(ri, v);
		out[k] = v[smp->compare_enable ? 0 : component & 3];
	}
}
