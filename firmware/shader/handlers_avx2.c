/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The avx2 build of the instruction handlers: the handler files as one
 * translation unit, their tables named *_avx2 (see exec_alu.c's DOC and
 * meson.build for the compiler flags of each build).
 */

#define SC_VARIANT_SUFFIX avx2

#include "exec_alu.c"
#include "exec_subgroup.c"
#include "exec_memory.c"
#include "exec_fast.c"
