/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Blits and resolves
 *
 * vkCmdBlitImage is one BLIT packet per region and aspect: the device
 * samples the source through its texture unit (nearest, or linear with
 * BLIT_LINEAR), with the specification's scaling and mirroring (reversed
 * offsets), and converts to the destination's format, sRGB included
 * (ember-hw.rst "Copies, blits and clears of images"). The packet's bounds
 * are VkImageBlit's offsets, with z a 3D image's slices or, for any other
 * image, the layers of its subresource: the device takes layer
 * floor(w) of such a source, so equal layer counts on both sides map
 * layer to layer, as Vulkan wants.
 *
 * vkCmdResolveImage is one RESOLVE packet per region: the mean of a
 * texel's samples (sample 0 of integer formats), COPY_IMAGE's payload.
 */

#include "ember_cmd_image.h"

#include "ember_packets.h"

/* A side's bounds in the packet: x0, y0, z0, x1, y1, z1. */
static void blit_bounds(const struct ember_image *image, const VkImageSubresourceLayers *sub,
			const VkOffset3D offsets[2], uint32_t bounds[6])
{
	bounds[0] = (uint32_t)offsets[0].x;
	bounds[1] = (uint32_t)offsets[0].y;
	bounds[3] = (uint32_t)offsets[1].x;
	bounds[4] = (uint32_t)offsets[1].y;
	if (image->type == VK_IMAGE_TYPE_3D) {
		bounds[2] = (uint32_t)offsets[0].z;
		bounds[5] = (uint32_t)offsets[1].z;
		return;
	}
	bounds[2] = sub->baseArrayLayer;
	bounds[5] = sub->baseArrayLayer +
		    ember_image_remaining(sub->layerCount, sub->baseArrayLayer, image->layers);
}

static void emit_blit(struct ember_cmd_buffer *cmd, const struct ember_image_pair *pair,
		      const VkImageBlit2 *r, VkFilter filter)
{
	VkImageAspectFlags src_aspects = r->srcSubresource.aspectMask;
	VkImageAspectFlags dst_aspects = r->dstSubresource.aspectMask;
	struct ember_upkt_blit pkt = {
		.flags = filter == VK_FILTER_LINEAR ? EMBER_BLIT_LINEAR : 0,
		.src = pair->src_desc, .dst = pair->dst_desc,
		.src_level = (uint8_t)r->srcSubresource.mipLevel,
		.dst_level = (uint8_t)r->dstSubresource.mipLevel,
	};

	blit_bounds(pair->src, &r->srcSubresource, r->srcOffsets, pkt.src_bounds);
	blit_bounds(pair->dst, &r->dstSubresource, r->dstOffsets, pkt.dst_bounds);
	while (src_aspects && dst_aspects) {
		uint32_t *p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_BLIT_LEN);

		if (!p)
			return;
		pkt.src_aspect = (uint8_t)ember_image_next_aspect(&src_aspects);
		pkt.dst_aspect = (uint8_t)ember_image_next_aspect(&dst_aspects);
		ember_upkt_blit_pack(p, &pkt);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBlitImage2(VkCommandBuffer commandBuffer, const VkBlitImageInfo2 *pBlitImageInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkBlitImageInfo2 *info = pBlitImageInfo;
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, info->srcImage, info->dstImage, &pair))
		return;
	for (uint32_t i = 0; i < info->regionCount; i++)
		emit_blit(cmd, &pair, &info->pRegions[i], info->filter);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdBlitImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcImageLayout,
		   VkImage dstImage, VkImageLayout dstImageLayout, uint32_t regionCount,
		   const VkImageBlit *pRegions, VkFilter filter)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, srcImage, dstImage, &pair))
		return;
	for (uint32_t i = 0; i < regionCount; i++) {
		const VkImageBlit *b = &pRegions[i];
		const VkImageBlit2 r = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
			.srcSubresource = b->srcSubresource,
			.srcOffsets = { b->srcOffsets[0], b->srcOffsets[1] },
			.dstSubresource = b->dstSubresource,
			.dstOffsets = { b->dstOffsets[0], b->dstOffsets[1] },
		};

		emit_blit(cmd, &pair, &r, filter);
	}
}

static VkImageCopy2 resolve_as_copy(const VkImageSubresourceLayers *src_sub, VkOffset3D src_offset,
				    const VkImageSubresourceLayers *dst_sub, VkOffset3D dst_offset,
				    VkExtent3D extent)
{
	return (VkImageCopy2) {
		.sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
		.srcSubresource = *src_sub, .srcOffset = src_offset,
		.dstSubresource = *dst_sub, .dstOffset = dst_offset,
		.extent = extent,
	};
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdResolveImage2(VkCommandBuffer commandBuffer, const VkResolveImageInfo2 *pResolveImageInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkResolveImageInfo2 *info = pResolveImageInfo;
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, info->srcImage, info->dstImage, &pair))
		return;
	for (uint32_t i = 0; i < info->regionCount; i++) {
		const VkImageResolve2 *r = &info->pRegions[i];
		const VkImageCopy2 c = resolve_as_copy(&r->srcSubresource, r->srcOffset,
						       &r->dstSubresource, r->dstOffset, r->extent);

		ember_cmd_image_to_image(cmd, &pair, &c, EMBER_UPKT_RESOLVE);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdResolveImage(VkCommandBuffer commandBuffer, VkImage srcImage,
		      VkImageLayout srcImageLayout, VkImage dstImage,
		      VkImageLayout dstImageLayout, uint32_t regionCount,
		      const VkImageResolve *pRegions)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, srcImage, dstImage, &pair))
		return;
	for (uint32_t i = 0; i < regionCount; i++) {
		const VkImageResolve *r = &pRegions[i];
		const VkImageCopy2 c = resolve_as_copy(&r->srcSubresource, r->srcOffset,
						       &r->dstSubresource, r->dstOffset, r->extent);

		ember_cmd_image_to_image(cmd, &pair, &c, EMBER_UPKT_RESOLVE);
	}
}
