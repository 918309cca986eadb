/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Names of the assembly syntax
 *
 * The modifier names (conditions, atomic and subgroup operations, scopes,
 * special registers) shared by the assembler and the disassembler, so the
 * two cannot drift apart. Internal to the ember_isa library.
 */

#ifndef EMBER_ISA_TEXT_NAMES_H
#define EMBER_ISA_TEXT_NAMES_H

#include <stdbool.h>

/* Does @opcode's modifier have a name (printed as a suffix)? */
bool ember_isa_has_mod_names(unsigned int opcode);
/* The name of modifier @mod of @opcode, or NULL. */
const char *ember_isa_mod_name(unsigned int opcode, unsigned int mod);
/* The modifier of @opcode called @name (length @len), or -1. */
int ember_isa_mod_lookup(unsigned int opcode, const char *name, unsigned int len);

#endif /* EMBER_ISA_TEXT_NAMES_H */
