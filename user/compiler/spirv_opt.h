/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V preparation (validation + SPIRV-Tools optimizer)
 *
 * The C side of spirv_opt.cpp: validate the module, freeze specialization
 * constants and run the SPIRV-Tools passes that leave a module in the shape
 * the front end expects (one function, SSA, no function-local aggregates).
 */

#ifndef EMBER_CC_SPIRV_OPT_H
#define EMBER_CC_SPIRV_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "ember_cc.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Returns 0 and a malloc'ed optimized module in @out/@out_words, or
 * -EINVAL with a malloc'ed message in @error.
 */
int ember_spirv_prepare(const uint32_t *words, size_t word_count,
			const struct ember_cc_options *opts,
			uint32_t **out, size_t *out_words, char **error);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_CC_SPIRV_OPT_H */
