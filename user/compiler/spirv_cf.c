/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Structured control flow from SPIR-V merge instructions
 *
 * The entry function is emitted by walking blocks from the entry, guided
 * by the merge instructions, into the IR's serialized tree:
 *
 *  - a selection header becomes IF/ELSE/ENDIF, each arm emitted as a
 *    region that stops at the merge block, then the walk goes on at the
 *    merge block;
 *  - a loop header becomes LOOP ... ENDLOOP: the header and the body up
 *    to the continue target, then the continue construct up to the back
 *    edge. A branch to the loop's merge is BREAK. A branch to the continue
 *    target from inside the body emits a copy of the continue construct
 *    followed by CONTINUE (which only re-enables lanes at ENDLOOP), so the
 *    mask stack never needs a "resume at the continue block" form.
 *    Continue constructs are short (an increment and a test), so the copy
 *    is cheap;
 *  - a switch becomes a once-through LOOP (so "break" out of a case from
 *    nested control flow is an ordinary BREAK) around a chain of IFs
 *    comparing the selector. Fall-through emits the next case's blocks
 *    again in the falling case;
 *  - a branch that leaves more than the innermost loop (continue or break
 *    of an outer loop from inside a switch) stores the target label in
 *    the inner loop's exit flag, breaks, and is replayed after ENDLOOP.
 *
 * A conditional branch without a selection merge (a loop test, a
 * conditional break) becomes an IF whose arms are the two edges.
 *
 * Phis: every OpPhi result gets one IR variable per leaf; each edge writes
 * the variables of the phis of its target (before the branch is emitted),
 * and the phi's block starts by reading them. Under SIMT a write happens
 * only in the lanes taking that edge, which is the phi's meaning.
 */

#include "spirv_in.h"

#include <stdlib.h>
#include <string.h>

#define FE_MAX_NESTING 4096

struct region {
	uint32_t stop;		/* label ending this region (merge block), 0 = none */
};

static void emit_block(struct fe *fe, uint32_t label, const struct region *r);
static void goto_block(struct fe *fe, uint32_t to, const struct region *r);

static const struct fe_block *block_of(struct fe *fe, uint32_t label)
{
	if (label >= fe->bound || fe->ids[label].kind != FE_LABEL) {
		fe_fail(fe, "branch to %u, which is not a block", label);
		return NULL;
	}
	return &fe->blocks[fe->ids[label].block];
}

static uint32_t *phi_vars(struct fe *fe, uint32_t id, uint32_t type)
{
	struct fe_id *d = &fe->ids[id];
	uint32_t leaves = fe_type(fe, type)->leaves;
	uint32_t *scalar_types;

	if (d->phi_vars)
		return d->phi_vars;
	d->phi_vars = calloc(leaves ? leaves : 1, sizeof(uint32_t));
	scalar_types = calloc(leaves ? leaves : 1, sizeof(uint32_t));
	if (!d->phi_vars || !scalar_types) {
		free(scalar_types);
		fe_fail(fe, "out of memory");
		return NULL;
	}
	fe_leaf_types(fe, type, scalar_types);
	for (uint32_t k = 0; k < leaves; k++)
		d->phi_vars[k] = ir_new_variable(fe->ir, fe_bits(fe, scalar_types[k]));
	free(scalar_types);
	return d->phi_vars;
}

/* Write the phi variables of @to for the edge @from -> @to. */
static void phi_copies(struct fe *fe, uint32_t from, uint32_t to)
{
	const struct fe_block *b = block_of(fe, to);

	if (!b)
		return;
	for (uint32_t i = b->first_word; i < fe->function_end && !fe->failed;) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16;

		if ((w[0] & 0xffff) != SpvOpPhi)
			break;
		for (uint32_t k = 3; k + 1 < length; k += 2) {
			uint32_t count, *vars, *src;

			if (w[k + 1] != from)
				continue;
			vars = phi_vars(fe, w[2], w[1]);
			src = fe_value(fe, w[k], &count);
			if (!vars || !src)
				return;
			for (uint32_t c = 0; c < count; c++) {
				struct ir_instr *in = ir_append(fe->ir, IR_MOV,
								fe->ir->vals[vars[c]].bits);

				in->dst = vars[c];
				in->src[0] = src[c];
				/* fe_value() may move the leaf pool: reload. */
				src = fe_value(fe, w[k], &count);
			}
		}
		i += length;
	}
}

static void emit_branch(struct fe *fe, uint32_t from, uint32_t to, const struct region *r)
{
	phi_copies(fe, from, to);
	goto_block(fe, to, r);
}

static void emit_control(struct fe *fe, enum ir_op op, uint32_t cond)
{
	struct ir_instr *in = ir_append(fe->ir, op, 0);

	in->src[0] = cond;
}

static void emit_continue(struct fe *fe, struct fe_loop *loop)
{
	struct fe_loop *saved = fe->loop;
	struct region r = { .stop = loop->header };

	/* The copy of the continue construct runs in the loop's own context. */
	fe->loop = loop;
	if (loop->continue_block != loop->header)
		emit_block(fe, loop->continue_block, &r);
	fe->loop = saved;
	emit_control(fe, IR_CONTINUE, IR_NONE);
}

/* Is @to an exit (merge, continue or back edge) of @loop? */
static bool exits_loop(const struct fe_loop *loop, uint32_t to)
{
	if (to == loop->merge)
		return true;
	return !loop->is_switch && (to == loop->continue_block || to == loop->header);
}

/*
 * A branch to an exit of an enclosing loop: BREAK, CONTINUE (with a copy of
 * the continue construct), nothing for the back edge, or the exit flag of
 * the innermost loop for a target further out. Returns false when @to is
 * not a loop exit.
 */
static bool take_loop_exit(struct fe *fe, uint32_t to, bool back_edge_is_continue)
{
	struct fe_loop *loop = fe->loop;

	if (!loop)
		return false;
	if (to == loop->merge) {
		emit_control(fe, IR_BREAK, IR_NONE);
		return true;
	}
	if (!loop->is_switch && to == loop->continue_block) {
		emit_continue(fe, loop);
		return true;
	}
	if (!loop->is_switch && to == loop->header) {
		/* The back edge; ENDLOOP follows unless replayed from inside. */
		if (back_edge_is_continue)
			emit_control(fe, IR_CONTINUE, IR_NONE);
		return true;
	}
	for (struct fe_loop *outer = loop->parent; outer; outer = outer->parent) {
		struct ir_instr *in;
		uint32_t k, label;

		if (!exits_loop(outer, to))
			continue;
		for (k = 0; k < loop->exit_target_count; k++)
			if (loop->exit_targets[k] == to)
				break;
		if (k == loop->exit_target_count) {
			if (k == sizeof(loop->exit_targets) / sizeof(loop->exit_targets[0])) {
				fe_fail(fe, "too many different exits from one loop or switch");
				return true;
			}
			loop->exit_targets[loop->exit_target_count++] = to;
		}
		label = ir_const(fe->ir, 32, to);
		in = ir_append(fe->ir, IR_MOV, 32);
		in->dst = loop->exit_flag;
		in->src[0] = label;
		emit_control(fe, IR_BREAK, IR_NONE);
		return true;
	}
	return false;
}

static void goto_block(struct fe *fe, uint32_t to, const struct region *r)
{
	if (fe->failed || to == r->stop)
		return;
	if (!take_loop_exit(fe, to, false))
		emit_block(fe, to, r);
}

/* After a loop's ENDLOOP: take the outer exits its branches recorded. */
static void replay_exits(struct fe *fe, struct fe_loop *loop)
{
	for (uint32_t k = 0; k < loop->exit_target_count && !fe->failed; k++) {
		uint32_t label = ir_const(fe->ir, 32, loop->exit_targets[k]);
		uint32_t taken = ir_emit(fe->ir, IR_IEQ, 32, loop->exit_flag, label, IR_NONE);

		emit_control(fe, IR_IF, taken);
		/* From the middle of a region: the exit is taken even when it
		 * is the region's own end (a continue target, say). */
		take_loop_exit(fe, loop->exit_targets[k], true);
		emit_control(fe, IR_ENDIF, IR_NONE);
	}
}

static void begin_loop(struct fe *fe, struct fe_loop *loop)
{
	uint32_t zero = ir_const(fe->ir, 32, 0);
	struct ir_instr *in;

	loop->parent = fe->loop;
	loop->exit_flag = ir_new_variable(fe->ir, 32);
	in = ir_append(fe->ir, IR_MOV, 32);
	in->dst = loop->exit_flag;
	in->src[0] = zero;
	emit_control(fe, IR_LOOP, IR_NONE);
	fe->loop = loop;
}

static void end_loop(struct fe *fe, struct fe_loop *loop)
{
	emit_control(fe, IR_ENDLOOP, IR_NONE);
	fe->loop = loop->parent;
	replay_exits(fe, loop);
}

static void read_phis(struct fe *fe, const struct fe_block *b, uint32_t *first_word)
{
	uint32_t i = b->first_word;

	while (i < fe->function_end && !fe->failed) {
		const uint32_t *w = &fe->words[i];
		uint32_t *vars, *out, leaves;

		if ((w[0] & 0xffff) != SpvOpPhi)
			break;
		leaves = fe_type(fe, w[1])->leaves;
		vars = phi_vars(fe, w[2], w[1]);
		out = fe_new_leaves(fe, w[2], w[1], leaves);
		if (!vars || !out)
			return;
		for (uint32_t c = 0; c < leaves; c++) {
			uint32_t v = ir_emit(fe->ir, IR_MOV, fe->ir->vals[vars[c]].bits,
					     vars[c], IR_NONE, IR_NONE);

			fe_value(fe, w[2], &leaves)[c] = v;
		}
		i += w[0] >> 16;
	}
	*first_word = i;
}

static void emit_switch(struct fe *fe, const struct fe_block *b, const uint32_t *w,
			uint32_t length, const struct region *outer)
{
	struct fe_loop loop = { .merge = b->merge_block, .is_switch = true };
	struct region r = { .stop = b->merge_block };
	uint32_t selector = fe_scalar(fe, w[1]);
	unsigned int bits = fe->ir->vals[selector].bits;
	uint32_t literal_words = bits > 32 ? 2 : 1;
	uint32_t pair_words = literal_words + 1, ifs = 0;
	uint32_t from = b->label;

	begin_loop(fe, &loop);
	for (uint32_t k = 3; k + pair_words <= length && !fe->failed; k += pair_words) {
		uint32_t target = w[k + literal_words], cond = IR_NONE;
		bool first = true;

		if (target == w[2])
			continue;	/* same as default */
		/* Handle each target once, with all its literals. */
		for (uint32_t j = 3; j < k; j += pair_words)
			if (w[j + literal_words] == target)
				first = false;
		if (!first)
			continue;
		for (uint32_t j = k; j + pair_words <= length; j += pair_words) {
			uint64_t literal = w[j];
			uint32_t eq;

			if (w[j + literal_words] != target)
				continue;
			if (literal_words == 2)
				literal |= (uint64_t)w[j + 1] << 32;
			eq = ir_emit(fe->ir, IR_IEQ, bits, selector,
				     ir_const(fe->ir, bits, literal), IR_NONE);
			cond = cond == IR_NONE ? eq : ir_emit(fe->ir, IR_OR, 32, cond, eq, IR_NONE);
		}
		emit_control(fe, IR_IF, cond);
		emit_branch(fe, from, target, &r);
		emit_control(fe, IR_ELSE, IR_NONE);
		ifs++;
	}
	emit_branch(fe, from, w[2], &r);
	while (ifs--)
		emit_control(fe, IR_ENDIF, IR_NONE);
	emit_control(fe, IR_BREAK, IR_NONE);
	end_loop(fe, &loop);
	goto_block(fe, b->merge_block, outer);
}

static void emit_terminator(struct fe *fe, const struct fe_block *b, const struct region *r)
{
	const uint32_t *w = &fe->words[b->terminator];
	uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

	switch (op) {
	case SpvOpBranch:
		emit_branch(fe, b->label, w[1], r);
		break;
	case SpvOpBranchConditional: {
		uint32_t cond = fe_scalar(fe, w[1]);
		struct region arms = *r;

		if (b->merge_op == SpvOpSelectionMerge)
			arms.stop = b->merge_block;
		emit_control(fe, IR_IF, cond);
		emit_branch(fe, b->label, w[2], &arms);
		emit_control(fe, IR_ELSE, IR_NONE);
		emit_branch(fe, b->label, w[3], &arms);
		emit_control(fe, IR_ENDIF, IR_NONE);
		if (b->merge_op == SpvOpSelectionMerge)
			goto_block(fe, b->merge_block, r);
		break;
	}
	case SpvOpSwitch:
		if (b->merge_op != SpvOpSelectionMerge)
			return fe_fail(fe, "OpSwitch without OpSelectionMerge");
		emit_switch(fe, b, w, length, r);
		break;
	case SpvOpReturn:
		if (fe->loop)
			fe_fail(fe, "OpReturn inside a loop (merge-return did not apply)");
		break;
	case SpvOpReturnValue:
		fe_fail(fe, "OpReturnValue in the entry point");
		break;
	case SpvOpUnreachable:
		break;
	case SpvOpKill:
	case SpvOpTerminateInvocation:
		fe_emit_kill(fe);
		break;
	default:
		fe_fail(fe, "%s is not supported", fe_op_name(op));
		break;
	}
}

/* The block's own instructions (after its phis) and its terminator. */
static void emit_block_body(struct fe *fe, const struct fe_block *b, const struct region *r)
{
	uint32_t i = b->terminator;

	read_phis(fe, b, &i);
	while (i < b->terminator && !fe->failed) {
		const uint32_t *w = &fe->words[i];
		uint32_t length = w[0] >> 16, op = w[0] & 0xffff;

		if (op != SpvOpSelectionMerge && op != SpvOpLoopMerge && op != SpvOpLine &&
		    op != SpvOpNoLine)
			fe_emit_instruction(fe, w, length);
		i += length;
	}
	if (!fe->failed)
		emit_terminator(fe, b, r);
}

static void emit_loop(struct fe *fe, const struct fe_block *b, const struct region *r)
{
	struct fe_loop loop = {
		.header = b->label, .merge = b->merge_block,
		.continue_block = b->continue_block,
	};
	struct region body = { .stop = b->continue_block };

	begin_loop(fe, &loop);
	emit_block_body(fe, b, &body);
	if (b->continue_block != b->label) {
		struct region cont = { .stop = b->label };

		emit_block(fe, b->continue_block, &cont);
	}
	end_loop(fe, &loop);
	goto_block(fe, b->merge_block, r);
}

static void emit_block(struct fe *fe, uint32_t label, const struct region *r)
{
	const struct fe_block *b = block_of(fe, label);

	if (!b || fe->failed)
		return;
	if (++fe->emit_depth > FE_MAX_NESTING) {
		fe_fail(fe, "control flow nested deeper than %d blocks", FE_MAX_NESTING);
		return;
	}
	if (!b->terminator)
		fe_fail(fe, "block %u has no terminator", label);
	else if (b->merge_op == SpvOpLoopMerge)
		emit_loop(fe, b, r);
	else
		emit_block_body(fe, b, r);
	fe->emit_depth--;
}

void fe_emit_function(struct fe *fe)
{
	struct region r = { 0 };

	if (!fe->block_count)
		return fe_fail(fe, "the entry point has no body");
	emit_block(fe, fe->blocks[0].label, &r);
}
