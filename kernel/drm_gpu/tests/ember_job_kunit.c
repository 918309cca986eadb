// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/bits.h>
#include <linux/dma-fence.h>
#include <linux/dma-resv.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "../ember_job.h"

/*
 * Implicit and explicit sync (DOC: Job submission): which fences of a
 * BO's reservation object a job waits for, and who sees the fence a job
 * adds. A real dma_resv holds one pending fence of each usage; the fences
 * a job waits for are looked up the way drm_sched_job_add_resv_dependencies()
 * does, those an implicit-sync user waits for the way
 * DMA_BUF_IOCTL_EXPORT_SYNC_FILE does.
 */

#define EMBER_JOB_TEST_USAGES	(DMA_RESV_USAGE_BOOKKEEP + 1)

/**
 * struct ember_job_test_resv - A reservation object with one fence per usage.
 */
struct ember_job_test_resv {
	/** @resv: The reservation object. */
	struct dma_resv resv;

	/** @lock: The fences' lock. */
	spinlock_t lock;

	/** @fences: Pending fences, indexed by the usage they were added with. */
	struct dma_fence *fences[EMBER_JOB_TEST_USAGES];
};

static const char *ember_job_test_fence_name(struct dma_fence *fence)
{
	return "ember_job_kunit";
}

static const struct dma_fence_ops ember_job_test_fence_ops = {
	.get_driver_name = ember_job_test_fence_name,
	.get_timeline_name = ember_job_test_fence_name,
};

static int ember_job_test_init(struct kunit *test)
{
	struct ember_job_test_resv *t;
	u64 context;
	int usage;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	dma_resv_init(&t->resv);
	spin_lock_init(&t->lock);
	test->priv = t;

	/* One context per fence: dma_resv replaces a fence of the same context. */
	context = dma_fence_context_alloc(EMBER_JOB_TEST_USAGES);
	for (usage = 0; usage < EMBER_JOB_TEST_USAGES; usage++) {
		t->fences[usage] = kzalloc(sizeof(*t->fences[usage]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, t->fences[usage]);
		dma_fence_init(t->fences[usage], &ember_job_test_fence_ops, &t->lock,
			       context + usage, 1);
	}

	KUNIT_ASSERT_EQ(test, dma_resv_lock(&t->resv, NULL), 0);
	KUNIT_ASSERT_EQ(test, dma_resv_reserve_fences(&t->resv, EMBER_JOB_TEST_USAGES), 0);
	for (usage = 0; usage < EMBER_JOB_TEST_USAGES; usage++)
		dma_resv_add_fence(&t->resv, t->fences[usage], usage);
	dma_resv_unlock(&t->resv);
	return 0;
}

static void ember_job_test_exit(struct kunit *test)
{
	struct ember_job_test_resv *t = test->priv;
	int usage;

	if (!t)
		return;
	for (usage = 0; usage < EMBER_JOB_TEST_USAGES; usage++) {
		if (t->fences[usage])
			dma_fence_signal(t->fences[usage]);
	}
	dma_resv_fini(&t->resv);
	for (usage = 0; usage < EMBER_JOB_TEST_USAGES; usage++)
		dma_fence_put(t->fences[usage]);
}

/* The usages (as a bit mask) of the fences a lookup with @usage returns. */
static unsigned long ember_job_test_seen(struct kunit *test, enum dma_resv_usage usage)
{
	struct ember_job_test_resv *t = test->priv;
	struct dma_resv_iter cursor;
	struct dma_fence *fence;
	unsigned long seen = 0;
	int i;

	dma_resv_lock(&t->resv, NULL);
	dma_resv_for_each_fence(&cursor, &t->resv, usage, fence) {
		for (i = 0; i < EMBER_JOB_TEST_USAGES; i++) {
			if (fence == t->fences[i])
				seen |= BIT(i);
		}
	}
	dma_resv_unlock(&t->resv);
	return seen;
}

static void ember_job_explicit_waits_only_for_kernel_fences(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_job_test_seen(test, ember_job_resv_wait_usage(false, true)),
			BIT(DMA_RESV_USAGE_KERNEL));
	KUNIT_EXPECT_EQ(test, ember_job_test_seen(test, ember_job_resv_wait_usage(false, false)),
			BIT(DMA_RESV_USAGE_KERNEL));
}

static void ember_job_implicit_waits_for_shared_bo_users(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ember_job_test_seen(test, ember_job_resv_wait_usage(true, true)),
			BIT(DMA_RESV_USAGE_KERNEL) | BIT(DMA_RESV_USAGE_WRITE) |
			BIT(DMA_RESV_USAGE_READ));
	/* A BO no other device or process sees keeps the queues independent. */
	KUNIT_EXPECT_EQ(test, ember_job_test_seen(test, ember_job_resv_wait_usage(true, false)),
			BIT(DMA_RESV_USAGE_KERNEL));
}

static void ember_job_fence_visibility(struct kunit *test)
{
	enum dma_resv_usage explicit = ember_job_extobj_fence_usage(false);
	enum dma_resv_usage implicit = ember_job_extobj_fence_usage(true);

	/* Eviction and teardown (BOOKKEEP lookups) see both. */
	KUNIT_EXPECT_TRUE(test, ember_job_test_seen(test, DMA_RESV_USAGE_BOOKKEEP) &
				BIT(explicit));
	KUNIT_EXPECT_TRUE(test, ember_job_test_seen(test, DMA_RESV_USAGE_BOOKKEEP) &
				BIT(implicit));
	/* A reader's and a writer's EXPORT_SYNC_FILE see only the implicit one. */
	KUNIT_EXPECT_FALSE(test, ember_job_test_seen(test, dma_resv_usage_rw(true)) &
				 BIT(explicit));
	KUNIT_EXPECT_TRUE(test, ember_job_test_seen(test, dma_resv_usage_rw(false)) &
				BIT(implicit));
	/* Nor does an implicit job of this driver wait for the explicit one. */
	KUNIT_EXPECT_FALSE(test, ember_job_test_seen(test, ember_job_resv_wait_usage(true, true)) &
				 BIT(explicit));
}

static struct kunit_case ember_job_tests[] = {
	KUNIT_CASE(ember_job_explicit_waits_only_for_kernel_fences),
	KUNIT_CASE(ember_job_implicit_waits_for_shared_bo_users),
	KUNIT_CASE(ember_job_fence_visibility),
	{}
};

static struct kunit_suite ember_job_test_suite = {
	.name = "ember_job",
	.init = ember_job_test_init,
	.exit = ember_job_test_exit,
	.test_cases = ember_job_tests,
};

kunit_test_suite(ember_job_test_suite);
