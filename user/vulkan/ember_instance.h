/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_INSTANCE_H
#define EMBER_INSTANCE_H

#include "ember_object.h"

#include <pthread.h>

struct ember_physical_device;

/* Most Ember GPUs one instance reports. */
#define EMBER_MAX_PHYSICAL_DEVICES	8

/**
 * struct ember_instance - A VkInstance.
 * @base: the object base (dispatchable).
 * @alloc: the allocator given at creation, or libc's (pfnAllocation NULL).
 * @app_api_version: the application's apiVersion (1.0 when it gave none).
 * @enabled: the instance extensions the application enabled.
 * @lock: protects the physical-device list while it is first built.
 * @physical_devices: one per Ember render node, found on first use.
 * @physical_device_count: how many.
 * @enumerated: @physical_devices is built.
 */
struct ember_instance {
	struct ember_object base;
	VkAllocationCallbacks alloc;
	uint32_t app_api_version;
	struct ember_extension_table enabled;
	pthread_mutex_t lock;
	struct ember_physical_device *physical_devices[EMBER_MAX_PHYSICAL_DEVICES];
	uint32_t physical_device_count;
	bool enumerated;
};

EMBER_DEFINE_HANDLE_CASTS(ember_instance, base, VkInstance, VK_OBJECT_TYPE_INSTANCE)

/* The instance's allocator, or NULL for libc. */
static inline const VkAllocationCallbacks *ember_instance_alloc(struct ember_instance *instance)
{
	return instance->alloc.pfnAllocation ? &instance->alloc : NULL;
}

/* The highest Vulkan version the driver implements (its loader-facing version). */
uint32_t ember_instance_api_version(void);

#endif /* EMBER_INSTANCE_H */
