/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: BC1..BC7 blocks on the CPU, from the format definitions
 *
 * The reference the compressed-image tests compute their expectations
 * with: a decoder of every BC format written from the Khronos Data
 * Format Specification's S3TC, RGTC and BPTC chapters (the formats
 * Vulkan's "Compressed Image Formats" appendix names), sharing nothing
 * with any driver's or device's decoder. Lavapipe, whose decoders are
 * Mesa's, must agree with it; so must Ember's texture unit.
 *
 * And the blocks the tests upload: random blocks, with a variant number
 * that picks the mode (BC6H's 14, BC7's 8) or the branch (BC1's
 * three-colour mode, BC3/BC4/BC5's six-value mode), so that cycling
 * through the variants covers every path of the definition. Blocks the
 * specification leaves ambiguous or that decode to no finite value are
 * never made (reserved BC6H/BC7 modes, BC6H blocks that reach -infinity,
 * a signed BC4 endpoint pair of -127 and -128).
 */

#ifndef EMBER_VK_BC_H
#define EMBER_VK_BC_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

/* Whether @format is one of BC1_RGB_UNORM_BLOCK .. BC7_SRGB_BLOCK. */
bool vk_bc_format(VkFormat format);
/* Bytes of a block of BC format @format: 8 or 16. */
uint32_t vk_bc_block_bytes(VkFormat format);
/* Whether BC format @format stores sRGB-encoded colour. */
bool vk_bc_srgb(VkFormat format);

/*
 * The 16 texels (row-major) of @block as a sampler returns them: RGBA
 * floats, sRGB decoded to linear, missing channels 0 and alpha 1.
 */
void vk_bc_decode(VkFormat format, const uint8_t *block, float texels[16][4]);

/* How many variants vk_bc_random_block() has for @format. */
unsigned int vk_bc_variants(VkFormat format);

/* A random block of @format, of variant @variant (modulo vk_bc_variants()). */
void vk_bc_random_block(VkFormat format, unsigned int variant, uint32_t *seed, uint8_t *block);

/*
 * How far a decoded channel may be from the reference @expected: BC1..BC5
 * interpolate in real numbers in the definition, which decoders round
 * (two steps of 8 bits); BC7 and BC6H are defined bit for bit (BC6H's
 * binary16 result is compared within a unit of its last place).
 */
float vk_bc_tolerance(VkFormat format, float expected);

#endif /* EMBER_VK_BC_H */
