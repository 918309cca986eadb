// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/errno.h>
#include <linux/slab.h>

#include <drm/ember_drm.h>

#include "../ember_ctx.h"
#include "../ember_packets.h"
#include "../ember_sched.h"

#define LOW	DRM_EMBER_QUEUE_PRIORITY_LOW
#define MEDIUM	DRM_EMBER_QUEUE_PRIORITY_MEDIUM
#define HIGH	DRM_EMBER_QUEUE_PRIORITY_HIGH

/* Creates a context's queues of @prios on @n rings; returns their rings. */
static void pick_rings(u32 n, const u32 *prios, u32 count, u32 *rings)
{
	u32 ring_prios[EMBER_MAX_RINGS], r, q, used = 0;

	for (r = 0; r < n; r++)
		ring_prios[r] = ember_sched_ring_priority(r, n);
	for (q = 0; q < count; q++) {
		rings[q] = ember_sched_pick_ring_of(ring_prios, n, prios[q], used);
		used |= BIT(rings[q]);
	}
}

static void ember_sched_ring_priorities(struct kunit *test)
{
	/* Three rings: one per priority; more: LOW, MEDIUM..., HIGH. */
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(0, 3), LOW);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(1, 3), MEDIUM);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(2, 3), HIGH);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(0, 1), LOW);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(0, 5), LOW);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(3, 5), MEDIUM);
	KUNIT_EXPECT_EQ(test, ember_sched_ring_priority(4, 5), HIGH);
}

static void ember_sched_pick_by_priority(struct kunit *test)
{
	const u32 prios[] = { HIGH, LOW, MEDIUM };
	u32 rings[3];

	pick_rings(3, prios, 3, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 2);
	KUNIT_EXPECT_EQ(test, rings[1], 0);
	KUNIT_EXPECT_EQ(test, rings[2], 1);
}

static void ember_sched_pick_same_priority_spreads(struct kunit *test)
{
	const u32 prios[] = { MEDIUM, MEDIUM, MEDIUM, MEDIUM };
	u32 rings[4];

	/* Lower ring before higher; all used: back to the priority's ring. */
	pick_rings(3, prios, 4, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 1);
	KUNIT_EXPECT_EQ(test, rings[1], 0);
	KUNIT_EXPECT_EQ(test, rings[2], 2);
	KUNIT_EXPECT_EQ(test, rings[3], 1);
}

static void ember_sched_pick_high_twice(struct kunit *test)
{
	const u32 prios[] = { HIGH, HIGH };
	u32 rings[2];

	pick_rings(3, prios, 2, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 2);
	KUNIT_EXPECT_EQ(test, rings[1], 1);
}

static void ember_sched_pick_few_rings(struct kunit *test)
{
	const u32 prios[] = { HIGH, LOW, MEDIUM };
	u32 rings[3];

	pick_rings(1, prios, 3, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 0);
	KUNIT_EXPECT_EQ(test, rings[1], 0);
	KUNIT_EXPECT_EQ(test, rings[2], 0);

	/* Two rings: priorities 0 and 1; HIGH gets the higher one. */
	pick_rings(2, prios, 2, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 1);
	KUNIT_EXPECT_EQ(test, rings[1], 0);
}

static void ember_sched_pick_many_rings(struct kunit *test)
{
	const u32 prios[] = { MEDIUM, MEDIUM, MEDIUM, LOW, HIGH };
	u32 rings[5];

	pick_rings(5, prios, 5, rings);
	KUNIT_EXPECT_EQ(test, rings[0], 1);
	KUNIT_EXPECT_EQ(test, rings[1], 2);
	KUNIT_EXPECT_EQ(test, rings[2], 3);
	KUNIT_EXPECT_EQ(test, rings[3], 0);
	KUNIT_EXPECT_EQ(test, rings[4], 4);
}

static struct ember_ctx *test_ctx(struct kunit *test)
{
	struct ember_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	spin_lock_init(&ctx->state_lock);
	return ctx;
}

static void ember_ctx_fault_errors(struct kunit *test)
{
	struct ember_fault_record rec = {
		.kind = EMBER_FAULT_TRANSLATION, .ring = 1, .ring_pos = 76,
		.ib_offset = 16, .va = 0x1000, .detail = EMBER_ACCESS_WRITE,
	};
	struct ember_ctx *ctx = test_ctx(test);

	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 76), 0);

	KUNIT_EXPECT_TRUE(test, ember_ctx_set_fault(ctx, &rec, 2));
	KUNIT_EXPECT_EQ(test, ctx->state,
			DRM_EMBER_CTX_STATE_FAULTED | DRM_EMBER_CTX_STATE_BANNED);
	KUNIT_EXPECT_EQ(test, ctx->fault.queue, 2);
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -EIO);

	/* Jobs before the faulting one on its ring completed before it. */
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 12), 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 76), -EIO);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 140), -EIO);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 0, 12), -EIO);
}

static void ember_ctx_fault_ring_wraps(struct kunit *test)
{
	struct ember_fault_record rec = { .kind = EMBER_FAULT_BAD_PACKET, .ring_pos = 12 };
	struct ember_ctx *ctx = test_ctx(test);

	ember_ctx_set_fault(ctx, &rec, 0);
	/* Ring positions are free-running: 0xffffffcc is just before 12. */
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 0, 0xffffffcc), 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 0, 76), -EIO);
}

static void ember_ctx_first_fault_wins(struct kunit *test)
{
	struct ember_fault_record watchdog = { .kind = EMBER_FAULT_WATCHDOG, .va = 0x2000 };
	struct ember_fault_record later = { .kind = EMBER_FAULT_TRANSLATION, .va = 0x3000 };
	struct ember_ctx *ctx = test_ctx(test);

	/* A watchdog fault is a hang: GUILTY and -ETIMEDOUT. */
	KUNIT_EXPECT_TRUE(test, ember_ctx_set_fault(ctx, &watchdog, U32_MAX));
	KUNIT_EXPECT_EQ(test, ctx->state,
			DRM_EMBER_CTX_STATE_GUILTY | DRM_EMBER_CTX_STATE_BANNED);
	KUNIT_EXPECT_EQ(test, ctx->fault.queue, 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -ETIMEDOUT);

	KUNIT_EXPECT_FALSE(test, ember_ctx_set_fault(ctx, &later, 1));
	KUNIT_EXPECT_FALSE(test, ember_ctx_set_hang(ctx, 1, 0, 0));
	KUNIT_EXPECT_EQ(test, ctx->fault.kind, EMBER_FAULT_WATCHDOG);
	KUNIT_EXPECT_EQ(test, ctx->fault.va, 0x2000);
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -ETIMEDOUT);
}

static void ember_ctx_hang_and_device_lost(struct kunit *test)
{
	struct ember_ctx *ctx = test_ctx(test);

	KUNIT_EXPECT_TRUE(test, ember_ctx_set_hang(ctx, 1, 2, 64 + 12));
	ember_ctx_set_device_lost(ctx);
	KUNIT_EXPECT_EQ(test, ctx->state, DRM_EMBER_CTX_STATE_GUILTY |
			DRM_EMBER_CTX_STATE_BANNED | DRM_EMBER_CTX_STATE_DEVICE_LOST);
	KUNIT_EXPECT_EQ(test, ctx->fault.kind, EMBER_FAULT_NONE);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 2, 12), 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 2, 64 + 12), -ETIMEDOUT);
}

static struct kunit_case ember_sched_tests[] = {
	KUNIT_CASE(ember_sched_ring_priorities),
	KUNIT_CASE(ember_sched_pick_by_priority),
	KUNIT_CASE(ember_sched_pick_same_priority_spreads),
	KUNIT_CASE(ember_sched_pick_high_twice),
	KUNIT_CASE(ember_sched_pick_few_rings),
	KUNIT_CASE(ember_sched_pick_many_rings),
	KUNIT_CASE(ember_ctx_fault_errors),
	KUNIT_CASE(ember_ctx_fault_ring_wraps),
	KUNIT_CASE(ember_ctx_first_fault_wins),
	KUNIT_CASE(ember_ctx_hang_and_device_lost),
	{}
};

static struct kunit_suite ember_sched_test_suite = {
	.name = "ember_sched",
	.test_cases = ember_sched_tests,
};

kunit_test_suite(ember_sched_test_suite);
