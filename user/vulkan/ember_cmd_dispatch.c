/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Dispatch
 *
 * A dispatch is one DISPATCH packet: the bound shader's binary, the
 * workgroup counts and base, the VA of a descriptor-set table (the bound
 * sets' addresses and, last, the dynamic buffers' table, written into the
 * command buffer's data memory so that later binds do not change what
 * this dispatch sees) and the push
 * constants the shader reads, inline. Dispatches with a zero count emit
 * nothing (the specification: no workgroups run). While a pipeline
 * statistics query is active, its counters are named just before
 * (PIPELINE_STATS_COUNTERS): an indirect buffer starts with none.
 *
 * An indirect dispatch is one DISPATCH_INDIRECT packet, the same but for
 * the counts: the device reads them from the buffer when the packet runs,
 * so they may be written by earlier commands (the application's barrier
 * with the DRAW_INDIRECT stage is a device BARRIER, ember_cmd_sync.c), and
 * zero counts are the device's to skip. gl_NumWorkGroups needs nothing
 * here: the device gives the shader the counts it ran (ember-hw.rst).
 */

#include "ember_cmd_buffer.h"

#include "ember_buffer.h"
#include "ember_packets.h"
#include "ember_shader.h"

#include <string.h>

/*
 * Emits a dispatch packet @op of @fixed_len fixed dwords for the bound
 * shader, with its shader VA, set table and push constants written; the
 * caller writes the counts (or their address) and base in between.
 * NULL when nothing is to be recorded.
 */
static uint32_t *emit_dispatch(struct ember_cmd_buffer *cmd, uint32_t op, uint32_t fixed_len)
{
	struct ember_shader *shader = cmd->compute.shader;
	uint32_t push_bytes, len, *p, *tail;
	uint64_t table_va;

	if (!shader)
		return NULL;
	push_bytes = EMBER_MIN(shader->push_constant_size, EMBER_DISPATCH_MAX_PUSH);
	len = fixed_len + (push_bytes + 3) / 4;
	table_va = ember_cmd_set_table(cmd, &cmd->compute.bind);
	if (!table_va)
		return NULL;

	ember_cmd_condition_enter(cmd);
	p = ember_cmd_emit(cmd, (cmd->pipeline_stats ? EMBER_CMD_PIPELINE_STATS_DWORDS : 0) +
				1 + len);
	ember_cmd_condition_leave(cmd);
	if (!p)
		return NULL;
	/* An active pipeline statistics query's counters, in the dispatch's IB. */
	p = ember_cmd_pack_pipeline_stats(cmd, p);
	p[0] = EMBER_PKT(op, 0, len);
	p[1] = (uint32_t)shader->binary.va;
	p[2] = (uint32_t)(shader->binary.va >> 32);
	/* Both packets end with the set table's VA, the push size and the push constants. */
	tail = &p[1 + fixed_len - 3];
	tail[0] = (uint32_t)table_va;
	tail[1] = (uint32_t)(table_va >> 32);
	tail[2] = push_bytes;
	if (push_bytes) {
		/* The last dword's unused bytes are zero, not stale. */
		p[len] = 0;
		memcpy(&tail[3], cmd->push, push_bytes);
	}
	return p;
}

static void cmd_dispatch(struct ember_cmd_buffer *cmd, uint32_t base_x, uint32_t base_y,
			 uint32_t base_z, uint32_t x, uint32_t y, uint32_t z)
{
	uint32_t *p;

	if (!x || !y || !z)
		return;
	p = emit_dispatch(cmd, EMBER_UPKT_DISPATCH, EMBER_DISPATCH_FIXED_LEN);
	if (!p)
		return;
	p[3] = x;
	p[4] = y;
	p[5] = z;
	p[6] = base_x;
	p[7] = base_y;
	p[8] = base_z;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDispatch(VkCommandBuffer commandBuffer, uint32_t groupCountX, uint32_t groupCountY,
		  uint32_t groupCountZ)
{
	cmd_dispatch(ember_cmd_buffer_from_handle(commandBuffer), 0, 0, 0, groupCountX,
		     groupCountY, groupCountZ);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDispatchBase(VkCommandBuffer commandBuffer, uint32_t baseGroupX, uint32_t baseGroupY,
		      uint32_t baseGroupZ, uint32_t groupCountX, uint32_t groupCountY,
		      uint32_t groupCountZ)
{
	cmd_dispatch(ember_cmd_buffer_from_handle(commandBuffer), baseGroupX, baseGroupY,
		     baseGroupZ, groupCountX, groupCountY, groupCountZ);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdDispatchIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, counts, buffer);
	uint64_t va = ember_buffer_address(counts, offset);
	uint32_t *p;

	p = emit_dispatch(cmd, EMBER_UPKT_DISPATCH_INDIRECT, EMBER_DISPATCH_INDIRECT_FIXED_LEN);
	if (!p)
		return;
	p[3] = (uint32_t)va;
	p[4] = (uint32_t)(va >> 32);
	p[5] = 0;
	p[6] = 0;
	p[7] = 0;
}
