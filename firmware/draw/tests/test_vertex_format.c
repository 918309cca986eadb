/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Vertex formats: which codes are accepted (every one Vulkan requires for
 * VERTEX_BUFFER_BIT, the contract's list, nothing else) and known-answer
 * conversions: normalised, scaled, integer, packed, swapped, half and
 * small floats, 64-bit pairs, and the (0, 0, 1) fill of missing
 * components.
 */

#include <math.h>
#include <string.h>

#include "tap.h"
#include "vertex_format.h"

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* Decode @bytes as @format and compare with four expected lanes. */
static bool decodes_to(uint32_t format, const void *bytes, uint32_t r, uint32_t g,
		       uint32_t b, uint32_t a)
{
	struct ember_vertex_format f;
	uint32_t lanes[EMBER_VERTEX_MAX_LANES];

	CHECK(ember_vertex_format_get(format, &f));
	ember_vertex_format_decode(&f, bytes, lanes);
	CHECK_EQ(lanes[0], r);
	CHECK_EQ(lanes[1], g);
	CHECK_EQ(lanes[2], b);
	CHECK_EQ(lanes[3], a);
	return true;
}

#define F(x)	fbits(x)

static bool test_required_formats(void)
{
	/* Vulkan's mandatory VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT formats. */
	static const uint32_t required[] = {
		9, 10, 13, 14, 16, 17, 20, 21, 37, 38, 41, 42, 44, 51, 52, 55, 56,
		64, 70, 71, 74, 75, 76, 77, 78, 81, 82, 83, 91, 92, 95, 96, 97,
		98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
	};
	struct ember_vertex_format f;

	for (unsigned int i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		if (!ember_vertex_format_get(required[i], &f)) {
			tap_diag("format %u refused", required[i]);
			return false;
		}
	}
	return true;
}

static bool test_accepted_set(void)
{
	struct ember_vertex_format f;
	unsigned int accepted = 0;

	for (uint32_t code = 0; code < 200; code++) {
		bool srgb8 = code >= 9 && code <= 57 && (code - 9) % 7 == 6;
		bool listed = (code >= 9 && code <= 121 && !srgb8) || code == 122;
		bool ok = ember_vertex_format_get(code, &f);

		if (ok != listed) {
			tap_diag("format %u: accepted %d, listed %d", code, ok, listed);
			return false;
		}
		if (ok) {
			accepted++;
			CHECK(f.bytes >= 1 && f.bytes <= EMBER_VERTEX_MAX_BYTES);
			CHECK(f.lanes == 4 || f.lanes == 8);
			CHECK(f.components >= 1 && f.components <= 4);
		}
	}
	CHECK(!ember_vertex_format_get(1000340000, &f));	/* A4R4G4B4 */
	CHECK(!ember_vertex_format_get(0xffffffffu, &f));
	CHECK_EQ(accepted, 107);
	return true;
}

static bool test_eight_bit(void)
{
	const uint8_t ff = 0xff, x80 = 0x80, x81 = 0x81, x7f = 0x7f, c8 = 200, xc0 = 0xc0;
	const uint8_t rgb[3] = { 0, 255, 51 }, bgra[4] = { 255, 0, 0, 255 };

	CHECK(decodes_to(9, &ff, F(1.0f), 0, 0, F(1.0f)));	/* R8_UNORM */
	CHECK(decodes_to(9, &x80, F(128.0f / 255.0f), 0, 0, F(1.0f)));
	CHECK(decodes_to(10, &x80, F(-1.0f), 0, 0, F(1.0f)));	/* R8_SNORM */
	CHECK(decodes_to(10, &x81, F(-1.0f), 0, 0, F(1.0f)));
	CHECK(decodes_to(10, &x7f, F(1.0f), 0, 0, F(1.0f)));
	CHECK(decodes_to(10, &xc0, F(-64.0f / 127.0f), 0, 0, F(1.0f)));
	CHECK(decodes_to(11, &c8, F(200.0f), 0, 0, F(1.0f)));	/* USCALED */
	CHECK(decodes_to(12, &ff, F(-1.0f), 0, 0, F(1.0f)));	/* SSCALED */
	CHECK(decodes_to(13, &c8, 200, 0, 0, 1));		/* R8_UINT */
	CHECK(decodes_to(14, &ff, 0xffffffffu, 0, 0, 1));	/* R8_SINT */
	CHECK(decodes_to(23, rgb, F(0.0f), F(1.0f), F(0.2f), F(1.0f)));	/* R8G8B8 */
	CHECK(decodes_to(30, rgb, F(0.2f), F(1.0f), F(0.0f), F(1.0f)));	/* B8G8R8 */
	CHECK(decodes_to(44, bgra, F(0.0f), F(0.0f), F(1.0f), F(1.0f)));	/* B8G8R8A8 */
	return true;
}

static bool test_packed(void)
{
	uint32_t abgr = 0x04030201;
	uint32_t a2b10 = 1023u | 0u << 10 | 512u << 20 | 3u << 30;
	uint32_t a2r10_snorm = 0x200u << 20 | 1u << 10 | 0x1ffu | 2u << 30;
	uint32_t a2_sscaled = 0x3ffu | 1u << 30;
	uint32_t ufloat = 0x3c0u | 0x3c0u << 11 | 0x1e0u << 22;

	CHECK(decodes_to(55, &abgr, 1, 2, 3, 4));	/* A8B8G8R8_UINT_PACK32 */
	CHECK(decodes_to(51, &abgr, F(1 / 255.0f), F(2 / 255.0f), F(3 / 255.0f),
			 F(4 / 255.0f)));
	CHECK(decodes_to(64, &a2b10, F(1.0f), F(0.0f), F(512.0f / 1023.0f), F(1.0f)));
	/* A2R10G10B10_SNORM: R in bits 20..29, -512 and the 2-bit -2 are -1. */
	CHECK(decodes_to(59, &a2r10_snorm, F(-1.0f), F(1.0f / 511.0f), F(1.0f),
			 F(-1.0f)));
	CHECK(decodes_to(67, &a2_sscaled, F(-1.0f), 0, 0, F(1.0f)));	/* A2B10G10R10_SSCALED */
	CHECK(decodes_to(68, &a2b10, 1023, 0, 512, 3));	/* A2B10G10R10_UINT */
	CHECK(decodes_to(122, &ufloat, F(1.0f), F(1.0f), F(1.0f), F(1.0f)));
	return true;
}

static bool test_sixteen_bit(void)
{
	const uint16_t one = 0x3c00, minus_two = 0xc000, denormal = 0x0001,
		       inf = 0x7c00, min16 = 0x8000, max16 = 0xffff;
	const uint16_t rgba[4] = { 0x3800, 0x0000, 0x8000, 0xfbff };
	struct ember_vertex_format f;
	uint32_t lanes[EMBER_VERTEX_MAX_LANES];
	const uint16_t nan = 0x7e00;

	CHECK(decodes_to(76, &one, F(1.0f), 0, 0, F(1.0f)));	/* R16_SFLOAT */
	CHECK(decodes_to(76, &minus_two, F(-2.0f), 0, 0, F(1.0f)));
	CHECK(decodes_to(76, &denormal, F(ldexpf(1.0f, -24)), 0, 0, F(1.0f)));
	CHECK(decodes_to(76, &inf, F(INFINITY), 0, 0, F(1.0f)));
	CHECK(decodes_to(71, &min16, F(-1.0f), 0, 0, F(1.0f)));	/* R16_SNORM */
	CHECK(decodes_to(70, &max16, F(1.0f), 0, 0, F(1.0f)));	/* R16_UNORM */
	CHECK(decodes_to(74, &max16, 65535, 0, 0, 1));		/* R16_UINT */
	CHECK(decodes_to(75, &max16, 0xffffffffu, 0, 0, 1));	/* R16_SINT */
	CHECK(decodes_to(72, &max16, F(65535.0f), 0, 0, F(1.0f)));	/* USCALED */
	CHECK(decodes_to(97, rgba, F(0.5f), F(0.0f), F(-0.0f), F(-65504.0f)));
	CHECK(ember_vertex_format_get(76, &f));
	ember_vertex_format_decode(&f, (const uint8_t *)&nan, lanes);
	CHECK((lanes[0] & 0x7fffffffu) > 0x7f800000u);	/* a NaN */
	return true;
}

static bool test_thirty_two_bit(void)
{
	const float xyz[3] = { 1.5f, -0.0f, 3e38f };
	const int32_t minus5 = -5;
	const uint32_t rgba[4] = { 1, 2, 3, 0xffffffffu };

	CHECK(decodes_to(106, xyz, F(1.5f), F(-0.0f), F(3e38f), F(1.0f)));
	CHECK(decodes_to(99, &minus5, (uint32_t)-5, 0, 0, 1));
	CHECK(decodes_to(107, rgba, 1, 2, 3, 0xffffffffu));
	return true;
}

static bool test_sixty_four_bit(void)
{
	const double one_and_half = 1.5;
	const uint64_t quad[4] = { 0x0123456789abcdefull, 2, 3, 0xfedcba9876543210ull };
	const uint64_t one_u = 5;
	struct ember_vertex_format f;
	uint32_t lanes[EMBER_VERTEX_MAX_LANES];
	uint64_t bits, one_d;
	double one = 1.0;

	memcpy(&bits, &one_and_half, 8);
	memcpy(&one_d, &one, 8);
	CHECK(ember_vertex_format_get(112, &f));	/* R64_SFLOAT */
	CHECK_EQ(f.bytes, 8);
	CHECK_EQ(f.lanes, 8);
	ember_vertex_format_decode(&f, (const uint8_t *)&one_and_half, lanes);
	CHECK_EQ(lanes[0], (uint32_t)bits);
	CHECK_EQ(lanes[1], (uint32_t)(bits >> 32));
	for (unsigned int l = 2; l < 6; l++)
		CHECK_EQ(lanes[l], 0);
	CHECK_EQ(lanes[6], (uint32_t)one_d);
	CHECK_EQ(lanes[7], (uint32_t)(one_d >> 32));

	CHECK(ember_vertex_format_get(110, &f));	/* R64_UINT: A is 1 */
	ember_vertex_format_decode(&f, (const uint8_t *)&one_u, lanes);
	CHECK_EQ(lanes[0], 5);
	CHECK_EQ(lanes[6], 1);
	CHECK_EQ(lanes[7], 0);

	CHECK(ember_vertex_format_get(119, &f));	/* R64G64B64A64_UINT */
	CHECK_EQ(f.bytes, 32);
	ember_vertex_format_decode(&f, (const uint8_t *)quad, lanes);
	for (unsigned int c = 0; c < 4; c++) {
		CHECK_EQ(lanes[2 * c], (uint32_t)quad[c]);
		CHECK_EQ(lanes[2 * c + 1], (uint32_t)(quad[c] >> 32));
	}
	return true;
}

static bool test_zero_bytes_fill(void)
{
	/* What an out-of-range attribute reads: zeros, then (.., 1). */
	const uint8_t zeros[EMBER_VERTEX_MAX_BYTES] = { 0 };

	CHECK(decodes_to(109, zeros, 0, 0, 0, 0));		/* RGBA32F: all present */
	CHECK(decodes_to(100, zeros, 0, 0, 0, F(1.0f)));	/* R32F */
	CHECK(decodes_to(101, zeros, 0, 0, 0, 1));		/* RG32_UINT */
	return true;
}

int main(void)
{
	tap_result(test_required_formats(), "required-vertex-buffer-formats");
	tap_result(test_accepted_set(), "accepted-set-is-the-contracts");
	tap_result(test_eight_bit(), "eight-bit-normalised-scaled-integer");
	tap_result(test_packed(), "packed-and-swapped");
	tap_result(test_sixteen_bit(), "sixteen-bit-and-half-floats");
	tap_result(test_thirty_two_bit(), "thirty-two-bit");
	tap_result(test_sixty_four_bit(), "sixty-four-bit-pairs");
	tap_result(test_zero_bytes_fill(), "zeros-and-missing-components");
	return tap_finish();
}
