/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texel formats
 *
 * A format code is a VkFormat value. Each supported format is one row of a
 * table (tex_format.c): the texel's size in bytes and, for each of R, G, B
 * and A, where its bits are in the texel (read as a little-endian integer
 * of up to 128 bits) and their numeric type. That one description covers
 * array formats (R8G8B8A8: bytes in memory order), packed ones
 * (A2B10G10R10_PACK32, R5G6B5_PACK16: fields of one host-endian word) and
 * swapped ones (B8G8R8A8) alike, so the codec has no per-format code; only
 * E5B9G9R9's shared exponent is a flag of its own.
 *
 * Depth/stencil formats put the depth in channel 0 and the stencil in
 * channel 1 of the row. The texture unit reads one aspect at a time:
 * ember_tex_format_view() turns a row and an aspect into the description of
 * that aspect alone (its value in component 0), so D24_UNORM_S8_UINT's
 * depth is a 24-bit UNORM at bit 0 of a 4-byte texel and its stencil an
 * 8-bit UINT at bit 24. The combined layouts are: D16_UNORM_S8_UINT 4 bytes
 * (depth bits 0-15, stencil 16-23), D24_UNORM_S8_UINT 4 bytes (depth 0-23,
 * stencil 24-31), D32_SFLOAT_S8_UINT 8 bytes (depth 0-31, stencil 32-39).
 * An image whose aspects live in separate planes describes each plane as
 * its own D16_UNORM / X8_D24 / D32_SFLOAT or S8_UINT image.
 *
 * The BC formats (tex_bc.h) are rows too, with @block_log2 2: their
 * "texel" in memory is a 4x4 block of @bytes bytes, their channels say
 * which components exist and their numeric type (all decode to floats),
 * not where bits are. ember_tex_decode() of a BC row decodes the block's
 * first texel and ember_tex_encode() writes zeros: the texture unit reads
 * BC texels through ember_tex_bc_decode() and never writes them.
 *
 * A decoded texel is four 32-bit values: floats for the UNORM, SNORM,
 * SCALED, SRGB and FLOAT formats, uint32 for UINT, int32 for SINT
 * (ember_tex_format_class()). Missing components read as 0, 0, 0 and 1
 * (1.0 or integer 1).
 */

#ifndef EMBER_FW_TEX_FORMAT_H
#define EMBER_FW_TEX_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

/* Numeric type of a channel. */
enum ember_tex_numeric {
	EMBER_TEX_NONE = 0,
	EMBER_TEX_UNORM,
	EMBER_TEX_SNORM,
	EMBER_TEX_USCALED,
	EMBER_TEX_SSCALED,
	EMBER_TEX_UINT,
	EMBER_TEX_SINT,
	EMBER_TEX_SRGB,
	EMBER_TEX_SFLOAT,
	/* Unsigned small float: 5 exponent bits, the rest mantissa. */
	EMBER_TEX_UFLOAT,
	/* A 9-bit mantissa of E5B9G9R9; the exponent is bits 27-31. */
	EMBER_TEX_SHARED_EXP,
};

/* What the four 32-bit values of a decoded texel are. */
enum ember_tex_class {
	EMBER_TEX_CLASS_FLOAT,
	EMBER_TEX_CLASS_UINT,
	EMBER_TEX_CLASS_SINT,
};

/* Which part of a format an image (view) reads: VkImageAspectFlagBits. */
enum ember_tex_aspect {
	EMBER_TEX_ASPECT_COLOR = 0x1,
	EMBER_TEX_ASPECT_DEPTH = 0x2,
	EMBER_TEX_ASPECT_STENCIL = 0x4,
};

struct ember_tex_channel {
	uint8_t shift;		/* first bit in the little-endian texel */
	uint8_t bits;		/* 0: the format has no such channel */
	uint8_t type;		/* enum ember_tex_numeric */
};

struct ember_tex_format {
	uint32_t vk_format;
	uint8_t bytes;
	/* R, G, B, A; for depth/stencil formats: depth, stencil. */
	struct ember_tex_channel ch[4];
	/* log2 of a block's width and height: 2 for BC, else 0. */
	uint8_t block_log2;
};

/* A decoded texel, by the format's class. */
union ember_tex_texel {
	float f[4];
	uint32_t u[4];
	int32_t i[4];
};

/* The table's row for @vk_format, or NULL if Ember has none. */
const struct ember_tex_format *ember_tex_format_get(uint32_t vk_format);

/* Every row, for tests and the fuzzer: *@count of them. */
const struct ember_tex_format *ember_tex_format_table(unsigned int *count);

/*
 * The description of @aspect of @vk_format into @view: false if there is
 * no such format or the format has no such aspect.
 */
bool ember_tex_format_view(uint32_t vk_format, unsigned int aspect,
			   struct ember_tex_format *view);

bool ember_tex_format_is_depth_stencil(const struct ember_tex_format *f);
enum ember_tex_class ember_tex_format_class(const struct ember_tex_format *view);

/* Decode the @view->bytes bytes at @texel (any alignment). */
void ember_tex_decode(const struct ember_tex_format *view, const void *texel,
		      union ember_tex_texel *out);
/*
 * Encode @in into @view->bytes bytes at @texel; bits of no channel (X8 of
 * X8_D24, padding) are written as 0. Integers out of a channel's range
 * saturate; floats convert as tex_numeric.h says.
 */
void ember_tex_encode(const struct ember_tex_format *view,
		      const union ember_tex_texel *in, void *texel);

/*
 * The channel level of the codec, for the render targets' back end
 * (firmware/raster), which blends and applies logic ops between loading
 * and storing a texel: the stored bits of each channel of an array or
 * packed format (not BC, not shared-exponent), and their conversion to
 * and from a decoded value (ember_tex_encode()'s rules).
 */
void ember_tex_load_channels(const struct ember_tex_format *view, const void *texel,
			     uint32_t bits[4]);
/* Rewrite the channels of @mask (bit c: channel c), keeping every other bit. */
void ember_tex_store_channels(const struct ember_tex_format *view, void *texel,
			      const uint32_t bits[4], unsigned int mask);
uint32_t ember_tex_channel_decode(const struct ember_tex_channel *c, uint32_t bits);
uint32_t ember_tex_channel_encode(const struct ember_tex_channel *c, uint32_t value);

#endif /* EMBER_FW_TEX_FORMAT_H */
