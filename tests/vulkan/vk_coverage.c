/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Coverage of what a device advertises (vk_test.h): every test's device
 * records the extensions and features it enabled into the file
 * EMBER_VK_COVERAGE names, features by member name.
 */

#define _GNU_SOURCE	/* asprintf */

#include "vk_test.h"
#include "vk_feature_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct vk_feature_struct *feature_struct(VkStructureType type)
{
	for (size_t i = 0; i < sizeof(vk_feature_structs) / sizeof(vk_feature_structs[0]); i++)
		if (vk_feature_structs[i].sType == type)
			return &vk_feature_structs[i];
	return NULL;
}

unsigned int vk_feature_struct_members(VkStructureType type)
{
	const struct vk_feature_struct *fs = feature_struct(type);

	if (!fs)
		vk_test_fail(__FILE__, __LINE__, "structure type %d is no feature structure", type);
	return fs->count;
}

static void record_struct(FILE *f, const struct vk_feature_struct *fs, const VkBool32 *members)
{
	for (unsigned int i = 0; i < fs->count; i++)
		if (members[i])
			fprintf(f, "feature %s\n", fs->members[i]);
}

void vk_coverage_record(const VkDeviceCreateInfo *info)
{
	const char *path = getenv("EMBER_VK_COVERAGE");
	FILE *f;

	if (!path || !*path)
		return;
	f = fopen(path, "a");
	REQUIRE(f);
	for (uint32_t i = 0; i < info->enabledExtensionCount; i++)
		fprintf(f, "extension %s\n", info->ppEnabledExtensionNames[i]);
	if (info->pEnabledFeatures)
		record_struct(f, feature_struct(0), (const VkBool32 *)info->pEnabledFeatures);
	for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
		const struct vk_feature_struct *fs;

		if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2) {
			record_struct(f, feature_struct(0), (const VkBool32 *)
				      &((const VkPhysicalDeviceFeatures2 *)s)->features);
			continue;
		}
		fs = feature_struct(s->sType);
		if (fs)
			record_struct(f, fs, (const VkBool32 *)(s + 1));
	}
	REQUIRE(!fclose(f));
}
