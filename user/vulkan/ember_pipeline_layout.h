/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_PIPELINE_LAYOUT_H
#define EMBER_PIPELINE_LAYOUT_H

#include "ember_physical_device.h"

#include "ember_cc.h"

struct ember_descriptor_set_layout;

/**
 * struct ember_pipeline_layout - A VkPipelineLayout: its set layouts
 * (referenced) and push-constant size.
 */
struct ember_pipeline_layout {
	struct ember_object base;
	uint32_t set_count;
	struct ember_descriptor_set_layout *sets[EMBER_MAX_SETS];
	uint32_t push_constant_size;
};

EMBER_DEFINE_HANDLE_CASTS(ember_pipeline_layout, base, VkPipelineLayout,
			  VK_OBJECT_TYPE_PIPELINE_LAYOUT)

/**
 * struct ember_dynamic_layout - Where a shader reads the dynamic buffers of
 * each set in the dynamic table (set-table entry EMBER_DYNAMIC_TABLE_SET,
 * ember_descriptor_set.c): set @s's at slots @first[s] .. + @count[s] - 1,
 * in the set layout's dynamic order; @total slots in all.
 */
struct ember_dynamic_layout {
	uint32_t first[EMBER_MAX_BOUND_SETS];
	uint32_t count[EMBER_MAX_BOUND_SETS];
	uint32_t total;
};

/* The dynamic table of a shader built for @set_count layouts (NULL entries allowed). */
void ember_dynamic_layout_init(struct ember_dynamic_layout *dynamic,
			       struct ember_descriptor_set_layout *const *sets, uint32_t set_count);

/*
 * The compiler's (set, binding) -> slot table for @set_count layouts (NULL
 * entries allowed): a malloc'ed array in *@slots, its length in *@count.
 * Dynamic buffers are read from the dynamic table (ember_dynamic_layout).
 * Also used by shader objects (VkShaderCreateInfoEXT's set layouts).
 */
VkResult ember_binding_slots(struct ember_descriptor_set_layout *const *sets, uint32_t set_count,
			     struct ember_cc_binding_slot **slots, uint32_t *count);

#endif /* EMBER_PIPELINE_LAYOUT_H */
