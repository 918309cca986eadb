/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Lavapipe compute executor (see lvp.h), also for other devices
 *
 * One device with every feature the corpus uses: 8/16/64-bit integers and
 * storage, scalar and standard uniform layouts, 64-bit atomics, subgroup
 * extended types, and robustBufferAccess2 — out-of-bounds loads return
 * zero and stores are dropped, the semantics Ember's ISA guarantees, so
 * the robustness shaders expect the same on both.
 *
 * Every buffer gets its own host-visible, coherent allocation, mapped for
 * the kernel's lifetime; descriptor set layouts cover sets 0..max, empty
 * where the shader uses none, as Vulkan requires.
 */

#include "lvp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define LVP_ICD "/usr/share/vulkan/icd.d/lvp_icd.json"
#define LVP_MAX_SETS 8
/* Arrays of descriptors may leave holes: room for the highest index. */
#define LVP_MAX_DESCRIPTORS 64

struct lvp_device {
	VkInstance instance;
	VkPhysicalDevice physical;
	VkDevice device;
	VkQueue queue;
	uint32_t queue_family;
	uint32_t host_memory_type;
	unsigned int subgroup_size;
	char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

struct lvp_kernel {
	struct lvp_device *dev;
	unsigned int buffer_count;
	VkBuffer buffers[CORPUS_MAX_BUFFERS];
	VkDeviceMemory memory[CORPUS_MAX_BUFFERS];
	void *maps[CORPUS_MAX_BUFFERS];
	/* Images: the buffer above stages the packed contents (copied before and after). */
	VkImage images[CORPUS_MAX_BUFFERS];
	VkDeviceMemory image_memory[CORPUS_MAX_BUFFERS];
	VkImageView views[CORPUS_MAX_BUFFERS];
	VkSampler samplers[CORPUS_MAX_BUFFERS];
	VkBufferView buffer_views[CORPUS_MAX_BUFFERS];
	uint32_t set_count;
	VkDescriptorSetLayout set_layouts[LVP_MAX_SETS];
	VkPipelineLayout pipeline_layout;
	VkShaderModule module;
	VkPipeline pipeline;
	VkDescriptorPool pool;
	VkDescriptorSet sets[LVP_MAX_SETS];
	VkCommandPool command_pool;
	VkCommandBuffer command_buffer;
	VkFence fence;
};

static int lvp_fail(char *err, size_t err_size, const char *what, VkResult result)
{
	snprintf(err, err_size, "%s failed: VkResult %d", what, result);
	return -1;
}

struct lvp_device *lvp_open(char *err, size_t err_size)
{
	setenv("VK_ICD_FILENAMES", LVP_ICD, 0);
	return lvp_open_device("llvmpipe", err, err_size);
}

struct lvp_device *lvp_open_device(const char *name, char *err, size_t err_size)
{
	struct lvp_device *dev = calloc(1, sizeof(*dev));
	VkResult r;

	if (!dev) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	const VkApplicationInfo app = {
		.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "ember-shader-corpus",
		.apiVersion = VK_API_VERSION_1_2,
	};
	const VkInstanceCreateInfo instance_info = {
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app,
	};
	r = vkCreateInstance(&instance_info, NULL, &dev->instance);
	if (r != VK_SUCCESS) {
		lvp_fail(err, err_size, "vkCreateInstance", r);
		goto err_free;
	}
	VkPhysicalDevice physical[8];
	uint32_t count = 8;
	r = vkEnumeratePhysicalDevices(dev->instance, &count, physical);
	if (r < 0 || !count) {
		lvp_fail(err, err_size, "vkEnumeratePhysicalDevices", r);
		goto err_instance;
	}
	for (uint32_t i = 0; i < count && !dev->physical; i++) {
		VkPhysicalDeviceProperties props;

		vkGetPhysicalDeviceProperties(physical[i], &props);
		if (strstr(props.deviceName, name)) {
			dev->physical = physical[i];
			snprintf(dev->name, sizeof(dev->name), "%s", props.deviceName);
		}
	}
	if (!dev->physical) {
		snprintf(err, err_size, "no device named %s among %u", name, count);
		goto err_instance;
	}

	VkPhysicalDeviceSubgroupProperties subgroup = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &subgroup,
	};
	vkGetPhysicalDeviceProperties2(dev->physical, &props2);
	dev->subgroup_size = subgroup.subgroupSize;

	VkQueueFamilyProperties families[8];
	count = 8;
	vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
	dev->queue_family = UINT32_MAX;
	for (uint32_t i = 0; i < count; i++) {
		if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
			dev->queue_family = i;
			break;
		}
	}
	VkPhysicalDeviceMemoryProperties memory;
	vkGetPhysicalDeviceMemoryProperties(dev->physical, &memory);
	dev->host_memory_type = UINT32_MAX;
	const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
					   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
	for (uint32_t i = 0; i < memory.memoryTypeCount; i++) {
		if ((memory.memoryTypes[i].propertyFlags & host) == host) {
			dev->host_memory_type = i;
			break;
		}
	}
	if (dev->queue_family == UINT32_MAX || dev->host_memory_type == UINT32_MAX) {
		snprintf(err, err_size, "no compute queue or host-coherent memory");
		goto err_instance;
	}

	VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures zero_shared = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
		.shaderZeroInitializeWorkgroupMemory = VK_TRUE,
	};
	VkPhysicalDeviceShaderIntegerDotProductFeatures integer_dot = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES,
		.pNext = &zero_shared,
		.shaderIntegerDotProduct = VK_TRUE,
	};
	VkPhysicalDeviceRobustness2FeaturesEXT robustness2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
		.pNext = &integer_dot,
		.robustBufferAccess2 = VK_TRUE,
	};
	VkPhysicalDeviceVulkan12Features features12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.pNext = &robustness2,
		.storageBuffer8BitAccess = VK_TRUE,
		.uniformAndStorageBuffer8BitAccess = VK_TRUE,
		.shaderBufferInt64Atomics = VK_TRUE,
		.shaderSharedInt64Atomics = VK_TRUE,
		.shaderInt8 = VK_TRUE,
		.shaderFloat16 = VK_TRUE,
		.scalarBlockLayout = VK_TRUE,
		.uniformBufferStandardLayout = VK_TRUE,
		.shaderSubgroupExtendedTypes = VK_TRUE,
	};
	VkPhysicalDeviceVulkan11Features features11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.pNext = &features12,
		.storageBuffer16BitAccess = VK_TRUE,
		.uniformAndStorageBuffer16BitAccess = VK_TRUE,
	};
	VkPhysicalDeviceFeatures2 features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
		.pNext = &features11,
		.features = {
			.robustBufferAccess = VK_TRUE,
			.shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
			.shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
			.shaderInt64 = VK_TRUE,
			.shaderInt16 = VK_TRUE,
		},
	};
	/*
	 * Half floats only where the device has them (Ember does not report
	 * shaderFloat16 while its compiler lacks some f16 instructions).
	 */
	VkPhysicalDeviceVulkan12Features supported12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
	};
	VkPhysicalDeviceFeatures2 supported = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &supported12,
	};
	vkGetPhysicalDeviceFeatures2(dev->physical, &supported);
	features12.shaderFloat16 = supported12.shaderFloat16;
	/* What the sampler shaders use, where the device has it. */
	features12.samplerMirrorClampToEdge = supported12.samplerMirrorClampToEdge;
	features12.shaderSampledImageArrayNonUniformIndexing =
		supported12.shaderSampledImageArrayNonUniformIndexing;
	features.features.shaderImageGatherExtended =
		supported.features.shaderImageGatherExtended;
	features.features.shaderSampledImageArrayDynamicIndexing =
		supported.features.shaderSampledImageArrayDynamicIndexing;

	const float priority = 1.0f;
	const VkDeviceQueueCreateInfo queue_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueFamilyIndex = dev->queue_family,
		.queueCount = 1,
		.pQueuePriorities = &priority,
	};
	const char *extensions[] = {
		VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME,
		VK_KHR_ZERO_INITIALIZE_WORKGROUP_MEMORY_EXTENSION_NAME,
	};
	const VkDeviceCreateInfo device_info = {
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.pNext = &features,
		.queueCreateInfoCount = 1,
		.pQueueCreateInfos = &queue_info,
		.enabledExtensionCount = sizeof(extensions) / sizeof(extensions[0]),
		.ppEnabledExtensionNames = extensions,
	};
	r = vkCreateDevice(dev->physical, &device_info, NULL, &dev->device);
	if (r != VK_SUCCESS) {
		lvp_fail(err, err_size, "vkCreateDevice", r);
		goto err_instance;
	}
	vkGetDeviceQueue(dev->device, dev->queue_family, 0, &dev->queue);
	return dev;

err_instance:
	vkDestroyInstance(dev->instance, NULL);
err_free:
	free(dev);
	return NULL;
}

void lvp_close(struct lvp_device *dev)
{
	vkDestroyDevice(dev->device, NULL);
	vkDestroyInstance(dev->instance, NULL);
	free(dev);
}

unsigned int lvp_subgroup_size(const struct lvp_device *dev)
{
	return dev->subgroup_size;
}

const char *lvp_device_name(const struct lvp_device *dev)
{
	return dev->name;
}

static VkDescriptorType lvp_descriptor_type(const struct kernel_buffer_desc *b)
{
	switch (b->kind) {
	case CORPUS_STORAGE_IMAGE: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
	case CORPUS_SAMPLED_IMAGE: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
	case CORPUS_COMBINED_IMAGE: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
	case CORPUS_SAMPLER: return VK_DESCRIPTOR_TYPE_SAMPLER;
	case CORPUS_UNIFORM_TEXEL: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
	case CORPUS_STORAGE_TEXEL: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
	default:
		return b->uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
				  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
	}
}

static bool lvp_is_image(const struct kernel_buffer_desc *b)
{
	return b->kind == CORPUS_STORAGE_IMAGE || b->kind == CORPUS_SAMPLED_IMAGE ||
	       b->kind == CORPUS_COMBINED_IMAGE;
}

static VkImageAspectFlags lvp_aspect(const struct corpus_image *im)
{
	return im->depth_format ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

/* The VkImage, view, sampler or buffer view of resource @i. */
static int lvp_create_image(struct lvp_kernel *k, unsigned int i,
			    const struct kernel_buffer_desc *b, char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkResult r;

	if (b->sampler) {
		const struct corpus_sampler *sm = b->sampler;
		const VkSamplerCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
			.magFilter = sm->mag_filter, .minFilter = sm->min_filter,
			.mipmapMode = sm->mipmap_mode,
			.addressModeU = sm->address[0], .addressModeV = sm->address[1],
			.addressModeW = sm->address[2],
			.compareEnable = sm->compare_enable, .compareOp = sm->compare_op,
			.mipLodBias = sm->lod_bias, .minLod = sm->min_lod, .maxLod = sm->max_lod,
			.borderColor = sm->border,
			.unnormalizedCoordinates = sm->unnormalized,
		};
		r = vkCreateSampler(device, &info, NULL, &k->samplers[i]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkCreateSampler", r);
	}
	if (b->kind == CORPUS_UNIFORM_TEXEL || b->kind == CORPUS_STORAGE_TEXEL) {
		const VkBufferViewCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
			.buffer = k->buffers[i], .format = b->image->format, .range = VK_WHOLE_SIZE,
		};
		r = vkCreateBufferView(device, &info, NULL, &k->buffer_views[i]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkCreateBufferView", r);
		return 0;
	}
	if (!lvp_is_image(b))
		return 0;
	const struct corpus_image *im = b->image;
	const bool cube = im->view_type == VK_IMAGE_VIEW_TYPE_CUBE ||
			  im->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
	const VkImageType type = im->view_type == VK_IMAGE_VIEW_TYPE_3D ? VK_IMAGE_TYPE_3D :
				 im->view_type == VK_IMAGE_VIEW_TYPE_1D ||
				 im->view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY ? VK_IMAGE_TYPE_1D :
				 VK_IMAGE_TYPE_2D;
	const VkImageCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
		.imageType = type, .format = im->format,
		.extent = { im->width, im->height, im->depth },
		.mipLevels = im->levels, .arrayLayers = im->layers,
		.samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
			 (b->kind == CORPUS_STORAGE_IMAGE ? VK_IMAGE_USAGE_STORAGE_BIT
							  : VK_IMAGE_USAGE_SAMPLED_BIT),
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkMemoryRequirements req;

	r = vkCreateImage(device, &info, NULL, &k->images[i]);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateImage", r);
	vkGetImageMemoryRequirements(device, k->images[i], &req);
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size,
		.memoryTypeIndex = k->dev->host_memory_type,
	};
	r = vkAllocateMemory(device, &alloc, NULL, &k->image_memory[i]);
	if (r == VK_SUCCESS)
		r = vkBindImageMemory(device, k->images[i], k->image_memory[i], 0);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkAllocateMemory/vkBindImageMemory", r);
	const VkImageViewCreateInfo view = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = k->images[i], .viewType = im->view_type, .format = im->format,
		.subresourceRange = { lvp_aspect(im), 0, im->levels, 0, im->layers },
	};
	r = vkCreateImageView(device, &view, NULL, &k->views[i]);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateImageView", r);
	return 0;
}

/* Copies between resource @i's staging buffer and its image, one region per level. */
static void lvp_copy_image(struct lvp_kernel *k, unsigned int i,
			   const struct kernel_buffer_desc *b, bool to_image)
{
	const struct corpus_image *im = b->image;
	VkBufferImageCopy regions[16];

	for (uint32_t m = 0; m < im->levels && m < 16; m++) {
		uint32_t e[3];

		corpus_image_level_extent(im, m, e);
		regions[m] = (VkBufferImageCopy) {
			.bufferOffset = corpus_image_level_offset(im, m),
			.imageSubresource = { lvp_aspect(im), m, 0, im->layers },
			.imageExtent = { e[0], e[1], e[2] },
		};
	}
	if (to_image)
		vkCmdCopyBufferToImage(k->command_buffer, k->buffers[i], k->images[i],
				       VK_IMAGE_LAYOUT_GENERAL, im->levels, regions);
	else
		vkCmdCopyImageToBuffer(k->command_buffer, k->images[i], VK_IMAGE_LAYOUT_GENERAL,
				       k->buffers[i], im->levels, regions);
}

/* Everything before @src (stages, accesses) done and visible to @dst. */
static void lvp_barrier(struct lvp_kernel *k, VkPipelineStageFlags src, VkAccessFlags src_access,
			VkPipelineStageFlags dst, VkAccessFlags dst_access)
{
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = src_access, .dstAccessMask = dst_access,
	};
	vkCmdPipelineBarrier(k->command_buffer, src, dst, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static int lvp_create_buffers(struct lvp_kernel *k, const struct kernel_desc *desc,
			      char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkResult r;

	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];
		const VkBufferCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
			.size = b->size ? b->size : 16,
			.usage = (b->uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
					     : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) |
				 (corpus_kind_is_image(b->kind) ?
				  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
				  VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
				  VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT : 0),
			.sharingMode = VK_SHARING_MODE_EXCLUSIVE,
		};
		VkMemoryRequirements req;

		r = vkCreateBuffer(device, &info, NULL, &k->buffers[i]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkCreateBuffer", r);
		k->buffer_count = i + 1;
		vkGetBufferMemoryRequirements(device, k->buffers[i], &req);
		if (!(req.memoryTypeBits & (1u << k->dev->host_memory_type))) {
			snprintf(err, err_size, "buffer %u cannot live in host memory", i);
			return -1;
		}
		const VkMemoryAllocateInfo alloc = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
			.allocationSize = req.size,
			.memoryTypeIndex = k->dev->host_memory_type,
		};
		r = vkAllocateMemory(device, &alloc, NULL, &k->memory[i]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkAllocateMemory", r);
		r = vkBindBufferMemory(device, k->buffers[i], k->memory[i], 0);
		if (r == VK_SUCCESS)
			r = vkMapMemory(device, k->memory[i], 0, VK_WHOLE_SIZE, 0, &k->maps[i]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkBindBufferMemory/vkMapMemory", r);
		memset(k->maps[i], 0, b->size);
		if (corpus_kind_is_image(b->kind) && lvp_create_image(k, i, b, err, err_size))
			return -1;
	}
	return 0;
}

static int lvp_create_layouts(struct lvp_kernel *k, const struct kernel_desc *desc,
			      char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkResult r;

	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		if (desc->buffers[i].set >= LVP_MAX_SETS ||
		    desc->buffers[i].array_index >= LVP_MAX_DESCRIPTORS) {
			snprintf(err, err_size, "set %u beyond %d or array index %u beyond %d",
				 desc->buffers[i].set, LVP_MAX_SETS, desc->buffers[i].array_index,
				 LVP_MAX_DESCRIPTORS);
			return -1;
		}
		if (desc->buffers[i].set + 1 > k->set_count)
			k->set_count = desc->buffers[i].set + 1;
	}
	for (uint32_t set = 0; set < k->set_count; set++) {
		VkDescriptorSetLayoutBinding bindings[CORPUS_MAX_BUFFERS];
		uint32_t n = 0;

		for (unsigned int i = 0; i < desc->buffer_count; i++) {
			const struct kernel_buffer_desc *b = &desc->buffers[i];
			uint32_t j = 0;

			if (b->set != set)
				continue;
			/* Elements of one array of descriptors share a layout binding. */
			while (j < n && bindings[j].binding != b->binding)
				j++;
			if (j == n)
				bindings[n++] = (VkDescriptorSetLayoutBinding) {
					.binding = b->binding,
					.descriptorType = lvp_descriptor_type(b),
					.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
				};
			if (b->array_index + 1 > bindings[j].descriptorCount)
				bindings[j].descriptorCount = b->array_index + 1;
		}
		const VkDescriptorSetLayoutCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
			.bindingCount = n,
			.pBindings = bindings,
		};
		r = vkCreateDescriptorSetLayout(device, &info, NULL, &k->set_layouts[set]);
		if (r != VK_SUCCESS)
			return lvp_fail(err, err_size, "vkCreateDescriptorSetLayout", r);
	}
	const VkPushConstantRange push = {
		.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
		.size = desc->push_size,
	};
	const VkPipelineLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = k->set_count,
		.pSetLayouts = k->set_layouts,
		.pushConstantRangeCount = desc->push_size ? 1 : 0,
		.pPushConstantRanges = &push,
	};
	r = vkCreatePipelineLayout(device, &info, NULL, &k->pipeline_layout);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreatePipelineLayout", r);
	return 0;
}

static int lvp_create_pipeline(struct lvp_kernel *k, const struct kernel_desc *desc,
			       char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkSpecializationMapEntry entries[CORPUS_MAX_SPEC];
	uint64_t spec_data[CORPUS_MAX_SPEC];
	VkResult r;

	const VkShaderModuleCreateInfo module_info = {
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = desc->spirv_words * 4,
		.pCode = desc->spirv,
	};
	r = vkCreateShaderModule(device, &module_info, NULL, &k->module);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateShaderModule", r);
	for (unsigned int i = 0; i < desc->spec_count; i++) {
		/* Each constant in its own 8-byte slot; 4-byte ones use its low half. */
		spec_data[i] = desc->spec[i].value;
		entries[i] = (VkSpecializationMapEntry) {
			.constantID = desc->spec[i].id,
			.offset = i * 8,
			.size = desc->spec[i].size,
		};
	}
	const VkSpecializationInfo spec = {
		.mapEntryCount = desc->spec_count,
		.pMapEntries = entries,
		.dataSize = desc->spec_count * 8,
		.pData = spec_data,
	};
	const VkComputePipelineCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = {
			.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			.stage = VK_SHADER_STAGE_COMPUTE_BIT,
			.module = k->module,
			.pName = "main",
			.pSpecializationInfo = desc->spec_count ? &spec : NULL,
		},
		.layout = k->pipeline_layout,
	};
	r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, NULL, &k->pipeline);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateComputePipelines", r);
	return 0;
}

static int lvp_create_sets(struct lvp_kernel *k, const struct kernel_desc *desc,
			   char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkResult r;

	const VkDescriptorPoolSize sizes[] = {
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_SAMPLER, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, LVP_MAX_DESCRIPTORS },
		{ VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, LVP_MAX_DESCRIPTORS },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = LVP_MAX_SETS,
		.poolSizeCount = sizeof(sizes) / sizeof(sizes[0]),
		.pPoolSizes = sizes,
	};
	r = vkCreateDescriptorPool(device, &pool_info, NULL, &k->pool);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateDescriptorPool", r);
	if (!k->set_count)
		return 0;
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = k->pool,
		.descriptorSetCount = k->set_count,
		.pSetLayouts = k->set_layouts,
	};
	r = vkAllocateDescriptorSets(device, &alloc, k->sets);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkAllocateDescriptorSets", r);
	VkDescriptorBufferInfo infos[CORPUS_MAX_BUFFERS];
	VkDescriptorImageInfo image_infos[CORPUS_MAX_BUFFERS];
	VkWriteDescriptorSet writes[CORPUS_MAX_BUFFERS];
	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];

		infos[i] = (VkDescriptorBufferInfo) {
			.buffer = k->buffers[i],
			.range = b->range ? b->range : b->size,
		};
		writes[i] = (VkWriteDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.dstSet = k->sets[b->set],
			.dstBinding = b->binding,
			.dstArrayElement = b->array_index,
			.descriptorCount = 1,
			.descriptorType = lvp_descriptor_type(b),
			.pBufferInfo = &infos[i],
		};
		if (corpus_kind_is_image(b->kind)) {
			image_infos[i] = (VkDescriptorImageInfo) {
				.sampler = k->samplers[i], .imageView = k->views[i],
				.imageLayout = VK_IMAGE_LAYOUT_GENERAL,
			};
			writes[i].pBufferInfo = NULL;
			writes[i].pImageInfo = &image_infos[i];
			writes[i].pTexelBufferView = &k->buffer_views[i];
		}
	}
	vkUpdateDescriptorSets(device, desc->buffer_count, writes, 0, NULL);
	return 0;
}

static int lvp_record(struct lvp_kernel *k, const struct kernel_desc *desc,
		      char *err, size_t err_size)
{
	VkDevice device = k->dev->device;
	VkResult r;

	const VkCommandPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.queueFamilyIndex = k->dev->queue_family,
	};
	r = vkCreateCommandPool(device, &pool_info, NULL, &k->command_pool);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateCommandPool", r);
	const VkCommandBufferAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = k->command_pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
		.commandBufferCount = 1,
	};
	r = vkAllocateCommandBuffers(device, &alloc, &k->command_buffer);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkAllocateCommandBuffers", r);
	const VkCommandBufferBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
	};
	vkBeginCommandBuffer(k->command_buffer, &begin);
	/* Images: GENERAL throughout, filled from their staging buffers. */
	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];

		if (!lvp_is_image(b))
			continue;
		const VkImageMemoryBarrier to_general = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
			.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
			.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED, .newLayout = VK_IMAGE_LAYOUT_GENERAL,
			.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
			.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
			.image = k->images[i],
			.subresourceRange = { lvp_aspect(b->image), 0, b->image->levels, 0,
					      b->image->layers },
		};
		vkCmdPipelineBarrier(k->command_buffer, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
				     VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1,
				     &to_general);
		lvp_copy_image(k, i, b, true);
	}
	lvp_barrier(k, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT,
		    VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT,
		    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
		    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
	vkCmdBindPipeline(k->command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, k->pipeline);
	if (k->set_count)
		vkCmdBindDescriptorSets(k->command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE,
					k->pipeline_layout, 0, k->set_count, k->sets, 0, NULL);
	if (desc->push_size)
		vkCmdPushConstants(k->command_buffer, k->pipeline_layout,
				   VK_SHADER_STAGE_COMPUTE_BIT, 0, desc->push_size, desc->push);
	vkCmdDispatch(k->command_buffer, desc->groups[0], desc->groups[1], desc->groups[2]);
	lvp_barrier(k, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
		    VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
	for (unsigned int i = 0; i < desc->buffer_count; i++)
		if (lvp_is_image(&desc->buffers[i]))
			lvp_copy_image(k, i, &desc->buffers[i], false);
	/* Make the shader's writes visible to the host's reads of the mapping. */
	const VkMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_HOST_READ_BIT,
	};
	vkCmdPipelineBarrier(k->command_buffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
			     VK_PIPELINE_STAGE_TRANSFER_BIT,
			     VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
	r = vkEndCommandBuffer(k->command_buffer);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkEndCommandBuffer", r);
	const VkFenceCreateInfo fence = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	r = vkCreateFence(device, &fence, NULL, &k->fence);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkCreateFence", r);
	return 0;
}

struct lvp_kernel *lvp_kernel_create(struct lvp_device *dev, const struct kernel_desc *desc,
				     char *err, size_t err_size)
{
	struct lvp_kernel *k = calloc(1, sizeof(*k));

	if (!k) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	k->dev = dev;
	if (desc->buffer_count > CORPUS_MAX_BUFFERS || desc->spec_count > CORPUS_MAX_SPEC) {
		snprintf(err, err_size, "too many buffers or spec constants");
		goto err_destroy;
	}
	if (lvp_create_buffers(k, desc, err, err_size) ||
	    lvp_create_layouts(k, desc, err, err_size) ||
	    lvp_create_pipeline(k, desc, err, err_size) ||
	    lvp_create_sets(k, desc, err, err_size) ||
	    lvp_record(k, desc, err, err_size))
		goto err_destroy;
	return k;

err_destroy:
	lvp_kernel_destroy(k);
	return NULL;
}

void *lvp_kernel_buffer(struct lvp_kernel *k, unsigned int index)
{
	return k->maps[index];
}

int lvp_kernel_run(struct lvp_kernel *k, char *err, size_t err_size)
{
	const VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &k->command_buffer,
	};
	VkResult r = vkQueueSubmit(k->dev->queue, 1, &submit, k->fence);

	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkQueueSubmit", r);
	r = vkWaitForFences(k->dev->device, 1, &k->fence, VK_TRUE, 60ull * 1000000000);
	if (r != VK_SUCCESS)
		return lvp_fail(err, err_size, "vkWaitForFences (60 s)", r);
	vkResetFences(k->dev->device, 1, &k->fence);
	return 0;
}

/* Safe on a partly created kernel: Vulkan ignores VK_NULL_HANDLE destroys. */
void lvp_kernel_destroy(struct lvp_kernel *k)
{
	VkDevice device = k->dev->device;

	vkDestroyFence(device, k->fence, NULL);
	vkDestroyCommandPool(device, k->command_pool, NULL);
	vkDestroyDescriptorPool(device, k->pool, NULL);
	vkDestroyPipeline(device, k->pipeline, NULL);
	vkDestroyShaderModule(device, k->module, NULL);
	vkDestroyPipelineLayout(device, k->pipeline_layout, NULL);
	for (uint32_t i = 0; i < LVP_MAX_SETS; i++)
		vkDestroyDescriptorSetLayout(device, k->set_layouts[i], NULL);
	for (unsigned int i = 0; i < k->buffer_count; i++) {
		vkDestroySampler(device, k->samplers[i], NULL);
		vkDestroyBufferView(device, k->buffer_views[i], NULL);
		vkDestroyImageView(device, k->views[i], NULL);
		vkDestroyImage(device, k->images[i], NULL);
		vkFreeMemory(device, k->image_memory[i], NULL);
		vkDestroyBuffer(device, k->buffers[i], NULL);
		vkFreeMemory(device, k->memory[i], NULL);
	}
	free(k);
}
