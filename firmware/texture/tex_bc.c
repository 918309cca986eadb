/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BC1..BC5 (S3TC and RGTC) texels, and the dispatch to the BPTC decoders
 * (tex_bc.h).
 */

#include <endian.h>
#include <math.h>
#include <string.h>

#include "tex_bc.h"
#include "tex_numeric.h"

/* VkFormat codes, BC1_RGB_UNORM_BLOCK (131) .. BC7_SRGB_BLOCK (146). */
enum {
	BC1_RGB_UNORM = 131, BC1_RGB_SRGB, BC1_RGBA_UNORM, BC1_RGBA_SRGB,
	BC2_UNORM, BC2_SRGB, BC3_UNORM, BC3_SRGB, BC4_UNORM, BC4_SNORM,
	BC5_UNORM, BC5_SNORM, BC6H_UFLOAT, BC6H_SFLOAT, BC7_UNORM, BC7_SRGB,
};

/* The sRGB EOTF on a value in [0, 1] that need not be an 8-bit code. */
static float srgb_to_linear(float c)
{
	if (c <= 0.04045f)
		return c / 12.92f;
	return (float)pow((c + 0.055) / 1.055, 2.4);
}

/*
 * Colour code @code (0..3) of the BC1 colour block at @b: RGB, and
 * whether it is the transparent black of the three-colour mode. BC2 and
 * BC3 pass @four_colour, ignoring the endpoints' order.
 */
static bool bc1_colour(const uint8_t *b, unsigned int code, bool four_colour, float rgb[3])
{
	unsigned int c0 = b[0] | b[1] << 8, c1 = b[2] | b[3] << 8;
	float e[2][3];

	for (unsigned int k = 0; k < 2; k++) {
		unsigned int c = k ? c1 : c0;

		e[k][0] = (float)(c >> 11) / 31.0f;
		e[k][1] = (float)(c >> 5 & 63) / 63.0f;
		e[k][2] = (float)(c & 31) / 31.0f;
	}
	four_colour |= c0 > c1;
	for (unsigned int ch = 0; ch < 3; ch++) {
		switch (code) {
		case 0: rgb[ch] = e[0][ch]; break;
		case 1: rgb[ch] = e[1][ch]; break;
		case 2:
			rgb[ch] = four_colour ? (2.0f * e[0][ch] + e[1][ch]) / 3.0f :
				  (e[0][ch] + e[1][ch]) / 2.0f;
			break;
		default:
			rgb[ch] = four_colour ? (e[0][ch] + 2.0f * e[1][ch]) / 3.0f : 0.0f;
			break;
		}
	}
	return code == 3 && !four_colour;
}

static unsigned int bc1_code(const uint8_t *b, unsigned int i)
{
	return b[4 + i / 4] >> (2 * (i % 4)) & 3;
}

/*
 * Texel @i of the 8-byte BC4 channel block at @b (also BC3's alpha and
 * each of BC5's channels), UNORM or SNORM.
 */
static float bc4_value(const uint8_t *b, unsigned int i, bool snorm)
{
	uint64_t bits;
	unsigned int code;
	float e0, e1;
	bool eight;

	memcpy(&bits, b, 8);
	bits = le64toh(bits);
	code = (unsigned int)(bits >> (16 + 3 * i)) & 7;
	if (snorm) {
		int8_t r0 = (int8_t)b[0], r1 = (int8_t)b[1];

		/* -128 and -127 are both -1.0. */
		e0 = ember_tex_snorm_to_float(r0, 8);
		e1 = ember_tex_snorm_to_float(r1, 8);
		eight = r0 > r1;
	} else {
		e0 = (float)b[0] / 255.0f;
		e1 = (float)b[1] / 255.0f;
		eight = b[0] > b[1];
	}
	if (code == 0)
		return e0;
	if (code == 1)
		return e1;
	if (eight)
		return ((float)(8 - code) * e0 + (float)(code - 1) * e1) / 7.0f;
	if (code <= 5)
		return ((float)(6 - code) * e0 + (float)(code - 1) * e1) / 5.0f;
	if (code == 6)
		return snorm ? -1.0f : 0.0f;
	return 1.0f;
}

static void decode_bc1_3(uint32_t format, const uint8_t *block, unsigned int i,
			 union ember_tex_texel *out)
{
	bool has_alpha_block = format >= BC2_UNORM;
	const uint8_t *colour = has_alpha_block ? block + 8 : block;
	bool transparent = bc1_colour(colour, bc1_code(colour, i), has_alpha_block, out->f);

	switch (format) {
	case BC1_RGBA_UNORM: case BC1_RGBA_SRGB:
		out->f[3] = transparent ? 0.0f : 1.0f;
		break;
	case BC2_UNORM: case BC2_SRGB:
		out->f[3] = (float)(block[i / 2] >> (4 * (i % 2)) & 15) / 15.0f;
		break;
	case BC3_UNORM: case BC3_SRGB:
		out->f[3] = bc4_value(block, i, false);
		break;
	default:
		out->f[3] = 1.0f;	/* BC1_RGB: code 3 of three colours is opaque black */
		break;
	}
}

static bool is_srgb(uint32_t format)
{
	return format == BC1_RGB_SRGB || format == BC1_RGBA_SRGB || format == BC2_SRGB ||
	       format == BC3_SRGB || format == BC7_SRGB;
}

void ember_tex_bc_decode(uint32_t vk_format, const uint8_t *block, unsigned int x,
			 unsigned int y, union ember_tex_texel *out)
{
	unsigned int i = (y & 3) * 4 + (x & 3);
	uint16_t half[3];
	uint8_t rgba[4];

	switch (vk_format) {
	case BC4_UNORM: case BC4_SNORM:
		out->f[0] = bc4_value(block, i, vk_format == BC4_SNORM);
		out->f[1] = out->f[2] = 0.0f;
		out->f[3] = 1.0f;
		return;
	case BC5_UNORM: case BC5_SNORM:
		out->f[0] = bc4_value(block, i, vk_format == BC5_SNORM);
		out->f[1] = bc4_value(block + 8, i, vk_format == BC5_SNORM);
		out->f[2] = 0.0f;
		out->f[3] = 1.0f;
		return;
	case BC6H_UFLOAT: case BC6H_SFLOAT:
		ember_tex_bc6h_texel(block, i, vk_format == BC6H_SFLOAT, half);
		for (unsigned int c = 0; c < 3; c++)
			out->f[c] = ember_tex_half_to_float(half[c]);
		out->f[3] = 1.0f;
		return;
	case BC7_UNORM: case BC7_SRGB:
		ember_tex_bc7_texel(block, i, rgba);
		for (unsigned int c = 0; c < 4; c++)
			out->f[c] = c < 3 && vk_format == BC7_SRGB ?
				ember_tex_srgb8_to_linear(rgba[c]) :
				ember_tex_unorm_to_float(rgba[c], 8);
		return;
	default:
		break;
	}
	if (!ember_tex_format_is_bc(vk_format)) {
		memset(out, 0, sizeof(*out));
		return;
	}
	decode_bc1_3(vk_format, block, i, out);
	if (is_srgb(vk_format)) {
		for (unsigned int c = 0; c < 3; c++)
			out->f[c] = srgb_to_linear(out->f[c]);
	}
}
