/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Arbitration of the execution engine between rings (see scheduler.h).
 */

#include "scheduler.h"

#include <time.h>

static bool waiting_locked(const struct ember_sched *sched, unsigned int ring)
{
	return sched->waiting[ring / 64] & (1ULL << (ring % 64));
}

static void set_waiting_locked(struct ember_sched *sched, unsigned int ring,
			       bool waiting)
{
	if (waiting_locked(sched, ring) == waiting)
		return;
	sched->waiting[ring / 64] ^= 1ULL << (ring % 64);
	if (waiting)
		sched->num_waiting++;
	else
		sched->num_waiting--;
}

int ember_sched_init(struct ember_sched *sched)
{
	*sched = (struct ember_sched) {
		.owner = EMBER_SCHED_NO_OWNER,
		.last_served = EMBER_SCHED_MAX_STREAMS - 1,
	};
	for (unsigned int r = 0; r < EMBER_SCHED_MAX_STREAMS; r++)
		sched->ring_ctx[r] = EMBER_SCHED_NO_CONTEXT;
	if (pthread_mutex_init(&sched->lock, NULL))
		return -1;
	if (pthread_cond_init(&sched->cond, NULL)) {
		pthread_mutex_destroy(&sched->lock);
		return -1;
	}
	for (unsigned int r = 0; r < EMBER_SCHED_MAX_STREAMS; r++) {
		if (pthread_cond_init(&sched->doorbell[r], NULL)) {
			while (r--)
				pthread_cond_destroy(&sched->doorbell[r]);
			pthread_cond_destroy(&sched->cond);
			pthread_mutex_destroy(&sched->lock);
			return -1;
		}
	}
	return 0;
}

void ember_sched_fini(struct ember_sched *sched)
{
	for (unsigned int r = 0; r < EMBER_SCHED_MAX_STREAMS; r++)
		pthread_cond_destroy(&sched->doorbell[r]);
	pthread_cond_destroy(&sched->cond);
	pthread_mutex_destroy(&sched->lock);
}

/* The ring the engine goes to next: highest priority, then round robin. */
static int pick_next_locked(const struct ember_sched *sched)
{
	int best = -1;

	if (!sched->num_waiting)
		return -1;
	for (unsigned int i = 1; i <= EMBER_SCHED_MAX_STREAMS; i++) {
		unsigned int r = (sched->last_served + i) % EMBER_SCHED_MAX_STREAMS;

		if (!waiting_locked(sched, r))
			continue;
		if (best < 0 || sched->priority[r] > sched->priority[best])
			best = (int)r;
	}
	return best;
}

static bool may_run_locked(const struct ember_sched *sched, unsigned int ring)
{
	return sched->owner == EMBER_SCHED_NO_OWNER && !sched->paused &&
	       !sched->exclusive_pending &&
	       pick_next_locked(sched) == (int)ring;
}

void ember_sched_acquire_locked(struct ember_sched *sched, unsigned int ring,
				uint32_t priority)
{
	sched->priority[ring] = priority;
	set_waiting_locked(sched, ring, true);
	while (!may_run_locked(sched, ring))
		pthread_cond_wait(&sched->cond, &sched->lock);
	set_waiting_locked(sched, ring, false);
	sched->owner = (int)ring;
	sched->last_served = ring;
}

void ember_sched_release_locked(struct ember_sched *sched)
{
	sched->owner = EMBER_SCHED_NO_OWNER;
	pthread_cond_broadcast(&sched->cond);
}

void ember_sched_acquire(struct ember_sched *sched, unsigned int ring,
			 uint32_t priority)
{
	pthread_mutex_lock(&sched->lock);
	ember_sched_acquire_locked(sched, ring, priority);
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_release(struct ember_sched *sched)
{
	pthread_mutex_lock(&sched->lock);
	ember_sched_release_locked(sched);
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_yield(struct ember_sched *sched, unsigned int ring)
{
	pthread_mutex_lock(&sched->lock);
	if (sched->num_waiting || sched->paused || sched->exclusive_pending) {
		ember_sched_release_locked(sched);
		ember_sched_acquire_locked(sched, ring, sched->priority[ring]);
	}
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_sleep(struct ember_sched *sched, unsigned int ring,
		       unsigned int us)
{
	struct timespec ts = { .tv_nsec = (long)us * 1000 };

	ember_sched_release(sched);
	nanosleep(&ts, NULL);
	ember_sched_acquire(sched, ring, sched->priority[ring]);
}

void ember_sched_lock(struct ember_sched *sched)
{
	pthread_mutex_lock(&sched->lock);
	sched->exclusive_pending++;
	while (sched->owner != EMBER_SCHED_NO_OWNER)
		pthread_cond_wait(&sched->cond, &sched->lock);
	sched->exclusive_pending--;
	sched->owner = EMBER_SCHED_EXCLUSIVE;
}

void ember_sched_unlock(struct ember_sched *sched)
{
	ember_sched_release_locked(sched);
	pthread_mutex_unlock(&sched->lock);
}

/* Whether the engine's holder may be using the TLB of a context in @mask. */
static bool engine_uses_contexts_locked(const struct ember_sched *sched,
					uint64_t mask)
{
	uint32_t ctx;

	if (sched->owner == EMBER_SCHED_NO_OWNER)
		return false;
	if (sched->owner < 0)
		return true;
	ctx = sched->ring_ctx[sched->owner];
	return ctx < EMBER_MAX_CONTEXTS && (mask & (1ULL << ctx));
}

void ember_sched_lock_contexts(struct ember_sched *sched, uint64_t mask)
{
	pthread_mutex_lock(&sched->lock);
	/* No ring starts a packet meanwhile: it could be one of @mask's. */
	sched->exclusive_pending++;
	while (engine_uses_contexts_locked(sched, mask))
		pthread_cond_wait(&sched->cond, &sched->lock);
}

void ember_sched_unlock_contexts(struct ember_sched *sched)
{
	sched->exclusive_pending--;
	pthread_cond_broadcast(&sched->cond);
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_set_ring_context(struct ember_sched *sched, unsigned int ring,
				  uint32_t ctx)
{
	pthread_mutex_lock(&sched->lock);
	sched->ring_ctx[ring] = ctx;
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_pause(struct ember_sched *sched)
{
	pthread_mutex_lock(&sched->lock);
	sched->paused = true;
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_resume(struct ember_sched *sched)
{
	pthread_mutex_lock(&sched->lock);
	sched->paused = false;
	pthread_cond_broadcast(&sched->cond);
	pthread_mutex_unlock(&sched->lock);
}

uint32_t ember_sched_waiting(struct ember_sched *sched)
{
	uint32_t waiting;

	pthread_mutex_lock(&sched->lock);
	waiting = (uint32_t)sched->waiting[0];
	pthread_mutex_unlock(&sched->lock);
	return waiting;
}

bool ember_sched_is_waiting(struct ember_sched *sched, unsigned int ring)
{
	bool waiting;

	pthread_mutex_lock(&sched->lock);
	waiting = waiting_locked(sched, ring);
	pthread_mutex_unlock(&sched->lock);
	return waiting;
}

void ember_sched_wait_doorbell_locked(struct ember_sched *sched,
				      unsigned int ring)
{
	pthread_cond_wait(&sched->doorbell[ring], &sched->lock);
}

void ember_sched_kick(struct ember_sched *sched, unsigned int ring)
{
	pthread_mutex_lock(&sched->lock);
	pthread_cond_signal(&sched->doorbell[ring]);
	pthread_mutex_unlock(&sched->lock);
}

void ember_sched_kick_all_locked(struct ember_sched *sched)
{
	for (unsigned int r = 0; r < EMBER_SCHED_MAX_STREAMS; r++)
		pthread_cond_broadcast(&sched->doorbell[r]);
	pthread_cond_broadcast(&sched->cond);
}
