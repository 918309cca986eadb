/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Occlusion counters: see draw_occlusion.h. */

#include "draw_occlusion.h"

#include <endian.h>

#include "ember_packets.h"
#include "mmu.h"

#define COUNTER_ACCESS	(EMBER_ACCESS_READ | EMBER_ACCESS_WRITE)

/* The host address of the aligned u64 at @va (never crosses a page). */
static int map_counter(struct ember_job *job, uint64_t va, uint64_t **host)
{
	uint8_t *p;
	uint64_t run;
	int fault = ember_mmu_map_run(&job->mmu, va, sizeof(uint64_t), COUNTER_ACCESS, &p,
				      &run, &job->fault_va);

	if (fault) {
		job->fault_detail = COUNTER_ACCESS;
		return fault;
	}
	*host = (uint64_t *)p;
	return 0;
}

int ember_occlusion_counter_packet(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	uint32_t dw[1 + EMBER_UPKT_OCCLUSION_COUNTER_LEN];
	struct ember_upkt_occlusion_counter pkt;
	uint64_t *host;
	int ret;

	dw[0] = EMBER_PKT(EMBER_UPKT_OCCLUSION_COUNTER, flags, EMBER_UPKT_OCCLUSION_COUNTER_LEN);
	dw[1] = p[0];
	dw[2] = p[1];
	ember_upkt_occlusion_counter_unpack(dw, &pkt);
	if ((flags & ~EMBER_OCCLUSION_RESET) ||
	    (pkt.counter & (EMBER_OCCLUSION_COUNTER_ALIGN - 1)) ||
	    (!pkt.counter && (flags & EMBER_OCCLUSION_RESET)))
		return EMBER_FAULT_BAD_PACKET;
	if (flags & EMBER_OCCLUSION_RESET) {
		ret = map_counter(job, pkt.counter, &host);
		if (ret)
			return ret;
		__atomic_store_n(host, 0, __ATOMIC_RELAXED);
	}
	job->occlusion_counter = pkt.counter;
	return 0;
}

int ember_occlusion_add(struct ember_job *job, uint64_t samples)
{
	uint64_t *host;
	int ret;

	if (!job->occlusion_counter)
		return 0;
	ret = map_counter(job, job->occlusion_counter, &host);
	if (ret)
		return ret;
	/*
	 * One 64-bit load and one store: a CPU or another queue writing the
	 * same u64 meanwhile leaves an unspecified count, never a torn one.
	 * The sum wraps modulo 2^64.
	 */
	__atomic_store_n(host, htole64(le64toh(__atomic_load_n(host, __ATOMIC_RELAXED)) + samples),
			 __ATOMIC_RELAXED);
	return 0;
}
