/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Writes the fuzzer's seed corpus into a directory: one valid input per
 * kernel and user packet (plus a few combined ones), in the input format
 * of fuzz_gpu.c, so mutation starts from inputs that reach deep.
 *
 * Usage: fuzz_seeds DIR
 */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ember_packets.h"
#include "ember_regs.h"
#include "fuzz_layout.h"

#define LO(x) ((uint32_t)(uint64_t)(x))
#define HI(x) ((uint32_t)((uint64_t)(x) >> 32))
#define D		FUZZ_DATA_VA
#define MAX_DW		64

struct seed {
	const char *name;
	uint32_t ring[MAX_DW];
	uint32_t ib[MAX_DW];
};

#define RUN_IB(n)	EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), FUZZ_CTX, \
			LO(FUZZ_IB_VA), HI(FUZZ_IB_VA), (n) * 4

static const struct seed seeds[] = {
	{ "fence", .ring = { EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4), 0x20000, 0, 1, 0 } },
	{ "timestamp", .ring = { EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, 2), 0x20000, 0 } },
	{ "tlb", .ring = { EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, 1), FUZZ_CTX } },
	{ "nop", .ring = { EMBER_PKT(EMBER_KPKT_NOP, 0, 2), 1, 2 } },
	{ "copy", .ring = { RUN_IB(9) },
	  .ib = { EMBER_PKT(EMBER_UPKT_COPY, 0, 8), LO(D), HI(D), LO(D + 0x4000), HI(D),
	    0x100, 4, 0x200, 0x100 } },
	{ "fill", .ring = { RUN_IB(5) },
	  .ib = { EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(D), HI(D), 0x1000, 0x12345678 } },
	{ "write", .ring = { RUN_IB(9) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_WRITE_IMM, EMBER_WRITE_64, 4), LO(D + 8), HI(D), 1, 2 } },
	{ "signal", .ring = { RUN_IB(6) },
	  .ib = { EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0), EMBER_PKT(EMBER_UPKT_NOP, 0, 0) } },
	{ "wait", .ring = { RUN_IB(14) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7,
	    EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_GE, 6), LO(D), HI(D), 7, 0, ~0u, 0,
	    EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, 2), LO(D + 16), HI(D) } },
	{ "wait-timeout", .ring = { RUN_IB(7) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WAIT_MEM, EMBER_WAIT_EQ | EMBER_WRITE_64, 6),
	    LO(D), HI(D), 1, 0, ~0u, ~0u } },
	/* Counts filled in, then read back by the dispatch (the shader is zeros: illegal). */
	{ "dispatch-indirect", .ring = { RUN_IB(18) },
	  .ib = { EMBER_PKT(EMBER_UPKT_FILL, 0, 4), LO(D), HI(D), 12, 1,
	    EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0),
	    EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0, EMBER_UPKT_DISPATCH_INDIRECT_LEN(4)),
	    LO(D + 0x100), HI(D), LO(D), HI(D), 0, 0, 0, LO(D + 0x200), HI(D), 4, 9 } },
	{ "job", .ring = { RUN_IB(4), EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
		   0x20000, 0, 1, 0, RUN_IB(4) },
	  .ib = { EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), LO(D), HI(D), 7 } },
};

static size_t used(const uint32_t *dw)
{
	size_t n = MAX_DW;

	while (n && !dw[n - 1])
		n--;
	return n;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: fuzz_seeds DIR\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		const struct seed *s = &seeds[i];
		/* Keep trailing zero payload dwords: they are part of packets. */
		uint16_t lens[3] = { (uint16_t)(4 * (used(s->ring) + 4)),
				     (uint16_t)(4 * used(s->ib) + 16), 0 };
		char path[4096];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", argv[1], s->name);
		f = fopen(path, "wb");
		if (!f) {
			perror(path);
			return 1;
		}
		fwrite(lens, sizeof(lens), 1, f);
		fwrite(s->ring, 4, lens[0] / 4, f);
		fwrite(s->ib, 4, lens[1] / 4 < MAX_DW ? lens[1] / 4 : MAX_DW, f);
		fclose(f);
	}
	return 0;
}
