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
 *  - it is per-lane by nature: lane and local ids, the graphics stages'
 *    per-lane built-ins, inputs and derivatives, atomics results,
 *    shuffles, scans, shared-memory loads, and results of operations the
 *    ISA only writes to vector registers (select, global loads narrower
 *    than 32 bits or from a per-lane address, image instructions but the
 *    queries);
 *  - one of its sources is varying;
 *  - it is a variable (former phi) written inside divergent control flow
 *    or with any definition that is varying: lanes that did not take that
 *    path must keep their own value;
 *  - it is defined inside a divergent loop and used after it: lanes that
 *    left at different iterations saw different values.
 *
 * A value computed from uniform sources inside divergent control flow and
 * used only there stays uniform: the ISA writes a uniform register once
 * per wave whatever the mask, and every lane reading it agrees.
 *
 * Divergent control flow: an IF on a varying condition; a LOOP in which a
 * BREAK or CONTINUE has a varying condition or sits under a divergent IF
 * of that loop; anything nested in those. The analysis iterates to a fixed
 * point because conditions depend on values and values on regions.
 */

#include "ir.h"

#include <stdlib.h>

#include "ember_isa.h"

/* System values one per wave (the rest are per lane). */
static bool uniform_sysval(uint64_t sv)
{
	switch (sv) {
	case IR_SV_GROUP_ID_X: case IR_SV_GROUP_ID_Y: case IR_SV_GROUP_ID_Z:
	case IR_SV_NUM_GROUPS_X: case IR_SV_NUM_GROUPS_Y: case IR_SV_NUM_GROUPS_Z:
	case IR_SV_SUBGROUP_ID: case IR_SV_NUM_SUBGROUPS:
	case IR_SV_BASE_VERTEX: case IR_SV_BASE_INSTANCE: case IR_SV_DRAW_INDEX:
	case IR_SV_VIEW_INDEX:
		return true;
	default:
		return false;
	}
}

static bool always_varying(const struct ir_instr *in)
{
	switch (in->op) {
	case IR_SYSVAL:
		return !uniform_sysval(in->imm);
	/*
	 * Per lane by nature: interface inputs, and a derivative, which is a
	 * difference between the lanes of a quad (helpers included: they are
	 * active lanes, so a quad's four values are there whatever the mask).
	 */
	case IR_LOAD_INPUT:
	case IR_INTERP:
	case IR_DERIV:
	case IR_IS_HELPER:
	case IR_ATOMIC_GLOBAL:
	case IR_ATOMIC_SHARED:
	case IR_ATOMIC_ADDR:
	case IR_LOAD_SHARED:
	case IR_LOAD_PRIVATE:
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
	case IR_IMAGE_ATOMIC:
		return true;
	case IR_IMAGE_READ:
		/* Only the queries have a uniform form. */
		return (in->imm & 0xff) != EMBER_ISA_OP_IMGSIZE &&
		       (in->imm & 0xff) != EMBER_ISA_OP_IMGQUERY;
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

/*
 * escapes[v]: v is used outside the innermost loop around its definition
 * (so it must hold each lane's own last value).
 */
static uint8_t *find_escapes(const struct ir_shader *s)
{
	uint8_t *escapes = calloc(s->value_count, 1);
	uint32_t *start = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *end = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *match = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t *stack = malloc((s->count + 1) * sizeof(uint32_t)), depth = 0;

	if (!escapes || !start || !end || !match || !stack) {
		free(escapes);
		escapes = NULL;
		goto out;
	}
	for (uint32_t i = 0; i < s->count; i++) {
		if (s->ins[i].op == IR_LOOP)
			stack[depth++] = i;
		else if (s->ins[i].op == IR_ENDLOOP && depth)
			match[stack[--depth]] = i;
	}
	depth = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		if (in->op == IR_LOOP)
			stack[depth++] = i;
		else if (in->op == IR_ENDLOOP && depth)
			depth--;
		for (int k = 0; k < IR_MAX_SRC; k++) {
			uint32_t v = in->src[k];

			if (v && end[v] && (i < start[v] || i > end[v]))
				escapes[v] = 1;
		}
		if (ir_op_has_dst(in->op) && in->dst && depth) {
			start[in->dst] = stack[depth - 1];
			end[in->dst] = match[stack[depth - 1]];
		}
	}
out:
	free(start);
	free(end);
	free(match);
	free(stack);
	return escapes;
}

/* One sweep; returns true when something new became varying. */
static bool sweep(struct ir_shader *s, struct frame *stack, const uint8_t *escapes)
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
		varying = always_varying(in) || (s->vals[in->dst].flags & IR_VAL_FORCE_VECTOR) ||
			  (region && ((s->vals[in->dst].flags & IR_VAL_VARIABLE) ||
				      escapes[in->dst]));
		if (!cross_lane_result(in)) {
			for (int k = 0; k < IR_MAX_SRC; k++)
				if (in->src[k] && (s->vals[in->src[k]].flags & IR_VAL_VARYING))
					varying = true;
		} else if (in->op == IR_SG_BROADCAST && in->src[1] &&
			   (s->vals[in->src[1]].flags & IR_VAL_VARYING)) {
			varying = true;		/* a per-lane lane index is a shuffle */
		}
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
	uint8_t *escapes;

	if (!stack) {
		s->oom = true;
		return;
	}
	escapes = find_escapes(s);
	if (!escapes) {
		free(stack);
		s->oom = true;
		return;
	}
	for (uint32_t v = 0; v < s->value_count; v++)
		s->vals[v].flags &= ~IR_VAL_VARYING;
	/* Optimistic start: every loop uniform until an exit says otherwise. */
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_LOOP)
			s->ins[i].uniform_cf = 1;
	while (sweep(s, stack, escapes))
		;
	free(stack);
	free(escapes);
}
