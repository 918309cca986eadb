/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Rings and command processors
 *
 * Each ring has a command processor: a thread that sleeps until its
 * doorbell rings (its own doorbell only: other rings' doorbells do not wake
 * it), then executes kernel packets from HEAD to TAIL, one
 * packet per grant of the engine (scheduler.h), publishing HEAD after each
 * one. The ring itself lives in guest memory at the guest-physical BASE the
 * driver programs; BASE, SIZE and TAIL are re-read and checked before every
 * packet, since the guest can change them at any time.
 *
 * Kernel packets come from the kernel driver, so a malformed one (unknown
 * opcode, wrong length, a packet running past TAIL, a bad fence address, a
 * context out of range) or a bad ring setup is a driver bug: the device
 * records an EMBER_FAULT_RING fault and stops the ring (STATUS.STOPPED)
 * until a device reset. Faults inside an indirect buffer only stop the
 * buffer's context (ib.h).
 *
 * HEAD is kept here (@head) and only written to the register page, never
 * read back: a guest scribbling over it changes nothing.
 *
 * Since contract 1.9 a mapped queue (queue.h) has a command processor of
 * this same kind: its ring is described by a queue descriptor in guest
 * memory instead of ring registers (BASE, SIZE, context, priority and
 * vector fixed when it is mapped, WPTR read for TAIL, RPTR written for
 * HEAD) and its faults are EMBER_FAULT_QUEUE records that stop the queue
 * alone. Everything else, packets, jobs and scheduling, is shared.
 */

#ifndef EMBER_FW_RING_H
#define EMBER_FW_RING_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "ember_regs.h"

struct ember_device;
struct ember_fault;

/* What QUEUE_MAP fixed of a queue (queue.h); unused for a ring. */
struct ember_queue_map {
	/** @mapped: the slot holds a queue (sched.lock and the engine). */
	bool mapped;
	/** @desc_gpa, @desc: the descriptor, guest-physical and mapped. */
	uint64_t desc_gpa;
	uint8_t *desc;
	/** @base, @size, @context, @priority, @vector: read at QUEUE_MAP. */
	uint64_t base;
	uint32_t size;
	uint32_t context;
	uint32_t priority;
	uint32_t vector;
};

struct ember_ring {
	struct ember_device *dev;
	/** @index: the stream: the ring, or EMBER_SCHED_QUEUE_STREAM(@queue). */
	unsigned int index;
	/** @queue: the queue slot served, or EMBER_NO_QUEUE for a ring. */
	uint32_t queue;
	/** @map: the queue's mapping, when @queue is a slot. */
	struct ember_queue_map map;
	/**
	 * @generation: bumped when QUEUE_UNMAP aborts the packet at @head,
	 * which the packet's job and ring_step() notice (the engine held).
	 */
	uint32_t generation;
	pthread_t thread;
	bool thread_running;
	/** @head: free-running byte counter of the next packet. */
	uint32_t head;
	/** @irq_seq: interrupts raised so far, mirrored in RING_IRQ_SEQ. */
	uint32_t irq_seq;
	/** @stopped: a ring fault stopped the ring until a device reset. */
	bool stopped;
	/** @hung: an injected hang froze the ring until a device reset. */
	bool hung;
	/**
	 * @in_packet: the packet at @head has begun and not completed (it may
	 * be parked at a preemption point). Written with the engine held; a
	 * device reset reports it in RING_RESET_STATUS.
	 */
	bool in_packet;
	/**
	 * @wakeups: times the idle command processor woke (sched.lock); only
	 * this ring's doorbell (or a stop) wakes it. A test hook.
	 */
	uint64_t wakeups;
};

void ember_rings_init(struct ember_device *dev);
int ember_rings_start(struct ember_device *dev);
void ember_rings_stop(struct ember_device *dev);

/* Doorbell of ring @index rang. */
void ember_ring_doorbell(struct ember_device *dev, unsigned int index);

/*
 * Execute ring @index until it is empty or stopped, in the calling thread
 * (for tests and the fuzzer, with the ring threads not started).
 */
void ember_ring_run_sync(struct ember_device *dev, unsigned int index);

/*
 * With the engine held (device reset): report where the ring was
 * (RING_RESET_HEAD, RING_RESET_STATUS), drop queued work, clear errors.
 */
void ember_ring_reset(struct ember_ring *ring);

/* Interrupt for ring @ring (FENCE with EMBER_FENCE_IRQ). */
void ember_ring_raise_irq(struct ember_ring *ring);

/* Whether @ring is a queue (contract 1.9) rather than a ring. */
static inline bool ember_ring_is_queue(const struct ember_ring *ring)
{
	return ring->queue != EMBER_NO_QUEUE;
}

/* Fill in where a fault of @ring's packets comes from (ring or queue). */
void ember_ring_fault_origin(const struct ember_ring *ring,
			     struct ember_fault *fault);

/* Start @ring's command processor if the device runs them and it does not. */
int ember_ring_start_thread(struct ember_ring *ring);

/* Publish HEAD (a ring's register, a queue's RPTR) and STATUS. */
void ember_ring_publish(struct ember_ring *ring);

/* The length in bytes of the kernel packet at HEAD, or 0 if unreadable. */
uint32_t ember_ring_packet_bytes(struct ember_ring *ring);

#endif /* EMBER_FW_RING_H */
