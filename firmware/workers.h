/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shader core pool
 *
 * The GPU's shader cores are host threads (NUM_CORES, default: all host
 * CPUs), created when the device starts and idle until work comes. The
 * dispatch and draw engines (ISA and graphics issues) hand them work with
 * ember_workers_run(): N independent items, a function called once per
 * item on whichever core is free, and a wait until all are done. The
 * caller's thread (the engine's) is one of the cores: the pool starts
 * NUM_CORES - 1 threads, none for one core, so that NUM_CORES threads in
 * all run shader work, one per host CPU by default. (A pool of NUM_CORES
 * threads beside the caller had one thread more than CPUs, and `--cores 1`
 * meant two.) With no pool thread the caller runs every item, and a batch
 * never waits for a thread that does not exist.
 *
 * One batch runs at a time (the engine is single-issue, see scheduler.h);
 * @lock serialises batches and protects the batch fields.
 */

#ifndef EMBER_FW_WORKERS_H
#define EMBER_FW_WORKERS_H

#include <pthread.h>
#include <stdbool.h>

/* @core is 0..num_cores-2 for a pool thread, num_cores-1 for the caller. */
typedef void (*ember_work_fn)(void *arg, unsigned int item, unsigned int core);

struct ember_workers {
	/** @num_cores: the cores in all, the caller's thread included. */
	unsigned int num_cores;
	pthread_t *threads;
	pthread_mutex_t lock;
	pthread_cond_t work_cond;
	pthread_cond_t done_cond;
	pthread_mutex_t batch_lock;
	/** @batch: counts batches, so a core takes part in each once. */
	unsigned long batch;
	ember_work_fn fn;
	void *arg;
	unsigned int num_items;
	/** @next_item: the next item to hand out. */
	unsigned int next_item;
	/** @items_done: items finished in this batch. */
	unsigned int items_done;
	bool stopping;
};

int ember_workers_init(struct ember_workers *workers, unsigned int num_cores);
void ember_workers_fini(struct ember_workers *workers);

/* Run @fn(@arg, item, core) for every item in 0..@num_items-1; wait. */
void ember_workers_run(struct ember_workers *workers, unsigned int num_items,
		       ember_work_fn fn, void *arg);

#endif /* EMBER_FW_WORKERS_H */
