/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Guest memory behind the real MMU for texture tests (tex_test_guest.h). */

#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "guest_pt.h"
#include "tex_test_guest.h"

static uint64_t alloc_table(void *arg)
{
	return tex_guest_page(arg);
}

void tex_guest_init(struct tex_guest *g, uint64_t size)
{
	memset(g, 0, sizeof(*g));
	g->ram = aligned_alloc(EMBER_PAGE_SIZE, size);
	if (!g->ram)
		abort();
	memset(g->ram, 0, size);
	g->size = size;
	g->next_gpa = EMBER_PAGE_SIZE;		/* GPA 0 stays unused */
	ember_guest_ram_set_layout(&g->gram, g->ram, size);
	ember_tlb_flush(&g->tlb);
	g->mmu = (struct ember_mmu) { .ram = &g->gram, .tlb = &g->tlb };
	g->mmu.root = tex_guest_page(g);
	g->mem = ember_tex_memory_mmu(&g->mmu);
}

void tex_guest_fini(struct tex_guest *g)
{
	free(g->ram);
}

uint64_t tex_guest_page(struct tex_guest *g)
{
	uint64_t gpa = g->next_gpa;

	if (gpa + EMBER_PAGE_SIZE > g->size)
		abort();
	g->next_gpa += EMBER_PAGE_SIZE;
	memset(g->ram + gpa, 0, EMBER_PAGE_SIZE);
	return gpa;
}

void tex_guest_map(struct tex_guest *g, uint64_t va, uint64_t gpa, uint64_t flags)
{
	uint64_t *pte = guest_pt_leaf(g->ram, g->mmu.root, va, alloc_table, g);

	*pte = flags ? htole64((gpa & EMBER_PTE_ADDR_MASK) | flags) : 0;
	ember_tlb_flush(&g->tlb);
}

uint8_t *tex_guest_host(struct tex_guest *g, uint64_t gpa)
{
	return g->ram + gpa;
}
