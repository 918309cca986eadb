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
 * The contract's table is what the device stores and decodes; what
 * Vulkan may be promised of it is narrower, and masked here: storage only
 * on formats shaders can name, nothing for formats the contract version
 * lacks (R64). (Integers never filter: the contract's table says so.)
 * tests/vulkan's format-features-exercised uses every reported feature of
 * every format, required-format-support checks the specification's
 * required ones.
 *
 * Graphics (CAPS.GRAPHICS, a graphics queue family): the contract's
 * renderable formats are colour attachments and depth/stencil attachments
 * (D16_UNORM, D32_SFLOAT, D24_UNORM_S8_UINT, S8_UINT), in optimal tiling
 * (the device renders to any layout, but Vulkan's linear images are for
 * transfers here); its vertex formats (ember-hw.rst "Vertex fetch") are
 * vertex buffer formats. A device without it reports none of these. The
 * colour attachments are the format table's render targets (R; RB also
 * blend: every non-integer one) on a device with CAPS.RENDER_FORMATS
 * (contract 1.12: every colour attachment format Vulkan requires, and
 * more), and only the five of contract 1.10 on an older one
 * (R8G8B8A8_UNORM and _SRGB, R16G16B16A16_SFLOAT, R32G32B32A32_SFLOAT,
 * R32_UINT), which lacks the required tables' other colour formats.
 *
 * BC1..BC7 (with CAPS.IMAGE_BC: textureCompressionBC) are optimal-tiling
 * formats with the features of the specification's BC table: sampled with
 * linear filtering, blit source, transfer source and destination. The
 * texture unit decodes them; the copy engine moves their blocks; nothing
 * encodes them, so they are never storage images, blit destinations or
 * attachments.
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
 * STORAGE_READ/WRITE_WITHOUT_FORMAT (VkFormatProperties3). Ember reports
 * those for its storage formats, all of them in this table, and no
 * storage use of other formats yet.
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

/* ember-hw.rst "Render target formats": the formats a 1.12 device renders to. */
static VkFormatFeatureFlags2 table_attachment_features(const struct ember_physical_device *pdev,
						       const struct ember_image_format *f)
{
	VkFormatFeatureFlags2 features = 0;

	/* X8_D24 and D32S8 are depth/stencil targets since 1.14 (CAPS.DS_FORMATS). */
	if ((f->vk_format == VK_FORMAT_X8_D24_UNORM_PACK32 ||
	     f->vk_format == VK_FORMAT_D32_SFLOAT_S8_UINT) &&
	    !(pdev->ws.info.caps & EMBER_CAP_DS_FORMATS))
		return 0;
	if (f->usage & EMBER_IMAGE_FMT_RENDER)
		features |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
	if (f->usage & EMBER_IMAGE_FMT_BLEND)
		features |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
	if (f->usage & EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET)
		features |= VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT;
	return features;
}

/* ember-hw.rst "Targets" before 1.12: what a device without CAPS.RENDER_FORMATS renders to. */
static VkFormatFeatureFlags2 attachment_features_1_10(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_R8G8B8A8_UNORM:
	case VK_FORMAT_R8G8B8A8_SRGB:
	case VK_FORMAT_R16G16B16A16_SFLOAT:
	case VK_FORMAT_R32G32B32A32_SFLOAT:
		return VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
		       VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
	case VK_FORMAT_R32_UINT:
		/* Integer targets never blend (R13). */
		return VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
	case VK_FORMAT_D16_UNORM:
	case VK_FORMAT_D32_SFLOAT:
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_S8_UINT:
		return VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT;
	default:
		return 0;
	}
}

/* ember-hw.rst "Vertex fetch": the VkFormat codes vertex fetch reads. */
static bool is_vertex_format(VkFormat format)
{
	const int f = (int)format;

	return (f >= 9 && f <= 14) || (f >= 16 && f <= 21) || (f >= 23 && f <= 28) ||
	       (f >= 30 && f <= 35) || (f >= 37 && f <= 42) || (f >= 44 && f <= 49) ||
	       (f >= 51 && f <= 56) || (f >= 58 && f <= 69) || (f >= 70 && f <= 122);
}

VkFormatFeatureFlags2 ember_format_features(const struct ember_physical_device *pdev,
					    VkFormat format, enum ember_format_use use)
{
	const struct ember_image_format *f = ember_format_get(pdev, format);
	const bool graphics = ember_physical_device_has_graphics(pdev);
	VkFormatFeatureFlags2 features = 0;

	if (use == EMBER_FORMAT_BUFFER && graphics && is_vertex_format(format))
		features |= VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT;
	if (!f)
		return features;
	switch (use) {
	case EMBER_FORMAT_BUFFER:
		if (f->usage & EMBER_IMAGE_FMT_TEXEL_BUFFER)
			features |= VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT |
				    VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT;
		/* Texel-buffer atomics: the 32-bit integer formats (64-bit need an extension). */
		if ((f->usage & EMBER_IMAGE_FMT_ATOMIC) && f->bytes == 4)
			features |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
		break;
	case EMBER_FORMAT_LINEAR:
		/*
		 * LINEAR: colour formats only (ember-hw.rst), and no BC: Vulkan
		 * asks compressed formats of optimal tiling only, and a linear
		 * BC image would be rows of blocks nothing shares or maps
		 * texel by texel (no DRM fourcc names BC either).
		 */
		if (!(f->usage & (EMBER_IMAGE_FMT_DEPTH | EMBER_IMAGE_FMT_STENCIL |
				  EMBER_IMAGE_FMT_BC)))
			features = image_features(f);
		break;
	case EMBER_FORMAT_OPTIMAL:
		features = image_features(f);
		if (graphics && (pdev->ws.info.caps & EMBER_CAP_RENDER_FORMATS))
			features |= table_attachment_features(pdev, f);
		else if (graphics)
			features |= attachment_features_1_10(format);
		break;
	}
	if (!has_spirv_image_format(format))
		features &= ~(VkFormatFeatureFlags2)(VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT);
	/*
	 * shaderStorageImageRead/WriteWithoutFormat: the texture unit converts
	 * by the view's format, so every storage format is read and written
	 * without one (VkFormatProperties3; the legacy flags have no such bits).
	 */
	if (features & (VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT))
		features |= VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
			    VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
	return features;
}
