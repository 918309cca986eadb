/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The numeric conversions of tex_numeric.h; the rules are in its DOC. */

#include <math.h>
#include <string.h>

#include "tex_numeric.h"
#include "tex_srgb_table.h"

/* c / 255 for every 8-bit code, rounded by the compiler (exactly). */
#define UNORM8(c)	((float)(c) / 255.0f)
#define UNORM8_4(c)	UNORM8(c), UNORM8(c + 1), UNORM8(c + 2), UNORM8(c + 3)
#define UNORM8_16(c)	UNORM8_4(c), UNORM8_4(c + 4), UNORM8_4(c + 8), UNORM8_4(c + 12)
#define UNORM8_64(c)	UNORM8_16(c), UNORM8_16(c + 16), UNORM8_16(c + 32), UNORM8_16(c + 48)
const float ember_tex_unorm8_table[256] = {
	UNORM8_64(0), UNORM8_64(64), UNORM8_64(128), UNORM8_64(192),
};

float ember_tex_unorm_to_float(uint32_t c, unsigned int bits)
{
	uint32_t max = (uint32_t)((1ull << bits) - 1);

	if (bits == 8)
		return ember_tex_unorm8_table[c & 0xff];

	/* Up to 24 bits both are exact floats: one correctly rounded divide. */
	return (float)c / (float)max;
}

uint32_t ember_tex_float_to_unorm(float f, unsigned int bits)
{
	double max = (double)((1ull << bits) - 1);

	if (!(f > 0.0f))	/* negative, zero and NaN */
		return 0;
	if (f >= 1.0f)
		return (uint32_t)max;
	return (uint32_t)nearbyint((double)f * max);
}

float ember_tex_snorm_to_float(int32_t c, unsigned int bits)
{
	float max = (float)((1u << (bits - 1)) - 1);
	float f = (float)c / max;	/* exact operands: correctly rounded */

	return f < -1.0f ? -1.0f : f;
}

int32_t ember_tex_float_to_snorm(float f, unsigned int bits)
{
	double max = (double)((1ull << (bits - 1)) - 1);

	if (isnan(f))
		return 0;
	if (f <= -1.0f)
		return (int32_t)-max;
	if (f >= 1.0f)
		return (int32_t)max;
	return (int32_t)nearbyint((double)f * max);
}

float ember_tex_small_float_decode(uint32_t v, unsigned int exp_bits,
				   unsigned int mant_bits, bool is_signed)
{
	uint32_t exp_max = (1u << exp_bits) - 1;
	uint32_t e = (v >> mant_bits) & exp_max;
	uint32_t m = v & ((1u << mant_bits) - 1);
	int bias = (1 << (exp_bits - 1)) - 1;
	bool negative = is_signed && ((v >> (exp_bits + mant_bits)) & 1);
	float r;

	if (e == exp_max)
		r = m ? NAN : INFINITY;
	else if (e == 0)
		r = ldexpf((float)m, 1 - bias - (int)mant_bits);
	else
		r = ldexpf((float)(m | 1u << mant_bits), (int)e - bias - (int)mant_bits);
	return negative ? -r : r;
}

/*
 * Round the float's 24-bit significand to the target's precision, ties to
 * even, at the target exponent (never below its denormal one). A carry out
 * of the significand moves into the exponent field by itself, because the
 * result is assembled as ((exp - 1) << mant_bits) + significand.
 */
uint32_t ember_tex_small_float_encode(float f, unsigned int exp_bits,
				      unsigned int mant_bits, bool is_signed)
{
	uint32_t exp_max = (1u << exp_bits) - 1;
	uint32_t sign_bit = is_signed ? 1u << (exp_bits + mant_bits) : 0;
	int bias = (1 << (exp_bits - 1)) - 1;
	uint32_t bits, abs, sign, result;
	uint64_t sig, q, rem, half;
	int e, te, shift;

	memcpy(&bits, &f, sizeof(bits));
	sign = bits >> 31 ? sign_bit : 0;
	abs = bits & 0x7fffffffu;
	if (abs > 0x7f800000u)		/* NaN: a quiet NaN */
		return sign | exp_max << mant_bits | 1u << (mant_bits - 1);
	if ((bits >> 31) && !is_signed)	/* negative values and -inf: 0 */
		return 0;
	if (abs == 0x7f800000u)
		return sign | exp_max << mant_bits;
	if (abs >> 23) {
		e = (int)(abs >> 23) - 127;
		sig = (abs & 0x7fffff) | 0x800000;
	} else {
		e = -126;
		sig = abs;
	}
	te = e > 1 - bias ? e : 1 - bias;
	shift = 23 + te - e - (int)mant_bits;	/* >= 23 - mant_bits > 0 */
	if (shift > 40) {
		q = 0;
	} else {
		q = sig >> shift;
		rem = sig & ((1ull << shift) - 1);
		half = 1ull << (shift - 1);
		if (rem > half || (rem == half && (q & 1)))
			q++;
	}
	result = (uint32_t)(((uint64_t)(te + bias - 1) << mant_bits) + q);
	if (te == 1 - bias && q < (1ull << mant_bits))
		result = (uint32_t)q;		/* stays denormal */
	if (result >= exp_max << mant_bits)	/* overflow */
		result = is_signed ? exp_max << mant_bits :
			(exp_max << mant_bits) - 1;
	return sign | result;
}

#define RGB9E5_MANT	9
#define RGB9E5_BIAS	15
#define RGB9E5_EMAX	31

void ember_tex_rgb9e5_decode(uint32_t packed, float rgb[3])
{
	int e = (int)(packed >> 27) - RGB9E5_BIAS - RGB9E5_MANT;

	for (int c = 0; c < 3; c++)
		rgb[c] = ldexpf((float)((packed >> (9 * c)) & 0x1ff), e);
}

/* The specification's "Shared Exponent Conversion", in its order. */
uint32_t ember_tex_rgb9e5_encode(const float rgb[3])
{
	const double sharedexp_max = ldexp(511.0 / 512.0, RGB9E5_EMAX - RGB9E5_BIAS);
	double clamped[3], max_c = 0.0, max_s;
	int exp_shared, floor_log2;
	uint32_t packed;

	for (int c = 0; c < 3; c++) {
		double v = rgb[c];

		clamped[c] = !(v > 0.0) ? 0.0 : v > sharedexp_max ? sharedexp_max : v;
		max_c = clamped[c] > max_c ? clamped[c] : max_c;
	}
	if (max_c > 0.0) {
		(void)frexp(max_c, &floor_log2);
		floor_log2 -= 1;	/* frexp's mantissa is in [0.5, 1) */
	} else {
		floor_log2 = -RGB9E5_BIAS - 1;
	}
	if (floor_log2 < -RGB9E5_BIAS - 1)
		floor_log2 = -RGB9E5_BIAS - 1;
	exp_shared = floor_log2 + 1 + RGB9E5_BIAS;
	max_s = floor(ldexp(max_c, -(exp_shared - RGB9E5_BIAS - RGB9E5_MANT)) + 0.5);
	if (max_s >= 512.0)
		exp_shared++;
	packed = (uint32_t)exp_shared << 27;
	for (int c = 0; c < 3; c++) {
		double s = floor(ldexp(clamped[c], -(exp_shared - RGB9E5_BIAS - RGB9E5_MANT)) + 0.5);

		packed |= ((uint32_t)s & 0x1ff) << (9 * c);
	}
	return packed;
}

float ember_tex_srgb8_to_linear(uint8_t c)
{
	return ember_tex_srgb8_table[c];
}

uint8_t ember_tex_linear_to_srgb8(float linear)
{
	double l = linear, s;

	if (!(l > 0.0))
		return 0;
	if (l >= 1.0)
		return 255;
	s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
	return (uint8_t)nearbyint(s * 255.0);
}

int32_t ember_tex_round_to_int(float f)
{
	return (int32_t)nearbyintf(ember_tex_coord_in_range(f));
}
