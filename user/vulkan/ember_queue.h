/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_QUEUE_H
#define EMBER_QUEUE_H

#include "ember_object.h"

#include <pthread.h>

struct ember_device;
struct ember_queue_submission;

/**
 * struct ember_queue - A VkQueue: queue @index of the device's context.
 * @base: the object base (dispatchable).
 * @device: the device.
 * @index: the queue's index in its family and in the kernel context.
 * @flags: VkDeviceQueueCreateFlags it was created with.
 * @timeline: a timeline syncobj of the queue's own; every submission
 *	signals the next point, so vkQueueWaitIdle waits for the last one.
 * @lock: protects everything below, and orders submissions.
 * @submitted: the last point of @timeline submitted to the kernel.
 * @pending: submissions held back until what they wait for is submitted
 *	(wait-before-signal), in submission order; the thread submits them.
 * @thread: started on the first held-back submission only.
 * @cond: signalled when @pending grows or the queue is destroyed.
 * @thread_running, @stopping: the thread's state.
 * @deferred: the point of @timeline the last held-back submission signals.
 */
struct ember_queue {
	struct ember_object base;
	struct ember_device *device;
	uint32_t index;
	VkDeviceQueueCreateFlags flags;
	uint32_t timeline;
	pthread_mutex_t lock;
	uint64_t submitted;
	struct ember_queue_submission *pending, *pending_tail;
	pthread_t thread;
	pthread_cond_t cond;
	bool thread_running, stopping;
	uint64_t deferred;
};

EMBER_DEFINE_HANDLE_CASTS(ember_queue, base, VkQueue, VK_OBJECT_TYPE_QUEUE)

VkResult ember_queue_init(struct ember_device *device, struct ember_queue *queue, uint32_t index,
			  VkDeviceQueueCreateFlags flags);
void ember_queue_finish(struct ember_queue *queue);

/* Waits until everything submitted to @queue so far is complete. */
VkResult ember_queue_wait_idle(struct ember_queue *queue);

#endif /* EMBER_QUEUE_H */
