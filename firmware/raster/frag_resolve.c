/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Multisample resolve
 *
 * Float and UNORM targets resolve to the average of the samples' decoded
 * values (sRGB decoded to linear first, so the average is of light, not
 * of codes), encoded again; integer targets take sample 0 (Vulkan's
 * VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, the only mode for them).
 */

#include "frag_ops.h"

/* @v clamped to [0, @max]. */
static uint32_t clamp_coord(int64_t v, uint32_t max)
{
	return v < 0 ? 0 : v > max ? max : (uint32_t)v;
}

void ember_backend_resolve(const struct ember_render_target *src,
		   const struct ember_render_target *dst,
		   const struct ember_rect *rect)
{
	unsigned int samples = src->samples ? src->samples : 1;
	uint32_t width = src->width < dst->width ? src->width : dst->width;
	uint32_t height = src->height < dst->height ? src->height : dst->height;
	/* A region from the guest: only what lies in both targets is resolved. */
	uint32_t x0 = clamp_coord(rect->x, width), y0 = clamp_coord(rect->y, height);
	uint32_t x1 = clamp_coord((int64_t)rect->x + rect->width, width);
	uint32_t y1 = clamp_coord((int64_t)rect->y + rect->height, height);

	for (uint32_t y = y0; y < y1; y++) {
		for (uint32_t x = x0; x < x1; x++) {
			uint32_t raw[4];
			union ember_color sum = { .f = { 0, 0, 0, 0 } }, c;

			if (ember_rt_is_integer(src->format)) {
				ember_texel_load_raw(src->format,
						     ember_rt_texel(src, x, y, 0), raw);
				ember_texel_store_raw(dst->format,
						      ember_rt_texel(dst, x, y, 0),
						      raw, EMBER_WRITE_ALL);
				continue;
			}
			for (unsigned int s = 0; s < samples; s++) {
				ember_texel_load_raw(src->format,
						     ember_rt_texel(src, x, y, s), raw);
				ember_color_decode(src->format, raw, &c);
				for (int k = 0; k < 4; k++)
					sum.f[k] += c.f[k];
			}
			for (int k = 0; k < 4; k++)
				sum.f[k] /= (float)samples;
			ember_color_encode(dst->format, &sum, raw);
			ember_texel_store_raw(dst->format, ember_rt_texel(dst, x, y, 0),
					      raw, EMBER_WRITE_ALL);
		}
	}
}
