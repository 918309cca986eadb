/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fast forms of the common instructions
 *
 * The general handlers (exec_alu.c) decode operands on every execution:
 * operand kinds, broadcasts of uniform sources, the guard, a copy through
 * a local array. For the instructions that dominate real shaders (32-bit
 * integer and float arithmetic, moves, compares into predicates) the
 * predecoder picks a form specialised on the operand kinds instead:
 *
 *   _vv, _vs, _sv (and _vvv, _vvs, _vsv, _svv, _ssv): vector destination,
 *       sources from vector rows (v) or one scalar each (s: a uniform
 *       register or an immediate, read once);
 *   _ss (_sss): uniform destination: one scalar computation.
 *
 * A vector form writes the destination row directly when all 32 lanes are
 * active (the common case) and calls the general handler otherwise. The
 * loops carry "GCC ivdep": a destination row is either one of the source
 * rows or disjoint from them, and each lane reads only its own elements,
 * so there is no dependence between iterations even when the destination
 * is a source. Checked with objdump -d on the AVX2 build (GCC 12, -O3):
 * iadd_vv is four vpaddd on ymm registers, ffma_vvv four vfmadd132ps,
 * fadd_vs four vaddps with the scalar broadcast once, fmin_vs four vminps
 * after one NaN test of the scalar, cmp_u_vv (less than) vpminud +
 * vpcmpeqd per 8 lanes and an OR-reduction of the lane bits.
 *
 * Part of the handler builds (handlers_*.c), compiled twice, after
 * exec_memory.c, whose helpers the memory forms use.
 */

#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "sc_lanes.h"

#define FAST(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ROW(T, i)	((T *)(w->v + in->row[i]))
#define ALL_ACTIVE	__builtin_expect(w->exec == 0xffffffffu, 1)

static inline uint32_t scalar(const struct sc_wave *w, const struct sc_insn *in,
			      unsigned int i)
{
	return in->scalar_kind[i] == EMBER_ISA_UREG ? w->u[in->scalar[i]] : in->scalar[i];
}

static inline uint32_t u_of(uint32_t u) { return u; }
static inline float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static inline void set_uniform(struct sc_wave *w, const struct sc_insn *in,
			       const void *value)
{
	memcpy(&w->u[in->scalar[0]], value, 4);
}

#define FAST_BIN(NAME, T, CVT, EXPR)					\
FAST(NAME##_vv)								\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *a = ROW(T, 1), *b = ROW(T, 2);				\
	_Pragma("GCC ivdep")						\
	LANES { T x = a[l], y = b[l]; d[l] = (EXPR); }			\
}									\
FAST(NAME##_vs)								\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *a = ROW(T, 1), y = CVT(scalar(w, in, 2));		\
	_Pragma("GCC ivdep")						\
	LANES { T x = a[l]; d[l] = (EXPR); }				\
}									\
FAST(NAME##_sv)								\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *b = ROW(T, 2), x = CVT(scalar(w, in, 1));		\
	_Pragma("GCC ivdep")						\
	LANES { T y = b[l]; d[l] = (EXPR); }				\
}									\
FAST(NAME##_ss)								\
{									\
	T x = CVT(scalar(w, in, 1)), y = CVT(scalar(w, in, 2));	\
	T r = (EXPR);							\
	set_uniform(w, in, &r);						\
}									\
static const sc_handler NAME##_forms[4] = {				\
	NAME##_vv, NAME##_vs, NAME##_sv, NAME##_ss,			\
};

#define SI(v)	((int32_t)(v))
FAST_BIN(iadd, uint32_t, u_of, x + y)
FAST_BIN(isub, uint32_t, u_of, x - y)
FAST_BIN(imul, uint32_t, u_of, x * y)
FAST_BIN(and, uint32_t, u_of, x & y)
FAST_BIN(or, uint32_t, u_of, x | y)
FAST_BIN(xor, uint32_t, u_of, x ^ y)
FAST_BIN(shl, uint32_t, u_of, x << (y & 31))
FAST_BIN(shr_u, uint32_t, u_of, x >> (y & 31))
FAST_BIN(shr_s, uint32_t, u_of, (uint32_t)(SI(x) >> (y & 31)))
FAST_BIN(imin_s, uint32_t, u_of, SI(x) < SI(y) ? x : y)
FAST_BIN(imin_u, uint32_t, u_of, x < y ? x : y)
FAST_BIN(imax_s, uint32_t, u_of, SI(x) > SI(y) ? x : y)
FAST_BIN(imax_u, uint32_t, u_of, x > y ? x : y)
FAST_BIN(fadd, float, f_of, x + y)
FAST_BIN(fsub, float, f_of, x - y)
FAST_BIN(fmul, float, f_of, x * y)
FAST_BIN(fdiv, float, f_of, x / y)
FAST_BIN(fmin, float, f_of, (x < y || y != y) ? x : y)
FAST_BIN(fmax, float, f_of, (x > y || y != y) ? x : y)

/* Ternary: forms vvv, vvs, vsv, svv, ssv and sss. */
#define FAST_TER(NAME, T, CVT, EXPR)					\
FAST(NAME##_vvv)							\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *a = ROW(T, 1), *b = ROW(T, 2), *c = ROW(T, 3);	\
	_Pragma("GCC ivdep")						\
	LANES { T x = a[l], y = b[l], z = c[l]; d[l] = (EXPR); }	\
}									\
FAST(NAME##_vvs)							\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *a = ROW(T, 1), *b = ROW(T, 2), z = CVT(scalar(w, in, 3)); \
	_Pragma("GCC ivdep")						\
	LANES { T x = a[l], y = b[l]; d[l] = (EXPR); }			\
}									\
FAST(NAME##_vsv)							\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *a = ROW(T, 1), *c = ROW(T, 3), y = CVT(scalar(w, in, 2)); \
	_Pragma("GCC ivdep")						\
	LANES { T x = a[l], z = c[l]; d[l] = (EXPR); }			\
}									\
FAST(NAME##_svv)							\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *b = ROW(T, 2), *c = ROW(T, 3), x = CVT(scalar(w, in, 1)); \
	_Pragma("GCC ivdep")						\
	LANES { T y = b[l], z = c[l]; d[l] = (EXPR); }			\
}									\
FAST(NAME##_ssv)							\
{									\
	if (!ALL_ACTIVE) {						\
		in->slow(w, in);					\
		return;							\
	}								\
	T *d = ROW(T, 0);						\
	const T *c = ROW(T, 3), x = CVT(scalar(w, in, 1));		\
	const T y = CVT(scalar(w, in, 2));				\
	_Pragma("GCC ivdep")						\
	LANES { T z = c[l]; d[l] = (EXPR); }				\
}									\
FAST(NAME##_sss)							\
{									\
	T x = CVT(scalar(w, in, 1)), y = CVT(scalar(w, in, 2));	\
	T z = CVT(scalar(w, in, 3)), r = (EXPR);			\
	set_uniform(w, in, &r);						\
}

FAST_TER(ffma, float, f_of, __builtin_fmaf(x, y, z))
FAST_TER(imad, uint32_t, u_of, x * y + z)

FAST(mov_v)
{
	if (!ALL_ACTIVE) {
		in->slow(w, in);
		return;
	}
	uint32_t *d = ROW(uint32_t, 0);
	const uint32_t *a = ROW(uint32_t, 1);

	_Pragma("GCC ivdep")
	LANES d[l] = a[l];
}

FAST(mov_s)
{
	if (!ALL_ACTIVE) {
		in->slow(w, in);
		return;
	}
	uint32_t *d = ROW(uint32_t, 0), x = scalar(w, in, 1);

	LANES d[l] = x;
}

FAST(mov_ss)
{
	uint32_t x = scalar(w, in, 1);

	set_uniform(w, in, &x);
}

/* Compares into a predicate: only the active lanes' bits change. */
static inline void set_pred(struct sc_wave *w, const struct sc_insn *in, uint32_t bits)
{
	uint32_t *p = &w->p[in->isa.dst.index];

	*p = (*p & ~w->exec) | (bits & w->exec);
}

#define CMP_BITS(T, a, b, EXPR_A, EXPR_B)				\
	do {								\
		switch (in->isa.mod) {					\
		case EMBER_ISA_EQ: LANES bits |= (uint32_t)((T)(EXPR_A) == (T)(EXPR_B)) << l; break; \
		case EMBER_ISA_NE: LANES bits |= (uint32_t)((T)(EXPR_A) != (T)(EXPR_B)) << l; break; \
		case EMBER_ISA_LT: LANES bits |= (uint32_t)((T)(EXPR_A) < (T)(EXPR_B)) << l; break; \
		case EMBER_ISA_LE: LANES bits |= (uint32_t)((T)(EXPR_A) <= (T)(EXPR_B)) << l; break; \
		case EMBER_ISA_GT: LANES bits |= (uint32_t)((T)(EXPR_A) > (T)(EXPR_B)) << l; break; \
		default: LANES bits |= (uint32_t)((T)(EXPR_A) >= (T)(EXPR_B)) << l; break; \
		}							\
	} while (0)

#define FAST_CMP(NAME, T, CVT)						\
FAST(NAME##_vv)								\
{									\
	const T *a = ROW(T, 1), *b = ROW(T, 2);				\
	uint32_t bits = 0;						\
	CMP_BITS(T, a, b, a[l], b[l]);					\
	set_pred(w, in, bits);						\
}									\
FAST(NAME##_vs)								\
{									\
	const T *a = ROW(T, 1), y = CVT(scalar(w, in, 2));		\
	uint32_t bits = 0;						\
	CMP_BITS(T, a, y, a[l], y);					\
	set_pred(w, in, bits);						\
}									\
FAST(NAME##_sv)								\
{									\
	const T *b = ROW(T, 2), x = CVT(scalar(w, in, 1));		\
	uint32_t bits = 0;						\
	CMP_BITS(T, x, b, x, b[l]);					\
	set_pred(w, in, bits);						\
}									\
FAST(NAME##_ss)								\
{									\
	T x = CVT(scalar(w, in, 1)), y = CVT(scalar(w, in, 2));	\
	bool r;								\
	switch (in->isa.mod) {						\
	case EMBER_ISA_EQ: r = x == y; break;				\
	case EMBER_ISA_NE: r = x != y; break;				\
	case EMBER_ISA_LT: r = x < y; break;				\
	case EMBER_ISA_LE: r = x <= y; break;				\
	case EMBER_ISA_GT: r = x > y; break;				\
	default: r = x >= y; break;					\
	}								\
	set_pred(w, in, r ? 0xffffffffu : 0);				\
}									\
FAST(NAME##_uniform)							\
{									\
	T x = CVT(scalar(w, in, 1)), y = CVT(scalar(w, in, 2));	\
	uint32_t r;							\
	switch (in->isa.mod) {						\
	case EMBER_ISA_EQ: r = x == y; break;				\
	case EMBER_ISA_NE: r = x != y; break;				\
	case EMBER_ISA_LT: r = x < y; break;				\
	case EMBER_ISA_LE: r = x <= y; break;				\
	case EMBER_ISA_GT: r = x > y; break;				\
	default: r = x >= y; break;					\
	}								\
	w->u[in->scalar[0]] = r;					\
}									\
static const sc_handler NAME##_forms[4] = {				\
	NAME##_vv, NAME##_vs, NAME##_sv, NAME##_ss,			\
};

static inline int32_t s_of(uint32_t u) { return (int32_t)u; }
FAST_CMP(cmp_u, uint32_t, u_of)
FAST_CMP(cmp_s, int32_t, s_of)
FAST_CMP(cmp_f, float, f_of)

/*
 * 32-bit memory accesses with a vector offset (and an immediate one), the
 * heart of most kernels. They use exec_memory.c's helpers (the same
 * translation unit) and fall back to the general handler for anything
 * unusual: a partially active wave, a lane out of range, an access that
 * straddles a page.
 */
static inline uint32_t max_lane(const uint32_t *off)
{
	uint32_t hi = 0;

	LANES hi = off[l] > hi ? off[l] : hi;
	return hi;
}

/* r[l] = the 32 bits at base + off[l] (every lane's address valid). */
static inline void gather(const uint8_t *base, const uint32_t *off, uint32_t *r)
{
#ifdef __AVX2__
	/* GCC does not emit gathers for generic tuning; vpgatherdd is faster. */
	for (unsigned int l = 0; l < SC_LANES; l += 8) {
		__m256i idx = _mm256_loadu_si256((const __m256i *)(off + l));

		_mm256_store_si256((__m256i *)(r + l),
				   _mm256_i32gather_epi32((const int *)base, idx, 1));
	}
#else
	LANES r[l] = *(const u32_any *)(base + off[l]);
#endif
}

FAST(lds_u32)
{
	const struct sc_group *g = w->group;
	const uint32_t *off = ROW(uint32_t, 1);
	uint32_t imm = in->scalar[2], *d = ROW(uint32_t, 0);
	uint32_t r[SC_LANES] SC_ALIGN;
	const uint8_t *base = g->shared + imm;

	if (!ALL_ACTIVE || (uint64_t)max_lane(off) + imm + 4 > g->d->prog->header.shared_bytes) {
		in->slow(w, in);
		return;
	}
	gather(base, off, r);
	LANES d[l] = r[l];
}

FAST(sts_u32)
{
	const struct sc_group *g = w->group;
	const uint32_t *off = ROW(uint32_t, 1);
	uint32_t imm = in->scalar[3];
	uint8_t *base = g->shared + imm;

	if (!ALL_ACTIVE || (uint64_t)max_lane(off) + imm + 4 > g->d->prog->header.shared_bytes) {
		in->slow(w, in);
		return;
	}
	if (in->scalar_kind[2]) {
		uint32_t x = scalar(w, in, 2);

		for (unsigned int l = 0; l < SC_LANES; l++)
			*(u32_any *)(base + off[l]) = x;
	} else {
		const uint32_t *data = ROW(uint32_t, 2);

		/* In lane order: the highest lane's store to an address wins. */
		for (unsigned int l = 0; l < SC_LANES; l++)
			*(u32_any *)(base + off[l]) = data[l];
	}
}

FAST(ldg_u32)
{
	struct descriptor desc = descriptor(w, in->isa.src[0].index);
	const uint32_t *off = ROW(uint32_t, 2);
	uint32_t imm = in->scalar[3], r[SC_LANES] SC_ALIGN, *d = ROW(uint32_t, 0);
	struct page_cache pc = { 0 };
	uint64_t base = desc.va + imm;

	uint32_t lo = 0xffffffffu, hi = 0;

	if (!ALL_ACTIVE) {
		in->slow(w, in);
		return;
	}
	LANES {
		lo = off[l] < lo ? off[l] : lo;
		hi = off[l] > hi ? off[l] : hi;
	}
	if ((uint64_t)hi + imm + 4 > desc.range) {
		in->slow(w, in);
		return;
	}
	/* One page for the whole wave: one translation, one gather. */
	if (((base + lo) >> EMBER_PAGE_SHIFT) == ((base + hi + 3) >> EMBER_PAGE_SHIFT)) {
		const uint8_t *host = map_page(w, &pc, base + lo, EMBER_ACCESS_READ);

		if (!host)
			return;
		host += (base + lo) & PAGE_MASK;
		gather(host - lo, off, r);
		LANES d[l] = r[l];
		return;
	}
	/* Lane by lane, translating only when the page changes. */
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t va = base + off[l];
		const uint8_t *host;

		if ((va & PAGE_MASK) > EMBER_PAGE_SIZE - 4) {
			in->slow(w, in);
			return;
		}
		host = map_page(w, &pc, va, EMBER_ACCESS_READ);
		if (!host)
			return;
		r[l] = *(const u32_any *)(host + (va & PAGE_MASK));
	}
	LANES d[l] = r[l];
}

FAST(stg_u32)
{
	struct descriptor desc = descriptor(w, in->isa.src[0].index);
	const uint32_t *off = ROW(uint32_t, 2);
	uint32_t data[SC_LANES] SC_ALIGN, lo = 0xffffffffu, hi = 0;
	struct page_cache pc = { 0 };

	/* Helper lanes store nothing: the general handler skips them. */
	if (!ALL_ACTIVE || w->helpers) {
		in->slow(w, in);
		return;
	}
	LANES {
		lo = off[l] < lo ? off[l] : lo;
		hi = off[l] > hi ? off[l] : hi;
	}
	if ((uint64_t)hi + 4 > desc.range) {
		in->slow(w, in);
		return;
	}
	if (in->scalar_kind[3]) {
		uint32_t x = scalar(w, in, 3);

		LANES data[l] = x;
	} else {
		memcpy(data, ROW(uint32_t, 3), sizeof(data));
	}
	/* One page for the whole wave: one translation, then the stores. */
	if (((desc.va + lo) >> EMBER_PAGE_SHIFT) == ((desc.va + hi + 3) >> EMBER_PAGE_SHIFT)) {
		uint8_t *host = map_page(w, &pc, desc.va + lo, EMBER_ACCESS_WRITE);

		if (!host)
			return;
		host += ((desc.va + lo) & PAGE_MASK) - lo;
		for (unsigned int l = 0; l < SC_LANES; l++)
			*(u32_any *)(host + off[l]) = data[l];
		return;
	}
	/* In lane order (the highest lane wins), a page at a time. */
	for (unsigned int l = 0; l < SC_LANES; l++) {
		uint64_t va = desc.va + off[l];
		uint8_t *host;

		if ((va & PAGE_MASK) > EMBER_PAGE_SIZE - 4) {
			/* Straddles two pages: the rest, lane by lane, in general. */
			if (!access_bytes(w, &pc, va, &data[l], 4, true))
				return;
			continue;
		}
		host = map_page(w, &pc, va, EMBER_ACCESS_WRITE);
		if (!host)
			return;
		*(u32_any *)(host + (va & PAGE_MASK)) = data[l];
	}
}

/* Operand @i (1..3) as 'v' (row), 's' (scalar) or 0 (neither). */
static char classify(struct sc_insn *in, unsigned int i)
{
	const struct ember_isa_operand *op = &in->isa.src[i - 1];

	switch (op->kind) {
	case EMBER_ISA_VREG:
		in->row[i] = op->index * SC_LANES;
		return 'v';
	case EMBER_ISA_UREG:
		in->scalar_kind[i] = EMBER_ISA_UREG;
		in->scalar[i] = op->index;
		return 's';
	case EMBER_ISA_IMM:
		in->scalar_kind[i] = EMBER_ISA_IMM;
		in->scalar[i] = op->imm;
		return 's';
	default:
		return 0;
	}
}

/* The form of a binary op: 0 vv, 1 vs, 2 sv, 3 ss; -1 none. */
static int binary_form(struct sc_insn *in, bool uniform)
{
	char a = classify(in, 1), b = classify(in, 2);

	if (uniform)
		return a == 's' && b == 's' ? 3 : -1;
	if (a == 'v')
		return b == 'v' ? 0 : b == 's' ? 1 : -1;
	return a == 's' && b == 'v' ? 2 : -1;
}

static sc_handler ternary(struct sc_insn *in, bool uniform, sc_handler vvv,
			  sc_handler vvs, sc_handler vsv, sc_handler svv, sc_handler ssv,
			  sc_handler sss)
{
	char k[4] = { 0, classify(in, 1), classify(in, 2), classify(in, 3) };

	if (uniform)
		return k[1] == 's' && k[2] == 's' && k[3] == 's' ? sss : NULL;
	if (k[1] == 'v' && k[2] == 'v')
		return k[3] == 'v' ? vvv : k[3] == 's' ? vvs : NULL;
	if (k[1] == 'v' && k[2] == 's' && k[3] == 'v')
		return vsv;
	if (k[1] == 's' && k[2] == 'v' && k[3] == 'v')
		return svv;
	if (k[1] == 's' && k[2] == 's' && k[3] == 'v')
		return ssv;
	return NULL;
}

static const sc_handler *binary_table(const struct ember_isa_insn *i)
{
	bool s = i->type == EMBER_ISA_S32;

	switch (i->opcode) {
	case EMBER_ISA_OP_IADD: return i->type == EMBER_ISA_U32 ? iadd_forms : NULL;
	case EMBER_ISA_OP_ISUB: return i->type == EMBER_ISA_U32 ? isub_forms : NULL;
	case EMBER_ISA_OP_IMUL: return i->type == EMBER_ISA_U32 ? imul_forms : NULL;
	case EMBER_ISA_OP_AND: return i->type == EMBER_ISA_U32 ? and_forms : NULL;
	case EMBER_ISA_OP_OR: return i->type == EMBER_ISA_U32 ? or_forms : NULL;
	case EMBER_ISA_OP_XOR: return i->type == EMBER_ISA_U32 ? xor_forms : NULL;
	case EMBER_ISA_OP_SHL: return i->type == EMBER_ISA_U32 ? shl_forms : NULL;
	case EMBER_ISA_OP_SHR:
		return i->type == EMBER_ISA_U32 ? shr_u_forms : s ? shr_s_forms : NULL;
	case EMBER_ISA_OP_IMIN:
		return i->type == EMBER_ISA_U32 ? imin_u_forms : s ? imin_s_forms : NULL;
	case EMBER_ISA_OP_IMAX:
		return i->type == EMBER_ISA_U32 ? imax_u_forms : s ? imax_s_forms : NULL;
	case EMBER_ISA_OP_FADD: return fadd_forms;
	case EMBER_ISA_OP_FSUB: return fsub_forms;
	case EMBER_ISA_OP_FMUL: return fmul_forms;
	case EMBER_ISA_OP_FDIV: return fdiv_forms;
	case EMBER_ISA_OP_FMIN: return fmin_forms;
	case EMBER_ISA_OP_FMAX: return fmax_forms;
	case EMBER_ISA_OP_CMP:
		/* Into predicates, with the conditions every type shares. */
		if (i->dst.kind != EMBER_ISA_PRED || i->mod > EMBER_ISA_GE)
			return NULL;
		/* Ordered not-equal is false on NaN: the general handler. */
		if (i->type == EMBER_ISA_F32 && i->mod == EMBER_ISA_NE)
			return NULL;
		return i->type == EMBER_ISA_U32 ? cmp_u_forms : s ? cmp_s_forms :
		       i->type == EMBER_ISA_F32 ? cmp_f_forms : NULL;
	default:
		return NULL;
	}
}

sc_handler SC_VARIANT(sc_fast_handler)(struct sc_insn *in)
{
	const struct ember_isa_insn *i = &in->isa;
	bool uniform = i->dst.kind == EMBER_ISA_UREG;
	const sc_handler *forms;
	int form;

	if (i->guard)
		return NULL;
	in->row[0] = i->dst.index * SC_LANES;
	in->scalar[0] = i->dst.index;
	switch (i->opcode) {
	case EMBER_ISA_OP_LDS:
		if (i->type != EMBER_ISA_U32 || classify(in, 1) != 'v')
			return NULL;
		in->scalar[2] = i->src[1].imm;
		return lds_u32;
	case EMBER_ISA_OP_STS:
		if (i->type != EMBER_ISA_U32 || classify(in, 1) != 'v' || !classify(in, 2))
			return NULL;
		in->scalar[3] = i->src[2].imm;
		return sts_u32;
	case EMBER_ISA_OP_LDG:
		if (i->type != EMBER_ISA_U32 || classify(in, 2) != 'v')
			return NULL;
		in->scalar[3] = i->src[2].imm;
		return ldg_u32;
	case EMBER_ISA_OP_STG:
		if (i->type != EMBER_ISA_U32 || classify(in, 2) != 'v' || !classify(in, 3))
			return NULL;
		return stg_u32;
	case EMBER_ISA_OP_CMP:
		/* A uniform compare into a uniform register (uniform branches). */
		if (uniform && i->mod <= EMBER_ISA_GE &&
		    !(i->type == EMBER_ISA_F32 && i->mod == EMBER_ISA_NE) &&
		    classify(in, 1) == 's' && classify(in, 2) == 's')
			return i->type == EMBER_ISA_U32 ? cmp_u_uniform :
			       i->type == EMBER_ISA_S32 ? cmp_s_uniform :
			       i->type == EMBER_ISA_F32 ? cmp_f_uniform : NULL;
		break;
	case EMBER_ISA_OP_MOV:
		if (i->type != EMBER_ISA_U32)
			return NULL;
		if (uniform)
			return classify(in, 1) == 's' ? mov_ss : NULL;
		return classify(in, 1) == 'v' ? mov_v : mov_s;
	case EMBER_ISA_OP_FFMA:
		return ternary(in, uniform, ffma_vvv, ffma_vvs, ffma_vsv, ffma_svv, ffma_ssv,
			       ffma_sss);
	case EMBER_ISA_OP_IMAD:
		return ternary(in, uniform, imad_vvv, imad_vvs, imad_vsv, imad_svv, imad_ssv,
			       imad_sss);
	default:
		break;
	}
	forms = binary_table(i);
	if (!forms)
		return NULL;
	/* A compare into a predicate takes scalar sources in any form. */
	if (i->opcode == EMBER_ISA_OP_CMP)
		form = binary_form(in, classify(in, 1) == 's' && classify(in, 2) == 's');
	else
		form = binary_form(in, uniform);
	return form < 0 ? NULL : forms[form];
}
