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
 */

#include "ember_image.h"

#include "ember_device.h"

static uint32_t resolve_count(uint32_t count, uint32_t base, uint32_t total)
{
	return count == VK_REMAINING_MIP_LEVELS ? total - base : count;
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
	struct ember_image_view *view;
	struct ember_image_desc d;
	bool stencil = range->aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT;

	view = ember_object_alloc(device, pAllocator, sizeof(*view), VK_OBJECT_TYPE_IMAGE_VIEW);
	if (!view)
		return ember_error(VK_ERROR_OUT_OF_HOST_MEMORY, "image view");
	view->image = image;
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
