/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_IMAGE_H
#define EMBER_IMAGE_H

#include "ember_format.h"

struct ember_device_memory;
struct ember_physical_device;

/* Strictest of an image's needs: a TILED_4K image starts on a tile. */
#define EMBER_IMAGE_ALIGNMENT		EMBER_IMAGE_TILE_SIZE
#define EMBER_IMAGE_LINEAR_ALIGNMENT	EMBER_IMAGE_LAYER_PITCH_UNIT
#define EMBER_IMAGE_MAX_EXTENT_3D	2048

/**
 * struct ember_image_plane - One memory plane of an image.
 * @offset: bytes from the image's start (its bound VA).
 * @layout: where its levels and layers are (hw/image).
 */
struct ember_image_plane {
	uint64_t offset;
	struct ember_image_layout layout;
};

/**
 * struct ember_image - A VkImage.
 * @fmt: the contract's row of @format.
 * @hw_layout: EMBER_IMAGE_LAYOUT_LINEAR or _TILED_4K.
 * @modifier: its DRM format modifier (0: LINEAR).
 * @planes: the colour or depth plane, then the stencil plane of a
 *	depth/stencil format; S8_UINT's one plane is its stencil.
 * @size, @alignment: its memory requirements.
 * @memory, @va: what it is bound to, once bound.
 */
struct ember_image {
	struct ember_object base;
	VkImageType type;
	VkFormat format;
	const struct ember_image_format *fmt;
	VkImageCreateFlags flags;
	VkImageUsageFlags usage;
	VkImageTiling tiling;
	VkExtent3D extent;
	uint32_t levels, layers;
	VkSampleCountFlagBits samples;
	VkImageAspectFlags aspects;
	uint32_t hw_layout;
	uint64_t modifier;
	uint32_t plane_count;
	struct ember_image_plane planes[2];
	uint64_t size, alignment;
	struct ember_device_memory *memory;
	uint64_t va;
};

EMBER_DEFINE_HANDLE_CASTS(ember_image, base, VkImage, VK_OBJECT_TYPE_IMAGE)

/* The plane holding @aspect (one VkImageAspectFlagBits) of @image. */
const struct ember_image_plane *ember_image_plane(const struct ember_image *image,
						   VkImageAspectFlags aspect);

/*
 * The image descriptor (ember-hw.rst "Image descriptor") of the whole of
 * bound @image: every level and layer, identity swizzle, its own format,
 * the depth (or colour, or S8_UINT's) plane at va and a depth/stencil
 * format's stencil plane at stencil_va. What the copy engine names an
 * image by; a view starts from it and narrows it.
 */
void ember_image_whole_desc(const struct ember_image *image, struct ember_image_desc *d);

/* The image usages formats with @features can have (the inverse of vkCreateImage's check). */
VkImageUsageFlags ember_image_usage_for_features(VkFormatFeatureFlags2 features);

/* What vkGetPhysicalDeviceImageFormatProperties2 is asked about. */
struct ember_image_query {
	VkFormat format;
	VkImageType type;
	VkImageTiling tiling;
	VkImageUsageFlags usage;
	VkImageCreateFlags flags;
	uint64_t modifier;		/* DRM_FORMAT_MODIFIER_EXT tiling */
	const VkFormat *view_formats;	/* VkImageFormatListCreateInfo */
	uint32_t view_format_count;
};

/*
 * VK_SUCCESS and the limits of images @q describes in @props, or
 * VK_ERROR_FORMAT_NOT_SUPPORTED: the one answer to "can Ember make this
 * image" for the properties query and for vkCreateImage.
 */
VkResult ember_image_format_support(struct ember_physical_device *pdev,
				    const struct ember_image_query *q,
				    VkImageFormatProperties *props);


/**
 * struct ember_image_view - A VkImageView: its hardware descriptor, packed
 * at creation (ember-hw.rst "Image descriptor"), as CPU-order dwords.
 */
struct ember_image_view {
	struct ember_object base;
	struct ember_image *image;
	/* What rendering to it needs: VK_REMAINING_ARRAY_LAYERS resolved. */
	VkFormat format;
	VkImageAspectFlags aspects;
	uint32_t base_level, base_layer, layer_count;
	uint32_t desc[EMBER_IMAGE_DESC_DWORDS];
};

EMBER_DEFINE_HANDLE_CASTS(ember_image_view, base, VkImageView, VK_OBJECT_TYPE_IMAGE_VIEW)

/** struct ember_sampler - A VkSampler: its packed hardware descriptor. */
struct ember_sampler {
	struct ember_object base;
	uint32_t desc[EMBER_SAMPLER_DESC_DWORDS];
};

EMBER_DEFINE_HANDLE_CASTS(ember_sampler, base, VkSampler, VK_OBJECT_TYPE_SAMPLER)

/** struct ember_buffer_view - A VkBufferView: its packed texel-buffer descriptor. */
struct ember_buffer_view {
	struct ember_object base;
	uint32_t desc[EMBER_TEXEL_BUFFER_DESC_DWORDS];
};

EMBER_DEFINE_HANDLE_CASTS(ember_buffer_view, base, VkBufferView, VK_OBJECT_TYPE_BUFFER_VIEW)

#endif /* EMBER_IMAGE_H */
