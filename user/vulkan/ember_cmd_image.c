/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: What the image transfer commands share
 *
 * The copy engine's image packets name an image by the GPU VA of a
 * 64-byte descriptor of the whole image (ember-hw.rst "Copies, blits and
 * clears of images"). The descriptor is written into the command buffer's
 * own data memory (ember_cmd_alloc_data(), where push descriptors and
 * vkCmdUpdateBuffer's data live) when the command is recorded: it lives
 * exactly as long as the recording may still execute, and an image bound
 * later to other memory (aliasing) is described as it was when recorded.
 */

#include "ember_cmd_image.h"

#include "ember_packets.h"

#include <string.h>

/* The contract wants descriptors 16-byte aligned. */
#define EMBER_IMAGE_DESC_ALIGN	16

uint64_t ember_cmd_image_desc_as(struct ember_cmd_buffer *cmd, const struct ember_image *image,
				 VkFormat format)
{
	uint32_t dw[EMBER_IMAGE_DESC_DWORDS];
	struct ember_image_desc d;
	uint64_t va;
	void *map;

	map = ember_cmd_alloc_data(cmd, sizeof(dw), EMBER_IMAGE_DESC_ALIGN, &va);
	if (!map)
		return 0;
	ember_image_whole_desc(image, &d);
	d.format = (uint32_t)format;
	ember_image_desc_pack(dw, &d);
	memcpy(map, dw, sizeof(dw));
	return va;
}

uint64_t ember_cmd_image_desc(struct ember_cmd_buffer *cmd, const struct ember_image *image)
{
	return ember_cmd_image_desc_as(cmd, image, image->format);
}

uint32_t ember_image_remaining(uint32_t count, uint32_t base, uint32_t total)
{
	/* VK_REMAINING_MIP_LEVELS and VK_REMAINING_ARRAY_LAYERS are the same ~0U. */
	return count == VK_REMAINING_ARRAY_LAYERS ? total - base : count;
}

void ember_image_region_z(const struct ember_image *image, const VkImageSubresourceLayers *sub,
			  int32_t offset_z, uint32_t depth, uint32_t *z, uint32_t *count)
{
	if (image->type == VK_IMAGE_TYPE_3D) {
		*z = (uint32_t)offset_z;
		*count = depth;
		return;
	}
	*z = sub->baseArrayLayer;
	*count = ember_image_remaining(sub->layerCount, sub->baseArrayLayer, image->layers);
}

VkImageAspectFlags ember_image_next_aspect(VkImageAspectFlags *mask)
{
	VkImageAspectFlags bit = *mask & -*mask;

	*mask &= ~bit;
	return bit;
}

bool ember_cmd_image_pair(struct ember_cmd_buffer *cmd, VkImage src, VkImage dst,
			  struct ember_image_pair *pair)
{
	pair->src = ember_image_from_handle(src);
	pair->dst = ember_image_from_handle(dst);
	pair->src_desc = ember_cmd_image_desc(cmd, pair->src);
	pair->dst_desc = pair->src_desc ? ember_cmd_image_desc(cmd, pair->dst) : 0;
	return pair->dst_desc != 0;
}

void ember_cmd_image_to_image(struct ember_cmd_buffer *cmd, const struct ember_image_pair *pair,
			      const VkImageCopy2 *r, uint32_t opcode)
{
	VkImageAspectFlags src_aspects = r->srcSubresource.aspectMask;
	VkImageAspectFlags dst_aspects = r->dstSubresource.aspectMask;
	uint32_t src_z, dst_z, count;

	ember_image_region_z(pair->src, &r->srcSubresource, r->srcOffset.z, r->extent.depth,
			     &src_z, &count);
	ember_image_region_z(pair->dst, &r->dstSubresource, r->dstOffset.z, r->extent.depth,
			     &dst_z, &(uint32_t){ 0 });
	/* A 3D side's slices pair with the other side's layers: extent.depth of them. */
	if (pair->dst->type == VK_IMAGE_TYPE_3D)
		count = r->extent.depth;
	/* Depth and stencil of one region are two planes: a packet each, in step. */
	while (src_aspects && dst_aspects) {
		VkImageAspectFlags src_aspect = ember_image_next_aspect(&src_aspects);
		VkImageAspectFlags dst_aspect = ember_image_next_aspect(&dst_aspects);
		uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_IMAGE_LEN);

		if (!p)
			return;
		ember_upkt_copy_image_pack(p, &(struct ember_upkt_copy_image) {
			.src = pair->src_desc, .dst = pair->dst_desc,
			.src_level = (uint8_t)r->srcSubresource.mipLevel,
			.src_aspect = (uint8_t)src_aspect,
			.dst_level = (uint8_t)r->dstSubresource.mipLevel,
			.dst_aspect = (uint8_t)dst_aspect,
			.src_offset = { (uint32_t)r->srcOffset.x, (uint32_t)r->srcOffset.y, src_z },
			.dst_offset = { (uint32_t)r->dstOffset.x, (uint32_t)r->dstOffset.y, dst_z },
			.extent = { r->extent.width, r->extent.height, count },
		});
		p[0] = EMBER_PKT(opcode, 0, EMBER_UPKT_COPY_IMAGE_LEN);
	}
}
