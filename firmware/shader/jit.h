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
 * Add to @mod the function @name, void @name(struct sc_wave *w), that runs
 * @prog's wave from w->pc as run_wave() does. False if it cannot.
 */
bool sc_jit_emit(LLVMModuleRef mod, const struct sc_program *prog, const char *name);

#endif /* EMBER_FW_SHADER_JIT_H */
