/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The CPU reference of the back end's tests: see raster_ref.h. */

#include "raster_ref.h"

#include <math.h>

const double ref_locations_1[1][2] = { { 0.5, 0.5 } };
const double ref_locations_4[4][2] = {
	{ 0.375, 0.125 }, { 0.875, 0.375 }, { 0.125, 0.625 }, { 0.625, 0.875 },
};

void ref_project_depth(const struct ember_viewport *vp, bool negative_one_to_one,
		       const float pos[3][4], struct ref_tri *t)
{
	double oz = vp->min_depth, pz = (double)vp->max_depth - vp->min_depth;

	if (negative_one_to_one) {
		oz = ((double)vp->max_depth + vp->min_depth) / 2;
		pz = ((double)vp->max_depth - vp->min_depth) / 2;
	}
	for (int i = 0; i < 3; i++) {
		double w = pos[i][3];
		double xf = (vp->x + vp->width / 2.0) + vp->width / 2.0 * (pos[i][0] / w);
		double yf = (vp->y + vp->height / 2.0) + vp->height / 2.0 * (pos[i][1] / w);

		t->x[i] = (int64_t)nearbyint(xf * 256.0);
		t->y[i] = (int64_t)nearbyint(yf * 256.0);
		t->z[i] = oz + pz * (pos[i][2] / w);
		t->inv_w[i] = 1.0 / w;
	}
}

void ref_project(const struct ember_viewport *vp, const float pos[3][4],
		 struct ref_tri *t)
{
	ref_project_depth(vp, false, pos, t);
}

int64_t ref_area2(const struct ref_tri *t)
{
	__int128 sum = 0;

	for (int i = 0; i < 3; i++) {
		int j = (i + 1) % 3;

		sum += (__int128)t->x[i] * t->y[j] - (__int128)t->x[j] * t->y[i];
	}
	return (int64_t)sum;
}

/*
 * The sample is moved by (d, e), 0 < e << d: the sign of each edge's
 * function is that of the first non-zero of (E, dE/dx, dE/dy) — with the
 * polygon's orientation folded in, so both windings are handled alike.
 */
bool ref_covered_polygon(const int64_t *px, const int64_t *py, unsigned int n,
			 int64_t x, int64_t y)
{
	__int128 a = 0;
	int sign;

	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = (i + 1) % n;

		a += (__int128)px[i] * py[j] - (__int128)px[j] * py[i];
	}
	if (a == 0)
		return false;
	sign = a > 0 ? 1 : -1;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = (i + 1) % n;
		/* E(p) = (xj - xi)(py - yi) - (yj - yi)(px - xi) */
		__int128 e = (__int128)(px[j] - px[i]) * (y - py[i]) -
			     (__int128)(py[j] - py[i]) * (x - px[i]);
		__int128 ddx = -(__int128)(py[j] - py[i]);
		__int128 ddy = (__int128)(px[j] - px[i]);
		__int128 key = e != 0 ? e : ddx != 0 ? ddx : ddy;

		/* An edge of zero length says nothing. */
		if (ddx == 0 && ddy == 0)
			continue;
		if (key * sign <= 0)
			return false;
	}
	return true;
}

bool ref_covered(const struct ref_tri *t, int64_t x, int64_t y)
{
	return ref_covered_polygon(t->x, t->y, 3, x, y);
}

uint32_t ref_pixel_coverage(const struct ref_tri *t, int px, int py,
			    unsigned int samples)
{
	uint32_t mask = 0;

	for (unsigned int s = 0; s < samples; s++) {
		const double *loc = samples == 4 ? ref_locations_4[s] : ref_locations_1[0];
		int64_t x = (int64_t)px * 256 + (int64_t)(loc[0] * 256);
		int64_t y = (int64_t)py * 256 + (int64_t)(loc[1] * 256);

		if (ref_covered(t, x, y))
			mask |= 1u << s;
	}
	return mask;
}

bool ref_passes_cull(const struct ref_tri *t, const struct ember_rasterizer_state *rs,
		     bool *front)
{
	/* Vulkan: a = -1/2 sum(x_i y_i+1 - x_i+1 y_i); a > 0 counter-clockwise. */
	int64_t a = -ref_area2(t);
	bool ccw = a > 0;

	if (a == 0)
		return false;
	*front = rs->front_face == EMBER_FRONT_CCW ? ccw : !ccw;
	switch (rs->cull_mode) {
	case EMBER_CULL_FRONT:
		return !*front;
	case EMBER_CULL_BACK:
		return *front;
	case EMBER_CULL_FRONT_AND_BACK:
		return false;
	default:
		return true;
	}
}

void ref_linear_bary(const struct ref_tri *t, double x, double y, double l[3])
{
	double x0 = t->x[0] / 256.0, y0 = t->y[0] / 256.0;
	double x1 = t->x[1] / 256.0, y1 = t->y[1] / 256.0;
	double x2 = t->x[2] / 256.0, y2 = t->y[2] / 256.0;
	/* Solve p = v0 + l1 (v1 - v0) + l2 (v2 - v0) by Cramer's rule. */
	double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);

	l[1] = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / det;
	l[2] = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / det;
	l[0] = 1.0 - l[1] - l[2];
}

double ref_depth_bias(const struct ref_tri *t, const struct ember_rasterizer_state *rs,
		      unsigned int depth_format)
{
	double x0 = t->x[0] / 256.0, y0 = t->y[0] / 256.0;
	double a[2] = { t->x[1] / 256.0 - x0, t->y[1] / 256.0 - y0 };
	double b[2] = { t->x[2] / 256.0 - x0, t->y[2] / 256.0 - y0 };
	double za = (float)t->z[1] - (double)(float)t->z[0];
	double zb = (float)t->z[2] - (double)(float)t->z[0];
	/* The plane z = z0 + gx (x - x0) + gy (y - y0) through all three. */
	double det = a[0] * b[1] - a[1] * b[0];
	double gx = (za * b[1] - zb * a[1]) / det;
	double gy = (a[0] * zb - b[0] * za) / det;
	double m = sqrt(gx * gx + gy * gy), r, o;

	if (!rs->depth_bias_enable)
		return 0;
	if (depth_format == EMBER_RT_D16_UNORM) {
		r = 1.0 / 65536.0;
	} else if (depth_format == EMBER_RT_D24_UNORM_S8_UINT ||
		   depth_format == EMBER_RT_X8_D24_UNORM_PACK32) {
		r = 1.0 / 16777216.0;
	} else {
		double zmax = 0;

		for (int i = 0; i < 3; i++)
			zmax = fmax(zmax, fabs((float)t->z[i]));
		/* 2^(e - 23), e the exponent of zmax as a float: floor(log2). */
		r = zmax > 0 ? pow(2.0, floor(log2(zmax)) - 23) : pow(2.0, -149);
	}
	o = m * rs->depth_bias_slope + r * rs->depth_bias_constant;
	if (rs->depth_bias_clamp > 0)
		o = fmin(o, rs->depth_bias_clamp);
	else if (rs->depth_bias_clamp < 0)
		o = fmax(o, rs->depth_bias_clamp);
	return o;
}

/* VkCompareOp's values are a bit set: 1 less, 2 equal, 4 greater. */
bool ref_compare(unsigned int op, double a, double b)
{
	unsigned int relation = a < b ? 1 : a == b ? 2 : a > b ? 4 : 0;

	return (op & relation) != 0 || op == EMBER_COMPARE_ALWAYS;
}

unsigned int ref_stencil_op(unsigned int op, unsigned int s, unsigned int ref)
{
	switch (op) {
	case EMBER_STENCIL_KEEP:		return s;
	case EMBER_STENCIL_ZERO:		return 0;
	case EMBER_STENCIL_REPLACE:		return ref & 0xff;
	case EMBER_STENCIL_INCREMENT_AND_CLAMP:	return s < 255 ? s + 1 : 255;
	case EMBER_STENCIL_DECREMENT_AND_CLAMP:	return s > 0 ? s - 1 : 0;
	case EMBER_STENCIL_INVERT:		return 255 - s;
	case EMBER_STENCIL_INCREMENT_AND_WRAP:	return (s + 1) % 256;
	case EMBER_STENCIL_DECREMENT_AND_WRAP:	return (s + 255) % 256;
	}
	return s;
}

/* VkLogicOp's value is the truth table: bit 3 - (2s + d) is the result. */
uint32_t ref_logic_op(unsigned int op, uint32_t s, uint32_t d, unsigned int bits)
{
	uint32_t out = 0;

	for (unsigned int b = 0; b < bits; b++) {
		unsigned int sb = (s >> b) & 1, db = (d >> b) & 1;

		out |= (uint32_t)((op >> (3 - (2 * sb + db))) & 1) << b;
	}
	return out;
}

static double ref_factor(unsigned int f, int c, const double src[4],
			 const double src1[4], const double dst[4], const double k[4])
{
	static const struct { int source; bool alpha; bool minus; } table[] = {
		/* source: 0 zero, 1 one, 2 src, 3 dst, 4 const, 5 src1, 6 saturate */
		[EMBER_BF_ZERO] = { 0, false, false },
		[EMBER_BF_ONE] = { 1, false, false },
		[EMBER_BF_SRC_COLOR] = { 2, false, false },
		[EMBER_BF_ONE_MINUS_SRC_COLOR] = { 2, false, true },
		[EMBER_BF_DST_COLOR] = { 3, false, false },
		[EMBER_BF_ONE_MINUS_DST_COLOR] = { 3, false, true },
		[EMBER_BF_SRC_ALPHA] = { 2, true, false },
		[EMBER_BF_ONE_MINUS_SRC_ALPHA] = { 2, true, true },
		[EMBER_BF_DST_ALPHA] = { 3, true, false },
		[EMBER_BF_ONE_MINUS_DST_ALPHA] = { 3, true, true },
		[EMBER_BF_CONSTANT_COLOR] = { 4, false, false },
		[EMBER_BF_ONE_MINUS_CONSTANT_COLOR] = { 4, false, true },
		[EMBER_BF_CONSTANT_ALPHA] = { 4, true, false },
		[EMBER_BF_ONE_MINUS_CONSTANT_ALPHA] = { 4, true, true },
		[EMBER_BF_SRC_ALPHA_SATURATE] = { 6, false, false },
		[EMBER_BF_SRC1_COLOR] = { 5, false, false },
		[EMBER_BF_ONE_MINUS_SRC1_COLOR] = { 5, false, true },
		[EMBER_BF_SRC1_ALPHA] = { 5, true, false },
		[EMBER_BF_ONE_MINUS_SRC1_ALPHA] = { 5, true, true },
	};
	const double *vectors[] = { NULL, NULL, src, dst, k, src1 };
	int comp = table[f].alpha ? 3 : c;
	double v;

	switch (table[f].source) {
	case 0: v = 0; break;
	case 1: v = 1; break;
	case 6: v = c == 3 ? 1 : fmin(src[3], 1 - dst[3]); break;
	default: v = vectors[table[f].source][comp]; break;
	}
	return table[f].minus ? 1 - v : v;
}

void ref_blend(const struct ember_blend_attachment *att, const double k[4],
	       const double src[4], const double src1[4], const double dst[4],
	       double out[4])
{
	for (int c = 0; c < 4; c++) {
		unsigned int op = c == 3 ? att->alpha_op : att->color_op;
		double s = src[c], d = dst[c];
		double sf = ref_factor(c == 3 ? att->src_alpha_factor : att->src_color_factor,
				       c, src, src1, dst, k);
		double df = ref_factor(c == 3 ? att->dst_alpha_factor : att->dst_color_factor,
				       c, src, src1, dst, k);

		if (op == EMBER_BLEND_ADD)
			out[c] = s * sf + d * df;
		else if (op == EMBER_BLEND_SUBTRACT)
			out[c] = s * sf - d * df;
		else if (op == EMBER_BLEND_REVERSE_SUBTRACT)
			out[c] = d * df - s * sf;
		else if (op == EMBER_BLEND_MIN)
			out[c] = fmin(s, d);
		else
			out[c] = fmax(s, d);
	}
}

uint64_t ref_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dull;
}

double ref_rand_double(uint64_t *state, double lo, double hi)
{
	return lo + (hi - lo) * (double)(ref_rand(state) >> 11) / 9007199254740992.0;
}

uint32_t ref_rand_below(uint64_t *state, uint32_t n)
{
	return n ? (uint32_t)(ref_rand(state) % n) : 0;
}
