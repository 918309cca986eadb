/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Images, views, samplers, texel buffers and their descriptors
 *
 * The object side of images, through the API only: format and image
 * format properties agree, memory requirements and subresource layouts
 * (on Ember: exactly ember-hw.rst's TILED_4K and LINEAR formulas, worked
 * out here again), DRM format modifiers, views, samplers and buffer views
 * over matrices of their parameters, descriptor writes, copies, templates
 * and pushes of every image descriptor type (immutable samplers
 * included).
 */

#include "vk_test.h"

#include <string.h>

#define RGBA8	VK_FORMAT_R8G8B8A8_UNORM
#define ALL_USAGE (VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT)

static uint64_t div_up(uint64_t v, uint64_t d)
{
	return (v + d - 1) / d;
}

static uint32_t minify(uint32_t v, uint32_t level)
{
	return v >> level ? v >> level : 1;
}

/* ember-hw.rst's TILED_4K size of one level of 4-byte texels (32x32 tiles). */
static uint64_t tiled_rgba8_level(uint32_t w, uint32_t h, uint32_t d, uint32_t level)
{
	return div_up(minify(w, level), 32) * div_up(minify(h, level), 32) *
	       minify(d, level) * 4096;
}

/* An image of usage SAMPLED (the feature every supported format has), or SKIP. */
static bool image_supported(struct vk_dev *dev, const VkImageCreateInfo *info)
{
	VkImageFormatProperties p;

	return vkGetPhysicalDeviceImageFormatProperties(dev->physical, info->format,
		info->imageType, info->tiling, info->usage, info->flags, &p) == VK_SUCCESS &&
	       info->mipLevels <= p.maxMipLevels && info->arrayLayers <= p.maxArrayLayers &&
	       (p.sampleCounts & info->samples);
}

static VkImageCreateInfo image_info(VkImageType type, VkFormat format, uint32_t w, uint32_t h,
				    uint32_t d, uint32_t levels, uint32_t layers)
{
	return (VkImageCreateInfo) {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = type, .format = format, .extent = { w, h, d },
		.mipLevels = levels, .arrayLayers = layers, .samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
		.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
	};
}

/* Creates @info's image and binds it to memory of its own (*@memory). */
static VkImage image_create_bound(struct vk_dev *dev, const VkImageCreateInfo *info,
				  VkDeviceMemory *memory)
{
	VkMemoryRequirements req;
	VkImage image;

	VK_CHECK(vkCreateImage(dev->device, info, NULL, &image));
	vkGetImageMemoryRequirements(dev->device, image, &req);
	REQUIRE(req.memoryTypeBits & (1u << dev->memory_type));
	const VkMemoryAllocateInfo alloc = {
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = dev->memory_type,
	};
	VK_CHECK(vkAllocateMemory(dev->device, &alloc, NULL, memory));
	VK_CHECK(vkBindImageMemory(dev->device, image, *memory, 0));
	return image;
}

VK_TEST(image_format_properties, "image-format-properties-agree")
{
	struct vk_dev dev;
	uint32_t supported = 0;

	vk_dev_create(&dev, NULL);
	/* The core formats: the image query says yes exactly when a feature does. */
	for (VkFormat f = VK_FORMAT_R4G4_UNORM_PACK8; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
		static const struct {
			VkImageUsageFlags usage;
			VkFormatFeatureFlags feature;
		} uses[] = {
			{ VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT },
			{ VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT },
		};
		VkFormatProperties fp;

		vkGetPhysicalDeviceFormatProperties(dev.physical, f, &fp);
		for (unsigned int u = 0; u < 2; u++) {
			VkImageFormatProperties p;
			VkResult r = vkGetPhysicalDeviceImageFormatProperties(dev.physical, f,
				VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, uses[u].usage, 0, &p);
			bool has = fp.optimalTilingFeatures & uses[u].feature;

			if (has != (r == VK_SUCCESS))
				vk_test_fail(__FILE__, __LINE__, "format %d usage %#x: feature %d, query %d",
					     f, uses[u].usage, has, r);
			REQUIRE(r == VK_SUCCESS || r == VK_ERROR_FORMAT_NOT_SUPPORTED);
			if (r == VK_SUCCESS) {
				supported++;
				REQUIRE(p.maxExtent.width >= 4096 && p.maxMipLevels >= 13);
				REQUIRE(p.sampleCounts & VK_SAMPLE_COUNT_1_BIT);
			}
		}
	}
	/* The mandatory formats (the specification's required format support). */
	REQUIRE(supported > 0);
	if (vk_dev_is_ember(&dev)) {
		VkFormatProperties fp;

		/*
		 * Not in the contract's image table: no image feature; a vertex
		 * format of its draws, so a vertex buffer format on a device with
		 * a graphics queue, and nothing else.
		 */
		vkGetPhysicalDeviceFormatProperties(dev.physical, VK_FORMAT_R8G8B8_UNORM, &fp);
		REQUIRE(!fp.optimalTilingFeatures && !fp.linearTilingFeatures);
		REQUIRE(!(fp.bufferFeatures & ~VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT));
		/* R32G32B32: texel buffers only. */
		vkGetPhysicalDeviceFormatProperties(dev.physical, VK_FORMAT_R32G32B32_SFLOAT, &fp);
		REQUIRE(!fp.optimalTilingFeatures && fp.bufferFeatures);
		/* Depth: TILED_4K only. */
		vkGetPhysicalDeviceFormatProperties(dev.physical, VK_FORMAT_D32_SFLOAT, &fp);
		REQUIRE(!fp.linearTilingFeatures);
		REQUIRE(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
	}
	vk_dev_destroy(&dev);
}

VK_TEST(image_memory_requirements, "image-memory-requirements")
{
	static const struct {
		VkImageType type;
		uint32_t w, h, d, levels, layers;
		VkImageCreateFlags flags;
	} shapes[] = {
		{ VK_IMAGE_TYPE_1D, 300, 1, 1, 9, 4, 0 },
		{ VK_IMAGE_TYPE_2D, 100, 50, 1, 3, 2, 0 },
		{ VK_IMAGE_TYPE_2D, 64, 64, 1, 7, 12, VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT },
		{ VK_IMAGE_TYPE_2D, 1, 1, 1, 1, 1, 0 },
		{ VK_IMAGE_TYPE_3D, 70, 70, 3, 2, 1, 0 },
		{ VK_IMAGE_TYPE_2D, 33, 16, 1, 1, 1, 0 },	/* 4 samples below */
	};
	static const char *const ext[] = { VK_KHR_MAINTENANCE_4_EXTENSION_NAME };
	VkPhysicalDeviceMaintenance4Features m4 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
		.maintenance4 = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &m4,
	};
	struct vk_dev dev;
	uint32_t tested = 0;

	vk_dev_create(&dev, &options);
	for (unsigned int i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		VkImageCreateInfo info = image_info(shapes[i].type, RGBA8, shapes[i].w, shapes[i].h,
						    shapes[i].d, shapes[i].levels, shapes[i].layers);
		VkMemoryDedicatedRequirements dedicated = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS,
		};
		VkMemoryRequirements2 r2 = {
			.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &dedicated,
		}, r4 = { .sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2 };
		VkMemoryRequirements r1;
		VkDeviceMemory memory;
		VkImage image;
		uint64_t expect = 0;

		info.flags = shapes[i].flags;
		if (i == 5)
			info.samples = VK_SAMPLE_COUNT_4_BIT;
		if (!image_supported(&dev, &info))
			continue;
		image = image_create_bound(&dev, &info, &memory);
		vkGetImageMemoryRequirements(dev.device, image, &r1);
		const VkImageMemoryRequirementsInfo2 ri = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2, .image = image,
		};
		vkGetImageMemoryRequirements2(dev.device, &ri, &r2);
		const VkDeviceImageMemoryRequirements di = {
			.sType = VK_STRUCTURE_TYPE_DEVICE_IMAGE_MEMORY_REQUIREMENTS,
			.pCreateInfo = &info,
		};
		PFN_vkGetDeviceImageMemoryRequirementsKHR device_reqs =
			(PFN_vkGetDeviceImageMemoryRequirementsKHR)vk_dev_proc(&dev,
				"vkGetDeviceImageMemoryRequirementsKHR");
		device_reqs(dev.device, &di, &r4);
		REQUIRE(r1.size >= (uint64_t)shapes[i].w * shapes[i].h * shapes[i].d * 4);
		REQUIRE(r1.alignment && !(r1.alignment & (r1.alignment - 1)));
		REQUIRE_EQ(r2.memoryRequirements.size, r1.size);
		REQUIRE_EQ(r2.memoryRequirements.alignment, r1.alignment);
		/* maintenance4: the same answer before the image exists. */
		REQUIRE_EQ(r4.memoryRequirements.size, r1.size);
		REQUIRE_EQ(r4.memoryRequirements.alignment, r1.alignment);
		REQUIRE_EQ(r4.memoryRequirements.memoryTypeBits, r1.memoryTypeBits);
		if (vk_dev_is_ember(&dev)) {
			/* ember-hw.rst: levels follow each other, then layers; 4 KiB aligned. */
			for (uint32_t l = 0; l < shapes[i].levels; l++)
				expect += tiled_rgba8_level(shapes[i].w, shapes[i].h, shapes[i].d, l);
			if (i == 5)	/* 16-byte elements: 16x16 tiles */
				expect = div_up(33, 16) * div_up(16, 16) * 4096;
			expect *= shapes[i].layers;
			REQUIRE_EQ(r1.size, expect);
			REQUIRE_EQ(r1.alignment, 4096);
			REQUIRE(!dedicated.requiresDedicatedAllocation);
		}
		vkDestroyImage(dev.device, image, NULL);
		vkFreeMemory(dev.device, memory, NULL);
		tested++;
	}
	if (!tested)
		vk_test_skip("no RGBA8 image is supported");
	vk_dev_destroy(&dev);
}

VK_TEST(image_linear_layout, "image-linear-subresource-layout")
{
	struct vk_dev dev;
	VkImageCreateInfo info = image_info(VK_IMAGE_TYPE_2D, RGBA8, 37, 5, 1, 1, 1);
	VkMemoryRequirements req;
	VkSubresourceLayout layout;
	VkDeviceMemory memory;
	VkImage image;

	vk_dev_create(&dev, NULL);
	info.tiling = VK_IMAGE_TILING_LINEAR;
	if (!image_supported(&dev, &info))
		vk_test_skip("no linear RGBA8 sampled image");
	image = image_create_bound(&dev, &info, &memory);
	vkGetImageMemoryRequirements(dev.device, image, &req);
	const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
	vkGetImageSubresourceLayout(dev.device, image, &sub, &layout);
	REQUIRE(layout.rowPitch >= 37 * 4);
	REQUIRE(layout.size >= layout.rowPitch * 4 + 37 * 4);
	REQUIRE(layout.offset + layout.size <= req.size);
	if (vk_dev_is_ember(&dev)) {
		/* LINEAR: rows as short as the texels, the image from the start. */
		REQUIRE_EQ(layout.offset, 0);
		REQUIRE_EQ(layout.rowPitch, 37 * 4);
		REQUIRE_EQ(layout.size, 37 * 4 * 5);
		REQUIRE_EQ(layout.arrayPitch % 256, 0);
	}
	vkDestroyImage(dev.device, image, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(image_drm_modifiers, "image-drm-format-modifiers")
{
	static const char *const ext[] = { VK_EXT_IMAGE_DRM_FORMAT_MODIFIER_EXTENSION_NAME };
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 1 };
	VkDrmFormatModifierPropertiesEXT mods[8];
	VkDrmFormatModifierPropertiesListEXT list = {
		.sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT,
	};
	VkFormatProperties2 fp = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &list };
	struct vk_dev dev;
	uint64_t chosen[8];
	uint32_t n = 0;

	vk_dev_create(&dev, &options);
	vkGetPhysicalDeviceFormatProperties2(dev.physical, RGBA8, &fp);
	REQUIRE(list.drmFormatModifierCount <= 8);
	list.pDrmFormatModifierProperties = mods;
	vkGetPhysicalDeviceFormatProperties2(dev.physical, RGBA8, &fp);
	for (uint32_t i = 0; i < list.drmFormatModifierCount; i++) {
		REQUIRE(mods[i].drmFormatModifierPlaneCount >= 1);
		if (mods[i].drmFormatModifierTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT &&
		    mods[i].drmFormatModifierPlaneCount == 1)
			chosen[n++] = mods[i].drmFormatModifier;
	}
	if (!n)
		vk_test_skip("no single-plane sampled modifier for RGBA8");
	const VkImageDrmFormatModifierListCreateInfoEXT mod_list = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT,
		.drmFormatModifierCount = n, .pDrmFormatModifiers = chosen,
	};
	VkImageCreateInfo info = image_info(VK_IMAGE_TYPE_2D, RGBA8, 100, 60, 1, 1, 1);
	VkImageDrmFormatModifierPropertiesEXT props = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_PROPERTIES_EXT,
	};
	VkSubresourceLayout layout;
	VkDeviceMemory memory;
	VkImage image;

	info.pNext = &mod_list;
	info.tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT;
	image = image_create_bound(&dev, &info, &memory);
	PFN_vkGetImageDrmFormatModifierPropertiesEXT get_mod =
		(PFN_vkGetImageDrmFormatModifierPropertiesEXT)vk_dev_proc(&dev,
			"vkGetImageDrmFormatModifierPropertiesEXT");
	VK_CHECK(get_mod(dev.device, image, &props));
	bool listed = false;
	for (uint32_t i = 0; i < n; i++)
		listed |= chosen[i] == props.drmFormatModifier;
	REQUIRE(listed);
	const VkImageSubresource sub = { VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT, 0, 0 };
	vkGetImageSubresourceLayout(dev.device, image, &sub, &layout);
	REQUIRE(layout.rowPitch >= 100 * 4);
	if (vk_dev_is_ember(&dev)) {
		/* TILED_4K preferred: one row of tiles is ceil(100 / 32) tiles. */
		REQUIRE_EQ(props.drmFormatModifier, 0xee00000000000001ull);
		REQUIRE_EQ(layout.rowPitch, 4 * 4096);
		REQUIRE_EQ(layout.size, 4 * 2 * 4096);
	}
	vkDestroyImage(dev.device, image, NULL);
	vkFreeMemory(dev.device, memory, NULL);

	/* An explicit layout: the one just reported is accepted again. */
	const VkSubresourceLayout plane = { .offset = 0, .rowPitch = layout.rowPitch };
	VkImageDrmFormatModifierExplicitCreateInfoEXT exp = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
		.drmFormatModifier = props.drmFormatModifier,
		.drmFormatModifierPlaneCount = 1, .pPlaneLayouts = &plane,
	};
	info.pNext = &exp;
	VK_CHECK(vkCreateImage(dev.device, &info, NULL, &image));
	VK_CHECK(get_mod(dev.device, image, &props));
	REQUIRE_EQ(props.drmFormatModifier, exp.drmFormatModifier);
	vkDestroyImage(dev.device, image, NULL);
	if (vk_dev_is_ember(&dev)) {
		/* A TILED_4K pitch other than the rule's is not the contract's layout. */
		const VkSubresourceLayout bad = { .offset = 0, .rowPitch = 8 * 4096 };

		exp.pPlaneLayouts = &bad;
		REQUIRE_EQ(vkCreateImage(dev.device, &info, NULL, &image),
			   VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT);
		/* LINEAR takes any pitch the contract does. */
		const VkSubresourceLayout linear = { .offset = 0, .rowPitch = 512 };

		exp.drmFormatModifier = 0;
		exp.pPlaneLayouts = &linear;
		image = image_create_bound(&dev, &info, &memory);
		vkGetImageSubresourceLayout(dev.device, image, &sub, &layout);
		REQUIRE_EQ(layout.rowPitch, 512);
		REQUIRE_EQ(layout.size, 512 * 59 + 400);
		vkDestroyImage(dev.device, image, NULL);
		vkFreeMemory(dev.device, memory, NULL);
	}
	vk_dev_destroy(&dev);
}

VK_TEST(image_views, "image-view-matrix")
{
	static const struct {
		VkImageType type;
		uint32_t w, h, d, layers;
		VkImageCreateFlags flags;
		VkImageViewType views[3];
	} images[] = {
		{ VK_IMAGE_TYPE_1D, 64, 1, 1, 4, 0,
		  { VK_IMAGE_VIEW_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY, VK_IMAGE_VIEW_TYPE_1D } },
		{ VK_IMAGE_TYPE_2D, 32, 32, 1, 6,
		  VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT | VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT,
		  { VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_VIEW_TYPE_CUBE } },
		{ VK_IMAGE_TYPE_3D, 16, 16, 8, 1, 0,
		  { VK_IMAGE_VIEW_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D } },
	};
	static const VkComponentMapping swizzles[] = {
		{ 0 },
		{ VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_G,
		  VK_COMPONENT_SWIZZLE_R },
		{ VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE, VK_COMPONENT_SWIZZLE_R,
		  VK_COMPONENT_SWIZZLE_IDENTITY },
	};
	struct vk_dev dev;
	uint32_t views = 0;

	vk_dev_create(&dev, NULL);
	for (unsigned int i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		VkImageCreateInfo info = image_info(images[i].type, RGBA8, images[i].w, images[i].h,
						    images[i].d, 3, images[i].layers);
		VkDeviceMemory memory;
		VkImage image;

		info.flags = images[i].flags;
		if (!image_supported(&dev, &info))
			continue;
		image = image_create_bound(&dev, &info, &memory);
		for (unsigned int v = 0; v < 3; v++) {
			for (unsigned int s = 0; s < 3; s++) {
				bool array = images[i].views[v] == VK_IMAGE_VIEW_TYPE_1D_ARRAY ||
					     images[i].views[v] == VK_IMAGE_VIEW_TYPE_2D_ARRAY;
				bool cube = images[i].views[v] == VK_IMAGE_VIEW_TYPE_CUBE;
				/* A mutable image's view may take another format of its size. */
				VkFormat format = (images[i].flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT) &&
						  s == 2 ? VK_FORMAT_R32_UINT : RGBA8;
				const VkImageViewCreateInfo vi = {
					.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
					.image = image, .viewType = images[i].views[v],
					.format = format, .components = swizzles[s],
					.subresourceRange = {
						VK_IMAGE_ASPECT_COLOR_BIT, s, array ? VK_REMAINING_MIP_LEVELS : 1,
						0, cube ? 6 : array ? VK_REMAINING_ARRAY_LAYERS : 1,
					},
				};
				VkImageView view;

				VK_CHECK(vkCreateImageView(dev.device, &vi, NULL, &view));
				vkDestroyImageView(dev.device, view, NULL);
				views++;
			}
		}
		vkDestroyImage(dev.device, image, NULL);
		vkFreeMemory(dev.device, memory, NULL);
	}
	if (!views)
		vk_test_skip("no RGBA8 image is supported");
	vk_dev_destroy(&dev);
}

VK_TEST(samplers, "sampler-matrix")
{
	static const char *const ext[] = { VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME };
	VkPhysicalDeviceCustomBorderColorFeaturesEXT border_features = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
		.customBorderColors = VK_TRUE, .customBorderColorWithoutFormat = VK_TRUE,
	};
	const struct vk_dev_options options = {
		.extensions = ext, .extension_count = 1, .features = &border_features,
	};
	struct vk_dev dev;
	uint32_t count = 0;

	vk_dev_create(&dev, &options);
	for (int filter = 0; filter < 2; filter++)
	for (int mip = 0; mip < 2; mip++)
	for (int address = 0; address <= VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER; address++)
	for (int border = 0; border <= VK_BORDER_COLOR_INT_CUSTOM_EXT - 1000287003 + 6; border++)
	for (int compare = 0; compare < 2; compare++) {
		VkBorderColor color = border < 6 ? (VkBorderColor)border :
				      border == 6 ? VK_BORDER_COLOR_FLOAT_CUSTOM_EXT :
				      VK_BORDER_COLOR_INT_CUSTOM_EXT;
		const VkSamplerCustomBorderColorCreateInfoEXT custom = {
			.sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
			.customBorderColor.float32 = { 0.25f, 0.5f, 0.75f, 1.0f },
			.format = VK_FORMAT_UNDEFINED,
		};
		const VkSamplerCreateInfo info = {
			.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
			.pNext = border >= 6 ? &custom : NULL,
			.magFilter = (VkFilter)filter, .minFilter = (VkFilter)(1 - filter),
			.mipmapMode = (VkSamplerMipmapMode)mip,
			.addressModeU = (VkSamplerAddressMode)address,
			.addressModeV = (VkSamplerAddressMode)((address + 1) % 4),
			.addressModeW = (VkSamplerAddressMode)((address + 2) % 4),
			.mipLodBias = filter ? -2.5f : 3.0f,
			.compareEnable = (VkBool32)compare,
			.compareOp = compare ? VK_COMPARE_OP_LESS_OR_EQUAL : VK_COMPARE_OP_NEVER,
			.minLod = 0.5f, .maxLod = mip ? VK_LOD_CLAMP_NONE : 4.0f,
			.borderColor = color,
		};
		VkSampler sampler;

		VK_CHECK(vkCreateSampler(dev.device, &info, NULL, &sampler));
		vkDestroySampler(dev.device, sampler, NULL);
		count++;
	}
	/* Unnormalized coordinates, with Vulkan's restrictions. */
	const VkSamplerCreateInfo unnormalized = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
		.magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
		.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.borderColor = VK_BORDER_COLOR_INT_OPAQUE_WHITE,
		.unnormalizedCoordinates = VK_TRUE,
	};
	VkSampler sampler;

	VK_CHECK(vkCreateSampler(dev.device, &unnormalized, NULL, &sampler));
	vkDestroySampler(dev.device, sampler, NULL);
	REQUIRE_EQ(count, 2 * 2 * 4 * 8 * 2);
	vk_dev_destroy(&dev);
}

VK_TEST(buffer_views, "buffer-view-matrix")
{
	static const VkFormat formats[] = {
		VK_FORMAT_R32_UINT, VK_FORMAT_R32_SFLOAT, RGBA8, VK_FORMAT_R16G16B16A16_SFLOAT,
		VK_FORMAT_R32G32B32A32_SINT, VK_FORMAT_R8_UNORM,
	};
	struct vk_dev dev;
	struct vk_buf buf;
	uint32_t views = 0;

	vk_dev_create(&dev, NULL);
	vk_buf_create(&dev, 65536, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
		      VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT, &buf);
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		VkFormatProperties fp;

		vkGetPhysicalDeviceFormatProperties(dev.physical, formats[f], &fp);
		if ((fp.bufferFeatures & (VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT |
					  VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT)) !=
		    (VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT |
		     VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT))
			continue;
		for (int r = 0; r < 2; r++) {
			VkDeviceSize offset = r ? 4096 : 0;
			const VkBufferViewCreateInfo info = {
				.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
				.buffer = buf.buffer, .format = formats[f], .offset = offset,
				.range = r ? 1024 : VK_WHOLE_SIZE,
			};
			VkBufferView view;

			VK_CHECK(vkCreateBufferView(dev.device, &info, NULL, &view));
			vkDestroyBufferView(dev.device, view, NULL);
			views++;
		}
	}
	if (!views)
		vk_test_skip("no texel-buffer format");
	vk_buf_destroy(&dev, &buf);
	vk_dev_destroy(&dev);
}

/* The bindings of every image descriptor type: 0..5, then 6 with an immutable sampler. */
static const VkDescriptorType image_types[] = {
	VK_DESCRIPTOR_TYPE_SAMPLER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
	VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
	VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
	VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
};
#define IMAGE_TYPE_COUNT (sizeof(image_types) / sizeof(image_types[0]))

struct image_objects {
	VkImage image;
	VkDeviceMemory memory;
	VkImageView view;
	VkSampler sampler;
	struct vk_buf buf;
	VkBufferView texel;
};

static void image_objects_create(struct vk_dev *dev, struct image_objects *o)
{
	VkImageCreateInfo info = image_info(VK_IMAGE_TYPE_2D, RGBA8, 16, 16, 1, 1, 1);

	info.usage = ALL_USAGE;
	if (!image_supported(dev, &info))
		vk_test_skip("no sampled and storage RGBA8 image");
	o->image = image_create_bound(dev, &info, &o->memory);
	const VkImageViewCreateInfo vi = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
		.image = o->image, .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = RGBA8,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
	};
	VK_CHECK(vkCreateImageView(dev->device, &vi, NULL, &o->view));
	const VkSamplerCreateInfo si = { .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO };
	VK_CHECK(vkCreateSampler(dev->device, &si, NULL, &o->sampler));
	vk_buf_create(dev, 4096, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
		      VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT, &o->buf);
	const VkBufferViewCreateInfo bi = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
		.buffer = o->buf.buffer, .format = VK_FORMAT_R32_UINT, .range = VK_WHOLE_SIZE,
	};
	VK_CHECK(vkCreateBufferView(dev->device, &bi, NULL, &o->texel));
}

static void image_objects_destroy(struct vk_dev *dev, struct image_objects *o)
{
	vkDestroyBufferView(dev->device, o->texel, NULL);
	vk_buf_destroy(dev, &o->buf);
	vkDestroySampler(dev->device, o->sampler, NULL);
	vkDestroyImageView(dev->device, o->view, NULL);
	vkDestroyImage(dev->device, o->image, NULL);
	vkFreeMemory(dev->device, o->memory, NULL);
}

static VkDescriptorSetLayout image_set_layout(struct vk_dev *dev, const struct image_objects *o,
					      VkDescriptorSetLayoutCreateFlags flags)
{
	VkDescriptorSetLayoutBinding b[IMAGE_TYPE_COUNT];
	VkDescriptorSetLayout layout;

	for (uint32_t i = 0; i < IMAGE_TYPE_COUNT; i++)
		b[i] = (VkDescriptorSetLayoutBinding) {
			.binding = i, .descriptorType = image_types[i], .descriptorCount = 2,
			.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
		};
	const VkSampler immutable[2] = { o->sampler, o->sampler };
	b[IMAGE_TYPE_COUNT - 1].pImmutableSamplers = immutable;
	const VkDescriptorSetLayoutCreateInfo info = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.flags = flags, .bindingCount = IMAGE_TYPE_COUNT, .pBindings = b,
	};
	VK_CHECK(vkCreateDescriptorSetLayout(dev->device, &info, NULL, &layout));
	return layout;
}

/* Writes of binding @b's two elements of @o (image layouts as the types want). */
static void image_writes(const struct image_objects *o, VkDescriptorSet set,
			 VkDescriptorImageInfo ii[2], VkBufferView tb[2], VkWriteDescriptorSet *w,
			 uint32_t b)
{
	bool storage = image_types[b] == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;

	for (int e = 0; e < 2; e++) {
		ii[e] = (VkDescriptorImageInfo) {
			.sampler = o->sampler, .imageView = o->view,
			.imageLayout = storage ? VK_IMAGE_LAYOUT_GENERAL :
				       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
		};
		tb[e] = o->texel;
	}
	*w = (VkWriteDescriptorSet) {
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = set, .dstBinding = b, .descriptorCount = 2,
		.descriptorType = image_types[b], .pImageInfo = ii, .pTexelBufferView = tb,
	};
}

VK_TEST(image_descriptors, "descriptor-image-types-write-copy-template")
{
	struct vk_dev dev;
	struct image_objects o;
	VkDescriptorPoolSize sizes[IMAGE_TYPE_COUNT];
	VkDescriptorImageInfo ii[IMAGE_TYPE_COUNT][2];
	VkBufferView tb[IMAGE_TYPE_COUNT][2];
	VkWriteDescriptorSet w[IMAGE_TYPE_COUNT];
	VkDescriptorSet sets[2];
	VkDescriptorPool pool;

	vk_dev_create(&dev, NULL);
	image_objects_create(&dev, &o);
	VkDescriptorSetLayout layout = image_set_layout(&dev, &o, 0);
	for (uint32_t i = 0; i < IMAGE_TYPE_COUNT; i++)
		sizes[i] = (VkDescriptorPoolSize) { image_types[i], 4 };
	const VkDescriptorPoolCreateInfo pi = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 2, .poolSizeCount = IMAGE_TYPE_COUNT, .pPoolSizes = sizes,
	};
	VK_CHECK(vkCreateDescriptorPool(dev.device, &pi, NULL, &pool));
	const VkDescriptorSetLayout layouts[2] = { layout, layout };
	const VkDescriptorSetAllocateInfo ai = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = pool, .descriptorSetCount = 2, .pSetLayouts = layouts,
	};
	VK_CHECK(vkAllocateDescriptorSets(dev.device, &ai, sets));
	for (uint32_t b = 0; b < IMAGE_TYPE_COUNT; b++)
		image_writes(&o, sets[0], ii[b], tb[b], &w[b], b);
	vkUpdateDescriptorSets(dev.device, IMAGE_TYPE_COUNT, w, 0, NULL);

	/* Copies of every binding, one element from the middle of each. */
	VkCopyDescriptorSet c[IMAGE_TYPE_COUNT];
	for (uint32_t b = 0; b < IMAGE_TYPE_COUNT; b++)
		c[b] = (VkCopyDescriptorSet) {
			.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
			.srcSet = sets[0], .srcBinding = b, .srcArrayElement = 1,
			.dstSet = sets[1], .dstBinding = b, .dstArrayElement = 0,
			.descriptorCount = 1,
		};
	vkUpdateDescriptorSets(dev.device, 0, NULL, IMAGE_TYPE_COUNT, c);

	/* A template over every binding, from one struct of image infos and views. */
	VkDescriptorUpdateTemplateEntry entries[IMAGE_TYPE_COUNT];
	struct {
		VkDescriptorImageInfo ii[IMAGE_TYPE_COUNT][2];
		VkBufferView tb[IMAGE_TYPE_COUNT][2];
	} data;
	for (uint32_t b = 0; b < IMAGE_TYPE_COUNT; b++) {
		bool texel = image_types[b] == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ||
			     image_types[b] == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;

		memcpy(data.ii[b], ii[b], sizeof(ii[b]));
		memcpy(data.tb[b], tb[b], sizeof(tb[b]));
		entries[b] = (VkDescriptorUpdateTemplateEntry) {
			.dstBinding = b, .descriptorCount = 2, .descriptorType = image_types[b],
			.offset = texel ? (size_t)((uint8_t *)data.tb[b] - (uint8_t *)&data) :
					  (size_t)((uint8_t *)data.ii[b] - (uint8_t *)&data),
			.stride = texel ? sizeof(VkBufferView) : sizeof(VkDescriptorImageInfo),
		};
	}
	const VkDescriptorUpdateTemplateCreateInfo ti = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
		.descriptorUpdateEntryCount = IMAGE_TYPE_COUNT, .pDescriptorUpdateEntries = entries,
		.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
		.descriptorSetLayout = layout,
	};
	VkDescriptorUpdateTemplate t;
	VK_CHECK(vkCreateDescriptorUpdateTemplate(dev.device, &ti, NULL, &t));
	vkUpdateDescriptorSetWithTemplate(dev.device, sets[1], t, &data);
	vkDestroyDescriptorUpdateTemplate(dev.device, t, NULL);

	/* Bound in a command buffer, as a dispatch would use them. */
	VkPipelineLayout pl;
	const VkPipelineLayoutCreateInfo pli = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreatePipelineLayout(dev.device, &pli, NULL, &pl));
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &sets[1], 0, NULL);
	vk_cmd_submit_wait(&dev, cmd, 0);
	vkDestroyPipelineLayout(dev.device, pl, NULL);
	vkDestroyDescriptorPool(dev.device, pool, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	image_objects_destroy(&dev, &o);
	vk_dev_destroy(&dev);
}

VK_TEST(image_push_descriptors, "descriptor-image-types-push")
{
	static const char *const ext[] = { VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME };
	const struct vk_dev_options options = { .extensions = ext, .extension_count = 1 };
	VkDescriptorImageInfo ii[IMAGE_TYPE_COUNT][2];
	VkBufferView tb[IMAGE_TYPE_COUNT][2];
	VkWriteDescriptorSet w[IMAGE_TYPE_COUNT];
	struct image_objects o;
	struct vk_dev dev;
	VkPipelineLayout pl;

	vk_dev_create(&dev, &options);
	image_objects_create(&dev, &o);
	VkDescriptorSetLayout layout = image_set_layout(&dev, &o,
		VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR);
	const VkPipelineLayoutCreateInfo pli = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &layout,
	};
	VK_CHECK(vkCreatePipelineLayout(dev.device, &pli, NULL, &pl));
	for (uint32_t b = 0; b < IMAGE_TYPE_COUNT; b++)
		image_writes(&o, VK_NULL_HANDLE, ii[b], tb[b], &w[b], b);
	PFN_vkCmdPushDescriptorSetKHR push = (PFN_vkCmdPushDescriptorSetKHR)
		vk_dev_proc(&dev, "vkCmdPushDescriptorSetKHR");
	VkCommandBuffer cmd = vk_cmd_begin(&dev);
	push(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, IMAGE_TYPE_COUNT, w);
	vk_cmd_submit_wait(&dev, cmd, 0);
	vkDestroyPipelineLayout(dev.device, pl, NULL);
	vkDestroyDescriptorSetLayout(dev.device, layout, NULL);
	image_objects_destroy(&dev, &o);
	vk_dev_destroy(&dev);
}

VK_TEST(image_depth_stencil, "image-depth-stencil-planes-views")
{
	struct vk_dev dev;
	VkImageCreateInfo info = image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_D24_UNORM_S8_UINT,
					    100, 50, 1, 1, 1);
	VkMemoryRequirements req;
	VkDeviceMemory memory;
	VkImage image;

	vk_dev_create(&dev, NULL);
	if (!image_supported(&dev, &info))
		vk_test_skip("no sampled D24_UNORM_S8_UINT image");
	image = image_create_bound(&dev, &info, &memory);
	vkGetImageMemoryRequirements(dev.device, image, &req);
	REQUIRE(req.size >= 100 * 50 * 4);
	if (vk_dev_is_ember(&dev))	/* 4-byte depth in 32x32 tiles, then 1-byte stencil in 64x64 */
		REQUIRE_EQ(req.size, (4 * 2 + 2 * 1) * 4096);
	/* One view per aspect: the depth plane, and the stencil plane. */
	for (int a = 0; a < 2; a++) {
		const VkImageViewCreateInfo vi = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
			.image = image, .viewType = VK_IMAGE_VIEW_TYPE_2D,
			.format = VK_FORMAT_D24_UNORM_S8_UINT,
			.subresourceRange = {
				a ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1,
			},
		};
		VkImageView view;

		VK_CHECK(vkCreateImageView(dev.device, &vi, NULL, &view));
		vkDestroyImageView(dev.device, view, NULL);
	}
	vkDestroyImage(dev.device, image, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}

VK_TEST(image_view_cube_array, "image-view-cube-array")
{
	const struct vk_dev_options options = { .core = { .imageCubeArray = VK_TRUE } };
	VkImageCreateInfo info = image_info(VK_IMAGE_TYPE_2D, RGBA8, 16, 16, 1, 5, 12);
	struct vk_dev dev;
	VkDeviceMemory memory;
	VkImage image;

	vk_dev_create(&dev, &options);
	info.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
	if (!image_supported(&dev, &info))
		vk_test_skip("no cube-compatible RGBA8 image of 12 layers");
	image = image_create_bound(&dev, &info, &memory);
	/* Both cubes, then the second alone from layer 6, all levels then one. */
	for (int v = 0; v < 2; v++) {
		const VkImageViewCreateInfo vi = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
			.image = image, .viewType = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, .format = RGBA8,
			.subresourceRange = {
				VK_IMAGE_ASPECT_COLOR_BIT, v ? 2 : 0, v ? 1 : VK_REMAINING_MIP_LEVELS,
				v ? 6 : 0, v ? 6 : 12,
			},
		};
		VkImageView view;

		VK_CHECK(vkCreateImageView(dev.device, &vi, NULL, &view));
		vkDestroyImageView(dev.device, view, NULL);
	}
	vkDestroyImage(dev.device, image, NULL);
	vkFreeMemory(dev.device, memory, NULL);
	vk_dev_destroy(&dev);
}
