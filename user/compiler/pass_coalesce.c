/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Variable copy coalescing
 *
 * Phis arrive as variables written by "$v = mov %x" at the end of each
 * predecessor and read by "%y = mov $v" where the phi was. Both moves are
 * usually unnecessary:
 *
 *  - a read "%y = mov $v" is dropped and its uses read $v directly when
 *    $v cannot change between the read and each use (read_forwardable());
 *  - a write "$v = mov %x" is dropped and the definition of %x writes $v
 *    directly when %x has no other use and its definition sits in the same
 *    region, with no control flow, read or write of $v in between: the
 *    definition then runs under exactly the mask the move would have.
 *
 * A loop counter "i = phi(0, i + 1)" thus becomes "$i = iadd $i, 1".
 */

#include "ir.h"

#include <stdlib.h>

static bool is_var(const struct ir_shader *s, uint32_t v)
{
	return v && (s->vals[v].flags & IR_VAL_VARIABLE);
}

/* Operations emitted as one ISA instruction reading all sources first. */
static bool single_instruction(enum ir_op op)
{
	switch (op) {
	case IR_PACK64:
	case IR_ZEXT:
	case IR_BFI:
	case IR_LOAD_PUSH:
	case IR_CONST:
	case IR_UNDEF:
	case IR_SYSVAL:
	case IR_DESC:
	case IR_ATOMIC_GLOBAL:
	case IR_ATOMIC_SHARED:
	case IR_ATOMIC_ADDR:
		return false;
	default:
		return !(op >= IR_SG_BALLOT && op <= IR_SG_QUAD_SWAP);
	}
}

/* Index of the ENDLOOP closing the innermost loop around @at, or count. */
static uint32_t loop_end(const struct ir_shader *s, const uint32_t *match, const uint32_t *parent,
			 uint32_t at)
{
	uint32_t l = parent[at];

	return l == UINT32_MAX ? s->count : match[l];
}

/*
 * May the uses of "%y = mov $v" at @at read $v instead? Uses inside the
 * loop of the read must come before $v is next written (or be that write).
 * Uses after the loop (a while loop's exit value is its header phi) are
 * fine when every BREAK of the loop comes after the read and before that
 * write, so each lane leaves with $v still equal to %y, and nothing writes
 * $v between the loop's end and the use (still inside the enclosing loop).
 */
static bool read_forwardable(const struct ir_shader *s, const uint32_t *match,
			     const uint32_t *parent, const uint32_t *last_use, uint32_t at,
			     uint32_t v, uint32_t y)
{
	uint32_t loop = parent[at], end = loop_end(s, match, parent, at);
	uint32_t first_write = UINT32_MAX, last = last_use[y];
	bool outside = false;

	for (uint32_t j = at + 1; j <= last; j++) {
		const struct ir_instr *o = &s->ins[j];

		for (int k = 0; k < IR_MAX_SRC; k++) {
			if (o->src[k] != y)
				continue;
			if (j > end)
				outside = true;
			else if (j > first_write)
				return false;
		}
		if (ir_op_has_dst(o->op) && o->dst == v) {
			if (j > end && j < last)
				return false;	/* written after the loop, before a use */
			if (first_write == UINT32_MAX)
				first_write = j;
		}
	}
	if (!outside)
		return true;
	if (loop == UINT32_MAX || last >= loop_end(s, match, parent, loop))
		return false;
	/* Every BREAK of this loop: after the read, before the first write. */
	for (uint32_t j = loop + 1, depth = 0; j < end; j++) {
		enum ir_op op = s->ins[j].op;

		if (op == IR_LOOP)
			depth++;
		else if (op == IR_ENDLOOP)
			depth--;
		else if (op == IR_BREAK && !depth && (j < at || j > first_write))
			return false;
	}
	return true;
}

bool ir_coalesce(struct ir_shader *s)
{
	uint32_t *uses = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *last_use = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *def = calloc(s->value_count, sizeof(uint32_t));
	uint32_t *defs = calloc(s->value_count, sizeof(uint32_t));	/* definitions */
	uint32_t *parent = malloc((s->count + 1) * sizeof(uint32_t));	/* innermost LOOP */
	uint32_t *match = malloc((s->count + 1) * sizeof(uint32_t));	/* LOOP -> ENDLOOP */
	uint32_t *stack = malloc((s->count + 1) * sizeof(uint32_t));
	uint32_t *forward = calloc(s->value_count, sizeof(uint32_t));
	uint32_t depth = 0;
	bool changed = false;

	if (!uses || !last_use || !def || !defs || !parent || !match || !stack || !forward)
		goto out;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		parent[i] = depth ? stack[depth - 1] : UINT32_MAX;
		if (in->op == IR_LOOP)
			stack[depth++] = i;
		else if (in->op == IR_ENDLOOP && depth)
			match[stack[--depth]] = i;
		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k]) {
				uses[in->src[k]]++;
				last_use[in->src[k]] = i;
			}
		if (ir_op_has_dst(in->op) && in->dst) {
			def[in->dst] = i;
			defs[in->dst]++;
		}
	}
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];
		uint32_t v, y, j;
		bool forwarded = false;

		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k] && forward[in->src[k]]) {
				in->src[k] = forward[in->src[k]];
				forwarded = true;
			}
		if (in->op != IR_MOV)
			continue;
		/* Reads: %y = mov $v */
		if (is_var(s, in->src[0]) && !is_var(s, in->dst)) {
			v = in->src[0];
			y = in->dst;
			if (!uses[y] || !read_forwardable(s, match, parent, last_use, i, v, y))
				continue;
			forward[y] = v;
			in->op = IR_NOP;
			changed = true;
			continue;
		}
		/*
		 * Writes: $v = mov %x, %x used once, defined once just before in
		 * the region (%x may be a variable with that single definition).
		 * Not when %x came from a forwarded read ("$w = mov $v", a copy
		 * between two variables): the counts above are the reads' own.
		 */
		if (is_var(s, in->dst) && in->src[0] && in->src[0] != in->dst && !forwarded &&
		    uses[in->src[0]] == 1 && defs[in->src[0]] == 1 &&
		    s->vals[in->src[0]].bits == s->vals[in->dst].bits) {
			uint32_t x = in->src[0], d = def[x];
			struct ir_instr *definition = &s->ins[d];
			bool clean = d < i && single_instruction(definition->op) &&
				     definition->dst == x;

			v = in->dst;
			for (j = d + 1; clean && j < i; j++) {
				const struct ir_instr *o = &s->ins[j];

				if (ir_op_is_control(o->op) || (ir_op_has_dst(o->op) && o->dst == v))
					clean = false;
				for (int k = 0; k < IR_MAX_SRC && clean; k++)
					if (o->src[k] == v)
						clean = false;
			}
			if (!clean)
				continue;
			definition->dst = v;
			in->op = IR_NOP;
			changed = true;
		}
	}
	if (changed)
		ir_compact(s);
out:
	free(uses);
	free(last_use);
	free(def);
	free(defs);
	free(parent);
	free(match);
	free(stack);
	free(forward);
	return changed;
}
