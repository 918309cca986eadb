/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texels on the CPU, by the specification's rules
 *
 * The reference the image transfer tests compute their expectations with:
 * each format the tests use as a list of channels (kind, bits, bit
 * offset in the little-endian texel), encoded and decoded by the
 * specification's conversions ("Fixed-Point Data Conversions", sRGB, the
 * 16-bit, 11-bit and 10-bit floats, the shared-exponent format). A depth
 * or stencil aspect is a plane of its own, as the specification's buffer
 * layout for depth/stencil copies has it (D24: a 32-bit word with the
 * depth in bits 0-23; stencil: a byte).
 */

#ifndef EMBER_VK_TEXEL_H
#define EMBER_VK_TEXEL_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

enum vk_chan_kind {
	VK_CHAN_NONE,
	VK_CHAN_UNORM,
	VK_CHAN_SRGB,
	VK_CHAN_UINT,
	VK_CHAN_SINT,
	VK_CHAN_SFLOAT,		/* 16 or 32 bits */
	VK_CHAN_UFLOAT,		/* 11 or 10 bits, 5-bit exponent */
	VK_CHAN_SHARED_EXP,	/* E5B9G9R9: 9-bit mantissas, the exponent in bits 27-31 */
};

struct vk_chan {
	uint8_t kind, bits, shift;
};

/* One plane: a colour format, or a depth or stencil aspect. */
struct vk_plane {
	uint8_t bytes;
	struct vk_chan ch[4];	/* R, G, B, A; missing channels are VK_CHAN_NONE */
};

struct vk_format_desc {
	VkFormat format;
	const char *name;
	VkImageAspectFlags aspects;
	struct vk_plane plane;	/* the colour or depth plane (S8_UINT: stencil) */
};

/* The formats the transfer tests use (colour ones first), and how many. */
extern const struct vk_format_desc vk_test_formats[];
extern const unsigned int vk_test_format_count;

/* The plane of @aspect (one aspect bit) of @f. */
const struct vk_plane *vk_format_plane(const struct vk_format_desc *f, VkImageAspectFlags aspect);

/* Whether @f's channels are integers (UINT/SINT). */
bool vk_plane_is_integer(const struct vk_plane *p);

/*
 * A texel's value: floats for float-class planes, uint32/int32 for
 * integer ones (the VkClearColorValue rule).
 */
union vk_texel_value {
	float f[4];
	uint32_t u[4];
	int32_t i[4];
};

/* Encode @v into @p's bytes at @out (VkClearColorValue conversion). */
void vk_texel_encode(const struct vk_plane *p, const union vk_texel_value *v, uint8_t *out);
/* Decode @in (missing channels: 0, alpha 1; sRGB to linear). */
void vk_texel_decode(const struct vk_plane *p, const uint8_t *in, union vk_texel_value *v);

/*
 * Whether @actual matches @expected: integer channels exactly, UNORM and
 * sRGB within @lsb steps of the stored value, floats within @lsb units in
 * the last place of their mantissa, plus @slack (a fraction of the
 * channel's range for normalized channels; for floats, of the value's
 * magnitude, at least 1) for filtering. Bits of no channel are ignored. On a mismatch, *@channel says
 * which.
 */
bool vk_texel_match(const struct vk_plane *p, const uint8_t *expected, const uint8_t *actual,
		    unsigned int lsb, float slack, unsigned int *channel);

/* Whether the channel bits of two texels are identical (a copy's promise). */
bool vk_texel_same_bits(const struct vk_plane *p, const uint8_t *a, const uint8_t *b);

/* The value of binary16 @h (its low 16 bits). */
float vk_half_to_float(uint32_t h);

/* The specification's sRGB transfer functions. */
float vk_srgb_to_linear(float c);
float vk_linear_to_srgb(float c);

#endif /* EMBER_VK_TEXEL_H */
