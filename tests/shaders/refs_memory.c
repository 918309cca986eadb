/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the register-pressure, shared-memory, atomic and robust
 * buffer access shaders. Atomics are checked through order-independent
 * results (sums, extrema, bit sets) or as multisets.
 */

#include "corpus_refs.h"

static void regs_spill_uvec4(struct corpus_test *t)
{
	enum { N = 80 };
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o"), rounds = push_u32(t, 0);

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t h = x[i], v[N][4], acc[4] = { 0 };

		for (uint32_t n = 0; n < N; n++) {
			v[n][0] = h + n;
			v[n][1] = h * (n + 1);
			v[n][2] = h ^ (n * 0x9e3779b9u);
			v[n][3] = (h >> (n % 32)) + n;
		}
		for (uint32_t r = 0; r < rounds; r++)
			for (int n = 0; n < N; n++)
				for (int c = 0; c < 4; c++)
					v[n][c] = v[n][c] * 3 + (v[(n + 1) % N][c] >> 1) + r;
		for (int n = 0; n < N; n++)
			for (int c = 0; c < 4; c++)
				acc[c] = acc[c] * 31 + v[n][c];
		memcpy(&o[i * 4], acc, sizeof(acc));
	}
}

static void regs_spill_int64(struct corpus_test *t)
{
	enum { N = 140 };
	const uint64_t *x = corpus_in(t, "x");
	uint64_t *o = corpus_out(t, "o");
	uint32_t rounds = push_u32(t, 0);

	for (int i = 0; i < 64; i++) {
		uint64_t h = x[i], w[N], acc = 0;

		for (int n = 0; n < N; n++)
			w[n] = (h * (uint64_t)(n * 2 + 1)) ^ (h >> (n % 64));
		for (uint32_t r = 0; r < rounds; r++)
			for (int n = 0; n < N; n++)
				w[n] += (w[(n + 7) % N] << 1) ^ r;
		for (int n = 0; n < N; n++)
			acc = acc * 1099511628211ull + w[n];
		o[i] = acc;
	}
}

static void regs_private_array(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t h = x[i], a[64], idx, acc = 0;

		for (int j = 0; j < 64; j++) {
			h = h * 1664525u + 1013904223u;
			a[j] = h;
		}
		idx = h % 64;
		for (uint32_t s = 0; s < 100; s++) {
			idx = a[idx] % 64;
			a[idx] += s;
			a[(idx + s) % 64] ^= idx;
		}
		for (int j = 0; j < 64; j++)
			acc = acc * 31 + a[j];
		o[i] = acc;
	}
}

static void shared_reverse(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t g = 0; g < 4; g++)
		for (uint32_t l = 0; l < 128; l++)
			o[g * 128 + l] = x[g * 128 + 127 - l] + g;
}

static void shared_transpose(struct corpus_test *t)
{
	const uint32_t *m = corpus_in(t, "m");
	uint32_t *o = corpus_out(t, "o");

	for (int r = 0; r < 64; r++)
		for (int c = 0; c < 64; c++)
			o[r * 64 + c] = m[c * 64 + r];
}

static void shared_barrier_phases(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int g = 0; g < 2; g++) {
		uint32_t a[256], b[256];

		memcpy(a, &x[g * 256], sizeof(a));
		for (uint32_t phase = 0; phase < 6; phase++) {
			for (uint32_t l = 0; l < 256; l++)
				b[l] = a[l] + a[(l + 1 + phase * 37) % 256] * (phase + 1);
			for (uint32_t l = 0; l < 256; l++)
				a[l] = b[(l * 7 + phase) % 256] ^ (b[l] >> 1);
		}
		memcpy(&o[g * 256], a, sizeof(a));
	}
}

static void shared_types(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t l = 0; l < 64; l++) {
		uint32_t v = x[63 - l], p = (l + 1) % 64;

		o[l * 4] = v ^ (v >> 16);
		o[l * 4 + 1] = v & 0xffff;
		o[l * 4 + 2] = (uint32_t)(((uint64_t)v << 20) >> 24);
		o[l * 4 + 3] = p + (x[p] & 0xff) * 2;
	}
}

static void atomics_buffer(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *c = corpus_out(t, "c");

	for (int i = 0; i < 256; i++) {
		uint32_t v = x[i];

		c[0] += 1;
		c[1] += v;
		c[2] = v < c[2] ? v : c[2];
		c[3] = v > c[3] ? v : c[3];
		c[4] &= v | 0x00ff00ff;
		c[5] |= v & 0x0f0f0f0f;
		c[6] ^= v;
		c[7] += v & 1;
	}
}

static void atomics_exchange(struct corpus_test *t)
{
	uint32_t *chain = corpus_out(t, "chain"), *won = corpus_out(t, "won");

	/* As multisets: the first old value, then every value but the last. */
	chain[0] = 77777;
	for (uint32_t i = 1; i <= 128; i++)
		chain[i] = i;
	for (int i = 0; i < 128; i++)
		won[i] = i < 16;
}

static void atomics_shared(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int g = 0; g < 4; g++) {
		uint32_t sum = 0, lo = UINT32_MAX, hi = 0, bits = 0;

		for (int l = 0; l < 128; l++) {
			uint32_t v = x[g * 128 + l];

			sum += v;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
			bits |= 1u << (v % 32);
		}
		o[g * 4] = sum; o[g * 4 + 1] = lo; o[g * 4 + 2] = hi; o[g * 4 + 3] = bits;
	}
}

static void atomics_signed(struct corpus_test *t)
{
	const int32_t *x = corpus_in(t, "x");
	int32_t *c = corpus_out(t, "c");

	for (int g = 0; g < 2; g++) {
		int32_t smin = INT32_MAX;

		for (int l = 0; l < 64; l++) {
			int32_t v = x[g * 64 + l];

			c[0] = v < c[0] ? v : c[0];
			c[1] = v > c[1] ? v : c[1];
			c[2] += v;
			smin = v < smin ? v : smin;
		}
		c[3] += smin;
	}
}

static void robust_load_oob(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++) {
		o[i] = i < 32 ? x[i] : 0;
		o[64 + i] = i == 0 ? x[5] : 0;
	}
}

static void robust_store_oob(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 25; i++)
		o[i] = i * 3;
}

static void robust_ubo_oob(struct corpus_test *t)
{
	const uint32_t *u = corpus_in(t, "u");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++)
		o[i] = i < 32 ? u[i] : 0;
}

static void memory_barriers(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t g = 0; g < 256; g++) {
		uint32_t l = g % 128, base = g - l;

		o[g] = x[base + (l + 5) % 128] * 2 + x[base + (l + 77) % 128] + 1;
	}
}

static void int64_pack_shared(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint64_t *o = corpus_out(t, "o"), *sums = corpus_out(t, "sums");

	for (uint32_t wg = 0; wg < 2; wg++) {
		uint64_t total = 0, biggest = 0;

		for (uint32_t l = 0; l < 64; l++) {
			uint32_t g = wg * 64 + l, m = wg * 64 + 63 - l;
			uint64_t v = x[g * 2] | (uint64_t)x[g * 2 + 1] << 32;

			total += v >> 8;
			biggest = v > biggest ? v : biggest;
			/* packUint2x32(halves.yx): the high word becomes the low one. */
			o[g] = (x[m * 2 + 1] | (uint64_t)x[m * 2] << 32) + l;
		}
		sums[wg * 2] = total;
		sums[wg * 2 + 1] = biggest;
	}
}

static void shared_large(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t g = 0; g < 512; g++) {
		uint32_t l = g % 256, wg = g / 256, sum = 0;

		for (uint32_t j = 0; j < 32; j++)
			sum += ((l * 32 + j * 33) % 8192) * 2654435761u + wg;
		o[g] = sum;
	}
}

static void atomics_divergent(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *counts = corpus_out(t, "counts"), *claims = corpus_out(t, "claims");

	for (int i = 0; i < 256; i++) {
		if (x[i] < 250)
			counts[0]++;
		else if (x[i] < 500)
			counts[1] += x[i];
		else if (x[i] > counts[2])
			counts[2] = x[i];
		claims[i] = i;
	}
	/* The 256th multiple of 3 (765) is the last ticket ever drawn. */
	counts[3] = 766;
}

static void regs_spill_divergent(struct corpus_test *t)
{
	enum { N = 48 };
	const uint32_t *x = corpus_in(t, "x");
	float *o = corpus_out(t, "o");
	uint32_t rounds = push_u32(t, 0);

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t h = x[i];
		float f[N][4], acc[4] = { 0 };

		if (h % 3 == 0) {
			for (int c = 0; c < 4; c++)
				o[i * 4 + c] = (float)(h & 0xff);
			continue;
		}
		for (uint32_t n = 0; n < N; n++) {
			f[n][0] = (float)(h & (0xff + n));
			f[n][1] = (float)((h >> (n % 24)) & 0xff);
			f[n][2] = (float)n;
			f[n][3] = (float)(i % (n + 2));
		}
		for (uint32_t r = 0; r < rounds; r++)
			for (int n = 0; n < N; n++) {
				const float *src = f[(n + 5) % N];
				float yzwx[4] = { src[1], src[2], src[3], src[0] };

				for (int c = 0; c < 4; c++)
					f[n][c] = f[n][c] * 0.5f + yzwx[c];
			}
		for (int n = 0; n < N; n++)
			for (int c = 0; c < 4; c++)
				acc[c] += f[n][c] * (float)(n % 7 + 1);
		memcpy(&o[i * 4], acc, sizeof(acc));
	}
}

static void workgroup_1024(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int g = 0; g < 2; g++) {
		uint32_t sum = 0;

		for (int l = 0; l < 1024; l++)
			sum += x[g * 1024 + l];
		for (int l = 0; l < 1024; l++)
			o[g * 1024 + l] = sum - x[g * 1024 + l];
	}
}

static void atomics_shared_exchange(struct corpus_test *t)
{
	uint32_t *chain = corpus_out(t, "chain"), *won = corpus_out(t, "won");

	/* Per workgroup, as multisets: the initial word and every exchanged value. */
	for (uint32_t wg = 0; wg < 2; wg++) {
		chain[wg * 129] = 5000 + wg;
		for (uint32_t l = 0; l < 128; l++)
			chain[wg * 129 + 1 + l] = wg * 1000 + l + 1;
		for (uint32_t l = 0; l < 128; l++)
			won[wg * 128 + l] = l < 8;
	}
}

const struct corpus_ref corpus_refs_memory[] = {
	REF(memory_barriers), REF(int64_pack_shared), REF(regs_spill_uvec4),
	REF(regs_spill_int64), REF(regs_private_array), REF(shared_reverse),
	REF(shared_transpose), REF(shared_barrier_phases), REF(shared_types),
	REF(shared_large), REF(regs_spill_divergent), REF(workgroup_1024),
	REF(atomics_shared_exchange), REF(atomics_buffer), REF(atomics_exchange),
	REF(atomics_shared), REF(atomics_signed), REF(atomics_divergent), REF(robust_load_oob),
	REF(robust_store_oob), REF(robust_ubo_oob),
	{ NULL, NULL },
};
