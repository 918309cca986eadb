/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render pass commands
 *
 * A render pass instance is its subpasses recorded one after the other as
 * rendering instances (ember_cmd_rendering.c) over the framebuffer's views
 * (or, imageless, the views VkRenderPassAttachmentBeginInfo gives). The
 * attachments whose load operation is CLEAR are cleared on the render
 * area when the instance begins, with the view mask of the first subpass
 * that uses them (as an input attachment too): no subpass before that one
 * touches them, so this is the specification's clear at first use. Each subpass boundary is a full
 * BARRIER, which satisfies any subpass dependency; resolve attachments are
 * resolved at the end of their subpass, as the specification orders.
 */

#include "ember_cmd_gfx.h"

#include "ember_cmd_pool.h"
#include "ember_render_pass.h"

#include <string.h>

static struct ember_image_view *pass_view(const struct ember_cmd_gfx *gfx, uint32_t a)
{
	if (a == VK_ATTACHMENT_UNUSED || !gfx->pass || a >= gfx->pass->attachment_count)
		return NULL;
	return gfx->pass_views[a];
}

static void begin_subpass(struct ember_cmd_buffer *cmd, struct ember_cmd_gfx *gfx, VkRect2D area)
{
	const struct ember_rp_subpass *sp = &gfx->pass->subpasses[gfx->subpass];
	struct ember_cmd_rendering r = {
		.area = area,
		.layers = gfx->framebuffer->layers,
		.view_mask = sp->view_mask,
		.color_count = sp->color_count,
	};

	for (uint32_t c = 0; c < sp->color_count; c++) {
		r.color[c].view = pass_view(gfx, sp->color[c]);
		r.color[c].resolve = pass_view(gfx, sp->resolve[c]);
	}
	r.depth_stencil.view = pass_view(gfx, sp->depth_stencil);
	if (r.depth_stencil.view)
		r.depth_stencil_aspects = r.depth_stencil.view->image->aspects &
					  (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
	r.ds_resolve[0] = r.ds_resolve[1] = pass_view(gfx, sp->ds_resolve);
	r.ds_resolve_mode[0] = sp->depth_resolve_mode;
	r.ds_resolve_mode[1] = sp->stencil_resolve_mode;
	ember_cmd_rendering_begin(cmd, &r);
}

/* The attachment's aspects its load operations clear. */
static VkImageAspectFlags clear_aspects(const struct ember_rp_attachment *a,
					const struct ember_image_view *view)
{
	const VkImageAspectFlags aspects = view->image->aspects;

	if (aspects & VK_IMAGE_ASPECT_COLOR_BIT)
		return a->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR ? VK_IMAGE_ASPECT_COLOR_BIT : 0;
	return ((a->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR) ?
		(aspects & VK_IMAGE_ASPECT_DEPTH_BIT) : 0) |
	       ((a->stencil_load_op == VK_ATTACHMENT_LOAD_OP_CLEAR) ?
		(aspects & VK_IMAGE_ASPECT_STENCIL_BIT) : 0);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRenderPass2(VkCommandBuffer commandBuffer,
			  const VkRenderPassBeginInfo *pRenderPassBegin,
			  const VkSubpassBeginInfo *pSubpassBeginInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_render_pass, pass, pRenderPassBegin->renderPass);
	EMBER_FROM_HANDLE(ember_framebuffer, fb, pRenderPassBegin->framebuffer);
	const VkRenderPassAttachmentBeginInfo *imageless =
		ember_find_struct(pRenderPassBegin->pNext,
				  VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO);
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);
	bool cleared = false;

	if (!gfx)
		return;
	if (pass->attachment_count > gfx->pass_view_capacity) {
		struct ember_image_view **views =
			ember_alloc(&cmd->pool->alloc, pass->attachment_count * sizeof(*views), 8,
				    VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);

		if (!views) {
			ember_cmd_record_error(cmd, ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
								"render pass views"));
			return;
		}
		ember_free(&cmd->pool->alloc, gfx->pass_views);
		gfx->pass_views = views;
		gfx->pass_view_capacity = pass->attachment_count;
	}
	for (uint32_t a = 0; a < pass->attachment_count; a++)
		gfx->pass_views[a] = fb->imageless ?
			(imageless && a < imageless->attachmentCount ?
			 ember_image_view_from_handle(imageless->pAttachments[a]) : NULL) :
			(a < fb->attachment_count ? fb->views[a] : NULL);
	gfx->pass = pass;
	gfx->framebuffer = fb;
	gfx->subpass = 0;
	gfx->pass_area = pRenderPassBegin->renderArea;

	for (uint32_t a = 0; a < pass->attachment_count; a++) {
		const struct ember_image_view *view = gfx->pass_views[a];
		uint32_t s = pass->attachments[a].first_subpass;
		VkImageAspectFlags aspects;

		if (!view || s == pass->subpass_count || a >= pRenderPassBegin->clearValueCount)
			continue;
		aspects = clear_aspects(&pass->attachments[a], view);
		if (!aspects)
			continue;
		ember_cmd_clear_view(cmd, view, aspects, &pRenderPassBegin->pClearValues[a],
				     &gfx->pass_area, 0, fb->layers, pass->subpasses[s].view_mask);
		cleared = true;
	}
	if (cleared)
		ember_cmd_emit_barrier(cmd);
	begin_subpass(cmd, gfx, gfx->pass_area);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRenderPass(VkCommandBuffer commandBuffer,
			 const VkRenderPassBeginInfo *pRenderPassBegin,
			 VkSubpassContents contents)
{
	const VkSubpassBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO, .contents = contents,
	};

	ember_CmdBeginRenderPass2(commandBuffer, pRenderPassBegin, &begin);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdNextSubpass2(VkCommandBuffer commandBuffer,
		      const VkSubpassBeginInfo *pSubpassBeginInfo,
		      const VkSubpassEndInfo *pSubpassEndInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_cmd_gfx *gfx = cmd->gfx;

	if (!gfx || !gfx->pass || gfx->subpass + 1 >= gfx->pass->subpass_count) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"vkCmdNextSubpass past the last subpass"));
		return;
	}
	ember_cmd_rendering_end(cmd);
	/* Any dependency between the subpasses. */
	ember_cmd_emit_barrier(cmd);
	gfx->subpass++;
	begin_subpass(cmd, gfx, gfx->pass_area);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdNextSubpass(VkCommandBuffer commandBuffer, VkSubpassContents contents)
{
	const VkSubpassBeginInfo begin = {
		.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO, .contents = contents,
	};
	const VkSubpassEndInfo end = { .sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO };

	ember_CmdNextSubpass2(commandBuffer, &begin, &end);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRenderPass2(VkCommandBuffer commandBuffer, const VkSubpassEndInfo *pSubpassEndInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	ember_cmd_rendering_end(cmd);
	if (cmd->gfx) {
		cmd->gfx->pass = NULL;
		cmd->gfx->framebuffer = NULL;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRenderPass(VkCommandBuffer commandBuffer)
{
	const VkSubpassEndInfo end = { .sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO };

	ember_CmdEndRenderPass2(commandBuffer, &end);
}
