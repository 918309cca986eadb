/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fences and semaphores
 *
 * Every payload is a DRM syncobj of the device's file (device->ws): a
 * VkFence and a binary VkSemaphore a binary syncobj, a timeline VkSemaphore
 * a timeline syncobj whose points are the semaphore's values. The GPU
 * signals them from SUBMIT (ember_queue.c), the host with the syncobj
 * ioctls; host waits are SYNCOBJ_TIMELINE_WAIT with WAIT_FOR_SUBMIT, so a
 * fence or point whose submission the queue still holds back
 * (wait-before-signal) is waited for rather than refused.
 *
 * Payloads and their permanence (the specification's "Importing Fence
 * Payloads" / "Importing Semaphore Payloads"): each object owns a
 * permanent syncobj; a temporary import installs a second one that is
 * used instead until a fence reset or a semaphore wait consumes it, which
 * restores the permanent one. A sync_file import is always temporary (it
 * has copy transference); an opaque fd is a syncobj fd and is imported as
 * a new handle of the device's file. Exporting restores the permanent
 * payload too; exporting a sync_file additionally acts as a fence reset or
 * a semaphore wait (copy transference), so the permanent payload is reset.
 *
 * Timeline semaphores start with a signalled point 0 (the syncobj is
 * created signalled, or gets initialValue as its first point): a wait for
 * value 0 is satisfied at once, in the host wait below and in a kernel
 * binary wait alike, instead of waiting for a first point nobody signals.
 *
 * Device loss: a submission the queue held back is dropped when the
 * device is lost, so its fences and points never signal. Host waits run
 * in slices and look at the device between them, so that they return
 * VK_ERROR_DEVICE_LOST in finite time, as the specification requires.
 */

#include "ember_sync.h"

#include "ember_device.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How long a host wait sleeps before looking at the device again. */
#define SYNC_WAIT_SLICE_NS	(100 * 1000 * 1000ll)
/* Handles a wait keeps on the stack; more are allocated. */
#define SYNC_WAIT_STACK		16

static VkResult sync_check_device(struct ember_device *device)
{
	/* A device without queues has no context: nothing of it can be lost. */
	if (!device->ctx)
		return ember_device_is_lost(device) ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
	return ember_device_check_status(device);
}

/* A failed syncobj ioctl: out of memory, or a kernel that no longer plays along. */
static VkResult sync_failed(struct ember_device *device, const char *what, int ret)
{
	if (ret == -ENOMEM)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "%s: %d", what, ret);
	ember_error(VK_ERROR_DEVICE_LOST, "%s: %d", what, ret);
	return ember_device_set_lost(device, what);
}

/* Sleeps in slices so that a device lost meanwhile ends the wait. */
VkResult ember_sync_wait(struct ember_device *device, const uint32_t *handles,
			 const uint64_t *points, uint32_t count, int64_t abs_timeout,
			 bool wait_all)
{
	for (;;) {
		int64_t now = ember_ws_now_ns();
		int64_t until = abs_timeout - now > SYNC_WAIT_SLICE_NS ?
				now + SYNC_WAIT_SLICE_NS : abs_timeout;
		int ret;

		ret = ember_ws_syncobj_wait(&device->ws, handles, points, count, until, wait_all,
					    false, NULL);
		if (!ret)
			return sync_check_device(device);
		if (ret != -ETIME)
			return sync_failed(device, "SYNCOBJ_TIMELINE_WAIT", ret);
		if (until == abs_timeout)
			return ember_device_is_lost(device) ? VK_ERROR_DEVICE_LOST : VK_TIMEOUT;
		if (sync_check_device(device) != VK_SUCCESS)
			return VK_ERROR_DEVICE_LOST;
	}
}

/*
 * Waits until @handle has a fence (its signal operation was submitted to
 * the kernel), which a sync_file export needs: the queue may still hold the
 * submission back. Gives up when the device is lost (held-back submissions
 * are dropped then); the export then fails.
 */
static void sync_wait_submitted(struct ember_device *device, uint32_t handle)
{
	for (;;) {
		int64_t until = ember_ws_abs_timeout(SYNC_WAIT_SLICE_NS);
		int ret;

		ret = ember_ws_syncobj_wait(&device->ws, &handle, NULL, 1, until, true, true, NULL);
		if (ret != -ETIME || sync_check_device(device) != VK_SUCCESS)
			return;
	}
}

/* A new binary syncobj holding @fd's sync_file (-1: already signalled). */
static VkResult sync_import_sync_file(struct ember_device *device, int fd, uint32_t *handle)
{
	int ret;

	ret = ember_ws_syncobj_create(&device->ws, fd == -1, handle);
	if (ret)
		return sync_failed(device, "SYNCOBJ_CREATE", ret);
	if (fd == -1)
		return VK_SUCCESS;
	ret = ember_ws_syncobj_import_sync_file(&device->ws, *handle, fd);
	if (ret) {
		ember_ws_syncobj_destroy(&device->ws, *handle);
		*handle = 0;
		return ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY :
				   VK_ERROR_INVALID_EXTERNAL_HANDLE,
				   "sync_file import of fd %d: %d", fd, ret);
	}
	return VK_SUCCESS;
}

/* @fd's syncobj as a new handle of the device's file. */
static VkResult sync_import_opaque(struct ember_device *device, int fd, uint32_t *handle)
{
	int ret = ember_ws_syncobj_import(&device->ws, fd, handle);

	if (ret)
		return ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY :
				   VK_ERROR_INVALID_EXTERNAL_HANDLE, "syncobj import of fd %d: %d",
				   fd, ret);
	return VK_SUCCESS;
}

static VkResult sync_export_error(int ret, const char *what)
{
	return ember_error(ret == -EMFILE || ret == -ENFILE ? VK_ERROR_TOO_MANY_OBJECTS :
			   VK_ERROR_OUT_OF_HOST_MEMORY, "%s export: %d", what, ret);
}

/* Handles (and points) for a host wait: on the stack, or allocated. */
struct sync_wait_list {
	uint32_t *handles;
	uint64_t *points;
	uint32_t count;
	uint32_t stack_handles[SYNC_WAIT_STACK];
	uint64_t stack_points[SYNC_WAIT_STACK];
};

static bool sync_wait_list_init(struct sync_wait_list *list, uint32_t capacity)
{
	list->count = 0;
	if (capacity <= SYNC_WAIT_STACK) {
		list->handles = list->stack_handles;
		list->points = list->stack_points;
		/* Zero points: binary syncobjs. */
		memset(list->stack_points, 0, sizeof(list->stack_points));
		return true;
	}
	list->handles = malloc(capacity * sizeof(*list->handles));
	list->points = calloc(capacity, sizeof(*list->points));
	if (list->handles && list->points)
		return true;
	free(list->handles);
	free(list->points);
	return false;
}

static void sync_wait_list_fini(struct sync_wait_list *list)
{
	if (list->handles != list->stack_handles) {
		free(list->handles);
		free(list->points);
	}
}

/* Fences. */

static void fence_drop_temporary(struct ember_device *device, struct ember_fence *fence)
{
	ember_ws_syncobj_destroy(&device->ws, fence->temporary);
	fence->temporary = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateFence(VkDevice _device, const VkFenceCreateInfo *pCreateInfo,
		  const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_fence *fence;
	VkResult result;
	int ret;

	/* Every syncobj can be exported: VkExportFenceCreateInfo needs nothing. */
	fence = ember_object_alloc(device, pAllocator, sizeof(*fence), VK_OBJECT_TYPE_FENCE);
	if (!fence)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "fence");
	ret = ember_ws_syncobj_create(&device->ws,
				      pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT,
				      &fence->permanent);
	if (ret) {
		result = sync_failed(device, "SYNCOBJ_CREATE", ret);
		goto err_free;
	}
	*pFence = ember_fence_to_handle(fence);
	return VK_SUCCESS;

err_free:
	ember_object_free(device, pAllocator, fence);
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyFence(VkDevice _device, VkFence _fence, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_fence, fence, _fence);

	if (!fence)
		return;
	fence_drop_temporary(device, fence);
	ember_ws_syncobj_destroy(&device->ws, fence->permanent);
	ember_object_free(device, pAllocator, fence);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ResetFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct sync_wait_list list;
	VkResult result = VK_SUCCESS;
	int ret;

	if (!fenceCount)
		return VK_SUCCESS;
	if (!sync_wait_list_init(&list, fenceCount))
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "%u fences", fenceCount);
	/* A temporary payload goes first; the reset is of the restored permanent one. */
	for (uint32_t i = 0; i < fenceCount; i++) {
		EMBER_FROM_HANDLE(ember_fence, fence, pFences[i]);

		fence_drop_temporary(device, fence);
		list.handles[list.count++] = fence->permanent;
	}
	ret = ember_ws_syncobj_reset(&device->ws, list.handles, list.count);
	if (ret)
		result = sync_failed(device, "SYNCOBJ_RESET", ret);
	sync_wait_list_fini(&list);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL ember_GetFenceStatus(VkDevice _device, VkFence _fence)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_fence, fence, _fence);
	uint32_t handle = ember_fence_syncobj(fence);
	int ret;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	/* A zero timeout polls; unsubmitted (WAIT_FOR_SUBMIT) is not ready, not an error. */
	ret = ember_ws_syncobj_wait(&device->ws, &handle, NULL, 1, 0, true, false, NULL);
	if (ret == -ETIME)
		return VK_NOT_READY;
	if (ret)
		return sync_failed(device, "SYNCOBJ_TIMELINE_WAIT", ret);
	/* Signalled by a job that faulted or hung: the device is lost. */
	return sync_check_device(device);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_WaitForFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences,
		    VkBool32 waitAll, uint64_t timeout)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	int64_t abs_timeout = ember_ws_abs_timeout(timeout);
	struct sync_wait_list list;
	VkResult result;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	if (!fenceCount)
		return VK_SUCCESS;
	if (!sync_wait_list_init(&list, fenceCount))
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "%u fences", fenceCount);
	for (uint32_t i = 0; i < fenceCount; i++) {
		EMBER_FROM_HANDLE(ember_fence, fence, pFences[i]);

		list.handles[list.count++] = ember_fence_syncobj(fence);
	}
	result = ember_sync_wait(device, list.handles, list.points, list.count, abs_timeout,
				 waitAll);
	sync_wait_list_fini(&list);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetFenceFdKHR(VkDevice _device, const VkFenceGetFdInfoKHR *pGetFdInfo, int *pFd)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_fence, fence, pGetFdInfo->fence);
	uint32_t handle = ember_fence_syncobj(fence);
	int ret;

	switch (pGetFdInfo->handleType) {
	case VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT:
		/* Reference transference: the syncobj itself, nothing changes. */
		ret = ember_ws_syncobj_export(&device->ws, handle, pFd);
		if (ret)
			return sync_export_error(ret, "syncobj");
		break;
	case VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT:
		/*
		 * The fence is signalled or has a pending signal operation
		 * (valid usage), which may still be held back by the queue.
		 */
		sync_wait_submitted(device, handle);
		ret = ember_ws_syncobj_export_sync_file(&device->ws, handle, pFd);
		if (ret)
			return sync_export_error(ret, "sync_file");
		/*
		 * "Exporting a fence payload to a handle with copy transference
		 * has the same side effects on the source fence's payload as
		 * executing a fence reset operation." A temporary payload is
		 * dropped below; a permanent one is reset here.
		 */
		if (!fence->temporary) {
			ret = ember_ws_syncobj_reset(&device->ws, &handle, 1);
			if (ret) {
				close(*pFd);
				*pFd = -1;
				return sync_failed(device, "SYNCOBJ_RESET", ret);
			}
		}
		break;
	default:
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "fence export as 0x%x",
				   pGetFdInfo->handleType);
	}
	/*
	 * "If the fence was using a temporarily imported payload, the fence's
	 * prior permanent payload will be restored."
	 */
	fence_drop_temporary(device, fence);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ImportFenceFdKHR(VkDevice _device, const VkImportFenceFdInfoKHR *pImportFenceFdInfo)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_fence, fence, pImportFenceFdInfo->fence);
	const int fd = pImportFenceFdInfo->fd;
	bool temporary = pImportFenceFdInfo->flags & VK_FENCE_IMPORT_TEMPORARY_BIT;
	uint32_t handle;
	VkResult result;

	switch (pImportFenceFdInfo->handleType) {
	case VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT:
		result = sync_import_opaque(device, fd, &handle);
		break;
	case VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT:
		/* Copy transference: only ever temporary. */
		temporary = true;
		result = sync_import_sync_file(device, fd, &handle);
		break;
	default:
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "fence import of 0x%x",
				   pImportFenceFdInfo->handleType);
	}
	if (result != VK_SUCCESS)
		return result;

	/* The fd is ours once the import succeeded (and left open if it failed). */
	if (fd >= 0)
		close(fd);
	if (temporary) {
		fence_drop_temporary(device, fence);
		fence->temporary = handle;
	} else {
		ember_ws_syncobj_destroy(&device->ws, fence->permanent);
		fence->permanent = handle;
	}
	return VK_SUCCESS;
}

/* Semaphores. */

void ember_semaphore_consume_temporary(struct ember_device *device, struct ember_semaphore *sem)
{
	ember_ws_syncobj_destroy(&device->ws, sem->temporary);
	sem->temporary = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateSemaphore(VkDevice _device, const VkSemaphoreCreateInfo *pCreateInfo,
		      const VkAllocationCallbacks *pAllocator, VkSemaphore *pSemaphore)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const VkSemaphoreTypeCreateInfo *type =
		ember_find_struct(pCreateInfo->pNext, VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
	struct ember_semaphore *sem;
	uint64_t initial = 0;
	VkResult result;
	int ret;

	/* Every syncobj can be exported: VkExportSemaphoreCreateInfo needs nothing. */
	sem = ember_object_alloc(device, pAllocator, sizeof(*sem), VK_OBJECT_TYPE_SEMAPHORE);
	if (!sem)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "semaphore");
	if (type && type->semaphoreType == VK_SEMAPHORE_TYPE_TIMELINE) {
		sem->timeline = true;
		initial = type->initialValue;
	}

	/* A timeline's point 0 is signalled from the start (see the DOC above). */
	ret = ember_ws_syncobj_create(&device->ws, sem->timeline && !initial, &sem->permanent);
	if (ret) {
		result = sync_failed(device, "SYNCOBJ_CREATE", ret);
		goto err_free;
	}
	if (initial) {
		ret = ember_ws_syncobj_signal(&device->ws, &sem->permanent, &initial, 1);
		if (ret) {
			result = sync_failed(device, "SYNCOBJ_TIMELINE_SIGNAL", ret);
			goto err_destroy;
		}
	}
	*pSemaphore = ember_semaphore_to_handle(sem);
	return VK_SUCCESS;

err_destroy:
	ember_ws_syncobj_destroy(&device->ws, sem->permanent);
err_free:
	ember_object_free(device, pAllocator, sem);
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroySemaphore(VkDevice _device, VkSemaphore _semaphore,
		       const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_semaphore, sem, _semaphore);

	if (!sem)
		return;
	ember_semaphore_consume_temporary(device, sem);
	ember_ws_syncobj_destroy(&device->ws, sem->permanent);
	ember_object_free(device, pAllocator, sem);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetSemaphoreCounterValue(VkDevice _device, VkSemaphore _semaphore, uint64_t *pValue)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_semaphore, sem, _semaphore);
	int ret;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	ret = ember_ws_syncobj_query(&device->ws, ember_semaphore_syncobj(sem), pValue);
	if (ret)
		return sync_failed(device, "SYNCOBJ_QUERY", ret);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_WaitSemaphores(VkDevice _device, const VkSemaphoreWaitInfo *pWaitInfo, uint64_t timeout)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	bool wait_all = !(pWaitInfo->flags & VK_SEMAPHORE_WAIT_ANY_BIT);
	int64_t abs_timeout = ember_ws_abs_timeout(timeout);
	struct sync_wait_list list;
	VkResult result;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	if (!sync_wait_list_init(&list, pWaitInfo->semaphoreCount))
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "%u semaphores",
				   pWaitInfo->semaphoreCount);
	for (uint32_t i = 0; i < pWaitInfo->semaphoreCount; i++) {
		EMBER_FROM_HANDLE(ember_semaphore, sem, pWaitInfo->pSemaphores[i]);
		uint64_t value = pWaitInfo->pValues[i];

		/*
		 * Every timeline is at least at 0. To the kernel, point 0 is
		 * a binary wait (for the latest point): leave it out.
		 */
		if (!value) {
			if (wait_all)
				continue;
			list.count = 0;
			break;
		}
		list.handles[list.count] = ember_semaphore_syncobj(sem);
		list.points[list.count++] = value;
	}
	if (list.count)
		result = ember_sync_wait(device, list.handles, list.points, list.count, abs_timeout,
				   wait_all);
	else
		result = sync_check_device(device);
	sync_wait_list_fini(&list);
	return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_SignalSemaphore(VkDevice _device, const VkSemaphoreSignalInfo *pSignalInfo)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_semaphore, sem, pSignalInfo->semaphore);
	uint32_t handle = ember_semaphore_syncobj(sem);
	uint64_t value = pSignalInfo->value;
	int ret;

	/*
	 * A new point, signalled at once; the queue's thread sees it become
	 * available and sends the submissions that wait for it.
	 */
	ret = ember_ws_syncobj_signal(&device->ws, &handle, &value, 1);
	if (ret)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "SYNCOBJ_TIMELINE_SIGNAL %llu: %d",
				   (unsigned long long)value, ret);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetSemaphoreFdKHR(VkDevice _device, const VkSemaphoreGetFdInfoKHR *pGetFdInfo, int *pFd)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_semaphore, sem, pGetFdInfo->semaphore);
	uint32_t handle = ember_semaphore_syncobj(sem);
	int ret;

	switch (pGetFdInfo->handleType) {
	case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT:
		/* Reference transference: the syncobj itself, nothing changes. */
		ret = ember_ws_syncobj_export(&device->ws, handle, pFd);
		if (ret)
			return sync_export_error(ret, "syncobj");
		break;
	case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT:
		/* A sync_file holds one fence: binary semaphores only. */
		if (sem->timeline)
			return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE,
					   "sync_file export of a timeline semaphore");
		/* Its signal operation was submitted (valid usage); the queue may hold it. */
		sync_wait_submitted(device, handle);
		ret = ember_ws_syncobj_export_sync_file(&device->ws, handle, pFd);
		if (ret)
			return sync_export_error(ret, "sync_file");
		/*
		 * Copy transference "has the same side effects on the source
		 * semaphore's payload as executing a semaphore wait
		 * operation": the semaphore is unsignalled afterwards. A
		 * temporary payload is dropped below; a permanent one is reset.
		 */
		if (!sem->temporary) {
			ret = ember_ws_syncobj_reset(&device->ws, &handle, 1);
			if (ret) {
				close(*pFd);
				*pFd = -1;
				return sync_failed(device, "SYNCOBJ_RESET", ret);
			}
		}
		break;
	default:
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "semaphore export as 0x%x",
				   pGetFdInfo->handleType);
	}
	/* An export restores a temporarily imported semaphore's permanent payload. */
	ember_semaphore_consume_temporary(device, sem);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ImportSemaphoreFdKHR(VkDevice _device,
			   const VkImportSemaphoreFdInfoKHR *pImportSemaphoreFdInfo)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_semaphore, sem, pImportSemaphoreFdInfo->semaphore);
	const int fd = pImportSemaphoreFdInfo->fd;
	bool temporary = pImportSemaphoreFdInfo->flags & VK_SEMAPHORE_IMPORT_TEMPORARY_BIT;
	uint32_t handle;
	VkResult result;

	switch (pImportSemaphoreFdInfo->handleType) {
	case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT:
		/* A timeline's payload is permanent (temporary ones are binary only). */
		if (sem->timeline && temporary)
			return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE,
					   "temporary import into a timeline semaphore");
		result = sync_import_opaque(device, fd, &handle);
		break;
	case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT:
		if (sem->timeline)
			return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE,
					   "sync_file import into a timeline semaphore");
		/* Copy transference: only ever temporary. */
		temporary = true;
		result = sync_import_sync_file(device, fd, &handle);
		break;
	default:
		return ember_error(VK_ERROR_INVALID_EXTERNAL_HANDLE, "semaphore import of 0x%x",
				   pImportSemaphoreFdInfo->handleType);
	}
	if (result != VK_SUCCESS)
		return result;

	/* The fd is ours once the import succeeded (and left open if it failed). */
	if (fd >= 0)
		close(fd);
	if (temporary) {
		ember_semaphore_consume_temporary(device, sem);
		sem->temporary = handle;
	} else {
		ember_ws_syncobj_destroy(&device->ws, sem->permanent);
		sem->permanent = handle;
	}
	return VK_SUCCESS;
}
