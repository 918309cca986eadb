/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptor limits
 *
 * Every descriptor limit the specification's "Required Limits" table sets
 * a minimum for (the update-after-bind ones when descriptorIndexing is
 * supported, the inline uniform block ones with inlineUniformBlock), sets
 * of the minimum's input attachments (which no compute shader reads, but
 * sets hold), and a set at the update-after-bind limit: a variable-count array of 500000
 * storage buffers, written after it was bound and read from a shader with
 * a non-uniform index past 65535 and up to its last element.
 */

#include "vk_test.h"
#include "vk_shaders.h"

#include <stdio.h>
#include <string.h>

#define UAB_MIN			500000u

/* @value of limit @name at least @min, or the test fails saying which. */
static void require_min(const char *name, uint64_t value, uint64_t min)
{
	if (value < min)
		vk_test_fail(__FILE__, __LINE__, "%s is %llu, the specification's minimum %llu",
			     name, (unsigned long long)value, (unsigned long long)min);
}

#define REQUIRE_MIN(s, field, min) require_min(#field, (s)->field, (min))

static void check_core_limits(const VkPhysicalDeviceLimits *l)
{
	REQUIRE_MIN(l, maxBoundDescriptorSets, 4);
	REQUIRE_MIN(l, maxPerStageDescriptorSamplers, 16);
	REQUIRE_MIN(l, maxPerStageDescriptorUniformBuffers, 12);
	REQUIRE_MIN(l, maxPerStageDescriptorStorageBuffers, 4);
	REQUIRE_MIN(l, maxPerStageDescriptorSampledImages, 16);
	REQUIRE_MIN(l, maxPerStageDescriptorStorageImages, 4);
	REQUIRE_MIN(l, maxPerStageDescriptorInputAttachments, 4);
	REQUIRE_MIN(l, maxPerStageResources, 128);
	REQUIRE_MIN(l, maxDescriptorSetSamplers, 96);
	REQUIRE_MIN(l, maxDescriptorSetUniformBuffers, 72);
	REQUIRE_MIN(l, maxDescriptorSetUniformBuffersDynamic, 8);
	REQUIRE_MIN(l, maxDescriptorSetStorageBuffers, 24);
	REQUIRE_MIN(l, maxDescriptorSetStorageBuffersDynamic, 4);
	REQUIRE_MIN(l, maxDescriptorSetSampledImages, 96);
	REQUIRE_MIN(l, maxDescriptorSetStorageImages, 24);
	REQUIRE_MIN(l, maxDescriptorSetInputAttachments, 4);
}

static void check_update_after_bind_limits(const VkPhysicalDeviceDescriptorIndexingProperties *p)
{
	REQUIRE_MIN(p, maxUpdateAfterBindDescriptorsInAllPools, UAB_MIN);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindSamplers, UAB_MIN);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindUniformBuffers, 12);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindStorageBuffers, UAB_MIN);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindSampledImages, UAB_MIN);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindStorageImages, UAB_MIN);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindInputAttachments, 4);
	REQUIRE_MIN(p, maxPerStageUpdateAfterBindResources, UAB_MIN);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindSamplers, UAB_MIN);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindUniformBuffers, 72);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindUniformBuffersDynamic, 8);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindStorageBuffers, UAB_MIN);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindStorageBuffersDynamic, 4);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindSampledImages, UAB_MIN);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindStorageImages, UAB_MIN);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindInputAttachments, 4);
}

static void check_inline_uniform_block_limits(const VkPhysicalDeviceInlineUniformBlockProperties *p)
{
	REQUIRE_MIN(p, maxInlineUniformBlockSize, 256);
	REQUIRE_MIN(p, maxPerStageDescriptorInlineUniformBlocks, 4);
	REQUIRE_MIN(p, maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks, 4);
	REQUIRE_MIN(p, maxDescriptorSetInlineUniformBlocks, 4);
	REQUIRE_MIN(p, maxDescriptorSetUpdateAfterBindInlineUniformBlocks, 4);
}

/* A set of the minimum's 4 input attachments: its layout, pool and set. */
static void input_attachment_set(struct vk_dev *dev)
{
	const VkDescriptorSetLayoutBinding binding = {
		0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 4, 0, NULL,
	};
	const VkDescriptorSetLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 1, .pBindings = &binding,
	};
	VkDescriptorSetLayoutSupport support = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT,
	};
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 4 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VkDescriptorSetLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;

	vkGetDescriptorSetLayoutSupport(dev->device, &layout_info, &support);
	REQUIRE(support.supported);
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &layout_info, NULL, &layout));
	VK_CHECK(vkCreateDescriptorPool(dev->device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	vkDestroyDescriptorPool(dev->device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev->device, layout, NULL);
}

VK_TEST(descriptor_limits, "descriptor-limits-required-minimums")
{
	VkPhysicalDeviceInlineUniformBlockFeatures inline_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
	};
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
	};
	VkPhysicalDeviceFeatures2 features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &features12,
	};
	VkPhysicalDeviceInlineUniformBlockProperties inline_props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES,
	};
	VkPhysicalDeviceDescriptorIndexingProperties indexing = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES,
	};
	VkPhysicalDeviceMaintenance3Properties maintenance3 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES,
		.pNext = &indexing,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &maintenance3,
	};
	struct vk_dev dev;
	bool inline_blocks;

	vk_dev_create(&dev, NULL);
	if (dev.props.apiVersion < VK_API_VERSION_1_2)
		vk_test_skip("Vulkan 1.2 is needed for the descriptor indexing properties");
	/* Inline uniform blocks: core in 1.3, else VK_EXT_inline_uniform_block. */
	inline_blocks = dev.props.apiVersion >= VK_API_VERSION_1_3 ||
			vk_has_extension(dev.physical, VK_EXT_INLINE_UNIFORM_BLOCK_EXTENSION_NAME);
	if (inline_blocks) {
		features12.pNext = &inline_features;
		indexing.pNext = &inline_props;
	}
	vkGetPhysicalDeviceFeatures2(dev.physical, &features);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	check_core_limits(&props.properties.limits);
	REQUIRE_MIN(&maintenance3, maxPerSetDescriptors, 1024);
	if (features12.descriptorIndexing)
		check_update_after_bind_limits(&indexing);
	if (inline_blocks && inline_features.inlineUniformBlock)
		check_inline_uniform_block_limits(&inline_props);
	input_attachment_set(&dev);
	vk_dev_destroy(&dev);
}

/* The smallest of the limits a variable-count array of storage buffers meets. */
static uint32_t wide_array_count(const VkPhysicalDeviceDescriptorIndexingProperties *p,
				 uint32_t others)
{
	uint32_t n = p->maxPerStageDescriptorUpdateAfterBindStorageBuffers;

	n = n < p->maxDescriptorSetUpdateAfterBindStorageBuffers ?
	    n : p->maxDescriptorSetUpdateAfterBindStorageBuffers;
	n = n < p->maxPerStageUpdateAfterBindResources ? n : p->maxPerStageUpdateAfterBindResources;
	n = n < p->maxUpdateAfterBindDescriptorsInAllPools ?
	    n : p->maxUpdateAfterBindDescriptorsInAllPools;
	REQUIRE(n > others);
	n -= others;
	return n < UAB_MIN ? n : UAB_MIN;
}

/*
 * Layout of a set of @count bindings of storage buffers, @flags on each;
 * a variable-count last binding must be supported at its count.
 */
static VkDescriptorSetLayout buffers_layout(struct vk_dev *dev, const uint32_t *counts,
					    uint32_t count, VkDescriptorBindingFlags flags,
					    VkDescriptorSetLayoutCreateFlags layout_flags)
{
	VkDescriptorSetVariableDescriptorCountLayoutSupport variable = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT,
	};
	VkDescriptorSetLayoutSupport support = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT, .pNext = &variable,
	};
	VkDescriptorSetLayoutBinding bindings[2];
	VkDescriptorBindingFlags binding_flags[2];
	VkDescriptorSetLayout layout;

	REQUIRE(count <= 2);
	for (uint32_t i = 0; i < count; i++) {
		bindings[i] = (VkDescriptorSetLayoutBinding) {
			i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, counts[i], VK_SHADER_STAGE_COMPUTE_BIT,
			NULL,
		};
		binding_flags[i] = flags;
	}
	const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
		.bindingCount = count, .pBindingFlags = binding_flags,
	};
	const VkDescriptorSetLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.pNext = flags ? &flags_info : NULL, .flags = layout_flags,
		.bindingCount = count, .pBindings = bindings,
	};
	vkGetDescriptorSetLayoutSupport(dev->device, &info, &support);
	REQUIRE(support.supported);
	if (flags & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT)
		REQUIRE(variable.maxVariableDescriptorCount >= counts[count - 1]);
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, &layout));
	return layout;
}

/*
 * The elements the shader reads: around 65535, where a 16-bit slot would
 * wrap, and the last ones; the rest of the array is never written.
 */
static void wide_indices(uint32_t n, uint32_t out[16])
{
	const uint32_t fixed[12] = {
		0, 1, 2, 65534, 65535, 65536, 65537, 70000, 100000, 131071, 131072, 262144,
	};

	memcpy(out, fixed, sizeof(fixed));
	out[12] = n - 4;
	out[13] = n - 3;
	out[14] = n - 2;
	out[15] = n - 1;
}

static uint32_t wide_value(uint32_t index, uint32_t word)
{
	return (index * 4 + word) ^ 0x5a000000u;
}

VK_TEST(descriptor_wide_set, "descriptor-indexing-500000-storage-buffers-update-after-bind")
{
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
		.descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
		.descriptorBindingPartiallyBound = VK_TRUE,
		.descriptorBindingVariableDescriptorCount = VK_TRUE,
		.runtimeDescriptorArray = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &features12 };
	VkPhysicalDeviceDescriptorIndexingProperties indexing = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &indexing,
	};
	VkDescriptorSetLayout layouts[2];
	VkDescriptorSet sets[2];
	VkDescriptorPool pool;
	struct vk_buf out, idx, data;
	struct vk_pipe pipe;
	struct vk_dev dev;
	uint32_t indices[16], n;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	/* Set 0 holds the output and the indices: two more storage buffers. */
	n = wide_array_count(&indexing, 2);
	REQUIRE(n > 262144 + 4);
	wide_indices(n, indices);
	vk_buf_create(&dev, 64 * 4, 0, &out);
	vk_buf_create(&dev, 64 * 4, 0, &idx);
	vk_buf_create(&dev, 16 * 256, 0, &data);
	for (uint32_t k = 0; k < 16; k++)
		for (uint32_t w = 0; w < 4; w++)
			((uint32_t *)data.map)[64 * k + w] = wide_value(indices[k], w);
	/* Lane i reads element indices[7 i mod 16]: four lanes per element, scattered. */
	for (uint32_t i = 0; i < 64; i++)
		((uint32_t *)idx.map)[i] = indices[(7 * i) % 16];

	layouts[0] = buffers_layout(&dev, (const uint32_t[]){ 1, 1 }, 2, 0, 0);
	layouts[1] = buffers_layout(&dev, &n, 1, VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
				    VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT |
				    VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT,
				    VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT);
	vk_pipe_create(&dev, indexing_wide_spv, indexing_wide_spv_size, layouts, 2, 0, NULL, &pipe);
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, n + 2 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
		.maxSets = 2, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const uint32_t variable_counts[2] = { 0, n };
	const VkDescriptorSetVariableDescriptorCountAllocateInfo variable = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
		.descriptorSetCount = 2, .pDescriptorCounts = variable_counts,
	};
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .pNext = &variable,
		.descriptorPool = pool, .descriptorSetCount = 2, .pSetLayouts = layouts,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, sets));
	const VkDescriptorBufferInfo set0_infos[2] = {
		{ out.buffer, 0, VK_WHOLE_SIZE }, { idx.buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSet set0_write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0],
		.dstBinding = 0, .descriptorCount = 2,
		.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = set0_infos,
	};
	vkUpdateDescriptorSets(dev.device, 1, &set0_write, 0, NULL);

	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 2, sets, 0,
				NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	/* The elements the shader reads, written after the bind: update-after-bind. */
	VkDescriptorBufferInfo infos[16];
	VkWriteDescriptorSet writes[16];

	for (uint32_t k = 0; k < 16; k++) {
		infos[k] = (VkDescriptorBufferInfo) { data.buffer, 256 * k, 16 };
		writes[k] = (VkWriteDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[1],
			.dstBinding = 0, .dstArrayElement = indices[k], .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &infos[k],
		};
	}
	vkUpdateDescriptorSets(dev.device, 16, writes, 0, NULL);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], wide_value(indices[(7 * i) % 16], i & 3));

	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layouts[0], NULL);
	vkDestroyDescriptorSetLayout(dev.device, layouts[1], NULL);
	vk_pipe_destroy(&dev, &pipe);
	vk_buf_destroy(&dev, &out);
	vk_buf_destroy(&dev, &idx);
	vk_buf_destroy(&dev, &data);
	vk_dev_destroy(&dev);
}
