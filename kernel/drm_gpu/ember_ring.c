// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/lockdep.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ember_ctx.h"
#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_job.h"
#include "ember_packets.h"
#include "ember_queue.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: Rings
 *
 * A ring is a circular buffer of kernel packets in coherent DMA memory
 * that the device's command processor for that ring reads (ember-hw.rst,
 * "Rings"). This file owns the ring buffer, what the device writes back
 * for it (the status page: the last fence value and per-job timestamps),
 * the hardware fences and their completion.
 *
 * Every job takes exactly EMBER_RING_JOB_BYTES of ring::
 *
 *	TIMESTAMP  status.timestamps[slot].start
 *	RUN_IB     hw_ctx, ib_va, ib_size        (a NOP for a sync-only job)
 *	TIMESTAMP  status.timestamps[slot].end
 *	FENCE|IRQ  status.fence = hw_seqno
 *
 * so a job never wraps around the end of the ring and needs no padding.
 * The timestamps measure the device time the job ran, for fdinfo. The
 * FENCE packet writes the job's hardware seqno and raises the ring's
 * vector; the IRQ thread (ember_ring_handle_irq()) signals, in ring order,
 * every hardware fence up to the value it reads. Nothing is signalled in
 * hard interrupt context.
 *
 * The scheduler's credit limit (EMBER_RING_MAX_JOBS) is half the ring's
 * capacity: the device moves RING_HEAD past a job only after writing its
 * fence, so the driver may see a job complete while its packets still
 * count as unread, and TAIL must never get more than a ring ahead of HEAD.
 *
 * A job's hardware fence is part of the job and initialised by the first
 * run_job, so writing a job to the ring allocates nothing; once
 * initialised, it owns the job's memory, which goes with its last
 * reference (the scheduler's fence keeps it as its parent). Each
 * emission gives the job a new hardware seqno; the fence keeps its dma-fence
 * seqno, so a job written again after a device reset (see DOC: Recovery
 * in ember_sched.c) keeps its fence.
 *
 * A ring ping (ember_ring_ping(), debugfs "ring_ping") is the device's bare
 * fence round trip, the baseline of the submission benchmarks: the driver
 * writes one FENCE|IRQ packet, padded to EMBER_RING_JOB_BYTES by a NOP,
 * that writes &ember_ring_status.ping instead of the job fence, rings the
 * doorbell and sleeps until the IRQ thread, after processing completions
 * as for any interrupt, wakes it. That is every step a job's fence takes
 * through the device and the interrupt path, and none of the scheduler,
 * the job, its memory or the syncobjs. One ping at a time per ring, on
 * top of the scheduler's credits: the ring has room for twice as many
 * jobs as the scheduler lets in.
 */

/* How long a ring ping waits for its fence before giving up. */
#define EMBER_RING_PING_TIMEOUT_MS	1000

static const char *ember_ring_fence_get_driver_name(struct dma_fence *fence)
{
	return "ember";
}

static const char *ember_ring_fence_get_timeline_name(struct dma_fence *fence)
{
	return "ember-ring";
}

/* The fence is the last user of its job's memory (see ember_job_free()). */
static void ember_ring_fence_release(struct dma_fence *fence)
{
	struct ember_job *job = container_of(fence, struct ember_job, hw_fence);

	kfree_rcu(job, hw_fence.rcu);
}

static const struct dma_fence_ops ember_ring_fence_ops = {
	.get_driver_name = ember_ring_fence_get_driver_name,
	.get_timeline_name = ember_ring_fence_get_timeline_name,
	.release = ember_ring_fence_release,
};

/**
 * ember_ring_init() - Allocate a ring and its status page.
 * @edev: The device.
 * @ring: The ring to initialise (zeroed).
 * @index: The ring's number (see &ember_ring.index).
 * @hw_priority: Its RING_PRIORITY.
 *
 * The memory is device-managed: it goes when the PCI device is unbound,
 * after ember_sched_unplug() has turned the ring off.
 *
 * Return: 0 on success, -ENOMEM otherwise.
 */
int ember_ring_init(struct ember_device *edev, struct ember_ring *ring,
		    u32 index, u32 hw_priority)
{
	struct device *dev = edev->base.dev;
	int ret;

	ring->edev = edev;
	ring->index = index;
	ring->hw_priority = hw_priority;
	ring->busy_index = index;
	snprintf(ring->name, sizeof(ring->name), "ring%u", index);

	ring->cpu = dmam_alloc_coherent(dev, EMBER_RING_BUF_SIZE, &ring->dma, GFP_KERNEL);
	if (!ring->cpu)
		return -ENOMEM;

	ring->status = dmam_alloc_coherent(dev, sizeof(*ring->status),
					   &ring->status_dma, GFP_KERNEL);
	if (!ring->status)
		return -ENOMEM;

	ret = drmm_mutex_init(&edev->base, &ring->emit_lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(&edev->base, &ring->ping_lock);
	if (ret)
		return ret;
	init_waitqueue_head(&ring->ping_wq);

	spin_lock_init(&ring->fence_lock);
	INIT_LIST_HEAD(&ring->in_flight);
	ring->fence_context = dma_fence_context_alloc(1);

	/*
	 * RING_HEAD equals the TAIL a previous driver instance left: carry
	 * on from there, as after a device reset. Seqnos start again from 0
	 * in the new status page. A device queue starts at 0 in its zeroed
	 * descriptor.
	 */
	if (!ring->is_queue)
		ring->tail = ember_gpu_read(edev, EMBER_REG_RING(index, EMBER_RING_HEAD));
	return 0;
}

/**
 * ember_ring_program() - Tell the device where the ring is.
 * @ring: The ring, empty.
 *
 * The contract allows this while the ring is empty: at init, before the
 * first job.
 */
void ember_ring_program(struct ember_ring *ring)
{
	struct ember_device *edev = ring->edev;
	u32 r = ring->index;

	ember_gpu_write(edev, EMBER_REG_RING(r, EMBER_RING_SIZE), 0);
	ember_gpu_write64(edev, EMBER_REG_RING(r, EMBER_RING_BASE_LO), ring->dma);
	ember_gpu_write(edev, EMBER_REG_RING(r, EMBER_RING_PRIORITY), ring->hw_priority);
	ember_gpu_write(edev, EMBER_REG_RING(r, EMBER_RING_TAIL), ring->tail);
	ember_gpu_write(edev, EMBER_REG_RING(r, EMBER_RING_SIZE), EMBER_RING_BUF_SIZE);
}

static u32 ember_ring_write(struct ember_ring *ring, u32 pos, u32 dword)
{
	ring->cpu[(pos & (EMBER_RING_BUF_SIZE - 1)) / 4] = cpu_to_le32(dword);
	return pos + 4;
}

static u32 ember_ring_write_header(struct ember_ring *ring, u32 pos, u32 op, u32 flags,
				   u32 len)
{
	return ember_ring_write(ring, pos, EMBER_PKT(op, flags, len));
}

static u32 ember_ring_write64(struct ember_ring *ring, u32 pos, u64 value)
{
	pos = ember_ring_write(ring, pos, lower_32_bits(value));
	return ember_ring_write(ring, pos, upper_32_bits(value));
}

/* A FENCE|IRQ packet writing @value to the status page field at @offset. */
static u32 ember_ring_write_fence(struct ember_ring *ring, u32 pos, size_t offset, u64 value)
{
	pos = ember_ring_write_header(ring, pos, EMBER_KPKT_FENCE, EMBER_FENCE_IRQ,
				      EMBER_KPKT_FENCE_LEN);
	pos = ember_ring_write64(ring, pos, ring->status_dma + offset);
	return ember_ring_write64(ring, pos, value);
}

/**
 * ember_ring_emit_job_locked() - Write a job's packets to the ring.
 * @ring: The ring.
 * @job: The job, its hardware fence initialised.
 *
 * Gives the job a new hardware seqno and appends it to the in-flight list.
 * The caller makes the device see the packets with ember_ring_kick_locked().
 */
void ember_ring_emit_job_locked(struct ember_ring *ring, struct ember_job *job)
{
	u32 slot, pos = ring->tail;
	dma_addr_t ts;

	lockdep_assert_held(&ring->emit_lock);

	job->hw_seqno = ring->emitted_seqno + 1;
	WRITE_ONCE(ring->emitted_seqno, job->hw_seqno);
	slot = job->hw_seqno % EMBER_RING_MAX_JOBS;
	ts = ring->status_dma + offsetof(struct ember_ring_status, timestamps[slot]);

	pos = ember_ring_write_header(ring, pos, EMBER_KPKT_TIMESTAMP, 0, EMBER_KPKT_TIMESTAMP_LEN);
	pos = ember_ring_write64(ring, pos,
				 ts + offsetof(struct ember_ring_timestamps, start));

	job->ring_pos = pos;
	if (job->ib_size) {
		pos = ember_ring_write_header(ring, pos, EMBER_KPKT_RUN_IB, 0,
					      EMBER_KPKT_RUN_IB_LEN);
		pos = ember_ring_write(ring, pos, job->ctx->hw_ctx);
		pos = ember_ring_write64(ring, pos, job->ib_va);
		pos = ember_ring_write(ring, pos, job->ib_size);
	} else {
		/* Same length as RUN_IB, so every job is the same size. */
		pos = ember_ring_write_header(ring, pos, EMBER_KPKT_NOP, 0, EMBER_KPKT_RUN_IB_LEN);
		pos = ember_ring_write64(ring, pos, 0);
		pos = ember_ring_write64(ring, pos, 0);
	}

	pos = ember_ring_write_header(ring, pos, EMBER_KPKT_TIMESTAMP, 0, EMBER_KPKT_TIMESTAMP_LEN);
	pos = ember_ring_write64(ring, pos,
				 ts + offsetof(struct ember_ring_timestamps, end));

	pos = ember_ring_write_fence(ring, pos, offsetof(struct ember_ring_status, fence),
				     job->hw_seqno);

	WARN_ON_ONCE(pos - ring->tail != EMBER_RING_JOB_BYTES);
	ring->tail = pos;

	spin_lock(&ring->fence_lock);
	list_add_tail(&job->ring_link, &ring->in_flight);
	spin_unlock(&ring->fence_lock);
}

/**
 * ember_ring_kick_locked() - Publish the ring's TAIL and ring its doorbell.
 * @ring: The ring.
 *
 * writel() orders the packets (coherent memory) before TAIL, which is the
 * release the contract asks for. A device queue publishes its WPTR
 * instead (ember_queue_kick_locked()).
 */
void ember_ring_kick_locked(struct ember_ring *ring)
{
	lockdep_assert_held(&ring->emit_lock);

	if (ring->is_queue) {
		ember_queue_kick_locked(ring);
		return;
	}

	ember_gpu_write(ring->edev, EMBER_REG_RING(ring->index, EMBER_RING_TAIL), ring->tail);
	ember_gpu_ring_doorbell(ring->edev, ring->index);
}

/**
 * ember_ring_run_job() - Write a job to the ring and return its fence.
 * @ring: The ring.
 * @job: The job.
 *
 * Context: The scheduler's run_job: allocates nothing, takes the ring's
 * emit_lock; for a device queue without a slot, then the queue pool's lock
 * and the mailbox (ember_queue_ensure_mapped()).
 *
 * Return: A reference to the job's hardware fence.
 */
struct dma_fence *ember_ring_run_job(struct ember_ring *ring, struct ember_job *job)
{
	mutex_lock(&ring->emit_lock);
	if (!job->hw_fence.ops)
		dma_fence_init(&job->hw_fence, &ember_ring_fence_ops, &ring->fence_lock,
			       ring->fence_context, ring->emitted_seqno + 1);
	ember_ring_emit_job_locked(ring, job);
	ember_ring_kick_locked(ring);
	mutex_unlock(&ring->emit_lock);

	/* A device queue without a slot gets one now, or waits for one. */
	if (ring->is_queue)
		ember_queue_ensure_mapped(ring);

	return dma_fence_get(&job->hw_fence);
}

static void ember_ring_emit_ping_locked(struct ember_ring *ring)
{
	u32 pad = EMBER_RING_JOB_BYTES / 4 - 2 - EMBER_KPKT_FENCE_LEN;
	u32 pos = ring->tail, i;

	lockdep_assert_held(&ring->emit_lock);

	pos = ember_ring_write_header(ring, pos, EMBER_KPKT_NOP, 0, pad);
	for (i = 0; i < pad; i++)
		pos = ember_ring_write(ring, pos, 0);
	pos = ember_ring_write_fence(ring, pos, offsetof(struct ember_ring_status, ping),
				     ring->ping_seqno);

	WARN_ON_ONCE(pos - ring->tail != EMBER_RING_JOB_BYTES);
	ring->tail = pos;
}

/* The last ping value the device wrote. */
static u64 ember_ring_ping_value(struct ember_ring *ring)
{
	/* The device's write of the value, nothing it publishes. */
	return le64_to_cpu(READ_ONCE(ring->status->ping));
}

/* Whether the IRQ thread saw ping @seqno, with the time in ping_seen_time. */
static bool ember_ring_ping_seen(struct ember_ring *ring, u64 seqno)
{
	/* Pairs with the release in ember_ring_handle_irq(). */
	return smp_load_acquire(&ring->ping_seen) >= seqno;
}

/**
 * ember_ring_ping() - One bare fence round trip through a ring.
 * @ring: The ring.
 *
 * Writes a FENCE|IRQ packet, rings the doorbell and waits until the ring's
 * IRQ thread sees the fence (see DOC: Rings). The benchmarks time it as the
 * device's round trip that job submission is compared with. When the IRQ
 * thread saw it (the ping's signal time, as a job fence's timestamp is
 * its) stays in &ember_ring.ping_seen_time, which debugfs shows.
 *
 * Context: Process context, inside drm_dev_enter(); sleeps. Takes the
 * ring's ping_lock, then its emit_lock.
 *
 * Return: 0 on success, -ETIMEDOUT if the fence did not come within
 * EMBER_RING_PING_TIMEOUT_MS (a dead device or a stuck ring).
 */
int ember_ring_ping(struct ember_ring *ring)
{
	long left;
	u64 seqno;

	mutex_lock(&ring->ping_lock);

	mutex_lock(&ring->emit_lock);
	seqno = ++ring->ping_seqno;
	ember_ring_emit_ping_locked(ring);
	ember_ring_kick_locked(ring);
	mutex_unlock(&ring->emit_lock);

	left = wait_event_timeout(ring->ping_wq, ember_ring_ping_seen(ring, seqno),
				  msecs_to_jiffies(EMBER_RING_PING_TIMEOUT_MS));

	mutex_unlock(&ring->ping_lock);
	return left ? 0 : -ETIMEDOUT;
}

/**
 * ember_ring_reemit_ping_locked() - Write again a ping a reset discarded.
 * @ring: The ring, after a device reset emptied it.
 *
 * Context: Under the ring's emit_lock, before ember_ring_kick_locked().
 */
void ember_ring_reemit_ping_locked(struct ember_ring *ring)
{
	lockdep_assert_held(&ring->emit_lock);

	if (ember_ring_ping_value(ring) < ring->ping_seqno)
		ember_ring_emit_ping_locked(ring);
}

static void ember_ring_account_locked(struct ember_ring *ring, struct ember_job *job)
{
	const struct ember_ring_timestamps *ts;
	u64 start, end;

	ts = &ring->status->timestamps[job->hw_seqno % EMBER_RING_MAX_JOBS];
	start = le64_to_cpu(READ_ONCE(ts->start));
	end = le64_to_cpu(READ_ONCE(ts->end));
	if (end > start)
		atomic64_add(end - start, &job->ctx->usage->busy_ns[ring->busy_index]);
}

static void ember_ring_signal_locked(struct ember_ring *ring, struct ember_job *job,
				     int error)
{
	lockdep_assert_held(&ring->fence_lock);

	list_del_init(&job->ring_link);
	if (error)
		dma_fence_set_error(&job->hw_fence, error);
	dma_fence_signal_locked(&job->hw_fence);
}

/**
 * ember_ring_process_completions() - Signal the fences of completed jobs.
 * @ring: The ring.
 *
 * Reads the last fence value the device wrote and signals, in ring order,
 * every job up to it; a job of a banned context gets the context's error.
 * Fault records are consumed first: the device writes them before the
 * fence of the faulting job, so its context is marked before its fence
 * signals. A value beyond the last seqno written to the ring is a device
 * bug (or a hostile device process): it would complete jobs the device has
 * not run, whose memory userspace may then reuse, so it is ignored; the
 * next true fence value, or the job timeout, completes the jobs.
 *
 * Context: Process context (IRQ thread, timeout, reset); takes the
 * scheduler's fault lock, then the ring's fence_lock.
 */
void ember_ring_process_completions(struct ember_ring *ring)
{
	struct ember_job *job, *tmp;
	unsigned long flags;
	u64 done, emitted;
	bool idle;

	ember_sched_handle_faults(ring->edev);

	spin_lock_irqsave(&ring->fence_lock, flags);
	/* The fence value first, then what it publishes (timestamps). */
	done = le64_to_cpu(smp_load_acquire(&ring->status->fence));
	/* Emitted before the device could read the packet that writes it. */
	emitted = READ_ONCE(ring->emitted_seqno);
	if (unlikely(done > emitted)) {
		spin_unlock_irqrestore(&ring->fence_lock, flags);
		drm_err_ratelimited(&ring->edev->base,
				    "%s: device wrote fence %llu, beyond the last seqno %llu: ignored\n",
				    ring->name, done, emitted);
		return;
	}
	list_for_each_entry_safe(job, tmp, &ring->in_flight, ring_link) {
		if (job->hw_seqno > done)
			break;
		ember_ring_account_locked(ring, job);
		ember_ring_signal_locked(ring, job,
					 ember_ctx_job_error(job->ctx, ring->index,
							     job->ring_pos));
	}
	idle = list_empty(&ring->in_flight);
	spin_unlock_irqrestore(&ring->fence_lock, flags);

	if (ring->is_queue && idle)
		ember_queue_went_idle(ring);
}

/**
 * ember_ring_handle_irq() - The ring's interrupt thread.
 * @ring: The ring.
 */
void ember_ring_handle_irq(struct ember_ring *ring)
{
	bool cookie = dma_fence_begin_signalling();

	u64 ping;

	ember_ring_process_completions(ring);
	dma_fence_end_signalling(cookie);

	ping = ember_ring_ping_value(ring);
	if (ping != ring->ping_seen) {
		WRITE_ONCE(ring->ping_seen_time, ktime_get());
		/* The time before the value, for ember_ring_ping_seen(). */
		smp_store_release(&ring->ping_seen, ping);
		wake_up(&ring->ping_wq);
	}
}

/**
 * ember_ring_take_in_flight() - Take every in-flight job off the ring.
 * @ring: The ring, after a device reset discarded its packets.
 * @jobs: Where to move the jobs, in ring order; their fences stay
 * unsignalled.
 *
 * Context: Under the ring's emit_lock.
 */
void ember_ring_take_in_flight(struct ember_ring *ring, struct list_head *jobs)
{
	unsigned long flags;

	lockdep_assert_held(&ring->emit_lock);

	spin_lock_irqsave(&ring->fence_lock, flags);
	list_splice_tail_init(&ring->in_flight, jobs);
	spin_unlock_irqrestore(&ring->fence_lock, flags);
}

/**
 * ember_ring_signal_job() - Signal a job's hardware fence.
 * @ring: The ring whose fence lock the fence uses.
 * @job: The job, on a list of ember_ring_take_in_flight() or in flight.
 * @error: The error, 0 for a job that completed.
 */
void ember_ring_signal_job(struct ember_ring *ring, struct ember_job *job, int error)
{
	unsigned long flags;

	spin_lock_irqsave(&ring->fence_lock, flags);
	ember_ring_signal_locked(ring, job, error);
	spin_unlock_irqrestore(&ring->fence_lock, flags);
}

/**
 * ember_ring_reset_head_valid() - Check a RING_RESET_HEAD the device wrote.
 * @reset_head: The value read.
 * @tail: The ring's TAIL when the device was reset.
 *
 * The device's HEAD is a multiple of 4 and never more than the ring's
 * size behind TAIL, nor ahead of it. Kept free of device state for KUnit.
 *
 * Return: true if @reset_head can be a HEAD of the ring.
 */
bool ember_ring_reset_head_valid(u32 reset_head, u32 tail)
{
	return !(reset_head & 3) && tail - reset_head <= EMBER_RING_BUF_SIZE;
}

/**
 * ember_ring_job_fate() - What a device reset did to an unfinished job.
 * @point: Where the reset cut the job's ring.
 * @run_ib_pos: Ring position of the job's RUN_IB (&ember_job.ring_pos).
 * @has_ib: The job runs an indirect buffer (else its packet is a NOP).
 *
 * The device completes a ring's packets in order and moves HEAD past each
 * one when it has completed, so a RUN_IB before the reset's HEAD ran to
 * the end, one after it had not begun, and the one at it had begun if and
 * only if the device says so (see ember-hw.rst, "What a device reset
 * cut"). When the device could not say, a job with an indirect buffer may
 * have begun: it counts as cut short, so that nothing runs twice. A NOP
 * can always run again. Kept free of device state for KUnit.
 *
 * Return: The job's enum ember_ring_job_fate.
 */
enum ember_ring_job_fate ember_ring_job_fate(const struct ember_ring_reset_point *point,
					     u32 run_ib_pos, bool has_ib)
{
	s32 past;

	if (!has_ib)
		return EMBER_RING_JOB_NOT_STARTED;
	if (!point->known)
		return EMBER_RING_JOB_CUT_SHORT;

	/* Free-running counters: compare their distance, not their values. */
	past = (s32)(point->head - run_ib_pos);
	if (past > 0)
		return EMBER_RING_JOB_RAN;
	if (past == 0 && point->started)
		return EMBER_RING_JOB_CUT_SHORT;
	return EMBER_RING_JOB_NOT_STARTED;
}

/**
 * ember_ring_read_reset_point() - Read where the last device reset cut a ring.
 * @ring: The ring, just after a device reset.
 *
 * Stores it in &ember_ring.reset_point, whose &ember_ring_reset_point.known
 * is false when the device does not report it (before contract 1.5) or
 * reported a value that cannot be a HEAD of this ring. A device queue's is
 * in its descriptor (ember_queue_read_reset_point()).
 *
 * Context: Inside drm_dev_enter(), under &ember_sched.reset_lock; takes the
 * ring's emit_lock.
 */
void ember_ring_read_reset_point(struct ember_ring *ring)
{
	struct ember_ring_reset_point *point = &ring->reset_point;
	struct ember_device *edev = ring->edev;
	u32 r = ring->index, tail;

	*point = (struct ember_ring_reset_point){};
	if (ring->is_queue) {
		ember_queue_read_reset_point(ring);
		return;
	}
	if (!(edev->gpu_info.caps & EMBER_CAP_RESET_HEAD))
		return;

	point->head = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_RESET_HEAD));
	point->started = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_RESET_STATUS)) &
			 EMBER_RING_RESET_STARTED;

	mutex_lock(&ring->emit_lock);
	tail = ring->tail;
	mutex_unlock(&ring->emit_lock);

	point->known = ember_ring_reset_head_valid(point->head, tail);
	if (!point->known)
		drm_err(&edev->base, "%s: device reset at head %u, tail %u: not a ring position\n",
			ring->name, point->head, tail);
}

/**
 * ember_ring_mark_lost_jobs() - Ban the contexts of jobs a reset cut short.
 * @ring: The ring, after a device reset and ember_ring_process_completions().
 * @point: Where the reset cut it.
 *
 * Every in-flight job of a context that is not banned yet and whose
 * RUN_IB the reset cut short makes its context INNOCENT_LOST (see
 * ember_ctx_set_innocent_lost()). Done for every ring before any job is
 * written again, so that no job of such a context runs again on any ring.
 *
 * Context: Takes the ring's fence_lock, then the contexts' state_lock.
 */
void ember_ring_mark_lost_jobs(struct ember_ring *ring,
			       const struct ember_ring_reset_point *point)
{
	struct ember_job *job;
	unsigned long flags;

	spin_lock_irqsave(&ring->fence_lock, flags);
	list_for_each_entry(job, &ring->in_flight, ring_link) {
		if (ember_ring_job_fate(point, job->ring_pos, job->ib_size) !=
		    EMBER_RING_JOB_CUT_SHORT || ember_ctx_ban_error(job->ctx))
			continue;
		if (ember_ctx_set_innocent_lost(job->ctx, ring->index, job->ring_pos))
			drm_warn(&ring->edev->base,
				 "%s: device reset cut a job of context %u (%s[%d]) short: its work is lost\n",
				 ring->name, job->ctx->handle, job->ctx->comm, job->ctx->pid);
	}
	spin_unlock_irqrestore(&ring->fence_lock, flags);
}

/**
 * ember_ring_fail_all() - Signal every in-flight job with an error.
 * @ring: The ring, whose device is gone.
 * @error: The error.
 *
 * Jobs that completed before are signalled normally first.
 */
void ember_ring_fail_all(struct ember_ring *ring, int error)
{
	struct ember_job *job, *tmp;
	unsigned long flags;

	ember_ring_process_completions(ring);

	spin_lock_irqsave(&ring->fence_lock, flags);
	list_for_each_entry_safe(job, tmp, &ring->in_flight, ring_link) {
		ember_ctx_set_device_lost(job->ctx);
		ember_ring_signal_locked(ring, job, error);
	}
	spin_unlock_irqrestore(&ring->fence_lock, flags);
}

/**
 * ember_ring_queue_of_pos() - Find the queue of the job at a ring position.
 * @ring: The ring.
 * @ring_pos: RING_HEAD of a RUN_IB packet, from a fault record.
 *
 * Return: The context queue index of the in-flight job whose RUN_IB is at
 * @ring_pos, U32_MAX if there is none.
 */
u32 ember_ring_queue_of_pos(struct ember_ring *ring, u32 ring_pos)
{
	struct ember_job *job;
	unsigned long flags;
	u32 queue = U32_MAX;

	spin_lock_irqsave(&ring->fence_lock, flags);
	list_for_each_entry(job, &ring->in_flight, ring_link) {
		if (job->ring_pos == ring_pos) {
			queue = job->queue_index;
			break;
		}
	}
	spin_unlock_irqrestore(&ring->fence_lock, flags);
	return queue;
}

/**
 * ember_ring_debugfs_show() - Print a ring's state.
 * @ring: The ring.
 * @m: The debugfs file.
 *
 * Context: Inside drm_dev_enter() (reads registers).
 */
void ember_ring_debugfs_show(struct ember_ring *ring, struct seq_file *m)
{
	struct ember_device *edev = ring->edev;
	u32 r = ring->index, in_flight = 0;
	struct ember_job *job;
	unsigned long flags;

	spin_lock_irqsave(&ring->fence_lock, flags);
	list_for_each_entry(job, &ring->in_flight, ring_link)
		in_flight++;
	spin_unlock_irqrestore(&ring->fence_lock, flags);

	if (ring->is_queue) {
		ember_queue_debugfs_show(ring, m);
		seq_printf(m, "  fence %llu emitted %llu in_flight %u\n",
			   le64_to_cpu(READ_ONCE(ring->status->fence)),
			   READ_ONCE(ring->emitted_seqno), in_flight);
		return;
	}

	seq_printf(m, "%s: priority %u base 0x%llx size %u\n", ring->name,
		   ring->hw_priority, (u64)ring->dma, EMBER_RING_BUF_SIZE);
	seq_printf(m, "  head %u tail %u (driver %u) status 0x%x irq_seq %u\n",
		   ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_HEAD)),
		   ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_TAIL)),
		   ring->tail,
		   ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_STATUS)),
		   ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_IRQ_SEQ)));
	seq_printf(m, "  fence %llu emitted %llu in_flight %u\n",
		   le64_to_cpu(READ_ONCE(ring->status->fence)),
		   READ_ONCE(ring->emitted_seqno), in_flight);
	seq_printf(m, "  pings %llu answered %llu\n", READ_ONCE(ring->ping_seqno),
		   ember_ring_ping_value(ring));
}
