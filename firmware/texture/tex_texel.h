/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texel access inside the texture unit
 *
 * Internal to firmware/texture: the state of one operation over the lanes
 * (a checked image, its aspect's format, the memory path and the first
 * fault), and the reading and writing of one texel whose coordinates are
 * already known to be inside its level. After a fault every further read
 * returns zero without touching memory and every write is dropped, so an
 * operation finishes its lanes cheaply and returns the fault.
 */

#ifndef EMBER_FW_TEX_TEXEL_H
#define EMBER_FW_TEX_TEXEL_H

#include "tex_image.h"

/* How tex_read_texel() decodes: the formats most images have, or any. */
enum tex_decode_path {
	TEX_DECODE_ANY,		/* ember_tex_decode() */
	TEX_DECODE_UNORM8,	/* four 8-bit UNORM channels, one per byte */
	TEX_DECODE_R32,		/* one 32-bit SFLOAT, UINT or SINT channel */
	TEX_DECODE_BC,		/* a texel of a 4x4 block: ember_tex_bc_decode() */
};

struct tex_op {
	const struct ember_tex_image *img;
	struct ember_tex_format view;
	enum ember_tex_class cls;
	const struct ember_tex_memory *mem;
	struct ember_tex_status status;
	/* The last page mapped for reading [0] and writing [1]: VA page + 1. */
	uint64_t page_tag[2];
	uint8_t *page_host[2];
	/*
	 * Per image, not per texel: the TILED_4K tile of an element, whether
	 * the swizzle changes anything, and the decoder.
	 */
	unsigned int tile_w_log2, tile_h_log2;
	bool swizzles;
	enum tex_decode_path decode;
};

/* Start an operation on @img: false (and op->status) if it is refused. */
bool tex_op_begin(struct tex_op *op, const struct ember_tex_image *img,
		  const struct ember_tex_memory *mem);

/*
 * Texel coordinates; a BC image's texel is read from its block. Writes
 * take uncompressed formats only.
 */
void tex_read_texel(struct tex_op *op, uint32_t level, uint32_t x, uint32_t y,
		    uint32_t z, uint32_t sample, union ember_tex_texel *out);
void tex_write_texel(struct tex_op *op, uint32_t level, uint32_t x, uint32_t y,
		     uint32_t z, uint32_t sample, const union ember_tex_texel *in);

/* What an out-of-bounds fetch or load returns: zero, alpha 1 if absent. */
void tex_zero_texel(const struct tex_op *op, union ember_tex_texel *out);

/* The image view's component swizzle, in place. */
void tex_swizzle(const struct tex_op *op, union ember_tex_texel *t);

/* Spread a texel into lane @l of the SoA result. */
static inline void tex_put_lane(uint32_t out[4][EMBER_TEX_LANES], unsigned int l,
				const union ember_tex_texel *t)
{
	for (unsigned int c = 0; c < 4; c++)
		out[c][l] = t->u[c];
}

/* Layout helpers of tex_image.c. */
void ember_tex_tile_shape(unsigned int bytes, unsigned int *tw_log2,
			  unsigned int *th_log2);
/* Of an element: a BC image's (@x, @y) count blocks. */
uint64_t ember_tex_texel_va(const struct ember_tex_image *img, unsigned int bytes,
			    uint32_t level, uint32_t x, uint32_t y, uint32_t z,
			    uint32_t sample);
/* The sampler's LOD bias, clamped to maxSamplerLodBias (16). */
float ember_tex_sampler_bias(const struct ember_tex_sampler *smp);

#endif /* EMBER_FW_TEX_TEXEL_H */
