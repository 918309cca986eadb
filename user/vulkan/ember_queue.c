/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Queue submission
 *
 * One VkSubmitInfo(2) becomes one SUBMIT of consecutive jobs on the
 * queue's kernel queue: the indirect buffers of its command buffers in
 * order, the semaphore waits on the first job, the semaphore, fence and
 * queue-timeline signals on the last (sync-only jobs carry what does not
 * fit: the kernel takes 64 sync ops per job and 64 jobs per SUBMIT; a
 * longer submission is several SUBMITs on the same queue, which runs them
 * in order).
 *
 * Wait-before-signal: the kernel needs a fence for every wait when the job
 * is submitted. A submission that waits for a point nobody has submitted
 * yet (a timeline value the host or another queue will signal later) is
 * held back on the queue's pending list, and a thread started for the
 * queue on first need submits it once every wait has a fence
 * (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE). Later submissions to that queue
 * queue up behind it, so the queue's order is kept; submissions that can
 * go at once never touch the thread (Mesa's
 * VK_QUEUE_SUBMIT_MODE_THREADED_ON_DEMAND).
 *
 * Every submission also signals the next point of the queue's own
 * timeline syncobj: vkQueueWaitIdle waits for the last one.
 */

#include "ember_queue.h"

#include "ember_cmd_buffer.h"
#include "ember_device.h"
#include "ember_sync.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/**
 * struct ember_queue_submission - One VkSubmitInfo, ready for the kernel.
 * @syncs: @wait_count waits, then @signal_count signals (the queue's
 *	timeline point last).
 * @wait_semaphores: the binary semaphores waited on (temporary payloads
 *	are consumed once submitted), @wait_count entries, NULL for timelines.
 * @ibs: the command buffers' IBs in order.
 * @cmds: the command buffers (their state moves to pending).
 */
struct ember_queue_submission {
	struct ember_queue_submission *next;
	struct ember_ws_sync *syncs;
	uint32_t wait_count, signal_count;
	struct ember_semaphore **wait_semaphores;
	struct ember_cmd_ib *ibs;
	uint32_t ib_count;
	struct ember_cmd_buffer **cmds;
	uint32_t cmd_count;
};

static void submission_free(struct ember_queue_submission *s)
{
	free(s);
}

/* Sends @s to the kernel as one or more SUBMITs. */
static VkResult queue_submit_kernel(struct ember_queue *queue, struct ember_queue_submission *s)
{
	struct ember_device *device = queue->device;
	struct ember_ws_job jobs[EMBER_WS_MAX_JOBS];
	const struct ember_ws_sync *waits = s->syncs, *signals = s->syncs + s->wait_count;
	uint32_t waits_left = s->wait_count, signals_left = s->signal_count, ib = 0;
	uint32_t count = 0;
	int ret;

	/* Jobs: wait-only jobs for waits beyond 64, the IBs, signal-only jobs. */
	for (;;) {
		struct ember_ws_job *job;
		bool last;

		if (count == EMBER_WS_MAX_JOBS) {
			ret = ember_ws_submit(&device->ws, device->ctx, jobs, count);
			if (ret)
				goto err;
			count = 0;
		}
		job = &jobs[count++];
		*job = (struct ember_ws_job) { .queue = queue->index };
		if (waits_left) {
			uint32_t n = EMBER_MIN(waits_left, EMBER_WS_MAX_SYNCS);

			job->syncs = waits;
			job->sync_count = n;
			waits += n;
			waits_left -= n;
			/* Waits that needed a job of their own run before the IBs. */
			if (waits_left)
				continue;
		}
		if (ib < s->ib_count) {
			job->ib_va = s->ibs[ib].va;
			job->ib_size = s->ibs[ib].size;
			ib++;
		}
		last = ib == s->ib_count;
		/*
		 * Signals follow the waits in @s->syncs: the last job takes
		 * as many as fit after its waits, sync-only jobs the rest.
		 */
		if (last && signals_left && job->sync_count < EMBER_WS_MAX_SYNCS) {
			uint32_t n = EMBER_MIN(signals_left, EMBER_WS_MAX_SYNCS - job->sync_count);

			if (!job->sync_count)
				job->syncs = signals;
			job->sync_count += n;
			signals += n;
			signals_left -= n;
		}
		if (last && !signals_left)
			break;
	}
	ret = ember_ws_submit(&device->ws, device->ctx, jobs, count);
	if (ret)
		goto err;
	for (uint32_t i = 0; i < s->wait_count; i++)
		if (s->wait_semaphores[i])
			ember_semaphore_consume_temporary(device, s->wait_semaphores[i]);
	for (uint32_t i = 0; i < s->cmd_count; i++)
		ember_cmd_buffer_submitted(s->cmds[i]);
	return VK_SUCCESS;

err:
	if (ret == -ECANCELED || ret == -ENODEV)
		return ember_device_set_lost(device, "SUBMIT refused: the context is banned");
	return ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_DEVICE_LOST,
			   "SUBMIT: %d", ret);
}

/* Whether every wait of @s has a fence (is submitted), without blocking. */
static bool submission_ready(struct ember_queue *queue, struct ember_queue_submission *s,
			     int64_t abs_timeout)
{
	uint32_t handles[EMBER_WS_MAX_SYNCS];
	uint64_t points[EMBER_WS_MAX_SYNCS];

	for (uint32_t done = 0; done < s->wait_count;) {
		uint32_t n = EMBER_MIN(s->wait_count - done, EMBER_WS_MAX_SYNCS);

		for (uint32_t i = 0; i < n; i++) {
			handles[i] = s->syncs[done + i].handle;
			points[i] = s->syncs[done + i].value;
		}
		if (ember_ws_syncobj_wait(&queue->device->ws, handles, points, n, abs_timeout,
					  true, true, NULL))
			return false;
		done += n;
	}
	return true;
}

static void *queue_thread(void *data)
{
	struct ember_queue *queue = data;

	pthread_mutex_lock(&queue->lock);
	for (;;) {
		struct ember_queue_submission *s;

		while (!queue->pending && !queue->stopping)
			pthread_cond_wait(&queue->cond, &queue->lock);
		if (!queue->pending)
			break;
		s = queue->pending;
		pthread_mutex_unlock(&queue->lock);
		/* Poll for the fences in slices so that destruction is noticed. */
		while (!submission_ready(queue, s, ember_ws_abs_timeout(100000000ull))) {
			if (queue->stopping || ember_device_is_lost(queue->device))
				break;
		}
		pthread_mutex_lock(&queue->lock);
		if (!queue->stopping && !ember_device_is_lost(queue->device))
			queue_submit_kernel(queue, s);
		queue->pending = s->next;
		if (!queue->pending)
			queue->pending_tail = NULL;
		submission_free(s);
		pthread_cond_broadcast(&queue->cond);
	}
	pthread_mutex_unlock(&queue->lock);
	return NULL;
}

/* Submits @s now, or holds it back for the thread. Takes ownership. */
static VkResult queue_submit_locked(struct ember_queue *queue, struct ember_queue_submission *s)
{
	VkResult result;

	if (!queue->pending && submission_ready(queue, s, 0)) {
		result = queue_submit_kernel(queue, s);
		submission_free(s);
		/* Nothing signals the queue's point: waiting for it must not hang. */
		if (result != VK_SUCCESS)
			queue->submitted--;
		return result;
	}
	if (!queue->thread_running) {
		if (pthread_create(&queue->thread, NULL, queue_thread, queue)) {
			submission_free(s);
			return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "submit thread");
		}
		queue->thread_running = true;
	}
	if (queue->pending_tail)
		queue->pending_tail->next = s;
	else
		queue->pending = s;
	queue->pending_tail = s;
	pthread_cond_broadcast(&queue->cond);
	return VK_SUCCESS;
}

/* The parts of one submission, whichever API version described it. */
struct submit_desc {
	uint32_t wait_count;
	struct ember_semaphore **wait_sems;
	const uint64_t *wait_values;
	uint32_t cmd_count;
	struct ember_cmd_buffer **cmds;
	uint32_t signal_count;
	struct ember_semaphore **signal_sems;
	const uint64_t *signal_values;
	struct ember_fence *fence;
};

static VkResult queue_submit_desc(struct ember_queue *queue, const struct submit_desc *d)
{
	struct ember_queue_submission *s;
	uint32_t ib_count = 0, nsyncs;
	size_t size;
	char *p;

	for (uint32_t i = 0; i < d->cmd_count; i++) {
		uint32_t n;

		ember_cmd_buffer_ibs(d->cmds[i], &n);
		ib_count += n;
	}
	nsyncs = d->wait_count + d->signal_count + 2;
	size = sizeof(*s) + nsyncs * sizeof(struct ember_ws_sync) +
	       d->wait_count * sizeof(struct ember_semaphore *) +
	       ib_count * sizeof(struct ember_cmd_ib) + d->cmd_count * sizeof(void *);
	s = calloc(1, size);
	if (!s)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "submission");
	p = (char *)(s + 1);
	s->syncs = (void *)p;
	p += nsyncs * sizeof(struct ember_ws_sync);
	s->wait_semaphores = (void *)p;
	p += d->wait_count * sizeof(struct ember_semaphore *);
	s->ibs = (void *)p;
	p += ib_count * sizeof(struct ember_cmd_ib);
	s->cmds = (void *)p;

	for (uint32_t i = 0; i < d->wait_count; i++) {
		struct ember_semaphore *sem = d->wait_sems[i];

		/* Every timeline has reached zero: nothing to wait for. */
		if (sem->timeline && !d->wait_values[i])
			continue;
		s->syncs[s->wait_count] = (struct ember_ws_sync) {
			.handle = ember_semaphore_syncobj(sem),
			.value = sem->timeline ? d->wait_values[i] : 0,
		};
		s->wait_semaphores[s->wait_count++] = sem->timeline ? NULL : sem;
	}
	for (uint32_t i = 0; i < d->cmd_count; i++) {
		const struct ember_cmd_ib *ibs;
		uint32_t n;

		ibs = ember_cmd_buffer_ibs(d->cmds[i], &n);
		memcpy(s->ibs + s->ib_count, ibs, n * sizeof(*ibs));
		s->ib_count += n;
		s->cmds[s->cmd_count++] = d->cmds[i];
	}
	for (uint32_t i = 0; i < d->signal_count; i++) {
		struct ember_semaphore *sem = d->signal_sems[i];

		s->syncs[s->wait_count + s->signal_count++] = (struct ember_ws_sync) {
			.handle = ember_semaphore_syncobj(sem),
			.signal = true,
			.value = sem->timeline ? d->signal_values[i] : 0,
		};
	}
	if (d->fence)
		s->syncs[s->wait_count + s->signal_count++] = (struct ember_ws_sync) {
			.handle = ember_fence_syncobj(d->fence),
			.signal = true,
		};
	s->syncs[s->wait_count + s->signal_count++] = (struct ember_ws_sync) {
		.handle = queue->timeline,
		.signal = true,
		.value = ++queue->submitted,
	};
	return queue_submit_locked(queue, s);
}

#define SUBMIT_STACK	16

VKAPI_ATTR VkResult VKAPI_CALL
ember_QueueSubmit2(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo2 *pSubmits,
		   VkFence _fence)
{
	EMBER_FROM_HANDLE(ember_queue, queue, _queue);
	EMBER_FROM_HANDLE(ember_fence, fence, _fence);
	VkResult result = VK_SUCCESS;

	if (ember_device_is_lost(queue->device))
		return VK_ERROR_DEVICE_LOST;
	pthread_mutex_lock(&queue->lock);
	for (uint32_t i = 0; i < submitCount || (i == 0 && fence); i++) {
		const VkSubmitInfo2 *info = i < submitCount ? &pSubmits[i] : NULL;
		uint32_t nw = info ? info->waitSemaphoreInfoCount : 0;
		uint32_t nc = info ? info->commandBufferInfoCount : 0;
		uint32_t ns = info ? info->signalSemaphoreInfoCount : 0;
		void **mem = calloc(2 * nw + nc + 2 * ns + 1, sizeof(void *));
		struct submit_desc d = {
			.wait_count = nw, .cmd_count = nc, .signal_count = ns,
			.fence = (i + 1 >= submitCount) ? fence : NULL,
		};
		uint64_t *values;

		if (!mem) {
			result = VK_ERROR_OUT_OF_HOST_MEMORY;
			break;
		}
		d.wait_sems = (struct ember_semaphore **)mem;
		d.cmds = (struct ember_cmd_buffer **)(mem + nw);
		d.signal_sems = (struct ember_semaphore **)(mem + nw + nc);
		values = (uint64_t *)(mem + nw + nc + ns);
		d.wait_values = values;
		d.signal_values = values + nw;
		for (uint32_t j = 0; j < nw; j++) {
			d.wait_sems[j] = ember_semaphore_from_handle(info->pWaitSemaphoreInfos[j].semaphore);
			values[j] = info->pWaitSemaphoreInfos[j].value;
		}
		for (uint32_t j = 0; j < nc; j++)
			d.cmds[j] = ember_cmd_buffer_from_handle(
				info->pCommandBufferInfos[j].commandBuffer);
		for (uint32_t j = 0; j < ns; j++) {
			d.signal_sems[j] =
				ember_semaphore_from_handle(info->pSignalSemaphoreInfos[j].semaphore);
			values[nw + j] = info->pSignalSemaphoreInfos[j].value;
		}
		result = queue_submit_desc(queue, &d);
		free(mem);
		if (result != VK_SUCCESS)
			break;
	}
	pthread_mutex_unlock(&queue->lock);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_QueueSubmit(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo *pSubmits,
		  VkFence _fence)
{
	EMBER_FROM_HANDLE(ember_queue, queue, _queue);
	EMBER_FROM_HANDLE(ember_fence, fence, _fence);
	VkResult result = VK_SUCCESS;

	if (ember_device_is_lost(queue->device))
		return VK_ERROR_DEVICE_LOST;
	pthread_mutex_lock(&queue->lock);
	for (uint32_t i = 0; i < submitCount || (i == 0 && fence); i++) {
		const VkSubmitInfo *info = i < submitCount ? &pSubmits[i] : NULL;
		const VkTimelineSemaphoreSubmitInfo *tl = info ?
			ember_find_struct(info->pNext,
					  VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO) : NULL;
		uint32_t nw = info ? info->waitSemaphoreCount : 0;
		uint32_t nc = info ? info->commandBufferCount : 0;
		uint32_t ns = info ? info->signalSemaphoreCount : 0;
		void **mem = calloc(2 * nw + nc + 2 * ns + 1, sizeof(void *));
		struct submit_desc d = {
			.wait_count = nw, .cmd_count = nc, .signal_count = ns,
			.fence = (i + 1 >= submitCount) ? fence : NULL,
		};
		uint64_t *values;

		if (!mem) {
			result = VK_ERROR_OUT_OF_HOST_MEMORY;
			break;
		}
		d.wait_sems = (struct ember_semaphore **)mem;
		d.cmds = (struct ember_cmd_buffer **)(mem + nw);
		d.signal_sems = (struct ember_semaphore **)(mem + nw + nc);
		values = (uint64_t *)(mem + nw + nc + ns);
		d.wait_values = values;
		d.signal_values = values + nw;
		for (uint32_t j = 0; j < nw; j++) {
			d.wait_sems[j] = ember_semaphore_from_handle(info->pWaitSemaphores[j]);
			values[j] = tl && j < tl->waitSemaphoreValueCount && tl->pWaitSemaphoreValues ?
				    tl->pWaitSemaphoreValues[j] : 0;
		}
		for (uint32_t j = 0; j < nc; j++)
			d.cmds[j] = ember_cmd_buffer_from_handle(info->pCommandBuffers[j]);
		for (uint32_t j = 0; j < ns; j++) {
			d.signal_sems[j] = ember_semaphore_from_handle(info->pSignalSemaphores[j]);
			values[nw + j] = tl && j < tl->signalSemaphoreValueCount &&
					 tl->pSignalSemaphoreValues ?
					 tl->pSignalSemaphoreValues[j] : 0;
		}
		result = queue_submit_desc(queue, &d);
		free(mem);
		if (result != VK_SUCCESS)
			break;
	}
	pthread_mutex_unlock(&queue->lock);
	return result;
}

/*
 * Ember's queue family has no VK_QUEUE_SPARSE_BINDING_BIT (no sparse
 * resources): a sparse bind on it is the application's error
 * (VUID-vkQueueBindSparse-queuetype) and changes nothing.
 */
VKAPI_ATTR VkResult VKAPI_CALL
ember_QueueBindSparse(VkQueue queue, uint32_t bindInfoCount, const VkBindSparseInfo *pBindInfo,
		      VkFence fence)
{
	return ember_error(VK_ERROR_VALIDATION_FAILED_EXT, "the queue family has no sparse binding");
}

VkResult ember_queue_wait_idle(struct ember_queue *queue)
{
	struct ember_device *device = queue->device;
	uint64_t point;
	int ret;

	pthread_mutex_lock(&queue->lock);
	point = queue->submitted;
	pthread_mutex_unlock(&queue->lock);
	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	if (!point)
		return VK_SUCCESS;
	ret = ember_ws_syncobj_wait(&device->ws, &queue->timeline, &point, 1, INT64_MAX, true,
				    false, NULL);
	if (ret)
		return ember_device_set_lost(device, "waiting for a queue failed");
	return ember_device_check_status(device);
}

VKAPI_ATTR VkResult VKAPI_CALL ember_QueueWaitIdle(VkQueue _queue)
{
	return ember_queue_wait_idle(ember_queue_from_handle(_queue));
}

VkResult ember_queue_init(struct ember_device *device, struct ember_queue *queue, uint32_t index,
			  VkDeviceQueueCreateFlags flags)
{
	int ret;

	ember_object_init(&queue->base, device, VK_OBJECT_TYPE_QUEUE);
	queue->device = device;
	queue->index = index;
	queue->flags = flags;
	ret = ember_ws_syncobj_create(&device->ws, false, &queue->timeline);
	if (ret)
		return ember_error(VK_ERROR_INITIALIZATION_FAILED, "queue syncobj: %d", ret);
	pthread_mutex_init(&queue->lock, NULL);
	pthread_cond_init(&queue->cond, NULL);
	return VK_SUCCESS;
}

void ember_queue_finish(struct ember_queue *queue)
{
	pthread_mutex_lock(&queue->lock);
	/* Held-back submissions whose waits never come are dropped. */
	queue->stopping = true;
	pthread_cond_broadcast(&queue->cond);
	pthread_mutex_unlock(&queue->lock);
	if (queue->thread_running)
		pthread_join(queue->thread, NULL);
	while (queue->pending) {
		struct ember_queue_submission *s = queue->pending;

		queue->pending = s->next;
		submission_free(s);
	}
	ember_ws_syncobj_destroy(&queue->device->ws, queue->timeline);
	pthread_cond_destroy(&queue->cond);
	pthread_mutex_destroy(&queue->lock);
}
