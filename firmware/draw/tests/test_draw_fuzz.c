/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A bounded fuzzer of the draw front end, built with AddressSanitizer and
 * UBSan (no recovery): random state blocks (a valid state with random
 * dwords, bit flips and block addresses), random vertex and index
 * buffers (ranges larger than what is mapped), random draw arguments and
 * indirect packets, random primitive assembly queries. Every buffer is
 * allocated at its exact size, so a read outside is an ASan error. The
 * front end must never crash, every failure must be a fault record of a
 * kind a draw can produce (a BAD_STATE naming a block, at a dword's
 * address), and every primitive must reference vertices of its run.
 *
 * Usage: test_draw_fuzz [ITERATIONS [SEED]] (default 3000, a fixed seed).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw_run.h"
#include "draw_test_state.h"
#include "tap.h"

static uint64_t rng;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(next() % n) : 0;
}

static uint32_t nasty_u32(void)
{
	static const uint32_t specials[] = {
		0, 1, 2, 3, 4, 0xff, 0xffff, 0xffffffffu, 0x80000000u, 0x7fffffffu,
		0x7f800000u, 0x7fc00000u, 0xff800000u, 0x3f800000u, 0xbf800000u,
		16, 64, 4096, 4097, 0x10000,
	};

	switch (below(3)) {
	case 0:
		return specials[below(sizeof(specials) / sizeof(specials[0]))];
	case 1:
		return 1u << below(32);
	default:
		return (uint32_t)next();
	}
}

struct fuzz_stats {
	uint64_t loads_ok, prims, faults[16];
};

struct sink_ctx {
	const struct ember_draw_state *st;
	uint32_t budget;
	uint64_t prims;
	bool bad;
};

static int check_prim(void *ctx, const struct ember_draw_args *args,
		      const struct ember_assembled_prim *prim,
		      const struct ember_draw_vertex *vertices)
{
	struct sink_ctx *s = ctx;

	if (prim->count < 1 || prim->count > 3 || prim->provoking >= prim->count ||
	    prim->full_count < prim->count || prim->full_count > 6)
		s->bad = true;
	for (unsigned int k = 0; k < prim->count; k++) {
		if (vertices[k].inputs.location_mask >> EMBER_GFX_MAX_VERTEX_ATTRIBUTES)
			s->bad = true;
		if (vertices[k].instance_index - args->first_instance >= args->instance_count)
			s->bad = true;
	}
	s->prims++;
	/* A sink's non-zero return stops the draw (a preemption point). */
	return --s->budget ? 0 : 1234;
}

/* Instances and scanned indices spend the same budget as primitives. */
static int checkpoint(void *ctx)
{
	struct sink_ctx *s = ctx;

	return --s->budget ? 0 : 1234;
}

static bool fault_ok(const struct ember_draw_fault *f, int ret)
{
	if ((uint32_t)ret != f->kind)
		return false;
	switch (f->kind) {
	case EMBER_FAULT_TRANSLATION:
		return f->detail == EMBER_ACCESS_READ;
	case EMBER_FAULT_BAD_PACKET:
		return true;
	case EMBER_FAULT_BAD_STATE: {
		uint32_t block = EMBER_BAD_STATE_BLOCK(f->detail);

		/* Blocks are 16-byte aligned: the field's dword is 4-aligned. */
		return block >= EMBER_GFX_BLOCK_ROOT && block <= EMBER_GFX_BLOCK_TARGETS &&
		       f->va % 4 == 0;
	}
	default:
		return false;
	}
}

static void mutate_state(struct test_mem *tm, struct test_state *ts)
{
	uint64_t blocks[] = { TS_ROOT, TS_VERTEX_INPUT, TS_VIEWPORTS, TS_RASTER,
			      TS_DEPTH_STENCIL, TS_BLEND, TS_TARGETS };
	unsigned int changes = below(4);

	/* Sometimes structured changes, through the structs. */
	if (below(2)) {
		ts->root.topology = (uint8_t)below(11);
		ts->root.primitive_restart = (uint8_t)below(2);
		ts->root.index_size = (uint8_t)(below(3) ? 1u << below(3) : below(8));
		ts->root.index_range = below(3) ? below(80) : next();
		ts->root.index_buffer = TS_IB + (below(4) ? 0 : below(64));
		ts->raster.provoking_vertex = (uint8_t)below(2);
		ts->vi.binding_count = (uint8_t)below(3);
		ts->vi.attribute_count = (uint8_t)below(4);
		for (unsigned int b = 0; b < 2; b++) {
			ts->binding[b].stride = below(3) ? below(40) : nasty_u32();
			ts->binding[b].range = below(3) ? below(1024) : next();
			ts->binding[b].input_rate = (uint8_t)below(2);
			ts->binding[b].divisor = ts->binding[b].input_rate ? nasty_u32() : 1;
			ts->binding[b].va = TS_VB + below(600);
		}
		for (unsigned int a = 0; a < 3; a++) {
			ts->attribute[a].format = below(2) ? 9 + below(115) : nasty_u32();
			ts->attribute[a].offset = below(3) ? below(64) : nasty_u32();
			ts->attribute[a].location = (uint8_t)below(17);
			ts->attribute[a].binding = (uint8_t)below(3);
		}
	}
	test_state_write(tm, ts);
	/* Then raw dwords anywhere in the blocks. */
	for (unsigned int c = 0; c < changes; c++) {
		uint64_t va = blocks[below(7)] + 4 * below(32);
		uint32_t v = nasty_u32();

		if (va + 4 <= TS_ROOT + TS_SIZE)
			test_mem_write_dwords(tm, va, &v, 1);
	}
}

static bool fuzz_one(struct fuzz_stats *stats)
{
	struct test_state ts;
	struct test_mem tm;
	struct ember_draw_state st;
	struct ember_draw_fault fault = { 0 };
	bool indexed = below(2);
	int ret;

	test_mem_init(&tm);
	test_state_default(&ts);
	mutate_state(&tm, &ts);
	/* Random vertex and index data. */
	for (unsigned int i = 0; i < tm.count; i++) {
		if (tm.buf[i].va == TS_VB || tm.buf[i].va == TS_IB) {
			for (uint64_t b = 0; b < tm.buf[i].size; b++)
				tm.buf[i].data[b] = below(4) ? (uint8_t)next() : 0xff;
		}
	}

	ret = ember_draw_state_load(&tm.mem, below(8) ? TS_ROOT : TS_ROOT + 4 * below(64),
				    indexed, &st, &fault);
	if (ret) {
		if (!fault_ok(&fault, ret)) {
			tap_diag("load: fault %d kind %u va 0x%llx detail 0x%x", ret, fault.kind,
				 (unsigned long long)fault.va, fault.detail);
			test_mem_free(&tm);
			return false;
		}
		stats->faults[fault.kind & 15]++;
	} else {
		struct sink_ctx s = { .st = &st, .budget = 1 + below(400) };
		struct ember_draw_sink sink = { check_prim, checkpoint, &s, NULL };
		struct ember_draw_args args = {
			.indexed = indexed,
			.count = below(4) ? below(80) : nasty_u32(),
			.instance_count = below(4) ? below(4) : nasty_u32(),
			.first = below(4) ? below(40) : nasty_u32(),
			.vertex_offset = (int32_t)(below(2) ? below(20) - 10 : nasty_u32()),
			.first_instance = below(2) ? below(10) : nasty_u32(),
		};

		stats->loads_ok++;
		memset(&fault, 0, sizeof(fault));
		ret = ember_draw_run(&st, &tm.mem, &args, &sink, &fault);
		stats->prims += s.prims;
		if (s.bad || (ret && ret != 1234 && !fault_ok(&fault, ret))) {
			tap_diag("run: ret %d kind %u bad %d", ret, fault.kind, s.bad);
			test_mem_free(&tm);
			return false;
		}
		if (ret > 0 && ret != 1234)
			stats->faults[fault.kind & 15]++;
	}
	test_mem_free(&tm);
	return true;
}

static bool fuzz_indirect(struct fuzz_stats *stats)
{
	struct ember_upkt_draw_indirect pkt = {
		.flags = below(4) ? below(4) : nasty_u32(),
		.args = 0x8000 + (below(4) ? 4 * below(16) : nasty_u32()),
		.max_draws = below(3) ? below(10) : nasty_u32(),
		.stride = below(3) ? 4 * below(10) : nasty_u32(),
		.count = below(2) ? 0x9000 + 4 * below(3) : (below(2) ? 0 : next()),
	};
	struct ember_draw_fault fault = { 0 };
	struct ember_draw_args args;
	struct test_mem tm;
	uint32_t draws = 0;
	uint8_t *p;
	int ret;

	test_mem_init(&tm);
	p = test_mem_map(&tm, 0x8000, 64 + below(64));
	for (unsigned int b = 0; b < 64; b++)
		p[b] = (uint8_t)next();
	p = test_mem_map(&tm, 0x9000, 4 + 4 * below(2));
	p[0] = (uint8_t)next();
	ret = ember_draw_indirect_count(&tm.mem, &pkt, &draws, &fault);
	if (ret) {
		test_mem_free(&tm);
		stats->faults[fault.kind & 15]++;
		return fault_ok(&fault, ret);
	}
	if (draws > pkt.max_draws) {
		test_mem_free(&tm);
		return false;
	}
	for (uint32_t d = 0; d < draws && d < 8; d++) {
		ret = ember_draw_indirect_args(&tm.mem, &pkt, d, &args, &fault);
		if (ret) {
			stats->faults[fault.kind & 15]++;
			test_mem_free(&tm);
			return fault_ok(&fault, ret);
		}
		if (args.draw_index != d || args.indexed != !!(pkt.flags & EMBER_DRAW_INDEXED_ARGS)) {
			test_mem_free(&tm);
			return false;
		}
	}
	test_mem_free(&tm);
	return true;
}

static bool fuzz_assembly(void)
{
	unsigned int topo = below(12);
	uint32_t n = below(2) ? below(50) : nasty_u32();
	uint32_t count = ember_prim_count(topo, n);
	struct ember_assembled_prim p;

	if (!count)
		return true;
	for (unsigned int k = 0; k < 4; k++) {
		uint32_t i = k == 0 ? 0 : k == 1 ? count - 1 : below(count);

		ember_prim_get(topo, below(2), n, i, &p);
		if (p.count < 1 || p.count > 3 || p.provoking >= p.count)
			return false;
		for (unsigned int v = 0; v < p.count; v++) {
			if (p.v[v] >= n)
				return false;
		}
		for (unsigned int v = 0; v < p.full_count; v++) {
			if (p.full[v] >= n)
				return false;
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 0) : 3000;
	struct fuzz_stats stats = { 0 };
	bool ok = true;

	rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x2545f4914f6cdd1dull;
	if (!rng)
		rng = 1;
	for (unsigned long i = 0; i < iterations && ok; i++) {
		ok = fuzz_one(&stats) && fuzz_indirect(&stats) && fuzz_assembly();
		if (!ok)
			tap_diag("iteration %lu failed", i);
	}
	tap_diag("%llu states loaded, %llu primitives; faults: bad packet %llu, "
		 "bad state %llu, translation %llu",
		 (unsigned long long)stats.loads_ok, (unsigned long long)stats.prims,
		 (unsigned long long)stats.faults[EMBER_FAULT_BAD_PACKET],
		 (unsigned long long)stats.faults[EMBER_FAULT_BAD_STATE],
		 (unsigned long long)stats.faults[EMBER_FAULT_TRANSLATION]);
	/* A fuzzer that never gets past the checks, or never faults, fuzzes nothing. */
	tap_result(ok && stats.loads_ok > iterations / 20 &&
		   stats.faults[EMBER_FAULT_BAD_STATE] > iterations / 20,
		   "random-draw-state-indices-and-arguments");
	return tap_finish();
}
