/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Queues for in-process tests
 *
 * The guest of guest.h driving contract 1.9's queues as a driver would: a
 * queue descriptor and its ring in guest RAM, QUEUE_MAP/QUEUE_UNMAP
 * through the mailbox, WPTR published in the descriptor and the doorbell
 * page before doorbell 0, a fence per queue, waits with a timeout.
 */

#ifndef EMBER_FW_TEST_GUEST_QUEUE_H
#define EMBER_FW_TEST_GUEST_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "guest.h"

struct guest_queue {
	/** @desc_gpa: the descriptor (EMBER_QUEUE_DESC_SIZE bytes). */
	uint64_t desc_gpa;
	uint64_t ring_gpa;
	uint32_t ring_size;
	/** @wptr: the driver's write pointer (not yet published). */
	uint32_t wptr;
	/** @slot: where it is mapped (set by guest_queue_map()). */
	uint32_t slot;
	uint64_t fence_gpa;
	uint64_t fence_seq;
};

/* A zeroed descriptor for a queue of @ctx with a fresh ring and fence. */
void guest_queue_init(struct guest *g, struct guest_queue *q, uint32_t ctx,
		      uint32_t priority, uint32_t vector);
/* The descriptor's dword at @offset (EMBER_QUEUE_DESC_*). */
uint32_t guest_queue_desc(struct guest *g, const struct guest_queue *q,
			  uint32_t offset);
void guest_queue_desc_write(struct guest *g, const struct guest_queue *q,
			    uint32_t offset, uint32_t value);

/* QUEUE_MAP into @slot: MGMT_STATUS, the reason in *@reason (if non-NULL). */
uint32_t guest_queue_map(struct guest *g, struct guest_queue *q, uint32_t slot,
			 uint32_t *reason);
/* QUEUE_MAP of a raw descriptor address. */
uint32_t guest_queue_map_gpa(struct guest *g, uint32_t slot, uint64_t desc_gpa,
			     uint32_t *reason);
/* QUEUE_UNMAP of @slot: MGMT_STATUS, RESULT0 and RESULT1. */
uint32_t guest_queue_unmap(struct guest *g, uint32_t slot, uint32_t *result0,
			   uint32_t *result1);

void guest_queue_emit(struct guest *g, struct guest_queue *q,
		      const uint32_t *dw, uint32_t n);
#define QRING(g, q, ...) guest_queue_emit(g, q, (const uint32_t[]){ __VA_ARGS__ }, \
	sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4)
/* Publish WPTR, write the doorbell page, ring doorbell 0 (or run it). */
void guest_queue_submit(struct guest *g, struct guest_queue *q);
/* RUN_IB in @ctx + FENCE with interrupt; the fence value to wait for. */
uint64_t guest_queue_submit_ib(struct guest *g, struct guest_queue *q,
			       uint32_t ctx, const struct guest_ib *ib);
uint64_t guest_queue_fence(struct guest *g, const struct guest_queue *q);
bool guest_queue_wait_fence(struct guest *g, struct guest_queue *q,
			    uint64_t value, int timeout_ms);
/* QUEUE_IRQ_SEQ of @slot. */
uint32_t guest_queue_irq_seq(struct guest *g, uint32_t slot);
/* Write the doorbell page word of @slot and ring doorbell 0. */
void guest_queue_doorbell(struct guest *g, uint32_t slot, uint32_t value);

#endif /* EMBER_FW_TEST_GUEST_QUEUE_H */
