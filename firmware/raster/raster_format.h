/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render target formats of the back end
 *
 * Colour formats (ember-hw.rst "Render target formats") in two layers:
 * "raw" values (what the memory holds, one integer per channel: UNORM and
 * SNORM codes, float bits, integers) loaded and stored with a per-channel
 * write mask, and their numeric meaning (floats in linear space, or
 * integers) got by decode/encode. Logic ops work on raw values, blending
 * on decoded ones. Each colour format is a VkFormat of the texture unit's
 * codec (texture/tex_format.h), which does every conversion, so a render
 * target, a storage image, a clear and a blit store the same bits for the
 * same value: UNORM/SNORM clamp and round to nearest even (NaN -> 0), sRGB
 * is decoded to linear for blending and encoded back when stored, floats
 * round to nearest even with the 11/10-bit floats' saturation, integers
 * saturate to the channel.
 *
 * A colour's missing channels read as 0, alpha as 1 (R32_UINT -> (r, 0,
 * 0, 1)). Depth/stencil formats keep their own code here: the back end
 * holds D24_UNORM_S8_UINT as one 32-bit word and D32_SFLOAT_S8_UINT as
 * 8 bytes, the depth float then the stencil byte (draw_targets.c splits
 * both into the image's planes); X8_D24_UNORM_PACK32 is the depth word
 * with its top byte 0.
 */

#ifndef EMBER_RASTER_FORMAT_H
#define EMBER_RASTER_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "raster_state.h"

/* A colour value: floats for float/UNORM/sRGB formats, u for integers. */
union ember_color {
	float f[4];
	uint32_t u[4];
};

/* How a format's blend inputs are clamped (R13, ember-hw.rst). */
enum ember_rt_blend_clamp {
	EMBER_RT_CLAMP_NONE,	/* float formats */
	EMBER_RT_CLAMP_UNORM,	/* UNORM and sRGB: [0, 1] */
	EMBER_RT_CLAMP_SNORM,	/* SNORM: [-1, 1] */
};

/* The back end's format of VkFormat @vk_format as a colour or depth/stencil target; NONE if none. */
unsigned int ember_rt_format_from_vk(uint32_t vk_format, bool color);
/* The VkFormat of colour format @format (0 for the others). */
uint32_t ember_rt_vk_format(unsigned int format);

unsigned int ember_rt_texel_size(unsigned int format);
bool ember_rt_is_color(unsigned int format);
bool ember_rt_is_integer(unsigned int format);
/* UNORM, SNORM or integer: the formats logic ops apply to (not sRGB, not float). */
bool ember_rt_has_logic_ops(unsigned int format);
/* The stored bits of channel @c of colour format @format (0: no such channel). */
uint32_t ember_rt_channel_mask(unsigned int format, unsigned int c);
enum ember_rt_blend_clamp ember_rt_blend_clamp(unsigned int format);
bool ember_rt_has_depth(unsigned int format);
bool ember_rt_has_stencil(unsigned int format);

void ember_texel_load_raw(unsigned int format, const void *texel,
			  uint32_t raw[4]);
/* Stores the components of @raw selected by @write_mask (EMBER_WRITE_*). */
void ember_texel_store_raw(unsigned int format, void *texel,
			   const uint32_t raw[4], unsigned int write_mask);
void ember_color_decode(unsigned int format, const uint32_t raw[4],
			union ember_color *color);
void ember_color_encode(unsigned int format, const union ember_color *color,
			uint32_t raw[4]);

/* Depth: z quantized to the format (the value a depth test compares). */
float ember_depth_quantize(unsigned int format, float z);
float ember_depth_load(unsigned int format, const void *texel);
void ember_depth_store(unsigned int format, void *texel, float z);
uint8_t ember_stencil_load(unsigned int format, const void *texel);
void ember_stencil_store(unsigned int format, void *texel, uint8_t s);

/* Depth's UNORM conversion (colour converts through the texel codec). */
uint32_t ember_float_to_unorm(float f, unsigned int bits);

#endif /* EMBER_RASTER_FORMAT_H */
