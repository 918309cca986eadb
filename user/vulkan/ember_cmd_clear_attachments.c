/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: vkCmdClearAttachments
 *
 * Each rectangle of each attachment is one image clear packet on the copy
 * engine, over the rectangle's layers (relative to the attachment view's
 * first layer) or, with multiview, the views of the view mask (the
 * specification ignores the rectangle's layers then). A BARRIER before
 * completes the draws that wrote the attachment; one after orders the
 * clear before the draws that follow, as the specification's
 * rasterization order requires of a clear inside a render pass instance.
 */

#include "ember_cmd_gfx.h"

VKAPI_ATTR void VKAPI_CALL
ember_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
			  const VkClearAttachment *pAttachments, uint32_t rectCount,
			  const VkClearRect *pRects)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const struct ember_cmd_rendering *r;

	if (!cmd->gfx || !cmd->gfx->rendering.active) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"vkCmdClearAttachments outside rendering"));
		return;
	}
	r = &cmd->gfx->rendering;
	if (r->views_unknown) {
		/* The copy engine's clears name images the secondary does not know (issue 13). */
		(void)ember_error(VK_ERROR_FEATURE_NOT_PRESENT,
			    "vkCmdClearAttachments in a secondary without its views: not done");
		return;
	}
	ember_cmd_emit_barrier(cmd);
	/* Conditional rendering discards the clears (ember_cmd_conditional.c). */
	ember_cmd_condition_enter(cmd);
	for (uint32_t a = 0; a < attachmentCount; a++) {
		const VkClearAttachment *att = &pAttachments[a];
		const struct ember_image_view *view;
		VkImageAspectFlags aspects = att->aspectMask;

		if (aspects & VK_IMAGE_ASPECT_COLOR_BIT) {
			if (att->colorAttachment >= r->color_count)
				continue;
			view = r->color[att->colorAttachment].view;
		} else {
			view = r->depth_stencil.view;
			aspects &= r->depth_stencil_aspects;
		}
		if (!view || !aspects)
			continue;
		for (uint32_t i = 0; i < rectCount; i++)
			ember_cmd_clear_view(cmd, view, aspects, &att->clearValue, &pRects[i].rect,
					     pRects[i].baseArrayLayer, pRects[i].layerCount,
					     r->view_mask);
	}
	ember_cmd_condition_leave(cmd);
	ember_cmd_emit_barrier(cmd);
}
