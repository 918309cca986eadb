/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Guest memory for the texture unit's MMU tests and fuzzer
 *
 * A small guest RAM in a host buffer, a context's page tables in it
 * (guest_pt.c) and the device's MMU over them: the texture unit reaches
 * texels through ember_tex_memory_mmu() exactly as on the device, so an
 * unmapped or read-only page is a real MMU fault.
 */

#ifndef EMBER_FW_TEST_TEX_TEST_GUEST_H
#define EMBER_FW_TEST_TEX_TEST_GUEST_H

#include "mmu.h"
#include "texture/tex_memory.h"

struct tex_guest {
	uint8_t *ram;
	uint64_t size;
	uint64_t next_gpa;
	struct ember_guest_ram gram;
	struct ember_tlb tlb;
	struct ember_mmu mmu;
	struct ember_tex_memory mem;
};

void tex_guest_init(struct tex_guest *g, uint64_t size);
void tex_guest_fini(struct tex_guest *g);
/* A zeroed guest page: its GPA (aborts when RAM runs out). */
uint64_t tex_guest_page(struct tex_guest *g);
/* Map the page at @va to @gpa with EMBER_PTE_* @flags (0: unmap). */
void tex_guest_map(struct tex_guest *g, uint64_t va, uint64_t gpa, uint64_t flags);
uint8_t *tex_guest_host(struct tex_guest *g, uint64_t gpa);

#endif /* EMBER_FW_TEST_TEX_TEST_GUEST_H */
