/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Queue slots: mapping, descriptors, doorbell and interrupt pages (see
 * queue.h).
 */

#include "queue.h"

#include <endian.h>

#include "device.h"
#include "fault.h"
#include "log.h"

/* A word of the queue pages of BAR2 (after the register area). */
static volatile uint32_t *queue_page_word(const struct ember_device *dev,
					  uint32_t offset)
{
	return (volatile uint32_t *)(dev->shm + offset);
}

static uint32_t desc_read(const uint8_t *desc, uint32_t offset)
{
	return le32toh(__atomic_load_n((const uint32_t *)(desc + offset),
				       __ATOMIC_RELAXED));
}

static void desc_write(uint8_t *desc, uint32_t offset, uint32_t value,
		       int order)
{
	__atomic_store_n((uint32_t *)(desc + offset), htole32(value), order);
}

static struct ember_ring *slot_ring(struct ember_device *dev, uint32_t slot)
{
	return &dev->rings[EMBER_SCHED_QUEUE_STREAM(slot)];
}

void ember_queues_init(struct ember_device *dev)
{
	for (uint32_t q = 0; q < EMBER_SCHED_MAX_QUEUES; q++) {
		*slot_ring(dev, q) = (struct ember_ring) {
			.dev = dev,
			.index = EMBER_SCHED_QUEUE_STREAM(q),
			.queue = q,
		};
		dev->queue_doorbell_seen[q] = 0;
	}
	for (uint32_t q = 0; q < dev->num_queues; q++)
		__atomic_store_n(queue_page_word(dev, EMBER_REG_QUEUE_IRQ_SEQ(q)), 0,
				 __ATOMIC_RELAXED);
}

uint32_t ember_queue_read_wptr(const struct ember_ring *ring)
{
	return le32toh(__atomic_load_n((const uint32_t *)(ring->map.desc +
							  EMBER_QUEUE_DESC_WPTR),
				       __ATOMIC_ACQUIRE));
}

void ember_queue_publish_rptr(struct ember_ring *ring)
{
	desc_write(ring->map.desc, EMBER_QUEUE_DESC_RPTR, ring->head,
		   __ATOMIC_RELEASE);
}

void ember_queue_publish_status(struct ember_ring *ring, uint32_t status)
{
	_Static_assert(EMBER_QUEUE_STATUS_BUSY == EMBER_RING_STATUS_BUSY &&
		       EMBER_QUEUE_STATUS_STOPPED == EMBER_RING_STATUS_STOPPED,
		       "a queue's STATUS has a ring's bits");
	desc_write(ring->map.desc, EMBER_QUEUE_DESC_STATUS, status,
		   __ATOMIC_RELAXED);
}

void ember_queue_write_reset(struct ember_ring *ring, bool started)
{
	desc_write(ring->map.desc, EMBER_QUEUE_DESC_RESET_RPTR, ring->head,
		   __ATOMIC_RELAXED);
	desc_write(ring->map.desc, EMBER_QUEUE_DESC_RESET_STATUS,
		   started ? EMBER_QUEUE_RESET_STARTED : 0, __ATOMIC_RELEASE);
}

void ember_queue_raise_irq(struct ember_ring *ring)
{
	struct ember_device *dev = ring->dev;

	__atomic_store_n(queue_page_word(dev, EMBER_REG_QUEUE_IRQ_SEQ(ring->queue)),
			 htole32(++ring->irq_seq), __ATOMIC_RELEASE);
	ember_device_raise_irq(dev, ring->map.vector);
}

/* A queue fault written from the mailbox thread: it takes the engine. */
static void report_locked(struct ember_device *dev, uint32_t slot,
			  uint32_t context, uint32_t reason)
{
	struct ember_fault fault = {
		.kind = EMBER_FAULT_QUEUE,
		.ring = EMBER_NO_CONTEXT,
		.queue = slot,
		.context = context < EMBER_MAX_CONTEXTS ? context : EMBER_NO_CONTEXT,
		.detail = reason,
	};

	ember_fault_report(dev, &fault);
}

static bool power_of_two_in(uint32_t v, uint32_t lo, uint32_t hi)
{
	return v >= lo && v <= hi && !(v & (v - 1));
}

/* Check a descriptor's driver half; 0 or the EMBER_QUEUE_ERR_*. */
static uint32_t read_descriptor(struct ember_device *dev, uint8_t *desc,
				struct ember_queue_map *map, uint32_t *rptr)
{
	uint32_t wptr = desc_read(desc, EMBER_QUEUE_DESC_WPTR);

	map->base = desc_read(desc, EMBER_QUEUE_DESC_BASE_LO) |
		    (uint64_t)desc_read(desc, EMBER_QUEUE_DESC_BASE_HI) << 32;
	map->size = desc_read(desc, EMBER_QUEUE_DESC_SIZE_BYTES);
	map->context = desc_read(desc, EMBER_QUEUE_DESC_CONTEXT);
	map->priority = desc_read(desc, EMBER_QUEUE_DESC_PRIORITY);
	map->vector = desc_read(desc, EMBER_QUEUE_DESC_VECTOR);
	*rptr = desc_read(desc, EMBER_QUEUE_DESC_RPTR);

	if (!power_of_two_in(map->size, EMBER_RING_MIN_SIZE,
			     EMBER_DEVICE_MAX_RING_SIZE))
		return EMBER_QUEUE_ERR_SIZE;
	if ((map->base & (EMBER_PAGE_SIZE - 1)) ||
	    !ember_guest_ram_translate(&dev->guest_ram, map->base, map->size))
		return EMBER_QUEUE_ERR_BASE;
	if (map->context >= EMBER_DEVICE_NUM_CONTEXTS)
		return EMBER_QUEUE_ERR_CONTEXT;
	if (map->vector == 0 || map->vector >= dev->config.num_vectors)
		return EMBER_QUEUE_ERR_VECTOR;
	if (desc_read(desc, EMBER_QUEUE_DESC_FLAGS))
		return EMBER_QUEUE_ERR_FLAGS;
	if ((wptr & 3) || (*rptr & 3) || wptr - *rptr > map->size)
		return EMBER_QUEUE_ERR_POINTERS;
	if (map->priority > EMBER_RING_MAX_PRIORITY)
		map->priority = EMBER_RING_MAX_PRIORITY;
	return 0;
}

/* The QUEUE_DOORBELL word of @slot as the driver last wrote it. */
static uint32_t doorbell_word(struct ember_device *dev, uint32_t slot)
{
	return le32toh(__atomic_load_n(queue_page_word(dev, EMBER_REG_QUEUE_DOORBELL(slot)),
				       __ATOMIC_ACQUIRE));
}

static bool descriptor_in_use(struct ember_device *dev, uint64_t gpa)
{
	for (uint32_t q = 0; q < dev->num_queues; q++) {
		const struct ember_queue_map *map = &slot_ring(dev, q)->map;

		if (map->mapped && map->desc_gpa == gpa)
			return true;
	}
	return false;
}

/* With the engine held: check and take the descriptor; 0 or the reason. */
static uint32_t map_locked(struct ember_device *dev, uint32_t slot,
			   uint64_t desc_gpa)
{
	struct ember_ring *ring = slot_ring(dev, slot);
	struct ember_queue_map map = { .desc_gpa = desc_gpa };
	uint32_t reason, rptr;

	if (ring->map.mapped)
		return EMBER_QUEUE_ERR_MAPPED;
	map.desc = (desc_gpa & (EMBER_QUEUE_DESC_SIZE - 1)) ? NULL :
		   ember_guest_ram_translate(&dev->guest_ram, desc_gpa,
					     EMBER_QUEUE_DESC_SIZE);
	if (!map.desc || descriptor_in_use(dev, desc_gpa)) {
		report_locked(dev, slot, EMBER_NO_CONTEXT, EMBER_QUEUE_ERR_DESC);
		return EMBER_QUEUE_ERR_DESC;
	}
	reason = read_descriptor(dev, map.desc, &map, &rptr);
	if (reason) {
		report_locked(dev, slot, map.context, reason);
		return reason;
	}

	map.mapped = true;
	ring->map = map;
	ring->head = rptr;
	ring->stopped = false;
	ring->hung = false;
	ring->in_packet = false;
	ember_ring_publish(ring);
	dev->queue_doorbell_seen[slot] = doorbell_word(dev, slot);
	return 0;
}

uint32_t ember_queue_map(struct ember_device *dev, uint32_t slot,
			 uint64_t desc_gpa, uint32_t *reason)
{
	struct ember_ring *ring;
	int ret;

	if (slot >= dev->num_queues) {
		*reason = EMBER_QUEUE_ERR_SLOT;
		return EMBER_MGMT_STATUS_BAD_ARG;
	}
	ring = slot_ring(dev, slot);
	ember_sched_lock(&dev->sched);
	*reason = map_locked(dev, slot, desc_gpa);
	ember_sched_unlock(&dev->sched);
	if (*reason) {
		ember_warn("queue_map_refused queue=%u desc=0x%llx reason=%u", slot,
			   (unsigned long long)desc_gpa, *reason);
		return EMBER_MGMT_STATUS_BAD_ARG;
	}

	ret = ember_ring_start_thread(ring);
	if (ret)
		ember_error("queue_thread_failed queue=%u err=%d", slot, ret);
	ember_info("queue_mapped queue=%u desc=0x%llx context=%u priority=%u vector=%u",
		   slot, (unsigned long long)desc_gpa, ring->map.context,
		   ring->map.priority, ring->map.vector);
	/* WPTR may already be ahead: look at it as after a doorbell. */
	ember_sched_kick(&dev->sched, ring->index);
	return EMBER_MGMT_STATUS_OK;
}

uint32_t ember_queue_unmap(struct ember_device *dev, uint32_t slot,
			   uint32_t *rptr, uint32_t *cut)
{
	struct ember_ring *ring;

	if (slot >= dev->num_queues) {
		*rptr = EMBER_QUEUE_ERR_SLOT;
		return EMBER_MGMT_STATUS_BAD_ARG;
	}
	ring = slot_ring(dev, slot);
	/* The running packet, if any, is parked at a preemption point now. */
	ember_sched_lock(&dev->sched);
	if (!ring->map.mapped) {
		ember_sched_unlock(&dev->sched);
		*rptr = EMBER_QUEUE_ERR_NOT_MAPPED;
		return EMBER_MGMT_STATUS_BAD_ARG;
	}
	*cut = ring->in_packet;
	ember_queue_write_reset(ring, ring->in_packet);
	if (ring->in_packet) {
		/* Its job and ring_step() see the new generation and stop. */
		ring->generation++;
		ring->head += ember_ring_packet_bytes(ring);
		ring->in_packet = false;
	}
	ember_ring_publish(ring);
	ring->map.mapped = false;
	/*
	 * A doorbell rung before the unmap is answered by it: the mailbox
	 * and the queues share doorbell 0, and the mailbox is looked at
	 * first, so a word the driver wrote just before QUEUE_UNMAP would
	 * otherwise read as a doorbell for an empty slot.
	 */
	dev->queue_doorbell_seen[slot] = doorbell_word(dev, slot);
	*rptr = ring->head;
	ember_sched_unlock(&dev->sched);
	ember_info("queue_unmapped queue=%u rptr=0x%x cut=%u", slot, *rptr, *cut);
	return EMBER_MGMT_STATUS_OK;
}

/*
 * Every mapped queue is woken, its word moved or not: the word is the
 * driver's WPTR, which can come back to the value QUEUE_MAP took as seen
 * (the last WPTR of the queue mapped in the slot before) when the device
 * looks once for two submissions (two rings of doorbell 0 coalesce, or the
 * second word lands before the first is read). Comparing words would lose
 * that submission; the woken command processor compares WPTR with RPTR.
 * The word only tells a doorbell for an empty slot.
 */
void ember_queues_doorbell(struct ember_device *dev)
{
	for (uint32_t q = 0; q < dev->num_queues; q++) {
		uint32_t word = doorbell_word(dev, q);
		bool moved = word != dev->queue_doorbell_seen[q];
		bool mapped;

		dev->queue_doorbell_seen[q] = word;
		pthread_mutex_lock(&dev->sched.lock);
		mapped = slot_ring(dev, q)->map.mapped;
		pthread_mutex_unlock(&dev->sched.lock);
		if (mapped) {
			ember_sched_kick(&dev->sched, EMBER_SCHED_QUEUE_STREAM(q));
			continue;
		}
		if (!moved)
			continue;
		ember_warn("queue_doorbell_ignored queue=%u reason=not_mapped", q);
		ember_sched_lock(&dev->sched);
		report_locked(dev, q, EMBER_NO_CONTEXT, EMBER_QUEUE_ERR_NOT_MAPPED);
		ember_sched_unlock(&dev->sched);
	}
}

void ember_queues_reset(struct ember_device *dev)
{
	for (uint32_t q = 0; q < dev->num_queues; q++) {
		struct ember_ring *ring = slot_ring(dev, q);

		if (ring->map.mapped)
			ember_ring_reset(ring);
	}
}
