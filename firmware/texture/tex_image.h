/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Images and samplers as the texture unit sees them
 *
 * The texture unit's own view of an image (view) and a sampler, filled by
 * the descriptor unpacking of the hardware contract; every field is a
 * guest value until ember_tex_image_check() / ember_tex_sampler_check()
 * accepted it, and the unit never touches an image or sampler they refused.
 * Enumerations are the Vulkan ones (VkImageViewType, VkFilter,
 * VkSamplerMipmapMode, VkSamplerAddressMode, VkCompareOp, VkBorderColor,
 * VkComponentSwizzle), so the driver can copy them through.
 *
 * Memory layout of level L, array layer (or 3D slice) z, row y, texel x,
 * sample s, from @base (a GPU VA):
 *
 * - linear: base + level[L].offset + z * level[L].slice_pitch
 *           + y * level[L].row_pitch + (x * samples + s) * bytes
 * - tiled (EMBER_TEX_LAYOUT_TILED_4K): the level is cut into tiles of 4 KiB,
 *   each holding a block of 2^tw x 2^th texels stored row-major inside the
 *   tile, where 2^(tw + th) * bytes = 4096 and tw = th or tw = th + 1:
 *   64x64 texels of 1 byte, 64x32 of 2, 32x32 of 4, 32x16 of 8, 16x16 of
 *   16. Tiles are in row-major order; row_pitch is the distance between
 *   rows of tiles (a multiple of 4096), slice_pitch between slices. A
 *   multisampled image tiles elements (a texel's samples one after the
 *   other) as texels of bytes * samples. Only power-of-two texel sizes
 *   can be tiled.
 *
 * A BC format's element is a 4x4 block of @bytes (tex_bc.h): x and y
 * above count blocks, a level of w x h texels being ceil(w / 4) x
 * ceil(h / 4) of them; extents and coordinates elsewhere stay in texels.
 *
 * Robustness: every texel the unit reads or writes is first checked
 * against the level's extent (out of range reads as zero or border, writes
 * are dropped), then read through struct ember_tex_memory, which reports
 * an unmapped or forbidden address as a fault: the operation stops and
 * returns it (struct ember_tex_status), nothing is read outside guest RAM.
 */

#ifndef EMBER_FW_TEX_IMAGE_H
#define EMBER_FW_TEX_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "tex_format.h"

#define EMBER_TEX_LANES		32
#define EMBER_TEX_MAX_LEVELS	15
#define EMBER_TEX_MAX_EXTENT	(1u << (EMBER_TEX_MAX_LEVELS - 1))	/* 16384 */
#define EMBER_TEX_MAX_LAYERS	2048
#define EMBER_TEX_MAX_SAMPLES	8
#define EMBER_TEX_TILE_BYTES	4096

/* VkImageViewType */
enum ember_tex_view_type {
	EMBER_TEX_1D = 0,
	EMBER_TEX_2D = 1,
	EMBER_TEX_3D = 2,
	EMBER_TEX_CUBE = 3,
	EMBER_TEX_1D_ARRAY = 4,
	EMBER_TEX_2D_ARRAY = 5,
	EMBER_TEX_CUBE_ARRAY = 6,
};

enum ember_tex_layout {
	EMBER_TEX_LAYOUT_LINEAR = 0,
	EMBER_TEX_LAYOUT_TILED_4K = 1,
};

/* VkComponentSwizzle */
enum ember_tex_swizzle {
	EMBER_TEX_SWIZZLE_IDENTITY = 0,
	EMBER_TEX_SWIZZLE_ZERO = 1,
	EMBER_TEX_SWIZZLE_ONE = 2,
	EMBER_TEX_SWIZZLE_R = 3,
	EMBER_TEX_SWIZZLE_G = 4,
	EMBER_TEX_SWIZZLE_B = 5,
	EMBER_TEX_SWIZZLE_A = 6,
};

struct ember_tex_level_layout {
	/** @offset: bytes from the image's base to the level's first texel. */
	uint64_t offset;
	/** @row_pitch: bytes between rows (tiled: between rows of tiles). */
	uint32_t row_pitch;
	/** @slice_pitch: bytes between array layers or 3D slices. */
	uint64_t slice_pitch;
};

struct ember_tex_image {
	uint64_t base;
	uint32_t format;	/* VkFormat */
	uint8_t aspect;		/* one enum ember_tex_aspect bit */
	uint8_t view_type;	/* enum ember_tex_view_type */
	uint8_t layout;		/* enum ember_tex_layout */
	uint8_t swizzle[4];	/* enum ember_tex_swizzle, per R, G, B, A */
	/* Level 0's extent; arrays: height 1 (1D), depth 1. */
	uint32_t width, height, depth;
	uint32_t levels;
	/* Array layers (cube: 6 per cube); 1 for non-array 1D/2D/3D. */
	uint32_t layers;
	uint32_t samples;
	struct ember_tex_level_layout level[EMBER_TEX_MAX_LEVELS];
};

/* VkBorderColor, and VK_EXT_custom_border_color's two. */
enum ember_tex_border {
	EMBER_TEX_BORDER_FLOAT_TRANSPARENT_BLACK = 0,
	EMBER_TEX_BORDER_INT_TRANSPARENT_BLACK = 1,
	EMBER_TEX_BORDER_FLOAT_OPAQUE_BLACK = 2,
	EMBER_TEX_BORDER_INT_OPAQUE_BLACK = 3,
	EMBER_TEX_BORDER_FLOAT_OPAQUE_WHITE = 4,
	EMBER_TEX_BORDER_INT_OPAQUE_WHITE = 5,
	EMBER_TEX_BORDER_FLOAT_CUSTOM = 1000287003,
	EMBER_TEX_BORDER_INT_CUSTOM = 1000287004,
};

/* VkSamplerAddressMode */
enum ember_tex_address {
	EMBER_TEX_REPEAT = 0,
	EMBER_TEX_MIRRORED_REPEAT = 1,
	EMBER_TEX_CLAMP_TO_EDGE = 2,
	EMBER_TEX_CLAMP_TO_BORDER = 3,
	EMBER_TEX_MIRROR_CLAMP_TO_EDGE = 4,
};

/* VkCompareOp */
enum ember_tex_compare {
	EMBER_TEX_COMPARE_NEVER = 0,
	EMBER_TEX_COMPARE_LESS = 1,
	EMBER_TEX_COMPARE_EQUAL = 2,
	EMBER_TEX_COMPARE_LESS_OR_EQUAL = 3,
	EMBER_TEX_COMPARE_GREATER = 4,
	EMBER_TEX_COMPARE_NOT_EQUAL = 5,
	EMBER_TEX_COMPARE_GREATER_OR_EQUAL = 6,
	EMBER_TEX_COMPARE_ALWAYS = 7,
};

struct ember_tex_sampler {
	uint8_t mag_filter, min_filter;	/* VkFilter: 0 nearest, 1 linear */
	uint8_t mipmap_mode;		/* 0 nearest, 1 linear */
	uint8_t address[3];		/* enum ember_tex_address, per u, v, w */
	bool compare_enable;
	uint8_t compare_op;		/* enum ember_tex_compare */
	bool unnormalized;
	uint32_t border;		/* enum ember_tex_border */
	/* The custom border colour: floats or integers, as @border says. */
	uint32_t custom_border[4];
	float lod_bias, min_lod, max_lod;
	/*
	 * The most samples of an anisotropic footprint (tex_sample.c): 0 or 1
	 * isotropic, 2..EMBER_TEX_MAX_ANISOTROPY.
	 */
	uint8_t max_aniso;
};

#define EMBER_TEX_MAX_ANISOTROPY	16

/* Why an operation stopped. */
enum ember_tex_fault {
	EMBER_TEX_OK = 0,
	/* The memory callback faulted: @kind is its EMBER_FAULT_* kind. */
	EMBER_TEX_FAULT_MEMORY,
	EMBER_TEX_FAULT_BAD_IMAGE,
	EMBER_TEX_FAULT_BAD_SAMPLER,
};

struct ember_tex_status {
	uint32_t fault;		/* enum ember_tex_fault */
	uint32_t kind;		/* EMBER_FAULT_* of a memory fault */
	uint32_t access;	/* EMBER_ACCESS_* of a memory fault */
	uint64_t va;		/* the faulting address */
};

/*
 * The path to texel memory. @access copies @len (1..16) bytes between @buf
 * and GPU VA @va, writing if @write: 0, or the EMBER_FAULT_* kind with
 * *@fault_va the first address that faulted; it may be called with any
 * address. @map_page, optional, is the fast path: the host address of the
 * 4 KiB page holding @va for reading or writing, valid until the
 * operation returns, or NULL with the fault kind in *@fault; the unit
 * keeps the last page of each kind, so texels of one page cost one call.
 * ember_tex_memory_mmu() (tex_memory.h) is the device's.
 */
struct ember_tex_memory {
	int (*access)(void *ctx, uint64_t va, void *buf, unsigned int len,
		      bool write, uint64_t *fault_va);
	uint8_t *(*map_page)(void *ctx, uint64_t va, bool write, int *fault);
	void *ctx;
};

/*
 * 0 if @img is an image the unit can use, else why not (for a fault
 * record's detail, and the tests): an unknown format or aspect, an extent,
 * level, layer or sample count out of range or inconsistent with the view
 * type, pitches too small for the extent, a layout the format cannot use.
 */
const char *ember_tex_image_check(const struct ember_tex_image *img);
const char *ember_tex_sampler_check(const struct ember_tex_sampler *smp);

/* Level @level's extent: max(1, size >> level) per dimension. */
static inline uint32_t ember_tex_minify(uint32_t size, uint32_t level)
{
	uint32_t s = level < 32 ? size >> level : 0;

	return s ? s : 1;
}

#endif /* EMBER_FW_TEX_IMAGE_H */
