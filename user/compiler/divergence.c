/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Divergence analysis
 *
 * Decides, for every value, whether it lives in a uniform register (one
 * per wave) or a vector register (one per lane), and for every IF and
 * LOOP whether the wave can take it as a whole (a uniform branch, no mask
 * stack). A value is IR_VAL_VARYING (vector) when:
 *
 *  - it is per-lane by nature: lane and local ids, atomics results,
 *    shuffles, scans, shared-memory loads, and results of operations the
 *    ISA only writes to vector registers (select, global loads narrower
 *    than 32 bits or from a per-lane address);
 *  - one of its sources is varying;
 *  - it is defined inside divergent control flow. The ISA does not allow
 *    uniform writes while a wave is diverged, and a value defined in a
 *    loop that lanes leave at different iterations differs between lanes
 *    after the loop even if every iteration computed it uniformly;
 *  - it is a variable (former phi) with any definition that is varying.
 *
 * Divergent control flow: an IF on a varying condition; a LOOP in which a
 * BREAK or CONTINUE has a varying condition or sits under a divergent IF
 * of that loop; anything nested in those. The analysis iterates to a fixed
 * point because conditions depend on values and values on regions.
 */

#include "ir.h"

#include <stdlib.h>

static bool always_varying(const struct ir_instr *in)
{
	switch (in->op) {
	case IR_SYSVAL:
		return in->imm == IR_SV_LOCAL_ID_X || in->imm == IR_SV_LOCAL_ID_Y ||
		       in->imm == IR_SV_LOCAL_ID_Z || in->imm == IR_SV_LOCAL_INDEX ||
		       in->imm == IR_SV_LANE_ID;
	case IR_ATOMIC_GLOBAL:
	case IR_ATOMIC_SHARED:
	case IR_LOAD_SHARED:
	case IR_LOAD_SCRATCH:
	case IR_SELECT:
	case IR_UNDEF:
	case IR_SG_ELECT:
	case IR_SG_SHUFFLE:
	case IR_SG_SHUFFLE_XOR:
	case IR_SG_SHUFFLE_UP:
	case IR_SG_SHUFFLE_DOWN:
	case IR_SG_REDUCE:
	case IR_SG_INCL_SCAN:
	case IR_SG_EXCL_SCAN:
	case IR_SG_QUAD_BROADCAST:
	case IR_SG_QUAD_SWAP:
	/* Operations the ISA has no uniform form of. */
	case IR_UMULHI:
	case IR_BFI:
	case IR_F2F16:
	case IR_F162F:
		return true;
	case IR_LOAD_GLOBAL:
		/* Uniform loads (LDU) are 32/64-bit only. */
		return in->aux < 4;
	default:
		return false;
	}
}

/* Sources whose varyingness does not make the result varying. */
static bool cross_lane_result(const struct ir_instr *in)
{
	switch (in->op) {
	case IR_SG_BALLOT:
	case IR_SG_ALL:
	case IR_SG_ANY:
	case IR_SG_ALLEQ:
	case IR_SG_BROADCAST:
	case IR_SG_BROADCAST_FIRST:
		return true;
	default:
		return false;
	}
}

struct frame {
	enum ir_op op;
	uint32_t at;		/* index of the IF/LOOP */
	bool divergent;		/* this construct's region is divergent */
};

/* One sweep; returns true when something new became varying. */
static bool sweep(struct ir_shader *s, struct frame *stack)
{
	int depth = 0;
	bool changed = false;

	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];
		bool region = depth > 0 && stack[depth - 1].divergent;
		bool varying = false;

		switch (in->op) {
		case IR_IF: {
			bool cond = s->vals[in->src[0]].flags & IR_VAL_VARYING;

			stack[depth++] = (struct frame) { IR_IF, i, region || cond };
			if (!in->uniform_cf == !(region || cond)) {
				in->uniform_cf = !(region || cond);
				changed = true;
			}
			continue;
		}
		case IR_LOOP:
			/* uniform_cf of a LOOP is decided by its exits (below). */
			if (region && in->uniform_cf) {
				in->uniform_cf = 0;
				changed = true;
			}
			stack[depth++] = (struct frame) { IR_LOOP, i, !in->uniform_cf };
			continue;
		case IR_ELSE:
			continue;
		case IR_ENDIF:
		case IR_ENDLOOP:
			depth--;
			continue;
		case IR_BREAK:
		case IR_CONTINUE: {
			bool cond = in->src[0] && (s->vals[in->src[0]].flags & IR_VAL_VARYING);
			int loop = depth - 1;

			while (loop >= 0 && stack[loop].op != IR_LOOP)
				loop--;
			if (loop < 0)
				continue;
			/* Divergent if the condition varies or an IF between here
			 * and the loop is divergent. */
			bool divergent = cond || (region && depth - 1 > loop);

			in->uniform_cf = !divergent && !stack[loop].divergent;
			if (divergent && s->ins[stack[loop].at].uniform_cf) {
				s->ins[stack[loop].at].uniform_cf = 0;
				changed = true;
			}
			continue;
		}
		default:
			break;
		}
		if (!ir_op_has_dst(in->op) || !in->dst)
			continue;
		varying = always_varying(in) || region ||
			  (s->vals[in->dst].flags & IR_VAL_FORCE_VECTOR);
		if (!cross_lane_result(in)) {
			for (int k = 0; k < IR_MAX_SRC; k++)
				if (in->src[k] && (s->vals[in->src[k]].flags & IR_VAL_VARYING))
					varying = true;
		}
		if (in->op == IR_SG_BALLOT || in->op == IR_SG_ALL || in->op == IR_SG_ANY ||
		    in->op == IR_SG_ALLEQ || in->op == IR_SG_BROADCAST ||
		    in->op == IR_SG_BROADCAST_FIRST)
			varying = region;
		if (varying && !(s->vals[in->dst].flags & IR_VAL_VARYING)) {
			s->vals[in->dst].flags |= IR_VAL_VARYING;
			changed = true;
		}
	}
	return changed;
}

void ir_divergence(struct ir_shader *s)
{
	struct frame *stack = calloc(s->count + 1, sizeof(*stack));

	if (!stack) {
		s->oom = true;
		return;
	}
	for (uint32_t v = 0; v < s->value_count; v++)
		s->vals[v].flags &= ~IR_VAL_VARYING;
	/* Optimistic start: every loop uniform until an exit says otherwise. */
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_LOOP)
			s->ins[i].uniform_cf = 1;
	while (sweep(s, stack))
		;
	free(stack);
}
