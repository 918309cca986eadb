/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The format table and the table-driven codec (tex_format.h). Rows are
 * sorted by VkFormat value; ember_tex_format_get() binary-searches them.
 */

#include <endian.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "tex_bc.h"
#include "tex_format.h"
#include "tex_numeric.h"

#define C(shift, bits, type)	{ shift, bits, EMBER_TEX_##type }
#define X			{ 0, 0, EMBER_TEX_NONE }
#define ROW(vk, bytes, r, g, b, a)	{ vk, bytes, { r, g, b, a }, 0 }
/* A BC format: 4x4 blocks of @bytes; the channels give types, not bits. */
#define BCROW(vk, bytes, r, g, b, a)	{ vk, bytes, { r, g, b, a }, EMBER_TEX_BC_BLOCK_LOG2 }
#define BC_RGB(vk, bytes, T)	BCROW(vk, bytes, C(0, 8, T), C(8, 8, T), C(16, 8, T), X)
#define BC_RGBA(vk, bytes, T)	BCROW(vk, bytes, C(0, 8, T), C(8, 8, T), C(16, 8, T), C(24, 8, UNORM))

/* Families whose members differ only in the numeric type. */
#define R8(vk, T)	ROW(vk, 1, C(0, 8, T), X, X, X)
#define RG8(vk, T)	ROW(vk, 2, C(0, 8, T), C(8, 8, T), X, X)
#define RGB8(vk, T)	ROW(vk, 3, C(0, 8, T), C(8, 8, T), C(16, 8, T), X)
#define BGR8(vk, T)	ROW(vk, 3, C(16, 8, T), C(8, 8, T), C(0, 8, T), X)
#define RGBA8(vk, T, A)	ROW(vk, 4, C(0, 8, T), C(8, 8, T), C(16, 8, T), C(24, 8, A))
#define BGRA8(vk, T, A)	ROW(vk, 4, C(16, 8, T), C(8, 8, T), C(0, 8, T), C(24, 8, A))
#define A2RGB10(vk, T)	ROW(vk, 4, C(20, 10, T), C(10, 10, T), C(0, 10, T), C(30, 2, T))
#define A2BGR10(vk, T)	ROW(vk, 4, C(0, 10, T), C(10, 10, T), C(20, 10, T), C(30, 2, T))
#define R16(vk, T)	ROW(vk, 2, C(0, 16, T), X, X, X)
#define RG16(vk, T)	ROW(vk, 4, C(0, 16, T), C(16, 16, T), X, X)
#define RGB16(vk, T)	ROW(vk, 6, C(0, 16, T), C(16, 16, T), C(32, 16, T), X)
#define RGBA16(vk, T)	ROW(vk, 8, C(0, 16, T), C(16, 16, T), C(32, 16, T), C(48, 16, T))
#define R32(vk, T)	ROW(vk, 4, C(0, 32, T), X, X, X)
#define RG32(vk, T)	ROW(vk, 8, C(0, 32, T), C(32, 32, T), X, X)
#define RGB32(vk, T)	ROW(vk, 12, C(0, 32, T), C(32, 32, T), C(64, 32, T), X)
#define RGBA32(vk, T)	ROW(vk, 16, C(0, 32, T), C(32, 32, T), C(64, 32, T), C(96, 32, T))

/* The 8-bit families in VkFormat order: UNORM .. SINT, then SRGB. */
#define FAMILY8(first, M) \
	M(first + 0, UNORM), M(first + 1, SNORM), M(first + 2, USCALED), \
	M(first + 3, SSCALED), M(first + 4, UINT), M(first + 5, SINT), \
	M(first + 6, SRGB)
#define FAMILY8A(first, M) \
	M(first + 0, UNORM, UNORM), M(first + 1, SNORM, SNORM), \
	M(first + 2, USCALED, USCALED), M(first + 3, SSCALED, SSCALED), \
	M(first + 4, UINT, UINT), M(first + 5, SINT, SINT), \
	M(first + 6, SRGB, UNORM)	/* sRGB never applies to alpha */
#define FAMILY10(first, M) \
	M(first + 0, UNORM), M(first + 1, SNORM), M(first + 2, USCALED), \
	M(first + 3, SSCALED), M(first + 4, UINT), M(first + 5, SINT)
#define FAMILY16(first, M) \
	FAMILY10(first, M), M(first + 6, SFLOAT)
#define FAMILY32(first, M) \
	M(first + 0, UINT), M(first + 1, SINT), M(first + 2, SFLOAT)

static const struct ember_tex_format formats[] = {
	ROW(1, 1, C(4, 4, UNORM), C(0, 4, UNORM), X, X),	/* R4G4_UNORM_PACK8 */
	ROW(2, 2, C(12, 4, UNORM), C(8, 4, UNORM), C(4, 4, UNORM), C(0, 4, UNORM)),
	ROW(3, 2, C(4, 4, UNORM), C(8, 4, UNORM), C(12, 4, UNORM), C(0, 4, UNORM)),
	ROW(4, 2, C(11, 5, UNORM), C(5, 6, UNORM), C(0, 5, UNORM), X),	/* R5G6B5 */
	ROW(5, 2, C(0, 5, UNORM), C(5, 6, UNORM), C(11, 5, UNORM), X),	/* B5G6R5 */
	ROW(6, 2, C(11, 5, UNORM), C(6, 5, UNORM), C(1, 5, UNORM), C(0, 1, UNORM)),
	ROW(7, 2, C(1, 5, UNORM), C(6, 5, UNORM), C(11, 5, UNORM), C(0, 1, UNORM)),
	ROW(8, 2, C(10, 5, UNORM), C(5, 5, UNORM), C(0, 5, UNORM), C(15, 1, UNORM)),
	FAMILY8(9, R8),
	FAMILY8(16, RG8),
	FAMILY8(23, RGB8),
	FAMILY8(30, BGR8),
	FAMILY8A(37, RGBA8),
	FAMILY8A(44, BGRA8),
	FAMILY8A(51, RGBA8),	/* A8B8G8R8_*_PACK32: R8G8B8A8's bits */
	FAMILY10(58, A2RGB10),
	FAMILY10(64, A2BGR10),
	FAMILY16(70, R16),
	FAMILY16(77, RG16),
	FAMILY16(84, RGB16),
	FAMILY16(91, RGBA16),
	FAMILY32(98, R32),
	FAMILY32(101, RG32),
	FAMILY32(104, RGB32),
	FAMILY32(107, RGBA32),
	ROW(122, 4, C(0, 11, UFLOAT), C(11, 11, UFLOAT), C(22, 10, UFLOAT), X),
	ROW(123, 4, C(0, 9, SHARED_EXP), C(9, 9, SHARED_EXP), C(18, 9, SHARED_EXP), X),
	/* Depth/stencil: channel 0 depth, channel 1 stencil. */
	ROW(124, 2, C(0, 16, UNORM), X, X, X),			/* D16_UNORM */
	ROW(125, 4, C(0, 24, UNORM), X, X, X),			/* X8_D24_UNORM_PACK32 */
	ROW(126, 4, C(0, 32, SFLOAT), X, X, X),			/* D32_SFLOAT */
	ROW(127, 1, X, C(0, 8, UINT), X, X),			/* S8_UINT */
	ROW(128, 4, C(0, 16, UNORM), C(16, 8, UINT), X, X),	/* D16_UNORM_S8_UINT */
	ROW(129, 4, C(0, 24, UNORM), C(24, 8, UINT), X, X),	/* D24_UNORM_S8_UINT */
	ROW(130, 8, C(0, 32, SFLOAT), C(32, 8, UINT), X, X),	/* D32_SFLOAT_S8_UINT */
	BC_RGB(131, 8, UNORM), BC_RGB(132, 8, SRGB),		/* BC1_RGB */
	BC_RGBA(133, 8, UNORM), BC_RGBA(134, 8, SRGB),		/* BC1_RGBA */
	BC_RGBA(135, 16, UNORM), BC_RGBA(136, 16, SRGB),	/* BC2 */
	BC_RGBA(137, 16, UNORM), BC_RGBA(138, 16, SRGB),	/* BC3 */
	BCROW(139, 8, C(0, 8, UNORM), X, X, X),			/* BC4_UNORM */
	BCROW(140, 8, C(0, 8, SNORM), X, X, X),			/* BC4_SNORM */
	BCROW(141, 16, C(0, 8, UNORM), C(8, 8, UNORM), X, X),	/* BC5_UNORM */
	BCROW(142, 16, C(0, 8, SNORM), C(8, 8, SNORM), X, X),	/* BC5_SNORM */
	BCROW(143, 16, C(0, 16, SFLOAT), C(16, 16, SFLOAT), C(32, 16, SFLOAT), X), /* BC6H */
	BCROW(144, 16, C(0, 16, SFLOAT), C(16, 16, SFLOAT), C(32, 16, SFLOAT), X),
	BC_RGBA(145, 16, UNORM), BC_RGBA(146, 16, SRGB),	/* BC7 */
	ROW(1000340000, 2, C(8, 4, UNORM), C(4, 4, UNORM), C(0, 4, UNORM), C(12, 4, UNORM)),
	ROW(1000340001, 2, C(0, 4, UNORM), C(4, 4, UNORM), C(8, 4, UNORM), C(12, 4, UNORM)),
	ROW(1000470000, 2, C(0, 5, UNORM), C(5, 5, UNORM), C(10, 5, UNORM), C(15, 1, UNORM)),
	ROW(1000470001, 1, X, X, X, C(0, 8, UNORM)),		/* A8_UNORM_KHR */
};

#define NUM_FORMATS	(sizeof(formats) / sizeof(formats[0]))
#define DEPTH_FIRST	124u
#define DEPTH_LAST	130u

const struct ember_tex_format *ember_tex_format_get(uint32_t vk_format)
{
	size_t lo = 0, hi = NUM_FORMATS;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (formats[mid].vk_format == vk_format)
			return &formats[mid];
		if (formats[mid].vk_format < vk_format)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct ember_tex_format *ember_tex_format_table(unsigned int *count)
{
	*count = NUM_FORMATS;
	return formats;
}

bool ember_tex_format_is_depth_stencil(const struct ember_tex_format *f)
{
	return f->vk_format >= DEPTH_FIRST && f->vk_format <= DEPTH_LAST;
}

bool ember_tex_format_view(uint32_t vk_format, unsigned int aspect,
			   struct ember_tex_format *view)
{
	const struct ember_tex_format *f = ember_tex_format_get(vk_format);
	unsigned int ch;

	if (!f)
		return false;
	if (!ember_tex_format_is_depth_stencil(f)) {
		*view = *f;
		return aspect == EMBER_TEX_ASPECT_COLOR;
	}
	if (aspect == EMBER_TEX_ASPECT_DEPTH)
		ch = 0;
	else if (aspect == EMBER_TEX_ASPECT_STENCIL)
		ch = 1;
	else
		return false;
	if (!f->ch[ch].bits)
		return false;
	*view = (struct ember_tex_format) { .vk_format = f->vk_format, .bytes = f->bytes };
	view->ch[0] = f->ch[ch];
	return true;
}

enum ember_tex_class ember_tex_format_class(const struct ember_tex_format *view)
{
	for (unsigned int c = 0; c < 4; c++) {
		if (!view->ch[c].bits)
			continue;
		if (view->ch[c].type == EMBER_TEX_UINT)
			return EMBER_TEX_CLASS_UINT;
		if (view->ch[c].type == EMBER_TEX_SINT)
			return EMBER_TEX_CLASS_SINT;
		break;
	}
	return EMBER_TEX_CLASS_FLOAT;
}

/* The texel as a 128-bit little-endian integer, in two halves. */
static void load_words(const void *texel, unsigned int bytes, uint64_t w[2])
{
	w[0] = w[1] = 0;
	memcpy(w, texel, bytes);
	w[0] = le64toh(w[0]);
	w[1] = le64toh(w[1]);
}

static void store_words(const uint64_t w[2], unsigned int bytes, void *texel)
{
	uint64_t le[2] = { htole64(w[0]), htole64(w[1]) };

	memcpy(texel, le, bytes);
}

static uint64_t mask_of(unsigned int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* A channel never straddles the two 64-bit halves (see the table). */
static uint32_t get_bits(const uint64_t w[2], const struct ember_tex_channel *c)
{
	return (uint32_t)((w[c->shift / 64] >> (c->shift % 64)) & mask_of(c->bits));
}

static void put_bits(uint64_t w[2], const struct ember_tex_channel *c, uint32_t v)
{
	w[c->shift / 64] |= ((uint64_t)v & mask_of(c->bits)) << (c->shift % 64);
}

static int32_t sign_extend(uint32_t v, unsigned int bits)
{
	uint32_t sign = 1u << (bits - 1);

	return (int32_t)((v ^ sign) - sign);
}

uint32_t ember_tex_channel_decode(const struct ember_tex_channel *c, uint32_t raw)
{
	union { float f; uint32_t u; } r;

	switch (c->type) {
	case EMBER_TEX_UNORM: r.f = ember_tex_unorm_to_float(raw, c->bits); break;
	case EMBER_TEX_SNORM:
		r.f = ember_tex_snorm_to_float(sign_extend(raw, c->bits), c->bits);
		break;
	case EMBER_TEX_USCALED: r.f = (float)raw; break;
	case EMBER_TEX_SSCALED: r.f = (float)sign_extend(raw, c->bits); break;
	case EMBER_TEX_SINT: r.u = (uint32_t)sign_extend(raw, c->bits); break;
	case EMBER_TEX_SRGB: r.f = ember_tex_srgb8_to_linear((uint8_t)raw); break;
	case EMBER_TEX_SFLOAT:
		if (c->bits == 16)
			r.f = ember_tex_half_to_float((uint16_t)raw);
		else
			r.u = raw;
		break;
	case EMBER_TEX_UFLOAT:
		r.f = ember_tex_small_float_decode(raw, 5, c->bits - 5u, false);
		break;
	default: r.u = raw; break;	/* UINT */
	}
	return r.u;
}

static double clamp_round(float f, double lo, double hi)
{
	double v = isnan(f) ? 0.0 : nearbyint((double)f);

	return v < lo ? lo : v > hi ? hi : v;
}

uint32_t ember_tex_channel_encode(const struct ember_tex_channel *c, uint32_t value)
{
	double umax = (double)mask_of(c->bits), smax = (double)(mask_of(c->bits) >> 1);
	union { float f; uint32_t u; int32_t i; } v = { .u = value };

	switch (c->type) {
	case EMBER_TEX_UNORM: return ember_tex_float_to_unorm(v.f, c->bits);
	case EMBER_TEX_SNORM: return (uint32_t)ember_tex_float_to_snorm(v.f, c->bits);
	case EMBER_TEX_USCALED: return (uint32_t)clamp_round(v.f, 0.0, umax);
	case EMBER_TEX_SSCALED:
		return (uint32_t)(int32_t)clamp_round(v.f, -smax - 1.0, smax);
	case EMBER_TEX_UINT: return (double)v.u > umax ? (uint32_t)umax : v.u;
	case EMBER_TEX_SINT:
		if ((double)v.i > smax)
			return (uint32_t)smax;
		if ((double)v.i < -smax - 1.0)
			return (uint32_t)(int32_t)(-smax - 1.0);
		return v.u;
	case EMBER_TEX_SRGB: return ember_tex_linear_to_srgb8(v.f);
	case EMBER_TEX_SFLOAT:
		return c->bits == 16 ? ember_tex_float_to_half(v.f) : v.u;
	case EMBER_TEX_UFLOAT:
		return ember_tex_small_float_encode(v.f, 5, c->bits - 5u, false);
	default: return 0;
	}
}

void ember_tex_decode(const struct ember_tex_format *view, const void *texel,
		      union ember_tex_texel *out)
{
	uint64_t w[2];

	if (view->block_log2) {
		ember_tex_bc_decode(view->vk_format, texel, 0, 0, out);
		return;
	}
	load_words(texel, view->bytes, w);
	if (view->ch[0].type == EMBER_TEX_SHARED_EXP) {
		ember_tex_rgb9e5_decode((uint32_t)w[0], out->f);
		out->f[3] = 1.0f;
		return;
	}
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &view->ch[c];

		if (ch->bits)
			out->u[c] = ember_tex_channel_decode(ch, get_bits(w, ch));
		else if (c < 3)
			out->u[c] = 0;		/* 0 and 0.0f alike */
		else if (ember_tex_format_class(view) == EMBER_TEX_CLASS_FLOAT)
			out->f[c] = 1.0f;
		else
			out->u[c] = 1;
	}
}

void ember_tex_encode(const struct ember_tex_format *view,
		      const union ember_tex_texel *in, void *texel)
{
	uint64_t w[2] = { 0, 0 };

	if (view->block_log2) {
		/* Nothing encodes to BC: a defined block of zeros. */
	} else if (view->ch[0].type == EMBER_TEX_SHARED_EXP) {
		w[0] = ember_tex_rgb9e5_encode(in->f);
	} else {
		for (unsigned int c = 0; c < 4; c++) {
			if (view->ch[c].bits)
				put_bits(w, &view->ch[c],
					 ember_tex_channel_encode(&view->ch[c], in->u[c]));
		}
	}
	store_words(w, view->bytes, texel);
}

void ember_tex_load_channels(const struct ember_tex_format *view, const void *texel,
			     uint32_t bits[4])
{
	uint64_t w[2];

	load_words(texel, view->bytes, w);
	for (unsigned int c = 0; c < 4; c++)
		bits[c] = view->ch[c].bits ? get_bits(w, &view->ch[c]) : 0;
}

void ember_tex_store_channels(const struct ember_tex_format *view, void *texel,
			      const uint32_t bits[4], unsigned int mask)
{
	uint64_t w[2] = { 0, 0 };
	unsigned int written = 0;

	for (unsigned int c = 0; c < 4; c++)
		if (mask & (1u << c))
			written += view->ch[c].bits;
	/*
	 * Channels never overlap: when the written ones add up to the whole
	 * texel, none of its old bits survives and it need not be read (a
	 * render target's full write: no read of a line about to be replaced).
	 */
	if (written != 8u * view->bytes)
		load_words(texel, view->bytes, w);
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &view->ch[c];

		if (!ch->bits || !(mask & (1u << c)))
			continue;
		w[ch->shift / 64] &= ~(mask_of(ch->bits) << (ch->shift % 64));
		put_bits(w, ch, bits[c]);
	}
	store_words(w, view->bytes, texel);
}
