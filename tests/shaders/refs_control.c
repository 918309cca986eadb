/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * C references of the control-flow shaders: the same structured control
 * flow, sequentially, one invocation after the other.
 */

#include "corpus_refs.h"
#include "cf_divergence_stress_paths.h"

static void cf_if_else(struct corpus_test *t)
{
	const int32_t *x = corpus_in(t, "x");
	int32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 128; i++) {
		int32_t v = x[i], r;

		if (v < -50) {
			r = v * 2;
		} else if (v < 0) {
			r = -v;
			if (v & 1)
				r += 1000;
		} else if (v == 0) {
			r = 7;
		} else {
			r = v + 3;
			if (v > 90)
				r = r * r;
			else if ((i & 3) == 1)
				r -= 1;
		}
		o[i] = r;
	}
}

static void cf_nested_loops(struct corpus_test *t)
{
	const uint32_t *a = corpus_in(t, "a"), *b = corpus_in(t, "b");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t sum = 0;

		for (uint32_t p = 0; p < a[i]; p++) {
			if (p % 3 == 2)
				continue;
			for (uint32_t q = 0; q < b[i]; q++) {
				if (q == p)
					continue;
				if (q > p + 5)
					break;
				sum += p * 16 + q;
			}
			if (sum > 600)
				break;
		}
		o[i] = sum;
	}
}

static void cf_switch(struct corpus_test *t)
{
	const int32_t *x = corpus_in(t, "x");
	int32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		int32_t r = 0;

		switch (x[i]) {
		case -3: r = 100; break;
		case 0: r += 1; __attribute__((fallthrough));
		case 1: r += 10; __attribute__((fallthrough));
		case 2: r += 100; break;
		default: r = -1; break;
		case 5: case 6: r = i; break;
		case 8: r = 1 << 20;
		}
		o[i] = r;
	}
}

static void cf_divergence_stress(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 256; i++)
		o[i] = cf_divergence_stress_path((i + i / 64) % 32, x[i]);
}

static void cf_loop_divergent_exit(struct corpus_test *t)
{
	const uint32_t *n = corpus_in(t, "n");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t a = 1, b = 0, steps = 0;

		while (steps < n[i]) {
			uint32_t s = a + b;
			b = a;
			a = s;
			steps++;
			if (a % 97 == 13)
				break;
		}
		o[i * 2] = a;
		o[i * 2 + 1] = steps;
	}
}

static int32_t classify(int32_t v)
{
	if (v < -40)
		return -2;
	for (int j = 0; j < 10; j++) {
		if (v == j * 3)
			return 100 + j;
	}
	if (v > 40)
		return 2;
	return v * 2;
}

static void cf_early_return(struct corpus_test *t)
{
	const int32_t *x = corpus_in(t, "x");
	int32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		if (x[i] == 7 || x[i] == -7)
			continue;
		o[i] = classify(x[i]);
	}
}

static void cf_short_circuit(struct corpus_test *t)
{
	const int32_t *x = corpus_in(t, "x");
	int32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		int32_t v = x[i], calls = 0, r = 0, k;

		if (v > 0 && (++calls > 0) && v % 3 == 0)
			r += 1;
		if (v < -5 || (++calls > 1) || v == 2)
			r += 10;
		k = v;
		do {
			k -= 4;
			r += 100;
		} while (k > 0);
		while (k < -3 && r < 2000) {
			k += 2;
			r += 1000;
		}
		o[i * 2] = r;
		o[i * 2 + 1] = calls;
	}
}

static void cf_functions(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++) {
		uint32_t acc = 1, d = x[i] & 1 ? 7 : 13, q = x[i] / d, r = x[i] - q * d;
		uint32_t a = x[i], b = 360;

		if (x[i] & 1) {
			acc = acc * 3 + q;
		} else {
			acc = acc * 3 + r;
			acc = acc * 3 + q;
		}
		while (b) {
			uint32_t s = a % b;
			a = b;
			b = s;
		}
		o[i * 3] = acc;
		o[i * 3 + 1] = a;
		o[i * 3 + 2] = q * 1000 + r;
	}
}

static void cf_collatz(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 256; i++) {
		uint32_t n = i * 37 + 1, steps = 0;

		while (n != 1 && steps < 1000) {
			n = n & 1 ? 3 * n + 1 : n >> 1;
			steps++;
		}
		o[i] = steps;
	}
}

static void cf_nested_divergent_ifs(struct corpus_test *t)
{
	uint32_t *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t r = 1;

		if (i & 1) {
			r *= 3;
			if (i & 2) {
				r += 5;
				if (i & 4) {
					r <<= 2;
					if (i & 8) {
						r ^= 0xff;
						if (i & 16)
							r += 1000;
					} else {
						r -= 1;
					}
				}
			} else if (i & 4) {
				r *= 7;
			}
		} else if (i & 16) {
			r = 77;
			if (i & 2)
				r++;
		} else {
			r = i;
		}
		o[i] = r + (i & 32 ? 10000 : 0);
	}
}

static void cf_switch_in_loop(struct corpus_test *t)
{
	const uint32_t *ops = corpus_in(t, "ops");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 64; i++) {
		uint32_t acc = 0, pc = 0;

		for (;;) {
			if (pc >= 8)
				break;
			uint32_t op = ops[i * 8 + pc];
			pc++;
			switch (op) {
			case 0: acc += 1; break;
			case 1: acc *= 2; continue;
			case 2:
				if (acc > 10)
					break;
				acc += 10;
				break;
			case 3: pc++; continue;
			default: acc ^= op;
			}
			acc += 100;
		}
		o[i] = acc;
	}
}

static void cf_uniform_branch(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");
	uint32_t mode = push_u32(t, 0), flip = push_u32(t, 4), rounds = push_u32(t, 8);

	for (uint32_t i = 0; i < 128; i++) {
		uint32_t v = x[i];

		for (uint32_t r = 0; r < rounds; r++)
			v = mode == 3 ? v * 3 + r : v + 1;
		o[i] = flip ? ~v : v;
	}
}

static void cf_deep_nesting(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t v = x[i], r = 0;

		if (v & 1) {
			o[i] = v >> 20;
			continue;
		}
		for (uint32_t a = 0; a < 6; a++) {
			switch ((v >> (a * 2)) & 3) {
			case 0:
				for (uint32_t b = 0; b < a + 2; b++) {
					if (b == 3)
						break;
					r += b * a;
				}
				break;
			case 1:
				if (r > 20)
					continue;
				r += 5;
				break;
			case 2:
				for (uint32_t b = 0; b < 4; b++) {
					if (b & 1)
						continue;
					r ^= b << a;
				}
				break;
			default:
				r *= 3;
			}
			if (r > 1000)
				break;
			r += 1;
		}
		o[i] = r;
	}
}

static void cf_phi_swap(struct corpus_test *t)
{
	const uint32_t *x = corpus_in(t, "x");
	uint32_t *o = corpus_out(t, "o");

	for (int i = 0; i < 128; i++) {
		uint32_t v = x[i], a = v, b = ~v, p = 1, q = 2, r = 3, previous = 0, cur = v & 0xffff;

		for (uint32_t k = 0; k < v % 13; k++) {
			uint32_t ta = a, tp = p;

			a = b;
			b = ta + k;
			p = q;
			q = r;
			r = tp * 3;
			previous = cur;
			cur = cur * 5 + 1;
		}
		o[i * 4] = a ^ b;
		o[i * 4 + 1] = p + q * 10 + r * 100;
		o[i * 4 + 2] = previous;
		o[i * 4 + 3] = cur;
	}
}

const struct corpus_ref corpus_refs_control[] = {
	REF(cf_if_else), REF(cf_nested_loops), REF(cf_switch), REF(cf_divergence_stress),
	REF(cf_loop_divergent_exit), REF(cf_early_return), REF(cf_short_circuit),
	REF(cf_functions), REF(cf_collatz), REF(cf_nested_divergent_ifs),
	REF(cf_switch_in_loop), REF(cf_uniform_branch), REF(cf_deep_nesting), REF(cf_phi_swap),
	{ NULL, NULL },
};
