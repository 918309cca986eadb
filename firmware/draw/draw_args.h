/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Draw arguments, direct and indirect
 *
 * What one draw does, whichever packet gave it: DRAW and DRAW_INDEXED
 * carry it; DRAW_INDIRECT reads it from memory (ember-hw.rst, "Packets"):
 * the packet's fields checked first (BAD_PACKET), the count read once
 * (DRAW_COUNT: the u32 at COUNT, clamped to MAX_DRAWS), then each command
 * at ARGS + d * STRIDE when draw d starts. The device knows no buffer
 * sizes here: a command or count that does not translate is a fault at
 * its address.
 */

#ifndef EMBER_DRAW_ARGS_H
#define EMBER_DRAW_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "draw_memory.h"

struct ember_draw_args {
	bool indexed;
	uint32_t count;		/* vertices, or indices */
	uint32_t instance_count;
	uint32_t first;		/* first vertex, or first index */
	int32_t vertex_offset;	/* indexed only */
	uint32_t first_instance;
	uint32_t draw_index;	/* DrawIndex: d of an indirect draw, else 0 */
};

/* DRAW / DRAW_INDEXED payloads (already length-checked) as arguments. */
void ember_draw_args_direct(const uint32_t *payload, bool indexed,
			    struct ember_draw_args *args);

/*
 * DRAW_INDIRECT: check @pkt (0 or BAD_PACKET), then the number of draws
 * (0, or a fault reading COUNT).
 */
int ember_draw_indirect_count(const struct ember_draw_mem *mem,
			      const struct ember_upkt_draw_indirect *pkt,
			      uint32_t *draws, struct ember_draw_fault *fault);

/* The arguments of draw @d (< the count) of a checked @pkt: 0, or a fault. */
int ember_draw_indirect_args(const struct ember_draw_mem *mem,
			     const struct ember_upkt_draw_indirect *pkt,
			     uint32_t d, struct ember_draw_args *args,
			     struct ember_draw_fault *fault);

#endif /* EMBER_DRAW_ARGS_H */
