/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Barriers and events (device side)
 *
 * Inside an IB the device promises order and visibility only at a BARRIER
 * or a SIGNAL_MEM packet (ember-hw.rst, "Ordering and completion"): the
 * packets in between (dispatches, copies, fills) may overlap. So a
 * pipeline barrier whose first scope holds device work and whose second
 * scope holds device work is one BARRIER packet, which completes all
 * earlier work and makes its writes visible before anything later starts;
 * a barrier that only orders against the host (HOST, TOP_OF_PIPE as
 * source, BOTTOM_OF_PIPE as destination) needs nothing on the device:
 * host writes are visible to a submission, and a submission's writes are
 * visible once its fence signals. Memory barriers need no cache
 * maintenance: the device's memory accesses are coherent. DRAW_INDIRECT
 * (where DISPATCH_INDIRECT reads its counts) is device work like any
 * other stage: a barrier from a transfer or a dispatch into it is a
 * BARRIER, which the counts read then sees (ember-hw.rst).
 *
 * Events: vkCmdSetEvent is a SIGNAL_MEM of the set value (written once
 * all earlier work of the queue is complete and visible: the first
 * synchronisation scope at its widest), vkCmdResetEvent one of the reset
 * value, vkCmdWaitEvents a WAIT_MEM per event followed by a BARRIER for
 * the memory dependency. WAIT_MEM is bounded by the device's watchdog: an
 * event never set turns into a hang of the context, as on any GPU.
 */

#include "ember_cmd_buffer.h"

#include "ember_event.h"
#include "ember_packets.h"

/* Stages that involve no device work: ordering against them needs nothing. */
#define EMBER_NO_DEVICE_WORK_SRC \
	(VK_PIPELINE_STAGE_2_NONE | VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT | \
	 VK_PIPELINE_STAGE_2_HOST_BIT)
#define EMBER_NO_DEVICE_WORK_DST \
	(VK_PIPELINE_STAGE_2_NONE | VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT | \
	 VK_PIPELINE_STAGE_2_HOST_BIT)

static void emit_barrier(struct ember_cmd_buffer *cmd)
{
	uint32_t *p = ember_cmd_emit(cmd, 1);

	if (p)
		p[0] = EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0);
}

/* Whether a dependency from @src to @dst stages orders device work against device work. */
static bool needs_device_barrier(VkPipelineStageFlags2 src, VkPipelineStageFlags2 dst)
{
	return (src & ~EMBER_NO_DEVICE_WORK_SRC) && (dst & ~EMBER_NO_DEVICE_WORK_DST);
}

/* The union of every stage mask of a VkDependencyInfo. */
static void dependency_stages(const VkDependencyInfo *info, VkPipelineStageFlags2 *src,
			      VkPipelineStageFlags2 *dst)
{
	*src = 0;
	*dst = 0;
	for (uint32_t i = 0; i < info->memoryBarrierCount; i++) {
		*src |= info->pMemoryBarriers[i].srcStageMask;
		*dst |= info->pMemoryBarriers[i].dstStageMask;
	}
	for (uint32_t i = 0; i < info->bufferMemoryBarrierCount; i++) {
		*src |= info->pBufferMemoryBarriers[i].srcStageMask;
		*dst |= info->pBufferMemoryBarriers[i].dstStageMask;
	}
	for (uint32_t i = 0; i < info->imageMemoryBarrierCount; i++) {
		*src |= info->pImageMemoryBarriers[i].srcStageMask;
		*dst |= info->pImageMemoryBarriers[i].dstStageMask;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPipelineBarrier(VkCommandBuffer commandBuffer, VkPipelineStageFlags srcStageMask,
			 VkPipelineStageFlags dstStageMask, VkDependencyFlags dependencyFlags,
			 uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
			 uint32_t bufferMemoryBarrierCount,
			 const VkBufferMemoryBarrier *pBufferMemoryBarriers,
			 uint32_t imageMemoryBarrierCount,
			 const VkImageMemoryBarrier *pImageMemoryBarriers)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	/* The legacy masks' bits are the same as synchronization2's low bits. */
	if (needs_device_barrier(srcStageMask, dstStageMask))
		emit_barrier(cmd);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdPipelineBarrier2(VkCommandBuffer commandBuffer, const VkDependencyInfo *pDependencyInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	VkPipelineStageFlags2 src, dst;

	/* Synchronization2 keeps the stages in the barriers: none, no dependency. */
	dependency_stages(pDependencyInfo, &src, &dst);
	if (needs_device_barrier(src, dst))
		emit_barrier(cmd);
}

static void emit_event_write(struct ember_cmd_buffer *cmd, struct ember_event *event,
			     uint32_t value)
{
	uint32_t *p = ember_cmd_emit(cmd, 4);

	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3);
	p[1] = (uint32_t)event->bo.va;
	p[2] = (uint32_t)(event->bo.va >> 32);
	p[3] = value;
}

static void emit_event_wait(struct ember_cmd_buffer *cmd, struct ember_event *event)
{
	uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_WAIT_MEM_LEN);

	if (!p)
		return;
	p[0] = EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ, EMBER_UPKT_WAIT_MEM_LEN);
	p[1] = (uint32_t)event->bo.va;
	p[2] = (uint32_t)(event->bo.va >> 32);
	p[3] = EMBER_EVENT_SET_VALUE;
	p[4] = 0;
	p[5] = 0xffffffff;
	p[6] = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
	emit_event_write(ember_cmd_buffer_from_handle(commandBuffer),
			 ember_event_from_handle(event), EMBER_EVENT_SET_VALUE);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdSetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
		   const VkDependencyInfo *pDependencyInfo)
{
	emit_event_write(ember_cmd_buffer_from_handle(commandBuffer),
			 ember_event_from_handle(event), EMBER_EVENT_SET_VALUE);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdResetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
	emit_event_write(ember_cmd_buffer_from_handle(commandBuffer),
			 ember_event_from_handle(event), EMBER_EVENT_RESET_VALUE);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdResetEvent2(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags2 stageMask)
{
	emit_event_write(ember_cmd_buffer_from_handle(commandBuffer),
			 ember_event_from_handle(event), EMBER_EVENT_RESET_VALUE);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdWaitEvents(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
		    VkPipelineStageFlags srcStageMask, VkPipelineStageFlags dstStageMask,
		    uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
		    uint32_t bufferMemoryBarrierCount,
		    const VkBufferMemoryBarrier *pBufferMemoryBarriers,
		    uint32_t imageMemoryBarrierCount,
		    const VkImageMemoryBarrier *pImageMemoryBarriers)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	for (uint32_t i = 0; i < eventCount; i++)
		emit_event_wait(cmd, ember_event_from_handle(pEvents[i]));
	/* What follows must not start before the waits (packets may overlap). */
	emit_barrier(cmd);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdWaitEvents2(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
		     const VkDependencyInfo *pDependencyInfos)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);

	for (uint32_t i = 0; i < eventCount; i++)
		emit_event_wait(cmd, ember_event_from_handle(pEvents[i]));
	emit_barrier(cmd);
}
