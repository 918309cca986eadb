/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * CLEAR_COLOR, CLEAR_DEPTH_STENCIL and FILL_WIDE: a value encoded once by
 * the texture unit's codec, then a pattern fill of the region, a
 * contiguous rectangle at a time (copy_image.h).
 */

#include <endian.h>

#include "copy_image.h"
#include "copy_region.h"

struct pattern {
	uint8_t bytes[EMBER_FILL_MAX_PATTERN];
	unsigned int size;
};

static int fill_rect(struct ember_job *job, const struct ember_copy_rect *rect, void *arg)
{
	const struct pattern *pat = arg;
	uint64_t rows = rect->height, width = rect->width;
	int ret;

	/* Rows that touch are one fill. */
	if (rect->dst_pitch == rect->width) {
		width *= rows;
		rows = 1;
	}
	for (uint64_t row = 0; row < rows; row++) {
		ret = ember_fill_pattern(job, rect->dst + row * rect->dst_pitch, width,
					 pat->bytes, pat->size);
		if (ret)
			return ret;
	}
	return 0;
}

/* Clear @extent of @side (checked) to @value, a texel of the plane's class. */
static int clear_plane(struct ember_job *job, const struct ember_region_side *side,
		       const union ember_tex_texel *value, const uint32_t extent[3])
{
	struct ember_tex_format view;
	struct pattern pat;
	unsigned int bytes;

	ember_tex_format_view(side->img.format, side->img.aspect, &view);
	bytes = view.bytes;
	ember_tex_encode(&view, value, pat.bytes);
	/* Every sample of the element. */
	for (unsigned int s = 1; s < side->img.samples; s++)
		memcpy(pat.bytes + s * bytes, pat.bytes, bytes);
	pat.size = side->element;
	return ember_region_walk(job, side, NULL, extent, fill_rect, &pat);
}

int ember_clear_color(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_clear_color pkt;
	struct ember_region_side side;
	union ember_tex_texel value;
	int ret;

	if (flags)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(clear_color, p, &pkt);
	if (pkt.aspect != EMBER_ASPECT_COLOR)
		return EMBER_FAULT_BAD_PACKET;
	ret = ember_region_image(job, pkt.image, p[2], &side, NULL);
	if (ret)
		return ret;
	/* Nothing encodes a BC block. */
	if (side.block_log2 || !ember_region_fits(&side, pkt.offset, pkt.extent))
		return EMBER_FAULT_BAD_PACKET;
	/* The VkClearColorValue's dwords are already the class's values. */
	memcpy(value.u, pkt.value, sizeof(value.u));
	return clear_plane(job, &side, &value, pkt.extent);
}

int ember_clear_depth_stencil(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	static const uint32_t planes[2] = { EMBER_ASPECT_DEPTH, EMBER_ASPECT_STENCIL };
	struct ember_upkt_clear_depth_stencil pkt;
	struct ember_region_side side[2];
	union ember_tex_texel value[2] = { { .u = { 0 } }, { .u = { 0 } } };
	int ret;

	if (flags)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(clear_depth_stencil, p, &pkt);
	if (!pkt.aspect || (pkt.aspect & ~(EMBER_ASPECT_DEPTH | EMBER_ASPECT_STENCIL)))
		return EMBER_FAULT_BAD_PACKET;
	value[0].u[0] = pkt.depth;
	value[1].u[0] = pkt.stencil & 0xff;
	/* Check both planes before writing either. */
	for (unsigned int i = 0; i < 2; i++) {
		uint32_t sub = EMBER_IMAGE_SUB(pkt.level, planes[i]) | (p[2] & 0xffff0000u);

		if (!(pkt.aspect & planes[i]))
			continue;
		ret = ember_region_image(job, pkt.image, sub, &side[i], NULL);
		if (ret)
			return ret;
		if (!ember_region_fits(&side[i], pkt.offset, pkt.extent))
			return EMBER_FAULT_BAD_PACKET;
	}
	for (unsigned int i = 0; i < 2; i++) {
		if (!(pkt.aspect & planes[i]))
			continue;
		ret = clear_plane(job, &side[i], &value[i], pkt.extent);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_fill_wide(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_fill_wide pkt;
	unsigned int size = flags & EMBER_FILL_128 ? 16 : 8;
	uint32_t le[4];

	if (flags & ~EMBER_FILL_128)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(fill_wide, p, &pkt);
	if (pkt.dst % 4 || pkt.size % size)
		return EMBER_FAULT_BAD_PACKET;
	for (unsigned int i = 0; i < 4; i++)
		le[i] = htole32(pkt.pattern[i]);
	return ember_fill_pattern(job, pkt.dst, pkt.size, (const uint8_t *)le, size);
}
