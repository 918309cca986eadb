/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ISA emission
 *
 * The last step: lowers the allocated IR to struct ember_isa_insn values
 * (control flow to the mask-stack instructions or uniform branches),
 * encodes them with isa/ and builds the shader binary.
 */

#ifndef EMBER_CC_EMIT_H
#define EMBER_CC_EMIT_H

#include <stddef.h>

#include "ir.h"

/* 0 and a malloc'ed binary, or a negative errno and a malloc'ed message. */
int ember_emit(struct ir_shader *s, const struct ir_regalloc_result *ra,
	       void **binary, size_t *size, char **error);

#endif /* EMBER_CC_EMIT_H */
