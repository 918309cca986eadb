/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Events (host side)
 *
 * An event is a word of GPU memory of its own (ember_event.h); the memory
 * is coherent (ember_drm.h), so the host sets, resets and reads it with
 * plain atomic accesses and the device sees them at its next WAIT_MEM
 * poll. The device side is in ember_cmd_sync.c.
 */

#include "ember_event.h"

#include <stdatomic.h>

static _Atomic uint32_t *event_word(struct ember_event *event)
{
	return (_Atomic uint32_t *)event->bo.bo.map;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateEvent(VkDevice _device, const VkEventCreateInfo *pCreateInfo,
		  const VkAllocationCallbacks *pAllocator, VkEvent *pEvent)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_event *event;
	VkResult result;

	event = ember_object_alloc(device, pAllocator, sizeof(*event), VK_OBJECT_TYPE_EVENT);
	if (!event)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "event");
	/* Writable by the device (SIGNAL_MEM), never executed. */
	result = ember_gpu_bo_create(device, 4096, EMBER_WS_MAP_NOEXEC, &event->bo);
	if (result != VK_SUCCESS) {
		ember_object_free(device, pAllocator, event);
		return result;
	}
	atomic_store(event_word(event), EMBER_EVENT_RESET_VALUE);
	*pEvent = ember_event_to_handle(event);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyEvent(VkDevice _device, VkEvent _event, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_event, event, _event);

	if (!event)
		return;
	ember_gpu_bo_destroy(device, &event->bo);
	ember_object_free(device, pAllocator, event);
}

VKAPI_ATTR VkResult VKAPI_CALL ember_GetEventStatus(VkDevice _device, VkEvent _event)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_event, event, _event);

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	return atomic_load(event_word(event)) == EMBER_EVENT_SET_VALUE ? VK_EVENT_SET :
									  VK_EVENT_RESET;
}

VKAPI_ATTR VkResult VKAPI_CALL ember_SetEvent(VkDevice device, VkEvent _event)
{
	atomic_store(event_word(ember_event_from_handle(_event)), EMBER_EVENT_SET_VALUE);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL ember_ResetEvent(VkDevice device, VkEvent _event)
{
	atomic_store(event_word(ember_event_from_handle(_event)), EMBER_EVENT_RESET_VALUE);
	return VK_SUCCESS;
}
