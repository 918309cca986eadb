/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A reference texel codec for the texture unit's tests
 *
 * Written from the Vulkan specification, not from the unit's table: a
 * format's layout is derived from its *name* by the specification's
 * naming rules ("Identification of Formats": components listed in memory
 * order, or from the most significant bit of the word for _PACKnn
 * formats; the numeric type after each group), and each channel is
 * converted by the formulas of "Fixed-Point Data Conversions", the sRGB
 * transfer functions, "Floating Point Numbers" and "Shared Exponent
 * Conversion" evaluated in long double. Small-float encoding is a
 * brute-force search for the nearest code. Slow and obvious on purpose.
 *
 * The only Ember choices it encodes are those the specification leaves
 * to the implementation: combined depth/stencil formats are packed from
 * bit 0 (depth first) into a power-of-two texel.
 */

#ifndef EMBER_FW_TEST_TEX_REF_H
#define EMBER_FW_TEST_TEX_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum ref_type {
	REF_NONE, REF_UNORM, REF_SNORM, REF_USCALED, REF_SSCALED, REF_UINT,
	REF_SINT, REF_SRGB, REF_SFLOAT, REF_UFLOAT,
};

struct ref_comp {
	char letter;		/* R G B A D S E X */
	unsigned int bits, shift;
	enum ref_type type;
};

struct ref_format {
	uint32_t vk;
	const char *name;
	unsigned int bytes;
	unsigned int n;
	struct ref_comp comp[5];
	bool shared_exp;
};

/* A float's bits, and back. */
static inline uint32_t ref_fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline float ref_bitsf(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

/* The tests' seeded generator (xorshift64); *@state must not be 0. */
static inline uint64_t ref_xorshift(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* The formats under test: VkFormat values from the Vulkan headers, names. */
struct ref_format_name {
	uint32_t vk;
	const char *name;
};
extern const struct ref_format_name ref_formats[];
extern const unsigned int ref_num_formats;

/* Parse @name (without VK_FORMAT_); false if it is not understood. */
bool ref_format_parse(uint32_t vk, const char *name, struct ref_format *out);

/* Whether values of (aspect of) @f are floats, uints (1) or sints (2). */
int ref_class(const struct ref_format *f, unsigned int aspect);

/*
 * Decode the texel at @texel as the aspect @aspect (1 colour, 2 depth,
 * 4 stencil) sees it, into four 32-bit values (float bits or integers).
 */
void ref_decode(const struct ref_format *f, unsigned int aspect,
		const uint8_t *texel, uint32_t out[4]);
/* Encode four values of @aspect's class; other bits are 0. */
void ref_encode(const struct ref_format *f, unsigned int aspect,
		const uint32_t in[4], uint8_t *texel);

/* The component conversions, for the numeric unit tests. */
float ref_srgb_to_linear(unsigned int c);
float ref_half_to_float(uint16_t h);
float ref_ufloat_to_float(uint32_t v, unsigned int mant_bits);
uint32_t ref_float_to_ufloat(float f, unsigned int mant_bits);

#endif /* EMBER_FW_TEST_TEX_REF_H */
