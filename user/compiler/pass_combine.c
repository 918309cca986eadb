/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Instruction combining
 *
 * Address arithmetic is full of "index * stride + offset": a 32-bit IMUL
 * whose only use is an IADD becomes one IMAD (the ISA's a * b + c). Both
 * wrap modulo 2^32, so the result is identical. A multiplication outside
 * the loop of the addition stays where it is: folding it in would undo
 * loop-invariant code motion.
 */

#include "ir.h"

#include <stdlib.h>

/* No loop boundary between instructions @from and @to. */
static bool same_loop(const struct ir_shader *s, uint32_t from, uint32_t to)
{
	for (uint32_t i = from + 1; i < to; i++)
		if (s->ins[i].op == IR_LOOP || s->ins[i].op == IR_ENDLOOP)
			return false;
	return true;
}

bool ir_combine(struct ir_shader *s)
{
	uint32_t *uses = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *def = calloc(s->value_count, sizeof(uint32_t));
	bool changed = false;

	if (!uses || !def)
		goto out;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k])
				uses[in->src[k]]++;
		if (ir_op_has_dst(in->op) && in->dst && !(s->vals[in->dst].flags & IR_VAL_VARIABLE))
			def[in->dst] = i + 1;
	}
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];

		if (in->op != IR_IADD || in->bits != 32)
			continue;
		for (int k = 0; k < 2; k++) {
			uint32_t m = in->src[k];
			struct ir_instr *mul = m && def[m] ? &s->ins[def[m] - 1] : NULL;

			if (!mul || mul->op != IR_IMUL || mul->bits != 32 || uses[m] != 1 ||
			    !same_loop(s, def[m] - 1, i))
				continue;
			in->op = IR_IMAD;
			in->src[2] = in->src[1 - k];
			in->src[0] = mul->src[0];
			in->src[1] = mul->src[1];
			mul->op = IR_NOP;
			changed = true;
			break;
		}
	}
	if (changed)
		ir_compact(s);
out:
	free(uses);
	free(def);
	return changed;
}
