/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Command buffers
 *
 * Recording writes the device's user packets straight into CPU-mapped GPU
 * memory: there is no intermediate command list to translate at submit
 * time, which matters in a TCG guest where every CPU instruction is dear.
 * A command buffer is a chain of indirect buffers (IBs), each in a chunk
 * of EMBER_CMD_CHUNK_SIZE recycled through the pool; a packet never
 * straddles two IBs, and a full chunk closes its IB and opens the next.
 * The queue runs the IBs as consecutive jobs of one kernel queue, and the
 * ring completes one before starting the next, so an IB boundary is also a
 * full barrier.
 *
 * Per-command data the device reads when the command executes (set
 * tables, dynamic buffers with their offsets, push descriptors, the
 * source of vkCmdUpdateBuffer) lives in separate data chunks for the same
 * lifetime.
 *
 * A secondary command buffer is recorded the same way; vkCmdExecuteCommands
 * closes the primary's open IB and appends the secondary's IBs (the
 * specification makes the primary invalid if the secondary is reset or
 * freed, so sharing them is safe). Secondaries that continue a render
 * pass instance read the primary's attachments through
 * ember_cmd_secondary.c; their clears of attachments they cannot name
 * are recorded by the primary between their IBs
 * (ember_cmd_clear_attachments.c).
 *
 * Errors are sticky: the first failure is kept and returned by
 * vkEndCommandBuffer.
 */

#include "ember_cmd_buffer.h"

#include "ember_cmd_gfx.h"
#include "ember_cmd_pool.h"
#include "ember_device.h"
#include "ember_packets.h"
#include "ember_shader.h"

#include <string.h>

void ember_cmd_record_error(struct ember_cmd_buffer *cmd, VkResult result)
{
	if (cmd->error == VK_SUCCESS)
		cmd->error = result;
}

/*
 * Creates @bo of @size bytes for memory of @cmd that the device writes
 * (counters, copied blocks, condition words) unless it exists: no
 * READONLY, never executed. False, with the error recorded, if it cannot.
 */
bool ember_cmd_device_words(struct ember_cmd_buffer *cmd, uint64_t size,
			    struct ember_gpu_bo *bo)
{
	VkResult result;

	if (bo->va)
		return true;
	result = ember_gpu_bo_create(cmd->base.device, size, EMBER_WS_MAP_NOEXEC, bo);
	if (result != VK_SUCCESS) {
		ember_cmd_record_error(cmd, result);
		return false;
	}
	return true;
}

/* A chunk of at least @size bytes: a spare of the pool, or a new one. */
static struct ember_cmd_chunk *cmd_new_chunk(struct ember_cmd_buffer *cmd, uint32_t size)
{
	struct ember_cmd_pool *pool = cmd->pool;
	struct ember_cmd_chunk *chunk;
	VkResult result;

	if (size <= EMBER_CMD_CHUNK_SIZE && pool->spare) {
		chunk = pool->spare;
		pool->spare = chunk->next;
	} else {
		chunk = ember_alloc(&pool->alloc, sizeof(*chunk), 8,
				    VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
		if (!chunk) {
			ember_cmd_record_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
			return NULL;
		}
		result = ember_gpu_bo_create(cmd->base.device, EMBER_MAX(size, EMBER_CMD_CHUNK_SIZE),
					     EMBER_WS_MAP_READONLY | EMBER_WS_MAP_NOEXEC,
					     &chunk->bo);
		if (result != VK_SUCCESS) {
			ember_free(&pool->alloc, chunk);
			ember_cmd_record_error(cmd, result);
			return NULL;
		}
	}
	chunk->next = cmd->chunks;
	cmd->chunks = chunk;
	return chunk;
}

/*
 * A full array of @cmd (*@capacity elements of @size bytes, @first for an
 * empty one) reallocated twice as large: the new array, or NULL with the
 * error recorded and the old array kept.
 */
static void *cmd_grow_array(struct ember_cmd_buffer *cmd, void *array, uint32_t *capacity,
			    size_t size, uint32_t first)
{
	const uint32_t grown = *capacity ? *capacity * 2 : first;
	void *p = ember_realloc(&cmd->pool->alloc, array, *capacity * size, grown * size, 8,
				VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);

	if (!p) {
		ember_cmd_record_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
		return NULL;
	}
	*capacity = grown;
	return p;
}

static void cmd_append_ib(struct ember_cmd_buffer *cmd, uint64_t va, uint32_t size)
{
	if (cmd->ib_count == cmd->ib_capacity) {
		struct ember_cmd_ib *ibs = cmd_grow_array(cmd, cmd->ibs, &cmd->ib_capacity,
							  sizeof(*ibs), 8);

		if (!ibs)
			return;
		cmd->ibs = ibs;
	}
	cmd->ibs[cmd->ib_count++] = (struct ember_cmd_ib) { .va = va, .size = size };
}

void ember_cmd_close_ib(struct ember_cmd_buffer *cmd)
{
	if (!cmd->ib_chunk || cmd->ib_offset == cmd->ib_start)
		return;
	cmd_append_ib(cmd, cmd->ib_chunk->bo.va + cmd->ib_start, cmd->ib_offset - cmd->ib_start);
	cmd->ib_start = cmd->ib_offset;
}

const void *ember_cmd_map(const struct ember_cmd_buffer *cmd, uint64_t va)
{
	for (const struct ember_cmd_chunk *c = cmd->chunks; c; c = c->next)
		if (va >= c->bo.va && va - c->bo.va < c->bo.size)
			return (const uint8_t *)c->bo.bo.map + (va - c->bo.va);
	return NULL;
}

void ember_cmd_reloc(struct ember_cmd_buffer *cmd, const uint32_t *field,
		     enum ember_cmd_reloc_kind kind, const uint32_t *root)
{
	if (cmd->level != VK_COMMAND_BUFFER_LEVEL_SECONDARY ||
	    !(cmd->usage & VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT) || !cmd->ib_chunk)
		return;
	if (cmd->reloc_count == cmd->reloc_capacity) {
		struct ember_cmd_reloc *relocs = cmd_grow_array(cmd, cmd->relocs,
								&cmd->reloc_capacity,
								sizeof(*relocs), 16);

		if (!relocs)
			return;
		cmd->relocs = relocs;
	}
	cmd->relocs[cmd->reloc_count++] = (struct ember_cmd_reloc) {
		.field_va = cmd->ib_chunk->bo.va +
			    (uint64_t)((const uint8_t *)field - (const uint8_t *)cmd->ib_chunk->bo.bo.map),
		.root = root,
		.kind = kind,
	};
}

/* @dwords consecutive dwords in the current IB, or in a new one. */
static uint32_t *cmd_reserve(struct ember_cmd_buffer *cmd, uint32_t dwords)
{
	struct ember_device *device = cmd->base.device;
	uint32_t bytes = dwords * 4, max_ib = device->ws.info.max_ib_size;
	uint32_t *p;

	if (cmd->error != VK_SUCCESS)
		return NULL;
	if (!cmd->ib_chunk || cmd->ib_offset + bytes > cmd->ib_chunk->bo.size ||
	    cmd->ib_offset + bytes - cmd->ib_start > max_ib) {
		ember_cmd_close_ib(cmd);
		if (bytes > max_ib) {
			ember_cmd_record_error(cmd, VK_ERROR_OUT_OF_DEVICE_MEMORY);
			return NULL;
		}
		if (!cmd->ib_chunk || cmd->ib_offset + bytes > cmd->ib_chunk->bo.size) {
			struct ember_cmd_chunk *chunk = cmd_new_chunk(cmd, bytes);

			if (!chunk)
				return NULL;
			cmd->ib_chunk = chunk;
			cmd->ib_start = cmd->ib_offset = 0;
		}
	}
	p = (uint32_t *)((uint8_t *)cmd->ib_chunk->bo.bo.map + cmd->ib_offset);
	cmd->ib_offset += bytes;
	return p;
}

uint32_t *ember_cmd_emit(struct ember_cmd_buffer *cmd, uint32_t dwords)
{
	const struct ember_cmd_condition *cond = &cmd->condition;
	uint32_t *p;

	if (!cond->affected || !cond->va)
		return cmd_reserve(cmd, dwords);
	/* One reservation: COND_EXEC never spans IBs. */
	p = cmd_reserve(cmd, 1 + EMBER_UPKT_COND_EXEC_LEN + dwords);
	if (!p)
		return NULL;
	p[0] = EMBER_PKT(EMBER_UPKT_COND_EXEC, cond->inverted ? EMBER_COND_EXEC_IF_ZERO : 0,
			 EMBER_UPKT_COND_EXEC_LEN);
	p[1] = (uint32_t)cond->va;
	p[2] = (uint32_t)(cond->va >> 32);
	p[3] = dwords;
	if (cond->va == cond->inherited)
		ember_cmd_reloc(cmd, p, EMBER_CMD_RELOC_COND, NULL);
	return p + 1 + EMBER_UPKT_COND_EXEC_LEN;
}

uint32_t *ember_cmd_emit_ib(struct ember_cmd_buffer *cmd, uint32_t dwords)
{
	ember_cmd_close_ib(cmd);
	return cmd_reserve(cmd, dwords);
}

void *ember_cmd_alloc_data(struct ember_cmd_buffer *cmd, uint32_t size, uint32_t align,
			   uint64_t *va)
{
	uint32_t offset;

	if (cmd->error != VK_SUCCESS)
		return NULL;
	offset = cmd->data_chunk ? (uint32_t)ember_align64(cmd->data_offset, align) : 0;
	if (!cmd->data_chunk || offset + size > cmd->data_chunk->bo.size) {
		struct ember_cmd_chunk *chunk = cmd_new_chunk(cmd, size);

		if (!chunk)
			return NULL;
		cmd->data_chunk = chunk;
		offset = 0;
	}
	cmd->data_offset = offset + size;
	*va = cmd->data_chunk->bo.va + offset;
	return (uint8_t *)cmd->data_chunk->bo.bo.map + offset;
}

struct ember_cmd_bindings *ember_cmd_bindings(struct ember_cmd_buffer *cmd,
					      VkPipelineBindPoint bind_point)
{
	if (bind_point == VK_PIPELINE_BIND_POINT_GRAPHICS) {
		struct ember_cmd_gfx *gfx = ember_cmd_gfx(cmd);

		return gfx ? &gfx->bind : NULL;
	}
	return &cmd->compute.bind;
}

void ember_cmd_bind_descriptor_set(struct ember_cmd_buffer *cmd, VkPipelineBindPoint bind_point,
				   uint32_t set, uint64_t va,
				   const struct ember_cmd_dynamic *dynamic)
{
	struct ember_cmd_bindings *bind = ember_cmd_bindings(cmd, bind_point);

	if (!bind || set >= EMBER_MAX_BOUND_SETS)
		return;
	bind->sets[set] = va;
	bind->dynamic[set] = dynamic ? *dynamic : (struct ember_cmd_dynamic) { 0 };
	bind->dynamic_dirty = true;
	if (bind_point == VK_PIPELINE_BIND_POINT_GRAPHICS)
		cmd->gfx->dirty |= EMBER_GFX_DIRTY_ROOT;
}

void ember_cmd_bind_compute_shader(struct ember_cmd_buffer *cmd, struct ember_shader *shader,
				   const struct ember_dynamic_layout *dynamic)
{
	cmd->compute.shader = shader;
	cmd->compute.bind.dynamic_layout = dynamic;
	cmd->compute.bind.dynamic_dirty = true;
}

uint64_t ember_cmd_set_table(struct ember_cmd_buffer *cmd, struct ember_cmd_bindings *bind)
{
	uint64_t table_va, dynamic_va;
	uint64_t *table;

	if (!ember_cmd_dynamic_table(cmd, bind, &dynamic_va))
		return 0;
	table = ember_cmd_alloc_data(cmd, sizeof(bind->sets), 8, &table_va);
	if (!table)
		return 0;
	memcpy(table, bind->sets, sizeof(bind->sets));
	table[EMBER_DYNAMIC_TABLE_SET] = dynamic_va;
	return table_va;
}

void ember_cmd_emit_barrier(struct ember_cmd_buffer *cmd)
{
	uint32_t *p = ember_cmd_emit(cmd, 1);

	if (p)
		p[0] = EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0);
}

const struct ember_cmd_ib *ember_cmd_buffer_ibs(struct ember_cmd_buffer *cmd, uint32_t *count)
{
	*count = cmd->ib_count;
	return cmd->ibs;
}

void ember_cmd_buffer_submitted(struct ember_cmd_buffer *cmd)
{
	/*
	 * Without completion tracking a submitted buffer counts as pending
	 * until it is reset or re-begun; one-time-submit buffers become
	 * invalid (the specification's transition after execution).
	 */
	cmd->state = (cmd->usage & VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT) ?
		     EMBER_CMD_INVALID : EMBER_CMD_PENDING;
}

void ember_cmd_buffer_reset(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_pool *pool = cmd->pool;

	/* Standard-size chunks go back to the pool; larger ones to the kernel. */
	while (cmd->chunks) {
		struct ember_cmd_chunk *chunk = cmd->chunks;

		cmd->chunks = chunk->next;
		if (chunk->bo.size == EMBER_CMD_CHUNK_SIZE) {
			chunk->next = pool->spare;
			pool->spare = chunk;
		} else {
			chunk->next = NULL;
			ember_cmd_pool_free_chunks(pool, chunk);
		}
	}
	cmd->ib_chunk = cmd->data_chunk = NULL;
	cmd->ib_start = cmd->ib_offset = cmd->data_offset = 0;
	cmd->ib_count = 0;
	cmd->reloc_count = 0;
	cmd->error = VK_SUCCESS;
	cmd->usage = 0;
	memset(&cmd->compute, 0, sizeof(cmd->compute));
	memset(cmd->push, 0, sizeof(cmd->push));
	memset(&cmd->push_set, 0, sizeof(cmd->push_set));
	cmd->pipeline_stats = 0;
	cmd->pipeline_stats_views = 0;
	cmd->inherits_pipeline_stats = false;
	memset(&cmd->condition, 0, sizeof(cmd->condition));
	ember_cmd_gfx_reset(cmd);
	cmd->state = EMBER_CMD_INITIAL;
}

void ember_cmd_buffer_destroy(struct ember_cmd_buffer *cmd)
{
	struct ember_cmd_pool *pool = cmd->pool;

	ember_cmd_buffer_reset(cmd);
	if (cmd->link_prev)
		cmd->link_prev->link_next = cmd->link_next;
	else
		pool->buffers = cmd->link_next;
	if (cmd->link_next)
		cmd->link_next->link_prev = cmd->link_prev;
	ember_free(&pool->alloc, cmd->ibs);
	ember_free(&pool->alloc, cmd->relocs);
	ember_cmd_gfx_free(cmd);
	ember_cmd_condition_free(cmd);
	ember_gpu_bo_destroy(cmd->base.device, &cmd->inherited_stats);
	ember_free(&pool->alloc, cmd);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ResetCommandBuffer(VkCommandBuffer commandBuffer, VkCommandBufferResetFlags flags)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	ember_cmd_buffer_reset(cmd);
	if (flags & VK_COMMAND_BUFFER_RESET_RELEASE_RESOURCES_BIT) {
		ember_cmd_pool_free_chunks(cmd->pool, cmd->pool->spare);
		cmd->pool->spare = NULL;
	}
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_BeginCommandBuffer(VkCommandBuffer commandBuffer, const VkCommandBufferBeginInfo *pBeginInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	/* Beginning a recorded buffer resets it implicitly (pool flag). */
	if (cmd->state != EMBER_CMD_INITIAL)
		ember_cmd_buffer_reset(cmd);
	cmd->usage = pBeginInfo->flags;
	cmd->state = EMBER_CMD_RECORDING;
	/* Only a secondary's inheritance counts (the specification ignores a primary's). */
	if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY && pBeginInfo->pInheritanceInfo) {
		ember_cmd_secondary_begin(cmd, pBeginInfo->flags, pBeginInfo->pInheritanceInfo);
		ember_cmd_condition_inherit(cmd, pBeginInfo->pInheritanceInfo);
	}
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL ember_EndCommandBuffer(VkCommandBuffer commandBuffer)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	ember_cmd_close_ib(cmd);
	if (cmd->error != VK_SUCCESS) {
		cmd->state = EMBER_CMD_INVALID;
		return cmd->error;
	}
	cmd->state = EMBER_CMD_EXECUTABLE;
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdExecuteCommands(VkCommandBuffer commandBuffer, uint32_t commandBufferCount,
			 const VkCommandBuffer *pCommandBuffers)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	for (uint32_t i = 0; i < commandBufferCount; i++) {
		EMBER_FROM_HANDLE(ember_cmd_buffer, secondary, pCommandBuffers[i]);
		/* A SIMULTANEOUS_USE secondary naming inherited memory: copies of its IBs. */
		const bool relocated = secondary->reloc_count != 0;

		/* Inside a render pass instance: the secondary's draws get its targets. */
		ember_cmd_execute_in_rendering(cmd, secondary);
		if (!relocated) {
			ember_cmd_execute_query_begin(cmd, secondary);
			ember_cmd_execute_condition(cmd, secondary);
		}
		ember_cmd_close_ib(cmd);
		/*
		 * The clears the secondary could not name the views of go
		 * between its IBs, in IBs of ours: the boundaries order them.
		 */
		for (uint32_t j = 0; j <= secondary->ib_count; j++) {
			ember_cmd_execute_deferred_clears(cmd, secondary, j);
			ember_cmd_close_ib(cmd);
			if (j < secondary->ib_count && relocated)
				ember_cmd_execute_relocated_ib(cmd, secondary, j);
			else if (j < secondary->ib_count)
				cmd_append_ib(cmd, secondary->ibs[j].va, secondary->ibs[j].size);
		}
		if (!relocated)
			ember_cmd_execute_query_end(cmd, secondary);
		if (secondary->error != VK_SUCCESS)
			ember_cmd_record_error(cmd, secondary->error);
	}
	/* The compute state after executing secondaries is undefined: keep ours. */
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetDeviceMask(VkCommandBuffer commandBuffer, uint32_t deviceMask)
{
	/*
	 * Ember's device groups hold one device, so the only valid mask is 1
	 * and every command already runs on that device: nothing to record.
	 */
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPushConstants(VkCommandBuffer commandBuffer, VkPipelineLayout layout,
		       VkShaderStageFlags stageFlags, uint32_t offset, uint32_t size,
		       const void *pValues)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	if (offset < sizeof(cmd->push))
		memcpy(cmd->push + offset, pValues, EMBER_MIN(size, sizeof(cmd->push) - offset));
	if (cmd->gfx)
		cmd->gfx->push_dirty = true;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPushConstants2(VkCommandBuffer commandBuffer,
			   const VkPushConstantsInfo *pPushConstantsInfo)
{
	ember_CmdPushConstants(commandBuffer, pPushConstantsInfo->layout,
			       pPushConstantsInfo->stageFlags, pPushConstantsInfo->offset,
			       pPushConstantsInfo->size, pPushConstantsInfo->pValues);
}
