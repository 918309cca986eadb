/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Test images with a CPU model of their contents (vk_image.h). */

#include "vk_image.h"

#include <stdlib.h>
#include <string.h>

#define STAGING_ALIGN 16

uint32_t vk_rand(uint32_t *seed)
{
	uint32_t x = *seed ? *seed : 0x9e3779b9u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*seed = x;
	return x;
}

bool vk_dev_graphics_transfers(struct vk_dev *dev, const char **why)
{
	VkQueueFamilyProperties families[16];
	uint32_t count = 16;

	vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
	REQUIRE(dev->family < count);
	if (families[dev->family].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
		*why = "graphics queue";
		return true;
	}
	if (vk_dev_is_ember(dev) && !vk_test_under_validation()) {
		*why = "Ember's compute queue, as Ember's own behaviour";
		return true;
	}
	*why = "no graphics queue: left out";
	return false;
}

const struct vk_format_desc *vk_format_find(VkFormat format)
{
	for (unsigned int i = 0; i < vk_test_format_count; i++)
		if (vk_test_formats[i].format == format)
			return &vk_test_formats[i];
	return NULL;
}

static unsigned int plane_index(const struct vk_img *img, VkImageAspectFlags aspect)
{
	return aspect == VK_IMAGE_ASPECT_STENCIL_BIT && img->fmt->aspects != aspect;
}

static uint32_t minify(uint32_t v, uint32_t level)
{
	return v >> level ? v >> level : 1;
}

void vk_img_level_extent(const struct vk_img *img, uint32_t level, uint32_t ext[3])
{
	ext[0] = minify(img->info.extent.width, level);
	ext[1] = minify(img->info.extent.height, level);
	ext[2] = img->info.imageType == VK_IMAGE_TYPE_3D ? minify(img->info.extent.depth, level) :
		 img->info.arrayLayers;
}

size_t vk_img_level_size(const struct vk_img *img, VkImageAspectFlags aspect, uint32_t level)
{
	uint32_t ext[3];

	vk_img_level_extent(img, level, ext);
	return (size_t)ext[0] * ext[1] * ext[2] * vk_format_plane(img->fmt, aspect)->bytes;
}

uint8_t *vk_img_texel(struct vk_img *img, VkImageAspectFlags aspect, uint32_t level, uint32_t x,
		      uint32_t y, uint32_t z)
{
	unsigned int bytes = vk_format_plane(img->fmt, aspect)->bytes;
	uint32_t ext[3];

	vk_img_level_extent(img, level, ext);
	REQUIRE(x < ext[0] && y < ext[1] && z < ext[2]);
	return img->model[plane_index(img, aspect)][level] +
	       (((size_t)z * ext[1] + y) * ext[0] + x) * bytes;
}

bool vk_img_create(struct vk_dev *dev, const struct vk_img_want *want, struct vk_img *img)
{
	VkSampleCountFlagBits samples = want->samples ? want->samples : VK_SAMPLE_COUNT_1_BIT;
	VkImageFormatProperties props;
	VkFormatProperties fp;
	VkFormatFeatureFlags features;
	VkMemoryRequirements req;

	memset(img, 0, sizeof(*img));
	vkGetPhysicalDeviceFormatProperties(dev->physical, want->fmt->format, &fp);
	features = want->tiling == VK_IMAGE_TILING_LINEAR ? fp.linearTilingFeatures :
		   fp.optimalTilingFeatures;
	if ((features & want->features) != want->features)
		return false;
	if (vkGetPhysicalDeviceImageFormatProperties(dev->physical, want->fmt->format, want->type,
						     want->tiling, want->usage, 0, &props) !=
	    VK_SUCCESS || !(props.sampleCounts & samples))
		return false;
	img->fmt = want->fmt;
	img->info = (VkImageCreateInfo) {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = want->type, .format = want->fmt->format,
		.extent = { want->width, want->height, want->depth },
		.mipLevels = want->levels < props.maxMipLevels ? want->levels : props.maxMipLevels,
		.arrayLayers = want->layers < props.maxArrayLayers ? want->layers :
			       props.maxArrayLayers,
		.samples = samples, .tiling = want->tiling, .usage = want->usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	REQUIRE(img->info.mipLevels <= VK_IMG_MAX_LEVELS);
	VK_CHECK(vkCreateImage(dev->device, &img->info, NULL, &img->image));
	vkGetImageMemoryRequirements(dev->device, img->image, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, &img->memory));
	VK_CHECK(vkBindImageMemory(dev->device, img->image, img->memory, 0));
	for (VkImageAspectFlags mask = img->fmt->aspects; mask; mask &= mask - 1) {
		VkImageAspectFlags aspect = mask & -mask;

		for (uint32_t level = 0; level < img->info.mipLevels; level++) {
			img->model[plane_index(img, aspect)][level] =
				calloc(1, vk_img_level_size(img, aspect, level));
			REQUIRE(img->model[plane_index(img, aspect)][level]);
		}
	}
	return true;
}

void vk_img_destroy(struct vk_dev *dev, struct vk_img *img)
{
	vkDestroyImage(dev->device, img->image, NULL);
	vkFreeMemory(dev->device, img->memory, NULL);
	for (unsigned int p = 0; p < 2; p++)
		for (unsigned int l = 0; l < VK_IMG_MAX_LEVELS; l++)
			free(img->model[p][l]);
}

void vk_img_random_texel(const struct vk_img *img, VkImageAspectFlags aspect, uint32_t *seed,
			 uint8_t *out)
{
	const struct vk_plane *plane = vk_format_plane(img->fmt, aspect);
	union vk_texel_value v;

	for (unsigned int b = 0; b < plane->bytes; b++)
		out[b] = (uint8_t)vk_rand(seed);
	if (aspect != VK_IMAGE_ASPECT_DEPTH_BIT)
		return;
	/* Depth in [0, 1], encoded: no bits outside the channel. */
	v.f[0] = (float)(vk_rand(seed) % 100001) / 100000.0f;
	vk_texel_encode(plane, &v, out);
}

void vk_img_model_random(struct vk_img *img, uint32_t *seed)
{
	for (VkImageAspectFlags mask = img->fmt->aspects; mask; mask &= mask - 1) {
		VkImageAspectFlags aspect = mask & -mask;
		unsigned int bytes = vk_format_plane(img->fmt, aspect)->bytes;

		for (uint32_t level = 0; level < img->info.mipLevels; level++) {
			uint8_t *t = img->model[plane_index(img, aspect)][level];
			size_t n = vk_img_level_size(img, aspect, level) / bytes;

			for (size_t i = 0; i < n; i++, t += bytes)
				vk_img_random_texel(img, aspect, seed, t);
		}
	}
}

void vk_img_transition(VkCommandBuffer cmd, const struct vk_img *img, VkImageLayout from,
		       VkImageLayout to)
{
	const VkImageMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
		.oldLayout = from, .newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = img->image,
		.subresourceRange = { img->fmt->aspects, 0, VK_REMAINING_MIP_LEVELS, 0,
				      VK_REMAINING_ARRAY_LAYERS },
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
			     0, 0, NULL, 0, NULL, 1, &barrier);
}

/* The whole-level region of @aspect at @level, at @offset of a buffer. */
static VkBufferImageCopy level_region(const struct vk_img *img, VkImageAspectFlags aspect,
				      uint32_t level, VkDeviceSize offset)
{
	uint32_t ext[3];
	bool is_3d = img->info.imageType == VK_IMAGE_TYPE_3D;

	vk_img_level_extent(img, level, ext);
	return (VkBufferImageCopy) {
		.bufferOffset = offset,
		.imageSubresource = { aspect, level, 0, is_3d ? 1 : ext[2] },
		.imageExtent = { ext[0], ext[1], is_3d ? ext[2] : 1 },
	};
}

/* Every (aspect, level) region of @img, packed from offset 0; their total size. */
static VkDeviceSize all_regions(const struct vk_img *img, VkBufferImageCopy *regions,
				uint32_t *count)
{
	VkDeviceSize offset = 0;

	*count = 0;
	for (VkImageAspectFlags mask = img->fmt->aspects; mask; mask &= mask - 1) {
		VkImageAspectFlags aspect = mask & -mask;

		for (uint32_t level = 0; level < img->info.mipLevels; level++) {
			regions[(*count)++] = level_region(img, aspect, level, offset);
			offset += (vk_img_level_size(img, aspect, level) + STAGING_ALIGN - 1) &
				  ~(VkDeviceSize)(STAGING_ALIGN - 1);
		}
	}
	return offset;
}

void vk_img_upload(struct vk_dev *dev, VkCommandBuffer cmd, struct vk_img *img,
		   VkImageLayout layout, struct vk_buf *staging)
{
	VkBufferImageCopy regions[2 * VK_IMG_MAX_LEVELS];
	uint32_t count;
	VkDeviceSize size = all_regions(img, regions, &count);

	vk_buf_create(dev, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, staging);
	for (uint32_t i = 0; i < count; i++) {
		const VkBufferImageCopy *r = &regions[i];

		memcpy((uint8_t *)staging->map + r->bufferOffset,
		       img->model[plane_index(img, r->imageSubresource.aspectMask)]
				 [r->imageSubresource.mipLevel],
		       vk_img_level_size(img, r->imageSubresource.aspectMask,
					 r->imageSubresource.mipLevel));
	}
	vkCmdCopyBufferToImage(cmd, staging->buffer, img->image, layout, count, regions);
}

void vk_img_upload_general(struct vk_dev *dev, struct vk_img *img)
{
	VkCommandBuffer cmd = vk_cmd_begin(dev);
	struct vk_buf staging;

	vk_img_transition(cmd, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
	vk_img_upload(dev, cmd, img, VK_IMAGE_LAYOUT_GENERAL, &staging);
	vk_cmd_submit_wait(dev, cmd, 0);
	vk_buf_destroy(dev, &staging);
}

void vk_img_check(struct vk_dev *dev, struct vk_img *img, VkImageLayout layout, bool exact,
		  unsigned int lsb, float slack)
{
	VkBufferImageCopy regions[2 * VK_IMG_MAX_LEVELS];
	uint32_t count;
	VkDeviceSize size = all_regions(img, regions, &count);
	VkCommandBuffer cmd = vk_cmd_begin(dev);
	struct vk_buf out;

	vk_buf_create(dev, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &out);
	vk_cmd_barrier(cmd);
	vkCmdCopyImageToBuffer(cmd, img->image, layout, out.buffer, count, regions);
	vk_cmd_barrier(cmd);
	vk_cmd_submit_wait(dev, cmd, 0);
	for (uint32_t i = 0; i < count; i++) {
		VkImageAspectFlags aspect = regions[i].imageSubresource.aspectMask;
		uint32_t level = regions[i].imageSubresource.mipLevel;
		const struct vk_plane *plane = vk_format_plane(img->fmt, aspect);
		uint32_t ext[3];

		vk_img_level_extent(img, level, ext);
		for (uint32_t z = 0; z < ext[2]; z++) {
			for (uint32_t y = 0; y < ext[1]; y++) {
				for (uint32_t x = 0; x < ext[0]; x++) {
					size_t at = (((size_t)z * ext[1] + y) * ext[0] + x) *
						    plane->bytes;
					const uint8_t *got = (const uint8_t *)out.map +
							     regions[i].bufferOffset + at;
					const uint8_t *want = vk_img_texel(img, aspect, level,
									   x, y, z);
					unsigned int c = 0;
					bool ok = exact ? vk_texel_same_bits(plane, want, got) :
						  vk_texel_match(plane, want, got, lsb, slack, &c);
					uint32_t w = 0, g = 0;

					if (ok)
						continue;
					memcpy(&w, want, plane->bytes < 4 ? plane->bytes : 4);
					memcpy(&g, got, plane->bytes < 4 ? plane->bytes : 4);
					vk_test_fail(__FILE__, __LINE__,
						     "%s aspect %#x level %u texel (%u, %u, %u) channel %u: expected %#x..., got %#x...",
						     img->fmt->name, aspect, level, x, y, z, c, w, g);
				}
			}
		}
	}
	vk_buf_destroy(dev, &out);
}
