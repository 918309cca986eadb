/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the subgroup shaders. Subgroups are consecutive runs of
 * t->subgroup_size invocations in local invocation index order (8 on
 * lavapipe, 32 on Ember); each reference walks the invocations subgroup by
 * subgroup, with S = the back end's subgroup size.
 */

#include "corpus_refs.h"

/* Mask of the S low bits (S <= 32). */
static uint32_t lanes_mask(uint32_t s)
{
	return s == 32 ? UINT32_MAX : (1u << s) - 1;
}

static void subgroup_basic(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *ids = corpus_out(t, "ids"), *masks = corpus_out(t, "masks");

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t l = i % 64, id = l % s, all = lanes_mask(s), *m = &masks[i * 6];

		ids[i * 4] = s;
		ids[i * 4 + 1] = id;
		ids[i * 4 + 2] = (64 / s) * 100 + l / s;
		ids[i * 4 + 3] = id == 0;
		m[0] = 1u << id;
		m[1] = all & ~((1u << id) - 1);
		m[2] = all & ~((2u << id) - 1);
		m[3] = id == 31 ? UINT32_MAX : (2u << id) - 1;
		m[4] = (1u << id) - 1;
		m[5] = 0;
	}
}

static void subgroup_vote(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t l = 0; l < 128; l++) {
		uint32_t block = l / 8, k = l % 8;

		switch (block % 4) {
		case 0: x[l] = 5; break;
		case 1: x[l] = 3 + k % 5; break;
		case 2: x[l] = k == 5 ? 9 : 7; break;
		default: x[l] = k == 2 ? 1 : 3; break;
		}
	}
	for (uint32_t base = 0; base < 128; base += s) {
		bool all = true, any = false, equal = true, equal_parity = true;

		for (uint32_t l = base; l < base + s; l++) {
			all &= x[l] > 2;
			any |= x[l] == 9;
			equal &= x[l] == x[base];
			equal_parity &= (x[l] & 1) == (x[base] & 1);
		}
		for (uint32_t l = base; l < base + s; l++)
			o[l] = all | any << 1 | equal << 2 | equal_parity << 3;
	}
}

static void subgroup_ballot(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		uint32_t b = 0;

		for (uint32_t id = 0; id < s; id++)
			b |= (uint32_t)((x[base + id] & 1) || id == 0) << id;
		for (uint32_t id = 0; id < s; id++) {
			uint32_t *r = &o[(base + id) * 8];

			r[0] = b;
			r[1] = __builtin_popcount(b);
			r[2] = __builtin_popcount(b & (id == 31 ? UINT32_MAX : (2u << id) - 1));
			r[3] = __builtin_popcount(b & ((1u << id) - 1));
			r[4] = __builtin_ctz(b);
			r[5] = 31 - __builtin_clz(b);
			r[6] = (b >> ((id + 1) % s)) & 1;
			r[7] = (0x55555555u >> id) & 1;
		}
	}
}

static void subgroup_broadcast(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		uint32_t first = 0;

		for (uint32_t l = base + s; l-- > base;)
			if (x[l] % 3 == 1)
				first = x[l] * 2;
		for (uint32_t l = base; l < base + s; l++) {
			o[l * 2] = x[base + 3];
			o[l * 2 + 1] = x[l] % 3 == 1 ? first : 0xdead;
		}
	}
}

static void subgroup_arith(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		uint32_t add = 0, mul = 1, lo = UINT32_MAX, hi = 0, and = UINT32_MAX, or = 0, xor = 0;
		int32_t slo = INT32_MAX, shi = INT32_MIN;
		float fsum = 0, flo = INFINITY, fhi = -INFINITY;

		for (uint32_t l = base; l < base + s; l++) {
			uint32_t v = x[l];
			int32_t sv = (int32_t)v >> 8;
			float f = (float)(v & 0xfff) - 2048.0f;

			add += v; mul *= v | 1; lo = v < lo ? v : lo; hi = v > hi ? v : hi;
			and &= v | 0x0f0f0f0f; or |= v & 0x11111111; xor ^= v;
			slo = sv < slo ? sv : slo; shi = sv > shi ? sv : shi;
			fsum += f; flo = fminf(flo, f); fhi = fmaxf(fhi, f);
		}
		for (uint32_t l = base; l < base + s; l++) {
			uint32_t *r = &o[l * 10];

			r[0] = add; r[1] = mul; r[2] = lo; r[3] = hi; r[4] = and; r[5] = or;
			r[6] = xor; r[7] = (uint32_t)(slo ^ shi); r[8] = (uint32_t)(int32_t)fsum;
			r[9] = (uint32_t)(int32_t)(flo * 2.0f + fhi);
		}
	}
}

static void subgroup_scan(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		uint32_t add = 0, lo = UINT32_MAX, hi = 0, or = 0, mul = 1;

		for (uint32_t l = base; l < base + s; l++) {
			uint32_t v = x[l], *r = &o[l * 8];

			r[1] = add; r[3] = lo; r[5] = hi; r[7] = mul;
			add += v; lo = v < lo ? v : lo; hi = v > hi ? v : hi;
			or |= 1u << (v % 32); mul *= v % 3 + 1;
			r[0] = add; r[2] = lo; r[4] = hi; r[6] = or;
		}
	}
}

static void subgroup_shuffle(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t l = 0; l < 128; l++) {
		uint32_t base = l - l % s, id = l % s;

		o[l * 4] = x[base + (id * 5 + 3) % s];
		o[l * 4 + 1] = x[base + (id ^ 1)];
		o[l * 4 + 2] = x[base + (id ^ 6)];
		o[l * 4 + 3] = x[base + s - 1 - id] * 2;
	}
}

static void subgroup_shuffle_relative(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t l = 0; l < 128; l++) {
		uint32_t id = l % s;

		o[l * 3] = id >= 1 ? x[l - 1] : 12345;
		o[l * 3 + 1] = id >= 3 ? x[l - 3] : 12345;
		o[l * 3 + 2] = id + 2 < s ? x[l + 2] : 12345;
	}
}

static void subgroup_clustered(struct corpus_test *t)
{
	uint32_t *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	/* Clusters of at most 8 lanes never straddle a subgroup (S >= 8). */
	for (uint32_t l = 0; l < 128; l++) {
		uint32_t add = 0, hi = 0, or = 0, lo = UINT32_MAX;

		for (uint32_t k = l & ~3u; k < (l & ~3u) + 4; k++)
			add += x[k];
		for (uint32_t k = l & ~7u; k < (l & ~7u) + 8; k++) {
			hi = x[k] > hi ? x[k] : hi;
			lo = x[k] < lo ? x[k] : lo;
		}
		for (uint32_t k = l & ~1u; k < (l & ~1u) + 2; k++)
			or |= 1u << (x[k] % 32);
		o[l * 4] = add; o[l * 4 + 1] = hi; o[l * 4 + 2] = or; o[l * 4 + 3] = lo;
	}
}

static void subgroup_quad(struct corpus_test *t)
{
	uint32_t *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t l = 0; l < 128; l++) {
		o[l * 4] = x[(l & ~3u) + 2];
		o[l * 4 + 1] = x[l ^ 1];
		o[l * 4 + 2] = x[l ^ 2];
		o[l * 4 + 3] = x[l ^ 3];
	}
}

static void subgroup_divergent(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		uint32_t sum = 0, ballot = 0, rank = 0, first = UINT32_MAX;

		for (uint32_t id = 0; id < s; id++) {
			if (x[base + id] % 3)
				continue;
			sum += x[base + id];
			ballot |= 1u << id;
			if (first == UINT32_MAX)
				first = id;
		}
		for (uint32_t id = 0; id < s; id++) {
			uint32_t *r = &o[(base + id) * 4];

			if (x[base + id] % 3)
				continue;
			r[0] = sum; r[1] = ballot; r[2] = ++rank; r[3] = id == first;
		}
	}
}

static void subgroup_float_add(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size;
	const float *x = corpus_in(t, "x");
	float *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		double sum = 0, scan = 0;
		float lo = INFINITY, hi = -INFINITY;

		for (uint32_t l = base; l < base + s; l++) {
			sum += x[l];
			lo = fminf(lo, x[l]);
			hi = fmaxf(hi, x[l]);
		}
		for (uint32_t l = base; l < base + s; l++) {
			scan += x[l];
			o[l * 3] = (float)sum;
			o[l * 3 + 1] = (float)scan;
			o[l * 3 + 2] = hi - lo;
		}
	}
}

static void subgroup_types(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *x = corpus_in(t, "x"), *o = corpus_out(t, "o");
	uint64_t *o64 = corpus_out(t, "o64");

	for (uint32_t base = 0; base < 128; base += s) {
		uint64_t sum = 0;
		int32_t lo = INT32_MAX, hi = INT32_MIN;

		for (uint32_t l = base; l < base + s; l++) {
			sum += (uint64_t)x[l] << 16;
			lo = (int32_t)x[l] < lo ? (int32_t)x[l] : lo;
			hi = ((int32_t)x[l] >> 4) > hi ? (int32_t)x[l] >> 4 : hi;
		}
		for (uint32_t id = 0; id < s; id++) {
			uint32_t l = base + id, from = s - 1 - id, v = x[base + from];

			o64[l] = sum;
			o[l * 4] = (uint32_t)lo;
			o[l * 4 + 1] = (uint32_t)hi;
			o[l * 4 + 2] = (v & 0xff) + (v >> 24) * 256;
			o[l * 4 + 3] = from * 4 + 1;
		}
	}
}

enum int64_op { I64_UMIN, I64_UMAX, I64_SMIN, I64_SMAX, I64_MUL };

/* @op over the active invocations (x & 3 != 0) in [from, to), from its identity. */
static uint64_t int64_fold(enum int64_op op, const uint64_t *x, uint32_t from, uint32_t to)
{
	static const uint64_t identity[] = {
		UINT64_MAX, 0, (uint64_t)INT64_MAX, (uint64_t)INT64_MIN, 1,
	};
	uint64_t acc = identity[op];

	for (uint32_t k = from; k < to; k++) {
		uint64_t v = x[k];

		if (!(v & 3))
			continue;
		switch (op) {
		case I64_UMIN: acc = v < acc ? v : acc; break;
		case I64_UMAX: acc = v > acc ? v : acc; break;
		case I64_SMIN: acc = (int64_t)v < (int64_t)acc ? v : acc; break;
		case I64_SMAX: acc = (int64_t)v > (int64_t)acc ? v : acc; break;
		default: acc *= v; break;
		}
	}
	return acc;
}

static void subgroup_int64_arith(struct corpus_test *t)
{
	static const uint32_t halves[] = {
		0, 1, 2, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu,
	};
	uint32_t s = t->subgroup_size;
	uint64_t *x = corpus_in(t, "x"), *o = corpus_out(t, "o"), seed = 1061;

	/* Halves from a few values: many pairs differ in one half only. */
	for (uint32_t i = 0; i < 128; i++) {
		uint64_t r = corpus_random(&seed);

		x[i] = (uint64_t)halves[r % 7] << 32 | halves[(r >> 8) % 7];
		if ((r >> 16) % 4 == 0)
			x[i] ^= (r >> 32) & 0xfff;
	}
	for (uint32_t base = 0; base < 128; base += s) {
		for (uint32_t l = base; l < base + s; l++) {
			uint64_t *r = &o[l * 16];
			uint32_t c8 = l & ~7u;

			if (!(x[l] & 3))
				continue;
			r[0] = int64_fold(I64_UMIN, x, base, base + s);
			r[1] = int64_fold(I64_UMAX, x, base, base + s);
			r[2] = int64_fold(I64_SMIN, x, base, base + s);
			r[3] = int64_fold(I64_SMAX, x, base, base + s);
			r[4] = int64_fold(I64_MUL, x, base, base + s);
			r[5] = int64_fold(I64_UMIN, x, base, l + 1);
			r[6] = int64_fold(I64_UMAX, x, base, l);
			r[7] = int64_fold(I64_SMAX, x, base, l + 1);
			r[8] = int64_fold(I64_SMIN, x, base, l);
			r[9] = int64_fold(I64_MUL, x, base, l + 1);
			r[10] = int64_fold(I64_MUL, x, base, l);
			/* Clusters of at most 8 never straddle a subgroup (S >= 8). */
			r[11] = int64_fold(I64_UMIN, x, l & ~1u, (l & ~1u) + 2);
			r[12] = int64_fold(I64_SMAX, x, l & ~3u, (l & ~3u) + 4);
			r[13] = int64_fold(I64_MUL, x, c8, c8 + 8);
			r[14] = int64_fold(I64_SMIN, x, c8, c8 + 8);
			/* ~x over the lanes active for x. */
			r[15] = (uint64_t)INT64_MAX;
			for (uint32_t k = c8; k < c8 + 8; k++)
				if (x[k] & 3 && (int64_t)~x[k] < (int64_t)r[15])
					r[15] = ~x[k];
		}
	}
}

static void subgroup_in_loop(struct corpus_test *t)
{
	uint32_t s = t->subgroup_size, *n = corpus_in(t, "n"), *o = corpus_out(t, "o");

	for (uint32_t base = 0; base < 128; base += s) {
		for (uint32_t l = base; l < base + s; l++) {
			uint32_t acc = 0, seen = 0;

			for (uint32_t it = 0; it < n[l]; it++) {
				uint32_t active = 0;

				for (uint32_t m = base; m < base + s; m++)
					active += n[m] > it;
				acc += active * (it + 1);
				seen += active;
			}
			o[l * 2] = acc;
			o[l * 2 + 1] = seen;
		}
	}
}

const struct corpus_ref corpus_refs_subgroup[] = {
	REF(subgroup_basic), REF(subgroup_vote), REF(subgroup_ballot), REF(subgroup_broadcast),
	REF(subgroup_arith), REF(subgroup_scan), REF(subgroup_shuffle),
	REF(subgroup_shuffle_relative), REF(subgroup_clustered), REF(subgroup_quad),
	REF(subgroup_divergent), REF(subgroup_float_add), REF(subgroup_types),
	REF(subgroup_in_loop), REF(subgroup_int64_arith),
	{ NULL, NULL },
};
