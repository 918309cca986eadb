/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_DEVICE_MEMORY_H
#define EMBER_DEVICE_MEMORY_H

#include "ember_object.h"
#include "ember_winsys.h"

/**
 * struct ember_device_memory - A VkDeviceMemory: one BO, mapped at @va in
 * the device's VM for its whole life (unified memory: every allocation is
 * device-local and host-visible).
 * @bo: the BO (its CPU mapping made on the first vkMapMemory).
 * @va: its GPU VA.
 * @size: allocationSize.
 * @map_offset, @map_size: the range vkMapMemory mapped (0, 0: unmapped).
 */
struct ember_device_memory {
	struct ember_object base;
	struct ember_ws_bo bo;
	uint64_t va;
	uint64_t size;
	uint64_t map_offset, map_size;
};

EMBER_DEFINE_HANDLE_CASTS(ember_device_memory, base, VkDeviceMemory,
			  VK_OBJECT_TYPE_DEVICE_MEMORY)

/* The alignment of every allocation's VA and the BO page size. */
#define EMBER_MEMORY_ALIGNMENT	4096

#endif /* EMBER_DEVICE_MEMORY_H */
