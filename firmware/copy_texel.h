/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texels of host bytes for the copy engine's row loops
 *
 * The copy engine's fast paths (copy_blit.c's 2:1 downscale, copy_resolve.c's
 * rows) decode and encode texels straight from the bytes the MMU mapped,
 * with the texture unit's codec, so that they compute what the unit's
 * path computes bit for bit. Formats whose channels are 8-bit UNORM bytes
 * filling the texel (RGBA8, BGRA8, ABGR8, RG8, R8: the common colour
 * targets) decode by the unit's own table and encode by its own rounding
 * (ember_tex_float_to_unorm()), inline, without the unit's per-channel
 * bit unpacking; every other format calls ember_tex_decode() and
 * ember_tex_encode().
 *
 * Texels of 4 such bytes (RGBA8, BGRA8, ABGR8) have four-lane helpers too:
 * the same IEEE operations, in the same order, on a vector of the four
 * channels (GCC vector extensions, SSE2 on x86-64), so each lane rounds
 * as the scalar code does.
 *
 * And a small direct-mapped cache of translated pages, for loops that
 * address texel by texel (TILED_4K rows are not one run).
 */

#ifndef EMBER_FW_COPY_TEXEL_H
#define EMBER_FW_COPY_TEXEL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ib.h"
#include "texture/tex_format.h"
#include "texture/tex_image.h"
#include "texture/tex_numeric.h"

/*
 * @unorm8: the format's channels are 8-bit UNORM bytes filling the texel,
 * @channels of them at byte @offset[] (in channel order).
 * @passes: every texel decodes and encodes back to its own bytes
 * (ember_copy_passes_through()).
 */
struct ember_copy_codec {
	struct ember_tex_format view;
	bool unorm8;
	bool passes;
	unsigned int channels;
	uint8_t offset[4];
};

/* The codec of @aspect of @vk_format: false if there is no such plane. */
bool ember_copy_codec_init(struct ember_copy_codec *cc, uint32_t vk_format,
			   unsigned int aspect);

/*
 * Whether every texel of @view survives decoding and encoding bit for bit
 * (a packet's plane has no swizzle): each bit belongs to a channel (no X8
 * padding, which encoding zeroes), and each channel is UNORM of up to 16
 * bits (k / (2^n - 1) is exact enough in float to round back to k), UINT,
 * SINT or 32-bit SFLOAT (kept as bits, NaNs included). sRGB, SNORM
 * (-2^(n-1) becomes -2^(n-1) + 1), halves, packed floats and BC are not.
 */
bool ember_copy_passes_through(const struct ember_tex_format *view);

/* ember_tex_decode() of the texel at @bytes. */
static inline void ember_copy_decode(const struct ember_copy_codec *cc, const uint8_t *bytes,
				     union ember_tex_texel *t)
{
	if (!cc->unorm8) {
		ember_tex_decode(&cc->view, bytes, t);
		return;
	}
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &cc->view.ch[c];

		t->f[c] = ch->bits ? ember_tex_unorm8_to_float(bytes[ch->shift / 8]) :
			  c < 3 ? 0.0f : 1.0f;
	}
}

/*
 * ember_tex_float_to_unorm(@f, 8), inline: the product is exact in double
 * and adding then subtracting 2^52 + 2^51 rounds it to an integer in the
 * current rounding mode, as nearbyint() does.
 */
static inline uint8_t ember_copy_float_to_unorm8(float f)
{
	const double round = 6755399441055744.0;

	if (!(f > 0.0f))	/* negative, zero and NaN */
		return 0;
	if (f >= 1.0f)
		return 255;
	return (uint8_t)(((double)f * 255.0 + round) - round);
}

/* ember_tex_encode() of @t into the texel at @bytes. */
static inline void ember_copy_encode(const struct ember_copy_codec *cc,
				     const union ember_tex_texel *t, uint8_t *bytes)
{
	if (!cc->unorm8) {
		ember_tex_encode(&cc->view, t, bytes);
		return;
	}
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &cc->view.ch[c];

		if (ch->bits)
			bytes[ch->shift / 8] = ember_copy_float_to_unorm8(t->f[c]);
	}
}

typedef float ember_copy_v4f __attribute__((vector_size(16)));
typedef double ember_copy_v2d __attribute__((vector_size(16)));
typedef int32_t ember_copy_v4i __attribute__((vector_size(16)));
typedef int64_t ember_copy_v2l __attribute__((vector_size(16)));

#ifdef __SSE2__
/*
 * The unit's decode of four 8-bit UNORM channels at @bytes, lane c of
 * byte c: c / 255 correctly rounded, as the table holds it (the firmware
 * keeps the default rounding mode; test_copy_image.c checks every code).
 */
static inline ember_copy_v4f ember_copy_unorm8x4_decode(const uint8_t *bytes)
{
	const __m128i zero = _mm_setzero_si128();
	uint32_t word;
	__m128i v;

	memcpy(&word, bytes, 4);
	v = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)word), zero);
	v = _mm_unpacklo_epi16(v, zero);
	return (ember_copy_v4f)_mm_div_ps(_mm_cvtepi32_ps(v), _mm_set1_ps(255.0f));
}

/*
 * ember_copy_float_to_unorm8() of each lane of @f into byte c of @bytes:
 * NaN, zero and negative lanes to 0, the rest as doubles times 255, at
 * most 255 (f >= 1), rounded to nearest even as nearbyint() does.
 */
static inline void ember_copy_unorm8x4_encode(ember_copy_v4f f, uint8_t *bytes)
{
	const __m128d max = _mm_set1_pd(255.0);
	__m128 v = _mm_and_ps((__m128)f, _mm_cmpgt_ps((__m128)f, _mm_setzero_ps()));
	__m128d lo = _mm_min_pd(_mm_mul_pd(_mm_cvtps_pd(v), max), max);
	__m128d hi = _mm_min_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(v, v)), max), max);
	__m128i i = _mm_unpacklo_epi64(_mm_cvtpd_epi32(lo), _mm_cvtpd_epi32(hi));
	uint32_t word;

	i = _mm_packs_epi32(i, i);
	word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(i, i));
	memcpy(bytes, &word, 4);
}
#else
/* The unit's decode of four 8-bit UNORM channels at @bytes, lane c of byte c. */
static inline ember_copy_v4f ember_copy_unorm8x4_decode(const uint8_t *bytes)
{
	return (ember_copy_v4f) {
		ember_tex_unorm8_to_float(bytes[0]), ember_tex_unorm8_to_float(bytes[1]),
		ember_tex_unorm8_to_float(bytes[2]), ember_tex_unorm8_to_float(bytes[3]),
	};
}

/* ember_copy_float_to_unorm8() of two doubles (converted floats) in @bytes. */
static inline void ember_copy_unorm8x2_encode(ember_copy_v2d d, uint8_t *bytes)
{
	const ember_copy_v2d round = { 6755399441055744.0, 6755399441055744.0 };
	const ember_copy_v2d max = { 255.0, 255.0 };
	ember_copy_v2l below;

	d = d * max;
	/* f >= 1: 255 (the product is >= 255 exactly then). */
	below = d < max;
	d = (ember_copy_v2d)(((ember_copy_v2l)d & below) | ((ember_copy_v2l)max & ~below));
	d = (d + round) - round;
	bytes[0] = (uint8_t)d[0];
	bytes[1] = (uint8_t)d[1];
}

/*
 * ember_copy_float_to_unorm8() of each lane of @f into byte c of @bytes:
 * NaN, zero and negative lanes to 0 first, then each lane as a double.
 */
static inline void ember_copy_unorm8x4_encode(ember_copy_v4f f, uint8_t *bytes)
{
	const ember_copy_v4f zero = { 0, 0, 0, 0 };
	ember_copy_v4i positive = f > zero;

	f = (ember_copy_v4f)((ember_copy_v4i)f & positive);
	ember_copy_unorm8x2_encode((ember_copy_v2d) { f[0], f[1] }, bytes);
	ember_copy_unorm8x2_encode((ember_copy_v2d) { f[2], f[3] }, bytes + 2);
}
#endif

#define EMBER_COPY_PAGES	16

/* Translated pages of one access kind (EMBER_ACCESS_READ or _WRITE). */
struct ember_copy_pages {
	unsigned int access;
	uint64_t tag[EMBER_COPY_PAGES];		/* page number + 1; 0: empty */
	uint8_t *host[EMBER_COPY_PAGES];
};

/*
 * Host address of the @bytes bytes at @va, or NULL when they straddle a
 * page or do not translate (the caller then takes the texture unit's
 * path, which reports the fault).
 */
uint8_t *ember_copy_page_bytes(struct ember_job *job, struct ember_copy_pages *pages,
			       uint64_t va, unsigned int bytes);

/*
 * A walk along a row of a one-level image (@img, texels of @bytes): the
 * host address of each texel in turn, recomputed from the layout only at
 * a TILED_4K tile's edge or a page's, else one texel further on.
 */
struct ember_copy_cursor {
	const struct ember_tex_image *img;
	struct ember_copy_pages *pages;
	unsigned int bytes;
	uint32_t tile_mask;	/* texels of a tile row - 1; UINT32_MAX: linear rows */
	uint32_t x, y, z;
	uint64_t va;
	uint8_t *host;		/* NULL: the texel did not map */
	uint32_t run;		/* texels from @host on, consecutive in host memory */
};

void ember_copy_cursor_init(struct ember_copy_cursor *cur, const struct ember_tex_image *img,
			    struct ember_copy_pages *pages, unsigned int bytes);
/* Texel (@x, @y, @z): its host address (and @run), or NULL. */
uint8_t *ember_copy_cursor_seek(struct ember_job *job, struct ember_copy_cursor *cur,
				uint32_t x, uint32_t y, uint32_t z);

/* The next texel of the row: its host address, or NULL. */
static inline uint8_t *ember_copy_cursor_next(struct ember_job *job,
					      struct ember_copy_cursor *cur)
{
	const uint64_t in_page = (cur->va + cur->bytes) & (EMBER_PAGE_SIZE - 1);

	if (!cur->host || !((cur->x + 1) & cur->tile_mask) || !in_page ||
	    in_page + cur->bytes > EMBER_PAGE_SIZE)
		return ember_copy_cursor_seek(job, cur, cur->x + 1, cur->y, cur->z);
	cur->x++;
	cur->va += cur->bytes;
	cur->host += cur->bytes;
	return cur->host;
}

#endif /* EMBER_FW_COPY_TEXEL_H */
