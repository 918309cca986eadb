/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The draw front end's memory through a context's MMU (draw_memory.h):
 * reads in host-contiguous runs, each translated with READ access, so a
 * read that crosses into an unmapped page faults at that page's first
 * byte, after copying what came before.
 */

#include "draw_memory.h"
#include "mmu.h"

static int mmu_read(void *ctx, uint64_t va, void *dst, uint64_t size,
		    uint64_t *fault_va)
{
	return ember_mmu_copy(ctx, va, dst, size, false, fault_va);
}

void ember_draw_mem_mmu(struct ember_draw_mem *mem, const struct ember_mmu *mmu)
{
	mem->read = mmu_read;
	mem->ctx = (void *)mmu;
}
