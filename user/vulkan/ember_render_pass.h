/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_RENDER_PASS_H
#define EMBER_RENDER_PASS_H

#include "ember_object.h"

#include "ember_gfx_hw.h"

struct ember_image_view;

/*
 * What beginning a render pass needs of an attachment description: its
 * load operations and the first subpass that uses it in any role (colour,
 * resolve, depth/stencil or input; the subpass count: none), where the
 * specification puts the load operation.
 */
struct ember_rp_attachment {
	VkFormat format;
	VkAttachmentLoadOp load_op, stencil_load_op;
	uint32_t first_subpass;
};

/*
 * A subpass: its colour attachments and their resolve attachments by
 * location, its depth/stencil attachment (VK_ATTACHMENT_UNUSED: none), its
 * view mask (0: no multiview) and its depth/stencil resolve.
 */
struct ember_rp_subpass {
	uint32_t color_count;
	uint32_t color[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	uint32_t resolve[EMBER_GFX_MAX_COLOR_ATTACHMENTS];
	uint32_t depth_stencil;
	uint32_t view_mask;
	/* VkSubpassDescriptionDepthStencilResolve: UNUSED / NONE when absent. */
	uint32_t ds_resolve;
	VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
};

/**
 * struct ember_render_pass - A VkRenderPass: its attachments and subpasses
 * (dependencies need nothing: every subpass boundary is a full barrier).
 */
struct ember_render_pass {
	struct ember_object base;
	uint32_t attachment_count;
	uint32_t subpass_count;
	struct ember_rp_attachment *attachments;
	struct ember_rp_subpass *subpasses;
};

EMBER_DEFINE_HANDLE_CASTS(ember_render_pass, base, VkRenderPass, VK_OBJECT_TYPE_RENDER_PASS)

/**
 * struct ember_framebuffer - A VkFramebuffer.
 * @imageless: created with VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT (its views
 *	come with vkCmdBeginRenderPass).
 * @width, @height, @layers: its extent.
 * @attachment_count, @views: its views (none when imageless).
 */
struct ember_framebuffer {
	struct ember_object base;
	bool imageless;
	uint32_t width, height, layers;
	uint32_t attachment_count;
	struct ember_image_view *views[];
};

EMBER_DEFINE_HANDLE_CASTS(ember_framebuffer, base, VkFramebuffer, VK_OBJECT_TYPE_FRAMEBUFFER)

#endif /* EMBER_RENDER_PASS_H */
