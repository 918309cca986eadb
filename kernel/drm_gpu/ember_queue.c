// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-fence.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/ember_drm.h>

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
 * DOC: Device queues
 *
 * A device with CAPS.QUEUES (contract 1.9, ember-hw.rst "Queues") runs
 * queues in memory: each is a ring of kernel packets described by a
 * 128-byte descriptor in guest RAM, mapped into one of NUM_QUEUES slots
 * with the mailbox's QUEUE_MAP, woken through its word of the doorbell
 * page and counted in its word of the interrupt page. Every mapped queue
 * has its own command processor: a queue parked in WAIT_MEM or running a
 * long dispatch holds up no other queue. On such a device every queue of
 * every context is a device queue of its own (&struct ember_ring with
 * is_queue set), with its own drm_gpu_scheduler, fence timeline and
 * recovery, as panthor and xe give each firmware-scheduled queue a
 * scheduler; the legacy rings stay for a device without queues, for the
 * contexts created while the device_queues module parameter is off (it
 * is writable at run time, so that both paths can be tested in one boot)
 * and for the ring ping.
 *
 * A queue is the same object as a ring (ember_ring.c writes its jobs,
 * signals its fences and sorts its jobs after a device reset); this file
 * owns what differs: the descriptor (in the queue's status page), the
 * slots, the doorbell and the interrupt page.
 *
 * Pool. Queues are not freed with their context: a queue's hardware
 * fences use its fence lock, and its scheduler may still be freeing the
 * context's last job when the context goes. A released queue goes back to
 * a pool of the device (&ember_queue_pool) and serves a later context;
 * the pool holds at most the device's contexts times
 * EMBER_CTX_MAX_QUEUES queues, all freed with the device.
 *
 * Slots are not pinned. A queue is mapped when its first job is written
 * and stays mapped while it is used; when every slot is taken, the
 * mapping of a new job's queue unmaps the queue idle the longest (no job
 * in flight, the device's RPTR at the driver's TAIL: QUEUE_UNMAP then cuts
 * nothing) and takes its slot. When no queue is idle, the job stays
 * written in its queue's ring and the queue waits for a slot
 * (@wants_slot); a queue that goes idle, or is released, runs
 * &ember_queue_pool.slot_work, which maps the waiting queues. A mapped
 * queue resumes from the RPTR of its descriptor, so a queue unmapped and
 * mapped again, in any slot, continues where it was. So one process can
 * have more queues than there are slots, and idle queues cost no slot:
 * no client keeps others off the device by holding queues.
 *
 * Interrupts. A queue's FENCE|IRQ raises its descriptor's vector, one of
 * the rings' vectors (queue n gets vector 1 + n % rings), and counts in
 * QUEUE_IRQ_SEQ of its slot. The vector's IRQ thread handles its ring,
 * then every queue mapped with that vector whose QUEUE_IRQ_SEQ changed
 * (ember_queue_handle_vector()). The counter is only compared for a
 * change: the fence value in the queue's status page decides what
 * completed, checked as for a ring (ember_ring_process_completions()).
 * Every other value read from the device is checked before use: the
 * slot of a fault record against NUM_QUEUES, RPTR and RESET_RPTR against
 * the queue's TAIL and size.
 *
 * Faults name the slot (the record's QUEUE word): the fault goes to the
 * queue mapped there, whose in-flight job at the record's RPTR is the
 * faulting one. A queue fault (FAULT_QUEUE, the driver broke the
 * contract) stops that queue only; its scheduler's timeout handler then
 * recovers it.
 *
 * Hangs are recovered per queue (see DOC: Recovery in ember_sched.c): the
 * guilty context is banned and reset; if its job does not end, its queue
 * alone is unmapped (QUEUE_UNMAP aborts the running packet), the rest of
 * its ring is overwritten with a NOP and its jobs signal with the
 * context's error: innocent queues keep running, no device reset. Only a
 * mailbox that does not answer resets the device.
 *
 * Locking: &ember_queue_pool.lock, then a queue's emit_lock, then the
 * mailbox's lock; &ember_queue_pool.slot_lock inside the scheduler's
 * fault lock, outside the rings' fence_lock.
 */

/*
 * Writable at run time: it decides for contexts created afterwards, so
 * that one boot can test both paths (the legacy rings' own recovery, ring
 * hang injection) and contexts of both kinds run side by side.
 */
static bool device_queues = true;
module_param(device_queues, bool, 0644);
MODULE_PARM_DESC(device_queues,
		 "New contexts get a device queue of their own per queue when the device has them (contract 1.9, default on); off: they share the legacy rings");

/* How often slot_work looks again while a waiting queue finds no idle slot. */
#define EMBER_QUEUE_SLOT_RETRY_MS	1

static struct ember_queue_pool *ember_queue_pool_of(struct ember_ring *ring)
{
	return &ring->edev->sched->queues;
}

/**
 * ember_queue_desc_read() - Read a word of a queue's descriptor.
 * @ring: The queue.
 * @reg: EMBER_QUEUE_DESC_*.
 *
 * Return: The word; a device-written one is read once and must be checked
 * by the caller before use.
 */
u32 ember_queue_desc_read(struct ember_ring *ring, u32 reg)
{
	return le32_to_cpu(READ_ONCE(ring->status->queue_desc[reg / 4]));
}

static void ember_queue_desc_write(struct ember_ring *ring, u32 reg, u32 value)
{
	WRITE_ONCE(ring->status->queue_desc[reg / 4], cpu_to_le32(value));
}

static u32 ember_queue_irq_seq(struct ember_queue_pool *pool, u32 slot)
{
	return readl(pool->regs + EMBER_REG_QUEUE_IRQ_SEQ(slot) - EMBER_REG_AREA_SIZE);
}

static void ember_queue_ring_doorbell(struct ember_ring *ring)
{
	struct ember_queue_pool *pool = ember_queue_pool_of(ring);

	/* WPTR (coherent memory) is written before this uncached write. */
	writel(ring->tail, pool->regs + EMBER_REG_QUEUE_DOORBELL(ring->slot) -
	       EMBER_REG_AREA_SIZE);
	ember_gpu_ring_doorbell_queues(ring->edev);
}

/**
 * ember_queue_fault_stops() - Whether a FAULT_QUEUE reason stops a queue.
 * @detail: The record's DETAIL, a QUEUE_ERR_* reason from the device.
 *
 * Kept free of device state for KUnit.
 *
 * Return: true for the reasons a running queue stops on (ember-hw.rst
 * "Queue faults": bad pointers, a bad kernel packet, a packet naming
 * another context); false for the rest, which stop nothing: a refused
 * QUEUE_MAP, whose caller has the refusal, and a doorbell word that
 * moved for an empty slot.
 */
bool ember_queue_fault_stops(u32 detail)
{
	switch (detail) {
	case EMBER_QUEUE_ERR_POINTERS:
	case EMBER_QUEUE_ERR_PACKET:
	case EMBER_QUEUE_ERR_CONTEXT:
		return true;
	default:
		return false;
	}
}

/**
 * ember_queue_pending_bytes() - Bytes of a queue's ring the device has not
 * completed.
 * @rptr: RPTR as the device reported it.
 * @tail: The driver's TAIL (WPTR).
 * @ring_size: The ring's size.
 *
 * Kept free of device state for KUnit.
 *
 * Return: @tail - @rptr, or U32_MAX if @rptr cannot be a RPTR of the ring
 * (not a multiple of 4, ahead of @tail or more than @ring_size behind).
 */
u32 ember_queue_pending_bytes(u32 rptr, u32 tail, u32 ring_size)
{
	if ((rptr & 3) || tail - rptr > ring_size)
		return U32_MAX;
	return tail - rptr;
}

/**
 * ember_queue_kick_locked() - Publish a queue's WPTR and wake the device.
 * @ring: The queue.
 *
 * An unmapped queue only gets its WPTR: QUEUE_MAP reads it.
 *
 * Context: Under the queue's emit_lock.
 */
void ember_queue_kick_locked(struct ember_ring *ring)
{
	lockdep_assert_held(&ring->emit_lock);

	/* The packets (coherent memory) before WPTR: release. */
	dma_wmb();
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_WPTR, ring->tail);
	ring->last_used = jiffies;
	if (ring->slot != EMBER_NO_QUEUE)
		ember_queue_ring_doorbell(ring);
}

/* No job in flight and the device has read everything: unmapping cuts nothing. */
static bool ember_queue_idle_locked(struct ember_ring *ring)
{
	unsigned long flags;
	bool idle;

	lockdep_assert_held(&ring->emit_lock);

	spin_lock_irqsave(&ring->fence_lock, flags);
	idle = list_empty(&ring->in_flight);
	spin_unlock_irqrestore(&ring->fence_lock, flags);
	return idle && ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR) == ring->tail;
}

static void ember_queue_set_slot_locked(struct ember_queue_pool *pool,
					struct ember_ring *ring, u32 slot)
{
	unsigned long flags;

	lockdep_assert_held(&pool->lock);
	lockdep_assert_held(&ring->emit_lock);

	spin_lock_irqsave(&pool->slot_lock, flags);
	if (slot == EMBER_NO_QUEUE)
		pool->slot_rings[ring->slot] = NULL;
	else
		pool->slot_rings[slot] = ring;
	ring->slot = slot;
	spin_unlock_irqrestore(&pool->slot_lock, flags);
}

/*
 * Overwrites what is left of the ring after @rptr with one NOP, so that
 * the next mapping (maybe for another context) runs none of it. The
 * queue is unmapped. False if @rptr is not a position of the ring.
 */
static bool ember_queue_drop_pending_locked(struct ember_ring *ring, u32 rptr)
{
	u32 pending = ember_queue_pending_bytes(rptr, ring->tail, EMBER_RING_BUF_SIZE);

	lockdep_assert_held(&ring->emit_lock);

	if (pending == U32_MAX) {
		drm_err(&ring->edev->base, "%s: device RPTR %u is not a position of the ring (tail %u)\n",
			ring->name, rptr, ring->tail);
		return false;
	}
	if (pending)
		ring->cpu[(rptr & (EMBER_RING_BUF_SIZE - 1)) / 4] =
			cpu_to_le32(EMBER_PKT(EMBER_KPKT_NOP, 0, pending / 4 - 1));
	return true;
}

/*
 * QUEUE_UNMAP of a queue: its slot is free afterwards. The device aborts
 * the running packet; *@rptr gets where the queue stopped.
 */
static int ember_queue_unmap_locked(struct ember_queue_pool *pool, struct ember_ring *ring,
				    u32 *rptr)
{
	bool cut;
	int ret;

	lockdep_assert_held(&pool->lock);
	lockdep_assert_held(&ring->emit_lock);

	ret = ember_gpu_queue_unmap(ring->edev, ring->slot, rptr, &cut);
	if (ret == -EINVAL) {
		/* The device says the slot is empty: then so it is. */
		drm_err(&ring->edev->base, "%s: slot %u was not mapped\n", ring->name, ring->slot);
		*rptr = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR);
	} else if (ret) {
		return ret;
	}
	ember_queue_set_slot_locked(pool, ring, EMBER_NO_QUEUE);
	return 0;
}

/* A free slot, after unmapping the idlest queue if none is; else EMBER_NO_QUEUE. */
static u32 ember_queue_find_slot_locked(struct ember_queue_pool *pool, struct ember_ring *ring)
{
	struct ember_ring *victim = NULL;
	u32 s, rptr;

	lockdep_assert_held(&pool->lock);

	for (s = 0; s < pool->num_slots; s++) {
		struct ember_ring *other = pool->slot_rings[s];

		if (!other)
			return s;
		if (other == ring)
			continue;
		/* emit_lock is the queue's: no job can be written meanwhile. */
		mutex_lock(&other->emit_lock);
		if (ember_queue_idle_locked(other) &&
		    (!victim || time_before(other->last_used, victim->last_used)))
			victim = other;
		mutex_unlock(&other->emit_lock);
	}
	if (!victim)
		return EMBER_NO_QUEUE;

	mutex_lock(&victim->emit_lock);
	s = victim->slot;
	/* Idle still (nothing can be written to it without its lock)? */
	if (!ember_queue_idle_locked(victim) || ember_queue_unmap_locked(pool, victim, &rptr))
		s = EMBER_NO_QUEUE;
	mutex_unlock(&victim->emit_lock);
	return s;
}

/* Maps @ring if it has no slot; false if it must wait for one. */
static bool ember_queue_map_locked(struct ember_queue_pool *pool, struct ember_ring *ring)
{
	struct ember_device *edev = ring->edev;
	u32 slot, reason = 0;
	int ret;

	lockdep_assert_held(&pool->lock);

	if (ring->slot != EMBER_NO_QUEUE)
		return true;

	slot = ember_queue_find_slot_locked(pool, ring);
	if (slot == EMBER_NO_QUEUE) {
		ring->wants_slot = true;
		return false;
	}

	mutex_lock(&ring->emit_lock);
	/* QUEUE_MAP reads the driver's half once: write it all now. */
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_BASE_LO, lower_32_bits(ring->dma));
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_BASE_HI, upper_32_bits(ring->dma));
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_SIZE_BYTES, EMBER_RING_BUF_SIZE);
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_CONTEXT, ring->hw_ctx);
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_PRIORITY, ring->hw_priority);
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_VECTOR, ring->vector);
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_FLAGS, 0);
	ember_queue_desc_write(ring, EMBER_QUEUE_DESC_WPTR, ring->tail);
	/* Changes of the slot's counter from now on are this queue's. */
	ring->irq_seq = ember_queue_irq_seq(pool, slot);
	dma_wmb();

	/*
	 * In its slot before the device may run it: an interrupt of its
	 * first jobs, raised before QUEUE_MAP returns, must find it.
	 */
	ember_queue_set_slot_locked(pool, ring, slot);
	ret = ember_gpu_queue_map(edev, slot, ring->status_dma +
				  offsetof(struct ember_ring_status, queue_desc), &reason);
	if (ret) {
		ember_queue_set_slot_locked(pool, ring, EMBER_NO_QUEUE);
		mutex_unlock(&ring->emit_lock);
		/* Its jobs time out and are recovered; the slot stays free. */
		drm_err(&edev->base, "%s: QUEUE_MAP in slot %u failed (%d, reason %u)\n",
			ring->name, slot, ret, reason);
		return false;
	}
	ring->wants_slot = false;
	/* Jobs written while it had no slot: the map made the device look. */
	ember_queue_ring_doorbell(ring);
	mutex_unlock(&ring->emit_lock);
	return true;
}

/**
 * ember_queue_ensure_mapped() - Give a queue with a new job a slot.
 * @ring: The queue, its job written (ember_ring_run_job()).
 *
 * If every slot is busy, the queue waits for one (see DOC: Device queues);
 * its job's timeout runs meanwhile.
 *
 * Context: Process context (run_job), not under the queue's emit_lock.
 */
void ember_queue_ensure_mapped(struct ember_ring *ring)
{
	struct ember_queue_pool *pool = ember_queue_pool_of(ring);

	if (READ_ONCE(ring->slot) != EMBER_NO_QUEUE)
		return;

	mutex_lock(&pool->lock);
	ember_queue_map_locked(pool, ring);
	mutex_unlock(&pool->lock);
}

static void ember_queue_slot_work(struct work_struct *work)
{
	struct ember_queue_pool *pool = container_of(to_delayed_work(work),
						     struct ember_queue_pool, slot_work);
	struct ember_device *edev = pool->edev;
	bool waiting = false;
	int cookie;
	u32 i;

	if (!drm_dev_enter(&edev->base, &cookie))
		return;

	mutex_lock(&pool->lock);
	for (i = 0; i < pool->count; i++) {
		struct ember_ring *ring = pool->queues[i];

		if (ring->in_use && ring->wants_slot && !ember_queue_map_locked(pool, ring))
			waiting = true;
	}
	mutex_unlock(&pool->lock);
	drm_dev_exit(cookie);

	/* A queue only just idle may still have its RPTR behind: look again. */
	if (waiting)
		mod_delayed_work(system_wq, &pool->slot_work,
				 msecs_to_jiffies(EMBER_QUEUE_SLOT_RETRY_MS));
}

/**
 * ember_queue_went_idle() - Note that a queue's last job completed.
 * @ring: The queue.
 *
 * Its slot may serve a queue waiting for one.
 *
 * Context: Any (completion processing, under no lock of the pool).
 */
void ember_queue_went_idle(struct ember_ring *ring)
{
	struct ember_queue_pool *pool = ember_queue_pool_of(ring);
	u32 i, count;

	/* Pairs with the release in ember_queue_create_locked(). */
	count = smp_load_acquire(&pool->count);

	for (i = 0; i < count; i++) {
		if (READ_ONCE(pool->queues[i]->wants_slot)) {
			mod_delayed_work(system_wq, &pool->slot_work, 0);
			return;
		}
	}
}

/**
 * ember_queue_handle_vector() - Complete the jobs of the queues of a vector.
 * @edev: The device.
 * @vector: The interrupt vector that fired.
 *
 * Context: The vector's IRQ thread.
 */
void ember_queue_handle_vector(struct ember_device *edev, u32 vector)
{
	struct ember_sched *sched = READ_ONCE(edev->sched);
	struct ember_queue_pool *pool;
	unsigned long flags;
	u32 s;

	if (!sched || !sched->queues.enabled)
		return;
	pool = &sched->queues;

	for (s = 0; s < pool->num_slots; s++) {
		struct ember_ring *ring;
		u32 seq;

		spin_lock_irqsave(&pool->slot_lock, flags);
		ring = pool->slot_rings[s];
		spin_unlock_irqrestore(&pool->slot_lock, flags);
		if (!ring || ring->vector != vector)
			continue;

		seq = ember_queue_irq_seq(pool, s);
		if (seq == READ_ONCE(ring->irq_seq))
			continue;
		WRITE_ONCE(ring->irq_seq, seq);
		/* The ring stays valid: queues live as long as the device. */
		ember_ring_process_completions(ring);
	}
}

/**
 * ember_queue_of_slot() - The queue mapped in a slot.
 * @sched: The scheduler.
 * @slot: A slot from the device (a fault record), checked here.
 *
 * Context: Any; takes &ember_queue_pool.slot_lock.
 *
 * Return: The queue, valid as long as the device, or NULL if @slot is out
 * of range or empty.
 */
struct ember_ring *ember_queue_of_slot(struct ember_sched *sched, u32 slot)
{
	struct ember_queue_pool *pool = &sched->queues;
	struct ember_ring *ring;
	unsigned long flags;

	if (!pool->enabled || slot >= pool->num_slots)
		return NULL;

	spin_lock_irqsave(&pool->slot_lock, flags);
	ring = pool->slot_rings[slot];
	spin_unlock_irqrestore(&pool->slot_lock, flags);
	return ring;
}

/**
 * ember_queue_read_reset_point() - Read where a device reset cut a queue.
 * @ring: A mapped queue, just after a device reset.
 *
 * Fills &ember_ring.reset_point from the descriptor's RESET_RPTR and
 * RESET_STATUS, checked against the queue's TAIL. (An unmapped queue has
 * no job the reset could cut: it is unmapped only when idle, and its jobs
 * written since have not begun.)
 *
 * Context: Under &ember_sched.reset_lock; takes the queue's emit_lock.
 */
void ember_queue_read_reset_point(struct ember_ring *ring)
{
	struct ember_ring_reset_point *point = &ring->reset_point;

	mutex_lock(&ring->emit_lock);
	point->head = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RESET_RPTR);
	point->started = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RESET_STATUS) &
			 EMBER_QUEUE_RESET_STARTED;
	point->known = ember_ring_reset_head_valid(point->head, ring->tail);
	if (!point->known)
		drm_err(&ring->edev->base, "%s: device reset at RPTR %u, tail %u: not a ring position\n",
			ring->name, point->head, ring->tail);
	mutex_unlock(&ring->emit_lock);
}

/**
 * ember_queue_unmap_hung() - Stop a queue whose job hangs, alone.
 * @ring: The queue, its hung job's context banned.
 *
 * Unmaps the queue (the device aborts its running packet) and overwrites
 * the rest of its ring with a NOP; the caller signals its jobs. The queue
 * can be mapped again for its next job (a banned context has none).
 *
 * Context: Under &ember_sched.reset_lock, the queue's scheduler stopped.
 *
 * Return: 0 on success, a negative error code if the device did not
 * unmap it or reported an impossible RPTR (then only a device reset helps).
 */
int ember_queue_unmap_hung(struct ember_ring *ring)
{
	struct ember_queue_pool *pool = ember_queue_pool_of(ring);
	int ret = 0;
	u32 rptr;

	mutex_lock(&pool->lock);
	mutex_lock(&ring->emit_lock);
	if (ring->slot != EMBER_NO_QUEUE)
		ret = ember_queue_unmap_locked(pool, ring, &rptr);
	else
		rptr = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR);
	if (!ret && !ember_queue_drop_pending_locked(ring, rptr))
		ret = -EIO;
	ring->wants_slot = false;
	mutex_unlock(&ring->emit_lock);
	mutex_unlock(&pool->lock);
	return ret;
}

/* A new queue for the pool, with its scheduler; the caller holds the pool's lock. */
static struct ember_ring *ember_queue_create_locked(struct ember_device *edev,
						    struct ember_queue_pool *pool)
{
	struct ember_sched *sched = edev->sched;
	struct ember_ring *ring;
	u32 n = pool->count;
	int ret;

	lockdep_assert_held(&pool->lock);

	if (n >= pool->capacity)
		return ERR_PTR(-EBUSY);

	ring = kzalloc(sizeof(*ring), GFP_KERNEL);
	if (!ring)
		return ERR_PTR(-ENOMEM);

	ring->is_queue = true;
	ret = ember_ring_init(edev, ring, EMBER_MAX_RINGS + n, 0);
	if (ret)
		goto err_free;
	snprintf(ring->name, sizeof(ring->name), "queue%u", n);
	ring->slot = EMBER_NO_QUEUE;
	ring->vector = EMBER_VECTOR_RING(n % sched->num_rings);
	ring->submit_wq = pool->wq;

	/* One run queue, as for a ring: the priority is the device's. */
	ret = drm_sched_init(&ring->sched, &ember_sched_ops, pool->wq, 1,
			     EMBER_RING_MAX_JOBS, 0, msecs_to_jiffies(sched->job_timeout_ms),
			     sched->timeout_wq, NULL, ring->name, edev->base.dev);
	if (ret)
		goto err_free;

	pool->queues[n] = ring;
	/* Lockless readers see the queue before the count that covers it. */
	smp_store_release(&pool->count, n + 1);
	return ring;

err_free:
	kfree(ring);
	return ERR_PTR(ret);
}

/**
 * ember_queue_for_new_context() - Whether a new context gets device queues.
 * @sched: The scheduler.
 *
 * Return: true if the device has them and the device_queues module
 * parameter is on.
 */
bool ember_queue_for_new_context(struct ember_sched *sched)
{
	return sched->queues.enabled && READ_ONCE(device_queues);
}

/**
 * ember_queue_get() - A device queue for a new context queue.
 * @edev: The device, with &ember_queue_pool.enabled.
 * @priority: The queue's enum drm_ember_queue_priority, checked.
 * @hw_ctx: The context's hardware context.
 *
 * Context: Process context; takes &ember_queue_pool.lock.
 *
 * Return: The queue, unmapped and idle, or an ERR_PTR(): -ENOMEM, or
 * -EBUSY if the pool is full (cannot happen within the contexts' limits).
 */
struct ember_ring *ember_queue_get(struct ember_device *edev, u32 priority, u32 hw_ctx)
{
	struct ember_queue_pool *pool = &edev->sched->queues;
	struct ember_ring *ring = NULL;
	u32 i;

	mutex_lock(&pool->lock);
	for (i = 0; i < pool->count; i++) {
		if (!pool->queues[i]->in_use) {
			ring = pool->queues[i];
			break;
		}
	}
	if (!ring)
		ring = ember_queue_create_locked(edev, pool);
	if (!IS_ERR(ring)) {
		ring->in_use = true;
		ring->wants_slot = false;
		/* Unmapped and idle: the descriptor is read at the next map. */
		ring->hw_ctx = hw_ctx;
		ring->hw_priority = priority;
		ring->busy_index = ember_sched_pick_ring(edev, priority, 0);
	}
	mutex_unlock(&pool->lock);
	return ring;
}

/**
 * ember_queue_put() - Give a context's queue back to the pool.
 * @ring: The queue; no job of its context is in flight any more.
 *
 * Unmaps it (before its hardware context is given back) and drops what
 * is left in its ring (packets of jobs a recovery signalled).
 *
 * Context: Process context, may sleep (mailbox).
 */
void ember_queue_put(struct ember_ring *ring)
{
	struct ember_queue_pool *pool = ember_queue_pool_of(ring);
	struct ember_device *edev = ring->edev;
	bool usable = true;
	int cookie;
	u32 rptr;

	mutex_lock(&pool->lock);
	if (drm_dev_enter(&edev->base, &cookie)) {
		mutex_lock(&ring->emit_lock);
		if (ring->slot != EMBER_NO_QUEUE) {
			if (ember_queue_unmap_locked(pool, ring, &rptr))
				usable = false;
		} else {
			rptr = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR);
		}
		if (usable)
			usable = ember_queue_drop_pending_locked(ring, rptr);
		mutex_unlock(&ring->emit_lock);
		drm_dev_exit(cookie);
	}
	ring->wants_slot = false;
	/* A queue the device would not give back serves nobody again. */
	ring->in_use = !usable;
	mutex_unlock(&pool->lock);

	/* Its slot may serve a waiting queue. */
	mod_delayed_work(system_wq, &pool->slot_work, 0);
}

/**
 * ember_queue_unplug() - Unmap every queue of a device being unplugged.
 * @sched: The scheduler, its device unplugged from DRM.
 * @answers: The device answered the mailbox (its reset): else it is dead,
 *	and no unmap is asked for (each would wait for the mailbox timeout).
 *
 * So that the device stops reading queues whose memory goes with the
 * device; the in-flight jobs are failed by the caller.
 */
void ember_queue_unplug(struct ember_sched *sched, bool answers)
{
	struct ember_queue_pool *pool = &sched->queues;
	u32 s;

	if (!pool->enabled)
		return;

	cancel_delayed_work_sync(&pool->slot_work);
	mutex_lock(&pool->lock);
	for (s = 0; s < pool->num_slots; s++) {
		struct ember_ring *ring = pool->slot_rings[s];

		if (!ring)
			continue;
		if (answers)
			ember_gpu_queue_unmap_unplugged(sched->edev, s);
		mutex_lock(&ring->emit_lock);
		ember_queue_set_slot_locked(pool, ring, EMBER_NO_QUEUE);
		mutex_unlock(&ring->emit_lock);
	}
	mutex_unlock(&pool->lock);
}

/**
 * ember_queue_debugfs_show() - Print a queue's state.
 * @ring: The queue.
 * @m: The debugfs file.
 */
void ember_queue_debugfs_show(struct ember_ring *ring, struct seq_file *m)
{
	seq_printf(m, "%s: priority %u context %u slot %d vector %u base 0x%llx size %u%s\n",
		   ring->name, ring->hw_priority, ring->hw_ctx,
		   ring->slot == EMBER_NO_QUEUE ? -1 : (int)ring->slot, ring->vector,
		   (u64)ring->dma, EMBER_RING_BUF_SIZE,
		   READ_ONCE(ring->wants_slot) ? " (waiting for a slot)" : "");
	seq_printf(m, "  rptr %u wptr %u status 0x%x irq_seq %u\n",
		   ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR), ring->tail,
		   ember_queue_desc_read(ring, EMBER_QUEUE_DESC_STATUS), ring->irq_seq);
}

/**
 * ember_queue_pool_early_init() - Initialise an empty pool.
 * @edev: The device.
 * @pool: The pool, zeroed, whose ember_queue_pool_fini() may run from now
 *	on.
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int ember_queue_pool_early_init(struct ember_device *edev, struct ember_queue_pool *pool)
{
	pool->edev = edev;
	spin_lock_init(&pool->slot_lock);
	INIT_DELAYED_WORK(&pool->slot_work, ember_queue_slot_work);
	return drmm_mutex_init(&edev->base, &pool->lock);
}

/**
 * ember_queue_pool_init() - Decide whether contexts get device queues.
 * @edev: The device, its scheduler's rings up.
 *
 * Return: 0 on success (queues or not), a negative error code otherwise.
 */
int ember_queue_pool_init(struct ember_device *edev)
{
	struct ember_sched *sched = edev->sched;
	struct ember_queue_pool *pool = &sched->queues;
	struct pci_dev *pdev = edev->pdev;
	u32 num_slots;

	if (!(edev->gpu_info.caps & EMBER_CAP_QUEUES) || !sched->num_rings)
		return 0;

	num_slots = min_t(u32, ember_gpu_read(edev, EMBER_REG_NUM_QUEUES), EMBER_MAX_QUEUES);
	if (!num_slots ||
	    pci_resource_len(pdev, EMBER_PCI_BAR_SHM) < EMBER_QUEUE_AREA_END ||
	    ember_gpu_read(edev, EMBER_REG_SHM_SIZE) < EMBER_QUEUE_AREA_END) {
		drm_warn(&edev->base, "device queues without slots or their pages: using rings\n");
		return 0;
	}

	pool->regs = pcim_iomap_range(pdev, EMBER_PCI_BAR_SHM, EMBER_REG_AREA_SIZE,
				      EMBER_QUEUE_AREA_END - EMBER_REG_AREA_SIZE);
	if (IS_ERR(pool->regs))
		return PTR_ERR(pool->regs);

	pool->num_slots = num_slots;
	pool->capacity = sched->num_hw_ctxs * EMBER_CTX_MAX_QUEUES;
	/*
	 * Not drmm: ember_sched_fini(), which frees the queues through these
	 * arrays, is a drmm action registered before them, and drmm releases
	 * in reverse order. ember_queue_pool_fini() frees them, also after a
	 * failure here.
	 */
	pool->slot_rings = kcalloc(num_slots, sizeof(*pool->slot_rings), GFP_KERNEL);
	pool->queues = kcalloc(pool->capacity, sizeof(*pool->queues), GFP_KERNEL);
	if (!pool->slot_rings || !pool->queues)
		return -ENOMEM;

	/* Not ordered: each scheduler's work runs in order by itself. */
	pool->wq = alloc_workqueue("ember-queues", WQ_HIGHPRI | WQ_MEM_RECLAIM, 0);
	if (!pool->wq)
		return -ENOMEM;

	pool->enabled = true;
	drm_info(&edev->base, "device queues: %u slots\n", num_slots);
	return 0;
}

/**
 * ember_queue_pool_fini() - Free the pool's queues.
 * @sched: The scheduler, every context gone.
 */
void ember_queue_pool_fini(struct ember_sched *sched)
{
	struct ember_queue_pool *pool = &sched->queues;
	u32 i;

	cancel_delayed_work_sync(&pool->slot_work);
	for (i = 0; i < pool->count; i++) {
		drm_sched_fini(&pool->queues[i]->sched);
		kfree(pool->queues[i]);
	}
	pool->count = 0;
	kfree(pool->queues);
	pool->queues = NULL;
	kfree(pool->slot_rings);
	pool->slot_rings = NULL;
	if (pool->wq)
		destroy_workqueue(pool->wq);
}
