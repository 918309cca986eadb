/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The render target formats of contract 1.12 (ember-hw.rst "Render target
 * formats"), value by value, through the back end's colour write
 * (ember_frag_color_write: encode, blend or logic op, write mask, store):
 * the exact bits each conversion must store, written out by hand from the
 * rules (UNORM/SNORM rounding to nearest even and clamping, NaN to 0; sRGB
 * encoding; 16-bit float rounding and overflow; the unsigned 11- and
 * 10-bit floats' rounding and saturation; integer saturation), where the
 * channels of swapped and packed formats land, blending with SNORM's
 * [-1, 1] clamp, logic ops on packed and SNORM codes, write masks that
 * keep a packed format's other fields, and that every colour format maps
 * to and from its VkFormat. The raw texel store and load of every format
 * and write mask against a bit-by-bit reference over random old texels
 * (the full writes that skip reading the texel, the 32-bit moves of the
 * four-8-bit-channel formats), and 8-bit UNORM encoding around every
 * rounding boundary against nearbyint().
 */

#include <math.h>
#include <string.h>

#include "frag_ops.h"
#include "tap.h"
#include "tex_format.h"

/* VkBlendFactor, VkLogicOp values the tests name. */
#define BF_ZERO		0
#define BF_ONE		1
#define LOGIC_XOR	6
#define LOGIC_INVERT	10

/* Write @c through a target of @format (no blending), return the texel's bytes in @out. */
static void write_plain(unsigned int format, union ember_color c, uint8_t out[16])
{
	struct ember_blend_state bs = { .attachment = { { .write_mask = EMBER_WRITE_ALL } } };
	struct ember_render_target rt = { .format = (uint8_t)format, .samples = 1 };

	memset(out, 0xee, 16);
	ember_frag_color_write(&bs, 0, &rt, out, &c, &c);
}

static uint32_t word32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t word16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static union ember_color rgba(float r, float g, float b, float a)
{
	return (union ember_color) { .f = { r, g, b, a } };
}

static union ember_color ints(uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
	return (union ember_color) { .u = { r, g, b, a } };
}

static bool test_vk_mapping(void)
{
	for (unsigned int f = EMBER_RT_COLOR_FIRST; f <= EMBER_RT_COLOR_LAST; f++) {
		uint32_t vk = ember_rt_vk_format(f);

		CHECK(vk != 0);
		CHECK_EQ(ember_rt_format_from_vk(vk, true), f);
		CHECK_EQ(ember_rt_format_from_vk(vk, false), EMBER_RT_NONE);
		CHECK(ember_rt_texel_size(f) > 0);
	}
	CHECK_EQ(ember_rt_format_from_vk(15 /* R8_SRGB: not a target */, true), EMBER_RT_NONE);
	CHECK_EQ(ember_rt_format_from_vk(123 /* E5B9G9R9 */, true), EMBER_RT_NONE);
	CHECK_EQ(ember_rt_format_from_vk(129, false), EMBER_RT_D24_UNORM_S8_UINT);
	CHECK_EQ(ember_rt_format_from_vk(129, true), EMBER_RT_NONE);
	return true;
}

static bool test_unorm(void)
{
	uint8_t t[16];

	/* 0.5 * 255 = 127.5: a tie, to even 128; 0.25 * 255 = 63.75: 64. */
	write_plain(EMBER_RT_R8_UNORM, (union ember_color){ .f = { 0.5f } }, t);
	CHECK_EQ(t[0], 128);
	CHECK_EQ(t[1], 0xee);	/* one byte a texel, nothing past it */
	write_plain(EMBER_RT_R8G8_UNORM, (union ember_color){ .f = { 0.25f, 1.5f } }, t);
	CHECK_EQ(t[0], 64);
	CHECK_EQ(t[1], 255);
	write_plain(EMBER_RT_R8G8B8A8_UNORM, (union ember_color){ .f = { -0.1f, NAN, 3.0f / 255, 1 } }, t);
	CHECK_EQ(word32(t), 0xff030000u);
	/* 16 bits: 0.5 * 65535 = 32767.5, to even 32768. */
	write_plain(EMBER_RT_R16_UNORM, (union ember_color){ .f = { 0.5f } }, t);
	CHECK_EQ(word16(t), 32768);
	CHECK_EQ(t[2], 0xee);
	write_plain(EMBER_RT_R16G16B16A16_UNORM, (union ember_color){ .f = { 1, 0, 2, -1 } }, t);
	CHECK_EQ(word16(t), 0xffff);
	CHECK_EQ(word16(t + 2), 0);
	CHECK_EQ(word16(t + 4), 0xffff);
	CHECK_EQ(word16(t + 6), 0);
	/* B8G8R8A8: blue in byte 0, red in byte 2. */
	write_plain(EMBER_RT_B8G8R8A8_UNORM, (union ember_color){ .f = { 1, 0, 0.2f, 0.5f } }, t);
	CHECK_EQ(word32(t), 0x80ff0033u);
	/* A8B8G8R8_PACK32: R8G8B8A8's bits. */
	write_plain(EMBER_RT_A8B8G8R8_UNORM_PACK32, (union ember_color){ .f = { 1, 0, 0.2f, 0.5f } }, t);
	CHECK_EQ(word32(t), 0x803300ffu);
	return true;
}

static bool test_packed(void)
{
	uint8_t t[16];

	/* R5G6B5: R bits 11-15, G 5-10 (0.5 * 63 = 31.5, to even 32), B 0-4. */
	write_plain(EMBER_RT_R5G6B5_UNORM_PACK16, rgba(1, 0.5f, 0, 0.3f), t);
	CHECK_EQ(word16(t), 0xfc00);
	CHECK_EQ(t[2], 0xee);
	/* A1R5G5B5: alpha bit 15 (1-bit UNORM: 0.5 ties to 0, above to 1). */
	write_plain(EMBER_RT_A1R5G5B5_UNORM_PACK16, rgba(0, 0, 1, 0.6f), t);
	CHECK_EQ(word16(t), 0x801f);
	write_plain(EMBER_RT_A1R5G5B5_UNORM_PACK16, rgba(1, 0, 0, 0.5f), t);
	CHECK_EQ(word16(t), 0x7c00);
	/* A2B10G10R10: R bits 0-9, G 10-19, B 20-29 (511.5 to even 512), A 30-31. */
	write_plain(EMBER_RT_A2B10G10R10_UNORM_PACK32, rgba(1, 0, 0.5f, 1.0f / 3), t);
	CHECK_EQ(word32(t), 0x600003ffu);
	/* Its UINT form saturates: G 2000 -> 1023, A 9 -> 3. */
	write_plain(EMBER_RT_A2B10G10R10_UINT_PACK32, ints(5, 2000, 7, 9), t);
	CHECK_EQ(word32(t), 5u | 1023u << 10 | 7u << 20 | 3u << 30);
	return true;
}

static bool test_snorm(void)
{
	uint8_t t[16];

	/* -1 and below: -127 (0x81), never -128; 0.5 * 127 = 63.5, to even 64. */
	write_plain(EMBER_RT_R8G8B8A8_SNORM, rgba(-1, -2, 0.5f, NAN), t);
	CHECK_EQ(word32(t), 0x00408181u);
	write_plain(EMBER_RT_R8_SNORM, (union ember_color){ .f = { 1.5f } }, t);
	CHECK_EQ(t[0], 0x7f);
	write_plain(EMBER_RT_R16G16_SNORM, (union ember_color){ .f = { -1, -0.5f } }, t);
	CHECK_EQ(word16(t), 0x8001);
	/* -0.5 * 32767 = -16383.5, to even -16384. */
	CHECK_EQ(word16(t + 2), (uint16_t)-16384);
	write_plain(EMBER_RT_A8B8G8R8_SNORM_PACK32, rgba(0, 1, -1, 0), t);
	CHECK_EQ(word32(t), 0x00817f00u);
	return true;
}

static bool test_srgb(void)
{
	uint8_t t[16];

	/* linear 0.5 -> 0.7354 * 255 = 187.5 -> 188; 0.002 is on the linear segment: 6.59 -> 7. */
	write_plain(EMBER_RT_R8G8B8A8_SRGB, rgba(0.5f, 0.002f, 1, 0.5f), t);
	CHECK_EQ(word32(t), 0x80ff07bcu);	/* alpha is plain UNORM */
	write_plain(EMBER_RT_B8G8R8A8_SRGB, rgba(0.2f, 0.9f, -1, 2), t);
	CHECK_EQ(word32(t), 0xff7cf300u);	/* B 0, G 243, R 124, A 255 */
	write_plain(EMBER_RT_A8B8G8R8_SRGB_PACK32, rgba(NAN, 0.5f, 0, 0), t);
	CHECK_EQ(word32(t), 0x0000bc00u);
	return true;
}

static bool test_floats(void)
{
	uint8_t t[16];
	uint32_t w;

	/* Half: exact, denormal (3e-5 = 503 * 2^-24), largest finite, overflow to inf. */
	write_plain(EMBER_RT_R16G16B16A16_SFLOAT, rgba(1, 3e-5f, 65519.0f, 65520.0f), t);
	CHECK_EQ(word16(t), 0x3c00);
	CHECK_EQ(word16(t + 2), 0x01f7);
	CHECK_EQ(word16(t + 4), 0x7bff);
	CHECK_EQ(word16(t + 6), 0x7c00);
	write_plain(EMBER_RT_R16_SFLOAT, (union ember_color){ .f = { 0.1f } }, t);
	CHECK_EQ(word16(t), 0x2e66);
	write_plain(EMBER_RT_R16G16_SFLOAT, (union ember_color){ .f = { -INFINITY, NAN } }, t);
	CHECK_EQ(word16(t), 0xfc00);
	CHECK((word16(t + 2) & 0x7c00) == 0x7c00 && (word16(t + 2) & 0x3ff));
	/* 32-bit floats: the bits unchanged, a NaN's payload and denormals too. */
	write_plain(EMBER_RT_R32G32_SFLOAT,
		    (union ember_color){ .u = { 0x7fc00001u, 0x00000001u } }, t);
	CHECK_EQ(word32(t), 0x7fc00001u);
	CHECK_EQ(word32(t + 4), 0x00000001u);
	write_plain(EMBER_RT_R32_SFLOAT, (union ember_color){ .f = { -2.5f } }, t);
	CHECK_EQ(word32(t), 0xc0200000u);
	CHECK_EQ(t[4], 0xee);
	/*
	 * B10G11R11: R 1.0 = 15 << 6; G negative -> 0; B past 64512 saturates
	 * to the largest finite 10-bit float (30 << 5 | 31).
	 */
	write_plain(EMBER_RT_B10G11R11_UFLOAT_PACK32, rgba(1, -1, 1e10f, 0), t);
	CHECK_EQ(word32(t), 0x3c0u | 0x3dfu << 22);
	/* Ties to even on 6 mantissa bits: 1 + 1/128 -> 1, 1 + 3/128 -> 1 + 2/64. */
	write_plain(EMBER_RT_B10G11R11_UFLOAT_PACK32, rgba(1 + 1.0f / 128, 1 + 3.0f / 128, 0.5f, 0), t);
	w = word32(t);
	CHECK_EQ(w & 0x7ff, 0x3c0);
	CHECK_EQ((w >> 11) & 0x7ff, 0x3c2);
	CHECK_EQ(w >> 22, 14u << 5);
	/* +inf stays inf, NaN stays NaN, 65024 is the 11-bit float's largest. */
	write_plain(EMBER_RT_B10G11R11_UFLOAT_PACK32, rgba(INFINITY, NAN, 70000.0f, 0), t);
	w = word32(t);
	CHECK_EQ(w & 0x7ff, 0x7c0);
	CHECK(((w >> 11) & 0x7c0) == 0x7c0 && ((w >> 11) & 0x3f));
	CHECK_EQ(w >> 22, 0x3df);
	return true;
}

static bool test_integers(void)
{
	uint8_t t[16];

	/* Vulkan leaves unrepresentable integers undefined; Ember saturates. */
	write_plain(EMBER_RT_R8_SINT, ints((uint32_t)-200, 0, 0, 0), t);
	CHECK_EQ(t[0], 0x80);
	write_plain(EMBER_RT_R8G8_SINT, ints(300, (uint32_t)-5, 0, 0), t);
	CHECK_EQ(t[0], 0x7f);
	CHECK_EQ(t[1], 0xfb);
	write_plain(EMBER_RT_R8G8B8A8_UINT, ints(256, 255, 0x80000000u, 7), t);
	CHECK_EQ(word32(t), 0x07ffffffu);
	write_plain(EMBER_RT_R16_UINT, ints(70000, 0, 0, 0), t);
	CHECK_EQ(word16(t), 0xffff);
	write_plain(EMBER_RT_R16G16B16A16_SINT, ints((uint32_t)-40000, 40000, (uint32_t)-1, 12), t);
	CHECK_EQ(word16(t), 0x8000);
	CHECK_EQ(word16(t + 2), 0x7fff);
	CHECK_EQ(word16(t + 4), 0xffff);
	CHECK_EQ(word16(t + 6), 12);
	write_plain(EMBER_RT_R32G32B32A32_SINT, ints((uint32_t)-5, 0x7fffffffu, 0x80000000u, 1), t);
	CHECK_EQ(word32(t), 0xfffffffbu);
	CHECK_EQ(word32(t + 4), 0x7fffffffu);
	CHECK_EQ(word32(t + 8), 0x80000000u);
	CHECK_EQ(word32(t + 12), 1);
	write_plain(EMBER_RT_A8B8G8R8_UINT_PACK32, ints(1, 2, 3, 400), t);
	CHECK_EQ(word32(t), 0xff030201u);
	CHECK(ember_rt_is_integer(EMBER_RT_R32G32_UINT));
	CHECK(!ember_rt_is_integer(EMBER_RT_B10G11R11_UFLOAT_PACK32));
	return true;
}

/* SNORM blending clamps the source and constants to [-1, 1], and reads the destination decoded. */
static bool test_blend_snorm_and_srgb(void)
{
	struct ember_blend_state bs = {
		.attachment = { { .blend_enable = true, .src_color_factor = BF_ONE,
				  .dst_color_factor = BF_ONE, .src_alpha_factor = BF_ONE,
				  .dst_alpha_factor = BF_ZERO, .write_mask = EMBER_WRITE_ALL } },
	};
	struct ember_render_target rt = { .format = EMBER_RT_R8G8B8A8_SNORM, .samples = 1 };
	union ember_color src = rgba(-3, 0.5f, 2, -1), none = rgba(0, 0, 0, 0);
	uint8_t t[4] = { 0x81, 0x40, 0x00, 0x7f };	/* -1, 64/127, 0, 1 */

	ember_frag_color_write(&bs, 0, &rt, t, &src, &none);
	/* R: -1 + -1 = -2 -> -1; G: 0.5 + 64/127 = 1.0039 -> 1; B: 1 + 0; A: the source -1. */
	CHECK_EQ(word32(t), 0x817f7f81u);
	/* An sRGB destination decodes to linear and encodes back: 188 + 0 stays 188. */
	rt.format = EMBER_RT_B8G8R8A8_SRGB;
	memcpy(t, (uint8_t[]){ 188, 7, 124, 10 }, 4);
	ember_frag_color_write(&bs, 0, &rt, t, &none, &none);
	CHECK_EQ(word32(t), 0x007c07bcu);
	/* Integers never blend: the source is stored as it is. */
	rt.format = EMBER_RT_R16G16_SINT;
	src = ints((uint32_t)-7, 9, 0, 0);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word16(t), (uint16_t)-7);
	CHECK_EQ(word16(t + 2), 9);
	return true;
}

/* Logic ops on the codes, within each channel's bits; write masks keep packed fields. */
static bool test_logic_ops_and_masks(void)
{
	struct ember_blend_state bs = {
		.logic_op_enable = true, .logic_op = LOGIC_INVERT,
		.attachment = { { .write_mask = EMBER_WRITE_ALL } },
	};
	struct ember_render_target rt = { .format = EMBER_RT_R5G6B5_UNORM_PACK16, .samples = 1 };
	union ember_color src = rgba(0, 0, 0, 0);
	uint8_t t[8] = { 0x34, 0x12, 0xee, 0xee };

	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word16(t), 0xedcb);
	CHECK_EQ(t[2], 0xee);
	/* XOR on SNORM codes: 0x81 ^ code(0.5) = 0x81 ^ 0x40. */
	bs.logic_op = LOGIC_XOR;
	rt.format = EMBER_RT_R8_SNORM;
	t[0] = 0x81;
	src = rgba(0.5f, 0, 0, 0);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(t[0], 0xc1);
	/* A 2-bit alpha: XOR stays within it. */
	rt.format = EMBER_RT_A2B10G10R10_UINT_PACK32;
	memcpy(t, (uint8_t[]){ 0, 0, 0, 0xc0 }, 4);
	src = ints(0, 0, 0, 1);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word32(t), 0x80000000u);
	/* sRGB and float targets take the source unchanged. */
	rt.format = EMBER_RT_R16_SFLOAT;
	src = rgba(1, 0, 0, 0);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word16(t), 0x3c00);
	/* Write mask G only on R5G6B5: R and B keep their bits. */
	bs.logic_op_enable = false;
	bs.attachment[0].write_mask = EMBER_WRITE_G;
	rt.format = EMBER_RT_R5G6B5_UNORM_PACK16;
	memcpy(t, (uint8_t[]){ 0xff, 0xff }, 2);
	src = rgba(0, 0, 0, 0);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word16(t), 0xf81f);
	/* Alpha only on B10G11R11, which has none: nothing changes. */
	bs.attachment[0].write_mask = EMBER_WRITE_A;
	rt.format = EMBER_RT_B10G11R11_UFLOAT_PACK32;
	memcpy(t, (uint8_t[]){ 1, 2, 3, 4 }, 4);
	ember_frag_color_write(&bs, 0, &rt, t, &src, &src);
	CHECK_EQ(word32(t), 0x04030201u);
	return true;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng32(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 32);
}

static uint32_t ref_get(const uint8_t *t, unsigned int shift, unsigned int bits)
{
	uint32_t v = 0;

	for (unsigned int b = 0; b < bits; b++)
		v |= (uint32_t)((t[(shift + b) / 8] >> ((shift + b) % 8)) & 1) << b;
	return v;
}

static void ref_put(uint8_t *t, unsigned int shift, unsigned int bits, uint32_t v)
{
	for (unsigned int b = 0; b < bits; b++) {
		uint8_t bit = (uint8_t)(1u << ((shift + b) % 8));

		if ((v >> b) & 1)
			t[(shift + b) / 8] |= bit;
		else
			t[(shift + b) / 8] &= (uint8_t)~bit;
	}
}

/*
 * Every colour format, every write mask, random channel codes over random
 * old bytes: the store changes exactly the written channels' bits (and no
 * byte past the texel), the load returns every channel's bits.
 */
static bool test_raw_store_load(void)
{
	for (unsigned int f = EMBER_RT_COLOR_FIRST; f <= EMBER_RT_COLOR_LAST; f++) {
		const struct ember_tex_format *row = ember_tex_format_get(ember_rt_vk_format(f));
		unsigned int size = ember_rt_texel_size(f);

		CHECK(row != NULL);
		for (unsigned int iter = 0; iter < 64; iter++) {
			unsigned int mask = iter % 16;
			uint8_t old[20], got[20], want[20];
			uint32_t raw[4], loaded[4];

			for (unsigned int b = 0; b < sizeof(old); b++)
				old[b] = (uint8_t)rng32();
			for (unsigned int c = 0; c < 4; c++) {
				uint32_t bits = row->ch[c].bits;

				raw[c] = bits >= 32 ? rng32() : rng32() & ((1u << bits) - 1);
			}
			memcpy(got, old, sizeof(got));
			memcpy(want, old, sizeof(want));
			ember_texel_store_raw(f, got, raw, mask);
			for (unsigned int c = 0; c < 4; c++)
				if (row->ch[c].bits && (mask & (1u << c)))
					ref_put(want, row->ch[c].shift, row->ch[c].bits, raw[c]);
			if (memcmp(got, want, sizeof(got))) {
				tap_diag("format %u mask %x: store differs", f, mask);
				return false;
			}
			ember_texel_load_raw(f, old, loaded);
			for (unsigned int c = 0; c < 4; c++) {
				uint32_t w = row->ch[c].bits ?
					     ref_get(old, row->ch[c].shift, row->ch[c].bits) : 0;

				if (loaded[c] != w) {
					tap_diag("format %u channel %u: load %#x, want %#x",
						 f, c, loaded[c], w);
					return false;
				}
			}
		}
		CHECK(size <= 16);
	}
	return true;
}

/* A random float colour channel: in and out of [0, 1], NaN, or raw bits. */
static uint32_t random_channel(void)
{
	static const float special[] = { 0.0f, 1.0f, -1.0f, 0.5f, 2.0f, NAN, 1e30f, -0.0f };
	uint32_t r = rng32();
	float f;

	if (r % 4 == 0)
		return rng32();
	f = r % 4 == 1 ? special[rng32() % 8] : (float)(rng32() % 4096) / 2048.0f - 0.5f;
	memcpy(&r, &f, sizeof(r));
	return r;
}

/*
 * ember_frag_color_write_quad() against ember_frag_color_write_pixel()
 * on each pixel: every colour format, 1 and 4 samples, random coverage
 * and write masks, blending and logic ops on and off, over random bytes.
 * The quad's own path (no blend, no logic op, 4-byte formats) must store
 * the same bytes; each kind of quad must have been met.
 */
static bool test_color_write_quad(void)
{
	unsigned long own = 0, others = 0;

	for (unsigned int f = EMBER_RT_COLOR_FIRST; f <= EMBER_RT_COLOR_LAST; f++) {
		for (unsigned int iter = 0; iter < 128; iter++) {
			unsigned int samples = iter % 2 ? 4 : 1;
			/* 3x2 pixels of up to 4 samples of 16 bytes; the quad at (1, 0). */
			uint8_t got[3 * 2 * 4 * 16], want[sizeof(got)];
			struct ember_render_target rt = {
				.format = (uint8_t)f, .samples = samples, .width = 3, .height = 2,
				.row_pitch = (size_t)3 * samples * ember_rt_texel_size(f),
				.base = got,
			};
			struct ember_blend_state bs = { .logic_op_enable = rng32() % 4 == 0,
							.logic_op = (uint8_t)(rng32() % 16) };
			struct ember_blend_attachment *att = &bs.attachment[0];
			union ember_color src[4], src1[4];
			uint32_t cov[4];

			att->blend_enable = rng32() % 4 == 0;
			att->src_color_factor = att->src_alpha_factor = (uint8_t)(rng32() % EMBER_BF_COUNT);
			att->dst_color_factor = att->dst_alpha_factor = (uint8_t)(rng32() % EMBER_BF_COUNT);
			att->color_op = att->alpha_op = (uint8_t)(rng32() % EMBER_BLEND_OP_COUNT);
			att->write_mask = (uint8_t)(iter % 3 ? EMBER_WRITE_ALL : rng32() % 16);
			for (int c = 0; c < 4; c++)
				bs.constants[c] = (float)(rng32() % 256) / 255.0f;
			for (int p = 0; p < 4; p++) {
				cov[p] = rng32() % 3 ? rng32() & ((1u << samples) - 1) : 0;
				for (int c = 0; c < 4; c++) {
					src[p].u[c] = random_channel();
					src1[p].u[c] = random_channel();
				}
			}
			for (size_t b = 0; b < sizeof(got); b++)
				got[b] = (uint8_t)rng32();
			memcpy(want, got, sizeof(got));
			ember_frag_color_write_quad(&bs, 0, &rt, 1, 0, cov, src, src1);
			rt.base = want;
			for (int p = 0; p < 4; p++)
				ember_frag_color_write_pixel(&bs, 0, &rt, 1 + (p & 1), p >> 1, cov[p],
							     &src[p], &src1[p]);
			if (memcmp(got, want, sizeof(got))) {
				tap_diag("format %u, %u samples, mask %x, blend %d, logic %d: "
					 "the quad's bytes differ", f, samples, att->write_mask,
					 att->blend_enable, bs.logic_op_enable);
				return false;
			}
			if (!bs.logic_op_enable && !att->blend_enable &&
			    ember_rt_texel_size(f) == 4)
				own++;
			else
				others++;
		}
	}
	tap_diag("%lu quads on the quad's own path, %lu per pixel", own, others);
	return own > 1000 && others > 1000;
}

static bool check_unorm8(float v)
{
	union ember_color c = { .f = { v, v, v, v } };
	uint32_t raw[4], want;

	if (!(v > 0.0f))
		want = 0;
	else if (v >= 1.0f)
		want = 255;
	else
		want = (uint32_t)nearbyint((double)v * 255.0);
	static const unsigned int formats[] = {
		EMBER_RT_R8G8B8A8_UNORM, EMBER_RT_B8G8R8A8_UNORM,
		EMBER_RT_A8B8G8R8_UNORM_PACK32, EMBER_RT_R8_UNORM, EMBER_RT_R8G8_UNORM,
	};

	for (unsigned int i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		unsigned int f = formats[i], n = f == EMBER_RT_R8_UNORM ? 1 :
						f == EMBER_RT_R8G8_UNORM ? 2 : 4;

		ember_color_encode(f, &c, raw);
		for (unsigned int k = 0; k < n; k++) {
			if (raw[k] != want) {
				tap_diag("format %u: %a encodes to %u, want %u", f, (double)v,
					 raw[k], want);
				return false;
			}
		}
	}
	return true;
}

/* 8-bit UNORM codes at and around every rounding boundary, and special values. */
static bool test_unorm8_boundaries(void)
{
	static const float special[] = { 0.0f, -0.0f, -1.0f, 1.0f, 2.0f, 1e-45f, -1e-45f,
					 0x1.fffffep-1f, NAN, -NAN, INFINITY, -INFINITY };

	for (unsigned int i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		CHECK(check_unorm8(special[i]));
	for (unsigned int k = 0; k < 255; k++) {
		float edge = (float)((k + 0.5) / 255.0);
		float v = edge;

		for (int step = 0; step < 4; step++)
			v = nextafterf(v, 0.0f);
		for (int step = 0; step < 9; step++, v = nextafterf(v, 1.0f))
			CHECK(check_unorm8(v));
		CHECK(check_unorm8((float)k / 255.0f));
	}
	for (unsigned int i = 0; i < 100000; i++) {
		uint32_t bits = 0x3f800000u - (rng32() % 0x3f800000u);	/* (0, 1] */
		float v;

		memcpy(&v, &bits, sizeof(v));
		CHECK(check_unorm8(v));
	}
	return true;
}

int main(void)
{
	tap_result(test_vk_mapping(), "every-color-format-maps-to-its-vkformat");
	tap_result(test_unorm(), "unorm-round-to-nearest-even-and-clamp");
	tap_result(test_packed(), "packed-formats-fields");
	tap_result(test_snorm(), "snorm-round-and-clamp-to-minus-one");
	tap_result(test_srgb(), "srgb-encoding");
	tap_result(test_floats(), "half-and-11-10-bit-floats");
	tap_result(test_integers(), "integers-saturate");
	tap_result(test_blend_snorm_and_srgb(), "blend-snorm-clamp-srgb-decode");
	tap_result(test_logic_ops_and_masks(), "logic-ops-on-codes-and-write-masks");
	tap_result(test_raw_store_load(), "raw-store-load-every-format-and-mask");
	tap_result(test_unorm8_boundaries(), "unorm8-encode-at-rounding-boundaries");
	tap_result(test_color_write_quad(), "color-write-quad-matches-per-pixel");
	return tap_finish();
}
