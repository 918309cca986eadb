/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The compiler tests' SPIR-V modules, read from the files glslang wrote. */

#ifndef EMBER_CC_TESTS_SPIRV_FILE_H
#define EMBER_CC_TESTS_SPIRV_FILE_H

#include <stddef.h>
#include <stdint.h>

/* The words of the file at @path (malloc'd) and their count, or NULL. */
uint32_t *spirv_file_read(const char *path, size_t *words);

#endif /* EMBER_CC_TESTS_SPIRV_FILE_H */
