/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_DEVICE_MEMORY_H
#define EMBER_DEVICE_MEMORY_H

#include "ember_object.h"
#include "ember_winsys.h"

struct ember_bo_share;

/**
 * struct ember_device_memory - A VkDeviceMemory: one BO, mapped at @va in
 * the device's VM for its whole life (unified memory: every allocation is
 * device-local and host-visible).
 * @bo: the BO (its CPU mapping made on the first vkMapMemory, kept until
 *	the memory is freed).
 * @va: its GPU VA.
 * @size: allocationSize.
 * @map_offset, @map_size: the range vkMapMemory mapped (0, 0: unmapped).
 * @va_size: the size of the VA range (the BO's, page-aligned).
 * @share: the BO's entry in the table of GEM handles that more than one
 *	VkDeviceMemory may hold (exportable and imported BOs), or NULL for a
 *	BO private to the device's VM.
 * @charged: bytes counted against the heap (zero for an import).
 */
struct ember_device_memory {
	struct ember_object base;
	struct ember_ws_bo bo;
	uint64_t va;
	uint64_t size;
	uint64_t map_offset, map_size;
	uint64_t va_size;
	struct ember_bo_share *share;
	uint64_t charged;
};

EMBER_DEFINE_HANDLE_CASTS(ember_device_memory, base, VkDeviceMemory,
			  VK_OBJECT_TYPE_DEVICE_MEMORY)

/*
 * The VA of a buffer or image bound to @mem at @offset, with VK_SUCCESS
 * into the bind's VkBindMemoryStatus if @bind_next has one: the memory is
 * in the VM already, so a bind cannot fail.
 */
static inline uint64_t ember_memory_bind(const struct ember_device_memory *mem,
					 VkDeviceSize offset, const void *bind_next)
{
	const VkBindMemoryStatusKHR *status =
		ember_find_struct(bind_next, VK_STRUCTURE_TYPE_BIND_MEMORY_STATUS_KHR);

	if (status && status->pResult)
		*status->pResult = VK_SUCCESS;
	return mem->va + offset;
}

/* The alignment of every allocation's VA and the BO page size. */
#define EMBER_MEMORY_ALIGNMENT	4096

#endif /* EMBER_DEVICE_MEMORY_H */
