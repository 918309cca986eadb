/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fences and semaphores
 *
 * A VkFence and a binary VkSemaphore are binary DRM syncobjs, a timeline
 * VkSemaphore a timeline syncobj (vk_drm_syncobj's model). Each has a
 * permanent payload and, after a temporary import, a temporary one that a
 * wait (or a fence reset) consumes, restoring the permanent one.
 *
 * Contract with the queue (ember_queue.c): ember_fence_syncobj() and
 * ember_semaphore_syncobj() give the syncobj a submission waits on or
 * signals now; after a submission waited on a semaphore, the queue calls
 * ember_semaphore_consume_temporary().
 */

#ifndef EMBER_SYNC_H
#define EMBER_SYNC_H

#include "ember_object.h"

/**
 * struct ember_fence - A VkFence.
 * @permanent: its own syncobj.
 * @temporary: a temporarily imported syncobj, or zero.
 */
struct ember_fence {
	struct ember_object base;
	uint32_t permanent;
	uint32_t temporary;
};

EMBER_DEFINE_HANDLE_CASTS(ember_fence, base, VkFence, VK_OBJECT_TYPE_FENCE)

/**
 * struct ember_semaphore - A VkSemaphore.
 * @timeline: a timeline semaphore (else binary).
 * @permanent: its own syncobj.
 * @temporary: a temporarily imported syncobj, or zero (binary only).
 */
struct ember_semaphore {
	struct ember_object base;
	bool timeline;
	uint32_t permanent;
	uint32_t temporary;
};

EMBER_DEFINE_HANDLE_CASTS(ember_semaphore, base, VkSemaphore, VK_OBJECT_TYPE_SEMAPHORE)

static inline uint32_t ember_fence_syncobj(const struct ember_fence *fence)
{
	return fence->temporary ? fence->temporary : fence->permanent;
}

static inline uint32_t ember_semaphore_syncobj(const struct ember_semaphore *sem)
{
	return sem->temporary ? sem->temporary : sem->permanent;
}

/*
 * Waits until every (@wait_all) or one of the @count points (NULL or zero:
 * binary) is signalled, or until @abs_timeout (CLOCK_MONOTONIC ns): a
 * point not submitted yet is waited for too. VK_SUCCESS, VK_TIMEOUT or
 * VK_ERROR_DEVICE_LOST (also when the device was lost meanwhile, or a
 * signalled job faulted it).
 */
VkResult ember_sync_wait(struct ember_device *device, const uint32_t *handles,
			 const uint64_t *points, uint32_t count, int64_t abs_timeout,
			 bool wait_all);

/* After a wait on @sem was submitted: a temporary payload is gone. */
void ember_semaphore_consume_temporary(struct ember_device *device, struct ember_semaphore *sem);

#endif /* EMBER_SYNC_H */
