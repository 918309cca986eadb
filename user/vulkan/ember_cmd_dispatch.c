/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Dispatch
 *
 * A dispatch is one DISPATCH packet: the bound shader's binary, the
 * workgroup counts and base, the VA of a descriptor-set table (the eight
 * bound sets' addresses, written into the command buffer's data memory so
 * that later binds do not change what this dispatch sees) and the push
 * constants the shader reads, inline. Dispatches with a zero count emit
 * nothing (the specification: no workgroups run).
 */

#include "ember_cmd_buffer.h"

#include "ember_packets.h"
#include "ember_shader.h"

#include <string.h>

static void cmd_dispatch(struct ember_cmd_buffer *cmd, uint32_t base_x, uint32_t base_y,
			 uint32_t base_z, uint32_t x, uint32_t y, uint32_t z)
{
	struct ember_shader *shader = cmd->compute.shader;
	uint32_t push_bytes, *p;
	uint64_t table_va;
	void *table;

	if (!x || !y || !z || !shader)
		return;
	push_bytes = EMBER_MIN(shader->push_constant_size, EMBER_DISPATCH_MAX_PUSH);
	table = ember_cmd_alloc_data(cmd, sizeof(cmd->compute.sets), 8, &table_va);
	if (!table)
		return;
	memcpy(table, cmd->compute.sets, sizeof(cmd->compute.sets));

	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_DISPATCH_LEN(push_bytes));
	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_DISPATCH, 0, EMBER_UPKT_DISPATCH_LEN(push_bytes));
	p[1] = (uint32_t)shader->binary.va;
	p[2] = (uint32_t)(shader->binary.va >> 32);
	p[3] = x;
	p[4] = y;
	p[5] = z;
	p[6] = base_x;
	p[7] = base_y;
	p[8] = base_z;
	p[9] = (uint32_t)table_va;
	p[10] = (uint32_t)(table_va >> 32);
	p[11] = push_bytes;
	if (push_bytes) {
		/* The last dword's unused bytes are zero, not stale. */
		p[1 + EMBER_UPKT_DISPATCH_LEN(push_bytes) - 1] = 0;
		memcpy(&p[1 + EMBER_DISPATCH_FIXED_LEN], cmd->compute.push, push_bytes);
	}
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
