/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Vertex formats (vertex_format.h): which VkFormats are vertex formats,
 * and their conversion, through the texture unit's codec.
 */

#include "vertex_format.h"

#include <string.h>

/* VkFormat codes (the contract's list, ember-hw.rst "Vertex fetch"). */
#define VK_FORMAT_R64_UINT		110u
#define VK_FORMAT_R64G64B64A64_SFLOAT	121u
#define VK_FORMAT_B10G11R11_UFLOAT	122u

/*
 * The 8-bit families' SRGB members (15, 22, 29, 36, 43, 50, 57) are not
 * vertex formats; everything else from R8_UNORM (9) to R32G32B32A32_SFLOAT
 * (109) is, and the texture table has every one of them.
 */
static bool is_texture_vertex_format(uint32_t vk_format)
{
	if (vk_format == VK_FORMAT_B10G11R11_UFLOAT)
		return true;
	if (vk_format < 9 || vk_format > 109)
		return false;
	/* The 8-bit families are 7 codes from 9 to 57, SRGB the last one. */
	return vk_format > 57 || (vk_format - 9) % 7 != 6;
}

static enum ember_vertex_class class_of(const struct ember_tex_format *tex)
{
	switch (ember_tex_format_class(tex)) {
	case EMBER_TEX_CLASS_UINT:
		return EMBER_VERTEX_UINT;
	case EMBER_TEX_CLASS_SINT:
		return EMBER_VERTEX_SINT;
	default:
		return EMBER_VERTEX_FLOAT;
	}
}

bool ember_vertex_format_get(uint32_t vk_format, struct ember_vertex_format *out)
{
	memset(out, 0, sizeof(*out));
	out->vk_format = vk_format;
	if (vk_format >= VK_FORMAT_R64_UINT &&
	    vk_format <= VK_FORMAT_R64G64B64A64_SFLOAT) {
		/* Three codes per size: UINT, SINT, SFLOAT. */
		uint32_t k = vk_format - VK_FORMAT_R64_UINT;
		static const uint8_t classes[3] = {
			EMBER_VERTEX_UINT64, EMBER_VERTEX_SINT64, EMBER_VERTEX_FLOAT64,
		};

		out->components = (uint8_t)(k / 3 + 1);
		out->bytes = (uint8_t)(8 * out->components);
		out->lanes = 8;
		out->cls = classes[k % 3];
		return true;
	}
	if (!is_texture_vertex_format(vk_format))
		return false;
	out->tex = ember_tex_format_get(vk_format);
	if (!out->tex)
		return false;
	out->bytes = out->tex->bytes;
	out->lanes = 4;
	out->cls = (uint8_t)class_of(out->tex);
	for (unsigned int c = 0; c < 4; c++)
		out->components += out->tex->ch[c].bits != 0;
	return true;
}

static void decode64(const struct ember_vertex_format *fmt, const uint8_t *bytes,
		     uint32_t lanes[EMBER_VERTEX_MAX_LANES])
{
	/* A missing alpha is 1.0 or 1; missing G and B are 0. */
	uint64_t one = fmt->cls == EMBER_VERTEX_FLOAT64 ? 0x3ff0000000000000ull : 1;

	for (unsigned int c = 0; c < 4; c++) {
		uint64_t v = 0;

		if (c < fmt->components) {
			for (unsigned int b = 0; b < 8; b++)
				v |= (uint64_t)bytes[8 * c + b] << (8 * b);
		} else if (c == 3) {
			v = one;
		}
		lanes[2 * c] = (uint32_t)v;
		lanes[2 * c + 1] = (uint32_t)(v >> 32);
	}
}

void ember_vertex_format_decode(const struct ember_vertex_format *fmt,
				const uint8_t *bytes,
				uint32_t lanes[EMBER_VERTEX_MAX_LANES])
{
	union ember_tex_texel texel;

	memset(lanes, 0, EMBER_VERTEX_MAX_LANES * sizeof(*lanes));
	if (!fmt->tex) {
		decode64(fmt, bytes, lanes);
		return;
	}
	/* The texture codec fills missing components with 0, 0, 0, 1. */
	ember_tex_decode(fmt->tex, bytes, &texel);
	memcpy(lanes, texel.u, sizeof(texel.u));
}
