/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Arithmetic, logic, compare, select and conversion handlers
 *
 * One handler per opcode; typed opcodes switch on the type (a branch that
 * is the same every time the instruction runs). Every lane loop runs over
 * all 32 lanes into a local array and then commits (sc_lanes.h), so it has
 * a fixed trip count and no aliasing: GCC vectorises them.
 *
 * This file is built twice (handlers_avx2.c, handlers_generic.c): with
 * -mavx2 -mfma and for baseline x86-64; program.c picks one at run time
 * with __builtin_cpu_supports("avx2"), so a binary built here runs on any
 * x86-64 CI machine (never -march=native). Checked with objdump -d on the
 * AVX2 object (GCC 12, -O3): the 32-bit and float handlers (iadd, imul,
 * and/or/xor, shifts, fadd/fmul/ffma, fmin/fmax, cmp) are ymm loops
 * (vpaddd, vpmulld, vpsllvd, vaddps, vfmadd..ps, vcmp..ps), four 8-lane
 * iterations unrolled, and the masked commit is vpmaskmovd + vpblendvb.
 * Integer division, popcount, the 64-bit multiply and the libm-based
 * functions (sin, exp, pow, ...) stay scalar per lane. The common cases
 * have faster forms still (exec_fast.c).
 *
 * Defined results for what C leaves undefined (inactive lanes hold any
 * bits and are computed too): shifts use the amount modulo the width;
 * x / 0 is all ones (unsigned) or -1/+1 by the dividend's sign (signed),
 * x % 0 is x; INT_MIN / -1 is INT_MIN; float to int saturates, NaN is 0.
 */

#include <math.h>
#include <string.h>

#include "sc_lanes.h"

#define SC_PASTE2(a, b)		a##_##b
#define SC_PASTE(a, b)		SC_PASTE2(a, b)
#define SC_VARIANT(name)	SC_PASTE(name, SC_VARIANT_SUFFIX)

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)
#define A32		sc_src(w, ISA, 0, 0)
#define B32		sc_src(w, ISA, 1, 0)
#define C32		sc_src(w, ISA, 2, 0)

typedef uint32_t lanes32[SC_LANES];
typedef uint64_t lanes64[SC_LANES];

/* 32-bit elementwise: r[l] = EXPR over a[l], b[l], c[l] (as needed). */
#define OP32(ARGS, EXPR)						\
	do {								\
		const uint32_t *a = A32;				\
		const uint32_t *b = (ARGS) > 1 ? B32 : a;		\
		const uint32_t *c = (ARGS) > 2 ? C32 : a;		\
		uint32_t r[SC_LANES] SC_ALIGN;				\
		(void)b; (void)c;					\
		LANES r[l] = (EXPR);					\
		sc_commit(w, ISA, 0, r, sc_active(w, ISA));		\
	} while (0)

#define OP64(ARGS, EXPR)						\
	do {								\
		uint64_t a[SC_LANES] SC_ALIGN, b[SC_LANES] SC_ALIGN;	\
		uint64_t r[SC_LANES] SC_ALIGN;				\
		sc_src64(w, ISA, 0, a);					\
		if ((ARGS) > 1)						\
			sc_src64(w, ISA, 1, b);				\
		else							\
			memcpy(b, a, sizeof(b));			\
		LANES r[l] = (EXPR);					\
		sc_commit64(w, ISA, r, sc_active(w, ISA));		\
	} while (0)

/* Float elementwise on the same rows, seen as float. */
#define OPF(ARGS, EXPR)							\
	do {								\
		const float *a = (const float *)A32;			\
		const float *b = (ARGS) > 1 ? (const float *)B32 : a;	\
		const float *c = (ARGS) > 2 ? (const float *)C32 : a;	\
		float r[SC_LANES] SC_ALIGN;				\
		(void)b; (void)c;					\
		LANES r[l] = (EXPR);					\
		sc_commit(w, ISA, 0, (const uint32_t *)r, sc_active(w, ISA)); \
	} while (0)

#define S(x)	((int32_t)(x))
#define S64(x)	((int64_t)(x))
#define IS64	(ISA->type == EMBER_ISA_U64 || ISA->type == EMBER_ISA_S64)
#define SIGNED	(ISA->type == EMBER_ISA_S32 || ISA->type == EMBER_ISA_S64)

HANDLER(op_mov)
{
	if (IS64)
		OP64(1, a[l]);
	else
		OP32(1, a[l]);
}

HANDLER(op_sel)
{
	uint32_t p = w->p[ISA->src[0].index];
	unsigned int halves = IS64 ? 2 : 1;

	for (unsigned int h = 0; h < halves; h++) {
		const uint32_t *a = sc_src(w, ISA, 1, h), *b = sc_src(w, ISA, 2, h);
		uint32_t r[SC_LANES] SC_ALIGN;

		LANES r[l] = (p >> l) & 1 ? a[l] : b[l];
		sc_commit(w, ISA, h, r, sc_active(w, ISA));
	}
}

static uint32_t cmp_f32(float a, float b, unsigned int cond)
{
	bool unordered = a != a || b != b;

	switch (cond) {
	case EMBER_ISA_EQ: return a == b;
	case EMBER_ISA_NE: return !unordered && a != b;
	case EMBER_ISA_LT: return a < b;
	case EMBER_ISA_LE: return a <= b;
	case EMBER_ISA_GT: return a > b;
	case EMBER_ISA_GE: return a >= b;
	case EMBER_ISA_UEQ: return unordered || a == b;
	case EMBER_ISA_UNE: return a != b;
	case EMBER_ISA_ULT: return unordered || a < b;
	case EMBER_ISA_ULE: return unordered || a <= b;
	case EMBER_ISA_UGT: return unordered || a > b;
	case EMBER_ISA_UGE: return unordered || a >= b;
	case EMBER_ISA_ORD: return !unordered;
	default: return unordered;
	}
}

/* The common integer conditions, one vectorisable loop each. */
#define CMP_LOOP(T, a, b)						\
	switch (ISA->mod) {						\
	case EMBER_ISA_EQ: LANES r[l] = (T)a[l] == (T)b[l]; break;	\
	case EMBER_ISA_NE: LANES r[l] = (T)a[l] != (T)b[l]; break;	\
	case EMBER_ISA_LT: LANES r[l] = (T)a[l] < (T)b[l]; break;	\
	case EMBER_ISA_LE: LANES r[l] = (T)a[l] <= (T)b[l]; break;	\
	case EMBER_ISA_GT: LANES r[l] = (T)a[l] > (T)b[l]; break;	\
	default: LANES r[l] = (T)a[l] >= (T)b[l]; break;		\
	}

HANDLER(op_cmp)
{
	uint32_t r[SC_LANES] SC_ALIGN;

	if (IS64) {
		uint64_t a[SC_LANES] SC_ALIGN, b[SC_LANES] SC_ALIGN;

		sc_src64(w, ISA, 0, a);
		sc_src64(w, ISA, 1, b);
		if (ISA->type == EMBER_ISA_S64) {
			CMP_LOOP(int64_t, a, b)
		} else {
			CMP_LOOP(uint64_t, a, b)
		}
	} else if (ISA->type == EMBER_ISA_F32) {
		const float *a = (const float *)A32, *b = (const float *)B32;

		switch (ISA->mod) {
		case EMBER_ISA_EQ: LANES r[l] = a[l] == b[l]; break;
		case EMBER_ISA_LT: LANES r[l] = a[l] < b[l]; break;
		case EMBER_ISA_LE: LANES r[l] = a[l] <= b[l]; break;
		case EMBER_ISA_GT: LANES r[l] = a[l] > b[l]; break;
		case EMBER_ISA_GE: LANES r[l] = a[l] >= b[l]; break;
		case EMBER_ISA_UNE: LANES r[l] = a[l] != b[l]; break;
		default: LANES r[l] = cmp_f32(a[l], b[l], ISA->mod); break;
		}
	} else {
		const uint32_t *a = A32, *b = B32;

		if (ISA->type == EMBER_ISA_S32) {
			CMP_LOOP(int32_t, a, b)
		} else {
			CMP_LOOP(uint32_t, a, b)
		}
	}
	sc_commit_bool(w, ISA, r, sc_active(w, ISA));
}

HANDLER(op_iadd)
{
	if (IS64)
		OP64(2, a[l] + b[l]);
	else
		OP32(2, a[l] + b[l]);
}

HANDLER(op_isub)
{
	if (IS64)
		OP64(2, a[l] - b[l]);
	else
		OP32(2, a[l] - b[l]);
}

HANDLER(op_imul)
{
	if (IS64)
		OP64(2, a[l] * b[l]);
	else
		OP32(2, a[l] * b[l]);
}

HANDLER(op_imulhi)
{
	if (SIGNED)
		OP32(2, (uint32_t)((int64_t)S(a[l]) * S(b[l]) >> 32));
	else
		OP32(2, (uint32_t)((uint64_t)a[l] * b[l] >> 32));
}

HANDLER(op_imulwide)
{
	const uint32_t *a = A32, *b = B32;
	uint64_t r[SC_LANES] SC_ALIGN;

	if (SIGNED)
		LANES r[l] = (uint64_t)((int64_t)S(a[l]) * S(b[l]));
	else
		LANES r[l] = (uint64_t)a[l] * b[l];
	sc_commit64(w, ISA, r, sc_active(w, ISA));
}

HANDLER(op_imad)
{
	OP32(3, a[l] * b[l] + c[l]);
}

HANDLER(op_ineg)
{
	if (IS64)
		OP64(1, -a[l]);
	else
		OP32(1, -a[l]);
}

HANDLER(op_iabs)
{
	if (IS64)
		OP64(1, S64(a[l]) < 0 ? -a[l] : a[l]);
	else
		OP32(1, S(a[l]) < 0 ? -a[l] : a[l]);
}

HANDLER(op_imin)
{
	switch (ISA->type) {
	case EMBER_ISA_S32: OP32(2, S(a[l]) < S(b[l]) ? a[l] : b[l]); break;
	case EMBER_ISA_U32: OP32(2, a[l] < b[l] ? a[l] : b[l]); break;
	case EMBER_ISA_S64: OP64(2, S64(a[l]) < S64(b[l]) ? a[l] : b[l]); break;
	default: OP64(2, a[l] < b[l] ? a[l] : b[l]); break;
	}
}

HANDLER(op_imax)
{
	switch (ISA->type) {
	case EMBER_ISA_S32: OP32(2, S(a[l]) > S(b[l]) ? a[l] : b[l]); break;
	case EMBER_ISA_U32: OP32(2, a[l] > b[l] ? a[l] : b[l]); break;
	case EMBER_ISA_S64: OP64(2, S64(a[l]) > S64(b[l]) ? a[l] : b[l]); break;
	default: OP64(2, a[l] > b[l] ? a[l] : b[l]); break;
	}
}

static inline uint32_t udiv32(uint32_t a, uint32_t b) { return b ? a / b : 0xffffffffu; }
static inline uint32_t urem32(uint32_t a, uint32_t b) { return b ? a % b : a; }
static inline uint64_t udiv64(uint64_t a, uint64_t b) { return b ? a / b : ~0ull; }
static inline uint64_t urem64(uint64_t a, uint64_t b) { return b ? a % b : a; }

static inline uint32_t sdiv32(uint32_t a, uint32_t b)
{
	if (!b)
		return S(a) < 0 ? 1u : 0xffffffffu;
	if (S(b) == -1)
		return -a;	/* INT_MIN / -1 wraps to INT_MIN */
	return (uint32_t)(S(a) / S(b));
}

static inline uint32_t srem32(uint32_t a, uint32_t b)
{
	if (!b)
		return a;
	if (S(b) == -1)
		return 0;
	return (uint32_t)(S(a) % S(b));
}

static inline uint64_t sdiv64(uint64_t a, uint64_t b)
{
	if (!b)
		return S64(a) < 0 ? 1u : ~0ull;
	if (S64(b) == -1)
		return -a;
	return (uint64_t)(S64(a) / S64(b));
}

static inline uint64_t srem64(uint64_t a, uint64_t b)
{
	if (!b)
		return a;
	if (S64(b) == -1)
		return 0;
	return (uint64_t)(S64(a) % S64(b));
}

HANDLER(op_idiv)
{
	switch (ISA->type) {
	case EMBER_ISA_S32: OP32(2, sdiv32(a[l], b[l])); break;
	case EMBER_ISA_U32: OP32(2, udiv32(a[l], b[l])); break;
	case EMBER_ISA_S64: OP64(2, sdiv64(a[l], b[l])); break;
	default: OP64(2, udiv64(a[l], b[l])); break;
	}
}

HANDLER(op_irem)
{
	switch (ISA->type) {
	case EMBER_ISA_S32: OP32(2, srem32(a[l], b[l])); break;
	case EMBER_ISA_U32: OP32(2, urem32(a[l], b[l])); break;
	case EMBER_ISA_S64: OP64(2, srem64(a[l], b[l])); break;
	default: OP64(2, urem64(a[l], b[l])); break;
	}
}

/* Modulo with the sign of the divisor (SPIR-V OpSMod). */
static inline uint32_t smod32(uint32_t a, uint32_t b)
{
	uint32_t r = srem32(a, b);

	return r && b && ((S(r) < 0) != (S(b) < 0)) ? r + b : r;
}

static inline uint64_t smod64(uint64_t a, uint64_t b)
{
	uint64_t r = srem64(a, b);

	return r && b && ((S64(r) < 0) != (S64(b) < 0)) ? r + b : r;
}

HANDLER(op_imod)
{
	if (IS64)
		OP64(2, smod64(a[l], b[l]));
	else
		OP32(2, smod32(a[l], b[l]));
}

HANDLER(op_and) { if (IS64) OP64(2, a[l] & b[l]); else OP32(2, a[l] & b[l]); }
HANDLER(op_or)  { if (IS64) OP64(2, a[l] | b[l]); else OP32(2, a[l] | b[l]); }
HANDLER(op_xor) { if (IS64) OP64(2, a[l] ^ b[l]); else OP32(2, a[l] ^ b[l]); }
HANDLER(op_not) { if (IS64) OP64(1, ~a[l]); else OP32(1, ~a[l]); }

/* 64-bit shifts: the amount is a 32-bit source. */
#define SHIFT64(EXPR)							\
	do {								\
		uint64_t a[SC_LANES] SC_ALIGN, r[SC_LANES] SC_ALIGN;	\
		const uint32_t *b = B32;				\
		sc_src64(w, ISA, 0, a);					\
		LANES r[l] = (EXPR);					\
		sc_commit64(w, ISA, r, sc_active(w, ISA));		\
	} while (0)

HANDLER(op_shl)
{
	if (IS64)
		SHIFT64(a[l] << (b[l] & 63));
	else
		OP32(2, a[l] << (b[l] & 31));
}

HANDLER(op_shr)
{
	switch (ISA->type) {
	case EMBER_ISA_S32: OP32(2, (uint32_t)(S(a[l]) >> (b[l] & 31))); break;
	case EMBER_ISA_U32: OP32(2, a[l] >> (b[l] & 31)); break;
	case EMBER_ISA_S64: SHIFT64((uint64_t)(S64(a[l]) >> (b[l] & 63))); break;
	default: SHIFT64(a[l] >> (b[l] & 63)); break;
	}
}

/* Bits [off, off + count) clamped to the word; count 0 gives 0. */
static inline uint32_t field_mask(uint32_t off, uint32_t count)
{
	off &= 31;
	count = count > 32 - off ? 32 - off : count;
	return count >= 32 ? 0xffffffffu : ((1u << count) - 1) << off;
}

static inline uint32_t bfe_u(uint32_t a, uint32_t off, uint32_t count)
{
	return (a & field_mask(off, count)) >> (off & 31);
}

static inline uint32_t bfe_s(uint32_t a, uint32_t off, uint32_t count)
{
	uint32_t m = field_mask(off, count);
	uint32_t n = (uint32_t)__builtin_popcount(m);

	if (!n)
		return 0;
	/* Move the field to the top, then shift back arithmetically. */
	return (uint32_t)(S((a & m) << (32 - n - (off & 31))) >> (32 - n));
}

HANDLER(op_bfe)
{
	if (SIGNED)
		OP32(3, bfe_s(a[l], b[l], c[l]));
	else
		OP32(3, bfe_u(a[l], b[l], c[l]));
}

HANDLER(op_bfm) { OP32(2, field_mask(b[l], a[l])); }

HANDLER(op_bfi)
{
	OP32(3, c[l] ? (a[l] & ~c[l]) | ((b[l] << __builtin_ctz(c[l] | 0x80000000u)) & c[l])
		     : a[l]);
}

HANDLER(op_popcnt) { OP32(1, (uint32_t)__builtin_popcount(a[l])); }
HANDLER(op_findlsb) { OP32(1, a[l] ? (uint32_t)__builtin_ctz(a[l]) : 0xffffffffu); }

static inline uint32_t find_msb_s(uint32_t a)
{
	uint32_t x = S(a) < 0 ? ~a : a;

	return x ? 31u - (uint32_t)__builtin_clz(x) : 0xffffffffu;
}

HANDLER(op_findmsb)
{
	if (SIGNED)
		OP32(1, find_msb_s(a[l]));
	else
		OP32(1, a[l] ? 31u - (uint32_t)__builtin_clz(a[l]) : 0xffffffffu);
}

static inline uint32_t brev(uint32_t x)
{
	x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
	x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
	x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
	x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
	return x >> 16 | x << 16;
}

HANDLER(op_brev) { OP32(1, brev(a[l])); }

HANDLER(op_sext)
{
	const uint32_t *a = A32;
	uint64_t r[SC_LANES] SC_ALIGN;

	LANES r[l] = (uint64_t)(int64_t)S(a[l]);
	sc_commit64(w, ISA, r, sc_active(w, ISA));
}

/* Floating point. */
HANDLER(op_fadd) { OPF(2, a[l] + b[l]); }
HANDLER(op_fsub) { OPF(2, a[l] - b[l]); }
HANDLER(op_fmul) { OPF(2, a[l] * b[l]); }
HANDLER(op_ffma) { OPF(3, fmaf(a[l], b[l], c[l])); }
HANDLER(op_fdiv) { OPF(2, a[l] / b[l]); }
/* NaN in one operand gives the other (IEEE minNum/maxNum, NMin/NMax). */
HANDLER(op_fmin) { OPF(2, (a[l] < b[l] || b[l] != b[l]) ? a[l] : b[l]); }
HANDLER(op_fmax) { OPF(2, (a[l] > b[l] || b[l] != b[l]) ? a[l] : b[l]); }
HANDLER(op_fneg) { OP32(1, a[l] ^ 0x80000000u); }
HANDLER(op_fabs) { OP32(1, a[l] & 0x7fffffffu); }
HANDLER(op_fsign) { OPF(1, a[l] > 0.0f ? 1.0f : a[l] < 0.0f ? -1.0f : a[l]); }
HANDLER(op_ffloor) { OPF(1, floorf(a[l])); }
HANDLER(op_fceil) { OPF(1, ceilf(a[l])); }
HANDLER(op_ffract) { OPF(1, a[l] - floorf(a[l])); }
HANDLER(op_fround) { OPF(1, roundf(a[l])); }
HANDLER(op_froundeven) { OPF(1, rintf(a[l])); }
HANDLER(op_ftrunc) { OPF(1, truncf(a[l])); }
HANDLER(op_fsqrt) { OPF(1, sqrtf(a[l])); }
HANDLER(op_frsq) { OPF(1, 1.0f / sqrtf(a[l])); }
HANDLER(op_frcp) { OPF(1, 1.0f / a[l]); }
HANDLER(op_fexp2) { OPF(1, exp2f(a[l])); }
HANDLER(op_flog2) { OPF(1, log2f(a[l])); }
HANDLER(op_fexp) { OPF(1, expf(a[l])); }
HANDLER(op_flog) { OPF(1, logf(a[l])); }
HANDLER(op_fpow) { OPF(2, powf(a[l], b[l])); }
HANDLER(op_fsin) { OPF(1, sinf(a[l])); }
HANDLER(op_fcos) { OPF(1, cosf(a[l])); }
HANDLER(op_ftan) { OPF(1, tanf(a[l])); }
HANDLER(op_fasin) { OPF(1, asinf(a[l])); }
HANDLER(op_facos) { OPF(1, acosf(a[l])); }
HANDLER(op_fatan) { OPF(1, atanf(a[l])); }
HANDLER(op_fatan2) { OPF(2, atan2f(a[l], b[l])); }
HANDLER(op_fsinh) { OPF(1, sinhf(a[l])); }
HANDLER(op_fcosh) { OPF(1, coshf(a[l])); }
HANDLER(op_ftanh) { OPF(1, tanhf(a[l])); }
HANDLER(op_fasinh) { OPF(1, asinhf(a[l])); }
HANDLER(op_facosh) { OPF(1, acoshf(a[l])); }
HANDLER(op_fatanh) { OPF(1, atanhf(a[l])); }
/* GLSL mod(): x - y * floor(x / y); OpFRem: the sign of x (C fmodf). */
HANDLER(op_fmod) { OPF(2, a[l] - b[l] * floorf(a[l] / b[l])); }
HANDLER(op_frem) { OPF(2, fmodf(a[l], b[l])); }

static inline float ldexp_lane(float x, uint32_t e)
{
	int32_t n = S(e);

	/* Beyond +-300 every float over- or underflows alike. */
	n = n > 300 ? 300 : n < -300 ? -300 : n;
	return ldexpf(x, n);
}

HANDLER(op_fldexp)
{
	const float *a = (const float *)A32;
	const uint32_t *b = B32;
	float r[SC_LANES] SC_ALIGN;

	LANES r[l] = ldexp_lane(a[l], b[l]);
	sc_commit(w, ISA, 0, (const uint32_t *)r, sc_active(w, ISA));
}

static inline float frexp_mant(float x)
{
	int e;

	return isfinite(x) ? frexpf(x, &e) : x;
}

static inline uint32_t frexp_exp(float x)
{
	int e = 0;

	if (isfinite(x))
		frexpf(x, &e);
	return (uint32_t)e;
}

HANDLER(op_ffrexpm) { OPF(1, frexp_mant(a[l])); }

HANDLER(op_ffrexpe)
{
	const float *a = (const float *)A32;
	uint32_t r[SC_LANES] SC_ALIGN;

	LANES r[l] = frexp_exp(a[l]);
	sc_commit(w, ISA, 0, r, sc_active(w, ISA));
}

/* Conversions: saturating, NaN to 0, truncating toward zero. */
static inline uint32_t f2s32(float x)
{
	if (x != x)
		return 0;
	if (x >= 2147483648.0f)
		return 0x7fffffffu;
	if (x <= -2147483648.0f)
		return 0x80000000u;
	return (uint32_t)(int32_t)x;
}

static inline uint32_t f2u32(float x)
{
	if (!(x > 0.0f))
		return 0;
	if (x >= 4294967296.0f)
		return 0xffffffffu;
	return (uint32_t)x;
}

static inline uint64_t f2s64(float x)
{
	if (x != x)
		return 0;
	if (x >= 9223372036854775808.0f)
		return 0x7fffffffffffffffull;
	if (x <= -9223372036854775808.0f)
		return 0x8000000000000000ull;
	return (uint64_t)(int64_t)x;
}

static inline uint64_t f2u64(float x)
{
	if (!(x > 0.0f))
		return 0;
	if (x >= 18446744073709551616.0f)
		return ~0ull;
	return (uint64_t)x;
}

HANDLER(op_f2i)
{
	const float *a = (const float *)A32;

	switch (ISA->type) {
	case EMBER_ISA_S32: {
		uint32_t r[SC_LANES] SC_ALIGN;

		LANES r[l] = f2s32(a[l]);
		sc_commit(w, ISA, 0, r, sc_active(w, ISA));
		break;
	}
	case EMBER_ISA_U32: {
		uint32_t r[SC_LANES] SC_ALIGN;

		LANES r[l] = f2u32(a[l]);
		sc_commit(w, ISA, 0, r, sc_active(w, ISA));
		break;
	}
	default: {
		uint64_t r[SC_LANES] SC_ALIGN;

		if (ISA->type == EMBER_ISA_S64)
			LANES r[l] = f2s64(a[l]);
		else
			LANES r[l] = f2u64(a[l]);
		sc_commit64(w, ISA, r, sc_active(w, ISA));
		break;
	}
	}
}

HANDLER(op_i2f)
{
	float r[SC_LANES] SC_ALIGN;

	if (IS64) {
		uint64_t a[SC_LANES] SC_ALIGN;

		sc_src64(w, ISA, 0, a);
		if (ISA->type == EMBER_ISA_S64)
			LANES r[l] = (float)S64(a[l]);
		else
			LANES r[l] = (float)a[l];
	} else {
		const uint32_t *a = A32;

		if (ISA->type == EMBER_ISA_S32)
			LANES r[l] = (float)S(a[l]);
		else
			LANES r[l] = (float)a[l];
	}
	sc_commit(w, ISA, 0, (const uint32_t *)r, sc_active(w, ISA));
}

/* f32 to binary16 bits, round to nearest even; NaN stays a (quiet) NaN. */
static inline uint32_t f32_to_f16(uint32_t f)
{
	uint32_t sign = (f >> 16) & 0x8000u, mag = f & 0x7fffffffu;
	uint32_t exp, mant, half, round;

	if (mag >= 0x7f800000u)
		return sign | (mag > 0x7f800000u ? 0x7e00u : 0x7c00u);
	if (mag >= 0x477ff000u)		/* rounds to >= 65520: infinity */
		return sign | 0x7c00u;
	exp = mag >> 23;
	if (exp < 113) {
		/* Subnormal half (or zero): shift the full mantissa down. */
		unsigned int shift = 126 - exp;

		if (shift > 24)
			return sign;
		mant = (mag & 0x7fffffu) | 0x800000u;
		half = mant >> shift;
		round = mant & ((1u << shift) - 1);
		if (round > (1u << (shift - 1)) ||
		    (round == (1u << (shift - 1)) && (half & 1)))
			half++;
		return sign | half;
	}
	half = ((exp - 112) << 10) | ((mag >> 13) & 0x3ffu);
	round = mag & 0x1fffu;
	if (round > 0x1000u || (round == 0x1000u && (half & 1)))
		half++;
	return sign | half;
}

static inline uint32_t f16_to_f32(uint32_t h)
{
	uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;

	if (exp == 0x1f)
		return sign | 0x7f800000u | (mant << 13);
	if (exp)
		return sign | ((exp + 112) << 23) | (mant << 13);
	if (!mant)
		return sign;
	/* Subnormal: normalise. */
	exp = 113;
	while (!(mant & 0x400u)) {
		mant <<= 1;
		exp--;
	}
	return sign | (exp << 23) | ((mant & 0x3ffu) << 13);
}

HANDLER(op_f2f16) { OP32(1, f32_to_f16(a[l])); }
HANDLER(op_f16f) { OP32(1, f16_to_f32(a[l] & 0xffffu)); }

void SC_VARIANT(sc_alu_handlers)(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(MOV, op_mov); SET(SEL, op_sel); SET(CMP, op_cmp);
	SET(IADD, op_iadd); SET(ISUB, op_isub); SET(IMUL, op_imul);
	SET(IMULHI, op_imulhi); SET(IMULWIDE, op_imulwide); SET(IMAD, op_imad);
	SET(INEG, op_ineg); SET(IABS, op_iabs); SET(IMIN, op_imin);
	SET(IMAX, op_imax); SET(IDIV, op_idiv); SET(IREM, op_irem);
	SET(IMOD, op_imod); SET(AND, op_and); SET(OR, op_or); SET(XOR, op_xor);
	SET(NOT, op_not); SET(SHL, op_shl); SET(SHR, op_shr); SET(BFE, op_bfe);
	SET(BFM, op_bfm); SET(BFI, op_bfi); SET(POPCNT, op_popcnt);
	SET(FINDLSB, op_findlsb); SET(FINDMSB, op_findmsb); SET(BREV, op_brev);
	SET(SEXT, op_sext);
	SET(FADD, op_fadd); SET(FSUB, op_fsub); SET(FMUL, op_fmul);
	SET(FFMA, op_ffma); SET(FDIV, op_fdiv); SET(FMIN, op_fmin);
	SET(FMAX, op_fmax); SET(FNEG, op_fneg); SET(FABS, op_fabs);
	SET(FSIGN, op_fsign); SET(FFLOOR, op_ffloor); SET(FCEIL, op_fceil);
	SET(FFRACT, op_ffract); SET(FROUND, op_fround);
	SET(FROUNDEVEN, op_froundeven); SET(FTRUNC, op_ftrunc);
	SET(FSQRT, op_fsqrt); SET(FRSQ, op_frsq); SET(FRCP, op_frcp);
	SET(FEXP2, op_fexp2); SET(FLOG2, op_flog2); SET(FEXP, op_fexp);
	SET(FLOG, op_flog); SET(FPOW, op_fpow); SET(FSIN, op_fsin);
	SET(FCOS, op_fcos); SET(FTAN, op_ftan); SET(FASIN, op_fasin);
	SET(FACOS, op_facos); SET(FATAN, op_fatan); SET(FATAN2, op_fatan2);
	SET(FSINH, op_fsinh); SET(FCOSH, op_fcosh); SET(FTANH, op_ftanh);
	SET(FASINH, op_fasinh); SET(FACOSH, op_facosh); SET(FATANH, op_fatanh);
	SET(FMOD, op_fmod); SET(FREM, op_frem); SET(FLDEXP, op_fldexp);
	SET(FFREXPM, op_ffrexpm); SET(FFREXPE, op_ffrexpe);
	SET(I2F, op_i2f); SET(F2I, op_f2i); SET(F2F16, op_f2f16); SET(F16F, op_f16f);
#undef SET
}
