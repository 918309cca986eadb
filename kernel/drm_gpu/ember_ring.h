/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_RING_H__
#define __EMBER_RING_H__

#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <drm/gpu_scheduler.h>

#include "ember_regs.h"

struct dma_fence;
struct ember_device;
struct ember_job;
struct seq_file;

/* Bytes of ring one job takes: TIMESTAMP, RUN_IB, TIMESTAMP, FENCE. */
#define EMBER_RING_JOB_BYTES	64

/*
 * Jobs one ring has in flight at most: the drm_sched credit limit. The
 * ring holds twice as many jobs, because the device writes RING_HEAD past a
 * job only after its fence, so a job can be complete for the driver while
 * the device still counts its packets as unread.
 */
#define EMBER_RING_MAX_JOBS	128
#define EMBER_RING_BUF_SIZE		(2 * EMBER_RING_MAX_JOBS * EMBER_RING_JOB_BYTES)

/**
 * struct ember_ring_timestamps - Device times a job started and ended.
 */
struct ember_ring_timestamps {
	/** @start: Written by the TIMESTAMP packet before the job's RUN_IB. */
	__le64 start;

	/** @end: Written by the TIMESTAMP packet after it. */
	__le64 end;
};

/**
 * struct ember_ring_status - What the device writes for a ring, in one
 * page of coherent DMA memory.
 */
struct ember_ring_status {
	/** @fence: The seqno of the last job whose FENCE packet ran. */
	__le64 fence;

	/** @ping: The value of the last ring ping's FENCE packet. */
	__le64 ping;

	/** @reserved: Keeps @timestamps on their own cache line. */
	__le64 reserved[6];

	/** @timestamps: Per job slot (hardware seqno % EMBER_RING_MAX_JOBS). */
	struct ember_ring_timestamps timestamps[EMBER_RING_MAX_JOBS];

	/**
	 * @queue_desc: The queue descriptor of a device queue (contract 1.9,
	 * EMBER_QUEUE_DESC_*), unused by a legacy ring: the first half the
	 * driver's, the second the device's. It shares the page so that a
	 * queue costs one coherent allocation besides its ring buffer.
	 */
	__le32 queue_desc[EMBER_QUEUE_DESC_SIZE / 4] __aligned(EMBER_QUEUE_DESC_SIZE);
};

/**
 * struct ember_ring_reset_point - Where a device reset cut a ring.
 *
 * Read from RING_RESET_HEAD and RING_RESET_STATUS (contract 1.5) after a
 * device reset, see ember_ring_read_reset_point().
 */
struct ember_ring_reset_point {
	/**
	 * @known: The device reported the point and it passed the checks;
	 * without it every unfinished job counts as cut short.
	 */
	bool known;

	/** @started: The packet at @head had begun (RESET_STARTED). */
	bool started;

	/** @head: RING_HEAD when the reset discarded the ring's packets. */
	u32 head;
};

/**
 * enum ember_ring_job_fate - What a device reset did to an unfinished job.
 */
enum ember_ring_job_fate {
	/** @EMBER_RING_JOB_NOT_STARTED: Its RUN_IB had not begun: run it again. */
	EMBER_RING_JOB_NOT_STARTED,

	/**
	 * @EMBER_RING_JOB_CUT_SHORT: Its RUN_IB had begun and not finished:
	 * running it again would repeat what it did; its work is lost.
	 */
	EMBER_RING_JOB_CUT_SHORT,

	/** @EMBER_RING_JOB_RAN: Its RUN_IB ran to the end, only its fence is missing. */
	EMBER_RING_JOB_RAN,
};

/**
 * struct ember_ring - A hardware ring, or a device queue, and its scheduler.
 *
 * A device queue (contract 1.9, see DOC: Device queues in ember_queue.c)
 * is a ring of kernel packets too, with the same packets, head/tail
 * protocol, fences and recovery; only where the device finds it
 * (a descriptor instead of ring registers), how it is woken (a doorbell
 * word) and how it interrupts (a shared vector and a sequence word)
 * differ. The fields from @is_queue on are a queue's.
 */
struct ember_ring {
	/** @edev: The device. */
	struct ember_device *edev;

	/**
	 * @index: Ring number in the contract (doorbell and vector 1 + r);
	 * for a device queue, EMBER_MAX_RINGS + its number in the queue pool,
	 * so that every ring and queue of the device has its own index.
	 */
	u32 index;

	/**
	 * @hw_priority: RING_PRIORITY of the ring, see DOC: Scheduler; for a
	 * queue, its descriptor's PRIORITY (the queue's enum
	 * drm_ember_queue_priority). Set while no job is in flight.
	 */
	u32 hw_priority;

	/**
	 * @busy_index: Which of &ember_file_usage.busy_ns the ring's jobs
	 * count in: the ring's own index, or for a queue the ring of its
	 * priority (see Documentation/gpu/ember-fdinfo.rst).
	 */
	u32 busy_index;

	/** @name: "ring<index>" or "queue<n>", the scheduler's and fdinfo's name. */
	char name[16];

	/** @cpu: The ring buffer, EMBER_RING_BUF_SIZE bytes of coherent memory. */
	__le32 *cpu;

	/** @dma: Bus address of @cpu. */
	dma_addr_t dma;

	/** @status: Fence value and job timestamps, written by the device. */
	struct ember_ring_status *status;

	/** @status_dma: Bus address of @status. */
	dma_addr_t status_dma;

	/**
	 * @emit_lock: Serialises writing packets: protects @tail,
	 * @emitted_seqno and the ring buffer. Taken by run_job and by the
	 * device reset, which rewrites what the reset discarded. Never held
	 * while allocating memory or waiting for a fence.
	 */
	struct mutex emit_lock;

	/** @tail: Free-running byte count written to RING_TAIL. */
	u32 tail;

	/**
	 * @emitted_seqno: Seqno of the last job written to the ring. Read
	 * without the lock by ember_ring_process_completions(), which
	 * rejects a fence value the driver never emitted.
	 */
	u64 emitted_seqno;

	/**
	 * @ping_lock: Serialises ring pings (ember_ring_ping()), so that at
	 * most one ping is in the ring besides the scheduler's jobs. Taken
	 * before @emit_lock.
	 */
	struct mutex ping_lock;

	/** @ping_seqno: Value of the last ping written. Protected by @emit_lock. */
	u64 ping_seqno;

	/** @ping_wq: Where a ping waits for its FENCE; woken by the IRQ thread. */
	wait_queue_head_t ping_wq;

	/**
	 * @ping_seen: The last ping value the IRQ thread saw, and
	 * @ping_seen_time: when it saw it (the ping's signal time). Written
	 * by the IRQ thread only, @ping_seen last (release).
	 */
	u64 ping_seen;

	/** @ping_seen_time: See @ping_seen. */
	ktime_t ping_seen_time;

	/**
	 * @fence_lock: Protects @in_flight and is the lock of every hardware
	 * fence of the ring. Taken by completion processing (IRQ thread,
	 * timeout, reset, unplug) and when a job is added to @in_flight.
	 */
	spinlock_t fence_lock;

	/**
	 * @in_flight: Jobs written to the ring whose hardware fence has not
	 * signalled, in ring order (&ember_job.ring_link).
	 */
	struct list_head in_flight;

	/** @fence_context: dma-fence context of the hardware fences. */
	u64 fence_context;

	/** @sched: The ring's scheduler: one drm_sched per hardware ring. */
	struct drm_gpu_scheduler sched;

	/**
	 * @submit_wq: The scheduler's ordered, high-priority workqueue
	 * (run_job and free_job); a queue's is shared with the other queues.
	 */
	struct workqueue_struct *submit_wq;

	/**
	 * @reset_point: Where the last device reset cut the ring. Written and
	 * read by the device reset, under &ember_sched.reset_lock.
	 */
	struct ember_ring_reset_point reset_point;

	/** @is_queue: A device queue, not a legacy ring. Never changes. */
	bool is_queue;

	/**
	 * @slot: The device queue slot the queue is mapped in, EMBER_NO_QUEUE
	 * while unmapped. Written under &ember_sched.queue_lock and the
	 * ring's @emit_lock, so either is enough to read it.
	 */
	u32 slot;

	/**
	 * @hw_ctx: The hardware context of the queue's descriptor, for the
	 * owning context. Set while the queue is unmapped and idle.
	 */
	u32 hw_ctx;

	/** @vector: The interrupt vector of the queue's descriptor. Never changes. */
	u32 vector;

	/**
	 * @irq_seq: QUEUE_IRQ_SEQ of @slot when last looked at; only compared
	 * with the device's value for a change. Written by the vector's IRQ
	 * thread, and by the mapping before the queue is published in its
	 * slot.
	 */
	u32 irq_seq;

	/**
	 * @in_use: The queue belongs to a context (else it is free in the
	 * pool). Protected by &ember_sched.queue_lock.
	 */
	bool in_use;

	/**
	 * @wants_slot: The queue has jobs written but no slot: it is mapped
	 * as soon as one frees. Protected by &ember_sched.queue_lock.
	 */
	bool wants_slot;

	/** @last_used: jiffies of the last job written, to evict the idlest. */
	unsigned long last_used;
};

int ember_ring_init(struct ember_device *edev, struct ember_ring *ring,
		    u32 index, u32 hw_priority);
void ember_ring_program(struct ember_ring *ring);
struct dma_fence *ember_ring_run_job(struct ember_ring *ring, struct ember_job *job);
void ember_ring_emit_job_locked(struct ember_ring *ring, struct ember_job *job);
void ember_ring_kick_locked(struct ember_ring *ring);
void ember_ring_handle_irq(struct ember_ring *ring);
int ember_ring_ping(struct ember_ring *ring);
void ember_ring_reemit_ping_locked(struct ember_ring *ring);
void ember_ring_process_completions(struct ember_ring *ring);
void ember_ring_take_in_flight(struct ember_ring *ring, struct list_head *jobs);
void ember_ring_signal_job(struct ember_ring *ring, struct ember_job *job, int error);
bool ember_ring_reset_head_valid(u32 reset_head, u32 tail);
enum ember_ring_job_fate ember_ring_job_fate(const struct ember_ring_reset_point *point,
					     u32 run_ib_pos, bool has_ib);
void ember_ring_read_reset_point(struct ember_ring *ring);
void ember_ring_mark_lost_jobs(struct ember_ring *ring,
			       const struct ember_ring_reset_point *point);
void ember_ring_fail_all(struct ember_ring *ring, int error);
u32 ember_ring_queue_of_pos(struct ember_ring *ring, u32 ring_pos);
void ember_ring_debugfs_show(struct ember_ring *ring, struct seq_file *m);

#endif /* __EMBER_RING_H__ */
