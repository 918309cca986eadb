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
 *
 * inheritedConditionalRendering: a condition never spans indirect buffers
 * and a secondary's IBs are recorded before any primary executes them, so
 * a secondary begun with conditionalRenderingEnable puts its affected
 * commands behind a COND_EXEC on a word of its own (@condition_word,
 * device-writable, kept across resets). vkCmdExecuteCommands sets that
 * word before the secondary's IBs: to 1 without an active condition, and
 * under one to 0, then, behind a COND_EXEC on the primary's predicate
 * (with its inversion), to 1; a BARRIER orders the two writes and the IB
 * boundary makes the word visible to the secondary. The predicate is thus
 * read when vkCmdExecuteCommands executes. A condition the secondary begins
 * itself replaces the inherited one until its end. As with the targets
 * block, a SIMULTANEOUS_USE secondary executed on two queues at once under
 * different conditions shares one word.
 */

#include "ember_cmd_buffer.h"

#include "ember_buffer.h"
#include "ember_packets.h"
#include "ember_physical_device.h"
#include "ember_regs.h"

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

	cmd->condition.va = cmd->condition.inherited;
	cmd->condition.inverted = false;
}

void ember_cmd_condition_inherit(struct ember_cmd_buffer *cmd,
				 const VkCommandBufferInheritanceInfo *inheritance)
{
	const VkCommandBufferInheritanceConditionalRenderingInfoEXT *info =
		ember_find_struct(inheritance->pNext,
			VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_CONDITIONAL_RENDERING_INFO_EXT);
	struct ember_device *device = cmd->base.device;

	if (!info || !info->conditionalRenderingEnable ||
	    !(device->pdev->ws.info.caps & EMBER_CAP_COND_EXEC))
		return;
	/* Written by the executing primary's WRITE_IMM. */
	if (!ember_cmd_device_words(cmd, 4, &cmd->condition_word))
		return;
	cmd->condition.inherited = cmd->condition.va = cmd->condition_word.va;
	cmd->condition.inverted = false;
}

void ember_cmd_execute_condition(struct ember_cmd_buffer *cmd,
				 const struct ember_cmd_buffer *secondary)
{
	const struct ember_cmd_condition *cond = &cmd->condition;
	const uint64_t word = secondary->condition.inherited;
	struct ember_upkt_write_imm write = { .dst = word, .value = 1 };
	const uint32_t write_dwords = 1 + 3;
	uint32_t *p;

	if (!word)
		return;
	if (!cond->va) {
		p = ember_cmd_emit(cmd, write_dwords);
		if (p)
			ember_upkt_write_imm_pack(p, &write);
		return;
	}
	write.value = 0;
	p = ember_cmd_emit(cmd, write_dwords);
	if (p)
		ember_upkt_write_imm_pack(p, &write);
	ember_cmd_emit_barrier(cmd);
	/* One reservation: the COND_EXEC and the write it may skip. */
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COND_EXEC_LEN + write_dwords);
	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_COND_EXEC, cond->inverted ? EMBER_COND_EXEC_IF_ZERO : 0,
			 EMBER_UPKT_COND_EXEC_LEN);
	p[1] = (uint32_t)cond->va;
	p[2] = (uint32_t)(cond->va >> 32);
	p[3] = write_dwords;
	write.value = 1;
	ember_upkt_write_imm_pack(p + 1 + EMBER_UPKT_COND_EXEC_LEN, &write);
}

void ember_cmd_condition_free(struct ember_cmd_buffer *cmd)
{
	if (cmd->condition_word.va)
		ember_gpu_bo_destroy(cmd->base.device, &cmd->condition_word);
}
