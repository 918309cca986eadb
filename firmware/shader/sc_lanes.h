/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Lane helpers of the instruction handlers
 *
 * Operand access for the handlers (see shader_core.h): a source is always
 * 32 lanes in memory (a vector register row, or a broadcast of a uniform
 * register or immediate into the wave's bc[] rows), results go through
 * sc_commit*(), which writes only the active lanes of a vector or
 * predicate destination, or lane 0 to a uniform one. Inline, so each
 * handler's loops are compiled for the instruction set of the file that
 * includes it (exec_alu.c and exec_subgroup.c are built twice, see
 * meson.build).
 */

#ifndef EMBER_FW_SC_LANES_H
#define EMBER_FW_SC_LANES_H

#include "shader_core.h"

#define LANES for (unsigned int l = 0; l < SC_LANES; l++)

/* Lanes the instruction acts on: exec, narrowed by the guard. */
static inline uint32_t sc_active(const struct sc_wave *w,
				 const struct ember_isa_insn *i)
{
	uint32_t m = w->exec;

	if (i->guard) {
		uint32_t p = w->p[i->guard_pred];

		m &= i->guard_negate ? ~p : p;
	}
	return m;
}

/*
 * Lanes whose global, image and texel-buffer stores and atomics happen:
 * the active ones but helper invocations (fragment waves).
 */
static inline uint32_t sc_store_lanes(const struct sc_wave *w,
				      const struct ember_isa_insn *i)
{
	return sc_active(w, i) & ~w->helpers;
}

/* 32 lanes of the 32-bit part @half of source @s. */
static inline const uint32_t *sc_src(struct sc_wave *w,
				     const struct ember_isa_insn *i,
				     unsigned int s, unsigned int half)
{
	const struct ember_isa_operand *o = &i->src[s];
	uint32_t value, *b;

	switch (o->kind) {
	case EMBER_ISA_VREG:
		return w->v + (o->index + half) * SC_LANES;
	case EMBER_ISA_UREG:
		value = w->u[o->index + half];
		break;
	case EMBER_ISA_IMM:
		/* A 64-bit immediate is the literal sign-extended. */
		value = half ? (uint32_t)((int32_t)o->imm >> 31) : o->imm;
		break;
	default:
		value = 0;
		break;
	}
	b = w->bc[s][half];
	LANES b[l] = value;
	return b;
}

static inline void sc_src64(struct sc_wave *w, const struct ember_isa_insn *i,
			    unsigned int s, uint64_t *out)
{
	const uint32_t *lo = sc_src(w, i, s, 0), *hi = sc_src(w, i, s, 1);

	LANES out[l] = lo[l] | (uint64_t)hi[l] << 32;
}

/* Write part @half of the destination from @r for lanes @m. */
static inline void sc_commit(struct sc_wave *w, const struct ember_isa_insn *i,
			     unsigned int half, const uint32_t *r, uint32_t m)
{
	uint32_t *row;

	if (i->dst.kind == EMBER_ISA_UREG) {
		w->u[i->dst.index + half] = r[0];
		return;
	}
	row = w->v + (i->dst.index + half) * SC_LANES;
	if (m == 0xffffffffu) {
		LANES row[l] = r[l];
		return;
	}
	LANES row[l] = (m >> l) & 1 ? r[l] : row[l];
}

static inline void sc_commit64(struct sc_wave *w, const struct ember_isa_insn *i,
			       const uint64_t *r, uint32_t m)
{
	uint32_t lo[SC_LANES] SC_ALIGN, hi[SC_LANES] SC_ALIGN;

	LANES {
		lo[l] = (uint32_t)r[l];
		hi[l] = (uint32_t)(r[l] >> 32);
	}
	sc_commit(w, i, 0, lo, m);
	sc_commit(w, i, 1, hi, m);
}

/* Lanes where @r is non-zero, as a mask. */
static inline uint32_t sc_mask_of(const uint32_t *r)
{
	uint32_t bits = 0;

	LANES bits |= (uint32_t)(r[l] != 0) << l;
	return bits;
}

/* A boolean result (0/1 per lane) to a predicate, vector or uniform dst. */
static inline void sc_commit_bool(struct sc_wave *w, const struct ember_isa_insn *i,
				  const uint32_t *r, uint32_t m)
{
	if (i->dst.kind == EMBER_ISA_PRED) {
		uint32_t *p = &w->p[i->dst.index];

		*p = (*p & ~m) | (sc_mask_of(r) & m);
		return;
	}
	sc_commit(w, i, 0, r, m);
}

#endif /* EMBER_FW_SC_LANES_H */
