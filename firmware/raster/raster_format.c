/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Render target formats of the back end: see raster_format.h. */

#include "raster_format.h"

#include <math.h>
#include <string.h>

#include "tex_format.h"

/* VkFormat of each colour format (ember-hw.rst "Render target formats"). */
static const uint32_t color_vk_format[EMBER_RT_FORMAT_COUNT] = {
	[EMBER_RT_R8G8B8A8_UNORM] = 37,
	[EMBER_RT_R8G8B8A8_SRGB] = 43,
	[EMBER_RT_R32G32B32A32_SFLOAT] = 109,
	[EMBER_RT_R16G16B16A16_SFLOAT] = 97,
	[EMBER_RT_R32_UINT] = 98,
	[EMBER_RT_R5G6B5_UNORM_PACK16] = 4,
	[EMBER_RT_A1R5G5B5_UNORM_PACK16] = 8,
	[EMBER_RT_R8_UNORM] = 9,
	[EMBER_RT_R8_SNORM] = 10,
	[EMBER_RT_R8_UINT] = 13,
	[EMBER_RT_R8_SINT] = 14,
	[EMBER_RT_R8G8_UNORM] = 16,
	[EMBER_RT_R8G8_SNORM] = 17,
	[EMBER_RT_R8G8_UINT] = 20,
	[EMBER_RT_R8G8_SINT] = 21,
	[EMBER_RT_R8G8B8A8_SNORM] = 38,
	[EMBER_RT_R8G8B8A8_UINT] = 41,
	[EMBER_RT_R8G8B8A8_SINT] = 42,
	[EMBER_RT_B8G8R8A8_UNORM] = 44,
	[EMBER_RT_B8G8R8A8_SRGB] = 50,
	[EMBER_RT_A8B8G8R8_UNORM_PACK32] = 51,
	[EMBER_RT_A8B8G8R8_SNORM_PACK32] = 52,
	[EMBER_RT_A8B8G8R8_UINT_PACK32] = 55,
	[EMBER_RT_A8B8G8R8_SINT_PACK32] = 56,
	[EMBER_RT_A8B8G8R8_SRGB_PACK32] = 57,
	[EMBER_RT_A2B10G10R10_UNORM_PACK32] = 64,
	[EMBER_RT_A2B10G10R10_UINT_PACK32] = 68,
	[EMBER_RT_R16_UNORM] = 70,
	[EMBER_RT_R16_SNORM] = 71,
	[EMBER_RT_R16_UINT] = 74,
	[EMBER_RT_R16_SINT] = 75,
	[EMBER_RT_R16_SFLOAT] = 76,
	[EMBER_RT_R16G16_UNORM] = 77,
	[EMBER_RT_R16G16_SNORM] = 78,
	[EMBER_RT_R16G16_UINT] = 81,
	[EMBER_RT_R16G16_SINT] = 82,
	[EMBER_RT_R16G16_SFLOAT] = 83,
	[EMBER_RT_R16G16B16A16_UNORM] = 91,
	[EMBER_RT_R16G16B16A16_SNORM] = 92,
	[EMBER_RT_R16G16B16A16_UINT] = 95,
	[EMBER_RT_R16G16B16A16_SINT] = 96,
	[EMBER_RT_R32_SINT] = 99,
	[EMBER_RT_R32_SFLOAT] = 100,
	[EMBER_RT_R32G32_UINT] = 101,
	[EMBER_RT_R32G32_SINT] = 102,
	[EMBER_RT_R32G32_SFLOAT] = 103,
	[EMBER_RT_R32G32B32A32_UINT] = 107,
	[EMBER_RT_R32G32B32A32_SINT] = 108,
	[EMBER_RT_B10G11R11_UFLOAT_PACK32] = 122,
};

/* VkFormat codes of the depth/stencil targets. */
#define VK_D16_UNORM		124
#define VK_D32_SFLOAT		126
#define VK_X8_D24_UNORM_PACK32	125
#define VK_S8_UINT		127
#define VK_D24_UNORM_S8_UINT	129
#define VK_D32_SFLOAT_S8_UINT	130

bool ember_rt_is_color(unsigned int format)
{
	return format >= EMBER_RT_COLOR_FIRST && format <= EMBER_RT_COLOR_LAST;
}

uint32_t ember_rt_vk_format(unsigned int format)
{
	return ember_rt_is_color(format) ? color_vk_format[format] : 0;
}

unsigned int ember_rt_format_from_vk(uint32_t vk_format, bool color)
{
	if (color) {
		for (unsigned int f = EMBER_RT_COLOR_FIRST; f <= EMBER_RT_COLOR_LAST; f++)
			if (color_vk_format[f] == vk_format)
				return f;
		return EMBER_RT_NONE;
	}
	switch (vk_format) {
	case VK_D16_UNORM:		return EMBER_RT_D16_UNORM;
	case VK_D32_SFLOAT:		return EMBER_RT_D32_SFLOAT;
	case VK_S8_UINT:		return EMBER_RT_S8_UINT;
	case VK_D24_UNORM_S8_UINT:	return EMBER_RT_D24_UNORM_S8_UINT;
	case VK_X8_D24_UNORM_PACK32:	return EMBER_RT_X8_D24_UNORM_PACK32;
	case VK_D32_SFLOAT_S8_UINT:	return EMBER_RT_D32_SFLOAT_S8_UINT;
	default:			return EMBER_RT_NONE;
	}
}

/*
 * The codec's row of colour format @format (every one has a row). Every
 * texel a draw loads or stores asks, so the binary search's answer is kept:
 * the rows are constant, and cores racing to fill an entry write the same
 * pointer.
 */
static const struct ember_tex_format *color_row(unsigned int format)
{
	static const struct ember_tex_format *rows[EMBER_RT_FORMAT_COUNT];
	const struct ember_tex_format *row = __atomic_load_n(&rows[format], __ATOMIC_RELAXED);

	if (!row) {
		row = ember_tex_format_get(color_vk_format[format]);
		__atomic_store_n(&rows[format], row, __ATOMIC_RELAXED);
	}
	return row;
}

/* The numeric type of @format's first channel: the format's kind. */
static unsigned int color_type(unsigned int format)
{
	const struct ember_tex_format *f = color_row(format);

	for (unsigned int c = 0; c < 4; c++)
		if (f->ch[c].bits)
			return f->ch[c].type;
	return EMBER_TEX_NONE;
}

unsigned int ember_rt_texel_size(unsigned int format)
{
	if (ember_rt_is_color(format))
		return color_row(format)->bytes;
	switch (format) {
	case EMBER_RT_D32_SFLOAT_S8_UINT:
		return 8;
	case EMBER_RT_D32_SFLOAT:
	case EMBER_RT_D24_UNORM_S8_UINT:
	case EMBER_RT_X8_D24_UNORM_PACK32:
		return 4;
	case EMBER_RT_D16_UNORM:
		return 2;
	case EMBER_RT_S8_UINT:
		return 1;
	default:
		return 0;
	}
}

bool ember_rt_is_integer(unsigned int format)
{
	return ember_rt_is_color(format) &&
	       ember_tex_format_class(color_row(format)) != EMBER_TEX_CLASS_FLOAT;
}

bool ember_rt_has_logic_ops(unsigned int format)
{
	if (!ember_rt_is_color(format))
		return false;
	switch (color_type(format)) {
	case EMBER_TEX_UNORM:
	case EMBER_TEX_SNORM:
	case EMBER_TEX_UINT:
	case EMBER_TEX_SINT:
		return true;
	default:
		return false;
	}
}

uint32_t ember_rt_channel_mask(unsigned int format, unsigned int c)
{
	unsigned int bits;

	if (!ember_rt_is_color(format) || c > 3)
		return 0;
	bits = color_row(format)->ch[c].bits;
	return bits >= 32 ? ~0u : (1u << bits) - 1;
}

enum ember_rt_blend_clamp ember_rt_blend_clamp(unsigned int format)
{
	if (!ember_rt_is_color(format))
		return EMBER_RT_CLAMP_NONE;
	switch (color_type(format)) {
	case EMBER_TEX_UNORM:
	case EMBER_TEX_SRGB:
		return EMBER_RT_CLAMP_UNORM;
	case EMBER_TEX_SNORM:
		return EMBER_RT_CLAMP_SNORM;
	default:
		return EMBER_RT_CLAMP_NONE;
	}
}

bool ember_rt_has_depth(unsigned int format)
{
	return format == EMBER_RT_D32_SFLOAT || format == EMBER_RT_D16_UNORM ||
	       format == EMBER_RT_D24_UNORM_S8_UINT || format == EMBER_RT_X8_D24_UNORM_PACK32 ||
	       format == EMBER_RT_D32_SFLOAT_S8_UINT;
}

bool ember_rt_has_stencil(unsigned int format)
{
	return format == EMBER_RT_D24_UNORM_S8_UINT || format == EMBER_RT_S8_UINT ||
	       format == EMBER_RT_D32_SFLOAT_S8_UINT;
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

/*
 * The formats of four 8-bit channels filling a 32-bit texel (R8G8B8A8,
 * B8G8R8A8 and A8B8G8R8 of every type): the common render targets, whose
 * channels move as one 32-bit word. 0: not such a format; else 1 + the
 * shifts of R, G, B, A packed in bits 8 up (8 bits each).
 */
static uint64_t bytes4_layout(unsigned int format)
{
	static uint64_t layouts[EMBER_RT_FORMAT_COUNT];	/* 0: not computed */
	uint64_t l = __atomic_load_n(&layouts[format], __ATOMIC_RELAXED);

	if (!l) {
		const struct ember_tex_format *f = color_row(format);
		bool packed = f->bytes == 4;

		l = 2;				/* computed, not such a format */
		for (unsigned int c = 0; c < 4; c++)
			packed = packed && f->ch[c].bits == 8;
		if (packed) {
			l = 1;
			for (unsigned int c = 0; c < 4; c++)
				l |= (uint64_t)f->ch[c].shift << (8 + 8 * c);
		}
		__atomic_store_n(&layouts[format], l, __ATOMIC_RELAXED);
	}
	return l == 2 ? 0 : l;
}

static unsigned int bytes4_shift(uint64_t layout, unsigned int c)
{
	return (unsigned int)(layout >> (8 + 8 * c)) & 0xff;
}

void ember_texel_load_raw(unsigned int format, const void *texel,
			  uint32_t raw[4])
{
	if (!ember_rt_is_color(format)) {
		raw[0] = raw[1] = raw[2] = raw[3] = 0;
		return;
	}
	uint64_t layout = bytes4_layout(format);

	if (layout) {
		uint32_t w = load32(texel);

		for (unsigned int c = 0; c < 4; c++)
			raw[c] = (w >> bytes4_shift(layout, c)) & 0xff;
		return;
	}
	ember_tex_load_channels(color_row(format), texel, raw);
}

void ember_texel_store_raw(unsigned int format, void *texel,
			   const uint32_t raw[4], unsigned int write_mask)
{
	if (!ember_rt_is_color(format))
		return;
	uint64_t layout = (write_mask & EMBER_WRITE_ALL) == EMBER_WRITE_ALL ?
			  bytes4_layout(format) : 0;

	if (layout) {
		uint32_t w = 0;

		for (unsigned int c = 0; c < 4; c++)
			w |= (raw[c] & 0xff) << bytes4_shift(layout, c);
		store32(texel, w);
		return;
	}
	ember_tex_store_channels(color_row(format), texel, raw,
				 write_mask & EMBER_WRITE_ALL);
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
	const struct ember_tex_format *f;

	if (!ember_rt_is_color(format)) {
		color->f[0] = color->f[1] = color->f[2] = 0.0f;
		color->f[3] = 1.0f;
		return;
	}
	f = color_row(format);
	for (unsigned int c = 0; c < 4; c++) {
		if (f->ch[c].bits)
			color->u[c] = ember_tex_channel_decode(&f->ch[c], raw[c]);
		else if (c < 3)
			color->u[c] = 0;	/* 0 and 0.0f alike */
		else if (ember_rt_is_integer(format))
			color->u[c] = 1;
		else
			color->f[c] = 1.0f;
	}
}

/*
 * ember_tex_float_to_unorm(f, 8) without its library call: f * 255 is
 * exact in double (24 + 8 bits), and adding and subtracting 2^52 rounds
 * it to an integer in the current rounding mode, as nearbyint() does
 * (round to nearest even by default).
 */
static uint32_t float_to_unorm8(float f)
{
	const double big = 0x1p52;
	double x;

	if (!(f > 0.0f))	/* negative, zero and NaN */
		return 0;
	if (f >= 1.0f)
		return 255;
	x = (double)f * 255.0;
	return (uint32_t)((x + big) - big);
}

void ember_color_encode(unsigned int format, const union ember_color *color,
			uint32_t raw[4])
{
	const struct ember_tex_format *f;

	raw[0] = raw[1] = raw[2] = raw[3] = 0;
	if (!ember_rt_is_color(format))
		return;
	f = color_row(format);
	for (unsigned int c = 0; c < 4; c++) {
		if (f->ch[c].type == EMBER_TEX_UNORM && f->ch[c].bits == 8)
			raw[c] = float_to_unorm8(color->f[c]);
		else if (f->ch[c].bits)
			raw[c] = ember_tex_channel_encode(&f->ch[c], color->u[c]);
	}
}

float ember_depth_quantize(unsigned int format, float z)
{
	switch (format) {
	case EMBER_RT_D16_UNORM:
		return (float)((double)ember_float_to_unorm(z, 16) / 65535.0);
	case EMBER_RT_D24_UNORM_S8_UINT:
	case EMBER_RT_X8_D24_UNORM_PACK32:
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
	case EMBER_RT_D32_SFLOAT_S8_UINT:
		return bits_to_float(load32(p));
	case EMBER_RT_D16_UNORM:
		return (float)((double)load16(p) / 65535.0);
	case EMBER_RT_D24_UNORM_S8_UINT:
	case EMBER_RT_X8_D24_UNORM_PACK32:
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
	case EMBER_RT_D32_SFLOAT_S8_UINT:
		store32(p, float_to_bits(z));
		break;
	case EMBER_RT_X8_D24_UNORM_PACK32:
		store32(p, ember_float_to_unorm(z, 24));
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
	if (format == EMBER_RT_D32_SFLOAT_S8_UINT)
		return p[4];
	return 0;
}

void ember_stencil_store(unsigned int format, void *texel, uint8_t s)
{
	uint8_t *p = texel;

	if (format == EMBER_RT_D24_UNORM_S8_UINT)
		store32(p, (load32(p) & 0xffffffu) | ((uint32_t)s << 24));
	else if (format == EMBER_RT_S8_UINT)
		p[0] = s;
	else if (format == EMBER_RT_D32_SFLOAT_S8_UINT)
		p[4] = s;
}
