// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/errno.h>
#include <linux/slab.h>

#include <drm/ember_drm.h>

#include "../ember_ctx.h"
#include "../ember_packets.h"
#include "../ember_queue.h"
#include "../ember_ring.h"
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

static void ember_ctx_innocent_lost(struct kunit *test)
{
	struct ember_ctx *ctx = test_ctx(test);

	KUNIT_EXPECT_TRUE(test, ember_ctx_set_innocent_lost(ctx, 1, 64 + 12));
	KUNIT_EXPECT_EQ(test, ctx->state, DRM_EMBER_CTX_STATE_INNOCENT_LOST |
			DRM_EMBER_CTX_STATE_BANNED);
	KUNIT_EXPECT_EQ(test, ctx->fault.kind, EMBER_FAULT_NONE);
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -ECANCELED);
	/* What ran before the lost job on its ring completed. */
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 12), 0);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 1, 64 + 12), -ECANCELED);
	KUNIT_EXPECT_EQ(test, ember_ctx_job_error(ctx, 0, 12), -ECANCELED);
	/* Once banned, a context keeps its first error. */
	KUNIT_EXPECT_FALSE(test, ember_ctx_set_innocent_lost(ctx, 1, 128 + 12));
	KUNIT_EXPECT_FALSE(test, ember_ctx_set_hang(ctx, 0, 1, 128 + 12));
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -ECANCELED);
}

static void ember_ctx_guilty_not_innocent_lost(struct kunit *test)
{
	struct ember_ctx *ctx = test_ctx(test);

	KUNIT_EXPECT_TRUE(test, ember_ctx_set_hang(ctx, 0, 2, 12));
	KUNIT_EXPECT_FALSE(test, ember_ctx_set_innocent_lost(ctx, 1, 12));
	KUNIT_EXPECT_EQ(test, ember_ctx_ban_error(ctx), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, ctx->state & DRM_EMBER_CTX_STATE_INNOCENT_LOST, 0);
}

static void ember_ring_fate_by_position(struct kunit *test)
{
	struct ember_ring_reset_point point = { .known = true, .started = true, .head = 1036 };

	/* RUN_IBs before the reset's HEAD ran, the one at it was cut short. */
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 972, true), EMBER_RING_JOB_RAN);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1036, true), EMBER_RING_JOB_CUT_SHORT);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1100, true),
			EMBER_RING_JOB_NOT_STARTED);
	/* HEAD at the job's first TIMESTAMP: it had not begun its RUN_IB. */
	point.head = 1024;
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1036, true),
			EMBER_RING_JOB_NOT_STARTED);
	/* HEAD at a RUN_IB that had not begun (a hung ring's). */
	point.head = 1036;
	point.started = false;
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1036, true),
			EMBER_RING_JOB_NOT_STARTED);
	/* A sync-only job (NOP) can always run again. */
	point.started = true;
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1036, false),
			EMBER_RING_JOB_NOT_STARTED);
}

static void ember_ring_fate_wraps(struct kunit *test)
{
	struct ember_ring_reset_point point = { .known = true, .started = true, .head = 8 };

	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 0xfffffff4, true), EMBER_RING_JOB_RAN);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 8, true), EMBER_RING_JOB_CUT_SHORT);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 72, true), EMBER_RING_JOB_NOT_STARTED);
}

static void ember_ring_fate_unknown(struct kunit *test)
{
	struct ember_ring_reset_point point = { .known = false, .head = 1036 };

	/* Without the device's word, a job may have begun: never run it twice. */
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 972, true), EMBER_RING_JOB_CUT_SHORT);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1100, true), EMBER_RING_JOB_CUT_SHORT);
	KUNIT_EXPECT_EQ(test, ember_ring_job_fate(&point, 1100, false),
			EMBER_RING_JOB_NOT_STARTED);
}

static void ember_ring_reset_head_checks(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, ember_ring_reset_head_valid(4096, 4096));
	KUNIT_EXPECT_TRUE(test, ember_ring_reset_head_valid(0, EMBER_RING_BUF_SIZE));
	KUNIT_EXPECT_FALSE(test, ember_ring_reset_head_valid(0, EMBER_RING_BUF_SIZE + 4));
	/* Ahead of TAIL, or not a multiple of 4. */
	KUNIT_EXPECT_FALSE(test, ember_ring_reset_head_valid(4100, 4096));
	KUNIT_EXPECT_FALSE(test, ember_ring_reset_head_valid(4094, 4096));
	KUNIT_EXPECT_FALSE(test, ember_ring_reset_head_valid(0xffffffff, 4096));
	/* Free-running counters wrap. */
	KUNIT_EXPECT_TRUE(test, ember_ring_reset_head_valid(0xfffffff8, 8));
}

static void ember_queue_pending_checks(struct kunit *test)
{
	const u32 size = EMBER_RING_BUF_SIZE;

	/* What the device has not completed, from a RPTR it reported. */
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(64, 64, size), 0);
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(0, 128, size), 128);
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(0, size, size), size);
	/* Free-running counters wrap. */
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(U32_MAX - 63, 64, size), 128);
	/* Not a RPTR of the ring: misaligned, ahead of TAIL, too far behind. */
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(2, 64, size), U32_MAX);
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(128, 64, size), U32_MAX);
	KUNIT_EXPECT_EQ(test, ember_queue_pending_bytes(0, size + 4, size), U32_MAX);
}

static void ember_queue_fault_reasons(struct kunit *test)
{
	/* A running queue stops on these (ember-hw.rst "Queue faults"). */
	KUNIT_EXPECT_TRUE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_PACKET));
	KUNIT_EXPECT_TRUE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_POINTERS));
	KUNIT_EXPECT_TRUE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_CONTEXT));
	/* A doorbell of an empty slot and QUEUE_MAP refusals stop nothing. */
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_NOT_MAPPED));
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_DESC));
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_VECTOR));
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(EMBER_QUEUE_ERR_FLAGS));
	/* Nor does a reason the device should not have written. */
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(0));
	KUNIT_EXPECT_FALSE(test, ember_queue_fault_stops(U32_MAX));
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
	KUNIT_CASE(ember_ctx_innocent_lost),
	KUNIT_CASE(ember_ctx_guilty_not_innocent_lost),
	KUNIT_CASE(ember_ring_fate_by_position),
	KUNIT_CASE(ember_ring_fate_wraps),
	KUNIT_CASE(ember_ring_fate_unknown),
	KUNIT_CASE(ember_ring_reset_head_checks),
	KUNIT_CASE(ember_queue_pending_checks),
	KUNIT_CASE(ember_queue_fault_reasons),
	{}
};

static struct kunit_suite ember_sched_test_suite = {
	.name = "ember_sched",
	.test_cases = ember_sched_tests,
};

kunit_test_suite(ember_sched_test_suite);
