/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Image formats and memory layouts of the hardware contract
 *
 * The one implementation of ember-hw.rst "Images, samplers and texel
 * buffers" that both sides need: the device (its texture unit reads an
 * image where the layout says it is) and the Vulkan driver (it allocates
 * the memory, reports subresource layouts and DRM format modifiers). A
 * second copy would drift from this one; everything here is pure
 * arithmetic on the contract's fields, with no state.
 *
 * - ember_image_format_get(): the contract's format table (a VkFormat
 *   value, its texel or 4x4-block size, which usages the device supports
 *   for it: S, S without filtering, W, W with atomics, T; depth and stencil
 *   planes; since 1.12 which are render targets and which of those blend,
 *   ember-hw.rst "Render target formats"). Any format not in it is refused
 *   by the device.
 * - ember_image_tile_shape(): the TILED_4K tile of an element size.
 * - ember_image_layout(): where every level and layer of an image is, for
 *   both layouts, and how many bytes it takes. A multisampled image's
 *   element is texel bytes x samples (the samples of a texel follow each
 *   other); a BC image's element is a 4x4 block.
 */

#ifndef EMBER_IMAGE_LAYOUT_H
#define EMBER_IMAGE_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_shader_hw.h"

#define EMBER_IMAGE_MAX_LEVELS		15
#define EMBER_IMAGE_MAX_EXTENT		16384
#define EMBER_IMAGE_MAX_LAYERS		2048
/* LINEAR: a layer (or 3D slice) pitch is counted in 256-byte units. */
#define EMBER_IMAGE_LAYER_PITCH_UNIT	256

/* What the device supports a format for (the table's Usage column). */
enum ember_image_format_usage {
	EMBER_IMAGE_FMT_SAMPLED = 1u << 0,	/* S: load, sample, gather */
	EMBER_IMAGE_FMT_FILTER = 1u << 1,	/* S with linear filtering (not "nf") */
	EMBER_IMAGE_FMT_STORAGE = 1u << 2,	/* W: storage image load/store */
	EMBER_IMAGE_FMT_ATOMIC = 1u << 3,	/* W(a): image atomics */
	EMBER_IMAGE_FMT_TEXEL_BUFFER = 1u << 4,	/* T: uniform and storage texel buffers */
	EMBER_IMAGE_FMT_DEPTH = 1u << 5,	/* has a depth plane */
	EMBER_IMAGE_FMT_STENCIL = 1u << 6,	/* has a stencil plane (1 byte per texel) */
	EMBER_IMAGE_FMT_BC = 1u << 7,		/* a BC format: needs CAPS.IMAGE_BC */
	/* R: a colour attachment (CAPS.RENDER_FORMATS, since 1.12) */
	EMBER_IMAGE_FMT_RENDER = 1u << 8,
	/* R that blends: not an integer format ("Render target formats") */
	EMBER_IMAGE_FMT_BLEND = 1u << 9,
	/*
	 * a depth/stencil attachment (CAPS.GRAPHICS, since 1.10;
	 * X8_D24_UNORM_PACK32 and D32_SFLOAT_S8_UINT need CAPS.DS_FORMATS, 1.14)
	 */
	EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET = 1u << 10,
};

/**
 * struct ember_image_format - A row of the contract's format table.
 * @vk_format: the format code (a VkFormat value).
 * @bytes: bytes of a texel (of a 4x4 block for BC; of the depth plane's
 *	texel for depth formats; 1 for S8_UINT, whose only plane is stencil).
 * @block_log2: log2 of the block's width and height: 2 for BC, else 0.
 * @usage: enum ember_image_format_usage bits.
 */
struct ember_image_format {
	uint32_t vk_format;
	uint8_t bytes;
	uint8_t block_log2;
	uint16_t usage;
};

/* The table's row for @vk_format, or NULL if the device has none. */
const struct ember_image_format *ember_image_format_get(uint32_t vk_format);

/* Every row, in VkFormat order: *@count of them. */
const struct ember_image_format *ember_image_format_table(unsigned int *count);

/*
 * The TILED_4K tile of elements of @element_bytes (a power of two, 1..256)
 * bytes: 2^*@tw_log2 wide, 2^*@th_log2 high, 4 KiB in all.
 */
void ember_image_tile_shape(unsigned int element_bytes, unsigned int *tw_log2,
			    unsigned int *th_log2);

/**
 * struct ember_image_shape - What places an image in memory.
 * @layout: EMBER_IMAGE_LAYOUT_LINEAR or EMBER_IMAGE_LAYOUT_TILED_4K.
 * @element_bytes: bytes of a texel (block) times the samples.
 * @block_log2: struct ember_image_format's.
 * @width, @height, @depth: level 0's extent in texels.
 * @levels, @layers: the image's mip levels and array layers (cube faces count).
 * @row_pitch: LINEAR: bytes between rows, 0 for the smallest; TILED_4K: 0.
 * @layer_pitch: LINEAR: bytes between layers or 3D slices (a multiple of
 *	EMBER_IMAGE_LAYER_PITCH_UNIT), 0 for the smallest; TILED_4K: 0.
 */
struct ember_image_shape {
	uint32_t layout;
	uint32_t element_bytes;
	uint32_t block_log2;
	uint32_t width, height, depth;
	uint32_t levels, layers;
	uint64_t row_pitch;
	uint64_t layer_pitch;
};

/**
 * struct ember_image_level_layout - Where one mip level is.
 * @offset: bytes from the image's start to the level in layer 0.
 * @row_pitch: bytes between rows of elements (TILED_4K: of tiles).
 * @depth_pitch: bytes between the level's 3D slices.
 * @size: bytes of the level in one layer, all its slices.
 */
struct ember_image_level_layout {
	uint64_t offset;
	uint64_t row_pitch;
	uint64_t depth_pitch;
	uint64_t size;
};

/**
 * struct ember_image_layout - Where everything of an image is.
 * @level: per mip level.
 * @layer_pitch: bytes between array layers (the same for every level).
 * @size: bytes the image takes from its start.
 */
struct ember_image_layout {
	struct ember_image_level_layout level[EMBER_IMAGE_MAX_LEVELS];
	uint64_t layer_pitch;
	uint64_t size;
};

/*
 * Lays out @shape into @out: NULL, or why the contract has no such image
 * (extents, levels, layers out of range; a LINEAR image with more than one
 * level or pitches too small or misaligned; a TILED_4K element size
 * without a tile; pitches given for TILED_4K).
 */
const char *ember_image_layout(const struct ember_image_shape *shape,
			       struct ember_image_layout *out);

/* Level @level's extent: max(1, size >> level) per dimension. */
static inline uint32_t ember_image_minify(uint32_t size, uint32_t level)
{
	uint32_t s = level < 32 ? size >> level : 0;

	return s ? s : 1;
}

#endif /* EMBER_IMAGE_LAYOUT_H */
