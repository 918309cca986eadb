/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipelines
 *
 * Pipeline caches (the specification's header in vkGetPipelineCacheData,
 * size queries, VK_INCOMPLETE, merging), pipeline executable properties,
 * creation feedback and cache control, required subgroup sizes, and
 * private data.
 */

#include "vk_test.h"
#include "vk_shaders.h"


#include <string.h>

VK_TEST(pipeline_cache, "pipeline-cache-data-header-and-merge")
{
	struct vk_dev dev;
	struct vk_pipe pipe;
	VkDescriptorSetLayout layout;
	VkPipelineCache cache, other;
	uint8_t data[1 << 16];
	size_t size = 0, small = 8;

	vk_dev_create(&dev, NULL);
	layout = vk_storage_set_layout(&dev, 2, 0);
	const VkPipelineCacheCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
	};
	VK_CHECK(vkCreatePipelineCache(dev.device, &info, NULL, &cache));
	VK_CHECK(vkCreatePipelineCache(dev.device, &info, NULL, &other));
	/* A pipeline created through the cache. */
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = add_one_spv_size, .pCode = add_one_spv,
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreateShaderModule(dev.device, &module_info, NULL, &pipe.module));
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &pipe.layout));
	const VkComputePipelineCreateInfo pinfo = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = pipe.module, .pName = "main",
		},
		.layout = pipe.layout,
	};
	VK_CHECK(vkCreateComputePipelines(dev.device, cache, 1, &pinfo, NULL, &pipe.pipeline));
	VK_CHECK(vkGetPipelineCacheData(dev.device, cache, &size, NULL));
	REQUIRE(size >= 32 && size <= sizeof(data));
	/* Too small for the header: nothing written, VK_INCOMPLETE. */
	REQUIRE_EQ(vkGetPipelineCacheData(dev.device, cache, &small, data), VK_INCOMPLETE);
	REQUIRE_EQ(small, 0);
	VK_CHECK(vkGetPipelineCacheData(dev.device, cache, &size, data));
	uint32_t header[4];
	memcpy(header, data, sizeof(header));
	REQUIRE_EQ(header[0], 32);
	REQUIRE_EQ(header[1], VK_PIPELINE_CACHE_HEADER_VERSION_ONE);
	REQUIRE_EQ(header[2], dev.props.vendorID);
	REQUIRE_EQ(header[3], dev.props.deviceID);
	REQUIRE(!memcmp(data + 16, dev.props.pipelineCacheUUID, VK_UUID_SIZE));
	/* Merged into another cache, then created from the data. */
	VK_CHECK(vkMergePipelineCaches(dev.device, other, 1, &cache));
	const VkPipelineCacheCreateInfo with_data = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
		.initialDataSize = size, .pInitialData = data,
	};
	VkPipelineCache loaded;
	VK_CHECK(vkCreatePipelineCache(dev.device, &with_data, NULL, &loaded));
	vkDestroyPipelineCache(dev.device, loaded, NULL);
	vkDestroyPipelineCache(dev.device, cache, NULL);
	vkDestroyPipelineCache(dev.device, other, NULL);
	vk_pipe_destroy(&dev, &pipe);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(pipeline_executables, "pipeline-executable-properties")
{
	VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
		.pipelineExecutableInfo = VK_TRUE,
	};
	const char *ext[] = { VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &features,
	};
	struct vk_dev dev;
	VkDescriptorSetLayout layout;
	VkShaderModule module;
	VkPipelineLayout pl;
	VkPipeline pipeline;
	uint32_t count = 0;

	vk_dev_create(&dev, &options);
	PFN_vkGetPipelineExecutablePropertiesKHR get_props =
		(PFN_vkGetPipelineExecutablePropertiesKHR)
		vk_dev_proc(&dev, "vkGetPipelineExecutablePropertiesKHR");
	PFN_vkGetPipelineExecutableStatisticsKHR get_stats =
		(PFN_vkGetPipelineExecutableStatisticsKHR)
		vk_dev_proc(&dev, "vkGetPipelineExecutableStatisticsKHR");
	PFN_vkGetPipelineExecutableInternalRepresentationsKHR get_ir =
		(PFN_vkGetPipelineExecutableInternalRepresentationsKHR)
		vk_dev_proc(&dev, "vkGetPipelineExecutableInternalRepresentationsKHR");
	layout = vk_storage_set_layout(&dev, 2, 0);
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = add_one_spv_size, .pCode = add_one_spv,
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreateShaderModule(dev.device, &module_info, NULL, &module));
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &pl));
	const VkComputePipelineCreateInfo pinfo = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.flags = VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR |
			 VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
		},
		.layout = pl,
	};
	VK_CHECK(vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, 1, &pinfo, NULL, &pipeline));
	const VkPipelineInfoKHR pipeline_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline,
	};
	VK_CHECK(get_props(dev.device, &pipeline_info, &count, NULL));
	REQUIRE(count >= 1);
	VkPipelineExecutablePropertiesKHR props = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR,
	};
	count = 1;
	REQUIRE(get_props(dev.device, &pipeline_info, &count, &props) >= 0);
	REQUIRE(props.stages & VK_SHADER_STAGE_COMPUTE_BIT);
	const VkPipelineExecutableInfoKHR exe = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, .pipeline = pipeline,
		.executableIndex = 0,
	};
	count = 0;
	VK_CHECK(get_stats(dev.device, &exe, &count, NULL));
	REQUIRE(count >= 1);
	count = 0;
	VK_CHECK(get_ir(dev.device, &exe, &count, NULL));
	vkDestroyPipeline(dev.device, pipeline, NULL);
	vkDestroyPipelineLayout(dev.device, pl, NULL);
	vkDestroyShaderModule(dev.device, module, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(private_data, "private-data-set-get")
{
	VkPhysicalDevicePrivateDataFeatures features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES,
		.privateData = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_PRIVATE_DATA_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &features,
	};
	struct vk_dev dev;
	VkPrivateDataSlot slot;
	uint64_t value = 0;

	vk_dev_create(&dev, &options);
	PFN_vkCreatePrivateDataSlotEXT create = (PFN_vkCreatePrivateDataSlotEXT)
		vk_dev_proc(&dev, "vkCreatePrivateDataSlotEXT");
	PFN_vkSetPrivateDataEXT set = (PFN_vkSetPrivateDataEXT)
		vk_dev_proc(&dev, "vkSetPrivateDataEXT");
	PFN_vkGetPrivateDataEXT get = (PFN_vkGetPrivateDataEXT)
		vk_dev_proc(&dev, "vkGetPrivateDataEXT");
	PFN_vkDestroyPrivateDataSlotEXT destroy = (PFN_vkDestroyPrivateDataSlotEXT)
		vk_dev_proc(&dev, "vkDestroyPrivateDataSlotEXT");
	const VkPrivateDataSlotCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO,
	};
	VK_CHECK(create(dev.device, &info, NULL, &slot));
	get(dev.device, VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)dev.device, slot, &value);
	REQUIRE_EQ(value, 0);
	VK_CHECK(set(dev.device, VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)dev.device, slot,
		     0x1234));
	get(dev.device, VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)dev.device, slot, &value);
	REQUIRE_EQ(value, 0x1234);
	destroy(dev.device, slot, NULL);
	vk_dev_destroy(&dev);
}

/*
 * Pipeline creation control and feedback: with FAIL_ON_PIPELINE_COMPILE_
 * REQUIRED a pipeline is created only when no compilation is needed (or
 * VK_PIPELINE_COMPILE_REQUIRED with a null handle), and the feedback says
 * the creation was valid.
 */
VK_TEST(pipeline_feedback, "pipeline-creation-feedback-and-cache-control")
{
	const char *ext[] = {
		VK_EXT_PIPELINE_CREATION_CACHE_CONTROL_EXTENSION_NAME,
		VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME,
	};
	VkPhysicalDevicePipelineCreationCacheControlFeatures control = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES,
		.pipelineCreationCacheControl = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 2, .features = &control,
	};
	struct vk_dev dev;
	VkDescriptorSetLayout layout;
	VkShaderModule module;
	VkPipelineLayout pl;
	VkPipeline pipeline = VK_NULL_HANDLE;
	VkPipelineCache cache;
	VkResult r;

	vk_dev_create(&dev, &options);
	layout = vk_storage_set_layout(&dev, 2, 0);
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = add_one_spv_size, .pCode = add_one_spv,
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	const VkPipelineCacheCreateInfo cache_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
	};
	VK_CHECK(vkCreateShaderModule(dev.device, &module_info, NULL, &module));
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &pl));
	VK_CHECK(vkCreatePipelineCache(dev.device, &cache_info, NULL, &cache));
	VkPipelineCreationFeedback feedback = { 0 }, stage_feedback = { 0 };
	const VkPipelineCreationFeedbackCreateInfo feedback_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO,
		.pPipelineCreationFeedback = &feedback,
		.pipelineStageCreationFeedbackCount = 1,
		.pPipelineStageCreationFeedbacks = &stage_feedback,
	};
	VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, .pNext = &feedback_info,
		.flags = VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
		},
		.layout = pl,
	};
	r = vkCreateComputePipelines(dev.device, cache, 1, &info, NULL, &pipeline);
	/* A driver may have it cached already; if not, it must say so, with no pipeline. */
	REQUIRE(r == VK_SUCCESS || r == VK_PIPELINE_COMPILE_REQUIRED);
	if (r == VK_PIPELINE_COMPILE_REQUIRED)
		REQUIRE(pipeline == VK_NULL_HANDLE);
	else
		vkDestroyPipeline(dev.device, pipeline, NULL);
	info.flags = 0;
	VK_CHECK(vkCreateComputePipelines(dev.device, cache, 1, &info, NULL, &pipeline));
	REQUIRE(feedback.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT);
	vkDestroyPipeline(dev.device, pipeline, NULL);
	vkDestroyPipelineCache(dev.device, cache, NULL);
	vkDestroyPipelineLayout(dev.device, pl, NULL);
	vkDestroyShaderModule(dev.device, module, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_dev_destroy(&dev);
}

/* A required subgroup size (the largest the device has) with full subgroups. */
VK_TEST(pipeline_subgroup_size, "pipeline-required-subgroup-size")
{
	VkPhysicalDeviceSubgroupSizeControlFeatures control = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
		.subgroupSizeControl = VK_TRUE, .computeFullSubgroups = VK_TRUE,
	};
	const char *ext[] = { VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME };
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &control,
	};
	VkPhysicalDeviceSubgroupSizeControlProperties props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &props,
	};
	struct vk_dev dev;
	struct vk_buf in, out;
	VkDescriptorSetLayout layout;
	VkShaderModule module;
	VkPipelineLayout pl;
	VkPipeline pipeline;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceProperties2(dev.physical, &props2);
	if (!(props.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
	    props.maxSubgroupSize > 64)
		vk_test_skip("no required subgroup size for compute that divides 64");
	vk_buf_create(&dev, 256, 0, &in);
	vk_buf_create(&dev, 256, 0, &out);
	layout = vk_storage_set_layout(&dev, 2, 0);
	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = add_one_spv_size, .pCode = add_one_spv,
	};
	const VkPipelineLayoutCreateInfo layout_info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreateShaderModule(dev.device, &module_info, NULL, &module));
	VK_CHECK(vkCreatePipelineLayout(dev.device, &layout_info, NULL, &pl));
	const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo required = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
		.requiredSubgroupSize = props.maxSubgroupSize,
	};
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.pNext = &required,
			.flags = VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
		},
		.layout = pl,
	};
	VK_CHECK(vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, 1, &info, NULL, &pipeline));
	for (uint32_t i = 0; i < 64; i++)
		((uint32_t *)in.map)[i] = 5 * i;
	const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
	};
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &alloc, &set));
	const VkDescriptorBufferInfo infos[2] = {
		{ in.buffer, 0, VK_WHOLE_SIZE }, { out.buffer, 0, VK_WHOLE_SIZE },
	};
	const VkWriteDescriptorSet write = {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
		.descriptorCount = 2, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		.pBufferInfo = infos,
	};
	vkUpdateDescriptorSets(dev.device, 1, &write, 0, NULL);
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
	vkCmdDispatch(cmd, 1, 1, 1);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(&dev, cmd, 0);
	for (uint32_t i = 0; i < 64; i++)
		REQUIRE_EQ(((uint32_t *)out.map)[i], 5 * i + 1);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyPipeline(dev.device, pipeline, NULL);
	vkDestroyPipelineLayout(dev.device, pl, NULL);
	vkDestroyShaderModule(dev.device, module, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	vk_buf_destroy(&dev, &in);
	vk_buf_destroy(&dev, &out);
	vk_dev_destroy(&dev);
}
