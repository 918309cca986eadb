/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The texture unit's format codec against the reference codec of
 * tex_ref.c, which derives every layout from the format's name and
 * converts by the specification's formulas. Per format and aspect:
 * decode of every texel value (texels up to 16 bits) or of random ones
 * plus edge patterns; encode of random and special values; and
 * decode(encode(decode(x))) == decode(x), the round trip the
 * specification makes exact. Also the scalar conversions on their own:
 * half and the unsigned 11/10-bit floats exhaustively, sRGB's 256 codes.
 * Format codes come from the Vulkan headers, not from the unit.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

#include "tap.h"
#include "tex_ref.h"
#include "texture/tex_format.h"
#include "texture/tex_numeric.h"

#define RANDOM_TEXELS	3000
#define RANDOM_VALUES	3000

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
	return ref_xorshift(&rng);
}

/* Equal bits, or both NaN when the values are floats. */
static bool same(uint32_t a, uint32_t b, bool floats)
{
	return a == b || (floats && isnan(ref_bitsf(a)) && isnan(ref_bitsf(b)));
}

static bool check_decode(const struct ref_format *rf, const struct ember_tex_format *view,
			 unsigned int aspect, const uint8_t *texel)
{
	bool floats = ref_class(rf, aspect) == 0;
	union ember_tex_texel got;
	uint32_t want[4];

	ember_tex_decode(view, texel, &got);
	ref_decode(rf, aspect, texel, want);
	for (unsigned int c = 0; c < 4; c++) {
		if (!same(got.u[c], want[c], floats)) {
			tap_diag("%s aspect %u: decode of %02x%02x%02x%02x.. component %u: "
				 "0x%08x (%g), reference 0x%08x (%g)", rf->name, aspect,
				 texel[0], texel[1], texel[2], texel[3], c, got.u[c],
				 ref_bitsf(got.u[c]), want[c], ref_bitsf(want[c]));
			return false;
		}
	}
	return true;
}

static bool check_encode(const struct ref_format *rf, const struct ember_tex_format *view,
			 unsigned int aspect, const uint32_t value[4])
{
	uint8_t got[16] = { 0 }, want[16] = { 0 };
	union ember_tex_texel in;

	memcpy(in.u, value, sizeof(in.u));
	ember_tex_encode(view, &in, got);
	ref_encode(rf, aspect, value, want);
	if (memcmp(got, want, rf->bytes)) {
		uint32_t got_v[4], want_v[4];
		bool floats = ref_class(rf, aspect) == 0, nan_only = true;

		/* Any NaN is a NaN: payloads are not kept (nor required to be). */
		ref_decode(rf, aspect, got, got_v);
		ref_decode(rf, aspect, want, want_v);
		for (unsigned int c = 0; c < 4; c++)
			nan_only &= got_v[c] == want_v[c] ||
				(floats && isnan(ref_bitsf(got_v[c])) && isnan(ref_bitsf(want_v[c])));
		if (nan_only)
			return true;
		tap_diag("%s aspect %u: encode of 0x%08x 0x%08x 0x%08x 0x%08x (%g %g %g %g): "
			 "bytes %02x%02x%02x%02x.., reference %02x%02x%02x%02x..", rf->name,
			 aspect, value[0], value[1], value[2], value[3], ref_bitsf(value[0]),
			 ref_bitsf(value[1]), ref_bitsf(value[2]), ref_bitsf(value[3]), got[0], got[1],
			 got[2], got[3], want[0], want[1], want[2], want[3]);
		return false;
	}
	return true;
}

/* decode(encode(decode(x))) == decode(x). */
static bool check_round_trip(const struct ref_format *rf, const struct ember_tex_format *view,
			     unsigned int aspect, const uint8_t *texel)
{
	bool floats = ref_class(rf, aspect) == 0;
	union ember_tex_texel first, second;
	uint8_t again[16];

	ember_tex_decode(view, texel, &first);
	ember_tex_encode(view, &first, again);
	ember_tex_decode(view, again, &second);
	for (unsigned int c = 0; c < 4; c++) {
		if (!same(first.u[c], second.u[c], floats)) {
			tap_diag("%s aspect %u: round trip of component %u: 0x%08x -> 0x%08x",
				 rf->name, aspect, c, first.u[c], second.u[c]);
			return false;
		}
	}
	return true;
}

/* A value to encode: specials, in-range numbers, random bits. */
static uint32_t random_value(int cls)
{
	static const float specials[] = {
		0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -2.0f, 1e-8f, 1e-40f, 65504.0f,
		65520.0f, 70000.0f, 1e30f, 0.0031308f, 0.04045f, 127.5f, 255.0f, 256.0f,
		INFINITY, -INFINITY, NAN,
	};
	uint64_t r = next();

	if (cls) {
		static const uint32_t ints[] = { 0, 1, 2, 3, 127, 128, 255, 256, 1023,
			1024, 32767, 32768, 65535, 65536, 0x7fffffff, 0x80000000u,
			0xffffffffu, 0xffffff80u, 0xfffffe00u, 0xffff8000u };

		switch (r % 3) {
		case 0: return ints[(r >> 8) % (sizeof(ints) / sizeof(ints[0]))];
		case 1: return (uint32_t)(int32_t)((int64_t)(r >> 16) % 70000 - 35000);
		default: return (uint32_t)(r >> 32);
		}
	}
	switch (r % 4) {
	case 0: return ref_fbits(specials[(r >> 8) % (sizeof(specials) / sizeof(specials[0]))]);
	case 1: return ref_fbits((float)((double)(r >> 11) / (double)(1ull << 53) * 3.0 - 1.5));
	case 2: return ref_fbits((float)((double)(r >> 11) / (double)(1ull << 53) * 140000.0 - 20000.0));
	default: return (uint32_t)(r >> 32);
	}
}

static bool test_format(const struct ref_format *rf, unsigned int aspect)
{
	struct ember_tex_format view;
	uint8_t texel[16];
	uint64_t exhaustive = rf->bytes <= 2 ? 1ull << (8 * rf->bytes) : 0;

	CHECK(ember_tex_format_view(rf->vk, aspect, &view));
	CHECK_EQ(view.bytes, rf->bytes);
	CHECK_EQ(ember_tex_format_class(&view), (unsigned int)ref_class(rf, aspect));
	for (uint64_t n = 0; n < (exhaustive ? exhaustive : RANDOM_TEXELS); n++) {
		uint64_t r[2] = { next(), next() };

		if (exhaustive) {
			memset(texel, 0, sizeof(texel));
			memcpy(texel, &n, rf->bytes);
		} else if (n < 4) {
			/* all zeros, all ones, alternating */
			memset(texel, (int[]){ 0x00, 0xff, 0x55, 0xaa }[n], sizeof(texel));
		} else {
			memcpy(texel, r, sizeof(texel));
		}
		if (!check_decode(rf, &view, aspect, texel) ||
		    !check_round_trip(rf, &view, aspect, texel))
			return false;
	}
	for (unsigned int n = 0; n < RANDOM_VALUES; n++) {
		int cls = ref_class(rf, aspect);
		uint32_t value[4];

		for (unsigned int c = 0; c < 4; c++)
			value[c] = random_value(cls);
		if (!check_encode(rf, &view, aspect, value))
			return false;
	}
	return true;
}

static bool table_matches_the_list(void)
{
	unsigned int count;
	const struct ember_tex_format *table = ember_tex_format_table(&count);

	unsigned int uncompressed = 0;

	for (unsigned int i = 0; i < count; i++)
		uncompressed += !table[i].block_log2;
	CHECK_EQ(uncompressed, ref_num_formats);
	for (unsigned int i = 0; i < count; i++) {
		bool listed = false;

		CHECK(i == 0 || table[i - 1].vk_format < table[i].vk_format);
		/* BC rows: test_tex_bc.c, against hand-made known answers. */
		if (table[i].block_log2)
			continue;

		for (unsigned int j = 0; j < ref_num_formats; j++)
			listed |= ref_formats[j].vk == table[i].vk_format;
		if (!listed)
			tap_diag("the table has format %u, which the test does not know",
				 table[i].vk_format);
		CHECK(listed);
	}
	CHECK(!ember_tex_format_get(VK_FORMAT_UNDEFINED));
	CHECK(!ember_tex_format_get(VK_FORMAT_R64_UINT));
	CHECK_EQ(ember_tex_format_get(VK_FORMAT_BC1_RGB_UNORM_BLOCK)->block_log2, 2);
	CHECK(!ember_tex_format_get(0xffffffffu));
	return true;
}

static bool aspects_are_checked(void)
{
	struct ember_tex_format view;

	CHECK(!ember_tex_format_view(VK_FORMAT_R8_UNORM, EMBER_TEX_ASPECT_DEPTH, &view));
	CHECK(!ember_tex_format_view(VK_FORMAT_D16_UNORM, EMBER_TEX_ASPECT_COLOR, &view));
	CHECK(!ember_tex_format_view(VK_FORMAT_D16_UNORM, EMBER_TEX_ASPECT_STENCIL, &view));
	CHECK(!ember_tex_format_view(VK_FORMAT_S8_UINT, EMBER_TEX_ASPECT_DEPTH, &view));
	CHECK(!ember_tex_format_view(VK_FORMAT_D24_UNORM_S8_UINT,
				     EMBER_TEX_ASPECT_DEPTH | EMBER_TEX_ASPECT_STENCIL, &view));
	return true;
}

static bool half_exhaustive(void)
{
	for (uint32_t h = 0; h < 0x10000; h++) {
		float got = ember_tex_half_to_float((uint16_t)h), want = ref_half_to_float((uint16_t)h);

		CHECK(same(ref_fbits(got), ref_fbits(want), true));
		/* every non-NaN half survives the trip back */
		if (!isnan(want))
			CHECK_EQ(ember_tex_float_to_half(got), h);
	}
	for (unsigned int n = 0; n < 200000; n++) {
		float f = ref_bitsf((uint32_t)next());
		_Float16 want = (_Float16)f;
		uint16_t w;

		memcpy(&w, &want, 2);
		if (isnan(f))
			CHECK(isnan(ember_tex_half_to_float(ember_tex_float_to_half(f))));
		else
			CHECK_EQ(ember_tex_float_to_half(f), w);
	}
	return true;
}

static bool ufloat_exhaustive(unsigned int mant_bits)
{
	unsigned int codes = 1u << (5 + mant_bits);

	for (uint32_t v = 0; v < codes; v++) {
		float got = ember_tex_small_float_decode(v, 5, mant_bits, false);

		CHECK(same(ref_fbits(got), ref_fbits(ref_ufloat_to_float(v, mant_bits)), true));
		/* and every midpoint between neighbours rounds to the even one */
		if (v + 1 < (31u << mant_bits)) {
			float mid = (float)(((double)got +
				(double)ember_tex_small_float_decode(v + 1, 5, mant_bits, false)) / 2);

			CHECK_EQ(ember_tex_small_float_encode(mid, 5, mant_bits, false),
				 ref_float_to_ufloat(mid, mant_bits));
		}
	}
	CHECK_EQ(ember_tex_small_float_encode(1e9f, 5, mant_bits, false), (31u << mant_bits) - 1);
	CHECK_EQ(ember_tex_small_float_encode(-5.0f, 5, mant_bits, false), 0);
	CHECK_EQ(ember_tex_small_float_encode(-INFINITY, 5, mant_bits, false), 0);
	CHECK_EQ(ember_tex_small_float_encode(INFINITY, 5, mant_bits, false), 31u << mant_bits);
	CHECK(isnan(ember_tex_small_float_decode(
		ember_tex_small_float_encode(NAN, 5, mant_bits, false), 5, mant_bits, false)));
	return true;
}

static bool ufloat11_exhaustive(void) { return ufloat_exhaustive(6); }
static bool ufloat10_exhaustive(void) { return ufloat_exhaustive(5); }

static bool srgb_codes(void)
{
	for (unsigned int c = 0; c < 256; c++) {
		CHECK_EQ(ref_fbits(ember_tex_srgb8_to_linear((uint8_t)c)), ref_fbits(ref_srgb_to_linear(c)));
		CHECK_EQ(ember_tex_linear_to_srgb8(ember_tex_srgb8_to_linear((uint8_t)c)), c);
	}
	return true;
}

static bool normalized_edges(void)
{
	/* The most negative SNORM code and the next one are both -1.0. */
	CHECK(ember_tex_snorm_to_float(-128, 8) == -1.0f);
	CHECK(ember_tex_snorm_to_float(-127, 8) == -1.0f);
	CHECK(ember_tex_float_to_snorm(-1.0f, 8) == -127);
	CHECK(ember_tex_float_to_snorm(NAN, 8) == 0);
	CHECK_EQ(ember_tex_float_to_unorm(NAN, 8), 0);
	CHECK_EQ(ember_tex_float_to_unorm(0.5f, 8), 128);	/* 127.5: ties to even */
	CHECK_EQ(ember_tex_float_to_unorm(1.0f, 24), 0xffffff);
	CHECK(ember_tex_unorm_to_float(0xffffff, 24) == 1.0f);
	return true;
}

int main(void)
{
	static const struct { const char *name; bool (*fn)(void); } units[] = {
		{ "format table matches the list", table_matches_the_list },
		{ "aspects are checked", aspects_are_checked },
		{ "half floats, all 65536 and random encodes", half_exhaustive },
		{ "unsigned 11-bit floats, all codes and midpoints", ufloat11_exhaustive },
		{ "unsigned 10-bit floats, all codes and midpoints", ufloat10_exhaustive },
		{ "sRGB, all 256 codes both ways", srgb_codes },
		{ "normalized conversion edges", normalized_edges },
	};

	for (unsigned int i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		tap_result(units[i].fn(), units[i].name);
	for (unsigned int i = 0; i < ref_num_formats; i++) {
		struct ref_format rf;
		char name[96];
		bool ok = ref_format_parse(ref_formats[i].vk, ref_formats[i].name, &rf);

		if (!ok)
			tap_diag("the reference cannot parse %s", ref_formats[i].name);
		for (unsigned int aspect = 1; ok && aspect <= 4; aspect <<= 1) {
			bool has = aspect == 1 ? !strchr("DS", rf.comp[0].letter) &&
				!(rf.comp[0].letter == 'X') :
				(bool)memchr((char[]){ rf.comp[0].letter, rf.comp[1].letter },
					     aspect == 2 ? 'D' : 'S', 2);

			if (!has)
				continue;
			snprintf(name, sizeof(name), "codec %s%s", ref_formats[i].name,
				 aspect == 2 ? " depth" : aspect == 4 ? " stencil" : "");
			tap_result(test_format(&rf, aspect), name);
		}
		if (!ok)
			tap_result(false, ref_formats[i].name);
	}
	return tap_finish();
}
