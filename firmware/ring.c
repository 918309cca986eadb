/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The command processors: ring threads, kernel packets (see ring.h).
 */

#include "ring.h"

#include <endian.h>
#include <string.h>

#include "context.h"
#include "device.h"
#include "fault.h"
#include "ib.h"
#include "log.h"
#include "queue.h"

/* The longest payload of a kernel packet with a fixed layout. */
#define MAX_KPKT_PAYLOAD	4

/* The ring as the driver has programmed it, checked. */
struct ring_view {
	uint8_t *host;
	uint32_t size;
	uint32_t tail;
};

static uint32_t ring_reg(const struct ember_ring *ring, uint32_t reg)
{
	return ember_reg_read(&ring->dev->regs, EMBER_REG_RING(ring->index, reg));
}

static void publish_status(struct ember_ring *ring, bool busy)
{
	uint32_t status = (busy || ring->hung ? EMBER_RING_STATUS_BUSY : 0) |
			  (ring->stopped ? EMBER_RING_STATUS_STOPPED : 0);

	if (ember_ring_is_queue(ring)) {
		ember_queue_publish_status(ring, status);
		return;
	}
	ember_reg_write(&ring->dev->regs,
			EMBER_REG_RING(ring->index, EMBER_RING_STATUS), status);
}

static void publish_head(struct ember_ring *ring)
{
	if (ember_ring_is_queue(ring)) {
		ember_queue_publish_rptr(ring);
		return;
	}
	ember_reg_write_release(&ring->dev->regs,
				EMBER_REG_RING(ring->index, EMBER_RING_HEAD),
				ring->head);
}

void ember_ring_publish(struct ember_ring *ring)
{
	publish_head(ring);
	publish_status(ring, false);
}

static uint32_t ring_priority(const struct ember_ring *ring)
{
	uint32_t prio = ember_ring_is_queue(ring) ? ring->map.priority :
			ring_reg(ring, EMBER_RING_PRIORITY);

	return prio > EMBER_RING_MAX_PRIORITY ? EMBER_RING_MAX_PRIORITY : prio;
}

/* TAIL, or a queue's WPTR, read before the packets it covers. */
static uint32_t read_tail(const struct ember_ring *ring)
{
	if (ember_ring_is_queue(ring))
		return ember_queue_read_wptr(ring);
	return ember_reg_read_acquire(&ring->dev->regs,
				      EMBER_REG_RING(ring->index, EMBER_RING_TAIL));
}

/* With the scheduler lock held. */
static bool has_work(const struct ember_ring *ring)
{
	bool on = ember_ring_is_queue(ring) ? ring->map.mapped :
		  ring_reg(ring, EMBER_RING_SIZE) != 0;

	return on && !ring->stopped && !ring->hung && read_tail(ring) != ring->head;
}

void ember_ring_fault_origin(const struct ember_ring *ring,
			     struct ember_fault *fault)
{
	fault->ring = ember_ring_is_queue(ring) ? EMBER_NO_CONTEXT : ring->index;
	fault->queue = ring->queue;
}

/* Why a queue stops, for the reasons a ring stops. */
static uint32_t queue_err_of(const char *why)
{
	if (!strcmp(why, "bad_tail"))
		return EMBER_QUEUE_ERR_POINTERS;
	if (!strcmp(why, "bad_context"))
		return EMBER_QUEUE_ERR_CONTEXT;
	return EMBER_QUEUE_ERR_PACKET;
}

/*
 * A driver bug on this ring: record it and stop the ring. A queue's record
 * is an EMBER_FAULT_QUEUE one: its context, the packet's header as VA and
 * the reason as detail.
 */
static void ring_fault(struct ember_ring *ring, uint32_t context, uint64_t va,
		       uint32_t header, const char *why)
{
	struct ember_fault fault = {
		.kind = EMBER_FAULT_RING,
		.context = context,
		.ring_pos = ring->head,
		.va = va,
		.detail = header,
	};

	ember_ring_fault_origin(ring, &fault);
	if (ember_ring_is_queue(ring)) {
		fault.kind = EMBER_FAULT_QUEUE;
		fault.context = ring->map.context;
		fault.va = header;
		fault.detail = queue_err_of(why);
	}
	ember_warn("ring_stopped ring=%u head=0x%x reason=%s", ring->index,
		   ring->head, why);
	ring->stopped = true;
	publish_status(ring, false);
	ember_fault_report(ring->dev, &fault);
}

/* A queue's ring: where and how big was checked by QUEUE_MAP. */
static const char *check_queue_view(struct ember_ring *ring,
				    struct ring_view *view)
{
	view->size = ring->map.size;
	view->tail = read_tail(ring);
	view->host = ember_guest_ram_translate(&ring->dev->guest_ram,
					       ring->map.base, view->size);
	if (!view->host)
		return "base_not_in_guest_ram";
	if ((view->tail & 3) || view->tail - ring->head > view->size)
		return "bad_tail";
	return NULL;
}

static const char *check_view(struct ember_ring *ring, struct ring_view *view)
{
	uint64_t base;

	if (ember_ring_is_queue(ring))
		return check_queue_view(ring, view);
	base = ring_reg(ring, EMBER_RING_BASE_LO) |
	       (uint64_t)ring_reg(ring, EMBER_RING_BASE_HI) << 32;
	view->size = ring_reg(ring, EMBER_RING_SIZE);
	view->tail = read_tail(ring);
	if (view->size < EMBER_RING_MIN_SIZE ||
	    view->size > EMBER_DEVICE_MAX_RING_SIZE ||
	    (view->size & (view->size - 1)))
		return "bad_size";
	if (base & (EMBER_PAGE_SIZE - 1))
		return "misaligned_base";
	view->host = ember_guest_ram_translate(&ring->dev->guest_ram, base,
					       view->size);
	if (!view->host)
		return "base_not_in_guest_ram";
	if ((view->tail & 3) || view->tail - ring->head > view->size)
		return "bad_tail";
	return NULL;
}

static uint32_t ring_dword(const struct ring_view *view, uint32_t pos)
{
	const uint32_t *p = (const uint32_t *)(view->host + (pos & (view->size - 1)));

	return le32toh(__atomic_load_n(p, __ATOMIC_RELAXED));
}

/* A 64-bit guest-physical destination of a FENCE or TIMESTAMP packet. */
static uint64_t *phys_u64(struct ember_ring *ring, uint64_t gpa)
{
	if (gpa & 7)
		return NULL;
	return ember_guest_ram_translate(&ring->dev->guest_ram, gpa, 8);
}

void ember_ring_raise_irq(struct ember_ring *ring)
{
	struct ember_device *dev = ring->dev;

	if (ember_ring_is_queue(ring)) {
		ember_queue_raise_irq(ring);
		return;
	}
	ember_reg_write_release(&dev->regs,
				EMBER_REG_RING(ring->index, EMBER_RING_IRQ_SEQ),
				++ring->irq_seq);
	ember_device_raise_irq(dev, EMBER_VECTOR_RING(ring->index));
}

/*
 * Execute the kernel packet at HEAD, holding the engine. Returns the error
 * that stops the ring, or NULL.
 */
static const char *exec_kernel_packet(struct ember_ring *ring,
				      const struct ring_view *view,
				      uint32_t *ctx_out)
{
	uint32_t hdr = ring_dword(view, ring->head);
	uint32_t op = EMBER_PKT_OP(hdr), flags = EMBER_PKT_FLAGS(hdr);
	uint32_t len = EMBER_PKT_LEN(hdr);
	uint32_t p[MAX_KPKT_PAYLOAD];
	uint64_t *dst, value;

	if (len > (view->tail - ring->head) / 4 - 1)
		return "packet_past_tail";
	if (op != EMBER_KPKT_NOP) {
		if (len > MAX_KPKT_PAYLOAD)
			return "bad_length";
		for (uint32_t i = 0; i < len; i++)
			p[i] = ring_dword(view, ring->head + 4 + 4 * i);
	}
	if (flags && op != EMBER_KPKT_FENCE)
		return "bad_flags";

	switch (op) {
	case EMBER_KPKT_NOP:
		return NULL;
	case EMBER_KPKT_RUN_IB:
		if (len != EMBER_KPKT_RUN_IB_LEN)
			return "bad_length";
		*ctx_out = p[0];
		if (p[0] >= EMBER_MAX_CONTEXTS ||
		    (ember_ring_is_queue(ring) && p[0] != ring->map.context))
			return "bad_context";
		/* A TLB invalidation naming the context waits for the IB. */
		ember_sched_set_ring_context(&ring->dev->sched, ring->index, p[0]);
		ember_ib_run(ring, ring->head, p[0], p[1] | (uint64_t)p[2] << 32, p[3]);
		ember_sched_set_ring_context(&ring->dev->sched, ring->index,
					     EMBER_SCHED_NO_CONTEXT);
		return NULL;
	case EMBER_KPKT_FENCE:
		if (len != EMBER_KPKT_FENCE_LEN)
			return "bad_length";
		if (flags & ~EMBER_FENCE_IRQ)
			return "bad_flags";
		dst = phys_u64(ring, p[0] | (uint64_t)p[1] << 32);
		if (!dst)
			return "bad_fence_address";
		value = p[2] | (uint64_t)p[3] << 32;
		if (ember_inject_take_fence_ahead(&ring->dev->inject)) {
			ember_warn("fence_ahead ring=%u value=%llu reason=injected", ring->index,
				   (unsigned long long)value);
			value += EMBER_INJECT_FENCE_AHEAD;
		}
		/* Release: everything the ring did is visible before the fence. */
		__atomic_store_n(dst, htole64(value), __ATOMIC_RELEASE);
		if (flags & EMBER_FENCE_IRQ)
			ember_ring_raise_irq(ring);
		return NULL;
	case EMBER_KPKT_TLB_INVALIDATE:
		if (len != EMBER_KPKT_TLB_INVALIDATE_LEN)
			return "bad_length";
		/* A queue's packets touch its own context only. */
		if (ember_ring_is_queue(ring) && p[0] != ring->map.context)
			return "bad_context";
		return ember_contexts_tlb_invalidate(ring->dev, p[0]) ?
		       NULL : "bad_context";
	case EMBER_KPKT_TIMESTAMP:
		if (len != EMBER_KPKT_TIMESTAMP_LEN)
			return "bad_length";
		dst = phys_u64(ring, p[0] | (uint64_t)p[1] << 32);
		if (!dst)
			return "bad_timestamp_address";
		__atomic_store_n(dst, htole64(ember_device_timestamp_ns(ring->dev)),
				 __ATOMIC_RELAXED);
		return NULL;
	default:
		return "bad_opcode";
	}
}

/* One packet, holding the engine. */
static void ring_step(struct ember_ring *ring)
{
	struct ember_device *dev = ring->dev;
	uint32_t generation = dev->reset_generation;
	uint32_t ring_generation = ring->generation;
	uint32_t ctx = EMBER_NO_CONTEXT;
	struct ring_view view;
	const char *err;

	if (ember_inject_take_hang(&dev->inject, ring->index)) {
		ember_warn("ring_hung ring=%u head=0x%x reason=injected",
			   ring->index, ring->head);
		ring->hung = true;
		publish_status(ring, true);
		return;
	}

	err = check_view(ring, &view);
	if (err) {
		ring_fault(ring, EMBER_NO_CONTEXT, 0, 0, err);
		return;
	}

	publish_status(ring, true);
	ring->in_packet = true;
	err = exec_kernel_packet(ring, &view, &ctx);
	/* The engine is held again: a reset cannot be reading this. */
	ring->in_packet = false;
	/*
	 * A reset during the packet already moved HEAD to TAIL; QUEUE_UNMAP
	 * moved it past the packet it aborted.
	 */
	if (generation != dev->reset_generation ||
	    ring_generation != ring->generation)
		return;
	if (err) {
		ring_fault(ring, ctx, ring->head, ring_dword(&view, ring->head), err);
		return;
	}
	ring->head += 4 + 4 * EMBER_PKT_LEN(ring_dword(&view, ring->head));
	publish_head(ring);
	publish_status(ring, false);
}

static void *ring_thread(void *data)
{
	struct ember_ring *ring = data;
	struct ember_device *dev = ring->dev;
	struct ember_sched *sched = &dev->sched;

	pthread_mutex_lock(&sched->lock);
	for (;;) {
		while (!dev->rings_stopping && !has_work(ring)) {
			ember_sched_wait_doorbell_locked(sched, ring->index);
			ring->wakeups++;
		}
		if (dev->rings_stopping)
			break;
		ember_sched_acquire_locked(sched, ring->index, ring_priority(ring));
		pthread_mutex_unlock(&sched->lock);
		if (has_work(ring))
			ring_step(ring);
		pthread_mutex_lock(&sched->lock);
		ember_sched_release_locked(sched);
	}
	pthread_mutex_unlock(&sched->lock);
	return NULL;
}

void ember_ring_run_sync(struct ember_device *dev, unsigned int index)
{
	struct ember_ring *ring = &dev->rings[index];

	for (;;) {
		bool work;

		ember_sched_acquire(&dev->sched, index, ring_priority(ring));
		work = has_work(ring);
		if (work)
			ring_step(ring);
		ember_sched_release(&dev->sched);
		if (!work)
			return;
	}
}

void ember_ring_reset(struct ember_ring *ring)
{
	if (ember_ring_is_queue(ring)) {
		ember_queue_write_reset(ring, ring->in_packet);
		ring->in_packet = false;
		ring->head = ember_queue_read_wptr(ring);
		ring->stopped = false;
		ring->hung = false;
		ember_ring_publish(ring);
		return;
	}
	/* What the reset cuts: the driver tells started jobs from queued ones. */
	ember_reg_write(&ring->dev->regs,
			EMBER_REG_RING(ring->index, EMBER_RING_RESET_HEAD), ring->head);
	ember_reg_write(&ring->dev->regs,
			EMBER_REG_RING(ring->index, EMBER_RING_RESET_STATUS),
			ring->in_packet ? EMBER_RING_RESET_STARTED : 0);
	ring->in_packet = false;
	ring->head = ember_reg_read(&ring->dev->regs,
				    EMBER_REG_RING(ring->index, EMBER_RING_TAIL));
	ring->stopped = false;
	ring->hung = false;
	publish_head(ring);
	publish_status(ring, false);
}

uint32_t ember_ring_packet_bytes(struct ember_ring *ring)
{
	struct ring_view view;

	if (check_view(ring, &view) || view.tail == ring->head)
		return 0;
	return 4 + 4 * EMBER_PKT_LEN(ring_dword(&view, ring->head));
}

void ember_rings_init(struct ember_device *dev)
{
	for (unsigned int i = 0; i < EMBER_MAX_RINGS; i++) {
		struct ember_ring *ring = &dev->rings[i];

		*ring = (struct ember_ring) {
			.dev = dev,
			.index = i,
			.queue = EMBER_NO_QUEUE,
		};
		if (i >= dev->num_rings)
			continue;
		publish_head(ring);
		publish_status(ring, false);
		ember_reg_write(&dev->regs, EMBER_REG_RING(i, EMBER_RING_IRQ_SEQ), 0);
		ember_reg_write(&dev->regs, EMBER_REG_RING(i, EMBER_RING_RESET_HEAD), 0);
		ember_reg_write(&dev->regs, EMBER_REG_RING(i, EMBER_RING_RESET_STATUS), 0);
	}
}

int ember_ring_start_thread(struct ember_ring *ring)
{
	int ret;

	if (!ring->dev->threads_started || ring->thread_running)
		return 0;
	ret = pthread_create(&ring->thread, NULL, ring_thread, ring);
	if (ret)
		return -ret;
	ring->thread_running = true;
	return 0;
}

/* The rings, and the queues mapped before the device started. */
int ember_rings_start(struct ember_device *dev)
{
	dev->rings_stopping = false;
	dev->threads_started = true;
	for (unsigned int i = 0; i < EMBER_SCHED_MAX_STREAMS; i++) {
		struct ember_ring *ring = &dev->rings[i];
		int ret;

		if (ember_ring_is_queue(ring) ? !ring->map.mapped : i >= dev->num_rings)
			continue;
		ret = ember_ring_start_thread(ring);
		if (ret) {
			ember_rings_stop(dev);
			return ret;
		}
	}
	return 0;
}

void ember_rings_stop(struct ember_device *dev)
{
	pthread_mutex_lock(&dev->sched.lock);
	dev->rings_stopping = true;
	dev->sched.paused = false;
	ember_sched_kick_all_locked(&dev->sched);
	pthread_mutex_unlock(&dev->sched.lock);
	dev->threads_started = false;
	for (unsigned int i = 0; i < EMBER_SCHED_MAX_STREAMS; i++) {
		if (dev->rings[i].thread_running)
			pthread_join(dev->rings[i].thread, NULL);
		dev->rings[i].thread_running = false;
	}
}

void ember_ring_doorbell(struct ember_device *dev, unsigned int index)
{
	ember_sched_kick(&dev->sched, index);
	ember_debug("doorbell ring=%u", index);
}
