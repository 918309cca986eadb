/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Graphics commands on a device without a graphics queue
 *
 * Vulkan's core versions include the commands of rendering: render passes
 * and dynamic rendering, draws, vertex and index buffers, the dynamic state
 * of Vulkan 1.0 and of extended dynamic state 1 and 2 (core in 1.3),
 * vkCmdClearAttachments. vkGetDeviceProcAddr must return every core command
 * of the device's version, so they are all here. Ember's only queue family
 * is compute | transfer, and each of these commands may only be recorded
 * into a command buffer of a pool whose family supports graphics
 * (VUID-...-commandBuffer-cmdpool): no valid application records one.
 *
 * An invalid one is not ignored (a draw that silently does nothing would
 * hide the application's bug) and never crashes: the command records
 * VK_ERROR_VALIDATION_FAILED_EXT, the result the specification lets any
 * command return for a violation of valid usage it detects, and
 * vkEndCommandBuffer returns it (the command buffer becomes invalid, so it
 * is never submitted). The graphics issue replaces these with the real
 * commands together with a graphics queue family.
 */

#include "ember_cmd_buffer.h"

static void graphics_command(VkCommandBuffer commandBuffer, const char *name)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
						"%s needs a graphics queue family", name));
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t firstViewport,
		     uint32_t viewportCount, const VkViewport *pViewports)
{
	graphics_command(commandBuffer, "vkCmdSetViewport");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t firstScissor, uint32_t scissorCount,
		    const VkRect2D *pScissors)
{
	graphics_command(commandBuffer, "vkCmdSetScissor");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetLineWidth(VkCommandBuffer commandBuffer, float lineWidth)
{
	graphics_command(commandBuffer, "vkCmdSetLineWidth");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBias(VkCommandBuffer commandBuffer, float depthBiasConstantFactor,
		      float depthBiasClamp, float depthBiasSlopeFactor)
{
	graphics_command(commandBuffer, "vkCmdSetDepthBias");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
	graphics_command(commandBuffer, "vkCmdSetBlendConstants");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBounds(VkCommandBuffer commandBuffer, float minDepthBounds,
			float maxDepthBounds)
{
	graphics_command(commandBuffer, "vkCmdSetDepthBounds");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilCompareMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			       uint32_t compareMask)
{
	graphics_command(commandBuffer, "vkCmdSetStencilCompareMask");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilWriteMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			     uint32_t writeMask)
{
	graphics_command(commandBuffer, "vkCmdSetStencilWriteMask");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
			     uint32_t reference)
{
	graphics_command(commandBuffer, "vkCmdSetStencilReference");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			 VkIndexType indexType)
{
	graphics_command(commandBuffer, "vkCmdBindIndexBuffer");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
			   uint32_t bindingCount, const VkBuffer *pBuffers,
			   const VkDeviceSize *pOffsets)
{
	graphics_command(commandBuffer, "vkCmdBindVertexBuffers");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
	      uint32_t firstVertex, uint32_t firstInstance)
{
	graphics_command(commandBuffer, "vkCmdDraw");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount, uint32_t instanceCount,
		     uint32_t firstIndex, int32_t vertexOffset, uint32_t firstInstance)
{
	graphics_command(commandBuffer, "vkCmdDrawIndexed");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
		      uint32_t drawCount, uint32_t stride)
{
	graphics_command(commandBuffer, "vkCmdDrawIndirect");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer,
			     VkDeviceSize offset, uint32_t drawCount, uint32_t stride)
{
	graphics_command(commandBuffer, "vkCmdDrawIndexedIndirect");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
			  const VkClearAttachment *pAttachments, uint32_t rectCount,
			  const VkClearRect *pRects)
{
	graphics_command(commandBuffer, "vkCmdClearAttachments");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRenderPass(VkCommandBuffer commandBuffer,
			 const VkRenderPassBeginInfo *pRenderPassBegin,
			 VkSubpassContents contents)
{
	graphics_command(commandBuffer, "vkCmdBeginRenderPass");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdNextSubpass(VkCommandBuffer commandBuffer, VkSubpassContents contents)
{
	graphics_command(commandBuffer, "vkCmdNextSubpass");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRenderPass(VkCommandBuffer commandBuffer)
{
	graphics_command(commandBuffer, "vkCmdEndRenderPass");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			   VkBuffer countBuffer, VkDeviceSize countBufferOffset,
			   uint32_t maxDrawCount, uint32_t stride)
{
	graphics_command(commandBuffer, "vkCmdDrawIndirectCount");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDrawIndexedIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
				  VkDeviceSize offset, VkBuffer countBuffer,
				  VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
				  uint32_t stride)
{
	graphics_command(commandBuffer, "vkCmdDrawIndexedIndirectCount");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRenderPass2(VkCommandBuffer commandBuffer,
			  const VkRenderPassBeginInfo *pRenderPassBegin,
			  const VkSubpassBeginInfo *pSubpassBeginInfo)
{
	graphics_command(commandBuffer, "vkCmdBeginRenderPass2");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdNextSubpass2(VkCommandBuffer commandBuffer,
		      const VkSubpassBeginInfo *pSubpassBeginInfo,
		      const VkSubpassEndInfo *pSubpassEndInfo)
{
	graphics_command(commandBuffer, "vkCmdNextSubpass2");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRenderPass2(VkCommandBuffer commandBuffer, const VkSubpassEndInfo *pSubpassEndInfo)
{
	graphics_command(commandBuffer, "vkCmdEndRenderPass2");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginRendering(VkCommandBuffer commandBuffer, const VkRenderingInfo *pRenderingInfo)
{
	graphics_command(commandBuffer, "vkCmdBeginRendering");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndRendering(VkCommandBuffer commandBuffer)
{
	graphics_command(commandBuffer, "vkCmdEndRendering");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetCullMode(VkCommandBuffer commandBuffer, VkCullModeFlags cullMode)
{
	graphics_command(commandBuffer, "vkCmdSetCullMode");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetFrontFace(VkCommandBuffer commandBuffer, VkFrontFace frontFace)
{
	graphics_command(commandBuffer, "vkCmdSetFrontFace");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPrimitiveTopology(VkCommandBuffer commandBuffer,
			      VkPrimitiveTopology primitiveTopology)
{
	graphics_command(commandBuffer, "vkCmdSetPrimitiveTopology");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetViewportWithCount(VkCommandBuffer commandBuffer, uint32_t viewportCount,
			      const VkViewport *pViewports)
{
	graphics_command(commandBuffer, "vkCmdSetViewportWithCount");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetScissorWithCount(VkCommandBuffer commandBuffer, uint32_t scissorCount,
			     const VkRect2D *pScissors)
{
	graphics_command(commandBuffer, "vkCmdSetScissorWithCount");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBindVertexBuffers2(VkCommandBuffer commandBuffer, uint32_t firstBinding,
			    uint32_t bindingCount, const VkBuffer *pBuffers,
			    const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes,
			    const VkDeviceSize *pStrides)
{
	graphics_command(commandBuffer, "vkCmdBindVertexBuffers2");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthTestEnable)
{
	graphics_command(commandBuffer, "vkCmdSetDepthTestEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthWriteEnable(VkCommandBuffer commandBuffer, VkBool32 depthWriteEnable)
{
	graphics_command(commandBuffer, "vkCmdSetDepthWriteEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthCompareOp(VkCommandBuffer commandBuffer, VkCompareOp depthCompareOp)
{
	graphics_command(commandBuffer, "vkCmdSetDepthCompareOp");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBoundsTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthBoundsTestEnable)
{
	graphics_command(commandBuffer, "vkCmdSetDepthBoundsTestEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilTestEnable(VkCommandBuffer commandBuffer, VkBool32 stencilTestEnable)
{
	graphics_command(commandBuffer, "vkCmdSetStencilTestEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetStencilOp(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
		      VkStencilOp failOp, VkStencilOp passOp, VkStencilOp depthFailOp,
		      VkCompareOp compareOp)
{
	graphics_command(commandBuffer, "vkCmdSetStencilOp");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetRasterizerDiscardEnable(VkCommandBuffer commandBuffer,
				    VkBool32 rasterizerDiscardEnable)
{
	graphics_command(commandBuffer, "vkCmdSetRasterizerDiscardEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDepthBiasEnable(VkCommandBuffer commandBuffer, VkBool32 depthBiasEnable)
{
	graphics_command(commandBuffer, "vkCmdSetDepthBiasEnable");
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetPrimitiveRestartEnable(VkCommandBuffer commandBuffer,
				   VkBool32 primitiveRestartEnable)
{
	graphics_command(commandBuffer, "vkCmdSetPrimitiveRestartEnable");
}
