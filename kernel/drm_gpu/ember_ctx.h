/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_CTX_H__
#define __EMBER_CTX_H__

#include <linux/atomic.h>
#include <linux/kref.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <drm/gpu_scheduler.h>

#include "ember_regs.h"

struct drm_device;
struct drm_ember_queue_info;
struct drm_file;
struct drm_printer;
struct ember_device;
struct ember_fault_record;
struct ember_file;
struct ember_ring;
struct ember_vm;
struct seq_file;

/*
 * Most queues one context may have (&drm_ember_gpu_info.max_queues): one
 * per priority level and hardware ring it could use covers the device's
 * default of 3 rings at every priority.
 */
#define EMBER_CTX_MAX_QUEUES	8

/**
 * struct ember_file_usage - A file's engine busy time, for fdinfo, and the
 * hardware contexts it holds.
 *
 * Referenced by the file and by each of its contexts, so that jobs that
 * complete after their context was destroyed still count. Busy times are
 * 64-bit atomics: each is one independent counter, read without a lock.
 */
struct ember_file_usage {
	/** @refcount: The file and its contexts. */
	struct kref refcount;

	/**
	 * @hw_ctxs: Hardware contexts the file's contexts hold, destroyed
	 * ones included until they are released; at most
	 * &ember_sched.max_ctxs_per_file (see DOC: Scheduler).
	 */
	atomic_t hw_ctxs;

	/** @busy_ns: Device time spent running the file's jobs, per ring. */
	atomic64_t busy_ns[EMBER_MAX_RINGS];
};

/**
 * struct ember_queue - One queue of a context: a scheduler entity.
 */
struct ember_queue {
	/** @entity: The entity, on the queue's ring or device queue. */
	struct drm_sched_entity entity;

	/** @priority: enum drm_ember_queue_priority, as asked for. */
	u32 priority;

	/** @ring: The index of the ring (&ember_ring.index) the queue runs on. */
	u32 ring;

	/**
	 * @device_queue: The queue's own device queue (see DOC: Device queues
	 * in ember_queue.c), NULL when it shares a legacy ring. Owned by the
	 * context until its release gives it back to the pool.
	 */
	struct ember_ring *device_queue;
};

/**
 * struct ember_ctx_fault - What CTX_GET_STATE reports of the first fault.
 */
struct ember_ctx_fault {
	/** @kind: EMBER_FAULT_*, 0 while the context has not faulted. */
	u32 kind;

	/** @queue: The queue of the faulting job. */
	u32 queue;

	/** @ring: The ring the faulting job ran on. */
	u32 ring;

	/** @ring_pos: RING_HEAD of the faulting RUN_IB. */
	u32 ring_pos;

	/** @ib_offset: Offset of the bad packet in the indirect buffer. */
	u32 ib_offset;

	/** @detail: The record's kind-specific detail. */
	u32 detail;

	/** @va: The faulting VA (or the packet's VA, see ember-hw.rst). */
	u64 va;
};

/**
 * struct ember_ctx - A context: one hardware context and its queues.
 */
struct ember_ctx {
	/** @refcount: The file's handle, and each job of the context. */
	struct kref refcount;

	/** @edev: The device. */
	struct ember_device *edev;

	/** @vm: The VM the context's jobs run in, referenced. */
	struct ember_vm *vm;

	/** @usage: The owning file's busy-time counters, referenced. */
	struct ember_file_usage *usage;

	/** @handle: The context's handle in its file (debugfs, coredump). */
	u32 handle;

	/** @hw_ctx: The hardware context (context-table slot) it owns. */
	u32 hw_ctx;

	/** @pid: The creating process, for debugfs and coredumps. */
	pid_t pid;

	/** @comm: The creating process's name. */
	char comm[TASK_COMM_LEN];

	/** @num_queues: Number of elements of @queues. */
	u32 num_queues;

	/** @queues: The queues. */
	struct ember_queue *queues;

	/**
	 * @state_lock: Protects @state, @fence_error and @fault. Taken by
	 * the fault handler, the job timeout, completion processing (inside
	 * the ring's fence_lock) and CTX_GET_STATE.
	 */
	spinlock_t state_lock;

	/** @state: enum drm_ember_ctx_state_flags. */
	u32 state;

	/**
	 * @fence_error: Error of the context's jobs once it is banned:
	 * -EIO after a fault, -ETIMEDOUT after a hang, -ECANCELED once a
	 * device reset cut one of its started jobs short.
	 */
	int fence_error;

	/** @fault: The first fault (or hang) of the context. */
	struct ember_ctx_fault fault;

	/**
	 * @release_work: Frees the context once the last reference is gone,
	 * outside the scheduler's free_job (see ember_ctx_release_work()).
	 */
	struct work_struct release_work;
};

int ember_ctx_file_init(struct ember_file *efile);
void ember_ctx_file_fini(struct ember_file *efile);
void ember_ctx_show_fdinfo(struct ember_file *efile, struct drm_printer *p);

int ember_ioctl_ctx_create(struct drm_device *ddev, void *data, struct drm_file *file);
int ember_ioctl_ctx_destroy(struct drm_device *ddev, void *data, struct drm_file *file);
int ember_ioctl_ctx_get_state(struct drm_device *ddev, void *data,
			      struct drm_file *file);

struct ember_ctx *ember_ctx_lookup(struct ember_file *efile, u32 handle);
struct ember_ctx *ember_ctx_get(struct ember_ctx *ctx);
void ember_ctx_put(struct ember_ctx *ctx);
void ember_ctx_put_deferred(struct ember_ctx *ctx);

int ember_ctx_ban_error(struct ember_ctx *ctx);
int ember_ctx_job_error(struct ember_ctx *ctx, u32 ring, u32 ring_pos);
bool ember_ctx_set_hang(struct ember_ctx *ctx, u32 queue, u32 ring, u32 ring_pos);
bool ember_ctx_set_fault(struct ember_ctx *ctx, const struct ember_fault_record *rec,
			 u32 queue);
bool ember_ctx_set_innocent_lost(struct ember_ctx *ctx, u32 ring, u32 ring_pos);
void ember_ctx_set_device_lost(struct ember_ctx *ctx);
void ember_ctx_debugfs_show(struct ember_ctx *ctx, struct seq_file *m);
void ember_ctx_queue_info(struct ember_ctx *ctx, u32 q, struct drm_ember_queue_info *info);

#endif /* __EMBER_CTX_H__ */
