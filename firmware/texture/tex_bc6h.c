/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BC6H (BPTC float): one texel of a block as the Data Format
 * Specification decodes it, to half-float bits (tex_bc.h).
 */

#include <stddef.h>

#include "tex_bc.h"
#include "tex_bptc.h"

/*
 * Where a mode's header bits go: runs of consecutive stream bits that
 * fill bits @bit, @bit + 1, ... (@count > 0) or @bit, @bit - 1, ...
 * (@count < 0) of one field: a channel of an endpoint (endpoint * 3 +
 * channel, endpoints 0 and 1 of subset 0, then 2 and 3 of subset 1) or
 * the shape. A run of count 0 ends the list.
 */
struct bc6h_run {
	uint8_t field, bit;
	int8_t count;
};

enum { R0, G0, B0, R1, G1, B1, R2, G2, B2, R3, G3, B3, SHAPE };

#define B(f, b)		{ f, b, 1 }
#define UP(f, b, n)	{ f, b, n }
#define DOWN(f, b, n)	{ f, b, -(n) }
#define END		{ 0, 0, 0 }

struct bc6h_mode {
	uint8_t code;		/* the 2 or 5 mode bits */
	uint8_t subsets;
	bool transformed;	/* endpoints after the first are deltas */
	uint8_t endpoint_bits;
	uint8_t delta_bits[3];
	struct bc6h_run runs[23];
};

/* The 14 modes, in the specification's order (mode 1 .. mode 14). */
static const struct bc6h_mode modes[14] = {
	{ 0x00, 2, true, 10, { 5, 5, 5 }, {
			B(G2, 4), B(B2, 4), B(B3, 4), UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10),
			UP(R1, 0, 5), B(G3, 4), UP(G2, 0, 4), UP(G1, 0, 5), B(B3, 0), UP(G3, 0, 4),
			UP(B1, 0, 5), B(B3, 1), UP(B2, 0, 4), UP(R2, 0, 5), B(B3, 2), UP(R3, 0, 5),
			B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x01, 2, true, 7, { 6, 6, 6 }, {
			B(G2, 5), UP(G3, 4, 2), UP(R0, 0, 7), UP(B3, 0, 2), B(B2, 4), UP(G0, 0, 7),
			B(B2, 5), B(B3, 2), B(G2, 4), UP(B0, 0, 7), B(B3, 3), DOWN(B3, 5, 2), UP(R1, 0, 6),
			UP(G2, 0, 4), UP(G1, 0, 6), UP(G3, 0, 4), UP(B1, 0, 6), UP(B2, 0, 4), UP(R2, 0, 6),
			UP(R3, 0, 6), UP(SHAPE, 0, 5), END } },
	{ 0x02, 2, true, 11, { 5, 4, 4 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 5), B(R0, 10), UP(G2, 0, 4),
			UP(G1, 0, 4), B(G0, 10), B(B3, 0), UP(G3, 0, 4), UP(B1, 0, 4), B(B0, 10), B(B3, 1),
			UP(B2, 0, 4), UP(R2, 0, 5), B(B3, 2), UP(R3, 0, 5), B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x06, 2, true, 11, { 4, 5, 4 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 4), B(R0, 10), B(G3, 4),
			UP(G2, 0, 4), UP(G1, 0, 5), B(G0, 10), UP(G3, 0, 4), UP(B1, 0, 4), B(B0, 10),
			B(B3, 1), UP(B2, 0, 4), UP(R2, 0, 4), B(B3, 0), B(B3, 2), UP(R3, 0, 4), B(G2, 4),
			B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x0a, 2, true, 11, { 4, 4, 5 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 4), B(R0, 10), B(B2, 4),
			UP(G2, 0, 4), UP(G1, 0, 4), B(G0, 10), B(B3, 0), UP(G3, 0, 4), UP(B1, 0, 5),
			B(B0, 10), UP(B2, 0, 4), UP(R2, 0, 4), UP(B3, 1, 2), UP(R3, 0, 4), DOWN(B3, 4, 2),
			UP(SHAPE, 0, 5), END } },
	{ 0x0e, 2, true, 9, { 5, 5, 5 }, {
			UP(R0, 0, 9), B(B2, 4), UP(G0, 0, 9), B(G2, 4), UP(B0, 0, 9), B(B3, 4),
			UP(R1, 0, 5), B(G3, 4), UP(G2, 0, 4), UP(G1, 0, 5), B(B3, 0), UP(G3, 0, 4),
			UP(B1, 0, 5), B(B3, 1), UP(B2, 0, 4), UP(R2, 0, 5), B(B3, 2), UP(R3, 0, 5),
			B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x12, 2, true, 8, { 6, 5, 5 }, {
			UP(R0, 0, 8), B(G3, 4), B(B2, 4), UP(G0, 0, 8), B(B3, 2), B(G2, 4), UP(B0, 0, 8),
			UP(B3, 3, 2), UP(R1, 0, 6), UP(G2, 0, 4), UP(G1, 0, 5), B(B3, 0), UP(G3, 0, 4),
			UP(B1, 0, 5), B(B3, 1), UP(B2, 0, 4), UP(R2, 0, 6), UP(R3, 0, 6), UP(SHAPE, 0, 5), END } },
	{ 0x16, 2, true, 8, { 5, 6, 5 }, {
			UP(R0, 0, 8), B(B3, 0), B(B2, 4), UP(G0, 0, 8), DOWN(G2, 5, 2), UP(B0, 0, 8),
			B(G3, 5), B(B3, 4), UP(R1, 0, 5), B(G3, 4), UP(G2, 0, 4), UP(G1, 0, 6),
			UP(G3, 0, 4), UP(B1, 0, 5), B(B3, 1), UP(B2, 0, 4), UP(R2, 0, 5), B(B3, 2),
			UP(R3, 0, 5), B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x1a, 2, true, 8, { 5, 5, 6 }, {
			UP(R0, 0, 8), B(B3, 1), B(B2, 4), UP(G0, 0, 8), B(B2, 5), B(G2, 4), UP(B0, 0, 8),
			DOWN(B3, 5, 2), UP(R1, 0, 5), B(G3, 4), UP(G2, 0, 4), UP(G1, 0, 5), B(B3, 0),
			UP(G3, 0, 4), UP(B1, 0, 6), UP(B2, 0, 4), UP(R2, 0, 5), B(B3, 2), UP(R3, 0, 5),
			B(B3, 3), UP(SHAPE, 0, 5), END } },
	{ 0x1e, 2, false, 6, { 6, 6, 6 }, {
			UP(R0, 0, 6), B(G3, 4), UP(B3, 0, 2), B(B2, 4), UP(G0, 0, 6), B(G2, 5), B(B2, 5),
			B(B3, 2), B(G2, 4), UP(B0, 0, 6), B(G3, 5), B(B3, 3), DOWN(B3, 5, 2), UP(R1, 0, 6),
			UP(G2, 0, 4), UP(G1, 0, 6), UP(G3, 0, 4), UP(B1, 0, 6), UP(B2, 0, 4), UP(R2, 0, 6),
			UP(R3, 0, 6), UP(SHAPE, 0, 5), END } },
	{ 0x03, 1, false, 10, { 10, 10, 10 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 10), UP(G1, 0, 10),
			UP(B1, 0, 10), END } },
	{ 0x07, 1, true, 11, { 9, 9, 9 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 9), B(R0, 10), UP(G1, 0, 9),
			B(G0, 10), UP(B1, 0, 9), B(B0, 10), END } },
	{ 0x0b, 1, true, 12, { 8, 8, 8 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 8), DOWN(R0, 11, 2),
			UP(G1, 0, 8), DOWN(G0, 11, 2), UP(B1, 0, 8), DOWN(B0, 11, 2), END } },
	{ 0x0f, 1, true, 16, { 4, 4, 4 }, {
			UP(R0, 0, 10), UP(G0, 0, 10), UP(B0, 0, 10), UP(R1, 0, 4), DOWN(R0, 15, 6),
			UP(G1, 0, 4), DOWN(G0, 15, 6), UP(B1, 0, 4), DOWN(B0, 15, 6), END } },
};

static int32_t sign_extend(int32_t v, unsigned int bits)
{
	uint32_t sign = 1u << (bits - 1);

	v &= (int32_t)((1ull << bits) - 1);
	return (int32_t)(((uint32_t)v ^ sign) - sign);
}

static const struct bc6h_mode *find_mode(const struct bptc_bits *b, unsigned int *pos)
{
	uint32_t code = bptc_get(b, 0, 2);

	*pos = 2;
	if (code & 2) {
		code = bptc_get(b, 0, 5);
		*pos = 5;
	}
	for (unsigned int m = 0; m < 14; m++) {
		if (modes[m].code == code)
			return &modes[m];
	}
	return NULL;	/* 0x13, 0x17, 0x1b, 0x1f: reserved */
}

/* An endpoint channel of @bits bits to the 16-bit interpolation range. */
static int32_t unquantize(int32_t v, unsigned int bits, bool is_signed)
{
	int32_t u;
	bool negative = v < 0;

	if (!is_signed) {
		if (bits >= 15 || v == 0)
			return v;
		if (v == (1 << bits) - 1)
			return 0xffff;
		return ((v << 16) + 0x8000) >> bits;
	}
	if (bits >= 16)
		return v;
	if (negative)
		v = -v;
	if (v == 0)
		u = 0;
	else if (v >= (1 << (bits - 1)) - 1)
		u = 0x7fff;
	else
		u = ((v << 15) + 0x4000) >> (bits - 1);
	return negative ? -u : u;
}

/* x >> 6 rounding towards minus infinity, as an arithmetic shift does. */
static int32_t shift6(int32_t x)
{
	return x >= 0 ? x >> 6 : -((-x + 63) >> 6);
}

/* The interpolated value scaled to half-float bits (31/64 or 31/32). */
static uint16_t finish(int32_t v, bool is_signed)
{
	if (!is_signed)
		return (uint16_t)((v * 31) >> 6);
	if (v < 0)
		return (uint16_t)(0x8000 | ((-v * 31) >> 5));
	return (uint16_t)((v * 31) >> 5);
}

void ember_tex_bc6h_texel(const uint8_t block[16], unsigned int i, bool is_signed,
			  uint16_t rgb[3])
{
	int32_t ep[4][3] = { { 0 } };
	const struct bc6h_mode *m;
	unsigned int pos, shape = 0, endpoints, index_bits, at, subset, index, w;
	struct bptc_bits b;

	bptc_load(block, &b);
	m = find_mode(&b, &pos);
	if (!m) {
		rgb[0] = rgb[1] = rgb[2] = 0;
		return;
	}
	for (const struct bc6h_run *r = m->runs; r->count; r++) {
		int n = r->count > 0 ? r->count : -r->count;

		for (int k = 0; k < n; k++) {
			unsigned int bit = r->count > 0 ? r->bit + k : r->bit - k;
			uint32_t v = bptc_get(&b, pos++, 1);

			if (r->field == SHAPE)
				shape |= v << bit;
			else
				ep[r->field / 3][r->field % 3] |= (int32_t)(v << bit);
		}
	}
	endpoints = 2u * m->subsets;
	for (unsigned int c = 0; c < 3; c++) {
		if (is_signed)
			ep[0][c] = sign_extend(ep[0][c], m->endpoint_bits);
		for (unsigned int e = 1; e < endpoints; e++) {
			if (m->transformed) {
				int32_t delta = sign_extend(ep[e][c], m->delta_bits[c]);

				ep[e][c] = (ep[0][c] + delta) &
					   (int32_t)((1ull << m->endpoint_bits) - 1);
			}
			if (is_signed)
				ep[e][c] = sign_extend(ep[e][c], m->endpoint_bits);
		}
	}
	index_bits = m->subsets == 2 ? 3 : 4;
	at = bptc_index_pos(m->subsets == 2 ? 82 : 65, index_bits, m->subsets, shape, i);
	index = bptc_get(&b, at, index_bits - (unsigned int)bptc_is_anchor(m->subsets, shape, i));
	w = bptc_weight(index_bits, index);
	subset = bptc_subset(m->subsets, shape, i);
	for (unsigned int c = 0; c < 3; c++) {
		int32_t e0 = unquantize(ep[2 * subset][c], m->endpoint_bits, is_signed);
		int32_t e1 = unquantize(ep[2 * subset + 1][c], m->endpoint_bits, is_signed);

		rgb[c] = finish(shift6(e0 * (int32_t)(64 - w) + e1 * (int32_t)w + 32), is_signed);
	}
}
