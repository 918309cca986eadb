/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Queues
 *
 * Since contract 1.9 (CAP_QUEUES) the driver may have any number of
 * queues in guest memory and map up to NUM_QUEUES of them at once into
 * the device's queue slots (ember-hw.rst, "Queues (since 1.9)"). This
 * file owns the slots: QUEUE_MAP and QUEUE_UNMAP from the mailbox, the
 * queue descriptor (read once at map time, then only its WPTR; its RPTR,
 * STATUS and reset words written by the device), the doorbell page, the
 * queue interrupt page and the device reset of mapped queues.
 *
 * A mapped queue is executed by a command processor like a ring's
 * (ring.c, struct ember_ring at EMBER_SCHED_QUEUE_STREAM(slot)), with its
 * own thread and its own place in the engine's arbitration, so a queue
 * waiting on memory or running a long dispatch never holds up another.
 *
 * Nothing the guest writes can crash the device: a descriptor is checked
 * completely before its queue runs, the ring's host mapping is made from
 * the checked base and size, WPTR is checked before every packet, and a
 * doorbell for an empty slot is a fault record.
 *
 * Locking: map and unmap run in the mailbox thread with the engine held
 * (ember_sched_lock()), so no command processor is between a check and
 * its use of the mapping; the doorbell page is only read by the mailbox
 * thread (@queue_doorbell_seen is its own).
 */

#ifndef EMBER_FW_QUEUE_H
#define EMBER_FW_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_regs.h"

struct ember_device;
struct ember_ring;

void ember_queues_init(struct ember_device *dev);

/*
 * QUEUE_MAP: map the descriptor at @desc_gpa into @slot. Returns
 * EMBER_MGMT_STATUS_*; on BAD_ARG *@reason is an EMBER_QUEUE_ERR_*.
 */
uint32_t ember_queue_map(struct ember_device *dev, uint32_t slot,
			 uint64_t desc_gpa, uint32_t *reason);
/*
 * QUEUE_UNMAP: abort @slot's running packet, free the slot. Returns
 * EMBER_MGMT_STATUS_*; on OK, *@rptr and *@cut (1: a packet was cut
 * short), on BAD_ARG *@rptr is the EMBER_QUEUE_ERR_*.
 */
uint32_t ember_queue_unmap(struct ember_device *dev, uint32_t slot,
			   uint32_t *rptr, uint32_t *cut);

/* Doorbell EMBER_DOORBELL_QUEUES: wake every queue whose doorbell moved. */
void ember_queues_doorbell(struct ember_device *dev);

/* With the engine held (device reset): every mapped queue as a ring. */
void ember_queues_reset(struct ember_device *dev);

/* The descriptor of a mapped queue @ring (ring.c's accessors). */
uint32_t ember_queue_read_wptr(const struct ember_ring *ring);
void ember_queue_publish_rptr(struct ember_ring *ring);
void ember_queue_publish_status(struct ember_ring *ring, uint32_t status);
/* RESET_RPTR = RPTR, RESET_STATUS from @started. */
void ember_queue_write_reset(struct ember_ring *ring, bool started);
/* QUEUE_IRQ_SEQ up, then the queue's vector. */
void ember_queue_raise_irq(struct ember_ring *ring);

#endif /* EMBER_FW_QUEUE_H */
