/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Render target formats of the back end: see raster_format.h. */

#include "raster_format.h"

#include <math.h>
#include <string.h>

unsigned int ember_rt_texel_size(unsigned int format)
{
	switch (format) {
	case EMBER_RT_R8G8B8A8_UNORM:
	case EMBER_RT_R8G8B8A8_SRGB:
	case EMBER_RT_R32_UINT:
	case EMBER_RT_D32_SFLOAT:
	case EMBER_RT_D24_UNORM_S8_UINT:
		return 4;
	case EMBER_RT_R32G32B32A32_SFLOAT:
		return 16;
	case EMBER_RT_R16G16B16A16_SFLOAT:
		return 8;
	case EMBER_RT_D16_UNORM:
		return 2;
	case EMBER_RT_S8_UINT:
		return 1;
	default:
		return 0;
	}
}

bool ember_rt_is_color(unsigned int format)
{
	return format >= EMBER_RT_R8G8B8A8_UNORM && format <= EMBER_RT_R32_UINT;
}

bool ember_rt_is_integer(unsigned int format)
{
	return format == EMBER_RT_R32_UINT;
}

bool ember_rt_has_logic_ops(unsigned int format)
{
	return format == EMBER_RT_R8G8B8A8_UNORM || format == EMBER_RT_R32_UINT;
}

bool ember_rt_has_depth(unsigned int format)
{
	return format == EMBER_RT_D32_SFLOAT || format == EMBER_RT_D16_UNORM ||
	       format == EMBER_RT_D24_UNORM_S8_UINT;
}

bool ember_rt_has_stencil(unsigned int format)
{
	return format == EMBER_RT_D24_UNORM_S8_UINT || format == EMBER_RT_S8_UINT;
}

static uint32_t load32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void store32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

static uint16_t load16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void store16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, sizeof(v));
}

void ember_texel_load_raw(unsigned int format, const void *texel,
			  uint32_t raw[4])
{
	const uint8_t *p = texel;

	raw[0] = raw[1] = raw[2] = raw[3] = 0;
	switch (format) {
	case EMBER_RT_R8G8B8A8_UNORM:
	case EMBER_RT_R8G8B8A8_SRGB:
		for (int c = 0; c < 4; c++)
			raw[c] = p[c];
		break;
	case EMBER_RT_R32G32B32A32_SFLOAT:
		for (int c = 0; c < 4; c++)
			raw[c] = load32(p + 4 * c);
		break;
	case EMBER_RT_R16G16B16A16_SFLOAT:
		for (int c = 0; c < 4; c++)
			raw[c] = load16(p + 2 * c);
		break;
	case EMBER_RT_R32_UINT:
		raw[0] = load32(p);
		break;
	default:
		break;
	}
}

void ember_texel_store_raw(unsigned int format, void *texel,
			   const uint32_t raw[4], unsigned int write_mask)
{
	uint8_t *p = texel;

	for (int c = 0; c < 4; c++) {
		if (!(write_mask & (1u << c)))
			continue;
		switch (format) {
		case EMBER_RT_R8G8B8A8_UNORM:
		case EMBER_RT_R8G8B8A8_SRGB:
			p[c] = (uint8_t)raw[c];
			break;
		case EMBER_RT_R32G32B32A32_SFLOAT:
			store32(p + 4 * c, raw[c]);
			break;
		case EMBER_RT_R16G16B16A16_SFLOAT:
			store16(p + 2 * c, (uint16_t)raw[c]);
			break;
		case EMBER_RT_R32_UINT:
			if (c == 0)
				store32(p, raw[0]);
			break;
		default:
			break;
		}
	}
}

static float bits_to_float(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

static uint32_t float_to_bits(float f)
{
	uint32_t bits;

	memcpy(&bits, &f, sizeof(bits));
	return bits;
}

uint16_t ember_float_to_half(float f)
{
	uint32_t x = float_to_bits(f);
	uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
	uint32_t exp = (x >> 23) & 0xffu;
	uint32_t mant = x & 0x7fffffu;

	if (exp == 0xff)		/* inf stays inf, NaN stays a quiet NaN */
		return sign | 0x7c00u | (mant ? 0x200u : 0);
	int32_t e = (int32_t)exp - 127 + 15;

	if (e >= 31)
		return sign | 0x7c00u;
	if (e <= 0) {
		/* Subnormal half (or zero): shift the full mantissa down. */
		if (e < -10)
			return sign;
		mant |= 0x800000u;
		uint32_t shift = (uint32_t)(14 - e);
		uint32_t half = mant >> shift;
		uint32_t rest = mant & ((1u << shift) - 1);
		uint32_t halfway = 1u << (shift - 1);

		if (rest > halfway || (rest == halfway && (half & 1)))
			half++;
		return sign | (uint16_t)half;
	}
	uint32_t half = ((uint32_t)e << 10) | (mant >> 13);
	uint32_t rest = mant & 0x1fffu;

	/* A carry out of the mantissa rounds into the exponent, up to inf. */
	if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
		half++;
	return sign | (uint16_t)half;
}

float ember_half_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
	uint32_t exp = (h >> 10) & 0x1fu;
	uint32_t mant = h & 0x3ffu;

	if (exp == 0x1f)
		return bits_to_float(sign | 0x7f800000u | (mant << 13));
	if (exp == 0) {
		float v = ldexpf((float)mant, -24);

		return sign ? -v : v;
	}
	return bits_to_float(sign | ((exp - 15 + 127) << 23) | (mant << 13));
}

float ember_srgb_to_linear(float c)
{
	if (c <= 0.04045f)
		return c / 12.92f;
	return powf((c + 0.055f) / 1.055f, 2.4f);
}

float ember_linear_to_srgb(float c)
{
	if (!(c > 0.0f))
		return 0.0f;
	if (c >= 1.0f)
		return 1.0f;
	if (c < 0.0031308f)
		return c * 12.92f;
	return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

uint32_t ember_float_to_unorm(float f, unsigned int bits)
{
	double max = (double)((1ull << bits) - 1);

	if (!(f > 0.0f))	/* also NaN */
		return 0;
	if (f >= 1.0f)
		return (uint32_t)max;
	return (uint32_t)floor((double)f * max + 0.5);
}

void ember_color_decode(unsigned int format, const uint32_t raw[4],
			union ember_color *color)
{
	switch (format) {
	case EMBER_RT_R8G8B8A8_UNORM:
		for (int c = 0; c < 4; c++)
			color->f[c] = (float)raw[c] / 255.0f;
		break;
	case EMBER_RT_R8G8B8A8_SRGB:
		for (int c = 0; c < 3; c++)
			color->f[c] = ember_srgb_to_linear((float)raw[c] / 255.0f);
		color->f[3] = (float)raw[3] / 255.0f;
		break;
	case EMBER_RT_R32G32B32A32_SFLOAT:
		for (int c = 0; c < 4; c++)
			color->f[c] = bits_to_float(raw[c]);
		break;
	case EMBER_RT_R16G16B16A16_SFLOAT:
		for (int c = 0; c < 4; c++)
			color->f[c] = ember_half_to_float((uint16_t)raw[c]);
		break;
	case EMBER_RT_R32_UINT:
		color->u[0] = raw[0];
		color->u[1] = color->u[2] = 0;
		color->u[3] = 1;
		break;
	default:
		color->f[0] = color->f[1] = color->f[2] = 0.0f;
		color->f[3] = 1.0f;
		break;
	}
}

void ember_color_encode(unsigned int format, const union ember_color *color,
			uint32_t raw[4])
{
	raw[0] = raw[1] = raw[2] = raw[3] = 0;
	switch (format) {
	case EMBER_RT_R8G8B8A8_UNORM:
		for (int c = 0; c < 4; c++)
			raw[c] = ember_float_to_unorm(color->f[c], 8);
		break;
	case EMBER_RT_R8G8B8A8_SRGB:
		for (int c = 0; c < 3; c++)
			raw[c] = ember_float_to_unorm(
				ember_linear_to_srgb(color->f[c]), 8);
		raw[3] = ember_float_to_unorm(color->f[3], 8);
		break;
	case EMBER_RT_R32G32B32A32_SFLOAT:
		for (int c = 0; c < 4; c++)
			raw[c] = float_to_bits(color->f[c]);
		break;
	case EMBER_RT_R16G16B16A16_SFLOAT:
		for (int c = 0; c < 4; c++)
			raw[c] = ember_float_to_half(color->f[c]);
		break;
	case EMBER_RT_R32_UINT:
		raw[0] = color->u[0];
		break;
	default:
		break;
	}
}

float ember_depth_quantize(unsigned int format, float z)
{
	switch (format) {
	case EMBER_RT_D16_UNORM:
		return (float)((double)ember_float_to_unorm(z, 16) / 65535.0);
	case EMBER_RT_D24_UNORM_S8_UINT:
		return (float)((double)ember_float_to_unorm(z, 24) / 16777215.0);
	default:
		return z;
	}
}

float ember_depth_load(unsigned int format, const void *texel)
{
	const uint8_t *p = texel;

	switch (format) {
	case EMBER_RT_D32_SFLOAT:
		return bits_to_float(load32(p));
	case EMBER_RT_D16_UNORM:
		return (float)((double)load16(p) / 65535.0);
	case EMBER_RT_D24_UNORM_S8_UINT:
		return (float)((double)(load32(p) & 0xffffffu) / 16777215.0);
	default:
		return 0.0f;
	}
}

void ember_depth_store(unsigned int format, void *texel, float z)
{
	uint8_t *p = texel;

	switch (format) {
	case EMBER_RT_D32_SFLOAT:
		store32(p, float_to_bits(z));
		break;
	case EMBER_RT_D16_UNORM:
		store16(p, (uint16_t)ember_float_to_unorm(z, 16));
		break;
	case EMBER_RT_D24_UNORM_S8_UINT:
		store32(p, (load32(p) & 0xff000000u) | ember_float_to_unorm(z, 24));
		break;
	default:
		break;
	}
}

uint8_t ember_stencil_load(unsigned int format, const void *texel)
{
	const uint8_t *p = texel;

	if (format == EMBER_RT_D24_UNORM_S8_UINT)
		return (uint8_t)(load32(p) >> 24);
	if (format == EMBER_RT_S8_UINT)
		return p[0];
	return 0;
}

void ember_stencil_store(unsigned int format, void *texel, uint8_t s)
{
	uint8_t *p = texel;

	if (format == EMBER_RT_D24_UNORM_S8_UINT)
		store32(p, (load32(p) & 0xffffffu) | ((uint32_t)s << 24));
	else if (format == EMBER_RT_S8_UINT)
		p[0] = s;
}
