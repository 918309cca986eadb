/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Query pools (timestamps and occlusion)
 *
 * A pool is GPU memory of 16 bytes per query: the 64-bit result, then a
 * 64-bit availability word. vkCmdWriteTimestamp waits for earlier work
 * when its stage asks for it (a BARRIER), writes the device time with a
 * TIMESTAMP packet, then the availability with SIGNAL_MEM, which the
 * device writes only once the timestamp is visible. Device time is in
 * nanoseconds and timestampPeriod is derived from the device's timestamp
 * frequency (1 ns per tick at 1 GHz).
 *
 * Occlusion queries (CAPS.OCCLUSION, contract 1.11) use the result as the
 * device's occlusion counter (ember-hw.rst, "Occlusion counters"):
 * vkCmdBeginQuery names it with OCCLUSION_RESET, every draw of the query
 * names it again (ember_cmd_draw.c: a draw may start a new indirect
 * buffer, which starts with no counter), vkCmdEndQuery names none and
 * sets the availability with SIGNAL_MEM, which waits for the draws'
 * additions. The device's count is exact, so precise and imprecise
 * queries are the same. Under multiview a query is N consecutive queries
 * for the N views of the render pass instance it begins in: the device
 * counts every view into the first, the others are 0 (which the
 * specification allows). Pipeline statistics are not counted by the
 * device: no pool of them is created (pipelineStatisticsQuery is not
 * reported).
 */

#include "ember_cmd_gfx.h"
#include "ember_buffer.h"
#include "ember_device.h"
#include "ember_packets.h"
#include "ember_physical_device.h"
#include "ember_regs.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

struct ember_query_slot {
	uint64_t value;
	uint64_t available;
};

struct ember_query_pool {
	struct ember_object base;
	VkQueryType type;
	uint32_t count;
	struct ember_gpu_bo bo;
};

EMBER_DEFINE_HANDLE_CASTS(ember_query_pool, base, VkQueryPool, VK_OBJECT_TYPE_QUERY_POOL)

static uint64_t query_va(const struct ember_query_pool *pool, uint32_t query)
{
	return pool->bo.va + (uint64_t)query * sizeof(struct ember_query_slot);
}

static volatile struct ember_query_slot *query_slot(struct ember_query_pool *pool, uint32_t query)
{
	return (volatile struct ember_query_slot *)pool->bo.bo.map + query;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateQueryPool(VkDevice _device, const VkQueryPoolCreateInfo *pCreateInfo,
		      const VkAllocationCallbacks *pAllocator, VkQueryPool *pQueryPool)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_query_pool *pool;
	VkResult result;

	/* Other query types need features Ember does not report. */
	if (pCreateInfo->queryType != VK_QUERY_TYPE_TIMESTAMP &&
	    pCreateInfo->queryType != VK_QUERY_TYPE_OCCLUSION)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "query type %d",
				   pCreateInfo->queryType);
	pool = ember_object_alloc(device, pAllocator, sizeof(*pool), VK_OBJECT_TYPE_QUERY_POOL);
	if (!pool)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "query pool");
	pool->type = pCreateInfo->queryType;
	pool->count = pCreateInfo->queryCount;
	result = ember_gpu_bo_create(device, (uint64_t)pool->count * sizeof(struct ember_query_slot),
				     EMBER_WS_MAP_NOEXEC, &pool->bo);
	if (result != VK_SUCCESS) {
		ember_object_free(device, pAllocator, pool);
		return result;
	}
	*pQueryPool = ember_query_pool_to_handle(pool);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyQueryPool(VkDevice _device, VkQueryPool queryPool,
		       const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_query_pool, pool, queryPool);

	if (!pool)
		return;
	ember_gpu_bo_destroy(device, &pool->bo);
	ember_object_free(device, pAllocator, pool);
}

VKAPI_ATTR void VKAPI_CALL
ember_ResetQueryPool(VkDevice device, VkQueryPool queryPool, uint32_t firstQuery,
		     uint32_t queryCount)
{
	EMBER_FROM_HANDLE(ember_query_pool, pool, queryPool);

	for (uint32_t i = 0; i < queryCount; i++) {
		query_slot(pool, firstQuery + i)->value = 0;
		query_slot(pool, firstQuery + i)->available = 0;
	}
}

static void write_result(void *dst, VkQueryResultFlags flags, uint32_t index, uint64_t value)
{
	if (flags & VK_QUERY_RESULT_64_BIT)
		((uint64_t *)dst)[index] = value;
	else
		((uint32_t *)dst)[index] = (uint32_t)value;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetQueryPoolResults(VkDevice _device, VkQueryPool queryPool, uint32_t firstQuery,
			  uint32_t queryCount, size_t dataSize, void *pData, VkDeviceSize stride,
			  VkQueryResultFlags flags)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_query_pool, pool, queryPool);
	VkResult result = VK_SUCCESS;

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	for (uint32_t i = 0; i < queryCount; i++) {
		volatile struct ember_query_slot *slot = query_slot(pool, firstQuery + i);
		void *dst = (uint8_t *)pData + i * stride;
		bool available = slot->available;

		/* WAIT: poll (the slot is coherent memory) until the device writes it. */
		while (!available && (flags & VK_QUERY_RESULT_WAIT_BIT)) {
			const struct timespec pause = { 0, 100000 };

			nanosleep(&pause, NULL);
			if (ember_device_check_status(device) != VK_SUCCESS)
				return VK_ERROR_DEVICE_LOST;
			available = slot->available;
		}
		atomic_thread_fence(memory_order_acquire);
		if (available || (flags & VK_QUERY_RESULT_PARTIAL_BIT))
			write_result(dst, flags, 0, available ? slot->value : 0);
		else
			result = VK_NOT_READY;
		if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
			write_result(dst, flags, 1, available);
	}
	return result;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdResetQueryPool(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
			uint32_t firstQuery, uint32_t queryCount)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_query_pool, pool, queryPool);
	uint64_t va = query_va(pool, firstQuery);
	uint32_t *p;

	if (!queryCount)
		return;
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_FILL_LEN);
	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_FILL, 0, EMBER_UPKT_FILL_LEN);
	p[1] = (uint32_t)va;
	p[2] = (uint32_t)(va >> 32);
	p[3] = queryCount * sizeof(struct ember_query_slot);
	p[4] = 0;
	/* Query commands are ordered after the reset (the specification). */
	ember_cmd_emit_barrier(cmd);
}

static void cmd_write_timestamp(struct ember_cmd_buffer *cmd, VkPipelineStageFlags2 stage,
				struct ember_query_pool *pool, uint32_t query)
{
	uint64_t va = query_va(pool, query);
	uint32_t *p;

	/* Any stage after the top of the pipe: once earlier work is complete. */
	if (stage & ~(VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT | VK_PIPELINE_STAGE_2_NONE))
		ember_cmd_emit_barrier(cmd);
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_TIMESTAMP_LEN + 5);
	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, EMBER_UPKT_TIMESTAMP_LEN);
	p[1] = (uint32_t)va;
	p[2] = (uint32_t)(va >> 32);
	va += offsetof(struct ember_query_slot, available);
	p[3] = EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_WRITE_64, 4);
	p[4] = (uint32_t)va;
	p[5] = (uint32_t)(va >> 32);
	p[6] = 1;
	p[7] = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdWriteTimestamp(VkCommandBuffer commandBuffer, VkPipelineStageFlagBits pipelineStage,
			VkQueryPool queryPool, uint32_t query)
{
	cmd_write_timestamp(ember_cmd_buffer_from_handle(commandBuffer), pipelineStage,
			    ember_query_pool_from_handle(queryPool), query);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdWriteTimestamp2(VkCommandBuffer commandBuffer, VkPipelineStageFlags2 stage,
			 VkQueryPool queryPool, uint32_t query)
{
	cmd_write_timestamp(ember_cmd_buffer_from_handle(commandBuffer), stage,
			    ember_query_pool_from_handle(queryPool), query);
}

/* Writes the 64-bit @value at @va once all earlier work of the queue is visible. */
static void emit_signal64(struct ember_cmd_buffer *cmd, uint64_t va, uint64_t value)
{
	uint32_t *p = ember_cmd_emit(cmd, 1 + 4);

	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_WRITE_64, 4);
	p[1] = (uint32_t)va;
	p[2] = (uint32_t)(va >> 32);
	p[3] = (uint32_t)value;
	p[4] = (uint32_t)(value >> 32);
}

/*
 * Only occlusion pools are begun: timestamp pools are written by
 * vkCmdWriteTimestamp (VUID-vkCmdBeginQuery-queryType-02804), and a
 * device without CAPS.OCCLUSION cannot count; either is the application's
 * error, recorded for vkEndCommandBuffer.
 */
static struct ember_cmd_gfx *occlusion_cmd(struct ember_cmd_buffer *cmd,
					   const struct ember_query_pool *pool)
{
	if (pool->type != VK_QUERY_TYPE_OCCLUSION ||
	    !ember_physical_device_has_occlusion(cmd->base.device->pdev)) {
		ember_cmd_record_error(cmd, ember_error(VK_ERROR_VALIDATION_FAILED_EXT,
							"query of type %d begun or ended",
							pool->type));
		return NULL;
	}
	return ember_cmd_gfx(cmd);
}

static void cmd_begin_query(struct ember_cmd_buffer *cmd, struct ember_query_pool *pool,
			    uint32_t query)
{
	struct ember_cmd_gfx *gfx = occlusion_cmd(cmd, pool);
	struct ember_upkt_occlusion_counter pkt = {
		.flags = EMBER_OCCLUSION_RESET,
		.counter = query_va(pool, query),
	};
	uint32_t *p;

	if (!gfx)
		return;
	/* Inside a multiview instance the query is one per view (the specification). */
	gfx->occlusion_counter = pkt.counter;
	gfx->occlusion_views = gfx->rendering.active && gfx->rendering.view_mask ?
			       (uint32_t)__builtin_popcount(gfx->rendering.view_mask) : 1;
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_OCCLUSION_COUNTER_LEN);
	if (p)
		ember_upkt_occlusion_counter_pack(p, &pkt);
}

static void cmd_end_query(struct ember_cmd_buffer *cmd, struct ember_query_pool *pool,
			  uint32_t query)
{
	struct ember_cmd_gfx *gfx = occlusion_cmd(cmd, pool);
	struct ember_upkt_occlusion_counter pkt = { 0 };
	uint32_t views, *p;

	if (!gfx)
		return;
	views = EMBER_MAX(gfx->occlusion_views, 1u);
	gfx->occlusion_counter = 0;
	gfx->occlusion_views = 0;
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_OCCLUSION_COUNTER_LEN);
	if (!p)
		return;
	ember_upkt_occlusion_counter_pack(p, &pkt);
	/* The device counted every view into the first query; the others count 0. */
	for (uint32_t v = 1; v < views; v++)
		emit_signal64(cmd, query_va(pool, query + v), 0);
	for (uint32_t v = 0; v < views; v++)
		emit_signal64(cmd, query_va(pool, query + v) +
			      offsetof(struct ember_query_slot, available), 1);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBeginQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
		    VkQueryControlFlags flags)
{
	/* PRECISE or not: the device's count is exact. */
	cmd_begin_query(ember_cmd_buffer_from_handle(commandBuffer),
			ember_query_pool_from_handle(queryPool), query);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdEndQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query)
{
	cmd_end_query(ember_cmd_buffer_from_handle(commandBuffer),
		      ember_query_pool_from_handle(queryPool), query);
}

static void pack_copy(uint32_t *p, uint64_t src, uint64_t dst, uint32_t size)
{
	p[0] = EMBER_PKT(EMBER_UPKT_COPY, 0, EMBER_UPKT_COPY_LEN);
	p[1] = (uint32_t)src;
	p[2] = (uint32_t)(src >> 32);
	p[3] = (uint32_t)dst;
	p[4] = (uint32_t)(dst >> 32);
	p[5] = size;
	p[6] = 1;
	p[7] = 0;
	p[8] = 0;
}

static void emit_copy(struct ember_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint32_t size)
{
	uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_LEN);

	if (p)
		pack_copy(p, src, dst, size);
}

/*
 * The result of the query at @src, copied only if the query is available
 * when the copy runs: a COND_EXEC on the availability word skips the COPY
 * behind it (both in one indirect buffer, as the packet requires).
 */
static void emit_copy_if_available(struct ember_cmd_buffer *cmd, uint64_t src, uint64_t dst,
				   uint32_t size)
{
	uint64_t avail = src + offsetof(struct ember_query_slot, available);
	uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COND_EXEC_LEN + 1 + EMBER_UPKT_COPY_LEN);

	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_COND_EXEC, EMBER_WRITE_64, EMBER_UPKT_COND_EXEC_LEN);
	p[1] = (uint32_t)avail;
	p[2] = (uint32_t)(avail >> 32);
	p[3] = 1 + EMBER_UPKT_COPY_LEN;
	pack_copy(p + 1 + EMBER_UPKT_COND_EXEC_LEN, src, dst, size);
}

/*
 * Without WAIT or PARTIAL, Vulkan writes no result for a query that is
 * unavailable when the copy executes (its availability, if asked for, is
 * written as 0). That takes the device's COND_EXEC (contract 1.13); a
 * device without it gets the result slot copied anyway (0 after a reset).
 */
VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyQueryPoolResults(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
			      uint32_t firstQuery, uint32_t queryCount, VkBuffer dstBuffer,
			      VkDeviceSize dstOffset, VkDeviceSize stride,
			      VkQueryResultFlags flags)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_query_pool, pool, queryPool);
	EMBER_FROM_HANDLE(ember_buffer, dst, dstBuffer);
	uint32_t size = (flags & VK_QUERY_RESULT_64_BIT) ? 8 : 4;
	bool only_available = !(flags & (VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_PARTIAL_BIT)) &&
			      (cmd->base.device->pdev->ws.info.caps & EMBER_CAP_COND_EXEC);

	/* Earlier query writes of this queue are complete before the copy. */
	ember_cmd_emit_barrier(cmd);
	for (uint32_t i = 0; i < queryCount; i++) {
		uint64_t src = query_va(pool, firstQuery + i);
		uint64_t to = ember_buffer_address(dst, dstOffset + i * stride);

		if (flags & VK_QUERY_RESULT_WAIT_BIT) {
			uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_WAIT_MEM_LEN);
			uint64_t avail = src + offsetof(struct ember_query_slot, available);

			if (!p)
				return;
			p[0] = EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_NE | EMBER_WRITE_64,
					 EMBER_UPKT_WAIT_MEM_LEN);
			p[1] = (uint32_t)avail;
			p[2] = (uint32_t)(avail >> 32);
			p[3] = 0;
			p[4] = 0;
			p[5] = 0xffffffff;
			p[6] = 0xffffffff;
		}
		/* Little-endian: the low 4 bytes are the 32-bit result. */
		if (only_available)
			emit_copy_if_available(cmd, src, to, size);
		else
			emit_copy(cmd, src, to, size);
		if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
			emit_copy(cmd, src + offsetof(struct ember_query_slot, available), to + size,
				  size);
	}
}
