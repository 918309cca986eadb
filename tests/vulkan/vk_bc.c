/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BC1..BC7 reference decoders and block makers (vk_bc.h). The partition
 * and anchor tables are the Khronos Data Format Specification's BPTC
 * tables, packed: a partition is 16 two-bit subset numbers, texel 0 in the
 * low bits. BC6H's per-mode bit layouts are its "Block descriptions for
 * BC6H block modes" table as runs: the block's next bits go to bits
 * first, first +/- 1, ..., last of the named field, in order.
 */

#include "vk_bc.h"

#include "vk_image.h"
#include "vk_texel.h"

#include <math.h>
#include <string.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static const uint32_t bptc_partitions2[64] = {
	0x50505050, 0x40404040, 0x54545454, 0x54505040,
	0x50404000, 0x55545450, 0x55545040, 0x54504000,
	0x50400000, 0x55555450, 0x55544000, 0x54400000,
	0x55555440, 0x55550000, 0x55555500, 0x55000000,
	0x55150100, 0x00004054, 0x15010000, 0x00405054,
	0x00004050, 0x15050100, 0x05010000, 0x40505054,
	0x00404050, 0x05010100, 0x14141414, 0x05141450,
	0x01155440, 0x00555500, 0x15014054, 0x05414150,
	0x44444444, 0x55005500, 0x11441144, 0x05055050,
	0x05500550, 0x11114444, 0x41144114, 0x44111144,
	0x15055054, 0x01055040, 0x05041050, 0x05455150,
	0x14414114, 0x50050550, 0x41411414, 0x00141400,
	0x00041504, 0x00105410, 0x10541000, 0x04150400,
	0x50410514, 0x41051450, 0x05415014, 0x14054150,
	0x41050514, 0x41505014, 0x40011554, 0x54150140,
	0x50505500, 0x00555050, 0x15151010, 0x54540404,
};

static const uint32_t bptc_partitions3[64] = {
	0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8,
	0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
	0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
	0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
	0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0,
	0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
	0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400,
	0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
	0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
	0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
	0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0,
	0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
	0xaa444444, 0x54a854a8, 0x95809580, 0x96969600,
	0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
	0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
	0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

static const uint8_t bptc_anchor2[64] = {
	15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
	15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
	15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
	6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15,
};

static const uint8_t bptc_anchor3_second[64] = {
	3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3,
	3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
	8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15,
	3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3,
};

static const uint8_t bptc_anchor3_third[64] = {
	15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8,
	15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
	15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8,
	15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8,
};

static const uint8_t bptc_weights2[4] = { 0, 21, 43, 64 };
static const uint8_t bptc_weights3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t bptc_weights4[16] = {
	0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64,
};

bool vk_bc_format(VkFormat format)
{
	return format >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && format <= VK_FORMAT_BC7_SRGB_BLOCK;
}

uint32_t vk_bc_block_bytes(VkFormat format)
{
	return format <= VK_FORMAT_BC1_RGBA_SRGB_BLOCK ||
	       format == VK_FORMAT_BC4_UNORM_BLOCK || format == VK_FORMAT_BC4_SNORM_BLOCK ? 8 : 16;
}

bool vk_bc_srgb(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_BC1_RGB_SRGB_BLOCK:
	case VK_FORMAT_BC1_RGBA_SRGB_BLOCK:
	case VK_FORMAT_BC2_SRGB_BLOCK:
	case VK_FORMAT_BC3_SRGB_BLOCK:
	case VK_FORMAT_BC7_SRGB_BLOCK:
		return true;
	default:
		return false;
	}
}

/* @count bits of the little-endian @block from bit @pos. */
static uint32_t block_bits(const uint8_t *block, unsigned int pos, unsigned int count)
{
	uint32_t v = 0;

	for (unsigned int i = 0; i < count; i++)
		v |= (uint32_t)((block[(pos + i) >> 3] >> ((pos + i) & 7)) & 1) << i;
	return v;
}

/* Reads a block's fields one after the other, from its lowest bit. */
struct bit_reader {
	const uint8_t *block;
	unsigned int pos;
};

static uint32_t take(struct bit_reader *r, unsigned int count)
{
	uint32_t v = block_bits(r->block, r->pos, count);

	r->pos += count;
	return v;
}

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/*
 * S3TC colour (BC1, and BC2/BC3's colour half): two RGB565 endpoints and
 * 2-bit codes. @four_colours: BC2/BC3 always, BC1 when color0 > color1;
 * else the third colour is the midpoint and the fourth black, transparent
 * when @punch_through (BC1 RGBA).
 */
static void decode_s3tc_colour(const uint8_t *b, bool bc1, bool punch_through,
			       float texels[16][4])
{
	uint32_t c[2] = { b[0] | (uint32_t)b[1] << 8, b[2] | (uint32_t)b[3] << 8 };
	uint32_t codes = b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
	float palette[4][4];

	for (int e = 0; e < 2; e++) {
		palette[e][0] = (float)(c[e] >> 11) / 31.0f;
		palette[e][1] = (float)((c[e] >> 5) & 63) / 63.0f;
		palette[e][2] = (float)(c[e] & 31) / 31.0f;
		palette[e][3] = 1.0f;
	}
	for (int ch = 0; ch < 4; ch++) {
		if (!bc1 || c[0] > c[1]) {
			palette[2][ch] = (2.0f * palette[0][ch] + palette[1][ch]) / 3.0f;
			palette[3][ch] = (palette[0][ch] + 2.0f * palette[1][ch]) / 3.0f;
		} else {
			palette[2][ch] = (palette[0][ch] + palette[1][ch]) / 2.0f;
			palette[3][ch] = ch < 3 ? 0.0f : punch_through ? 0.0f : 1.0f;
		}
	}
	for (int i = 0; i < 16; i++)
		memcpy(texels[i], palette[(codes >> (2 * i)) & 3], sizeof(texels[i]));
}

/*
 * RGTC (BC4, BC5's halves, BC3's alpha): two 8-bit endpoints and 3-bit
 * codes; eight values when red0 > red1, else six and the range's ends.
 */
static void decode_rgtc(const uint8_t *b, bool snorm, float values[16])
{
	int r0 = snorm ? (int8_t)b[0] : b[0], r1 = snorm ? (int8_t)b[1] : b[1];
	float lo = snorm ? -1.0f : 0.0f, scale = snorm ? 127.0f : 255.0f;
	float e0 = fmaxf((float)r0 / scale, lo), e1 = fmaxf((float)r1 / scale, lo);
	uint64_t codes = le64(b) >> 16;
	float palette[8] = { e0, e1 };

	if (r0 > r1) {
		for (int i = 1; i <= 6; i++)
			palette[i + 1] = ((float)(7 - i) * e0 + (float)i * e1) / 7.0f;
	} else {
		for (int i = 1; i <= 4; i++)
			palette[i + 1] = ((float)(5 - i) * e0 + (float)i * e1) / 5.0f;
		palette[6] = lo;
		palette[7] = 1.0f;
	}
	for (int i = 0; i < 16; i++)
		values[i] = palette[(codes >> (3 * i)) & 7];
}

/* BC7's modes: the "Mode-dependent BPTC parameters" table. */
static const struct bc7_mode {
	uint8_t subsets, partition_bits, rotation_bits, index_select_bits;
	uint8_t colour_bits, alpha_bits, endpoint_pbits, shared_pbits;
	uint8_t index_bits, index2_bits;
} bc7_modes[8] = {
	{ 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
	{ 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
	{ 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
	{ 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
	{ 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
	{ 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
	{ 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
	{ 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

static const uint8_t *bptc_weights(unsigned int bits)
{
	return bits == 2 ? bptc_weights2 : bits == 3 ? bptc_weights3 : bptc_weights4;
}

static int bptc_interpolate(int e0, int e1, unsigned int weight)
{
	return ((64 - (int)weight) * e0 + (int)weight * e1 + 32) >> 6;
}

/* The subset of texel @i in a block of @subsets subsets with partition @partition. */
static unsigned int bptc_subset(unsigned int subsets, unsigned int partition, unsigned int i)
{
	if (subsets == 2)
		return (bptc_partitions2[partition] >> (2 * i)) & 3;
	if (subsets == 3)
		return (bptc_partitions3[partition] >> (2 * i)) & 3;
	return 0;
}

/* Whether texel @i is the anchor of its subset (its index has one bit less). */
static bool bptc_anchor(unsigned int subsets, unsigned int partition, unsigned int i)
{
	if (i == 0)
		return true;
	if (subsets == 2)
		return i == bptc_anchor2[partition];
	if (subsets == 3)
		return i == bptc_anchor3_second[partition] || i == bptc_anchor3_third[partition];
	return false;
}

static void decode_bc7(const uint8_t *b, bool srgb, float texels[16][4])
{
	struct bit_reader r = { b, 0 };
	const struct bc7_mode *m;
	unsigned int mode, partition, rotation, index_select, n;
	uint32_t ep[6][4], pbit[6] = { 0 };
	uint32_t index[16], index2[16] = { 0 };

	if (!b[0]) {
		/* Reserved: every channel of every texel 0. */
		memset(texels, 0, 16 * sizeof(texels[0]));
		return;
	}
	mode = (unsigned int)__builtin_ctz(b[0]);
	m = &bc7_modes[mode];
	r.pos = mode + 1;
	partition = take(&r, m->partition_bits);
	rotation = take(&r, m->rotation_bits);
	index_select = take(&r, m->index_select_bits);
	n = 2u * m->subsets;
	for (unsigned int ch = 0; ch < 3; ch++)
		for (unsigned int e = 0; e < n; e++)
			ep[e][ch] = take(&r, m->colour_bits);
	for (unsigned int e = 0; e < n; e++)
		ep[e][3] = m->alpha_bits ? take(&r, m->alpha_bits) : 255;
	if (m->endpoint_pbits)
		for (unsigned int e = 0; e < n; e++)
			pbit[e] = take(&r, 1);
	if (m->shared_pbits)
		for (unsigned int s = 0; s < m->subsets; s++)
			pbit[2 * s] = pbit[2 * s + 1] = take(&r, 1);
	/* Endpoints to 8 bits: the P-bit below the stored bits, then the top bits repeated. */
	for (unsigned int e = 0; e < n; e++) {
		for (unsigned int ch = 0; ch < 4; ch++) {
			unsigned int bits = ch < 3 ? m->colour_bits : m->alpha_bits;
			uint32_t v = ep[e][ch];

			if (!bits)
				continue;
			if (m->endpoint_pbits || m->shared_pbits) {
				v = v << 1 | pbit[e];
				bits++;
			}
			v <<= 8 - bits;
			ep[e][ch] = v | v >> bits;
		}
	}
	for (unsigned int i = 0; i < 16; i++)
		index[i] = take(&r, m->index_bits - bptc_anchor(m->subsets, partition, i));
	if (m->index2_bits)
		for (unsigned int i = 0; i < 16; i++)
			index2[i] = take(&r, m->index2_bits - (i == 0));
	for (unsigned int i = 0; i < 16; i++) {
		unsigned int s = bptc_subset(m->subsets, partition, i);
		unsigned int cw, aw;
		int rgba[4];

		if (!m->index2_bits) {
			cw = aw = bptc_weights(m->index_bits)[index[i]];
		} else if (index_select) {
			cw = bptc_weights(m->index2_bits)[index2[i]];
			aw = bptc_weights(m->index_bits)[index[i]];
		} else {
			cw = bptc_weights(m->index_bits)[index[i]];
			aw = bptc_weights(m->index2_bits)[index2[i]];
		}
		for (unsigned int ch = 0; ch < 4; ch++)
			rgba[ch] = bptc_interpolate((int)ep[2 * s][ch], (int)ep[2 * s + 1][ch],
						    ch < 3 ? cw : aw);
		if (rotation) {
			int t = rgba[3];

			rgba[3] = rgba[rotation - 1];
			rgba[rotation - 1] = t;
		}
		for (unsigned int ch = 0; ch < 4; ch++) {
			texels[i][ch] = (float)rgba[ch] / 255.0f;
			if (srgb && ch < 3)
				texels[i][ch] = vk_srgb_to_linear(texels[i][ch]);
		}
	}
}

/* BC6H's modes: endpoint bits, delta bits per channel, layout (table above). */
enum { R0, G0, B0, R1, G1, B1, R2, G2, B2, R3, G3, B3, PB };

struct bc6h_run {
	uint8_t field, first, last;
};

static const struct bc6h_mode {
	uint8_t endpoint_bits, delta_bits[3];
	bool transformed, two_subsets;
} bc6h_modes[32] = {
	[0] = { 10, { 5, 5, 5 }, true, true },
	[1] = { 7, { 6, 6, 6 }, true, true },
	[2] = { 11, { 5, 4, 4 }, true, true },
	[6] = { 11, { 4, 5, 4 }, true, true },
	[10] = { 11, { 4, 4, 5 }, true, true },
	[14] = { 9, { 5, 5, 5 }, true, true },
	[18] = { 8, { 6, 5, 5 }, true, true },
	[22] = { 8, { 5, 6, 5 }, true, true },
	[26] = { 8, { 5, 5, 6 }, true, true },
	[30] = { 6, { 6, 6, 6 }, false, true },
	[3] = { 10, { 10, 10, 10 }, false, false },
	[7] = { 11, { 9, 9, 9 }, true, false },
	[11] = { 12, { 8, 8, 8 }, true, false },
	[15] = { 16, { 4, 4, 4 }, true, false },
};

/* The modes, in the order vk_bc_random_block()'s variants take them. */
static const uint8_t bc6h_mode_list[14] = { 0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15 };

static const struct bc6h_run bc6h_layouts[32][24] = {
	[0] = {
		{ G2, 4, 4 }, { B2, 4, 4 }, { B3, 4, 4 }, { R0, 0, 9 }, { G0, 0, 9 },
		{ B0, 0, 9 }, { R1, 0, 4 }, { G3, 4, 4 }, { G2, 0, 3 }, { G1, 0, 4 },
		{ B3, 0, 0 }, { G3, 0, 3 }, { B1, 0, 4 }, { B3, 1, 1 }, { B2, 0, 3 },
		{ R2, 0, 4 }, { B3, 2, 2 }, { R3, 0, 4 }, { B3, 3, 3 }, { PB, 0, 4 },
	},
	[1] = {
		{ G2, 5, 5 }, { G3, 4, 4 }, { G3, 5, 5 }, { R0, 0, 6 }, { B3, 0, 0 },
		{ B3, 1, 1 }, { B2, 4, 4 }, { G0, 0, 6 }, { B2, 5, 5 }, { B3, 2, 2 },
		{ G2, 4, 4 }, { B0, 0, 6 }, { B3, 3, 3 }, { B3, 5, 5 }, { B3, 4, 4 },
		{ R1, 0, 5 }, { G2, 0, 3 }, { G1, 0, 5 }, { G3, 0, 3 }, { B1, 0, 5 },
		{ B2, 0, 3 }, { R2, 0, 5 }, { R3, 0, 5 }, { PB, 0, 4 },
	},
	[2] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 4 }, { R0, 10, 10 },
		{ G2, 0, 3 }, { G1, 0, 3 }, { G0, 10, 10 }, { B3, 0, 0 }, { G3, 0, 3 },
		{ B1, 0, 3 }, { B0, 10, 10 }, { B3, 1, 1 }, { B2, 0, 3 }, { R2, 0, 4 },
		{ B3, 2, 2 }, { R3, 0, 4 }, { B3, 3, 3 }, { PB, 0, 4 },
	},
	[6] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 3 }, { R0, 10, 10 },
		{ G3, 4, 4 }, { G2, 0, 3 }, { G1, 0, 4 }, { G0, 10, 10 }, { G3, 0, 3 },
		{ B1, 0, 3 }, { B0, 10, 10 }, { B3, 1, 1 }, { B2, 0, 3 }, { R2, 0, 3 },
		{ B3, 0, 0 }, { B3, 2, 2 }, { R3, 0, 3 }, { G2, 4, 4 }, { B3, 3, 3 },
		{ PB, 0, 4 },
	},
	[10] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 3 }, { R0, 10, 10 },
		{ B2, 4, 4 }, { G2, 0, 3 }, { G1, 0, 3 }, { G0, 10, 10 }, { B3, 0, 0 },
		{ G3, 0, 3 }, { B1, 0, 4 }, { B0, 10, 10 }, { B2, 0, 3 }, { R2, 0, 3 },
		{ B3, 1, 1 }, { B3, 2, 2 }, { R3, 0, 3 }, { B3, 4, 4 }, { B3, 3, 3 },
		{ PB, 0, 4 },
	},
	[14] = {
		{ R0, 0, 8 }, { B2, 4, 4 }, { G0, 0, 8 }, { G2, 4, 4 }, { B0, 0, 8 },
		{ B3, 4, 4 }, { R1, 0, 4 }, { G3, 4, 4 }, { G2, 0, 3 }, { G1, 0, 4 },
		{ B3, 0, 0 }, { G3, 0, 3 }, { B1, 0, 4 }, { B3, 1, 1 }, { B2, 0, 3 },
		{ R2, 0, 4 }, { B3, 2, 2 }, { R3, 0, 4 }, { B3, 3, 3 }, { PB, 0, 4 },
	},
	[18] = {
		{ R0, 0, 7 }, { G3, 4, 4 }, { B2, 4, 4 }, { G0, 0, 7 }, { B3, 2, 2 },
		{ G2, 4, 4 }, { B0, 0, 7 }, { B3, 3, 3 }, { B3, 4, 4 }, { R1, 0, 5 },
		{ G2, 0, 3 }, { G1, 0, 4 }, { B3, 0, 0 }, { G3, 0, 3 }, { B1, 0, 4 },
		{ B3, 1, 1 }, { B2, 0, 3 }, { R2, 0, 5 }, { R3, 0, 5 }, { PB, 0, 4 },
	},
	[22] = {
		{ R0, 0, 7 }, { B3, 0, 0 }, { B2, 4, 4 }, { G0, 0, 7 }, { G2, 5, 5 },
		{ G2, 4, 4 }, { B0, 0, 7 }, { G3, 5, 5 }, { B3, 4, 4 }, { R1, 0, 4 },
		{ G3, 4, 4 }, { G2, 0, 3 }, { G1, 0, 5 }, { G3, 0, 3 }, { B1, 0, 4 },
		{ B3, 1, 1 }, { B2, 0, 3 }, { R2, 0, 4 }, { B3, 2, 2 }, { R3, 0, 4 },
		{ B3, 3, 3 }, { PB, 0, 4 },
	},
	[26] = {
		{ R0, 0, 7 }, { B3, 1, 1 }, { B2, 4, 4 }, { G0, 0, 7 }, { B2, 5, 5 },
		{ G2, 4, 4 }, { B0, 0, 7 }, { B3, 5, 5 }, { B3, 4, 4 }, { R1, 0, 4 },
		{ G3, 4, 4 }, { G2, 0, 3 }, { G1, 0, 4 }, { B3, 0, 0 }, { G3, 0, 3 },
		{ B1, 0, 5 }, { B2, 0, 3 }, { R2, 0, 4 }, { B3, 2, 2 }, { R3, 0, 4 },
		{ B3, 3, 3 }, { PB, 0, 4 },
	},
	[30] = {
		{ R0, 0, 5 }, { G3, 4, 4 }, { B3, 0, 0 }, { B3, 1, 1 }, { B2, 4, 4 },
		{ G0, 0, 5 }, { G2, 5, 5 }, { B2, 5, 5 }, { B3, 2, 2 }, { G2, 4, 4 },
		{ B0, 0, 5 }, { G3, 5, 5 }, { B3, 3, 3 }, { B3, 5, 5 }, { B3, 4, 4 },
		{ R1, 0, 5 }, { G2, 0, 3 }, { G1, 0, 5 }, { G3, 0, 3 }, { B1, 0, 5 },
		{ B2, 0, 3 }, { R2, 0, 5 }, { R3, 0, 5 }, { PB, 0, 4 },
	},
	[3] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 9 }, { G1, 0, 9 },
		{ B1, 0, 9 },
	},
	[7] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 8 }, { R0, 10, 10 },
		{ G1, 0, 8 }, { G0, 10, 10 }, { B1, 0, 8 }, { B0, 10, 10 },
	},
	[11] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 7 }, { R0, 11, 10 },
		{ G1, 0, 7 }, { G0, 11, 10 }, { B1, 0, 7 }, { B0, 11, 10 },
	},
	[15] = {
		{ R0, 0, 9 }, { G0, 0, 9 }, { B0, 0, 9 }, { R1, 0, 3 }, { R0, 15, 10 },
		{ G1, 0, 3 }, { G0, 15, 10 }, { B1, 0, 3 }, { B0, 15, 10 },
	},
};

static int sign_extend(uint32_t v, unsigned int bits)
{
	uint32_t sign = 1u << (bits - 1);

	v &= (bits >= 32 ? ~0u : (1u << bits) - 1);
	return (int)(v ^ sign) - (int)sign;
}

/* The "unquantize" step of the definition, unsigned and signed. */
static int bc6h_unquantize(int x, unsigned int bits, bool is_signed)
{
	bool negative = false;
	int unq;

	if (!is_signed) {
		if (bits >= 15 || x == 0)
			return x;
		if (x == (1 << bits) - 1)
			return 0xffff;
		return ((x << 15) + 0x4000) >> (bits - 1);
	}
	if (bits >= 16)
		return x;
	if (x < 0) {
		negative = true;
		x = -x;
	}
	if (x == 0)
		unq = 0;
	else if (x >= (1 << (bits - 1)) - 1)
		unq = 0x7fff;
	else
		unq = ((x << 15) + 0x4000) >> (bits - 1);
	return negative ? -unq : unq;
}

static void decode_bc6h(const uint8_t *b, bool is_signed, float texels[16][4])
{
	unsigned int mode = (b[0] & 3) < 2 ? b[0] & 3u : b[0] & 31u;
	const struct bc6h_mode *m = &bc6h_modes[mode];
	unsigned int pos = mode < 2 ? 2 : 5, partition, endpoints, index_bits;
	unsigned int index_start = m->two_subsets ? 82 : 65;
	int ep[4][3] = { { 0 } };
	uint32_t fields[13] = { 0 };

	if (!m->endpoint_bits) {
		/* Reserved mode: (0, 0, 0, 1). */
		for (int i = 0; i < 16; i++) {
			texels[i][0] = texels[i][1] = texels[i][2] = 0.0f;
			texels[i][3] = 1.0f;
		}
		return;
	}
	/* The runs fill the block up to its indices exactly. */
	for (const struct bc6h_run *run = bc6h_layouts[mode]; pos < index_start; run++) {
		int step = run->first <= run->last ? 1 : -1;

		for (int bit = run->first;; bit += step) {
			fields[run->field] |= block_bits(b, pos++, 1) << bit;
			if (bit == run->last)
				break;
		}
	}
	partition = fields[PB];
	endpoints = m->two_subsets ? 4 : 2;
	for (unsigned int e = 0; e < endpoints; e++)
		for (unsigned int ch = 0; ch < 3; ch++)
			ep[e][ch] = (int)fields[e * 3 + ch];
	for (unsigned int ch = 0; ch < 3; ch++) {
		unsigned int bits = m->endpoint_bits;

		if (is_signed)
			ep[0][ch] = sign_extend((uint32_t)ep[0][ch], bits);
		for (unsigned int e = 1; e < endpoints; e++) {
			if (is_signed || m->transformed)
				ep[e][ch] = sign_extend((uint32_t)ep[e][ch],
							m->transformed ? m->delta_bits[ch] : bits);
			if (m->transformed) {
				ep[e][ch] = (ep[0][ch] + ep[e][ch]) & ((1 << bits) - 1);
				if (is_signed)
					ep[e][ch] = sign_extend((uint32_t)ep[e][ch], bits);
			}
		}
		for (unsigned int e = 0; e < endpoints; e++)
			ep[e][ch] = bc6h_unquantize(ep[e][ch], bits, is_signed);
	}
	index_bits = m->two_subsets ? 3 : 4;
	pos = index_start;
	for (unsigned int i = 0; i < 16; i++) {
		unsigned int s = m->two_subsets ? bptc_subset(2, partition, i) : 0;
		unsigned int bits = index_bits - bptc_anchor(m->two_subsets ? 2 : 1, partition, i);
		unsigned int weight = bptc_weights(index_bits)[block_bits(b, pos, bits)];

		pos += bits;
		for (unsigned int ch = 0; ch < 3; ch++) {
			int v = bptc_interpolate(ep[2 * s][ch], ep[2 * s + 1][ch], weight);
			uint32_t half;

			if (!is_signed)
				half = (uint32_t)(v * 31) >> 6;
			else
				half = v < 0 ? (uint32_t)(((-v) * 31) >> 5) | 0x8000 :
				       (uint32_t)((v * 31) >> 5);
			texels[i][ch] = vk_half_to_float(half);
		}
		texels[i][3] = 1.0f;
	}
}

void vk_bc_decode(VkFormat format, const uint8_t *block, float texels[16][4])
{
	bool srgb = vk_bc_srgb(format);
	float values[2][16];

	switch (format) {
	case VK_FORMAT_BC1_RGB_UNORM_BLOCK:
	case VK_FORMAT_BC1_RGB_SRGB_BLOCK:
		decode_s3tc_colour(block, true, false, texels);
		break;
	case VK_FORMAT_BC1_RGBA_UNORM_BLOCK:
	case VK_FORMAT_BC1_RGBA_SRGB_BLOCK:
		decode_s3tc_colour(block, true, true, texels);
		break;
	case VK_FORMAT_BC2_UNORM_BLOCK:
	case VK_FORMAT_BC2_SRGB_BLOCK:
		decode_s3tc_colour(block + 8, false, false, texels);
		for (int i = 0; i < 16; i++)
			texels[i][3] = (float)((le64(block) >> (4 * i)) & 15) / 15.0f;
		break;
	case VK_FORMAT_BC3_UNORM_BLOCK:
	case VK_FORMAT_BC3_SRGB_BLOCK:
		decode_s3tc_colour(block + 8, false, false, texels);
		decode_rgtc(block, false, values[0]);
		for (int i = 0; i < 16; i++)
			texels[i][3] = values[0][i];
		break;
	case VK_FORMAT_BC4_UNORM_BLOCK:
	case VK_FORMAT_BC4_SNORM_BLOCK:
	case VK_FORMAT_BC5_UNORM_BLOCK:
	case VK_FORMAT_BC5_SNORM_BLOCK: {
		bool snorm = format == VK_FORMAT_BC4_SNORM_BLOCK ||
			     format == VK_FORMAT_BC5_SNORM_BLOCK;
		bool two = format >= VK_FORMAT_BC5_UNORM_BLOCK;

		decode_rgtc(block, snorm, values[0]);
		if (two)
			decode_rgtc(block + 8, snorm, values[1]);
		for (int i = 0; i < 16; i++) {
			texels[i][0] = values[0][i];
			texels[i][1] = two ? values[1][i] : 0.0f;
			texels[i][2] = 0.0f;
			texels[i][3] = 1.0f;
		}
		return;
	}
	case VK_FORMAT_BC6H_UFLOAT_BLOCK:
	case VK_FORMAT_BC6H_SFLOAT_BLOCK:
		decode_bc6h(block, format == VK_FORMAT_BC6H_SFLOAT_BLOCK, texels);
		return;
	case VK_FORMAT_BC7_UNORM_BLOCK:
	case VK_FORMAT_BC7_SRGB_BLOCK:
		decode_bc7(block, srgb, texels);
		return;
	default:
		memset(texels, 0, 16 * sizeof(texels[0]));
		return;
	}
	/* S3TC interpolates the encoded values; sRGB decodes the result. */
	if (srgb)
		for (int i = 0; i < 16; i++)
			for (int ch = 0; ch < 3; ch++)
				texels[i][ch] = vk_srgb_to_linear(texels[i][ch]);
}

unsigned int vk_bc_variants(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_BC3_UNORM_BLOCK:
	case VK_FORMAT_BC3_SRGB_BLOCK:
	case VK_FORMAT_BC5_UNORM_BLOCK:
	case VK_FORMAT_BC5_SNORM_BLOCK:
		return 4;	/* the colour's (or red's) order x the alpha's (or green's) */
	case VK_FORMAT_BC6H_UFLOAT_BLOCK:
	case VK_FORMAT_BC6H_SFLOAT_BLOCK:
		return ARRAY_LEN(bc6h_mode_list);
	case VK_FORMAT_BC7_UNORM_BLOCK:
	case VK_FORMAT_BC7_SRGB_BLOCK:
		return ARRAY_LEN(bc7_modes);
	default:
		return 2;	/* endpoint 0 above endpoint 1, or not */
	}
}

/* Whether the first of the two endpoints at @p (16-bit if @wide, else 8-bit) is above the second. */
static bool first_above(const uint8_t *p, bool wide, bool is_signed)
{
	int a = wide ? p[0] | p[1] << 8 : is_signed ? (int8_t)p[0] : p[0];
	int b = wide ? p[2] | p[3] << 8 : is_signed ? (int8_t)p[1] : p[1];

	return a > b;
}

static bool all_finite(VkFormat format, const uint8_t *block)
{
	float texels[16][4];

	vk_bc_decode(format, block, texels);
	for (int i = 0; i < 16; i++)
		for (int ch = 0; ch < 4; ch++)
			if (!isfinite(texels[i][ch]))
				return false;
	return true;
}

/* Whether @block is of @variant's branch for the S3TC and RGTC formats. */
static bool in_branch(VkFormat format, unsigned int variant, const uint8_t *block)
{
	bool snorm = format == VK_FORMAT_BC4_SNORM_BLOCK || format == VK_FORMAT_BC5_SNORM_BLOCK;

	switch (format) {
	case VK_FORMAT_BC2_UNORM_BLOCK:
	case VK_FORMAT_BC2_SRGB_BLOCK:
		return first_above(block + 8, true, false) == (variant & 1);
	case VK_FORMAT_BC3_UNORM_BLOCK:
	case VK_FORMAT_BC3_SRGB_BLOCK:
		return first_above(block, false, false) == (variant & 1) &&
		       first_above(block + 8, true, false) == !!(variant & 2);
	case VK_FORMAT_BC4_UNORM_BLOCK:
	case VK_FORMAT_BC4_SNORM_BLOCK:
		return first_above(block, false, snorm) == (variant & 1);
	case VK_FORMAT_BC5_UNORM_BLOCK:
	case VK_FORMAT_BC5_SNORM_BLOCK:
		return first_above(block, false, snorm) == (variant & 1) &&
		       first_above(block + 8, false, snorm) == !!(variant & 2);
	case VK_FORMAT_BC6H_UFLOAT_BLOCK:
	case VK_FORMAT_BC6H_SFLOAT_BLOCK:
	case VK_FORMAT_BC7_UNORM_BLOCK:
	case VK_FORMAT_BC7_SRGB_BLOCK:
		return true;
	default:
		return first_above(block, true, false) == (variant & 1);
	}
}

/* The specification leaves a signed red0 = -127, red1 = -128 to the decoder. */
static bool ambiguous(VkFormat format, const uint8_t *block)
{
	if (format != VK_FORMAT_BC4_SNORM_BLOCK && format != VK_FORMAT_BC5_SNORM_BLOCK)
		return false;
	return (block[0] == 0x81 && block[1] == 0x80) ||
	       (format == VK_FORMAT_BC5_SNORM_BLOCK && block[8] == 0x81 && block[9] == 0x80);
}

void vk_bc_random_block(VkFormat format, unsigned int variant, uint32_t *seed, uint8_t *block)
{
	uint32_t bytes = vk_bc_block_bytes(format);

	variant %= vk_bc_variants(format);
	do {
		for (uint32_t i = 0; i < bytes; i++)
			block[i] = (uint8_t)vk_rand(seed);
		if (format == VK_FORMAT_BC6H_UFLOAT_BLOCK || format == VK_FORMAT_BC6H_SFLOAT_BLOCK) {
			unsigned int mode = bc6h_mode_list[variant];

			block[0] = (uint8_t)((block[0] & (mode < 2 ? ~3u : ~31u)) | mode);
		} else if (format == VK_FORMAT_BC7_UNORM_BLOCK || format == VK_FORMAT_BC7_SRGB_BLOCK) {
			/* Mode m: m zero bits, then a one. */
			block[0] = (uint8_t)((block[0] & (0xfeu << variant)) | 1u << variant);
		}
	} while (!in_branch(format, variant, block) || ambiguous(format, block) ||
		 !all_finite(format, block));
}

float vk_bc_tolerance(VkFormat format, float expected)
{
	switch (format) {
	case VK_FORMAT_BC6H_UFLOAT_BLOCK:
	case VK_FORMAT_BC6H_SFLOAT_BLOCK:
		/* A unit in the last place of binary16 (subnormals: 2^-24). */
		return fmaxf(fabsf(expected) / 1024.0f, 1.0f / (1 << 24));
	case VK_FORMAT_BC7_UNORM_BLOCK:
		return 0.6f / 255.0f;
	case VK_FORMAT_BC7_SRGB_BLOCK:
		return 2.0f / 255.0f;
	case VK_FORMAT_BC4_SNORM_BLOCK:
	case VK_FORMAT_BC5_SNORM_BLOCK:
		return 2.0f / 127.0f;
	default:
		return vk_bc_srgb(format) ? 5.0f / 255.0f : 2.0f / 255.0f;
	}
}
