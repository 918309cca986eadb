/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * libFuzzer target: the command processor, the MMU and the shader cores,
 * in process, fed with guest-controlled bytes. Every input gets a freshly reset device and
 * zeroed guest (guest.h) with rings, one context and valid page tables
 * (one device serves all inputs: creating one costs more than a run),
 * then the input
 * overwrites, in this order:
 *
 *   u16 ring_len, u16 ib_len, u16 pt_len, u16 data_len
 *                   (little-endian; clamped)
 *   ring_len bytes  kernel packets on ring 0 (TAIL = ring_len & ~3)
 *   ib_len bytes    the indirect buffer at FUZZ_IB_VA (context 1)
 *   pt_len bytes    the leaf page table that maps FUZZ_DATA_VA
 *   data_len bytes  the start of the data at FUZZ_DATA_VA (readable,
 *                   writable and executable: shader binaries, descriptor
 *                   sets, images and buffers a DISPATCH uses; the state
 *                   blocks, buffers and attachments of a draw: the
 *                   device has the 3D pipeline)
 *
 * and the ring runs to completion in this thread. Whatever follows drives
 * a queue (contract 1.9) whose ring holds a copy of ring 0's packets and
 * whose descriptor is valid (FUZZ_QUEUE_* in fuzz_layout.h) before the
 * input overwrites part of it:
 *
 *   u8 desc_offset, u8 desc_len, desc_len bytes
 *                   written into the descriptor at desc_offset (clamped)
 *   u32 slot, u32 doorbell_slot, u32 doorbell_value
 *                   QUEUE_MAP into slot (modulo NUM_QUEUES + 1: one
 *                   beyond the last is refused), a doorbell page word
 *                   (any of the page's slots) and doorbell 0; a mapped
 *                   queue runs to completion, then is unmapped.
 * The device must not
 * crash, hang (the watchdog is 1 ms) or touch memory outside guest RAM
 * (AddressSanitizer watches); it may fault as much as it likes.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "guest.h"
#include "guest_queue.h"
#include "log.h"

#include "fuzz_layout.h"

static void fill(void *dst, size_t cap, const uint8_t **data, size_t *size,
		 size_t want)
{
	size_t n = want < cap ? want : cap;

	if (n > *size)
		n = *size;
	memcpy(dst, *data, n);
	*data += n;
	*size -= n;
}

/* The queue part of the input (see the top of the file). */
static void fuzz_queue(struct guest *g, const uint8_t **data, size_t *size,
		       uint32_t ring_len)
{
	struct guest_queue q;
	uint8_t where[2] = { 0 };
	uint32_t words[3] = { 0 };
	uint32_t slot, reason;

	guest_queue_init(g, &q, FUZZ_CTX, 0, 1);
	memcpy(guest_ptr(g, q.ring_gpa), guest_ptr(g, g->ring_base[0]), FUZZ_RING_MAX);
	guest_queue_desc_write(g, &q, EMBER_QUEUE_DESC_WPTR, ring_len & ~3u);
	fill(where, sizeof(where), data, size, sizeof(where));
	where[0] %= EMBER_QUEUE_DESC_SIZE;
	fill((uint8_t *)guest_ptr(g, q.desc_gpa) + where[0],
	     EMBER_QUEUE_DESC_SIZE - where[0], data, size, where[1]);
	fill(words, sizeof(words), data, size, sizeof(words));

	slot = words[0] % (EMBER_DEVICE_NUM_QUEUES + 1);
	if (guest_queue_map(g, &q, slot, &reason) != EMBER_MGMT_STATUS_OK)
		slot = EMBER_NO_QUEUE;
	guest_queue_doorbell(g, words[1] % EMBER_MAX_QUEUES, words[2]);
	if (slot == EMBER_NO_QUEUE)
		return;
	ember_ring_run_sync(&g->dev, EMBER_SCHED_QUEUE_STREAM(slot));
	guest_queue_unmap(g, slot, NULL, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct guest_config config = {
		.ram_size = FUZZ_RAM_SIZE,
		.num_vectors = 3,
		.num_cores = 1,
		.graphics = true,
	};
	static struct guest g;
	static bool ready;
	struct guest_ib ib;
	uint16_t lens[4] = { 0 };
	uint64_t *leaf_table;
	uint8_t *data_mem;
	uint32_t ring_len;

	if (!ready) {
		ember_log_set_level((enum ember_log_level)(EMBER_LOG_ERROR + 1));
		/*
		 * Shaders are interpreted: a JIT compile per input would cost
		 * more than the 1 ms watchdog and most of the fuzzer's time
		 * (EMBER_SHADER_JIT=sync in the environment brings it back).
		 */
		setenv("EMBER_SHADER_JIT", "off", 0);
		if (!guest_init(&g, &config))
			abort();
		ready = true;
	}
	guest_reset(&g);
	guest_reg_write(&g, EMBER_REG_WATCHDOG_MS, 1);
	guest_ring_init(&g, 0, 0);
	guest_ring_init(&g, 1, 1);
	guest_ib_init(&g, &ib, FUZZ_CTX, FUZZ_IB_VA, FUZZ_IB_MAX / 4);
	data_mem = guest_alloc_mapped(&g, FUZZ_CTX, FUZZ_DATA_VA, FUZZ_DATA_SIZE);
	leaf_table = guest_pte(&g, FUZZ_CTX, FUZZ_DATA_VA) -
		     EMBER_PT_INDEX(FUZZ_DATA_VA, 0);
	/* Shaders run from the data too. */
	for (uint64_t va = FUZZ_DATA_VA; va < FUZZ_DATA_VA + FUZZ_DATA_SIZE; va += EMBER_PAGE_SIZE)
		*guest_pte(&g, FUZZ_CTX, va) |= EMBER_PTE_EXEC;

	fill(lens, sizeof(lens), &data, &size, sizeof(lens));
	ring_len = lens[0] < FUZZ_RING_MAX ? lens[0] : FUZZ_RING_MAX;
	fill(guest_ptr(&g, g.ring_base[0]), FUZZ_RING_MAX, &data, &size, ring_len);
	fill(ib.dw, FUZZ_IB_MAX, &data, &size, lens[1]);
	fill(leaf_table, EMBER_PAGE_SIZE, &data, &size, lens[2]);
	fill(data_mem, FUZZ_DATA_SIZE, &data, &size, lens[3]);

	g.ring_tail[0] = ring_len & ~3u;
	guest_ring_submit(&g, 0);
	/* A second ring with a plain job shares the engine afterwards. */
	RING(&g, 1, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), FUZZ_CTX, LO(FUZZ_IB_VA),
	     HI(FUZZ_IB_VA), 64);
	guest_ring_submit(&g, 1);
	if (size)
		fuzz_queue(&g, &data, &size, ring_len);
	guest_mgmt(&g, EMBER_MGMT_CMD_TLB_INVALIDATE, EMBER_CTX_ALL, NULL);
	return 0;
}
