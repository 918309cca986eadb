/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The graphics user packets (ember-hw.rst, "Draws"): BIND_GFX_STATE
 * records the root block and push constants in the job, the draw packets
 * turn into draw arguments and run through the pipeline
 * (draw_pipeline.h); DRAW_INDIRECT reads its count once, then each
 * command as its draw starts, draws in order with DrawIndex = d.
 * OCCLUSION_COUNTER (contract 1.11) names the counter the draws after it
 * add their passed samples to (draw_occlusion.h).
 */

#include <endian.h>
#include <string.h>

#include "draw_occlusion.h"
#include "draw_pipeline.h"

static int bind_state(struct ember_job *job, uint32_t flags, uint32_t len, const uint32_t *p)
{
	uint32_t push_bytes = len >= 3 ? p[2] : 0;

	if (flags || len < 3 || push_bytes > EMBER_DISPATCH_MAX_PUSH ||
	    len != EMBER_UPKT_BIND_GFX_STATE_LEN(push_bytes))
		return EMBER_FAULT_BAD_PACKET;
	job->gfx_bound = true;
	job->gfx_state = p[0] | (uint64_t)p[1] << 32;
	job->gfx_push_bytes = push_bytes;
	memset(job->gfx_push, 0, sizeof(job->gfx_push));
	/* The shader reads push constants as memory bytes, little-endian. */
	for (uint32_t i = 0; i < (push_bytes + 3) / 4; i++)
		job->gfx_push[i] = htole32(p[3 + i]);
	return 0;
}

/* A fault of the front end's reads as the job's (BAD_PACKET: the packet's). */
static int front_end_fault(struct ember_job *job, int ret, const struct ember_draw_fault *f)
{
	if (ret > 0 && ret != EMBER_FAULT_BAD_PACKET) {
		job->fault_va = f->va;
		job->fault_detail = f->detail;
	}
	return ret;
}

static int draw_indirect(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	uint32_t dw[1 + EMBER_UPKT_DRAW_INDIRECT_LEN] = { 0 };
	struct ember_upkt_draw_indirect pkt;
	struct ember_draw_fault fault = { 0 };
	struct ember_draw_mem mem;
	uint32_t draws;
	int ret;

	dw[0] = EMBER_PKT(EMBER_UPKT_DRAW_INDIRECT, flags, EMBER_UPKT_DRAW_INDIRECT_LEN);
	memcpy(dw + 1, p, EMBER_UPKT_DRAW_INDIRECT_LEN * sizeof(*p));
	ember_upkt_draw_indirect_unpack(dw, &pkt);
	if (!job->gfx_bound)
		return EMBER_FAULT_BAD_PACKET;
	ember_draw_mem_mmu(&mem, &job->mmu);
	ret = ember_draw_indirect_count(&mem, &pkt, &draws, &fault);
	if (ret)
		return front_end_fault(job, ret, &fault);
	for (uint32_t d = 0; d < draws; d++) {
		struct ember_draw_args args;

		ret = ember_draw_indirect_args(&mem, &pkt, d, &args, &fault);
		if (ret)
			return front_end_fault(job, ret, &fault);
		ret = ember_draw_execute(job, &args);
		if (!ret && d + 1 < draws)
			ret = ember_job_checkpoint(job, 0);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_draw_packet(struct ember_job *job, uint32_t op, uint32_t flags, uint32_t len,
		      const uint32_t *p)
{
	struct ember_draw_args args;

	switch (op) {
	case EMBER_UPKT_BIND_GFX_STATE:
		return bind_state(job, flags, len, p);
	case EMBER_UPKT_DRAW:
	case EMBER_UPKT_DRAW_INDEXED:
		if (flags)
			return EMBER_FAULT_BAD_PACKET;
		ember_draw_args_direct(p, op == EMBER_UPKT_DRAW_INDEXED, &args);
		return ember_draw_execute(job, &args);
	case EMBER_UPKT_DRAW_INDIRECT:
		return draw_indirect(job, flags, p);
	case EMBER_UPKT_OCCLUSION_COUNTER:
		return ember_occlusion_counter_packet(job, flags, p);
	default:
		return EMBER_FAULT_BAD_PACKET;
	}
}
