/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Dynamic state commands
 *
 * The dynamic states of Vulkan 1.0 and of extended dynamic state 1 and 2
 * (core in 1.3): each command sets its members of the command buffer's
 * draw state (ember_gfx_state.h) and marks the block they live in, which
 * the next draw writes again. A value set here stays until a pipeline
 * that has the state static is bound (ember_gfx_state_bind_pipeline()).
 * Line width reaches the device as set (wideLines, contract 1.13).
 */

#include "ember_cmd_gfx.h"

#include <string.h>

#define DYN(dirty) EMBER_CMD_DYN(dirty)

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t firstViewport,
		     uint32_t viewportCount, const VkViewport *pViewports)
{
	DYN(VIEWPORTS);
	for (uint32_t i = 0; i < viewportCount && firstViewport + i < EMBER_GFX_MAX_VIEWPORTS; i++)
		s->viewports[firstViewport + i] = pViewports[i];
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t firstScissor, uint32_t scissorCount,
		    const VkRect2D *pScissors)
{
	DYN(VIEWPORTS);
	for (uint32_t i = 0; i < scissorCount && firstScissor + i < EMBER_GFX_MAX_VIEWPORTS; i++)
		s->scissors[firstScissor + i] = pScissors[i];
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetViewportWithCount(VkCommandBuffer commandBuffer, uint32_t viewportCount,
			      const VkViewport *pViewports)
{
	DYN(VIEWPORTS);
	s->viewport_count = EMBER_MIN(viewportCount, EMBER_GFX_MAX_VIEWPORTS);
	memcpy(s->viewports, pViewports, s->viewport_count * sizeof(*pViewports));
	/* The count is the root's too. */
	ember_cmd_dyn_state(commandBuffer, EMBER_GFX_DIRTY_ROOT);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetScissorWithCount(VkCommandBuffer commandBuffer, uint32_t scissorCount,
			     const VkRect2D *pScissors)
{
	DYN(VIEWPORTS);
	s->scissor_count = EMBER_MIN(scissorCount, EMBER_GFX_MAX_VIEWPORTS);
	memcpy(s->scissors, pScissors, s->scissor_count * sizeof(*pScissors));
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetLineWidth(VkCommandBuffer commandBuffer, float lineWidth)
{
	DYN(RASTER);
	s->line_width = lineWidth;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBias(VkCommandBuffer commandBuffer, float depthBiasConstantFactor,
		      float depthBiasClamp, float depthBiasSlopeFactor)
{
	DYN(RASTER);
	s->depth_bias_constant = depthBiasConstantFactor;
	s->depth_bias_clamp = depthBiasClamp;
	s->depth_bias_slope = depthBiasSlopeFactor;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
	DYN(BLEND);
	memcpy(s->blend_constants, blendConstants, sizeof(s->blend_constants));
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBounds(VkCommandBuffer commandBuffer, float minDepthBounds,
			float maxDepthBounds)
{
	DYN(DEPTH_STENCIL);
	s->min_depth_bounds = minDepthBounds;
	s->max_depth_bounds = maxDepthBounds;
}

/* The faces of @mask (front, back) of @s. */
static void faces(struct ember_gfx_draw_state *s, VkStencilFaceFlags mask,
		  struct ember_gfx_stencil_face *out[2])
{
	out[0] = (mask & VK_STENCIL_FACE_FRONT_BIT) ? &s->front : NULL;
	out[1] = (mask & VK_STENCIL_FACE_BACK_BIT) ? &s->back : NULL;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilCompareMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			       uint32_t compareMask)
{
	struct ember_gfx_stencil_face *f[2];
	DYN(DEPTH_STENCIL);

	faces(s, faceMask, f);
	for (int i = 0; i < 2; i++)
		if (f[i])
			f[i]->compare_mask = compareMask & 0xff;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilWriteMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			     uint32_t writeMask)
{
	struct ember_gfx_stencil_face *f[2];
	DYN(DEPTH_STENCIL);

	faces(s, faceMask, f);
	for (int i = 0; i < 2; i++)
		if (f[i])
			f[i]->write_mask = writeMask & 0xff;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			     uint32_t reference)
{
	struct ember_gfx_stencil_face *f[2];
	DYN(DEPTH_STENCIL);

	faces(s, faceMask, f);
	for (int i = 0; i < 2; i++)
		if (f[i])
			f[i]->reference = reference & 0xff;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilOp(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
		      VkStencilOp failOp, VkStencilOp passOp, VkStencilOp depthFailOp,
		      VkCompareOp compareOp)
{
	struct ember_gfx_stencil_face *f[2];
	DYN(DEPTH_STENCIL);

	faces(s, faceMask, f);
	for (int i = 0; i < 2; i++) {
		if (!f[i])
			continue;
		f[i]->fail_op = failOp;
		f[i]->pass_op = passOp;
		f[i]->depth_fail_op = depthFailOp;
		f[i]->compare_op = compareOp;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetCullMode(VkCommandBuffer commandBuffer, VkCullModeFlags cullMode)
{
	DYN(RASTER);
	s->cull_mode = cullMode;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetFrontFace(VkCommandBuffer commandBuffer, VkFrontFace frontFace)
{
	DYN(RASTER);
	s->front_face = frontFace;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPrimitiveTopology(VkCommandBuffer commandBuffer,
			      VkPrimitiveTopology primitiveTopology)
{
	DYN(ROOT);
	s->topology = primitiveTopology;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPrimitiveRestartEnable(VkCommandBuffer commandBuffer,
				   VkBool32 primitiveRestartEnable)
{
	DYN(ROOT);
	s->primitive_restart = primitiveRestartEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthTestEnable)
{
	DYN(DEPTH_STENCIL);
	s->depth_test = depthTestEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthWriteEnable(VkCommandBuffer commandBuffer, VkBool32 depthWriteEnable)
{
	DYN(DEPTH_STENCIL);
	s->depth_write = depthWriteEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthCompareOp(VkCommandBuffer commandBuffer, VkCompareOp depthCompareOp)
{
	DYN(DEPTH_STENCIL);
	s->depth_compare_op = depthCompareOp;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBoundsTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthBoundsTestEnable)
{
	DYN(DEPTH_STENCIL);
	s->depth_bounds_test = depthBoundsTestEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilTestEnable(VkCommandBuffer commandBuffer, VkBool32 stencilTestEnable)
{
	DYN(DEPTH_STENCIL);
	s->stencil_test = stencilTestEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetRasterizerDiscardEnable(VkCommandBuffer commandBuffer,
				    VkBool32 rasterizerDiscardEnable)
{
	DYN(RASTER);
	s->rasterizer_discard = rasterizerDiscardEnable;
	/* The viewports block depends on it (write_viewports()). */
	ember_cmd_dyn_state(commandBuffer, EMBER_GFX_DIRTY_VIEWPORTS);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBiasEnable(VkCommandBuffer commandBuffer, VkBool32 depthBiasEnable)
{
	DYN(RASTER);
	s->depth_bias_enable = depthBiasEnable;
}
