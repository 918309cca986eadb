/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Numeric conversions of the texture unit
 *
 * The scalar conversions between a texel channel's stored bits and the
 * float or integer a shader sees, as the Vulkan specification defines them
 * ("Fixed-Point Data Conversions", "16-bit / 11-bit / 10-bit Floating-Point
 * Numbers", "Shared Exponent Conversion", sRGB transfer functions):
 *
 * - normalized: UNORM c / (2^b - 1), SNORM max(c / (2^(b-1) - 1), -1);
 *   back by clamping, scaling and rounding to nearest (ties to even), NaN
 *   to 0.
 * - small floats (half, and the unsigned 11- and 10-bit floats of
 *   B10G11R11): exact decode incl. denormals, infinity and NaN; encode
 *   rounds to nearest even. Half overflows to infinity as IEEE does; the
 *   unsigned ones follow the specification's rules: negative values and
 *   -inf become 0, finite values past the largest finite one saturate to
 *   it, +inf and NaN stay.
 * - shared exponent (E5B9G9R9): the specification's algorithm step by step.
 * - sRGB: decode through a table of the 256 exact values, encode with the
 *   transfer function in double precision, rounded to the nearest code.
 *
 * Nothing here reads memory; every input value is defined (no undefined
 * float-to-integer conversion, whatever the guest wrote).
 */

#ifndef EMBER_FW_TEX_NUMERIC_H
#define EMBER_FW_TEX_NUMERIC_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

float ember_tex_unorm_to_float(uint32_t c, unsigned int bits);

/* c / 255 of every 8-bit code: the decoders' hot path, without a call. */
extern const float ember_tex_unorm8_table[256];

static inline float ember_tex_unorm8_to_float(uint8_t c)
{
	return ember_tex_unorm8_table[c];
}
uint32_t ember_tex_float_to_unorm(float f, unsigned int bits);
/* @c is the channel's bits, sign-extended from @bits. */
float ember_tex_snorm_to_float(int32_t c, unsigned int bits);
int32_t ember_tex_float_to_snorm(float f, unsigned int bits);

/*
 * A float of @exp_bits exponent and @mant_bits mantissa bits (and a sign
 * bit above them when @is_signed): half is (5, 10, true), the unsigned
 * 11-bit float (5, 6, false), the 10-bit one (5, 5, false).
 */
float ember_tex_small_float_decode(uint32_t v, unsigned int exp_bits,
				   unsigned int mant_bits, bool is_signed);
uint32_t ember_tex_small_float_encode(float f, unsigned int exp_bits,
				      unsigned int mant_bits, bool is_signed);

static inline float ember_tex_half_to_float(uint16_t h)
{
	return ember_tex_small_float_decode(h, 5, 10, true);
}

static inline uint16_t ember_tex_float_to_half(float f)
{
	return (uint16_t)ember_tex_small_float_encode(f, 5, 10, true);
}

void ember_tex_rgb9e5_decode(uint32_t packed, float rgb[3]);
uint32_t ember_tex_rgb9e5_encode(const float rgb[3]);

float ember_tex_srgb8_to_linear(uint8_t c);
uint8_t ember_tex_linear_to_srgb8(float linear);

/*
 * floor(@f) as an integer, with NaN as 0 and everything clamped to
 * +-2^30: texel coordinates from the guest must never be an undefined
 * conversion, and stay far from overflowing when offsets are added.
 */
#define EMBER_TEX_COORD_LIMIT	(1 << 30)

/* NaN as 0, and within +-2^30. */
static inline float ember_tex_coord_in_range(float f)
{
	if (isnan(f))
		return 0.0f;
	if (f <= -(float)EMBER_TEX_COORD_LIMIT)
		return -(float)EMBER_TEX_COORD_LIMIT;
	return f >= (float)EMBER_TEX_COORD_LIMIT ? (float)EMBER_TEX_COORD_LIMIT : f;
}

/* Inline: the texture unit takes it per lane and texel coordinate. */
static inline int32_t ember_tex_floor_to_int(float f)
{
	return (int32_t)floorf(ember_tex_coord_in_range(f));
}
/* Round to nearest even, same clamping (array layer selection). */
int32_t ember_tex_round_to_int(float f);

#endif /* EMBER_FW_TEX_NUMERIC_H */
