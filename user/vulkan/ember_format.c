/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Formats: what Ember reports
 *
 * What the device can do with a format is the contract's table
 * (hw/image/ember_image_layout.c, ember-hw.rst "Formats"), and that is
 * what the driver reports: every path behind it works end to end (the
 * texture unit and copy engine, the compiler's image instructions, this
 * driver's commands) and is exercised by the Vulkan tests for every format
 * and feature reported (tests/vulkan). ember_format_features() is the one
 * place format features come from (format properties, image format
 * properties, image creation, DRM modifiers).
 *
 * Ember has a compute queue only: blits, resolves and depth/stencil clears
 * are graphics-queue commands in Vulkan, so the BLIT_* features follow the
 * specification's table while only a graphics queue may validly use them
 * (the copy engine runs them on any queue).
 */

#include "ember_format.h"

#include "ember_physical_device.h"
#include "ember_regs.h"

const struct ember_image_format *ember_format_get(const struct ember_physical_device *pdev,
						  VkFormat format)
{
	const struct ember_image_format *f = ember_image_format_get((uint32_t)format);

	if (f && (f->usage & EMBER_IMAGE_FMT_BC) && !(pdev->ws.info.caps & EMBER_CAP_IMAGE_BC))
		return NULL;
	return f;
}

VkImageAspectFlags ember_format_aspects(const struct ember_image_format *f)
{
	VkImageAspectFlags aspects = 0;

	if (f->usage & EMBER_IMAGE_FMT_DEPTH)
		aspects |= VK_IMAGE_ASPECT_DEPTH_BIT;
	if (f->usage & EMBER_IMAGE_FMT_STENCIL)
		aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
	return aspects ? aspects : VK_IMAGE_ASPECT_COLOR_BIT;
}

/* What the contract lets @f do as an image of one tiling. */
static VkFormatFeatureFlags2 image_features(const struct ember_image_format *f)
{
	bool depth_stencil = f->usage & (EMBER_IMAGE_FMT_DEPTH | EMBER_IMAGE_FMT_STENCIL);
	VkFormatFeatureFlags2 features = 0;

	if (f->usage & EMBER_IMAGE_FMT_SAMPLED) {
		/* The copy engine copies, and blits from, whatever can be sampled. */
		features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
			    VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
			    VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
			    VK_FORMAT_FEATURE_2_BLIT_SRC_BIT;
		if (f->usage & EMBER_IMAGE_FMT_FILTER)
			features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
		if (f->usage & EMBER_IMAGE_FMT_DEPTH)
			features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT;
	}
	if (f->usage & EMBER_IMAGE_FMT_STORAGE) {
		features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
			    VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
		if (f->usage & EMBER_IMAGE_FMT_ATOMIC)
			features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
	}
	if (depth_stencil)
		features &= ~(VkFormatFeatureFlags2)(VK_FORMAT_FEATURE_2_BLIT_SRC_BIT);
	return features;
}

VkFormatFeatureFlags2 ember_format_features(const struct ember_physical_device *pdev,
					    VkFormat format, enum ember_format_use use)
{
	const struct ember_image_format *f = ember_format_get(pdev, format);
	VkFormatFeatureFlags2 features = 0;

	if (!f)
		return 0;
	switch (use) {
	case EMBER_FORMAT_BUFFER:
		if (f->usage & EMBER_IMAGE_FMT_TEXEL_BUFFER)
			features = VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT |
				   VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT;
		/* Texel-buffer atomics: the 32-bit integer formats (64-bit need an extension). */
		if ((f->usage & EMBER_IMAGE_FMT_ATOMIC) && f->bytes == 4)
			features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
		break;
	case EMBER_FORMAT_LINEAR:
		/* LINEAR: colour formats only (ember-hw.rst). */
		if (!(f->usage & (EMBER_IMAGE_FMT_DEPTH | EMBER_IMAGE_FMT_STENCIL)))
			features = image_features(f);
		break;
	case EMBER_FORMAT_OPTIMAL:
		features = image_features(f);
		break;
	}
	return features;
}
