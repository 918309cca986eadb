/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Control-flow simplification
 *
 * A while loop arrives as "IF c { body } ELSE { BREAK } ENDIF": the whole
 * body sits one construct deeper than it needs to, and the mask stack pays
 * an IF frame per iteration. When one arm of an IF/ELSE always leaves
 * (its last top-level instruction is an unconditional BREAK or CONTINUE),
 * the other arm does not need the IF at all:
 *
 *   IF c { T } ELSE { E; BREAK } ENDIF  =>  IF !c { E; BREAK } ENDIF  T
 *   IF c { E; BREAK } ELSE { T } ENDIF  =>  IF c { E; BREAK } ENDIF  T
 *
 * (IF's aux = 1 negates the condition.) When E is empty the emitter turns
 * "IF c; BREAK; ENDIF" into a single predicated BREAK.
 */

#include "ir.h"

#include <stdlib.h>
#include <string.h>

/* Does the region (from, to) end, at its own level, with an unconditional exit? */
static bool always_leaves(const struct ir_shader *s, uint32_t from, uint32_t to)
{
	const struct ir_instr *last = to > from + 1 ? &s->ins[to - 1] : NULL;

	return last && (last->op == IR_BREAK || last->op == IR_CONTINUE) && !last->src[0];
}

/* ELSE (or 0) and ENDIF of the IF at @at. */
static void match_if(const struct ir_shader *s, uint32_t at, uint32_t *else_at, uint32_t *end)
{
	int depth = 0;

	*else_at = 0;
	for (uint32_t i = at + 1; i < s->count; i++) {
		enum ir_op op = s->ins[i].op;

		if (op == IR_IF || op == IR_LOOP)
			depth++;
		else if ((op == IR_ENDIF || op == IR_ENDLOOP) && depth)
			depth--;
		else if (op == IR_ELSE && !depth)
			*else_at = i;
		else if (op == IR_ENDIF && !depth) {
			*end = i;
			return;
		}
	}
	*end = s->count;
}

bool ir_simplify_cf(struct ir_shader *s)
{
	struct ir_instr *tmp = NULL;
	bool changed = false;

	for (uint32_t i = 0; i < s->count; i++) {
		uint32_t e, f, then_len, else_len;
		bool else_leaves, then_leaves;

		if (s->ins[i].op != IR_IF)
			continue;
		match_if(s, i, &e, &f);
		if (!e || f >= s->count)
			continue;
		then_leaves = always_leaves(s, i, e);
		else_leaves = always_leaves(s, e, f);
		if (!then_leaves && !else_leaves)
			continue;
		then_len = e - i - 1;
		else_len = f - e - 1;
		free(tmp);
		tmp = malloc((then_len + else_len + 1) * sizeof(*tmp));
		if (!tmp)
			break;
		if (else_leaves && !then_leaves) {
			/* IF !c { else arm } ENDIF, then arm */
			struct ir_instr endif = s->ins[f];

			memcpy(tmp, &s->ins[e + 1], else_len * sizeof(*tmp));
			tmp[else_len] = endif;
			memcpy(&tmp[else_len + 1], &s->ins[i + 1], then_len * sizeof(*tmp));
			s->ins[i].aux ^= 1;
		} else {
			/* IF c { then arm } ENDIF, else arm */
			struct ir_instr endif = s->ins[f];

			memcpy(tmp, &s->ins[i + 1], then_len * sizeof(*tmp));
			tmp[then_len] = endif;
			memcpy(&tmp[then_len + 1], &s->ins[e + 1], else_len * sizeof(*tmp));
		}
		/* The ELSE disappears; everything from i + 1 to f shifts up by one. */
		memcpy(&s->ins[i + 1], tmp, (then_len + else_len + 1) * sizeof(*tmp));
		s->ins[f].op = IR_NOP;
		changed = true;
	}
	free(tmp);
	if (changed)
		ir_compact(s);
	return changed;
}
