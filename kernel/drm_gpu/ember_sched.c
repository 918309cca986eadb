// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/kref.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/ember_drm.h>

#include "ember_ctx.h"
#include "ember_debugfs.h"
#include "ember_devcoredump.h"
#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_job.h"
#include "ember_packets.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: Scheduler
 *
 * On a device with queues in memory (contract 1.9, CAPS.QUEUES) every
 * queue of every context is a device queue of its own, with its own
 * drm_sched, and no queue waits for another: see DOC: Device queues in
 * ember_queue.c. What follows is the legacy path, for a device without
 * them (or the device_queues module parameter off); the rings stay up on
 * both (the ring ping uses them).
 *
 * Every hardware ring has one drm_sched (&ember_ring.sched); a context's
 * queue is a drm_sched entity on the rings of its priority. drm_sched
 * orders each queue's jobs, waits for their dependencies and calls
 * run_job, which writes the job to the ring (see DOC: Rings in
 * ember_ring.c); the ring's hardware fence is the job's parent fence.
 *
 * Each queue runs on one ring, chosen when the context is created
 * (ember_sched_pick_ring()). Rings have a RING_PRIORITY (the device runs
 * the ring of highest priority first, equal priorities in turn): with the
 * usual three rings, ring 0 is LOW, ring 1 MEDIUM and ring 2 HIGH; with
 * fewer, ring r has priority r; with more, ring 0 is LOW, the last one
 * HIGH and the ones between MEDIUM. A queue goes to a ring of its
 * priority, but two queues of one context never share a ring while the
 * context has fewer queues than there are rings: the device runs a ring's
 * packets one after the other, so a queue waiting on memory (WAIT_MEM)
 * that another queue of its context will write would otherwise wait
 * forever, and the uAPI promises that queues are independent. A queue
 * that cannot have a ring of its own priority takes the free ring nearest
 * in priority, a lower one first (so no queue gains priority it could
 * not have asked for, when a lower ring is free).
 *
 * A context owns one hardware context (a slot of the device's context
 * table, holding its VM's page-table root) for its whole life, shared by
 * its queues: a fault stops the context on every ring at once, as the
 * uAPI says. The device has few of them (64), so one file's contexts may
 * hold at most max_contexts_per_file (module parameter, 16 by default;
 * &drm_ember_gpu_info.max_contexts_per_file), counted until each is
 * released (&ember_file_usage.hw_ctxs): one client cannot take them all
 * and lock every other out of the GPU.
 *
 * The job timeout is the job_timeout_ms module parameter (10000 ms by
 * default, reported in &drm_ember_gpu_info.job_timeout_ms). The device's
 * watchdog (WATCHDOG_MS) is set to half of it, so that an indirect buffer
 * that runs too long is normally stopped by the device itself, which
 * faults only its context (reported as a hang, see DOC: Recovery); the
 * scheduler's timeout catches what the device cannot, such as a stuck
 * ring or a dead device. The default is in the range of panthor's (5 s)
 * and xe's (5 s) because a legitimate compute kernel may run for seconds
 * (a 1024^3 SGEMM through Vulkan takes 1.3 s on the TCG-emulated device)
 * and must not be killed by the watchdog; detecting real hangs quickly
 * matters less than not losing work. The test lanes boot with
 * ember.job_timeout_ms=2000 so that their injected hangs are found fast.
 * The timeout also bounds how long a TLB invalidation may wait for a job
 * (see DOC: TLB invalidation in ember_mmu.c).
 *
 * Each ring's scheduler runs run_job and free_job on an ordered
 * WQ_HIGHPRI workqueue of its own: run_job is on every job's
 * submit-to-signal path, and with a normal-priority worker a one-CPU
 * machine only starts a job once the submitting thread sleeps. SUBMIT
 * gives the worker the CPU as soon as its jobs are pushed (a kernel
 * without full preemption would wait for the ioctl to return). Each
 * ring's scheduler has a single run queue: its queues all have the ring's
 * priority, and drm_sched looks at every run queue on every pass.
 */

/**
 * DOC: Recovery
 *
 * Faults. The device writes a fault record and raises vector 0; its IRQ
 * thread (and every ring's, before it signals fences) runs
 * ember_sched_handle_faults(), which reads the new records, logs them
 * (debugfs "faults"), finds the queue of the faulting job from the
 * record's ring position and marks the context: FAULTED and BANNED, with
 * -EIO as the error of its jobs, or for a watchdog fault GUILTY and
 * BANNED with -ETIMEDOUT. The first fault of a context is what
 * CTX_GET_STATE reports, and it triggers a devcoredump. Other contexts go
 * on: the device stopped only the faulting one. A ring fault (a bad
 * kernel packet: a driver bug) stops its ring; the ring's timeout handler
 * is run at once to reset the device.
 *
 * Hangs. When a ring's oldest job outlives the job timeout, drm_sched
 * calls ember_sched_timedout_job(). It first looks at the device's
 * counters again (an interrupt may have been lost); if the job is really
 * stuck:
 *
 * 1. every ring's scheduler stops submitting;
 * 2. the job's context becomes GUILTY and BANNED (fence error -ETIMEDOUT;
 *    later SUBMITs fail with -ECANCELED), its page-table root is cleared
 *    so that its jobs still in the rings can no longer touch memory, and
 *    a devcoredump is captured;
 * 3. the context is reset through the mailbox, which aborts a job parked
 *    at a preemption point, and the driver waits briefly for the job's
 *    fence;
 * 4. if that did not unstick the ring, the device is reset: it stops
 *    every job on the device and drops every queued packet without
 *    writing its fence. A job of an innocent context must not run twice
 *    (its writes, atomics and SIGNAL_MEMs would happen again), so the
 *    driver reads where the reset cut each ring (RING_RESET_HEAD and
 *    RESET_STARTED, contract 1.5, checked against the ring's TAIL; see
 *    ember_ring_job_fate()) and sorts every unfinished job:
 *
 *    a. its RUN_IB ran to the end: its fence signals, as for a completion;
 *    b. its RUN_IB had begun and was cut short: it is not run again; its
 *       context becomes INNOCENT_LOST and BANNED (fence error -ECANCELED,
 *       later SUBMITs -ECANCELED), as Vulkan's VK_ERROR_DEVICE_LOST needs:
 *       its other jobs may depend on the lost one. Every ring is sorted
 *       before any job is written again, so that no job of such a context
 *       runs again on any ring;
 *    c. it had not begun: written to its ring again, in order, unless its
 *       context is banned, when it signals with the context's error.
 *
 *    Without RING_RESET_HEAD (an older device) or with a value that cannot
 *    be a HEAD of the ring, every unfinished job with an indirect buffer
 *    counts as cut short: losing work is reported, running it twice is not;
 * 5. if the mailbox does not answer, the device is gone (ember-gpu died):
 *    ember_device_unplug() signals every pending fence with -ENODEV.
 *
 * On a device queue, step 4 is first tried on the queue alone: the queue
 * is unmapped (QUEUE_UNMAP aborts its running packet), the rest of its
 * ring is dropped and its jobs signal with the context's error; jobs of
 * every other queue are not touched. Only when the device does not unmap
 * it is the device reset; a device reset treats every mapped queue as a
 * ring (its RESET_RPTR and RESET_STATUS in its descriptor), and queues
 * that are not mapped ran nothing it could cut.
 *
 * drm_sched in Linux 6.12 takes the timed-out job off its pending list
 * while the handler runs; the handler puts it back at the head (as
 * drm_sched_stop() does for its bad job), where the scheduler frees it
 * once its fence has signalled.
 */

/**
 * DOC: Locking
 *
 * Locks of submission and recovery, outermost first:
 *
 * 1. &ember_sched.reset_lock: one recovery at a time, and recovery
 *    against unplug. Timeout handlers also run on one ordered workqueue.
 * 2. &ember_queue_pool.lock: mapping device queues to slots (run_job of
 *    a queue without a slot, context creation and release, device reset).
 * 3. &ember_ring.emit_lock: writing a ring or queue (run_job, device
 *    reset, mapping and unmapping a queue).
 * 4. &ember_gpu.mgmt.lock: the mailbox (QUEUE_MAP, QUEUE_UNMAP, resets).
 * 5. &ember_sched.fault_lock: consuming fault records.
 * 6. &ember_queue_pool.slot_lock: which queue is in which slot.
 * 7. &ember_ring.fence_lock: the in-flight list and hardware fences.
 * 8. &ember_ctx.state_lock and &ember_sched.hw_ctx_lock: leaves.
 *
 * Hardware fences are signalled from IRQ threads, the timeout handler and
 * the unplug path, never in hard IRQ context; none of those paths
 * allocates memory or takes a dma-resv lock. Everything that touches the
 * hardware or its DMA memory after probe runs inside drm_dev_enter() or
 * before ember_device_remove() returns.
 */

static unsigned int job_timeout_ms = 10000;
module_param(job_timeout_ms, uint, 0444);
MODULE_PARM_DESC(job_timeout_ms,
		 "A job running longer than this (ms, 100..60000) is a hang (default 10000)");

static unsigned int max_contexts_per_file = 16;
module_param(max_contexts_per_file, uint, 0444);
MODULE_PARM_DESC(max_contexts_per_file,
		 "Most contexts one open file may have (1..64, default 16, at most the device's)");

/* How long a context reset gets to unstick a ring before the device is reset. */
#define EMBER_CTX_RESET_WAIT_MS	100

static struct ember_ring *to_ember_ring(struct drm_gpu_scheduler *drm_sched)
{
	return container_of(drm_sched, struct ember_ring, sched);
}

static struct dma_fence *ember_sched_run_job(struct drm_sched_job *sched_job)
{
	struct ember_job *job = to_ember_job(sched_job);
	struct ember_ring *ring = to_ember_ring(sched_job->sched);
	struct dma_fence *fence;
	int cookie, err;

	if (!drm_dev_enter(&ring->edev->base, &cookie)) {
		ember_ctx_set_device_lost(job->ctx);
		return ERR_PTR(-ENODEV);
	}

	err = ember_ctx_ban_error(job->ctx);
	if (err)
		fence = ERR_PTR(err);
	else
		fence = ember_ring_run_job(ring, job);

	drm_dev_exit(cookie);
	return fence;
}

static void ember_sched_free_job(struct drm_sched_job *sched_job)
{
	drm_sched_job_cleanup(sched_job);
	ember_job_free(to_ember_job(sched_job));
}

/* Give the scheduler back the job drm_sched_job_timedout() took off its list. */
static void ember_sched_requeue_job(struct ember_ring *ring, struct ember_job *job)
{
	spin_lock(&ring->sched.job_list_lock);
	list_add(&job->base.list, &ring->sched.pending_list);
	spin_unlock(&ring->sched.job_list_lock);
}

/* How many rings and device queues ember_sched_engine() numbers. */
static u32 ember_sched_num_engines(struct ember_sched *sched)
{
	/* Pairs with the release in ember_queue_create_locked(). */
	return sched->num_rings + smp_load_acquire(&sched->queues.count);
}

/* Ring @i, then device queue @i - num_rings: every scheduler of the device. */
static struct ember_ring *ember_sched_engine(struct ember_sched *sched, u32 i)
{
	if (i < sched->num_rings)
		return &sched->rings[i];
	return sched->queues.queues[i - sched->num_rings];
}

static void ember_sched_stop_rings(struct ember_sched *sched, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		drm_sched_wqueue_stop(&ember_sched_engine(sched, i)->sched);
}

static void ember_sched_start_rings(struct ember_sched *sched, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		drm_sched_wqueue_start(&ember_sched_engine(sched, i)->sched);
}

/*
 * Waits up to @timeout_ms for @job's fence, processing completions itself
 * in case the ring's interrupt is lost.
 */
static bool ember_sched_wait_job(struct ember_ring *ring, struct ember_job *job,
				 unsigned int timeout_ms)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(timeout_ms);

	do {
		ember_ring_process_completions(ring);
		if (dma_fence_is_signaled(&job->hw_fence))
			return true;
		usleep_range(1000, 2000);
	} while (time_before(jiffies, deadline));

	ember_ring_process_completions(ring);
	return dma_fence_is_signaled(&job->hw_fence);
}

/**
 * ember_sched_reset_device_locked() - Reset the device and write the
 * in-flight jobs it had not begun to their rings again.
 * @sched: The scheduler, with every ring's submission stopped.
 *
 * See DOC: Recovery, step 4.
 *
 * Return: 0 on success, the mailbox's error if the device did not reset.
 */
static int ember_sched_reset_device_locked(struct ember_sched *sched)
{
	struct ember_device *edev = sched->edev;
	struct ember_job *job, *tmp;
	u32 i, n;
	int ret;

	lockdep_assert_held(&sched->reset_lock);

	/* No queue is mapped or unmapped meanwhile. */
	mutex_lock(&sched->queues.lock);
	ret = ember_gpu_reset_device(edev);
	if (ret)
		goto out_unlock;
	sched->device_resets++;
	n = ember_sched_num_engines(sched);

	/*
	 * Ban the contexts of cut jobs on every ring and mapped queue before
	 * writing any job again. An unmapped queue ran nothing the reset could
	 * cut: it was unmapped idle, its jobs since then have not begun.
	 */
	for (i = 0; i < n; i++) {
		struct ember_ring *ring = ember_sched_engine(sched, i);

		if (ring->is_queue && ring->slot == EMBER_NO_QUEUE)
			continue;
		/* Fences written before the reset are real completions. */
		ember_ring_process_completions(ring);
		ember_ring_read_reset_point(ring);
		ember_ring_mark_lost_jobs(ring, &ring->reset_point);
	}

	for (i = 0; i < n; i++) {
		struct ember_ring *ring = ember_sched_engine(sched, i);
		LIST_HEAD(jobs);

		if (ring->is_queue && ring->slot == EMBER_NO_QUEUE)
			continue;
		mutex_lock(&ring->emit_lock);
		ember_ring_take_in_flight(ring, &jobs);
		list_for_each_entry_safe(job, tmp, &jobs, ring_link) {
			int err;

			if (ember_ring_job_fate(&ring->reset_point, job->ring_pos, job->ib_size) ==
			    EMBER_RING_JOB_RAN) {
				err = ember_ctx_job_error(job->ctx, ring->index, job->ring_pos);
				ember_ring_signal_job(ring, job, err);
				continue;
			}
			err = ember_ctx_ban_error(job->ctx);
			if (err) {
				ember_ring_signal_job(ring, job, err);
				continue;
			}
			list_del_init(&job->ring_link);
			ember_ring_emit_job_locked(ring, job);
		}
		if (!ring->is_queue)
			ember_ring_reemit_ping_locked(ring);
		ember_ring_kick_locked(ring);
		mutex_unlock(&ring->emit_lock);
	}

	drm_warn(&edev->base, "device reset %u done\n", sched->device_resets);
out_unlock:
	mutex_unlock(&sched->queues.lock);
	return ret;
}

/*
 * Unmaps the device queue @ring, whose hung job's context is banned, and
 * signals its jobs with their context's error (see DOC: Device queues in
 * ember_queue.c). Returns false if the device did not give the queue back.
 */
static bool ember_sched_stop_queue_locked(struct ember_sched *sched, struct ember_ring *ring)
{
	struct ember_job *job, *tmp;
	LIST_HEAD(jobs);

	lockdep_assert_held(&sched->reset_lock);

	if (ember_queue_unmap_hung(ring))
		return false;
	sched->queue_resets++;

	/* Fences the device wrote before the unmap are real completions. */
	ember_ring_process_completions(ring);
	mutex_lock(&ring->emit_lock);
	ember_ring_take_in_flight(ring, &jobs);
	list_for_each_entry_safe(job, tmp, &jobs, ring_link)
		ember_ring_signal_job(ring, job, ember_ctx_ban_error(job->ctx) ?: -ECANCELED);
	mutex_unlock(&ring->emit_lock);
	return true;
}

/*
 * Recovers from @job hanging on @ring. Returns true if the device is dead.
 */
static bool ember_sched_recover_locked(struct ember_sched *sched,
				       struct ember_ring *ring, struct ember_job *job)
{
	struct ember_device *edev = sched->edev;
	struct ember_ctx *ctx = job->ctx;
	int ret;

	lockdep_assert_held(&sched->reset_lock);

	if (ember_ctx_set_hang(ctx, job->queue_index, ring->index, job->ring_pos))
		ember_devcoredump_capture(edev, "hang", ctx, NULL);

	drm_warn(&edev->base, "job of context %u (%s[%d]) queue %u hung on %s\n",
		 ctx->handle, ctx->comm, ctx->pid, job->queue_index, ring->name);

	/* Its jobs still in the rings must not touch memory any more. */
	ember_gpu_write64(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_LO), 0);

	ret = ember_gpu_reset_context(edev, ctx->hw_ctx);
	if (!ret) {
		sched->ctx_resets++;
		if (ember_sched_wait_job(ring, job, EMBER_CTX_RESET_WAIT_MS))
			return false;
	}

	/* A device queue stops alone: innocent queues keep running. */
	if (ring->is_queue && ember_sched_stop_queue_locked(sched, ring))
		return false;

	ret = ember_sched_reset_device_locked(sched);
	if (ret) {
		drm_err(&edev->base, "device reset failed (%d): device lost\n", ret);
		return true;
	}
	return false;
}

/**
 * ember_sched_reset_device() - Reset the device outside a job timeout.
 * @edev: The device.
 *
 * For the MMU, when a TLB invalidation is not acknowledged (see DOC: TLB
 * invalidation in ember_mmu.c): stops every ring's submission, resets the
 * device as step 4 of DOC: Recovery does, and starts them again. If the
 * device does not reset, it is lost: it is unplugged before this returns.
 *
 * Context: Process context, not the fence-signalling path nor under any
 * lock of the MMU: takes &ember_sched.reset_lock.
 *
 * Return: 0 once the device is reset (every TLB is empty), -ENODEV if it is
 * unplugged or was lost.
 */
int ember_sched_reset_device(struct ember_device *edev)
{
	struct ember_sched *sched = edev->sched;
	u32 num_engines;
	int cookie, ret;

	if (!drm_dev_enter(&edev->base, &cookie))
		return -ENODEV;

	mutex_lock(&sched->reset_lock);
	num_engines = ember_sched_num_engines(sched);
	ember_sched_stop_rings(sched, num_engines);
	ret = ember_sched_reset_device_locked(sched);
	ember_sched_start_rings(sched, num_engines);
	mutex_unlock(&sched->reset_lock);
	drm_dev_exit(cookie);

	if (ret) {
		drm_err(&edev->base, "device reset failed (%d): device lost\n", ret);
		/* Outside drm_dev_enter(): unplugging waits for those sections. */
		ember_device_unplug(edev);
		return -ENODEV;
	}
	return 0;
}

static enum drm_gpu_sched_stat ember_sched_timedout_job(struct drm_sched_job *sched_job)
{
	struct ember_job *job = to_ember_job(sched_job);
	struct ember_ring *ring = to_ember_ring(sched_job->sched);
	struct ember_device *edev = ring->edev;
	struct ember_sched *sched = edev->sched;
	bool dead = false;
	u32 num_engines;
	int cookie;

	if (!drm_dev_enter(&edev->base, &cookie)) {
		/* Unplugged: every fence has signalled with -ENODEV. */
		ember_sched_requeue_job(ring, job);
		return DRM_GPU_SCHED_STAT_ENODEV;
	}

	mutex_lock(&sched->reset_lock);
	/* Queues created meanwhile were never stopped: leave them be. */
	num_engines = ember_sched_num_engines(sched);
	ember_sched_stop_rings(sched, num_engines);

	ember_ring_process_completions(ring);
	/*
	 * A device queue still waiting for a slot has not run the job: its
	 * context is not guilty of the other queues holding every slot.
	 */
	if (ring->is_queue && READ_ONCE(ring->wants_slot))
		drm_warn(&edev->base, "%s: job waited %u ms for a queue slot\n", ring->name,
			 sched->job_timeout_ms);
	else if (!dma_fence_is_signaled(&job->hw_fence))
		dead = ember_sched_recover_locked(sched, ring, job);

	ember_sched_requeue_job(ring, job);
	ember_sched_start_rings(sched, num_engines);
	mutex_unlock(&sched->reset_lock);
	drm_dev_exit(cookie);

	/* Outside drm_dev_enter(): unplugging waits for those sections. */
	if (dead)
		ember_device_unplug(edev);

	return DRM_GPU_SCHED_STAT_NOMINAL;
}

/* The operations of every ring's and device queue's scheduler. */
const struct drm_sched_backend_ops ember_sched_ops = {
	.run_job = ember_sched_run_job,
	.timedout_job = ember_sched_timedout_job,
	.free_job = ember_sched_free_job,
};

static struct ember_ctx *ember_sched_ctx_of_hw_ctx(struct ember_sched *sched, u32 hw_ctx)
{
	struct ember_ctx *ctx = NULL;

	if (hw_ctx >= sched->num_hw_ctxs)
		return NULL;

	spin_lock(&sched->hw_ctx_lock);
	ctx = sched->hw_ctxs[hw_ctx];
	if (ctx && !kref_get_unless_zero(&ctx->refcount))
		ctx = NULL;
	spin_unlock(&sched->hw_ctx_lock);
	return ctx;
}

static u32 ember_sched_read_rec(struct ember_device *edev, u32 slot, u32 reg)
{
	return ember_gpu_read(edev, EMBER_REG_FAULT(slot, reg));
}

static bool ember_sched_read_fault_locked(struct ember_sched *sched, u32 n,
					  struct ember_fault_record *rec)
{
	struct ember_device *edev = sched->edev;
	u32 slot = (n - 1) % sched->num_fault_slots;

	lockdep_assert_held(&sched->fault_lock);

	/* SEQ is written last: check it before and after reading the record. */
	if (ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_SEQ) != n)
		return false;

	rec->seq = n;
	rec->kind = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_KIND);
	rec->ring = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_RING);
	rec->hw_ctx = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_CONTEXT);
	rec->ring_pos = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_RING_POS);
	rec->ib_offset = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_IB_OFFSET);
	rec->va = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_VA_LO) |
		  (u64)ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_VA_HI) << 32;
	rec->detail = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_DETAIL);
	rec->timestamp = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_TIMESTAMP_LO) |
		(u64)ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_TIMESTAMP_HI) << 32;
	rec->slot = EMBER_NO_QUEUE;
	if (edev->gpu_info.caps & EMBER_CAP_QUEUES)
		rec->slot = ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_QUEUE);
	rec->queue = U32_MAX;

	return ember_sched_read_rec(edev, slot, EMBER_FAULT_REC_SEQ) == n;
}

/* Whether a FAULT_QUEUE record says @ring, the queue in its slot, stopped. */
static bool ember_sched_queue_stopped(const struct ember_ring *ring,
				      const struct ember_fault_record *rec)
{
	/* The record names the descriptor's context: that of the queue then. */
	return ring && ring->hw_ctx == rec->hw_ctx && ember_queue_fault_stops(rec->detail);
}

static void ember_sched_fault_locked(struct ember_sched *sched,
				     struct ember_fault_record *rec)
{
	struct ember_device *edev = sched->edev;
	struct ember_ring *ring = NULL;
	struct ember_ctx *ctx;

	lockdep_assert_held(&sched->fault_lock);

	/* A queue's record names its slot (checked there), a ring's its ring. */
	if (rec->slot != EMBER_NO_QUEUE) {
		ring = ember_queue_of_slot(sched, rec->slot);
		/* Its context's faults are told apart by the driver's index. */
		if (ring)
			rec->ring = ring->index;
	} else if (rec->ring < sched->num_rings) {
		ring = &sched->rings[rec->ring];
	}
	if (ring && rec->hw_ctx != EMBER_NO_CONTEXT)
		rec->queue = ember_ring_queue_of_pos(ring, rec->ring_pos);

	sched->fault_log[sched->fault_log_count++ % EMBER_FAULT_LOG_SIZE] = *rec;

	ctx = ember_sched_ctx_of_hw_ctx(sched, rec->hw_ctx);
	dev_dbg(edev->base.dev, "fault %u: kind %u ring %u context %u va 0x%llx\n",
		rec->seq, rec->kind, rec->ring, rec->hw_ctx, rec->va);
	if (ctx) {
		if (ember_ctx_set_fault(ctx, rec, rec->queue))
			ember_devcoredump_capture(edev, "fault", ctx, rec);
		ember_ctx_put_deferred(ctx);
	}

	if (rec->kind == EMBER_FAULT_QUEUE && !ember_sched_queue_stopped(ring, rec)) {
		/*
		 * A refused QUEUE_MAP (its caller has the refusal), a doorbell
		 * of an empty slot, or a record of a queue that has left the
		 * slot since: whatever now runs there is innocent.
		 */
		drm_dbg_driver(&edev->base, "queue slot %u: reason %u, nothing stopped\n",
			       rec->slot, rec->detail);
		return;
	}
	if (rec->kind == EMBER_FAULT_RING || rec->kind == EMBER_FAULT_QUEUE) {
		drm_err(&edev->base, "%s stopped on a bad kernel packet at %u (detail 0x%08x)\n",
			ring ? ring->name : "unknown ring", rec->ring_pos, rec->detail);
		if (ring)
			drm_sched_fault(&ring->sched);
	}
}

/**
 * ember_sched_handle_faults() - Consume the device's new fault records.
 * @edev: The device.
 *
 * Context: Process context: the management IRQ thread, ring IRQ threads
 * (before they signal fences), the timeout handler. Takes
 * &ember_sched.fault_lock.
 */
void ember_sched_handle_faults(struct ember_device *edev)
{
	struct ember_sched *sched = READ_ONCE(edev->sched);
	struct ember_fault_record rec;
	unsigned long flags;
	u32 seq, pending;

	/* A fault interrupt can come before the scheduler is up. */
	if (!sched || !sched->num_fault_slots)
		return;

	spin_lock_irqsave(&sched->fault_lock, flags);
	seq = ember_gpu_read(edev, EMBER_REG_FAULT_SEQ);
	if (sched->fault_seq == seq) {
		/* No new record: the common case, on every ring interrupt. */
		spin_unlock_irqrestore(&sched->fault_lock, flags);
		return;
	}
	/*
	 * FAULT_SEQ only grows. A value behind ours is a device bug: ignore
	 * it rather than loop ~2^32 times here with interrupts off; the next
	 * fault publishes the true sequence again. Of a jump forward, only
	 * the last num_fault_slots records can still be in the slots.
	 */
	pending = seq - sched->fault_seq;
	if ((s32)pending < 0) {
		u32 ours = sched->fault_seq;

		spin_unlock_irqrestore(&sched->fault_lock, flags);
		drm_err_ratelimited(&edev->base, "fault sequence went back from %u to %u\n",
				    ours, seq);
		return;
	}
	if (pending > sched->num_fault_slots) {
		sched->faults_lost += pending - sched->num_fault_slots;
		sched->fault_seq = seq - sched->num_fault_slots;
	}
	while (sched->fault_seq != seq) {
		u32 n = sched->fault_seq + 1;

		if (ember_sched_read_fault_locked(sched, n, &rec))
			ember_sched_fault_locked(sched, &rec);
		else
			sched->faults_lost++;
		sched->fault_seq = n;
	}
	ember_gpu_fault_ack(edev, sched->fault_seq);
	spin_unlock_irqrestore(&sched->fault_lock, flags);
}

/**
 * ember_sched_ring_priority() - The RING_PRIORITY of a ring.
 * @r: The ring.
 * @n: How many rings there are.
 *
 * Return: Ring @r's priority when there are @n rings, see DOC: Scheduler.
 */
u32 ember_sched_ring_priority(u32 r, u32 n)
{
	if (n <= DRM_EMBER_QUEUE_PRIORITY_HIGH + 1)
		return r;
	if (r == 0)
		return DRM_EMBER_QUEUE_PRIORITY_LOW;
	if (r == n - 1)
		return DRM_EMBER_QUEUE_PRIORITY_HIGH;
	return DRM_EMBER_QUEUE_PRIORITY_MEDIUM;
}

/**
 * ember_sched_pick_ring_of() - Choose the ring of a new queue.
 * @ring_priorities: RING_PRIORITY of each ring.
 * @num_rings: Number of rings, at least 1.
 * @priority: The queue's enum drm_ember_queue_priority.
 * @used: Rings the context's other queues already use (bit r for ring r).
 *
 * See DOC: Scheduler: a ring of the queue's priority that no other queue
 * of the context uses, else the unused ring nearest in priority (lower
 * before higher), else the priority's first ring. Kept free of device
 * state for KUnit.
 *
 * Return: The ring's index.
 */
u32 ember_sched_pick_ring_of(const u32 *ring_priorities, u32 num_rings, u32 priority,
			     u32 used)
{
	u32 r, best = 0, best_score = U32_MAX;

	for (r = 0; r < num_rings; r++) {
		u32 prio = ring_priorities[r];
		u32 score = 2 * (prio > priority ? prio - priority : priority - prio) +
			    (prio > priority);

		if (used & BIT(r))
			score += 2 * EMBER_RING_MAX_PRIORITY + 2;
		if (score < best_score) {
			best = r;
			best_score = score;
		}
	}
	return best;
}

/**
 * ember_sched_pick_ring() - Choose the ring of a new queue of a context.
 * @edev: The device, with at least one ring.
 * @priority: The queue's enum drm_ember_queue_priority, checked by the caller.
 * @used: Rings the context's other queues already use (bit r for ring r).
 *
 * Return: The ring's index, see ember_sched_pick_ring_of().
 */
u32 ember_sched_pick_ring(struct ember_device *edev, u32 priority, u32 used)
{
	struct ember_sched *sched = edev->sched;
	u32 prios[EMBER_MAX_RINGS], r;

	for (r = 0; r < sched->num_rings; r++)
		prios[r] = sched->rings[r].hw_priority;
	return ember_sched_pick_ring_of(prios, sched->num_rings, priority, used);
}

/**
 * ember_sched_hw_ctx_alloc() - Give a context a hardware context.
 * @edev: The device.
 * @ctx: The context.
 * @hw_ctx: Where to store the hardware context's number.
 *
 * Return: 0 on success, -EBUSY if all are in use.
 */
int ember_sched_hw_ctx_alloc(struct ember_device *edev, struct ember_ctx *ctx,
			     u32 *hw_ctx)
{
	struct ember_sched *sched = edev->sched;
	int ret = -EBUSY;
	u32 c;

	spin_lock(&sched->hw_ctx_lock);
	for (c = 0; c < sched->num_hw_ctxs; c++) {
		if (!sched->hw_ctxs[c]) {
			sched->hw_ctxs[c] = ctx;
			*hw_ctx = c;
			ret = 0;
			break;
		}
	}
	spin_unlock(&sched->hw_ctx_lock);
	return ret;
}

/**
 * ember_sched_hw_ctx_free() - Give a hardware context back.
 * @edev: The device.
 * @hw_ctx: The hardware context, no job of which is on a ring any more.
 */
void ember_sched_hw_ctx_free(struct ember_device *edev, u32 hw_ctx)
{
	struct ember_sched *sched = edev->sched;

	spin_lock(&sched->hw_ctx_lock);
	sched->hw_ctxs[hw_ctx] = NULL;
	spin_unlock(&sched->hw_ctx_lock);
}

static void ember_sched_fini(struct drm_device *ddev, void *data)
{
	struct ember_sched *sched = data;
	u32 r;

	for (r = 0; r < sched->num_rings; r++) {
		drm_sched_fini(&sched->rings[r].sched);
		destroy_workqueue(sched->rings[r].submit_wq);
	}
	ember_queue_pool_fini(sched);
	destroy_workqueue(sched->timeout_wq);
}

static int ember_sched_init_rings(struct ember_sched *sched, u32 num_rings)
{
	struct ember_device *edev = sched->edev;
	u32 r;
	int ret;

	for (r = 0; r < num_rings; r++) {
		struct ember_ring *ring = &sched->rings[r];

		ret = ember_ring_init(edev, ring, r, ember_sched_ring_priority(r, num_rings));
		if (ret)
			return ret;

		/*
		 * run_job is on every job's submit-to-signal path: a
		 * high-priority worker starts it as soon as SUBMIT returns
		 * instead of when the submitting thread next sleeps.
		 */
		ring->submit_wq = alloc_ordered_workqueue("ember-%s", WQ_HIGHPRI | WQ_MEM_RECLAIM,
							  ring->name);
		if (!ring->submit_wq)
			return -ENOMEM;

		/*
		 * One run queue: every queue on a ring has the ring's
		 * priority, and each run queue is a lock and a look on every
		 * pass of the scheduler's worker.
		 */
		ret = drm_sched_init(&ring->sched, &ember_sched_ops, ring->submit_wq,
				     1, EMBER_RING_MAX_JOBS, 0,
				     msecs_to_jiffies(sched->job_timeout_ms),
				     sched->timeout_wq, NULL, ring->name, edev->base.dev);
		if (ret) {
			destroy_workqueue(ring->submit_wq);
			return ret;
		}
		/* ember_sched_fini() finishes the schedulers counted here. */
		sched->num_rings = r + 1;

		ember_ring_program(ring);

		ret = ember_gpu_request_ring_irq(edev, r, ring);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * ember_sched_init() - Bring up the rings, schedulers and recovery.
 * @edev: The device, with its GPU block up.
 *
 * A device without rings (contract 1.0) gets no scheduler: CTX_CREATE then
 * fails with -ENODEV.
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int ember_sched_init(struct ember_device *edev)
{
	struct drm_ember_gpu_info *info = &edev->gpu_info;
	struct ember_sched *sched;
	u32 num_rings = 0;
	int ret;

	sched = drmm_kzalloc(&edev->base, sizeof(*sched), GFP_KERNEL);
	if (!sched)
		return -ENOMEM;

	sched->edev = edev;
	sched->job_timeout_ms = clamp(job_timeout_ms, 100u, 60000u);
	sched->max_ctxs_per_file = clamp(max_contexts_per_file, 1u, (u32)EMBER_MAX_CONTEXTS);
	spin_lock_init(&sched->hw_ctx_lock);
	spin_lock_init(&sched->fault_lock);
	ret = drmm_mutex_init(&edev->base, &sched->reset_lock);
	if (ret)
		return ret;
	ret = ember_queue_pool_early_init(edev, &sched->queues);
	if (ret)
		return ret;

	if (info->caps & EMBER_CAP_RINGS) {
		num_rings = min3(info->num_rings, ember_gpu_num_ring_vectors(edev),
				 (u32)EMBER_MAX_RINGS);
		sched->num_hw_ctxs = info->max_contexts;
		sched->num_fault_slots = min_t(u32, EMBER_MAX_FAULT_SLOTS,
					       ember_gpu_read(edev, EMBER_REG_NUM_FAULT_SLOTS));
		sched->fault_seq = ember_gpu_read(edev, EMBER_REG_FAULT_ACK);
	}

	/*
	 * drmm releases in reverse order: the rings must be allocated before
	 * the action that finishes their schedulers is added.
	 */
	sched->rings = drmm_kcalloc(&edev->base, max(num_rings, 1u),
				    sizeof(*sched->rings), GFP_KERNEL);
	if (!sched->rings)
		return -ENOMEM;

	sched->timeout_wq = alloc_ordered_workqueue("ember-timeout", 0);
	if (!sched->timeout_wq)
		return -ENOMEM;

	ret = drmm_add_action_or_reset(&edev->base, ember_sched_fini, sched);
	if (ret)
		return ret;

	ret = ember_devcoredump_init(edev, sched);
	if (ret)
		return ret;

	/* Faults and ring interrupts may come as soon as the rings are set up. */
	WRITE_ONCE(edev->sched, sched);

	ret = ember_sched_init_rings(sched, num_rings);
	if (ret)
		return ret;

	if (num_rings)
		ember_gpu_write(edev, EMBER_REG_WATCHDOG_MS, sched->job_timeout_ms / 2);

	ret = ember_queue_pool_init(edev);
	if (ret)
		return ret;

	info->job_timeout_ms = sched->job_timeout_ms;
	info->max_queues = EMBER_CTX_MAX_QUEUES;
	if (!num_rings)
		info->max_contexts = 0;
	sched->max_ctxs_per_file = min(sched->max_ctxs_per_file, info->max_contexts);
	info->max_contexts_per_file = sched->max_ctxs_per_file;

	ember_debugfs_init(edev);
	return 0;
}

/**
 * ember_sched_unplug() - Stop the device and fail everything pending.
 * @edev: The device, unplugged from DRM (no run_job or timeout handler
 * can touch the hardware any more).
 *
 * Resets the device so that it drops the queued packets and stops writing
 * to memory that is about to be freed (a dead device does not answer, and
 * does not write either), turns the rings off, then signals every
 * in-flight job with -ENODEV. Jobs still queued in entities fail with
 * -ENODEV when the scheduler gets to them.
 */
void ember_sched_unplug(struct ember_device *edev)
{
	struct ember_sched *sched = edev->sched;
	bool answers = true;
	u32 r, n;

	mutex_lock(&sched->reset_lock);

	if (sched->num_rings && ember_gpu_reset_device_unplugged(edev)) {
		drm_warn(&edev->base, "device did not reset on unplug\n");
		answers = false;
	}

	for (r = 0; r < sched->num_rings; r++)
		ember_gpu_write(edev, EMBER_REG_RING(r, EMBER_RING_SIZE), 0);
	ember_queue_unplug(sched, answers);

	n = ember_sched_num_engines(sched);
	for (r = 0; r < n; r++)
		ember_ring_fail_all(ember_sched_engine(sched, r), -ENODEV);
	mutex_unlock(&sched->reset_lock);
}
