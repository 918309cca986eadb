/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Copy engine
 *
 * Copies and fills between GPU virtual addresses of one context. Ranges
 * are translated a run at a time: consecutive pages that are also
 * consecutive in host memory are merged and handed to memmove()/memset()
 * in one go, so a copy of physically contiguous memory runs at memcpy
 * speed. Work is split into chunks of EMBER_COPY_CHUNK bytes with a
 * preemption point between them (ember_job_checkpoint()), so a huge copy
 * can neither starve other rings nor escape the watchdog.
 *
 * Returns 0, a fault kind (with job->fault_va/fault_detail) or
 * EMBER_JOB_ABORTED.
 */

#ifndef EMBER_FW_COPY_ENGINE_H
#define EMBER_FW_COPY_ENGINE_H

#include <stdint.h>

#include "ib.h"

#define EMBER_COPY_CHUNK	(4u << 20)

/* HEIGHT rows of WIDTH bytes, rows PITCH bytes apart (strided 2D copy). */
struct ember_copy_rect {
	uint64_t src;
	uint64_t dst;
	uint32_t width;
	uint32_t height;
	uint32_t src_pitch;
	uint32_t dst_pitch;
};

int ember_copy(struct ember_job *job, const struct ember_copy_rect *rect);

/*
 * The host runs last translated for each side of a series of rectangles
 * ([0] source, [1] destination; zero-initialise it), so the rows of many
 * small rectangles (a tile's rows, each tile's 128 bytes from the next
 * one's on a linear side) are found without translating every row. It
 * holds until the next preemption point, where the guest may change its
 * page tables.
 */
struct ember_copy_cache {
	uint64_t va[2];
	uint64_t len[2];
	uint8_t *host[2];
};

/*
 * ember_copy() of one of a series of rectangles: rows from the runs in
 * @cache when both sides' rows lie in them (translating a run ahead on a
 * miss), else ember_copy() itself, which also reports any fault.
 */
int ember_copy_cached(struct ember_job *job, const struct ember_copy_rect *rect,
		      struct ember_copy_cache *cache);

#define EMBER_FILL_MAX_PATTERN	128

/*
 * @len bytes at @dst (a multiple of @size) with the @size-byte @pattern
 * (1..EMBER_FILL_MAX_PATTERN bytes, in memory order) repeated from @dst.
 */
int ember_fill_pattern(struct ember_job *job, uint64_t dst, uint64_t len,
		       const uint8_t *pattern, unsigned int size);
/* @size bytes at @dst (both multiples of 4) with the 32-bit @pattern. */
int ember_fill(struct ember_job *job, uint64_t dst, uint32_t size,
	       uint32_t pattern);

/*
 * Count @cost (bytes, or a row's or texel batch's cost) against the job's
 * budget; pass a preemption point when EMBER_COPY_CHUNK is spent: 0,
 * EMBER_FAULT_WATCHDOG or EMBER_JOB_ABORTED.
 */
int ember_copy_spend(struct ember_job *job, uint64_t cost);

#endif /* EMBER_FW_COPY_ENGINE_H */
