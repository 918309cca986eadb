/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Register allocation
 *
 * Linear scan over the structured program order, which for this IR is
 * exact about SIMT liveness once loops are accounted for:
 *
 *  - a value's interval runs from its first to its last access (position
 *    2i + 1 for the definition of instruction i, and sources stay live to
 *    the end of their instruction, so an instruction that expands into
 *    several ISA instructions never overwrites a source it still needs);
 *  - a value live into a loop (defined before, used inside) lives to the
 *    loop's end: the next iteration reads it again;
 *  - a value defined inside a loop and used after it lives from the loop's
 *    start: lanes that left in an earlier iteration keep their copy in the
 *    register while the others iterate, so nothing else may be allocated
 *    there during the loop. Variables (former phis) obey the same rules.
 *
 * Because the code is structured, "no overlap in program order" is the same
 * as "never live at the same time in any lane": the then- and else-parts of
 * an IF share registers freely, as they should.
 *
 * Vector values take v registers (pairs for 64 bits); uniform values u
 * registers (pairs, quads for descriptors, 8 and 16 for samplers and
 * images). Constants get no register, the
 * emitter uses immediates. When more vector registers would be live than
 * allowed, the live value whose next use is farthest away (Belady's
 * next-use distance; a value next used only in the following loop
 * iteration counts as farthest) is spilled to per-lane scratch: it
 * keeps no register and the emitter reloads it into a temporary at each
 * use and stores it after each definition. Spilled values whose intervals
 * do not overlap share scratch bytes, after the local arrays the front
 * end placed at the start of scratch. When uniform registers run out,
 * values are demoted to vector registers (IR_VAL_FORCE_VECTOR) and the
 * caller reruns divergence analysis and allocation. Descriptors can live
 * in uniform registers only: one that does not fit demotes the live
 * uniform values that are not descriptors, next used farthest first, and
 * when only descriptors are left allocation fails with -ENOSPC (the caller
 * rematerializes them, pass_remat.c).
 */

#include "ir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct interval {
	uint32_t value;
	uint32_t start, end;
};

static int compare_start(const void *a, const void *b)
{
	const struct interval *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->value < y->value ? -1 : x->value > y->value;
}

static unsigned int regs_of(const struct ir_value *v)
{
	return ir_regs_of_bits(v->bits);
}

static bool is_vector(const struct ir_value *v)
{
	return v->flags & (IR_VAL_VARYING | IR_VAL_FORCE_VECTOR);
}

/* Lowest free, aligned block of @n registers in @used[0..limit). */
static int find_free(const uint8_t *used, uint32_t limit, unsigned int n)
{
	for (uint32_t r = 0; r + n <= limit; r += n) {
		unsigned int k;

		for (k = 0; k < n && !used[r + k]; k++)
			;
		if (k == n)
			return r;
	}
	return -1;
}

/* Live intervals; values with no register need (constants, unused) get start = ~0. */
static struct interval *build_intervals(struct ir_shader *s)
{
	struct interval *iv = calloc(s->value_count, sizeof(*iv));
	uint32_t *loop_stack, depth = 0;

	if (!iv)
		return NULL;
	loop_stack = calloc(s->count + 1, sizeof(uint32_t));
	if (!loop_stack) {
		free(iv);
		return NULL;
	}
	for (uint32_t v = 0; v < s->value_count; v++)
		iv[v] = (struct interval) { .value = v, .start = ~0u, .end = 0 };
	for (uint32_t i = 0; i < s->count; i++) {
		const struct ir_instr *in = &s->ins[i];

		for (int k = 0; k < IR_MAX_SRC; k++) {
			uint32_t v = in->src[k];

			if (!v)
				continue;
			if (iv[v].start > 2 * i + 1)
				iv[v].start = 2 * i + 1;
			if (iv[v].end < 2 * i + 1)
				iv[v].end = 2 * i + 1;
		}
		if (ir_op_has_dst(in->op) && in->dst && in->op != IR_CONST) {
			uint32_t v = in->dst;

			if (iv[v].start > 2 * i + 1)
				iv[v].start = 2 * i + 1;
			if (iv[v].end < 2 * i + 1)
				iv[v].end = 2 * i + 1;
		}
	}
	/* Loops, inner ones first (in order of their ENDLOOP). */
	for (uint32_t i = 0; i < s->count; i++) {
		uint32_t ls, le;

		if (s->ins[i].op == IR_LOOP) {
			loop_stack[depth++] = i;
			continue;
		}
		if (s->ins[i].op != IR_ENDLOOP || !depth)
			continue;
		ls = 2 * loop_stack[--depth];
		le = 2 * i + 1;
		for (uint32_t v = 1; v < s->value_count; v++) {
			struct interval *x = &iv[v];

			if (x->start == ~0u)
				continue;
			if (x->start < ls && x->end >= ls && x->end < le)
				x->end = le;
			if (x->start > ls && x->start <= le && x->end > le)
				x->start = ls;
		}
	}
	/* Constants never need a register. */
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_CONST)
			iv[s->ins[i].dst].start = ~0u;
	free(loop_stack);
	return iv;
}

/* A spilled value's scratch bytes and the interval it holds them. */
struct spill {
	uint32_t offset, bytes, start, end;
};

/*
 * Scratch offset for a spilled value: the lowest one whose bytes no
 * spilled value live at the same time uses (slots are shared over time).
 */
static uint32_t spill_slot(struct spill *spills, uint32_t *count, uint32_t *top,
			   const struct interval *iv, uint32_t bytes)
{
	uint32_t offset = 0;

	for (;;) {
		uint32_t k;

		for (k = 0; k < *count; k++) {
			const struct spill *o = &spills[k];

			if (o->offset < offset + bytes && offset < o->offset + o->bytes &&
			    o->start <= iv->end && iv->start <= o->end)
				break;
		}
		if (k == *count)
			break;
		offset += bytes;
	}
	spills[(*count)++] = (struct spill) { offset, bytes, iv->start, iv->end };
	if (offset + bytes > *top)
		*top = offset + bytes;
	return offset;
}

/* Use positions of every value, sorted (compressed rows: first[v]..first[v + 1]). */
struct uses {
	uint32_t *first, *at;
};

static bool collect_uses(const struct ir_shader *s, struct uses *u)
{
	uint32_t total = 0, *fill;

	u->first = calloc(s->value_count + 1, sizeof(uint32_t));
	fill = calloc(s->value_count + 1, sizeof(uint32_t));
	if (!u->first || !fill) {
		free(fill);
		return false;
	}
	for (uint32_t i = 0; i < s->count; i++)
		for (int k = 0; k < IR_MAX_SRC; k++)
			if (s->ins[i].src[k]) {
				u->first[s->ins[i].src[k] + 1]++;
				total++;
			}
	for (uint32_t v = 0; v < s->value_count; v++)
		u->first[v + 1] += u->first[v];
	u->at = malloc((total + 1) * sizeof(uint32_t));
	if (!u->at) {
		free(fill);
		return false;
	}
	for (uint32_t i = 0; i < s->count; i++)
		for (int k = 0; k < IR_MAX_SRC; k++) {
			uint32_t v = s->ins[i].src[k];

			if (v)
				u->at[u->first[v] + fill[v]++] = 2 * i + 1;
		}
	free(fill);
	return true;
}

/*
 * Distance from @pos to the next use of @v (uses are in program order).
 * None left before the interval ends (say, the next use is in the next
 * iteration of a loop) counts as the farthest of all.
 */
/* Whether value @v of @s is a descriptor (ldDesc, ldImgDesc, ldSmpDesc) per @def_op. */
static bool is_descriptor(const uint16_t *def_op, uint32_t v)
{
	return def_op[v] == IR_DESC || def_op[v] == IR_IMG_DESC || def_op[v] == IR_SMP_DESC;
}

static uint32_t next_use(const struct uses *u, uint32_t v, uint32_t pos)
{
	for (uint32_t k = u->first[v]; k < u->first[v + 1]; k++)
		if (u->at[k] >= pos)
			return u->at[k] - pos;
	return UINT32_MAX;
}

int ir_regalloc(struct ir_shader *s, uint32_t max_vregs, uint32_t max_uregs,
		struct ir_regalloc_result *result)
{
	struct uses uses = { 0 };
	struct interval *iv = build_intervals(s), *order;
	uint8_t vused[256] = { 0 }, uused[128] = { 0 };
	uint32_t *active, active_count = 0, n = 0;
	uint32_t scratch_top = 0, spill_count = 0;
	struct spill *spills;
	uint16_t *def_op;
	bool demoted = false, descriptors_overflow = false;

	memset(result, 0, sizeof(*result));
	if (!iv)
		return -ENOMEM;
	if (max_vregs > 256)
		max_vregs = 256;
	if (max_uregs > 128)
		max_uregs = 128;
	order = malloc(s->value_count * sizeof(*order));
	active = malloc(s->value_count * sizeof(uint32_t));
	spills = malloc(s->value_count * sizeof(*spills));
	def_op = calloc(s->value_count, sizeof(*def_op));
	if (!order || !active || !spills || !def_op || !collect_uses(s, &uses)) {
		free(iv);
		free(order);
		free(active);
		free(spills);
		free(def_op);
		free(uses.first);
		free(uses.at);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < s->count; i++)
		if (ir_op_has_dst(s->ins[i].op) && s->ins[i].dst)
			def_op[s->ins[i].dst] = s->ins[i].op;
	for (uint32_t v = 1; v < s->value_count; v++) {
		s->vals[v].reg = -1;
		s->vals[v].spill_slot = -1;
		if (iv[v].start != ~0u)
			order[n++] = iv[v];
	}
	qsort(order, n, sizeof(*order), compare_start);
	for (uint32_t k = 0; k < n; k++) {
		struct interval *cur = &order[k];
		struct ir_value *val = &s->vals[cur->value];
		bool vector = is_vector(val);
		unsigned int regs = regs_of(val);
		int r;

		/* Expire intervals that ended before this one starts. */
		for (uint32_t a = 0; a < active_count;) {
			struct ir_value *old = &s->vals[active[a]];

			if (iv[active[a]].end < cur->start) {
				uint8_t *used = is_vector(old) ? vused : uused;

				memset(used + old->reg, 0, regs_of(old));
				active[a] = active[--active_count];
			} else {
				a++;
			}
		}
		r = find_free(vector ? vused : uused, vector ? max_vregs : max_uregs, regs);
		while (r < 0 && !vector && is_descriptor(def_op, cur->value)) {
			/* Make room: demote the live non-descriptor used last. */
			uint32_t victim_at = active_count, farthest = 0;
			struct ir_value *victim;

			for (uint32_t a = 0; a < active_count; a++) {
				uint32_t distance = next_use(&uses, active[a], cur->start);

				if (!is_vector(&s->vals[active[a]]) &&
				    !is_descriptor(def_op, active[a]) &&
				    (victim_at == active_count || distance > farthest)) {
					victim_at = a;
					farthest = distance;
				}
			}
			if (victim_at == active_count) {
				descriptors_overflow = true;
				break;
			}
			victim = &s->vals[active[victim_at]];
			memset(uused + victim->reg, 0, regs_of(victim));
			victim->reg = -1;
			victim->flags |= IR_VAL_FORCE_VECTOR;
			demoted = true;
			active[victim_at] = active[--active_count];
			r = find_free(uused, max_uregs, regs);
		}
		if (r < 0 && !vector && is_descriptor(def_op, cur->value))
			continue;
		if (r < 0 && !vector) {
			/* Out of uniform registers: this value goes to a vector one. */
			val->flags |= IR_VAL_FORCE_VECTOR;
			demoted = true;
			continue;
		}
		if (r < 0) {
			/* Spill whichever of the live vector values is needed last. */
			uint32_t victim = cur->value, victim_at = active_count;
			uint32_t farthest = next_use(&uses, cur->value, cur->start);

			for (uint32_t a = 0; a < active_count; a++) {
				struct ir_value *cand = &s->vals[active[a]];
				uint32_t distance = next_use(&uses, active[a], cur->start);

				if (is_vector(cand) && regs_of(cand) >= regs && distance > farthest) {
					victim = active[a];
					victim_at = a;
					farthest = distance;
				}
			}
			s->vals[victim].spill_slot = s->private_bytes +
				spill_slot(spills, &spill_count, &scratch_top, &iv[victim],
					   4 * regs_of(&s->vals[victim]));
			result->spilled++;
			if (victim == cur->value)
				continue;
			r = s->vals[victim].reg;
			memset(vused + r, 0, regs_of(&s->vals[victim]));
			s->vals[victim].reg = -1;
			active[victim_at] = active[--active_count];
			r = find_free(vused, max_vregs, regs);
			if (r < 0) {
				/* The freed block was misaligned for this width. */
				val->spill_slot = s->private_bytes +
					spill_slot(spills, &spill_count, &scratch_top,
						   &iv[cur->value], 4 * regs);
				result->spilled++;
				continue;
			}
		}
		val->reg = r;
		memset((vector ? vused : uused) + r, 1, regs);
		active[active_count++] = cur->value;
		if (vector && (uint32_t)r + regs > result->vregs)
			result->vregs = r + regs;
		if (!vector && (uint32_t)r + regs > result->uregs)
			result->uregs = r + regs;
	}
	s->scratch_bytes = s->private_bytes + scratch_top;
	free(iv);
	free(order);
	free(active);
	free(spills);
	free(def_op);
	free(uses.first);
	free(uses.at);
	if (descriptors_overflow)
		return -ENOSPC;
	return demoted ? -EAGAIN : 0;
}
