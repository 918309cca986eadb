// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/limits.h>

#include "../ember_gpu.h"

static void ember_mgmt_seq_next_wraps(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_gpu_mgmt_seq_next(0), 1);
	KUNIT_EXPECT_EQ(test, ember_gpu_mgmt_seq_next(U32_MAX - 1), U32_MAX);
	KUNIT_EXPECT_EQ(test, ember_gpu_mgmt_seq_next(U32_MAX), 0);
}

static void ember_mgmt_seq_only_own_ack_matches(struct kunit *test)
{
	u32 seq = 41;

	KUNIT_EXPECT_TRUE(test, ember_gpu_mgmt_seq_acked(seq, seq));
	/* The previous command's ACK is still in the register. */
	KUNIT_EXPECT_FALSE(test, ember_gpu_mgmt_seq_acked(seq - 1, seq));
	KUNIT_EXPECT_FALSE(test, ember_gpu_mgmt_seq_acked(seq + 1, seq));
}

static void ember_mgmt_seq_stale_ack_never_matches_across_wrap(struct kunit *test)
{
	/*
	 * A previous driver instance left SEQ == ACK == U32_MAX behind; the
	 * driver continues from it, and its first command wraps to 0.
	 */
	u32 stale = U32_MAX;
	u32 first = ember_gpu_mgmt_seq_next(stale);

	KUNIT_EXPECT_EQ(test, first, 0);
	KUNIT_EXPECT_FALSE(test, ember_gpu_mgmt_seq_acked(stale, first));
	KUNIT_EXPECT_TRUE(test, ember_gpu_mgmt_seq_acked(0, first));
	KUNIT_EXPECT_FALSE(test, ember_gpu_mgmt_seq_acked(first,
							  ember_gpu_mgmt_seq_next(first)));
}

static struct kunit_case ember_mgmt_seq_tests[] = {
	KUNIT_CASE(ember_mgmt_seq_next_wraps),
	KUNIT_CASE(ember_mgmt_seq_only_own_ack_matches),
	KUNIT_CASE(ember_mgmt_seq_stale_ack_never_matches_across_wrap),
	{}
};

static struct kunit_suite ember_mgmt_seq_test_suite = {
	.name = "ember_mgmt_seq",
	.test_cases = ember_mgmt_seq_tests,
};

kunit_test_suite(ember_mgmt_seq_test_suite);
