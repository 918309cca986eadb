/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Reading the texels of a wave
 *
 * tex_wave_read() (tex_texel.h) reads one texel per lane: the lanes'
 * addresses first, in one loop over the wave, then the texels in lane
 * order. A texel on the page the operation mapped last is read straight
 * from the host mapping, with no call, so a run of lanes on one page costs
 * one translation; any other texel (a new page, one straddling two pages,
 * memory without map_page) takes tex_read_va(), which maps the page or
 * records the fault. The decoder is chosen once per call: each common
 * path has the loop specialised for it (read_lanes_as() is inlined with a
 * constant path); any other format is read texel by texel through
 * tex_read_texel(), which knows every format (and where a texel of a
 * block-compressed one is).
 */

#include "ember_packets.h"
#include "tex_texel.h"

#define PAGE_MASK	(EMBER_PAGE_SIZE - 1)

static inline __attribute__((always_inline)) void
read_lanes_as(struct tex_op *op, enum tex_decode_path path, uint32_t mask,
	      const uint32_t *level, const uint32_t *x, const uint32_t *y, const uint32_t *z,
	      const uint32_t *sample, uint32_t out[4][EMBER_TEX_LANES])
{
	const unsigned int bytes = op->view.bytes;
	uint64_t va[EMBER_TEX_LANES];

	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++)
		va[l] = mask >> l & 1 ? tex_op_texel_va(op, level[l], x[l], y[l], z[l],
							 sample ? sample[l] : 0) : 0;
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;
		uint8_t copy[16];
		const uint8_t *src;

		if (!(mask >> l & 1))
			continue;
		if (op->page_tag[0] == (va[l] >> EMBER_PAGE_SHIFT) + 1 &&
		    (va[l] & PAGE_MASK) + bytes <= EMBER_PAGE_SIZE && !op->status.fault)
			src = op->page_host[0] + (va[l] & PAGE_MASK);
		else if (tex_read_va(op, va[l], copy))
			src = copy;
		else
			src = NULL;
		if (src)
			tex_decode_bytes(op, path, src, &t);
		else
			memset(&t, 0, sizeof(t));
		tex_put_lane(out, l, &t);
	}
}

void tex_wave_read(struct tex_op *op, uint32_t mask, const uint32_t *level,
		   const uint32_t *x, const uint32_t *y, const uint32_t *z,
		   const uint32_t *sample, uint32_t out[4][EMBER_TEX_LANES])
{
	switch (op->decode) {
	case TEX_DECODE_UNORM8:
		read_lanes_as(op, TEX_DECODE_UNORM8, mask, level, x, y, z, sample, out);
		return;
	case TEX_DECODE_R32:
		read_lanes_as(op, TEX_DECODE_R32, mask, level, x, y, z, sample, out);
		return;
	case TEX_DECODE_RGBA32:
		read_lanes_as(op, TEX_DECODE_RGBA32, mask, level, x, y, z, sample, out);
		return;
	case TEX_DECODE_RGBA16F:
		read_lanes_as(op, TEX_DECODE_RGBA16F, mask, level, x, y, z, sample, out);
		return;
	default:
		break;
	}
	/* Whatever tex_read_texel() knows of the format, texel by texel. */
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;

		if (!(mask >> l & 1))
			continue;
		tex_read_texel(op, level[l], x[l], y[l], z[l], sample ? sample[l] : 0, &t);
		tex_put_lane(out, l, &t);
	}
}
