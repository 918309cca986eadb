/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_SCHED_H__
#define __EMBER_SCHED_H__

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <drm/gpu_scheduler.h>

#include "ember_queue.h"
#include "ember_regs.h"

struct ember_ctx;
struct ember_device;
struct ember_devcoredump;
struct ember_ring;

/* Fault records the driver keeps for debugfs, newest last. */
#define EMBER_FAULT_LOG_SIZE	32

/**
 * struct ember_fault_record - A fault record as read from the device.
 */
struct ember_fault_record {
	/** @seq: The record's sequence number (FAULT_REC_SEQ). */
	u32 seq;

	/** @kind: EMBER_FAULT_*. */
	u32 kind;

	/**
	 * @ring: The ring (&ember_ring.index); for a device queue's fault,
	 * the index of the queue mapped in @slot, or the device's
	 * NO_CONTEXT if none is.
	 */
	u32 ring;

	/** @slot: The device queue slot (FAULT_REC_QUEUE), EMBER_NO_QUEUE for a ring. */
	u32 slot;

	/** @hw_ctx: The hardware context, or EMBER_NO_CONTEXT. */
	u32 hw_ctx;

	/** @ring_pos: RING_HEAD of the kernel packet that faulted. */
	u32 ring_pos;

	/** @ib_offset: Byte offset of the user packet in the IB. */
	u32 ib_offset;

	/** @va: The faulting VA, or the VA of the user packet. */
	u64 va;

	/** @detail: The access (translation, permission) or packet header. */
	u32 detail;

	/** @queue: The context's queue of the faulting job, or U32_MAX. */
	u32 queue;

	/** @timestamp: Device time of the fault (ns). */
	u64 timestamp;
};

/**
 * struct ember_sched - The device's rings, hardware contexts and recovery.
 */
struct ember_sched {
	/** @edev: The device. */
	struct ember_device *edev;

	/** @num_rings: Rings in use: min(NUM_RINGS, ring vectors). */
	u32 num_rings;

	/** @rings: The rings. */
	struct ember_ring *rings;

	/**
	 * @timeout_wq: Ordered workqueue of every ring's timeout handler,
	 * so that recoveries (a device reset touches all rings) never run
	 * concurrently.
	 */
	struct workqueue_struct *timeout_wq;

	/** @job_timeout_ms: The job timeout, from the module parameter. */
	u32 job_timeout_ms;

	/**
	 * @max_ctxs_per_file: Most hardware contexts one file's contexts
	 * may hold, from the module parameter. Never changes.
	 */
	u32 max_ctxs_per_file;

	/**
	 * @reset_lock: Serialises recovery with the unplug path. Taken by the
	 * timeout handler and ember_sched_unplug(); outside every ring lock.
	 */
	struct mutex reset_lock;

	/** @device_resets: Device resets the driver did. Under @reset_lock. */
	u32 device_resets;

	/** @ctx_resets: Context resets the driver did. Under @reset_lock. */
	u32 ctx_resets;

	/**
	 * @queue_resets: Device queues the driver stopped alone after a hang
	 * (see DOC: Device queues). Under @reset_lock.
	 */
	u32 queue_resets;

	/**
	 * @hw_ctx_lock: Protects @hw_ctxs. Taken by context create and
	 * release and by the fault handler; a leaf lock.
	 */
	spinlock_t hw_ctx_lock;

	/** @num_hw_ctxs: Hardware contexts of the device (NUM_CONTEXTS). */
	u32 num_hw_ctxs;

	/**
	 * @hw_ctxs: The context owning each hardware context, NULL if free.
	 * Entries do not hold a reference: a context clears its entry when
	 * it is released, and lookups use kref_get_unless_zero().
	 */
	struct ember_ctx *hw_ctxs[EMBER_MAX_CONTEXTS];

	/**
	 * @fault_lock: Serialises fault-record processing (IRQ thread, ring
	 * IRQ threads, timeout) and protects @fault_seq and @fault_log.
	 * Taken outside the rings' fence_lock and the contexts' state_lock.
	 */
	spinlock_t fault_lock;

	/** @num_fault_slots: NUM_FAULT_SLOTS of the device. */
	u32 num_fault_slots;

	/** @fault_seq: Sequence number of the last record consumed. */
	u32 fault_seq;

	/** @faults_lost: Records the device overwrote before we read them. */
	u32 faults_lost;

	/** @fault_log: The last EMBER_FAULT_LOG_SIZE records, a ring buffer. */
	struct ember_fault_record fault_log[EMBER_FAULT_LOG_SIZE];

	/** @fault_log_count: Records ever logged; the next goes at % size. */
	u32 fault_log_count;

	/** @coredump: The devcoredump capture (ember_devcoredump.c). */
	struct ember_devcoredump *coredump;

	/** @queues: The device queues (contract 1.9), see DOC: Device queues. */
	struct ember_queue_pool queues;
};

extern const struct drm_sched_backend_ops ember_sched_ops;

int ember_sched_init(struct ember_device *edev);
void ember_sched_unplug(struct ember_device *edev);
int ember_sched_reset_device(struct ember_device *edev);
void ember_sched_handle_faults(struct ember_device *edev);
u32 ember_sched_ring_priority(u32 r, u32 n);
u32 ember_sched_pick_ring_of(const u32 *ring_priorities, u32 num_rings, u32 priority,
			     u32 used);
u32 ember_sched_pick_ring(struct ember_device *edev, u32 priority, u32 used);
int ember_sched_hw_ctx_alloc(struct ember_device *edev, struct ember_ctx *ctx,
			     u32 *hw_ctx);
void ember_sched_hw_ctx_free(struct ember_device *edev, u32 hw_ctx);

#endif /* __EMBER_SCHED_H__ */
