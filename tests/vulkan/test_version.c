/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The Vulkan version a device reports
 *
 * A device's apiVersion promises everything its version requires. These
 * tests hold the device to the specification's lists for Vulkan 1.1 to
 * 1.3, written down here:
 *
 * - vulkan-version-required-features-and-limits: the "Feature
 *   Requirements" (robustBufferAccess; multiview; the 1.2 list; the 1.3
 *   list with vulkanMemoryModel, vulkanMemoryModelDeviceScope and
 *   bufferDeviceAddress; what descriptorIndexing and 16/8-bit storage
 *   bring with them) and the "Limit Requirements" of those features
 *   and the "Required Limits", each counted against the version that
 *   requires it: 1.0's VkPhysicalDeviceLimits rows (those of the graphics
 *   pipeline only on a device with a graphics queue: the table is for
 *   graphics implementations), 1.1's (multiview, maintenance3, subgroups),
 *   1.2's (descriptorIndexing's update-after-bind limits, timeline
 *   semaphores) and 1.3's (inline uniform blocks, maxBufferSize, subgroup
 *   sizes, texel buffer alignments), each with its feature where the table
 *   names one.
 *   Every requirement of the reported version must hold. Below 1.3, the
 *   requirements of 1.3 are listed with the ones missing, as far as the
 *   device's extensions let them be queried; when all can be and all hold,
 *   the device reports less than it is (issue 11: "the highest version
 *   that is true") and the test fails.
 * - vulkan-version-core-commands: vkGetDeviceProcAddr returns every
 *   device-level command of the device's version (vk_core_commands.h,
 *   generated from vk.xml), graphics commands included.
 * - vulkan-version-graphics-commands-refused: on a device with no graphics
 *   queue (Ember), recording a graphics command is the application's
 *   error; Ember records it and vkEndCommandBuffer fails, it never
 *   crashes. A device with a graphics queue runs them: skipped there, and
 *   under the validation layer (it reports the error first).
 */

#include "vk_test.h"
#include "vk_core_commands.h"

#include <stddef.h>
#include <string.h>

/* The structures a requirement can be read from. */
enum feature_source { F10, F11, F12, F13 };

/*
 * A required feature: @member of the Vulkan 1.x features structure
 * @source, required from Vulkan 1.@minor on; below the version of that
 * structure it is read from @promoted, when the device has @extension.
 */
struct required_feature {
	uint32_t minor;
	enum feature_source source;
	const char *member;
	VkStructureType promoted;
	const char *extension;
};

#define EXT(name) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_##name##_FEATURES

static const struct required_feature required_features[] = {
	{ 0, F10, "robustBufferAccess", 0, NULL },
	{ 1, F11, "multiview", 0, NULL },
	{ 2, F12, "subgroupBroadcastDynamicId", 0, NULL },
	{ 2, F12, "imagelessFramebuffer", 0, NULL },
	{ 2, F12, "uniformBufferStandardLayout", 0, NULL },
	{ 2, F12, "shaderSubgroupExtendedTypes", 0, NULL },
	{ 2, F12, "separateDepthStencilLayouts", 0, NULL },
	{ 2, F12, "hostQueryReset", 0, NULL },
	{ 2, F12, "timelineSemaphore", 0, NULL },
	{ 3, F12, "vulkanMemoryModel", 0, NULL },
	{ 3, F12, "vulkanMemoryModelDeviceScope", 0, NULL },
	{ 3, F12, "bufferDeviceAddress", 0, NULL },
	{ 3, F13, "robustImageAccess", EXT(IMAGE_ROBUSTNESS), "VK_EXT_image_robustness" },
	{ 3, F13, "inlineUniformBlock", EXT(INLINE_UNIFORM_BLOCK), "VK_EXT_inline_uniform_block" },
	{ 3, F13, "pipelineCreationCacheControl", EXT(PIPELINE_CREATION_CACHE_CONTROL),
	  "VK_EXT_pipeline_creation_cache_control" },
	{ 3, F13, "privateData", EXT(PRIVATE_DATA), "VK_EXT_private_data" },
	{ 3, F13, "shaderDemoteToHelperInvocation", EXT(SHADER_DEMOTE_TO_HELPER_INVOCATION),
	  "VK_EXT_shader_demote_to_helper_invocation" },
	{ 3, F13, "shaderTerminateInvocation", EXT(SHADER_TERMINATE_INVOCATION),
	  "VK_KHR_shader_terminate_invocation" },
	{ 3, F13, "subgroupSizeControl", EXT(SUBGROUP_SIZE_CONTROL),
	  "VK_EXT_subgroup_size_control" },
	{ 3, F13, "computeFullSubgroups", EXT(SUBGROUP_SIZE_CONTROL),
	  "VK_EXT_subgroup_size_control" },
	{ 3, F13, "synchronization2", EXT(SYNCHRONIZATION_2), "VK_KHR_synchronization2" },
	{ 3, F13, "shaderZeroInitializeWorkgroupMemory", EXT(ZERO_INITIALIZE_WORKGROUP_MEMORY),
	  "VK_KHR_zero_initialize_workgroup_memory" },
	{ 3, F13, "dynamicRendering", EXT(DYNAMIC_RENDERING), "VK_KHR_dynamic_rendering" },
	{ 3, F13, "shaderIntegerDotProduct", EXT(SHADER_INTEGER_DOT_PRODUCT),
	  "VK_KHR_shader_integer_dot_product" },
	{ 3, F13, "maintenance4", EXT(MAINTENANCE_4), "VK_KHR_maintenance4" },
};

/* Required with descriptorIndexing (the 1.2 rule), and 1.3's addition to it. */
static const struct required_feature descriptor_indexing_features[] = {
	{ 2, F10, "shaderSampledImageArrayDynamicIndexing", 0, NULL },
	{ 2, F10, "shaderStorageBufferArrayDynamicIndexing", 0, NULL },
	{ 2, F12, "shaderUniformTexelBufferArrayDynamicIndexing", 0, NULL },
	{ 2, F12, "shaderStorageTexelBufferArrayDynamicIndexing", 0, NULL },
	{ 2, F12, "shaderSampledImageArrayNonUniformIndexing", 0, NULL },
	{ 2, F12, "shaderStorageBufferArrayNonUniformIndexing", 0, NULL },
	{ 2, F12, "shaderUniformTexelBufferArrayNonUniformIndexing", 0, NULL },
	{ 2, F12, "descriptorBindingSampledImageUpdateAfterBind", 0, NULL },
	{ 2, F12, "descriptorBindingStorageImageUpdateAfterBind", 0, NULL },
	{ 2, F12, "descriptorBindingStorageBufferUpdateAfterBind", 0, NULL },
	{ 2, F12, "descriptorBindingUniformTexelBufferUpdateAfterBind", 0, NULL },
	{ 2, F12, "descriptorBindingStorageTexelBufferUpdateAfterBind", 0, NULL },
	{ 2, F12, "descriptorBindingUpdateUnusedWhilePending", 0, NULL },
	{ 2, F12, "descriptorBindingPartiallyBound", 0, NULL },
	{ 2, F12, "runtimeDescriptorArray", 0, NULL },
	{ 3, F13, "descriptorBindingInlineUniformBlockUpdateAfterBind", EXT(INLINE_UNIFORM_BLOCK),
	  "VK_EXT_inline_uniform_block" },
};

/* What a device tells about itself, and what the audit found. */
struct audit {
	VkPhysicalDevice pd;
	uint32_t minor;		/* the reported version, 1.minor */
	unsigned int missing;	/* requirements of the reported version that fail */
	unsigned int missing13, unknown13;	/* of 1.3, on a device below it */
};

/* 1 when @f holds, 0 when not, -1 when the device cannot be asked. */
static int feature_state(const struct audit *a, const struct required_feature *f)
{
	static const VkStructureType core[] = {
		0, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
	};
	/* The VulkanNN structures came with 1.2 (1.1's and 1.2's) and 1.3. */
	static const uint32_t core_minor[] = { 0, 2, 2, 3 };
	VkStructureType type = core[f->source];
	struct vk_feature_answer answer;

	if (a->minor < core_minor[f->source]) {
		if (!f->promoted || !vk_has_extension(a->pd, f->extension))
			return -1;
		type = f->promoted;
	}
	return vk_feature_query(a->pd, type, &answer)[vk_feature_member_index(type, f->member)] ==
	       VK_TRUE;
}

static void record(struct audit *a, uint32_t minor, int state, const char *what)
{
	if (state == 1)
		return;
	if (minor <= a->minor) {
		printf("# Vulkan 1.%u requires %s%s\n", minor, what,
		       state ? " (not queryable)" : ": missing");
		a->missing++;
	} else if (minor == 3) {
		printf("# for Vulkan 1.3: %s %s\n", what, state ? "cannot be queried" : "is missing");
		if (state)
			a->unknown13++;
		else
			a->missing13++;
	}
}

static void check_features(struct audit *a, const struct required_feature *list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		record(a, list[i].minor, feature_state(a, &list[i]), list[i].member);
}

/* The limits the audit reads: 1.3's properties, or their extensions' below 1.3. */
struct limits {
	VkPhysicalDeviceProperties2 p;
	VkPhysicalDeviceVulkan11Properties p11;
	VkPhysicalDeviceVulkan12Properties p12;
	VkPhysicalDeviceVulkan13Properties p13;
	VkPhysicalDeviceInlineUniformBlockProperties inline_block;
	VkPhysicalDeviceMaintenance4Properties m4;
	VkPhysicalDeviceSubgroupSizeControlProperties subgroup;
	VkPhysicalDeviceTexelBufferAlignmentProperties texel;
	bool has_inline, has_m4, has_subgroup, has_texel;	/* below 1.3 */
};

/* Appends @s to the pNext chain whose last structure is *@tail. */
static void chain(void **tail, void *s)
{
	((VkBaseOutStructure *)*tail)->pNext = s;
	*tail = s;
}

static void query_limits(const struct audit *a, struct limits *l)
{
	void *tail = &l->p;

	memset(l, 0, sizeof(*l));
	l->p.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
	l->p11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES;
	l->p12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES;
	l->p13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES;
	l->inline_block.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES;
	l->m4.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES;
	l->subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES;
	l->texel.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES;
	REQUIRE(a->minor >= 2);
	chain(&tail, &l->p11);
	chain(&tail, &l->p12);
	if (a->minor >= 3) {
		chain(&tail, &l->p13);
		vkGetPhysicalDeviceProperties2(a->pd, &l->p);
		return;
	}
	l->has_inline = vk_has_extension(a->pd, "VK_EXT_inline_uniform_block");
	l->has_m4 = vk_has_extension(a->pd, "VK_KHR_maintenance4");
	l->has_subgroup = vk_has_extension(a->pd, "VK_EXT_subgroup_size_control");
	l->has_texel = vk_has_extension(a->pd, "VK_EXT_texel_buffer_alignment");
	if (l->has_inline)
		chain(&tail, &l->inline_block);
	if (l->has_m4)
		chain(&tail, &l->m4);
	if (l->has_subgroup)
		chain(&tail, &l->subgroup);
	if (l->has_texel)
		chain(&tail, &l->texel);
	vkGetPhysicalDeviceProperties2(a->pd, &l->p);
	/* The same values, where 1.3 gathers them. */
	l->p13.maxInlineUniformBlockSize = l->inline_block.maxInlineUniformBlockSize;
	l->p13.maxPerStageDescriptorInlineUniformBlocks =
		l->inline_block.maxPerStageDescriptorInlineUniformBlocks;
	l->p13.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks =
		l->inline_block.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks;
	l->p13.maxDescriptorSetInlineUniformBlocks =
		l->inline_block.maxDescriptorSetInlineUniformBlocks;
	l->p13.maxDescriptorSetUpdateAfterBindInlineUniformBlocks =
		l->inline_block.maxDescriptorSetUpdateAfterBindInlineUniformBlocks;
	l->p13.maxBufferSize = l->m4.maxBufferSize;
	l->p13.minSubgroupSize = l->subgroup.minSubgroupSize;
	l->p13.maxSubgroupSize = l->subgroup.maxSubgroupSize;
	l->p13.storageTexelBufferOffsetAlignmentBytes =
		l->texel.storageTexelBufferOffsetAlignmentBytes;
	l->p13.uniformTexelBufferOffsetAlignmentBytes =
		l->texel.uniformTexelBufferOffsetAlignmentBytes;
}

/* A limit of at least @min. */
static void limit_min(struct audit *a, uint32_t minor, bool known, uint64_t value, uint64_t min,
		      const char *name)
{
	char what[160];

	snprintf(what, sizeof(what), "%s >= %llu (%llu)", name, (unsigned long long)min,
		 (unsigned long long)value);
	record(a, minor, known ? value >= min : -1, what);
}

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

static void limit_true(struct audit *a, uint32_t minor, bool known, bool holds, const char *what)
{
	record(a, minor, known ? holds : -1, what);
}

/*
 * An update-after-bind limit of descriptorIndexing (Vulkan 1.2): at least
 * @min and the plain limit (footnote 9).
 */
struct uab_limit {
	const char *name;
	size_t uab;	/* in VkPhysicalDeviceVulkan12Properties */
	uint32_t min;
	size_t plain;	/* in VkPhysicalDeviceLimits */
};

#define UAB(stage_or_set, type, min)						\
	{ "max" #stage_or_set "UpdateAfterBind" #type,					\
	  offsetof(VkPhysicalDeviceVulkan12Properties, max##stage_or_set##UpdateAfterBind##type), \
	  min, offsetof(VkPhysicalDeviceLimits, max##stage_or_set##type) }

static const struct uab_limit uab_limits[] = {
	UAB(PerStageDescriptor, Samplers, 500000),
	UAB(DescriptorSet, Samplers, 500000),
	UAB(PerStageDescriptor, SampledImages, 500000),
	UAB(DescriptorSet, SampledImages, 500000),
	UAB(PerStageDescriptor, StorageImages, 500000),
	UAB(DescriptorSet, StorageImages, 500000),
	UAB(PerStageDescriptor, StorageBuffers, 500000),
	UAB(DescriptorSet, StorageBuffers, 500000),
	UAB(PerStageDescriptor, UniformBuffers, 12),
	UAB(DescriptorSet, UniformBuffers, 72),
	UAB(DescriptorSet, UniformBuffersDynamic, 8),
	UAB(DescriptorSet, StorageBuffersDynamic, 4),
	UAB(PerStageDescriptor, InputAttachments, 4),
	UAB(DescriptorSet, InputAttachments, 4),
};

static uint32_t u32_at(const void *s, size_t offset)
{
	uint32_t v;

	memcpy(&v, (const char *)s + offset, sizeof(v));
	return v;
}

/* A limit of at most @max. */
static void limit_max(struct audit *a, uint32_t minor, bool known, uint64_t value, uint64_t max,
		      const char *name)
{
	char what[160];

	snprintf(what, sizeof(what), "%s <= %llu (%llu)", name, (unsigned long long)max,
		 (unsigned long long)value);
	record(a, minor, known ? value <= max : -1, what);
}

static bool has_graphics_queue(VkPhysicalDevice pd)
{
	VkQueueFamilyProperties families[16];
	uint32_t count = 16;

	vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
	for (uint32_t i = 0; i < count; i++)
		if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)
			return true;
	return false;
}

#define MIN10(field, min) limit_min(a, 0, true, l->field, min, #field)
#define MAX10(field, max) limit_max(a, 0, true, l->field, max, #field)
#define BITS10(field, bits) \
	limit_true(a, 0, true, (l->field & (bits)) == (bits), #field " has " #bits)

/*
 * Vulkan 1.0's rows of the "Required Limits" table (VkPhysicalDeviceLimits),
 * with the required value of each row's feature when the device has it.
 * The table is "for all Vulkan graphics implementations": the rows of
 * the graphics pipeline (vertex input to framebuffers, rasterization,
 * draws) bind a device with a graphics queue; a compute-only one (Ember)
 * reports zero there. Footnote 8: the per-set minimums are n times the
 * per-stage ones, n the shader stages the device has.
 */
static void check_limits10(struct audit *a, const VkPhysicalDeviceLimits *l)
{
	const bool graphics = has_graphics_queue(a->pd);
	VkPhysicalDeviceFeatures f;
	uint64_t stage_sum;
	uint32_t n;

	vkGetPhysicalDeviceFeatures(a->pd, &f);
	n = 1 + (graphics ? 2 + (f.tessellationShader ? 2 : 0) + (f.geometryShader ? 1 : 0) : 0);
	MIN10(maxImageDimension1D, 4096);
	MIN10(maxImageDimension2D, 4096);
	MIN10(maxImageDimension3D, 256);
	MIN10(maxImageDimensionCube, 4096);
	MIN10(maxImageArrayLayers, 256);
	MIN10(maxTexelBufferElements, 65536);
	MIN10(maxUniformBufferRange, 16384);
	MIN10(maxStorageBufferRange, 1u << 27);
	MIN10(maxPushConstantsSize, 128);
	MIN10(maxMemoryAllocationCount, 4096);
	MIN10(maxSamplerAllocationCount, 4000);
	MAX10(bufferImageGranularity, 131072);
	if (f.sparseBinding)
		MIN10(sparseAddressSpaceSize, 1ull << 31);
	MIN10(maxBoundDescriptorSets, 4);
	MIN10(maxPerStageDescriptorSamplers, 16);
	MIN10(maxPerStageDescriptorUniformBuffers, 12);
	MIN10(maxPerStageDescriptorStorageBuffers, 4);
	MIN10(maxPerStageDescriptorSampledImages, 16);
	MIN10(maxPerStageDescriptorStorageImages, 4);
	MIN10(maxPerStageDescriptorInputAttachments, 4);
	/* Footnote 2: the smaller of 128 and the sum of the per-stage limits. */
	stage_sum = (uint64_t)l->maxPerStageDescriptorUniformBuffers +
		    l->maxPerStageDescriptorStorageBuffers + l->maxPerStageDescriptorSampledImages +
		    l->maxPerStageDescriptorStorageImages +
		    l->maxPerStageDescriptorInputAttachments + l->maxColorAttachments;
	MIN10(maxPerStageResources, stage_sum < 128 ? stage_sum : 128);
	MIN10(maxDescriptorSetSamplers, 16 * n);
	MIN10(maxDescriptorSetUniformBuffers, 12 * n);
	MIN10(maxDescriptorSetUniformBuffersDynamic, 8);
	MIN10(maxDescriptorSetStorageBuffers, 4 * n);
	MIN10(maxDescriptorSetStorageBuffersDynamic, 4);
	MIN10(maxDescriptorSetSampledImages, 16 * n);
	MIN10(maxDescriptorSetStorageImages, 4 * n);
	MIN10(maxDescriptorSetInputAttachments, 4);
	MIN10(maxComputeSharedMemorySize, 16384);
	MIN10(maxComputeWorkGroupCount[0], 65535);
	MIN10(maxComputeWorkGroupCount[1], 65535);
	MIN10(maxComputeWorkGroupCount[2], 65535);
	MIN10(maxComputeWorkGroupInvocations, 128);
	MIN10(maxComputeWorkGroupSize[0], 128);
	MIN10(maxComputeWorkGroupSize[1], 128);
	MIN10(maxComputeWorkGroupSize[2], 64);
	MIN10(subTexelPrecisionBits, 4);
	MIN10(mipmapPrecisionBits, 4);
	limit_true(a, 0, true, l->maxSamplerLodBias >= 2, "maxSamplerLodBias >= 2");
	limit_true(a, 0, true, l->maxSamplerAnisotropy >= (f.samplerAnisotropy ? 16 : 1),
		   "maxSamplerAnisotropy >= 16 with samplerAnisotropy, else 1");
	MIN10(minMemoryMapAlignment, 64);
	MAX10(minTexelBufferOffsetAlignment, 256);
	MAX10(minUniformBufferOffsetAlignment, 256);
	MAX10(minStorageBufferOffsetAlignment, 256);
	limit_true(a, 0, true, l->minTexelOffset <= -8, "minTexelOffset <= -8");
	MIN10(maxTexelOffset, 7);
	if (f.shaderImageGatherExtended) {
		limit_true(a, 0, true, l->minTexelGatherOffset <= -8, "minTexelGatherOffset <= -8");
		MIN10(maxTexelGatherOffset, 7);
	}
	BITS10(sampledImageColorSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	BITS10(sampledImageIntegerSampleCounts, VK_SAMPLE_COUNT_1_BIT);
	BITS10(sampledImageDepthSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	BITS10(sampledImageStencilSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	if (f.shaderStorageImageMultisample)
		BITS10(storageImageSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	else
		BITS10(storageImageSampleCounts, VK_SAMPLE_COUNT_1_BIT);
	MIN10(discreteQueuePriorities, 2);
	MAX10(nonCoherentAtomSize, 256);
	if (!graphics)
		return;
	MIN10(maxVertexInputAttributes, 16);
	MIN10(maxVertexInputBindings, 16);
	MIN10(maxVertexInputAttributeOffset, 2047);
	MIN10(maxVertexInputBindingStride, 2048);
	MIN10(maxVertexOutputComponents, 64);
	if (f.tessellationShader) {
		MIN10(maxTessellationGenerationLevel, 64);
		MIN10(maxTessellationPatchSize, 32);
		MIN10(maxTessellationControlPerVertexInputComponents, 64);
		MIN10(maxTessellationControlPerVertexOutputComponents, 64);
		MIN10(maxTessellationControlPerPatchOutputComponents, 120);
		MIN10(maxTessellationControlTotalOutputComponents, 2048);
		MIN10(maxTessellationEvaluationInputComponents, 64);
		MIN10(maxTessellationEvaluationOutputComponents, 64);
	}
	if (f.geometryShader) {
		MIN10(maxGeometryShaderInvocations, 32);
		MIN10(maxGeometryInputComponents, 64);
		MIN10(maxGeometryOutputComponents, 64);
		MIN10(maxGeometryOutputVertices, 256);
		MIN10(maxGeometryTotalOutputComponents, 1024);
	}
	MIN10(maxFragmentInputComponents, 64);
	MIN10(maxFragmentOutputAttachments, 4);
	if (f.dualSrcBlend)
		MIN10(maxFragmentDualSrcAttachments, 1);
	MIN10(maxFragmentCombinedOutputResources, 4);
	MIN10(subPixelPrecisionBits, 4);
	MIN10(maxDrawIndexedIndexValue, f.fullDrawIndexUint32 ? 0xffffffffull : (1u << 24) - 1);
	MIN10(maxDrawIndirectCount, f.multiDrawIndirect ? 65535 : 1);
	MIN10(maxViewports, f.multiViewport ? 16 : 1);
	MIN10(maxViewportDimensions[0], 4096);
	MIN10(maxViewportDimensions[1], 4096);
	limit_true(a, 0, true, l->viewportBoundsRange[0] <= -8192 &&
		   l->viewportBoundsRange[1] >= 8191, "viewportBoundsRange covers [-8192, 8191]");
	if (f.sampleRateShading) {
		limit_true(a, 0, true, l->minInterpolationOffset <= -0.5f,
			   "minInterpolationOffset <= -0.5");
		MIN10(subPixelInterpolationOffsetBits, 4);
		limit_true(a, 0, true, l->maxInterpolationOffset >=
			   0.5f - 1.0f / (float)(1u << l->subPixelInterpolationOffsetBits),
			   "maxInterpolationOffset >= 0.5 - 1 ULP");
	}
	MIN10(maxFramebufferWidth, 4096);
	MIN10(maxFramebufferHeight, 4096);
	MIN10(maxFramebufferLayers, 256);
	BITS10(framebufferColorSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	BITS10(framebufferDepthSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	BITS10(framebufferStencilSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	BITS10(framebufferNoAttachmentsSampleCounts, VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT);
	MIN10(maxColorAttachments, 4);
	MIN10(maxSampleMaskWords, 1);
	if (f.shaderClipDistance)
		MIN10(maxClipDistances, 8);
	if (f.shaderCullDistance) {
		MIN10(maxCullDistances, 8);
		MIN10(maxCombinedClipAndCullDistances, 8);
	}
	if (f.largePoints) {
		limit_true(a, 0, true, l->pointSizeRange[0] <= 1.0f &&
			   l->pointSizeRange[1] >= 64.0f - l->pointSizeGranularity,
			   "pointSizeRange covers [1, 64 - ULP]");
		limit_true(a, 0, true, l->pointSizeGranularity <= 1.0f, "pointSizeGranularity <= 1");
	}
	if (f.wideLines) {
		limit_true(a, 0, true, l->lineWidthRange[0] <= 1.0f &&
			   l->lineWidthRange[1] >= 8.0f - l->lineWidthGranularity,
			   "lineWidthRange covers [1, 8 - ULP]");
		limit_true(a, 0, true, l->lineWidthGranularity <= 1.0f, "lineWidthGranularity <= 1");
	}
}

#undef MIN10
#undef MAX10
#undef BITS10

/*
 * The limits of Vulkan 1.1 (multiview, maintenance3, subgroups): a device
 * with a compute queue runs basic subgroup operations in compute shaders.
 */
static void check_limits11(struct audit *a, const struct limits *l, bool multiview)
{
	const VkPhysicalDeviceVulkan11Properties *p = &l->p11;

	if (multiview) {
		limit_min(a, 1, true, p->maxMultiviewViewCount, 6, "maxMultiviewViewCount");
		limit_min(a, 1, true, p->maxMultiviewInstanceIndex, (1u << 27) - 1,
			  "maxMultiviewInstanceIndex");
	}
	limit_min(a, 1, true, p->maxPerSetDescriptors, 1024, "maxPerSetDescriptors");
	limit_min(a, 1, true, p->maxMemoryAllocationSize, 1ull << 30, "maxMemoryAllocationSize");
	limit_true(a, 1, true, power_of_two(p->subgroupSize), "subgroupSize, a power of two");
	limit_true(a, 1, true, p->subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT,
		   "subgroupSupportedStages has COMPUTE");
	limit_true(a, 1, true, p->subgroupSupportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT,
		   "subgroupSupportedOperations has BASIC");
}

/*
 * The limits of Vulkan 1.2: descriptorIndexing's (every update-after-bind
 * limit at least its minimum and, footnote 9, the limit without update
 * after bind), the timeline semaphores' difference, and integer colour
 * attachments (graphics).
 */
static void check_limits12(struct audit *a, const struct limits *l, bool indexing, bool timeline)
{
	const VkPhysicalDeviceVulkan12Properties *p = &l->p12;
	const VkPhysicalDeviceLimits *lim = &l->p.properties.limits;

	if (indexing) {
		limit_min(a, 2, true, p->maxUpdateAfterBindDescriptorsInAllPools, 500000,
			  "maxUpdateAfterBindDescriptorsInAllPools");
		limit_min(a, 2, true, p->maxPerStageUpdateAfterBindResources, 500000,
			  "maxPerStageUpdateAfterBindResources");
		limit_min(a, 2, true, p->maxPerStageUpdateAfterBindResources,
			  lim->maxPerStageResources,
			  "maxPerStageUpdateAfterBindResources (maxPerStageResources)");
		for (size_t i = 0; i < sizeof(uab_limits) / sizeof(uab_limits[0]); i++) {
			const struct uab_limit *u = &uab_limits[i];
			uint32_t value = u32_at(p, u->uab);
			char plain[96];

			snprintf(plain, sizeof(plain), "%s (the limit without update after bind)",
				 u->name);
			limit_min(a, 2, true, value, u->min, u->name);
			limit_min(a, 2, true, value, u32_at(lim, u->plain), plain);
		}
	}
	if (timeline)
		limit_min(a, 2, true, p->maxTimelineSemaphoreValueDifference, (1u << 31) - 1,
			  "maxTimelineSemaphoreValueDifference");
	if (has_graphics_queue(a->pd))
		limit_true(a, 2, true, p->framebufferIntegerColorSampleCounts & VK_SAMPLE_COUNT_1_BIT,
			   "framebufferIntegerColorSampleCounts has 1");
}

/* The limits of Vulkan 1.3: inline uniform blocks, maintenance4, subgroup sizes, texel buffers. */
static void check_limits13(struct audit *a, const struct limits *l, bool indexing)
{
	const bool inline_known = a->minor >= 3 || l->has_inline;

	limit_min(a, 3, inline_known, l->p13.maxInlineUniformBlockSize, 256,
		  "maxInlineUniformBlockSize");
	limit_min(a, 3, inline_known, l->p13.maxPerStageDescriptorInlineUniformBlocks, 4,
		  "maxPerStageDescriptorInlineUniformBlocks");
	limit_min(a, 3, inline_known, l->p13.maxDescriptorSetInlineUniformBlocks, 4,
		  "maxDescriptorSetInlineUniformBlocks");
	limit_min(a, 3, a->minor >= 3, l->p13.maxInlineUniformTotalSize, 256,
		  "maxInlineUniformTotalSize");
	if (indexing) {
		limit_min(a, 3, inline_known,
			  l->p13.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks, 4,
			  "maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks");
		limit_min(a, 3, inline_known, l->p13.maxDescriptorSetUpdateAfterBindInlineUniformBlocks,
			  4, "maxDescriptorSetUpdateAfterBindInlineUniformBlocks");
	}
	limit_min(a, 3, a->minor >= 3 || l->has_m4, l->p13.maxBufferSize, 1ull << 30,
		  "maxBufferSize");
	limit_true(a, 3, a->minor >= 3 || l->has_subgroup,
		   power_of_two(l->p13.minSubgroupSize) && power_of_two(l->p13.maxSubgroupSize) &&
		   l->p13.minSubgroupSize <= l->p11.subgroupSize &&
		   l->p11.subgroupSize <= l->p13.maxSubgroupSize,
		   "minSubgroupSize <= subgroupSize <= maxSubgroupSize, powers of two");
	limit_true(a, 3, a->minor >= 3 || l->has_texel,
		   power_of_two(l->p13.storageTexelBufferOffsetAlignmentBytes) &&
		   power_of_two(l->p13.uniformTexelBufferOffsetAlignmentBytes),
		   "texel buffer offset alignments, powers of two");
}

/* Every version's limits, each counted against the version that requires it. */
static void check_limits(struct audit *a)
{
	struct limits l;
	struct vk_feature_answer answer11, answer12;
	const VkBool32 *f11 = vk_feature_query(a->pd,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, &answer11);
	const VkBool32 *f12 = vk_feature_query(a->pd,
		VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, &answer12);
#define F11_FEATURE(name) \
	f11[vk_feature_member_index(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, name)]
#define F12_FEATURE(name) \
	f12[vk_feature_member_index(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, name)]
	const bool indexing = F12_FEATURE("descriptorIndexing");

	query_limits(a, &l);
	check_limits10(a, &l.p.properties.limits);
	check_limits11(a, &l, F11_FEATURE("multiview"));
	check_limits12(a, &l, indexing, F12_FEATURE("timelineSemaphore"));
	check_limits13(a, &l, indexing);
#undef F11_FEATURE
#undef F12_FEATURE
}

VK_TEST(version_requirements, "vulkan-version-required-features-and-limits")
{
	/* An instance of 1.3, so that 1.3's structures can be asked for at 1.3. */
	const struct vk_dev_options options = { .api_version = VK_API_VERSION_1_3 };
	struct vk_dev dev;
	struct audit a = { 0 };
	struct vk_feature_answer answer;

	vk_dev_create(&dev, &options);
	a.pd = dev.physical;
	REQUIRE_EQ(VK_API_VERSION_MAJOR(dev.props.apiVersion), 1);
	printf("# %s reports Vulkan 1.%u\n", dev.props.deviceName,
	       VK_API_VERSION_MINOR(dev.props.apiVersion));
	/* The audit's lists end at 1.3. */
	a.minor = VK_API_VERSION_MINOR(dev.props.apiVersion);
	if (a.minor > 3)
		a.minor = 3;

	check_features(&a, required_features,
		       sizeof(required_features) / sizeof(required_features[0]));
	if (vk_feature_query(a.pd, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
			     &answer)[vk_feature_member_index(
				VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
				"descriptorIndexing")])
		check_features(&a, descriptor_indexing_features,
			       sizeof(descriptor_indexing_features) /
			       sizeof(descriptor_indexing_features[0]));
	/* Storage rules of 1.1 and 1.2: the wider access implies the narrower. */
	if (vk_feature_query(a.pd, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
			     &answer)[vk_feature_member_index(
				VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
				"uniformAndStorageBuffer16BitAccess")])
		check_features(&a, &(const struct required_feature){
			1, F11, "storageBuffer16BitAccess", 0, NULL }, 1);
	if (vk_feature_query(a.pd, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
			     &answer)[vk_feature_member_index(
				VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
				"uniformAndStorageBuffer8BitAccess")])
		check_features(&a, &(const struct required_feature){
			2, F12, "storageBuffer8BitAccess", 0, NULL }, 1);
	check_limits(&a);
	vk_dev_destroy(&dev);

	if (a.missing)
		vk_test_fail(__FILE__, __LINE__, "%u requirements of Vulkan 1.%u fail", a.missing,
			     a.minor);
	if (a.minor < 3 && !a.missing13 && !a.unknown13)
		vk_test_fail(__FILE__, __LINE__, "every requirement of Vulkan 1.3 holds, "
			     "yet the device reports 1.%u", a.minor);
	if (a.minor < 3)
		printf("# Vulkan 1.3: %u requirements missing, %u not queryable at 1.%u\n",
		       a.missing13, a.unknown13, a.minor);
}

VK_TEST(version_core_commands, "vulkan-version-core-commands")
{
	const struct vk_dev_options options = { .api_version = VK_API_VERSION_1_3 };
	unsigned int missing = 0, checked = 0;
	struct vk_dev dev;
	uint32_t minor;

	vk_dev_create(&dev, &options);
	/* The device's version: the lower of the application's and the device's. */
	minor = VK_API_VERSION_MINOR(dev.props.apiVersion);
	if (minor > 3)
		minor = 3;
	for (size_t i = 0; i < sizeof(vk_core_commands) / sizeof(vk_core_commands[0]); i++) {
		const struct vk_core_command *c = &vk_core_commands[i];

		if (!c->device || c->minor > minor)
			continue;
		checked++;
		if (!vkGetDeviceProcAddr(dev.device, c->name)) {
			printf("# vkGetDeviceProcAddr(\"%s\") is NULL (Vulkan 1.%u)\n", c->name,
			       c->minor);
			missing++;
		}
	}
	printf("# %u device commands of Vulkan 1.0 to 1.%u checked\n", checked, minor);
	vk_dev_destroy(&dev);
	if (missing)
		vk_test_fail(__FILE__, __LINE__, "%u core commands missing", missing);
}

VK_TEST(version_graphics_refused, "vulkan-version-graphics-commands-refused")
{
	const struct vk_dev_options options = { .api_version = VK_API_VERSION_1_3 };
	VkQueueFamilyProperties families[8];
	uint32_t count = 8;
	struct vk_dev dev;
	VkCommandBuffer cmd;

	if (vk_test_under_validation())
		vk_test_skip("the validation layer reports graphics commands on a compute queue");
	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceQueueFamilyProperties(dev.physical, &count, families);
	for (uint32_t i = 0; i < count; i++)
		if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)
			vk_test_skip("the device has a graphics queue family: it runs them");

	PFN_vkCmdBeginRendering begin_rendering = (PFN_vkCmdBeginRendering)
		vkGetDeviceProcAddr(dev.device, "vkCmdBeginRendering");
	PFN_vkCmdEndRendering end_rendering = (PFN_vkCmdEndRendering)
		vkGetDeviceProcAddr(dev.device, "vkCmdEndRendering");
	PFN_vkCmdSetCullMode set_cull_mode = (PFN_vkCmdSetCullMode)
		vkGetDeviceProcAddr(dev.device, "vkCmdSetCullMode");
	PFN_vkCmdSetPrimitiveRestartEnable set_restart = (PFN_vkCmdSetPrimitiveRestartEnable)
		vkGetDeviceProcAddr(dev.device, "vkCmdSetPrimitiveRestartEnable");

	/* Each command alone: every one must refuse, not only the first. */
	for (int which = 0; which < 4; which++) {
		const VkViewport viewport = { 0, 0, 16, 16, 0, 1 };
		const VkRenderingInfo rendering = {
			.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
			.renderArea = { { 0, 0 }, { 16, 16 } }, .layerCount = 1,
		};

		/* 1.3's commands exist on a 1.3 device (vulkan-version-core-commands). */
		if ((which == 2 && !begin_rendering) || (which == 3 && !set_cull_mode))
			continue;
		cmd = vk_cmd_begin(&dev);
		switch (which) {
		case 0:
			vkCmdSetViewport(cmd, 0, 1, &viewport);
			break;
		case 1:
			vkCmdDraw(cmd, 3, 1, 0, 0);
			break;
		case 2:
			begin_rendering(cmd, &rendering);
			end_rendering(cmd);
			break;
		default:
			set_cull_mode(cmd, VK_CULL_MODE_BACK_BIT);
			set_restart(cmd, VK_TRUE);
			break;
		}
		REQUIRE(vkEndCommandBuffer(cmd) != VK_SUCCESS);
		vkFreeCommandBuffers(dev.device, dev.pool, 1, &cmd);
	}
	vk_dev_destroy(&dev);
}

/* An extension promoted to core, with the commands it names. */
struct promoted_extension {
	const char *name;
	const char *commands[13];	/* NULL-terminated */
};

/* Promoted to 1.1 .. 1.3; what any 1.3 device has, under the extensions' names. */
static const struct promoted_extension promoted[] = {
	{ "VK_KHR_create_renderpass2", { "vkCreateRenderPass2KHR", "vkCmdBeginRenderPass2KHR",
					 "vkCmdNextSubpass2KHR", "vkCmdEndRenderPass2KHR" } },
	{ "VK_KHR_device_group", { "vkGetDeviceGroupPeerMemoryFeaturesKHR",
				   "vkCmdSetDeviceMaskKHR", "vkCmdDispatchBaseKHR" } },
	{ "VK_KHR_depth_stencil_resolve", { NULL } },
	{ "VK_KHR_driver_properties", { NULL } },
	{ "VK_KHR_format_feature_flags2", { NULL } },
	{ "VK_KHR_image_format_list", { NULL } },
	{ "VK_KHR_imageless_framebuffer", { NULL } },
	{ "VK_KHR_multiview", { NULL } },
	{ "VK_KHR_relaxed_block_layout", { NULL } },
	{ "VK_KHR_separate_depth_stencil_layouts", { NULL } },
	{ "VK_KHR_shader_float_controls", { NULL } },
	{ "VK_KHR_shader_non_semantic_info", { NULL } },
	{ "VK_KHR_spirv_1_4", { NULL } },
	{ "VK_EXT_separate_stencil_usage", { NULL } },
	{ "VK_EXT_texel_buffer_alignment", { NULL } },
	{ "VK_EXT_tooling_info", { NULL } },
};

/* The same for a device with a graphics queue. */
static const struct promoted_extension promoted_graphics[] = {
	{ "VK_KHR_draw_indirect_count", { "vkCmdDrawIndirectCountKHR",
					  "vkCmdDrawIndexedIndirectCountKHR" } },
	{ "VK_EXT_extended_dynamic_state", {
		"vkCmdSetCullModeEXT", "vkCmdSetFrontFaceEXT", "vkCmdSetPrimitiveTopologyEXT",
		"vkCmdSetViewportWithCountEXT", "vkCmdSetScissorWithCountEXT",
		"vkCmdBindVertexBuffers2EXT", "vkCmdSetDepthTestEnableEXT",
		"vkCmdSetDepthWriteEnableEXT", "vkCmdSetDepthCompareOpEXT",
		"vkCmdSetDepthBoundsTestEnableEXT", "vkCmdSetStencilTestEnableEXT",
		"vkCmdSetStencilOpEXT" } },
	{ "VK_EXT_extended_dynamic_state2", { "vkCmdSetRasterizerDiscardEnableEXT",
					      "vkCmdSetDepthBiasEnableEXT",
					      "vkCmdSetPrimitiveRestartEnableEXT" } },
};

/*
 * Enables every extension of @list the device has (Ember must have them
 * all; lavapipe 25 lacks VK_EXT_tooling_info) with @features, and
 * resolves each command by its extension name.
 */
static void enable_promoted(const struct promoted_extension *list, size_t count, void *features)
{
	const char *names[32];
	const struct vk_dev_options probe_options = { .api_version = VK_API_VERSION_1_3 };
	struct vk_dev_options options = {
		.extensions = names, .features = features, .api_version = VK_API_VERSION_1_3,
	};
	unsigned int missing = 0;
	struct vk_dev dev;

	REQUIRE(count <= 32);
	vk_dev_create(&dev, &probe_options);
	for (size_t i = 0; i < count; i++) {
		if (vk_has_extension(dev.physical, list[i].name))
			names[options.extension_count++] = list[i].name;
		else if (vk_dev_is_ember(&dev))
			vk_test_fail(__FILE__, __LINE__, "Ember lacks %s", list[i].name);
		else
			printf("# the device lacks %s\n", list[i].name);
	}
	vk_dev_destroy(&dev);
	if (!options.extension_count)
		vk_test_skip("the device has none of these extensions");
	vk_dev_create(&dev, &options);
	for (size_t i = 0; i < count; i++) {
		if (!vk_has_extension(dev.physical, list[i].name))
			continue;
		for (const char *const *c = list[i].commands; *c; c++) {
			if (vkGetDeviceProcAddr(dev.device, *c))
				continue;
			printf("# %s: vkGetDeviceProcAddr(\"%s\") is NULL\n", list[i].name, *c);
			missing++;
		}
	}
	vk_dev_destroy(&dev);
	if (missing)
		vk_test_fail(__FILE__, __LINE__, "%u commands of enabled extensions missing",
			     missing);
}

VK_TEST(version_promoted, "vulkan-version-promoted-extensions-enable-and-resolve")
{
	enable_promoted(promoted, sizeof(promoted) / sizeof(promoted[0]), NULL);
}

VK_TEST(version_promoted_graphics, "vulkan-version-promoted-graphics-extensions-enable-and-resolve")
{
	VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
		.extendedDynamicState = VK_TRUE,
	};
	VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
		.pNext = &eds, .extendedDynamicState2 = VK_TRUE,
	};

	enable_promoted(promoted_graphics, sizeof(promoted_graphics) / sizeof(promoted_graphics[0]),
			&eds2);
}
