/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Texel memory through the MMU (tex_memory.h). */

#include <string.h>

#include "tex_memory.h"

static int mmu_access(void *ctx, uint64_t va, void *buf, unsigned int len,
		      bool write, uint64_t *fault_va)
{
	return ember_mmu_copy(ctx, va, buf, len, write, fault_va);
}

static uint8_t *mmu_map_page(void *ctx, uint64_t va, bool write, int *fault)
{
	unsigned int access = write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ;
	uint64_t page = va & ~(uint64_t)(EMBER_PAGE_SIZE - 1), run, fault_va;
	uint8_t *host;

	*fault = ember_mmu_map_run(ctx, page, EMBER_PAGE_SIZE, access, &host, &run, &fault_va);
	return *fault ? NULL : host;
}

struct ember_tex_memory ember_tex_memory_mmu(const struct ember_mmu *mmu)
{
	return (struct ember_tex_memory) {
		.access = mmu_access, .map_page = mmu_map_page, .ctx = (void *)mmu,
	};
}
