/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_CMD_POOL_H
#define EMBER_CMD_POOL_H

#include "ember_cmd_buffer.h"
#include "ember_device.h"

/* The size of a recycled chunk of command-buffer memory. */
#define EMBER_CMD_CHUNK_SIZE	(64 * 1024)

/**
 * struct ember_cmd_chunk - GPU memory of a recording (IBs or per-command data).
 * @bo: the memory, CPU-mapped, READONLY and NOEXEC for the device.
 * @next: in its command buffer's list, or the pool's spare list.
 */
struct ember_cmd_chunk {
	struct ember_gpu_bo bo;
	struct ember_cmd_chunk *next;
};

/**
 * struct ember_cmd_pool - A VkCommandPool.
 * @flags: its create flags.
 * @alloc: its allocator (the application's, or the device's).
 * @buffers: its command buffers (list through link_next/link_prev).
 * @spare: chunks of EMBER_CMD_CHUNK_SIZE given back by resets, for reuse.
 */
struct ember_cmd_pool {
	struct ember_object base;
	VkCommandPoolCreateFlags flags;
	VkAllocationCallbacks alloc;
	struct ember_cmd_buffer *buffers;
	struct ember_cmd_chunk *spare;
};

EMBER_DEFINE_HANDLE_CASTS(ember_cmd_pool, base, VkCommandPool, VK_OBJECT_TYPE_COMMAND_POOL)

void ember_cmd_pool_free_chunks(struct ember_cmd_pool *pool, struct ember_cmd_chunk *list);
/* Back to the initial state: its chunks go to the pool's spares. */
void ember_cmd_buffer_reset(struct ember_cmd_buffer *cmd);
/* Unlinks it from its pool and frees it. */
void ember_cmd_buffer_destroy(struct ember_cmd_buffer *cmd);

#endif /* EMBER_CMD_POOL_H */
