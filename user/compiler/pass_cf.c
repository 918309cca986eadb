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
 *
 * A switch arrives as a once-through loop (so that a nested "break" out of
 * a case is an ordinary BREAK): "LOOP { cases; BREAK } ENDLOOP". When
 * nothing but that last BREAK leaves it, the loop is dropped.
 *
 * If-conversion (ir_if_convert): a divergent IF whose arms are a few pure
 * operations writing variables becomes straight-line code, both arms
 * computed by every lane, and one SELECT per variable. The arms may read
 * the variables they write only before writing them, since all reads now
 * happen before all writes.
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

/* Unwrap "LOOP body BREAK ENDLOOP" whose body never breaks or continues. */
static bool unwrap_once_loops(struct ir_shader *s)
{
	bool changed = false;

	for (uint32_t i = 0; i < s->count; i++) {
		uint32_t depth = 0, j, exits = 0;

		if (s->ins[i].op != IR_LOOP)
			continue;
		for (j = i + 1; j < s->count; j++) {
			enum ir_op op = s->ins[j].op;

			if (op == IR_LOOP) {
				depth++;
			} else if (op == IR_ENDLOOP) {
				if (!depth)
					break;
				depth--;
			} else if ((op == IR_BREAK || op == IR_CONTINUE) && !depth) {
				exits++;
			}
		}
		if (j >= s->count || exits != 1 || j < i + 2 || s->ins[j - 1].op != IR_BREAK ||
		    s->ins[j - 1].src[0])
			continue;
		s->ins[i].op = IR_NOP;
		s->ins[j - 1].op = IR_NOP;
		s->ins[j].op = IR_NOP;
		changed = true;
	}
	return changed;
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
	changed |= unwrap_once_loops(s);
	if (changed)
		ir_compact(s);
	return changed;
}

#define IF_CONVERT_MAX 4	/* instructions per arm */

static bool convertible_op(const struct ir_instr *in)
{
	if (!ir_op_has_dst(in->op) || ir_op_has_side_effects(in->op))
		return false;
	switch (in->op) {
	case IR_UNDEF: case IR_LOAD_GLOBAL: case IR_LOAD_SHARED: case IR_LOAD_PRIVATE:
	case IR_LOAD_ADDR:
	case IR_LOAD_PUSH: case IR_DESC: case IR_DESC_RANGE: case IR_SYSVAL:
	case IR_IMG_DESC: case IR_SMP_DESC: case IR_IMAGE_READ: case IR_EXTRACT:
		return false;
	default:
		return in->bits <= 64;
	}
}

/* Arm (from, to): few pure operations, each variable written once, not read after. */
static bool arm_qualifies(const struct ir_shader *s, uint32_t from, uint32_t to)
{
	uint32_t written[IF_CONVERT_MAX], count = 0;

	if (to - from - 1 > IF_CONVERT_MAX)
		return false;
	for (uint32_t i = from + 1; i < to; i++) {
		const struct ir_instr *in = &s->ins[i];

		if (!convertible_op(in))
			return false;
		for (int k = 0; k < IR_MAX_SRC; k++)
			for (uint32_t w = 0; w < count; w++)
				if (in->src[k] && in->src[k] == written[w])
					return false;
		if (s->vals[in->dst].flags & IR_VAL_VARIABLE) {
			for (uint32_t w = 0; w < count; w++)
				if (written[w] == in->dst)
					return false;
			written[count++] = in->dst;
		}
	}
	return true;
}

/* Variables an arm writes: var[k] gets value val[k]. */
struct arm {
	uint32_t var[IF_CONVERT_MAX], val[IF_CONVERT_MAX], count;
};

/* The arm's writes define fresh values instead (a MOV is just its source). */
static void rename_arm(struct ir_shader *s, uint32_t from, uint32_t to, struct arm *arm)
{
	arm->count = 0;
	for (uint32_t i = from + 1; i < to; i++) {
		struct ir_instr *in = &s->ins[i];

		if (!(s->vals[in->dst].flags & IR_VAL_VARIABLE))
			continue;
		arm->var[arm->count] = in->dst;
		if (in->op == IR_MOV) {
			arm->val[arm->count++] = in->src[0];
			in->op = IR_NOP;
		} else {
			in->dst = ir_new_value(s, s->vals[in->dst].bits);
			arm->val[arm->count++] = in->dst;
		}
	}
}

static uint32_t value_for(const struct arm *arm, uint32_t var)
{
	for (uint32_t w = 0; w < arm->count; w++)
		if (arm->var[w] == var)
			return arm->val[w];
	return var;
}

/* Replace instruction @at (the old ENDIF) by one SELECT per variable. */
static bool insert_selects(struct ir_shader *s, uint32_t at, uint32_t cond, bool negate,
			   const struct arm *then_arm, const struct arm *else_arm)
{
	uint32_t vars[2 * IF_CONVERT_MAX], n = 0;
	struct ir_instr *out;

	for (uint32_t w = 0; w < then_arm->count; w++)
		vars[n++] = then_arm->var[w];
	for (uint32_t w = 0; w < else_arm->count; w++) {
		uint32_t k;

		for (k = 0; k < n && vars[k] != else_arm->var[w]; k++)
			;
		if (k == n)
			vars[n++] = else_arm->var[w];
	}
	out = malloc((s->count + n) * sizeof(*out) + sizeof(*out));
	if (!out) {
		s->oom = true;
		return false;
	}
	memcpy(out, s->ins, at * sizeof(*out));
	for (uint32_t k = 0; k < n; k++) {
		uint32_t t = value_for(then_arm, vars[k]), e = value_for(else_arm, vars[k]);

		out[at + k] = (struct ir_instr) {
			.op = IR_SELECT, .bits = s->vals[vars[k]].bits, .dst = vars[k],
			.src = { cond, negate ? e : t, negate ? t : e },
		};
	}
	memcpy(&out[at + n], &s->ins[at + 1], (s->count - at - 1) * sizeof(*out));
	free(s->ins);
	s->ins = out;
	s->count += n - 1;
	s->capacity = s->count + 1;
	return true;
}

bool ir_if_convert(struct ir_shader *s)
{
	bool changed = false;

	ir_divergence(s);
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];
		struct arm then_arm = { .count = 0 }, else_arm = { .count = 0 };
		uint32_t e, f, cond;
		bool negate;

		if (in->op != IR_IF || in->uniform_cf)
			continue;
		match_if(s, i, &e, &f);
		if (f >= s->count || !arm_qualifies(s, i, e ? e : f) ||
		    (e && !arm_qualifies(s, e, f)))
			continue;
		rename_arm(s, i, e ? e : f, &then_arm);
		if (e)
			rename_arm(s, e, f, &else_arm);
		cond = in->src[0];
		negate = in->aux;
		in->op = IR_NOP;
		if (e)
			s->ins[e].op = IR_NOP;
		if (!insert_selects(s, f, cond, negate, &then_arm, &else_arm))
			break;
		changed = true;
	}
	if (changed)
		ir_compact(s);
	return changed;
}
