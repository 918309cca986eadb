/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Dead code elimination
 *
 * Mark and sweep. Roots are the instructions with effects (stores,
 * atomics, barriers, control flow, subgroup operations). A live value
 * makes its definitions live; for a variable that is every MOV writing it.
 * Everything else goes. Control flow that became empty (IF/ENDIF around
 * nothing) is removed too, and so is a write of a variable that the next
 * write of it overwrites in the same region before anything reads it.
 */

#include "ir.h"

#include <stdlib.h>

static bool removable_effect(const struct ir_instr *in)
{
	/*
	 * Subgroup operations only depend on the active lanes, a helper test
	 * on the lane's state: no effect.
	 */
	return (in->op >= IR_SG_BALLOT && in->op <= IR_SG_QUAD_SWAP) || in->op == IR_IS_HELPER;
}

/* Drop IF/ELSE/ENDIF and LOOP/ENDLOOP pairs with nothing inside. */
static bool remove_empty_control(struct ir_shader *s)
{
	bool changed = false;

	for (uint32_t i = 0; i + 1 < s->count; i++) {
		struct ir_instr *a = &s->ins[i], *b = &s->ins[i + 1];

		if (a->op == IR_IF && b->op == IR_ENDIF) {
			a->op = b->op = IR_NOP;
			changed = true;
		} else if (a->op == IR_ELSE && b->op == IR_ENDIF) {
			a->op = IR_NOP;
			changed = true;
		} else if (a->op == IR_LOOP && b->op == IR_ENDLOOP) {
			a->op = b->op = IR_NOP;
			changed = true;
		}
	}
	if (changed)
		ir_compact(s);
	return changed;
}

/* "$v = a; ...; $v = b" with no read of $v or control flow in between. */
static bool remove_overwritten(struct ir_shader *s)
{
	bool changed = false;

	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];
		uint32_t v = in->dst;

		if (in->op != IR_MOV || !(s->vals[v].flags & IR_VAL_VARIABLE))
			continue;
		for (uint32_t j = i + 1; j < s->count; j++) {
			const struct ir_instr *o = &s->ins[j];
			bool reads = false;

			for (int k = 0; k < IR_MAX_SRC; k++)
				reads |= o->src[k] == v;
			if (reads || ir_op_is_control(o->op))
				break;
			if (ir_op_has_dst(o->op) && o->dst == v) {
				s->ins[i].op = IR_NOP;
				changed = true;
				break;
			}
		}
	}
	return changed;
}

bool ir_dce(struct ir_shader *s)
{
	uint8_t *live = calloc(s->value_count, 1);
	uint8_t *keep = calloc(s->count + 1, 1);
	uint32_t *stack = calloc(s->value_count + 1, sizeof(uint32_t));
	/* Definitions of each value as a chain: first_def[v], next_def[i]. */
	uint32_t *first_def = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *next_def = calloc(s->count + 1, sizeof(uint32_t));
	uint32_t top = 0;
	bool changed = false;

	if (!live || !keep || !stack || !first_def || !next_def)
		goto out;
	for (uint32_t i = s->count; i-- > 0;) {
		const struct ir_instr *in = &s->ins[i];

		if (ir_op_has_dst(in->op) && in->dst) {
			next_def[i] = first_def[in->dst];
			first_def[in->dst] = i + 1;
		}
	}
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		if (!ir_op_has_side_effects(in->op) || removable_effect(in))
			continue;
		keep[i] = 1;
		for (int k = 0; k < IR_MAX_SRC; k++) {
			uint32_t v = in->src[k];

			if (v && !live[v]) {
				live[v] = 1;
				stack[top++] = v;
			}
		}
	}
	while (top) {
		uint32_t v = stack[--top];

		for (uint32_t d = first_def[v]; d; d = next_def[d - 1]) {
			const struct ir_instr *in = &s->ins[d - 1];

			keep[d - 1] = 1;
			for (int k = 0; k < IR_MAX_SRC; k++) {
				uint32_t u = in->src[k];

				if (u && !live[u]) {
					live[u] = 1;
					stack[top++] = u;
				}
			}
		}
	}
	for (uint32_t i = 0; i < s->count; i++) {
		if (!keep[i]) {
			s->ins[i].op = IR_NOP;
			changed = true;
		}
	}
	if (remove_overwritten(s))
		changed = true;
	if (changed)
		ir_compact(s);
	while (remove_empty_control(s))
		changed = true;
out:
	free(live);
	free(keep);
	free(stack);
	free(first_def);
	free(next_def);
	return changed;
}
