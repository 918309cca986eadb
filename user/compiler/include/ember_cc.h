/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ember_cc — the SPIR-V to Ember ISA compiler
 *
 * One call turns a SPIR-V compute, vertex or fragment module into an Ember
 * shader binary
 * (the header of Documentation/gpu/ember-isa.rst followed by the code).
 * Specialization constants are resolved at compile time; descriptors are
 * found at set_base + 16 * slot, where slot is the binding number unless
 * the caller passes a (set, binding) -> slot table. The table may also move
 * a binding to another entry of the dispatch's set table: a driver keeps
 * some descriptors apart from their set that way (Ember's Vulkan driver:
 * dynamic buffers, whose offsets change per bind, in a small table of
 * their own).
 *
 * Errors never crash: the call returns a negative errno and a message that
 * names the unsupported instruction or capability, or the validation error.
 * Every module is validated first (the front end relies on it), so there
 * is no flag to skip validation.
 */

#ifndef EMBER_CC_H
#define EMBER_CC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ember_cc_spec_constant {
	uint32_t id;
	uint32_t pad;
	uint64_t value;
};

/*
 * Optional layout table: descriptor (set, binding) lives at slot @slot of
 * set @set, or, when @table is EMBER_CC_TABLE_ENTRY(n), at slot @slot of
 * set-table entry n (0 .. 7) instead. @table 0: the binding's own set.
 */
struct ember_cc_binding_slot {
	uint32_t set, binding, slot, table;
};

#define EMBER_CC_TABLE_ENTRY(n)	(0x100u | (n))

/*
 * Stages of ember_cc_options.stage: the values of VkShaderStageFlagBits, so
 * a Vulkan driver passes its stage as it is. Vulkan names an entry point by
 * its name *and* its stage (a module may have a vertex and a fragment
 * "main"); 0 takes the one entry point of that name, whatever its stage.
 */
#define EMBER_CC_STAGE_ANY			0u
#define EMBER_CC_STAGE_VERTEX			0x00000001u
#define EMBER_CC_STAGE_TESSELLATION_CONTROL	0x00000002u
#define EMBER_CC_STAGE_TESSELLATION_EVALUATION	0x00000004u
#define EMBER_CC_STAGE_GEOMETRY			0x00000008u
#define EMBER_CC_STAGE_FRAGMENT			0x00000010u
#define EMBER_CC_STAGE_COMPUTE			0x00000020u
#define EMBER_CC_STAGE_TASK			0x00000040u
#define EMBER_CC_STAGE_MESH			0x00000080u
#define EMBER_CC_STAGE_RAYGEN			0x00000100u
#define EMBER_CC_STAGE_ANY_HIT			0x00000200u
#define EMBER_CC_STAGE_CLOSEST_HIT		0x00000400u
#define EMBER_CC_STAGE_MISS			0x00000800u
#define EMBER_CC_STAGE_INTERSECTION		0x00001000u
#define EMBER_CC_STAGE_CALLABLE			0x00002000u

/* Debug flags of ember_cc_options.flags. */
#define EMBER_CC_DUMP_IR	(1u << 0)	/* print the IR after each pass to stderr */
#define EMBER_CC_NO_OPT		(1u << 1)	/* skip fold/CSE/DCE (SPIRV-Tools still runs) */

struct ember_cc_options {
	const char *entry_point;			/* NULL = "main" */
	const struct ember_cc_spec_constant *spec_constants;
	uint32_t spec_constant_count;
	const struct ember_cc_binding_slot *slots;
	uint32_t slot_count;				/* default slot = binding */
	uint32_t flags;					/* EMBER_CC_* */
	uint32_t stage;					/* EMBER_CC_STAGE_*, 0 = any */
};

/*
 * Returns 0 and a malloc'ed shader binary (header + code), or a negative
 * errno and a malloc'ed message naming the unsupported instruction or
 * capability, or the validation error. @opts may be NULL.
 */
int ember_cc_compile(const uint32_t *spirv, size_t word_count,
		     const struct ember_cc_options *opts,
		     void **binary, size_t *binary_size, char **error);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_CC_H */
