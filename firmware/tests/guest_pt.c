/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Page tables built by the tests' guests (see guest_pt.h).
 */

#include "guest_pt.h"

#include <endian.h>

static uint64_t *table_entry(uint8_t *ram, uint64_t table, uint64_t va,
			     int level)
{
	return (uint64_t *)(ram + table) + EMBER_PT_INDEX(va, level);
}

uint64_t *guest_pt_leaf(uint8_t *ram, uint64_t root, uint64_t va,
			guest_pt_alloc_fn alloc, void *arg)
{
	uint64_t table = root;

	for (int level = EMBER_PT_LEVELS - 1; level > 0; level--) {
		uint64_t *e = table_entry(ram, table, va, level);

		if (!(le64toh(*e) & EMBER_PTE_VALID))
			*e = htole64(alloc(arg) | EMBER_PTE_VALID);
		table = le64toh(*e) & EMBER_PTE_ADDR_MASK;
	}
	return table_entry(ram, table, va, 0);
}

void guest_pt_map(uint8_t *ram, uint64_t root, uint64_t va, uint64_t gpa,
		  uint64_t size, uint64_t flags, guest_pt_alloc_fn alloc,
		  void *arg)
{
	for (uint64_t off = 0; off < size; off += EMBER_PAGE_SIZE)
		*guest_pt_leaf(ram, root, va + off, alloc, arg) =
			htole64((gpa + off) | flags);
}
