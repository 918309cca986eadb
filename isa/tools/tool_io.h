/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: File I/O of the ISA tools
 *
 * Whole-file reads and writes for ember-as and ember-dis, with "-" or no
 * name meaning stdin/stdout; errors are printed with the file name.
 */

#ifndef EMBER_ISA_TOOL_IO_H
#define EMBER_ISA_TOOL_IO_H

#include <stdbool.h>
#include <stddef.h>

/* The contents (malloc'd; NUL-terminated if @text) or NULL. */
void *tool_read_all(const char *path, size_t *size, bool text);
/* 0 or -1. */
int tool_write_all(const char *path, const void *data, size_t size);

#endif /* EMBER_ISA_TOOL_IO_H */
