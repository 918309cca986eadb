/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Block-compressed (BC1..BC7) texels
 *
 * The BC formats (VkFormat 131 BC1_RGB_UNORM_BLOCK .. 146 BC7_SRGB_BLOCK)
 * store 4x4 texels in one block of 8 bytes (BC1, BC4) or 16 bytes (the
 * others), as the Khronos Data Format Specification defines them ("S3TC",
 * "RGTC", "BPTC"). The texture unit addresses the block that holds a texel
 * and decodes that one texel of it, to the unit's float texel:
 *
 * - BC1/BC2/BC3 colours interpolate their RGB565 endpoints as real numbers
 *   (1/3, 2/3 or 1/2 of the way); BC1 with colour0 <= colour1 is the
 *   three-colour mode whose fourth code is black, transparent for
 *   BC1_RGBA; BC2 and BC3 always use the four-colour mode. BC2's alpha is
 *   4-bit UNORM, BC3's alpha and BC4/BC5's channels interpolate two 8-bit
 *   endpoints in the 8-value (e0 > e1) or 6-value mode (then codes 6 and 7
 *   are the range's ends); SNORM endpoints -128 and -127 are both -1.0.
 * - BC7 decodes each of its 8 modes in 8-bit integers as the specification
 *   does (endpoints with p-bits expanded by bit replication, 6-bit
 *   weights, rotation and index selection); the reserved mode (a first
 *   byte of 0) decodes to 0 in every channel.
 * - BC6H decodes its 14 modes to half floats as the specification does
 *   (sign extension, transformed endpoints, unquantization, interpolation,
 *   the final scale by 31/64 or 31/32), returned as floats; the reserved
 *   mode codes decode to 0 in R, G and B.
 * - sRGB formats decode R, G and B with the sRGB EOTF, alpha stays linear;
 *   missing channels read 0, alpha 1.
 *
 * Every 8 or 16 bytes decode to a defined value; nothing reads outside the
 * block.
 */

#ifndef EMBER_FW_TEX_BC_H
#define EMBER_FW_TEX_BC_H

#include <stdbool.h>
#include <stdint.h>

#include "tex_format.h"

#define EMBER_TEX_BC_FIRST	131u	/* VK_FORMAT_BC1_RGB_UNORM_BLOCK */
#define EMBER_TEX_BC_LAST	146u	/* VK_FORMAT_BC7_SRGB_BLOCK */
/* A block is 4x4 texels. */
#define EMBER_TEX_BC_BLOCK_LOG2	2u

static inline bool ember_tex_format_is_bc(uint32_t vk_format)
{
	return vk_format >= EMBER_TEX_BC_FIRST && vk_format <= EMBER_TEX_BC_LAST;
}

/*
 * Texel (@x, @y) (each 0..3) of the block at @block (8 or 16 bytes, as
 * @vk_format says) of BC format @vk_format, as floats into @out.
 */
void ember_tex_bc_decode(uint32_t vk_format, const uint8_t *block, unsigned int x,
			 unsigned int y, union ember_tex_texel *out);

/* The BPTC decoders (tex_bc7.c, tex_bc6h.c), texel @i = y * 4 + x. */
void ember_tex_bc7_texel(const uint8_t block[16], unsigned int i, uint8_t rgba[4]);
/* Half-float bits of R, G, B. */
void ember_tex_bc6h_texel(const uint8_t block[16], unsigned int i, bool is_signed,
			  uint16_t rgb[3]);

#endif /* EMBER_FW_TEX_BC_H */
