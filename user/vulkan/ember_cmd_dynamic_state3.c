/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The dynamic states of shader objects
 *
 * VK_EXT_shader_object takes every state of a draw from commands, so it
 * requires the commands of the states Vulkan 1.3's pipelines can still
 * hold static: vkCmdSetVertexInputEXT (VK_EXT_vertex_input_dynamic_state's)
 * and those of VK_EXT_extended_dynamic_state3 that concern what Ember
 * does (multisampling, polygon mode, depth clamp, logic op, blending and
 * write masks), plus extended dynamic state 2's logic op. Each sets its
 * members of the command buffer's draw state (ember_gfx_state.h) and
 * marks the block they live in, like ember_cmd_dynamic_state.c's
 * commands. Ember reports VK_EXT_extended_dynamic_state3 only with the
 * features of the states a pipeline may leave dynamic (an EMBER_DYN_*
 * group each, ember_physical_device.c), and not
 * VK_EXT_vertex_input_dynamic_state: the other states are read by draws
 * with shader objects only. vkCmdSetLogicOpEXT's state a pipeline may
 * leave dynamic too (extendedDynamicState2LogicOp, EMBER_DYN_LOGIC_OP),
 * and vkCmdSetColorWriteEnableEXT's (VK_EXT_color_write_enable).
 * vkCmdSetProvokingVertexModeEXT is VK_EXT_provoking_vertex's (the raster
 * block's provoking_vertex; FIRST_VERTEX until set), for pipelines too
 * (extendedDynamicState3ProvokingVertexMode, EMBER_DYN_PROVOKING_VERTEX_MODE).
 *
 * vkCmdSetPatchControlPointsEXT and vkCmdSetTessellationDomainOriginEXT
 * are the extension's too, whatever the device: valid without a
 * tessellation shader, which Ember cannot have, so their state is kept
 * and never reaches the device.
 *
 * Depth clamp and clip go together until vkCmdSetDepthClipEnableEXT
 * (VK_EXT_depth_clip_enable) sets clipping apart: before, depth clipping
 * is on exactly when clamping is off. vkCmdSetDepthClipNegativeOneToOneEXT
 * (VK_EXT_depth_clip_control, extendedDynamicState3DepthClipNegativeOneToOne)
 * sets the raster block's depth_negative_one_to_one (CAPS.DEPTH_CLIP_CONTROL):
 * 0..1 until set.
 */

#include "ember_cmd_gfx.h"

#include <string.h>

#define DYN(dirty) EMBER_CMD_DYN(dirty)

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetVertexInputEXT(VkCommandBuffer commandBuffer, uint32_t vertexBindingDescriptionCount,
			   const VkVertexInputBindingDescription2EXT *pVertexBindingDescriptions,
			   uint32_t vertexAttributeDescriptionCount,
			   const VkVertexInputAttributeDescription2EXT *pVertexAttributeDescriptions)
{
	DYN(VERTEX_INPUT);

	/* The whole layout is replaced: bindings not described have none. */
	memset(s->bindings, 0, sizeof(s->bindings));
	s->binding_count = 0;
	for (uint32_t i = 0; i < vertexBindingDescriptionCount; i++) {
		const VkVertexInputBindingDescription2EXT *b = &pVertexBindingDescriptions[i];

		if (b->binding >= EMBER_GFX_MAX_VERTEX_BINDINGS)
			continue;
		s->bindings[b->binding].stride = b->stride;
		s->bindings[b->binding].input_rate = b->inputRate;
		s->bindings[b->binding].divisor = b->divisor;
		s->binding_count = EMBER_MAX(s->binding_count, b->binding + 1);
	}
	s->attribute_count = EMBER_MIN(vertexAttributeDescriptionCount,
				       EMBER_GFX_MAX_VERTEX_ATTRIBUTES);
	for (uint32_t i = 0; i < s->attribute_count; i++) {
		const VkVertexInputAttributeDescription2EXT *a = &pVertexAttributeDescriptions[i];

		s->attributes[i].location = a->location;
		s->attributes[i].binding = a->binding;
		s->attributes[i].format = a->format;
		s->attributes[i].offset = a->offset;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetRasterizationSamplesEXT(VkCommandBuffer commandBuffer,
				    VkSampleCountFlagBits rasterizationSamples)
{
	DYN(RASTER);
	s->samples = rasterizationSamples;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetSampleMaskEXT(VkCommandBuffer commandBuffer, VkSampleCountFlagBits samples,
			  const VkSampleMask *pSampleMask)
{
	DYN(RASTER);
	/* At most 4 samples: the first word holds every bit that counts. */
	s->sample_mask = pSampleMask ? pSampleMask[0] : ~0u;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetAlphaToCoverageEnableEXT(VkCommandBuffer commandBuffer,
				     VkBool32 alphaToCoverageEnable)
{
	DYN(RASTER);
	s->alpha_to_coverage = alphaToCoverageEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetAlphaToOneEnableEXT(VkCommandBuffer commandBuffer, VkBool32 alphaToOneEnable)
{
	DYN(RASTER);
	s->alpha_to_one = alphaToOneEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPolygonModeEXT(VkCommandBuffer commandBuffer, VkPolygonMode polygonMode)
{
	DYN(RASTER);
	s->polygon_mode = polygonMode;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthClampEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClampEnable)
{
	DYN(RASTER);
	s->depth_clamp = depthClampEnable;
}

/* Clipping apart from clamping from now on (ember_gfx_depth_clip()). */
VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthClipEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClipEnable)
{
	DYN(RASTER);
	s->depth_clip = depthClipEnable;
	s->depth_clip_set = true;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthClipNegativeOneToOneEXT(VkCommandBuffer commandBuffer, VkBool32 negativeOneToOne)
{
	DYN(RASTER);
	s->depth_negative_one_to_one = negativeOneToOne;
}

/* VK_EXT_provoking_vertex's, for shader objects and pipelines that leave the mode dynamic. */
VKAPI_ATTR void VKAPI_CALL
ember_CmdSetProvokingVertexModeEXT(VkCommandBuffer commandBuffer,
				   VkProvokingVertexModeEXT provokingVertexMode)
{
	DYN(RASTER);
	s->provoking_vertex = provokingVertexMode;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetLogicOpEnableEXT(VkCommandBuffer commandBuffer, VkBool32 logicOpEnable)
{
	DYN(BLEND);
	s->logic_op_enable = logicOpEnable;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetLogicOpEXT(VkCommandBuffer commandBuffer, VkLogicOp logicOp)
{
	DYN(BLEND);
	s->logic_op = logicOp;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetColorBlendEnableEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
				uint32_t attachmentCount, const VkBool32 *pColorBlendEnables)
{
	DYN(BLEND);
	for (uint32_t i = 0; i < attachmentCount &&
	     firstAttachment + i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
		s->blend[firstAttachment + i].enable = pColorBlendEnables[i];
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetColorBlendEquationEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
				  uint32_t attachmentCount,
				  const VkColorBlendEquationEXT *pColorBlendEquations)
{
	DYN(BLEND);
	for (uint32_t i = 0; i < attachmentCount &&
	     firstAttachment + i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		const VkColorBlendEquationEXT *e = &pColorBlendEquations[i];
		struct ember_gfx_blend_att *a = &s->blend[firstAttachment + i];

		a->src_color = e->srcColorBlendFactor;
		a->dst_color = e->dstColorBlendFactor;
		a->color_op = e->colorBlendOp;
		a->src_alpha = e->srcAlphaBlendFactor;
		a->dst_alpha = e->dstAlphaBlendFactor;
		a->alpha_op = e->alphaBlendOp;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetColorWriteMaskEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
			      uint32_t attachmentCount,
			      const VkColorComponentFlags *pColorWriteMasks)
{
	DYN(BLEND);
	for (uint32_t i = 0; i < attachmentCount &&
	     firstAttachment + i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++)
		s->blend[firstAttachment + i].write_mask = pColorWriteMasks[i];
}

/* VK_EXT_color_write_enable's, for pipelines (EMBER_DYN_COLOR_WRITE_ENABLE) and shader objects. */
VKAPI_ATTR void VKAPI_CALL
ember_CmdSetColorWriteEnableEXT(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
				const VkBool32 *pColorWriteEnables)
{
	DYN(BLEND);
	for (uint32_t i = 0; i < attachmentCount && i < EMBER_GFX_MAX_COLOR_ATTACHMENTS; i++) {
		if (pColorWriteEnables[i])
			s->color_write_enable |= 1u << i;
		else
			s->color_write_enable &= ~(1u << i);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPatchControlPointsEXT(VkCommandBuffer commandBuffer, uint32_t patchControlPoints)
{
	struct ember_gfx_draw_state *s = ember_cmd_dyn_state(commandBuffer, 0);

	if (s)
		s->patch_control_points = patchControlPoints;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetTessellationDomainOriginEXT(VkCommandBuffer commandBuffer,
					VkTessellationDomainOrigin domainOrigin)
{
	struct ember_gfx_draw_state *s = ember_cmd_dyn_state(commandBuffer, 0);

	if (s)
		s->tess_domain_origin = domainOrigin;
}
