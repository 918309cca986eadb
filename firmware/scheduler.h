/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Scheduler
 *
 * The GPU has one execution engine (command processing, MMU, copy engine)
 * shared by all command streams: the rings, and (since contract 1.9) the
 * mapped queues, which take part exactly like rings. "Ring r" below is
 * stream r: rings are streams 0 .. EMBER_MAX_RINGS - 1, queue slot q is
 * stream EMBER_SCHED_QUEUE_STREAM(q). Each stream's command processor is
 * a thread; before it executes a kernel packet it asks the scheduler for
 * the engine, and gives it back after. So a queue parked in WAIT_MEM or
 * between two workgroups of a long dispatch never holds up another queue.
 * This file owns that arbitration:
 *
 * - Priority: when the engine is free, it goes to the waiting ring with the
 *   highest RING_PRIORITY; rings of equal priority take turns (round robin
 *   from the ring after the last one served). A ring that keeps having work
 *   asks again straight away, still holding the lock, so a higher-priority
 *   ring with queued packets always gets the engine before a lower one.
 * - Preemption points: a long packet (a big copy, a wait on memory) calls
 *   ember_sched_yield() between chunks, which hands the engine over when
 *   another ring is waiting, and ember_sched_release()/acquire() around a
 *   sleep. So the watchdog can fire and other rings make progress.
 * - Exclusive access: resets and the pause knob take the engine from
 *   outside the rings (ember_sched_lock ... ember_sched_unlock), after the
 *   running packet reaches its next preemption point, so they never race
 *   with packet execution.
 * - Context-scoped access: a TLB invalidation from the mailbox touches
 *   only the TLBs of the contexts it names, so it waits only while the
 *   engine runs a job of one of them (ember_sched_lock_contexts): each
 *   ring says which context its RUN_IB runs (@ring_ctx), and a ring that
 *   does not hold the engine, or runs another context, is not touching
 *   those TLBs. A dispatch holds the engine between its preemption
 *   points and its shader cores empty their private TLBs after each, so
 *   they are covered too.
 * - Pause: no ring is granted the engine while paused (a test and
 *   debugging hook: queue work on several rings, then resume and watch the
 *   priority order).
 *
 * Locking: @lock protects every field here and, by holding the engine
 * (being @owner), everything the engine touches: ring, context, TLB and
 * fault state. @cond is broadcast on every change of the engine's state; its
 * waiters are the rings with work asking for the engine, and ember_sched_lock().
 * An idle ring's command processor sleeps on its own @doorbell[r] instead,
 * so a doorbell wakes that ring's thread only (ember_sched_kick()).
 */

#ifndef EMBER_FW_SCHEDULER_H
#define EMBER_FW_SCHEDULER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "ember_regs.h"

/* Queue slots of this device (NUM_QUEUES), each a stream of its own. */
#define EMBER_SCHED_MAX_QUEUES	128
#define EMBER_SCHED_MAX_STREAMS	(EMBER_MAX_RINGS + EMBER_SCHED_MAX_QUEUES)
#define EMBER_SCHED_QUEUE_STREAM(q)	(EMBER_MAX_RINGS + (q))
#define EMBER_SCHED_WAITING_WORDS	((EMBER_SCHED_MAX_STREAMS + 63) / 64)

#define EMBER_SCHED_NO_OWNER	(-1)
/* The owner while the mailbox or a reset holds the engine. */
#define EMBER_SCHED_EXCLUSIVE	(-2)

struct ember_sched {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	/** @doorbell: ring r's idle command processor sleeps on doorbell[r]. */
	pthread_cond_t doorbell[EMBER_SCHED_MAX_STREAMS];
	/** @owner: the ring holding the engine, or one of the values above. */
	int owner;
	/** @waiting: bit r (of word r / 64): ring r wants the engine. */
	uint64_t waiting[EMBER_SCHED_WAITING_WORDS];
	/** @num_waiting: bits set in @waiting. */
	unsigned int num_waiting;
	/** @priority: each ring's priority, refreshed when it asks. */
	uint32_t priority[EMBER_SCHED_MAX_STREAMS];
	/** @last_served: the ring served last, for round robin. */
	unsigned int last_served;
	/** @paused: grant nothing (ember_sched_pause()). */
	bool paused;
	/** @exclusive_pending: someone waits in ember_sched_lock(). */
	unsigned int exclusive_pending;
	/**
	 * @ring_ctx: the context of the RUN_IB ring r is running, or
	 * EMBER_SCHED_NO_CONTEXT between indirect buffers.
	 */
	uint32_t ring_ctx[EMBER_SCHED_MAX_STREAMS];
};

#define EMBER_SCHED_NO_CONTEXT	UINT32_MAX

int ember_sched_init(struct ember_sched *sched);
void ember_sched_fini(struct ember_sched *sched);

/* With @lock held: wait until @ring may run, then make it the owner. */
void ember_sched_acquire_locked(struct ember_sched *sched, unsigned int ring,
				uint32_t priority);
void ember_sched_release_locked(struct ember_sched *sched);

void ember_sched_acquire(struct ember_sched *sched, unsigned int ring,
			 uint32_t priority);
void ember_sched_release(struct ember_sched *sched);
/* A preemption point: hand the engine over if anyone else wants it. */
void ember_sched_yield(struct ember_sched *sched, unsigned int ring);
/* Give the engine up for @us microseconds (a wait on memory), then ask again. */
void ember_sched_sleep(struct ember_sched *sched, unsigned int ring,
		       unsigned int us);

/* Take the engine for the mailbox or a reset; returns with @lock held. */
void ember_sched_lock(struct ember_sched *sched);
void ember_sched_unlock(struct ember_sched *sched);

/*
 * Wait until the engine runs no job of a context in @mask (bit c: context
 * c), then return with @lock held and no ring able to start a packet until
 * ember_sched_unlock_contexts(): the TLBs of those contexts are the
 * caller's.
 */
void ember_sched_lock_contexts(struct ember_sched *sched, uint64_t mask);
void ember_sched_unlock_contexts(struct ember_sched *sched);
/* Ring @ring starts (@ctx) or ends (EMBER_SCHED_NO_CONTEXT) a RUN_IB. */
void ember_sched_set_ring_context(struct ember_sched *sched, unsigned int ring,
				  uint32_t ctx);

void ember_sched_pause(struct ember_sched *sched);
void ember_sched_resume(struct ember_sched *sched);
/* Rings 0..31 waiting for the engine (a test hook for the priority order). */
uint32_t ember_sched_waiting(struct ember_sched *sched);
/* Whether stream @ring waits for the engine (a test hook). */
bool ember_sched_is_waiting(struct ember_sched *sched, unsigned int ring);
/* With @lock held: sleep until ring @ring's doorbell (or a stop). */
void ember_sched_wait_doorbell_locked(struct ember_sched *sched,
				      unsigned int ring);
/* Wake ring @ring's idle command processor, and only it (its doorbell). */
void ember_sched_kick(struct ember_sched *sched, unsigned int ring);
/* With @lock held: wake every ring's command processor (a stop). */
void ember_sched_kick_all_locked(struct ember_sched *sched);

#endif /* EMBER_FW_SCHEDULER_H */
