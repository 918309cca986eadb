/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render pass instances
 *
 * vkCmdBeginRendering and each subpass of a render pass
 * (ember_cmd_render_pass.c) become one struct ember_cmd_rendering: the
 * attachments' views, the render area, layers and view mask. Beginning one
 * writes the contract's targets block (one whole-image descriptor per
 * attachment, in the view's format, with the view's level and first
 * layer): the device renders from (0, 0) to the render area's far corner,
 * and the scissors the draws carry keep fragments inside the area (the
 * specification leaves anything outside it undefined).
 *
 * Load operations run on the copy engine before any draw: CLEAR is the
 * image clear packet over the render area (each view's layer with
 * multiview), LOAD and DONT_CARE leave the contents as they are (DONT_CARE
 * allows any value, and the previous contents are one). Store operations
 * need nothing: the attachments are the images' own memory, so STORE is
 * what happens anyway and DONT_CARE and NONE allow it. Ending the instance
 * resolves, on the copy engine's RESOLVE packet (colour: the average for
 * float, UNORM and sRGB formats, sample 0 for integer ones, which are the
 * resolve modes Ember reports; depth and stencil, contract 1.13
 * CAPS.RESOLVE_DS: each plane by its own mode, SAMPLE_ZERO, AVERAGE for
 * depth, MIN or MAX), after a BARRIER that completes the draws.
 *
 * Draws inside an instance are ordered by a BARRIER before each one
 * (ember_cmd_draw.c): the contract promises order only at barriers, and
 * Vulkan's primitive order holds across the draws of a subpass.
 */

#include "ember_cmd_gfx.h"

#include "ember_cmd_image.h"
#include "ember_cmd_pool.h"
#include "ember_device.h"
#include "ember_physical_device.h"
#include "ember_packets.h"

#include <string.h>

struct ember_cmd_gfx *ember_cmd_gfx(struct ember_cmd_buffer *cmd)
{
	if (cmd->gfx)
		return cmd->gfx;
	/*
	 * Without CAPS.GRAPHICS no queue family has graphics, so no valid
	 * command buffer records a graphics command: it is the application's
	 * error, recorded (vkEndCommandBuffer returns it), never a device fault.
	 */
	if (!ember_physical_device_has_graphics(cmd->base.device->pdev)) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"graphics command without a graphics queue"));
		return NULL;
	}
	cmd->gfx = ember_alloc(&cmd->pool->alloc, sizeof(*cmd->gfx), 8,
			       VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (!cmd->gfx) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
							"graphics state"));
		return NULL;
	}
	memset(cmd->gfx, 0, sizeof(*cmd->gfx));
	ember_gfx_state_init(&cmd->gfx->state);
	return cmd->gfx;
}

void ember_cmd_gfx_reset(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_gfx *gfx = cmd->gfx;
	struct ember_cmd_deferred_clear *clears;
	struct ember_image_view **views;
	uint32_t capacity, clear_capacity;
	struct ember_gpu_bo targets;

	if (!gfx)
		return;
	ember_cmd_deferred_clears_reset(cmd);
	views = gfx->pass_views;
	capacity = gfx->pass_view_capacity;
	targets = gfx->inherited_targets;
	clears = gfx->deferred_clears;
	clear_capacity = gfx->deferred_clear_capacity;
	memset(gfx, 0, sizeof(*gfx));
	gfx->pass_views = views;
	gfx->pass_view_capacity = capacity;
	gfx->inherited_targets = targets;
	gfx->deferred_clears = clears;
	gfx->deferred_clear_capacity = clear_capacity;
	ember_gfx_state_init(&gfx->state);
}

void ember_cmd_gfx_free(struct ember_cmd_buffer *cmd)
{
	if (!cmd->gfx)
		return;
	if (cmd->gfx->inherited_targets.va)
		ember_gpu_bo_destroy(cmd->base.device, &cmd->gfx->inherited_targets);
	ember_cmd_deferred_clears_reset(cmd);
	ember_free(&cmd->pool->alloc, cmd->gfx->deferred_clears);
	ember_free(&cmd->pool->alloc, cmd->gfx->pass_views);
	ember_free(&cmd->pool->alloc, cmd->gfx);
	cmd->gfx = NULL;
}

/* A whole-image descriptor of @view's image in @view's format, in @cmd's memory (0: error). */
static uint64_t view_image_desc(struct ember_cmd_buffer *cmd, const struct ember_image_view *view)
{
	const VkImageAspectFlags ds = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;

	/* A depth/stencil view names one aspect's format; the image has both planes. */
	return ember_cmd_image_desc_as(cmd, view->image, (view->image->aspects & ds) ?
				       view->image->format : view->format);
}

static bool write_attachment(struct ember_cmd_buffer *cmd, const struct ember_image_view *view,
			     uint32_t *dw)
{
	struct ember_gfx_attachment att = { 0 };

	if (view) {
		att.image = view_image_desc(cmd, view);
		if (!att.image)
			return false;
		att.level = view->base_level;
		att.base_layer = view->base_layer;
	}
	ember_gfx_attachment_pack(dw, &att);
	return true;
}

static bool write_targets(struct ember_cmd_buffer *cmd, const struct ember_cmd_rendering *r,
			  uint64_t *va)
{
	const uint32_t dwords = EMBER_GFX_TARGETS_DWORDS +
				(r->color_count + 1) * EMBER_GFX_ATTACHMENT_DWORDS;
	struct ember_gfx_targets hw = {
		.color_count = r->color_count,
		.width = (uint32_t)r->area.offset.x + r->area.extent.width,
		.height = (uint32_t)r->area.offset.y + r->area.extent.height,
		.layers = r->view_mask ? 1 : EMBER_MAX(r->layers, 1u),
	};
	uint32_t *p = ember_cmd_alloc_data(cmd, dwords * 4, EMBER_GFX_BLOCK_ALIGN, va);

	if (!p)
		return false;
	ember_gfx_targets_pack(p, &hw);
	p += EMBER_GFX_TARGETS_DWORDS;
	for (uint32_t i = 0; i < r->color_count; i++, p += EMBER_GFX_ATTACHMENT_DWORDS)
		if (!write_attachment(cmd, r->color[i].view, p))
			return false;
	return write_attachment(cmd, r->depth_stencil.view, p);
}

void ember_cmd_rendering_begin(struct ember_cmd_buffer *cmd, const struct ember_cmd_rendering *r)
{
	struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

	if (!gfx)
		return;
	gfx->rendering = *r;
	gfx->rendering.active = true;
	if (!write_targets(cmd, r, &gfx->blocks.targets))
		return;
	/* The blend block has one entry per colour attachment; tests need the aspects. */
	gfx->dirty |= EMBER_GFX_DIRTY_BLEND | EMBER_GFX_DIRTY_DEPTH_STENCIL | EMBER_GFX_DIRTY_ROOT;
}

/* The RESOLVE flags of a Vulkan resolve mode (AVERAGE: the format decides). */
static uint32_t resolve_flags(VkResolveModeFlagBits mode)
{
	switch (mode) {
	case VK_RESOLVE_MODE_SAMPLE_ZERO_BIT:
		return EMBER_RESOLVE_SAMPLE_ZERO;
	case VK_RESOLVE_MODE_MIN_BIT:
		return EMBER_RESOLVE_MIN;
	case VK_RESOLVE_MODE_MAX_BIT:
		return EMBER_RESOLVE_MAX;
	default:
		return EMBER_RESOLVE_FORMAT;
	}
}

/*
 * Resolves plane @aspect (EMBER_ASPECT_*) of view @src into @dst over the
 * render area, by RESOLVE @flags.
 */
static void resolve_view(struct ember_cmd_buffer *cmd, const struct ember_cmd_rendering *r,
			 const struct ember_image_view *src, const struct ember_image_view *dst,
			 uint8_t aspect, uint32_t flags)
{
	struct ember_upkt_copy_image pkt = {
		.src_level = (uint8_t)src->base_level,
		.dst_level = (uint8_t)dst->base_level,
		.src_aspect = aspect,
		.dst_aspect = aspect,
	};
	uint32_t layers = r->view_mask ? 32 - (uint32_t)__builtin_clz(r->view_mask) : r->layers;
	uint32_t *p;

	pkt.src = view_image_desc(cmd, src);
	pkt.dst = pkt.src ? view_image_desc(cmd, dst) : 0;
	if (!pkt.dst)
		return;
	pkt.src_offset[0] = pkt.dst_offset[0] = (uint32_t)r->area.offset.x;
	pkt.src_offset[1] = pkt.dst_offset[1] = (uint32_t)r->area.offset.y;
	pkt.src_offset[2] = src->base_layer;
	pkt.dst_offset[2] = dst->base_layer;
	pkt.extent[0] = r->area.extent.width;
	pkt.extent[1] = r->area.extent.height;
	pkt.extent[2] = EMBER_MAX(layers, 1u);
	p = ember_cmd_emit(cmd, EMBER_UPKT_RESOLVE_LEN + 1);
	if (!p)
		return;
	ember_upkt_resolve_pack(p, &pkt);
	/* The mode sits in the header's flags, which the payload struct lacks. */
	p[0] = EMBER_PKT(EMBER_UPKT_RESOLVE, flags, EMBER_UPKT_RESOLVE_LEN);
}

void ember_cmd_rendering_end(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_gfx *gfx = cmd->gfx;
	const struct ember_cmd_rendering *r;
	bool barrier = false;

	if (!gfx || !gfx->rendering.active)
		return;
	r = &gfx->rendering;
	for (uint32_t i = 0; i < r->color_count; i++) {
		if (!r->color[i].view || !r->color[i].resolve)
			continue;
		if (!barrier)
			ember_cmd_emit_barrier(cmd);
		barrier = true;
		resolve_view(cmd, r, r->color[i].view, r->color[i].resolve, EMBER_ASPECT_COLOR,
			     EMBER_RESOLVE_FORMAT);
	}
	for (int i = 0; i < 2; i++) {
		static const VkImageAspectFlags vk_aspect[2] = {
			VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT,
		};
		static const uint8_t aspect[2] = { EMBER_ASPECT_DEPTH, EMBER_ASPECT_STENCIL };

		if (!r->depth_stencil.view || !r->ds_resolve[i] ||
		    r->ds_resolve_mode[i] == VK_RESOLVE_MODE_NONE ||
		    !(r->depth_stencil_aspects & vk_aspect[i]))
			continue;
		if (!barrier)
			ember_cmd_emit_barrier(cmd);
		barrier = true;
		resolve_view(cmd, r, r->depth_stencil.view, r->ds_resolve[i], aspect[i],
			     resolve_flags(r->ds_resolve_mode[i]));
	}
	gfx->rendering.active = false;
}

void ember_cmd_clear_view(struct ember_cmd_buffer *cmd, const struct ember_image_view *view,
			  VkImageAspectFlags aspects, const VkClearValue *value,
			  const VkRect2D *rect, uint32_t base_layer, uint32_t layer_count,
			  uint32_t view_mask)
{
	const bool color = aspects & VK_IMAGE_ASPECT_COLOR_BIT;
	uint64_t desc = view_image_desc(cmd, view);
	uint32_t mask = view_mask ? view_mask : 1;

	if (!desc)
		return;
	while (mask) {
		const uint32_t bit = (uint32_t)__builtin_ctz(mask);
		const uint32_t offset[3] = {
			(uint32_t)rect->offset.x, (uint32_t)rect->offset.y,
			view->base_layer + (view_mask ? bit : base_layer),
		};
		const uint32_t extent[3] = {
			rect->extent.width, rect->extent.height, view_mask ? 1 : layer_count,
		};
		uint32_t *p;

		mask &= mask - 1;
		if (color) {
			struct ember_upkt_clear_color pkt = {
				.image = desc, .aspect = EMBER_ASPECT_COLOR,
				.level = (uint8_t)view->base_level,
			};

			memcpy(pkt.offset, offset, sizeof(offset));
			memcpy(pkt.extent, extent, sizeof(extent));
			memcpy(pkt.value, value->color.uint32, sizeof(pkt.value));
			p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_CLEAR_COLOR_LEN);
			if (!p)
				return;
			ember_upkt_clear_color_pack(p, &pkt);
		} else {
			struct ember_upkt_clear_depth_stencil pkt = {
				.image = desc, .level = (uint8_t)view->base_level,
				.stencil = value->depthStencil.stencil & 0xff,
			};

			if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
				pkt.aspect |= EMBER_ASPECT_DEPTH;
			if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
				pkt.aspect |= EMBER_ASPECT_STENCIL;
			if (!pkt.aspect)
				return;
			memcpy(&pkt.depth, &value->depthStencil.depth, sizeof(pkt.depth));
			memcpy(pkt.offset, offset, sizeof(offset));
			memcpy(pkt.extent, extent, sizeof(extent));
			p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_CLEAR_DEPTH_STENCIL_LEN);
			if (!p)
				return;
			ember_upkt_clear_depth_stencil_pack(p, &pkt);
		}
	}
}

/* ---- Dynamic rendering --------------------------------------------------- */

static void attachment_from(struct ember_cmd_attachment *att, const VkRenderingAttachmentInfo *info)
{
	*att = (struct ember_cmd_attachment) { 0 };
	if (!info || !info->imageView)
		return;
	att->view = ember_image_view_from_handle(info->imageView);
	if (info->resolveMode != VK_RESOLVE_MODE_NONE && info->resolveImageView)
		att->resolve = ember_image_view_from_handle(info->resolveImageView);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRendering(VkCommandBuffer commandBuffer, const VkRenderingInfo *pRenderingInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkRenderingInfo *info = pRenderingInfo;
	const VkRenderingAttachmentInfo *ds_info[2] = {
		info->pDepthAttachment, info->pStencilAttachment,
	};
	static const VkImageAspectFlags ds_aspect[2] = {
		VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT,
	};
	struct ember_cmd_rendering r = {
		.area = info->renderArea,
		.layers = info->layerCount,
		.view_mask = info->viewMask,
		.color_count = EMBER_MIN(info->colorAttachmentCount, EMBER_GFX_MAX_COLOR_ATTACHMENTS),
	};
	VkImageAspectFlags ds_clear = 0;
	VkClearValue ds_value = { 0 };
	bool cleared = false;

	if (!ember_cmd_gfx(cmd))
		return;

	/* Resuming a suspended instance continues it: no load operations again. */
	const bool resuming = info->flags & VK_RENDERING_RESUMING_BIT;

	for (uint32_t i = 0; i < r.color_count; i++) {
		const VkRenderingAttachmentInfo *a = &info->pColorAttachments[i];

		attachment_from(&r.color[i], a);
		if (!resuming && r.color[i].view && a->loadOp == VK_ATTACHMENT_LOAD_OP_CLEAR) {
			ember_cmd_clear_view(cmd, r.color[i].view, VK_IMAGE_ASPECT_COLOR_BIT,
					     &a->clearValue, &r.area, 0, r.layers, r.view_mask);
			cleared = true;
		}
	}
	for (int i = 0; i < 2; i++) {
		const VkRenderingAttachmentInfo *a = ds_info[i];

		if (!a || !a->imageView)
			continue;
		r.depth_stencil_aspects |= ds_aspect[i];
		if (!r.depth_stencil.view)
			attachment_from(&r.depth_stencil, a);
		if (a->resolveMode != VK_RESOLVE_MODE_NONE && a->resolveImageView) {
			r.ds_resolve[i] = ember_image_view_from_handle(a->resolveImageView);
			r.ds_resolve_mode[i] = a->resolveMode;
		}
		if (!resuming && a->loadOp == VK_ATTACHMENT_LOAD_OP_CLEAR) {
			ds_clear |= ds_aspect[i];
			if (i == 0)
				ds_value.depthStencil.depth = a->clearValue.depthStencil.depth;
			else
				ds_value.depthStencil.stencil = a->clearValue.depthStencil.stencil;
		}
	}
	/* Depth and stencil resolve by aspect (ds_resolve), not through the attachment. */
	r.depth_stencil.resolve = NULL;
	if (ds_clear) {
		ember_cmd_clear_view(cmd, r.depth_stencil.view, ds_clear, &ds_value, &r.area, 0,
				     r.layers, r.view_mask);
		cleared = true;
	}
	if (cleared)
		ember_cmd_emit_barrier(cmd);
	ember_cmd_rendering_begin(cmd, &r);
	if (cmd->gfx)
		cmd->gfx->rendering_suspending = info->flags & VK_RENDERING_SUSPENDING_BIT;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRendering(VkCommandBuffer commandBuffer)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	/* A suspended instance resolves when it ends for good, after its last resume. */
	if (cmd->gfx && cmd->gfx->rendering_suspending) {
		cmd->gfx->rendering.active = false;
		return;
	}
	ember_cmd_rendering_end(cmd);
}
