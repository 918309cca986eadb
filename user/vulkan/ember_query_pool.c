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
 * specification allows).
 *
 * Pipeline statistics queries (CAPS.PIPELINE_STATS, contract 1.15) keep
 * the device's eleven counters per query, then the availability word:
 * vkCmdBeginQuery names them with PIPELINE_STATS_RESET, every draw and
 * dispatch while the query is active names them again (a new indirect
 * buffer starts with none), vkCmdEndQuery names none and signals the
 * availability. Results are the counters of the pool's statistics bits,
 * in bit order. Under multiview the first query gets every view's counts.
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

/*
 * A query's slot: @values u64 (one, or the device's eleven pipeline
 * statistics counters), then the u64 availability word.
 */
struct ember_query_pool {
	struct ember_object base;
	VkQueryType type;
	uint32_t count;
	uint32_t values;		/* u64 values a slot holds */
	uint32_t stride;		/* bytes a slot takes */
	uint32_t statistics;		/* VkQueryPipelineStatisticFlags reported */
	struct ember_gpu_bo bo;
};

EMBER_DEFINE_HANDLE_CASTS(ember_query_pool, base, VkQueryPool, VK_OBJECT_TYPE_QUERY_POOL)

static uint64_t query_va(const struct ember_query_pool *pool, uint32_t query)
{
	return pool->bo.va + (uint64_t)query * pool->stride;
}

static uint64_t avail_va(const struct ember_query_pool *pool, uint32_t query)
{
	return query_va(pool, query) + 8ull * pool->values;
}

static volatile uint64_t *query_slot(struct ember_query_pool *pool, uint32_t query)
{
	return (volatile uint64_t *)((uint8_t *)pool->bo.bo.map + (size_t)query * pool->stride);
}

/*
 * The results of a query in order: the value, or each reported statistic's
 * counter; @n of them, their slot indices in @index.
 */
static uint32_t result_indices(const struct ember_query_pool *pool,
			       uint32_t index[EMBER_PIPELINE_STATS_COUNT])
{
	uint32_t n = 0;

	if (pool->type != VK_QUERY_TYPE_PIPELINE_STATISTICS) {
		index[0] = 0;
		return 1;
	}
	for (uint32_t bit = 0; bit < EMBER_PIPELINE_STATS_COUNT; bit++)
		if (pool->statistics & (1u << bit))
			index[n++] = bit;
	return n;
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
	    pCreateInfo->queryType != VK_QUERY_TYPE_OCCLUSION &&
	    (pCreateInfo->queryType != VK_QUERY_TYPE_PIPELINE_STATISTICS ||
	     !ember_physical_device_has_pipeline_stats(device->pdev)))
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "query type %d",
				   pCreateInfo->queryType);
	pool = ember_object_alloc(device, pAllocator, sizeof(*pool), VK_OBJECT_TYPE_QUERY_POOL);
	if (!pool)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "query pool");
	pool->type = pCreateInfo->queryType;
	pool->count = pCreateInfo->queryCount;
	pool->values = 1;
	if (pool->type == VK_QUERY_TYPE_PIPELINE_STATISTICS) {
		pool->values = EMBER_PIPELINE_STATS_COUNT;
		pool->statistics = pCreateInfo->pipelineStatistics &
				   ((1u << EMBER_PIPELINE_STATS_COUNT) - 1);
	}
	pool->stride = 8 * (pool->values + 1);
	result = ember_gpu_bo_create(device, (uint64_t)pool->count * pool->stride,
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

	for (uint32_t i = 0; i < queryCount; i++)
		for (uint32_t v = 0; v <= pool->values; v++)
			query_slot(pool, firstQuery + i)[v] = 0;
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
	uint32_t index[EMBER_PIPELINE_STATS_COUNT];
	uint32_t n = result_indices(pool, index);

	if (ember_device_is_lost(device))
		return VK_ERROR_DEVICE_LOST;
	for (uint32_t i = 0; i < queryCount; i++) {
		volatile uint64_t *slot = query_slot(pool, firstQuery + i);
		void *dst = (uint8_t *)pData + i * stride;
		bool available = slot[pool->values];

		/* WAIT: poll (the slot is coherent memory) until the device writes it. */
		while (!available && (flags & VK_QUERY_RESULT_WAIT_BIT)) {
			const struct timespec pause = { 0, 100000 };

			nanosleep(&pause, NULL);
			if (ember_device_check_status(device) != VK_SUCCESS)
				return VK_ERROR_DEVICE_LOST;
			available = slot[pool->values];
		}
		atomic_thread_fence(memory_order_acquire);
		if (available || (flags & VK_QUERY_RESULT_PARTIAL_BIT)) {
			for (uint32_t r = 0; r < n; r++)
				write_result(dst, flags, r, available ? slot[index[r]] : 0);
		} else {
			result = VK_NOT_READY;
		}
		if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
			write_result(dst, flags, n, available);
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
	p[3] = queryCount * pool->stride;
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
	va = avail_va(pool, query);
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

/* The views of a query begun in @cmd now: one per view in a multiview instance. */
static uint32_t query_views(const struct ember_cmd_buffer *cmd)
{
	const struct ember_cmd_gfx *gfx = cmd->gfx;

	return gfx && gfx->rendering.active && gfx->rendering.view_mask ?
	       (uint32_t)__builtin_popcount(gfx->rendering.view_mask) : 1;
}

/* Emits PIPELINE_STATS_COUNTERS naming @va (0: none) with @flags. */
static void emit_pipeline_stats(struct ember_cmd_buffer *cmd, uint64_t va, uint32_t flags)
{
	const struct ember_upkt_pipeline_stats_counters pkt = { .flags = flags, .counters = va };
	uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN);

	if (p)
		ember_upkt_pipeline_stats_counters_pack(p, &pkt);
}

uint32_t *ember_cmd_pack_pipeline_stats(struct ember_cmd_buffer *cmd, uint32_t *p)
{
	const struct ember_upkt_pipeline_stats_counters pkt = { .counters = cmd->pipeline_stats };

	if (!cmd->pipeline_stats)
		return p;
	ember_upkt_pipeline_stats_counters_pack(p, &pkt);
	if (cmd->inherits_pipeline_stats && cmd->pipeline_stats == cmd->inherited_stats.va)
		ember_cmd_reloc(cmd, p + 1, EMBER_CMD_RELOC_STATS, NULL);
	return p + EMBER_CMD_PIPELINE_STATS_DWORDS;
}

/* Pools of them exist only on a device with CAPS.PIPELINE_STATS (vkCreateQueryPool). */
static bool pipeline_stats_query(const struct ember_query_pool *pool)
{
	return pool->type == VK_QUERY_TYPE_PIPELINE_STATISTICS;
}

static void cmd_begin_query(struct ember_cmd_buffer *cmd, struct ember_query_pool *pool,
			    uint32_t query)
{
	struct ember_cmd_gfx *gfx;
	struct ember_upkt_occlusion_counter pkt = {
		.flags = EMBER_OCCLUSION_RESET,
		.counter = query_va(pool, query),
	};
	uint32_t *p;

	if (pipeline_stats_query(pool)) {
		cmd->pipeline_stats = query_va(pool, query);
		cmd->pipeline_stats_views = query_views(cmd);
		emit_pipeline_stats(cmd, cmd->pipeline_stats, EMBER_PIPELINE_STATS_RESET);
		return;
	}
	gfx = occlusion_cmd(cmd, pool);
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
	struct ember_cmd_gfx *gfx;
	struct ember_upkt_occlusion_counter pkt = { 0 };
	uint32_t views, *p;

	if (pipeline_stats_query(pool)) {
		views = EMBER_MAX(cmd->pipeline_stats_views, 1u);
		cmd->pipeline_stats = 0;
		cmd->pipeline_stats_views = 0;
		emit_pipeline_stats(cmd, 0, 0);
		/* The device counted every view into the first query; the others count 0. */
		for (uint32_t v = 1; v < views; v++)
			for (uint32_t k = 0; k < pool->values; k++)
				emit_signal64(cmd, query_va(pool, query + v) + 8 * k, 0);
		for (uint32_t v = 0; v < views; v++)
			emit_signal64(cmd, avail_va(pool, query + v), 1);
		return;
	}
	gfx = occlusion_cmd(cmd, pool);
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
		emit_signal64(cmd, avail_va(pool, query + v), 1);
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
static void emit_copy_if_available(struct ember_cmd_buffer *cmd, uint64_t avail, uint64_t src,
				   uint64_t dst, uint32_t size)
{
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
	uint32_t index[EMBER_PIPELINE_STATS_COUNT];
	uint32_t n = result_indices(pool, index);
	bool only_available = !(flags & (VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_PARTIAL_BIT)) &&
			      (cmd->base.device->pdev->ws.info.caps & EMBER_CAP_COND_EXEC);

	/* Earlier query writes of this queue are complete before the copy. */
	ember_cmd_emit_barrier(cmd);
	for (uint32_t i = 0; i < queryCount; i++) {
		uint64_t src = query_va(pool, firstQuery + i);
		uint64_t avail = avail_va(pool, firstQuery + i);
		uint64_t to = ember_buffer_address(dst, dstOffset + i * stride);

		if (flags & VK_QUERY_RESULT_WAIT_BIT) {
			uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_WAIT_MEM_LEN);

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
		for (uint32_t r = 0; r < n; r++) {
			if (only_available)
				emit_copy_if_available(cmd, avail, src + 8 * index[r],
						       to + (uint64_t)r * size, size);
			else
				emit_copy(cmd, src + 8 * index[r], to + (uint64_t)r * size, size);
		}
		if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
			emit_copy(cmd, avail, to + (uint64_t)n * size, size);
	}
}
