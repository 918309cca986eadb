/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: The specification's required format support
 *
 * The Formats chapter's "Required Format Support" tables (mandatory format
 * support for sub-byte, 1-3 byte, 4 byte, 10/12-bit, 16-bit, 32-bit,
 * 64-bit/uneven and depth/stencil formats) written down row by row: the
 * VkFormatFeatureFlags each format must have in optimalTilingFeatures and
 * in bufferFeatures, the ones a device feature makes mandatory, the rules
 * below the tables (a required SAMPLED_IMAGE brings TRANSFER_SRC and
 * TRANSFER_DST; one depth and one depth/stencil attachment format; no
 * buffer feature for depth/stencil;
 * DEPTH_COMPARISON wherever depth is sampled), and what
 * vkGetPhysicalDeviceImageFormatProperties must answer for them (every
 * image type, including arrays and cubes, within the device's limits).
 *
 * The tables make no exception for a device without graphics. Ember is
 * compute-only until the graphics issue lands, and the project's rule
 * (issue 12) is that such a device (no queue family with
 * VK_QUEUE_GRAPHICS_BIT) is not held to the bits only graphics can use:
 * COLOR_ATTACHMENT, COLOR_ATTACHMENT_BLEND, DEPTH_STENCIL_ATTACHMENT and
 * VERTEX_BUFFER. Everything else is checked on every device, and the test
 * says how many bits it let pass that way.
 *
 * A device with graphics is held to all of them, with no exception: Ember
 * renders every required colour attachment format since contract 1.12
 * (ember-hw.rst "Render target formats", issue 13).
 *
 * Every missing bit is reported, with its format, before the test fails.
 *
 * One rule is a test of its own, required-format-support-compressed-family:
 * every format of one compressed family (BC, ETC2/EAC or ASTC LDR), with
 * its textureCompression feature. A device with none skips it, saying so:
 * Ember's device has no compressed formats yet (CAPS.IMAGE_BC, issue 12),
 * a gap its closing notes carry, kept apart so that the rest of the tables
 * keeps guarding every other format.
 */

#include "vk_format_info.h"
#include "vk_test.h"

#include <stdlib.h>
#include <string.h>

#define SI	VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT
#define BS	VK_FORMAT_FEATURE_BLIT_SRC_BIT
#define FL	VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT
#define ST	VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT
#define SA	VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT
#define CA	VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT
#define BD	VK_FORMAT_FEATURE_BLIT_DST_BIT
#define CB	VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT
#define DS	VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT
#define VB	VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT
#define UT	VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT
#define STB	VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT
#define STA	VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT

/* The bits only a device with graphics can use. */
#define GRAPHICS_ONLY	(CA | CB | DS | VB)

/* What makes a table's marked (‡, †) bits mandatory. */
enum condition {
	ALWAYS,
	EXTENDED_FORMATS,	/* shaderStorageImageExtendedFormats */
	FORMAT_A4R4G4B4,	/* VkPhysicalDevice4444FormatsFeaturesEXT::formatA4R4G4B4 */
	FORMAT_A4B4G4R4,	/* ... ::formatA4B4G4R4 */
	FLOAT32_ATOMICS,	/* shaderImageFloat32Atomics or ...AtomicAdd */
	INT64_ATOMICS,		/* shaderImageInt64Atomics */
	CONDITION_COUNT,
};

static const char *const condition_names[] = {
	"always", "shaderStorageImageExtendedFormats", "formatA4R4G4B4", "formatA4B4G4R4",
	"shaderImageFloat32Atomics", "shaderImageInt64Atomics",
};

struct required_format {
	VkFormat format;
	VkFormatFeatureFlags optimal, buffer;
	enum condition condition;
	VkFormatFeatureFlags conditional;	/* optimalTilingFeatures under @condition */
};

#define ROW(f, o, b)		{ VK_FORMAT_##f, o, b, ALWAYS, 0 }
#define ROW_IF(f, o, b, c, x)	{ VK_FORMAT_##f, o, b, c, x }

static const struct required_format required[] = {
	/* Sub-byte components */
	ROW(B4G4R4A4_UNORM_PACK16, SI | BS | FL, 0),
	ROW(R5G6B5_UNORM_PACK16, SI | BS | FL | CA | BD | CB, 0),
	ROW(A1R5G5B5_UNORM_PACK16, SI | BS | FL | CA | BD | CB, 0),
	ROW_IF(A4R4G4B4_UNORM_PACK16_EXT, 0, 0, FORMAT_A4R4G4B4, SI | BS | FL),
	ROW_IF(A4B4G4R4_UNORM_PACK16_EXT, 0, 0, FORMAT_A4B4G4R4, SI | BS | FL),
	/* 1-3 byte-sized components */
	ROW_IF(R8_UNORM, SI | BS | FL | CA | BD | CB, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8_SNORM, SI | BS | FL, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8_UINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8_SINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8G8_UNORM, SI | BS | FL | CA | BD | CB, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8G8_SNORM, SI | BS | FL, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8G8_UINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R8G8_SINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	/* 4 byte-sized components */
	ROW(R8G8B8A8_UNORM, SI | BS | FL | ST | CA | BD | CB, VB | UT | STB),
	ROW(R8G8B8A8_SNORM, SI | BS | FL | ST, VB | UT | STB),
	ROW(R8G8B8A8_UINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R8G8B8A8_SINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R8G8B8A8_SRGB, SI | BS | FL | CA | BD | CB, 0),
	ROW(B8G8R8A8_UNORM, SI | BS | FL | CA | BD | CB, VB | UT),
	ROW(B8G8R8A8_SRGB, SI | BS | FL | CA | BD | CB, 0),
	ROW(A8B8G8R8_UNORM_PACK32, SI | BS | FL | CA | BD | CB, VB | UT | STB),
	ROW(A8B8G8R8_SNORM_PACK32, SI | BS | FL, VB | UT | STB),
	ROW(A8B8G8R8_UINT_PACK32, SI | BS | CA | BD, VB | UT | STB),
	ROW(A8B8G8R8_SINT_PACK32, SI | BS | CA | BD, VB | UT | STB),
	ROW(A8B8G8R8_SRGB_PACK32, SI | BS | FL | CA | BD | CB, 0),
	/* 10- and 12-bit components */
	ROW_IF(A2B10G10R10_UNORM_PACK32, SI | BS | FL | CA | BD | CB, VB | UT,
	       EXTENDED_FORMATS, ST),
	ROW_IF(A2B10G10R10_UINT_PACK32, SI | BS | CA | BD, VB, EXTENDED_FORMATS, ST),
	/* 16-bit components */
	ROW_IF(R16_UNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW_IF(R16_SNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW_IF(R16_UINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16_SINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16_SFLOAT, SI | BS | FL | CA | BD | CB, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16_UNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16_SNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16_UINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16_SINT, SI | BS | CA | BD, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16_SFLOAT, SI | BS | FL | CA | BD | CB, VB | UT, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16B16A16_UNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW_IF(R16G16B16A16_SNORM, 0, VB, EXTENDED_FORMATS, ST),
	ROW(R16G16B16A16_UINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R16G16B16A16_SINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R16G16B16A16_SFLOAT, SI | BS | FL | ST | CA | BD | CB, VB | UT | STB),
	/* 32-bit components */
	ROW(R32_UINT, SI | BS | ST | SA | CA | BD, VB | UT | STB | STA),
	ROW(R32_SINT, SI | BS | ST | SA | CA | BD, VB | UT | STB | STA),
	ROW_IF(R32_SFLOAT, SI | BS | ST | CA | BD, VB | UT | STB, FLOAT32_ATOMICS, SA),
	ROW(R32G32_UINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R32G32_SINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R32G32_SFLOAT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R32G32B32_UINT, 0, VB),
	ROW(R32G32B32_SINT, 0, VB),
	ROW(R32G32B32_SFLOAT, 0, VB),
	ROW(R32G32B32A32_UINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R32G32B32A32_SINT, SI | BS | ST | CA | BD, VB | UT | STB),
	ROW(R32G32B32A32_SFLOAT, SI | BS | ST | CA | BD, VB | UT | STB),
	/* 64-bit/uneven components */
	ROW_IF(R64_UINT, 0, 0, INT64_ATOMICS, ST | SA),
	ROW_IF(R64_SINT, 0, 0, INT64_ATOMICS, ST | SA),
	ROW_IF(B10G11R11_UFLOAT_PACK32, SI | BS | FL, UT, EXTENDED_FORMATS, ST),
	ROW(E5B9G9R9_UFLOAT_PACK32, SI | BS | FL, 0),
	/* Depth/stencil (VK_IMAGE_TYPE_2D): the attachment choices are checked below. */
	ROW(D16_UNORM, SI | BS | DS, 0),
	ROW(D32_SFLOAT, SI | BS, 0),
};

/* One compressed family: every format in it sampled, blit source, linear filtered. */
static const struct {
	const char *name;
	VkFormat first, last;
} compressed_families[] = {
	{ "BC", VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_FORMAT_BC7_SRGB_BLOCK },
	{ "ETC2/EAC", VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK, VK_FORMAT_EAC_R11G11_SNORM_BLOCK },
	{ "ASTC LDR", VK_FORMAT_ASTC_4x4_UNORM_BLOCK, VK_FORMAT_ASTC_12x12_SRGB_BLOCK },
};

struct checker {
	struct vk_dev *dev;
	bool graphics;
	bool conditions[CONDITION_COUNT];
	unsigned int missing, exempt, checked;
};

static const char *format_name(VkFormat format)
{
	const struct vk_format_info *info = vk_format_info_get(format);
	static char number[32];

	if (info)
		return info->name;
	snprintf(number, sizeof(number), "VkFormat %d", format);
	return number;
}

static const char *const feature_names[] = {
	"SAMPLED_IMAGE", "STORAGE_IMAGE", "STORAGE_IMAGE_ATOMIC", "UNIFORM_TEXEL_BUFFER",
	"STORAGE_TEXEL_BUFFER", "STORAGE_TEXEL_BUFFER_ATOMIC", "VERTEX_BUFFER",
	"COLOR_ATTACHMENT", "COLOR_ATTACHMENT_BLEND", "DEPTH_STENCIL_ATTACHMENT", "BLIT_SRC",
	"BLIT_DST", "SAMPLED_IMAGE_FILTER_LINEAR", "SAMPLED_IMAGE_FILTER_CUBIC",
	"TRANSFER_SRC", "TRANSFER_DST",
};

/* Checks that @have holds @want, reporting each missing bit of @what. */
static void require_bits(struct checker *c, VkFormat format, const char *what,
			 VkFormatFeatureFlags have, VkFormatFeatureFlags want, const char *why)
{
	for (unsigned int bit = 0; bit < 16; bit++) {
		VkFormatFeatureFlags f = 1u << bit;

		if (!(want & f))
			continue;
		c->checked++;
		if (have & f)
			continue;
		if ((f & GRAPHICS_ONLY) && !c->graphics) {
			c->exempt++;
			continue;
		}
		printf("# %s: %s lacks %s (%s)\n", format_name(format), what, feature_names[bit],
		       why);
		c->missing++;
	}
}

static void query_conditions(struct checker *c)
{
	VkPhysicalDevice pd = c->dev->physical;
	VkPhysicalDeviceFeatures core;
	VkQueueFamilyProperties families[8];
	uint32_t nfam = 8;

	vkGetPhysicalDeviceFeatures(pd, &core);
	c->conditions[ALWAYS] = true;
	c->conditions[EXTENDED_FORMATS] = core.shaderStorageImageExtendedFormats;
	if (vk_has_extension(pd, VK_EXT_4444_FORMATS_EXTENSION_NAME)) {
		VkPhysicalDevice4444FormatsFeaturesEXT f = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_4444_FORMATS_FEATURES_EXT,
		};
		VkPhysicalDeviceFeatures2 f2 = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f,
		};

		vkGetPhysicalDeviceFeatures2(pd, &f2);
		c->conditions[FORMAT_A4R4G4B4] = f.formatA4R4G4B4;
		c->conditions[FORMAT_A4B4G4R4] = f.formatA4B4G4R4;
	}
	if (vk_has_extension(pd, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME)) {
		VkPhysicalDeviceShaderAtomicFloatFeaturesEXT f = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
		};
		VkPhysicalDeviceFeatures2 f2 = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f,
		};

		vkGetPhysicalDeviceFeatures2(pd, &f2);
		c->conditions[FLOAT32_ATOMICS] = f.shaderImageFloat32Atomics ||
						 f.shaderImageFloat32AtomicAdd;
	}
	if (vk_has_extension(pd, VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME)) {
		VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT f = {
			.sType =
			VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT,
		};
		VkPhysicalDeviceFeatures2 f2 = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f,
		};

		vkGetPhysicalDeviceFeatures2(pd, &f2);
		c->conditions[INT64_ATOMICS] = f.shaderImageInt64Atomics;
	}
	vkGetPhysicalDeviceQueueFamilyProperties(pd, &nfam, families);
	for (uint32_t i = 0; i < nfam; i++)
		c->graphics |= (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) != 0;
}

static uint32_t log2_floor(uint32_t v)
{
	return 31u - (uint32_t)__builtin_clz(v);
}

/*
 * What vkGetPhysicalDeviceImageFormatProperties must answer for an image
 * the tables require (@must) or for any it accepts: the limits' minimums
 * on extent and layers, a complete mip chain for OPTIMAL, one sample for
 * what cannot be multisampled, at least 2^31 bytes of resource.
 */
static void check_image_properties(struct checker *c, VkFormat format, VkImageType type,
				   VkImageTiling tiling, VkImageUsageFlags usage,
				   VkImageCreateFlags flags, bool must)
{
	const VkPhysicalDeviceLimits *lim = &c->dev->props.limits;
	static const char *const types[] = { "1D", "2D", "3D" };
	VkImageFormatProperties p;
	VkResult r = vkGetPhysicalDeviceImageFormatProperties(c->dev->physical, format, type,
							      tiling, usage, flags, &p);
	const char *shape = flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT ? "cube" : types[type];
	uint32_t want_w, want_h, want_d, largest;

	if (r != VK_SUCCESS) {
		REQUIRE_EQ(r, VK_ERROR_FORMAT_NOT_SUPPORTED);
		if (must) {
			printf("# %s: %s image of usage %#x unsupported, which the tables "
			       "require\n", format_name(format), shape, usage);
			c->missing++;
		}
		return;
	}
	c->checked++;
	switch (type) {
	case VK_IMAGE_TYPE_1D:
		want_w = lim->maxImageDimension1D;
		want_h = want_d = 1;
		break;
	case VK_IMAGE_TYPE_3D:
		want_w = want_h = want_d = lim->maxImageDimension3D;
		break;
	default:
		/* Cube-compatible images are held to the 2D limit (lavapipe agrees). */
		want_w = want_h = lim->maxImageDimension2D;
		want_d = 1;
		break;
	}
	largest = p.maxExtent.width > p.maxExtent.height ? p.maxExtent.width : p.maxExtent.height;
	largest = largest > p.maxExtent.depth ? largest : p.maxExtent.depth;
	if (tiling == VK_IMAGE_TILING_OPTIMAL &&
	    (p.maxExtent.width < want_w || p.maxExtent.height < want_h ||
	     p.maxExtent.depth < want_d || largest == 0 ||
	     p.maxMipLevels != log2_floor(largest) + 1 ||
	     p.maxArrayLayers < (type == VK_IMAGE_TYPE_3D ? 1 : lim->maxImageArrayLayers))) {
		printf("# %s: %s OPTIMAL image limits %ux%ux%u, %u levels, %u layers are below "
		       "the device limits or not a full mip chain\n", format_name(format), shape,
		       p.maxExtent.width, p.maxExtent.height, p.maxExtent.depth, p.maxMipLevels,
		       p.maxArrayLayers);
		c->missing++;
	}
	if (type == VK_IMAGE_TYPE_3D && p.maxArrayLayers != 1) {
		printf("# %s: a 3D image with %u layers\n", format_name(format), p.maxArrayLayers);
		c->missing++;
	}
	if (!(p.sampleCounts & VK_SAMPLE_COUNT_1_BIT) ||
	    ((tiling == VK_IMAGE_TILING_LINEAR || type != VK_IMAGE_TYPE_2D ||
	      (flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)) &&
	     p.sampleCounts != VK_SAMPLE_COUNT_1_BIT)) {
		printf("# %s: %s sample counts %#x\n", format_name(format), shape, p.sampleCounts);
		c->missing++;
	}
	if (p.maxResourceSize < (1ull << 31)) {
		printf("# %s: maxResourceSize %llu below 2^31\n", format_name(format),
		       (unsigned long long)p.maxResourceSize);
		c->missing++;
	}
}

/* Every image type, arrays and cubes, with the usages the required bits allow. */
static void check_required_images(struct checker *c, VkFormat format,
				  VkFormatFeatureFlags optimal, bool depth_stencil)
{
	VkImageUsageFlags usage = 0;

	if (optimal & SI)
		usage |= VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
			 VK_IMAGE_USAGE_TRANSFER_DST_BIT;
	if (optimal & ST)
		usage |= VK_IMAGE_USAGE_STORAGE_BIT;
	if (!usage)
		return;
	check_image_properties(c, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage, 0,
			       true);
	/* Depth/stencil: VK_IMAGE_TYPE_2D only (the table's title). */
	if (depth_stencil)
		return;
	check_image_properties(c, format, VK_IMAGE_TYPE_1D, VK_IMAGE_TILING_OPTIMAL, usage, 0,
			       true);
	check_image_properties(c, format, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL, usage, 0,
			       true);
	check_image_properties(c, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage,
			       VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT, true);
}

static VkFormatProperties format_properties(struct checker *c, VkFormat format)
{
	VkFormatProperties p;

	vkGetPhysicalDeviceFormatProperties(c->dev->physical, format, &p);
	return p;
}

VK_TEST(required_format_support, "required-format-support")
{
	struct vk_dev dev;
	struct checker c = { .dev = &dev };

	vk_dev_create(&dev, NULL);
	query_conditions(&c);
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		const struct required_format *r = &required[i];
		VkFormatProperties p = format_properties(&c, r->format);
		VkFormatFeatureFlags optimal = r->optimal;
		char why[96];

		if (c.conditions[r->condition])
			optimal |= r->conditional;
		/* A required SAMPLED_IMAGE brings both transfers with it. */
		if (optimal & SI)
			optimal |= VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
				   VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
		bool conditional = r->conditional && c.conditions[r->condition];

		snprintf(why, sizeof(why), "required%s%s", conditional ? " with " : "",
			 conditional ? condition_names[r->condition] : "");
		require_bits(&c, r->format, "optimalTilingFeatures", p.optimalTilingFeatures,
			     optimal, why);
		require_bits(&c, r->format, "bufferFeatures", p.bufferFeatures, r->buffer,
			     "required");
		check_required_images(&c, r->format, optimal & p.optimalTilingFeatures,
				      r->format >= VK_FORMAT_D16_UNORM &&
				      r->format <= VK_FORMAT_D32_SFLOAT_S8_UINT);
	}

	/* Depth/stencil attachments: one of each pair (graphics only). */
	if (c.graphics) {
		static const VkFormat depth[][2] = {
			{ VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT },
			{ VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT },
		};

		for (unsigned int i = 0; i < 2; i++) {
			c.checked++;
			if (!(format_properties(&c, depth[i][0]).optimalTilingFeatures & DS) &&
			    !(format_properties(&c, depth[i][1]).optimalTilingFeatures & DS)) {
				printf("# neither %s nor %s has DEPTH_STENCIL_ATTACHMENT\n",
				       format_name(depth[i][0]), format_name(depth[i][1]));
				c.missing++;
			}
		}
	} else {
		c.exempt += 2;
	}

	/* Depth/stencil: no buffer features; depth sampled means depth compared (1.3). */
	for (VkFormat f = VK_FORMAT_D16_UNORM; f <= VK_FORMAT_D32_SFLOAT_S8_UINT; f++) {
		VkFormatProperties3 p3 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
		VkFormatProperties2 p2 = {
			.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3,
		};
		bool has_depth = f != VK_FORMAT_S8_UINT;

		c.checked++;
		/* The harness's instances are 1.2: VkFormatProperties3 is the extension's. */
		if (!vk_has_extension(dev.physical, VK_KHR_FORMAT_FEATURE_FLAGS_2_EXTENSION_NAME))
			p2.pNext = NULL;
		vkGetPhysicalDeviceFormatProperties2(dev.physical, f, &p2);
		if (p2.formatProperties.bufferFeatures) {
			printf("# %s: bufferFeatures %#x on a depth/stencil format\n",
			       format_name(f), p2.formatProperties.bufferFeatures);
			c.missing++;
		}
		if (p2.pNext && has_depth) {
			VkFormatFeatureFlags2 both = p3.optimalTilingFeatures |
						     p3.linearTilingFeatures;

			if ((both & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT) &&
			    !(both & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT)) {
				printf("# %s: sampled but lacks SAMPLED_IMAGE_DEPTH_COMPARISON\n",
				       format_name(f));
				c.missing++;
			}
		}
	}

	/*
	 * Storage of a format shaders cannot name (no SPIR-V image format):
	 * only with STORAGE_READ/WRITE_WITHOUT_FORMAT, which only
	 * VK_KHR_format_feature_flags2 can report ("Formats Without Shader
	 * Storage Format").
	 */
	for (VkFormat f = VK_FORMAT_R4G4_UNORM_PACK8; f <= VK_FORMAT_E5B9G9R9_UFLOAT_PACK32; f++) {
		const struct vk_format_info *info = vk_format_info_get(f);
		VkFormatProperties3 p3 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
		VkFormatProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2 };
		const VkFormatFeatureFlags2 without =
			VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
		const VkFormatFeatureFlags2 storage = VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
			VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT;

		if (!info || info->storage || !info->color.bytes ||
		    info->color.numeric == VK_NUM_COMPRESSED || info->color.c[0].bits == 64)
			continue;
		if (vk_has_extension(dev.physical, VK_KHR_FORMAT_FEATURE_FLAGS_2_EXTENSION_NAME))
			p2.pNext = &p3;
		vkGetPhysicalDeviceFormatProperties2(dev.physical, f, &p2);
		if (!p2.pNext) {
			p3.linearTilingFeatures = p2.formatProperties.linearTilingFeatures;
			p3.optimalTilingFeatures = p2.formatProperties.optimalTilingFeatures;
			p3.bufferFeatures = p2.formatProperties.bufferFeatures;
		}
		const VkFormatFeatureFlags2 sets[] = {
			p3.linearTilingFeatures, p3.optimalTilingFeatures, p3.bufferFeatures,
		};

		for (unsigned int i = 0; i < 3; i++) {
			c.checked++;
			if ((sets[i] & storage) && !(sets[i] & without)) {
				printf("# %s: %s storage without a SPIR-V image format or "
				       "STORAGE_READ/WRITE_WITHOUT_FORMAT\n", format_name(f),
				       i == 2 ? "buffer" : i ? "optimal" : "linear");
				c.missing++;
			}
		}
	}

	/* Every image a supported format accepts: the same rules on its answer. */
	for (VkFormat f = VK_FORMAT_R4G4_UNORM_PACK8; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
		VkFormatProperties p = format_properties(&c, f);

		for (unsigned int t = 0; t < 2; t++) {
			VkImageTiling tiling = t ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
			VkFormatFeatureFlags have = t ? p.linearTilingFeatures :
						   p.optimalTilingFeatures;

			if (have & SI)
				check_image_properties(&c, f, VK_IMAGE_TYPE_2D, tiling,
						       VK_IMAGE_USAGE_SAMPLED_BIT, 0, true);
			if (have & ST)
				check_image_properties(&c, f, VK_IMAGE_TYPE_2D, tiling,
						       VK_IMAGE_USAGE_STORAGE_BIT, 0, true);
		}
	}

	printf("# %u requirements checked, %u unmet%s", c.checked, c.missing,
	       c.graphics ? "\n" : "");
	if (!c.graphics)
		printf(", %u attachment/vertex bits not required of a compute-only device\n",
		       c.exempt);
	if (c.missing)
		vk_test_fail(__FILE__, __LINE__, "%u required format features or image "
			     "properties missing (listed above)", c.missing);
	vk_dev_destroy(&dev);
}

VK_TEST(required_compressed_family, "required-format-support-compressed-family")
{
	VkPhysicalDeviceFeatures features;
	struct vk_dev dev;
	struct checker c = { .dev = &dev };
	bool family_complete = false;

	vk_dev_create(&dev, NULL);
	vkGetPhysicalDeviceFeatures(dev.physical, &features);
	const VkBool32 feature[] = {
		features.textureCompressionBC, features.textureCompressionETC2,
		features.textureCompressionASTC_LDR,
	};

	for (size_t i = 0; i < sizeof(compressed_families) / sizeof(compressed_families[0]); i++) {
		bool complete = true;

		for (VkFormat f = compressed_families[i].first; f <= compressed_families[i].last;
		     f++)
			complete &= (format_properties(&c, f).optimalTilingFeatures &
				     (SI | BS | FL)) == (SI | BS | FL);
		/* The family's feature says exactly whether it is there. */
		if (complete != !!feature[i])
			vk_test_fail(__FILE__, __LINE__, "%s formats %s but textureCompression%s "
				     "is %s", compressed_families[i].name,
				     complete ? "complete" : "incomplete",
				     i == 0 ? "BC" : i == 1 ? "ETC2" : "ASTC_LDR",
				     feature[i] ? "true" : "false");
		if (complete)
			printf("# compressed family supported in full: %s\n",
			       compressed_families[i].name);
		family_complete |= complete;
	}
	vk_dev_destroy(&dev);
	if (!family_complete)
		vk_test_skip("no compressed family (BC, ETC2/EAC, ASTC LDR) has SAMPLED_IMAGE, "
			     "BLIT_SRC and SAMPLED_IMAGE_FILTER_LINEAR on every format: the "
			     "specification requires one; this device has none");
}
