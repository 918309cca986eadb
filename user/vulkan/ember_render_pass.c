/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render passes and framebuffers
 *
 * The objects keep what rendering needs from them (ember_cmd_render_pass.c
 * records it): each attachment's format and load operations, each
 * subpass's colour, resolve and depth/stencil references and view mask,
 * the first subpass that uses each attachment (input attachments count:
 * an attachment first read as an input attachment is loaded there)
 * (the multiview feature: vkCreateRenderPass takes them from
 * VkRenderPassMultiviewCreateInfo, vkCreateRenderPass2 from its
 * subpasses), and a framebuffer's extent and views, or none when it is
 * imageless (the imagelessFramebuffer feature: its views come at
 * vkCmdBeginRenderPass). Store operations need nothing (attachments are
 * the images' memory) and dependencies nothing either: every subpass
 * boundary is a full barrier.
 * The attachments' separate depth and stencil layouts
 * (separateDepthStencilLayouts) are accepted as any layout is: Ember's
 * image layouts are all one memory layout.
 */

#include "ember_render_pass.h"

#include "ember_device.h"
#include "ember_image.h"

static struct ember_render_pass *render_pass_alloc(struct ember_device *device,
						   const VkAllocationCallbacks *alloc,
						   uint32_t attachments, uint32_t subpasses)
{
	const size_t size = sizeof(struct ember_render_pass) +
			    subpasses * sizeof(struct ember_rp_subpass) +
			    attachments * sizeof(struct ember_rp_attachment);
	struct ember_render_pass *pass = ember_object_alloc(device, alloc, size,
							    VK_OBJECT_TYPE_RENDER_PASS);

	if (!pass)
		return NULL;
	pass->attachment_count = attachments;
	pass->subpass_count = subpasses;
	pass->subpasses = (struct ember_rp_subpass *)(pass + 1);
	pass->attachments = (struct ember_rp_attachment *)(pass->subpasses + subpasses);
	return pass;
}

/* A subpass's references (@resolve may be NULL), as both create commands give them. */
static void subpass_init(struct ember_rp_subpass *sp, uint32_t color_count, const uint32_t *color,
			 const uint32_t *resolve, uint32_t depth_stencil, uint32_t view_mask)
{
	sp->color_count = color_count;
	for (uint32_t i = 0; i < color_count; i++) {
		sp->color[i] = color[i];
		sp->resolve[i] = resolve ? resolve[i] : VK_ATTACHMENT_UNUSED;
	}
	sp->depth_stencil = depth_stencil;
	sp->view_mask = view_mask;
	sp->ds_resolve = VK_ATTACHMENT_UNUSED;
	sp->depth_resolve_mode = sp->stencil_resolve_mode = VK_RESOLVE_MODE_NONE;
}

/* Notes that subpass @s uses attachment @a, which its load operation may need. */
static void mark_use(struct ember_render_pass *pass, uint32_t a, uint32_t s)
{
	if (a < pass->attachment_count && s < pass->attachments[a].first_subpass)
		pass->attachments[a].first_subpass = s;
}

/* The uses of subpass @s's colour, resolve and depth/stencil references. */
static void mark_attachment_uses(struct ember_render_pass *pass, uint32_t s)
{
	const struct ember_rp_subpass *sp = &pass->subpasses[s];

	for (uint32_t c = 0; c < sp->color_count; c++) {
		mark_use(pass, sp->color[c], s);
		mark_use(pass, sp->resolve[c], s);
	}
	mark_use(pass, sp->depth_stencil, s);
}

/* Both VkAttachmentReference and VkAttachmentReference2 arrays, by their attachment member. */
#define REFS(out, refs, count)							\
	do {									\
		for (uint32_t c_ = 0; c_ < (count); c_++)			\
			(out)[c_] = (refs)[c_].attachment;			\
	} while (0)

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
	for (uint32_t i = 0; i < pCreateInfo->attachmentCount; i++) {
		const VkAttachmentDescription *a = &pCreateInfo->pAttachments[i];

		pass->attachments[i] = (struct ember_rp_attachment) {
			a->format, a->loadOp, a->stencilLoadOp, pCreateInfo->subpassCount,
		};
	}
	for (uint32_t i = 0; i < pCreateInfo->subpassCount; i++) {
		const VkSubpassDescription *sp = &pCreateInfo->pSubpasses[i];
		uint32_t color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
		uint32_t resolve[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
		const uint32_t n = EMBER_MIN(sp->colorAttachmentCount,
					     EMBER_GFX_MAX_COLOR_ATTACHMENTS);

		REFS(color, sp->pColorAttachments, n);
		if (sp->pResolveAttachments)
			REFS(resolve, sp->pResolveAttachments, n);
		subpass_init(&pass->subpasses[i], n, color,
			     sp->pResolveAttachments ? resolve : NULL,
			     sp->pDepthStencilAttachment ? sp->pDepthStencilAttachment->attachment :
			     VK_ATTACHMENT_UNUSED,
			     multiview && i < multiview->subpassCount ? multiview->pViewMasks[i] : 0);
		mark_attachment_uses(pass, i);
		for (uint32_t k = 0; k < sp->inputAttachmentCount; k++)
			mark_use(pass, sp->pInputAttachments[k].attachment, i);
	}
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
	for (uint32_t i = 0; i < pCreateInfo->attachmentCount; i++) {
		const VkAttachmentDescription2 *a = &pCreateInfo->pAttachments[i];

		pass->attachments[i] = (struct ember_rp_attachment) {
			a->format, a->loadOp, a->stencilLoadOp, pCreateInfo->subpassCount,
		};
	}
	for (uint32_t i = 0; i < pCreateInfo->subpassCount; i++) {
		const VkSubpassDescription2 *sp = &pCreateInfo->pSubpasses[i];
		uint32_t color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
		uint32_t resolve[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
		const uint32_t n = EMBER_MIN(sp->colorAttachmentCount,
					     EMBER_GFX_MAX_COLOR_ATTACHMENTS);

		REFS(color, sp->pColorAttachments, n);
		if (sp->pResolveAttachments)
			REFS(resolve, sp->pResolveAttachments, n);
		subpass_init(&pass->subpasses[i], n, color,
			     sp->pResolveAttachments ? resolve : NULL,
			     sp->pDepthStencilAttachment ? sp->pDepthStencilAttachment->attachment :
			     VK_ATTACHMENT_UNUSED, sp->viewMask);
		const VkSubpassDescriptionDepthStencilResolve *ds_resolve =
			ember_find_struct(sp->pNext,
					  VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE);

		if (ds_resolve && ds_resolve->pDepthStencilResolveAttachment) {
			pass->subpasses[i].ds_resolve =
				ds_resolve->pDepthStencilResolveAttachment->attachment;
			pass->subpasses[i].depth_resolve_mode = ds_resolve->depthResolveMode;
			pass->subpasses[i].stencil_resolve_mode = ds_resolve->stencilResolveMode;
		}
		mark_attachment_uses(pass, i);
		for (uint32_t k = 0; k < sp->inputAttachmentCount; k++)
			mark_use(pass, sp->pInputAttachments[k].attachment, i);
	}
	*pRenderPass = ember_render_pass_to_handle(pass);
	return VK_SUCCESS;
}

#undef REFS

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
	const bool imageless = pCreateInfo->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
	const uint32_t views = imageless ? 0 : pCreateInfo->attachmentCount;
	struct ember_framebuffer *fb = ember_object_alloc(device, pAllocator,
							  sizeof(*fb) + views * sizeof(fb->views[0]),
							  VK_OBJECT_TYPE_FRAMEBUFFER);

	if (!fb)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "framebuffer");
	fb->imageless = imageless;
	for (uint32_t i = 0; i < views; i++)
		fb->views[i] = ember_image_view_from_handle(pCreateInfo->pAttachments[i]);
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
