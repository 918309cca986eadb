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

#include <endian.h>
#include <string.h>

#include "tex_image.h"
#include "tex_numeric.h"

/*
 * How a texel is decoded, chosen once per operation (tex_op_begin()): the
 * formats most images have get a decoder of their own, inlined into the
 * wave's read loop (tex_wave_read.c); every other format goes through
 * ember_tex_decode(). A BC texel depends on its coordinates in the block,
 * which tex_decode_bytes() is not given: tex_read_texel() reads the block
 * and decodes the texel (TEX_DECODE_BC), and the wave read sends BC
 * images texel by texel through it.
 */
enum tex_decode_path {
	TEX_DECODE_ANY,		/* ember_tex_decode() */
	TEX_DECODE_UNORM8,	/* four 8-bit UNORM channels, one per byte */
	TEX_DECODE_R32,		/* one 32-bit SFLOAT, UINT or SINT channel */
	TEX_DECODE_RGBA32,	/* four 32-bit channels of one class, in order */
	TEX_DECODE_RGBA16F,	/* four 16-bit SFLOAT channels, in order */
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

/*
 * Read the texel of every lane of @mask (level @level[l], texel @x[l],
 * @y[l], @z[l] inside it, sample @sample[l] or 0 if NULL) into lane l of
 * @out, in lane order
 * with tex_read_texel()'s semantics: the first fault is the operation's,
 * that lane and every later one read zero. The decoder is chosen once,
 * page hits cost no call (tex_wave_read.c).
 */
void tex_wave_read(struct tex_op *op, uint32_t mask, const uint32_t *level,
		   const uint32_t *x, const uint32_t *y, const uint32_t *z,
		   const uint32_t *sample, uint32_t out[4][EMBER_TEX_LANES]);

/*
 * Copy the @op->view.bytes bytes at @va (of any texel, any alignment)
 * into @bytes through the page cache or the memory callback: false after
 * recording a fault (or if one was recorded before).
 */
bool tex_read_va(struct tex_op *op, uint64_t va, uint8_t *bytes);
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

/* ember_tex_texel_va() with the tile shape of tex_op_begin(). */
static inline uint64_t tex_op_texel_va(const struct tex_op *op, uint32_t level, uint32_t x,
				       uint32_t y, uint32_t z, uint32_t sample)
{
	const struct ember_tex_image *img = op->img;
	const struct ember_tex_level_layout *lv = &img->level[level];
	const unsigned int tw = op->tile_w_log2, th = op->tile_h_log2;
	uint64_t va = img->base + lv->offset + z * lv->slice_pitch;

	if (img->layout != EMBER_TEX_LAYOUT_TILED_4K)
		return va + (uint64_t)y * lv->row_pitch +
		       ((uint64_t)x * img->samples + sample) * op->view.bytes;
	return va + (uint64_t)(y >> th) * lv->row_pitch +
	       (uint64_t)(x >> tw) * EMBER_TEX_TILE_BYTES +
	       (uint64_t)((y & ((1u << th) - 1)) << tw | (x & ((1u << tw) - 1))) *
	       op->view.bytes * img->samples + (uint64_t)sample * op->view.bytes;
}

/*
 * What ember_tex_decode() gives for the texel @bytes, by @path (the
 * operation's, a constant where the caller is specialised for one).
 */
static inline __attribute__((always_inline)) void
tex_decode_bytes(const struct tex_op *op, enum tex_decode_path path, const uint8_t *bytes,
		 union ember_tex_texel *out)
{
	uint32_t word[4];
	uint16_t half[4];

	switch (path) {
	case TEX_DECODE_UNORM8:
		for (unsigned int c = 0; c < 4; c++)
			out->f[c] = ember_tex_unorm8_to_float(bytes[op->view.ch[c].shift / 8]);
		break;
	case TEX_DECODE_R32:
		memcpy(&word[0], bytes, 4);
		out->u[0] = le32toh(word[0]);
		out->u[1] = 0;
		out->u[2] = 0;
		if (op->cls == EMBER_TEX_CLASS_FLOAT)
			out->f[3] = 1.0f;
		else
			out->u[3] = 1;
		break;
	case TEX_DECODE_RGBA32:
		/* A 32-bit SFLOAT, UINT or SINT channel decodes to its bits. */
		memcpy(word, bytes, sizeof(word));
		for (unsigned int c = 0; c < 4; c++)
			out->u[c] = le32toh(word[c]);
		break;
	case TEX_DECODE_RGBA16F:
		memcpy(half, bytes, sizeof(half));
		for (unsigned int c = 0; c < 4; c++)
			out->f[c] = ember_tex_half_to_float(le16toh(half[c]));
		break;
	default:
		ember_tex_decode(&op->view, bytes, out);
		break;
	}
}

/* Layout helpers of tex_image.c. */
void ember_tex_tile_shape(unsigned int bytes, unsigned int *tw_log2,
			  unsigned int *th_log2);
/* Of an element: a BC image's (@x, @y) count blocks. */
uint64_t ember_tex_texel_va(const struct ember_tex_image *img, unsigned int bytes,
			    uint32_t level, uint32_t x, uint32_t y, uint32_t z,
			    uint32_t sample);
/*
 * How many elements from column @x on lie one after the other in memory
 * (in a row of a linear image, to the end of the tile row of a tiled one):
 * ember_tex_texel_va() of x + i is that of x plus i elements for i below it.
 */
uint32_t ember_tex_texel_run(const struct ember_tex_image *img, unsigned int bytes,
			     uint32_t x);
/* The sampler's LOD bias, clamped to maxSamplerLodBias (16). */
float ember_tex_sampler_bias(const struct ember_tex_sampler *smp);
/* A LOD bias (sampler's plus shader's) clamped to maxSamplerLodBias. */
float ember_tex_clamp_bias(float bias);

#endif /* EMBER_FW_TEX_TEXEL_H */
