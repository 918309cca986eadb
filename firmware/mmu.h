/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: MMU and TLB
 *
 * Translates GPU virtual addresses of one context to guest-physical ones by
 * walking the context's page tables in guest RAM (ember_packets.h: four
 * levels of 512 entries, 4 KiB pages, 48-bit VA), and caches the last-level
 * entries in the context's TLB.
 *
 * The TLB is real: once an entry is cached (a leaf entry, or the
 * directory walk down to a leaf table), changing the page tables in guest
 * memory has no effect on it until the driver invalidates the context's TLB (a TLB_INVALIDATE kernel packet or mailbox command, or a
 * reset). Drivers that forget get the stale mapping, as on hardware.
 *
 * Every guest value is checked: the walk has a fixed depth (no loops),
 * every table address must be 4 KiB of guest RAM, reserved bits fault, and
 * a leaf must point at guest RAM. Faults are returned as EMBER_FAULT_*
 * kinds; nothing here touches memory outside the guest RAM mapping.
 */

#ifndef EMBER_FW_MMU_H
#define EMBER_FW_MMU_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_packets.h"
#include "guest_ram.h"

#define EMBER_TLB_ENTRIES	256

struct ember_tlb_entry {
	/** @tag: virtual page number + 1; 0 marks an empty entry. */
	uint64_t tag;
	/** @pte: the cached last-level entry. */
	uint64_t pte;
};

/*
 * Direct mapped, indexed by a fold of the virtual page number; plus a
 * one-entry walk cache (the leaf table of the last 2 MiB region walked), so
 * that streaming through memory costs one table read per page, not four.
 */
struct ember_tlb {
	struct ember_tlb_entry entries[EMBER_TLB_ENTRIES];
	/** @walk_tag: (VA >> 21) + 1 of the cached leaf table; 0: none. */
	uint64_t walk_tag;
	/** @walk_leaf: guest-physical address of that leaf table. */
	uint64_t walk_leaf;
	/** @walk_leaf_host: where that table is mapped. */
	const uint64_t *walk_leaf_host;
};

/* One context's view of memory for the duration of a job. */
struct ember_mmu {
	const struct ember_guest_ram *ram;
	struct ember_tlb *tlb;
	/** @root: guest-physical address of the level-4 table; 0: none. */
	uint64_t root;
};

void ember_tlb_flush(struct ember_tlb *tlb);

/*
 * Translate @va for @access (EMBER_ACCESS_*): 0 and *gpa, or the fault
 * kind (EMBER_FAULT_TRANSLATION or EMBER_FAULT_PERMISSION).
 */
int ember_mmu_translate(const struct ember_mmu *mmu, uint64_t va,
			unsigned int access, uint64_t *gpa);

/*
 * Map the longest host-contiguous run at the start of [@va, @va + @len):
 * 0 with *host and *run (1..@len bytes), or the fault kind, with the
 * faulting address in *fault_va.
 */
int ember_mmu_map_run(const struct ember_mmu *mmu, uint64_t va, uint64_t len,
		      unsigned int access, uint8_t **host, uint64_t *run,
		      uint64_t *fault_va);

/*
 * Copy @len bytes between GPU VA @va and @buf (into guest memory when
 * @write), a host-contiguous run at a time: 0, or the fault kind with the
 * first byte that faulted in *@fault_va (the runs before it are copied).
 */
int ember_mmu_copy(const struct ember_mmu *mmu, uint64_t va, void *buf, uint64_t len,
		   bool write, uint64_t *fault_va);

#endif /* EMBER_FW_MMU_H */
