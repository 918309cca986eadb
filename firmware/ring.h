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
 */

#ifndef EMBER_FW_RING_H
#define EMBER_FW_RING_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct ember_device;

struct ember_ring {
	struct ember_device *dev;
	unsigned int index;
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

#endif /* EMBER_FW_RING_H */
