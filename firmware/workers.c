/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The shader core threads and their batches of work items (see workers.h).
 */

#include "workers.h"

#include <errno.h>
#include <stdlib.h>

struct core_start {
	struct ember_workers *workers;
	unsigned int core;
};

/* With @lock held: run items of the current batch until none is left. */
static void run_items_locked(struct ember_workers *w, unsigned int core)
{
	while (w->next_item < w->num_items) {
		unsigned int item = w->next_item++;

		pthread_mutex_unlock(&w->lock);
		w->fn(w->arg, item, core);
		pthread_mutex_lock(&w->lock);
		if (++w->items_done == w->num_items)
			pthread_cond_broadcast(&w->done_cond);
	}
}

static void *core_main(void *data)
{
	struct core_start *start = data;
	struct ember_workers *w = start->workers;
	unsigned int core = start->core;
	unsigned long seen = 0;

	free(start);
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->stopping && w->batch == seen)
			pthread_cond_wait(&w->work_cond, &w->lock);
		if (w->stopping)
			break;
		seen = w->batch;
		run_items_locked(w, core);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int ember_workers_init(struct ember_workers *w, unsigned int num_cores)
{
	unsigned int i;

	if (!num_cores)
		return -EINVAL;
	*w = (struct ember_workers) { .num_cores = num_cores };
	/* num_cores - 1 are used; never an empty allocation (calloc(0) may be NULL). */
	w->threads = calloc(num_cores, sizeof(*w->threads));
	if (!w->threads)
		return -ENOMEM;
	pthread_mutex_init(&w->lock, NULL);
	pthread_mutex_init(&w->batch_lock, NULL);
	pthread_cond_init(&w->work_cond, NULL);
	pthread_cond_init(&w->done_cond, NULL);

	for (i = 0; i < num_cores - 1; i++) {
		struct core_start *start = malloc(sizeof(*start));

		if (!start)
			goto err_stop;
		*start = (struct core_start) { .workers = w, .core = i };
		if (pthread_create(&w->threads[i], NULL, core_main, start)) {
			free(start);
			goto err_stop;
		}
	}
	return 0;

err_stop:
	w->num_cores = i + 1;
	ember_workers_fini(w);
	return -EAGAIN;
}

void ember_workers_fini(struct ember_workers *w)
{
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	pthread_cond_broadcast(&w->work_cond);
	pthread_mutex_unlock(&w->lock);
	for (unsigned int i = 0; i + 1 < w->num_cores; i++)
		pthread_join(w->threads[i], NULL);
	free(w->threads);
	w->threads = NULL;
	pthread_cond_destroy(&w->done_cond);
	pthread_cond_destroy(&w->work_cond);
	pthread_mutex_destroy(&w->batch_lock);
	pthread_mutex_destroy(&w->lock);
}

void ember_workers_run(struct ember_workers *w, unsigned int num_items,
		       ember_work_fn fn, void *arg)
{
	if (!num_items)
		return;
	pthread_mutex_lock(&w->batch_lock);
	pthread_mutex_lock(&w->lock);
	w->fn = fn;
	w->arg = arg;
	w->num_items = num_items;
	w->next_item = 0;
	w->items_done = 0;
	w->batch++;
	pthread_cond_broadcast(&w->work_cond);
	run_items_locked(w, w->num_cores - 1);
	while (w->items_done < w->num_items)
		pthread_cond_wait(&w->done_cond, &w->lock);
	pthread_mutex_unlock(&w->lock);
	pthread_mutex_unlock(&w->batch_lock);
}
