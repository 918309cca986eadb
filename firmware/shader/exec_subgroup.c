/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Subgroup, predicate and special-register handlers
 *
 * The operations across the lanes of a wave (votes, ballots, reading one
 * lane, shuffles, quad broadcast, clustered reductions and scans) and the
 * per-lane special registers. Built twice like exec_alu.c (see its DOC for
 * what was checked in the generated code): the shuffles are gathers over a
 * register row; 32-bit reductions and scans walk the lanes in order, so a
 * float sum is the same on every host, and 64-bit integer ones (u64/s64,
 * where the order cannot matter) combine whole rows in log2 steps.
 *
 * Inactive lanes take no part: they contribute the operation's identity to
 * reductions and scans and are never the lane an ELECT or READFIRST picks.
 * A shuffle reading an inactive lane gets whatever its register holds (the
 * result is undefined by SPIR-V, and defined here as that).
 */

#include <string.h>

#include "sc_lanes.h"

#define SC_PASTE2(a, b)		a##_##b
#define SC_PASTE(a, b)		SC_PASTE2(a, b)
#define SC_VARIANT(name)	SC_PASTE(name, SC_VARIANT_SUFFIX)

#define HANDLER(name) \
	static void name(struct sc_wave *w, const struct sc_insn *in)
#define ISA		(&in->isa)
#define IS64		(ISA->type == EMBER_ISA_U64 || ISA->type == EMBER_ISA_S64)

static void commit_uniform_bool(struct sc_wave *w, const struct ember_isa_insn *i,
				bool value)
{
	uint32_t r[SC_LANES] SC_ALIGN;

	LANES r[l] = value;
	sc_commit_bool(w, i, r, sc_active(w, i));
}

HANDLER(op_voteany)
{
	commit_uniform_bool(w, ISA, (w->p[ISA->src[0].index] & sc_active(w, ISA)) != 0);
}

HANDLER(op_voteall)
{
	uint32_t m = sc_active(w, ISA);

	commit_uniform_bool(w, ISA, (w->p[ISA->src[0].index] & m) == m);
}

HANDLER(op_voteeq)
{
	uint32_t m = sc_active(w, ISA);
	unsigned int halves = IS64 ? 2 : 1;
	bool equal = true;

	for (unsigned int h = 0; h < halves && m; h++) {
		const uint32_t *a = sc_src(w, ISA, 0, h);
		uint32_t first = a[__builtin_ctz(m)], diff = 0;

		LANES diff |= ((m >> l) & 1) && a[l] != first ? 1u << l : 0;
		equal = equal && !diff;
	}
	commit_uniform_bool(w, ISA, equal);
}

HANDLER(op_ballot)
{
	uint32_t m = sc_active(w, ISA), bits = w->p[ISA->src[0].index] & m;
	uint32_t r[SC_LANES] SC_ALIGN;

	LANES r[l] = bits;
	sc_commit(w, ISA, 0, r, m);
}

HANDLER(op_elect)
{
	uint32_t m = sc_active(w, ISA), *p = &w->p[ISA->dst.index];

	*p = (*p & ~m) | (m & -m);
}

static void read_lane(struct sc_wave *w, const struct ember_isa_insn *i,
		      unsigned int lane)
{
	unsigned int halves = ember_isa_type_regs(i->type);

	for (unsigned int h = 0; h < halves; h++)
		w->u[i->dst.index + h] = sc_src(w, i, 0, h)[lane];
}

HANDLER(op_readlane)
{
	read_lane(w, ISA, sc_src(w, ISA, 1, 0)[0] & (SC_LANES - 1));
}

HANDLER(op_readfirst)
{
	read_lane(w, ISA, w->exec ? (unsigned int)__builtin_ctz(w->exec) : 0);
}

enum shuffle_kind { SHUFFLE_IDX, SHUFFLE_XOR, SHUFFLE_UP, SHUFFLE_DOWN, SHUFFLE_QUAD };

static void shuffle(struct sc_wave *w, const struct ember_isa_insn *i,
		    enum shuffle_kind kind)
{
	const uint32_t *arg = sc_src(w, i, 1, 0);
	uint32_t from[SC_LANES] SC_ALIGN;
	unsigned int halves = ember_isa_type_regs(i->type);

	switch (kind) {
	case SHUFFLE_IDX:
		LANES from[l] = arg[l] & (SC_LANES - 1);
		break;
	case SHUFFLE_XOR:
		LANES from[l] = (l ^ arg[l]) & (SC_LANES - 1);
		break;
	case SHUFFLE_UP:
		LANES from[l] = arg[l] <= l ? l - arg[l] : l;
		break;
	case SHUFFLE_DOWN:
		LANES from[l] = arg[l] < SC_LANES - l ? l + arg[l] : l;
		break;
	default:
		LANES from[l] = (l & ~3u) | (arg[l] & 3);
		break;
	}
	for (unsigned int h = 0; h < halves; h++) {
		const uint32_t *a = sc_src(w, i, 0, h);
		uint32_t r[SC_LANES] SC_ALIGN;

		LANES r[l] = a[from[l]];
		sc_commit(w, i, h, r, sc_active(w, i));
	}
}

HANDLER(op_shfl) { shuffle(w, ISA, SHUFFLE_IDX); }
HANDLER(op_shflxor) { shuffle(w, ISA, SHUFFLE_XOR); }
HANDLER(op_shflup) { shuffle(w, ISA, SHUFFLE_UP); }
HANDLER(op_shfldown) { shuffle(w, ISA, SHUFFLE_DOWN); }
HANDLER(op_quadbcast) { shuffle(w, ISA, SHUFFLE_QUAD); }

/* The identity and the combination of subgroup operation @op on @type. */
static uint32_t sg_identity(unsigned int op, unsigned int type)
{
	switch (op) {
	case EMBER_ISA_SG_ADD:
	case EMBER_ISA_SG_OR:
	case EMBER_ISA_SG_XOR:
		return 0;	/* also +0.0f */
	case EMBER_ISA_SG_MUL:
		return type == EMBER_ISA_F32 ? 0x3f800000u : 1;
	case EMBER_ISA_SG_MIN:
		return type == EMBER_ISA_F32 ? 0x7f800000u :
		       type == EMBER_ISA_S32 ? 0x7fffffffu : 0xffffffffu;
	case EMBER_ISA_SG_MAX:
		return type == EMBER_ISA_F32 ? 0xff800000u :
		       type == EMBER_ISA_S32 ? 0x80000000u : 0;
	default:
		return 0xffffffffu;	/* AND */
	}
}

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static float fval(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint32_t sg_combine(unsigned int op, unsigned int type, uint32_t a, uint32_t b)
{
	if (type == EMBER_ISA_F32) {
		float x = fval(a), y = fval(b);

		switch (op) {
		case EMBER_ISA_SG_ADD: return fbits(x + y);
		case EMBER_ISA_SG_MUL: return fbits(x * y);
		case EMBER_ISA_SG_MIN: return fbits(x < y || y != y ? x : y);
		default: return fbits(x > y || y != y ? x : y);
		}
	}
	switch (op) {
	case EMBER_ISA_SG_ADD: return a + b;
	case EMBER_ISA_SG_MUL: return a * b;
	case EMBER_ISA_SG_MIN:
		return type == EMBER_ISA_S32 ? ((int32_t)a < (int32_t)b ? a : b) : (a < b ? a : b);
	case EMBER_ISA_SG_MAX:
		return type == EMBER_ISA_S32 ? ((int32_t)a > (int32_t)b ? a : b) : (a > b ? a : b);
	case EMBER_ISA_SG_AND: return a & b;
	case EMBER_ISA_SG_OR: return a | b;
	default: return a ^ b;
	}
}

enum scan_kind { SCAN_REDUCE, SCAN_INCLUSIVE, SCAN_EXCLUSIVE };

static void subgroup_arith(struct sc_wave *w, const struct ember_isa_insn *i,
			   enum scan_kind kind)
{
	unsigned int op = i->mod, type = i->type;
	unsigned int cluster = kind == SCAN_REDUCE ? i->src[1].imm : SC_LANES;
	uint32_t m = sc_active(w, i), id = sg_identity(op, type);
	const uint32_t *a = sc_src(w, i, 0, 0);
	uint32_t r[SC_LANES] SC_ALIGN;

	for (unsigned int base = 0; base < SC_LANES; base += cluster) {
		uint32_t acc = id;

		for (unsigned int l = base; l < base + cluster; l++) {
			uint32_t v = (m >> l) & 1 ? a[l] : id;

			if (kind == SCAN_EXCLUSIVE)
				r[l] = acc;
			acc = sg_combine(op, type, acc, v);
			if (kind == SCAN_INCLUSIVE)
				r[l] = acc;
		}
		if (kind == SCAN_REDUCE)
			for (unsigned int l = base; l < base + cluster; l++)
				r[l] = acc;
	}
	sc_commit(w, i, 0, r, m);
}

static uint64_t sg_identity64(unsigned int op, bool is_signed)
{
	switch (op) {
	case EMBER_ISA_SG_MUL: return 1;
	case EMBER_ISA_SG_MIN: return is_signed ? INT64_MAX : UINT64_MAX;
	case EMBER_ISA_SG_MAX: return is_signed ? (uint64_t)INT64_MIN : 0;
	case EMBER_ISA_SG_AND: return UINT64_MAX;
	default: return 0;	/* add, or, xor */
	}
}

/* v[l] = v[l] op from[l]; the switch is outside the lane loops so they vectorise. */
static void sg_combine64_row(unsigned int op, bool is_signed, uint64_t *v, const uint64_t *from)
{
	switch (op) {
	case EMBER_ISA_SG_ADD: LANES v[l] += from[l]; break;
	case EMBER_ISA_SG_MUL: LANES v[l] *= from[l]; break;
	case EMBER_ISA_SG_MIN:
		if (is_signed)
			LANES v[l] = (int64_t)from[l] < (int64_t)v[l] ? from[l] : v[l];
		else
			LANES v[l] = from[l] < v[l] ? from[l] : v[l];
		break;
	case EMBER_ISA_SG_MAX:
		if (is_signed)
			LANES v[l] = (int64_t)from[l] > (int64_t)v[l] ? from[l] : v[l];
		else
			LANES v[l] = from[l] > v[l] ? from[l] : v[l];
		break;
	case EMBER_ISA_SG_AND: LANES v[l] &= from[l]; break;
	case EMBER_ISA_SG_OR: LANES v[l] |= from[l]; break;
	default: LANES v[l] ^= from[l]; break;
	}
}

/*
 * u64/s64: integer operations are associative and commutative, so the
 * lanes combine in log2 steps over whole rows instead of a lane walk:
 * a butterfly (lane l with l ^ d) for cluster reductions, a Hillis-Steele
 * scan (lane l with l - d, the identity below lane d) for scans.
 */
static void subgroup_arith64(struct sc_wave *w, const struct ember_isa_insn *i,
			     enum scan_kind kind)
{
	unsigned int op = i->mod, cluster = kind == SCAN_REDUCE ? i->src[1].imm : SC_LANES;
	bool is_signed = i->type == EMBER_ISA_S64;
	uint64_t id = sg_identity64(op, is_signed), v[SC_LANES] SC_ALIGN, from[SC_LANES] SC_ALIGN;
	uint32_t m = sc_active(w, i), lo[SC_LANES] SC_ALIGN, hi[SC_LANES] SC_ALIGN;

	sc_src64(w, i, 0, v);
	LANES v[l] = (m >> l) & 1 ? v[l] : id;
	for (unsigned int d = 1; d < cluster; d <<= 1) {
		if (kind == SCAN_REDUCE)
			LANES from[l] = v[l ^ d];
		else
			LANES from[l] = l >= d ? v[l - d] : id;
		sg_combine64_row(op, is_signed, v, from);
	}
	if (kind == SCAN_EXCLUSIVE)
		LANES from[l] = l ? v[l - 1] : id;
	else
		LANES from[l] = v[l];
	LANES lo[l] = (uint32_t)from[l];
	LANES hi[l] = (uint32_t)(from[l] >> 32);
	sc_commit(w, i, 0, lo, m);
	sc_commit(w, i, 1, hi, m);
}

static void subgroup_arith_any(struct sc_wave *w, const struct ember_isa_insn *i,
			       enum scan_kind kind)
{
	if (i->type == EMBER_ISA_U64 || i->type == EMBER_ISA_S64)
		subgroup_arith64(w, i, kind);
	else
		subgroup_arith(w, i, kind);
}

HANDLER(op_sgreduce) { subgroup_arith_any(w, ISA, SCAN_REDUCE); }
HANDLER(op_sgiscan) { subgroup_arith_any(w, ISA, SCAN_INCLUSIVE); }
HANDLER(op_sgescan) { subgroup_arith_any(w, ISA, SCAN_EXCLUSIVE); }

/* Predicates: only the active lanes' bits change. */
static void commit_pred(struct sc_wave *w, const struct ember_isa_insn *i,
			uint32_t bits)
{
	uint32_t m = sc_active(w, i), *p = &w->p[i->dst.index];

	*p = (*p & ~m) | (bits & m);
}

#define PSRC(n)	(w->p[ISA->src[n].index])
HANDLER(op_pand) { commit_pred(w, ISA, PSRC(0) & PSRC(1)); }
HANDLER(op_por) { commit_pred(w, ISA, PSRC(0) | PSRC(1)); }
HANDLER(op_pxor) { commit_pred(w, ISA, PSRC(0) ^ PSRC(1)); }
HANDLER(op_pnot) { commit_pred(w, ISA, ~PSRC(0)); }
HANDLER(op_u2p) { commit_pred(w, ISA, sc_src(w, ISA, 0, 0)[0]); }

HANDLER(op_s2r)
{
	const struct sc_group *g = w->group;
	const uint32_t *size = g->d->prog->header.local_size;
	uint32_t r[SC_LANES] SC_ALIGN, base = w->id * SC_LANES, value = 0;

	if (ISA->mod >= EMBER_ISA_SR_VERTEX_INDEX) {
		sc_graphics_s2r(w, in);
		return;
	}
	switch (ISA->mod) {
	case EMBER_ISA_SR_LANE_ID: LANES r[l] = l; break;
	case EMBER_ISA_SR_LOCAL_INDEX: LANES r[l] = base + l; break;
	case EMBER_ISA_SR_LOCAL_ID_X:
		/* Most workgroups are 1D or powers of two: no division then. */
		if (size[0] * size[1] * size[2] == size[0])
			LANES r[l] = base + l;
		else if (!(size[0] & (size[0] - 1)))
			LANES r[l] = (base + l) & (size[0] - 1);
		else
			LANES r[l] = (base + l) % size[0];
		break;
	case EMBER_ISA_SR_LOCAL_ID_Y:
		if (!(size[0] & (size[0] - 1)) && !(size[1] & (size[1] - 1)))
			LANES r[l] = ((base + l) >> __builtin_ctz(size[0])) & (size[1] - 1);
		else
			LANES r[l] = (base + l) / size[0] % size[1];
		break;
	case EMBER_ISA_SR_LOCAL_ID_Z: LANES r[l] = (base + l) / (size[0] * size[1]); break;
	case EMBER_ISA_SR_LANE_MASK_EQ: LANES r[l] = 1u << l; break;
	case EMBER_ISA_SR_LANE_MASK_LT: LANES r[l] = (1u << l) - 1; break;
	case EMBER_ISA_SR_LANE_MASK_LE: LANES r[l] = (uint32_t)((2ull << l) - 1); break;
	case EMBER_ISA_SR_LANE_MASK_GT: LANES r[l] = ~(uint32_t)((2ull << l) - 1); break;
	case EMBER_ISA_SR_LANE_MASK_GE: LANES r[l] = ~((1u << l) - 1); break;
	default:
		/* Uniform registers: one value, written once. */
		switch (ISA->mod) {
		case EMBER_ISA_SR_WAVE_ID: value = w->id; break;
		case EMBER_ISA_SR_NUM_WAVES: value = g->num_waves; break;
		case EMBER_ISA_SR_GROUP_ID_X: value = g->group_id[0]; break;
		case EMBER_ISA_SR_GROUP_ID_Y: value = g->group_id[1]; break;
		case EMBER_ISA_SR_GROUP_ID_Z: value = g->group_id[2]; break;
		case EMBER_ISA_SR_NUM_GROUPS_X: value = g->d->groups[0]; break;
		case EMBER_ISA_SR_NUM_GROUPS_Y: value = g->d->groups[1]; break;
		case EMBER_ISA_SR_NUM_GROUPS_Z: value = g->d->groups[2]; break;
		default: value = w->exec; break;
		}
		w->u[ISA->dst.index] = value;
		return;
	}
	sc_commit(w, ISA, 0, r, sc_active(w, ISA));
}

void SC_VARIANT(sc_subgroup_handlers)(sc_handler t[EMBER_ISA_NUM_OPCODES])
{
#define SET(OP, fn) t[EMBER_ISA_OP_##OP] = fn
	SET(VOTEANY, op_voteany); SET(VOTEALL, op_voteall); SET(VOTEEQ, op_voteeq);
	SET(BALLOT, op_ballot); SET(ELECT, op_elect); SET(READLANE, op_readlane);
	SET(READFIRST, op_readfirst); SET(SHFL, op_shfl); SET(SHFLXOR, op_shflxor);
	SET(SHFLUP, op_shflup); SET(SHFLDOWN, op_shfldown);
	SET(QUADBCAST, op_quadbcast); SET(SGREDUCE, op_sgreduce);
	SET(SGISCAN, op_sgiscan); SET(SGESCAN, op_sgescan);
	SET(PAND, op_pand); SET(POR, op_por); SET(PXOR, op_pxor); SET(PNOT, op_pnot);
	SET(U2P, op_u2p); SET(S2R, op_s2r);
#undef SET
}
