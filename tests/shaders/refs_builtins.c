/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the GLSL.std.450 built-in shaders. Exact functions are
 * computed in float as the GLSL specification defines them; approximate
 * ones in double, the description's tolerance being the Vulkan precision
 * requirement (or tighter where every sane implementation is).
 */

#include "corpus_refs.h"

static void builtin_round(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x");
	float *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		float v = k < 8 ? (float)(k - 4) + 0.5f : x[k], *r = &o[k * 7];

		r[0] = floorf(v); r[1] = ceilf(v); r[2] = truncf(v); r[3] = nearbyintf(v);
		r[4] = k < 8 ? 0.0f : roundf(v); r[5] = v - floorf(v); r[6] = 1.0f;
	}
}

static void builtin_minmax(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x"), *y = corpus_in(t, "y");
	float *exact = corpus_out(t, "exact"), *approx = corpus_out(t, "approx");

	for (int k = 0; k < 64; k++) {
		float a = x[k], b = y[k], *e = &exact[k * 8];
		int32_t ia = (int32_t)a, ib = (int32_t)b;
		uint32_t ua = (uint32_t)fabsf(a);

		e[0] = fminf(a, b); e[1] = fmaxf(a, b);
		e[2] = a < -2.5f ? -2.5f : a > 3.0f ? 3.0f : a;
		e[3] = fabsf(a); e[4] = (float)((a > 0) - (a < 0)); e[5] = a < b ? 0.0f : 1.0f;
		e[6] = (float)((uint32_t)(ia < ib ? ia : ib) + (ua > 3 ? ua : 3));
		e[7] = (float)(ib < -3 ? -3 : ib > 4 ? 4 : ib);
		double f = a - floor(a), s = ((double)b + 5) / 10;
		s = s < 0 ? 0 : s > 1 ? 1 : s;
		approx[k * 2] = (float)(a * (1 - f) + b * f);
		approx[k * 2 + 1] = (float)(s * s * (3 - 2 * s));
	}
}

static void builtin_exp_log(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x"), *p = corpus_in(t, "p");
	float *e = corpus_out(t, "e"), *l = corpus_out(t, "l");

	for (int k = 0; k < 64; k++) {
		e[k * 2] = (float)exp(x[k]);
		e[k * 2 + 1] = (float)exp2(x[k]);
		l[k * 2] = (float)(log(p[k]) / 8);
		l[k * 2 + 1] = (float)(log2(p[k]) / 8);
	}
}

static void builtin_pow_sqrt(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x"), *y = corpus_in(t, "y");
	float *pw = corpus_out(t, "pw"), *sq = corpus_out(t, "sq");

	for (int k = 0; k < 64; k++) {
		pw[k] = (float)pow(x[k], y[k]);
		sq[k * 2] = (float)sqrt(x[k]);
		sq[k * 2 + 1] = (float)(1 / sqrt(x[k]));
	}
}

static void builtin_trig(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x");
	float *sc = corpus_out(t, "sc"), *tn = corpus_out(t, "t"), *ang = corpus_out(t, "ang");

	for (int k = 0; k < 64; k++) {
		float v = x[k];

		sc[k * 2] = (float)sin(v);
		sc[k * 2 + 1] = (float)cos(v);
		tn[k] = (float)tan(v * 0.25f);
		ang[k * 2] = (float)(v * (180 / M_PI));
		ang[k * 2 + 1] = (float)((v * 50.0f) * (M_PI / 180));
	}
}

static void builtin_inverse_trig(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x"), *y = corpus_in(t, "y");
	float *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		o[k * 4] = (float)asin(x[k]);
		o[k * 4 + 1] = (float)acos(x[k]);
		o[k * 4 + 2] = (float)atan(y[k]);
		o[k * 4 + 3] = (float)atan2(y[k], x[k]);
	}
}

static void builtin_hyperbolic(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x");
	float *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		float v = x[k];

		o[k * 6] = (float)sinh(v);
		o[k * 6 + 1] = (float)cosh(v);
		o[k * 6 + 2] = (float)tanh(v);
		o[k * 6 + 3] = (float)asinh(v);
		o[k * 6 + 4] = (float)acosh(fabsf(v) + 1.0f);
		o[k * 6 + 5] = (float)atanh(v * 0.45f);
	}
}

static double dot3(const double *a, const double *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void builtin_geometric(struct corpus_test *t)
{
	const float *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	float *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		const float *va = &a[k * 4], *vb = &b[k * 4];
		double p[3] = { va[0], va[1], va[2] }, q[3] = { vb[0], vb[1], vb[2] }, n[3], pn[3];
		double lq = sqrt(dot3(q, q)), lp = sqrt(dot3(p, p));
		float *r = &o[k * 16];

		for (int i = 0; i < 3; i++) {
			n[i] = q[i] / lq;
			pn[i] = p[i] / lp;
		}
		double d[3] = { p[0] - q[0], p[1] - q[1], p[2] - q[2] };
		r[0] = (float)(dot3(p, q) + (double)va[3] * vb[3]);
		r[1] = (float)lp;
		r[2] = (float)sqrt(dot3(d, d));
		r[3] = (float)dot3(p, q);
		r[4] = (float)(p[1] * q[2] - p[2] * q[1]);
		r[5] = (float)(p[2] * q[0] - p[0] * q[2]);
		r[6] = (float)(p[0] * q[1] - p[1] * q[0]);
		r[7] = (float)sqrt(dot3(p, p) + (double)va[3] * va[3]);
		double pn_dot = dot3(p, n);
		for (int i = 0; i < 3; i++)
			r[8 + i] = (float)(p[i] - 2 * pn_dot * n[i]);
		r[11] = 0.0f;
		double eta = 0.66f, c = dot3(n, pn), kk = 1 - eta * eta * (1 - c * c);
		for (int i = 0; i < 3; i++)
			r[12 + i] = kk < 0 ? 0.0f : (float)(eta * pn[i] - (eta * c + sqrt(kk)) * n[i]);
		r[15] = (float)((q[0] * p[0] < 0 ? 1.0 : -1.0) * n[0]);
	}
}

static void builtin_fma_mod(struct corpus_test *t)
{
	float *a = corpus_in(t, "a");
	const float *b = corpus_in(t, "b"), *c = corpus_in(t, "c");
	float *o = corpus_out(t, "o");
	uint64_t seed = 281;

	/* a * 100 = y * (q + f), q an integer in [-20, 20], f in [0.1, 0.9]. */
	for (int k = 0; k < 64; k++) {
		double y = fabsf(b[k]) * 10.0f + 0.5f;
		double q = (double)(corpus_random(&seed) % 41) - 20;
		double f = 0.1 + 0.8 * ((corpus_random(&seed) >> 11) * 0x1p-53);

		a[k] = (float)(y * (q + f) / 100);
		if (a[k] < -1 || a[k] > 1)
			a[k] = (float)(y * f / 100);
	}
	for (int k = 0; k < 64; k++) {
		float x = a[k] * 100.0f, y = fabsf(b[k]) * 10.0f + 0.5f;

		o[k * 2] = (float)((double)a[k] * b[k] + c[k]);
		o[k * 2 + 1] = (float)(x - y * floor((double)x / y));
	}
}

/* Column-major 4x4 helpers on doubles: m[c * 4 + r]. */
static double det3(double a, double b, double c, double d, double e, double f,
		   double g, double h, double i)
{
	return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

static void builtin_matrix(struct corpus_test *t)
{
	const float *m = corpus_in(t, "m");
	float *exact = corpus_out(t, "exact"), *approx = corpus_out(t, "approx");

	for (int k = 0; k < 32; k++) {
		const float *a = &m[k * 16], *b = &m[((k + 1) % 32) * 16];
		float qa[16], *e0 = &exact[k * 32], *e1 = &exact[k * 32 + 16];
		double *ap = NULL, out[32] = { 0 };

		for (int i = 0; i < 16; i++)
			qa[i] = roundf(a[i] * 4.0f) * 0.25f;
		for (int c = 0; c < 4; c++)
			for (int r = 0; r < 4; r++) {
				e0[c * 4 + r] = qa[r * 4 + c];
				e1[c * 4 + r] = qa[c * 4 + r] * qa[r * 4 + c] + qa[0 * 4 + r] * qa[1 * 4 + c];
			}
		/* m2 = a's upper-left 2x2 + 5 I; m3 = a's upper-left 3x3 + 8 I. */
		double m2[4] = { a[0] + 5.0, a[1], a[4], a[5] + 5.0 };
		double m3[9];
		for (int c = 0; c < 3; c++)
			for (int r = 0; r < 3; r++)
				m3[c * 3 + r] = a[c * 4 + r] + (c == r ? 8.0 : 0.0);
		double d2 = m2[0] * m2[3] - m2[2] * m2[1];
		/* det3 takes rows; m3 is column-major, so pass its transpose (same det). */
		double d3 = det3(m3[0], m3[1], m3[2], m3[3], m3[4], m3[5], m3[6], m3[7], m3[8]);
		double d4 = 0;
		for (int c = 0; c < 4; c++) {
			double minor[9];
			int n = 0;
			for (int cc = 0; cc < 4; cc++)
				for (int r = 1; r < 4; r++)
					if (cc != c)
						minor[n++] = a[cc * 4 + r];
			/* minor holds columns; determinant is transpose-invariant. */
			d4 += (c % 2 ? -1 : 1) * a[c * 4 + 0] *
			      det3(minor[0], minor[1], minor[2], minor[3], minor[4], minor[5],
				   minor[6], minor[7], minor[8]);
		}
		double i2[4] = { m2[3] / d2, -m2[1] / d2, -m2[2] / d2, m2[0] / d2 };
		double i3[9];
		for (int c = 0; c < 3; c++)
			for (int r = 0; r < 3; r++) {
				/* inverse[c][r] = cofactor(r, c) / det (adjugate = transposed cofactors). */
				int c1 = (r + 1) % 3, c2 = (r + 2) % 3, r1 = (c + 1) % 3, r2 = (c + 2) % 3;
				i3[c * 3 + r] = (m3[c1 * 3 + r1] * m3[c2 * 3 + r2] -
						 m3[c2 * 3 + r1] * m3[c1 * 3 + r2]) / d3;
			}
		ap = out;
		ap[0] = d2; ap[1] = d3; ap[2] = d4;
		ap[4] = i2[0]; ap[5] = i2[1]; ap[6] = i2[2]; ap[7] = i2[3];
		ap[8] = i3[0]; ap[9] = i3[1]; ap[10] = i3[2]; ap[11] = i3[3];
		ap[12] = i3[4]; ap[13] = i3[5]; ap[14] = i3[6]; ap[15] = i3[7];
		for (int r = 0; r < 4; r++) {
			double mv = 0, vm = 0, mm = 0;
			for (int j = 0; j < 4; j++) {
				mv += (double)a[j * 4 + r] * b[2 * 4 + j];
				vm += (double)b[3 * 4 + j] * a[r * 4 + j];
				mm += (double)a[j * 4 + r] * b[1 * 4 + j];
			}
			ap[16 + r] = mv; ap[20 + r] = vm; ap[24 + r] = mm;
		}
		ap[28] = i3[8];
		for (int i = 0; i < 32; i++)
			approx[k * 32 + i] = (float)ap[i];
	}
}

static void builtin_int_funcs(struct corpus_test *t)
{
	const int32_t *a = corpus_in(t, "a");
	int32_t *o = corpus_out(t, "o");

	for (int k = 0; k < 64; k++) {
		const int32_t *v = &a[k * 4], *w = &a[((k + 7) % 64) * 4];
		int32_t *r = &o[k * 16];
		static const int32_t hi[4] = { 50, 60, 70, 80 };

		for (int c = 0; c < 4; c++) {
			uint32_t uv = (uint32_t)v[c], uw = (uint32_t)w[c];
			uint32_t aw = (uint32_t)(w[c] < 0 ? -w[c] : w[c]);

			r[c] = (v[c] < 0 ? -v[c] : v[c]) + (w[c] > 0) - (w[c] < 0);
			r[4 + c] = (v[c] < w[c] ? v[c] : w[c]) - (v[c] > 10 ? v[c] : 10);
			r[8 + c] = v[c] < -100 ? -100 : v[c] > hi[c] ? hi[c] : v[c];
			r[12 + c] = (int32_t)((uv < uw ? uv : uw) >> 20) +
				    (int32_t)(aw < 5 ? 5 : aw > 500 ? 500 : aw);
		}
	}
}

static void builtin_vector_forms(struct corpus_test *t)
{
	const float *x = corpus_in(t, "x");
	const uint32_t *u = corpus_in(t, "u");
	float *f = corpus_out(t, "f");
	uint32_t *iv = corpus_out(t, "i");
	static const int32_t divisors[4] = { 7, -3, 5, -11 };

	for (int k = 0; k < 64; k++) {
		const float *v = &x[k * 4];
		const uint32_t *w = &u[k * 4];
		float *r = &f[k * 12];
		uint32_t *q = &iv[k * 12];

		for (int c = 0; c < 4; c++) {
			float sign = (float)((v[c] > 0) - (v[c] < 0)), fr = v[c] - floorf(v[c]);
			uint32_t rev = 0, wy = w[(c + 1) % 4];

			r[c] = floorf(v[c]) + fabsf(v[3 - c]) * sign;
			r[4 + c] = (c < 3 ? (v[c] < -1 ? -1 : v[c] > 2 ? 2 : v[c]) : fmaxf(v[0], v[1])) + fr;
			r[8 + c] = c < 2 ? sqrtf(fabsf(v[c])) : fminf(v[c], 0.5f);
			q[c] = __builtin_popcount(w[c]) + (w[c] >> (c + 1));
			for (int bit = 0; bit < 32; bit++)
				rev |= ((wy >> bit) & 1) << (31 - bit);
			q[4 + c] = (w[c] ? (uint32_t)__builtin_ctz(w[c]) : UINT32_MAX) ^ rev;
			q[8 + c] = (uint32_t)((int32_t)w[c] / divisors[c]) + (w[c] < 1000 ? w[c] : 1000);
		}
	}
}

const struct corpus_ref corpus_refs_builtins[] = {
	REF(builtin_round), REF(builtin_minmax), REF(builtin_exp_log), REF(builtin_pow_sqrt),
	REF(builtin_trig), REF(builtin_inverse_trig), REF(builtin_hyperbolic),
	REF(builtin_geometric), REF(builtin_fma_mod), REF(builtin_matrix),
	REF(builtin_int_funcs), REF(builtin_vector_forms),
	{ NULL, NULL },
};
