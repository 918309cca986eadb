/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Unit tests of the IR passes on hand-built IR: constant folding, copy
 * propagation, CSE (including its scoping over the structured tree), DCE,
 * divergence analysis, register allocation (an independent interference
 * check, forced spilling) and the validator.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "tap.h"

static uint32_t desc0(struct ir_shader *s)
{
	uint32_t d = ir_new_value(s, 128);
	struct ir_instr *in = ir_append(s, IR_DESC, 128);

	in->dst = d;
	return d;
}

static void store(struct ir_shader *s, uint32_t desc, uint32_t offset, uint32_t value)
{
	struct ir_instr *in = ir_append(s, IR_STORE_GLOBAL, 32);

	in->src[0] = desc;
	in->src[1] = offset;
	in->src[2] = value;
	in->aux = 4;
}

static uint32_t sysval(struct ir_shader *s, enum ir_sysval sv)
{
	uint32_t v = ir_emit(s, IR_SYSVAL, 32, 0, 0, 0);

	s->ins[s->count - 1].imm = sv;
	return v;
}

static void control(struct ir_shader *s, enum ir_op op, uint32_t cond)
{
	ir_append(s, op, 0)->src[0] = cond;
}

static const struct ir_instr *def_of(const struct ir_shader *s, uint32_t v)
{
	for (uint32_t i = 0; i < s->count; i++)
		if (ir_op_has_dst(s->ins[i].op) && s->ins[i].dst == v)
			return &s->ins[i];
	return NULL;
}

static uint32_t count_op(const struct ir_shader *s, enum ir_op op)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < s->count; i++)
		n += s->ins[i].op == op;
	return n;
}

static bool stores_value(const struct ir_shader *s, uint32_t v)
{
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_STORE_GLOBAL && s->ins[i].src[2] == v)
			return true;
	return false;
}

static bool valid(const struct ir_shader *s)
{
	char buf[128];
	const char *problem = ir_validate(s, buf, sizeof(buf));

	if (problem)
		tap_diag("invalid IR: %s", problem);
	return !problem;
}

static bool test_fold(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), a = ir_const(s, 32, 6), b = ir_const(s, 32, 7);
	uint32_t prod = ir_emit(s, IR_IMUL, 32, a, b, 0);
	uint32_t sum = ir_emit(s, IR_IADD, 32, prod, ir_const(s, 32, 0xffffffffu), 0);
	uint32_t shifted = ir_emit(s, IR_SHL, 32, sum, ir_const(s, 32, 33), 0);
	uint32_t wide = ir_emit(s, IR_IMUL, 64, ir_const(s, 64, 1ull << 40), ir_const(s, 64, 3), 0);
	uint32_t x = sysval(s, IR_SV_LANE_ID);
	uint32_t same = ir_emit(s, IR_IADD, 32, x, ir_const(s, 32, 0), 0);
	uint32_t div0 = ir_emit(s, IR_UDIV, 32, a, ir_const(s, 32, 0), 0);

	store(s, d, ir_const(s, 32, 0), shifted);
	store(s, d, ir_const(s, 32, 4), ir_emit(s, IR_LO32, 32, ir_emit(s, IR_HI32, 32, wide, 0, 0), 0, 0));
	store(s, d, ir_const(s, 32, 8), same);
	store(s, d, ir_const(s, 32, 12), div0);
	CHECK(ir_fold_constants(s));
	CHECK(valid(s));
	CHECK_EQ(def_of(s, prod)->op, IR_CONST);
	CHECK_EQ(def_of(s, prod)->imm, 42);
	CHECK_EQ(def_of(s, sum)->imm, 41);
	/* Shift amounts use the low 5 bits, as the ISA does. */
	CHECK_EQ(def_of(s, shifted)->imm, 82);
	CHECK_EQ(def_of(s, wide)->imm, 3ull << 40);
	/* x + 0 is x; division by zero is left to the core. */
	CHECK_EQ(def_of(s, same)->op, IR_MOV);
	CHECK_EQ(def_of(s, same)->src[0], x);
	CHECK_EQ(def_of(s, div0)->op, IR_UDIV);
	CHECK(ir_copy_propagate(s));
	CHECK(valid(s));
	CHECK(!def_of(s, same));
	CHECK(stores_value(s, x));
	ir_destroy(s);
	return true;
}

static bool test_cse_scopes(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), x = sysval(s, IR_SV_LANE_ID);
	uint32_t four = ir_const(s, 32, 4);
	uint32_t a = ir_emit(s, IR_IMUL, 32, x, four, 0);
	uint32_t b = ir_emit(s, IR_IMUL, 32, x, four, 0);	/* same as a */
	uint32_t cond = ir_emit(s, IR_ULT, 32, x, four, 0), t, e, after;

	store(s, d, a, b);
	control(s, IR_IF, cond);
	t = ir_emit(s, IR_IADD, 32, x, x, 0);
	store(s, d, a, t);
	control(s, IR_ELSE, 0);
	e = ir_emit(s, IR_IADD, 32, x, x, 0);		/* not dominated by t */
	store(s, d, a, e);
	control(s, IR_ENDIF, 0);
	after = ir_emit(s, IR_IADD, 32, x, x, 0);	/* dominated by neither */
	store(s, d, a, after);
	CHECK(ir_cse(s));
	CHECK(valid(s));
	CHECK(!def_of(s, b));
	CHECK(def_of(s, t) && def_of(s, e) && def_of(s, after));
	CHECK(stores_value(s, a));
	/* Loads are never merged: memory may change in between. */
	{
		struct ir_shader *m = ir_create();
		uint32_t md = desc0(m), off = ir_const(m, 32, 0);
		uint32_t l1 = ir_emit(m, IR_LOAD_GLOBAL, 32, md, off, 0);
		uint32_t l2;

		store(m, md, off, ir_const(m, 32, 1));
		l2 = ir_emit(m, IR_LOAD_GLOBAL, 32, md, off, 0);
		store(m, md, off, ir_emit(m, IR_IADD, 32, l1, l2, 0));
		ir_cse(m);
		CHECK(def_of(m, l1) && def_of(m, l2));
		ir_destroy(m);
	}
	ir_destroy(s);
	return true;
}

static bool test_dce(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), x = sysval(s, IR_SV_LANE_ID);
	uint32_t dead = ir_emit(s, IR_FSQRT, 32, x, 0, 0);
	uint32_t var = ir_new_variable(s, 32), dead_var = ir_new_variable(s, 32), r;
	struct ir_instr *in;

	(void)dead;
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = x;
	in = ir_append(s, IR_MOV, 32);
	in->dst = dead_var;
	in->src[0] = x;
	control(s, IR_IF, x);
	ir_emit(s, IR_IADD, 32, x, x, 0);		/* dead: the IF becomes empty */
	in = ir_append(s, IR_MOV, 32);
	in->dst = dead_var;
	in->src[0] = x;
	control(s, IR_ENDIF, 0);
	r = ir_emit(s, IR_MOV, 32, var, 0, 0);
	store(s, d, x, r);
	CHECK(ir_dce(s));
	CHECK(valid(s));
	CHECK_EQ(count_op(s, IR_FSQRT), 0);
	CHECK_EQ(count_op(s, IR_IF), 0);
	CHECK_EQ(count_op(s, IR_ENDIF), 0);
	/* The live variable keeps its definition, the dead one loses both. */
	CHECK_EQ(count_op(s, IR_MOV), 2);
	CHECK_EQ(count_op(s, IR_STORE_GLOBAL), 1);
	CHECK(!ir_dce(s));
	ir_destroy(s);
	return true;
}

static bool test_divergence(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID), group = sysval(s, IR_SV_GROUP_ID_X);
	uint32_t g2 = ir_emit(s, IR_IMUL, 32, group, group, 0);
	uint32_t mixed = ir_emit(s, IR_IADD, 32, g2, lane, 0);
	uint32_t ucond = ir_emit(s, IR_ULT, 32, group, ir_const(s, 32, 3), 0);
	uint32_t vcond = ir_emit(s, IR_ULT, 32, lane, ir_const(s, 32, 3), 0);
	uint32_t in_uniform_if, in_divergent_if, in_loop, ballot, var = ir_new_variable(s, 32);
	uint32_t first_if, second_if, uniform_loop, divergent_loop;
	struct ir_instr *in;

	first_if = s->count;
	control(s, IR_IF, ucond);
	in_uniform_if = ir_emit(s, IR_IADD, 32, g2, group, 0);
	store(s, d, in_uniform_if, in_uniform_if);
	control(s, IR_ENDIF, 0);
	second_if = s->count;
	control(s, IR_IF, vcond);
	in_divergent_if = ir_emit(s, IR_IADD, 32, g2, group, 0);	/* uniform inputs */
	ballot = ir_emit(s, IR_SG_BALLOT, 32, vcond, 0, 0);
	store(s, d, in_divergent_if, ballot);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = in_divergent_if;
	control(s, IR_ENDIF, 0);
	store(s, d, group, ir_emit(s, IR_MOV, 32, var, 0, 0));
	uniform_loop = s->count;
	control(s, IR_LOOP, 0);
	control(s, IR_BREAK, ucond);
	control(s, IR_ENDLOOP, 0);
	divergent_loop = s->count;
	control(s, IR_LOOP, 0);
	in_loop = ir_emit(s, IR_IADD, 32, group, group, 0);
	control(s, IR_IF, vcond);
	control(s, IR_BREAK, 0);
	control(s, IR_ENDIF, 0);
	control(s, IR_ENDLOOP, 0);
	store(s, d, mixed, in_loop);
	CHECK(valid(s));
	ir_divergence(s);
	CHECK(!(s->vals[g2].flags & IR_VAL_VARYING));
	CHECK(s->vals[mixed].flags & IR_VAL_VARYING);
	CHECK(!(s->vals[ucond].flags & IR_VAL_VARYING));
	CHECK(s->ins[first_if].uniform_cf);
	CHECK(!(s->vals[in_uniform_if].flags & IR_VAL_VARYING));
	CHECK(!s->ins[second_if].uniform_cf);
	/* Uniform inputs, used only where it was computed: one per wave... */
	CHECK(!(s->vals[in_divergent_if].flags & IR_VAL_VARYING));
	CHECK(!(s->vals[ballot].flags & IR_VAL_VARYING));
	/* ...but a variable written there keeps other lanes' values: vector. */
	CHECK(s->vals[var].flags & IR_VAL_VARYING);
	CHECK(s->ins[uniform_loop].uniform_cf);
	/* A BREAK under a divergent IF makes the loop divergent. */
	CHECK(!s->ins[divergent_loop].uniform_cf);
	CHECK(s->vals[in_loop].flags & IR_VAL_VARYING);
	ir_destroy(s);
	return true;
}

/* Independent check: no two values live at once share a register. */
static bool no_interference(const struct ir_shader *s)
{
	for (uint32_t a = 1; a < s->value_count; a++) {
		for (uint32_t b = a + 1; b < s->value_count; b++) {
			const struct ir_value *x = &s->vals[a], *y = &s->vals[b];
			bool xv = x->flags & (IR_VAL_VARYING | IR_VAL_FORCE_VECTOR);
			bool yv = y->flags & (IR_VAL_VARYING | IR_VAL_FORCE_VECTOR);
			int xn = x->bits == 64 ? 2 : 1, yn = y->bits == 64 ? 2 : 1;
			int32_t xs = -1, xe = -1, ys = -1, ye = -1;

			if (x->reg < 0 || y->reg < 0 || xv != yv ||
			    x->reg + xn <= y->reg || y->reg + yn <= x->reg)
				continue;
			for (uint32_t i = 0; i < s->count; i++) {
				const struct ir_instr *in = &s->ins[i];

				for (int k = 0; k < IR_MAX_SRC; k++) {
					if (in->src[k] == a)
						xe = i;
					if (in->src[k] == b)
						ye = i;
				}
				if (ir_op_has_dst(in->op) && in->dst == a && xs < 0)
					xs = i;
				if (ir_op_has_dst(in->op) && in->dst == b && ys < 0)
					ys = i;
			}
			/* Straight-line test code: overlap of [def, last use]. */
			if (xs <= ye && ys <= xe) {
				tap_diag("values %u and %u share register %d", a, b, x->reg);
				return false;
			}
		}
	}
	return true;
}

static bool test_regalloc_spill(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID), v[24], sum;
	struct ir_regalloc_result ra;

	/* 24 values live at once, then consumed: more than 8 registers. */
	for (int k = 0; k < 24; k++)
		v[k] = ir_emit(s, IR_IADD, 32, lane, ir_const(s, 32, k + 1), 0);
	sum = v[0];
	for (int k = 1; k < 24; k++)
		sum = ir_emit(s, IR_IADD, 32, sum, v[k], 0);
	store(s, d, lane, sum);
	ir_divergence(s);
	CHECK_EQ(ir_regalloc(s, 256, 128, &ra), 0);
	CHECK_EQ(ra.spilled, 0);
	CHECK(ra.vregs >= 24);
	CHECK(no_interference(s));
	CHECK_EQ(ir_regalloc(s, 8, 128, &ra), 0);
	CHECK(ra.spilled > 0);
	CHECK(ra.vregs <= 8);
	CHECK(s->scratch_bytes >= 4 * ra.spilled);
	CHECK(no_interference(s));
	/* Every value has a register or a spill slot. */
	for (uint32_t k = 0; k < 24; k++)
		CHECK(s->vals[v[k]].reg >= 0 || s->vals[v[k]].spill_slot >= 0);
	/* Spilled ones are those needed last (next-use distance). */
	CHECK(s->vals[v[23]].spill_slot >= 0 || s->vals[v[22]].spill_slot >= 0);
	CHECK(s->vals[v[0]].reg >= 0);
	ir_destroy(s);
	return true;
}

static bool test_regalloc_branches_and_loops(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID);
	uint32_t cond = ir_emit(s, IR_ULT, 32, lane, ir_const(s, 32, 7), 0);
	uint32_t before = ir_emit(s, IR_IADD, 32, lane, lane, 0), t, e, inside, var;
	struct ir_regalloc_result ra;
	struct ir_instr *in;

	control(s, IR_IF, cond);
	t = ir_emit(s, IR_IMUL, 32, lane, lane, 0);
	store(s, d, lane, t);
	control(s, IR_ELSE, 0);
	e = ir_emit(s, IR_ISUB, 32, lane, lane, 0);
	store(s, d, lane, e);
	control(s, IR_ENDIF, 0);
	/* A loop reading "before" (defined outside) and defining "inside"
	 * which is read after the loop: both must survive every iteration. */
	var = ir_new_variable(s, 32);
	control(s, IR_LOOP, 0);
	inside = ir_emit(s, IR_IADD, 32, before, lane, 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = inside;
	control(s, IR_BREAK, cond);
	ir_emit(s, IR_IMUL, 32, lane, ir_const(s, 32, 3), 0);
	control(s, IR_ENDLOOP, 0);
	store(s, d, ir_emit(s, IR_MOV, 32, var, 0, 0), inside);
	ir_divergence(s);
	CHECK_EQ(ir_regalloc(s, 256, 128, &ra), 0);
	/* then/else values are never live together: they may share. */
	CHECK_EQ(s->vals[t].reg, s->vals[e].reg);
	CHECK(s->vals[before].reg != s->vals[inside].reg);
	CHECK(s->vals[var].reg != s->vals[before].reg);
	CHECK(s->vals[var].reg != s->vals[inside].reg);
	/* The multiply in the loop body must not take inside's register. */
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_IMUL && s->ins[i].src[1] != lane)
			CHECK(s->vals[s->ins[i].dst].reg != s->vals[inside].reg);
	ir_destroy(s);
	return true;
}

static bool test_simplify_cf(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID);
	uint32_t cond = ir_emit(s, IR_ULT, 32, lane, ir_const(s, 32, 9), 0), body;
	uint32_t first_if;

	control(s, IR_LOOP, 0);
	first_if = s->count;
	control(s, IR_IF, cond);
	body = ir_emit(s, IR_IADD, 32, lane, lane, 0);
	store(s, d, lane, body);
	control(s, IR_ELSE, 0);
	control(s, IR_BREAK, 0);
	control(s, IR_ENDIF, 0);
	control(s, IR_ENDLOOP, 0);
	CHECK(ir_simplify_cf(s));
	CHECK(valid(s));
	/* loop { if !c { break } endif; body } */
	CHECK_EQ(s->ins[first_if].op, IR_IF);
	CHECK_EQ(s->ins[first_if].aux, 1);
	CHECK_EQ(s->ins[first_if + 1].op, IR_BREAK);
	CHECK_EQ(s->ins[first_if + 2].op, IR_ENDIF);
	CHECK_EQ(s->ins[first_if + 3].dst, body);
	CHECK_EQ(count_op(s, IR_ELSE), 0);
	CHECK(!ir_simplify_cf(s));
	ir_destroy(s);
	return true;
}

static bool test_licm_and_combine(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID), group = sysval(s, IR_SV_GROUP_ID_X);
	uint32_t var = ir_new_variable(s, 32), zero = ir_const(s, 32, 0), i, invariant, scaled;
	uint32_t addr, loop_at, next;
	struct ir_instr *in;

	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = zero;
	loop_at = s->count;
	control(s, IR_LOOP, 0);
	i = ir_emit(s, IR_MOV, 32, var, 0, 0);
	invariant = ir_emit(s, IR_IMUL, 32, group, ir_const(s, 32, 132), 0);	/* moves out */
	scaled = ir_emit(s, IR_IMUL, 32, i, ir_const(s, 32, 4), 0);		/* stays, fuses */
	addr = ir_emit(s, IR_IADD, 32, scaled, invariant, 0);
	store(s, d, addr, lane);
	control(s, IR_BREAK, ir_emit(s, IR_ULT, 32, ir_const(s, 32, 8), i, 0));
	next = ir_emit(s, IR_IADD, 32, i, ir_const(s, 32, 1), 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = next;
	control(s, IR_ENDLOOP, 0);
	CHECK(ir_licm(s));
	CHECK(valid(s));
	/* The invariant product (and its constants) now precede the LOOP. */
	for (loop_at = 0; s->ins[loop_at].op != IR_LOOP; loop_at++)
		;
	CHECK(def_of(s, invariant) < &s->ins[loop_at]);
	CHECK(def_of(s, scaled) > &s->ins[loop_at]);
	CHECK(ir_coalesce(s));
	CHECK(valid(s));
	/* i = mov $var is gone: the loop reads and increments $var itself. */
	CHECK(!def_of(s, i));
	CHECK(!def_of(s, next));
	CHECK_EQ(count_op(s, IR_MOV), 1);	/* only the initial $var = 0 */
	CHECK(ir_combine(s));
	CHECK(valid(s));
	CHECK_EQ(def_of(s, addr)->op, IR_IMAD);
	/* The hoisted multiply was not pulled back into the loop. */
	CHECK_EQ(def_of(s, invariant)->op, IR_IMUL);
	CHECK_EQ(def_of(s, addr)->src[2], invariant);
	ir_destroy(s);
	return true;
}

static bool test_if_convert(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID), group = sysval(s, IR_SV_GROUP_ID_X);
	uint32_t var = ir_new_variable(s, 32), odd, t, e;
	struct ir_instr *in;

	odd = ir_emit(s, IR_AND, 32, lane, ir_const(s, 32, 1), 0);
	control(s, IR_IF, odd);
	t = ir_emit(s, IR_IMUL, 32, lane, ir_const(s, 32, 3), 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = t;
	control(s, IR_ELSE, 0);
	e = ir_emit(s, IR_USHR, 32, lane, ir_const(s, 32, 1), 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = e;
	control(s, IR_ENDIF, 0);
	store(s, d, lane, ir_emit(s, IR_MOV, 32, var, 0, 0));
	/* A uniform IF stays a branch. */
	control(s, IR_IF, ir_emit(s, IR_AND, 32, group, ir_const(s, 32, 1), 0));
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = group;
	control(s, IR_ENDIF, 0);
	store(s, d, group, ir_emit(s, IR_MOV, 32, var, 0, 0));
	CHECK(ir_if_convert(s));
	CHECK(valid(s));
	CHECK_EQ(count_op(s, IR_IF), 1);
	CHECK_EQ(count_op(s, IR_ELSE), 0);
	CHECK_EQ(count_op(s, IR_SELECT), 1);
	for (uint32_t i = 0; i < s->count; i++)
		if (s->ins[i].op == IR_SELECT) {
			CHECK_EQ(s->ins[i].dst, var);
			CHECK_EQ(s->ins[i].src[0], odd);
			CHECK_EQ(s->ins[i].src[1], t);
			CHECK_EQ(s->ins[i].src[2], e);
		}
	ir_destroy(s);
	return true;
}

/* while (i < 8) i++; use(i): the exit value is the header's read. */
static bool test_coalesce_exit_value(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID);
	uint32_t var = ir_new_variable(s, 32), i, next, stop;
	struct ir_instr *in;

	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = lane;
	control(s, IR_LOOP, 0);
	i = ir_emit(s, IR_MOV, 32, var, 0, 0);
	stop = ir_emit(s, IR_ULE, 32, ir_const(s, 32, 8), i, 0);
	control(s, IR_BREAK, stop);
	next = ir_emit(s, IR_IADD, 32, i, ir_const(s, 32, 1), 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = next;
	control(s, IR_ENDLOOP, 0);
	store(s, d, lane, i);
	CHECK(ir_coalesce(s));
	CHECK(valid(s));
	CHECK(!def_of(s, i));
	CHECK(stores_value(s, var));
	ir_destroy(s);

	/* A BREAK after the write: lanes leave with the new value, keep the read. */
	s = ir_create();
	d = desc0(s);
	lane = sysval(s, IR_SV_LANE_ID);
	var = ir_new_variable(s, 32);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = lane;
	control(s, IR_LOOP, 0);
	i = ir_emit(s, IR_MOV, 32, var, 0, 0);
	next = ir_emit(s, IR_IADD, 32, i, ir_const(s, 32, 1), 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = var;
	in->src[0] = next;
	control(s, IR_BREAK, ir_emit(s, IR_ULE, 32, ir_const(s, 32, 8), next, 0));
	control(s, IR_ENDLOOP, 0);
	store(s, d, lane, i);
	ir_coalesce(s);
	CHECK(valid(s));
	CHECK(def_of(s, i));
	CHECK(stores_value(s, i));
	ir_destroy(s);
	return true;
}

static bool test_validator(void)
{
	struct ir_shader *s = ir_create();
	char buf[128];
	uint32_t x = sysval(s, IR_SV_LANE_ID);

	control(s, IR_ELSE, 0);
	CHECK(ir_validate(s, buf, sizeof(buf)) && strstr(buf, "else without if"));
	s->count = 1;
	control(s, IR_BREAK, 0);
	CHECK(ir_validate(s, buf, sizeof(buf)) && strstr(buf, "outside a loop"));
	s->count = 1;
	control(s, IR_IF, x);
	CHECK(ir_validate(s, buf, sizeof(buf)) && strstr(buf, "unterminated"));
	s->count = 1;
	ir_append(s, IR_IADD, 32)->src[0] = 77;
	s->ins[s->count - 1].dst = x + 1;
	CHECK(ir_validate(s, buf, sizeof(buf)));
	ir_destroy(s);
	return true;
}

/*
 * A copy between two variables ("%x = mov $a; $b = mov %x", an input
 * copied to an output in a graphics shader): the read is forwarded, and
 * the write must then stay, or $b would be read with no definition.
 */
static bool test_coalesce_variable_copy(void)
{
	struct ir_shader *s = ir_create();
	uint32_t d = desc0(s), lane = sysval(s, IR_SV_LANE_ID);
	uint32_t a = ir_new_variable(s, 32), b = ir_new_variable(s, 32), x, y;
	uint32_t value = ir_emit(s, IR_IADD, 32, lane, ir_const(s, 32, 5), 0);
	struct ir_instr *in;

	in = ir_append(s, IR_MOV, 32);
	in->dst = a;
	in->src[0] = value;
	x = ir_emit(s, IR_MOV, 32, a, 0, 0);
	in = ir_append(s, IR_MOV, 32);
	in->dst = b;
	in->src[0] = x;
	y = ir_emit(s, IR_MOV, 32, b, 0, 0);
	store(s, d, lane, y);
	while (ir_coalesce(s))
		CHECK(valid(s));
	CHECK(valid(s));
	/* Whatever the store reads now has a definition. */
	for (uint32_t i = 0; i < s->count; i++) {
		uint32_t v = s->ins[i].src[2];

		if (s->ins[i].op == IR_STORE_GLOBAL)
			CHECK(def_of(s, v));
	}
	ir_destroy(s);
	return true;
}

int main(void)
{
	tap_result(test_fold(), "fold-and-copy-propagate");
	tap_result(test_cse_scopes(), "cse-scopes");
	tap_result(test_dce(), "dce");
	tap_result(test_divergence(), "divergence");
	tap_result(test_regalloc_spill(), "regalloc-forced-spill");
	tap_result(test_regalloc_branches_and_loops(), "regalloc-branches-and-loops");
	tap_result(test_simplify_cf(), "simplify-cf-else-break");
	tap_result(test_licm_and_combine(), "licm-coalesce-combine");
	tap_result(test_coalesce_exit_value(), "coalesce-loop-exit-value");
	tap_result(test_coalesce_variable_copy(), "coalesce-variable-to-variable-copy");
	tap_result(test_if_convert(), "if-convert");
	tap_result(test_validator(), "validator");
	return tap_finish();
}
