/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Loop-invariant code motion
 *
 * An operation inside a loop whose sources are all available before the
 * loop moves in front of the outermost such loop. Only operations without
 * side effects and that cannot fault move: ALU operations, constants,
 * push-constant loads, descriptors, system values. The core defines every
 * ALU result (no traps), so computing one the program would have skipped
 * (under an IF, or for lanes that left the loop) is harmless. A bonus of
 * moving out of divergent loops: the result often becomes uniform.
 * Memory loads, subgroup operations and reads of variables stay put.
 */

#include "ir.h"

#include <stdlib.h>

static bool movable(const struct ir_shader *s, const struct ir_instr *in)
{
	if (!ir_op_has_dst(in->op) || ir_op_has_side_effects(in->op))
		return false;
	switch (in->op) {
	case IR_UNDEF:
	case IR_LOAD_GLOBAL:
	case IR_LOAD_SHARED:
	case IR_LOAD_SCRATCH:
		return false;
	default:
		break;
	}
	if (s->vals[in->dst].flags & IR_VAL_VARIABLE)
		return false;
	for (int k = 0; k < IR_MAX_SRC; k++)
		if (in->src[k] && (s->vals[in->src[k]].flags & IR_VAL_VARIABLE))
			return false;
	return true;
}

bool ir_licm(struct ir_shader *s)
{
	/* Positions doubled: 2i for instruction i, 2p - 1 for "just before p". */
	uint32_t *avail = malloc(s->value_count * sizeof(uint32_t));
	uint32_t *target = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t *loops = malloc((s->count + 1) * sizeof(uint32_t));
	struct ir_instr *out = NULL;
	uint32_t depth = 0, moved = 0, n = 0;

	if (!avail || !target || !loops)
		goto done;
	for (uint32_t v = 0; v < s->value_count; v++)
		avail[v] = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];
		int outermost = -1;

		target[i] = UINT32_MAX;
		if (in->op == IR_LOOP) {
			loops[depth++] = i;
			continue;
		}
		if (in->op == IR_ENDLOOP) {
			depth--;
			continue;
		}
		if (ir_op_has_dst(in->op) && in->dst)
			avail[in->dst] = 2 * i;
		if (!depth || !movable(s, in))
			continue;
		/* The outermost loop before which every source is available. */
		for (uint32_t l = 0; l < depth && outermost < 0; l++) {
			bool ok = true;

			for (int k = 0; k < IR_MAX_SRC; k++)
				if (in->src[k] && avail[in->src[k]] >= 2 * loops[l])
					ok = false;
			if (ok)
				outermost = l;
		}
		if (outermost < 0)
			continue;
		target[i] = loops[outermost];
		avail[in->dst] = 2 * loops[outermost] - 1;
		moved++;
	}
	if (!moved)
		goto done;
	out = malloc(s->capacity * sizeof(*out));
	if (!out) {
		moved = 0;
		goto done;
	}
	for (uint32_t i = 0; i < s->count; i++) {
		if (s->ins[i].op == IR_LOOP)
			for (uint32_t j = i + 1; j < s->count; j++)
				if (target[j] == i)
					out[n++] = s->ins[j];
		if (target[i] == UINT32_MAX)
			out[n++] = s->ins[i];
	}
	free(s->ins);
	s->ins = out;
	s->count = n;
done:
	free(avail);
	free(target);
	free(loops);
	return moved > 0;
}
