/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host benchmark: copy-engine bandwidth as a ratio to plain memcpy().
 *
 * The device core runs in process with a guest (firmware/tests/guest.h):
 * a 64 MiB source and destination are mapped in one context, and a COPY
 * packet moves them, timed by the GPU itself with TIMESTAMP packets just
 * before and after it (so the figure is the engine's, not the time the
 * host takes to wake the ring thread on a busy machine). The baseline
 * is memcpy() between the very same host buffers, so both see the same
 * pages, caches and NUMA placement. Each figure is the best of a few runs
 * (the least disturbed by the rest of the machine). Both buffers are
 * written once first, so no run pays for page faults.
 *
 * Output: one line with both bandwidths and the ratio (engine / memcpy).
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "guest.h"
#include "log.h"

#define COPY_SIZE	(64u << 20)
#define RUNS		9
#define CTX		1
#define SRC_VA		0x100000000ull
#define DST_VA		0x200000000ull
#define IB_VA		0x300000000ull
#define STAMP_VA	0x400000000ull

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
	const struct guest_config config = {
		.ram_size = 2 * COPY_SIZE + (16u << 20),
		.num_vectors = 2,
		.num_cores = 1,
		.threads = true,
	};
	static struct guest g;
	double best_memcpy = 1e9, best_engine = 1e9;
	uint8_t *src, *dst;
	uint64_t *stamps;
	struct guest_ib ib;

	ember_log_set_level(EMBER_LOG_WARN);
	if (!guest_init(&g, &config)) {
		fprintf(stderr, "copy_bandwidth: cannot create the device\n");
		return 1;
	}
	guest_ring_init(&g, 0, 0);
	src = guest_alloc_mapped(&g, CTX, SRC_VA, COPY_SIZE);
	dst = guest_alloc_mapped(&g, CTX, DST_VA, COPY_SIZE);
	memset(src, 0x5a, COPY_SIZE);
	memset(dst, 0, COPY_SIZE);
	stamps = guest_alloc_mapped(&g, CTX, STAMP_VA, 4096);
	guest_ib_init(&g, &ib, CTX, IB_VA, 64);
	IB(&ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(STAMP_VA), HI(STAMP_VA));
	IB(&ib, EMBER_PKT(EMBER_UPKT_COPY, 0, 8), LO(SRC_VA), HI(SRC_VA),
	   LO(DST_VA), HI(DST_VA), COPY_SIZE, 1, 0, 0);
	IB(&ib, EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(STAMP_VA + 8),
	   HI(STAMP_VA + 8));

	for (int run = 0; run < RUNS; run++) {
		double t0 = now_s(), t1;
		uint64_t fence;

		memcpy(dst, src, COPY_SIZE);
		t1 = now_s();
		if (t1 - t0 < best_memcpy)
			best_memcpy = t1 - t0;

		memset(dst, 0, 4096);
		fence = guest_submit_ib(&g, 0, CTX, &ib);
		if (!guest_wait_fence(&g, 0, fence, 10000) || dst[0] != 0x5a ||
		    guest_reg(&g, EMBER_REG_FAULT_SEQ)) {
			fprintf(stderr, "copy_bandwidth: the copy failed\n");
			return 1;
		}
		t1 = (double)(stamps[1] - stamps[0]) * 1e-9;
		if (t1 < best_engine)
			best_engine = t1;
	}

	printf("copy engine, 64 MiB: %.2f GB/s vs memcpy %.2f GB/s: ratio %.2f (goal >= 0.80)\n",
	       COPY_SIZE / best_engine * 1e-9, COPY_SIZE / best_memcpy * 1e-9,
	       best_memcpy / best_engine);
	guest_fini(&g);
	return 0;
}
