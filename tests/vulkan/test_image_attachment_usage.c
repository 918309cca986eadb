/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Attachment images of every attachment format
 *
 * Every format with COLOR_ATTACHMENT or DEPTH_STENCIL_ATTACHMENT in
 * optimal tiling makes 2D attachment images with the usages that only
 * qualify an attachment: TRANSIENT_ATTACHMENT (a render target that
 * lives in lazily allocated memory, the usual multisampled colour and
 * depth buffers) and INPUT_ATTACHMENT (read back in a later subpass).
 * Neither needs a format feature of its own, so the specification's
 * "Supported Sample Counts" rules apply to them unchanged: the image's
 * sampleCounts hold at least the framebuffer sample counts of its kind
 * (colour float/fixed-point, colour integer, depth, stencil). Then one
 * such image of each is created, 4x multisampled where the limits say so.
 */

#include "vk_format_info.h"
#include "vk_test.h"

#define MAX_FORMATS	512

/* The framebuffer sample counts an attachment image of @format must allow. */
static VkSampleCountFlags required_counts(const VkPhysicalDeviceLimits *limits,
					  VkSampleCountFlags integer_counts,
					  const struct vk_format_info *info, bool colour)
{
	VkSampleCountFlags counts = VK_SAMPLE_COUNT_1_BIT;

	if (colour)
		return vk_layout_is_integer(&info->color) ? integer_counts :
		       limits->framebufferColorSampleCounts;
	if (info->aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
		counts = limits->framebufferDepthSampleCounts;
	if (info->aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
		counts &= limits->framebufferStencilSampleCounts;
	return counts;
}

static void check_usage(struct vk_dev *dev, const struct vk_format_info *info,
			VkImageUsageFlags usage, VkSampleCountFlags required)
{
	VkImageFormatProperties props;
	VkResult r;

	r = vkGetPhysicalDeviceImageFormatProperties(dev->physical, info->format,
						     VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
						     usage, 0, &props);
	if (r != VK_SUCCESS)
		vk_test_fail(__FILE__, __LINE__, "%s, usage %#x: %d", info->name, usage, r);
	if ((props.sampleCounts & required) != required)
		vk_test_fail(__FILE__, __LINE__, "%s, usage %#x: sample counts %#x lack %#x",
			     info->name, usage, props.sampleCounts, required);
}

/* One 16x16 image of @usage with the most samples it must allow, created and freed. */
static void create_image(struct vk_dev *dev, const struct vk_format_info *info,
			 VkImageUsageFlags usage, VkSampleCountFlags required)
{
	const VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = VK_IMAGE_TYPE_2D, .format = info->format,
		.extent = { 16, 16, 1 }, .mipLevels = 1, .arrayLayers = 1,
		.samples = required & VK_SAMPLE_COUNT_4_BIT ? VK_SAMPLE_COUNT_4_BIT :
			   VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
	VkImage image;

	VK_CHECK(vkCreateImage(dev->device, &ci, NULL, &image));
	vkDestroyImage(dev->device, image, NULL);
}

VK_TEST(attachment_usages, "image-attachment-usages")
{
	VkPhysicalDeviceVulkan12Properties p12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES,
	};
	VkPhysicalDeviceProperties2 props = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &p12,
	};
	static VkFormat formats[MAX_FORMATS];
	uint32_t n = vk_format_all(formats, MAX_FORMATS), checked = 0;
	struct vk_dev dev;

	vk_dev_create(&dev, NULL);
	vkGetPhysicalDeviceProperties2(dev.physical, &props);
	for (uint32_t i = 0; i < n; i++) {
		const struct vk_format_info *info = vk_format_info_get(formats[i]);
		VkFormatProperties fp;
		VkImageUsageFlags attachment;
		VkSampleCountFlags required;

		vkGetPhysicalDeviceFormatProperties(dev.physical, formats[i], &fp);
		if (!info)
			continue;
		if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
			attachment = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
		else if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
			attachment = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
		else
			continue;
		required = required_counts(&props.properties.limits,
					   p12.framebufferIntegerColorSampleCounts, info,
					   attachment == VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
		check_usage(&dev, info, attachment, required);
		check_usage(&dev, info, attachment | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
			    required);
		check_usage(&dev, info, attachment | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT,
			    required);
		create_image(&dev, info, attachment | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
			     required);
		create_image(&dev, info, attachment | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT,
			     required);
		checked++;
	}
	vk_dev_destroy(&dev);
	if (!checked)
		vk_test_skip("no format has COLOR_ATTACHMENT or DEPTH_STENCIL_ATTACHMENT");
	printf("# %u attachment formats checked\n", checked);
}
