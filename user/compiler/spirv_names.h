/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: SPIR-V names for messages
 *
 * Implemented by spirv_names.c, generated at build time from the SPIR-V
 * grammar (gen_spirv_names.py). Each returns NULL for an unknown value.
 */

#ifndef EMBER_CC_SPIRV_NAMES_H
#define EMBER_CC_SPIRV_NAMES_H

#include <stdint.h>

const char *spirv_opcode_name(uint32_t value);
const char *spirv_capability_name(uint32_t value);
const char *spirv_builtin_name(uint32_t value);
const char *spirv_storage_class_name(uint32_t value);
const char *spirv_execution_model_name(uint32_t value);
const char *spirv_glsl_name(uint32_t value);

#endif /* EMBER_CC_SPIRV_NAMES_H */
