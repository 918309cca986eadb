/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Occlusion counters (contract 1.11)
 *
 * OCCLUSION_COUNTER names the u64 in guest memory that the draws after it
 * in the same indirect buffer add their passed samples to (the back end's
 * exact count of R10's sample counting), the way a GPU's occlusion query
 * unit keeps a counter per query. The packet only records the address in
 * the job (and, with RESET, zeroes the u64 at once); each draw adds its
 * count when it has finished without a fault, as one read-modify-write
 * through the context's MMU with READ and WRITE access. Draws of one job
 * run one after another, so no addition is lost to another; the counter's
 * value is visible like any write of the draw: at the next BARRIER or
 * SIGNAL_MEM, or when the job's fence is written.
 */

#ifndef EMBER_DRAW_OCCLUSION_H
#define EMBER_DRAW_OCCLUSION_H

#include <stdint.h>

#include "ib.h"

/* The OCCLUSION_COUNTER packet with its header's @flags and payload @p. */
int ember_occlusion_counter_packet(struct ember_job *job, uint32_t flags, const uint32_t *p);

/*
 * Add @samples to the job's counter, if it has one: 0, or the translation
 * or permission fault at the counter (the job's fault fields set).
 */
int ember_occlusion_add(struct ember_job *job, uint64_t samples);

#endif /* EMBER_DRAW_OCCLUSION_H */
