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
 *
 * A secondary that continues an instance whose views it does not know
 * (inheriting a dynamic rendering, or a render pass without a framebuffer
 * of views) cannot name the images in packets: it closes its IB there and
 * keeps the clear. vkCmdExecuteCommands runs the kept clears on its own
 * instance's attachments in IBs of its own between the secondary's IBs,
 * and an IB boundary is a full barrier, so the clears keep their place
 * among the secondary's draws; each execution clears the attachments of
 * the instance that executes it.
 */

#include "ember_cmd_gfx.h"

#include "ember_cmd_pool.h"

#include <string.h>

/* The clears of the instance @r, recorded into @cmd. */
static void clear_attachments(struct ember_cmd_buffer *cmd, const struct ember_cmd_rendering *r,
			      uint32_t attachment_count, const VkClearAttachment *attachments,
			      uint32_t rect_count, const VkClearRect *rects)
{
	ember_cmd_emit_barrier(cmd);
	/* Conditional rendering discards the clears (ember_cmd_conditional.c). */
	ember_cmd_condition_enter(cmd);
	for (uint32_t a = 0; a < attachment_count; a++) {
		const VkClearAttachment *att = &attachments[a];
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
		for (uint32_t i = 0; i < rect_count; i++)
			ember_cmd_clear_view(cmd, view, aspects, &att->clearValue, &rects[i].rect,
					     rects[i].baseArrayLayer, rects[i].layerCount,
					     r->view_mask);
	}
	ember_cmd_condition_leave(cmd);
	ember_cmd_emit_barrier(cmd);
}

/* Keeps the clear for the primary that executes @cmd, before @cmd's next IB. */
static void defer_clear(struct ember_cmd_buffer *cmd, uint32_t attachment_count,
			const VkClearAttachment *attachments, uint32_t rect_count,
			const VkClearRect *rects)
{
	struct ember_cmd_gfx *gfx = cmd->gfx;
	const size_t att_bytes = attachment_count * sizeof(*attachments);
	struct ember_cmd_deferred_clear *c;
	void *copy;

	if (gfx->deferred_clear_count == gfx->deferred_clear_capacity) {
		const uint32_t capacity = EMBER_MAX(gfx->deferred_clear_capacity * 2, 4u);
		struct ember_cmd_deferred_clear *clears =
			ember_realloc(&cmd->pool->alloc, gfx->deferred_clears,
				      gfx->deferred_clear_capacity * sizeof(*clears),
				      capacity * sizeof(*clears), 8,
				      VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);

		if (!clears) {
			ember_cmd_record_error(cmd, ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
								"deferred clears"));
			return;
		}
		gfx->deferred_clears = clears;
		gfx->deferred_clear_capacity = capacity;
	}
	copy = ember_alloc(&cmd->pool->alloc, att_bytes + rect_count * sizeof(*rects), 8,
			   VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!copy) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
							"deferred clear"));
		return;
	}
	memcpy(copy, attachments, att_bytes);
	memcpy((uint8_t *)copy + att_bytes, rects, rect_count * sizeof(*rects));
	/* What the secondary recorded so far runs before the clear. */
	ember_cmd_close_ib(cmd);
	c = &gfx->deferred_clears[gfx->deferred_clear_count++];
	*c = (struct ember_cmd_deferred_clear) {
		.ib = cmd->ib_count,
		.attachment_count = attachment_count, .rect_count = rect_count,
		.attachments = copy,
		.rects = (VkClearRect *)((uint8_t *)copy + att_bytes),
	};
}

void ember_cmd_execute_deferred_clears(struct ember_cmd_buffer *cmd,
				       const struct ember_cmd_buffer *secondary, uint32_t ib)
{
	const struct ember_cmd_gfx *inner = secondary->gfx;

	if (!inner || !cmd->gfx || !cmd->gfx->rendering.active)
		return;
	for (uint32_t i = 0; i < inner->deferred_clear_count; i++) {
		const struct ember_cmd_deferred_clear *c = &inner->deferred_clears[i];

		if (c->ib == ib)
			clear_attachments(cmd, &cmd->gfx->rendering, c->attachment_count,
					  c->attachments, c->rect_count, c->rects);
	}
}

void ember_cmd_deferred_clears_reset(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_gfx *gfx = cmd->gfx;

	if (!gfx)
		return;
	for (uint32_t i = 0; i < gfx->deferred_clear_count; i++)
		ember_free(&cmd->pool->alloc, gfx->deferred_clears[i].attachments);
	gfx->deferred_clear_count = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
			  const VkClearAttachment *pAttachments, uint32_t rectCount,
			  const VkClearRect *pRects)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	if (!cmd->gfx || !cmd->gfx->rendering.active) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"vkCmdClearAttachments outside rendering"));
		return;
	}
	if (cmd->gfx->rendering.views_unknown)
		defer_clear(cmd, attachmentCount, pAttachments, rectCount, pRects);
	else
		clear_attachments(cmd, &cmd->gfx->rendering, attachmentCount, pAttachments,
				  rectCount, pRects);
}
