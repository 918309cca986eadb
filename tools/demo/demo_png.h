/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_DEMO_PNG_H
#define EMBER_DEMO_PNG_H

#include <stdint.h>

/* Writes @w x @h RGBA8 pixels (rows top to bottom) to @path; 0 or -1. */
int demo_write_png(const char *path, const uint32_t *rgba, uint32_t w, uint32_t h);

#endif /* EMBER_DEMO_PNG_H */
