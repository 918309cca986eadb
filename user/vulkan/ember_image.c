/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Images
 *
 * A VkImage is a range of a VkDeviceMemory laid out the way the device's
 * texture unit reads it: the contract's layouts (ember-hw.rst "Memory
 * layouts and format modifiers"), computed by the code the device itself
 * uses (hw/image/ember_image_layout.c), never by a copy of it here.
 *
 * - Optimal tiling is TILED_4K (DRM modifier EMBER_FORMAT_MOD_TILED_4K):
 *   the rule places every level and layer; images start on a 4 KiB tile.
 * - Linear tiling is LINEAR (DRM_FORMAT_MOD_LINEAR): colour formats, one
 *   level, one sample; rows are as short as the contract allows (width x
 *   texel bytes), layers and 3D slices start on 256-byte units.
 * - Depth/stencil formats are TILED_4K only, each aspect in its own plane:
 *   the depth plane first, then the stencil plane (1 byte per texel, a
 *   TILED_4K image of the same extent) on the next tile; S8_UINT has only
 *   its stencil plane. vkGetImageSubresourceLayout answers per aspect.
 * - Multisampled images (4 samples: the sampledImage*SampleCounts and
 *   storageImageSampleCounts) are TILED_4K, 2D, one level, colour or
 *   depth/stencil; a texel's samples follow each other, so the element the
 *   tiles hold is 4 texels' bytes, in each plane (a stencil plane's element
 *   is 4 bytes).
 * - VK_EXT_image_drm_format_modifier: a list takes TILED_4K if offered,
 *   else LINEAR; an explicit layout is taken if it is the contract's
 *   (TILED_4K: exactly the rule's pitches; LINEAR: any pitches the
 *   contract accepts), else VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_
 *   LAYOUT_EXT. Modifier images are single-plane, 2D, one level, one layer.
 *
 * What Ember reports for a format comes from ember_format.c; vkCreateImage
 * refuses what ember_image_format_support() refuses rather than trusting
 * the application.
 */

#include "ember_image.h"

#include "ember_device.h"
#include "ember_device_memory.h"
#include "ember_physical_device.h"
#include "ember_wsi.h"

#include <string.h>

#define DRM_MOD_LINEAR	0ull

static const VkImageCreateFlags supported_flags =
	VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT |
	VK_IMAGE_CREATE_ALIAS_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT |
	VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT;

/* The format features each usage needs (any one of them); any usage not here Ember has not. */
static const struct {
	VkImageUsageFlags usage;
	VkFormatFeatureFlags2 feature;
} usage_features[] = {
	{ VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT },
	{ VK_IMAGE_USAGE_TRANSFER_DST_BIT, VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT },
	{ VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT },
	{ VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT },
	{ VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT },
	{ VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
	  VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT },
	/*
	 * These only qualify an attachment (a lazily allocated render
	 * target; one read back in a later subpass): either attachment
	 * feature will do.
	 */
	{ VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
	  VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
	  VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT },
	{ VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT,
	  VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
	  VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT },
};

static bool usage_supported(VkImageUsageFlags usage, VkFormatFeatureFlags2 features)
{
	for (size_t i = 0; i < EMBER_ARRAY_SIZE(usage_features); i++) {
		if (usage & usage_features[i].usage) {
			if (!(features & usage_features[i].feature))
				return false;
			usage &= ~usage_features[i].usage;
		}
	}
	return !usage;
}

VkImageUsageFlags ember_image_usage_for_features(VkFormatFeatureFlags2 features)
{
	VkImageUsageFlags usage = 0;

	for (size_t i = 0; i < EMBER_ARRAY_SIZE(usage_features); i++)
		if (features & usage_features[i].feature)
			usage |= usage_features[i].usage;
	return usage;
}

/*
 * EXTENDED_USAGE: the usage need only be supported by a format a view may
 * take: those of the format list, else any of the same texel size (and,
 * for a BLOCK_TEXEL_VIEW_COMPATIBLE image, the uncompressed colour formats
 * of its block's size).
 */
static VkFormatFeatureFlags2 view_features(struct ember_physical_device *pdev,
					   const struct ember_image_query *q,
					   const struct ember_image_format *f,
					   enum ember_format_use use)
{
	VkFormatFeatureFlags2 features = 0;
	const struct ember_image_format *table;
	unsigned int count;

	if (q->view_format_count) {
		for (uint32_t i = 0; i < q->view_format_count; i++)
			features |= ember_format_features(pdev, q->view_formats[i], use);
		return features;
	}
	table = ember_image_format_table(&count);
	for (unsigned int i = 0; i < count; i++) {
		bool block_view = (q->flags & VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT) &&
				  !table[i].block_log2;

		if (table[i].bytes == f->bytes &&
		    (table[i].block_log2 == f->block_log2 || block_view) &&
		    ember_format_aspects(&table[i]) == ember_format_aspects(f))
			features |= ember_format_features(pdev, table[i].vk_format, use);
	}
	return features;
}

VkResult ember_image_format_support(struct ember_physical_device *pdev,
				    const struct ember_image_query *q,
				    VkImageFormatProperties *props)
{
	const struct ember_image_format *f = ember_format_get(pdev, q->format);
	uint32_t max_extent = EMBER_IMAGE_MAX_EXTENT;
	VkFormatFeatureFlags2 features, usable;
	enum ember_format_use use;
	bool linear, modifier = false, colour;

	if (!f)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	switch (q->tiling) {
	case VK_IMAGE_TILING_OPTIMAL:
		use = EMBER_FORMAT_OPTIMAL;
		break;
	case VK_IMAGE_TILING_LINEAR:
		use = EMBER_FORMAT_LINEAR;
		break;
	case VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT:
		if (q->modifier != EMBER_FORMAT_MOD_TILED_4K && q->modifier != DRM_MOD_LINEAR)
			return VK_ERROR_FORMAT_NOT_SUPPORTED;
		use = q->modifier == DRM_MOD_LINEAR ? EMBER_FORMAT_LINEAR : EMBER_FORMAT_OPTIMAL;
		modifier = true;
		break;
	default:
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	}
	linear = use == EMBER_FORMAT_LINEAR;
	colour = ember_format_aspects(f) == VK_IMAGE_ASPECT_COLOR_BIT;
	features = ember_format_features(pdev, q->format, use);
	if (!features || (q->flags & ~supported_flags))
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	usable = q->flags & VK_IMAGE_CREATE_EXTENDED_USAGE_BIT ?
		 features | view_features(pdev, q, f, use) : features;
	if (!usage_supported(q->usage, usable))
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	if ((q->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && q->type != VK_IMAGE_TYPE_2D)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	/*
	 * Block-texel views are of compressed images with mutable formats.
	 * BC images are 2D (arrays, cubes) and 3D: the device refuses 1D ones
	 * (ember-hw.rst, "Formats"), whose blocks would be 4 texels high.
	 */
	if ((q->flags & VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT) &&
	    (!f->block_log2 || !(q->flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT)))
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	if (f->block_log2 && q->type == VK_IMAGE_TYPE_1D)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	/* Depth/stencil: 1D and 2D; modifiers: 2D single-plane colour images. */
	if ((!colour && q->type == VK_IMAGE_TYPE_3D) ||
	    (modifier && (q->type != VK_IMAGE_TYPE_2D || !colour)))
		return VK_ERROR_FORMAT_NOT_SUPPORTED;

	if (q->type == VK_IMAGE_TYPE_3D)
		max_extent = EMBER_IMAGE_MAX_EXTENT_3D;
	*props = (VkImageFormatProperties) {
		.maxExtent = {
			max_extent,
			q->type == VK_IMAGE_TYPE_1D ? 1 : max_extent,
			q->type == VK_IMAGE_TYPE_3D ? max_extent : 1,
		},
		.maxMipLevels = linear || modifier ? 1 : 32 - __builtin_clz(max_extent),
		.maxArrayLayers = q->type == VK_IMAGE_TYPE_3D || modifier ? 1 :
				  EMBER_IMAGE_MAX_LAYERS,
		.sampleCounts = VK_SAMPLE_COUNT_1_BIT,
		.maxResourceSize = pdev->ws.info.max_bo_size,
	};
	/*
	 * Multisampled: tiled 2D images, colour and depth/stencil alike (each
	 * plane holds a texel's samples), storage ones too (imgld and imgst
	 * take a sample index: shaderStorageImageMultisample).
	 */
	if (!linear && !modifier && q->type == VK_IMAGE_TYPE_2D &&
	    !(q->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && !(f->usage & EMBER_IMAGE_FMT_BC))
		props->sampleCounts |= VK_SAMPLE_COUNT_4_BIT;
	return VK_SUCCESS;
}

const struct ember_image_plane *ember_image_plane(const struct ember_image *image,
						   VkImageAspectFlags aspect)
{
	/* A depth/stencil image's stencil is its second plane. */
	if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT && (image->aspects & VK_IMAGE_ASPECT_DEPTH_BIT))
		return &image->planes[1];
	return &image->planes[0];
}

void ember_image_whole_desc(const struct ember_image *image, struct ember_image_desc *d)
{
	const struct ember_image_plane *plane = &image->planes[0];
	const struct ember_image_plane *stencil = NULL;

	if (image->aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
		stencil = ember_image_plane(image, VK_IMAGE_ASPECT_STENCIL_BIT);
	*d = (struct ember_image_desc) {
		.va = image->va + plane->offset,
		.format = (uint32_t)image->format,
		/* The copy engine only asks whether the image is 3D. */
		.view_type = image->type == VK_IMAGE_TYPE_3D ? VK_IMAGE_VIEW_TYPE_3D :
			     VK_IMAGE_VIEW_TYPE_2D_ARRAY,
		.layout = (uint8_t)image->hw_layout,
		.samples_log2 = (uint8_t)__builtin_ctz((unsigned int)image->samples),
		.width = (uint16_t)image->extent.width,
		.height = (uint16_t)image->extent.height,
		.depth = (uint16_t)image->extent.depth,
		.image_layers = (uint16_t)image->layers,
		.image_levels = (uint8_t)image->levels,
		.levels = (uint8_t)image->levels,
		.layers = (uint16_t)image->layers,
		.stencil_va = stencil ? image->va + stencil->offset : 0,
	};
	if (image->hw_layout == EMBER_IMAGE_LAYOUT_LINEAR) {
		d->row_pitch = (uint32_t)plane->layout.level[0].row_pitch;
		d->layer_pitch_256b = (uint32_t)(plane->layout.layer_pitch /
						 EMBER_IMAGE_LAYER_PITCH_UNIT);
	}
}

/* Lays out plane @p from @offset: NULL or why the contract refuses it. */
static const char *layout_plane(struct ember_image *image, struct ember_image_plane *p,
				uint64_t offset, uint32_t element_bytes, uint64_t row_pitch,
				uint64_t layer_pitch)
{
	const struct ember_image_shape shape = {
		.layout = image->hw_layout,
		.element_bytes = element_bytes,
		.block_log2 = image->fmt->block_log2,
		.width = image->extent.width,
		.height = image->extent.height,
		.depth = image->extent.depth,
		.levels = image->levels,
		.layers = image->layers,
		.row_pitch = row_pitch,
		.layer_pitch = layer_pitch,
	};

	p->offset = offset;
	return ember_image_layout(&shape, &p->layout);
}

/*
 * The tiling @info asks for, as a layout and a DRM modifier; the explicit
 * plane layout of an explicit-modifier image in *@explicit.
 */
static VkResult choose_modifier(struct ember_physical_device *pdev,
				const VkImageCreateInfo *info, struct ember_image *image,
				const VkSubresourceLayout **explicit)
{
	const VkImageDrmFormatModifierListCreateInfoEXT *list =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT);
	const VkImageDrmFormatModifierExplicitCreateInfoEXT *exp =
		ember_find_struct(info->pNext,
				  VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT);

	*explicit = NULL;
	if (info->tiling != VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT) {
		bool linear = info->tiling == VK_IMAGE_TILING_LINEAR;

		image->modifier = linear ? DRM_MOD_LINEAR : EMBER_FORMAT_MOD_TILED_4K;
		return VK_SUCCESS;
	}
	if (exp) {
		if (exp->drmFormatModifierPlaneCount != 1)
			return ember_error(VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT,
					   "%u planes", exp->drmFormatModifierPlaneCount);
		image->modifier = exp->drmFormatModifier;
		*explicit = &exp->pPlaneLayouts[0];
		return VK_SUCCESS;
	}
	/* The device prefers TILED_4K. */
	for (int pass = 0; pass < 2 && list; pass++) {
		uint64_t want = pass ? DRM_MOD_LINEAR : EMBER_FORMAT_MOD_TILED_4K;

		for (uint32_t i = 0; i < list->drmFormatModifierCount; i++) {
			if (list->pDrmFormatModifiers[i] == want &&
			    ember_format_features(pdev, info->format, pass ? EMBER_FORMAT_LINEAR :
						  EMBER_FORMAT_OPTIMAL)) {
				image->modifier = want;
				return VK_SUCCESS;
			}
		}
	}
	return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "no DRM format modifier Ember has");
}

/* The explicit layout @l must be where the contract puts the image. */
static VkResult check_explicit(const struct ember_image *image, const VkSubresourceLayout *l)
{
	const struct ember_image_layout *lay = &image->planes[0].layout;

	if (image->hw_layout == EMBER_IMAGE_LAYOUT_TILED_4K &&
	    (l->offset % EMBER_IMAGE_TILE_SIZE || l->rowPitch != lay->level[0].row_pitch))
		return ember_error(VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT,
				   "TILED_4K plane at %llu, pitch %llu: the rule's pitch is %llu",
				   (unsigned long long)l->offset,
				   (unsigned long long)l->rowPitch,
				   (unsigned long long)lay->level[0].row_pitch);
	if (image->hw_layout == EMBER_IMAGE_LAYOUT_LINEAR && l->offset % image->fmt->bytes)
		return ember_error(VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT,
				   "LINEAR plane offset %llu", (unsigned long long)l->offset);
	return VK_SUCCESS;
}

/* Fills @image from @info; what vkCreateImage and the maintenance4 queries share. */
static VkResult image_init(struct ember_device *device, const VkImageCreateInfo *info,
			   struct ember_image *image)
{
	struct ember_physical_device *pdev = device->pdev;
	const VkImageFormatListCreateInfo *list =
		ember_find_struct(info->pNext, VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO);
	const VkImageStencilUsageCreateInfo *stencil_usage =
		ember_find_struct(info->pNext, VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO);
	const VkSubresourceLayout *explicit;
	struct ember_image_query q;
	VkImageFormatProperties props;
	uint64_t row_pitch = 0, layer_pitch = 0, end;
	uint32_t element;
	const char *why;
	VkResult result;

	image->type = info->imageType;
	image->format = info->format;
	image->flags = info->flags;
	image->usage = info->usage | (stencil_usage ? stencil_usage->stencilUsage : 0);
	image->tiling = info->tiling;
	image->extent = info->extent;
	image->levels = info->mipLevels;
	image->layers = info->arrayLayers;
	image->samples = info->samples;
	result = choose_modifier(pdev, info, image, &explicit);
	if (result != VK_SUCCESS)
		return result;
	q = (struct ember_image_query) {
		.format = info->format, .type = info->imageType, .tiling = info->tiling,
		.usage = image->usage, .flags = info->flags, .modifier = image->modifier,
		.view_formats = list ? list->pViewFormats : NULL,
		.view_format_count = list ? list->viewFormatCount : 0,
	};
	/* Invalid usage to ask, but never a crash: refused like an unknown format. */
	if (ember_image_format_support(pdev, &q, &props) != VK_SUCCESS ||
	    !(props.sampleCounts & info->samples) || info->mipLevels > props.maxMipLevels ||
	    info->arrayLayers > props.maxArrayLayers)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY,
				   "format %d, type %d, tiling %d, usage %#x, flags %#x, %u samples: not supported",
				   info->format, info->imageType, info->tiling, image->usage,
				   info->flags, info->samples);
	image->fmt = ember_format_get(pdev, info->format);
	image->aspects = ember_format_aspects(image->fmt);
	image->hw_layout = image->modifier == DRM_MOD_LINEAR ? EMBER_IMAGE_LAYOUT_LINEAR :
			   EMBER_IMAGE_LAYOUT_TILED_4K;
	image->alignment = image->hw_layout == EMBER_IMAGE_LAYOUT_LINEAR ?
			   EMBER_IMAGE_LINEAR_ALIGNMENT : EMBER_IMAGE_ALIGNMENT;
	if (explicit && image->hw_layout == EMBER_IMAGE_LAYOUT_LINEAR) {
		row_pitch = explicit->rowPitch;
		layer_pitch = image->layers > 1 ? explicit->arrayPitch : 0;
	}
	image->plane_count = image->aspects == (VK_IMAGE_ASPECT_DEPTH_BIT |
						VK_IMAGE_ASPECT_STENCIL_BIT) ? 2 : 1;
	/* S8_UINT alone is its 1-byte stencil plane. */
	element = (image->aspects == VK_IMAGE_ASPECT_STENCIL_BIT ? 1 : image->fmt->bytes) *
		  (uint32_t)info->samples;
	why = layout_plane(image, &image->planes[0], explicit ? explicit->offset : 0, element,
			   row_pitch, layer_pitch);
	if (why)
		return ember_error(explicit ? VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT :
				   VK_ERROR_OUT_OF_HOST_MEMORY, "image layout: %s", why);
	if (explicit) {
		result = check_explicit(image, explicit);
		if (result != VK_SUCCESS)
			return result;
	}
	end = image->planes[0].offset + image->planes[0].layout.size;
	if (image->plane_count == 2) {
		why = layout_plane(image, &image->planes[1],
				   ember_align64(end, EMBER_IMAGE_TILE_SIZE),
				   (uint32_t)info->samples, 0, 0);
		if (why)
			return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "stencil plane: %s", why);
		end = image->planes[1].offset + image->planes[1].layout.size;
	}
	image->size = ember_align64(end, image->alignment);
	if (image->size > device->ws.info.max_bo_size)
		return ember_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "image of %llu bytes",
				   (unsigned long long)image->size);
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateImage(VkDevice _device, const VkImageCreateInfo *pCreateInfo,
		  const VkAllocationCallbacks *pAllocator, VkImage *pImage)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_image *image;
	VkResult result;

	image = ember_object_alloc(device, pAllocator, sizeof(*image), VK_OBJECT_TYPE_IMAGE);
	if (!image)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "image");
	result = image_init(device, pCreateInfo, image);
	if (result != VK_SUCCESS) {
		ember_object_free(device, pAllocator, image);
		return result;
	}
	*pImage = ember_image_to_handle(image);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyImage(VkDevice _device, VkImage _image, const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_image, image, _image);

	if (image)
		ember_object_free(device, pAllocator, image);
}

static void image_memory_requirements(const struct ember_image *image,
				      VkMemoryRequirements2 *reqs)
{
	reqs->memoryRequirements = (VkMemoryRequirements) {
		.size = image->size,
		.alignment = image->alignment,
		.memoryTypeBits = (1u << EMBER_MEMORY_TYPE_COUNT) - 1,
	};
	ember_foreach_struct_out(s, reqs->pNext) {
		if (s->sType == VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS) {
			VkMemoryDedicatedRequirements *dedicated = (void *)s;

			/* Memory is memory: an image shares an allocation as well as a buffer. */
			dedicated->prefersDedicatedAllocation = VK_FALSE;
			dedicated->requiresDedicatedAllocation = VK_FALSE;
		}
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageMemoryRequirements2(VkDevice _device, const VkImageMemoryRequirementsInfo2 *pInfo,
				  VkMemoryRequirements2 *pMemoryRequirements)
{
	image_memory_requirements(ember_image_from_handle(pInfo->image), pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageMemoryRequirements(VkDevice _device, VkImage image,
				 VkMemoryRequirements *pMemoryRequirements)
{
	VkMemoryRequirements2 reqs = { .sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2 };

	image_memory_requirements(ember_image_from_handle(image), &reqs);
	*pMemoryRequirements = reqs.memoryRequirements;
}

/* maintenance4: the requirements an image created with pCreateInfo would have. */
VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceImageMemoryRequirements(VkDevice _device, const VkDeviceImageMemoryRequirements *pInfo,
				       VkMemoryRequirements2 *pMemoryRequirements)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	struct ember_image image = { 0 };

	if (image_init(device, pInfo->pCreateInfo, &image) != VK_SUCCESS) {
		/* Not an image Ember can create (invalid usage): nothing fits it. */
		pMemoryRequirements->memoryRequirements = (VkMemoryRequirements) { 0 };
		return;
	}
	image_memory_requirements(&image, pMemoryRequirements);
}

/* No sparse residency: no image has sparse requirements. */
VKAPI_ATTR void VKAPI_CALL
ember_GetDeviceImageSparseMemoryRequirements(VkDevice _device,
					     const VkDeviceImageMemoryRequirements *pInfo,
					     uint32_t *pSparseMemoryRequirementCount,
					     VkSparseImageMemoryRequirements2 *pSparseMemoryRequirements)
{
	*pSparseMemoryRequirementCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageSparseMemoryRequirements2(VkDevice _device,
					const VkImageSparseMemoryRequirementsInfo2 *pInfo,
					uint32_t *pSparseMemoryRequirementCount,
					VkSparseImageMemoryRequirements2 *pSparseMemoryRequirements)
{
	*pSparseMemoryRequirementCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageSparseMemoryRequirements(VkDevice _device, VkImage image,
				       uint32_t *pSparseMemoryRequirementCount,
				       VkSparseImageMemoryRequirements *pSparseMemoryRequirements)
{
	*pSparseMemoryRequirementCount = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_BindImageMemory2(VkDevice _device, uint32_t bindInfoCount,
		       const VkBindImageMemoryInfo *pBindInfos)
{
	for (uint32_t i = 0; i < bindInfoCount; i++) {
		EMBER_FROM_HANDLE(ember_image, image, pBindInfos[i].image);
		EMBER_FROM_HANDLE(ember_device_memory, mem, pBindInfos[i].memory);
		const VkBindImageMemorySwapchainInfoKHR *swapchain =
			ember_find_struct(pBindInfos[i].pNext,
					  VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_SWAPCHAIN_INFO_KHR);
		VkDeviceSize offset = pBindInfos[i].memoryOffset;

		/* An image made like a swapchain's shares that image's memory. */
		if (swapchain && swapchain->swapchain) {
			mem = ember_swapchain_image_memory(swapchain->swapchain,
							   swapchain->imageIndex);
			offset = 0;
		}
		image->memory = mem;
		image->va = ember_memory_bind(mem, offset, pBindInfos[i].pNext);
	}
	return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_BindImageMemory(VkDevice _device, VkImage image, VkDeviceMemory memory,
		      VkDeviceSize memoryOffset)
{
	const VkBindImageMemoryInfo info = {
		.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
		.image = image,
		.memory = memory,
		.memoryOffset = memoryOffset,
	};

	return ember_BindImageMemory2(_device, 1, &info);
}

static void subresource_layout(const struct ember_image *image, const VkImageSubresource *sub,
			       VkSubresourceLayout *layout)
{
	/* MEMORY_PLANE_0 of a modifier image is its only plane. */
	const struct ember_image_plane *p = ember_image_plane(image, sub->aspectMask);
	const struct ember_image_level_layout *lv;
	uint32_t level = EMBER_MIN(sub->mipLevel, image->levels - 1);

	lv = &p->layout.level[level];
	*layout = (VkSubresourceLayout) {
		.offset = p->offset + lv->offset + (uint64_t)sub->arrayLayer * p->layout.layer_pitch,
		.size = lv->size,
		.rowPitch = lv->row_pitch,
		.arrayPitch = p->layout.layer_pitch,
		.depthPitch = lv->depth_pitch,
	};
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageSubresourceLayout(VkDevice _device, VkImage _image,
				const VkImageSubresource *pSubresource, VkSubresourceLayout *pLayout)
{
	subresource_layout(ember_image_from_handle(_image), pSubresource, pLayout);
}

VKAPI_ATTR void VKAPI_CALL
ember_GetImageSubresourceLayout2(VkDevice _device, VkImage _image,
				 const VkImageSubresource2 *pSubresource,
				 VkSubresourceLayout2 *pLayout)
{
	subresource_layout(ember_image_from_handle(_image), &pSubresource->imageSubresource,
			   &pLayout->subresourceLayout);
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_GetImageDrmFormatModifierPropertiesEXT(VkDevice _device, VkImage _image,
					     VkImageDrmFormatModifierPropertiesEXT *pProperties)
{
	EMBER_FROM_HANDLE(ember_image, image, _image);

	pProperties->drmFormatModifier = image->modifier;
	return VK_SUCCESS;
}
