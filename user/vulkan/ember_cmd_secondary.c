/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Secondary command buffers inside a render pass instance
 *
 * A secondary begun with VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT
 * records draws for a render pass instance it does not know: its
 * inheritance gives a render pass and subpass, or the formats of a
 * dynamic rendering (VkCommandBufferInheritanceRenderingInfo), never
 * views a framebuffer may not even have yet. What the secondary knows
 * (the colour attachment count, the view mask, which depth/stencil
 * aspects exist) it uses as a rendering instance of its own; the targets
 * block, the one thing that names the images, is read by its draws from
 * memory of the secondary's own that the device may write
 * (@inherited_targets of struct ember_cmd_gfx).
 *
 * vkCmdExecuteCommands inside an instance copies the primary's targets
 * block there with the copy engine's COPY, then appends the secondary's
 * indirect buffers: an IB boundary completes every earlier packet, so the
 * draws read the copy, and the queue runs one job at a time, so a later
 * execution of the same secondary (another instance, another primary on
 * the same queue) copies its own targets only after these draws are done.
 * Nothing of the primary is rewritten, so the secondary's recording stays
 * valid for every primary that executes it.
 *
 * That ordering is a queue's: a SIMULTANEOUS_USE secondary may be pending
 * on two queues at once, in two render pass instances with different
 * attachments, and both copies would target the same memory. So such a
 * secondary notes each packet field that names its inherited memory (a
 * relocation, ember_cmd_reloc()): the BIND_GFX_STATE of a state block
 * whose targets are the inherited ones, the OCCLUSION_COUNTER and
 * PIPELINE_STATS_COUNTERS of its inherited queries, the COND_EXEC on its
 * inherited condition. A primary executing it does not append its IBs
 * but copies them into IBs of its own and rewrites those fields: a copy
 * of the state block naming the primary's own targets block, the
 * primary's active query's counters (0: none, the draws count nothing),
 * the primary's condition (or a word of 1 when it has none). Each
 * execution then reads only memory of its own primary, and the inherited
 * memory is left alone: no COPY before, none back after. A secondary
 * without SIMULTANEOUS_USE is pending in one primary at a time and keeps
 * the cheaper shared IBs.
 *
 * With a render pass and a framebuffer of views in the inheritance the
 * secondary also knows the views, which vkCmdClearAttachments names in
 * its packets; inheriting a dynamic rendering (or a render pass alone) it
 * does not, and its clears are done by the executing primary between the
 * secondary's IBs (ember_cmd_clear_attachments.c).
 *
 * A secondary begun with occlusionQueryEnable (inheritedQueries) counts
 * into a counter of its own in the same memory, after the targets block:
 * its draws name it as a primary's draws name their query's. When a
 * primary with an active occlusion query executes it, the primary copies
 * its query's count into that counter before the secondary's IBs and back
 * after them; the secondary's draws add in between, so the query gets
 * exactly their samples on top of the primary's. A secondary executed
 * with no query active copies nothing, and its count goes nowhere.
 *
 * Pipeline statistics go the same way: a secondary begun with inherited
 * pipelineStatistics names eleven counters of its own (@inherited_stats of
 * struct ember_cmd_buffer) before each draw and dispatch, and a primary
 * with an active pipeline statistics query copies its query's counters in
 * before and back after. A query counts every statistic whichever bits
 * the inheritance names (the results keep the pool's), so the copy is of
 * all eleven.
 *
 * The specification's state rules come for free: a secondary starts with
 * no pipeline, sets or dynamic state (its graphics state is its own), and
 * the primary's next draw binds its own state again (every draw does).
 */

#include "ember_cmd_gfx.h"

#include "ember_device.h"
#include "ember_format.h"
#include "ember_packets.h"
#include "ember_physical_device.h"
#include "ember_render_pass.h"

#include <string.h>

/* The depth/stencil aspects of @format (UNDEFINED: none). */
static VkImageAspectFlags depth_stencil_aspects(const struct ember_physical_device *pdev,
						VkFormat format)
{
	const struct ember_image_format *f;

	if (format == VK_FORMAT_UNDEFINED)
		return 0;
	f = ember_format_get(pdev, format);
	return f ? ember_format_aspects(f) &
		   (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT) : 0;
}

/* The instance of subpass @subpass of @pass, with the views of @fb when it has them. */
static void rendering_of_subpass(const struct ember_physical_device *pdev,
				 const struct ember_render_pass *pass, uint32_t subpass,
				 const struct ember_framebuffer *fb, struct ember_cmd_rendering *r)
{
	const struct ember_rp_subpass *sp = &pass->subpasses[subpass];
	const bool views = fb && !fb->imageless;

	r->color_count = sp->color_count;
	r->view_mask = sp->view_mask;
	if (fb)
		r->layers = fb->layers;
	for (uint32_t c = 0; views && c < sp->color_count; c++)
		if (sp->color[c] != VK_ATTACHMENT_UNUSED && sp->color[c] < fb->attachment_count)
			r->color[c].view = fb->views[sp->color[c]];
	if (sp->depth_stencil == VK_ATTACHMENT_UNUSED)
		return;
	r->depth_stencil_aspects =
		depth_stencil_aspects(pdev, pass->attachments[sp->depth_stencil].format);
	if (views && sp->depth_stencil < fb->attachment_count)
		r->depth_stencil.view = fb->views[sp->depth_stencil];
}

/* @cmd's graphics state with its inherited memory (targets block, query counter); NULL: error. */
static struct ember_cmd_gfx *inherited_gfx(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	/* Written by the executing primary's COPY and by the draws' counting. */
	if (!gfx || !ember_cmd_device_words(cmd, EMBER_GFX_INHERITED_BYTES,
					    &gfx->inherited_targets))
		return NULL;
	return gfx;
}

static void begin_rendering(struct ember_cmd_buffer *cmd,
			    const VkCommandBufferInheritanceInfo *inheritance)
{
	EMBER_FROM_HANDLE(ember_render_pass, pass, inheritance->renderPass);
	EMBER_FROM_HANDLE(ember_framebuffer, fb, inheritance->framebuffer);
	const struct ember_physical_device *pdev = cmd->base.device->pdev;
	struct ember_cmd_gfx *gfx = inherited_gfx(cmd);
	struct ember_cmd_rendering r = { .layers = 1 };

	if (!gfx)
		return;
	if (pass) {
		rendering_of_subpass(pdev, pass, inheritance->subpass, fb, &r);
	} else {
		const VkCommandBufferInheritanceRenderingInfo *ri =
			ember_find_struct(inheritance->pNext,
				VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO);

		if (ri) {
			r.color_count = EMBER_MIN(ri->colorAttachmentCount,
						  EMBER_GFX_MAX_COLOR_ATTACHMENTS);
			r.view_mask = ri->viewMask;
			if (ri->depthAttachmentFormat != VK_FORMAT_UNDEFINED)
				r.depth_stencil_aspects |= VK_IMAGE_ASPECT_DEPTH_BIT;
			if (ri->stencilAttachmentFormat != VK_FORMAT_UNDEFINED)
				r.depth_stencil_aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
		}
	}
	r.active = true;
	r.views_unknown = !pass || !fb || fb->imageless;
	gfx->rendering = r;
	gfx->blocks.targets = gfx->inherited_targets.va;
	/* The blend block has one entry per colour attachment; tests need the aspects. */
	gfx->dirty |= EMBER_GFX_DIRTY_BLEND | EMBER_GFX_DIRTY_DEPTH_STENCIL | EMBER_GFX_DIRTY_ROOT;
}

/* A secondary's own pipeline statistics counters, for inherited pipelineStatistics. */
static void inherit_pipeline_stats(struct ember_cmd_buffer *cmd)
{
	/* Written by the executing primary's COPY and by the counters. */
	if (!ember_cmd_device_words(cmd, 8 * EMBER_PIPELINE_STATS_COUNT, &cmd->inherited_stats))
		return;
	cmd->inherits_pipeline_stats = true;
	cmd->pipeline_stats = cmd->inherited_stats.va;
	cmd->pipeline_stats_views = 1;
}

void ember_cmd_secondary_begin(struct ember_cmd_buffer *cmd, VkCommandBufferUsageFlags flags,
			       const VkCommandBufferInheritanceInfo *inheritance)
{
	struct ember_cmd_gfx *gfx;

	if (flags & VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT)
		begin_rendering(cmd, inheritance);
	if (inheritance->pipelineStatistics &&
	    ember_physical_device_has_pipeline_stats(cmd->base.device->pdev))
		inherit_pipeline_stats(cmd);
	if (!inheritance->occlusionQueryEnable ||
	    !ember_physical_device_has_occlusion(cmd->base.device->pdev))
		return;
	gfx = inherited_gfx(cmd);
	if (!gfx)
		return;
	gfx->inherits_query = true;
	gfx->occlusion_counter = gfx->inherited_targets.va + EMBER_GFX_INHERITED_COUNTER_OFFSET;
	gfx->occlusion_views = 1;
}

/*
 * A COPY of the @bytes of counters at @src to @dst, between BARRIERs: the
 * draws and dispatches before have counted, those after count on top.
 */
static void copy_counters(struct ember_cmd_buffer *cmd, uint64_t src, uint64_t dst,
			  uint32_t bytes)
{
	const struct ember_upkt_copy copy = { .src = src, .dst = dst, .width = bytes, .height = 1 };
	uint32_t *p;

	ember_cmd_emit_barrier(cmd);
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_LEN);
	if (p)
		ember_upkt_copy_pack(p, &copy);
	ember_cmd_emit_barrier(cmd);
}

/* Whether @secondary's draws count into @cmd's active occlusion query. */
static bool counts_into_query(const struct ember_cmd_buffer *cmd,
			      const struct ember_cmd_buffer *secondary)
{
	return cmd->gfx && cmd->gfx->occlusion_counter && secondary->gfx &&
	       secondary->gfx->inherits_query;
}

void ember_cmd_execute_query_begin(struct ember_cmd_buffer *cmd,
				   const struct ember_cmd_buffer *secondary)
{
	if (counts_into_query(cmd, secondary))
		copy_counters(cmd, cmd->gfx->occlusion_counter,
			      secondary->gfx->inherited_targets.va +
			      EMBER_GFX_INHERITED_COUNTER_OFFSET, 8);
	if (cmd->pipeline_stats && secondary->inherits_pipeline_stats)
		copy_counters(cmd, cmd->pipeline_stats, secondary->inherited_stats.va,
			      8 * EMBER_PIPELINE_STATS_COUNT);
}

void ember_cmd_execute_query_end(struct ember_cmd_buffer *cmd,
				 const struct ember_cmd_buffer *secondary)
{
	if (counts_into_query(cmd, secondary))
		copy_counters(cmd, secondary->gfx->inherited_targets.va +
			      EMBER_GFX_INHERITED_COUNTER_OFFSET, cmd->gfx->occlusion_counter, 8);
	if (cmd->pipeline_stats && secondary->inherits_pipeline_stats)
		copy_counters(cmd, secondary->inherited_stats.va, cmd->pipeline_stats,
			      8 * EMBER_PIPELINE_STATS_COUNT);
}

void ember_cmd_execute_in_rendering(struct ember_cmd_buffer *cmd,
				    struct ember_cmd_buffer *secondary)
{
	const struct ember_cmd_gfx *gfx = cmd->gfx, *inner = secondary->gfx;
	struct ember_upkt_copy copy;
	uint32_t *p;

	if (!(secondary->usage & VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT) ||
	    !inner || !inner->inherited_targets.va)
		return;
	if (!gfx || !gfx->rendering.active || !gfx->blocks.targets) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
			"a RENDER_PASS_CONTINUE secondary outside a render pass instance"));
		return;
	}
	/* Relocated: each copy of its IBs names our targets block itself. */
	if (secondary->reloc_count)
		return;
	copy = (struct ember_upkt_copy) {
		.src = gfx->blocks.targets,
		.dst = inner->inherited_targets.va,
		.width = ember_gfx_targets_bytes(gfx->rendering.color_count),
		.height = 1,
	};
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_LEN);
	if (p)
		ember_upkt_copy_pack(p, &copy);
}

/* The VA relocation @r of @secondary names in this execution of it in @cmd (0: none). */
static uint64_t relocated_va(struct ember_cmd_buffer *cmd, const struct ember_cmd_buffer *secondary,
			     const struct ember_cmd_reloc *r)
{
	struct ember_gfx_state state;
	uint64_t va;
	uint32_t *p;

	switch (r->kind) {
	case EMBER_CMD_RELOC_ROOT:
		if (!cmd->gfx || !cmd->gfx->blocks.targets)
			return 0;
		p = ember_cmd_alloc_data(cmd, EMBER_GFX_STATE_DWORDS * 4, EMBER_GFX_STATE_ALIGN, &va);
		if (!p)
			return 0;
		ember_gfx_state_unpack(r->root, &state);
		state.targets = cmd->gfx->blocks.targets;
		ember_gfx_state_pack(p, &state);
		return va;
	case EMBER_CMD_RELOC_OCCLUSION:
		return counts_into_query(cmd, secondary) ? cmd->gfx->occlusion_counter : 0;
	case EMBER_CMD_RELOC_STATS:
		return cmd->pipeline_stats;
	case EMBER_CMD_RELOC_COND:
		if (cmd->condition.va)
			return cmd->condition.va;
		/* No condition: a word of 1, the one a primary without it writes. */
		p = ember_cmd_alloc_data(cmd, 4, 4, &va);
		if (!p)
			return 0;
		p[0] = 1;
		return va;
	}
	return 0;
}

void ember_cmd_execute_relocated_ib(struct ember_cmd_buffer *cmd,
				    const struct ember_cmd_buffer *secondary, uint32_t ib)
{
	const struct ember_cmd_ib *src = &secondary->ibs[ib];
	const uint32_t *map = ember_cmd_map(secondary, src->va);
	uint64_t last_root_va = 0;
	const uint32_t *last_root = NULL;
	uint32_t *p;

	if (!map) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_UNKNOWN,
							"a secondary's IB outside its memory"));
		return;
	}
	p = ember_cmd_emit_ib(cmd, src->size / 4);
	if (!p)
		return;
	memcpy(p, map, src->size);
	for (uint32_t i = 0; i < secondary->reloc_count; i++) {
		const struct ember_cmd_reloc *r = &secondary->relocs[i];
		uint32_t *field;
		uint64_t va;

		if (r->field_va < src->va || r->field_va - src->va >= src->size)
			continue;
		field = p + (r->field_va - src->va) / 4;
		/* Consecutive draws bind one state block: one copy of it. */
		if (r->kind == EMBER_CMD_RELOC_ROOT && r->root == last_root) {
			va = last_root_va;
		} else {
			va = relocated_va(cmd, secondary, r);
			if (r->kind == EMBER_CMD_RELOC_ROOT) {
				last_root = r->root;
				last_root_va = va;
			}
		}
		if (r->kind == EMBER_CMD_RELOC_COND) {
			/* The header of the COND_EXEC: its flags are our condition's. */
			field[0] = EMBER_PKT(EMBER_UPKT_COND_EXEC,
					     cmd->condition.va && cmd->condition.inverted ?
					     EMBER_COND_EXEC_IF_ZERO : 0, EMBER_UPKT_COND_EXEC_LEN);
			field++;
		}
		field[0] = (uint32_t)va;
		field[1] = (uint32_t)(va >> 32);
	}
	ember_cmd_close_ib(cmd);
}
