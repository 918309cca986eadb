/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The JIT's two halves (see jit.c's DOC): jit_emit.c translates a program
 * into an LLVM IR function, jit.c owns the LLVM session that turns it into
 * native code.
 */

#ifndef EMBER_FW_SHADER_JIT_H
#define EMBER_FW_SHADER_JIT_H

#include <llvm-c/Core.h>

#include "shader_core.h"

/*
 * The global access helpers: LDG of 4, 8 and 16 bytes (kinds 0 to 2),
 * STG of the same (3 to 5), and four STG.u32 or LDG.u32 of a vec4's
 * components as one block (6: SC_JIT_STORE_QUAD, 7: SC_JIT_LOAD_QUAD),
 * shared by all programs (jit_emit.c's DOC).
 */
#define SC_JIT_STORE_QUAD	6
#define SC_JIT_LOAD_QUAD	7
#define SC_JIT_ACCESS_HELPERS	8

/* The address of helper @kind, compiled on first use; 0 if there is none. */
typedef uint64_t (*sc_jit_helper_fn)(unsigned int kind);

/*
 * Add to @mod the function @name, void @name(struct sc_wave *w), that runs
 * @prog's wave from w->pc as run_wave() does. False if it cannot.
 * @gathers: the target has vector gathers (AVX2); without, global loads
 * of scattered lanes are left to their handlers (a gather would be 32
 * branches per register). @helper gives the global access helpers' code.
 */
bool sc_jit_emit(LLVMModuleRef mod, const struct sc_program *prog, const char *name,
		 bool gathers, sc_jit_helper_fn helper);

/* Add to @mod global access helper @kind as the external function @name. */
void sc_jit_emit_helper(LLVMModuleRef mod, unsigned int kind, const char *name, bool gathers);

#endif /* EMBER_FW_SHADER_JIT_H */
