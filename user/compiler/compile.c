/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The compiler pipeline (ember_cc_compile)
 *
 *   SPIR-V --spvValidate + SPIRV-Tools passes (spirv_opt.cpp)-->
 *   front end (spirv_*.c) --> IR with a structured tree -->
 *   fold / copy propagation / CSE / DCE / control-flow simplification /
 *   if-conversion / LICM / uniform hoisting / copy coalescing / combining
 *   until nothing changes -->
 *   divergence analysis --> register allocation (again if uniform
 *   registers ran out) --> ISA lowering, encoding, binary (emit.c).
 *
 * The IR is checked by ir_validate() after the front end and after every
 * pass, so a pass bug is reported as an internal error naming the pass
 * instead of producing a wrong binary. Every failure returns a negative
 * errno and a malloc'ed message.
 */

#include "ember_cc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "ember_isa.h"
#include "ir.h"
#include "spirv_in.h"
#include "spirv_opt.h"

/* Registers kept free for the emitter's temporaries (and their alignment). */
#define RESERVED_VREGS 24
#define RESERVED_UREGS 12

static char *message(const char *fmt, const char *detail)
{
	char *text;

	if (asprintf(&text, fmt, detail) < 0)
		return NULL;
	return text;
}

static void free_front_end(struct fe *fe)
{
	if (fe->types)
		for (uint32_t i = 0; i < fe->bound; i++)
			free(fe->types[i].members);
	if (fe->ids)
		for (uint32_t i = 0; i < fe->bound; i++)
			free(fe->ids[i].phi_vars);
	for (uint32_t i = 0; i < fe->local_count; i++) {
		free(fe->locals[i].leaf_offset);
		free(fe->locals[i].leaf_var);
		free(fe->locals[i].leaf_written);
	}
	for (uint32_t i = 0; i < fe->io_count; i++) {
		free(fe->io_vars[i].dest);
		free(fe->io_vars[i].leaf_type);
	}
	free(fe->io_vars);
	free(fe->locals);
	free(fe->types);
	free(fe->ids);
	free(fe->leaves);
	free(fe->pointers);
	free(fe->handles);
	free(fe->blocks);
	free(fe->error);
}

static void dump(const struct ember_cc_options *opts, struct ir_shader *ir, const char *after)
{
	if (!(opts->flags & EMBER_CC_DUMP_IR))
		return;
	fprintf(stderr, "; IR after %s\n", after);
	ir_print(ir, stderr);
}

static int check(struct ir_shader *ir, const char *after, char **error)
{
	char buf[160];
	const char *problem = ir->oom ? "out of memory" : ir_validate(ir, buf, sizeof(buf));

	if (!problem)
		return 0;
	if (asprintf(error, "internal error after %s: %s", after, problem) < 0)
		*error = NULL;
	return ir->oom ? -ENOMEM : -EINVAL;
}

/* SPIR-V (already prepared) to IR. */
static int front_end(const uint32_t *words, size_t count, const struct ember_cc_options *opts,
		     struct ir_shader *ir, char **error)
{
	struct fe fe = { .words = words, .word_count = count, .opts = opts, .ir = ir };
	int ret = 0;

	fe.bound = words[3];
	if (fe.bound == 0 || fe.bound > (1u << 22)) {
		*error = message("SPIR-V id bound %s is not supported", "out of range");
		return -EINVAL;
	}
	fe.ids = calloc(fe.bound, sizeof(*fe.ids));
	fe.types = calloc(fe.bound, sizeof(*fe.types));
	if (!fe.ids || !fe.types) {
		free_front_end(&fe);
		*error = message("%s", "out of memory");
		return -ENOMEM;
	}
	if (fe_parse_module(&fe)) {
		fe_emit_prologue(&fe);
		if (!fe.failed)
			fe_emit_function(&fe);
		if (!fe.failed)
			fe_io_epilogue(&fe);
		if (!fe.failed)
			fe_assign_slots(&fe);
	}
	ir->push_bytes = fe.push_top;
	if (fe.failed) {
		*error = fe.error ? fe.error : message("%s", "out of memory");
		fe.error = NULL;
		ret = -EINVAL;
	} else if (!ir->local_size[0]) {
		*error = message("%s", "the entry point has no LocalSize");
		ret = -EINVAL;
	}
	free_front_end(&fe);
	return ret;
}

static int optimize(struct ir_shader *ir, const struct ember_cc_options *opts, char **error)
{
	static const struct {
		const char *name;
		bool (*run)(struct ir_shader *);
	} passes[] = {
		{ "constant folding", ir_fold_constants },
		{ "copy propagation", ir_copy_propagate },
		{ "CSE", ir_cse },
		{ "DCE", ir_dce },
		{ "control-flow simplification", ir_simplify_cf },
		{ "if-conversion", ir_if_convert },
		{ "loop-invariant code motion", ir_licm },
		{ "uniform hoisting", ir_hoist_uniform },
		{ "copy coalescing", ir_coalesce },
		{ "instruction combining", ir_combine },
	};
	bool changed = true;
	int ret;

	for (int round = 0; changed && round < 16; round++) {
		changed = false;
		for (size_t p = 0; p < sizeof(passes) / sizeof(passes[0]); p++) {
			if ((opts->flags & EMBER_CC_NO_OPT) && p != 3)
				continue;
			if (!passes[p].run(ir))
				continue;
			changed = true;
			dump(opts, ir, passes[p].name);
			ret = check(ir, passes[p].name, error);
			if (ret)
				return ret;
		}
	}
	return 0;
}

int ember_cc_compile(const uint32_t *spirv, size_t word_count,
		     const struct ember_cc_options *user_opts,
		     void **binary, size_t *binary_size, char **error)
{
	struct ember_cc_options opts = { 0 };
	struct ir_regalloc_result ra;
	struct ir_shader *ir = NULL;
	uint32_t *words = NULL;
	size_t count = 0;
	char *ignored = NULL;
	bool rematerialized = false;
	int ret;

	if (!error)
		error = &ignored;
	*error = NULL;
	if (!spirv || !binary || !binary_size) {
		*error = message("%s", "ember_cc_compile: NULL argument");
		return -EINVAL;
	}
	*binary = NULL;
	*binary_size = 0;
	if (user_opts)
		opts = *user_opts;
	if ((opts.spec_constant_count && !opts.spec_constants) || (opts.slot_count && !opts.slots)) {
		*error = message("%s", "ember_cc_compile: option table pointer is NULL");
		return -EINVAL;
	}
	if (word_count > 5) {
		*error = spirv_refused_feature(spirv, word_count);
		if (*error) {
			ret = -EINVAL;
			goto out;
		}
	}
	ret = ember_spirv_prepare(spirv, word_count, &opts, &words, &count, error);
	if (ret)
		goto out;
	ir = ir_create();
	if (!ir) {
		ret = -ENOMEM;
		*error = message("%s", "out of memory");
		goto out;
	}
	ret = front_end(words, count, &opts, ir, error);
	if (ret)
		goto out;
	dump(&opts, ir, "the front end");
	ret = check(ir, "the front end", error);
	if (!ret)
		ret = optimize(ir, &opts, error);
	if (ret)
		goto out;
	/*
	 * Rerun divergence when allocation demoted values to vector registers;
	 * reload descriptors at each use when too many of them are live at once.
	 */
	do {
		ir_divergence(ir);
		ret = ir_regalloc(ir, EMBER_ISA_NUM_VREGS - RESERVED_VREGS,
				  EMBER_ISA_NUM_UREGS - RESERVED_UREGS, &ra);
		if (ret == -ENOSPC && !rematerialized) {
			rematerialized = true;
			if (ir_rematerialize_descriptors(ir)) {
				/* Demotions made room for shared descriptors: start afresh. */
				for (uint32_t v = 1; v < ir->value_count; v++)
					ir->vals[v].flags &= ~IR_VAL_FORCE_VECTOR;
				dump(&opts, ir, "descriptor rematerialization");
				ret = -EAGAIN;
			}
		}
	} while (ret == -EAGAIN);
	dump(&opts, ir, "divergence analysis and register allocation");
	if (ret == -ENOSPC) {
		*error = message("%s", "register allocation failed: the descriptors one "
				 "instruction uses do not fit in the uniform registers");
		goto out;
	}
	if (ret) {
		*error = message("register allocation failed: %s", strerror(-ret));
		goto out;
	}
	ret = ember_emit(ir, &ra, binary, binary_size, error);
out:
	if (ret && !*error)
		*error = message("%s", "out of memory");
	if (error == &ignored)
		free(ignored);
	ir_destroy(ir);
	free(words);
	return ret;
}
