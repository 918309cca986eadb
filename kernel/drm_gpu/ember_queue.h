/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_QUEUE_H__
#define __EMBER_QUEUE_H__

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

struct ember_device;
struct ember_ring;
struct ember_sched;
struct seq_file;

/**
 * struct ember_queue_pool - The device queues of contract 1.9 and their
 * slots, see DOC: Device queues in ember_queue.c.
 */
struct ember_queue_pool {
	/** @edev: The device. */
	struct ember_device *edev;

	/**
	 * @enabled: The device has CAPS.QUEUES, room for the queue pages and
	 * a vector to share: contexts created while the device_queues module
	 * parameter is on get device queues. Never changes after init.
	 */
	bool enabled;

	/** @regs: BAR2's queue doorbell and interrupt pages, mapped uncached. */
	void __iomem *regs;

	/** @num_slots: NUM_QUEUES of the device, at most EMBER_MAX_QUEUES. */
	u32 num_slots;

	/** @capacity: Most queues the pool may hold (every context's queues). */
	u32 capacity;

	/**
	 * @lock: Protects the pool (@count, each queue's in_use and
	 * wants_slot) and the mapping of queues to slots. Taken by context
	 * creation and release, run_job when a queue has no slot, @slot_work
	 * and recovery; outside every ring's emit_lock, inside
	 * &ember_sched.reset_lock. Held across QUEUE_MAP and QUEUE_UNMAP.
	 */
	struct mutex lock;

	/**
	 * @slot_lock: Protects @slot_rings for the readers that cannot sleep
	 * (fault records, interrupt threads); written under @lock too. A
	 * leaf lock but for the rings' fence_lock (taken inside it).
	 */
	spinlock_t slot_lock;

	/** @slot_rings: The queue mapped in each slot, NULL if none. */
	struct ember_ring **slot_rings;

	/**
	 * @count: Queues allocated so far; @queues[0 .. @count) never goes
	 * away before the device does, so it can be read without @lock
	 * (READ_ONCE(), published with smp_store_release()).
	 */
	u32 count;

	/** @queues: Every queue of the pool, @capacity entries. */
	struct ember_ring **queues;

	/** @wq: The queues' schedulers' workqueue, shared, high priority. */
	struct workqueue_struct *wq;

	/**
	 * @slot_work: Maps queues that wait for a slot once one frees (a
	 * queue went idle or was released).
	 */
	struct delayed_work slot_work;
};

int ember_queue_pool_early_init(struct ember_device *edev, struct ember_queue_pool *pool);
int ember_queue_pool_init(struct ember_device *edev);
void ember_queue_pool_fini(struct ember_sched *sched);
bool ember_queue_for_new_context(struct ember_sched *sched);
struct ember_ring *ember_queue_get(struct ember_device *edev, u32 priority, u32 hw_ctx);
void ember_queue_put(struct ember_ring *ring);
void ember_queue_kick_locked(struct ember_ring *ring);
void ember_queue_ensure_mapped(struct ember_ring *ring);
void ember_queue_went_idle(struct ember_ring *ring);
void ember_queue_handle_vector(struct ember_device *edev, u32 vector);
struct ember_ring *ember_queue_of_slot(struct ember_sched *sched, u32 slot);
void ember_queue_read_reset_point(struct ember_ring *ring);
int ember_queue_unmap_hung(struct ember_ring *ring);
void ember_queue_unplug(struct ember_sched *sched, bool answers);
void ember_queue_debugfs_show(struct ember_ring *ring, struct seq_file *m);
u32 ember_queue_pending_bytes(u32 rptr, u32 tail, u32 ring_size);
bool ember_queue_fault_stops(u32 detail);
u32 ember_queue_desc_read(struct ember_ring *ring, u32 reg);

#endif /* __EMBER_QUEUE_H__ */
