/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Loop-invariant code motion
 *
 * An operation inside a loop whose sources are all available before the
 * loop moves in front of the outermost such loop. Only operations without
 * side effects and that cannot fault move: ALU operations, constants,
 * push-constant loads, descriptors of a fixed slot, system values. The
 * core defines every ALU result (no traps), so computing one the program
 * would have skipped (under an IF, or for lanes that left the loop) is
 * harmless. A bonus of moving out of divergent loops: the result often
 * becomes uniform. Memory loads, subgroup operations and reads of
 * variables stay put.
 *
 * The same motion out of divergent IFs (ir_hoist_uniform) is done for
 * uniform work only (operations on uniform sources, like a push-constant
 * load): in front of the IF it is computed in uniform code, where CSE can
 * share it with the other branches and a compare can feed a branch
 * directly.
 */

#include "ir.h"

#include <stdlib.h>

static bool movable(const struct ir_shader *s, const struct ir_instr *in)
{
	if (!ir_op_has_dst(in->op) || ir_op_has_side_effects(in->op))
		return false;
	switch (in->op) {
	case IR_DESC:
	case IR_IMG_DESC:
	case IR_SMP_DESC:
		/* An indexed descriptor read may fault for an index the program
		 * guards against: it stays under its guard. */
		return !in->src[0];
	case IR_UNDEF:
	case IR_LOAD_GLOBAL:
	case IR_IMAGE_READ:
	case IR_LOAD_ADDR:
	case IR_LOAD_SHARED:
	case IR_LOAD_PRIVATE:
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

/*
 * Move each movable instruction to just before the construct @target[i]
 * (an IF or LOOP index), keeping the order of instructions.
 */
static bool move_before(struct ir_shader *s, const uint32_t *target)
{
	struct ir_instr *out = malloc(s->capacity * sizeof(*out));
	uint32_t n = 0;

	if (!out)
		return false;
	for (uint32_t i = 0; i < s->count; i++) {
		if (s->ins[i].op == IR_LOOP || s->ins[i].op == IR_IF)
			for (uint32_t j = i + 1; j < s->count; j++)
				if (target[j] == i)
					out[n++] = s->ins[j];
		if (target[i] == UINT32_MAX)
			out[n++] = s->ins[i];
	}
	free(s->ins);
	s->ins = out;
	s->count = n;
	return true;
}

bool ir_hoist_uniform(struct ir_shader *s)
{
	uint32_t *avail = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *target = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t *ifs = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t depth = 0, moved = 0;

	if (!avail || !target || !ifs)
		goto done;
	ir_divergence(s);
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];
		int outermost = -1;

		target[i] = UINT32_MAX;
		switch (in->op) {
		case IR_IF:
			/* Only divergent IFs: uniform ones branch around their body. */
			ifs[depth++] = in->uniform_cf ? UINT32_MAX : i;
			continue;
		case IR_LOOP:
			ifs[depth++] = UINT32_MAX;	/* LICM's business */
			continue;
		case IR_ENDIF:
		case IR_ENDLOOP:
			depth--;
			continue;
		default:
			break;
		}
		if (ir_op_has_dst(in->op) && in->dst)
			avail[in->dst] = 2 * i;
		if (!depth || ifs[depth - 1] == UINT32_MAX || !movable(s, in))
			continue;
		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k] && (s->vals[in->src[k]].flags & IR_VAL_VARYING))
				goto next;
		/* The outermost divergent IF (without a loop in between) to leave. */
		for (uint32_t l = depth; l-- > 0 && ifs[l] != UINT32_MAX;) {
			bool ok = true;

			for (int k = 0; k < IR_MAX_SRC; k++)
				if (in->src[k] && avail[in->src[k]] >= 2 * ifs[l])
					ok = false;
			if (ok)
				outermost = l;
		}
		if (outermost >= 0) {
			target[i] = ifs[outermost];
			avail[in->dst] = 2 * ifs[outermost] - 1;
			moved++;
		}
next:;
	}
	if (moved && !move_before(s, target))
		moved = 0;
done:
	free(avail);
	free(target);
	free(ifs);
	return moved > 0;
}

bool ir_licm(struct ir_shader *s)
{
	/* Positions doubled: 2i for instruction i, 2p - 1 for "just before p". */
	uint32_t *avail = malloc(s->value_count * sizeof(uint32_t));
	uint32_t *target = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t *loops = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t depth = 0, moved = 0;

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
	if (moved && !move_before(s, target))
		moved = 0;
done:
	free(avail);
	free(target);
	free(loops);
	return moved > 0;
}
