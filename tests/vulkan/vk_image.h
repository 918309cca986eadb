/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Test images with a CPU model of their contents
 *
 * What the image transfer tests share: an image of one of vk_texel.h's
 * formats, created only when the device reports what the test needs
 * (format features, limits; vk_img_create() says no otherwise, so the same
 * test runs on devices with different format support), with a CPU copy
 * of every level of every aspect (the model). Tests change the image with
 * a command and the model with the specification's rule, then read every
 * level back through vkCmdCopyImageToBuffer and compare.
 */

#ifndef EMBER_VK_IMAGE_H
#define EMBER_VK_IMAGE_H

#include "vk_test.h"
#include "vk_texel.h"

#define VK_IMG_MAX_LEVELS 16

struct vk_img {
	VkImage image;
	VkDeviceMemory memory;
	VkImageCreateInfo info;
	const struct vk_format_desc *fmt;
	/* [plane][level]: every slice or layer of the level, rows packed. */
	uint8_t *model[2][VK_IMG_MAX_LEVELS];
};

/* What vk_img_create() is asked for. */
struct vk_img_want {
	const struct vk_format_desc *fmt;
	VkImageType type;
	VkImageTiling tiling;
	uint32_t width, height, depth, levels, layers;
	VkSampleCountFlagBits samples;	/* 0: 1 */
	VkImageUsageFlags usage;
	VkFormatFeatureFlags features;	/* the features the test uses */
};

/*
 * Creates and binds the image @want describes, levels and layers clamped
 * to what the device allows; false (and nothing created) when the device
 * lacks the format, a feature, the samples or the usage.
 */
bool vk_img_create(struct vk_dev *dev, const struct vk_img_want *want, struct vk_img *img);
void vk_img_destroy(struct vk_dev *dev, struct vk_img *img);

/* The first format of vk_test_formats named @format. */
const struct vk_format_desc *vk_format_find(VkFormat format);

/* Level @level's width, height, and slices (3D) or layers. */
void vk_img_level_extent(const struct vk_img *img, uint32_t level, uint32_t ext[3]);
/* Bytes of the model of @aspect's plane at @level. */
size_t vk_img_level_size(const struct vk_img *img, VkImageAspectFlags aspect, uint32_t level);
/* The model's texel (x, y, z) of @aspect at @level. */
uint8_t *vk_img_texel(struct vk_img *img, VkImageAspectFlags aspect, uint32_t level, uint32_t x,
		      uint32_t y, uint32_t z);

/*
 * Fills the model with random texels that every implementation stores
 * as they are (depth in [0, 1], as copies to D32 need; no bits outside
 * the channels).
 */
void vk_img_model_random(struct vk_img *img, uint32_t *seed);

/* A random texel of @aspect's plane of the kind vk_img_model_random() makes, at @out. */
void vk_img_random_texel(const struct vk_img *img, VkImageAspectFlags aspect, uint32_t *seed,
			 uint8_t *out);

/* A whole-image layout transition from @from to @to that orders all transfers. */
void vk_img_transition(VkCommandBuffer cmd, const struct vk_img *img, VkImageLayout from,
		       VkImageLayout to);

/*
 * Records copies of the whole model into the image (in @layout) from a
 * staging buffer it creates in *@staging (destroy it after the submit).
 */
void vk_img_upload(struct vk_dev *dev, VkCommandBuffer cmd, struct vk_img *img,
		   VkImageLayout layout, struct vk_buf *staging);

/* Uploads the whole model in a submission of its own, leaving the image GENERAL. */
void vk_img_upload_general(struct vk_dev *dev, struct vk_img *img);

/*
 * Reads every level of every aspect back (the image in @layout, after a
 * barrier from transfers) in one submission, and compares with the model:
 * bit for bit when @exact, else vk_texel_match(@lsb, @slack). Fails the
 * test naming the first texel that differs.
 */
void vk_img_check(struct vk_dev *dev, struct vk_img *img, VkImageLayout layout, bool exact,
		  unsigned int lsb, float slack);

/*
 * Whether the test may record what the specification reserves for queues
 * with VK_QUEUE_GRAPHICS_BIT: vkCmdBlitImage, vkCmdResolveImage,
 * vkCmdClearDepthStencilImage and buffer-to-image copies of depth or
 * stencil. Yes on such a queue. Ember's only queue family is compute
 * (graphics is still to come), and its copy engine runs them on any
 * queue: outside the validation layer they run there as Ember's own
 * behaviour, so the driver's and the device's paths are tested before the
 * graphics queue exists; under it they are left out. *@why says which
 * (for the test's output).
 */
bool vk_dev_graphics_transfers(struct vk_dev *dev, const char **why);

/* A pseudo-random number (xorshift). */
uint32_t vk_rand(uint32_t *seed);

#endif /* EMBER_VK_IMAGE_H */
