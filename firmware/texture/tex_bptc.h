/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: What BC6H and BC7 share (BPTC)
 *
 * The partition shapes of the Khronos Data Format Specification's BPTC
 * tables, their anchor texels, the interpolation weights and a reader of
 * the block's little-endian bit stream that never reads past bit 127.
 */

#ifndef EMBER_FW_TEX_BPTC_H
#define EMBER_FW_TEX_BPTC_H

#include <stdint.h>

/* The block as a 128-bit little-endian integer. */
struct bptc_bits {
	uint64_t lo, hi;
};

void bptc_load(const uint8_t block[16], struct bptc_bits *b);

/* @count (0..32) bits from bit @pos; bits past 127 read as 0. */
uint32_t bptc_get(const struct bptc_bits *b, unsigned int pos, unsigned int count);

/*
 * Subset (0..@subsets - 1) of texel @i in partition @partition (0..63) of
 * the 1-, 2- or 3-subset shapes.
 */
unsigned int bptc_subset(unsigned int subsets, unsigned int partition, unsigned int i);

/* Whether texel @i is the anchor of its subset: its index has one bit less. */
int bptc_is_anchor(unsigned int subsets, unsigned int partition, unsigned int i);

/* The weight (0..64) of index @index of an @bits-bit (2, 3 or 4) index. */
unsigned int bptc_weight(unsigned int bits, unsigned int index);

/*
 * The bit offset of texel @i's index, in a list of 16 indices of @bits
 * bits each starting at @first, anchors one bit shorter.
 */
unsigned int bptc_index_pos(unsigned int first, unsigned int bits, unsigned int subsets,
			    unsigned int partition, unsigned int i);

#endif /* EMBER_FW_TEX_BPTC_H */
