/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Known-answer vectors of the BC1..BC7 formats: hand-built blocks and the
 * value of one of their texels, each derived by hand from the Khronos
 * Data Format Specification's definition of the format (the derivation is
 * the comment beside the vector), not from any decoder. Plain data, for
 * every test of a BC decoder to reuse.
 */

#ifndef EMBER_FW_TEST_BC_VECTORS_H
#define EMBER_FW_TEST_BC_VECTORS_H

#include <stdint.h>

struct bc_vector {
	const char *name;
	uint32_t format;	/* VkFormat */
	uint8_t block[16];	/* 8 bytes for BC1 and BC4 */
	uint8_t texel;		/* y * 4 + x in the block */
	float want[4];		/* R, G, B, A */
};

extern const struct bc_vector bc_vectors[];
extern const unsigned int bc_vector_count;

#endif /* EMBER_FW_TEST_BC_VECTORS_H */
