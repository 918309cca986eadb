/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_DESCRIPTOR_SET_H
#define EMBER_DESCRIPTOR_SET_H

#include "ember_descriptor_set_layout.h"
#include "ember_device.h"

struct ember_descriptor_pool;

/* A dynamic buffer's descriptor before its dynamic offset. */
struct ember_dynamic_buffer {
	uint64_t va;
	uint32_t range;
};

/**
 * struct ember_descriptor_set - A VkDescriptorSet: a range of its pool's
 * GPU memory.
 * @layout: its layout (referenced).
 * @pool: its pool.
 * @offset, @slot_count: its range in the pool, in slots.
 * @va, @map: the GPU VA and CPU address of its first slot.
 * @dynamic: the layout's dynamic buffers, without their offsets.
 * @next: the pool's sets, sorted by @offset.
 */
struct ember_descriptor_set {
	struct ember_object base;
	struct ember_descriptor_set_layout *layout;
	struct ember_descriptor_pool *pool;
	uint32_t offset, slot_count;
	uint64_t va;
	uint8_t *map;
	struct ember_dynamic_buffer *dynamic;
	struct ember_descriptor_set *next;
};

EMBER_DEFINE_HANDLE_CASTS(ember_descriptor_set, base, VkDescriptorSet,
			  VK_OBJECT_TYPE_DESCRIPTOR_SET)

/**
 * struct ember_descriptor_pool - A VkDescriptorPool: one GPU BO the device
 * reads descriptors from, shared out first-fit.
 */
struct ember_descriptor_pool {
	struct ember_object base;
	VkDescriptorPoolCreateFlags flags;
	struct ember_gpu_bo bo;
	uint32_t slot_capacity;
	uint32_t max_sets, set_count;
	struct ember_descriptor_set *sets;
};

EMBER_DEFINE_HANDLE_CASTS(ember_descriptor_pool, base, VkDescriptorPool,
			  VK_OBJECT_TYPE_DESCRIPTOR_POOL)

#endif /* EMBER_DESCRIPTOR_SET_H */
