/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Clears of images
 *
 * vkCmdClearColorImage and vkCmdClearDepthStencilImage are one
 * CLEAR_COLOR or CLEAR_DEPTH_STENCIL packet per mip level of each
 * subresource range: the whole level, all its slices for a 3D image, the
 * range's layers for any other (VK_REMAINING_* resolved here). The clear
 * value goes to the device as the application gave it: the
 * VkClearColorValue's four dwords, which the device reads as floats,
 * uint32 or int32 by the format's class and converts to the format
 * (ember-hw.rst "Copies, blits and clears of images"), and the depth's
 * binary32 bits with the stencil value.
 */

#include "ember_cmd_image.h"

#include "ember_packets.h"

#include <string.h>

/* Level @level of @range in @image: the region a clear packet covers. */
static void level_region(const struct ember_image *image, const VkImageSubresourceRange *range,
			 uint32_t level, uint32_t offset[3], uint32_t extent[3])
{
	offset[0] = 0;
	offset[1] = 0;
	extent[0] = EMBER_MAX(image->extent.width >> level, 1u);
	extent[1] = EMBER_MAX(image->extent.height >> level, 1u);
	if (image->type == VK_IMAGE_TYPE_3D) {
		offset[2] = 0;
		extent[2] = EMBER_MAX(image->extent.depth >> level, 1u);
		return;
	}
	offset[2] = range->baseArrayLayer;
	extent[2] = ember_image_remaining(range->layerCount, range->baseArrayLayer, image->layers);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdClearColorImage(VkCommandBuffer commandBuffer, VkImage _image, VkImageLayout imageLayout,
			 const VkClearColorValue *pColor, uint32_t rangeCount,
			 const VkImageSubresourceRange *pRanges)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_image, image, _image);
	uint64_t desc = ember_cmd_image_desc(cmd, image);
	struct ember_upkt_clear_color pkt = { .image = desc, .aspect = EMBER_ASPECT_COLOR };

	memcpy(pkt.value, pColor->uint32, sizeof(pkt.value));
	for (uint32_t i = 0; i < rangeCount && desc; i++) {
		const VkImageSubresourceRange *range = &pRanges[i];
		uint32_t levels = ember_image_remaining(range->levelCount, range->baseMipLevel,
							image->levels);

		for (uint32_t level = range->baseMipLevel;
		     level < range->baseMipLevel + levels; level++) {
			uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_CLEAR_COLOR_LEN);

			if (!p)
				return;
			pkt.level = (uint8_t)level;
			level_region(image, range, level, pkt.offset, pkt.extent);
			ember_upkt_clear_color_pack(p, &pkt);
		}
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdClearDepthStencilImage(VkCommandBuffer commandBuffer, VkImage _image,
				VkImageLayout imageLayout,
				const VkClearDepthStencilValue *pDepthStencil,
				uint32_t rangeCount, const VkImageSubresourceRange *pRanges)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	EMBER_FROM_HANDLE(ember_image, image, _image);
	uint64_t desc = ember_cmd_image_desc(cmd, image);
	struct ember_upkt_clear_depth_stencil pkt = {
		.image = desc, .stencil = pDepthStencil->stencil,
	};

	memcpy(&pkt.depth, &pDepthStencil->depth, sizeof(pkt.depth));
	for (uint32_t i = 0; i < rangeCount && desc; i++) {
		const VkImageSubresourceRange *range = &pRanges[i];
		uint32_t levels = ember_image_remaining(range->levelCount, range->baseMipLevel,
							image->levels);

		/* Both aspects of a level in one packet: the device clears each plane. */
		pkt.aspect = (uint8_t)(range->aspectMask & image->aspects);
		for (uint32_t level = range->baseMipLevel;
		     level < range->baseMipLevel + levels && pkt.aspect; level++) {
			uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_CLEAR_DEPTH_STENCIL_LEN);

			if (!p)
				return;
			pkt.level = (uint8_t)level;
			level_region(image, range, level, pkt.offset, pkt.extent);
			ember_upkt_clear_depth_stencil_pack(p, &pkt);
		}
	}
}
