/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "ember_cmd_buffer.h"

const struct ember_cmd_ib *ember_cmd_buffer_ibs(struct ember_cmd_buffer *cmd, uint32_t *count)
{
	*count = 0;
	return NULL;
}

void ember_cmd_buffer_submitted(struct ember_cmd_buffer *cmd)
{
}
