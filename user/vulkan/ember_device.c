/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Logical devices
 *
 * A VkDevice is its own DRM file on the GPU's render node, one GPU VM and
 * one kernel context whose queues are the VkDevice's queues (a fault or a
 * hang bans the context: that device is lost, other devices and processes
 * are not). Each VkQueue is one kernel queue of that context: on a device
 * with queues in memory (driver 1.8, contract 1.9) a device queue of its
 * own, so an event wait or a long dispatch on one VkQueue never holds up
 * another (see DOC: Device queues in the kernel's ember_queue.c). Queue
 * priorities map to the kernel's queue priorities;
 * VK_KHR_global_priority's HIGH needs what the kernel asks for it
 * (CAP_SYS_NICE): without it creation fails with VK_ERROR_NOT_PERMITTED_KHR.
 *
 * Calibrated timestamps: the device's clock can only be read by asking the
 * device, so when VK_TIME_DOMAIN_DEVICE is among the requested domains one
 * kernel timestamp query serves them all. The kernel reads CLOCK_MONOTONIC
 * and CLOCK_MONOTONIC_RAW just before it asks the device and just after the
 * answer; the device's sample lies inside those brackets. The host clocks
 * are returned as their bracket's midpoint and the maximum deviation is the
 * wider bracket: every returned value was sampled inside it. Device values
 * are raw device ticks, the unit of vkCmdWriteTimestamp's results
 * (timestampPeriod converts both to ns). Without the device domain the
 * host clocks are read in a row, bracketed by CLOCK_MONOTONIC_RAW.
 */

#include "ember_device.h"

#include "ember_instance.h"
#include "ember_physical_device.h"
#include "ember_queue.h"
#include "ember_shader.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

VkResult ember_gpu_bo_create(struct ember_device *device, uint64_t size, uint32_t map_flags,
			     struct ember_gpu_bo *out)
{
	struct ember_gpu_bo bo = { .size = ember_align64(size ? size : 1, 4096) };
	VkResult result;
	int ret;

	ret = ember_ws_bo_create(&device->ws, bo.size, 0, device->vm_id, &bo.bo);
	if (ret)
		return ember_error(ret == -ENOMEM ? VK_ERROR_OUT_OF_DEVICE_MEMORY :
				   ember_result_from_errno(ret), "driver BO of %llu bytes: %d",
				   (unsigned long long)size, ret);
	ret = ember_ws_bo_map(&device->ws, &bo.bo);
	if (ret) {
		result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "mapping a driver BO: %d", ret);
		goto err_destroy;
	}
	bo.va = ember_va_alloc(&device->va, bo.size, 4096);
	if (!bo.va) {
		result = ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "out of GPU VA");
		goto err_destroy;
	}
	ret = ember_ws_vm_map(&device->ws, device->vm_id, &bo.bo, 0, bo.va, bo.size, map_flags);
	if (ret) {
		result = ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "VM_BIND map: %d", ret);
		goto err_free_va;
	}
	*out = bo;
	return VK_SUCCESS;

err_free_va:
	ember_va_free(&device->va, bo.va, bo.size);
err_destroy:
	ember_ws_bo_destroy(&device->ws, &bo.bo);
	return result;
}

void ember_gpu_bo_destroy(struct ember_device *device, struct ember_gpu_bo *bo)
{
	if (!bo->bo.handle)
		return;
	ember_ws_vm_unmap(&device->ws, device->vm_id, bo->va, bo->size);
	ember_va_free(&device->va, bo->va, bo->size);
	ember_ws_bo_destroy(&device->ws, &bo->bo);
	memset(bo, 0, sizeof(*bo));
}

VkResult ember_device_set_lost(struct ember_device *device, const char *why)
{
	if (!atomic_exchange(&device->lost, true))
		fprintf(stderr, "ember-vk: device lost: %s\n", why);
	return VK_ERROR_DEVICE_LOST;
}

VkResult ember_device_check_status(struct ember_device *device)
{
	struct ember_ws_ctx_state state;
	char why[128];
	int ret;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	/* A device without queues has no context: nothing of it can fail. */
	if (!device->ctx)
		return VK_SUCCESS;
	ret = ember_ws_ctx_get_state(&device->ws, device->ctx, &state);
	if (ret)
		return ember_device_set_lost(device, "the kernel context is gone");
	if (!state.lost)
		return VK_SUCCESS;
	if (state.innocent_lost)
		snprintf(why, sizeof(why),
			 "context state 0x%x: a device reset (another context hung) cut a job short",
			 state.state);
	else
		snprintf(why, sizeof(why), "context state 0x%x, fault kind %u at 0x%llx",
			 state.state, state.fault_kind, (unsigned long long)state.fault_va);
	return ember_device_set_lost(device, why);
}

static enum ember_ws_priority queue_priority(const VkDeviceQueueCreateInfo *info, uint32_t i)
{
	const VkDeviceQueueGlobalPriorityCreateInfoKHR *global =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_DEVICE_QUEUE_GLOBAL_PRIORITY_CREATE_INFO_KHR);

	if (global) {
		switch (global->globalPriority) {
		case VK_QUEUE_GLOBAL_PRIORITY_LOW_KHR:
			return EMBER_WS_PRIORITY_LOW;
		case VK_QUEUE_GLOBAL_PRIORITY_HIGH_KHR:
		case VK_QUEUE_GLOBAL_PRIORITY_REALTIME_KHR:
			return EMBER_WS_PRIORITY_HIGH;
		default:
			return EMBER_WS_PRIORITY_MEDIUM;
		}
	}
	/* Queue priorities are relative within the device: two levels. */
	return info->pQueuePriorities && info->pQueuePriorities[i] < 0.5f ?
	       EMBER_WS_PRIORITY_LOW : EMBER_WS_PRIORITY_MEDIUM;
}

static VkResult device_enable_extensions(struct ember_device *device,
					 const VkDeviceCreateInfo *info)
{
	for (uint32_t i = 0; i < info->enabledExtensionCount; i++) {
		int index = ember_extension_index(info->ppEnabledExtensionNames[i]);

		if (index < 0 || !device->pdev->supported.has[index])
			return ember_error(VK_ERROR_EXTENSION_NOT_PRESENT, "device extension %s",
					   info->ppEnabledExtensionNames[i]);
		device->enabled.has[index] = true;
	}
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateDevice(VkPhysicalDevice physicalDevice, const VkDeviceCreateInfo *pCreateInfo,
		   const VkAllocationCallbacks *pAllocator, VkDevice *pDevice)
{
	EMBER_FROM_HANDLE(ember_physical_device, pdev, physicalDevice);
	struct ember_instance *instance = pdev->instance;
	enum ember_ws_priority priorities[EMBER_DEVICE_MAX_QUEUES];
	const VkAllocationCallbacks *alloc =
		ember_choose_alloc(pAllocator, ember_instance_alloc(instance));
	VkDeviceQueueCreateFlags queue_flags[EMBER_DEVICE_MAX_QUEUES];
	const VkPhysicalDeviceFeatures2 *f2;
	struct ember_device *device;
	uint32_t queue_count = 0;
	VkResult result;
	int ret;

	result = ember_physical_device_check_features(pdev, pCreateInfo);
	if (result != VK_SUCCESS)
		return result;
	for (uint32_t i = 0; i < pCreateInfo->queueCreateInfoCount; i++) {
		const VkDeviceQueueCreateInfo *q = &pCreateInfo->pQueueCreateInfos[i];

		if (q->queueFamilyIndex != EMBER_QUEUE_FAMILY ||
		    queue_count + q->queueCount > EMBER_MIN(pdev->ws.info.max_queues,
							    EMBER_DEVICE_MAX_QUEUES))
			return ember_error(VK_ERROR_INITIALIZATION_FAILED, "queue family %u count %u",
					   q->queueFamilyIndex, q->queueCount);
		for (uint32_t j = 0; j < q->queueCount; j++) {
			queue_flags[queue_count] = q->flags;
			priorities[queue_count++] = queue_priority(q, j);
		}
	}

	device = ember_alloc(alloc, sizeof(*device), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
	if (!device)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "device");
	ember_object_init(&device->base, device, VK_OBJECT_TYPE_DEVICE);
	device->pdev = pdev;
	if (alloc)
		device->alloc = *alloc;
	device->api_version = EMBER_MIN(pdev->api_version,
					EMBER_MAX(instance->app_api_version, VK_API_VERSION_1_0));
	result = device_enable_extensions(device, pCreateInfo);
	if (result != VK_SUCCESS)
		goto err_free;

	f2 = ember_find_struct(pCreateInfo->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
	if (f2)
		device->features.core = f2->features;
	else if (pCreateInfo->pEnabledFeatures)
		device->features.core = *pCreateInfo->pEnabledFeatures;

	ret = ember_ws_reopen(&device->ws, &pdev->ws);
	if (ret) {
		result = ember_error(VK_ERROR_INITIALIZATION_FAILED, "opening %s: %d",
				     pdev->ws.path, ret);
		goto err_free;
	}
	ret = ember_ws_vm_create(&device->ws, &device->vm_id);
	if (ret) {
		result = ember_error(VK_ERROR_INITIALIZATION_FAILED, "VM_CREATE: %d", ret);
		goto err_close;
	}
	ret = ember_va_heap_init(&device->va, device->ws.info.va_start, device->ws.info.va_end);
	if (ret) {
		result = VK_ERROR_OUT_OF_HOST_MEMORY;
		goto err_vm;
	}
	if (queue_count) {
		ret = ember_ws_ctx_create(&device->ws, device->vm_id, queue_count, priorities,
					  &device->ctx);
		if (ret) {
			result = ember_error(ret == -EACCES ? VK_ERROR_NOT_PERMITTED_KHR :
					     ret == -EBUSY || ret == -EDQUOT ?
					     VK_ERROR_TOO_MANY_OBJECTS :
					     VK_ERROR_INITIALIZATION_FAILED,
					     "CTX_CREATE with %u queues: %d", queue_count, ret);
			goto err_va;
		}
	}
	pthread_mutex_init(&device->private_data.lock, NULL);
	result = ember_shader_cache_create(device);
	if (result != VK_SUCCESS)
		goto err_ctx;

	for (uint32_t i = 0; i < queue_count; i++) {
		struct ember_queue *queue = ember_alloc(alloc, sizeof(*queue), 8,
							VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);

		if (!queue) {
			result = VK_ERROR_OUT_OF_HOST_MEMORY;
			goto err_queues;
		}
		result = ember_queue_init(device, queue, i, queue_flags[i]);
		if (result != VK_SUCCESS) {
			ember_free(alloc, queue);
			goto err_queues;
		}
		device->queues[device->queue_count++] = queue;
	}
	*pDevice = ember_device_to_handle(device);
	return VK_SUCCESS;

err_queues:
	while (device->queue_count) {
		struct ember_queue *queue = device->queues[--device->queue_count];

		ember_queue_finish(queue);
		ember_free(alloc, queue);
	}
	ember_shader_cache_destroy(device);
err_ctx:
	pthread_mutex_destroy(&device->private_data.lock);
	if (device->ctx)
		ember_ws_ctx_destroy(&device->ws, device->ctx);
err_va:
	ember_va_heap_fini(&device->va);
err_vm:
	ember_ws_vm_destroy(&device->ws, device->vm_id);
err_close:
	ember_ws_close(&device->ws);
err_free:
	ember_free(alloc, device);
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyDevice(VkDevice _device, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const VkAllocationCallbacks *alloc;

	if (!device)
		return;
	alloc = device->alloc.pfnAllocation ? &device->alloc : NULL;
	for (uint32_t i = 0; i < device->queue_count; i++) {
		ember_queue_finish(device->queues[i]);
		ember_free(alloc, device->queues[i]);
	}
	ember_shader_cache_destroy(device);
	ember_private_data_device_fini(device);
	pthread_mutex_destroy(&device->private_data.lock);
	/* Destroying the file releases every BO, syncobj, VM and context left. */
	if (device->ctx)
		ember_ws_ctx_destroy(&device->ws, device->ctx);
	ember_ws_vm_destroy(&device->ws, device->vm_id);
	ember_va_heap_fini(&device->va);
	ember_ws_close(&device->ws);
	ember_free(alloc, device);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceQueue2(VkDevice _device, const VkDeviceQueueInfo2 *pQueueInfo, VkQueue *pQueue)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	*pQueue = VK_NULL_HANDLE;
	if (pQueueInfo->queueFamilyIndex != EMBER_QUEUE_FAMILY)
		return;
	/* The queue with this index among those created with these flags. */
	for (uint32_t i = 0, n = 0; i < device->queue_count; i++) {
		if (device->queues[i]->flags != pQueueInfo->flags)
			continue;
		if (n++ == pQueueInfo->queueIndex) {
			*pQueue = ember_queue_to_handle(device->queues[i]);
			return;
		}
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceQueue(VkDevice device, uint32_t queueFamilyIndex, uint32_t queueIndex,
		     VkQueue *pQueue)
{
	const VkDeviceQueueInfo2 info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_INFO_2,
		.queueFamilyIndex = queueFamilyIndex,
		.queueIndex = queueIndex,
	};

	ember_GetDeviceQueue2(device, &info, pQueue);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceGroupPeerMemoryFeatures(VkDevice device, uint32_t heapIndex,
				       uint32_t localDeviceIndex, uint32_t remoteDeviceIndex,
				       VkPeerMemoryFeatureFlags *pPeerMemoryFeatures)
{
	/*
	 * Every Ember device group has one device, which has no peer, so no
	 * valid call exists (the indices must differ and name devices of the
	 * group): the answer is what that device's own memory allows.
	 */
	*pPeerMemoryFeatures = VK_PEER_MEMORY_FEATURE_COPY_SRC_BIT |
			       VK_PEER_MEMORY_FEATURE_COPY_DST_BIT |
			       VK_PEER_MEMORY_FEATURE_GENERIC_SRC_BIT |
			       VK_PEER_MEMORY_FEATURE_GENERIC_DST_BIT;
}

VKAPI_ATTR VkResult VKAPI_CALL ember_DeviceWaitIdle(VkDevice _device)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);

	for (uint32_t i = 0; i < device->queue_count; i++) {
		VkResult result = ember_queue_wait_idle(device->queues[i]);

		if (result != VK_SUCCESS)
			return result;
	}
	return VK_SUCCESS;
}

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Host-only domains: read in a row, the whole row bracketed by the raw clock. */
static void calibrate_host_clocks(uint32_t count, const VkCalibratedTimestampInfoKHR *infos,
				  uint64_t *timestamps, uint64_t *max_deviation)
{
	uint64_t begin = clock_ns(CLOCK_MONOTONIC_RAW);

	for (uint32_t i = 0; i < count; i++)
		timestamps[i] = clock_ns(infos[i].timeDomain == VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR ?
					 CLOCK_MONOTONIC : CLOCK_MONOTONIC_RAW);
	/* Each clock counts whole ns: a value stands for up to 1 ns after it. */
	*max_deviation = clock_ns(CLOCK_MONOTONIC_RAW) - begin + 1;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetCalibratedTimestampsKHR(VkDevice _device, uint32_t timestampCount,
				 const VkCalibratedTimestampInfoKHR *pTimestampInfos,
				 uint64_t *pTimestamps, uint64_t *pMaxDeviation)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_ws_timestamp t;
	uint64_t monotonic_width, raw_width;
	bool device_domain = false;
	char why[64];
	int ret;

	for (uint32_t i = 0; i < timestampCount; i++)
		device_domain |= pTimestampInfos[i].timeDomain == VK_TIME_DOMAIN_DEVICE_KHR;
	if (!device_domain) {
		calibrate_host_clocks(timestampCount, pTimestampInfos, pTimestamps, pMaxDeviation);
		return VK_SUCCESS;
	}

	ret = ember_ws_query_timestamp(&device->ws, &t);
	if (ret == -ENOMEM)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "timestamp query: %d", ret);
	if (ret) {
		/* The device did not answer within the kernel's second, or is gone. */
		snprintf(why, sizeof(why), "timestamp query failed: %d", ret);
		return ember_device_set_lost(device, why);
	}
	for (uint32_t i = 0; i < timestampCount; i++) {
		switch (pTimestampInfos[i].timeDomain) {
		case VK_TIME_DOMAIN_DEVICE_KHR:
			pTimestamps[i] = t.device;
			break;
		case VK_TIME_DOMAIN_CLOCK_MONOTONIC_KHR:
			pTimestamps[i] = t.monotonic_before +
					 (t.monotonic_after - t.monotonic_before) / 2;
			break;
		default:	/* CLOCK_MONOTONIC_RAW: the only other domain reported */
			pTimestamps[i] = t.monotonic_raw_before +
					 (t.monotonic_raw_after - t.monotonic_raw_before) / 2;
			break;
		}
	}
	monotonic_width = t.monotonic_after - t.monotonic_before;
	raw_width = t.monotonic_raw_after - t.monotonic_raw_before;
	/* Plus the 1 ns a device tick or a CPU clock reading stands for. */
	*pMaxDeviation = (monotonic_width > raw_width ? monotonic_width : raw_width) + 1;
	return VK_SUCCESS;
}

/*
 * vkGetDeviceProcAddr: device-level commands of the device's core version
 * and of the extensions it enabled; NULL for everything else (the
 * specification's table).
 */
VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
ember_GetDeviceProcAddr(VkDevice _device, const char *pName)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const struct ember_entrypoint *e = pName ? ember_entrypoint_find(pName) : NULL;

	if (!device || !e || !e->function || e->level != EMBER_DISPATCH_DEVICE)
		return NULL;
	if (e->core_version && e->core_version <= device->api_version)
		return e->function;
	for (int i = 0; i < 4 && e->extensions[i] >= 0; i++)
		if (device->enabled.has[e->extensions[i]])
			return e->function;
	return NULL;
}
