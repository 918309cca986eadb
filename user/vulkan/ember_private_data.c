/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Private data (Vulkan 1.3, VK_EXT_private_data)
 *
 * Values the application attaches to any object, per slot: a table of
 * (slot, object) -> value per device, searched linearly under a lock.
 * Applications use a handful of slots on few objects (layers and tools
 * tagging objects); a slot's entries go when the slot is destroyed.
 */

#include "ember_device.h"

#include <stdlib.h>

struct ember_private_data_slot {
	struct ember_object base;
	uint32_t id;
};

EMBER_DEFINE_HANDLE_CASTS(ember_private_data_slot, base, VkPrivateDataSlot,
			  VK_OBJECT_TYPE_PRIVATE_DATA_SLOT)

struct ember_private_data_entry {
	uint32_t slot;
	VkObjectType type;
	uint64_t handle;
	uint64_t value;
};

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
			    const VkAllocationCallbacks *pAllocator,
			    VkPrivateDataSlot *pPrivateDataSlot)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_private_data_slot *slot;

	slot = ember_object_alloc(device, pAllocator, sizeof(*slot),
				  VK_OBJECT_TYPE_PRIVATE_DATA_SLOT);
	if (!slot)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "private data slot");
	pthread_mutex_lock(&device->private_data.lock);
	slot->id = ++device->private_data.next_slot;
	pthread_mutex_unlock(&device->private_data.lock);
	*pPrivateDataSlot = ember_private_data_slot_to_handle(slot);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot privateDataSlot,
			     const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_private_data_slot, slot, privateDataSlot);
	uint32_t kept = 0;

	if (!slot)
		return;
	pthread_mutex_lock(&device->private_data.lock);
	for (uint32_t i = 0; i < device->private_data.count; i++)
		if (device->private_data.entries[i].slot != slot->id)
			device->private_data.entries[kept++] = device->private_data.entries[i];
	device->private_data.count = kept;
	pthread_mutex_unlock(&device->private_data.lock);
	ember_object_free(device, pAllocator, slot);
}

static struct ember_private_data_entry *
private_data_find_locked(struct ember_device *device, uint32_t slot, VkObjectType type,
			 uint64_t handle)
{
	for (uint32_t i = 0; i < device->private_data.count; i++) {
		struct ember_private_data_entry *e = &device->private_data.entries[i];

		if (e->slot == slot && e->type == type && e->handle == handle)
			return e;
	}
	return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
		     VkPrivateDataSlot privateDataSlot, uint64_t data)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_private_data_slot, slot, privateDataSlot);
	struct ember_private_data_entry *e;
	VkResult result = VK_SUCCESS;

	pthread_mutex_lock(&device->private_data.lock);
	e = private_data_find_locked(device, slot->id, objectType, objectHandle);
	if (!e) {
		if (device->private_data.count == device->private_data.capacity) {
			uint32_t capacity = device->private_data.capacity * 2 + 16;
			void *entries = realloc(device->private_data.entries,
						capacity * sizeof(*e));

			if (!entries) {
				result = ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "private data");
				goto out;
			}
			device->private_data.entries = entries;
			device->private_data.capacity = capacity;
		}
		e = &device->private_data.entries[device->private_data.count++];
		*e = (struct ember_private_data_entry) {
			.slot = slot->id, .type = objectType, .handle = objectHandle,
		};
	}
	e->value = data;
out:
	pthread_mutex_unlock(&device->private_data.lock);
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
		     VkPrivateDataSlot privateDataSlot, uint64_t *pData)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_private_data_slot, slot, privateDataSlot);
	struct ember_private_data_entry *e;

	pthread_mutex_lock(&device->private_data.lock);
	e = private_data_find_locked(device, slot->id, objectType, objectHandle);
	*pData = e ? e->value : 0;
	pthread_mutex_unlock(&device->private_data.lock);
}

void ember_private_data_device_fini(struct ember_device *device)
{
	free(device->private_data.entries);
	device->private_data.entries = NULL;
}
