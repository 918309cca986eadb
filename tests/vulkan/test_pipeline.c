/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipelines
 *
 * Pipeline caches (the specification's header in vkGetPipelineCacheData,
 * size queries, VK_INCOMPLETE, merging), pipeline executable properties,
 * and private data.
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
