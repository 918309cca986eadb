/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_DEVICE_H
#define EMBER_DEVICE_H

#include "ember_object.h"
#include "ember_va.h"
#include "ember_winsys.h"

#include <pthread.h>
#include <stdatomic.h>

struct ember_physical_device;
struct ember_queue;
struct ember_shader_cache;

/* Most queues of the one queue family (the kernel's per-context limit). */
#define EMBER_DEVICE_MAX_QUEUES	8

/**
 * struct ember_device - A VkDevice: its own DRM file, one GPU VM and one
 * context whose queues are the device's queues.
 * @base: the object base (dispatchable).
 * @pdev: the physical device.
 * @alloc: the allocator given at creation, else the instance's.
 * @ws: the device's own file on the render node.
 * @vm_id: its GPU VM.
 * @ctx: its kernel context; queue i of the device is the context's queue i.
 * @va: the VA allocator of @vm_id.
 * @enabled: the device extensions the application enabled.
 * @api_version: min(the application's apiVersion, the physical device's).
 * @features: the features the application enabled (1.0 and later ones
 *	the driver keeps track of).
 * @queues: the device's queues, @queue_count of them.
 * @lost: set once the kernel reports the context lost; sticky.
 * @shader_cache: the in-memory (and on-disk) cache of compiled shaders.
 * @private_data: VK_EXT_private_data / Vulkan 1.3 private data.
 */
struct ember_device {
	struct ember_object base;
	struct ember_physical_device *pdev;
	VkAllocationCallbacks alloc;
	struct ember_ws ws;
	uint32_t vm_id;
	uint32_t ctx;
	struct ember_va_heap va;
	struct ember_extension_table enabled;
	uint32_t api_version;
	struct {
		VkPhysicalDeviceFeatures core;
		bool robust_buffer_access2;
		bool pipeline_executable_info;
	} features;
	struct ember_queue *queues[EMBER_DEVICE_MAX_QUEUES];
	uint32_t queue_count;
	atomic_bool lost;
	struct ember_shader_cache *shader_cache;
	struct {
		pthread_mutex_t lock;
		uint32_t next_slot;
		struct ember_private_data_entry *entries;
		uint32_t count, capacity;
	} private_data;
};

EMBER_DEFINE_HANDLE_CASTS(ember_device, base, VkDevice, VK_OBJECT_TYPE_DEVICE)

/*
 * Asks the kernel whether the device's context is still alive; once it is
 * not, marks the device lost for good. VK_ERROR_DEVICE_LOST or VK_SUCCESS.
 */
VkResult ember_device_check_status(struct ember_device *device);

static inline bool ember_device_is_lost(struct ember_device *device)
{
	return atomic_load(&device->lost);
}

/* Marks the device lost (sticky) and returns VK_ERROR_DEVICE_LOST. */
VkResult ember_device_set_lost(struct ember_device *device, const char *why);

/*
 * A GPU allocation of the driver's own (command buffers, descriptor pools,
 * shader binaries): a BO private to the device's VM, CPU-mapped and mapped
 * at a VA of the device. @map_flags: EMBER_WS_MAP_*.
 */
struct ember_gpu_bo {
	struct ember_ws_bo bo;
	uint64_t va;
	uint64_t size;
};

/* Frees what the private data slots stored (ember_private_data.c). */
void ember_private_data_device_fini(struct ember_device *device);

VkResult ember_gpu_bo_create(struct ember_device *device, uint64_t size, uint32_t map_flags,
			     struct ember_gpu_bo *out);
void ember_gpu_bo_destroy(struct ember_device *device, struct ember_gpu_bo *bo);

#endif /* EMBER_DEVICE_H */
