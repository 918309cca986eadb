/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Render target formats of the back end
 *
 * The few formats the back end renders to, in two layers: "raw" values
 * (what the memory holds, one integer per component: UNORM codes, float
 * or half bits, integers) loaded and stored with a per-component write
 * mask, and their numeric meaning (floats in linear space, or integers)
 * got by decode/encode. Logic ops work on raw values, blending on decoded
 * ones. Conversions follow Vulkan: float -> UNORM clamps to [0, 1] and
 * rounds to nearest (NaN -> 0); float -> half rounds to nearest even; sRGB
 * is decoded to linear for blending and encoded back when stored.
 *
 * A colour's missing components read as 0, alpha as 1 (R32_UINT -> (r, 0,
 * 0, 1)). To be replaced by the texture unit's codec once it lands.
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

unsigned int ember_rt_texel_size(unsigned int format);
bool ember_rt_is_color(unsigned int format);
bool ember_rt_is_integer(unsigned int format);
/* UNORM or integer: the formats logic ops apply to (not sRGB, not float). */
bool ember_rt_has_logic_ops(unsigned int format);
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

/* Scalar conversions, shared with the resolve and the blend units. */
uint16_t ember_float_to_half(float f);
float ember_half_to_float(uint16_t h);
float ember_srgb_to_linear(float c);
float ember_linear_to_srgb(float c);
uint32_t ember_float_to_unorm(float f, unsigned int bits);

#endif /* EMBER_RASTER_FORMAT_H */
