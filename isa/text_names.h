/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Names of the assembly syntax
 *
 * The modifier names (conditions, atomic and subgroup operations, scopes,
 * special registers, image query, resource kinds) shared by the assembler and the
 * disassembler, so the two cannot drift apart, and the flag suffixes of
 * the image instructions, whose modifier is a set of flags (".dref.off")
 * rather than one name. Internal to the ember_isa library.
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

/* The .resource directive's name of resource kind @kind, or NULL. */
const char *ember_isa_resource_kind_name(unsigned int kind);
/* The resource kind called @name (length @len), or -1. */
int ember_isa_resource_kind_lookup(const char *name, unsigned int len);

/*
 * A flag suffix: the modifier has @bits in the field @mask. A field whose
 * value is 0 is printed by no suffix (gather's ".r" is the default).
 */
struct ember_isa_flag_name {
	const char *name;
	unsigned char bits, mask;
};

/* The flag suffixes of @opcode (a flag-set modifier), or NULL. */
const struct ember_isa_flag_name *ember_isa_mod_flags(unsigned int opcode,
						      unsigned int *count);

/* The .stage directive's names, by enum ember_isa_stage. */
extern const char *const ember_isa_stage_names[];

/*
 * A word of the .fragment (@fragment) or .vertex directive: header bits
 * (fragment_flags or vertex_flags). The depth words carry DEPTH_WRITE and
 * the mode; the disassembler prints the first word whose bits are all set
 * and not yet printed, in this order.
 */
struct ember_isa_stage_flag {
	const char *name;
	unsigned char bits;
};

unsigned int ember_isa_stage_flag_count(bool fragment);
const struct ember_isa_stage_flag *ember_isa_stage_flag(bool fragment, unsigned int i);

#endif /* EMBER_ISA_TEXT_NAMES_H */
