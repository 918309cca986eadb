/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Queues of contract 1.9 driven from the in-process guest (guest_queue.h).
 */

#include "guest_queue.h"

#include <endian.h>
#include <time.h>

static volatile uint32_t *desc_word(struct guest *g, const struct guest_queue *q,
				    uint32_t offset)
{
	return (volatile uint32_t *)((uint8_t *)guest_ptr(g, q->desc_gpa) + offset);
}

uint32_t guest_queue_desc(struct guest *g, const struct guest_queue *q,
			  uint32_t offset)
{
	return le32toh(__atomic_load_n(desc_word(g, q, offset), __ATOMIC_ACQUIRE));
}

void guest_queue_desc_write(struct guest *g, const struct guest_queue *q,
			    uint32_t offset, uint32_t value)
{
	__atomic_store_n(desc_word(g, q, offset), htole32(value), __ATOMIC_RELEASE);
}

void guest_queue_init(struct guest *g, struct guest_queue *q, uint32_t ctx,
		      uint32_t priority, uint32_t vector)
{
	*q = (struct guest_queue) {
		.desc_gpa = guest_alloc(g, 1),
		.ring_gpa = guest_alloc(g, GUEST_RING_SIZE / EMBER_PAGE_SIZE),
		.ring_size = GUEST_RING_SIZE,
		.fence_gpa = guest_alloc(g, 1),
		.slot = EMBER_NO_QUEUE,
	};
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_BASE_LO, LO(q->ring_gpa));
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_BASE_HI, HI(q->ring_gpa));
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_SIZE_BYTES, q->ring_size);
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_CONTEXT, ctx);
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_PRIORITY, priority);
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_VECTOR, vector);
}

uint32_t guest_queue_map_gpa(struct guest *g, uint32_t slot, uint64_t desc_gpa,
			     uint32_t *reason)
{
	uint32_t status;

	guest_reg_write(g, EMBER_REG_MGMT_ARG(1), LO(desc_gpa));
	guest_reg_write(g, EMBER_REG_MGMT_ARG(2), HI(desc_gpa));
	status = guest_mgmt(g, EMBER_MGMT_CMD_QUEUE_MAP, slot, reason);
	return status;
}

uint32_t guest_queue_map(struct guest *g, struct guest_queue *q, uint32_t slot,
			 uint32_t *reason)
{
	uint32_t status = guest_queue_map_gpa(g, slot, q->desc_gpa, reason);

	if (status == EMBER_MGMT_STATUS_OK)
		q->slot = slot;
	return status;
}

uint32_t guest_queue_unmap(struct guest *g, uint32_t slot, uint32_t *result0,
			   uint32_t *result1)
{
	uint32_t status = guest_mgmt(g, EMBER_MGMT_CMD_QUEUE_UNMAP, slot, result0);

	if (result1)
		*result1 = guest_reg(g, EMBER_REG_MGMT_RESULT(1));
	return status;
}

void guest_queue_emit(struct guest *g, struct guest_queue *q,
		      const uint32_t *dw, uint32_t n)
{
	uint32_t *ring = guest_ptr(g, q->ring_gpa);

	for (uint32_t i = 0; i < n; i++) {
		ring[(q->wptr % q->ring_size) / 4] = htole32(dw[i]);
		q->wptr += 4;
	}
}

void guest_queue_doorbell(struct guest *g, uint32_t slot, uint32_t value)
{
	volatile uint32_t *word = (volatile uint32_t *)
		(g->dev.shm + EMBER_REG_QUEUE_DOORBELL(slot));

	__atomic_store_n(word, htole32(value), __ATOMIC_RELEASE);
	ember_device_doorbell(&g->dev, EMBER_DOORBELL_QUEUES);
}

void guest_queue_submit(struct guest *g, struct guest_queue *q)
{
	guest_queue_desc_write(g, q, EMBER_QUEUE_DESC_WPTR, q->wptr);
	guest_queue_doorbell(g, q->slot, q->wptr);
	if (!g->started)
		ember_ring_run_sync(&g->dev, EMBER_SCHED_QUEUE_STREAM(q->slot));
}

uint64_t guest_queue_submit_ib(struct guest *g, struct guest_queue *q,
			       uint32_t ctx, const struct guest_ib *ib)
{
	uint64_t value = ++q->fence_seq;

	QRING(g, q, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), ctx, LO(ib->va),
	      HI(ib->va), ib->len * 4);
	QRING(g, q, EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
	      LO(q->fence_gpa), HI(q->fence_gpa), LO(value), HI(value));
	guest_queue_submit(g, q);
	return value;
}

uint64_t guest_queue_fence(struct guest *g, const struct guest_queue *q)
{
	return le64toh(__atomic_load_n((uint64_t *)guest_ptr(g, q->fence_gpa),
				       __ATOMIC_ACQUIRE));
}

bool guest_queue_wait_fence(struct guest *g, struct guest_queue *q,
			    uint64_t value, int timeout_ms)
{
	int64_t deadline = guest_now_ms() + timeout_ms;

	while (guest_queue_fence(g, q) < value) {
		const struct timespec ms = { .tv_nsec = 1000000 };

		if (guest_now_ms() > deadline)
			return false;
		nanosleep(&ms, NULL);
	}
	return true;
}

uint32_t guest_queue_irq_seq(struct guest *g, uint32_t slot)
{
	return le32toh(__atomic_load_n((volatile uint32_t *)
				       (g->dev.shm + EMBER_REG_QUEUE_IRQ_SEQ(slot)),
				       __ATOMIC_ACQUIRE));
}
