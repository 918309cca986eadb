/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_PT_H__
#define __EMBER_PT_H__

#include <linux/list.h>
#include <linux/types.h>

#include <drm/ember_drm.h>

#include "ember_packets.h"

struct device;
struct sg_table;

/* The root is the table of the highest level; leaves are level 0. */
#define EMBER_PT_ROOT_LEVEL	(EMBER_PT_LEVELS - 1)

/**
 * struct ember_pt_reserve - Page tables allocated ahead of a map.
 *
 * A map may run where it must not allocate (an asynchronous bind runs in
 * the fence-signalling path), so every table it could need is allocated
 * beforehand by ember_pt_reserve(); ember_pt_map() takes from here and
 * ember_pt_reserve_release() frees what was left.
 */
struct ember_pt_reserve {
	/**
	 * @tables: Unused tables of each non-root level (0 = leaf tables),
	 * linked through &ember_pt.node.
	 */
	struct list_head tables[EMBER_PT_ROOT_LEVEL];
};

/**
 * ember_pt_span() - The VA range one entry of a table of a level covers.
 * @level: The table's level, 0 (leaf) to %EMBER_PT_ROOT_LEVEL.
 *
 * Return: The size in bytes: 4 KiB for a leaf entry, 2 MiB, 1 GiB, 512 GiB
 * for directory entries.
 */
static inline u64 ember_pt_span(unsigned int level)
{
	return 1ULL << (EMBER_PAGE_SHIFT + EMBER_PT_LEVEL_BITS * level);
}

/**
 * ember_pt_tables_spanned() - How many tables of a level a VA range touches.
 * @va: Start of the range.
 * @size: Size of the range, non-zero.
 * @level: The level of the tables.
 *
 * A table of level L covers ember_pt_span(L + 1) bytes, aligned: the count
 * is the number of such aligned blocks the range overlaps. It is the most
 * tables of that level a map of the range can have to create.
 *
 * Return: The number of tables.
 */
static inline u64 ember_pt_tables_spanned(u64 va, u64 size, unsigned int level)
{
	unsigned int shift = EMBER_PAGE_SHIFT + EMBER_PT_LEVEL_BITS * (level + 1);

	return ((va + size - 1) >> shift) - (va >> shift) + 1;
}

/**
 * ember_pte_flags() - The leaf permission bits of a VM_BIND map.
 * @op_flags: The &drm_ember_vm_bind_op.flags of the map.
 *
 * Every mapping is readable; it is writable unless READONLY and
 * executable unless NOEXEC.
 *
 * Return: VALID, READ and the WRITE and EXEC bits as asked.
 */
static inline u64 ember_pte_flags(u32 op_flags)
{
	u64 flags = EMBER_PTE_VALID | EMBER_PTE_READ;

	if (!(op_flags & DRM_EMBER_VM_BIND_OP_MAP_READONLY))
		flags |= EMBER_PTE_WRITE;
	if (!(op_flags & DRM_EMBER_VM_BIND_OP_MAP_NOEXEC))
		flags |= EMBER_PTE_EXEC;
	return flags;
}

/**
 * ember_pte_encode() - Build a page-table entry.
 * @addr: Bus address of the page or next-level table, 4 KiB aligned and
 * below 2^52.
 * @flags: EMBER_PTE_* bits: VALID for a directory entry, the result of
 * ember_pte_flags() for a leaf.
 *
 * Return: The entry, in CPU byte order.
 */
static inline u64 ember_pte_encode(u64 addr, u64 flags)
{
	return (addr & EMBER_PTE_ADDR_MASK) | flags;
}

struct ember_pt *ember_pt_alloc_root(struct device *dev);
void ember_pt_free_root(struct device *dev, struct ember_pt *root);
u64 ember_pt_bus_addr(const struct ember_pt *pt);

void ember_pt_reserve_init(struct ember_pt_reserve *rsv);
int ember_pt_reserve(struct device *dev, struct ember_pt_reserve *rsv,
		     u64 va, u64 size);
void ember_pt_reserve_splice(struct ember_pt_reserve *from,
			     struct ember_pt_reserve *to);
void ember_pt_reserve_release(struct device *dev, struct ember_pt_reserve *rsv);

int ember_pt_map(struct ember_pt *root, struct ember_pt_reserve *rsv, u64 va,
		 u64 size, struct sg_table *sgt, u64 bo_offset, u64 flags);
void ember_pt_unmap(struct ember_pt *root, u64 va, u64 size,
		    struct list_head *garbage);
void ember_pt_free_list(struct device *dev, struct list_head *tables);

u64 ember_pt_lookup(const struct ember_pt *root, u64 va);
unsigned int ember_pt_count(const struct ember_pt *pt);

#endif /* __EMBER_PT_H__ */
