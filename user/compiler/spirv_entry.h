/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Entry point selection
 *
 * Vulkan names the entry point to run by its name and its stage: one
 * module may hold a vertex and a fragment "main". spirv_entry.c finds the
 * OpEntryPoint the caller means (ember_cc_options.entry_point and .stage)
 * and removes the others, with their execution modes, before the
 * SPIRV-Tools passes run: those then drop the other entry points'
 * functions and variables, so the front end sees one entry point and one
 * function, as for a module that only ever had one.
 */

#ifndef EMBER_CC_SPIRV_ENTRY_H
#define EMBER_CC_SPIRV_ENTRY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The word index of the OpEntryPoint named @name (NULL: "main") of stage
 * @stage (EMBER_CC_STAGE_*, 0: whatever stage the only one of that name
 * has) in the validated module @words: 0 and *@word, or -EINVAL with a
 * malloc'ed message naming what is missing or ambiguous.
 */
int spirv_entry_select(const uint32_t *words, size_t count, const char *name, uint32_t stage,
		       size_t *word, char **error);

/*
 * A malloc'ed copy of @words without the entry points other than the one
 * at @entry_word and without the execution modes of the other functions;
 * NULL when out of memory.
 */
uint32_t *spirv_entry_keep_only(const uint32_t *words, size_t count, size_t entry_word,
				size_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_CC_SPIRV_ENTRY_H */
