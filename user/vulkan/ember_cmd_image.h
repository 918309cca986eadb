/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#ifndef EMBER_CMD_IMAGE_H
#define EMBER_CMD_IMAGE_H

#include "ember_cmd_buffer.h"
#include "ember_image.h"

/*
 * What the image transfer commands (ember_cmd_copy_image.c,
 * ember_cmd_blit.c, ember_cmd_clear.c) share: the copy engine names an
 * image by the GPU VA of its descriptor, and a region's z is a 3D image's
 * slice or any other image's array layer (ember-hw.rst "Copies, blits and
 * clears of images").
 */

/*
 * The VA of @image's whole-image descriptor in @cmd's own memory (valid
 * until the command buffer is reset or freed, so until it completes); 0
 * when out of memory (the error is recorded).
 */
uint64_t ember_cmd_image_desc(struct ember_cmd_buffer *cmd, const struct ember_image *image);
/*
 * The same in @format, one of the image's view formats (a MUTABLE_FORMAT
 * image's view: same texel size, the layout unchanged).
 */
uint64_t ember_cmd_image_desc_as(struct ember_cmd_buffer *cmd, const struct ember_image *image,
				 VkFormat format);

/* @count of a subresource range, VK_REMAINING_* resolved against @total from @base. */
uint32_t ember_image_remaining(uint32_t count, uint32_t base, uint32_t total);

/*
 * The z range of a region of @image: @offset_z and @depth of a 3D image,
 * else @sub's layers (VK_REMAINING_ARRAY_LAYERS resolved).
 */
void ember_image_region_z(const struct ember_image *image, const VkImageSubresourceLayers *sub,
			  int32_t offset_z, uint32_t depth, uint32_t *z, uint32_t *count);

/* The lowest aspect bit of @mask, removed from it (0 when empty). */
VkImageAspectFlags ember_image_next_aspect(VkImageAspectFlags *mask);

/* The images of a copy, blit or resolve and their descriptors' VAs. */
struct ember_image_pair {
	struct ember_image *src, *dst;
	uint64_t src_desc, dst_desc;
};

/* @pair for @src and @dst: false when out of memory (the error is recorded). */
bool ember_cmd_image_pair(struct ember_cmd_buffer *cmd, VkImage src, VkImage dst,
			  struct ember_image_pair *pair);

/*
 * One region of vkCmdCopyImage (@opcode EMBER_UPKT_COPY_IMAGE) or of
 * vkCmdResolveImage (EMBER_UPKT_RESOLVE, whose payload is COPY_IMAGE's):
 * a packet per aspect the region names.
 */
void ember_cmd_image_to_image(struct ember_cmd_buffer *cmd, const struct ember_image_pair *pair,
			      const VkImageCopy2 *r, uint32_t opcode);

#endif /* EMBER_CMD_IMAGE_H */
