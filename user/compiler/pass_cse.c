/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Common subexpression elimination
 *
 * Scoped value numbering over the structured tree: an expression computed
 * before an IF or LOOP dominates everything inside it and after it, one
 * computed inside a branch or a loop only what follows in that branch or
 * iteration. So the table is a stack of scopes, popped at ELSE, ENDIF and
 * ENDLOOP. Only pure operations take part: no memory reads (memory may
 * change in between), no subgroup operations (they depend on the active
 * lanes), no reads of variables.
 */

#include "ir.h"

#include <stdlib.h>
#include <string.h>

struct entry {
	uint32_t instr;		/* index of the defining instruction */
	uint32_t next;		/* chain in the bucket, 0 = end (index + 1) */
};

struct table {
	uint32_t *bucket;	/* entry index + 1, 0 = empty */
	uint32_t buckets;
	struct entry *entries;
	uint32_t count;
	uint32_t *log;		/* entry count at each scope start */
	uint32_t depth;
};

static bool pure(const struct ir_shader *s, const struct ir_instr *in)
{
	if (!ir_op_has_dst(in->op) || ir_op_has_side_effects(in->op))
		return false;
	switch (in->op) {
	case IR_UNDEF:
	case IR_MOV:
	case IR_LOAD_GLOBAL:
	case IR_IMAGE_READ:	/* an image store may change what it reads */
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

static uint32_t hash(const struct ir_instr *in)
{
	uint64_t h = in->op * 0x9e3779b97f4a7c15ull;

	h ^= in->bits + ((uint64_t)in->aux << 8) + ((uint64_t)in->aux2 << 16);
	h = h * 0x100000001b3ull ^ in->imm;
	for (int k = 0; k < IR_MAX_SRC; k++)
		h = h * 0x100000001b3ull ^ in->src[k];
	return (uint32_t)(h ^ h >> 29);
}

static bool same(const struct ir_instr *a, const struct ir_instr *b)
{
	return a->op == b->op && a->bits == b->bits && a->aux == b->aux && a->aux2 == b->aux2 &&
	       a->imm == b->imm && !memcmp(a->src, b->src, sizeof(a->src));
}

static void pop_scope(struct table *t, const struct ir_shader *s)
{
	uint32_t keep = t->log[--t->depth];

	/* Unlink the entries of the scope (they sit at the heads of their chains). */
	while (t->count > keep) {
		struct entry *e = &t->entries[--t->count];
		uint32_t b = hash(&s->ins[e->instr]) & (t->buckets - 1);

		t->bucket[b] = e->next;
	}
}

bool ir_cse(struct ir_shader *s)
{
	struct table t = { 0 };
	uint32_t *forward = calloc(s->value_count, sizeof(uint32_t));
	bool changed = false;

	t.buckets = 1;
	while (t.buckets < 2 * s->count + 16)
		t.buckets *= 2;
	t.bucket = calloc(t.buckets, sizeof(uint32_t));
	t.entries = calloc(s->count + 1, sizeof(*t.entries));
	t.log = calloc(s->count + 1, sizeof(uint32_t));
	if (!forward || !t.bucket || !t.entries || !t.log)
		goto out;
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr *in = &s->ins[i];
		uint32_t b, e;

		for (int k = 0; k < IR_MAX_SRC; k++)
			if (in->src[k] && forward[in->src[k]])
				in->src[k] = forward[in->src[k]];
		switch (in->op) {
		case IR_IF:
		case IR_LOOP:
			t.log[t.depth++] = t.count;
			continue;
		case IR_ELSE:
			pop_scope(&t, s);
			t.log[t.depth++] = t.count;
			continue;
		case IR_ENDIF:
		case IR_ENDLOOP:
			pop_scope(&t, s);
			continue;
		default:
			break;
		}
		if (!pure(s, in))
			continue;
		b = hash(in) & (t.buckets - 1);
		for (e = t.bucket[b]; e; e = t.entries[e - 1].next) {
			const struct ir_instr *prev = &s->ins[t.entries[e - 1].instr];

			if (same(prev, in) && s->vals[prev->dst].bits == s->vals[in->dst].bits)
				break;
		}
		if (e) {
			forward[in->dst] = s->ins[t.entries[e - 1].instr].dst;
			in->op = IR_NOP;
			changed = true;
			continue;
		}
		t.entries[t.count] = (struct entry) { .instr = i, .next = t.bucket[b] };
		t.bucket[b] = ++t.count;
	}
	if (changed)
		ir_compact(s);
out:
	free(forward);
	free(t.bucket);
	free(t.entries);
	free(t.log);
	return changed;
}
