/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Helpers shared by the state-block decoders (draw_state_decode.c,
 * draw_vertex_input.c): which bits of a block's dwords some field
 * defines, so that every other bit can be refused.
 */

#ifndef EMBER_DRAW_BLOCK_H
#define EMBER_DRAW_BLOCK_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/*
 * The bits a block's fields define: its pack helper applied to a struct
 * whose every field is all ones (the pack masks each to its width), the
 * reserved ones cleared first by @clear. Reserved fields are fields too,
 * named "reserved", so they are checked for zero separately by dword.
 */
#define EMBER_DRAW_DEFINED_BITS(type, out, clear)			\
	do {								\
		struct type all_;					\
		memset(&all_, 0xff, sizeof(all_));			\
		clear;							\
		type##_pack((out), &all_);				\
	} while (0)

/* The first of @n dwords with a bit outside @defined, or -1. */
static inline int ember_draw_reserved_dword(const uint32_t *dw,
					    const uint32_t *defined,
					    unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		if (dw[i] & ~defined[i])
			return (int)i;
	}
	return -1;
}

static inline bool ember_draw_in_unit(float f)
{
	return f >= 0.0f && f <= 1.0f;	/* false for NaN */
}

#endif /* EMBER_DRAW_BLOCK_H */
