// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/limits.h>

#include <drm/ember_drm.h>

#include "../ember_uobj.h"

/*
 * The versioning rules of uapi/drm/ember_drm.h, on the versioned structure
 * that has grown: DRM_EMBER_DEV_QUERY_GPU_INFO's.
 */
#define KOBJ_SIZE	sizeof(struct drm_ember_gpu_info)

static void ember_uobj_layout_is_64bit_sized(struct kunit *test)
{
	/* Sizes are multiples of 64 bits, so arrays of them need no pad. */
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_ember_dev_query) % 8, 0);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_ember_gpu_info) % 8, 0);
	KUNIT_EXPECT_EQ(test, EMBER_GPU_INFO_MIN_SIZE % 8, 0);
	/* uAPI 1.0's structure is the first version: fields only grow. */
	KUNIT_EXPECT_LE(test, EMBER_GPU_INFO_MIN_SIZE, KOBJ_SIZE);
	KUNIT_EXPECT_EQ(test, EMBER_GPU_INFO_MIN_SIZE, 40);
	/* uAPI 1.2's timestamp: its first version is the whole structure. */
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_ember_timestamp) % 8, 0);
	KUNIT_EXPECT_EQ(test, EMBER_TIMESTAMP_MIN_SIZE,
			sizeof(struct drm_ember_timestamp));
	KUNIT_EXPECT_EQ(test, EMBER_TIMESTAMP_MIN_SIZE, 40);
}

static void ember_uobj_size_below_first_version_is_rejected(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, ember_uobj_size_valid(0, EMBER_GPU_INFO_MIN_SIZE));
	KUNIT_EXPECT_FALSE(test, ember_uobj_size_valid(EMBER_GPU_INFO_MIN_SIZE - 1,
						       EMBER_GPU_INFO_MIN_SIZE));
	KUNIT_EXPECT_TRUE(test, ember_uobj_size_valid(EMBER_GPU_INFO_MIN_SIZE,
						      EMBER_GPU_INFO_MIN_SIZE));
	KUNIT_EXPECT_TRUE(test, ember_uobj_size_valid(U32_MAX, EMBER_GPU_INFO_MIN_SIZE));
}

static void ember_uobj_same_version_is_copied_whole(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_uobj_copy_size(KOBJ_SIZE, KOBJ_SIZE), KOBJ_SIZE);
	KUNIT_EXPECT_EQ(test, ember_uobj_zero_size(KOBJ_SIZE, KOBJ_SIZE), 0);
}

static void ember_uobj_older_user_gets_its_part(struct kunit *test)
{
	/* Userspace built against an older uAPI knows a prefix. */
	u32 usr_size = KOBJ_SIZE - 8;

	KUNIT_EXPECT_EQ(test, ember_uobj_copy_size(usr_size, KOBJ_SIZE), usr_size);
	KUNIT_EXPECT_EQ(test, ember_uobj_zero_size(usr_size, KOBJ_SIZE), 0);
}

static void ember_uobj_newer_user_gets_zeroed_tail(struct kunit *test)
{
	/* Userspace built against a newer uAPI: unknown fields read zero. */
	u32 usr_size = KOBJ_SIZE + 24;

	KUNIT_EXPECT_EQ(test, ember_uobj_copy_size(usr_size, KOBJ_SIZE), KOBJ_SIZE);
	KUNIT_EXPECT_EQ(test, ember_uobj_zero_size(usr_size, KOBJ_SIZE), 24);
}

static void ember_uobj_huge_user_size_does_not_overflow(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_uobj_copy_size(U32_MAX, KOBJ_SIZE), KOBJ_SIZE);
	KUNIT_EXPECT_EQ(test, ember_uobj_zero_size(U32_MAX, KOBJ_SIZE),
			(size_t)U32_MAX - KOBJ_SIZE);
}

static struct kunit_case ember_uobj_tests[] = {
	KUNIT_CASE(ember_uobj_layout_is_64bit_sized),
	KUNIT_CASE(ember_uobj_size_below_first_version_is_rejected),
	KUNIT_CASE(ember_uobj_same_version_is_copied_whole),
	KUNIT_CASE(ember_uobj_older_user_gets_its_part),
	KUNIT_CASE(ember_uobj_newer_user_gets_zeroed_tail),
	KUNIT_CASE(ember_uobj_huge_user_size_does_not_overflow),
	{}
};

static struct kunit_suite ember_uobj_test_suite = {
	.name = "ember_uobj",
	.test_cases = ember_uobj_tests,
};

kunit_test_suite(ember_uobj_test_suite);
