/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_CMD_BUFFER_H
#define EMBER_CMD_BUFFER_H

#include "ember_object.h"

/**
 * struct ember_cmd_ib - One indirect buffer of a recorded command buffer.
 * @va: its GPU VA (in the device's VM).
 * @size: its size in bytes (a multiple of 4, at most the device's max_ib_size).
 */
struct ember_cmd_ib {
	uint64_t va;
	uint32_t size;
};

struct ember_cmd_pool;

/**
 * struct ember_cmd_buffer - A VkCommandBuffer (ember_cmd_buffer.c owns the
 * rest of the layout).
 * @base: the object base (dispatchable).
 * @pool: the pool it was allocated from.
 * @level: primary or secondary.
 */
struct ember_cmd_buffer {
	struct ember_object base;
	struct ember_cmd_pool *pool;
	VkCommandBufferLevel level;
};

EMBER_DEFINE_HANDLE_CASTS(ember_cmd_buffer, base, VkCommandBuffer,
			  VK_OBJECT_TYPE_COMMAND_BUFFER)

/*
 * The queue's view of an executable command buffer: its IBs in execution
 * order (a submission runs them as consecutive jobs of one queue).
 */
const struct ember_cmd_ib *ember_cmd_buffer_ibs(struct ember_cmd_buffer *cmd, uint32_t *count);

/* The submission of @cmd reached the kernel (state machine: pending). */
void ember_cmd_buffer_submitted(struct ember_cmd_buffer *cmd);

#endif /* EMBER_CMD_BUFFER_H */
