/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Conditional rendering (VK_EXT_conditional_rendering)
 *
 * Between vkCmdBeginConditionalRenderingEXT and its end, the draws, the
 * dispatches and vkCmdClearAttachments are discarded when the 32-bit
 * predicate in the buffer is 0 (with INVERTED: when it is not 0). Each
 * packet such a command records sits behind the device's COND_EXEC on the
 * predicate (contract 1.13, ember-hw.rst "Conditional execution"), which
 * skips it: the device reads the predicate when the command executes,
 * after the writes a barrier with the CONDITIONAL_RENDERING_READ access
 * made visible (every barrier here is a full BARRIER). The state a
 * skipped command would have bound is rebound by the next one (every draw
 * and dispatch binds its own), so nothing else needs the condition.
 * Secondaries do not inherit the primary's condition
 * (inheritedConditionalRendering is not reported).
 */

#include "ember_cmd_buffer.h"

#include "ember_buffer.h"

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginConditionalRenderingEXT(VkCommandBuffer commandBuffer,
				      const VkConditionalRenderingBeginInfoEXT *pConditionalRenderingBegin)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, buffer, pConditionalRenderingBegin->buffer);

	cmd->condition.va = ember_buffer_address(buffer, pConditionalRenderingBegin->offset);
	cmd->condition.inverted = pConditionalRenderingBegin->flags &
				  VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndConditionalRenderingEXT(VkCommandBuffer commandBuffer)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	cmd->condition.va = 0;
	cmd->condition.inverted = false;
}
