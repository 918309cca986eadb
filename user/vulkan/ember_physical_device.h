/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_PHYSICAL_DEVICE_H
#define EMBER_PHYSICAL_DEVICE_H

#include "ember_object.h"
#include "ember_winsys.h"

struct ember_instance;

/* The one queue family: compute and transfer. */
#define EMBER_QUEUE_FAMILY		0
/*
 * Entries of a dispatch's descriptor-set table (ember-isa.rst: 8). The last
 * one is the driver's: the dynamic buffers' table (ember_descriptor_set.c),
 * so applications bind at most EMBER_MAX_BOUND_SETS sets.
 */
#define EMBER_MAX_SETS			8
#define EMBER_DYNAMIC_TABLE_SET		(EMBER_MAX_SETS - 1)
#define EMBER_MAX_BOUND_SETS		EMBER_DYNAMIC_TABLE_SET
#define EMBER_MAX_PUSH_CONSTANTS	256
#define EMBER_SUBGROUP_SIZE		32
#define EMBER_MAX_WORKGROUP_INVOCATIONS	1024
/* Memory heap and types (unified memory: one of each kind). */
#define EMBER_MEMORY_TYPE_COUNT		1

/**
 * struct ember_physical_device - One Ember GPU (render node).
 * @base: the object base (dispatchable).
 * @instance: the instance that found it.
 * @ws: an open file on its render node, for queries.
 * @api_version: the Vulkan version it reports (every feature it needs works).
 * @supported: the device extensions it supports.
 * @device_uuid: stable for this device (its PCI address and identity).
 * @cache_uuid: changes with the driver + compiler build (pipeline caches,
 *	shader binaries).
 * @driver_uuid: the driver's build too.
 * @heap_size: the one memory heap's size, in bytes.
 * @name: deviceName.
 */
struct ember_physical_device {
	struct ember_object base;
	struct ember_instance *instance;
	struct ember_ws ws;
	uint32_t api_version;
	struct ember_extension_table supported;
	uint8_t device_uuid[VK_UUID_SIZE];
	uint8_t cache_uuid[VK_UUID_SIZE];
	uint8_t driver_uuid[VK_UUID_SIZE];
	uint64_t heap_size;
	char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

EMBER_DEFINE_HANDLE_CASTS(ember_physical_device, base, VkPhysicalDevice,
			  VK_OBJECT_TYPE_PHYSICAL_DEVICE)

int ember_physical_device_create(struct ember_instance *instance, const char *path,
				 struct ember_physical_device **out);
void ember_physical_device_destroy(struct ember_physical_device *pdev);

/* Fills the 1.0 features and every feature structure the driver knows in @features's chain. */
/* Whether the device draws (CAPS.GRAPHICS): its queue family has graphics. */
bool ember_physical_device_has_graphics(const struct ember_physical_device *pdev);
/* Whether its draws count samples for occlusion queries (CAPS.OCCLUSION, contract 1.11). */
bool ember_physical_device_has_occlusion(const struct ember_physical_device *pdev);

/* Whether draws and dispatches count pipeline statistics (CAPS.PIPELINE_STATS, contract 1.15). */
bool ember_physical_device_has_pipeline_stats(const struct ember_physical_device *pdev);

void ember_physical_device_get_features(struct ember_physical_device *pdev,
					VkPhysicalDeviceFeatures2 *features);
/*
 * VK_SUCCESS if every feature @info asks for (pEnabledFeatures or a
 * VkPhysicalDeviceFeatures2 chain) is supported, else
 * VK_ERROR_FEATURE_NOT_PRESENT.
 */
VkResult ember_physical_device_check_features(struct ember_physical_device *pdev,
					      const VkDeviceCreateInfo *info);

/*
 * The highest Vulkan version whose required features and limits @pdev's
 * report meets (ember_physical_device_version.c).
 */
uint32_t ember_physical_device_api_version(struct ember_physical_device *pdev);

/* The build's identity (ELF build-id of the ICD, compiler included). */
void ember_build_id_sha1(uint8_t out[20]);

#endif /* EMBER_PHYSICAL_DEVICE_H */
