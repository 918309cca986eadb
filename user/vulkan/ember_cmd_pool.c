/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Command pools
 *
 * A pool owns its command buffers and recycles the GPU chunks their
 * recordings used: resetting a command buffer gives its chunks back to the
 * pool, the next recording takes them again, so a steady application
 * allocates GPU memory only while it grows. vkTrimCommandPool and
 * VK_COMMAND_POOL_RESET_RELEASE_RESOURCES_BIT give the spare chunks back
 * to the kernel. Pools are externally synchronised (the specification),
 * so nothing here locks.
 */

#include "ember_cmd_pool.h"

#include "ember_device.h"

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateCommandPool(VkDevice _device, const VkCommandPoolCreateInfo *pCreateInfo,
			const VkAllocationCallbacks *pAllocator, VkCommandPool *pCommandPool)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_cmd_pool *pool;

	pool = ember_object_alloc(device, pAllocator, sizeof(*pool), VK_OBJECT_TYPE_COMMAND_POOL);
	if (!pool)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "command pool");
	pool->flags = pCreateInfo->flags;
	pool->alloc = pAllocator ? *pAllocator : device->alloc;
	*pCommandPool = ember_cmd_pool_to_handle(pool);
	return VK_SUCCESS;
}

void ember_cmd_pool_free_chunks(struct ember_cmd_pool *pool, struct ember_cmd_chunk *list)
{
	struct ember_device *device = pool->base.device;

	while (list) {
		struct ember_cmd_chunk *next = list->next;

		ember_gpu_bo_destroy(device, &list->bo);
		ember_free(&pool->alloc, list);
		list = next;
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyCommandPool(VkDevice _device, VkCommandPool commandPool,
			 const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_cmd_pool, pool, commandPool);

	if (!pool)
		return;
	while (pool->buffers)
		ember_cmd_buffer_destroy(pool->buffers);
	ember_cmd_pool_free_chunks(pool, pool->spare);
	ember_object_free(device, pAllocator, pool);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_ResetCommandPool(VkDevice device, VkCommandPool commandPool, VkCommandPoolResetFlags flags)
{
	EMBER_FROM_HANDLE(ember_cmd_pool, pool, commandPool);

	for (struct ember_cmd_buffer *cmd = pool->buffers; cmd; cmd = cmd->link_next)
		ember_cmd_buffer_reset(cmd);
	if (flags & VK_COMMAND_POOL_RESET_RELEASE_RESOURCES_BIT) {
		ember_cmd_pool_free_chunks(pool, pool->spare);
		pool->spare = NULL;
	}
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_TrimCommandPool(VkDevice device, VkCommandPool commandPool, VkCommandPoolTrimFlags flags)
{
	EMBER_FROM_HANDLE(ember_cmd_pool, pool, commandPool);

	ember_cmd_pool_free_chunks(pool, pool->spare);
	pool->spare = NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_AllocateCommandBuffers(VkDevice _device, const VkCommandBufferAllocateInfo *pAllocateInfo,
			     VkCommandBuffer *pCommandBuffers)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_cmd_pool, pool, pAllocateInfo->commandPool);
	uint32_t i;

	for (i = 0; i < pAllocateInfo->commandBufferCount; i++) {
		struct ember_cmd_buffer *cmd;

		cmd = ember_alloc(&pool->alloc, sizeof(*cmd), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
		if (!cmd)
			goto err_free;
		ember_object_init(&cmd->base, device, VK_OBJECT_TYPE_COMMAND_BUFFER);
		cmd->pool = pool;
		cmd->level = pAllocateInfo->level;
		cmd->state = EMBER_CMD_INITIAL;
		cmd->link_next = pool->buffers;
		if (pool->buffers)
			pool->buffers->link_prev = cmd;
		pool->buffers = cmd;
		pCommandBuffers[i] = ember_cmd_buffer_to_handle(cmd);
	}
	return VK_SUCCESS;

err_free:
	while (i--) {
		ember_cmd_buffer_destroy(ember_cmd_buffer_from_handle(pCommandBuffers[i]));
		pCommandBuffers[i] = VK_NULL_HANDLE;
	}
	for (i = 0; i < pAllocateInfo->commandBufferCount; i++)
		pCommandBuffers[i] = VK_NULL_HANDLE;
	return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "command buffers");
}

VKAPI_ATTR void VKAPI_CALL
ember_FreeCommandBuffers(VkDevice device, VkCommandPool commandPool, uint32_t commandBufferCount,
			 const VkCommandBuffer *pCommandBuffers)
{
	for (uint32_t i = 0; i < commandBufferCount; i++) {
		EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, pCommandBuffers[i]);

		if (cmd)
			ember_cmd_buffer_destroy(cmd);
	}
}
