/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render pass objects and separate depth/stencil layouts
 *
 * The render-pass features every Vulkan 1.1 and 1.2 device has, used
 * where a device without a graphics queue can use them: render passes
 * with view masks (multiview, through both vkCreateRenderPass and
 * vkCreateRenderPass2), imageless framebuffers (imagelessFramebuffer),
 * depth/stencil attachments with a layout per aspect and image barriers
 * that move the depth and the stencil aspect of one image through
 * different layouts, after which both aspects still hold their texels
 * (separateDepthStencilLayouts). Beginning a render pass needs a graphics
 * queue (test_version.c).
 */

#include "vk_image.h"
#include "vk_test.h"

#include <stdbool.h>
#include <string.h>

static const VkFormat depth_stencil_formats[] = {
	VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_FORMAT_D16_UNORM_S8_UINT,
};

/* A depth/stencil format the device samples from with optimal tiling, or UNDEFINED. */
static VkFormat sampled_depth_stencil(struct vk_dev *dev)
{
	for (size_t i = 0; i < sizeof(depth_stencil_formats) / sizeof(depth_stencil_formats[0]);
	     i++) {
		VkFormatProperties p;

		vkGetPhysicalDeviceFormatProperties(dev->physical, depth_stencil_formats[i], &p);
		if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
			return depth_stencil_formats[i];
	}
	return VK_FORMAT_UNDEFINED;
}

static void features_create(struct vk_dev *dev)
{
	VkPhysicalDeviceVulkan12Features f12 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
		.imagelessFramebuffer = VK_TRUE,
		.separateDepthStencilLayouts = VK_TRUE,
	};
	VkPhysicalDeviceVulkan11Features f11 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
		.pNext = &f12,
		.multiview = VK_TRUE,
	};
	const struct vk_dev_options options = { .features = &f11 };

	vk_dev_create(dev, &options);
}

/* Whether @format has @feature with optimal tiling. */
static bool has_feature(struct vk_dev *dev, VkFormat format, VkFormatFeatureFlags feature)
{
	VkFormatProperties p;

	vkGetPhysicalDeviceFormatProperties(dev->physical, format, &p);
	return p.optimalTilingFeatures & feature;
}

/*
 * Two views (mask 0b11) rendering into a colour attachment and a
 * depth/stencil attachment whose stencil aspect has layouts of its own;
 * an imageless framebuffer for it, with two layers per attachment; and a
 * render pass of the original entry point with views 0 and 2. A device
 * without a graphics queue may have no attachment formats and no
 * framebuffer extent (Ember: maxColorAttachments and maxFramebufferWidth
 * are 0): its render passes have no attachments and it makes no
 * framebuffer, which the specification would not let it create.
 */
VK_TEST(render_pass_objects, "render-pass-multiview-imageless-framebuffer-stencil-layouts")
{
	const VkFormat color_format = VK_FORMAT_R8G8B8A8_UNORM;
	struct vk_dev dev;
	VkRenderPass pass, pass1;
	VkExtent2D granularity = { 0, 0 };
	VkFormat ds;
	bool color, depth_stencil, framebuffer;

	features_create(&dev);
	ds = sampled_depth_stencil(&dev);
	color = dev.props.limits.maxColorAttachments >= 1 &&
		has_feature(&dev, color_format, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
	depth_stencil = ds != VK_FORMAT_UNDEFINED &&
			has_feature(&dev, ds, VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT);
	framebuffer = dev.props.limits.maxFramebufferWidth >= 64 &&
		      dev.props.limits.maxFramebufferHeight >= 32 &&
		      dev.props.limits.maxFramebufferLayers >= 1;
	printf("# colour attachment: %s, depth/stencil attachment: %s, framebuffers: %s\n",
	       color ? "yes" : "no", depth_stencil ? "yes" : "no", framebuffer ? "yes" : "no");

	const VkAttachmentDescriptionStencilLayout stencil_layouts = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT,
		.stencilInitialLayout = VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
		.stencilFinalLayout = VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentDescription2 attachments[2] = {
		{
			.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
			.format = color_format, .samples = VK_SAMPLE_COUNT_1_BIT,
			.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
			.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
			.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
			.finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		},
		{
			.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
			.pNext = &stencil_layouts,
			.format = ds, .samples = VK_SAMPLE_COUNT_1_BIT,
			.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
			.storeOp = VK_ATTACHMENT_STORE_OP_STORE,
			.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
			.stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
			.initialLayout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
			.finalLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
		},
	};
	const VkAttachmentReference2 color_ref = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
		.layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
		.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
	};
	const VkAttachmentReferenceStencilLayout stencil_ref_layout = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT,
		.stencilLayout = VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentReference2 ds_ref = {
		.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .pNext = &stencil_ref_layout,
		.attachment = color ? 1 : 0, .layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
		.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
	};
	const VkSubpassDescription2 subpass = {
		.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .viewMask = 0x3,
		.colorAttachmentCount = color ? 1 : 0, .pColorAttachments = &color_ref,
		.pDepthStencilAttachment = depth_stencil ? &ds_ref : NULL,
	};
	const uint32_t correlated = 0x3;
	const VkRenderPassCreateInfo2 pass_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
		.attachmentCount = (color ? 1 : 0) + (depth_stencil ? 1 : 0),
		.pAttachments = color ? attachments : attachments + 1,
		.subpassCount = 1, .pSubpasses = &subpass,
		.correlatedViewMaskCount = 1, .pCorrelatedViewMasks = &correlated,
	};

	VK_CHECK(vkCreateRenderPass2(dev.device, &pass_info, NULL, &pass));
	vkGetRenderAreaGranularity(dev.device, pass, &granularity);
	REQUIRE(granularity.width >= 1 && granularity.height >= 1);

	if (framebuffer) {
		const VkFramebufferAttachmentImageInfo images[2] = {
			{
				.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO,
				.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
					 VK_IMAGE_USAGE_SAMPLED_BIT,
				.width = 64, .height = 32, .layerCount = 2,
				.viewFormatCount = 1, .pViewFormats = &color_format,
			},
			{
				.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO,
				.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
				.width = 64, .height = 32, .layerCount = 2,
				.viewFormatCount = 1, .pViewFormats = &ds,
			},
		};
		const VkFramebufferAttachmentsCreateInfo attachments_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO,
			.attachmentImageInfoCount = pass_info.attachmentCount,
			.pAttachmentImageInfos = color ? images : images + 1,
		};
		const VkFramebufferCreateInfo fb_info = {
			.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .pNext = &attachments_info,
			.flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT, .renderPass = pass,
			.attachmentCount = pass_info.attachmentCount,
			.width = 64, .height = 32, .layers = 1,
		};
		VkFramebuffer fb;

		VK_CHECK(vkCreateFramebuffer(dev.device, &fb_info, NULL, &fb));
		vkDestroyFramebuffer(dev.device, fb, NULL);
	}

	/* The original entry point, its view masks chained. */
	const VkAttachmentDescription color1 = {
		.format = color_format, .samples = VK_SAMPLE_COUNT_1_BIT,
		.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
		.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
		.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
	};
	const VkAttachmentReference color1_ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
	const VkSubpassDescription subpass1 = {
		.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
		.colorAttachmentCount = color ? 1 : 0, .pColorAttachments = &color1_ref,
	};
	const uint32_t view_mask = 0x5;
	const VkRenderPassMultiviewCreateInfo multiview = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
		.subpassCount = 1, .pViewMasks = &view_mask,
	};
	const VkRenderPassCreateInfo pass1_info = {
		.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .pNext = &multiview,
		.attachmentCount = color ? 1 : 0, .pAttachments = &color1,
		.subpassCount = 1, .pSubpasses = &subpass1,
	};

	VK_CHECK(vkCreateRenderPass(dev.device, &pass1_info, NULL, &pass1));
	vkDestroyRenderPass(dev.device, pass1, NULL);
	vkDestroyRenderPass(dev.device, pass, NULL);
	vk_dev_destroy(&dev);
}

/* A barrier of @aspect of @img from @from to @to, ordering transfers and shader reads. */
static void aspect_barrier(VkCommandBuffer cmd, const struct vk_img *img,
			   VkImageAspectFlags aspect, VkImageLayout from, VkImageLayout to)
{
	const VkImageMemoryBarrier barrier = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT,
		.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_SHADER_READ_BIT,
		.oldLayout = from, .newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = img->image,
		.subresourceRange = { aspect, 0, VK_REMAINING_MIP_LEVELS, 0,
				      VK_REMAINING_ARRAY_LAYERS },
	};

	vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT |
			     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
			     VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
			     0, 0, NULL, 0, NULL, 1, &barrier);
}

/*
 * The depth and the stencil aspect of one image, each in layouts of its
 * own (barriers naming one aspect), keep their texels.
 */
VK_TEST(separate_depth_stencil_layouts, "separate-depth-stencil-layouts-barriers-keep-texels")
{
	struct vk_dev dev;
	struct vk_img img;
	uint32_t seed = 7;
	const char *why;
	VkFormat ds;

	features_create(&dev);
	ds = sampled_depth_stencil(&dev);
	if (ds == VK_FORMAT_UNDEFINED)
		vk_test_skip("no depth/stencil format with stencil is sampled");
	if (!vk_dev_graphics_transfers(&dev, &why))
		vk_test_skip("depth/stencil uploads: %s", why);

	const struct vk_img_want want = {
		.fmt = vk_format_find(ds), .type = VK_IMAGE_TYPE_2D,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .width = 13, .height = 9, .depth = 1,
		.levels = 2, .layers = 2,
		.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
			 VK_IMAGE_USAGE_SAMPLED_BIT,
		.features = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
			    VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
	};

	if (!vk_img_create(&dev, &want, &img))
		vk_test_skip("format %d cannot be sampled and copied", ds);
	vk_img_model_random(&img, &seed);
	vk_img_upload_general(&dev, &img);

	VkCommandBuffer cmd = vk_cmd_begin(&dev);

	aspect_barrier(cmd, &img, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_GENERAL,
		       VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL);
	aspect_barrier(cmd, &img, VK_IMAGE_ASPECT_STENCIL_BIT, VK_IMAGE_LAYOUT_GENERAL,
		       VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL);
	aspect_barrier(cmd, &img, VK_IMAGE_ASPECT_STENCIL_BIT,
		       VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
		       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	aspect_barrier(cmd, &img, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
		       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
	vk_cmd_submit_wait(&dev, cmd, 0);
	vk_img_check(&dev, &img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, true, 0, 0);
	vk_img_destroy(&dev, &img);
	vk_dev_destroy(&dev);
}
