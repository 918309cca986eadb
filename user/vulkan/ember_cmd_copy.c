/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Transfer commands
 *
 * Buffer copies are the copy engine's COPY packets (any alignment, up to
 * 4 GiB - 1 bytes each: longer regions are split), fills are FILL packets
 * (4-byte aligned, which is what Vulkan allows), and vkCmdUpdateBuffer
 * copies its data from the command buffer's own memory. Like every packet
 * inside an IB they may overlap one another until a BARRIER: ordering
 * between transfers is the application's barriers' job.
 */

#include "ember_cmd_buffer.h"

#include "ember_buffer.h"
#include "ember_packets.h"

#include <string.h>

/* Largest COPY/FILL size that keeps 4-byte alignment: 4 GiB - 4 bytes. */
#define EMBER_TRANSFER_MAX	0xfffffffcull

static void emit_copy(struct ember_cmd_buffer *cmd, uint64_t src, uint64_t dst, uint64_t size)
{
	while (size) {
		uint32_t n = (uint32_t)EMBER_MIN(size, EMBER_TRANSFER_MAX);
		uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_LEN);

		if (!p)
			return;
		/* A linear copy: one row of n bytes. */
		ember_upkt_copy_pack(p, &(struct ember_upkt_copy) {
			.src = src, .dst = dst, .width = n, .height = 1,
		});
		src += n;
		dst += n;
		size -= n;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkBuffer dstBuffer,
		    uint32_t regionCount, const VkBufferCopy *pRegions)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, src, srcBuffer);
	EMBER_FROM_HANDLE(ember_buffer, dst, dstBuffer);

	for (uint32_t i = 0; i < regionCount; i++)
		emit_copy(cmd, ember_buffer_address(src, pRegions[i].srcOffset),
			  ember_buffer_address(dst, pRegions[i].dstOffset), pRegions[i].size);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyBuffer2(VkCommandBuffer commandBuffer, const VkCopyBufferInfo2 *pCopyBufferInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, src, pCopyBufferInfo->srcBuffer);
	EMBER_FROM_HANDLE(ember_buffer, dst, pCopyBufferInfo->dstBuffer);

	for (uint32_t i = 0; i < pCopyBufferInfo->regionCount; i++) {
		const VkBufferCopy2 *r = &pCopyBufferInfo->pRegions[i];

		emit_copy(cmd, ember_buffer_address(src, r->srcOffset),
			  ember_buffer_address(dst, r->dstOffset), r->size);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
		    VkDeviceSize size, uint32_t data)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, dst, dstBuffer);
	uint64_t va = ember_buffer_address(dst, dstOffset);

	/* VK_WHOLE_SIZE: to the end, rounded down to a multiple of 4. */
	if (size == VK_WHOLE_SIZE)
		size = (dst->size - dstOffset) & ~3ull;
	while (size) {
		uint32_t n = (uint32_t)EMBER_MIN(size, EMBER_TRANSFER_MAX);
		uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_FILL_LEN);

		if (!p)
			return;
		ember_upkt_fill_pack(p, &(struct ember_upkt_fill) {
			.dst = va, .size = n, .pattern = data,
		});
		va += n;
		size -= n;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
		      VkDeviceSize dataSize, const void *pData)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_buffer, dst, dstBuffer);
	uint64_t src_va;
	void *src;

	/* The data is copied at record time (the specification). */
	src = ember_cmd_alloc_data(cmd, (uint32_t)dataSize, 16, &src_va);
	if (!src)
		return;
	memcpy(src, pData, dataSize);
	emit_copy(cmd, src_va, ember_buffer_address(dst, dstOffset), dataSize);
}
