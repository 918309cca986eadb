/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Pipeline statistics counters (contract 1.15)
 *
 * PIPELINE_STATS_COUNTERS names the EMBER_PIPELINE_STATS_COUNT u64
 * counters in guest memory that the draws and dispatches after it in the
 * indirect buffer add their statistics to, in VkQueryPipelineStatisticFlagBits
 * order: a pipeline statistics query's counters, as OCCLUSION_COUNTER's
 * (draw_occlusion.h) are an occlusion query's. A draw or dispatch counts
 * into a struct ember_pipeline_stats of its own, in an order that does
 * not depend on the number of shader cores (the front end is one thread,
 * the fragment counts are summed over the cores), and adds it once it has
 * finished without a fault: the counts are exact and deterministic.
 */

#ifndef EMBER_PIPELINE_STATS_H
#define EMBER_PIPELINE_STATS_H

#include <stdint.h>

#include "ember_packets.h"
#include "ib.h"

struct ember_pipeline_stats {
	uint64_t count[EMBER_PIPELINE_STATS_COUNT];	/* EMBER_PIPELINE_STAT_* */
};

/* The PIPELINE_STATS_COUNTERS packet with its header's @flags and payload @p. */
int ember_pipeline_stats_packet(struct ember_job *job, uint32_t flags, const uint32_t *p);

/*
 * Add @s to the job's counters, if PIPELINE_STATS_COUNTERS named some:
 * 0 or a translation or permission fault (in the job's fault fields).
 */
int ember_pipeline_stats_add(struct ember_job *job, const struct ember_pipeline_stats *s);

#endif /* EMBER_PIPELINE_STATS_H */
