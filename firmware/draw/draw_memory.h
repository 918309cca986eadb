/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: How the draw front end reads GPU memory, and how it faults
 *
 * Everything a draw reads (state blocks, indirect arguments, indices,
 * vertex attributes) goes through one small interface: read bytes at a
 * GPU VA with READ access, or say which fault stopped the read and at
 * which address. The device backs it with the context's MMU
 * (ember_draw_mem_mmu(), draw_mmu.c); host tests back it with plain
 * buffers and holes, so every fault path is tested without a guest.
 *
 * A fault is what a fault record will say: its kind (EMBER_FAULT_*), its
 * VA and its detail. Translation and permission faults carry the
 * faulting byte's address and EMBER_ACCESS_READ; BAD_STATE the address of
 * the dword holding the bad field and EMBER_BAD_STATE_DETAIL(block,
 * dword); BAD_PACKET the packet's own VA and header, which only the
 * caller knows (va and detail are left 0 for it to fill).
 */

#ifndef EMBER_DRAW_MEMORY_H
#define EMBER_DRAW_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_gfx_hw.h"
#include "ember_packets.h"

struct ember_draw_fault {
	uint32_t kind;		/* EMBER_FAULT_*, 0: none */
	uint64_t va;
	uint32_t detail;
};

struct ember_draw_mem {
	/*
	 * Copy @size bytes at @va to @dst: 0, or the fault kind with the
	 * first byte that could not be read in *@fault_va. @va + @size never
	 * wraps (the callers check).
	 */
	int (*read)(void *ctx, uint64_t va, void *dst, uint64_t size,
		    uint64_t *fault_va);
	void *ctx;
};

/* Read through @mem; on a fault fill @fault (READ access) and return it. */
static inline int ember_draw_read(const struct ember_draw_mem *mem, uint64_t va,
				  void *dst, uint64_t size,
				  struct ember_draw_fault *fault)
{
	uint64_t fault_va = va;
	int kind;

	if (va + size < va) {
		/* Past the top of the address space: no mapping there. */
		fault->kind = EMBER_FAULT_TRANSLATION;
		fault->va = va;
		fault->detail = EMBER_ACCESS_READ;
		return EMBER_FAULT_TRANSLATION;
	}
	kind = mem->read(mem->ctx, va, dst, size, &fault_va);
	if (kind) {
		fault->kind = (uint32_t)kind;
		fault->va = fault_va;
		fault->detail = EMBER_ACCESS_READ;
	}
	return kind;
}

/* A bad field at dword @dword of block @block, which starts at @block_va. */
static inline int ember_draw_bad_state(struct ember_draw_fault *fault,
				       unsigned int block, uint64_t block_va,
				       uint32_t dword)
{
	fault->kind = EMBER_FAULT_BAD_STATE;
	fault->va = block_va + 4ull * dword;
	fault->detail = EMBER_BAD_STATE_DETAIL(block, dword);
	return EMBER_FAULT_BAD_STATE;
}

/* A bad packet: the caller reports its VA and header. */
static inline int ember_draw_bad_packet(struct ember_draw_fault *fault)
{
	fault->kind = EMBER_FAULT_BAD_PACKET;
	fault->va = 0;
	fault->detail = 0;
	return EMBER_FAULT_BAD_PACKET;
}

struct ember_mmu;

/* @mem reading through @mmu (the device's path). */
void ember_draw_mem_mmu(struct ember_draw_mem *mem, const struct ember_mmu *mmu);

#endif /* EMBER_DRAW_MEMORY_H */
