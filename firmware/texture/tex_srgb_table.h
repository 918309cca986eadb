/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_FW_TEX_SRGB_TABLE_H
#define EMBER_FW_TEX_SRGB_TABLE_H

/* The linear value of each 8-bit sRGB code, correctly rounded. */
extern const float ember_tex_srgb8_table[256];

#endif /* EMBER_FW_TEX_SRGB_TABLE_H */
