/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_FORMAT_H
#define EMBER_FORMAT_H

#include "ember_object.h"

#include "ember_image_layout.h"

struct ember_physical_device;


/* Where a format is used: an image of either tiling, or a texel buffer. */
enum ember_format_use {
	EMBER_FORMAT_LINEAR,
	EMBER_FORMAT_OPTIMAL,
	EMBER_FORMAT_BUFFER,
};

/*
 * The contract's row of @format if @pdev may use it (BC formats need
 * CAPS.IMAGE_BC), else NULL.
 */
const struct ember_image_format *ember_format_get(const struct ember_physical_device *pdev,
						  VkFormat format);

/* The format features @pdev reports for @format used as @use: the only source of them. */
VkFormatFeatureFlags2 ember_format_features(const struct ember_physical_device *pdev,
					    VkFormat format, enum ember_format_use use);

/* VkImageAspectFlags of @f's planes (colour if neither depth nor stencil). */
VkImageAspectFlags ember_format_aspects(const struct ember_image_format *f);

#endif /* EMBER_FORMAT_H */
