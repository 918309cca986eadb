/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Pipeline statistics counters: see pipeline_stats.h. */

#include "pipeline_stats.h"

#include <endian.h>

#include "mmu.h"

#define COUNTER_ACCESS	(EMBER_ACCESS_READ | EMBER_ACCESS_WRITE)

/*
 * The host addresses of the eleven aligned u64 at @va: each maps on its
 * own (none crosses a page, the array may), all before any is written.
 */
static int map_counters(struct ember_job *job, uint64_t va,
			uint64_t *host[EMBER_PIPELINE_STATS_COUNT])
{
	for (unsigned int i = 0; i < EMBER_PIPELINE_STATS_COUNT; i++) {
		uint8_t *p;
		uint64_t run;
		int fault = ember_mmu_map_run(&job->mmu, va + 8u * i, sizeof(uint64_t),
					      COUNTER_ACCESS, &p, &run, &job->fault_va);

		if (fault) {
			job->fault_detail = COUNTER_ACCESS;
			return fault;
		}
		host[i] = (uint64_t *)p;
	}
	return 0;
}

int ember_pipeline_stats_packet(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	uint32_t dw[1 + EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN];
	struct ember_upkt_pipeline_stats_counters pkt;
	uint64_t *host[EMBER_PIPELINE_STATS_COUNT];
	int ret;

	dw[0] = EMBER_PKT(EMBER_UPKT_PIPELINE_STATS_COUNTERS, flags,
			  EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN);
	dw[1] = p[0];
	dw[2] = p[1];
	ember_upkt_pipeline_stats_counters_unpack(dw, &pkt);
	if ((flags & ~EMBER_PIPELINE_STATS_RESET) ||
	    (pkt.counters & (EMBER_PIPELINE_STATS_ALIGN - 1)) ||
	    (!pkt.counters && (flags & EMBER_PIPELINE_STATS_RESET)))
		return EMBER_FAULT_BAD_PACKET;
	if (flags & EMBER_PIPELINE_STATS_RESET) {
		ret = map_counters(job, pkt.counters, host);
		if (ret)
			return ret;
		for (unsigned int i = 0; i < EMBER_PIPELINE_STATS_COUNT; i++)
			__atomic_store_n(host[i], 0, __ATOMIC_RELAXED);
	}
	job->pipeline_stats = pkt.counters;
	return 0;
}

int ember_pipeline_stats_add(struct ember_job *job, const struct ember_pipeline_stats *s)
{
	uint64_t *host[EMBER_PIPELINE_STATS_COUNT];
	int ret;

	if (!job->pipeline_stats)
		return 0;
	ret = map_counters(job, job->pipeline_stats, host);
	if (ret)
		return ret;
	/*
	 * One 64-bit load and one store each: a CPU or another queue writing
	 * a counter meanwhile leaves it unspecified, never torn. Modulo 2^64.
	 */
	for (unsigned int i = 0; i < EMBER_PIPELINE_STATS_COUNT; i++)
		__atomic_store_n(host[i],
				 htole64(le64toh(__atomic_load_n(host[i], __ATOMIC_RELAXED)) +
					 s->count[i]),
				 __ATOMIC_RELAXED);
	return 0;
}
