/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "ember_shader.h"

VkResult ember_shader_cache_create(struct ember_device *device)
{
	return VK_SUCCESS;
}

void ember_shader_cache_destroy(struct ember_device *device)
{
}
