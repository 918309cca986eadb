/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: What the tests know about each VkFormat
 *
 * The Formats chapter of the specification written down once for the
 * tests: where each component of a texel lies (bits of the little-endian
 * texel, packed or not), its numeric format, the texel block, and the
 * SPIR-V image format a storage shader declares it with. From that the
 * tests make texels whose value they know and convert them to what a
 * shader reads as the specification's conversion rules say
 * ("Fixed-Point Data Conversions", "sRGB transfer functions", the 16-bit,
 * 11-bit, 10-bit and shared-exponent floating-point formats).
 *
 * A depth/stencil format is described by its aspects as a copy lays them
 * out in a buffer (vkCmdCopyImageToBuffer): D24 in the low 24 bits of 4
 * bytes, D32 as a float, stencil as one byte.
 */

#ifndef EMBER_VK_FORMAT_INFO_H
#define EMBER_VK_FORMAT_INFO_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#include "vk_texel.h"	/* union vk_texel_value, the sRGB transfer functions */

enum vk_numeric {
	VK_NUM_UNORM, VK_NUM_SNORM, VK_NUM_USCALED, VK_NUM_SSCALED, VK_NUM_UINT,
	VK_NUM_SINT, VK_NUM_SRGB, VK_NUM_SFLOAT, VK_NUM_UFLOAT, VK_NUM_SHARED_EXP,
	VK_NUM_COMPRESSED,
};

/* A component: which of R, G, B, A (0..3) it is, and its bits in the texel. */
struct vk_component {
	uint8_t channel, offset, bits;
};

/* A texel layout: one colour format, or one aspect of a depth/stencil format. */
struct vk_texel_layout {
	uint8_t bytes;			/* bytes of a texel block */
	uint8_t numeric;		/* enum vk_numeric */
	uint8_t count;			/* components */
	bool depth;			/* a depth aspect: values in [0, 1] */
	struct vk_component c[4];
};

struct vk_format_info {
	VkFormat format;
	char name[48];
	uint8_t block_w, block_h;	/* texel block extent (1x1 but compressed) */
	VkImageAspectFlags aspects;
	struct vk_texel_layout color;	/* or the depth aspect */
	struct vk_texel_layout stencil;	/* the stencil aspect, when there is one */
	const char *storage;		/* its SPIR-V image format (GLSL qualifier), or NULL */
};

/* The description of @format, or NULL when the tests have none. */
const struct vk_format_info *vk_format_info_get(VkFormat format);

/* Every VkFormat the tests enumerate: the core range and the extensions' (vk.xml). */
uint32_t vk_format_all(VkFormat *formats, uint32_t max);

/* Whether @l is read by shaders as integers (UINT/SINT, stencil). */
bool vk_layout_is_integer(const struct vk_texel_layout *l);
/* Whether components of @l read as signed integers. */
bool vk_layout_is_signed(const struct vk_texel_layout *l);

/*
 * Fills @texel (l->bytes bytes) with texel number @seed of a pattern every
 * component of which is a value the format represents exactly and which
 * converts back to the same bits (no NaN, infinity, or the SNORM value
 * that reads as -1.0 besides the one that encodes it); depth in [0, 1].
 */
void vk_format_pattern(const struct vk_texel_layout *l, uint32_t seed, uint8_t *texel);

/* What a shader reads from @texel: missing components are 0, 0, 0, 1. */
void vk_format_decode(const struct vk_texel_layout *l, const uint8_t *texel,
		     union vk_texel_value *out);

/*
 * The largest error the specification allows a shader's read of a texel of
 * @l to have, per component, on top of exact conversion (and, with
 * @filtered, for a linear filter of such texels).
 */
float vk_format_tolerance(const struct vk_texel_layout *l, unsigned int component, float value,
			 bool filtered);

/* The bits of a texel a copy keeps (X8 of D24 is undefined): compares through this. */
bool vk_format_texels_equal(const struct vk_texel_layout *l, const uint8_t *a, const uint8_t *b);

#endif /* EMBER_VK_FORMAT_INFO_H */
