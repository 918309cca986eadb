/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipeline layouts
 *
 * A pipeline layout keeps its set layouts (referenced: they may be
 * destroyed first) and the push-constant size, and gives the compiler the
 * (set, binding) -> slot table of its sets. The table holds every binding
 * whatever its type, at the slot of its array element 0: an image,
 * sampler, combined or texel-buffer binding's elements follow at the
 * EMBER_ISA_*_SLOTS stride of its resource kind (3..8, ember-isa.rst),
 * which is what ember_descriptor_type_slots() lays sets out with.
 *
 * Dynamic buffers are the exception: the table sends them to the dynamic
 * table, set-table entry EMBER_DYNAMIC_TABLE_SET, each set's after the
 * lower sets' (ember_dynamic_layout), which binding a set writes with its
 * offsets applied (ember_descriptor_set.c).
 */

#include "ember_pipeline_layout.h"

#include "ember_descriptor_set_layout.h"
#include "ember_device.h"

#include <stdlib.h>

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreatePipelineLayout(VkDevice _device, const VkPipelineLayoutCreateInfo *pCreateInfo,
			   const VkAllocationCallbacks *pAllocator,
			   VkPipelineLayout *pPipelineLayout)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_pipeline_layout *layout;

	layout = ember_object_alloc(device, pAllocator, sizeof(*layout),
				    VK_OBJECT_TYPE_PIPELINE_LAYOUT);
	if (!layout)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "pipeline layout");
	layout->set_count = EMBER_MIN(pCreateInfo->setLayoutCount, EMBER_MAX_SETS);
	for (uint32_t i = 0; i < layout->set_count; i++) {
		layout->sets[i] = ember_descriptor_set_layout_from_handle(pCreateInfo->pSetLayouts[i]);
		if (layout->sets[i])
			ember_descriptor_set_layout_ref(layout->sets[i]);
	}
	for (uint32_t i = 0; i < pCreateInfo->pushConstantRangeCount; i++) {
		const VkPushConstantRange *r = &pCreateInfo->pPushConstantRanges[i];

		layout->push_constant_size = EMBER_MAX(layout->push_constant_size,
						       r->offset + r->size);
	}
	*pPipelineLayout = ember_pipeline_layout_to_handle(layout);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyPipelineLayout(VkDevice _device, VkPipelineLayout pipelineLayout,
			    const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_pipeline_layout, layout, pipelineLayout);

	if (!layout)
		return;
	for (uint32_t i = 0; i < layout->set_count; i++)
		if (layout->sets[i])
			ember_descriptor_set_layout_unref(device, layout->sets[i]);
	ember_object_free(device, pAllocator, layout);
}

static bool binding_dynamic(const struct ember_descriptor_binding_layout *b)
{
	return b->type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
	       b->type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

void ember_dynamic_layout_init(struct ember_dynamic_layout *dynamic,
			       struct ember_descriptor_set_layout *const *sets, uint32_t set_count)
{
	*dynamic = (struct ember_dynamic_layout) { 0 };
	for (uint32_t s = 0; s < EMBER_MIN(set_count, EMBER_MAX_BOUND_SETS); s++) {
		dynamic->first[s] = dynamic->total;
		dynamic->count[s] = sets[s] ? sets[s]->dynamic_count : 0;
		dynamic->total += dynamic->count[s];
	}
}

VkResult ember_binding_slots(struct ember_descriptor_set_layout *const *sets, uint32_t set_count,
			     struct ember_cc_binding_slot **slots, uint32_t *count)
{
	struct ember_dynamic_layout dynamic;
	struct ember_cc_binding_slot *table;
	uint32_t n = 0;

	ember_dynamic_layout_init(&dynamic, sets, set_count);

	for (uint32_t s = 0; s < set_count; s++)
		n += sets[s] ? sets[s]->binding_count : 0;
	table = calloc(n ? n : 1, sizeof(*table));
	if (!table)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "slot table");
	n = 0;
	for (uint32_t s = 0; s < set_count; s++) {
		for (uint32_t b = 0; sets[s] && b < sets[s]->binding_count; b++) {
			const struct ember_descriptor_binding_layout *bl = &sets[s]->bindings[b];

			if (bl->type == VK_DESCRIPTOR_TYPE_MAX_ENUM)
				continue;
			table[n] = (struct ember_cc_binding_slot) {
				.set = s, .binding = b, .slot = bl->slot,
			};
			if (binding_dynamic(bl) && s < EMBER_MAX_BOUND_SETS) {
				table[n].slot = dynamic.first[s] + bl->dynamic_index;
				table[n].table = EMBER_CC_TABLE_ENTRY(EMBER_DYNAMIC_TABLE_SET);
			}
			n++;
		}
	}
	*slots = table;
	*count = n;
	return VK_SUCCESS;
}
