/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host tests of contract 1.9's queues, in process (guest_queue.h): no
 * queue blocks another (a queue parked in WAIT_MEM, of the same context
 * or another, while the others complete), many queues at once, QUEUE_MAP
 * and QUEUE_UNMAP (refusals with their reasons and fault records, resume
 * after unmap, abort of a parked packet), queue faults that stop one
 * queue only, doorbells for empty slots, interrupts multiplexed on the
 * vectors with per-queue sequences, device resets, and a device whose
 * BAR2 is too small for queues.
 *
 * Each subtest gets a fresh device with its threads running. Every wait
 * has a timeout; nothing asserts on how long something took.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest.h"
#include "guest_queue.h"
#include "log.h"
#include "queue.h"
#include "tap.h"

#define TIMEOUT_MS		5000
#define RAM_SIZE		(64u << 20)
#define NUM_VECTORS		4
#define CTX			1
#define CTX2			2
#define IB_VA			0x100000000ull
#define IB2_VA			0x110000000ull
#define DATA_VA			0x200000000ull
#define DATA2_VA		0x300000000ull

static struct guest guest;

static bool setup(void)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE,
		.num_vectors = NUM_VECTORS,
		.num_cores = 2,
		.threads = true,
	};

	CHECK(guest_init(&guest, &config));
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 10000);
	return true;
}

static void teardown(void)
{
	guest_fini(&guest);
}

static uint32_t fault_seq(void)
{
	return guest_reg(&guest, EMBER_REG_FAULT_SEQ);
}

/* The newest fault record is a FAULT_QUEUE of @slot for @reason. */
static bool expect_queue_fault(uint32_t seq, uint32_t slot, uint32_t reason)
{
	struct guest_fault f;
	int64_t deadline = guest_now_ms() + TIMEOUT_MS;

	while (fault_seq() < seq)
		CHECK(guest_now_ms() < deadline);
	CHECK_EQ(fault_seq(), seq);
	CHECK(guest_fault(&guest, seq, &f));
	CHECK_EQ(f.kind, EMBER_FAULT_QUEUE);
	CHECK_EQ(f.queue, slot);
	CHECK_EQ(f.ring, EMBER_NO_CONTEXT);
	CHECK_EQ(f.detail, reason);
	guest_reg_write(&guest, EMBER_REG_FAULT_ACK, seq);
	return true;
}

/* Wait until the descriptor's STATUS has @bit (a packet parked: BUSY). */
static bool wait_status(const struct guest_queue *q, uint32_t bit)
{
	int64_t deadline = guest_now_ms() + TIMEOUT_MS;

	while (!(guest_queue_desc(&guest, q, EMBER_QUEUE_DESC_STATUS) & bit))
		CHECK(guest_now_ms() < deadline);
	return true;
}

static bool wait_rptr(const struct guest_queue *q, uint32_t rptr)
{
	int64_t deadline = guest_now_ms() + TIMEOUT_MS;

	while (guest_queue_desc(&guest, q, EMBER_QUEUE_DESC_RPTR) != rptr)
		CHECK(guest_now_ms() < deadline);
	return true;
}

/* An IB in @ctx at @va writing @value to @dst. */
static void write_ib(struct guest_ib *ib, uint32_t ctx, uint64_t va,
		     uint64_t dst, uint32_t value)
{
	guest_ib_init(&guest, ib, ctx, va, 16);
	IB(ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(dst), HI(dst), value);
}

/* An IB in @ctx at @va that waits until the u32 at @flag is @value. */
static void wait_ib(struct guest_ib *ib, uint32_t ctx, uint64_t va,
		    uint64_t flag, uint32_t value)
{
	guest_ib_init(&guest, ib, ctx, va, 16);
	IB(ib, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ, 6), LO(flag),
	   HI(flag), value, 0, 0xffffffff, 0);
}

static bool test_identity(void)
{
	CHECK(guest_reg(&guest, EMBER_REG_CAPS) & EMBER_CAP_QUEUES);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_NUM_QUEUES), EMBER_DEVICE_NUM_QUEUES);
	CHECK(EMBER_DEVICE_NUM_QUEUES <= EMBER_MAX_QUEUES);
	CHECK_EQ(EMBER_HW_VERSION_MINOR(guest_reg(&guest, EMBER_REG_HW_VERSION)), EMBER_HW_VERSION_MINOR_CURRENT);
	return true;
}

/* A job through a queue: fence, RPTR, STATUS, QUEUE_IRQ_SEQ, its vector. */
static bool test_submit(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_queue q;
	struct guest_ib ib;
	uint64_t fence;

	guest_queue_init(&guest, &q, CTX, 0, 2);
	CHECK_EQ(guest_queue_map(&guest, &q, 5, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 0xfeed);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(__atomic_load_n(out, __ATOMIC_ACQUIRE), 0xfeed);
	CHECK(guest_wait_irq(&guest, 2, 1, TIMEOUT_MS));
	CHECK_EQ(guest_queue_irq_seq(&guest, 5), 1);
	CHECK_EQ(guest_irq_count(&guest, 1), 0);
	CHECK_EQ(guest_irq_count(&guest, 3), 0);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RPTR), q.wptr);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_STATUS), 0);
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/*
 * Two queues of one context: the first is parked in WAIT_MEM, the second
 * completes jobs meanwhile, then writes what the first waits for. On a
 * shared ring the second job would wait behind the first forever.
 */
static bool test_wait_mem_blocks_nobody(void)
{
	uint32_t *flag = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA2_VA, 4096);
	uint32_t *out2 = guest_alloc_mapped(&guest, CTX2, DATA_VA, 4096);
	struct guest_queue waiter, worker, other;
	struct guest_ib wait, work, signal, other_work;
	uint64_t wait_fence, fence;

	guest_queue_init(&guest, &waiter, CTX, 0, 1);
	guest_queue_init(&guest, &worker, CTX, 0, 2);
	guest_queue_init(&guest, &other, CTX2, 0, 3);
	CHECK_EQ(guest_queue_map(&guest, &waiter, 0, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_queue_map(&guest, &worker, 1, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_queue_map(&guest, &other, 2, NULL), EMBER_MGMT_STATUS_OK);

	wait_ib(&wait, CTX, IB_VA, DATA_VA, 7);
	wait_fence = guest_queue_submit_ib(&guest, &waiter, CTX, &wait);
	/* Parked: BUSY, its fence not written. */
	CHECK(wait_status(&waiter, EMBER_QUEUE_STATUS_BUSY));
	CHECK_EQ(guest_queue_fence(&guest, &waiter), 0);

	write_ib(&work, CTX, IB2_VA, DATA2_VA, 42);
	for (int i = 0; i < 10; i++) {
		fence = guest_queue_submit_ib(&guest, &worker, CTX, &work);
		CHECK(guest_queue_wait_fence(&guest, &worker, fence, TIMEOUT_MS));
	}
	write_ib(&other_work, CTX2, IB_VA, DATA_VA, 43);
	fence = guest_queue_submit_ib(&guest, &other, CTX2, &other_work);
	CHECK(guest_queue_wait_fence(&guest, &other, fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 42);
	CHECK_EQ(out2[0], 43);
	CHECK_EQ(guest_queue_fence(&guest, &waiter), 0);
	CHECK_EQ(__atomic_load_n(flag, __ATOMIC_ACQUIRE), 0);

	/* The worker queue releases the waiter: a same-context signal. */
	guest_ib_init(&guest, &signal, CTX, IB2_VA + 0x10000, 16);
	IB(&signal, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(DATA_VA), HI(DATA_VA), 7);
	guest_queue_submit_ib(&guest, &worker, CTX, &signal);
	CHECK(guest_queue_wait_fence(&guest, &waiter, wait_fence, TIMEOUT_MS));
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/* Every slot mapped, queues of several contexts, one job each. */
static bool test_many_queues(void)
{
	static struct guest_queue q[EMBER_DEVICE_NUM_QUEUES];
	static uint64_t fence[EMBER_DEVICE_NUM_QUEUES];
	uint32_t *out[4];
	struct guest_ib ib[EMBER_DEVICE_NUM_QUEUES];

	for (uint32_t c = 0; c < 4; c++)
		out[c] = guest_alloc_mapped(&guest, c, DATA_VA, 4096);
	for (uint32_t i = 0; i < EMBER_DEVICE_NUM_QUEUES; i++) {
		uint32_t ctx = i % 4;

		guest_queue_init(&guest, &q[i], ctx, i % 4, 1 + i % (NUM_VECTORS - 1));
		CHECK_EQ(guest_queue_map(&guest, &q[i], i, NULL), EMBER_MGMT_STATUS_OK);
		write_ib(&ib[i], ctx, IB_VA + 0x1000ull * (i / 4), DATA_VA + 4 * (i / 4),
			 i + 1);
	}
	for (uint32_t i = 0; i < EMBER_DEVICE_NUM_QUEUES; i++)
		fence[i] = guest_queue_submit_ib(&guest, &q[i], i % 4, &ib[i]);
	for (uint32_t i = 0; i < EMBER_DEVICE_NUM_QUEUES; i++) {
		CHECK(guest_queue_wait_fence(&guest, &q[i], fence[i], TIMEOUT_MS));
		CHECK_EQ(out[i % 4][i / 4], i + 1);
		CHECK_EQ(guest_queue_irq_seq(&guest, i), 1);
	}
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/* QUEUE_MAP refusals: status, reason, and a fault record where specified. */
static bool test_map_refusals(void)
{
	static const struct {
		const char *what;
		uint32_t offset, value, reason;
	} bad[] = {
		{ "size not a power of two", EMBER_QUEUE_DESC_SIZE_BYTES, 0x3000, EMBER_QUEUE_ERR_SIZE },
		{ "size too small", EMBER_QUEUE_DESC_SIZE_BYTES, 0x800, EMBER_QUEUE_ERR_SIZE },
		{ "base misaligned", EMBER_QUEUE_DESC_BASE_LO, 0x10040, EMBER_QUEUE_ERR_BASE },
		{ "base not RAM", EMBER_QUEUE_DESC_BASE_HI, 0x40, EMBER_QUEUE_ERR_BASE },
		{ "context", EMBER_QUEUE_DESC_CONTEXT, EMBER_MAX_CONTEXTS, EMBER_QUEUE_ERR_CONTEXT },
		{ "vector 0", EMBER_QUEUE_DESC_VECTOR, 0, EMBER_QUEUE_ERR_VECTOR },
		{ "vector too big", EMBER_QUEUE_DESC_VECTOR, NUM_VECTORS, EMBER_QUEUE_ERR_VECTOR },
		{ "flags", EMBER_QUEUE_DESC_FLAGS, 1, EMBER_QUEUE_ERR_FLAGS },
		{ "wptr misaligned", EMBER_QUEUE_DESC_WPTR, 2, EMBER_QUEUE_ERR_POINTERS },
		{ "wptr too far", EMBER_QUEUE_DESC_WPTR, GUEST_RING_SIZE + 4, EMBER_QUEUE_ERR_POINTERS },
		{ "rptr misaligned", EMBER_QUEUE_DESC_RPTR, 1, EMBER_QUEUE_ERR_POINTERS },
	};
	struct guest_queue q, q2;
	uint32_t seq = 0, reason;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		tap_diag("bad descriptor: %s", bad[i].what);
		guest_queue_init(&guest, &q, CTX, 0, 1);
		guest_queue_desc_write(&guest, &q, bad[i].offset, bad[i].value);
		CHECK_EQ(guest_queue_map(&guest, &q, 3, &reason), EMBER_MGMT_STATUS_BAD_ARG);
		CHECK_EQ(reason, bad[i].reason);
		CHECK(expect_queue_fault(++seq, 3, bad[i].reason));
	}

	tap_diag("bad descriptor addresses");
	CHECK_EQ(guest_queue_map_gpa(&guest, 3, q.desc_gpa + 0x40, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_DESC);
	CHECK(expect_queue_fault(++seq, 3, EMBER_QUEUE_ERR_DESC));
	CHECK_EQ(guest_queue_map_gpa(&guest, 3, RAM_SIZE, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_DESC);
	CHECK(expect_queue_fault(++seq, 3, EMBER_QUEUE_ERR_DESC));
	CHECK_EQ(guest_queue_map_gpa(&guest, 3, UINT64_MAX & ~0x7full, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_DESC);
	CHECK(expect_queue_fault(++seq, 3, EMBER_QUEUE_ERR_DESC));

	tap_diag("slots");
	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, EMBER_DEVICE_NUM_QUEUES, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_SLOT);
	CHECK_EQ(guest_queue_map(&guest, &q, UINT32_MAX, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_SLOT);
	CHECK_EQ(guest_queue_unmap(&guest, 3, &reason, NULL), EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_NOT_MAPPED);
	CHECK_EQ(guest_queue_unmap(&guest, EMBER_DEVICE_NUM_QUEUES, &reason, NULL),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_SLOT);
	CHECK_EQ(guest_queue_map(&guest, &q, 3, &reason), EMBER_MGMT_STATUS_OK);
	guest_queue_init(&guest, &q2, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q2, 3, &reason), EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_MAPPED);
	/* One descriptor in two slots would have two command processors. */
	CHECK_EQ(guest_queue_map_gpa(&guest, 4, q.desc_gpa, &reason),
		 EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_DESC);
	CHECK(expect_queue_fault(++seq, 4, EMBER_QUEUE_ERR_DESC));
	/* Refusals and their records do not disturb a mapped queue. */
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_STATUS), 0);
	return true;
}

/*
 * Queue faults stop their queue only: bad WPTR, bad packet, a RUN_IB of
 * another context. Another queue of the same context keeps running.
 */
static bool test_queue_faults(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_queue bad, good;
	struct guest_ib ib, ib2;
	uint64_t fence;
	uint32_t seq = 0, rptr;

	guest_queue_init(&guest, &good, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &good, 0, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 1);
	guest_ib_init(&guest, &ib2, CTX2, IB_VA, 16);
	IB(&ib2, EMBER_PKT(EMBER_UPKT_NOP, 0, 0));

	tap_diag("wptr misaligned");
	guest_queue_init(&guest, &bad, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &bad, 1, NULL), EMBER_MGMT_STATUS_OK);
	bad.wptr = 6;
	guest_queue_submit(&guest, &bad);
	CHECK(expect_queue_fault(++seq, 1, EMBER_QUEUE_ERR_POINTERS));

	fence = guest_queue_submit_ib(&guest, &good, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &good, fence, TIMEOUT_MS));
	CHECK(guest_queue_desc(&guest, &bad, EMBER_QUEUE_DESC_STATUS) &
	      EMBER_QUEUE_STATUS_STOPPED);
	CHECK_EQ(guest_queue_desc(&guest, &bad, EMBER_QUEUE_DESC_RPTR), 0);
	/* A stopped queue stays stopped until it is mapped again. */
	CHECK_EQ(guest_queue_unmap(&guest, 1, &rptr, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(rptr, 0);

	tap_diag("bad opcode");
	guest_queue_init(&guest, &bad, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &bad, 1, NULL), EMBER_MGMT_STATUS_OK);
	QRING(&guest, &bad, EMBER_PKT(0x7f, 0, 0));
	guest_queue_submit(&guest, &bad);
	CHECK(expect_queue_fault(++seq, 1, EMBER_QUEUE_ERR_PACKET));
	CHECK_EQ(guest_queue_unmap(&guest, 1, NULL, NULL), EMBER_MGMT_STATUS_OK);

	tap_diag("RUN_IB of another context");
	guest_queue_init(&guest, &bad, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &bad, 1, NULL), EMBER_MGMT_STATUS_OK);
	guest_queue_submit_ib(&guest, &bad, CTX2, &ib2);
	CHECK(expect_queue_fault(++seq, 1, EMBER_QUEUE_ERR_CONTEXT));
	CHECK_EQ(guest_queue_unmap(&guest, 1, NULL, NULL), EMBER_MGMT_STATUS_OK);

	tap_diag("TLB_INVALIDATE of every context");
	guest_queue_init(&guest, &bad, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &bad, 1, NULL), EMBER_MGMT_STATUS_OK);
	QRING(&guest, &bad, EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, 1), EMBER_CTX_ALL);
	guest_queue_submit(&guest, &bad);
	CHECK(expect_queue_fault(++seq, 1, EMBER_QUEUE_ERR_CONTEXT));

	fence = guest_queue_submit_ib(&guest, &good, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &good, fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 1);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_STATE)),
		 EMBER_CTX_STATE_OK);
	return true;
}

/* A doorbell word that moves for an empty slot is a record, nothing else. */
static bool test_doorbell_empty_slot(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_queue q;
	struct guest_ib ib;
	uint64_t fence;

	guest_queue_doorbell(&guest, 9, 0x40);
	CHECK(expect_queue_fault(1, 9, EMBER_QUEUE_ERR_NOT_MAPPED));
	/* The same word again is not a new doorbell. */
	guest_queue_doorbell(&guest, 9, 0x40);
	CHECK_EQ(fault_seq(), 1);
	/* Beyond NUM_QUEUES the page is not looked at. */
	guest_queue_doorbell(&guest, EMBER_MAX_QUEUES - 1, 0x40);
	CHECK_EQ(fault_seq(), 1);

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 9, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 5);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 5);
	CHECK_EQ(fault_seq(), 1);
	return true;
}

/*
 * A doorbell word written just before QUEUE_UNMAP, its doorbell 0 seen
 * only with the mailbox's (the device looks at the mailbox first), is
 * answered by the unmap: no record blames the slot, and the next queue
 * mapped there runs.
 */
static bool test_doorbell_before_unmap(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	volatile uint32_t *word = (volatile uint32_t *)
		(guest.dev.shm + EMBER_REG_QUEUE_DOORBELL(6));
	struct guest_queue q;
	struct guest_ib ib;
	uint64_t fence;

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 6, NULL), EMBER_MGMT_STATUS_OK);
	__atomic_store_n(word, htole32(0x80), __ATOMIC_RELEASE);
	CHECK_EQ(guest_queue_unmap(&guest, 6, NULL, NULL), EMBER_MGMT_STATUS_OK);
	ember_device_doorbell(&guest.dev, EMBER_DOORBELL_QUEUES);
	CHECK_EQ(fault_seq(), 0);

	/* A word that moves after the unmap is still the driver's bug. */
	guest_queue_doorbell(&guest, 6, 0x84);
	CHECK(expect_queue_fault(1, 6, EMBER_QUEUE_ERR_NOT_MAPPED));

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 6, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 7);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 7);
	CHECK_EQ(fault_seq(), 1);
	return true;
}

/* Job @value of @q: RUN_IB of @ib then a FENCE, written but not submitted. */
static uint64_t emit_job(struct guest_queue *q, const struct guest_ib *ib)
{
	uint64_t value = ++q->fence_seq;

	QRING(&guest, q, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), CTX, LO(ib->va),
	      HI(ib->va), ib->len * 4);
	QRING(&guest, q, EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
	      LO(q->fence_gpa), HI(q->fence_gpa), LO(value), HI(value));
	return value;
}

/*
 * The doorbell word is the driver's WPTR, so it can come back to a value
 * the slot held before: the last WPTR of the queue mapped there earlier,
 * which QUEUE_MAP takes as seen. Here a new queue's first job is in its
 * ring at the map (the map runs it), the driver's doorbell for it is not
 * looked at before its second job's (the device was busy: two rings of
 * doorbell 0 coalesce), and that word equals the stale one. The second
 * job must still run: a doorbell wakes every mapped queue.
 */
static bool test_doorbell_word_repeats_stale_value(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	volatile uint32_t *word = (volatile uint32_t *)
		(guest.dev.shm + EMBER_REG_QUEUE_DOORBELL(3));
	struct guest_queue old, q;
	struct guest_ib ib1, ib2;
	uint64_t fence;

	/* An earlier queue in slot 3 leaves its last WPTR in the word. */
	write_ib(&ib1, CTX, IB_VA, DATA_VA, 1);
	guest_queue_init(&guest, &old, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &old, 3, NULL), EMBER_MGMT_STATUS_OK);
	guest_queue_submit_ib(&guest, &old, CTX, &ib1);
	fence = guest_queue_submit_ib(&guest, &old, CTX, &ib1);
	CHECK(guest_queue_wait_fence(&guest, &old, fence, TIMEOUT_MS));
	CHECK_EQ(guest_queue_unmap(&guest, 3, NULL, NULL), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(le32toh(*word), old.wptr);

	/* A new queue: its first job written before QUEUE_MAP runs at the map. */
	guest_queue_init(&guest, &q, CTX, 0, 1);
	fence = emit_job(&q, &ib1);
	guest_queue_desc_write(&guest, &q, EMBER_QUEUE_DESC_WPTR, q.wptr);
	CHECK_EQ(guest_queue_map(&guest, &q, 3, NULL), EMBER_MGMT_STATUS_OK);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	/* Its doorbell word, the device not looking yet ... */
	__atomic_store_n(word, htole32(q.wptr), __ATOMIC_RELEASE);
	/* ... then the second job's, back at the stale value, and doorbell 0. */
	write_ib(&ib2, CTX, IB2_VA, DATA_VA + 4, 2);
	fence = emit_job(&q, &ib2);
	CHECK_EQ(q.wptr, old.wptr);
	guest_queue_submit(&guest, &q);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(out[1], 2);
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/*
 * Unmapping: an idle queue resumes from its RPTR in another slot; a queue
 * parked in WAIT_MEM has that packet cut (RESULT1, RESET_STATUS) and its
 * FENCE still in the ring for the next mapping.
 */
static bool test_unmap_and_resume(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_queue q;
	struct guest_ib ib, wait;
	uint32_t rptr, cut, run_ib_end;
	uint64_t fence;

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 0, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 11);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(guest_queue_unmap(&guest, 0, &rptr, &cut), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(rptr, q.wptr);
	CHECK_EQ(cut, 0);

	/* Work written while unmapped runs once the queue is mapped again. */
	write_ib(&ib, CTX, IB2_VA, DATA_VA + 4, 12);
	QRING(&guest, &q, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), CTX, LO(ib.va),
	      HI(ib.va), ib.len * 4);
	guest_queue_desc_write(&guest, &q, EMBER_QUEUE_DESC_WPTR, q.wptr);
	CHECK_EQ(out[1], 0);
	CHECK_EQ(guest_queue_map(&guest, &q, 7, NULL), EMBER_MGMT_STATUS_OK);
	CHECK(wait_rptr(&q, q.wptr));
	CHECK_EQ(out[1], 12);

	/* Cut a parked WAIT_MEM: RPTR past its RUN_IB, the FENCE left. */
	wait_ib(&wait, CTX, IB_VA + 0x10000, DATA_VA + 8, 1);
	QRING(&guest, &q, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), CTX, LO(wait.va),
	      HI(wait.va), wait.len * 4);
	run_ib_end = q.wptr;
	QRING(&guest, &q, EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), LO(q.fence_gpa),
	      HI(q.fence_gpa), 99, 0);
	guest_queue_submit(&guest, &q);
	CHECK(wait_status(&q, EMBER_QUEUE_STATUS_BUSY));
	CHECK_EQ(guest_queue_unmap(&guest, 7, &rptr, &cut), EMBER_MGMT_STATUS_OK);
	CHECK_EQ(cut, 1);
	CHECK_EQ(rptr, run_ib_end);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RESET_STATUS),
		 EMBER_QUEUE_RESET_STARTED);
	CHECK_EQ(guest_queue_fence(&guest, &q), fence);
	CHECK_EQ(guest_queue_map(&guest, &q, 7, NULL), EMBER_MGMT_STATUS_OK);
	CHECK(guest_queue_wait_fence(&guest, &q, 99, TIMEOUT_MS));
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/* A device reset discards a mapped queue's packets and keeps it mapped. */
static bool test_device_reset(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_queue q;
	struct guest_ib wait, ib;
	uint32_t rptr_before;
	uint64_t fence;

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 2, NULL), EMBER_MGMT_STATUS_OK);
	wait_ib(&wait, CTX, IB_VA, DATA_VA + 8, 1);
	guest_queue_submit_ib(&guest, &q, CTX, &wait);
	CHECK(wait_status(&q, EMBER_QUEUE_STATUS_BUSY));
	rptr_before = guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RPTR);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
		 EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RESET_RPTR), rptr_before);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RESET_STATUS),
		 EMBER_QUEUE_RESET_STARTED);
	CHECK_EQ(guest_queue_desc(&guest, &q, EMBER_QUEUE_DESC_RPTR), q.wptr);
	CHECK_EQ(guest_queue_fence(&guest, &q), 0);

	write_ib(&ib, CTX, IB2_VA, DATA_VA, 3);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 3);
	return true;
}

/* A job fault on a queue names the queue; the context stops everywhere. */
static bool test_job_fault_names_queue(void)
{
	struct guest_queue q;
	struct guest_ib ib;
	struct guest_fault f;
	uint64_t fence;

	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 6, NULL), EMBER_MGMT_STATUS_OK);
	write_ib(&ib, CTX, IB_VA, DATA2_VA, 1);
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	CHECK_EQ(fault_seq(), 1);
	CHECK(guest_fault(&guest, 1, &f));
	CHECK_EQ(f.kind, EMBER_FAULT_TRANSLATION);
	CHECK_EQ(f.queue, 6);
	CHECK_EQ(f.ring, EMBER_NO_CONTEXT);
	CHECK_EQ(f.context, CTX);
	CHECK_EQ(f.ring_pos, 0);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_STATE)),
		 EMBER_CTX_STATE_FAULTED);
	return true;
}

/* Rings keep working beside queues, and their faults name no queue. */
static bool test_rings_beside_queues(void)
{
	struct guest_queue q;
	struct guest_ib ib, bad;
	struct guest_fault f;
	uint64_t fence;

	guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	guest_queue_init(&guest, &q, CTX, 0, 1);
	CHECK_EQ(guest_queue_map(&guest, &q, 0, NULL), EMBER_MGMT_STATUS_OK);
	guest_ring_init(&guest, 0, 0);
	write_ib(&ib, CTX, IB_VA, DATA_VA, 1);
	fence = guest_submit_ib(&guest, 0, CTX, &ib);
	CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
	fence = guest_queue_submit_ib(&guest, &q, CTX, &ib);
	CHECK(guest_queue_wait_fence(&guest, &q, fence, TIMEOUT_MS));
	write_ib(&bad, CTX2, IB_VA, DATA_VA, 1);
	fence = guest_submit_ib(&guest, 0, CTX2, &bad);
	CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
	CHECK(guest_fault(&guest, 1, &f));
	CHECK_EQ(f.ring, 0);
	CHECK_EQ(f.queue, EMBER_NO_QUEUE);
	return true;
}

/* Without room for the queue pages in BAR2, no queues and no CAPS bit. */
static bool test_small_bar(void)
{
	struct ember_device dev;
	struct ember_device_config config = {
		.shm_size = EMBER_REG_AREA_SIZE,
		.num_vectors = NUM_VECTORS,
		.num_cores = 1,
	};
	uint32_t caps, num, status, reason;

	CHECK_EQ(ember_device_init(&dev, &config), 0);
	caps = ember_reg_read(&dev.regs, EMBER_REG_CAPS);
	num = ember_reg_read(&dev.regs, EMBER_REG_NUM_QUEUES);
	status = ember_queue_map(&dev, 0, 0x10000, &reason);
	ember_device_fini(&dev);
	CHECK_EQ(status, EMBER_MGMT_STATUS_BAD_ARG);
	CHECK_EQ(reason, EMBER_QUEUE_ERR_SLOT);
	CHECK(!(caps & EMBER_CAP_QUEUES));
	CHECK_EQ(num, 0);
	return true;
}

#define SUBTEST(fn, name)						\
	do {								\
		bool ok_ = setup();					\
		ok_ = ok_ && fn();					\
		teardown();						\
		tap_result(ok_, name);					\
	} while (0)

int main(void)
{
	ember_log_set_level(getenv("EMBER_TEST_LOG") ? EMBER_LOG_DEBUG :
			    (enum ember_log_level)(EMBER_LOG_ERROR + 1));
	SUBTEST(test_identity, "queues-identity");
	SUBTEST(test_submit, "queue-submit-fence-irq");
	SUBTEST(test_wait_mem_blocks_nobody, "queue-wait-mem-blocks-nobody");
	SUBTEST(test_many_queues, "queues-every-slot");
	SUBTEST(test_map_refusals, "queue-map-refusals");
	SUBTEST(test_queue_faults, "queue-faults-stop-one-queue");
	SUBTEST(test_doorbell_empty_slot, "queue-doorbell-empty-slot");
	SUBTEST(test_doorbell_before_unmap, "queue-doorbell-before-unmap");
	SUBTEST(test_doorbell_word_repeats_stale_value, "queue-doorbell-word-repeats-stale-value");
	SUBTEST(test_unmap_and_resume, "queue-unmap-and-resume");
	SUBTEST(test_device_reset, "queue-device-reset");
	SUBTEST(test_job_fault_names_queue, "queue-job-fault-names-queue");
	SUBTEST(test_rings_beside_queues, "queues-beside-rings");
	SUBTEST(test_small_bar, "queues-need-room-in-bar2");
	return tap_finish();
}
