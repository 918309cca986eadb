/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Copies between buffers and images, and between images
 *
 * vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer and vkCmdCopyImage (and
 * their 2 forms) are one copy-engine packet per region and aspect:
 * COPY_BUFFER_IMAGE and COPY_IMAGE (ember-hw.rst "Copies, blits and
 * clears of images"). The device copies bytes, a plane at a time, and its
 * buffer layout is the specification's: bufferRowLength and
 * bufferImageHeight in texels (0: tightly packed), layers or 3D slices one
 * image height apart, a depth aspect as its plane's texels (D16: 2 bytes,
 * the D24 formats: 32-bit words with the depth in bits 0-23, D32: floats)
 * and a stencil aspect as bytes. Copies between images pair the planes of
 * each aspect the region names; a 3D image's slices pair with the other
 * image's layers. Every field of a region is 32 bits wide in the packet,
 * as in Vulkan, so no region needs splitting.
 */

#include "ember_cmd_image.h"

#include "ember_buffer.h"
#include "ember_packets.h"

/* One region of a buffer/image copy, either form. */
static void emit_buffer_image(struct ember_cmd_buffer *cmd, struct ember_buffer *buffer,
			      struct ember_image *image, uint64_t desc,
			      const VkBufferImageCopy2 *r, bool to_buffer)
{
	const VkImageSubresourceLayers *sub = &r->imageSubresource;
	uint32_t z, count;
	uint32_t *p;

	ember_image_region_z(image, sub, r->imageOffset.z, r->imageExtent.depth, &z, &count);
	p = ember_cmd_emit(cmd, 1 + EMBER_UPKT_COPY_BUFFER_IMAGE_LEN);
	if (!p)
		return;
	ember_upkt_copy_buffer_image_pack(p, &(struct ember_upkt_copy_buffer_image) {
		.flags = to_buffer ? EMBER_IMAGE_TO_BUFFER : 0,
		.buffer = ember_buffer_address(buffer, r->bufferOffset),
		.row_length = r->bufferRowLength,
		.image_height = r->bufferImageHeight,
		.image = desc,
		.level = (uint8_t)sub->mipLevel,
		/* One aspect per region (the specification); its bit is the packet's. */
		.aspect = (uint8_t)sub->aspectMask,
		.offset = { (uint32_t)r->imageOffset.x, (uint32_t)r->imageOffset.y, z },
		.extent = { r->imageExtent.width, r->imageExtent.height, count },
	});
}

static VkBufferImageCopy2 region2(const VkBufferImageCopy *r)
{
	return (VkBufferImageCopy2) {
		.sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
		.bufferOffset = r->bufferOffset,
		.bufferRowLength = r->bufferRowLength,
		.bufferImageHeight = r->bufferImageHeight,
		.imageSubresource = r->imageSubresource,
		.imageOffset = r->imageOffset,
		.imageExtent = r->imageExtent,
	};
}

/* The 1.0 forms, either direction. */
static void copy_buffer_image_1(struct ember_cmd_buffer *cmd, VkBuffer _buffer, VkImage _image,
				uint32_t count, const VkBufferImageCopy *regions, bool to_buffer)
{
	struct ember_buffer *buffer = ember_buffer_from_handle(_buffer);
	struct ember_image *image = ember_image_from_handle(_image);
	uint64_t desc = ember_cmd_image_desc(cmd, image);

	for (uint32_t i = 0; i < count && desc; i++) {
		const VkBufferImageCopy2 r = region2(&regions[i]);

		emit_buffer_image(cmd, buffer, image, desc, &r, to_buffer);
	}
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyBufferToImage2(VkCommandBuffer commandBuffer,
			    const VkCopyBufferToImageInfo2 *pCopyBufferToImageInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkCopyBufferToImageInfo2 *info = pCopyBufferToImageInfo;
	struct ember_buffer *buffer = ember_buffer_from_handle(info->srcBuffer);
	struct ember_image *image = ember_image_from_handle(info->dstImage);
	uint64_t desc = ember_cmd_image_desc(cmd, image);

	for (uint32_t i = 0; i < info->regionCount && desc; i++)
		emit_buffer_image(cmd, buffer, image, desc, &info->pRegions[i], false);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyBufferToImage(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkImage dstImage,
			   VkImageLayout dstImageLayout, uint32_t regionCount,
			   const VkBufferImageCopy *pRegions)
{
	copy_buffer_image_1(ember_cmd_buffer_from_handle(commandBuffer), srcBuffer, dstImage,
			    regionCount, pRegions, false);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyImageToBuffer2(VkCommandBuffer commandBuffer,
			    const VkCopyImageToBufferInfo2 *pCopyImageToBufferInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkCopyImageToBufferInfo2 *info = pCopyImageToBufferInfo;
	struct ember_buffer *buffer = ember_buffer_from_handle(info->dstBuffer);
	struct ember_image *image = ember_image_from_handle(info->srcImage);
	uint64_t desc = ember_cmd_image_desc(cmd, image);

	for (uint32_t i = 0; i < info->regionCount && desc; i++)
		emit_buffer_image(cmd, buffer, image, desc, &info->pRegions[i], true);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyImageToBuffer(VkCommandBuffer commandBuffer, VkImage srcImage,
			   VkImageLayout srcImageLayout, VkBuffer dstBuffer, uint32_t regionCount,
			   const VkBufferImageCopy *pRegions)
{
	copy_buffer_image_1(ember_cmd_buffer_from_handle(commandBuffer), dstBuffer, srcImage,
			    regionCount, pRegions, true);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyImage2(VkCommandBuffer commandBuffer, const VkCopyImageInfo2 *pCopyImageInfo)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	const VkCopyImageInfo2 *info = pCopyImageInfo;
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, info->srcImage, info->dstImage, &pair))
		return;
	for (uint32_t i = 0; i < info->regionCount; i++)
		ember_cmd_image_to_image(cmd, &pair, &info->pRegions[i], EMBER_UPKT_COPY_IMAGE);
}

VKAPI_ATTR void VKAPI_CALL
ember_CmdCopyImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcImageLayout,
		   VkImage dstImage, VkImageLayout dstImageLayout, uint32_t regionCount,
		   const VkImageCopy *pRegions)
{
	EMBER_FROM_HANDLE(ember_cmd_buffer, cmd, commandBuffer);
	struct ember_image_pair pair;

	if (!ember_cmd_image_pair(cmd, srcImage, dstImage, &pair))
		return;
	for (uint32_t i = 0; i < regionCount; i++) {
		const VkImageCopy2 r = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
			.srcSubresource = pRegions[i].srcSubresource,
			.srcOffset = pRegions[i].srcOffset,
			.dstSubresource = pRegions[i].dstSubresource,
			.dstOffset = pRegions[i].dstOffset,
			.extent = pRegions[i].extent,
		};

		ember_cmd_image_to_image(cmd, &pair, &r, EMBER_UPKT_COPY_IMAGE);
	}
}
