/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Vertex formats
 *
 * The VkFormats a vertex attribute may have (ember-hw.rst, "Vertex
 * fetch"), and the conversion of one attribute's bytes into the 32-bit
 * lanes a vertex shader reads. Vulkan defines the conversion "as if a
 * texel were read from that address", so the 8-, 16- and 32-bit formats
 * and B10G11R11 go through the texture unit's own format table and codec
 * (firmware/texture/tex_format.h): one implementation of the numeric
 * rules for images and vertices. The 64-bit formats, which the texture
 * unit does not have, are copied as two lanes per component here.
 *
 * Four lanes R, G, B, A (eight for a 64-bit format): binary32 bits for the
 * float classes (UNORM, SNORM, USCALED, SSCALED, SFLOAT, UFLOAT), uint32
 * or int32 for UINT and SINT. Missing components are G = 0, B = 0, A = 1
 * (1.0 or integer 1; for 64-bit formats 1.0 as a double or a 64-bit 1).
 */

#ifndef EMBER_DRAW_VERTEX_FORMAT_H
#define EMBER_DRAW_VERTEX_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "texture/tex_format.h"

#define EMBER_VERTEX_MAX_LANES	8
/* The largest attribute: R64G64B64A64. */
#define EMBER_VERTEX_MAX_BYTES	32

enum ember_vertex_class {
	EMBER_VERTEX_FLOAT,	/* binary32 lanes */
	EMBER_VERTEX_UINT,
	EMBER_VERTEX_SINT,
	EMBER_VERTEX_FLOAT64,	/* binary64, two lanes each */
	EMBER_VERTEX_UINT64,
	EMBER_VERTEX_SINT64,
};

struct ember_vertex_format {
	uint32_t vk_format;
	uint8_t bytes;		/* size of one attribute in memory */
	uint8_t lanes;		/* 4, or 8 for a 64-bit format */
	uint8_t components;	/* 64-bit formats: how many it stores */
	uint8_t cls;		/* enum ember_vertex_class */
	/* 8/16/32-bit formats and B10G11R11: the texture unit's row. */
	const struct ember_tex_format *tex;
};

/* @vk_format as a vertex format: false if it is not one (BAD_STATE). */
bool ember_vertex_format_get(uint32_t vk_format, struct ember_vertex_format *out);

/* Convert the @fmt->bytes bytes at @bytes (any alignment) into @lanes. */
void ember_vertex_format_decode(const struct ember_vertex_format *fmt,
				const uint8_t *bytes,
				uint32_t lanes[EMBER_VERTEX_MAX_LANES]);

#endif /* EMBER_DRAW_VERTEX_FORMAT_H */
