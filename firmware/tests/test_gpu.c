/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host tests of the GPU core, in process (no VM, no QEMU): the guest of
 * guest.h builds page tables, rings and indirect buffers in a fake guest
 * RAM and checks every kernel and user packet, the MMU and its TLB, every
 * fault kind, context and device resets, ring errors, priorities between
 * rings, injection, the control commands and the shader core pool.
 *
 * Each subtest gets a fresh device with its ring threads running. Every
 * wait has a timeout; the watchdog is set short where a test needs it.
 */

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control.h"
#include "copy_engine.h"
#include "guest.h"
#include "log.h"
#include "tap.h"

#define TIMEOUT_MS		5000
#define RAM_SIZE		(64u << 20)
#define NUM_RINGS		4
#define CTX			1
#define CTX2			2
#define IB_VA			0x100000000ull
#define DATA_VA			0x200000000ull
#define DATA2_VA		0x300000000ull

static struct guest guest;

static bool setup(void)
{
	const struct guest_config config = {
		.ram_size = RAM_SIZE,
		.num_vectors = NUM_RINGS + 1,
		.num_cores = 2,
		.threads = true,
	};

	CHECK(guest_init(&guest, &config));
	CHECK_EQ(guest.dev.num_rings, NUM_RINGS);
	for (unsigned int r = 0; r < NUM_RINGS; r++)
		guest_ring_init(&guest, r, 0);
	return true;
}

static void teardown(void)
{
	guest_fini(&guest);
}

/* Submit @ib on ring 0 in @ctx and wait for its fence. */
static bool run_ib(unsigned int ctx, const struct guest_ib *ib)
{
	uint64_t value = guest_submit_ib(&guest, 0, ctx, ib);

	CHECK(guest_wait_fence(&guest, 0, value, TIMEOUT_MS));
	return true;
}

static uint32_t fault_seq(void)
{
	return guest_reg(&guest, EMBER_REG_FAULT_SEQ);
}

static bool wait_fault_seq(uint32_t seq)
{
	int64_t deadline = guest_now_ms() + TIMEOUT_MS;

	while (fault_seq() < seq) {
		CHECK(guest_now_ms() < deadline);
		sched_yield();
	}
	return true;
}

/* Wait until the device wrote @value to @word. */
static bool wait_u32(const uint32_t *word, uint32_t value)
{
	int64_t deadline = guest_now_ms() + TIMEOUT_MS;

	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) != value) {
		CHECK(guest_now_ms() < deadline);
		sched_yield();
	}
	return true;
}

static uint32_t ctx_state(unsigned int ctx)
{
	return guest_reg(&guest, EMBER_REG_CTX(ctx, EMBER_CTX_STATE));
}

/* Expect exactly one new fault of @kind in @ctx, then reset the context. */
static bool expect_fault(uint32_t seq_before, uint32_t kind, unsigned int ctx,
			 struct guest_fault *out)
{
	struct guest_fault f;

	CHECK_EQ(fault_seq(), seq_before + 1);
	CHECK(guest_fault(&guest, seq_before + 1, &f));
	CHECK_EQ(f.kind, kind);
	CHECK_EQ(f.context, ctx);
	CHECK_EQ(ctx_state(ctx), EMBER_CTX_STATE_FAULTED);
	CHECK(guest_wait_irq(&guest, EMBER_VECTOR_FAULT, 1, TIMEOUT_MS));
	guest_reg_write(&guest, EMBER_REG_FAULT_ACK, seq_before + 1);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, ctx, NULL),
		 EMBER_MGMT_STATUS_OK);
	CHECK_EQ(ctx_state(ctx), EMBER_CTX_STATE_OK);
	if (out)
		*out = f;
	return true;
}

/* ------------------------------------------------------------------ */
/* Kernel packets                                                      */

static bool test_kernel_fence_irq(void)
{
	uint64_t fence = guest.fence_gpa + 8 * 2;

	RING(&guest, 2, EMBER_PKT(EMBER_KPKT_NOP, 0, 3), 1, 2, 3);
	RING(&guest, 2, EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), LO(fence), HI(fence), 5, 0);
	guest_ring_submit(&guest, 2);
	CHECK(guest_wait_idle(&guest, 2, TIMEOUT_MS));
	CHECK_EQ(guest_fence(&guest, 2), 5);
	CHECK_EQ(guest_irq_count(&guest, EMBER_VECTOR_RING(2)), 0);

	RING(&guest, 2, EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
	     LO(fence), HI(fence), 6, 0x12345678);
	guest_ring_submit(&guest, 2);
	CHECK(guest_wait_irq(&guest, EMBER_VECTOR_RING(2), 1, TIMEOUT_MS));
	CHECK_EQ(guest_fence(&guest, 2), 0x1234567800000006ull);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(2, EMBER_RING_IRQ_SEQ)), 1);
	/* HEAD moves past the packet after its interrupt: wait for it. */
	CHECK(guest_wait_idle(&guest, 2, TIMEOUT_MS));
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(2, EMBER_RING_HEAD)),
		 guest.ring_tail[2]);
	CHECK_EQ(guest_irq_count(&guest, EMBER_VECTOR_MGMT), 0);
	return true;
}

static bool test_kernel_timestamp(void)
{
	uint64_t gpa = guest_alloc(&guest, 1);
	uint64_t *ts = guest_ptr(&guest, gpa);

	RING(&guest, 1, EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, 2), LO(gpa), HI(gpa));
	RING(&guest, 1, EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, 2), LO(gpa + 8), HI(gpa + 8));
	guest_ring_submit(&guest, 1);
	CHECK(guest_wait_idle(&guest, 1, TIMEOUT_MS));
	CHECK(ts[0] > 0);
	CHECK(ts[1] >= ts[0]);
	CHECK(ts[1] <= ember_device_timestamp_ns(&guest.dev));
	return true;
}

/* The ring wraps around its end: packets straddle it. */
static bool test_kernel_ring_wrap(void)
{
	uint64_t fence = guest.fence_gpa;

	for (unsigned int i = 0; i < 2 * GUEST_RING_SIZE / 20 + 3; i++) {
		RING(&guest, 0, EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), LO(fence),
		     HI(fence), i, 0);
		guest_ring_submit(&guest, 0);
		CHECK(guest_wait_idle(&guest, 0, TIMEOUT_MS));
		CHECK_EQ(guest_fence(&guest, 0), i);
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* User packets                                                        */

static bool test_user_write_imm(void)
{
	uint32_t *data = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 0xcafe);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, EMBER_WRITE_64, 4),
	   LO(DATA_VA + 8), HI(DATA_VA + 8), 0x11111111, 0x22222222);
	IB(&ib, EMBER_PKT(EMBER_UPKT_NOP, 0, 2), 0xdead, 0xbeef);
	IB(&ib, EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0));
	IB(&ib, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(DATA_VA + 16),
	   HI(DATA_VA + 16), 7);
	IB(&ib, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_WRITE_64, 4),
	   LO(DATA_VA + 24), HI(DATA_VA + 24), 1, 2);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(data[0], 0xcafe);
	CHECK_EQ(data[1], 0);
	CHECK_EQ(*(uint64_t *)&data[2], 0x2222222211111111ull);
	CHECK_EQ(data[4], 7);
	CHECK_EQ(*(uint64_t *)&data[6], 0x200000001ull);
	CHECK_EQ(fault_seq(), 0);
	return true;
}

static bool test_user_timestamp(void)
{
	uint64_t *data = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(DATA_VA), HI(DATA_VA));
	IB(&ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(DATA_VA + 8), HI(DATA_VA + 8));
	CHECK(run_ib(CTX, &ib));
	CHECK(data[0] > 0 && data[1] >= data[0]);
	return true;
}

/* COND_EXEC: which writes run, for each value, size, inversion and skip. */
static bool test_user_cond_exec(void)
{
	uint32_t *data = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_ib ib;

	data[0] = 0;
	data[2] = 0;		/* a 64-bit value with only its high word set */
	data[3] = 1;
	guest_ib_init(&guest, &ib, CTX, IB_VA, 128);
	/* 0: skipped; inverted: runs. */
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA), HI(DATA_VA), 4);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 16), HI(DATA_VA + 16), 1);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, EMBER_COND_EXEC_IF_ZERO, 3),
	   LO(DATA_VA), HI(DATA_VA), 4);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 20), HI(DATA_VA + 20), 2);
	/* The high word counts only for a 64-bit value. */
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, EMBER_WRITE_64, 3),
	   LO(DATA_VA + 8), HI(DATA_VA + 8), 4);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 24), HI(DATA_VA + 24), 3);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA + 8), HI(DATA_VA + 8), 4);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 28), HI(DATA_VA + 28), 4);
	/* A value written earlier in the buffer, behind a BARRIER; two packets. */
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 32), HI(DATA_VA + 32), 5);
	IB(&ib, EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0));
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA + 32), HI(DATA_VA + 32), 8);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 36), HI(DATA_VA + 36), 6);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 40), HI(DATA_VA + 40), 7);
	/* Skip 0 skips nothing. */
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA), HI(DATA_VA), 0);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 44), HI(DATA_VA + 44), 8);
	/* Skipping the buffer's last packet ends it. */
	IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA), HI(DATA_VA), 4);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 48), HI(DATA_VA + 48), 9);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(data[4], 0);
	CHECK_EQ(data[5], 2);
	CHECK_EQ(data[6], 3);
	CHECK_EQ(data[7], 0);
	CHECK_EQ(data[9], 6);
	CHECK_EQ(data[10], 7);
	CHECK_EQ(data[11], 8);
	CHECK_EQ(data[12], 0);
	CHECK_EQ(fault_seq(), 0);

	/* An unmapped value is a translation fault at its VA, skip or not. */
	{
		uint32_t seq = fault_seq();
		struct guest_fault f;

		guest_ib_init(&guest, &ib, CTX, IB_VA + 0x10000, 16);
		IB(&ib, EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA2_VA), HI(DATA2_VA), 0);
		CHECK(run_ib(CTX, &ib));
		CHECK(expect_fault(seq, EMBER_FAULT_TRANSLATION, CTX, &f));
		CHECK_EQ(f.va, DATA2_VA);
		CHECK_EQ(f.detail, EMBER_ACCESS_READ);
	}
	return true;
}

static bool test_user_copy_linear(void)
{
	/* Big enough for several chunks; pages scattered so runs split. */
	const uint32_t size = 3 * EMBER_COPY_CHUNK + 100;
	uint8_t *src = guest_alloc_mapped(&guest, CTX, DATA_VA, size);
	uint8_t *dst = guest_alloc_mapped(&guest, CTX, DATA2_VA, size + 4096);
	struct guest_ib ib;

	/* Remap one page of the source elsewhere: the run must break there. */
	uint64_t odd = guest_alloc(&guest, 1);
	uint8_t *odd_page = guest_ptr(&guest, odd);

	guest_map(&guest, CTX, DATA_VA + 5 * 4096, odd, 4096, GUEST_PTE_RW);
	for (uint32_t i = 0; i < size; i++)
		src[i] = (uint8_t)(i * 7 + 3);
	memset(odd_page, 0x5a, 4096);
	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COPY, 0, 8), LO(DATA_VA + 1), HI(DATA_VA + 1),
	   LO(DATA2_VA + 3), HI(DATA2_VA + 3), size - 1, 1, 0, 0);
	CHECK(run_ib(CTX, &ib));
	for (uint32_t i = 1; i < size; i++) {
		uint8_t want = i / 4096 == 5 ? 0x5a : (uint8_t)(i * 7 + 3);

		if (dst[i + 2] != want) {
			tap_diag("byte %u: 0x%x != 0x%x", i, dst[i + 2], want);
			return false;
		}
	}
	CHECK_EQ(dst[2], 0);
	CHECK_EQ(dst[size + 2], 0);
	CHECK_EQ(fault_seq(), 0);
	return true;
}

static bool test_user_copy_2d(void)
{
	uint8_t *src = guest_alloc_mapped(&guest, CTX, DATA_VA, 8192);
	uint8_t *dst = guest_alloc_mapped(&guest, CTX, DATA2_VA, 8192);
	struct guest_ib ib;

	for (uint32_t i = 0; i < 8192; i++)
		src[i] = (uint8_t)i;
	/* 10 rows of 12 bytes: source pitch 100, destination pitch 16. */
	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COPY, 0, 8), LO(DATA_VA + 50), HI(DATA_VA + 50),
	   LO(DATA2_VA), HI(DATA2_VA), 12, 10, 100, 16);
	CHECK(run_ib(CTX, &ib));
	for (uint32_t row = 0; row < 10; row++) {
		for (uint32_t x = 0; x < 16; x++) {
			uint8_t want = x < 12 ? (uint8_t)(50 + row * 100 + x) : 0;

			CHECK_EQ(dst[row * 16 + x], want);
		}
	}
	/* Zero width or height copies nothing and is fine. */
	guest_ib_init(&guest, &ib, CTX, IB_VA + 0x10000, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COPY, 0, 8), 0, 0, 0, 0, 0, 5, 0, 0);
	IB(&ib, EMBER_PKT(EMBER_UPKT_COPY, 0, 8), 0, 0, 0, 0, 5, 0, 0, 0);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(fault_seq(), 0);
	return true;
}

static bool test_user_fill(void)
{
	const uint32_t size = 2 * EMBER_COPY_CHUNK + 4096;
	uint32_t *data = guest_alloc_mapped(&guest, CTX, DATA_VA, size + 4096);
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(DATA_VA + 4), HI(DATA_VA + 4),
	   size, 0x01020304);
	IB(&ib, EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(DATA_VA + size + 8),
	   HI(DATA_VA + size + 8), 8, 0xabababab);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(data[0], 0);
	for (uint32_t i = 1; i <= size / 4; i++)
		CHECK_EQ(data[i], 0x01020304);
	CHECK_EQ(data[size / 4 + 1], 0);
	CHECK_EQ(data[size / 4 + 2], 0xabababab);
	CHECK_EQ(data[size / 4 + 3], 0xabababab);
	CHECK_EQ(data[size / 4 + 4], 0);
	return true;
}

/* WAIT_MEM in every compare mode, released by another ring's SIGNAL_MEM. */
static bool test_user_wait_signal(void)
{
	uint64_t *sem = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA2_VA, 4096);
	struct guest_ib waiter, signaller;
	uint64_t wait_fence, signal_fence;

	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 5000);
	guest_ib_init(&guest, &waiter, CTX, IB_VA, 128);
	/* 32-bit, >= 3 on the low word masked with 0xff. */
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_GE, 6), LO(DATA_VA),
	   HI(DATA_VA), 3, 0, 0xff, 0);
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA2_VA), HI(DATA2_VA), 1);
	/* 64-bit ==. */
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ | EMBER_WRITE_64, 6),
	   LO(DATA_VA), HI(DATA_VA), 5, 1, 0xffffffff, 0xffffffff);
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA2_VA + 4),
	   HI(DATA2_VA + 4), 2);
	/* !=, masked: waits for bit 8 to change from 0. */
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_NE, 6), LO(DATA_VA),
	   HI(DATA_VA), 0, 0, 0x100, 0);
	IB(&waiter, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA2_VA + 8),
	   HI(DATA2_VA + 8), 3);
	wait_fence = guest_submit_ib(&guest, 0, CTX, &waiter);

	/* The waiter polls it already: 0x100 & 0xff = 0 is not >= 3. */
	__atomic_store_n(sem, 0x100, __ATOMIC_RELEASE);
	guest_ib_init(&guest, &signaller, CTX2, IB_VA, 64);
	guest_map(&guest, CTX2, DATA_VA, *guest_pte(&guest, CTX, DATA_VA) &
		  EMBER_PTE_ADDR_MASK, 4096, GUEST_PTE_RW);
	IB(&signaller, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(DATA_VA),
	   HI(DATA_VA), 4);
	signal_fence = guest_submit_ib(&guest, 1, CTX2, &signaller);
	CHECK(guest_wait_fence(&guest, 1, signal_fence, TIMEOUT_MS));
	/* 4 >= 3: first wait passes; the 64-bit one waits for 0x100000005. */
	CHECK(guest_wait_idle(&guest, 1, TIMEOUT_MS));
	signaller.len = 0;
	IB(&signaller, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_WRITE_64, 4),
	   LO(DATA_VA), HI(DATA_VA), 5, 1);
	signaller.va = IB_VA;
	signal_fence = guest_submit_ib(&guest, 1, CTX2, &signaller);
	CHECK(guest_wait_fence(&guest, 1, signal_fence, TIMEOUT_MS));
	/* The != wait: bit 8 is still 0 in 0x100000005; set it. */
	CHECK(guest_wait_idle(&guest, 1, TIMEOUT_MS));
	/*
	 * The waiter's ring sees the 64-bit value when it next polls, which on
	 * a loaded host may be well after the signaller's fence: wait for its
	 * write rather than for a fixed time.
	 */
	CHECK(wait_u32(&out[1], 2));
	CHECK(!guest_wait_fence(&guest, 0, wait_fence, 20));
	CHECK_EQ(__atomic_load_n(&out[2], __ATOMIC_ACQUIRE), 0);
	signaller.len = 0;
	IB(&signaller, EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(DATA_VA),
	   HI(DATA_VA), 0x105);
	signal_fence = guest_submit_ib(&guest, 1, CTX2, &signaller);
	CHECK(guest_wait_fence(&guest, 0, wait_fence, TIMEOUT_MS));
	CHECK_EQ(out[0], 1);
	CHECK_EQ(out[1], 2);
	CHECK_EQ(out[2], 3);
	CHECK_EQ(fault_seq(), 0);
	return true;
}

/* ------------------------------------------------------------------ */
/* MMU and TLB                                                         */

/* A stale mapping stays visible until the TLB is invalidated. */
static bool test_tlb_stale_until_invalidate(void)
{
	uint32_t *old_page = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint64_t old_gpa = (uint64_t)((uint8_t *)old_page - guest.ram);
	uint64_t new_gpa = guest_alloc(&guest, 1);
	uint32_t *new_page = guest_ptr(&guest, new_gpa);
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(old_page[0], 1);

	/* Remap without invalidating: the device still writes the old page. */
	*guest_pte(&guest, CTX, DATA_VA) = new_gpa | GUEST_PTE_RW;
	ib.dw[3] = 2;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(old_page[0], 2);
	CHECK_EQ(new_page[0], 0);

	/* The kernel packet makes the new mapping visible. */
	RING(&guest, 0, EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, 1), CTX);
	ib.dw[3] = 3;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(new_page[0], 3);
	CHECK_EQ(old_page[0], 2);

	/* And so does the mailbox command (here: every context). */
	*guest_pte(&guest, CTX, DATA_VA) = old_gpa | GUEST_PTE_RW;
	ib.dw[3] = 4;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(new_page[0], 4);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_TLB_INVALIDATE, EMBER_CTX_ALL, NULL),
		 EMBER_MGMT_STATUS_OK);
	ib.dw[3] = 5;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(old_page[0], 5);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_TLB_INVALIDATE, EMBER_MAX_CONTEXTS,
			    NULL), EMBER_MGMT_STATUS_BAD_ARG);
	return true;
}

/* TLB_INVALIDATE_MASK empties the TLBs of the contexts it names, only. */
static bool test_tlb_invalidate_mask(void)
{
	uint32_t *old_page = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint64_t new_gpa = guest_alloc(&guest, 1);
	uint32_t *new_page = guest_ptr(&guest, new_gpa);
	struct guest_ib ib;

	CHECK(guest_reg(&guest, EMBER_REG_CAPS) & EMBER_CAP_TLB_MASK);
	guest_ib_init(&guest, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(old_page[0], 1);
	*guest_pte(&guest, CTX, DATA_VA) = new_gpa | GUEST_PTE_RW;

	/* Another context's bit (and the high word's): CTX keeps its entry. */
	guest_reg_write(&guest, EMBER_REG_MGMT_ARG(1), 1u << (40 - 32));
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_TLB_INVALIDATE_MASK, 1u << CTX2, NULL),
		 EMBER_MGMT_STATUS_OK);
	ib.dw[3] = 2;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(old_page[0], 2);
	CHECK_EQ(new_page[0], 0);

	/* Its own bit: the new mapping is visible. */
	guest_reg_write(&guest, EMBER_REG_MGMT_ARG(1), 0);
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_TLB_INVALIDATE_MASK,
			    1u << CTX | 1u << CTX2, NULL), EMBER_MGMT_STATUS_OK);
	ib.dw[3] = 3;
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(new_page[0], 3);
	CHECK_EQ(old_page[0], 2);
	return true;
}

/* Contexts are separate address spaces: the same VA, different memory. */
static bool test_mmu_contexts_isolated(void)
{
	uint32_t *a = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint32_t *b = guest_alloc_mapped(&guest, CTX2, DATA_VA, 4096);
	struct guest_ib ib1, ib2;

	guest_ib_init(&guest, &ib1, CTX, IB_VA, 16);
	IB(&ib1, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 0xa);
	guest_ib_init(&guest, &ib2, CTX2, IB_VA, 16);
	IB(&ib2, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 0xb);
	CHECK(run_ib(CTX, &ib1));
	CHECK(run_ib(CTX2, &ib2));
	CHECK_EQ(a[0], 0xa);
	CHECK_EQ(b[0], 0xb);
	return true;
}

struct bad_access {
	const char *what;
	uint64_t va;
	uint32_t kind;
	uint32_t access;
};

/* Translation and permission faults: kind, VA, access, ib offset. */
static bool test_mmu_faults(void)
{
	uint64_t ro_gpa = guest_alloc(&guest, 1);
	uint64_t outside = guest.ram_size + 0x100000;
	const struct bad_access cases[] = {
		{ "unmapped", DATA2_VA + 0x5000, EMBER_FAULT_TRANSLATION, EMBER_ACCESS_WRITE },
		{ "read-only", DATA_VA, EMBER_FAULT_PERMISSION, EMBER_ACCESS_WRITE },
		{ "beyond-48-bit", 1ull << 48, EMBER_FAULT_TRANSLATION, EMBER_ACCESS_WRITE },
		{ "outside-ram", DATA_VA + 0x1000, EMBER_FAULT_TRANSLATION, EMBER_ACCESS_WRITE },
		{ "reserved-bit", DATA_VA + 0x2000, EMBER_FAULT_TRANSLATION, EMBER_ACCESS_WRITE },
	};

	guest_map(&guest, CTX, DATA_VA, ro_gpa, 4096, EMBER_PTE_VALID | EMBER_PTE_READ);
	guest_map(&guest, CTX, DATA_VA + 0x1000, outside, 4096, GUEST_PTE_RW);
	guest_map(&guest, CTX, DATA_VA + 0x2000, ro_gpa, 4096,
		  GUEST_PTE_RW | EMBER_PTE_LARGE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t seq = fault_seq();
		struct guest_fault f;
		struct guest_ib ib;

		tap_diag("case %s", cases[i].what);
		guest_ib_init(&guest, &ib, CTX, IB_VA + i * 0x10000, 16);
		IB(&ib, EMBER_PKT(EMBER_UPKT_NOP, 0, 0));
		IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(cases[i].va),
		   HI(cases[i].va), 1);
		CHECK(run_ib(CTX, &ib));
		CHECK(expect_fault(seq, cases[i].kind, CTX, &f));
		CHECK_EQ(f.va, cases[i].va);
		CHECK_EQ(f.detail, cases[i].access);
		CHECK_EQ(f.ib_offset, 4);
		CHECK_EQ(f.ring, 0);
	}
	/* A read through a write-only page, and an IB that is not readable. */
	{
		uint32_t seq = fault_seq();
		struct guest_ib ib;
		struct guest_fault f;

		guest_ib_init(&guest, &ib, CTX, IB_VA + 0x100000, 16);
		IB(&ib, EMBER_PKT(EMBER_UPKT_NOP, 0, 0));
		*guest_pte(&guest, CTX, IB_VA + 0x100000) &= ~(uint64_t)EMBER_PTE_READ;
		CHECK(run_ib(CTX, &ib));
		CHECK(expect_fault(seq, EMBER_FAULT_PERMISSION, CTX, &f));
		CHECK_EQ(f.detail, EMBER_ACCESS_READ);
		CHECK_EQ(f.va, IB_VA + 0x100000);
	}
	/* A context without page tables faults on its first fetch. */
	{
		uint32_t seq = fault_seq();
		struct guest_ib ib = { .va = IB_VA, .len = 4 };

		CHECK(run_ib(7, &ib));
		CHECK(expect_fault(seq, EMBER_FAULT_TRANSLATION, 7, NULL));
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Faults, watchdog, isolation, resets                                 */

struct bad_packet {
	const char *what;
	/* The packet as it sits in the buffer: header and payload. */
	uint32_t dw[8];
	uint32_t n;
};

static bool test_fault_bad_packets(void)
{
	static const struct bad_packet bad[] = {
		{ "unknown-opcode", { EMBER_PKT(0x7f, 0, 0) }, 1 },
		{ "reserved-dispatch", { EMBER_PKT(EMBER_UPKT_RESERVED_FIRST, 0, 0) }, 1 },
		/* Well-formed draws: refused while CAPS has no GRAPHICS. */
		{ "bind-gfx-state-without-graphics",
		  { EMBER_PKT(EMBER_UPKT_BIND_GFX_STATE, 0, 3), 0x1000, 0, 0 }, 4 },
		{ "draw-without-graphics", { EMBER_PKT(EMBER_UPKT_DRAW, 0, 4), 3, 1, 0, 0 }, 5 },
		{ "draw-indexed-without-graphics",
		  { EMBER_PKT(EMBER_UPKT_DRAW_INDEXED, 0, 5), 3, 1, 0, 0, 0 }, 6 },
		{ "draw-indirect-without-graphics",
		  { EMBER_PKT(EMBER_UPKT_DRAW_INDIRECT, 0, 6), 0x1000, 0, 1, 16, 0, 0 }, 7 },
		{ "occlusion-counter-without-graphics",
		  { EMBER_PKT(EMBER_UPKT_OCCLUSION_COUNTER, 0, 2), 0x1000, 0 }, 3 },
		{ "short-payload", { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 2), 0, 0 }, 3 },
		{ "unknown-flags", { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0x80, 3), 0, 0, 0 }, 4 },
		{ "misaligned", { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), 2, 2, 0 }, 4 },
		{ "past-the-end", { EMBER_PKT(EMBER_UPKT_NOP, 0, 100) }, 1 },
		{ "barrier-flags", { EMBER_PKT(EMBER_UPKT_BARRIER, 1, 0) }, 1 },
		{ "bad-compare", { EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_CMP_MASK, 6) }, 7 },
		{ "fill-misaligned", { EMBER_PKT(EMBER_UPKT_FILL, 0, 4), 2, 0, 4, 0 }, 5 },
		{ "cond-exec-flags",
		  { EMBER_PKT(EMBER_UPKT_COND_EXEC, 0x80, 3), LO(DATA_VA), HI(DATA_VA), 0 }, 4 },
		{ "cond-exec-misaligned",
		  { EMBER_PKT(EMBER_UPKT_COND_EXEC, EMBER_WRITE_64, 3), LO(DATA_VA + 4),
		    HI(DATA_VA), 0 }, 4 },
		/* The WRITE_IMM after it is 4 dwords: a skip of 5 passes the end. */
		{ "cond-exec-skip-past-end",
		  { EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 3), LO(DATA_VA), HI(DATA_VA), 5 }, 4 },
		{ "cond-exec-length", { EMBER_PKT(EMBER_UPKT_COND_EXEC, 0, 2), 0, 0 }, 3 },
	};
	uint32_t *data = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t seq = fault_seq();
		struct guest_fault f;
		struct guest_ib ib;

		tap_diag("bad packet: %s", bad[i].what);
		guest_ib_init(&guest, &ib, CTX, IB_VA + i * 0x10000, 16);
		IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA),
		   (uint32_t)i + 1);
		guest_ib_emit(&ib, bad[i].dw, bad[i].n);
		/* Never reached: the context stops at the bad packet. */
		if (EMBER_PKT_LEN(bad[i].dw[0]) < 100)
			IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA),
			   HI(DATA_VA), 99);
		CHECK(run_ib(CTX, &ib));
		CHECK(expect_fault(seq, EMBER_FAULT_BAD_PACKET, CTX, &f));
		CHECK_EQ(data[0], i + 1);
		CHECK_EQ(f.ib_offset, 16);
		CHECK_EQ(f.va, IB_VA + i * 0x10000 + 16);
		CHECK_EQ(f.detail, bad[i].dw[0]);
	}
	/* A bad IB size in RUN_IB. */
	{
		uint32_t seq = fault_seq();
		struct guest_ib ib = { .va = IB_VA, .len = 0 };

		RING(&guest, 0, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), CTX, LO(IB_VA),
		     HI(IB_VA), 6);
		CHECK(run_ib(CTX, &ib));
		CHECK(expect_fault(seq, EMBER_FAULT_BAD_PACKET, CTX, NULL));
	}
	return true;
}

static bool test_fault_watchdog(void)
{
	uint32_t seq = fault_seq();
	struct guest_fault f;
	struct guest_ib ib;
	int64_t start;

	guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	guest_reg_write(&guest, EMBER_REG_WATCHDOG_MS, 30);
	guest_ib_init(&guest, &ib, CTX, IB_VA, 16);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ, 6), LO(DATA_VA),
	   HI(DATA_VA), 1, 0, ~0u, 0);
	start = guest_now_ms();
	CHECK(run_ib(CTX, &ib));
	CHECK(guest_now_ms() - start >= 30);
	CHECK(expect_fault(seq, EMBER_FAULT_WATCHDOG, CTX, &f));
	CHECK_EQ(f.va, IB_VA);
	return true;
}

/* A faulted context's jobs are skipped; other contexts on the ring run. */
static bool test_fault_isolation(void)
{
	uint32_t *a = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint32_t *b = guest_alloc_mapped(&guest, CTX2, DATA_VA, 4096);
	struct guest_ib bad, good_a, good_b;
	uint32_t seq = fault_seq();
	uint64_t fence;

	guest_ib_init(&guest, &bad, CTX, IB_VA, 16);
	IB(&bad, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), 0, 0x10, 1);
	guest_ib_init(&guest, &good_a, CTX, IB_VA + 0x10000, 16);
	IB(&good_a, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);
	guest_ib_init(&guest, &good_b, CTX2, IB_VA, 16);
	IB(&good_b, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 2);

	guest_submit_ib(&guest, 0, CTX, &bad);
	guest_submit_ib(&guest, 0, CTX, &good_a);
	fence = guest_submit_ib(&guest, 0, CTX2, &good_b);
	CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
	CHECK_EQ(a[0], 0);
	CHECK_EQ(b[0], 2);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_CTX(CTX, EMBER_CTX_FAULT_COUNT)), 1);
	CHECK_EQ(ctx_state(CTX2), EMBER_CTX_STATE_OK);
	CHECK(expect_fault(seq, EMBER_FAULT_TRANSLATION, CTX, NULL));
	/* After the context reset its jobs run again. */
	CHECK(run_ib(CTX, &good_a));
	CHECK_EQ(a[0], 1);
	return true;
}

/* Records overwritten before the driver acknowledged them count as lost. */
static bool test_fault_records_lost(void)
{
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 16);
	IB(&ib, EMBER_PKT(0x7e, 0, 0));
	for (unsigned int i = 0; i < EMBER_MAX_FAULT_SLOTS + 3; i++) {
		CHECK(run_ib(CTX, &ib));
		CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
			 EMBER_MGMT_STATUS_OK);
	}
	CHECK_EQ(fault_seq(), EMBER_MAX_FAULT_SLOTS + 3);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_FAULT_LOST), 3);
	for (uint32_t s = 4; s <= EMBER_MAX_FAULT_SLOTS + 3; s++) {
		struct guest_fault f;

		CHECK(guest_fault(&guest, s, &f));
		CHECK_EQ(f.kind, EMBER_FAULT_BAD_PACKET);
	}
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, EMBER_MAX_CONTEXTS,
			    NULL), EMBER_MGMT_STATUS_BAD_ARG);
	return true;
}

/* A context reset aborts the context's job parked in a wait. */
static bool test_reset_context_aborts_job(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	struct guest_ib ib;
	uint64_t fence;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 32);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ, 6), LO(DATA_VA),
	   HI(DATA_VA), 1, 0, ~0u, 0);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 4),
	   HI(DATA_VA + 4), 9);
	fence = guest_submit_ib(&guest, 0, CTX, &ib);
	CHECK(!guest_wait_fence(&guest, 0, fence, 50));
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_CONTEXT, CTX, NULL),
		 EMBER_MGMT_STATUS_OK);
	CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
	CHECK_EQ(out[1], 0);
	CHECK_EQ(fault_seq(), 0);
	CHECK_EQ(ctx_state(CTX), EMBER_CTX_STATE_OK);
	return true;
}

/* A device reset recovers an injected hang and drops queued work. */
static bool test_reset_device_recovers_hang(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	const char *why;
	struct guest_ib ib;
	uint32_t count;
	uint64_t fence;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 16);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);
	CHECK_EQ(ember_inject_parse(&guest.dev.inject, "hang-ring=0", NUM_RINGS, &why), 0);
	fence = guest_submit_ib(&guest, 0, CTX, &ib);
	CHECK(!guest_wait_fence(&guest, 0, fence, 100));
	CHECK(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_STATUS)) &
	      EMBER_RING_STATUS_BUSY);
	CHECK(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_HEAD)) != guest.ring_tail[0]);
	CHECK_EQ(out[0], 0);
	/* Other rings are not held up by the hung one. */
	CHECK(guest_wait_fence(&guest, 1, guest_submit_ib(&guest, 1, CTX, &ib),
			       TIMEOUT_MS));
	CHECK_EQ(out[0], 1);

	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, &count),
		 EMBER_MGMT_STATUS_OK);
	CHECK_EQ(count, 1);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RESET_COUNT), 1);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_HEAD)), guest.ring_tail[0]);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_STATUS)), 0);
	CHECK(!guest_wait_fence(&guest, 0, fence, 20));
	/* The ring works again from where TAIL was. */
	out[0] = 0;
	CHECK(guest_wait_fence(&guest, 0, guest_submit_ib(&guest, 0, CTX, &ib),
			       TIMEOUT_MS));
	CHECK_EQ(out[0], 1);
	return true;
}

/*
 * A device reset reports, per ring, the HEAD it discarded from and whether
 * the packet there had begun: a RUN_IB parked in a wait is STARTED, the
 * RUN_IB queued behind it is not, and a hung ring's packet never began.
 */
static bool test_reset_device_reports_started(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint32_t head0, head1, started_pos, queued_pos;
	struct guest_ib wait, write;
	const char *why;
	uint64_t fence;

	guest_ib_init(&guest, &wait, CTX, IB_VA, 32);
	IB(&wait, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);
	IB(&wait, EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ, 6), LO(DATA_VA + 4),
	   HI(DATA_VA + 4), 1, 0, ~0u, 0);
	guest_ib_init(&guest, &write, CTX, IB_VA + 4096, 16);
	IB(&write, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA + 8),
	   HI(DATA_VA + 8), 2);

	head1 = guest_reg(&guest, EMBER_REG_RING(1, EMBER_RING_HEAD));
	started_pos = guest.ring_tail[1];
	fence = guest_submit_ib(&guest, 1, CTX, &wait);
	queued_pos = guest.ring_tail[1];
	guest_submit_ib(&guest, 1, CTX, &write);
	CHECK_EQ(head1, started_pos);
	/* The parked job has begun: its first write landed. */
	for (int64_t end = guest_now_ms() + TIMEOUT_MS; !out[0] && guest_now_ms() < end;)
		guest_wait_fence(&guest, 1, fence, 1);
	CHECK_EQ(out[0], 1);

	head0 = guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_HEAD));
	CHECK_EQ(ember_inject_parse(&guest.dev.inject, "hang-ring=0", NUM_RINGS, &why), 0);
	guest_submit_ib(&guest, 0, CTX, &write);
	CHECK(guest_wait_idle(&guest, 2, TIMEOUT_MS));

	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
		 EMBER_MGMT_STATUS_OK);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(1, EMBER_RING_RESET_HEAD)), started_pos);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(1, EMBER_RING_RESET_STATUS)),
		 EMBER_RING_RESET_STARTED);
	CHECK(queued_pos != started_pos);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_RESET_HEAD)), head0);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_RESET_STATUS)), 0);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(2, EMBER_RING_RESET_HEAD)),
		 guest.ring_tail[2]);
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(2, EMBER_RING_RESET_STATUS)), 0);
	/* Neither the rest of the parked job nor the queued one ran. */
	out[1] = 1;
	CHECK(!guest_wait_fence(&guest, 1, fence, 20));
	CHECK_EQ(out[2], 0);
	return true;
}

/* A device reset disarms injections not yet fired, but die-after-jobs. */
static bool test_reset_device_disarms_injections(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	unsigned int irqs = guest_irq_count(&guest, EMBER_VECTOR_RING(2));
	uint32_t seq = fault_seq();
	char reply[128];
	struct guest_ib ib;

	guest_ib_init(&guest, &ib, CTX, IB_VA, 16);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 7);
	static const char *const knobs[] = {
		"hang-ring=2", "fault-next-job", "drop-irq", "drop-irq",
		"die-after-jobs=2",
	};
	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		ember_control_command(&guest.dev, knobs[i], reply, sizeof(reply));
		CHECK(!strcmp(reply, "ok"));
	}
	CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
		 EMBER_MGMT_STATUS_OK);

	/* No hang, no fault, the interrupt arrives: none of them fired. */
	CHECK(guest_wait_fence(&guest, 2, guest_submit_ib(&guest, 2, CTX, &ib),
			       TIMEOUT_MS));
	CHECK_EQ(out[0], 7);
	CHECK(guest_wait_irq(&guest, EMBER_VECTOR_RING(2), irqs + 1, TIMEOUT_MS));
	CHECK(guest_wait_idle(&guest, 2, TIMEOUT_MS));
	CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(2, EMBER_RING_STATUS)), 0);
	CHECK_EQ(fault_seq(), seq);
	CHECK_EQ(ctx_state(CTX), EMBER_CTX_STATE_OK);
	CHECK_EQ(guest.dev.inject.hang_ring, EMBER_INJECT_NONE);
	CHECK(!guest.dev.inject.fault_next_job);
	CHECK_EQ(guest.dev.inject.drop_irqs, 0);

	/* die-after-jobs kept counting across the reset: one job left. */
	CHECK(!guest.died);
	CHECK(run_ib(CTX, &ib));
	CHECK(guest.died);
	return true;
}

/* Bad kernel packets and ring setups stop the ring, until a device reset. */
static bool test_ring_errors(void)
{
	static const uint32_t bad[][5] = {
		{ EMBER_PKT(0x55, 0, 0) },
		{ EMBER_PKT(EMBER_KPKT_FENCE, 0, 3), 0, 0, 0 },
		{ EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), 4, 0, 0, 0 },
		{ EMBER_PKT(EMBER_KPKT_FENCE, 0x80, 4), 0, 0, 0, 0 },
		{ EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), EMBER_MAX_CONTEXTS, 0, 0, 0 },
		{ EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, 1), 1000 },
		{ EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, 2), 0, 0x40000000 },
		{ EMBER_PKT(EMBER_KPKT_NOP, 1, 0) },
	};
	uint32_t resets = 0;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t seq = fault_seq();
		uint32_t head = guest.ring_tail[3];
		struct guest_fault f;

		tap_diag("bad kernel packet %zu", i);
		guest_ring_emit(&guest, 3, bad[i], 1 + EMBER_PKT_LEN(bad[i][0]));
		guest_ring_submit(&guest, 3);
		CHECK(wait_fault_seq(seq + 1));
		CHECK(guest_fault(&guest, seq + 1, &f));
		CHECK_EQ(f.kind, EMBER_FAULT_RING);
		CHECK_EQ(f.ring, 3);
		CHECK_EQ(f.ring_pos, head);
		CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(3, EMBER_RING_STATUS)),
			 EMBER_RING_STATUS_STOPPED);
		CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(3, EMBER_RING_HEAD)), head);
		CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
			 EMBER_MGMT_STATUS_OK);
		CHECK_EQ(guest_reg(&guest, EMBER_REG_RESET_COUNT), ++resets);
	}
	/* Bad ring setups. */
	{
		static const uint32_t bad_size[] = { 0x800, 0x3000, 1u << 30 };

		for (size_t i = 0; i < 3; i++) {
			uint32_t seq = fault_seq();

			guest_reg_write(&guest, EMBER_REG_RING(3, EMBER_RING_SIZE), bad_size[i]);
			RING(&guest, 3, EMBER_PKT(EMBER_KPKT_NOP, 0, 0));
			guest_ring_submit(&guest, 3);
			CHECK(wait_fault_seq(seq + 1));
			CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
				 EMBER_MGMT_STATUS_OK);
		}
		guest_reg_write(&guest, EMBER_REG_RING(3, EMBER_RING_SIZE), GUEST_RING_SIZE);
		guest_reg_write(&guest, EMBER_REG_RING(3, EMBER_RING_BASE_HI), 0x100);
		{
			uint32_t seq = fault_seq();

			RING(&guest, 3, EMBER_PKT(EMBER_KPKT_NOP, 0, 0));
			guest_ring_submit(&guest, 3);
			CHECK(wait_fault_seq(seq + 1));
		}
		guest_reg_write(&guest, EMBER_REG_RING(3, EMBER_RING_BASE_HI), 0);
		CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
			 EMBER_MGMT_STATUS_OK);
		/* TAIL beyond HEAD + SIZE. */
		{
			uint32_t seq = fault_seq();

			guest_reg_write(&guest, EMBER_REG_RING(3, EMBER_RING_TAIL),
					guest.ring_tail[3] + 2 * GUEST_RING_SIZE);
			ember_device_doorbell(&guest.dev, EMBER_DOORBELL_RING(3));
			CHECK(wait_fault_seq(seq + 1));
			CHECK_EQ(guest_mgmt(&guest, EMBER_MGMT_CMD_RESET_DEVICE, 0, NULL),
				 EMBER_MGMT_STATUS_OK);
			guest.ring_tail[3] += 2 * GUEST_RING_SIZE;
		}
	}
	/* Still works. */
	{
		uint64_t fence = guest.fence_gpa + 8 * 3;

		RING(&guest, 3, EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), LO(fence), HI(fence), 77, 0);
		guest_ring_submit(&guest, 3);
		CHECK(guest_wait_idle(&guest, 3, TIMEOUT_MS));
		CHECK_EQ(guest_fence(&guest, 3), 77);
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Priorities                                                          */

/* A doorbell wakes its own ring's command processor, no other. */
static bool test_doorbell_wakes_one_ring(void)
{
	uint64_t before[NUM_RINGS], after[NUM_RINGS];
	uint64_t fence = guest.fence_gpa + 8 * 1;

	/* Let setup's register writes settle: every ring idle. */
	for (unsigned int r = 0; r < NUM_RINGS; r++)
		CHECK(guest_wait_idle(&guest, r, TIMEOUT_MS));
	pthread_mutex_lock(&guest.dev.sched.lock);
	for (unsigned int r = 0; r < NUM_RINGS; r++)
		before[r] = guest.dev.rings[r].wakeups;
	pthread_mutex_unlock(&guest.dev.sched.lock);

	for (uint32_t i = 1; i <= 20; i++) {
		RING(&guest, 1, EMBER_PKT(EMBER_KPKT_FENCE, 0, 4), LO(fence),
		     HI(fence), i, 0);
		guest_ring_submit(&guest, 1);
		CHECK(guest_wait_fence(&guest, 1, i, TIMEOUT_MS));
		CHECK(guest_wait_idle(&guest, 1, TIMEOUT_MS));
	}
	/* A doorbell with nothing queued wakes ring 1 too, and only it. */
	ember_device_doorbell(&guest.dev, EMBER_DOORBELL_RING(1));

	pthread_mutex_lock(&guest.dev.sched.lock);
	for (unsigned int r = 0; r < NUM_RINGS; r++)
		after[r] = guest.dev.rings[r].wakeups;
	pthread_mutex_unlock(&guest.dev.sched.lock);
	CHECK(after[1] > before[1]);
	for (unsigned int r = 0; r < NUM_RINGS; r++) {
		if (r != 1)
			CHECK_EQ(after[r], before[r]);
	}
	return true;
}

/* With the engine paused, queue jobs on every ring; the highest runs first. */
static bool test_priorities(void)
{
	static const uint32_t prio[NUM_RINGS] = { 0, 3, 1, 2 };
	uint64_t *stamps = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	uint64_t fences[NUM_RINGS];
	int64_t deadline;

	for (unsigned int r = 0; r < NUM_RINGS; r++)
		guest_reg_write(&guest, EMBER_REG_RING(r, EMBER_RING_PRIORITY), prio[r]);
	ember_sched_pause(&guest.dev.sched);
	for (unsigned int r = 0; r < NUM_RINGS; r++) {
		struct guest_ib ib;
		uint64_t va = DATA_VA + 8 * r;

		guest_ib_init(&guest, &ib, CTX, IB_VA + r * 0x10000, 16);
		IB(&ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(va), HI(va));
		fences[r] = guest_submit_ib(&guest, r, CTX, &ib);
	}
	deadline = guest_now_ms() + TIMEOUT_MS;
	while (ember_sched_waiting(&guest.dev.sched) != (1u << NUM_RINGS) - 1) {
		CHECK(guest_now_ms() < deadline);
		sched_yield();
	}
	CHECK_EQ(stamps[0] | stamps[1] | stamps[2] | stamps[3], 0);
	ember_sched_resume(&guest.dev.sched);
	for (unsigned int r = 0; r < NUM_RINGS; r++)
		CHECK(guest_wait_fence(&guest, r, fences[r], TIMEOUT_MS));
	/* Start order by priority: ring 1 (3), 3 (2), 2 (1), 0 (0). */
	CHECK(stamps[1] < stamps[3]);
	CHECK(stamps[3] < stamps[2]);
	CHECK(stamps[2] < stamps[0]);
	return true;
}

/* ------------------------------------------------------------------ */
/* Injection, control, shader cores                                    */

static bool test_inject(void)
{
	uint32_t *out = guest_alloc_mapped(&guest, CTX, DATA_VA, 4096);
	const char *why;
	struct guest_ib ib;
	uint32_t seq = fault_seq();
	uint64_t fence;
	char reply[128];

	guest_ib_init(&guest, &ib, CTX, IB_VA, 16);
	IB(&ib, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(DATA_VA), HI(DATA_VA), 1);

	ember_control_command(&guest.dev, "fault-next-job", reply, sizeof(reply));
	CHECK(!strcmp(reply, "ok"));
	CHECK(run_ib(CTX, &ib));
	CHECK(expect_fault(seq, EMBER_FAULT_INJECTED, CTX, NULL));
	CHECK_EQ(out[0], 0);
	CHECK(run_ib(CTX, &ib));
	CHECK_EQ(out[0], 1);

	/* A dropped interrupt: the fence and IRQ_SEQ still move. */
	ember_control_command(&guest.dev, "drop-irq", reply, sizeof(reply));
	{
		unsigned int irqs = guest_irq_count(&guest, EMBER_VECTOR_RING(0));
		uint32_t irq_seq = guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_IRQ_SEQ));

		fence = guest_submit_ib(&guest, 0, CTX, &ib);
		CHECK(guest_wait_fence(&guest, 0, fence, TIMEOUT_MS));
		CHECK(guest_wait_idle(&guest, 0, TIMEOUT_MS));
		CHECK_EQ(guest_irq_count(&guest, EMBER_VECTOR_RING(0)), irqs);
		CHECK_EQ(guest_reg(&guest, EMBER_REG_RING(0, EMBER_RING_IRQ_SEQ)), irq_seq + 1);
		fence = guest_submit_ib(&guest, 0, CTX, &ib);
		CHECK(guest_wait_irq(&guest, EMBER_VECTOR_RING(0), irqs + 1, TIMEOUT_MS));
	}

	/* Death after two more jobs. */
	ember_control_command(&guest.dev, "die-after-jobs=2", reply, sizeof(reply));
	CHECK(!strcmp(reply, "ok"));
	CHECK(run_ib(CTX, &ib));
	CHECK(!guest.died);
	CHECK(run_ib(CTX, &ib));
	CHECK(guest.died);
	guest.died = false;
	ember_control_command(&guest.dev, "die", reply, sizeof(reply));
	CHECK(guest.died);

	ember_control_command(&guest.dev, "status", reply, sizeof(reply));
	CHECK(!strncmp(reply, "ok rings=4 ", 11));
	ember_control_command(&guest.dev, "hang-ring=4", reply, sizeof(reply));
	CHECK(!strncmp(reply, "error ", 6));
	ember_control_command(&guest.dev, "bogus", reply, sizeof(reply));
	CHECK(!strncmp(reply, "error ", 6));
	CHECK(ember_inject_parse(&guest.dev.inject, "die-after-jobs=0", 4, &why) < 0);
	CHECK(ember_inject_parse(&guest.dev.inject, "die-after-jobs=x", 4, &why) < 0);
	CHECK(ember_inject_parse(&guest.dev.inject, "hang-ring=-1", 4, &why) < 0);
	return true;
}

/* Every item runs exactly once, on core 0 (the pool thread) or 1 (the caller). */
struct work_record {
	atomic_uint hits[1000];
	atomic_uint bad_core;
};

static void record_work(void *arg, unsigned int item, unsigned int core)
{
	struct work_record *rec = arg;

	atomic_fetch_add(&rec->hits[item], 1);
	if (core > 1)
		atomic_store(&rec->bad_core, 1);
}

static bool test_workers(void)
{
	static struct work_record rec;

	CHECK_EQ(guest.dev.workers.num_cores, 2);
	for (unsigned int round = 0; round < 20; round++) {
		memset(&rec, 0, sizeof(rec));
		ember_workers_run(&guest.dev.workers, 1000, record_work, &rec);
		for (unsigned int i = 0; i < 1000; i++)
			CHECK_EQ(atomic_load(&rec.hits[i]), 1);
		CHECK_EQ(atomic_load(&rec.bad_core), 0);
	}
	ember_workers_run(&guest.dev.workers, 0, record_work, &rec);
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

	SUBTEST(test_kernel_fence_irq, "kernel-fence-irq");
	SUBTEST(test_kernel_timestamp, "kernel-timestamp");
	SUBTEST(test_kernel_ring_wrap, "kernel-ring-wrap");
	SUBTEST(test_user_write_imm, "user-write-imm-signal-barrier-nop");
	SUBTEST(test_user_timestamp, "user-timestamp");
	SUBTEST(test_user_cond_exec, "user-cond-exec");
	SUBTEST(test_user_copy_linear, "user-copy-linear");
	SUBTEST(test_user_copy_2d, "user-copy-2d");
	SUBTEST(test_user_fill, "user-fill");
	SUBTEST(test_user_wait_signal, "user-wait-signal-cross-ring");
	SUBTEST(test_tlb_stale_until_invalidate, "tlb-stale-until-invalidate");
	SUBTEST(test_tlb_invalidate_mask, "tlb-invalidate-mask");
	SUBTEST(test_mmu_contexts_isolated, "mmu-contexts-isolated");
	SUBTEST(test_mmu_faults, "mmu-faults");
	SUBTEST(test_fault_bad_packets, "fault-bad-packets");
	SUBTEST(test_fault_watchdog, "fault-watchdog");
	SUBTEST(test_fault_isolation, "fault-isolation");
	SUBTEST(test_fault_records_lost, "fault-records-lost");
	SUBTEST(test_reset_context_aborts_job, "reset-context-aborts-job");
	SUBTEST(test_reset_device_recovers_hang, "reset-device-recovers-hang");
	SUBTEST(test_reset_device_disarms_injections, "reset-device-disarms-injections");
	SUBTEST(test_reset_device_reports_started, "reset-device-reports-started");
	SUBTEST(test_ring_errors, "ring-errors");
	SUBTEST(test_doorbell_wakes_one_ring, "doorbell-wakes-one-ring");
	SUBTEST(test_priorities, "priorities");
	SUBTEST(test_inject, "inject-and-control");
	SUBTEST(test_workers, "shader-core-pool");
	return tap_finish();
}
