/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Coverage of what a device advertises (vk_test.h): every test's device
 * records the extensions and features it enabled into the file
 * EMBER_VK_COVERAGE names; after a whole-suite run the harness checks
 * that each extension and feature the device under test reports was
 * enabled by at least one test. Features are compared by member name,
 * so that timelineSemaphore of VkPhysicalDeviceVulkan12Features and of
 * VkPhysicalDeviceTimelineSemaphoreFeatures are one feature. Extensions
 * promoted to the core version the tests use are core API there: their
 * commands are the tests' own, their features are still checked; one
 * promoted to another extension (an EXT become KHR) is the same API, and
 * a test of either covers both.
 */

#define _GNU_SOURCE	/* asprintf */

#include "vk_test.h"
#include "vk_feature_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The version the harness's instances ask for (vk_dev_create). */
#define VK_TEST_API_VERSION	VK_API_VERSION_1_2

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

int vk_feature_member_index(VkStructureType type, const char *member)
{
	const struct vk_feature_struct *fs = feature_struct(type);

	for (unsigned int i = 0; fs && i < fs->count; i++)
		if (!strcmp(fs->members[i], member))
			return (int)i;
	vk_test_fail(__FILE__, __LINE__, "structure type %d has no feature %s", type, member);
}

const VkBool32 *vk_feature_query(VkPhysicalDevice pd, VkStructureType type,
				 struct vk_feature_answer *answer)
{
	memset(answer, 0, sizeof(*answer));
	answer->f2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
	if (type) {
		answer->s.base.sType = type;
		answer->f2.pNext = &answer->s.base;
	}
	vkGetPhysicalDeviceFeatures2(pd, &answer->f2);
	return type ? (const VkBool32 *)(&answer->s.base + 1) :
		      (const VkBool32 *)&answer->f2.features;
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

/* Whether the recorded file has the line "@kind @name". */
static bool recorded(char *const *lines, size_t count, const char *kind, const char *name)
{
	size_t k = strlen(kind);

	for (size_t i = 0; i < count; i++)
		if (!strncmp(lines[i], kind, k) && lines[i][k] == ' ' && !strcmp(lines[i] + k + 1, name))
			return true;
	return false;
}

static bool promoted_to_tested_core(const char *extension, uint32_t device_version)
{
	for (size_t i = 0; i < sizeof(vk_promoted_extensions) / sizeof(vk_promoted_extensions[0]);
	     i++)
		if (!strcmp(vk_promoted_extensions[i].name, extension))
			return vk_promoted_extensions[i].version <= VK_TEST_API_VERSION &&
			       vk_promoted_extensions[i].version <= device_version;
	return false;
}

/*
 * Whether a test enabled @extension or the extension it was promoted to
 * or from (an EXT become KHR: one API under two names).
 */
static bool extension_recorded(char *const *lines, size_t count, const char *extension)
{
	if (recorded(lines, count, "extension", extension))
		return true;
	for (size_t i = 0;
	     i < sizeof(vk_extension_promotions) / sizeof(vk_extension_promotions[0]); i++) {
		const struct vk_extension_promotion *p = &vk_extension_promotions[i];

		if ((!strcmp(p->name, extension) && recorded(lines, count, "extension", p->to)) ||
		    (!strcmp(p->to, extension) && recorded(lines, count, "extension", p->name)))
			return true;
	}
	return false;
}

static size_t read_lines(const char *path, char ***lines)
{
	FILE *f = fopen(path, "r");
	char buf[256];
	size_t count = 0;

	*lines = NULL;
	if (!f)
		return 0;
	while (fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		*lines = realloc(*lines, (count + 1) * sizeof(**lines));
		REQUIRE(*lines);
		(*lines)[count++] = strdup(buf);
	}
	fclose(f);
	return count;
}

void vk_coverage_check(const char *path)
{
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.apiVersion = VK_TEST_API_VERSION,
	};
	const VkInstanceCreateInfo instance_info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app,
	};
	const char *want = getenv("EMBER_VK_DEVICE");
	VkPhysicalDevice pds[8], pd = VK_NULL_HANDLE;
	VkPhysicalDeviceProperties props;
	VkExtensionProperties exts[512];
	uint32_t count = 8, ext_count = 512;
	unsigned int missing = 0;
	VkInstance instance;
	char **lines;
	size_t nlines = read_lines(path, &lines);

	VK_CHECK(vkCreateInstance(&instance_info, NULL, &instance));
	REQUIRE(vkEnumeratePhysicalDevices(instance, &count, pds) >= 0);
	for (uint32_t i = 0; i < count && !pd; i++) {
		vkGetPhysicalDeviceProperties(pds[i], &props);
		if (!want || strstr(props.deviceName, want))
			pd = pds[i];
	}
	REQUIRE(pd);
	if (!strstr(props.deviceName, "Ember"))
		vk_test_skip("coverage of what the device advertises is checked on Ember");

	VK_CHECK(vkEnumerateDeviceExtensionProperties(pd, NULL, &ext_count, exts));
	for (uint32_t i = 0; i < ext_count; i++) {
		if (extension_recorded(lines, nlines, exts[i].extensionName) ||
		    promoted_to_tested_core(exts[i].extensionName, props.apiVersion))
			continue;
		printf("# advertised, enabled by no test: %s\n", exts[i].extensionName);
		missing++;
	}

	for (size_t i = 0; i < sizeof(vk_feature_structs) / sizeof(vk_feature_structs[0]); i++) {
		const struct vk_feature_struct *fs = &vk_feature_structs[i];
		struct vk_feature_answer answer;
		const VkBool32 *members = vk_feature_query(pd, fs->sType, &answer);

		for (unsigned int m = 0; m < fs->count; m++) {
			if (members[m] != VK_TRUE ||
			    recorded(lines, nlines, "feature", fs->members[m]) ||
			    recorded(lines, nlines, "untested", fs->members[m]))
				continue;
			printf("# advertised, enabled by no test: %s.%s\n", fs->name, fs->members[m]);
			/* Reported once, whichever structures have it. */
			lines = realloc(lines, (nlines + 1) * sizeof(*lines));
			REQUIRE(lines);
			REQUIRE(asprintf(&lines[nlines++], "untested %s", fs->members[m]) > 0);
			missing++;
		}
	}
	vkDestroyInstance(instance, NULL);
	for (size_t i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
	if (missing)
		vk_test_fail(__FILE__, __LINE__, "%u advertised extensions and features untested",
			     missing);
}
