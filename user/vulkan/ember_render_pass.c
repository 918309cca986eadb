/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render passes and framebuffers
 *
 * Render pass and framebuffer objects are device objects any Vulkan
 * device creates, whatever its queues; only vkCmdBeginRenderPass needs a
 * graphics queue family (ember_cmd_graphics.c), which Ember does not have
 * yet. The objects keep what rendering will need from them: the
 * attachment count and each subpass's view mask (the multiview feature:
 * vkCreateRenderPass takes them from VkRenderPassMultiviewCreateInfo,
 * vkCreateRenderPass2 from its subpasses), and a framebuffer's extent,
 * its attachment count and whether it is imageless (the
 * imagelessFramebuffer feature: its views come at vkCmdBeginRenderPass).
 * The attachments' separate depth and stencil layouts
 * (separateDepthStencilLayouts) are accepted as any layout is: Ember's
 * image layouts are all one memory layout.
 */

#include "ember_device.h"

/**
 * struct ember_render_pass - A VkRenderPass.
 * @base: the object base.
 * @attachment_count: its attachments.
 * @subpass_count: its subpasses.
 * @view_masks: each subpass's view mask (0: no multiview).
 */
struct ember_render_pass {
	struct ember_object base;
	uint32_t attachment_count;
	uint32_t subpass_count;
	uint32_t view_masks[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_render_pass, base, VkRenderPass, VK_OBJECT_TYPE_RENDER_PASS)

/**
 * struct ember_framebuffer - A VkFramebuffer.
 * @base: the object base.
 * @imageless: created with VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.
 * @width, @height, @layers: its extent.
 * @attachment_count: its attachments (views or, imageless, their descriptions).
 */
struct ember_framebuffer {
	struct ember_object base;
	bool imageless;
	uint32_t width, height, layers;
	uint32_t attachment_count;
};

EMBER_DEFINE_HANDLE_CASTS(ember_framebuffer, base, VkFramebuffer, VK_OBJECT_TYPE_FRAMEBUFFER)

static struct ember_render_pass *render_pass_alloc(struct ember_device *device,
						   const VkAllocationCallbacks *alloc,
						   uint32_t attachments, uint32_t subpasses)
{
	struct ember_render_pass *pass =
		ember_object_alloc(device, alloc, sizeof(*pass) + subpasses * sizeof(uint32_t),
				   VK_OBJECT_TYPE_RENDER_PASS);

	if (!pass)
		return NULL;
	pass->attachment_count = attachments;
	pass->subpass_count = subpasses;
	return pass;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateRenderPass(VkDevice _device, const VkRenderPassCreateInfo *pCreateInfo,
		       const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	const VkRenderPassMultiviewCreateInfo *multiview =
		ember_find_struct(pCreateInfo->pNext,
				  VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO);
	struct ember_render_pass *pass = render_pass_alloc(device, pAllocator,
							   pCreateInfo->attachmentCount,
							   pCreateInfo->subpassCount);

	if (!pass)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "render pass");
	for (uint32_t i = 0; i < pCreateInfo->subpassCount; i++)
		pass->view_masks[i] = multiview && i < multiview->subpassCount ?
				      multiview->pViewMasks[i] : 0;
	*pRenderPass = ember_render_pass_to_handle(pass);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateRenderPass2(VkDevice _device, const VkRenderPassCreateInfo2 *pCreateInfo,
			const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_render_pass *pass = render_pass_alloc(device, pAllocator,
							   pCreateInfo->attachmentCount,
							   pCreateInfo->subpassCount);

	if (!pass)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "render pass");
	for (uint32_t i = 0; i < pCreateInfo->subpassCount; i++)
		pass->view_masks[i] = pCreateInfo->pSubpasses[i].viewMask;
	*pRenderPass = ember_render_pass_to_handle(pass);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyRenderPass(VkDevice _device, VkRenderPass renderPass,
			const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_render_pass, pass, renderPass);

	if (pass)
		ember_object_free(device, pAllocator, pass);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetRenderAreaGranularity(VkDevice device, VkRenderPass renderPass, VkExtent2D *pGranularity)
{
	/* Any render area is as fast as any other: there are no tiles to align to. */
	*pGranularity = (VkExtent2D) { 1, 1 };
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateFramebuffer(VkDevice _device, const VkFramebufferCreateInfo *pCreateInfo,
			const VkAllocationCallbacks *pAllocator, VkFramebuffer *pFramebuffer)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_framebuffer *fb = ember_object_alloc(device, pAllocator, sizeof(*fb),
							  VK_OBJECT_TYPE_FRAMEBUFFER);

	if (!fb)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "framebuffer");
	fb->imageless = pCreateInfo->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
	fb->width = pCreateInfo->width;
	fb->height = pCreateInfo->height;
	fb->layers = pCreateInfo->layers;
	fb->attachment_count = pCreateInfo->attachmentCount;
	*pFramebuffer = ember_framebuffer_to_handle(fb);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyFramebuffer(VkDevice _device, VkFramebuffer framebuffer,
			 const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_framebuffer, fb, framebuffer);

	if (fb)
		ember_object_free(device, pAllocator, fb);
}
