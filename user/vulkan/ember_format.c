/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Formats: what Ember reports, and the switch that gates it
 *
 * What the device can do with a format is the contract's table
 * (hw/image/ember_image_layout.c, ember-hw.rst "Formats"); what the driver
 * reports is that, masked by the features whose whole path works: the
 * device's texture unit and copy engine, the compiler's image
 * instructions and this driver's commands. ember_format_features() is the
 * one place format features come from (format properties, image format
 * properties, image creation, DRM modifiers), and
 * ember_format_features_working is the one place a feature is switched on
 * when its path lands (issue 12).
 *
 * Until then nothing is reported, so no image, view or texel buffer
 * can validly be created. EMBER_EXPERIMENTAL_IMAGES=1 reports the
 * contract's whole table (and the image limits, VK_EXT_custom_border_color
 * and VK_EXT_image_drm_format_modifier) so that the object side can be
 * tested through the public API before the rest lands; it is temporary
 * and goes away with the last feature switched on.
 *
 * The contract's table is what the device stores and decodes; what
 * Vulkan may be promised of it is narrower, and masked here: storage only
 * on formats shaders can name, no linear filtering of integers, nothing
 * for formats the contract version lacks (R64). tests/vulkan's
 * format-features-exercised uses every reported feature of every format,
 * required-format-support checks the specification's required ones.
 */

#include "ember_format.h"

#include "ember_physical_device.h"
#include "ember_regs.h"

#include <stdlib.h>
#include <string.h>

/*
 * The format features that work end to end on Ember today. Each waits
 * for (issue 12): SAMPLED_IMAGE*, STORAGE_IMAGE*, texel buffers: the
 * shader core's image instructions (ISA 1.2) and the compiler's;
 * TRANSFER_*, BLIT_*: the copy engine's image packets and vkCmdCopy*Image*
 * / vkCmdBlitImage.
 */
static const VkFormatFeatureFlags2 ember_format_features_working = 0;

bool ember_images_experimental(void)
{
	const char *v = getenv("EMBER_EXPERIMENTAL_IMAGES");

	return v && !strcmp(v, "1");
}

const struct ember_image_format *ember_format_get(const struct ember_physical_device *pdev,
						  VkFormat format)
{
	const struct ember_image_format *f = ember_image_format_get((uint32_t)format);

	if (f && (f->usage & EMBER_IMAGE_FMT_BC) && !(pdev->ws.info.caps & EMBER_CAP_IMAGE_BC))
		return NULL;
	/*
	 * The table describes R64_UINT/R64_SINT so that their layouts stay
	 * fixed, but they are not in contract 1.7 (ember-hw.rst): a 1.7 device
	 * refuses their descriptors, copies included, as BAD_DESCRIPTOR.
	 */
	if (f && (format == VK_FORMAT_R64_UINT || format == VK_FORMAT_R64_SINT))
		return NULL;
	return f;
}

static bool format_listed(const VkFormat *list, size_t count, VkFormat format)
{
	for (size_t i = 0; i < count; i++)
		if (list[i] == format)
			return true;
	return false;
}

/*
 * Whether shaders can name @format: the SPIR-V and Vulkan Image Format
 * Compatibility table. The Formats chapter forbids STORAGE_IMAGE and
 * STORAGE_TEXEL_BUFFER on any other format unless it reports
 * STORAGE_READ/WRITE_WITHOUT_FORMAT, which needs
 * VK_KHR_format_feature_flags2 (not exposed yet): no shader could reach
 * such a storage image.
 */
static bool has_spirv_image_format(VkFormat format)
{
	static const VkFormat named[] = {
		VK_FORMAT_R8_UNORM, VK_FORMAT_R8_SNORM, VK_FORMAT_R8_UINT, VK_FORMAT_R8_SINT,
		VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8_UINT,
		VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SNORM,
		VK_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_SINT,
		/* R8G8B8A8's bits, which the required formats give storage texel buffers */
		VK_FORMAT_A8B8G8R8_UNORM_PACK32, VK_FORMAT_A8B8G8R8_SNORM_PACK32,
		VK_FORMAT_A8B8G8R8_UINT_PACK32, VK_FORMAT_A8B8G8R8_SINT_PACK32,
		VK_FORMAT_A2B10G10R10_UNORM_PACK32, VK_FORMAT_A2B10G10R10_UINT_PACK32,
		VK_FORMAT_R16_UNORM, VK_FORMAT_R16_SNORM, VK_FORMAT_R16_UINT, VK_FORMAT_R16_SINT,
		VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_SNORM,
		VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16_SFLOAT,
		VK_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_SNORM,
		VK_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_SINT,
		VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32_UINT, VK_FORMAT_R32_SINT,
		VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_SINT,
		VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_SINT,
		VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R64_UINT, VK_FORMAT_R64_SINT,
		VK_FORMAT_B10G11R11_UFLOAT_PACK32,
	};

	return format_listed(named, sizeof(named) / sizeof(named[0]), format);
}

/*
 * Whether @format's colour components are integers (UINT/SINT): the
 * filtering equations are defined for normalized and float values only,
 * so linear filtering of integer texels promises nothing a shader could
 * rely on, and is not reported (lavapipe does not report it either).
 */
static bool is_integer_format(VkFormat format)
{
	static const VkFormat integer[] = {
		VK_FORMAT_R8_UINT, VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8_SINT,
		VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_B8G8R8_UINT,
		VK_FORMAT_B8G8R8_SINT, VK_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_SINT,
		VK_FORMAT_B8G8R8A8_UINT, VK_FORMAT_B8G8R8A8_SINT, VK_FORMAT_A8B8G8R8_UINT_PACK32,
		VK_FORMAT_A8B8G8R8_SINT_PACK32, VK_FORMAT_A2R10G10B10_UINT_PACK32,
		VK_FORMAT_A2R10G10B10_SINT_PACK32, VK_FORMAT_A2B10G10R10_UINT_PACK32,
		VK_FORMAT_A2B10G10R10_SINT_PACK32, VK_FORMAT_R16_UINT, VK_FORMAT_R16_SINT,
		VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16_UINT,
		VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_SINT,
		VK_FORMAT_R32_UINT, VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_UINT,
		VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32_SINT,
		VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_SINT, VK_FORMAT_R64_UINT,
		VK_FORMAT_R64_SINT,
	};

	return format_listed(integer, sizeof(integer) / sizeof(integer[0]), format);
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
	VkFormatFeatureFlags2 features = 0;

	if (f->usage & EMBER_IMAGE_FMT_SAMPLED) {
		/*
		 * The copy engine copies, blits from and blits to whatever can be
		 * sampled: BLIT samples the source through the texture unit and
		 * stores into any format of its table, depth/stencil to the same
		 * format with nearest filtering (firmware/copy_blit.c), as Vulkan
		 * allows. Compressed formats are sources only.
		 */
		features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
			    VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
			    VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
			    VK_FORMAT_FEATURE_2_BLIT_SRC_BIT;
		if (!(f->usage & EMBER_IMAGE_FMT_BC))
			features |= VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
		if (f->usage & EMBER_IMAGE_FMT_FILTER)
			features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
		if (f->usage & EMBER_IMAGE_FMT_DEPTH)
			features |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT;
	}
	if (f->usage & EMBER_IMAGE_FMT_STORAGE) {
		features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT;
		if (f->usage & EMBER_IMAGE_FMT_ATOMIC)
			features |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
	}
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
	if (is_integer_format(format))
		features &= ~(VkFormatFeatureFlags2)
			     VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
	if (!has_spirv_image_format(format))
		features &= ~(VkFormatFeatureFlags2)(VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT);
	return features & (pdev->images ? ~(VkFormatFeatureFlags2)0 :
			   ember_format_features_working);
}
