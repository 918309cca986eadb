/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Shader core tests: hand-written assembly run through the host runner
 * (ember_host.h: guest RAM, page tables, a ring, DISPATCH) and checked
 * against C references: every opcode class, divergence, barriers with
 * shared memory, atomics contended across cores, subgroup operations
 * (64-bit arithmetic included),
 * robust out-of-bounds access, and each fault through the fault record.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"
#include "host_shader.h"
#include "ember_isa.h"
#include "ember_packets.h"
#include "shader/shader_core.h"
#include "tap.h"

#define N		1024	/* lanes of the elementwise tests */

/* The prologue of the elementwise tests: u0/u4/u8 = buffers 0/1/2, v1 = byte offset. */
#define PROLOGUE							\
	".resource 0 0 storage 0 1\n.resource 0 1 storage 1 1\n"	\
	".resource 0 2 storage 2 1\n.local_size 64 1 1\n"		\
	"lddesc u0, 0, 0\nlddesc u4, 0, 1\nlddesc u8, 0, 2\n"		\
	"s2r.local_index v0\ns2r.group_id_x u12\nimul u13, u12, 64\n"	\
	"iadd v0, v0, u13\nshl v1, v0, 2\n"

typedef uint32_t (*ref2)(uint32_t a, uint32_t b);

static uint32_t input_a(unsigned int i)
{
	static const uint32_t special[] = {
		0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 31, 32, 33, 7, 0xdeadbeefu,
	};

	return i < 10 ? special[i] : (uint32_t)(i * 2654435761u ^ (i >> 3));
}

static uint32_t input_b(unsigned int i)
{
	static const uint32_t special[] = {
		0, 0xffffffffu, 0, 0xffffffffu, 1, 3, 5, 0, 0x80000000u, 17,
	};

	return i < 10 ? special[(i + 3) % 10] : (uint32_t)(i * 40503u + 7) % 70;
}

static float fin_a(unsigned int i)
{
	return (float)((int)(i % 97) - 48) * 0.37f + (i % 5 ? 0.0f : 0.5f);
}

static float fin_b(unsigned int i)
{
	return (float)((int)(i % 13) - 6) * 1.25f + 0.1f;
}

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float fval(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* One binary op over N lanes against @ref; @float_in: float inputs. */
static bool check_binop(const char *op, ref2 ref, bool float_in, float tolerance)
{
	struct buffer a = buffer(N * 4), b = buffer(N * 4), out = buffer(N * 4);
	struct buffer bufs[3] = { a, b, out };
	char text[1024];
	uint32_t *pa = a.cpu, *pb = b.cpu, *po = out.cpu;

	for (unsigned int i = 0; i < N; i++) {
		pa[i] = float_in ? fbits(fin_a(i)) : input_a(i);
		pb[i] = float_in ? fbits(fin_b(i)) : input_b(i);
		po[i] = 0x55555555u;
	}
	snprintf(text, sizeof(text), PROLOGUE
		 "ldg.u32 v2, u0, v1\nldg.u32 v3, u4, v1\n%s v4, v2, v3\n"
		 "stg.u32 u8, v1, v4\nend\n", op);
	if (run(text, (uint32_t[3]){ N / 64, 1, 1 }, bufs, 3, NULL, 0, NULL)) {
		tap_diag("%s: dispatch failed", op);
		return false;
	}
	for (unsigned int i = 0; i < N; i++) {
		uint32_t want = ref(pa[i], pb[i]);
		bool ok = po[i] == want;

		if (!ok && tolerance > 0) {
			float x = fval(po[i]), y = fval(want);

			ok = (isnan(x) && isnan(y)) || fabsf(x - y) <= tolerance * fmaxf(1.0f, fabsf(y));
		}
		if (!ok) {
			tap_diag("%s lane %u: %08x op %08x = %08x, want %08x", op, i,
				 pa[i], pb[i], po[i], want);
			return false;
		}
	}
	return true;
}

#define S(x) ((int32_t)(x))
static uint32_t r_iadd(uint32_t a, uint32_t b) { return a + b; }
static uint32_t r_isub(uint32_t a, uint32_t b) { return a - b; }
static uint32_t r_imul(uint32_t a, uint32_t b) { return a * b; }
static uint32_t r_imulhi_u(uint32_t a, uint32_t b) { return (uint32_t)((uint64_t)a * b >> 32); }
static uint32_t r_imulhi_s(uint32_t a, uint32_t b) { return (uint32_t)((int64_t)S(a) * S(b) >> 32); }
static uint32_t r_udiv(uint32_t a, uint32_t b) { return b ? a / b : 0xffffffffu; }
static uint32_t r_urem(uint32_t a, uint32_t b) { return b ? a % b : a; }
static uint32_t r_sdiv(uint32_t a, uint32_t b)
{
	return !b ? (S(a) < 0 ? 1u : 0xffffffffu) : S(b) == -1 ? -a : (uint32_t)(S(a) / S(b));
}
static uint32_t r_srem(uint32_t a, uint32_t b)
{
	return !b ? a : S(b) == -1 ? 0 : (uint32_t)(S(a) % S(b));
}
static uint32_t r_smod(uint32_t a, uint32_t b)
{
	uint32_t r = r_srem(a, b);

	return r && b && ((S(r) < 0) != (S(b) < 0)) ? r + b : r;
}
static uint32_t r_smin(uint32_t a, uint32_t b) { return S(a) < S(b) ? a : b; }
static uint32_t r_umax(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t r_and(uint32_t a, uint32_t b) { return a & b; }
static uint32_t r_or(uint32_t a, uint32_t b) { return a | b; }
static uint32_t r_xor(uint32_t a, uint32_t b) { return a ^ b; }
static uint32_t r_shl(uint32_t a, uint32_t b) { return a << (b & 31); }
static uint32_t r_shr_u(uint32_t a, uint32_t b) { return a >> (b & 31); }
static uint32_t r_shr_s(uint32_t a, uint32_t b) { return (uint32_t)(S(a) >> (b & 31)); }
static uint32_t r_bfm(uint32_t a, uint32_t b)
{
	uint32_t off = b & 31, count = a > 32 - off ? 32 - off : a;

	return count >= 32 ? 0xffffffffu : ((1u << count) - 1) << off;
}
static uint32_t r_cmp_lt_s(uint32_t a, uint32_t b) { return S(a) < S(b); }
static uint32_t r_cmp_ge_u(uint32_t a, uint32_t b) { return a >= b; }
static uint32_t r_cmp_ne(uint32_t a, uint32_t b) { return a != b; }
static uint32_t r_fadd(uint32_t a, uint32_t b) { return fbits(fval(a) + fval(b)); }
static uint32_t r_fsub(uint32_t a, uint32_t b) { return fbits(fval(a) - fval(b)); }
static uint32_t r_fmul(uint32_t a, uint32_t b) { return fbits(fval(a) * fval(b)); }
static uint32_t r_fdiv(uint32_t a, uint32_t b) { return fbits(fval(a) / fval(b)); }
static uint32_t r_fmin(uint32_t a, uint32_t b) { return fbits(fminf(fval(a), fval(b))); }
static uint32_t r_fmax(uint32_t a, uint32_t b) { return fbits(fmaxf(fval(a), fval(b))); }
static uint32_t r_fatan2(uint32_t a, uint32_t b) { return fbits(atan2f(fval(a), fval(b))); }
static uint32_t r_fmod(uint32_t a, uint32_t b)
{
	float x = fval(a), y = fval(b);

	return fbits(x - y * floorf(x / y));
}
static uint32_t r_frem(uint32_t a, uint32_t b) { return fbits(fmodf(fval(a), fval(b))); }
static uint32_t r_fcmp_lt(uint32_t a, uint32_t b) { return fval(a) < fval(b); }

static bool test_alu_binary(void)
{
	static const struct { const char *op; ref2 ref; bool f; float tol; } ops[] = {
		{ "iadd", r_iadd, false, 0 }, { "isub", r_isub, false, 0 }, { "imul", r_imul, false, 0 },
		{ "imulhi.u32", r_imulhi_u, false, 0 }, { "imulhi.s32", r_imulhi_s, false, 0 },
		{ "idiv.u32", r_udiv, false, 0 }, { "irem.u32", r_urem, false, 0 }, { "idiv.s32", r_sdiv, false, 0 },
		{ "irem.s32", r_srem, false, 0 }, { "imod.s32", r_smod, false, 0 }, { "imin.s32", r_smin, false, 0 },
		{ "imax.u32", r_umax, false, 0 }, { "and", r_and, false, 0 }, { "or", r_or, false, 0 }, { "xor", r_xor, false, 0 },
		{ "shl", r_shl, false, 0 }, { "shr.u32", r_shr_u, false, 0 }, { "shr.s32", r_shr_s, false, 0 },
		{ "bfm", r_bfm, false, 0 }, { "cmp.s32.lt", r_cmp_lt_s, false, 0 }, { "cmp.u32.ge", r_cmp_ge_u, false, 0 },
		{ "cmp.u32.ne", r_cmp_ne, false, 0 },
		{ "fadd", r_fadd, true, 0 }, { "fsub", r_fsub, true, 0 }, { "fmul", r_fmul, true, 0 },
		{ "fdiv", r_fdiv, true, 0 }, { "fmin", r_fmin, true, 0 }, { "fmax", r_fmax, true, 0 },
		{ "fatan2", r_fatan2, true, 1e-5f }, { "fmod", r_fmod, true, 1e-5f },
		{ "frem", r_frem, true, 0 }, { "cmp.f32.lt", r_fcmp_lt, true, 0 },
	};

	for (unsigned int i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		CHECK(check_binop(ops[i].op, ops[i].ref, ops[i].f, ops[i].tol));
	return true;
}

typedef uint32_t (*ref1)(uint32_t a);

/* @body computes v4 from v2 (the input) over N lanes; checked against @ref. */
static bool check_unop(const char *body, ref1 ref, bool float_in, float tolerance)
{
	struct buffer a = buffer(N * 4), b = buffer(4), out = buffer(N * 4);
	struct buffer bufs[3] = { a, b, out };
	char text[1024];
	uint32_t *pa = a.cpu, *po = out.cpu;

	for (unsigned int i = 0; i < N; i++)
		pa[i] = float_in ? fbits(fin_a(i) * (i % 3 ? 1.0f : 0.01f)) : input_a(i);
	snprintf(text, sizeof(text), PROLOGUE
		 "ldg.u32 v2, u0, v1\n%s\nstg.u32 u8, v1, v4\nend\n", body);
	if (run(text, (uint32_t[3]){ N / 64, 1, 1 }, bufs, 3, NULL, 0, NULL))
		return false;
	for (unsigned int i = 0; i < N; i++) {
		uint32_t want = ref(pa[i]);
		bool ok = po[i] == want;

		if (!ok && tolerance > 0) {
			float x = fval(po[i]), y = fval(want);

			ok = (isnan(x) && isnan(y)) || fabsf(x - y) <= tolerance * fmaxf(1.0f, fabsf(y));
		}
		if (!ok) {
			tap_diag("%s lane %u: %08x -> %08x, want %08x", body, i, pa[i], po[i], want);
			return false;
		}
	}
	return true;
}

static uint32_t r_popcnt(uint32_t a) { return (uint32_t)__builtin_popcount(a); }
static uint32_t r_findlsb(uint32_t a) { return a ? (uint32_t)__builtin_ctz(a) : ~0u; }
static uint32_t r_findmsb_u(uint32_t a) { return a ? 31u - (uint32_t)__builtin_clz(a) : ~0u; }
static uint32_t r_findmsb_s(uint32_t a) { return r_findmsb_u(S(a) < 0 ? ~a : a); }
static uint32_t r_brev(uint32_t a)
{
	uint32_t r = 0;

	for (int i = 0; i < 32; i++)
		r |= ((a >> i) & 1) << (31 - i);
	return r;
}
static uint32_t r_not(uint32_t a) { return ~a; }
static uint32_t r_ineg(uint32_t a) { return -a; }
static uint32_t r_iabs(uint32_t a) { return S(a) < 0 ? -a : a; }
static uint32_t r_ffloor(uint32_t a) { return fbits(floorf(fval(a))); }
static uint32_t r_fceil(uint32_t a) { return fbits(ceilf(fval(a))); }
static uint32_t r_ffract(uint32_t a) { return fbits(fval(a) - floorf(fval(a))); }
static uint32_t r_fround(uint32_t a) { return fbits(roundf(fval(a))); }
static uint32_t r_froundeven(uint32_t a) { return fbits(rintf(fval(a))); }
static uint32_t r_ftrunc(uint32_t a) { return fbits(truncf(fval(a))); }
static uint32_t r_fsqrt(uint32_t a) { return fbits(sqrtf(fval(a))); }
static uint32_t r_fsin(uint32_t a) { return fbits(sinf(fval(a))); }
static uint32_t r_fexp2(uint32_t a) { return fbits(exp2f(fval(a))); }
static uint32_t r_flog2(uint32_t a) { return fbits(log2f(fval(a))); }
static uint32_t r_fneg(uint32_t a) { return a ^ 0x80000000u; }
static uint32_t r_fsign(uint32_t a)
{
	float x = fval(a);

	return fbits(x > 0 ? 1.0f : x < 0 ? -1.0f : x);
}
static uint32_t r_f2i_s(uint32_t a)
{
	float x = fval(a);

	return x >= 2147483648.0f ? 0x7fffffffu : x <= -2147483648.0f ? 0x80000000u :
	       (uint32_t)(int32_t)x;
}
static uint32_t r_i2f_s(uint32_t a) { return fbits((float)S(a)); }
static uint32_t r_i2f_u(uint32_t a) { return fbits((float)a); }
static uint32_t r_f16_round_trip(uint32_t a)
{
	/* f32 -> f16 -> f32 of small values: exact to 10 mantissa bits. */
	_Float16 h = (_Float16)fval(a);

	return fbits((float)h);
}

static bool test_alu_unary(void)
{
	static const struct { const char *op; ref1 ref; bool f; float tol; } ops[] = {
		{ "popcnt", r_popcnt, false, 0 }, { "findlsb", r_findlsb, false, 0 },
		{ "findmsb.u32", r_findmsb_u, false, 0 }, { "findmsb.s32", r_findmsb_s, false, 0 },
		{ "brev", r_brev, false, 0 }, { "not", r_not, false, 0 }, { "ineg", r_ineg, false, 0 }, { "iabs.s32", r_iabs, false, 0 },
		{ "i2f.s32", r_i2f_s, false, 0 }, { "i2f.u32", r_i2f_u, false, 0 },
		{ "ffloor", r_ffloor, true, 0 }, { "fceil", r_fceil, true, 0 },
		{ "ffract", r_ffract, true, 0 }, { "fround", r_fround, true, 0 },
		{ "froundeven", r_froundeven, true, 0 }, { "ftrunc", r_ftrunc, true, 0 },
		{ "fsqrt", r_fsqrt, true, 1e-7f }, { "fsin", r_fsin, true, 1e-6f },
		{ "fexp2", r_fexp2, true, 1e-6f }, { "flog2", r_flog2, true, 1e-6f },
		{ "fneg", r_fneg, true, 0 }, { "fsign", r_fsign, true, 0 },
		{ "f2i.s32", r_f2i_s, true, 0 },
	};

	for (unsigned int i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		char body[64];

		snprintf(body, sizeof(body), "%s v4, v2", ops[i].op);
		CHECK(check_unop(body, ops[i].ref, ops[i].f, ops[i].tol));
	}
	CHECK(check_unop("f2f16 v5, v2\nf16f v4, v5", r_f16_round_trip, true, 0));
	return true;
}

/* 64-bit: add, mul, shifts, compare, sext, imulwide on pairs. */
static bool test_alu_64bit(void)
{
	struct buffer a = buffer(N * 8), b = buffer(N * 8), out = buffer(N * 8 * 6);
	struct buffer bufs[3] = { a, b, out };
	uint64_t *pa = a.cpu, *pb = b.cpu, *po = out.cpu;
	static const char text[] = PROLOGUE
		"shl v1, v0, 3\n"
		"ldg.u64 v2, u0, v1\nldg.u64 v4, u4, v1\n"
		"imul v20, v0, 48\n"
		"iadd.u64 v6, v2, v4\nstg.u64 u8, v20, v6\n"
		"imul.u64 v6, v2, v4\niadd v21, v20, 8\nstg.u64 u8, v21, v6\n"
		"shr.s64 v6, v2, v4\niadd v21, v20, 16\nstg.u64 u8, v21, v6\n"
		"cmp.s64.lt p0, v2, v4\nsel.u64 v6, p0, v2, v4\niadd v21, v20, 24\nstg.u64 u8, v21, v6\n"
		"sext v6, v2\niadd v21, v20, 32\nstg.u64 u8, v21, v6\n"
		"imulwide.u32 v6, v2, v4\niadd v21, v20, 40\nstg.u64 u8, v21, v6\n"
		"end\n";

	for (unsigned int i = 0; i < N; i++) {
		pa[i] = (uint64_t)input_a(i) << 32 | input_a(i + 7);
		pb[i] = (uint64_t)input_b(i) * 0x100000001ull + i;
	}
	CHECK_EQ(run(text, (uint32_t[3]){ N / 64, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < N; i++) {
		uint64_t x = pa[i], y = pb[i], *r = po + 6 * i;

		CHECK_EQ(r[0], x + y);
		CHECK_EQ(r[1], x * y);
		CHECK_EQ(r[2], (uint64_t)((int64_t)x >> (y & 63)));
		CHECK_EQ(r[3], (int64_t)x < (int64_t)y ? x : y);
		CHECK_EQ(r[4], (uint64_t)(int64_t)(int32_t)x);
		CHECK_EQ(r[5], (uint64_t)(uint32_t)x * (uint32_t)y);
	}
	return true;
}

/*
 * Divergence: every lane takes its own path. Lane i loops i % 37 times;
 * odd iterations add, even ones take an if/else; continue skips multiples
 * of 5; break leaves at 1000.
 */
static uint32_t divergence_ref(uint32_t i)
{
	uint32_t acc = 0;

	for (uint32_t k = 0; k < i % 37; k++) {
		if (k % 5 == 0)
			continue;
		if (k & 1) {
			acc += k;
		} else {
			if (i & 2)
				acc ^= k << 3;
			else
				acc += 3;
		}
		if (acc > 1000)
			break;
	}
	return acc;
}

static bool test_divergence(void)
{
	struct buffer out = buffer(N * 4), unused = buffer(4);
	struct buffer bufs[3] = { unused, unused, out };
	uint32_t *po = out.cpu;
	static const char text[] = PROLOGUE
		"irem.u32 v2, v0, 37\n"		/* trip count */
		"mov v3, 0\n"			/* k */
		"mov v4, 0\n"			/* acc */
		"and v9, v0, 2\n"
		"L0: loop L9\n"
		"cmp.u32.ge p0, v3, v2\nbreak p0\n"
		"irem.u32 v5, v3, 5\ncmp.u32.eq p1, v5, 0\n"
		"iadd v3, v3, 1\n"		/* k++ before continue: v6 = old k */
		"isub v6, v3, 1\n"
		"continue p1\n"
		"and v7, v6, 1\ncmp.u32.ne p2, v7, 0\n"
		"if p2, L1\n"
		"iadd v4, v4, v6\n"
		"L1: else L4\n"
		"cmp.u32.ne p3, v9, 0\n"
		"if p3, L2\n"
		"shl v8, v6, 3\nxor v4, v4, v8\n"
		"L2: else L3\n"
		"iadd v4, v4, 3\n"
		"L3: endif\n"
		"L4: endif\n"
		"cmp.u32.gt p4, v4, 1000\nbreak p4\n"
		"L9: endloop L0\n"
		"stg.u32 u8, v1, v4\nend\n";

	CHECK_EQ(run(text, (uint32_t[3]){ N / 64, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < N; i++) {
		if (po[i] != divergence_ref(i))
			tap_diag("lane %u: %u, want %u", i, po[i], divergence_ref(i));
		CHECK_EQ(po[i], divergence_ref(i));
	}
	return true;
}

/* Uniform control flow: compares into uniform registers, BRZ/BRNZ/BRA. */
static bool test_uniform_branches(void)
{
	struct buffer unused = buffer(4), out = buffer(64 * 4 * 4);
	struct buffer bufs[3] = { unused, unused, out };
	uint32_t *po = out.cpu;
	static const char text[] = PROLOGUE
		"mov u20, 0\nmov u21, 0\n"
		"Ltop: iadd u21, u21, u20\n"			/* sum 0..9 */
		"iadd u20, u20, 1\n"
		"cmp.u32.lt u22, u20, 10\nbrnz u22, Ltop\n"
		"cmp.f32.gt u23, 2.5, 1.0\n"			/* true */
		"brz u23, Lskip\n"
		"iadd u21, u21, 100\n"
		"Lskip: cmp.s32.lt u24, 0xffffffff, 0\n"		/* -1 < 0: true */
		"brnz u24, Lover\n"
		"iadd u21, u21, 1000\n"				/* skipped */
		"Lover: cmp.u32.eq u25, u20, 3\nbrz u25, Lend\n"
		"iadd u21, u21, 5000\n"				/* skipped */
		"bra Lend\n"
		"Lend: mov v2, u21\nstg.u32 u8, v1, v2\n"
		"mov v2, u23\niadd v3, v1, 256\nstg.u32 u8, v3, v2\n"
		"mov v2, u24\niadd v3, v1, 512\nstg.u32 u8, v3, v2\n"
		"mov v2, u25\niadd v3, v1, 768\nstg.u32 u8, v3, v2\nend\n";

	memset(po, 0xff, 64 * 16);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < 64; i++) {
		CHECK_EQ(po[i], 45 + 100);
		CHECK_EQ(po[64 + i], 1);
		CHECK_EQ(po[128 + i], 1);
		CHECK_EQ(po[192 + i], 0);
	}
	return true;
}

/* Reverse 256 values per workgroup through shared memory and a barrier. */
static bool test_barrier_shared(void)
{
	struct buffer in = buffer(4096 * 4), unused = buffer(4), out = buffer(4096 * 4);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 2 storage 2 1\n"
		".local_size 16 16 1\n.shared 1024\n"
		"lddesc u0, 0, 0\nlddesc u8, 0, 2\n"
		"s2r.local_index v0\ns2r.group_id_x u12\nimul u13, u12, 256\n"
		"iadd v2, v0, u13\nshl v1, v2, 2\n"
		"ldg.u32 v3, u0, v1\nshl v4, v0, 2\nsts.u32 v4, v3\n"
		"bar\n"
		"isub v5, 255, v0\nshl v5, v5, 2\nlds.u32 v6, v5\n"
		"stg.u32 u8, v1, v6\nend\n";

	for (unsigned int i = 0; i < 4096; i++)
		pi[i] = i * 3 + 1;
	CHECK_EQ(run(text, (uint32_t[3]){ 16, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < 4096; i++)
		CHECK_EQ(po[i], pi[(i & ~255u) | (255 - (i & 255))]);
	return true;
}

/* Atomics: 4096 groups x 64 lanes hit one counter, min/max, a histogram. */
static bool test_atomics(void)
{
	struct buffer unused = buffer(4), out = buffer(4096), hist = buffer(64 * 4);
	struct buffer bufs[3] = { hist, unused, out };
	uint32_t *po = out.cpu, *ph = hist.cpu;
	uint64_t *p64;
	static const char text[] = PROLOGUE
		"atomg.u32.add _, u8, 0, 1\n"				/* [0] += 1 */
		"atomg.u32.umax _, u8, 4, v0\n"				/* [1] max */
		"atomg.u32.umin _, u8, 8, v0\n"				/* [2] min */
		"atomg.u32.add v5, u8, 12, 2\n"				/* [3] */
		"atomg.u32.xor _, u8, 16, v0\n"				/* [4] xor of all */
		"mov v10, 1\nmov v11, 0\n"
		"atomg.u64.add _, u8, 24, v10\n"			/* [6..7] 64-bit */
		"and v7, v0, 63\nshl v7, v7, 2\n"
		"sts.u32 v7, 0\nbar\n"				/* shared starts undefined */
		"atoms.u32.add _, v7, 1\n"
		"bar\n"
		"lds.u32 v8, v7\n"
		"atomg.u32.add _, u0, v7, v8\n"				/* histogram */
		/* cmpxchg: swap 0 -> lane+1 at [8]; exactly one lane wins. */
		"iadd v12, v0, 1\nmov v13, 0\n"
		"atomg.u32.cmpxchg v14, u8, 32, v12\n"
		"end\n";
	static const char shared_hdr[] = ".shared 256\n";
	char full[2048];

	memset(po, 0, 4096);
	po[2] = 0xffffffffu;
	memset(ph, 0, 256);
	snprintf(full, sizeof(full), "%s%s", shared_hdr, text);
	CHECK_EQ(run(full, (uint32_t[3]){ 4096, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	CHECK_EQ(po[0], 4096 * 64);
	CHECK_EQ(po[1], 4096 * 64 - 1);
	CHECK_EQ(po[2], 0);
	CHECK_EQ(po[3], 4096 * 64 * 2);
	CHECK_EQ(po[4], 0);	/* xor of 0..2^18-1 */
	p64 = (uint64_t *)(po + 6);
	CHECK_EQ(*p64, 4096 * 64);
	CHECK(po[8] >= 1 && po[8] <= 4096 * 64);
	/* Each group's shared histogram counts each of 64 lanes once. */
	for (unsigned int b = 0; b < 64; b++)
		CHECK_EQ(ph[b], 4096);
	return true;
}

/* Subgroup operations against references over the 32 lanes. */
static bool test_subgroup(void)
{
	struct buffer in = buffer(N * 4), unused = buffer(4), out = buffer(N * 4 * 12);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	static const char text[] = PROLOGUE
		"ldg.u32 v2, u0, v1\nimul v20, v0, 48\n"
		"and v3, v2, 1\ncmp.u32.ne p0, v3, 0\n"
		"ballot v4, p0\nstg.u32 u8, v20, v4\n"
		"sgreduce.u32.add v4, v2, 32\niadd v21, v20, 4\nstg.u32 u8, v21, v4\n"
		"sgiscan.u32.add v4, v2\niadd v21, v20, 8\nstg.u32 u8, v21, v4\n"
		"sgescan.u32.max v4, v2\niadd v21, v20, 12\nstg.u32 u8, v21, v4\n"
		"sgreduce.s32.min v4, v2, 4\niadd v21, v20, 16\nstg.u32 u8, v21, v4\n"
		"shflxor v4, v2, 5\niadd v21, v20, 20\nstg.u32 u8, v21, v4\n"
		"shflup v4, v2, 3\niadd v21, v20, 24\nstg.u32 u8, v21, v4\n"
		"shfldown v4, v2, 3\niadd v21, v20, 28\nstg.u32 u8, v21, v4\n"
		"quadbcast v4, v2, 2\niadd v21, v20, 32\nstg.u32 u8, v21, v4\n"
		"readlane u20, v2, 7\nmov v4, u20\niadd v21, v20, 36\nstg.u32 u8, v21, v4\n"
		"voteany v4, p0\niadd v21, v20, 40\nstg.u32 u8, v21, v4\n"
		/* Only odd lanes: a reduction of the active lanes only. */
		"if p0, L1\nsgreduce.u32.add v4, v2, 32\niadd v21, v20, 44\nstg.u32 u8, v21, v4\n"
		"L1: endif\nend\n";

	for (unsigned int i = 0; i < N; i++)
		pi[i] = input_a(i) % 1000 + (i % 7 == 0);
	memset(po, 0, N * 48);
	CHECK_EQ(run(text, (uint32_t[3]){ N / 64, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < N; i++) {
		unsigned int base = i & ~31u, l = i & 31, q = i & ~3u;
		uint32_t *r = po + 12 * i, ballot = 0, sum = 0, isum = 0, emax = 0, odd = 0;
		int32_t cmin = INT32_MAX;

		for (unsigned int k = 0; k < 32; k++) {
			ballot |= (pi[base + k] & 1) << k;
			sum += pi[base + k];
			if (k <= l)
				isum += pi[base + k];
			if (k < l)
				emax = pi[base + k] > emax ? pi[base + k] : emax;
			if (pi[base + k] & 1)
				odd += pi[base + k];
		}
		for (unsigned int k = (l & ~3u); k < (l & ~3u) + 4; k++)
			cmin = (int32_t)pi[base + k] < cmin ? (int32_t)pi[base + k] : cmin;
		CHECK_EQ(r[0], ballot);
		CHECK_EQ(r[1], sum);
		CHECK_EQ(r[2], isum);
		CHECK_EQ(r[3], emax);
		CHECK_EQ(r[4], (uint32_t)cmin);
		CHECK_EQ(r[5], pi[base + (l ^ 5)]);
		CHECK_EQ(r[6], pi[l >= 3 ? i - 3 : i]);
		CHECK_EQ(r[7], pi[l + 3 < 32 ? i + 3 : i]);
		CHECK_EQ(r[8], pi[q + 2]);
		CHECK_EQ(r[9], pi[base + 7]);
		CHECK_EQ(r[10], ballot != 0);
		CHECK_EQ(r[11], pi[i] & 1 ? odd : 0);
	}
	return true;
}

/* The reference of 64-bit subgroup operation @op (EMBER_ISA_SG_*). */
static uint64_t sg64_combine(unsigned int op, bool is_signed, uint64_t a, uint64_t b)
{
	switch (op) {
	case EMBER_ISA_SG_ADD: return a + b;
	case EMBER_ISA_SG_MUL: return a * b;
	case EMBER_ISA_SG_MIN:
		return is_signed ? ((int64_t)a < (int64_t)b ? a : b) : (a < b ? a : b);
	case EMBER_ISA_SG_MAX:
		return is_signed ? ((int64_t)a > (int64_t)b ? a : b) : (a > b ? a : b);
	case EMBER_ISA_SG_AND: return a & b;
	case EMBER_ISA_SG_OR: return a | b;
	default: return a ^ b;
	}
}

/* Lanes [from, to) of the wave at @v that are @active, combined: false if none is. */
static bool sg64_fold(unsigned int op, bool is_signed, const uint64_t *v, uint32_t active,
		      unsigned int from, unsigned int to, uint64_t *out)
{
	bool any = false;

	for (unsigned int k = from; k < to; k++) {
		if (!((active >> k) & 1))
			continue;
		*out = any ? sg64_combine(op, is_signed, *out, v[k]) : v[k];
		any = true;
	}
	return any;
}

/*
 * sgreduce (every cluster size), sgiscan and sgescan on u64/s64, every
 * operation, in four waves with different active lanes (all; an
 * irregular pattern; every other cluster of 4; three lanes), on values
 * that differ only in the high or only in the low half, and negative
 * ones. Inactive lanes must keep the output's sentinel. An exclusive scan
 * with no active lane below gets the identity.
 */
static bool test_subgroup64(void)
{
	enum { LANES = 128, RESULTS = 8 };
	static const uint32_t halves[] = {
		0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 3,
	};
	static const char *const names[] = { "add", "mul", "min", "max", "and", "or", "xor" };
	struct buffer in = buffer(LANES * 8), flags = buffer(LANES * 4);
	struct buffer out = buffer(LANES * RESULTS * 8), bufs[3] = { in, flags, out };
	uint64_t *pi = in.cpu, *po = out.cpu;
	uint32_t *pf = flags.cpu, active[LANES / 32] = { 0 };
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	for (unsigned int i = 0; i < LANES; i++) {
		unsigned int w = i / 32, l = i % 32;
		bool on = w == 0 || (w == 1 && (l * 7) % 3) || (w == 2 && (l & 4)) ||
			  (w == 3 && (l == 0 || l == 13 || l == 31));

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		pi[i] = (uint64_t)halves[(seed >> 33) % 7] << 32 | halves[(seed >> 45) % 7];
		if ((seed >> 20) % 5 == 0)
			pi[i] = (uint64_t)halves[(seed >> 33) % 7] << 32 | (uint32_t)(seed >> 7);
		pf[i] = on;
		active[w] |= (uint32_t)on << l;
	}
	for (unsigned int t = 0; t < 2; t++) {
		bool is_signed = t == 1;

		for (unsigned int op = 0; op < EMBER_ISA_NUM_SG_OPS; op++) {
			const char *ty = is_signed ? "s64" : "u64", *o = names[op];
			char text[2048];

			snprintf(text, sizeof(text), PROLOGUE
				 "ldg.u32 v2, u4, v1\nshl v3, v0, 3\nldg.u64 v4, u0, v3\n"
				 "imul v6, v0, %u\ncmp.u32.ne p0, v2, 0\nif p0, L1\n"
				 "sgreduce.%s.%s v8, v4, 1\nstg.u64 u8, v6, v8\n"
				 "sgreduce.%s.%s v8, v4, 2\niadd v7, v6, 8\nstg.u64 u8, v7, v8\n"
				 "sgreduce.%s.%s v8, v4, 4\niadd v7, v6, 16\nstg.u64 u8, v7, v8\n"
				 "sgreduce.%s.%s v8, v4, 8\niadd v7, v6, 24\nstg.u64 u8, v7, v8\n"
				 "sgreduce.%s.%s v8, v4, 16\niadd v7, v6, 32\nstg.u64 u8, v7, v8\n"
				 "sgreduce.%s.%s v8, v4, 32\niadd v7, v6, 40\nstg.u64 u8, v7, v8\n"
				 "sgiscan.%s.%s v8, v4\niadd v7, v6, 48\nstg.u64 u8, v7, v8\n"
				 /* The destination overwriting the source it reads. */
				 "sgescan.%s.%s v4, v4\niadd v7, v6, 56\nstg.u64 u8, v7, v4\n"
				 "L1: endif\nend\n", RESULTS * 8,
				 ty, o, ty, o, ty, o, ty, o, ty, o, ty, o, ty, o, ty, o);
			memset(po, 0x5a, LANES * RESULTS * 8);
			CHECK_EQ(run(text, (uint32_t[3]){ LANES / 64, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
			for (unsigned int i = 0; i < LANES; i++) {
				unsigned int w = i / 32, l = i % 32;
				const uint64_t *v = pi + 32 * w, *r = po + RESULTS * i;
				uint64_t want[RESULTS];

				if (!((active[w] >> l) & 1)) {
					for (unsigned int k = 0; k < RESULTS; k++)
						CHECK_EQ(r[k], 0x5a5a5a5a5a5a5a5aull);
					continue;
				}
				for (unsigned int c = 0; c < 6; c++) {
					unsigned int size = 1u << c, base = l & ~(size - 1);

					sg64_fold(op, is_signed, v, active[w], base, base + size, &want[c]);
				}
				sg64_fold(op, is_signed, v, active[w], 0, l + 1, &want[6]);
				if (!sg64_fold(op, is_signed, v, active[w], 0, l, &want[7]))
					want[7] = op == EMBER_ISA_SG_MUL ? 1 :
						  op == EMBER_ISA_SG_AND ? UINT64_MAX :
						  op == EMBER_ISA_SG_MIN ? (is_signed ? INT64_MAX : UINT64_MAX) :
						  op == EMBER_ISA_SG_MAX && is_signed ? (uint64_t)INT64_MIN : 0;
				for (unsigned int k = 0; k < RESULTS; k++) {
					if (r[k] == want[k])
						continue;
					tap_diag("%s.%s lane %u result %u: 0x%llx, want 0x%llx", ty, o,
						 i, k, (unsigned long long)r[k],
						 (unsigned long long)want[k]);
					return false;
				}
			}
		}
	}
	return true;
}

/* Out-of-range loads give 0, stores are dropped; nothing faults. */
static bool test_robust_access(void)
{
	struct buffer in = buffer(4096), unused = buffer(4), out = buffer(8192);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	static const char text[] = PROLOGUE
		"ldg.u32 v2, u0, v1\n"			/* range 160: 40 dwords */
		"shl v3, v1, 3\n"			/* lane i stores at 32 * i */
		"stg.u32 u8, v3, v2\n"			/* range 2048: lanes < 64 */
		"ldg.b128 v4, u0, 152\n"		/* straddles the end: zeros */
		"stg.b128 u8, 4, v4\n"
		"ldg.b128 v4, u0, 144\n"		/* the last 16 bytes */
		"stg.b128 u8, 36, v4\n"
		"ldg.u32 v8, u0, 0xfffffffc\n"		/* no wrap-around */
		"stg.u32 u8, 68, v8\n"
		"stg.u32 u8, 2048, 5\n"		/* dropped */
		"end\n";

	for (unsigned int i = 0; i < 1024; i++)
		pi[i] = i + 1;
	memset(po, 0xaa, 8192);
	bufs[0].size = 160;
	bufs[2].size = 2048;
	CHECK_EQ(run(text, (uint32_t[3]){ 8, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int i = 0; i < 64; i++)
		CHECK_EQ(po[8 * i], i < 40 ? i + 1 : 0);
	for (unsigned int i = 1; i <= 4; i++)
		CHECK_EQ(po[i], 0);
	for (unsigned int i = 9; i <= 12; i++)
		CHECK_EQ(po[i], i + 28);
	CHECK_EQ(po[17], 0);
	CHECK_EQ(po[5], 0xaaaaaaaau);
	for (unsigned int i = 512; i < 2048; i++)
		CHECK_EQ(po[i], 0xaaaaaaaau);
	return true;
}

/* Sub-dword and wide types, immediate offsets, uniform and push loads. */
static bool test_memory_forms(void)
{
	struct buffer in = buffer(4096), ubo = buffer(64), out = buffer(64 * 64);
	struct buffer bufs[3] = { in, ubo, out };
	uint8_t *pi = in.cpu;
	uint32_t *pu = ubo.cpu, *po = out.cpu, push[2] = { 0x11223344, 0x55667788 };
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 uniform 1 1\n"
		".resource 0 2 storage 2 1\n.local_size 64 1 1\n.shared 2048\n.push 8\n"
		"lddesc u0, 0, 0\nlddesc u4, 0, 1\nlddesc u8, 0, 2\n"
		"s2r.local_index v0\nshl v1, v0, 6\n"		/* 64 bytes out per lane */
		"ldg.s8 v2, u0, v0, 128\nstg.u32 u8, v1, v2\n"	/* in[128 + i], signed */
		"ldg.u8 v2, u0, v0, 128\niadd v3, v1, 4\nstg.u32 u8, v3, v2\n"
		"shl v4, v0, 1\nldg.s16 v2, u0, v4, 256\niadd v3, v1, 8\nstg.u32 u8, v3, v2\n"
		"ldg.u16 v2, u0, v4, 256\niadd v3, v1, 12\nstg.u32 u8, v3, v2\n"
		"shl v5, v0, 4\nldg.b128 v8, u0, v5\niadd v3, v1, 16\nstg.b128 u8, v3, v8\n"
		"sts.b128 v5, v8, 0\nshl v6, v0, 3\nldg.u64 v12, u0, v6, 8\nsts.u64 v6, v12, 1024\n"
		"bar\n"
		"isub v7, 63, v0\nshl v7, v7, 4\nlds.u32 v2, v7, 12\niadd v3, v1, 32\nstg.u32 u8, v3, v2\n"
		"lds.u64 v12, v6, 1024\niadd v3, v1, 36\nstg.u64 u8, v3, v12\n"
		"ldu.u64 u12, u4, 8\nmov v2, u13\niadd v3, v1, 44\nstg.u32 u8, v3, v2\n"
		"and v9, v0, 1\nshl v9, v9, 2\nldpush v2, v9\niadd v3, v1, 48\nstg.u32 u8, v3, v2\n"
		"iadd v3, v1, 52\nstg.u8 u8, v3, v0\niadd v3, v1, 53\nstg.u16 u8, v3, 0xbeef\n"
		"end\n";

	for (unsigned int i = 0; i < 4096; i++)
		pi[i] = (uint8_t)(i * 37 + 11);
	for (unsigned int i = 0; i < 16; i++)
		pu[i] = 0x1000 + i;
	memset(po, 0, 64 * 64);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, push, 8, NULL), 0);
	for (unsigned int i = 0; i < 64; i++) {
		uint32_t *r = po + 16 * i, word[4];
		uint16_t h;
		uint64_t q;

		CHECK_EQ(r[0], (uint32_t)(int8_t)pi[128 + i]);
		CHECK_EQ(r[1], pi[128 + i]);
		memcpy(&h, pi + 256 + 2 * i, 2);
		CHECK_EQ(r[2], (uint32_t)(int16_t)h);
		CHECK_EQ(r[3], h);
		memcpy(word, pi + 16 * i, 16);
		CHECK(!memcmp(r + 4, word, 16));
		memcpy(&word[0], pi + 16 * (63 - i) + 12, 4);
		CHECK_EQ(r[8], word[0]);
		memcpy(&q, pi + 8 * i + 8, 8);
		if (memcmp(r + 9, &q, 8))
			tap_diag("lane %u: %08x %08x want %016llx", i, r[9], r[10], (unsigned long long)q);
		CHECK(!memcmp(r + 9, &q, 8));
		CHECK_EQ(r[11], 0x1003);
		CHECK_EQ(r[12], push[i & 1]);
		CHECK_EQ(r[13], (i & 0xff) | 0xbeef00u);
	}
	return true;
}

/*
 * ISA 1.3's 32-bit slots: a set of 600000 slots (and a header that says
 * so) read at slots past 65535, immediate and from a uniform register, and
 * a sampler loaded at slot 2^32 - 1, whose second slot is 16 bytes on, not
 * slot 0 (set 2's base is placed so that slot 2^32 - 1 is @smp: slot 0,
 * 16 * (2^32 - 1) bytes below, is no mapped address).
 */
static bool test_wide_slots(void)
{
	struct buffer out = buffer(64), a = buffer(64), b = buffer(64);
	struct buffer set1 = buffer(600000ull * EMBER_ISA_DESCRIPTOR_SIZE), smp = buffer(64);
	const uint32_t push[2] = { 599999, 0xffffffffu };
	uint32_t *po = out.cpu, *pd = set1.cpu, *ps = smp.cpu;
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 1 0 storage 70000 530000\n.push 8\n"
		"lddesc u0, 0, 0\nlddesc u4, 1, 70000\n"
		"ldpush u8, 0\nlddesc u12, 1, u8\n"
		"ldpush u16, 4\nldsmpdesc u24, 2, u16\n"
		"mov v0, 0\nldg.u32 v1, u4, v0\nstg.u32 u0, v0, v1\n"
		"ldg.u32 v1, u12, v0\nmov v2, 4\nstg.u32 u0, v2, v1\n"
		"mov v1, u24\nmov v2, 8\nstg.u32 u0, v2, v1\n"
		"mov v1, u28\nmov v2, 12\nstg.u32 u0, v2, v1\n"
		"end\n";
	bool ok = true;
	int ret;

	((uint32_t *)a.cpu)[0] = 0xa70000;
	((uint32_t *)b.cpu)[0] = 0xb599999;
	ps[0] = 0x5a3b1;	/* slot 2^32 - 1 */
	ps[4] = 0x5a3b2;	/* slot 2^32 */
	memcpy(pd + 4 * 70000, &a.va, 8);
	pd[4 * 70000 + 2] = 64;
	memcpy(pd + 4 * 599999, &b.va, 8);
	pd[4 * 599999 + 2] = 64;
	CHECK(ember_host_set_base(host, 1, set1.va));
	CHECK(ember_host_set_base(host, 2, smp.va - EMBER_ISA_DESCRIPTOR_SIZE * 0xffffffffull));
	ret = run(text, (uint32_t[3]){ 1, 1, 1 }, &out, 1, push, sizeof(push), NULL);
	ember_host_set_base(host, 1, 0);
	ember_host_set_base(host, 2, 0);
	CHECK_EQ(ret, 0);
	ok &= po[0] == 0xa70000 && po[1] == 0xb599999;
	ok &= po[2] == 0x5a3b1 && po[3] == 0x5a3b2;
	if (!ok)
		tap_diag("read %x %x %x %x", po[0], po[1], po[2], po[3]);
	return ok;
}

/* Push constants, special registers on a 3D grid, scratch, uniform ops. */
static bool test_push_sregs_scratch(void)
{
	struct buffer unused = buffer(4), out = buffer(4 * 4 * 3 * 2 * 64 * 8);
	struct buffer bufs[3] = { unused, unused, out };
	uint32_t push[4] = { 1000, 7, 0, 0 }, *po = out.cpu;
	static const char text[] =
		".resource 0 2 storage 2 1\n.local_size 4 4 4\n.push 8\n.scratch 16\n"
		"lddesc u8, 0, 2\n"
		"s2r.group_id_x u0\ns2r.group_id_y u1\ns2r.group_id_z u2\n"
		"s2r.num_groups_x u3\ns2r.num_groups_y u4\n"
		"imad u5, u2, u4, u1\nimad u5, u5, u3, u0\n"	/* linear group */
		"s2r.local_index v0\nimad v1, u5, 64, v0\nimul v1, v1, 32\n"
		"ldpush u6, 0\nldpush u7, 4\n"
		"s2r.local_id_x v2\ns2r.local_id_y v3\ns2r.local_id_z v4\n"
		"imad v5, v4, 100, v3\nimad v5, v5, 100, v2\niadd v5, v5, u6\n"
		"stscr.u32 8, v5\nstscr.u32 0, u7\n"
		"ldscr.u32 v6, 8\nldscr.u32 v7, 0\nldscr.u32 v8, 16\n"	/* 16: out of range */
		"stg.u32 u8, v1, v6\niadd v9, v1, 4\nstg.u32 u8, v9, v7\n"
		"iadd v9, v1, 8\nstg.u32 u8, v9, v8\n"
		"s2r.wave_id u20\nmov v10, u20\niadd v9, v1, 12\nstg.u32 u8, v9, v10\n"
		"s2r.lane_id v10\niadd v9, v1, 16\nstg.u32 u8, v9, v10\n"
		"mov v10, u0\niadd v9, v1, 20\nstg.u32 u8, v9, v10\n"
		"mov v10, u2\niadd v9, v1, 24\nstg.u32 u8, v9, v10\n"
		"end\n";

	CHECK_EQ(run(text, (uint32_t[3]){ 4, 3, 2 }, bufs, 3, push, 8, NULL), 0);
	for (unsigned int g = 0; g < 24; g++) {
		for (unsigned int li = 0; li < 64; li++) {
			uint32_t *r = po + 8 * (g * 64 + li);
			uint32_t x = li % 4, y = li / 4 % 4, z = li / 16;

			CHECK_EQ(r[0], 1000 + x + 100 * y + 10000 * z);
			CHECK_EQ(r[1], 7);
			CHECK_EQ(r[2], 0);
			CHECK_EQ(r[3], li / 32);
			CHECK_EQ(r[4], li % 32);
			CHECK_EQ(r[5], g % 4);
			CHECK_EQ(r[6], g / 12);
		}
	}
	return true;
}

/* Push byte @k of sregs_push()'s 22: none of them 0. */
static uint8_t push_byte(unsigned int k)
{
	return (uint8_t)(k * 29 + 0x91);
}

/* LDPUSH's value: @size bytes at @at (little endian), 0 outside 22 bytes. */
static uint32_t push_value(uint64_t at, unsigned int size)
{
	uint32_t v = 0;

	if (at + size > 22)
		return 0;
	for (unsigned int k = 0; k < size; k++)
		v |= (uint32_t)push_byte((unsigned int)at + k) << (8 * k);
	return v;
}

/*
 * Every compute special register and LDPUSH form on a grid of 2 x 3 x 2
 * workgroups of @x x @y x @z (the JIT's native S2R and LDPUSH against
 * the handlers' semantics): the local ids of a size that is not one
 * dimension or not a power of two, a partial last wave, the uniform
 * registers, exec inside an IF, a guarded S2R and LDPUSH (the other lanes
 * keep their value), and push reads of 4, 8 and 16 bytes at unaligned
 * offsets that end at, past or wrap around the 22 bytes of push data.
 */
static bool sregs_push(uint32_t x, uint32_t y, uint32_t z)
{
	static const struct { unsigned int reg; uint32_t at, size; } uni[] = {
		{ 40, 0, 4 }, { 41, 19, 4 }, { 42, 18, 4 }, { 44, 16, 0 }, { 45, 16, 0 },
		{ 46, 14, 4 }, { 47, 18, 4 }, { 48, 6, 4 }, { 49, 10, 4 }, { 50, 14, 4 },
		{ 51, 18, 4 }, { 52, 8, 0 }, { 53, 8, 0 }, { 54, 8, 0 }, { 55, 8, 0 },
		{ 57, 0xfffffffeu, 4 }, { 62, 12, 4 }, { 63, 16, 4 },
	};
	uint32_t lanes = x * y * z, waves = (lanes + 31) / 32, push[6] = { 0 };
	struct buffer unused = buffer(4), out = buffer((uint64_t)12 * lanes * 256);
	struct buffer bufs[3] = { unused, unused, out };
	uint32_t *po = out.cpu;
	char text[8192];
	int n;

	for (unsigned int k = 0; k < 22; k++)
		((uint8_t *)push)[k] = push_byte(k);
	n = snprintf(text, sizeof(text),
		".resource 0 2 storage 2 1\n.local_size %u %u %u\n.push 22\n"
		"lddesc u8, 0, 2\n"
		"s2r.group_id_x u12\ns2r.group_id_y u13\ns2r.group_id_z u14\n"
		"s2r.num_groups_x u15\ns2r.num_groups_y u16\ns2r.num_groups_z u17\n"
		"imad u18, u14, u16, u13\nimad u18, u18, u15, u12\nimul u19, u18, %u\n"
		"s2r.local_index v0\niadd v1, v0, u19\nshl v1, v1, 8\n"
		"s2r.lane_id v10\ns2r.local_id_x v12\ns2r.local_id_y v13\ns2r.local_id_z v14\n"
		"s2r.lane_mask_eq v15\ns2r.lane_mask_lt v16\ns2r.lane_mask_le v17\n"
		"s2r.lane_mask_gt v18\ns2r.lane_mask_ge v19\n"
		"s2r.wave_id u20\ns2r.num_waves u21\nmov v20, u20\nmov v21, u21\n"
		"mov v22, u12\nmov v23, u13\nmov v24, u14\n"
		"mov v25, u15\nmov v26, u16\nmov v27, u17\n"
		"mov v28, 0x77\ncmp.u32.lt p0, v12, 4\nif p0, L1\n"
		"s2r.exec u59\nmov v28, u59\nL1: endif\n"
		"and v2, v12, 1\ncmp.u32.ne p1, v2, 0\n"
		"mov v29, 0x5555\n@p1 s2r.local_id_y v29\n"
		"mov v30, 0x6666\n@p1 ldpush v30, v0\n"
		"iadd v32, v0, 0xfffffffd\nldpush v31, v32\n"
		"mov u60, 18\nldpush v34, u60\n"
		"ldpush u40, 0\nldpush u41, 19\nldpush u42, 18\n"
		"mov u44, 9\nmov u45, 9\nldpush.u64 u44, 16\n"
		"ldpush.u64 u46, 14\nldpush.b128 u48, 6\n"
		"mov u52, 9\nmov u53, 9\nmov u54, 9\nmov u55, 9\nldpush.b128 u52, 8\n"
		"mov u56, 0xfffffffe\nldpush u57, u56\nldpush.u64 u62, 12\n",
		x, y, z, lanes);
	for (unsigned int k = 10; k <= 34; k++)
		n += snprintf(text + n, sizeof(text) - n,
			      "iadd v9, v1, %u\nstg.u32 u8, v9, v%u\n", 4 * (k - 10), k);
	for (unsigned int k = 0; k < sizeof(uni) / sizeof(uni[0]); k++)
		n += snprintf(text + n, sizeof(text) - n,
			      "mov v9, u%u\niadd v11, v1, %u\nstg.u32 u8, v11, v9\n",
			      uni[k].reg, 4 * (25 + k));
	n += snprintf(text + n, sizeof(text) - n, "iadd v9, v1, 4\nstg.u32 u8, v9, v0\nend\n");
	CHECK((size_t)n < sizeof(text));

	memset(po, 0xaa, out.size);
	CHECK_EQ(run(text, (uint32_t[3]){ 2, 3, 2 }, bufs, 3, push, 22, NULL), 0);
	for (unsigned int g = 0; g < 12; g++) {
		for (unsigned int li = 0; li < lanes; li++) {
			const uint32_t *r = po + 64 * (g * lanes + li);
			uint32_t l = li % 32, w = li / 32, lx = li % x, ly = li / x % y;
			uint32_t valid = lanes - 32 * w >= 32 ? 0xffffffffu :
					 (1u << (lanes - 32 * w)) - 1, exec = 0;

			for (unsigned int k = 0; k < 32; k++)
				if (((valid >> k) & 1) && (32 * w + k) % x < 4)
					exec |= 1u << k;
			CHECK_EQ(r[0], l);
			CHECK_EQ(r[1], li);
			CHECK_EQ(r[2], lx);
			CHECK_EQ(r[3], ly);
			CHECK_EQ(r[4], li / (x * y));
			CHECK_EQ(r[5], 1u << l);
			CHECK_EQ(r[6], (1u << l) - 1);
			CHECK_EQ(r[7], (uint32_t)((2ull << l) - 1));
			CHECK_EQ(r[8], ~(uint32_t)((2ull << l) - 1));
			CHECK_EQ(r[9], ~((1u << l) - 1));
			CHECK_EQ(r[10], w);
			CHECK_EQ(r[11], waves);
			CHECK_EQ(r[12], g % 2);
			CHECK_EQ(r[13], g / 2 % 3);
			CHECK_EQ(r[14], g / 6);
			CHECK_EQ(r[15], 2);
			CHECK_EQ(r[16], 3);
			CHECK_EQ(r[17], 2);
			CHECK_EQ(r[18], lx < 4 ? exec : 0x77);
			CHECK_EQ(r[19], lx & 1 ? ly : 0x5555);
			CHECK_EQ(r[20], lx & 1 ? push_value(li, 4) : 0x6666);
			CHECK_EQ(r[21], push_value((uint32_t)(li - 3), 4));
			CHECK_EQ(r[24], push_value(18, 4));
			for (unsigned int k = 0; k < sizeof(uni) / sizeof(uni[0]); k++)
				CHECK_EQ(r[25 + k], uni[k].size ?
					 push_value(uni[k].at, uni[k].size) : 0);
		}
	}
	return true;
}

static bool test_sregs_push(void)
{
	/* Not a power of two, a partial wave; powers of two in 3D; 1D by rows. */
	CHECK(sregs_push(6, 5, 3));
	CHECK(sregs_push(8, 4, 2));
	CHECK(sregs_push(32, 1, 3));
	return true;
}

static bool expect_fault(const char *text, const struct buffer *bufs, unsigned int n,
			 uint32_t kind, struct ember_host_fault *f)
{
	int ret = run(text, (uint32_t[3]){ 2, 1, 1 }, bufs, n, NULL, 0, f);

	if (ret != -1) {
		tap_diag("dispatch returned %d, want a fault", ret);
		return false;
	}
	if (f->kind != kind)
		tap_diag("fault kind %u, want %u (va 0x%llx detail 0x%x)", f->kind, kind,
			 (unsigned long long)f->va, f->detail);
	return f->kind == kind;
}

/* Assemble @text, set byte @at (negative: from the end) to @value, run. */
static bool expect_patched(const char *text, long at, uint8_t value,
			   const struct buffer *bufs, struct ember_host_fault *f)
{
	struct ember_host_binding b[3];
	size_t size;
	uint8_t *bin = assemble(text, &size);
	int ret;

	if (!bin)
		return false;
	bin[at < 0 ? (long)size + at : at] = value;
	for (int i = 0; i < 3; i++)
		b[i] = (struct ember_host_binding) { .binding = i, .va = bufs[i].va, .range = 4 };
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = bin, .shader_size = size, .bindings = b, .binding_count = 3,
		.groups = { 1, 1, 1 } }, f);
	free(bin);
	if (ret != -1 || f->kind != EMBER_FAULT_ILLEGAL_INSTRUCTION) {
		tap_diag("patched binary: ret %d kind %u", ret, f->kind);
		return false;
	}
	return true;
}

static bool test_faults(void)
{
	struct buffer a = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { a, unused, out };
	struct ember_host_fault f;
	uint32_t *po = out.cpu;

	/* A descriptor past its allocation: the guard page is unmapped. */
	bufs[0].size = 3 * 4096;
	CHECK(expect_fault(PROLOGUE "iadd v1, v1, 4096\nldg.u32 v2, u0, v1\nend\n",
			   bufs, 3, EMBER_FAULT_TRANSLATION, &f));
	/* Some lane's address on the guard page (the cores race to fault). */
	CHECK(f.va >= a.va + 4096 && f.va < a.va + 4096 + 2 * 64 * 4);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	/* The host runner recovers: the next dispatch runs. */
	bufs[0].size = 4096;
	po[0] = 0;
	CHECK_EQ(run(PROLOGUE "stg.u32 u8, 0, 77\nend\n", (uint32_t[3]){ 1, 1, 1 },
		     bufs, 3, NULL, 0, NULL), 0);
	CHECK_EQ(po[0], 77);

	/* ILLEGAL_INSTRUCTION: an ENDIF with no IF (the prologue is 8 long). */
	CHECK(expect_fault(PROLOGUE "nop\nendif\nend\n", bufs, 3,
			   EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 9);
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), 17);
	/* Running off the end of the code. */
	CHECK(expect_fault(PROLOGUE "nop\n", bufs, 3, EMBER_FAULT_ILLEGAL_INSTRUCTION, &f));
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 9);
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), 19);
	/* Patched binaries: a register count too small, a bad opcode. */
	CHECK(expect_patched(PROLOGUE "end\n", 16, 1, bufs, &f));
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), 18);
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 7);	/* shl v1: the first use of v1 */
	CHECK(expect_patched(PROLOGUE "end\n", -16, 0xfe, bufs, &f));
	CHECK_EQ(EMBER_ILLEGAL_REASON(f.detail), (uint32_t)-EMBER_ISA_ERR_OPCODE);
	CHECK_EQ(EMBER_ILLEGAL_INDEX(f.detail), 8);
	return true;
}

/*
 * The edges of the one-page fast path of LDG/STG (the interpreter's, and
 * the JIT's native one, which takes a page only once the core's page cache
 * holds it: each program first touches its pages with plain accesses).
 * Buffer 0 has 8 KiB: a wave whose lanes span its two pages, and a b128
 * load that straddles them, take the lanes one by one, with the right
 * values.
 */
static bool test_page_crossing(void)
{
	struct buffer in = buffer(8192), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	static const char text[] = PROLOGUE
		"ldg.u32 v2, u0, v1\nldg.u32 v3, u0, v1, 4096\n"	/* both pages cached */
		"s2r.lane_id v10\nshl v4, v10, 2\niadd v4, v4, 4032\n"	/* lanes 16..31: page 1 */
		"ldg.u32 v5, u0, v4\n"
		"shl v6, v1, 2\nstg.u32 u8, v6, v5\n"			/* 16 bytes out per lane */
		"ldg.b128 v12, u0, 4088\n"				/* 8 bytes on each page */
		"iadd v7, v6, 4\nstg.u32 u8, v7, v12\n"
		"iadd v7, v6, 8\nstg.u32 u8, v7, v15\n"
		"ldg.u32 v8, u0, v4, 64\n"				/* all on page 1 */
		"iadd v7, v6, 12\nstg.u32 u8, v7, v8\n"
		"end\n";

	for (unsigned int i = 0; i < 2048; i++)
		pi[i] = i * 7 + 3;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		CHECK_EQ(po[4 * l], pi[1008 + l % 32]);
		CHECK_EQ(po[4 * l + 1], pi[4088 / 4]);
		CHECK_EQ(po[4 * l + 2], pi[4100 / 4]);
		CHECK_EQ(po[4 * l + 3], pi[1024 + l % 32]);
	}
	return true;
}

/*
 * Whole waves reading a vec4's or a vec2's component (lanes 16 or 8 bytes
 * apart: the JIT's block load and shuffle): from the page's start, and
 * where the lanes end inside the page but the 32 strides would not (lane
 * 0 at byte 3588: the gather instead).
 */
static bool test_strided_loads(void)
{
	struct buffer in = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	static const char text[] = PROLOGUE
		"ldg.u32 v2, u0, v1\n"					/* page cached */
		"s2r.lane_id v10\nshl v4, v10, 4\nshl v11, v10, 3\n"
		"ldg.u32 v5, u0, v4, 4\n"				/* stride 16 */
		"iadd v6, v4, 3588\nldg.u32 v7, u0, v6\n"		/* ends at 4088 */
		"ldg.u32 v8, u0, v11, 4\n"				/* stride 8 */
		"shl v12, v1, 2\nstg.u32 u8, v12, v5\n"
		"iadd v13, v12, 4\nstg.u32 u8, v13, v7\n"
		"iadd v13, v12, 8\nstg.u32 u8, v13, v8\n"
		"end\n";

	for (unsigned int i = 0; i < 1024; i++)
		pi[i] = i * 13 + 5;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		CHECK_EQ(po[4 * l], pi[1 + 4 * (l % 32)]);
		CHECK_EQ(po[4 * l + 1], pi[897 + 4 * (l % 32)]);
		CHECK_EQ(po[4 * l + 2], pi[1 + 2 * (l % 32)]);
	}
	return true;
}

/*
 * A vec4 stored by components: four STG.u32 in a row at 0, 4, 8 and 12
 * bytes from 16-byte elements (the JIT's quad store: one block). Buffer 2
 * (the output) has two pages; @base places wave 0's block (@order: the
 * components' offsets in instruction order, @guard: a guard on all four)
 * and checks the output against the interpreter's semantics: element
 * l's component order[k] is input l plus k, for the stored lanes.
 */
static bool store_quad(uint32_t base, const unsigned int order[4], const char *guard,
		       uint32_t stored_lanes)
{
	struct buffer in = buffer(4096), unused = buffer(4), out = buffer(8192);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	char text[2048];

	snprintf(text, sizeof(text), PROLOGUE
		 "ldg.u32 v2, u0, v1\nstg.u32 u8, v1, v2\n"		/* both pages cached */
		 "iadd v3, v1, 7936\nstg.u32 u8, v3, v2\n"
		 "s2r.lane_id v20\ncmp.u32.lt p0, v20, 21\n"
		 "shl v4, v0, 4\niadd v4, v4, %u\n"
		 "iadd v5, v4, %u\niadd v6, v4, %u\niadd v7, v4, %u\niadd v4, v4, %u\n"
		 "iadd v10, v2, 1\niadd v11, v2, 2\niadd v12, v2, 3\n"
		 "%sstg.u32 u8, v4, v2\n%sstg.u32 u8, v5, v10\n"
		 "%sstg.u32 u8, v6, v11\n%sstg.u32 u8, v7, v12\nend\n",
		 base, 4 * order[1], 4 * order[2], 4 * order[3], 4 * order[0],
		 guard, guard, guard, guard);
	for (unsigned int i = 0; i < 1024; i++)
		pi[i] = i * 11 + 9;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		for (unsigned int k = 0; k < 4; k++) {
			uint32_t got = po[(base + 16 * l) / 4 + order[k]];

			if ((stored_lanes >> (l % 32)) & 1)
				CHECK_EQ(got, pi[l] + k);
			else if ((base + 16 * l + 4 * order[k]) / 4 >= 64)
				CHECK_EQ(got, 0xaaaaaaaau);
		}
	}
	return true;
}

static bool test_store_quad(void)
{
	static const unsigned int xyzw[4] = { 0, 1, 2, 3 }, xzyw[4] = { 0, 2, 1, 3 };
	struct buffer a = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { a, unused, out };
	uint32_t *po = out.cpu;
	struct ember_host_fault f;

	/* Whole waves in one page; a wave's block across the two pages. */
	CHECK(store_quad(1024, xyzw, "", 0xffffffffu));
	CHECK(store_quad(3840, xyzw, "", 0xffffffffu));
	/* Other components' order, a guard (lanes 0 to 20). */
	CHECK(store_quad(1024, xzyw, "", 0xffffffffu));
	CHECK(store_quad(1024, xyzw, "@p0 ", 0x1fffffu));

	/*
	 * The block's second page unmapped (a range of two pages): the first
	 * store faults at the page, its lanes before done, nothing else.
	 */
	bufs[2].size = 8192;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(PROLOGUE "stg.u32 u8, v1, v1\n"			/* page 0 cached */
		     "shl v4, v0, 4\niadd v4, v4, 3840\n"
		     "iadd v5, v4, 4\niadd v6, v4, 8\niadd v7, v4, 12\n"
		     "stg.u32 u8, v4, v0\nstg.u32 u8, v5, v0\n"
		     "stg.u32 u8, v6, v0\nstg.u32 u8, v7, v0\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, out.va + 4096);
	CHECK_EQ(f.detail, EMBER_ACCESS_WRITE);
	for (unsigned int l = 0; l < 16; l++) {
		CHECK_EQ(po[960 + 4 * l], l);
		for (unsigned int k = 1; k < 4; k++)
			CHECK_EQ(po[960 + 4 * l + k], 0xaaaaaaaau);
	}

	/* The whole block on the unmapped page: lane 0's element faults. */
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(PROLOGUE "stg.u32 u8, v1, v1\n"			/* page 0 cached */
		     "shl v4, v0, 4\niadd v4, v4, 4352\n"
		     "iadd v5, v4, 4\niadd v6, v4, 8\niadd v7, v4, 12\n"
		     "stg.u32 u8, v4, v0\nstg.u32 u8, v5, v0\n"
		     "stg.u32 u8, v6, v0\nstg.u32 u8, v7, v0\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, out.va + 4352);
	CHECK_EQ(f.detail, EMBER_ACCESS_WRITE);
	CHECK_EQ(po[1], 4u);
	CHECK_EQ(po[64], 0xaaaaaaaau);
	return true;
}

/*
 * A vec4 loaded by components: four LDG.u32 at 0, 4, 8 and 12 bytes from
 * 16-byte elements, IADDs between them (the JIT's quad load: one block).
 * The element of invocation i is at 16 * i + @base in buffer 0 (two pages,
 * @range bytes in range); @window loads its components @order (their
 * offsets in instruction order) from v4 into v20..v23, v5..v7 being v4
 * plus 4 * order[1..3] after it, under @guard. The output, against the
 * interpreter's semantics: each loaded lane's components (0 beyond the
 * range), the others' old value, v5..v7, and v9, v21's old value plus 1.
 */
static bool load_quad(const char *window, uint32_t base, uint32_t range,
		      const unsigned int order[4], const char *guard, uint32_t loaded_lanes)
{
	struct buffer in = buffer(8192), unused = buffer(4), out = buffer(8192);
	struct buffer bufs[3] = { in, unused, out };
	uint32_t *pi = in.cpu, *po = out.cpu;
	char text[4096], body[1024];

	snprintf(body, sizeof(body), window, 4 * order[0], guard, 4 * order[1], guard,
		 4 * order[2], guard, 4 * order[3], guard);
	snprintf(text, sizeof(text), PROLOGUE
		 "ldg.u32 v2, u0, v1\n"					/* page 0 cached */
		 "s2r.lane_id v10\ncmp.u32.lt p0, v10, 21\n"
		 "mov v20, 0x5555\nmov v21, 0x5555\nmov v22, 0x5555\nmov v23, 0x5555\n"
		 "shl v4, v0, 4\niadd v4, v4, %u\niadd v9, v21, 1\n"
		 "%s"
		 "iadd v30, v1, 1792\nstg.u32 u8, v30, v9\n"
		 "stg.u32 u8, v1, v20\niadd v30, v1, 256\nstg.u32 u8, v30, v21\n"
		 "iadd v30, v1, 512\nstg.u32 u8, v30, v22\n"
		 "iadd v30, v1, 768\nstg.u32 u8, v30, v23\n"
		 "iadd v30, v1, 1024\nstg.u32 u8, v30, v5\n"
		 "iadd v30, v1, 1280\nstg.u32 u8, v30, v6\n"
		 "iadd v30, v1, 1536\nstg.u32 u8, v30, v7\nend\n",
		 base, body);
	for (unsigned int i = 0; i < 2048; i++)
		pi[i] = i * 7 + 3;
	memset(po, 0xaa, out.size);
	bufs[0].size = range;
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		uint32_t element = base + 16 * l;

		for (unsigned int k = 0; k < 4; k++) {
			uint32_t at = element + 4 * order[k];
			uint32_t want = at + 4 <= range ? pi[at / 4] : 0;

			CHECK_EQ(po[64 * k + l], (loaded_lanes >> (l % 32)) & 1 ? want : 0x5555u);
		}
		for (unsigned int k = 1; k < 4; k++)
			CHECK_EQ(po[256 + 64 * (k - 1) + l], element + 4 * order[k]);
		CHECK_EQ(po[448 + l], 0x5556u);
	}
	return true;
}

/* The compiler's sequence: ldg, iadd, ldg, ... */
static const char quad_interleaved[] =
	"%2$sldg.u32 v20, u0, v4, %1$u\niadd v5, v4, %3$u\n%4$sldg.u32 v21, u0, v5\n"
	"iadd v6, v4, %5$u\n%6$sldg.u32 v22, u0, v6\niadd v7, v4, %7$u\n%8$sldg.u32 v23, u0, v7\n";

static bool test_load_quad(void)
{
	static const unsigned int xyzw[4] = { 0, 1, 2, 3 }, xzyw[4] = { 0, 2, 1, 3 };
	/* Four loads in a row at offsets computed before them. */
	static const char in_row[] =
		"iadd v5, v4, %3$u\niadd v6, v4, %5$u\niadd v7, v4, %7$u\n"
		"%2$sldg.u32 v20, u0, v4, %1$u\n%4$sldg.u32 v21, u0, v5\n"
		"%6$sldg.u32 v22, u0, v6\n%8$sldg.u32 v23, u0, v7\n";
	/* One offset register stepped between the loads. */
	static const char running[] =
		"iadd v5, v4, %3$u\niadd v6, v4, %5$u\niadd v7, v4, %7$u\nmov v8, v4\n"
		"%2$sldg.u32 v20, u0, v8, %1$u\niadd v8, v8, 4\n%4$sldg.u32 v21, u0, v8\n"
		"iadd v8, v8, 4\n%6$sldg.u32 v22, u0, v8\niadd v8, v8, 4\n"
		"%8$sldg.u32 v23, u0, v8\n";
	/* Each offset from the one before (xyzw only). */
	static const char chained[] =
		"iadd v31, v4, %5$u\niadd v31, v4, %7$u\n"
		"%2$sldg.u32 v20, u0, v4, %1$u\niadd v5, v4, %3$u\n%4$sldg.u32 v21, u0, v5\n"
		"iadd v6, v5, 4\n%6$sldg.u32 v22, u0, v6\niadd v7, v6, 4\n"
		"%8$sldg.u32 v23, u0, v7\n";
	/* v21 read before its load (by an IADD of the window). */
	static const char reads_old[] =
		"%2$sldg.u32 v20, u0, v4, %1$u\niadd v5, v4, %3$u\niadd v9, v21, 1\n"
		"%4$sldg.u32 v21, u0, v5\niadd v6, v4, %5$u\n%6$sldg.u32 v22, u0, v6\n"
		"iadd v7, v4, %7$u\n%8$sldg.u32 v23, u0, v7\n";
	struct buffer a = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { a, unused, out };
	uint32_t *po = out.cpu;
	struct ember_host_fault f;

	/* Whole waves in one page; a wave's block across the two pages. */
	CHECK(load_quad(quad_interleaved, 1024, 8192, xyzw, "", 0xffffffffu));
	CHECK(load_quad(quad_interleaved, 3840, 8192, xyzw, "", 0xffffffffu));
	CHECK(load_quad(in_row, 1024, 8192, xyzw, "", 0xffffffffu));
	CHECK(load_quad(running, 1024, 8192, xyzw, "", 0xffffffffu));
	CHECK(load_quad(chained, 1024, 8192, xyzw, "", 0xffffffffu));
	CHECK(load_quad(reads_old, 1024, 8192, xyzw, "", 0xffffffffu));
	/* Other components' order, a guard (lanes 0 to 20). */
	CHECK(load_quad(quad_interleaved, 1024, 8192, xzyw, "", 0xffffffffu));
	CHECK(load_quad(in_row, 1024, 8192, xzyw, "", 0xffffffffu));
	CHECK(load_quad(quad_interleaved, 1024, 8192, xyzw, "@p0 ", 0x1fffffu));
	/* The range ends inside wave 0's block, inside lane 20's element. */
	CHECK(load_quad(quad_interleaved, 1024, 1024 + 16 * 20 + 8, xyzw, "", 0xffffffffu));
	/* The first access to its page (page 1: nothing cached yet). */
	CHECK(load_quad(quad_interleaved, 5120, 8192, xyzw, "", 0xffffffffu));

	/*
	 * The block's second page unmapped (a range of two pages): the first
	 * load faults at the page, and nothing is stored.
	 */
	bufs[0].size = 8192;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(PROLOGUE "ldg.u32 v2, u0, v1\n"			/* page 0 cached */
		     "shl v4, v0, 4\niadd v4, v4, 3840\n"
		     "ldg.u32 v20, u0, v4\niadd v5, v4, 4\nldg.u32 v21, u0, v5\n"
		     "iadd v6, v4, 8\nldg.u32 v22, u0, v6\niadd v7, v4, 12\n"
		     "ldg.u32 v23, u0, v7\nstg.u32 u8, v1, v20\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, a.va + 4096);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	CHECK_EQ(po[0], 0xaaaaaaaau);

	/* The whole block on the unmapped page: lane 0's element faults. */
	CHECK_EQ(run(PROLOGUE "ldg.u32 v2, u0, v1\n"
		     "shl v4, v0, 4\niadd v4, v4, 5120\n"
		     "ldg.u32 v20, u0, v4\niadd v5, v4, 4\nldg.u32 v21, u0, v5\n"
		     "iadd v6, v4, 8\nldg.u32 v22, u0, v6\niadd v7, v4, 12\n"
		     "ldg.u32 v23, u0, v7\nstg.u32 u8, v1, v20\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, a.va + 5120);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	CHECK_EQ(po[0], 0xaaaaaaaau);
	return true;
}

/* One LDS.u32 of a wave at the 32 byte offsets @off (+ @imm), checked. */
static bool lds_case(const struct buffer *bufs, const uint32_t *off, uint32_t imm,
		     const char *guard, uint32_t m)
{
	uint32_t *po = bufs[2].cpu, *pf = bufs[1].cpu;
	char text[1024];

	for (unsigned int k = 0; k < 256; k++)
		pf[k] = k * 0x9e3779b1u + 0x01234567u;
	memcpy(bufs[0].cpu, off, 128);
	snprintf(text, sizeof(text),
		 ".resource 0 0 storage 0 1\n.resource 0 1 storage 1 1\n"
		 ".resource 0 2 storage 2 1\n.local_size 32 1 1\n.shared 1024\n"
		 "lddesc u0, 0, 0\nlddesc u4, 0, 1\nlddesc u8, 0, 2\n"
		 "s2r.local_index v0\nshl v1, v0, 2\n"
		 "ldg.u32 v3, u4, v1\nsts.u32 v1, v3\niadd v2, v1, 128\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 256\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 384\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 512\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 640\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 768\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\niadd v2, v1, 896\n"
		 "ldg.u32 v3, u4, v2\nsts.u32 v2, v3\nbar\n"
		 "ldg.u32 v10, u0, v1\nmov v11, 0xdead\ncmp.u32.lt p0, v0, 21\n"
		 "%slds.u32 v11, v10, %u\nstg.u32 u8, v1, v11\nend\n", guard, imm);
	memset(po, 0xaa, 128);
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint32_t o = off[l] + imm < imm ? 0xffffffffu : off[l] + imm, want = 0;

		if ((uint64_t)o + 4 <= 1024)
			memcpy(&want, (const uint8_t *)pf + o, 4);
		if (!((m >> l) & 1))
			want = 0xdead;
		if (po[l] != want) {
			tap_diag("lds offset 0x%x + %u lane %u: 0x%x, want 0x%x", off[l], imm, l,
				 po[l], want);
			return false;
		}
	}
	return true;
}

/*
 * LDS.u32 in the shapes the JIT loads without a gather (each half of the
 * wave broadcast, consecutive or a vec4 component from its first lane's
 * offset), at their edges (a block ending at the end of shared memory,
 * one byte or one element past it), unaligned, with a saturating
 * immediate, under a guard (lanes 0..20), and offsets that only look like
 * a shape in one half or are reversed: each lane must read the dword at
 * its offset, 0 out of range, like the interpreter's gather.
 */
static bool test_lds_shapes(void)
{
	enum { BCAST, BCAST_SAME, BCAST_UNALIGNED, CONSEC, CONSEC_UNALIGNED, CONSEC_END,
	       CONSEC_PAST, VEC4, VEC4_END, VEC4_NEAR_END, VEC4_PAST, MIXED, REVERSED,
	       BCAST_HALF_OUT, WHOLE_WAVE, HUGE, CASES };
	struct buffer bufs[3] = { buffer(128), buffer(1024), buffer(128) };
	uint32_t off[SC_LANES];

	for (unsigned int c = 0; c < CASES; c++) {
		for (unsigned int l = 0; l < SC_LANES; l++) {
			uint32_t j = l % 16, h = l / 16;

			switch (c) {
			case BCAST: off[l] = 64 + 128 * h; break;
			case BCAST_SAME: off[l] = 200; break;
			case BCAST_UNALIGNED: off[l] = 7 + 300 * h; break;
			case CONSEC: off[l] = 4 * j + 256 * h + 4; break;
			case CONSEC_UNALIGNED: off[l] = 4 * j + 2 + 100 * h; break;
			case CONSEC_END: off[l] = 4 * j + (h ? 0 : 960); break;
			case CONSEC_PAST: off[l] = 4 * j + (h ? 961 : 0); break;
			case VEC4: off[l] = 16 * j + 8 + 512 * h; break;
			case VEC4_END: off[l] = 16 * j + (h ? 768 : 4); break;
			case VEC4_NEAR_END: off[l] = 16 * j + 780; break;
			case VEC4_PAST: off[l] = 16 * j + (h ? 0 : 784); break;
			case MIXED: off[l] = h ? 40 : 4 * j; break;
			case REVERSED: off[l] = 4 * (31 - l); break;
			case BCAST_HALF_OUT: off[l] = h ? 1024 : 100; break;
			case WHOLE_WAVE: off[l] = 4 * l; break;
			case HUGE: off[l] = 0xfffffff0u + 4 * j; break;
			}
		}
		for (unsigned int g = 0; g < 2; g++) {
			const char *guard = g ? "@p0 " : "";
			uint32_t m = g ? 0x1fffffu : 0xffffffffu;

			CHECK(lds_case(bufs, off, 0, guard, m));
			CHECK(lds_case(bufs, off, 8, guard, m));
			CHECK(lds_case(bufs, off, 0x20, guard, m));
		}
	}
	return true;
}

/*
 * Faults on the second page of a wave's span (buffer 0: one page mapped,
 * a range of two, the next page unmapped; one workgroup, whose first wave
 * faults first): the first lane on the unmapped page is the fault's VA,
 * the loads commit nothing, and the stores of the lanes before it are
 * done, as on the interpreter's lane by lane path.
 */
static bool test_fault_second_page(void)
{
	struct buffer a = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { a, unused, out };
	uint32_t *pa = a.cpu, *po = out.cpu;
	struct ember_host_fault f;

	bufs[0].size = 8192;
	memset(po, 0xaa, out.size);
	CHECK_EQ(run(PROLOGUE "ldg.u32 v2, u0, v1\n"
		     "s2r.lane_id v10\nshl v4, v10, 2\niadd v4, v4, 4032\n"
		     "mov v5, 0x5555\nldg.u32 v5, u0, v4\nstg.u32 u8, v1, v5\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, a.va + 4096);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	CHECK_EQ(po[0], 0xaaaaaaaau);

	memset(pa, 0, a.size);
	CHECK_EQ(run(PROLOGUE "ldg.u32 v2, u0, v1\nstg.u32 u0, v1, v2\n"	/* page 0 cached */
		     "s2r.lane_id v10\nshl v4, v10, 2\niadd v4, v4, 4032\n"
		     "iadd v5, v10, 100\nstg.u32 u0, v4, v5\nend\n",
		     (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, a.va + 4096);
	CHECK_EQ(f.detail, EMBER_ACCESS_WRITE);
	for (unsigned int l = 0; l < 16; l++)
		CHECK_EQ(pa[1008 + l], 100 + l);
	return true;
}

/*
 * Lanes outside exec, or outside the guard, whose addresses are on an
 * unmapped page (in the descriptor's range): no fault, the active lanes'
 * accesses done. Buffers 0 and 2 have one mapped page and a range of two.
 */
static bool test_masked_lanes_unmapped(void)
{
	struct buffer a = buffer(4096), unused = buffer(4), c = buffer(4096);
	struct buffer bufs[3] = { a, unused, c };
	uint32_t *pa = a.cpu, *pc = c.cpu;
	static const char text[] = PROLOGUE
		"ldg.u32 v2, u0, v1\nstg.u32 u8, v1, v2\n"		/* page 0 of both cached */
		"s2r.lane_id v10\nshl v4, v10, 2\niadd v4, v4, 4028\n"	/* lanes 17..31: page 1 */
		"cmp.u32.lt p0, v10, 16\n"
		"if p0, L1\n"
		"ldg.u32 v5, u0, v4\nstg.u32 u8, v4, v5\n"
		"L1: endif\n"
		"@p0 ldg.u32 v6, u0, v4, 4\n"
		"iadd v7, v1, 256\n@p0 stg.u32 u8, v7, v6\n"
		"end\n";

	for (unsigned int i = 0; i < 1024; i++)
		pa[i] = i * 5 + 1;
	memset(pc, 0xaa, c.size);
	bufs[0].size = 8192;
	bufs[2].size = 8192;
	CHECK_EQ(run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		CHECK_EQ(pc[l], pa[l]);
		CHECK_EQ(pc[64 + l], l % 32 < 16 ? pa[1008 + l % 32] : 0xaaaaaaaau);
	}
	for (unsigned int l = 0; l < 17; l++)
		CHECK_EQ(pc[1007 + l], l < 16 ? pa[1007 + l] : 0xaaaaaaaau);
	return true;
}

/*
 * LDGA/STGA/ATOMGA: the VAs of buffers 0 and 1 come in push constants
 * (u0..u1, u2..u3); v0 = the global lane index. Host allocations start at
 * 4 GiB, so every address here has a non-zero high half.
 */
#define A64_PROLOGUE							\
	".local_size 64 1 1\n.push 16\n"				\
	"ldpush.u64 u0, 0\nldpush.u64 u2, 8\n"				\
	"s2r.local_index v0\ns2r.group_id_x u4\nimul u5, u4, 64\n"	\
	"iadd v0, v0, u5\n"

static int run_a64(const char *body, const struct buffer *in, const struct buffer *out,
		   uint32_t groups, struct ember_host_fault *fault)
{
	uint64_t push[2] = { in->va, out->va };
	char text[4096];

	snprintf(text, sizeof(text), A64_PROLOGUE "%s", body);
	return run(text, (uint32_t[3]){ groups, 1, 1 }, NULL, 0, push, sizeof(push), fault);
}

/* Every access type: lane l loads at in + 4 + l * size, spills 16 bytes. */
static bool test_a64_types(void)
{
	static const struct { const char *name; unsigned int size; bool sign; } types[] = {
		{ "u8", 1, false }, { "s8", 1, true }, { "u16", 2, false },
		{ "s16", 2, true }, { "u32", 4, false }, { "u64", 8, false },
		{ "b128", 16, false },
	};
	struct buffer in = buffer(4096), out = buffer(128 * 16);
	uint8_t *pi = in.cpu, *po = out.cpu;
	char body[1024];

	for (unsigned int k = 0; k < 4096; k++)
		pi[k] = (uint8_t)(k * 37 + 0x81);
	for (unsigned int t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		unsigned int size = types[t].size;

		/* Loads: the imm 4 and the negative imm of the store both apply. */
		snprintf(body, sizeof(body),
			 "mov v4, 0\nmov v5, 0\nmov v6, 0\nmov v7, 0\n"
			 "imulwide.u32 v2, v0, %u\niadd.u64 v2, v2, u0\n"
			 "ldga.%s v4, v2, 4\n"
			 "imulwide.u32 v8, v0, 16\niadd.u64 v8, v8, u2\n"
			 "iadd.u64 v8, v8, 8\nstga.b128 v8, v4, -8\nend\n",
			 size, types[t].name);
		memset(po, 0xee, out.size);
		CHECK_EQ(run_a64(body, &in, &out, 2, NULL), 0);
		for (unsigned int l = 0; l < 128; l++) {
			uint32_t want[4] = { 0, 0, 0, 0 }, got[4];

			memcpy(want, pi + 4 + l * size, size);
			if (types[t].sign && size == 1)
				want[0] = (uint32_t)(int8_t)want[0];
			if (types[t].sign && size == 2)
				want[0] = (uint32_t)(int16_t)want[0];
			memcpy(got, po + 16 * l, 16);
			if (memcmp(got, want, 16)) {
				tap_diag("ldga.%s lane %u: %08x %08x %08x %08x", types[t].name, l,
					 got[0], got[1], got[2], got[3]);
				return false;
			}
		}
		/* Stores: lane l writes the low bytes of its pattern at out + l * size. */
		snprintf(body, sizeof(body),
			 "imul v4, v0, 0x01030507\nimul v5, v0, 0x11131517\n"
			 "imul v6, v0, 0x21232527\nimul v7, v0, 0x31333537\n"
			 "imulwide.u32 v2, v0, %u\niadd.u64 v2, v2, u2\n"
			 "stga.%s v2, v4\nend\n", size, types[t].name);
		if (types[t].sign)
			continue;
		memset(po, 0xee, out.size);
		CHECK_EQ(run_a64(body, &in, &out, 2, NULL), 0);
		for (unsigned int l = 0; l < 128; l++) {
			uint32_t v[4] = { l * 0x01030507u, l * 0x11131517u, l * 0x21232527u,
					  l * 0x31333537u };

			if (memcmp(po + l * size, v, size)) {
				tap_diag("stga.%s lane %u", types[t].name, l);
				return false;
			}
		}
		for (unsigned int k = 128 * size; k < out.size; k++)
			CHECK_EQ(po[k], 0xee);
	}
	return true;
}

/*
 * Lanes across a page boundary (lane 32's u32 straddles it), divergent
 * lanes whose inactive half holds unmapped addresses, and a uniform
 * address pair.
 */
static bool test_a64_pages_divergence(void)
{
	struct buffer in = buffer(2 * 4096), out = buffer(4096);
	uint32_t *po = out.cpu;
	uint8_t *pi = in.cpu;

	for (unsigned int k = 0; k < in.size; k++)
		pi[k] = (uint8_t)(k * 13 + 7);
	CHECK_EQ(run_a64("shl v2, v0, 2\nmov v3, 0\niadd.u64 v6, v2, u2\niadd.u64 v2, v2, u0\n"
			 "ldga.u32 v4, v2, 3966\nstga.u32 v6, v4\nend\n",
			 &in, &out, 1, NULL), 0);
	for (unsigned int l = 0; l < 64; l++) {
		uint32_t want;

		memcpy(&want, pi + 3966 + 4 * l, 4);
		CHECK_EQ(po[l], want);
	}
	/* Odd lanes' address is 8 (unmapped): guarded off and in an IF. */
	memset(po, 0, out.size);
	CHECK_EQ(run_a64("shl v2, v0, 2\nmov v3, 0\niadd.u64 v2, v2, u2\n"
			 "and v5, v0, 1\ncmp.u32.eq p0, v5, 0\n"
			 "sel.u64 v2, p0, v2, 8\n"
			 "@p0 stga.u32 v2, v0\n"
			 "@p0 ldga.u32 v6, v2\n"
			 "if p0, L1\n"
			 "iadd v6, v6, 1000\nstga.u32 v2, v6, 256\n"
			 "atomga.u32.add _, v2, 5, 512\n"
			 "L1: endif\n"
			 "@!p0 atomga.u32.add _, u2, 1, 1024\nend\n",
			 &in, &out, 1, NULL), 0);
	for (unsigned int l = 0; l < 64; l += 2) {
		CHECK_EQ(po[l], l);
		CHECK_EQ(po[64 + l], l + 1000);
		CHECK_EQ(po[128 + l], 5);
		CHECK_EQ(po[l + 1], 0);
	}
	/* The uniform address: 32 odd lanes added 1 at u2 + 1024. */
	CHECK_EQ(po[256], 32);
	return true;
}

/* C reference of one atomic of ISA modifier @op on @width bits. */
static uint64_t atomic_ref(unsigned int op, unsigned int width, uint64_t old, uint64_t v,
			   uint64_t cmp)
{
	uint64_t mask = width == 64 ? ~0ull : 0xffffffffull;
	int64_t so = width == 64 ? (int64_t)old : (int32_t)old;
	int64_t sv = width == 64 ? (int64_t)v : (int32_t)v;

	switch (op) {
	case EMBER_ISA_ATOM_ADD: return (old + v) & mask;
	case EMBER_ISA_ATOM_SMIN: return (sv < so ? v : old) & mask;
	case EMBER_ISA_ATOM_UMIN: return v < old ? v : old;
	case EMBER_ISA_ATOM_SMAX: return (sv > so ? v : old) & mask;
	case EMBER_ISA_ATOM_UMAX: return v > old ? v : old;
	case EMBER_ISA_ATOM_AND: return old & v;
	case EMBER_ISA_ATOM_OR: return old | v;
	case EMBER_ISA_ATOM_XOR: return old ^ v;
	case EMBER_ISA_ATOM_XCHG: return v;
	default: return old == cmp ? v : old;
	}
}

/*
 * Every atomic operation on u32 and u64: lane l on its own slot, the old
 * value returned; cmpxchg compares with the slot's value in even lanes
 * (swaps) and with that value + 1 in odd lanes (does not). Then 128 lanes
 * adding into one word, and a misaligned atomic (dropped, returns 0).
 */
static bool test_a64_atomics(void)
{
	static const char *const ops[EMBER_ISA_NUM_ATOMIC_OPS] = {
		"add", "smin", "umin", "smax", "umax", "and", "or", "xor", "xchg", "cmpxchg",
	};
	struct buffer mem = buffer(64 * 8), out = buffer(64 * 8);
	uint32_t *po32 = out.cpu;
	char body[1024];

	for (unsigned int wide = 0; wide < 2; wide++) {
		unsigned int width = wide ? 64 : 32, size = width / 8;

		for (unsigned int op = 0; op < EMBER_ISA_NUM_ATOMIC_OPS; op++) {
			uint64_t init[64];

			for (unsigned int l = 0; l < 64; l++) {
				init[l] = (l * 0x9e3779b97f4a7c15ull) ^ (l & 4 ? 1ull << 63 : 0) ^
					  (l & 8 ? 1ull << 31 : 0);
				if (!wide)
					init[l] &= 0xffffffffu;
				memcpy((uint8_t *)mem.cpu + l * size, &init[l], size);
			}
			/* data = l * 0x9e3779b9 (zero-extended to 64 bits), compare in v8. */
			snprintf(body, sizeof(body),
				 "imulwide.u32 v2, v0, %u\niadd.u64 v2, v2, u0\n"
				 "imulwide.u32 v4, v0, 0x9e3779b9\n"
				 "ldga.%s v8, v2\nand v10, v0, 1\ncmp.u32.ne p0, v10, 0\n"
				 "@p0 iadd.%s v8, v8, 1\n"
				 "%s"
				 "atomga.%s.%s v12, v2, v4\n"
				 "imulwide.u32 v2, v0, 8\niadd.u64 v2, v2, u2\n"
				 "stga.%s v2, v12\nend\n",
				 size, wide ? "u64" : "u32", wide ? "u64" : "u32",
				 !wide ? "mov v5, v8\n" : "mov.u64 v6, v8\n",
				 wide ? "u64" : "u32", ops[op], wide ? "u64" : "u32");
			memset(out.cpu, 0xee, out.size);
			CHECK_EQ(run_a64(body, &mem, &out, 1, NULL), 0);
			for (unsigned int l = 0; l < 64; l++) {
				uint64_t v = (uint64_t)l * 0x9e3779b9u, cmp = init[l] + (l & 1);
				uint64_t got = 0, old = 0, mask = wide ? ~0ull : 0xffffffffull;

				if (!wide)
					v &= mask;
				cmp &= mask;
				memcpy(&got, (uint8_t *)mem.cpu + l * size, size);
				memcpy(&old, (uint8_t *)out.cpu + 8 * l, size);
				if (got != atomic_ref(op, width, init[l], v, cmp) || old != init[l]) {
					tap_diag("atomga.u%u.%s lane %u: memory 0x%llx old 0x%llx",
						 width, ops[op], l, (unsigned long long)got,
						 (unsigned long long)old);
					return false;
				}
			}
		}
	}
	/* 128 lanes add into one word; a misaligned atomic does nothing. */
	memset(mem.cpu, 0, mem.size);
	memset(out.cpu, 0xee, out.size);
	CHECK_EQ(run_a64("atomga.u32.add _, u0, 3\natomga.u64.add _, u0, 1, 8\n"
			 "mov v2, 1\nmov v3, 0\niadd.u64 v2, v2, u0\n"
			 "atomga.u32.add v7, v2, 9, 16\n"
			 "imulwide.u32 v4, v0, 4\niadd.u64 v4, v4, u2\nstga.u32 v4, v7\nend\n",
			 &mem, &out, 2, NULL), 0);
	CHECK_EQ(((uint32_t *)mem.cpu)[0], 128 * 3);
	CHECK_EQ(((uint64_t *)mem.cpu)[1], 128);
	CHECK_EQ(((uint32_t *)mem.cpu)[4], 0);
	CHECK_EQ(((uint32_t *)mem.cpu)[5], 0);
	CHECK_EQ(po32[0], 0);
	CHECK_EQ(po32[127], 0);
	return true;
}

/*
 * Faults: the same records as LDG's, at the faulting byte; the address's
 * high half matters; inactive lanes with bad addresses never fault.
 */
static bool test_a64_faults(void)
{
	struct buffer in = buffer(2 * 4096), out = buffer(4096);
	struct ember_host_fault f;

	/* The guard page after an allocation. */
	CHECK_EQ(run_a64("iadd.u64 v2, u0, 8192\nldga.u32 v4, v2\nend\n", &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, in.va + 8192);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	CHECK_EQ(run_a64("stga.u64 u0, 0, 8192\nend\n", &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, in.va + 8192);
	CHECK_EQ(f.detail, EMBER_ACCESS_WRITE);
	/* Straddling into the guard page: the fault is at its first byte. */
	CHECK_EQ(run_a64("ldga.u32 v4, u0, 8190\nend\n", &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, in.va + 8192);
	/* Lane 5 only, per-lane path. */
	CHECK_EQ(run_a64("cmp.u32.eq p0, v0, 5\nmov.u64 v2, u0\n"
			 "@p0 iadd.u64 v2, v2, 0x10000\natomga.u32.or _, v2, 1\nend\n",
			 &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, in.va + 0x10000);
	CHECK_EQ(f.detail, EMBER_ACCESS_READ | EMBER_ACCESS_WRITE);
	/* The low half alone (VA - 4 GiB) is not mapped: the high half counts. */
	CHECK_EQ(run_a64("mov v2, u0\nmov v3, 0\nldga.u32 v4, v2\nend\n", &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, in.va & 0xffffffffu);
	/* Past the VA width, and wrapping past 2^64 with the immediate. */
	CHECK_EQ(run_a64("mov v2, 0xfffff000\nmov v3, 0xffffffff\nldga.b128 v4, v2, 0xff8\nend\n",
			 &in, &out, 1, &f), -1);
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.va, 0xfffffffffffffff8ull);
	/* The runner recovers; an untouched inactive lane's bad address is fine. */
	CHECK_EQ(run_a64("mov v2, 16\nmov v3, 0\ncmp.u32.lt p0, v0, 200\n@!p0 ldga.u32 v4, v2\n"
			 "stga.u32 u2, 42\nend\n", &in, &out, 1, NULL), 0);
	CHECK_EQ(((uint32_t *)out.cpu)[0], 42);
	return true;
}

static uint32_t r_add_12345(uint32_t a) { return a + 12345; }

/*
 * Background compiles (ember-gpu's default): a new program's dispatches
 * run on the interpreter until the JIT's compiler thread has its code,
 * then on the code; every one of them must give the right results.
 */
static bool test_background_jit(void)
{
	uint64_t before = ember_host_jit_compile_ns();
	unsigned int runs = 0;
	bool ok = true;

	if (guest_shader_jit() != EMBER_SHADER_JIT_SYNC || !ember_host_has_shader_jit())
		return true;
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_BACKGROUND);
	/* A program no other test runs, so it is compiled here; 60 s at most. */
	while (ok && ember_host_jit_compile_ns() == before && runs < 6000) {
		ok = check_unop("iadd v4, v2, 12345", r_add_12345, false, 0);
		runs++;
		if (ember_host_jit_compile_ns() == before)
			usleep(10000);
	}
	/* Now on the native code. */
	ok = ok && check_unop("iadd v4, v2, 12345", r_add_12345, false, 0);
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_SYNC);
	CHECK(ok);
	CHECK(ember_host_jit_compile_ns() > before);
	tap_diag("%u dispatches before the background compile was done", runs);
	return true;
}

/*
 * A program of about 900 instructions, whose compile takes LLVM the best
 * part of a second.
 */
static char *long_program(void)
{
	static const char *const ops[] = { "iadd", "imul", "xor", "ffma", "fmul", "imin" };
	size_t size = 64 * 1024, used;
	char *text = malloc(size);

	if (!text)
		return NULL;
	used = (size_t)snprintf(text, size, PROLOGUE "ldg.u32 v2, u0, v1\n");
	/* A web of eight registers, so that LLVM cannot fold it away. */
	for (unsigned int k = 0; k < 900; k++) {
		unsigned int d = 2 + k % 8, a = 2 + (k + 3) % 8, b = 2 + (k * 5 + 1) % 8;

		if (k % 6 == 3)
			used += (size_t)snprintf(text + used, size - used, "ffma v%u, v%u, v%u, %u\n",
						 d, a, b, k);
		else
			used += (size_t)snprintf(text + used, size - used, "%s v%u, v%u, v%u\n",
						 ops[k % 6], d, a, b);
	}
	snprintf(text + used, size - used, "stg.u32 u8, v1, v2\nend\n");
	return text;
}

/*
 * long_program() itself on the JIT (compiled at once) and on the
 * interpreter: the same results, and it was compiled. Its background
 * compile in test_exit_while_compiling()'s child used to die with "LLVM
 * ERROR: Do not know how to promote this operator!" (and other LLVM
 * errors, or SIGSEGV): not the program, LLVM used after exit() had freed
 * some of its statics (jit.c's DOC, "Exit"). This keeps the program's own
 * compile covered.
 */
static bool test_long_program(void)
{
	struct buffer in = buffer(4096), unused = buffer(4), out = buffer(4096);
	struct buffer bufs[3] = { in, unused, out };
	uint64_t before = ember_host_jit_compile_ns();
	char *text = long_program();
	uint32_t jit_out[1024];
	bool ok;

	CHECK(text != NULL);
	if (guest_shader_jit() != EMBER_SHADER_JIT_SYNC || !ember_host_has_shader_jit()) {
		free(text);
		return true;
	}
	for (unsigned int i = 0; i < 1024; i++)
		((uint32_t *)in.cpu)[i] = i * 2654435761u;
	memset(out.cpu, 0, out.size);
	ok = run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL) == 0;
	memcpy(jit_out, out.cpu, sizeof(jit_out));
	memset(out.cpu, 0, out.size);
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_OFF);
	ok = ok && run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL) == 0;
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_SYNC);
	free(text);
	CHECK(ok);
	for (unsigned int i = 0; i < 64; i++)
		CHECK_EQ(jit_out[i], ((uint32_t *)out.cpu)[i]);
	CHECK(ember_host_jit_compile_ns() > before);
	return true;
}

/*
 * The child of test_exit_while_compiling(): a new program's first dispatch
 * queues it for the background compiler, and the process ends while LLVM
 * works on it, as ember-gpu does when stopped right after a dispatch.
 */
static int exit_while_compiling(void)
{
	struct buffer in, unused, out;
	char *text;

	host = ember_host_create(0);
	if (!host)
		return 2;
	in = buffer(4096);
	unused = buffer(4);
	out = buffer(4096);
	text = long_program();
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_BACKGROUND);
	if (!text || run(text, (uint32_t[3]){ 1, 1, 1 }, (struct buffer[3]){ in, unused, out },
			 3, NULL, 0, NULL))
		return 3;
	free(text);
	/* The compiler thread has the program by now, deep in LLVM. */
	usleep(50000);
	ember_host_destroy(host);
	return 0;
}

/*
 * Exit while the compiler thread compiles: the process must end cleanly
 * (the thread is stopped before LLVM's static destructors run; it used to
 * crash ember-gpu at shutdown now and then). Each run is this binary again,
 * as "test_shader --exit-while-compiling".
 */
static bool test_exit_while_compiling(void)
{
	if (guest_shader_jit() != EMBER_SHADER_JIT_SYNC || !ember_host_has_shader_jit())
		return true;
	for (unsigned int k = 0; k < 3; k++) {
		char *argv[] = { "test_shader", "--exit-while-compiling", NULL };
		int status;
		pid_t pid;

		CHECK_EQ(posix_spawn(&pid, "/proc/self/exe", NULL, NULL, argv, environ), 0);
		CHECK_EQ(waitpid(pid, &status, 0), pid);
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			tap_diag("run %u: %s %d", k, WIFEXITED(status) ? "exit status" : "signal",
				 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			return false;
		}
	}
	return true;
}

/*
 * The child of test_llvm_fatal_error(), with EMBER_SHADER_JIT_INJECT=fatal
 * and EMBER_SHADER_GENERIC=1 (jit.c's inject_fatal()): the first compile
 * hits an LLVM fatal error in code generation. The process must live on,
 * with the program and the next one right on the interpreter and no code
 * compiled (the JIT is off for the process after a fatal error).
 */
static int llvm_fatal_error(void)
{
	struct buffer in, unused, out;
	struct buffer bufs[3];

	host = ember_host_create(0);
	if (!host)
		return 2;
	in = buffer(4096);
	unused = buffer(4);
	out = buffer(4096);
	bufs[0] = in;
	bufs[1] = unused;
	bufs[2] = out;
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_SYNC);
	for (unsigned int k = 0; k < 2; k++) {
		char text[512];

		for (unsigned int i = 0; i < 1024; i++)
			((uint32_t *)in.cpu)[i] = i;
		snprintf(text, sizeof(text), PROLOGUE "ldg.u32 v2, u0, v1\niadd v2, v2, %u\n"
			 "stg.u32 u8, v1, v2\nend\n", 1000 + k);
		if (run(text, (uint32_t[3]){ 1, 1, 1 }, bufs, 3, NULL, 0, NULL))
			return 3;
		for (unsigned int i = 0; i < 64; i++)
			if (((uint32_t *)out.cpu)[i] != i + 1000 + k)
				return 4;
	}
	if (ember_host_jit_compile_ns())
		return 5;
	ember_host_destroy(host);
	return 0;
}

/*
 * An LLVM fatal error while compiling (report_fatal_error(), which aborts
 * once its handler returns) must not end the device: jit.c's net turns it
 * into a failed compile. Injected in a child process (the JIT stays off
 * there afterwards): "test_shader --llvm-fatal-error".
 */
static bool test_llvm_fatal_error(void)
{
	char *argv[] = { "test_shader", "--llvm-fatal-error", NULL };
	const char *asan = getenv("ASAN_OPTIONS");
	char *env[256], leaks[1024];
	unsigned int n = 0;
	int status, ret;
	pid_t pid;

	if (guest_shader_jit() != EMBER_SHADER_JIT_SYNC || !ember_host_has_shader_jit())
		return true;
	/*
	 * Ours, then this process's environment. The module of the failed
	 * compile is left to leak (jit.c): no leak report for it.
	 */
	env[n++] = "EMBER_SHADER_JIT_INJECT=fatal";
	env[n++] = "EMBER_SHADER_GENERIC=1";
	snprintf(leaks, sizeof(leaks), "ASAN_OPTIONS=%s%sdetect_leaks=0", asan ? asan : "",
		 asan ? ":" : "");
	env[n++] = leaks;
	for (char **e = environ; *e && n < 255; e++)
		if (strncmp(*e, "ASAN_OPTIONS=", 13) && strncmp(*e, "EMBER_SHADER_", 13))
			env[n++] = *e;
	env[n] = NULL;
	ret = posix_spawn(&pid, "/proc/self/exe", NULL, NULL, argv, env);
	CHECK_EQ(ret, 0);
	CHECK_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		tap_diag("%s %d", WIFEXITED(status) ? "exit status" : "signal",
			 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		return false;
	}
	return true;
}

/* A small deterministic generator for the random programs. */
static uint32_t rng_next(uint64_t *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*state >> 33);
}

static struct ember_isa_operand random_operand(uint64_t *rng, uint16_t spec,
					       unsigned int regs)
{
	uint8_t kinds[5];
	unsigned int n = 0;

	if (spec & EMBER_ISA_K_V)
		kinds[n++] = EMBER_ISA_VREG;
	if (spec & EMBER_ISA_K_U)
		kinds[n++] = EMBER_ISA_UREG;
	if (spec & EMBER_ISA_K_I)
		kinds[n++] = EMBER_ISA_IMM;
	if (spec & EMBER_ISA_K_P)
		kinds[n++] = EMBER_ISA_PRED;
	if (!spec || (spec & EMBER_ISA_K_OPT))
		kinds[n++] = EMBER_ISA_NONE;
	switch (kinds[rng_next(rng) % n]) {
	case EMBER_ISA_VREG:
		return (struct ember_isa_operand) { EMBER_ISA_VREG, (uint8_t)(rng_next(rng) % 60 / regs * regs), 0 };
	case EMBER_ISA_UREG:
		return (struct ember_isa_operand) { EMBER_ISA_UREG, (uint8_t)(rng_next(rng) % 24 / regs * regs), 0 };
	case EMBER_ISA_PRED:
		return (struct ember_isa_operand) { EMBER_ISA_PRED, (uint8_t)(rng_next(rng) % 7), 0 };
	case EMBER_ISA_IMM: {
		/* Interesting values more often than uniform ones. */
		static const uint32_t edge[] = { 0, 1, 0xffffffffu, 0x80000000u, 31, 32, 0x7f800000u,
						 0x7fc00000u, 0xff800000u, 3 };
		uint32_t r = rng_next(rng);

		return (struct ember_isa_operand) { EMBER_ISA_IMM, 0, r & 1 ? edge[r % 10] : rng_next(rng) };
	}
	default:
		return (struct ember_isa_operand) { 0 };
	}
}

/*
 * Random legal straight-line programs (every opcode but control flow,
 * LDU, ATOMG, LDDESC and images, random operands, types, modifiers and
 * guards, edge-case immediates; LDG/STG address a scratch page through
 * the descriptor u24..u27, LDGA/STGA/ATOMGA through the pair u24..u25,
 * which nothing else writes): the core must run them to the end without a
 * fault or a host crash (no trap on division by zero, INT_MIN / -1, NaN to
 * int...). EMBER_TEST_RANDOM_PROGRAMS=N runs N programs instead of 32.
 * Every other program (without float operations, whose NaN payloads are
 * unspecified) also runs a second time with "@!p7" (p7 is never written,
 * so all lanes) on every instruction that takes a guard: that forces the
 * general handlers instead of the fast forms, and the registers dumped at
 * the end must be the same bits.
 *
 * With the shader JIT on (the default lanes), every program also runs on
 * the interpreter: registers, predicates, shared memory, scratch and the
 * memory page must come out the same as from the native code, bit for bit
 * but for NaN payloads in the float programs (either may commute a float
 * operation, ISA leaves them open); where such a payload flows on into
 * integer bits, the two may part only at that float operation
 * (nan_payload_divergence()).
 */
#define RANDOM_INSNS	300
#define DUMP_LANES	48
/*
 * The state a random program leaves, row by row of DUMP_LANES words:
 * v0..v59, u0..u23, p0..p6 (0 or 1 per lane), shared memory's 256 bytes
 * (lane l's dword l, then dword 16 + l) and each lane's 64 scratch bytes.
 */
#define DUMP_VREGS	60
#define DUMP_UREGS	24
#define DUMP_PREDS	7
#define DUMP_SHARED	2
#define DUMP_SCRATCH	16
#define DUMP_ROWS	(DUMP_VREGS + DUMP_UREGS + DUMP_PREDS + DUMP_SHARED + DUMP_SCRATCH)
#define DUMP_TAIL	(3 + 2 * DUMP_ROWS + 2 * DUMP_PREDS + DUMP_SHARED + DUMP_SCRATCH + 1)

static int run_random(const struct ember_isa_insn *insns, unsigned int n, bool guard_all,
		      struct buffer *dump, const struct buffer *mem)
{
	struct ember_isa_header h = {
		.num_vregs = 64, .num_uregs = 32, .num_pregs = 8, .shared_bytes = 256,
		.scratch_bytes = 64, .local_size = { DUMP_LANES, 1, 1 }, .push_bytes = 16,
		.num_resources = 1,
	};
	struct ember_isa_resource res = { .set = 0, .kind = EMBER_ISA_RES_STORAGE_BUFFER,
					  .binding = 0, .slot = 0, .count = 1 };
	uint32_t push[4] = { 1, 2, 3, 4 };
	static uint8_t code[(RANDOM_INSNS + 4 + DUMP_TAIL) * 16];
	struct ember_isa_insn tail[DUMP_TAIL];
	unsigned int m = 0, t = 0;
	struct ember_host_fault f;
	void *bin;
	size_t size;
	int ret;

	/*
	 * u24..u27 = a buffer descriptor of the memory page: its VA (also
	 * the 64-bit address forms' base), range, flags.
	 */
	for (unsigned int k = 0; k < 4; k++) {
		uint32_t value[4] = { (uint32_t)mem->va, (uint32_t)(mem->va >> 32),
				      (uint32_t)mem->size, 0 };
		struct ember_isa_insn mov = {
			.opcode = EMBER_ISA_OP_MOV, .dst = { EMBER_ISA_UREG, (uint8_t)(24 + k), 0 },
			.src = { { EMBER_ISA_IMM, 0, value[k] } },
		};

		if (ember_isa_encode(&mov, code + 16 * m++))
			return -99;
	}
	for (unsigned int i = 0; i < n; i++) {
		struct ember_isa_insn insn = insns[i];

		if (guard_all && !insn.guard) {
			insn.guard = true;
			insn.guard_negate = true;
			insn.guard_pred = 7;
			if (ember_isa_check(&insn))
				insn = insns[i];
		}
		if (ember_isa_encode(&insn, code + 16 * m++))
			return -100;
	}
	/* Dump the state (DUMP_ROWS): word (r * DUMP_LANES + lane). */
#define INSN(...) (tail[t++] = (struct ember_isa_insn) { __VA_ARGS__ })
#define V(i) { EMBER_ISA_VREG, (i), 0 }
#define U(i) { EMBER_ISA_UREG, (i), 0 }
#define I(x) { EMBER_ISA_IMM, 0, (x) }
	INSN(.opcode = EMBER_ISA_OP_LDDESC, .dst = U(28), .src = { I(0), I(0) });
	INSN(.opcode = EMBER_ISA_OP_S2R, .mod = EMBER_ISA_SR_LOCAL_INDEX, .dst = V(60));
	INSN(.opcode = EMBER_ISA_OP_SHL, .dst = V(61), .src = { V(60), I(2) });
	for (unsigned int r = 0; r < DUMP_ROWS; r++) {
		unsigned int k = r - DUMP_VREGS - DUMP_UREGS - DUMP_PREDS;
		struct ember_isa_operand data = V(63);

		if (r < DUMP_VREGS) {
			data = (struct ember_isa_operand)V(r);
		} else if (r < DUMP_VREGS + DUMP_UREGS) {
			data = (struct ember_isa_operand)U(r - DUMP_VREGS);
		} else if (r < DUMP_VREGS + DUMP_UREGS + DUMP_PREDS) {
			INSN(.opcode = EMBER_ISA_OP_MOV, .dst = V(63), .src = { I(0) });
			INSN(.opcode = EMBER_ISA_OP_MOV, .guard = true,
			     .guard_pred = (uint8_t)(r - DUMP_VREGS - DUMP_UREGS), .dst = V(63),
			     .src = { I(1) });
		} else if (k < DUMP_SHARED) {
			INSN(.opcode = EMBER_ISA_OP_LDS, .type = EMBER_ISA_U32, .dst = V(63),
			     .src = { V(61), I(k * 64) });
		} else {
			INSN(.opcode = EMBER_ISA_OP_LDSCR, .type = EMBER_ISA_U32, .dst = V(63),
			     .src = { I((k - DUMP_SHARED) * 4) });
		}
		INSN(.opcode = EMBER_ISA_OP_IADD, .dst = V(62), .src = { V(61), I(r * DUMP_LANES * 4) });
		INSN(.opcode = EMBER_ISA_OP_STG, .src = { U(28), V(62), data });
	}
	INSN(.opcode = EMBER_ISA_OP_END);
	for (unsigned int i = 0; i < t; i++)
		if (ember_isa_encode(&tail[i], code + 16 * m++))
			return -101;
	if (ember_isa_shader_build(&h, &res, code, m, &bin, &size))
		return -102;
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = bin, .shader_size = size, .push_constants = push,
		.push_size = 16, .groups = { 1, 1, 1 },
		.bindings = &(struct ember_host_binding) { .va = dump->va, .range = dump->size },
		.binding_count = 1,
	}, &f);
	free(bin);
	if (ret)
		tap_diag("ret %d fault %u detail 0x%x va 0x%llx", ret, f.kind, f.detail,
			 (unsigned long long)f.va);
	return ret;
#undef INSN
#undef V
#undef U
#undef I
}

/* Float results: NaN payloads may differ between the two handler paths. */
static bool is_float_op(const struct ember_isa_insn *insn)
{
	const struct ember_isa_opinfo *info = ember_isa_opinfo(insn->opcode);

	return insn->type == EMBER_ISA_F32 || info->types == EMBER_ISA_T(F32) ||
	       insn->opcode == EMBER_ISA_OP_F16F || insn->opcode == EMBER_ISA_OP_F2F16 ||
	       insn->opcode == EMBER_ISA_OP_F2I;
}

/* Words equal, or (@nan_ok) both NaN as floats. */
static bool same_bits(uint32_t x, uint32_t y, bool nan_ok)
{
	return x == y || (nan_ok && isnan(fval(x)) && isnan(fval(y)));
}

/* Row @r of the dump (DUMP_ROWS), as text. */
static const char *dump_row_name(size_t r, char *buf, size_t len)
{
	if (r < DUMP_VREGS)
		snprintf(buf, len, "v%zu", r);
	else if ((r -= DUMP_VREGS) < DUMP_UREGS)
		snprintf(buf, len, "u%zu", r);
	else if ((r -= DUMP_UREGS) < DUMP_PREDS)
		snprintf(buf, len, "p%zu", r);
	else if ((r -= DUMP_PREDS) < DUMP_SHARED)
		snprintf(buf, len, "shared dword %zu +", 16 * r);
	else
		snprintf(buf, len, "scratch dword %zu", r - DUMP_SHARED);
	return buf;
}

#define RANDOM_PAGE	4096

/*
 * The state a run leaves: its dump, and a copy of the memory page (the
 * page itself is one, @page: its address is in the program's registers).
 */
struct random_state {
	struct buffer dump;
	const struct buffer *page;
	uint32_t mem[RANDOM_PAGE / 4];
};

/* The first @n instructions on the JIT (@jit) or the interpreter, into @out. */
static bool run_prefix(const struct ember_isa_insn *insns, unsigned int n, bool jit,
		       struct random_state *out)
{
	bool ok;

	memset(out->dump.cpu, 0xee, out->dump.size);
	memset(out->page->cpu, 0x5a, out->page->size);
	if (!jit)
		ember_host_set_shader_jit(host, EMBER_HOST_JIT_OFF);
	ok = run_random(insns, n, false, &out->dump, out->page) == 0;
	ember_host_set_shader_jit(host, EMBER_HOST_JIT_SYNC);
	memcpy(out->mem, out->page->cpu, sizeof(out->mem));
	return ok;
}

/*
 * The first word where @x and @y differ (@nan_ok: but for NaN payloads),
 * counting the dump's words first, then the memory page's; -1 if none.
 */
static long first_difference(const struct random_state *x, const struct random_state *y,
			     bool nan_ok)
{
	size_t words = x->dump.size / 4;

	for (size_t w = 0; w < words; w++)
		if (!same_bits(((uint32_t *)x->dump.cpu)[w], ((uint32_t *)y->dump.cpu)[w], nan_ok))
			return (long)w;
	for (size_t w = 0; w < RANDOM_PAGE / 4; w++)
		if (!same_bits(x->mem[w], y->mem[w], nan_ok))
			return (long)(words + w);
	return -1;
}

static void print_difference(unsigned int prog, const struct random_state *x,
			     const struct random_state *y, long w)
{
	size_t words = x->dump.size / 4;
	char name[32];

	if ((size_t)w < words)
		tap_diag("program %u: %s lane %zu: jit 0x%08x, interpreter 0x%08x", prog,
			 dump_row_name((size_t)w / DUMP_LANES, name, sizeof(name)),
			 (size_t)w % DUMP_LANES, ((uint32_t *)x->dump.cpu)[w],
			 ((uint32_t *)y->dump.cpu)[w]);
	else
		tap_diag("program %u: memory word %zu: jit 0x%08x, interpreter 0x%08x", prog,
			 (size_t)w - words, x->mem[(size_t)w - words], y->mem[(size_t)w - words]);
}

/*
 * Whether a float program's JIT and interpreter runs part only where the
 * ISA lets them: a NaN's payload is unspecified (which input's, or the
 * default), and a NaN's bits may then flow into integer operations,
 * memory and everything after, so the end states say nothing. Bisection
 * over the program's prefixes finds the instruction k whose execution
 * makes the two states differ (the first k leave them bit-identical, the
 * first k + 1 do not); the runs may part there only if k is a float
 * operation and every word it made differ is a NaN on both sides.
 */
static bool nan_payload_divergence(const struct ember_isa_insn *insns, unsigned int n,
				   unsigned int prog, struct random_state *jit,
				   struct random_state *interp)
{
	unsigned int same = 0, differ = n, k;
	char line[256];
	long w;

	while (differ - same > 1) {
		unsigned int mid = same + (differ - same) / 2;

		if (!run_prefix(insns, mid, true, jit) || !run_prefix(insns, mid, false, interp))
			return false;
		if (first_difference(jit, interp, false) >= 0)
			differ = mid;
		else
			same = mid;
	}
	k = differ - 1;
	if (!run_prefix(insns, differ, true, jit) || !run_prefix(insns, differ, false, interp))
		return false;
	w = first_difference(jit, interp, false);
	if (ember_isa_format(&insns[k], line, sizeof(line)) < 0)
		line[0] = 0;
	if (w < 0) {
		tap_diag("program %u: no prefix differs (the whole program does)", prog);
		return false;
	}
	if (is_float_op(&insns[k]) && first_difference(jit, interp, true) < 0) {
		tap_diag("program %u: JIT and interpreter part at %u (%s) on a NaN payload,"
			 " which the ISA leaves open", prog, k, line);
		return true;
	}
	tap_diag("program %u: JIT and interpreter part at instruction %u: %s", prog, k, line);
	print_difference(prog, jit, interp, first_difference(jit, interp, true));
	return false;
}

/*
 * Program @prog on the interpreter (into @interp): the same state as the
 * JIT's (@jit, which the check may overwrite); in a float program (@floats)
 * NaN payloads may differ, and where they flow into other bits
 * (nan_payload_divergence()) the rest is not compared.
 */
static bool check_on_interpreter(const struct ember_isa_insn *insns, unsigned int n,
				 unsigned int prog, bool floats, struct random_state *jit,
				 struct random_state *interp)
{
	long w;

	CHECK(run_prefix(insns, n, false, interp));
	w = first_difference(jit, interp, floats);
	if (w < 0)
		return true;
	if (floats && nan_payload_divergence(insns, n, prog, jit, interp))
		return true;
	if (!floats)
		print_difference(prog, jit, interp, w);
	return false;
}

/* The first program run: EMBER_TEST_RANDOM_FIRST, to replay a failure; else 0. */
static unsigned int random_first(void)
{
	const char *n = getenv("EMBER_TEST_RANDOM_FIRST");

	return n ? (unsigned int)strtoul(n, NULL, 10) : 0;
}

/* A failing random program, as text, to reproduce it by hand. */
static void print_program(const struct ember_isa_insn *insns, unsigned int n)
{
	char line[256];

	for (unsigned int k = 0; k < n; k++)
		if (ember_isa_format(&insns[k], line, sizeof(line)) >= 0)
			tap_diag("%3u: %s", k, line);
}

/* 32 programs, or EMBER_TEST_RANDOM_PROGRAMS of them (a longer run). */
static unsigned int random_programs(void)
{
	const char *n = getenv("EMBER_TEST_RANDOM_PROGRAMS");
	unsigned long v = n ? strtoul(n, NULL, 10) : 0;

	return v ? (unsigned int)v : 32;
}

/* Random programs @first .. @programs - 1 (the ones before @first only generated). */
static bool random_programs_from(unsigned int first, unsigned int programs)
{
	uint64_t rng = 0x5eed;
	size_t dump_size = DUMP_ROWS * DUMP_LANES * 4;
	struct buffer b = buffer(dump_size), mem = buffer(RANDOM_PAGE);
	static struct random_state on_jit, on_interpreter;
	struct buffer a = on_jit.dump = buffer(dump_size);
	uint64_t compiled = ember_host_jit_compile_ns();
	bool jit = guest_shader_jit() == EMBER_SHADER_JIT_SYNC;
	unsigned int executed = 0, differential = 0;

	on_interpreter.dump = buffer(dump_size);
	on_jit.page = on_interpreter.page = &mem;

	for (unsigned int prog = 0; prog < programs; prog++) {
		/* Even programs: every opcode; odd ones: no floats, compared. */
		bool compare = prog & 1;
		struct ember_isa_insn insns[RANDOM_INSNS];
		unsigned int n = 0;

		while (n < RANDOM_INSNS) {
			unsigned int op = rng_next(&rng) % EMBER_ISA_NUM_OPCODES;
			const struct ember_isa_opinfo *info = ember_isa_opinfo(op);
			struct ember_isa_insn insn = { .opcode = (uint8_t)op };

			if ((info->flags & EMBER_ISA_F_CONTROL) || op == EMBER_ISA_OP_LDU ||
			    op == EMBER_ISA_OP_ATOMG || op == EMBER_ISA_OP_LDDESC)
				continue;
			/* Images need descriptors: test_image.c and the fuzzer. */
			if (op >= EMBER_ISA_OP_LDIMGDESC)
				continue;
			do
				insn.type = (uint8_t)(rng_next(&rng) % EMBER_ISA_NUM_TYPES);
			while (!(info->types & (1u << insn.type)));
			insn.mod = (uint8_t)(rng_next(&rng) % 20);
			if (rng_next(&rng) % 5 == 0) {
				insn.guard = true;
				insn.guard_negate = rng_next(&rng) & 1;
				insn.guard_pred = (uint8_t)(rng_next(&rng) % 7);
			}
			insn.dst = random_operand(&rng, info->operand[0], 4);
			for (int i = 0; i < 3; i++)
				insn.src[i] = random_operand(&rng, info->operand[i + 1], 4);
			if (op == EMBER_ISA_OP_SGREDUCE)
				insn.src[1].imm = 1u << (rng_next(&rng) % 6);
			if (op == EMBER_ISA_OP_LDG || op == EMBER_ISA_OP_STG) {
				/*
				 * The page's descriptor; an immediate offset anywhere
				 * in it (b128 included), a register one mostly out of
				 * range (robust: zeros, dropped stores).
				 */
				insn.src[0] = (struct ember_isa_operand) { EMBER_ISA_UREG, 24, 0 };
				for (int k = 1; k < 3; k++)
					if (insn.src[k].kind == EMBER_ISA_IMM &&
					    (k == 1 || op == EMBER_ISA_OP_LDG))
						insn.src[k].imm = rng_next(&rng) % (4096 - 16);
			}
			if (op == EMBER_ISA_OP_LDGA || op == EMBER_ISA_OP_STGA ||
			    op == EMBER_ISA_OP_ATOMGA) {
				unsigned int imm = op == EMBER_ISA_OP_LDGA ? 1 : 2;

				/* Anywhere in the page, b128 included. */
				insn.src[0] = (struct ember_isa_operand) { EMBER_ISA_UREG, 24, 0 };
				if (insn.src[imm].kind == EMBER_ISA_IMM)
					insn.src[imm].imm = rng_next(&rng) % (4096 - 16);
			}
			/* p7 stays zero: the second run guards with it. */
			if (insn.dst.kind == EMBER_ISA_PRED && insn.dst.index == 7)
				continue;
			if (compare && is_float_op(&insn))
				continue;
			/* A compute dispatch: the graphics special registers are not. */
			if (!ember_isa_check(&insn) &&
			    !ember_isa_check_stage(&insn, EMBER_ISA_STAGE_COMPUTE))
				insns[n++] = insn;
		}
		/* EMBER_TEST_RANDOM_FIRST=N: replay from program N (the ones before only generated). */
		if (prog < first)
			continue;
		executed += n;
		CHECK(run_prefix(insns, n, true, &on_jit));
		/* The JIT ran it (it compiles at the first dispatch): now the interpreter. */
		if (jit && ember_host_jit_compile_ns() > compiled) {
			if (!check_on_interpreter(insns, n, prog, !compare, &on_jit, &on_interpreter)) {
				print_program(insns, n);
				return false;
			}
			differential++;
		}
		if (!compare)
			continue;
		memset(b.cpu, 0xee, dump_size);
		memset(mem.cpu, 0x5a, mem.size);
		CHECK_EQ(run_random(insns, n, true, &b, &mem), 0);
		for (size_t w = 0; w < dump_size / 4; w++) {
			uint32_t x = ((uint32_t *)a.cpu)[w], y = ((uint32_t *)b.cpu)[w];

			if (x != y) {
				char name[32];

				tap_diag("program %u: %s lane %zu: fast 0x%08x, general 0x%08x",
					 prog, dump_row_name(w / DUMP_LANES, name, sizeof(name)),
					 w % DUMP_LANES, x, y);
				return false;
			}
		}
	}
	tap_diag("%u random instructions executed, half of them twice with equal results",
		 executed);
	tap_diag("%u of %u programs compiled and compared with the interpreter", differential,
		 programs);
	/* On the JIT's lanes every program must have been compiled and compared. */
	return !jit || !ember_host_has_shader_jit() ||
	       differential == programs - (programs < first ? programs : first);
}

static bool test_random_programs(void)
{
	return random_programs_from(random_first(), random_programs());
}

/*
 * Program 180 parts JIT and interpreter at an FFMA of two NaNs (u4 =
 * 0x7fc00001 and the literal 0x7fc00000): the JIT returns one payload,
 * the interpreter the other, both as the ISA allows, and the bits flow
 * into integer registers and shared memory; the differential check must
 * find that divergence point and accept it.
 */
static bool test_random_nan_payload(void)
{
	return random_programs_from(180, 181);
}

/*
 * The core's page cache (sc_host_page_index()): a run of SC_HOST_PAGES
 * pages, aligned or not, fills each slot once, and two or three streams
 * walked in step never take the same slot when they are a power of two
 * of pages apart (buffers packed back to back, as the Vulkan driver
 * allocates them: the copy kernel's source and destination 64 MiB apart)
 * or a power of two plus one (buffers of 2^k pages with a guard page
 * after each, as the host allocator of the shader benchmarks and tests
 * places them: 16 MiB + 4 KiB). With the plain page number modulo the
 * size, every stream that many pages or more apart took the other's
 * slot; with the 64-entry cache's fold of 6-bit fields, 16 MiB streams
 * with a guard page did, and the copy kernel's source and destination
 * evicted each other at every access (4.5 translations a page).
 */
static bool test_page_cache_index(void)
{
	const uint64_t bases[] = { 0x100000, 0x7f0000000, 0x123440 };
	static bool seen[SC_HOST_PAGES];

	for (unsigned int b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
		memset(seen, 0, sizeof(seen));
		for (uint64_t i = 0; i < SC_HOST_PAGES; i++) {
			unsigned int s = sc_host_page_index(bases[b] + i);

			if (s >= SC_HOST_PAGES || seen[s]) {
				tap_diag("pages %#llx + 0..%u: page %llu takes slot %u twice",
					 (unsigned long long)bases[b], SC_HOST_PAGES - 1,
					 (unsigned long long)i, s);
				return false;
			}
			seen[s] = true;
		}
		/* Up to the largest distance two more streams fit in 48-bit VAs. */
		for (unsigned int k = 0; k < 34; k++) {
			for (unsigned int guard = 0; guard < 2; guard++) {
				uint64_t apart = (1ull << k) + guard;

				for (uint64_t i = 0; i < 4 * SC_HOST_PAGES; i++) {
					uint64_t a = bases[b] + i;
					unsigned int s0 = sc_host_page_index(a);
					unsigned int s1 = sc_host_page_index(a + apart);
					unsigned int s2 = sc_host_page_index(a + 2 * apart);

					if (s0 == s1 || s0 == s2 || s1 == s2) {
						tap_diag("pages %#llx, +%#llx, +2 x %#llx share a slot",
							 (unsigned long long)a,
							 (unsigned long long)apart,
							 (unsigned long long)apart);
						return false;
					}
				}
			}
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--exit-while-compiling"))
		return exit_while_compiling();
	if (argc == 2 && !strcmp(argv[1], "--llvm-fatal-error"))
		return llvm_fatal_error();
	host = ember_host_create(0);
	if (!host) {
		tap_result(false, "host-create");
		return tap_finish();
	}
	tap_result(test_alu_binary(), "alu-binary");
	tap_result(test_alu_unary(), "alu-unary");
	tap_result(test_alu_64bit(), "alu-64bit");
	tap_result(test_divergence(), "divergence");
	tap_result(test_uniform_branches(), "uniform-branches");
	tap_result(test_barrier_shared(), "barrier-shared-memory");
	tap_result(test_atomics(), "atomics-contention");
	tap_result(test_subgroup(), "subgroup");
	tap_result(test_subgroup64(), "subgroup-64bit-arithmetic");
	tap_result(test_robust_access(), "robust-out-of-bounds");
	tap_result(test_memory_forms(), "memory-types-offsets-uniform-push");
	tap_result(test_wide_slots(), "descriptor-slots-32-bit");
	tap_result(test_push_sregs_scratch(), "push-constants-special-registers-scratch");
	tap_result(test_sregs_push(), "special-registers-push-all-forms");
	tap_result(test_faults(), "faults");
	tap_result(test_page_crossing(), "global-page-crossing");
	tap_result(test_strided_loads(), "global-strided-loads");
	tap_result(test_store_quad(), "global-store-quad");
	tap_result(test_load_quad(), "global-load-quad");
	tap_result(test_lds_shapes(), "shared-load-shapes");
	tap_result(test_page_cache_index(), "page-cache-index-strides");
	tap_result(test_fault_second_page(), "global-fault-on-second-page");
	tap_result(test_masked_lanes_unmapped(), "global-masked-lanes-unmapped");
	tap_result(test_a64_types(), "addr64-types-imm-offsets");
	tap_result(test_a64_pages_divergence(), "addr64-page-crossing-divergence");
	tap_result(test_a64_atomics(), "addr64-atomics");
	tap_result(test_a64_faults(), "addr64-faults");
	tap_result(test_random_programs(), "random-programs-run-to-end");
	tap_result(test_random_nan_payload(), "random-program-nan-payload-divergence");
	tap_result(test_background_jit(), "jit-background-compile");
	tap_result(test_long_program(), "jit-long-program");
	tap_result(test_exit_while_compiling(), "jit-exit-while-compiling");
	tap_result(test_llvm_fatal_error(), "jit-llvm-fatal-error");
	ember_host_destroy(host);
	return tap_finish();
}
