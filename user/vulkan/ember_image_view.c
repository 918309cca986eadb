/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Image views
 *
 * A view is its 64-byte image descriptor (ember-hw.rst "Image
 * descriptor"), packed once at creation with the contract's generated
 * helper, and copied into descriptor sets by updates. Every field with a
 * Vulkan meaning has the Vulkan value (format, view type, swizzles), so
 * packing is copying; the image's extent, levels, layers and pitches place
 * its memory, the view's subresource range selects from it.
 *
 * Aspects: a colour view reads the image's one plane; a depth view of a
 * depth/stencil image reads the depth plane (va) and a stencil view the
 * stencil plane (the stencil bit, stencil_va); S8_UINT's only plane is
 * its stencil plane, so there va and stencil_va are both that plane.
 * MUTABLE_FORMAT views take their own format (any of the image's texel
 * size: the layout depends on the size only). The image must be bound
 * (the specification requires it of a view), so the VA is known here.
 *
 * Block-texel views (VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT): an
 * uncompressed view of a BC image, of the block's size, sees each 4x4
 * block as one texel. Its one level and one layer (the specification
 * allows no more) are described as an image of their own: at the
 * subresource's start, one level whose extent is the level's block
 * count (and a 3D level's depth). The element size is the block's, so that image's tiles and rows
 * are exactly the BC level's; a whole-image descriptor of block extents
 * could not say it, since halving a block count is not the block count of
 * the halved level (a 20-texel-wide level 0 has 5 blocks, level 1 has 3).
 */

#include "ember_image.h"

#include "ember_device.h"

static uint32_t resolve_count(uint32_t count, uint32_t base, uint32_t total)
{
	return count == VK_REMAINING_MIP_LEVELS ? total - base : count;
}

/* @d, a view of one level and layer of BC @image, as an image of its blocks. */
static void narrow_to_blocks(const struct ember_image *image, const struct ember_image_plane *plane,
			     struct ember_image_desc *d)
{
	const struct ember_image_level_layout *lv = &plane->layout.level[d->base_level];
	uint32_t block = 1u << image->fmt->block_log2;

	d->va += lv->offset + (uint64_t)d->base_layer * plane->layout.layer_pitch;
	d->width = (uint16_t)((ember_image_minify(image->extent.width, d->base_level) + block - 1) /
			      block);
	d->height = (uint16_t)((ember_image_minify(image->extent.height, d->base_level) +
				block - 1) / block);
	d->depth = (uint16_t)ember_image_minify(image->extent.depth, d->base_level);
	d->image_levels = 1;
	d->image_layers = 1;
	d->base_level = 0;
	d->levels = 1;
	d->base_layer = 0;
	d->layers = 1;
}

VKAPI_ATTR VkResult VKAPI_CALL
ember_CreateImageView(VkDevice _device, const VkImageViewCreateInfo *pCreateInfo,
		      const VkAllocationCallbacks *pAllocator, VkImageView *pView)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_image, image, pCreateInfo->image);
	const VkImageSubresourceRange *range = &pCreateInfo->subresourceRange;
	const VkComponentMapping *c = &pCreateInfo->components;
	const struct ember_image_plane *plane;
	const struct ember_image_format *view_fmt;
	struct ember_image_view *view;
	struct ember_image_desc d;
	bool stencil = range->aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT;

	view = ember_object_alloc(device, pAllocator, sizeof(*view), VK_OBJECT_TYPE_IMAGE_VIEW);
	if (!view)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "image view");
	view->image = image;
	view->format = pCreateInfo->format;
	view->aspects = range->aspectMask;
	view->base_level = range->baseMipLevel;
	view->base_layer = range->baseArrayLayer;
	view->layer_count = resolve_count(range->layerCount, range->baseArrayLayer,
					  image->layers);
	/* A stencil view of a depth/stencil image reads its stencil plane. */
	plane = ember_image_plane(image, stencil ? VK_IMAGE_ASPECT_STENCIL_BIT :
				  VK_IMAGE_ASPECT_DEPTH_BIT);
	ember_image_whole_desc(image, &d);
	d.va = image->va + plane->offset;
	d.format = (uint32_t)pCreateInfo->format;
	d.view_type = (uint8_t)pCreateInfo->viewType;
	d.stencil = stencil;
	d.swizzle_r = (uint8_t)c->r;
	d.swizzle_g = (uint8_t)c->g;
	d.swizzle_b = (uint8_t)c->b;
	d.swizzle_a = (uint8_t)c->a;
	d.base_level = (uint8_t)range->baseMipLevel;
	d.levels = (uint8_t)resolve_count(range->levelCount, range->baseMipLevel, image->levels);
	d.base_layer = (uint16_t)range->baseArrayLayer;
	d.layers = (uint16_t)resolve_count(range->layerCount, range->baseArrayLayer,
					   image->layers);
	view_fmt = ember_image_format_get(d.format);
	if (image->fmt->block_log2 && view_fmt && !view_fmt->block_log2)
		narrow_to_blocks(image, plane, &d);
	ember_image_desc_pack(view->desc, &d);
	*pView = ember_image_view_to_handle(view);
	return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
ember_DestroyImageView(VkDevice _device, VkImageView imageView,
		       const VkAllocationCallbacks *pAllocator)
{
	EMBER_FROM_HANDLE(ember_device, device, _device);
	EMBER_FROM_HANDLE(ember_image_view, view, imageView);

	if (view)
		ember_object_free(device, pAllocator, view);
}
