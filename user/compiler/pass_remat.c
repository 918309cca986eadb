/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptor rematerialization
 *
 * Descriptors live in uniform registers (16 for an image, 8 for a sampler,
 * 4 for a buffer) and nowhere else: the ISA takes them from no vector
 * register, so register allocation cannot demote one. CSE and LICM share
 * and hoist descriptor loads, which is right while they fit, but a shader
 * using eight storage images then keeps 128 uniform registers live from
 * its start. When allocation reports that descriptors do not fit
 * (-ENOSPC), this pass gives every use of a descriptor its own load, just
 * before the use: each is then live for one instruction. The reload is
 * the same read of the same set memory, which does not change during a
 * dispatch, so the value is the same. A load whose index is a variable
 * (its value may have changed since) is left as it is.
 */

#include "ir.h"

#include <stdlib.h>

static bool is_descriptor_load(enum ir_op op)
{
	return op == IR_DESC || op == IR_IMG_DESC || op == IR_SMP_DESC;
}

bool ir_rematerialize_descriptors(struct ir_shader *s)
{
	uint32_t *def = calloc(s->value_count, sizeof(uint32_t));	/* instruction + 1 */
	struct ir_instr *out = NULL;
	uint32_t n = 0, extra = 0, capacity;
	bool changed = false;

	if (!def)
		return false;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		if (is_descriptor_load(in->op) && in->dst &&
		    !(in->src[0] && (s->vals[in->src[0]].flags & IR_VAL_VARIABLE)))
			def[in->dst] = i + 1;
	}
	/* Room for one reload per source of every instruction. */
	for (uint32_t i = 0; i < s->count; i++)
		for (int k = 0; k < IR_MAX_SRC; k++)
			if (s->ins[i].src[k] && def[s->ins[i].src[k]])
				extra++;
	if (!extra)
		goto done;
	capacity = s->count + extra;
	out = malloc(capacity * sizeof(*out));
	if (!out)
		goto done;
	for (uint32_t i = 0; i < s->count; i++) {
		struct ir_instr in = s->ins[i];

		/* The shared loads go: every use gets its own below. */
		if (is_descriptor_load(in.op) && in.dst && def[in.dst])
			continue;
		for (int k = 0; k < IR_MAX_SRC; k++) {
			uint32_t v = in.src[k], copy;

			if (!v || !def[v])
				continue;
			/* A second source naming the same descriptor shares the reload. */
			for (int j = 0; j < k; j++)
				if (s->ins[i].src[j] == v) {
					in.src[k] = in.src[j];
					goto next;
				}
			copy = ir_new_value(s, s->vals[v].bits);
			if (s->oom)
				goto done;
			out[n] = s->ins[def[v] - 1];
			out[n++].dst = copy;
			in.src[k] = copy;
next:;
		}
		out[n++] = in;
	}
	free(s->ins);
	s->ins = out;
	s->count = n;
	s->capacity = capacity;
	out = NULL;
	changed = true;
done:
	free(out);
	free(def);
	return changed;
}
