/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The vectors of bc_vectors.h. Notation: eN are endpoints, "w" the 6-bit
 * BPTC weight of an index, "(a*x + b*y + 32) >> 6" the BPTC
 * interpolation; sRGB values are the EOTF of the value beside them.
 */

#include "bc_vectors.h"

#define U8(v)		((float)(v) / 255.0f)
#define HALF_MAX	65504.0f
#define HALF_TINY	(1.0f / 16777216.0f)	/* 2^-24, the smallest denormal */

/* sRGB EOTF of 2/3, 1/3, 1/2, 171/255, 84/255, 129/255. */
#define SRGB_2_3	0.40197778f
#define SRGB_1_3	0.0908417112f
#define SRGB_1_2	0.21404114f
#define SRGB_171	0.407240212f
#define SRGB_84		0.0886555863f
#define SRGB_129	0.2195262f

enum {
	BC1_RGB_UNORM = 131, BC1_RGB_SRGB, BC1_RGBA_UNORM, BC1_RGBA_SRGB,
	BC2_UNORM, BC2_SRGB, BC3_UNORM, BC3_SRGB, BC4_UNORM, BC4_SNORM,
	BC5_UNORM, BC5_SNORM, BC6H_UFLOAT, BC6H_SFLOAT, BC7_UNORM, BC7_SRGB,
};

/* BC1: c0 = 0xf800 (red) > c1 = 0x001f (blue), codes 0, 1, 2, 3. */
#define BC1_FOUR	{ 0x00, 0xf8, 0x1f, 0x00, 0xe4, 0x00, 0x00, 0x00 }
/* c0 = 0x001f (blue) <= c1 = 0xf800 (red): three colours and black. */
#define BC1_THREE	{ 0x1f, 0x00, 0x00, 0xf8, 0xe4, 0x00, 0x00, 0x00 }
/* c0 = c1 = 0x07e0 (green): three-colour mode; texel 7 code 3. */
#define BC1_EQUAL	{ 0xe0, 0x07, 0xe0, 0x07, 0x00, 0xc0, 0x00, 0x00 }
/* c0 = 0xffff (white) > c1 = 0: codes 0, 1, 2, 3. */
#define BC1_WHITE	{ 0xff, 0xff, 0x00, 0x00, 0xe4, 0x00, 0x00, 0x00 }
/*
 * BC2: alpha nibbles 5 (texel 0), 10 (texel 1), 15 (texel 15); colour
 * c0 = blue < c1 = red, still four colours: texel 0 code 3 = (c0 + 2 c1)
 * / 3, texel 1 code 2 = (2 c0 + c1) / 3, texel 15 code 0.
 */
#define BC2_BLOCK	{ 0xa5, 0, 0, 0, 0, 0, 0, 0xf0, 0x1f, 0x00, 0x00, 0xf8, 0x0b, 0, 0, 0 }

const struct bc_vector bc_vectors[] = {
	{ "BC1 four colours, code 0", BC1_RGB_UNORM, BC1_FOUR, 0, { 1, 0, 0, 1 } },
	{ "BC1 four colours, code 1", BC1_RGB_UNORM, BC1_FOUR, 1, { 0, 0, 1, 1 } },
	{ "BC1 four colours, code 2", BC1_RGB_UNORM, BC1_FOUR, 2,
	  { 2.0f / 3, 0, 1.0f / 3, 1 } },
	{ "BC1 four colours, code 3", BC1_RGB_UNORM, BC1_FOUR, 3,
	  { 1.0f / 3, 0, 2.0f / 3, 1 } },
	{ "BC1 three colours, code 2", BC1_RGB_UNORM, BC1_THREE, 2, { 0.5f, 0, 0.5f, 1 } },
	{ "BC1 RGB three colours, code 3 opaque black", BC1_RGB_UNORM, BC1_THREE, 3,
	  { 0, 0, 0, 1 } },
	{ "BC1 RGBA three colours, code 3 transparent", BC1_RGBA_UNORM, BC1_THREE, 3,
	  { 0, 0, 0, 0 } },
	{ "BC1 RGBA three colours, code 2 opaque", BC1_RGBA_UNORM, BC1_THREE, 2,
	  { 0.5f, 0, 0.5f, 1 } },
	{ "BC1 RGBA four colours, code 3 opaque", BC1_RGBA_UNORM, BC1_FOUR, 3,
	  { 1.0f / 3, 0, 2.0f / 3, 1 } },
	{ "BC1 equal endpoints, code 0", BC1_RGB_UNORM, BC1_EQUAL, 4, { 0, 1, 0, 1 } },
	{ "BC1 equal endpoints, code 3 black", BC1_RGBA_UNORM, BC1_EQUAL, 7, { 0, 0, 0, 0 } },
	{ "BC1 sRGB white", BC1_RGB_SRGB, BC1_WHITE, 0, { 1, 1, 1, 1 } },
	{ "BC1 sRGB 2/3", BC1_RGB_SRGB, BC1_WHITE, 2, { SRGB_2_3, SRGB_2_3, SRGB_2_3, 1 } },
	{ "BC1 RGBA sRGB half, alpha linear", BC1_RGBA_SRGB, BC1_THREE, 2,
	  { SRGB_1_2, 0, SRGB_1_2, 1 } },
	{ "BC1 RGBA sRGB transparent", BC1_RGBA_SRGB, BC1_THREE, 3, { 0, 0, 0, 0 } },

	{ "BC2 alpha 5/15, code 3 with c0 < c1", BC2_UNORM, BC2_BLOCK, 0,
	  { 2.0f / 3, 0, 1.0f / 3, 5.0f / 15 } },
	{ "BC2 alpha 10/15, code 2", BC2_UNORM, BC2_BLOCK, 1,
	  { 1.0f / 3, 0, 2.0f / 3, 10.0f / 15 } },
	{ "BC2 alpha 15/15, code 0", BC2_UNORM, BC2_BLOCK, 15, { 0, 0, 1, 1 } },
	{ "BC2 sRGB, alpha linear", BC2_SRGB, BC2_BLOCK, 0,
	  { SRGB_2_3, 0, SRGB_1_3, 5.0f / 15 } },

	/* BC3: a0 = 255 > a1 = 0 (8 values), texel 0 code 2, texel 1 code 7. */
	{ "BC3 8-value alpha code 2", BC3_UNORM,
	  { 0xff, 0x00, 0x3a, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 0,
	  { 1, 0, 0, 6.0f / 7 } },
	{ "BC3 8-value alpha code 7", BC3_UNORM,
	  { 0xff, 0x00, 0x3a, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 1,
	  { 1, 0, 0, 1.0f / 7 } },
	/* a0 = 0 <= a1 = 255 (6 values): codes 2, 6, 7, 5 on texels 0..3. */
	{ "BC3 6-value alpha code 2", BC3_UNORM,
	  { 0x00, 0xff, 0xf2, 0x0b, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 0,
	  { 1, 0, 0, 0.2f } },
	{ "BC3 6-value alpha code 6 is 0", BC3_UNORM,
	  { 0x00, 0xff, 0xf2, 0x0b, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 1,
	  { 1, 0, 0, 0 } },
	{ "BC3 6-value alpha code 7 is 1", BC3_UNORM,
	  { 0x00, 0xff, 0xf2, 0x0b, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 2,
	  { 1, 0, 0, 1 } },
	{ "BC3 6-value alpha code 5", BC3_UNORM,
	  { 0x00, 0xff, 0xf2, 0x0b, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0 }, 3,
	  { 1, 0, 0, 0.8f } },
	{ "BC3 sRGB colour, alpha linear", BC3_SRGB,
	  { 0xff, 0x00, 0x3a, 0, 0, 0, 0, 0, 0xff, 0xff, 0x00, 0x00, 0x02, 0, 0, 0 }, 0,
	  { SRGB_2_3, SRGB_2_3, SRGB_2_3, 6.0f / 7 } },

	/* BC4: r0 = 200 > r1 = 100; texel 0 code 4 = (4 r0 + 3 r1) / 7, texel 1 code 1. */
	{ "BC4 8 values code 4", BC4_UNORM, { 200, 100, 0x0c, 0, 0, 0, 0, 0 }, 0,
	  { 1100.0f / 1785, 0, 0, 1 } },
	{ "BC4 8 values code 1", BC4_UNORM, { 200, 100, 0x0c, 0, 0, 0, 0, 0 }, 1,
	  { 100.0f / 255, 0, 0, 1 } },
	/* r0 = 0 <= r1 = 64: 6 values, code 3 = (3 r0 + 2 r1) / 5. */
	{ "BC4 6 values code 3", BC4_UNORM, { 0, 64, 0x03, 0, 0, 0, 0, 0 }, 0,
	  { 128.0f / 1275, 0, 0, 1 } },
	{ "BC4 6 values code 7 is 1", BC4_UNORM, { 0, 64, 0x07, 0, 0, 0, 0, 0 }, 0,
	  { 1, 0, 0, 1 } },
	/* SNORM r0 = 127 > r1 = -128 (-1.0): texel 0 code 1, texel 1 code 3. */
	{ "BC4 SNORM -128 is -1", BC4_SNORM, { 0x7f, 0x80, 0x19, 0, 0, 0, 0, 0 }, 0,
	  { -1, 0, 0, 1 } },
	{ "BC4 SNORM 8 values code 3", BC4_SNORM, { 0x7f, 0x80, 0x19, 0, 0, 0, 0, 0 }, 1,
	  { 3.0f / 7, 0, 0, 1 } },
	/* r0 = -128 <= r1 = -127 as integers: 6 values, codes 0, 6, 7, 2. */
	{ "BC4 SNORM 6 values code 0", BC4_SNORM, { 0x80, 0x81, 0xf0, 0x05, 0, 0, 0, 0 }, 0,
	  { -1, 0, 0, 1 } },
	{ "BC4 SNORM 6 values code 6 is -1", BC4_SNORM,
	  { 0x80, 0x81, 0xf0, 0x05, 0, 0, 0, 0 }, 1, { -1, 0, 0, 1 } },
	{ "BC4 SNORM 6 values code 7 is 1", BC4_SNORM,
	  { 0x80, 0x81, 0xf0, 0x05, 0, 0, 0, 0 }, 2, { 1, 0, 0, 1 } },
	{ "BC4 SNORM 6 values code 2", BC4_SNORM, { 0x80, 0x81, 0xf0, 0x05, 0, 0, 0, 0 }, 3,
	  { -1, 0, 0, 1 } },

	/* BC5: R 255 > 0 code 2 = 6/7; G 0 <= 255 code 2 = 1/5. */
	{ "BC5 two channels", BC5_UNORM,
	  { 0xff, 0x00, 0x02, 0, 0, 0, 0, 0, 0x00, 0xff, 0x02, 0, 0, 0, 0, 0 }, 0,
	  { 6.0f / 7, 0.2f, 0, 1 } },
	/* SNORM R 127 > -127: code 7 = (1 - 6) / 7; G -127 <= 127: code 6 = -1. */
	{ "BC5 SNORM two channels", BC5_SNORM,
	  { 0x7f, 0x81, 0x07, 0, 0, 0, 0, 0, 0x81, 0x7f, 0x06, 0, 0, 0, 0, 0 }, 0,
	  { -5.0f / 7, -1, 0, 1 } },

	/*
	 * BC6H mode 11 (0x03, 10-bit endpoints, not transformed): e0 = (1023,
	 * 0, 512), e1 = (0, 1023, 512). Unquantized: 1023 -> 0xffff, 512 ->
	 * ((512 << 16) + 0x8000) >> 10 = 32800. Final (x * 31) >> 6: 0xffff ->
	 * 0x7bff (65504), 32800 -> 0x3e0f (1 + 527/1024). Texel 2 index 8
	 * (w 34): R (30 * 0xffff + 32) >> 6 = 30720 -> 0x3a20 (0.765625),
	 * G (34 * 0xffff + 32) >> 6 = 34815 -> 0x41df (2.935546875).
	 */
	{ "BC6H mode 11 index 0", BC6H_UFLOAT,
	  { 0xe3, 0x7f, 0x00, 0x00, 0x04, 0xe0, 0x7f, 0x00, 0xf1, 0x08, 0, 0, 0, 0, 0, 0 }, 0,
	  { HALF_MAX, 0, 1.5146484375f, 1 } },
	{ "BC6H mode 11 index 15", BC6H_UFLOAT,
	  { 0xe3, 0x7f, 0x00, 0x00, 0x04, 0xe0, 0x7f, 0x00, 0xf1, 0x08, 0, 0, 0, 0, 0, 0 }, 1,
	  { 0, HALF_MAX, 1.5146484375f, 1 } },
	{ "BC6H mode 11 index 8", BC6H_UFLOAT,
	  { 0xe3, 0x7f, 0x00, 0x00, 0x04, 0xe0, 0x7f, 0x00, 0xf1, 0x08, 0, 0, 0, 0, 0, 0 }, 2,
	  { 0.765625f, 2.935546875f, 1.5146484375f, 1 } },
	/*
	 * Signed: e0.r = 0x3ff = -1 -> -(((1 << 15) + 0x4000) >> 9) = -96 ->
	 * -((96 * 31) >> 5) = -93 (a denormal); e1.r = 511 (the largest) ->
	 * 0x7fff -> 0x7bff.
	 */
	{ "BC6H SFLOAT mode 11 -1", BC6H_SFLOAT,
	  { 0xe3, 0x7f, 0x00, 0x00, 0xf8, 0x0f, 0x00, 0x00, 0xf0, 0, 0, 0, 0, 0, 0, 0 }, 0,
	  { -93 * HALF_TINY, 0, 0, 1 } },
	{ "BC6H SFLOAT mode 11 largest", BC6H_SFLOAT,
	  { 0xe3, 0x7f, 0x00, 0x00, 0xf8, 0x0f, 0x00, 0x00, 0xf0, 0, 0, 0, 0, 0, 0, 0 }, 1,
	  { HALF_MAX, 0, 0, 1 } },
	/* e0.r = 0x200 = -512: magnitude past 511 -> -0x7fff -> 0xfbff. */
	{ "BC6H SFLOAT mode 11 most negative", BC6H_SFLOAT,
	  { 0x03, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 0,
	  { -HALF_MAX, 0, 0, 1 } },
	/*
	 * Mode 12 (0x07, 11-bit endpoints, 9-bit deltas): e0 = (1024, 0, 2047),
	 * deltas (-1, 5, 0): e1 = (1023, 5, 2047). 1024 -> 32784 -> 0x3e07
	 * (1 + 519/1024); 1023 -> 32752 -> 0x3df8 (1 + 504/1024); 5 -> 176 ->
	 * 85 (a denormal); 2047 -> 0xffff -> 65504.
	 */
	{ "BC6H mode 12 transformed e0", BC6H_UFLOAT,
	  { 0x07, 0x00, 0x00, 0xfe, 0xff, 0xbf, 0x00, 0x00, 0xf1, 0, 0, 0, 0, 0, 0, 0 }, 0,
	  { 1.5068359375f, 0, HALF_MAX, 1 } },
	{ "BC6H mode 12 transformed e1", BC6H_UFLOAT,
	  { 0x07, 0x00, 0x00, 0xfe, 0xff, 0xbf, 0x00, 0x00, 0xf1, 0, 0, 0, 0, 0, 0, 0 }, 1,
	  { 1.4921875f, 85 * HALF_TINY, HALF_MAX, 1 } },
	/* e0.r = 0, delta -1: wraps to 2047 (11 bits) -> 65504. */
	{ "BC6H mode 12 delta wraps", BC6H_UFLOAT,
	  { 0x07, 0x00, 0x00, 0x00, 0xf8, 0x0f, 0x00, 0x00, 0xf0, 0, 0, 0, 0, 0, 0, 0 }, 1,
	  { HALF_MAX, 0, 0, 1 } },
	/*
	 * Signed mode 12: e0.r = 0x7ff = -1, delta 2: e1.r = 1. -1 -> -48 ->
	 * -((48 * 31) >> 5) = -46; 1 -> 48 -> 46.
	 */
	{ "BC6H SFLOAT mode 12 transformed e0", BC6H_SFLOAT,
	  { 0xe7, 0x7f, 0x00, 0x00, 0x10, 0x10, 0x00, 0x00, 0xf0, 0, 0, 0, 0, 0, 0, 0 }, 0,
	  { -46 * HALF_TINY, 0, 0, 1 } },
	{ "BC6H SFLOAT mode 12 transformed e1", BC6H_SFLOAT,
	  { 0xe7, 0x7f, 0x00, 0x00, 0x10, 0x10, 0x00, 0x00, 0xf0, 0, 0, 0, 0, 0, 0, 0 }, 1,
	  { 46 * HALF_TINY, 0, 0, 1 } },
	/*
	 * Mode 10 (0x1e, two subsets, 6-bit endpoints, not transformed), shape
	 * 13 (texels 8..15 in subset 1): e0.r = 32 -> 33280 -> 0x3ef8
	 * (1 + 760/1024); subset 1's e2.r = 63 -> 65504.
	 */
	{ "BC6H mode 10 subset 0", BC6H_UFLOAT,
	  { 0x1e, 0x04, 0, 0, 0, 0, 0, 0, 0x7e, 0xa0, 0x01, 0, 0, 0, 0, 0 }, 0,
	  { 1.7421875f, 0, 0, 1 } },
	{ "BC6H mode 10 subset 1", BC6H_UFLOAT,
	  { 0x1e, 0x04, 0, 0, 0, 0, 0, 0, 0x7e, 0xa0, 0x01, 0, 0, 0, 0, 0 }, 8,
	  { HALF_MAX, 0, 0, 1 } },
	/*
	 * Mode 1 (0x00, two subsets, 10-bit endpoints, 5-bit deltas), shape 0
	 * (columns 2 and 3 in subset 1): rw = 512, ry = 512 - 2 = 510, rz =
	 * 512 + 15 = 527. 512 -> 0x3e0f; 510 -> 32672 -> 0x3dd1 (1 +
	 * 465/1024); 527 -> 33760. Texel 15 is subset 1's anchor: its 2 index
	 * bits 3 are 3-bit index 3 (w 27): (37 * 32672 + 27 * 33760 + 32) >> 6
	 * = 33131 -> 0x3eaf (1 + 687/1024).
	 */
	{ "BC6H mode 1 subset 0", BC6H_UFLOAT,
	  { 0x00, 0x40, 0, 0, 0x08, 0, 0, 0, 0xbc, 0x07, 0, 0, 0, 0, 0, 0xc0 }, 0,
	  { 1.5146484375f, 0, 0, 1 } },
	{ "BC6H mode 1 subset 1 delta", BC6H_UFLOAT,
	  { 0x00, 0x40, 0, 0, 0x08, 0, 0, 0, 0xbc, 0x07, 0, 0, 0, 0, 0, 0xc0 }, 2,
	  { 1.4541015625f, 0, 0, 1 } },
	{ "BC6H mode 1 anchor of subset 1", BC6H_UFLOAT,
	  { 0x00, 0x40, 0, 0, 0x08, 0, 0, 0, 0xbc, 0x07, 0, 0, 0, 0, 0, 0xc0 }, 15,
	  { 1.6708984375f, 0, 0, 1 } },
	{ "BC6H reserved mode 0x13", BC6H_UFLOAT,
	  { 0x13, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff }, 5, { 0, 0, 0, 1 } },
	{ "BC6H SFLOAT reserved mode 0x1f", BC6H_SFLOAT,
	  { 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff }, 0, { 0, 0, 0, 1 } },

	/*
	 * BC7 mode 6: e0 = (127, 0, 64, 127) p 1 -> (255, 1, 129, 255), e1 =
	 * (0, 127, 64, 0) p 0 -> (0, 254, 128, 0). Texel 2 index 5 (w 21):
	 * R (43 * 255 + 32) >> 6 = 171, G (43 + 21 * 254 + 32) >> 6 = 84,
	 * B (43 * 129 + 21 * 128 + 32) >> 6 = 129, A 171.
	 */
	{ "BC7 mode 6 index 0", BC7_UNORM,
	  { 0xc0, 0x3f, 0x00, 0xf0, 0x07, 0x02, 0xff, 0x80, 0xf0, 0x05, 0, 0, 0, 0, 0, 0 }, 0,
	  { 1, U8(1), U8(129), 1 } },
	{ "BC7 mode 6 index 15", BC7_UNORM,
	  { 0xc0, 0x3f, 0x00, 0xf0, 0x07, 0x02, 0xff, 0x80, 0xf0, 0x05, 0, 0, 0, 0, 0, 0 }, 1,
	  { 0, U8(254), U8(128), 0 } },
	{ "BC7 mode 6 index 5", BC7_UNORM,
	  { 0xc0, 0x3f, 0x00, 0xf0, 0x07, 0x02, 0xff, 0x80, 0xf0, 0x05, 0, 0, 0, 0, 0, 0 }, 2,
	  { U8(171), U8(84), U8(129), U8(171) } },
	{ "BC7 sRGB mode 6, alpha linear", BC7_SRGB,
	  { 0xc0, 0x3f, 0x00, 0xf0, 0x07, 0x02, 0xff, 0x80, 0xf0, 0x05, 0, 0, 0, 0, 0, 0 }, 2,
	  { SRGB_171, SRGB_84, SRGB_129, U8(171) } },
	/*
	 * Mode 5: colour e0 = (127, 0, 64) -> (255, 0, 129), e1 = (0, 127, 64)
	 * -> (0, 255, 129); alpha 16, 240. Texel 0: colour index 0, alpha
	 * index 1 (w 21): (43 * 16 + 21 * 240 + 32) >> 6 = 90. Texel 1:
	 * colour index 2 (w 43): R 84, G 171; alpha 90.
	 */
	{ "BC7 mode 5 texel 0", BC7_UNORM,
	  { 0x20, 0x7f, 0x00, 0xe0, 0x0f, 0x04, 0x42, 0xc0, 0x13, 0, 0, 0, 0x06, 0, 0, 0 }, 0,
	  { 1, 0, U8(129), U8(90) } },
	{ "BC7 mode 5 texel 1", BC7_UNORM,
	  { 0x20, 0x7f, 0x00, 0xe0, 0x0f, 0x04, 0x42, 0xc0, 0x13, 0, 0, 0, 0x06, 0, 0, 0 }, 1,
	  { U8(84), U8(171), U8(129), U8(90) } },
	/* The same with rotation 1: R and A swap. */
	{ "BC7 mode 5 rotation 1 texel 0", BC7_UNORM,
	  { 0x60, 0x7f, 0x00, 0xe0, 0x0f, 0x04, 0x42, 0xc0, 0x13, 0, 0, 0, 0x06, 0, 0, 0 }, 0,
	  { U8(90), 0, U8(129), 1 } },
	{ "BC7 mode 5 rotation 1 texel 1", BC7_UNORM,
	  { 0x60, 0x7f, 0x00, 0xe0, 0x0f, 0x04, 0x42, 0xc0, 0x13, 0, 0, 0, 0x06, 0, 0, 0 }, 1,
	  { U8(90), U8(171), U8(129), U8(84) } },
	/*
	 * Mode 4: colour e0 = (31, 0, 0) -> 255, e1 = (0, 0, 31); alpha 63 ->
	 * 255, 0. Texel 1: 2-bit index 1 (w 21), 3-bit index 3 (w 27).
	 * Selection 0: colour (171, 0, 84), alpha (37 * 255 + 32) >> 6 = 147.
	 * Selection 1: colour (147, 0, 108), alpha 171.
	 */
	{ "BC7 mode 4 texel 0", BC7_UNORM,
	  { 0x10, 0x1f, 0x00, 0x00, 0xfe, 0x0f, 0x08, 0, 0, 0, 0x18, 0, 0, 0, 0, 0 }, 0,
	  { 1, 0, 0, 1 } },
	{ "BC7 mode 4 index selection 0", BC7_UNORM,
	  { 0x10, 0x1f, 0x00, 0x00, 0xfe, 0x0f, 0x08, 0, 0, 0, 0x18, 0, 0, 0, 0, 0 }, 1,
	  { U8(171), 0, U8(84), U8(147) } },
	{ "BC7 mode 4 index selection 1", BC7_UNORM,
	  { 0x90, 0x1f, 0x00, 0x00, 0xfe, 0x0f, 0x08, 0, 0, 0, 0x18, 0, 0, 0, 0, 0 }, 1,
	  { U8(147), 0, U8(108), U8(171) } },
	/*
	 * Mode 0, partition 0 (three subsets; texel 9 and 12 in subset 2):
	 * e4 = (15, 0, 8) p 1 -> 5 bits (31, 1, 17) -> (255, 8, 140); e5 =
	 * (0, 15, 8) p 0 -> (0, 30, 16) -> (0, 247, 132). Texel 9 index 7 =
	 * e5; texel 12 index 2 (w 18): (183, 75, 138).
	 */
	{ "BC7 mode 0 subset 0", BC7_UNORM,
	  { 0x01, 0x00, 0xe0, 0x01, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x11, 0x02, 0, 0, 0x70,
	    0x40, 0 }, 0, { 0, 0, 0, 1 } },
	{ "BC7 mode 0 subset 2 index 7", BC7_UNORM,
	  { 0x01, 0x00, 0xe0, 0x01, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x11, 0x02, 0, 0, 0x70,
	    0x40, 0 }, 9, { 0, U8(247), U8(132), 1 } },
	{ "BC7 mode 0 subset 2 index 2", BC7_UNORM,
	  { 0x01, 0x00, 0xe0, 0x01, 0x00, 0x00, 0x1e, 0x00, 0x00, 0x11, 0x02, 0, 0, 0x70,
	    0x40, 0 }, 12, { U8(183), U8(75), U8(138), 1 } },
	/*
	 * Mode 1, partition 13 (texels 8..15 in subset 1), shared p-bit 1 of
	 * subset 1: e2 = (63, 0, 32) -> 7 bits (127, 1, 65) -> (255, 2, 131),
	 * e3 = (0, 63, 32) -> (2, 255, 131). Texel 12 index 3 (w 27):
	 * (148, 109, 131).
	 */
	{ "BC7 mode 1 shared p-bit", BC7_UNORM,
	  { 0x36, 0x00, 0xf0, 0x03, 0x00, 0x00, 0xfc, 0x00, 0x00, 0x82, 0x02, 0, 0, 0,
	    0x60, 0 }, 12, { U8(148), U8(109), U8(131), 1 } },
	/* Mode 2, partition 0: e4 = (31, 0, 0), e5 = (0, 0, 31); texel 9 index 1 (w 21). */
	{ "BC7 mode 2", BC7_UNORM,
	  { 0x04, 0, 0, 0xe0, 0x03, 0, 0, 0, 0, 0, 0, 0xc0, 0x07, 0x00, 0x08, 0 }, 9,
	  { U8(171), 0, U8(84), 1 } },
	/*
	 * Mode 3, partition 0 (columns 2, 3 in subset 1): e2 = (127, 0, 0) p 1
	 * -> (255, 1, 1), e3 = (0, 127, 0) p 0 -> (0, 254, 0); texel 2 index 2
	 * (w 43): (84, 171, 0).
	 */
	{ "BC7 mode 3", BC7_UNORM,
	  { 0x08, 0, 0, 0x7f, 0, 0, 0, 0xf8, 0x03, 0, 0, 0, 0x41, 0, 0, 0 }, 2,
	  { U8(84), U8(171), 0, 1 } },
	/*
	 * Mode 7, partition 1 (column 3 in subset 1): e2 = (31, 0, 16, 31) p 1
	 * -> 6 bits (63, 1, 33, 63) -> (255, 4, 134, 255), e3 = (0, 31, 16, 0)
	 * p 0 -> (0, 251, 130, 0). Texel 7 index 3 = e3; texel 3 index 1
	 * (w 21): (171, 85, 133, 171).
	 */
	{ "BC7 mode 7 index 3", BC7_UNORM,
	  { 0x80, 0x01, 0x00, 0x1f, 0, 0, 0x3e, 0, 0x10, 0x02, 0xf0, 0x01, 0x81, 0x80, 0x01,
	    0 }, 7, { 0, U8(251), U8(130), 0 } },
	{ "BC7 mode 7 index 1", BC7_UNORM,
	  { 0x80, 0x01, 0x00, 0x1f, 0, 0, 0x3e, 0, 0x10, 0x02, 0xf0, 0x01, 0x81, 0x80, 0x01,
	    0 }, 3, { U8(171), U8(85), U8(133), U8(171) } },
	{ "BC7 reserved mode 8", BC7_UNORM,
	  { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff }, 6, { 0, 0, 0, 0 } },
};

const unsigned int bc_vector_count = sizeof(bc_vectors) / sizeof(bc_vectors[0]);
