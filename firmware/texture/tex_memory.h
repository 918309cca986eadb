/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texel memory through the MMU
 *
 * The device's struct ember_tex_memory: texel bytes are copied through
 * the context's MMU (mmu.h), a host-contiguous run at a time, so a texel
 * that straddles two pages (3- and 6-byte texels, odd pitches) is read
 * from both, and an unmapped or forbidden page is the translation or
 * permission fault of the MMU, reported with the faulting address. Texels
 * inside one page are reached through map_page: one TLB lookup per page
 * and operation. The shader core, once wired to the unit, can pass its
 * per-dispatch page cache (exec_memory.c) the same way.
 */

#ifndef EMBER_FW_TEX_MEMORY_H
#define EMBER_FW_TEX_MEMORY_H

#include "mmu.h"
#include "tex_image.h"

/* Texel memory of @mmu's context; @mmu must outlive the result's use. */
struct ember_tex_memory ember_tex_memory_mmu(const struct ember_mmu *mmu);

#endif /* EMBER_FW_TEX_MEMORY_H */
