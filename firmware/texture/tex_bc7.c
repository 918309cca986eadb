/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BC7 (BPTC UNORM): one texel of a block in the Data Format
 * Specification's integer arithmetic (tex_bc.h).
 */

#include "tex_bc.h"
#include "tex_bptc.h"

/*
 * A mode's fields, in the order they follow the mode bits: partition,
 * rotation, index selection, the colour endpoints (R of every endpoint,
 * then G, then B), the alpha endpoints, the p-bits (one per endpoint, or
 * one per subset shared by its two endpoints), the indices.
 */
struct bc7_mode {
	uint8_t subsets, partition_bits, rotation_bits, selection_bits;
	uint8_t color_bits, alpha_bits;
	uint8_t endpoint_pbits, shared_pbits;
	uint8_t index_bits, index2_bits;
};

static const struct bc7_mode modes[8] = {
	{ 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
	{ 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
	{ 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
	{ 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
	{ 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
	{ 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
	{ 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
	{ 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* @v of @bits bits (p-bit included) to 8 bits by replicating its top bits. */
static uint8_t expand(uint32_t v, unsigned int bits)
{
	v <<= 8 - bits;
	return (uint8_t)(v | v >> bits);
}

static uint8_t interpolate(uint8_t e0, uint8_t e1, unsigned int weight)
{
	return (uint8_t)(((64 - weight) * e0 + weight * e1 + 32) >> 6);
}

/*
 * Texel @i's colour index and alpha index (@index[0], [1]) and their bit
 * counts: one index for both, except in modes 4 and 5, whose second index
 * set follows the first; mode 4's selection bit swaps the two.
 */
static void texel_indices(const struct bptc_bits *b, const struct bc7_mode *m,
			  unsigned int partition, unsigned int selection,
			  unsigned int idx_pos, unsigned int i, unsigned int index[2],
			  unsigned int ibits[2])
{
	unsigned int at = bptc_index_pos(idx_pos, m->index_bits, m->subsets, partition, i);
	unsigned int idx2_pos = idx_pos + 16u * m->index_bits - m->subsets;

	index[0] = bptc_get(b, at, m->index_bits -
			    (unsigned int)bptc_is_anchor(m->subsets, partition, i));
	index[1] = index[0];
	ibits[0] = ibits[1] = m->index_bits;
	if (!m->index2_bits)
		return;
	at = bptc_index_pos(idx2_pos, m->index2_bits, 1, 0, i);
	index[1] = bptc_get(b, at, m->index2_bits - (i == 0));
	ibits[1] = m->index2_bits;
	if (selection) {
		unsigned int t = index[0];

		index[0] = index[1];
		index[1] = t;
		ibits[0] = m->index2_bits;
		ibits[1] = m->index_bits;
	}
}

void ember_tex_bc7_texel(const uint8_t block[16], unsigned int i, uint8_t rgba[4])
{
	const struct bc7_mode *m;
	unsigned int mode = 0, pos, partition, rotation, selection, subset, endpoints;
	unsigned int channels, ep_pos, pbit_pos, idx_pos, index[2], ibits[2];
	uint8_t ep[2][4];
	struct bptc_bits b;

	while (mode < 8 && !(block[0] >> mode & 1))
		mode++;
	if (mode == 8) {
		/* Reserved: every channel 0. */
		rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
		return;
	}
	m = &modes[mode];
	bptc_load(block, &b);
	pos = mode + 1;
	partition = bptc_get(&b, pos, m->partition_bits);
	pos += m->partition_bits;
	rotation = bptc_get(&b, pos, m->rotation_bits);
	pos += m->rotation_bits;
	selection = bptc_get(&b, pos, m->selection_bits);
	pos += m->selection_bits;
	subset = bptc_subset(m->subsets, partition, i);
	endpoints = 2u * m->subsets;
	channels = m->alpha_bits ? 4 : 3;
	ep_pos = pos;
	pbit_pos = ep_pos + endpoints * 3u * m->color_bits + endpoints * m->alpha_bits;
	idx_pos = pbit_pos + (m->endpoint_pbits ? endpoints : 0) +
		  (m->shared_pbits ? m->subsets : 0);

	for (unsigned int e = 0; e < 2; e++) {
		unsigned int n = 2 * subset + e;
		uint32_t pbit = m->endpoint_pbits ? bptc_get(&b, pbit_pos + n, 1) :
				m->shared_pbits ? bptc_get(&b, pbit_pos + subset, 1) : 0;
		unsigned int extra = m->endpoint_pbits || m->shared_pbits;

		for (unsigned int c = 0; c < channels; c++) {
			unsigned int bits = c < 3 ? m->color_bits : m->alpha_bits;
			unsigned int at = c < 3 ? ep_pos + (c * endpoints + n) * bits :
				ep_pos + 3 * endpoints * m->color_bits + n * bits;
			uint32_t v = bptc_get(&b, at, bits);

			ep[e][c] = expand(extra ? v << 1 | pbit : v, bits + extra);
		}
		if (channels == 3)
			ep[e][3] = 255;
	}

	texel_indices(&b, m, partition, selection, idx_pos, i, index, ibits);
	for (unsigned int c = 0; c < 3; c++)
		rgba[c] = interpolate(ep[0][c], ep[1][c], bptc_weight(ibits[0], index[0]));
	rgba[3] = interpolate(ep[0][3], ep[1][3], bptc_weight(ibits[1], index[1]));
	if (rotation) {
		uint8_t t = rgba[3];

		rgba[3] = rgba[rotation - 1];
		rgba[rotation - 1] = t;
	}
}
