// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/bug.h>
#include <linux/dma-mapping.h>
#include <linux/list.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include "ember_pt.h"

/**
 * DOC: Page tables
 *
 * The device walks four levels of tables of 512 64-bit entries each
 * (ember_packets.h, ember-hw.rst "GPU virtual memory"). Each table is one
 * 4 KiB page of coherent DMA memory: the device is another process reading
 * guest RAM by bus address, so the driver hands it bus addresses from the
 * DMA API and writes entries with single 64-bit stores it never has to
 * read back from the device.
 *
 * Beside each table the driver keeps a &struct ember_pt: its bus address,
 * the number of valid entries, and for a directory the child tables, so
 * that walking the tree never converts a bus address back into a pointer.
 *
 * Tables are created by maps, from tables reserved beforehand
 * (&struct ember_pt_reserve), and removed by unmaps as soon as they have no
 * valid entry left. A removed table is not freed at once: the device may
 * still hold a cached walk through it, so unmaps put it on a garbage list
 * that the caller frees with ember_pt_free_list() after invalidating the
 * TLB. The root table lives as long as its VM.
 *
 * Ordering: a new table is zero when it is linked into its parent and the
 * link is written after a dma_wmb(), so the device never walks into
 * garbage; callers issue a wmb() (ember_pt_map() ends with one) before they
 * tell the device about changed tables, through a TLB invalidation or a
 * job submission.
 *
 * Callers serialise all calls on one tree (&ember_vm.op_lock).
 */

/**
 * struct ember_pt - One page table and the driver's view of it.
 */
struct ember_pt {
	/** @entries: CPU address of the table. */
	__le64 *entries;

	/** @dma: Bus address of the table, what the parent entry points at. */
	dma_addr_t dma;

	/** @level: 0 for a leaf table, up to %EMBER_PT_ROOT_LEVEL. */
	unsigned int level;

	/** @used: Number of valid entries. */
	unsigned int used;

	/** @node: Link in a reserve or garbage list while not in a tree. */
	struct list_head node;

	/** @children: For a directory, the table behind each valid entry. */
	struct ember_pt *children[];
};

static struct ember_pt *ember_pt_alloc(struct device *dev, unsigned int level)
{
	unsigned int nchildren = level ? EMBER_PT_ENTRIES : 0;
	struct ember_pt *pt;

	pt = kzalloc(struct_size(pt, children, nchildren), GFP_KERNEL);
	if (!pt)
		return NULL;

	/* Coherent DMA memory comes zeroed: every entry invalid. */
	pt->entries = dma_alloc_coherent(dev, EMBER_PAGE_SIZE, &pt->dma,
					 GFP_KERNEL);
	if (!pt->entries) {
		kfree(pt);
		return NULL;
	}

	pt->level = level;
	INIT_LIST_HEAD(&pt->node);
	return pt;
}

static void ember_pt_free(struct device *dev, struct ember_pt *pt)
{
	dma_free_coherent(dev, EMBER_PAGE_SIZE, pt->entries, pt->dma);
	kfree(pt);
}

/**
 * ember_pt_alloc_root() - Allocate the empty root table of a VM.
 * @dev: The device that walks the tables.
 *
 * Return: The root, or NULL when out of memory.
 */
struct ember_pt *ember_pt_alloc_root(struct device *dev)
{
	return ember_pt_alloc(dev, EMBER_PT_ROOT_LEVEL);
}

/**
 * ember_pt_free_root() - Free a root table.
 * @dev: The device.
 * @root: The root, whose VM has no mapping left (so no child table).
 */
void ember_pt_free_root(struct device *dev, struct ember_pt *root)
{
	WARN_ON(root->used);
	ember_pt_free(dev, root);
}

/**
 * ember_pt_bus_addr() - The bus address the device knows a table by.
 * @pt: The table.
 *
 * Return: The table's bus address (4 KiB aligned).
 */
u64 ember_pt_bus_addr(const struct ember_pt *pt)
{
	return pt->dma;
}

/**
 * ember_pt_reserve_init() - Initialise an empty reserve.
 * @rsv: The reserve.
 */
void ember_pt_reserve_init(struct ember_pt_reserve *rsv)
{
	unsigned int level;

	for (level = 0; level < EMBER_PT_ROOT_LEVEL; level++)
		INIT_LIST_HEAD(&rsv->tables[level]);
}

/**
 * ember_pt_reserve() - Allocate every table a map of a range could need.
 * @dev: The device.
 * @rsv: An initialised reserve.
 * @va: Start of the range.
 * @size: Size of the range, non-zero.
 *
 * Over-provisions (tables that already exist are reserved again): what is
 * not used goes back with ember_pt_reserve_release().
 *
 * Return: 0, or -ENOMEM (the tables allocated so far stay in @rsv).
 */
int ember_pt_reserve(struct device *dev, struct ember_pt_reserve *rsv,
		     u64 va, u64 size)
{
	unsigned int level;
	u64 i, count;

	for (level = 0; level < EMBER_PT_ROOT_LEVEL; level++) {
		count = ember_pt_tables_spanned(va, size, level);
		for (i = 0; i < count; i++) {
			struct ember_pt *pt = ember_pt_alloc(dev, level);

			if (!pt)
				return -ENOMEM;
			list_add(&pt->node, &rsv->tables[level]);
		}
	}
	return 0;
}

/**
 * ember_pt_free_list() - Free tables that are in no tree.
 * @dev: The device.
 * @tables: A list of tables linked through &ember_pt.node; left empty.
 */
void ember_pt_free_list(struct device *dev, struct list_head *tables)
{
	struct ember_pt *pt, *tmp;

	list_for_each_entry_safe(pt, tmp, tables, node) {
		list_del(&pt->node);
		ember_pt_free(dev, pt);
	}
}

/**
 * ember_pt_reserve_splice() - Move every table of a reserve to another.
 * @from: The reserve to empty.
 * @to: The reserve to add the tables to.
 */
void ember_pt_reserve_splice(struct ember_pt_reserve *from,
			     struct ember_pt_reserve *to)
{
	unsigned int level;

	for (level = 0; level < EMBER_PT_ROOT_LEVEL; level++)
		list_splice_init(&from->tables[level], &to->tables[level]);
}

/**
 * ember_pt_reserve_release() - Free the unused tables of a reserve.
 * @dev: The device.
 * @rsv: The reserve; left empty.
 */
void ember_pt_reserve_release(struct device *dev, struct ember_pt_reserve *rsv)
{
	unsigned int level;

	for (level = 0; level < EMBER_PT_ROOT_LEVEL; level++)
		ember_pt_free_list(dev, &rsv->tables[level]);
}

static void ember_pt_set_entry(struct ember_pt *pt, unsigned int index, u64 entry)
{
	WRITE_ONCE(pt->entries[index], cpu_to_le64(entry));
}

/*
 * The source of a map: the bus addresses of a BO's pages, walked in order
 * through its scatter-gather table.
 */
struct ember_pt_map_src {
	struct scatterlist *sg;
	unsigned int sg_left;
	u64 sg_offset;
	u64 flags;
};

static u64 ember_pt_map_src_next(struct ember_pt_map_src *src)
{
	u64 addr = sg_dma_address(src->sg) + src->sg_offset;

	src->sg_offset += EMBER_PAGE_SIZE;
	if (src->sg_offset >= sg_dma_len(src->sg) && --src->sg_left) {
		src->sg = sg_next(src->sg);
		src->sg_offset = 0;
	}
	return addr;
}

static int ember_pt_map_range(struct ember_pt *pt, struct ember_pt_reserve *rsv,
			      u64 va, u64 end, struct ember_pt_map_src *src)
{
	u64 span = ember_pt_span(pt->level);

	while (va < end) {
		unsigned int index = EMBER_PT_INDEX(va, pt->level);
		u64 next = min(end, (va | (span - 1)) + 1);
		struct ember_pt *child;
		int ret;

		if (!pt->level) {
			if (WARN_ON(le64_to_cpu(pt->entries[index]) & EMBER_PTE_VALID))
				return -EEXIST;
			ember_pt_set_entry(pt, index,
					   ember_pte_encode(ember_pt_map_src_next(src),
							    src->flags));
			pt->used++;
			va = next;
			continue;
		}

		child = pt->children[index];
		if (!child) {
			child = list_first_entry_or_null(&rsv->tables[pt->level - 1],
							 struct ember_pt, node);
			/* ember_pt_reserve() provisioned for the whole range. */
			if (WARN_ON(!child))
				return -ENOMEM;
			list_del_init(&child->node);
			pt->children[index] = child;
			pt->used++;
			/* The device must see the zeroed table before the link. */
			dma_wmb();
			ember_pt_set_entry(pt, index,
					   ember_pte_encode(child->dma, EMBER_PTE_VALID));
		}

		ret = ember_pt_map_range(child, rsv, va, next, src);
		if (ret)
			return ret;
		va = next;
	}
	return 0;
}

/**
 * ember_pt_map() - Map pages of a BO at a VA range.
 * @root: The root table.
 * @rsv: Tables reserved with ember_pt_reserve() for a range covering this
 * one.
 * @va: Start of the range, page aligned.
 * @size: Size of the range, page aligned, non-zero; the range has no valid
 * leaf entry.
 * @sgt: The BO's pages, DMA-mapped for the device.
 * @bo_offset: Offset in the BO of the first page to map, page aligned;
 * the BO holds @bo_offset + @size bytes.
 * @flags: The leaf bits, from ember_pte_flags().
 *
 * Allocates nothing. Ends with a wmb(): the entries are visible to the
 * device before anything the caller writes next.
 *
 * Return: 0; -EEXIST or -ENOMEM only on a driver bug (an entry already
 * valid, a reserve too small), with a warning.
 */
int ember_pt_map(struct ember_pt *root, struct ember_pt_reserve *rsv, u64 va,
		 u64 size, struct sg_table *sgt, u64 bo_offset, u64 flags)
{
	struct ember_pt_map_src src = {
		.sg = sgt->sgl,
		.sg_left = sgt->nents,
		.flags = flags,
	};
	int ret;

	/* Skip to the page at bo_offset. */
	while (src.sg_left && bo_offset >= sg_dma_len(src.sg)) {
		bo_offset -= sg_dma_len(src.sg);
		src.sg = sg_next(src.sg);
		src.sg_left--;
	}
	if (WARN_ON(!src.sg_left))
		return -EINVAL;
	src.sg_offset = bo_offset;

	ret = ember_pt_map_range(root, rsv, va, va + size, &src);
	/* The entries before whatever tells the device to look at them. */
	wmb();
	return ret;
}

static void ember_pt_unmap_range(struct ember_pt *pt, u64 va, u64 end,
				 struct list_head *garbage)
{
	u64 span = ember_pt_span(pt->level);

	while (va < end) {
		unsigned int index = EMBER_PT_INDEX(va, pt->level);
		u64 next = min(end, (va | (span - 1)) + 1);
		struct ember_pt *child;

		if (!pt->level) {
			if (le64_to_cpu(pt->entries[index]) & EMBER_PTE_VALID) {
				ember_pt_set_entry(pt, index, 0);
				pt->used--;
			}
			va = next;
			continue;
		}

		child = pt->children[index];
		if (child) {
			ember_pt_unmap_range(child, va, next, garbage);
			if (!child->used) {
				ember_pt_set_entry(pt, index, 0);
				pt->children[index] = NULL;
				pt->used--;
				list_add(&child->node, garbage);
			}
		}
		va = next;
	}
}

/**
 * ember_pt_unmap() - Clear the leaf entries of a VA range.
 * @root: The root table.
 * @va: Start of the range, page aligned.
 * @size: Size of the range, page aligned; unmapped parts are skipped.
 * @garbage: Where tables left empty go (the root never does); free them
 * with ember_pt_free_list() once the TLB is invalidated.
 *
 * Ends with a wmb(), so that a TLB invalidation that follows is ordered
 * after the cleared entries.
 */
void ember_pt_unmap(struct ember_pt *root, u64 va, u64 size,
		    struct list_head *garbage)
{
	ember_pt_unmap_range(root, va, va + size, garbage);
	/* The cleared entries before the TLB invalidation that follows. */
	wmb();
}

/**
 * ember_pt_lookup() - The leaf entry that translates a VA, for debugfs.
 * @root: The root table.
 * @va: The VA.
 *
 * Context: The caller serialises with maps and unmaps.
 *
 * Return: The entry as the device reads it, or 0 if a directory on the
 * way has no table.
 */
u64 ember_pt_lookup(const struct ember_pt *root, u64 va)
{
	const struct ember_pt *pt = root;

	while (pt->level) {
		pt = pt->children[EMBER_PT_INDEX(va, pt->level)];
		if (!pt)
			return 0;
	}
	return le64_to_cpu(pt->entries[EMBER_PT_INDEX(va, 0)]);
}

/**
 * ember_pt_count() - How many tables a tree has, for debugfs.
 * @pt: The tree's root.
 *
 * Context: The caller serialises with maps and unmaps.
 *
 * Return: The number of tables, @pt included.
 */
unsigned int ember_pt_count(const struct ember_pt *pt)
{
	unsigned int count = 1, index;

	for (index = 0; pt->level && index < EMBER_PT_ENTRIES; index++)
		if (pt->children[index])
			count += ember_pt_count(pt->children[index]);
	return count;
}
