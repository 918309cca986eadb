/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Multisampled depth/stencil images
 *
 * sampledImageDepthSampleCounts and sampledImageStencilSampleCounts must
 * include 4 (the specification's required limits): a 4-sample image of
 * each depth/stencil format the device samples, two array layers cleared
 * to different values by vkCmdClearDepthStencilImage, then every sample
 * of every texel read by texelFetch through a depth view and, where the
 * format has one, a stencil view. The clear is a graphics-queue command
 * (vk_dev_graphics_transfers()); without one nothing can fill such an
 * image, and the test skips.
 */

#include "vk_image.h"
#include "vk_test.h"
#include "vk_shaders.h"

#include <math.h>
#include <string.h>

#define WIDTH	9
#define HEIGHT	5
#define LAYERS	2
#define SAMPLES	(WIDTH * HEIGHT * LAYERS * 4)

static const VkClearDepthStencilValue layer_clear[LAYERS] = { { 0.25f, 0x3c }, { 0.75f, 0xc3 } };

static const struct {
	VkFormat format;
	VkImageAspectFlags aspects;
	float depth_ulp;	/* the depth format's precision */
} formats[] = {
	{ VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, 1.0f / 65535 },
	{ VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT, 1.0f / 16777215 },
	{ VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 0 },
	{ VK_FORMAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, 0 },
	{ VK_FORMAT_D16_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
	  1.0f / 65535 },
	{ VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
	  1.0f / 16777215 },
	{ VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0 },
};

#define FORMAT_COUNT	(sizeof(formats) / sizeof(formats[0]))

static const VkImageUsageFlags usage =
	VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;

static bool multisampled_supported(struct vk_dev *dev, VkFormat format)
{
	VkImageFormatProperties p;

	return vkGetPhysicalDeviceImageFormatProperties(dev->physical, format, VK_IMAGE_TYPE_2D,
			VK_IMAGE_TILING_OPTIMAL, usage, 0, &p) == VK_SUCCESS &&
	       (p.sampleCounts & VK_SAMPLE_COUNT_4_BIT) && p.maxArrayLayers >= LAYERS;
}

/* The pipeline and set of one aspect's fetch shader. */
struct fetch {
	VkDescriptorSetLayout set_layout;
	struct vk_pipe pipe;
};

static void fetch_create(struct vk_dev *dev, const uint32_t *spirv, size_t size,
			 VkSampler sampler, struct fetch *f)
{
	const VkDescriptorSetLayoutBinding bindings[] = {
		{ 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
		  &sampler },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	const VkDescriptorSetLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = 2, .pBindings = bindings,
	};

	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, &f->set_layout));
	vk_pipe_create(dev, spirv, size, &f->set_layout, 1, 3 * sizeof(uint32_t), NULL, &f->pipe);
}

static void fetch_destroy(struct vk_dev *dev, struct fetch *f)
{
	vk_pipe_destroy(dev, &f->pipe);
	vkDestroyDescriptorSetLayout(dev->device, f->set_layout, NULL);
}

/* Records @f reading @aspect of @image into @out. */
static void fetch_record(struct vk_dev *dev, VkCommandBuffer cmd, VkDescriptorPool pool,
			 const struct fetch *f, VkImageView view, const struct vk_buf *out)
{
	const uint32_t shape[3] = { WIDTH, HEIGHT, LAYERS };
	const VkDescriptorSetAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = &f->set_layout,
	};
	const VkDescriptorImageInfo image_info = {
		.imageView = view, .imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
	};
	const VkDescriptorBufferInfo buffer_info = { out->buffer, 0, VK_WHOLE_SIZE };
	VkDescriptorSet set;

	VK_CHECK(vkAllocateDescriptorSets(dev->device, &alloc, &set));
	const VkWriteDescriptorSet writes[] = {
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
		  .pImageInfo = &image_info },
		{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
		  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
		  .pBufferInfo = &buffer_info },
	};
	vkUpdateDescriptorSets(dev->device, 2, writes, 0, NULL);
	vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, f->pipe.pipeline);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, f->pipe.layout, 0, 1, &set,
				0, NULL);
	vkCmdPushConstants(cmd, f->pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(shape),
			   shape);
	vkCmdDispatch(cmd, (WIDTH * HEIGHT * LAYERS + 63) / 64, 1, 1);
}

static VkImageView aspect_view(struct vk_dev *dev, VkImage image, VkFormat format,
			       VkImageAspectFlags aspect)
{
	const VkImageViewCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
		.viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY, .format = format,
		.subresourceRange = { aspect, 0, 1, 0, LAYERS },
	};
	VkImageView view;

	VK_CHECK(vkCreateImageView(dev->device, &info, NULL, &view));
	return view;
}

static void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspects,
			  VkImageLayout from, VkImageLayout to, VkPipelineStageFlags src_stage,
			  VkAccessFlags src, VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
	const VkImageMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = src, .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image, .subresourceRange = { aspects, 0, 1, 0, LAYERS },
	};

	vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

VK_TEST(image_ms_depth_stencil, "image-depth-stencil-multisampled-clear-fetch")
{
	const VkSamplerCreateInfo sampler_info = { .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO };
	const VkDescriptorPoolSize sizes[] = {
		{ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 * FORMAT_COUNT },
		{ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * FORMAT_COUNT },
	};
	const VkDescriptorPoolCreateInfo pool_info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 2 * FORMAT_COUNT, .poolSizeCount = 2, .pPoolSizes = sizes,
	};
	struct fetch depth_fetch, stencil_fetch;
	unsigned int tested = 0;
	VkDescriptorPool pool;
	VkSampler sampler;
	const char *why;
	struct vk_dev dev;

	vk_dev_create(&dev, NULL);
	/* The clears that give the images their contents are graphics-queue commands. */
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("vkCmdClearDepthStencilImage: %s", why);
	if (!(dev.props.limits.sampledImageDepthSampleCounts & VK_SAMPLE_COUNT_4_BIT) ||
	    !(dev.props.limits.sampledImageStencilSampleCounts & VK_SAMPLE_COUNT_4_BIT))
		vk_test_fail(__FILE__, __LINE__,
			     "sampledImageDepth/StencilSampleCounts lack the required 4 samples");
	VK_CHECK(vkCreateSampler(dev.device, &sampler_info, NULL, &sampler));
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pool_info, NULL, &pool));
	fetch_create(&dev, ms_depth_fetch_spv, ms_depth_fetch_spv_size, sampler, &depth_fetch);
	fetch_create(&dev, ms_stencil_fetch_spv, ms_stencil_fetch_spv_size, sampler,
		     &stencil_fetch);

	for (size_t i = 0; i < FORMAT_COUNT; i++) {
		const VkImageCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
			.imageType = VK_IMAGE_TYPE_2D, .format = formats[i].format,
			.extent = { WIDTH, HEIGHT, 1 }, .mipLevels = 1, .arrayLayers = LAYERS,
			.samples = VK_SAMPLE_COUNT_4_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
			.usage = usage, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		};
		VkImageAspectFlags aspects = formats[i].aspects;
		VkImageView depth_view = VK_NULL_HANDLE, stencil_view = VK_NULL_HANDLE;
		struct vk_buf depths, stencils;
		VkMemoryRequirements req;
		VkDeviceMemory memory;
		VkCommandBuffer cmd;
		VkImage image;

		if (!multisampled_supported(&dev, formats[i].format))
			continue;
		tested++;
		VK_CHECK(vkCreateImage(dev.device, &info, NULL, &image));
		vkGetImageMemoryRequirements(dev.device, image, &req);
		REQUIRE(req.memoryTypeBits & (1u << dev.memory_type));
		const VkMemoryAllocateInfo alloc = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
			.allocationSize = req.size, .memoryTypeIndex = dev.memory_type,
		};
		VK_CHECK(vkAllocateMemory(dev.device, &alloc, NULL, &memory));
		VK_CHECK(vkBindImageMemory(dev.device, image, memory, 0));
		vk_buf_create(&dev, SAMPLES * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &depths);
		vk_buf_create(&dev, SAMPLES * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &stencils);
		memset(depths.map, 0xff, depths.size);
		memset(stencils.map, 0xff, stencils.size);

		cmd = vk_cmd_begin(&dev);
		image_barrier(cmd, image, aspects, VK_IMAGE_LAYOUT_UNDEFINED,
			      VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			      VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0,
			      VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
		for (uint32_t l = 0; l < LAYERS; l++) {
			const VkImageSubresourceRange range = { aspects, 0, 1, l, 1 };

			vkCmdClearDepthStencilImage(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
						    &layer_clear[l], 1, &range);
		}
		image_barrier(cmd, image, aspects, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
			      VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
			      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
		if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) {
			depth_view = aspect_view(&dev, image, formats[i].format,
						 VK_IMAGE_ASPECT_DEPTH_BIT);
			fetch_record(&dev, cmd, pool, &depth_fetch, depth_view, &depths);
		}
		if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) {
			stencil_view = aspect_view(&dev, image, formats[i].format,
						   VK_IMAGE_ASPECT_STENCIL_BIT);
			fetch_record(&dev, cmd, pool, &stencil_fetch, stencil_view, &stencils);
		}
		vk_cmd_barrier(cmd);
		vk_cmd_submit_wait(&dev, cmd, 0);

		for (uint32_t s = 0; s < SAMPLES; s++) {
			const VkClearDepthStencilValue *want = &layer_clear[s / (SAMPLES / LAYERS)];
			float depth = ((const float *)depths.map)[s];
			uint32_t stencil = ((const uint32_t *)stencils.map)[s];

			if (((aspects & VK_IMAGE_ASPECT_DEPTH_BIT) &&
			     !(fabsf(depth - want->depth) <= formats[i].depth_ulp)) ||
			    ((aspects & VK_IMAGE_ASPECT_STENCIL_BIT) && stencil != want->stencil))
				vk_test_fail(__FILE__, __LINE__,
					     "format %d, sample %u of texel %u: depth %g stencil %#x, "
					     "expected %g and %#x", formats[i].format, s % 4, s / 4,
					     depth, stencil, want->depth, want->stencil);
		}
		if (depth_view)
			vkDestroyImageView(dev.device, depth_view, NULL);
		if (stencil_view)
			vkDestroyImageView(dev.device, stencil_view, NULL);
		vk_buf_destroy(&dev, &depths);
		vk_buf_destroy(&dev, &stencils);
		vkDestroyImage(dev.device, image, NULL);
		vkFreeMemory(dev.device, memory, NULL);
	}
	fprintf(stderr, "# %u multisampled depth/stencil formats\n", tested);
	REQUIRE(tested > 0);
	fetch_destroy(&dev, &depth_fetch);
	fetch_destroy(&dev, &stencil_fetch);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroySampler(dev.device, sampler, NULL);
	vk_dev_destroy(&dev);
}
