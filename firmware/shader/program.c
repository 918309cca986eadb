/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader programs: decode once, check everything
 *
 * A binary is decoded once into struct sc_insn (decoded instruction +
 * handler) and checked as a whole before any wave runs, so the interpreter
 * needs no checks of its own:
 *
 * - the header (ember_isa_shader_parse) and every instruction
 *   (ember_isa_decode): an error's reason is -ember_isa_error;
 * - every register inside the header's counts (the core allocates only
 *   those), every instruction one of the header's stage
 *   (ember_isa_check_stage());
 * - structure: IF [ELSE] ENDIF and LOOP ENDLOOP nest, each with the jump
 *   target ember-isa.rst requires (IF -> its ELSE or ENDIF, ELSE -> its
 *   ENDIF, LOOP -> its ENDLOOP, ENDLOOP -> its LOOP), BREAK and CONTINUE
 *   only inside a loop, at most EMBER_ISA_MAX_STACK_DEPTH deep, nothing
 *   left open at the end; uniform branches (BRA, BRZ, BRNZ) stay inside
 *   the structured region they are in;
 * - one sentinel after the code, so running past the end is a fault.
 *
 * Any failure is the ILLEGAL_INSTRUCTION detail EMBER_ILLEGAL_DETAIL
 * (reason, index). The handlers are the AVX2 build when the host has AVX2
 * and FMA, the baseline build otherwise or when the environment variable
 * EMBER_SHADER_GENERIC is set (chosen once per process).
 */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ember_packets.h"
#include "shader_core.h"

static sc_handler handlers[EMBER_ISA_NUM_OPCODES];
static sc_handler (*fast_handler)(struct sc_insn *in);
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void pick_handlers(void)
{
	__builtin_cpu_init();
	/* EMBER_SHADER_GENERIC=1: the baseline build even on AVX2 hosts (tests). */
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
	    !getenv("EMBER_SHADER_GENERIC")) {
		sc_alu_handlers_avx2(handlers);
		sc_subgroup_handlers_avx2(handlers);
		sc_memory_handlers_avx2(handlers);
		fast_handler = sc_fast_handler_avx2;
	} else {
		sc_alu_handlers_generic(handlers);
		sc_subgroup_handlers_generic(handlers);
		sc_memory_handlers_generic(handlers);
		fast_handler = sc_fast_handler_generic;
	}
	sc_control_handlers(handlers);
	sc_image_handlers(handlers);
	sc_graphics_handlers(handlers);
}

static void fell_off(struct sc_wave *w, const struct sc_insn *in)
{
	sc_wave_illegal(w, SC_ILLEGAL_FELL_OFF);
}

static bool registers_fit(const struct ember_isa_insn *insn,
			  const struct ember_isa_header *h)
{
	for (unsigned int i = 0; i < 4; i++) {
		const struct ember_isa_operand *op = i ? &insn->src[i - 1] : &insn->dst;
		unsigned int end = op->index + ember_isa_operand_regs(insn, i);

		if ((op->kind == EMBER_ISA_VREG && end > h->num_vregs) ||
		    (op->kind == EMBER_ISA_UREG && end > h->num_uregs) ||
		    (op->kind == EMBER_ISA_PRED && op->index >= h->num_pregs))
			return false;
	}
	return !insn->guard || insn->guard_pred < h->num_pregs;
}

/* The structure check: a stack of open constructs over the linear code. */
struct open_construct {
	uint32_t start;		/* IF, ELSE or LOOP index */
	uint32_t region;
};

/* 0, a reason (> 0) with the instruction in *@bad, or -1: no memory. */
static int check_structure(const struct sc_program *prog, uint32_t *bad)
{
	struct open_construct stack[EMBER_ISA_MAX_STACK_DEPTH];
	uint32_t depth = 0, next_region = 1, loops = 0;
	uint32_t *region = malloc(sizeof(*region) * prog->num_insns);
	int ret = 0;

	if (!region)
		return -1;
	for (uint32_t i = 0; i < prog->num_insns && !ret; i++) {
		const struct ember_isa_insn *insn = &prog->insns[i].isa;
		struct open_construct *top = depth ? &stack[depth - 1] : NULL;
		const struct ember_isa_insn *open = top ? &prog->insns[top->start].isa : NULL;

		*bad = i;
		region[i] = top ? top->region : 0;
		switch (insn->opcode) {
		case EMBER_ISA_OP_IF:
		case EMBER_ISA_OP_LOOP:
			if (depth == EMBER_ISA_MAX_STACK_DEPTH) {
				ret = SC_ILLEGAL_STACK_OVERFLOW;
				break;
			}
			loops += insn->opcode == EMBER_ISA_OP_LOOP;
			stack[depth++] = (struct open_construct) { i, next_region++ };
			break;
		case EMBER_ISA_OP_ELSE:
			if (!open || open->opcode != EMBER_ISA_OP_IF || open->target != i)
				ret = SC_ILLEGAL_STACK_UNDERFLOW;
			else
				*top = (struct open_construct) { i, next_region++ };
			break;
		case EMBER_ISA_OP_ENDIF:
			if (!open || (open->opcode != EMBER_ISA_OP_IF &&
				      open->opcode != EMBER_ISA_OP_ELSE) || open->target != i)
				ret = SC_ILLEGAL_STACK_UNDERFLOW;
			else
				depth--;
			break;
		case EMBER_ISA_OP_ENDLOOP:
			if (!open || open->opcode != EMBER_ISA_OP_LOOP || open->target != i ||
			    insn->target != top->start) {
				ret = SC_ILLEGAL_STACK_UNDERFLOW;
			} else {
				depth--;
				loops--;
			}
			break;
		case EMBER_ISA_OP_BREAK:
		case EMBER_ISA_OP_CONTINUE:
			if (!loops)
				ret = SC_ILLEGAL_STACK_UNDERFLOW;
			break;
		default:
			break;
		}
	}
	if (!ret && depth) {
		*bad = stack[depth - 1].start;
		ret = SC_ILLEGAL_STACK_UNDERFLOW;
	}
	/* Uniform branches: target in the branch's own region. */
	for (uint32_t i = 0; i < prog->num_insns && !ret; i++) {
		const struct ember_isa_insn *insn = &prog->insns[i].isa;

		if ((insn->opcode == EMBER_ISA_OP_BRA || insn->opcode == EMBER_ISA_OP_BRZ ||
		     insn->opcode == EMBER_ISA_OP_BRNZ) && region[insn->target] != region[i]) {
			*bad = i;
			ret = -EMBER_ISA_ERR_STRUCTURE;	/* a positive reason */
		}
	}
	free(region);
	return ret;
}

int sc_program_build(const void *binary, size_t size, struct sc_program *prog,
		     uint32_t *detail)
{
	struct ember_isa_shader s;
	uint32_t bad = 0;
	int ret;

	pthread_once(&handlers_once, pick_handlers);
	memset(prog, 0, sizeof(*prog));
	ret = ember_isa_shader_parse(binary, size, &s);
	if (ret) {
		*detail = EMBER_ILLEGAL_DETAIL((uint32_t)-ret, 0);
		return -1;
	}
	prog->header = s.header;
	prog->num_insns = s.num_insns;
	prog->insns = calloc((size_t)s.num_insns + 1, sizeof(*prog->insns));
	if (!prog->insns)
		return -2;
	for (uint32_t i = 0; i < s.num_insns; i++) {
		struct sc_insn *in = &prog->insns[i];
		const struct ember_isa_opinfo *info;

		ret = ember_isa_decode(s.code + (size_t)i * EMBER_ISA_INSN_SIZE, &in->isa);
		if (ret) {
			*detail = EMBER_ILLEGAL_DETAIL((uint32_t)-ret, i);
			goto err_free;
		}
		/* Compute-only or graphics instructions outside their stage. */
		ret = ember_isa_check_stage(&in->isa, s.header.stage);
		if (ret) {
			*detail = EMBER_ILLEGAL_DETAIL((uint32_t)-ret, i);
			goto err_free;
		}
		info = ember_isa_opinfo(in->isa.opcode);
		if ((info->flags & EMBER_ISA_F_TARGET) && in->isa.target >= s.num_insns) {
			*detail = EMBER_ILLEGAL_DETAIL((uint32_t)-EMBER_ISA_ERR_TARGET, i);
			goto err_free;
		}
		if (!registers_fit(&in->isa, &s.header)) {
			*detail = EMBER_ILLEGAL_DETAIL(SC_ILLEGAL_REGISTER_COUNT, i);
			goto err_free;
		}
		in->fn = handlers[in->isa.opcode];
		/* An opcode of a later ISA than this device runs is unknown. */
		if (!in->fn) {
			*detail = EMBER_ILLEGAL_DETAIL((uint32_t)-EMBER_ISA_ERR_OPCODE, i);
			goto err_free;
		}
		in->slow = in->fn;
		in->fn = fast_handler(in) ?: in->fn;
	}
	prog->insns[s.num_insns].fn = fell_off;
	ret = check_structure(prog, &bad);
	if (ret < 0) {
		sc_program_fini(prog);
		return -2;
	}
	if (ret) {
		*detail = EMBER_ILLEGAL_DETAIL((uint32_t)ret, bad);
		goto err_free;
	}
	return 0;

err_free:
	sc_program_fini(prog);
	return -1;
}

void sc_program_fini(struct sc_program *prog)
{
	if (sc_jit_release)
		sc_jit_release(prog);
	free(prog->insns);
	prog->insns = NULL;
}
