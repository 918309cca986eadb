/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptor set layouts
 *
 * A descriptor set is an array of 16-byte descriptors in GPU memory
 * ({u64 va; u32 range; u32 flags}, Documentation/gpu/ember-isa.rst); the
 * DISPATCH packet's set table points at each bound set's first one. A
 * binding of N array elements takes N consecutive slots from its @slot;
 * an inline uniform block of B bytes takes one slot (a descriptor of the
 * block) followed by its data, rounded up to whole slots. The compiler
 * gets the (set, binding) -> slot table from the pipeline layout.
 *
 * Images, samplers and texel buffers take the slots of ember-isa.rst's
 * resource table per array element (ember_descriptor_type_slots()): an
 * image 4 (its 64-byte descriptor), a sampler 2, a combined image sampler
 * 6 (the image, then its sampler at +4), a texel buffer 1. Immutable
 * samplers are packed into the layout and written into every set.
 *
 * Dynamic uniform/storage buffers keep their descriptor at their slot
 * without the dynamic offset, but shaders read them from the dynamic table
 * instead, where binding the set writes them with the offsets applied
 * (ember_descriptor_set.c).
 */

#ifndef EMBER_DESCRIPTOR_SET_LAYOUT_H
#define EMBER_DESCRIPTOR_SET_LAYOUT_H

#include "ember_object.h"

#include "ember_shader_hw.h"

#include <stdatomic.h>

#define EMBER_DESCRIPTOR_SIZE	16

/*
 * Slots of one set, and of one pool: 2^26 (1 GiB of descriptors). The
 * shader header names 32-bit slots (ISA 1.3); this bound keeps a set's
 * size in bytes within 32 bits and holds every per-type limit the device
 * reports (ember_physical_device_properties.c) in one set at once.
 */
#define EMBER_MAX_SET_SLOTS	(1u << 26)

/**
 * struct ember_descriptor_binding_layout - One binding of a set layout.
 * @type: its descriptor type (VK_DESCRIPTOR_TYPE_MAX_ENUM: unused number).
 * @count: array size (inline uniform blocks: the block's size in bytes).
 * @slot: its first slot in the set.
 * @slot_count: slots it takes (array size x @stride; inline blocks: 1 + data).
 * @stride: slots of one array element.
 * @dynamic_index: first index among the set's dynamic buffers, if dynamic.
 * @immutable_samplers: @count sampler descriptors, or NULL.
 * @flags: VkDescriptorBindingFlags.
 * @stages: the stages that use it.
 */
struct ember_descriptor_binding_layout {
	VkDescriptorType type;
	uint32_t count;
	uint32_t slot;
	uint32_t slot_count;
	uint32_t stride;
	uint32_t dynamic_index;
	VkDescriptorBindingFlags flags;
	VkShaderStageFlags stages;
	const uint32_t (*immutable_samplers)[EMBER_SAMPLER_DESC_DWORDS];
};

/**
 * struct ember_descriptor_set_layout - A VkDescriptorSetLayout, reference
 * counted (pipeline layouts and sets keep it past its destruction).
 * @binding_count: highest binding number + 1.
 * @slot_count: slots of a set (a variable-count last binding at its maximum).
 * @dynamic_count: dynamic buffers in the set.
 * @variable_binding: the binding with VARIABLE_DESCRIPTOR_COUNT, or -1.
 */
struct ember_descriptor_set_layout {
	struct ember_object base;
	atomic_int refcount;
	VkDescriptorSetLayoutCreateFlags flags;
	uint32_t binding_count;
	uint32_t slot_count;
	uint32_t dynamic_count;
	int32_t variable_binding;
	struct ember_descriptor_binding_layout bindings[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_descriptor_set_layout, base, VkDescriptorSetLayout,
			  VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT)

/* Slots of one array element of @type (ember-isa.rst), 0 if Ember has no such descriptor. */
uint32_t ember_descriptor_type_slots(VkDescriptorType type);

void ember_descriptor_set_layout_ref(struct ember_descriptor_set_layout *layout);
void ember_descriptor_set_layout_unref(struct ember_device *device,
				       struct ember_descriptor_set_layout *layout);

#endif /* EMBER_DESCRIPTOR_SET_LAYOUT_H */
