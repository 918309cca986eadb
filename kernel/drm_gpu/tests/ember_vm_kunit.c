// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/sizes.h>

#include <drm/ember_drm.h>

#include "../ember_pt.h"
#include "../ember_vm_bind.h"

/*
 * The pure parts of GPU virtual memory: page-table geometry, entry
 * encoding, and the checks VM_BIND applies to every operation.
 */

static void ember_pt_span_matches_contract(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_pt_span(0), SZ_4K);
	KUNIT_EXPECT_EQ(test, ember_pt_span(1), SZ_2M);
	KUNIT_EXPECT_EQ(test, ember_pt_span(2), SZ_1G);
	KUNIT_EXPECT_EQ(test, ember_pt_span(EMBER_PT_ROOT_LEVEL), 512ULL << 30);
	/* The root covers exactly the VA width. */
	KUNIT_EXPECT_EQ(test, ember_pt_span(EMBER_PT_ROOT_LEVEL) * EMBER_PT_ENTRIES,
			1ULL << EMBER_VA_BITS);
}

static void ember_pt_tables_spanned_counts_boundaries(struct kunit *test)
{
	/* One page: one table per level. */
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_1M, SZ_4K, 0), 1);
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_1M, SZ_4K, 2), 1);
	/* Exactly one leaf table's range, aligned: one; shifted by a page: two. */
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_2M, SZ_2M, 0), 1);
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_2M + SZ_4K, SZ_2M, 0), 2);
	/* Two pages straddling a 512 GiB boundary touch two of everything. */
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned((1ULL << 39) - SZ_4K, SZ_8K, 0), 2);
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned((1ULL << 39) - SZ_4K, SZ_8K, 1), 2);
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned((1ULL << 39) - SZ_4K, SZ_8K, 2), 2);
	/* 1 GiB aligned: 512 leaf tables, one level-1 table. */
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_1G, SZ_1G, 0), 512);
	KUNIT_EXPECT_EQ(test, ember_pt_tables_spanned(SZ_1G, SZ_1G, 1), 1);
}

static void ember_pte_encodes_address_and_bits(struct kunit *test)
{
	u64 pte = ember_pte_encode(0x12345678000ULL, ember_pte_flags(0));

	KUNIT_EXPECT_EQ(test, pte & EMBER_PTE_ADDR_MASK, 0x12345678000ULL);
	KUNIT_EXPECT_EQ(test, pte & ~EMBER_PTE_ADDR_MASK,
			EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE |
			EMBER_PTE_EXEC);
	/* Bits outside 12..51 of an address never leak into the entry. */
	pte = ember_pte_encode(0xfff0000000001fffULL, EMBER_PTE_VALID);
	KUNIT_EXPECT_EQ(test, pte, 0x0000000000001000ULL | EMBER_PTE_VALID);
	KUNIT_EXPECT_FALSE(test, pte & EMBER_PTE_LARGE);
}

static void ember_pte_flags_follow_bind_flags(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_pte_flags(DRM_EMBER_VM_BIND_OP_MAP_READONLY),
			EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_EXEC);
	KUNIT_EXPECT_EQ(test, ember_pte_flags(DRM_EMBER_VM_BIND_OP_MAP_NOEXEC),
			EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE);
	KUNIT_EXPECT_EQ(test, ember_pte_flags(DRM_EMBER_VM_BIND_OP_MAP_READONLY |
					      DRM_EMBER_VM_BIND_OP_MAP_NOEXEC),
			EMBER_PTE_VALID | EMBER_PTE_READ);
}

static void ember_vm_bind_range_checks(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START, SZ_4K));
	KUNIT_EXPECT_TRUE(test, ember_vm_bind_range_valid(EMBER_VA_USER_END - SZ_4K,
							  SZ_4K));
	KUNIT_EXPECT_TRUE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START,
							  EMBER_VA_USER_END -
							  EMBER_VA_USER_START));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START, 0));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START - SZ_4K,
							   SZ_4K));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_END, SZ_4K));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START + 1,
							   SZ_4K));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START, 100));
	/* A size that would wrap around the end of the address space. */
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_range_valid(EMBER_VA_USER_START,
							   0ULL - SZ_4K));
}

static void ember_vm_bind_op_checks(struct kunit *test)
{
	struct drm_ember_vm_bind_op map = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP |
			 DRM_EMBER_VM_BIND_OP_MAP_READONLY,
		.bo_handle = 1, .bo_offset = SZ_4K, .va = SZ_2M, .size = SZ_8K,
	};
	struct drm_ember_vm_bind_op unmap = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP, .va = SZ_2M, .size = SZ_8K,
	};
	struct drm_ember_vm_bind_op op;

	KUNIT_EXPECT_TRUE(test, ember_vm_bind_op_valid(&map));
	KUNIT_EXPECT_TRUE(test, ember_vm_bind_op_valid(&unmap));

	op = map;
	op.bo_offset = 100;
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_op_valid(&op));
	op = map;
	op.flags |= BIT(7);
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_op_valid(&op));
	op = map;
	op.flags = 2u << 28;
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_op_valid(&op));
	op = unmap;
	op.bo_handle = 1;
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_op_valid(&op));
	op = unmap;
	op.flags |= DRM_EMBER_VM_BIND_OP_MAP_NOEXEC;
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_op_valid(&op));

	KUNIT_EXPECT_TRUE(test, ember_vm_bind_bo_range_valid(&map, SZ_4K + SZ_8K));
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_bo_range_valid(&map, SZ_8K));
	op = map;
	op.bo_offset = 0ULL - SZ_4K;
	KUNIT_EXPECT_FALSE(test, ember_vm_bind_bo_range_valid(&op, SZ_1G));
}

static struct kunit_case ember_vm_tests[] = {
	KUNIT_CASE(ember_pt_span_matches_contract),
	KUNIT_CASE(ember_pt_tables_spanned_counts_boundaries),
	KUNIT_CASE(ember_pte_encodes_address_and_bits),
	KUNIT_CASE(ember_pte_flags_follow_bind_flags),
	KUNIT_CASE(ember_vm_bind_range_checks),
	KUNIT_CASE(ember_vm_bind_op_checks),
	{}
};

static struct kunit_suite ember_vm_test_suite = {
	.name = "ember_vm",
	.test_cases = ember_vm_tests,
};

kunit_test_suite(ember_vm_test_suite);
