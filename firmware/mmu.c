/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Page-table walk, TLB and host mapping of GPU virtual addresses (see
 * mmu.h).
 */

#include "mmu.h"

#include <endian.h>
#include <string.h>

#define VA_LIMIT		(1ULL << EMBER_VA_BITS)
#define PAGE_MASK		(EMBER_PAGE_SIZE - 1)
/* Bits a directory or leaf entry may have set besides the address. */
#define PTE_KNOWN_BITS		(EMBER_PTE_VALID | EMBER_PTE_READ | \
				 EMBER_PTE_WRITE | EMBER_PTE_EXEC | \
				 EMBER_PTE_ADDR_MASK)

void ember_tlb_flush(struct ember_tlb *tlb)
{
	memset(tlb, 0, sizeof(*tlb));
}

static uint64_t read_entry(const uint64_t *table, unsigned int index)
{
	/* The guest may be rewriting it: one untorn load. */
	return le64toh(__atomic_load_n(&table[index], __ATOMIC_RELAXED));
}

static const uint64_t *map_table(const struct ember_mmu *mmu, uint64_t gpa)
{
	return ember_guest_ram_translate(mmu->ram, gpa, EMBER_PAGE_SIZE);
}

/* Walk the tables for @va: 0 and the leaf entry, or a fault kind. */
static int walk(const struct ember_mmu *mmu, uint64_t va, uint64_t *leaf)
{
	uint64_t walk_tag = (va >> (EMBER_PAGE_SHIFT + EMBER_PT_LEVEL_BITS)) + 1;
	uint64_t table_gpa = mmu->root;
	const uint64_t *table;
	uint64_t entry;

	if (mmu->tlb->walk_tag == walk_tag) {
		table = mmu->tlb->walk_leaf_host;
	} else {
		if (!table_gpa || (table_gpa & PAGE_MASK))
			return EMBER_FAULT_TRANSLATION;
		for (int level = EMBER_PT_LEVELS - 1; level > 0; level--) {
			table = map_table(mmu, table_gpa);
			if (!table)
				return EMBER_FAULT_TRANSLATION;
			entry = read_entry(table, EMBER_PT_INDEX(va, level));
			if (!(entry & EMBER_PTE_VALID) || (entry & ~PTE_KNOWN_BITS))
				return EMBER_FAULT_TRANSLATION;
			table_gpa = entry & EMBER_PTE_ADDR_MASK;
		}
		table = map_table(mmu, table_gpa);
		if (!table)
			return EMBER_FAULT_TRANSLATION;
		mmu->tlb->walk_tag = walk_tag;
		mmu->tlb->walk_leaf = table_gpa;
		mmu->tlb->walk_leaf_host = table;
	}

	entry = read_entry(table, EMBER_PT_INDEX(va, 0));
	if (!(entry & EMBER_PTE_VALID) || (entry & ~PTE_KNOWN_BITS))
		return EMBER_FAULT_TRANSLATION;
	*leaf = entry;
	return 0;
}

/* Folds the upper VA bits in, so buffers 2^n pages apart do not collide. */
static unsigned int tlb_index(uint64_t vpn)
{
	return (unsigned int)((vpn ^ vpn >> 8 ^ vpn >> 16 ^ vpn >> 24 ^ vpn >> 32) %
			      EMBER_TLB_ENTRIES);
}

static int lookup(const struct ember_mmu *mmu, uint64_t va, uint64_t *pte)
{
	uint64_t vpn = va >> EMBER_PAGE_SHIFT;
	struct ember_tlb_entry *e = &mmu->tlb->entries[tlb_index(vpn)];
	int fault;

	if (e->tag == vpn + 1) {
		*pte = e->pte;
		return 0;
	}
	fault = walk(mmu, va, pte);
	if (fault)
		return fault;
	*e = (struct ember_tlb_entry) { .tag = vpn + 1, .pte = *pte };
	return 0;
}

static unsigned int pte_access(uint64_t pte)
{
	return (pte & EMBER_PTE_READ ? EMBER_ACCESS_READ : 0) |
	       (pte & EMBER_PTE_WRITE ? EMBER_ACCESS_WRITE : 0) |
	       (pte & EMBER_PTE_EXEC ? EMBER_ACCESS_EXEC : 0);
}

int ember_mmu_translate(const struct ember_mmu *mmu, uint64_t va,
			unsigned int access, uint64_t *gpa)
{
	uint64_t pte;
	int fault;

	if (va >= VA_LIMIT)
		return EMBER_FAULT_TRANSLATION;
	fault = lookup(mmu, va, &pte);
	if (fault)
		return fault;
	if ((pte_access(pte) & access) != access)
		return EMBER_FAULT_PERMISSION;
	*gpa = (pte & EMBER_PTE_ADDR_MASK) | (va & PAGE_MASK);
	return 0;
}

/*
 * The page after a mapped one, straight from the cached leaf table when it
 * is in the same one: streaming copies cost one entry read per page. A
 * fresh read of the table is what a TLB miss does anyway.
 */
static uint8_t *next_page_fast(const struct ember_mmu *mmu, uint64_t va,
			       unsigned int access)
{
	uint64_t walk_tag = (va >> (EMBER_PAGE_SHIFT + EMBER_PT_LEVEL_BITS)) + 1;
	uint64_t entry;

	if (va >= VA_LIMIT || mmu->tlb->walk_tag != walk_tag)
		return NULL;
	entry = read_entry(mmu->tlb->walk_leaf_host, EMBER_PT_INDEX(va, 0));
	if (!(entry & EMBER_PTE_VALID) || (entry & ~PTE_KNOWN_BITS) ||
	    (pte_access(entry) & access) != access)
		return NULL;
	return ember_guest_ram_translate(mmu->ram, entry & EMBER_PTE_ADDR_MASK,
					 EMBER_PAGE_SIZE);
}

/* The host address of the rest of @va's page, or a fault kind. */
static int map_page(const struct ember_mmu *mmu, uint64_t va,
		    unsigned int access, uint8_t **host, uint64_t *len)
{
	uint64_t gpa;
	int fault = ember_mmu_translate(mmu, va, access, &gpa);

	if (fault)
		return fault;
	*len = EMBER_PAGE_SIZE - (va & PAGE_MASK);
	*host = ember_guest_ram_translate(mmu->ram, gpa, *len);
	/* A page table pointing outside guest RAM: nothing is mapped there. */
	return *host ? 0 : EMBER_FAULT_TRANSLATION;
}

int ember_mmu_map_run(const struct ember_mmu *mmu, uint64_t va, uint64_t len,
		      unsigned int access, uint8_t **host, uint64_t *run,
		      uint64_t *fault_va)
{
	uint64_t total, page_len;
	uint8_t *page;
	int fault;

	fault = map_page(mmu, va, access, host, &page_len);
	if (fault) {
		*fault_va = va;
		return fault;
	}
	total = page_len;
	/* Extend while the next page follows in host memory. */
	while (total < len) {
		page = next_page_fast(mmu, va + total, access);
		page_len = EMBER_PAGE_SIZE;
		if (!page && map_page(mmu, va + total, access, &page, &page_len))
			break;
		if (page != *host + total)
			break;
		total += page_len;
	}
	*run = total < len ? total : len;
	return 0;
}

int ember_mmu_copy(const struct ember_mmu *mmu, uint64_t va, void *buf, uint64_t len,
		   bool write, uint64_t *fault_va)
{
	unsigned int access = write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ;
	uint8_t *bytes = buf;

	while (len) {
		uint8_t *host;
		uint64_t run;
		int fault = ember_mmu_map_run(mmu, va, len, access, &host, &run, fault_va);

		if (fault)
			return fault;
		if (write)
			memcpy(host, bytes, run);
		else
			memcpy(bytes, host, run);
		va += run;
		bytes += run;
		len -= run;
	}
	return 0;
}
