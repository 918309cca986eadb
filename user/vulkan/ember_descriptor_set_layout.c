/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptor set layouts (the model is in ember_descriptor_set_layout.h)
 *
 * Slots are handed out in binding-number order, so a binding's array
 * elements and the next binding's follow each other as the specification's
 * "consecutive binding updates" walk them. Every descriptor type of a
 * compute device is supported: buffers (uniform, storage, their dynamic
 * forms, inline uniform blocks), samplers, images and texel buffers, and
 * input attachments, which take an image's slots (no shader stage of a
 * compute device reads them, but sets and pools hold them as the limits
 * say). Immutable samplers are packed after the bindings, in the layout's
 * own allocation. Slot arithmetic is 64-bit: a count times its slots past
 * EMBER_MAX_SET_SLOTS is refused, never wrapped.
 */

#include "ember_descriptor_set_layout.h"

#include "ember_device.h"
#include "ember_image.h"

#include <string.h>

uint32_t ember_descriptor_type_slots(VkDescriptorType type)
{
	switch (type) {
	case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
	case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
	case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
	case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
	case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
	case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
		return EMBER_ISA_BUFFER_SLOTS;
	case VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK:
		return 1;	/* per 16 bytes of data, after the block's descriptor */
	case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
	case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
	case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
		return EMBER_ISA_IMAGE_SLOTS;
	case VK_DESCRIPTOR_TYPE_SAMPLER:
		return EMBER_ISA_SAMPLER_SLOTS;
	case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
		return EMBER_ISA_IMAGE_SLOTS + EMBER_ISA_SAMPLER_SLOTS;
	default:
		return 0;
	}
}

static bool has_immutable_samplers(const VkDescriptorSetLayoutBinding *b)
{
	return b->pImmutableSamplers && (b->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER ||
		b->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
}

static bool descriptor_type_dynamic(VkDescriptorType type)
{
	return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
	       type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

/* Slots a binding of @type with @count elements (or bytes) takes. */
static uint64_t binding_slot_count(VkDescriptorType type, uint32_t count)
{
	if (type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
		return count ? 1 + (count + EMBER_DESCRIPTOR_SIZE - 1) / EMBER_DESCRIPTOR_SIZE : 0;
	return (uint64_t)count * ember_descriptor_type_slots(type);
}

/*
 * Lays out @info into @layout (NULL: only measure). Returns false when a
 * type is not supported or the set needs more slots than a shader can
 * address. *@binding_count gets the highest binding number + 1,
 * *@immutable_count the number of immutable samplers.
 */
static bool layout_bindings(const VkDescriptorSetLayoutCreateInfo *info,
			    struct ember_descriptor_set_layout *layout, uint32_t *binding_count,
			    uint32_t *immutable_count)
{
	uint32_t (*immutable)[EMBER_SAMPLER_DESC_DWORDS] = NULL;
	const VkDescriptorSetLayoutBindingFlagsCreateInfo *flags_info =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO);
	uint32_t max_binding = 0, slot = 0, dynamic = 0;

	*immutable_count = 0;
	for (uint32_t i = 0; i < info->bindingCount; i++) {
		max_binding = EMBER_MAX(max_binding, info->pBindings[i].binding + 1);
		if (has_immutable_samplers(&info->pBindings[i]))
			*immutable_count += info->pBindings[i].descriptorCount;
	}
	*binding_count = max_binding;
	if (layout) {
		immutable = (void *)&layout->bindings[max_binding];
		layout->binding_count = max_binding;
		layout->variable_binding = -1;
		for (uint32_t b = 0; b < max_binding; b++)
			layout->bindings[b].type = VK_DESCRIPTOR_TYPE_MAX_ENUM;
	}
	/* Walk the bindings in number order. */
	for (uint32_t b = 0; b < max_binding; b++) {
		for (uint32_t i = 0; i < info->bindingCount; i++) {
			const VkDescriptorSetLayoutBinding *src = &info->pBindings[i];
			VkDescriptorBindingFlags flags = 0;
			uint64_t slots;

			if (src->binding != b)
				continue;
			if (flags_info && i < flags_info->bindingCount)
				flags = flags_info->pBindingFlags[i];
			if (src->descriptorCount && !ember_descriptor_type_slots(src->descriptorType))
				return false;
			slots = binding_slot_count(src->descriptorType, src->descriptorCount);
			if (slot + slots > EMBER_MAX_SET_SLOTS)
				return false;
			if (layout) {
				struct ember_descriptor_binding_layout *dst = &layout->bindings[b];

				*dst = (struct ember_descriptor_binding_layout) {
					.type = src->descriptorType,
					.count = src->descriptorCount,
					.slot = slot,
					.slot_count = (uint32_t)slots,
					.stride = ember_descriptor_type_slots(src->descriptorType),
					.dynamic_index = dynamic,
					.flags = flags,
					.stages = src->stageFlags,
				};
				if (has_immutable_samplers(src)) {
					dst->immutable_samplers = immutable;
					for (uint32_t e = 0; e < src->descriptorCount; e++, immutable++) {
						EMBER_FROM_HANDLE(ember_sampler, smp,
								  src->pImmutableSamplers[e]);

						memcpy(*immutable, smp->desc, sizeof(*immutable));
					}
				}
				if (flags & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT)
					layout->variable_binding = (int32_t)b;
			}
			slot += (uint32_t)slots;
			if (descriptor_type_dynamic(src->descriptorType))
				dynamic += src->descriptorCount;
		}
	}
	if (layout) {
		layout->slot_count = slot;
		layout->dynamic_count = dynamic;
	}
	return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateDescriptorSetLayout(VkDevice _device, const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
				const VkAllocationCallbacks *pAllocator,
				VkDescriptorSetLayout *pSetLayout)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_descriptor_set_layout *layout;
	uint32_t binding_count, immutable_count;

	layout_bindings(pCreateInfo, NULL, &binding_count, &immutable_count);
	/* Layouts outlive their handle (sets, pipeline layouts): the device's allocator. */
	layout = ember_object_alloc(device, NULL, sizeof(*layout) +
				    binding_count * sizeof(layout->bindings[0]) +
				    immutable_count * EMBER_SAMPLER_DESC_DWORDS * sizeof(uint32_t),
				    VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT);
	if (!layout)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "descriptor set layout");
	atomic_init(&layout->refcount, 1);
	layout->flags = pCreateInfo->flags;
	if (!layout_bindings(pCreateInfo, layout, &binding_count, &immutable_count)) {
		ember_object_free(device, NULL, layout);
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
				   "unsupported descriptor type or too many descriptors");
	}
	*pSetLayout = ember_descriptor_set_layout_to_handle(layout);
	return VK_SUCCESS;
}

void ember_descriptor_set_layout_ref(struct ember_descriptor_set_layout *layout)
{
	atomic_fetch_add(&layout->refcount, 1);
}

void ember_descriptor_set_layout_unref(struct ember_device *device,
				       struct ember_descriptor_set_layout *layout)
{
	if (atomic_fetch_sub(&layout->refcount, 1) == 1)
		ember_object_free(device, NULL, layout);
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyDescriptorSetLayout(VkDevice _device, VkDescriptorSetLayout descriptorSetLayout,
				 const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_descriptor_set_layout, layout, descriptorSetLayout);

	if (layout)
		ember_descriptor_set_layout_unref(device, layout);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetDescriptorSetLayoutSupport(VkDevice device,
				    const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
				    VkDescriptorSetLayoutSupport *pSupport)
{
	uint32_t binding_count, immutable_count;
	uint64_t used = 0;
	bool supported = layout_bindings(pCreateInfo, NULL, &binding_count, &immutable_count);

	uint32_t variable_stride = 1;

	for (uint32_t i = 0; i < pCreateInfo->bindingCount; i++) {
		const VkDescriptorSetLayoutBinding *b = &pCreateInfo->pBindings[i];

		/*
		 * The variable binding is the highest: its elements are its
		 * type's, and its own slots are what it may grow into.
		 */
		if (b->descriptorType != VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK &&
		    b->binding + 1 == binding_count && ember_descriptor_type_slots(b->descriptorType))
			variable_stride = ember_descriptor_type_slots(b->descriptorType);
		else
			used += binding_slot_count(b->descriptorType, b->descriptorCount);
	}
	pSupport->supported = supported;
	ember_foreach_struct_out(s, pSupport->pNext) {
		if (s->sType ==
		    VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT) {
			VkDescriptorSetVariableDescriptorCountLayoutSupport *v = (void *)s;

			/* The variable binding may grow into what the others leave. */
			v->maxVariableDescriptorCount = supported ?
				(uint32_t)((EMBER_MAX_SET_SLOTS - used) / variable_stride) : 0;
		}
	}
}
