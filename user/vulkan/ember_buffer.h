/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_BUFFER_H
#define EMBER_BUFFER_H

#include "ember_object.h"

struct ember_device_memory;

/* Alignment of buffer offsets in memory (and of storage/uniform descriptors). */
#define EMBER_BUFFER_ALIGNMENT	64

/**
 * struct ember_buffer - A VkBuffer.
 * @size: its size.
 * @usage: its usage flags.
 * @memory: the memory it is bound to, or NULL.
 * @va: its GPU VA once bound (memory VA + offset), else 0.
 */
struct ember_buffer {
	struct ember_object base;
	VkDeviceSize size;
	VkBufferUsageFlags usage;
	VkBufferCreateFlags flags;
	struct ember_device_memory *memory;
	uint64_t va;
};

EMBER_DEFINE_HANDLE_CASTS(ember_buffer, base, VkBuffer, VK_OBJECT_TYPE_BUFFER)

/* The GPU VA of byte @offset of @buffer. */
static inline uint64_t ember_buffer_address(const struct ember_buffer *buffer, VkDeviceSize offset)
{
	return buffer->va + offset;
}

/* The range (VK_WHOLE_SIZE resolved) of @buffer from @offset. */
static inline VkDeviceSize ember_buffer_range(const struct ember_buffer *buffer,
					      VkDeviceSize offset, VkDeviceSize range)
{
	return range == VK_WHOLE_SIZE ? buffer->size - offset : range;
}

#endif /* EMBER_BUFFER_H */
