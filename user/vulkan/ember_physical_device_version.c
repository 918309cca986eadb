/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The Vulkan version a physical device reports
 *
 * apiVersion is the highest version whose requirements the device meets,
 * derived from what the driver reports rather than written down beside
 * it, so the version follows the features and limits as they change:
 *
 * - the features a version requires (the specification's "Feature
 *   Requirements", cumulative: robustBufferAccess; multiview for 1.1; the
 *   1.2 list; the thirteen features of 1.3 with vulkanMemoryModel,
 *   vulkanMemoryModelDeviceScope, bufferDeviceAddress and inline uniform
 *   blocks), and those required with a feature the device reports
 *   (descriptorIndexing's subset, the 16-bit storage rule);
 * - the required limits ("Limit Requirements"), each against the version
 *   that requires it: 1.0's VkPhysicalDeviceLimits rows of compute,
 *   transfer, descriptors and images (Ember has no graphics queue: the
 *   graphics pipeline's rows are not its to meet), 1.1's (maintenance3,
 *   multiview, subgroups), 1.2's (the update-after-bind limits of
 *   descriptorIndexing: 500000 per stage and per set for the types that
 *   can be updated after bind and in all pools, each at least its limit
 *   without update after bind; timeline semaphores), 1.3's (inline
 *   uniform blocks, maxBufferSize, subgroup sizes).
 *
 * tests/vulkan/test_version.c checks the same lists against any device
 * through the API (on lavapipe too), including that a device reports no
 * lower version than it meets.
 *
 * Ember meets all of 1.3: the update-after-bind limits, which it fell
 * short of while descriptor slots were 16-bit, hold since ISA 1.3's 32-bit
 * slots (2^20 descriptors of a kind).
 */

#include "ember_physical_device.h"

#include <stddef.h>

#define EMBER_UAB_MIN_DESCRIPTORS	500000u

/* A required feature: its structure (0: VkPhysicalDeviceFeatures) and offset. */
struct required_feature {
	int version;		/* the minor version that requires it */
	int structure;		/* 0: 1.0 features, 11, 12 or 13: VulkanNNFeatures */
	size_t offset;
};

#define F10(v, name) { v, 0, offsetof(VkPhysicalDeviceFeatures, name) }
#define F11(v, name) { v, 11, offsetof(VkPhysicalDeviceVulkan11Features, name) }
#define F12(v, name) { v, 12, offsetof(VkPhysicalDeviceVulkan12Features, name) }
#define F13(v, name) { v, 13, offsetof(VkPhysicalDeviceVulkan13Features, name) }

static const struct required_feature ember_required_features[] = {
	F10(0, robustBufferAccess),
	F11(1, multiview),
	F12(2, subgroupBroadcastDynamicId),
	F12(2, imagelessFramebuffer),
	F12(2, uniformBufferStandardLayout),
	F12(2, shaderSubgroupExtendedTypes),
	F12(2, separateDepthStencilLayouts),
	F12(2, hostQueryReset),
	F12(2, timelineSemaphore),
	F13(3, robustImageAccess),
	F13(3, inlineUniformBlock),
	F13(3, pipelineCreationCacheControl),
	F13(3, privateData),
	F13(3, shaderDemoteToHelperInvocation),
	F13(3, shaderTerminateInvocation),
	F13(3, subgroupSizeControl),
	F13(3, computeFullSubgroups),
	F13(3, synchronization2),
	F13(3, shaderZeroInitializeWorkgroupMemory),
	F13(3, dynamicRendering),
	F13(3, shaderIntegerDotProduct),
	F13(3, maintenance4),
	F12(3, vulkanMemoryModel),
	F12(3, vulkanMemoryModelDeviceScope),
	F12(3, bufferDeviceAddress),
};

/* What descriptorIndexing brings with it (a 1.2 rule, so from 1.2 on). */
static const struct required_feature ember_descriptor_indexing_features[] = {
	F10(2, shaderSampledImageArrayDynamicIndexing),
	F10(2, shaderStorageBufferArrayDynamicIndexing),
	F12(2, shaderUniformTexelBufferArrayDynamicIndexing),
	F12(2, shaderStorageTexelBufferArrayDynamicIndexing),
	F12(2, shaderSampledImageArrayNonUniformIndexing),
	F12(2, shaderStorageBufferArrayNonUniformIndexing),
	F12(2, shaderUniformTexelBufferArrayNonUniformIndexing),
	F12(2, descriptorBindingSampledImageUpdateAfterBind),
	F12(2, descriptorBindingStorageImageUpdateAfterBind),
	F12(2, descriptorBindingStorageBufferUpdateAfterBind),
	F12(2, descriptorBindingUniformTexelBufferUpdateAfterBind),
	F12(2, descriptorBindingStorageTexelBufferUpdateAfterBind),
	F12(2, descriptorBindingUpdateUnusedWhilePending),
	F12(2, descriptorBindingPartiallyBound),
	F12(2, runtimeDescriptorArray),
	F13(3, descriptorBindingInlineUniformBlockUpdateAfterBind),
};

struct reported {
	VkPhysicalDeviceFeatures2 f;
	VkPhysicalDeviceVulkan11Features f11;
	VkPhysicalDeviceVulkan12Features f12;
	VkPhysicalDeviceVulkan13Features f13;
	VkPhysicalDeviceProperties2 p;
	VkPhysicalDeviceVulkan11Properties p11;
	VkPhysicalDeviceVulkan12Properties p12;
	VkPhysicalDeviceVulkan13Properties p13;
};

static VkBool32 feature(const struct reported *r, const struct required_feature *f)
{
	const void *s = f->structure == 11 ? (const void *)&r->f11 :
			f->structure == 12 ? (const void *)&r->f12 :
			f->structure == 13 ? (const void *)&r->f13 : (const void *)&r->f.features;

	return *(const VkBool32 *)((const char *)s + f->offset);
}

/* The lowest minor version some missing feature of @list keeps the device below. */
static int features_met(const struct reported *r, const struct required_feature *list,
			size_t count, int highest)
{
	for (size_t i = 0; i < count; i++)
		if (!feature(r, &list[i]) && list[i].version <= highest)
			highest = list[i].version - 1;
	return highest;
}

/* An update-after-bind limit: at least @min and the limit without update after bind. */
static bool uab_limit_met(bool feature_reported, uint32_t uab, uint32_t min, uint32_t plain)
{
	return !feature_reported || (uab >= min && uab >= plain);
}

/*
 * The update-after-bind limits descriptorIndexing binds (Vulkan 1.2's
 * table: every type, footnote 9: at least the limit without update after
 * bind).
 */
struct uab_limit {
	size_t uab;	/* in VkPhysicalDeviceVulkan12Properties */
	uint32_t min;
	size_t plain;	/* in VkPhysicalDeviceLimits */
};

#define UAB(stage_or_set, type, min)							\
	{ offsetof(VkPhysicalDeviceVulkan12Properties, max##stage_or_set##UpdateAfterBind##type), \
	  min, offsetof(VkPhysicalDeviceLimits, max##stage_or_set##type) }

static const struct uab_limit ember_uab_limits[] = {
	UAB(PerStageDescriptor, Samplers, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(DescriptorSet, Samplers, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(PerStageDescriptor, SampledImages, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(DescriptorSet, SampledImages, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(PerStageDescriptor, StorageImages, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(DescriptorSet, StorageImages, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(PerStageDescriptor, StorageBuffers, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(DescriptorSet, StorageBuffers, EMBER_UAB_MIN_DESCRIPTORS),
	UAB(PerStageDescriptor, UniformBuffers, 12),
	UAB(DescriptorSet, UniformBuffers, 72),
	UAB(DescriptorSet, UniformBuffersDynamic, 8),
	UAB(DescriptorSet, StorageBuffersDynamic, 4),
	UAB(PerStageDescriptor, InputAttachments, 4),
	UAB(DescriptorSet, InputAttachments, 4),
};

static uint32_t u32_at(const void *s, size_t offset)
{
	return *(const uint32_t *)((const char *)s + offset);
}

static bool descriptor_indexing_limits_met(const struct reported *r)
{
	const VkPhysicalDeviceVulkan12Properties *p = &r->p12;

	if (p->maxUpdateAfterBindDescriptorsInAllPools < EMBER_UAB_MIN_DESCRIPTORS ||
	    p->maxPerStageUpdateAfterBindResources < EMBER_UAB_MIN_DESCRIPTORS ||
	    p->maxPerStageUpdateAfterBindResources < r->p.properties.limits.maxPerStageResources)
		return false;
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(ember_uab_limits); i++) {
		const struct uab_limit *u = &ember_uab_limits[i];

		if (u32_at(p, u->uab) < u->min ||
		    u32_at(p, u->uab) < u32_at(&r->p.properties.limits, u->plain))
			return false;
	}
	return true;
}

static bool power_of_two(uint32_t v)
{
	return v && !(v & (v - 1));
}

/*
 * Vulkan 1.0's limits of a device without a graphics queue: the rows of
 * the "Required Limits" table outside the graphics pipeline, with the
 * features Ember reports (no sparse binding, anisotropy, gather
 * offsets, multisampled storage images), and footnote 8's per-set
 * minimums for one shader stage.
 */
static bool vulkan10_limits_met(const struct reported *r)
{
	const VkPhysicalDeviceLimits *l = &r->p.properties.limits;
	const VkPhysicalDeviceFeatures *f = &r->f.features;
	const uint64_t stage_sum = (uint64_t)l->maxPerStageDescriptorUniformBuffers +
				   l->maxPerStageDescriptorStorageBuffers +
				   l->maxPerStageDescriptorSampledImages +
				   l->maxPerStageDescriptorStorageImages +
				   l->maxPerStageDescriptorInputAttachments + l->maxColorAttachments;
	const VkSampleCountFlags ms = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;

	return l->maxImageDimension1D >= 4096 && l->maxImageDimension2D >= 4096 &&
	       l->maxImageDimension3D >= 256 && l->maxImageDimensionCube >= 4096 &&
	       l->maxImageArrayLayers >= 256 && l->maxTexelBufferElements >= 65536 &&
	       l->maxUniformBufferRange >= 16384 && l->maxStorageBufferRange >= (1u << 27) &&
	       l->maxPushConstantsSize >= 128 && l->maxMemoryAllocationCount >= 4096 &&
	       l->maxSamplerAllocationCount >= 4000 && l->bufferImageGranularity <= 131072 &&
	       (!f->sparseBinding || l->sparseAddressSpaceSize >= (1ull << 31)) &&
	       l->maxBoundDescriptorSets >= 4 && l->maxPerStageDescriptorSamplers >= 16 &&
	       l->maxPerStageDescriptorUniformBuffers >= 12 &&
	       l->maxPerStageDescriptorStorageBuffers >= 4 &&
	       l->maxPerStageDescriptorSampledImages >= 16 &&
	       l->maxPerStageDescriptorStorageImages >= 4 &&
	       l->maxPerStageDescriptorInputAttachments >= 4 &&
	       l->maxPerStageResources >= EMBER_MIN(stage_sum, 128) &&
	       l->maxDescriptorSetSamplers >= 16 && l->maxDescriptorSetUniformBuffers >= 12 &&
	       l->maxDescriptorSetUniformBuffersDynamic >= 8 &&
	       l->maxDescriptorSetStorageBuffers >= 4 &&
	       l->maxDescriptorSetStorageBuffersDynamic >= 4 &&
	       l->maxDescriptorSetSampledImages >= 16 && l->maxDescriptorSetStorageImages >= 4 &&
	       l->maxDescriptorSetInputAttachments >= 4 &&
	       l->maxComputeSharedMemorySize >= 16384 &&
	       l->maxComputeWorkGroupCount[0] >= 65535 && l->maxComputeWorkGroupCount[1] >= 65535 &&
	       l->maxComputeWorkGroupCount[2] >= 65535 &&
	       l->maxComputeWorkGroupInvocations >= 128 &&
	       l->maxComputeWorkGroupSize[0] >= 128 && l->maxComputeWorkGroupSize[1] >= 128 &&
	       l->maxComputeWorkGroupSize[2] >= 64 && l->subTexelPrecisionBits >= 4 &&
	       l->mipmapPrecisionBits >= 4 && l->maxSamplerLodBias >= 2 &&
	       l->maxSamplerAnisotropy >= (f->samplerAnisotropy ? 16 : 1) &&
	       l->minMemoryMapAlignment >= 64 && l->minTexelBufferOffsetAlignment <= 256 &&
	       l->minUniformBufferOffsetAlignment <= 256 &&
	       l->minStorageBufferOffsetAlignment <= 256 && l->minTexelOffset <= -8 &&
	       l->maxTexelOffset >= 7 &&
	       (!f->shaderImageGatherExtended ||
		(l->minTexelGatherOffset <= -8 && l->maxTexelGatherOffset >= 7)) &&
	       (l->sampledImageColorSampleCounts & ms) == ms &&
	       (l->sampledImageIntegerSampleCounts & VK_SAMPLE_COUNT_1_BIT) &&
	       (l->sampledImageDepthSampleCounts & ms) == ms &&
	       (l->sampledImageStencilSampleCounts & ms) == ms &&
	       (l->storageImageSampleCounts & (f->shaderStorageImageMultisample ? ms :
					       VK_SAMPLE_COUNT_1_BIT)) ==
	       (f->shaderStorageImageMultisample ? ms : VK_SAMPLE_COUNT_1_BIT) &&
	       l->discreteQueuePriorities >= 2 && l->nonCoherentAtomSize <= 256;
}

/* The limits 1.1 adds: maintenance3, multiview (when reported), subgroups in compute. */
static bool vulkan11_limits_met(const struct reported *r)
{
	const VkPhysicalDeviceVulkan11Properties *p = &r->p11;

	return p->maxPerSetDescriptors >= 1024 && p->maxMemoryAllocationSize >= (1ull << 30) &&
	       (!r->f11.multiview || (p->maxMultiviewViewCount >= 6 &&
				      p->maxMultiviewInstanceIndex >= (1u << 27) - 1)) &&
	       power_of_two(p->subgroupSize) &&
	       (p->subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
	       (p->subgroupSupportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT);
}

/* The limits 1.2 adds: descriptorIndexing's (when reported), timeline semaphores. */
static bool vulkan12_limits_met(const struct reported *r)
{
	return (!r->f12.descriptorIndexing || descriptor_indexing_limits_met(r)) &&
	       (!r->f12.timelineSemaphore ||
		r->p12.maxTimelineSemaphoreValueDifference >= (1u << 31) - 1);
}

/* The limits 1.3 adds, with its required features. */
static bool vulkan13_limits_met(const struct reported *r)
{
	const VkPhysicalDeviceVulkan13Properties *p = &r->p13;

	return p->maxInlineUniformBlockSize >= 256 && p->maxInlineUniformTotalSize >= 256 &&
	       p->maxPerStageDescriptorInlineUniformBlocks >= 4 &&
	       p->maxDescriptorSetInlineUniformBlocks >= 4 &&
	       uab_limit_met(r->f13.descriptorBindingInlineUniformBlockUpdateAfterBind,
			     p->maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks, 4,
			     p->maxPerStageDescriptorInlineUniformBlocks) &&
	       uab_limit_met(r->f13.descriptorBindingInlineUniformBlockUpdateAfterBind,
			     p->maxDescriptorSetUpdateAfterBindInlineUniformBlocks, 4,
			     p->maxDescriptorSetInlineUniformBlocks) &&
	       p->maxBufferSize >= (1ull << 30) &&
	       power_of_two(p->minSubgroupSize) && power_of_two(p->maxSubgroupSize) &&
	       p->minSubgroupSize <= r->p11.subgroupSize &&
	       r->p11.subgroupSize <= p->maxSubgroupSize &&
	       power_of_two(p->storageTexelBufferOffsetAlignmentBytes) &&
	       power_of_two(p->uniformTexelBufferOffsetAlignmentBytes);
}

uint32_t ember_physical_device_api_version(struct ember_physical_device *pdev)
{
	VkPhysicalDevice handle = ember_physical_device_to_handle(pdev);
	struct reported r = {
		.f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &r.f11 },
		.f11 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
			 .pNext = &r.f12 },
		.f12 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
			 .pNext = &r.f13 },
		.f13 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES },
		.p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &r.p11 },
		.p11 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES,
			 .pNext = &r.p12 },
		.p12 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES,
			 .pNext = &r.p13 },
		.p13 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES },
	};
	int minor = 3;

	ember_physical_device_get_features(pdev, &r.f);
	ember_GetPhysicalDeviceProperties2(handle, &r.p);
	minor = features_met(&r, ember_required_features,
			     EMBER_ARRAY_SIZE(ember_required_features), minor);
	if (r.f12.descriptorIndexing)
		minor = features_met(&r, ember_descriptor_indexing_features,
				     EMBER_ARRAY_SIZE(ember_descriptor_indexing_features), minor);
	/* Each version's limits: a version whose limits fail caps it below. */
	if (minor >= 3 && !vulkan13_limits_met(&r))
		minor = 2;
	if (minor >= 2 && !vulkan12_limits_met(&r))
		minor = 1;
	if (minor >= 1 && !vulkan11_limits_met(&r))
		minor = 0;
	/* Nothing is below 1.0: a device short of its limits is a driver bug, said. */
	if (!vulkan10_limits_met(&r))
		(void)ember_error(VK_ERROR_INITIALIZATION_FAILED,
				  "the limits miss Vulkan 1.0's Required Limits");
	if (minor < 0)
		minor = 0;
	return VK_MAKE_API_VERSION(0, 1, (uint32_t)minor, VK_HEADER_VERSION);
}
