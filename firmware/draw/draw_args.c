/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Draw arguments (draw_args.h): direct payloads, and the indirect
 * packet's checks, count and commands.
 */

#include "draw_args.h"

#include <endian.h>

static void args_from(const uint32_t *dw, bool indexed, struct ember_draw_args *args)
{
	/* VkDrawIndirectCommand / VkDrawIndexedIndirectCommand order. */
	*args = (struct ember_draw_args) {
		.indexed = indexed,
		.count = dw[0],
		.instance_count = dw[1],
		.first = dw[2],
		.vertex_offset = indexed ? (int32_t)dw[3] : 0,
		.first_instance = indexed ? dw[4] : dw[3],
	};
}

void ember_draw_args_direct(const uint32_t *payload, bool indexed,
			    struct ember_draw_args *args)
{
	args_from(payload, indexed, args);
}

static uint32_t command_bytes(const struct ember_upkt_draw_indirect *pkt)
{
	return 4 * (pkt->flags & EMBER_DRAW_INDEXED_ARGS ?
		    EMBER_DRAW_INDEXED_INDIRECT_ARGS_DWORDS :
		    EMBER_DRAW_INDIRECT_ARGS_DWORDS);
}

int ember_draw_indirect_count(const struct ember_draw_mem *mem,
			      const struct ember_upkt_draw_indirect *pkt,
			      uint32_t *draws, struct ember_draw_fault *fault)
{
	bool counted = pkt->flags & EMBER_DRAW_COUNT;
	uint32_t count;
	int ret;

	if ((pkt->flags & ~(EMBER_DRAW_INDEXED_ARGS | EMBER_DRAW_COUNT)) ||
	    (pkt->args & 3) || (pkt->stride & 3) || (pkt->count & 3) ||
	    (!counted && pkt->count) ||
	    (pkt->max_draws > 1 && pkt->stride < command_bytes(pkt)))
		return ember_draw_bad_packet(fault);
	if (!counted || !pkt->max_draws) {
		/* maxDrawCount 0 draws nothing: the count is not read. */
		*draws = pkt->max_draws;
		return 0;
	}
	ret = ember_draw_read(mem, pkt->count, &count, 4, fault);
	if (ret)
		return ret;
	count = le32toh(count);
	*draws = count < pkt->max_draws ? count : pkt->max_draws;
	return 0;
}

int ember_draw_indirect_args(const struct ember_draw_mem *mem,
			     const struct ember_upkt_draw_indirect *pkt,
			     uint32_t d, struct ember_draw_args *args,
			     struct ember_draw_fault *fault)
{
	bool indexed = pkt->flags & EMBER_DRAW_INDEXED_ARGS;
	uint64_t va = pkt->args + (uint64_t)d * pkt->stride;
	uint32_t dw[EMBER_DRAW_INDEXED_INDIRECT_ARGS_DWORDS];
	int ret;

	if (va < pkt->args) {
		/* Past the top of the address space: nothing is mapped there. */
		fault->kind = EMBER_FAULT_TRANSLATION;
		fault->va = va;
		fault->detail = EMBER_ACCESS_READ;
		return EMBER_FAULT_TRANSLATION;
	}
	ret = ember_draw_read(mem, va, dw, command_bytes(pkt), fault);
	if (ret)
		return ret;
	for (unsigned int i = 0; i < command_bytes(pkt) / 4; i++)
		dw[i] = le32toh(dw[i]);
	args_from(dw, indexed, args);
	args->draw_index = d;
	return 0;
}
