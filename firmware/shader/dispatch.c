/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DISPATCH: shader fetch, program cache, workgroups on the cores (see
 * dispatch.h).
 *
 * The program cache keeps the last CACHE_ENTRIES decoded programs keyed
 * by (context, VA, size, FNV-1a hash of the bytes). The bytes are fetched
 * through the MMU on every dispatch anyway (that is the EXEC permission
 * check, and a driver may rewrite a shader in place), so keying on the
 * contents rather than on a generation number costs one pass over a few
 * KiB and can never run stale code; a hit saves the decode and the checks,
 * and the native code the JIT makes from the program's first dispatch on
 * (with the device's shader_jit on: in the background, or at once in
 * sync mode), which lives and dies with the entry.
 * Only the engine holder touches the cache: no lock; an entry a dispatch
 * runs is pinned while that dispatch gives the engine up (see below).
 *
 * The grid is any three u32 counts, up to 2^96 workgroups, numbered
 * linearly x fastest (grid_index, 128-bit). It runs in slices: a slice is
 * a run of consecutive workgroups handed to the cores as one batch of
 * contiguous work items, at least 8 per core when there are enough, so
 * the per-item hand-off cost stays small and the load still balances; a
 * work item finds its first workgroup's position once and steps from
 * there. Each core allocates its wave state once per dispatch and gets
 * its own TLB (the context's TLB belongs to the command processor's
 * thread).
 *
 * Between two slices the command processor passes a preemption point
 * (ember_job_checkpoint()): another ring may take the engine, a reset
 * aborts the dispatch there, and the job's watchdog deadline ends it, so
 * a grid of workgroups that do almost nothing, which never reach the
 * waves' own checks (wave.c), cannot hold the device. Slices grow or
 * shrink to last about SLICE_NS, like the copy engine's chunks. What the
 * engine ran meanwhile may have invalidated the context's TLB, so a core
 * empties its own translations at its first item of each slice; another
 * ring's dispatch may have used the program cache, so the running
 * program's entry is pinned.
 */

#include "dispatch.h"

#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "device.h"
#include "ib.h"
#include "log.h"
#include "pipeline_stats.h"
#include "shader_core.h"

/*
 * More than the pins of every ring (a draw pins two programs), so that a
 * victim is never pinned by all of them.
 */
#define CACHE_ENTRIES		(2 * EMBER_MAX_RINGS + 16)
#define MAX_BINARY_BYTES	(16u << 20)
#define ITEMS_PER_CORE		8
/* A slice lasts about this long; the first is this many items per core. */
#define SLICE_NS		1000000u
#define SLICE_FIRST_ITEMS	4
#define SLICE_MAX_GROUPS	(1ull << 40)

/* A linear workgroup number: three u32 counts make up to 2^96 of them. */
typedef unsigned __int128 grid_index;

struct cache_entry {
	bool used;
	/**
	 * @pins: dispatches running the entry's program: a dispatch gives
	 * the engine up between slices, and another ring's dispatch must not
	 * evict the program from under it. At most one per ring.
	 */
	unsigned int pins;
	uint64_t last_use;
	struct sc_program prog;
};

struct ember_shader_cache {
	struct cache_entry entries[CACHE_ENTRIES];
	uint64_t clock;
};

struct ember_shader_cache *ember_shader_cache_create(void)
{
	return calloc(1, sizeof(struct ember_shader_cache));
}

void ember_shader_cache_destroy(struct ember_shader_cache *cache)
{
	if (!cache)
		return;
	for (unsigned int i = 0; i < CACHE_ENTRIES; i++)
		if (cache->entries[i].used)
			sc_program_fini(&cache->entries[i].prog);
	free(cache);
	if (sc_jit_quiesce)
		sc_jit_quiesce();
}

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* Copy @size bytes at @va (EXEC access) to @out: 0 or a fault kind. */
static int fetch_code(struct ember_job *job, uint64_t va, uint64_t size, uint8_t *out)
{
	uint64_t done = 0;

	while (done < size) {
		uint8_t *host;
		uint64_t run;
		int fault = ember_mmu_map_run(&job->mmu, va + done, size - done,
					      EMBER_ACCESS_EXEC, &host, &run,
					      &job->fault_va);

		if (fault) {
			job->fault_detail = EMBER_ACCESS_EXEC;
			return fault;
		}
		memcpy(out + done, host, run);
		done += run;
	}
	return 0;
}

static int illegal(struct ember_job *job, uint64_t va, uint32_t detail)
{
	job->fault_va = va;
	job->fault_detail = detail;
	return EMBER_FAULT_ILLEGAL_INSTRUCTION;
}

/*
 * The cache entry of the decoded program for the binary at @va: found or
 * built. 0 with *@entry, or a fault kind; -ENOMEM on host trouble.
 */
static int load_program(struct ember_job *job, uint64_t va,
			struct cache_entry **entry)
{
	struct ember_shader_cache *cache = job->ring->dev->shader_cache;
	struct cache_entry *victim = NULL;
	uint8_t head[EMBER_ISA_HEADER_SIZE], *bin;
	uint32_t header_size, code_size, detail;
	uint64_t size, hash;
	int ret;

	ret = fetch_code(job, va, sizeof(head), head);
	if (ret)
		return ret;
	memcpy(&header_size, head + 8, 4);
	memcpy(&code_size, head + 12, 4);
	size = (uint64_t)le32toh(header_size) + le32toh(code_size);
	if (size > MAX_BINARY_BYTES || size < sizeof(head))
		return illegal(job, va, EMBER_ILLEGAL_DETAIL(-EMBER_ISA_ERR_SIZE, 0));
	bin = malloc(size);
	if (!bin)
		return -ENOMEM;
	ret = fetch_code(job, va, size, bin);
	if (ret)
		goto out;
	hash = fnv1a(bin, size);
	for (unsigned int i = 0; i < CACHE_ENTRIES; i++) {
		struct cache_entry *e = &cache->entries[i];

		if (e->used && e->prog.va == va && e->prog.ctx == job->ctx->index &&
		    e->prog.size == size && e->prog.hash == hash) {
			e->last_use = ++cache->clock;
			*entry = e;
			goto out;
		}
		if (e->pins)
			continue;
		if (!victim || !e->used || e->last_use < victim->last_use)
			victim = e;
		if (!e->used)
			break;
	}
	if (!victim) {
		ret = -ENOMEM;
		goto out;
	}
	if (victim->used)
		sc_program_fini(&victim->prog);
	victim->used = false;
	ret = sc_program_build(bin, size, &victim->prog, &detail);
	if (ret == -2) {
		ret = -ENOMEM;
		goto out;
	}
	if (ret) {
		uint32_t index = EMBER_ILLEGAL_INDEX(detail);
		uint64_t at = va;

		/* Point at the instruction when there is one. */
		if (EMBER_ILLEGAL_REASON(detail) != (uint32_t)-EMBER_ISA_ERR_HEADER &&
		    EMBER_ILLEGAL_REASON(detail) != (uint32_t)-EMBER_ISA_ERR_SIZE &&
		    EMBER_ILLEGAL_REASON(detail) != (uint32_t)-EMBER_ISA_ERR_LIMIT)
			at = va + le32toh(header_size) + (uint64_t)index * EMBER_ISA_INSN_SIZE;
		ret = illegal(job, at, detail);
		goto out;
	}
	victim->used = true;
	victim->last_use = ++cache->clock;
	victim->prog.va = va;
	victim->prog.ctx = job->ctx->index;
	victim->prog.size = size;
	victim->prog.hash = hash;
	*entry = victim;
out:
	free(bin);
	return ret;
}

static void *alloc_zeroed(size_t size)
{
	void *p = NULL;

	if (!size)
		size = 64;
	if (posix_memalign(&p, 64, (size + 63) & ~(size_t)63))
		return NULL;
	memset(p, 0, size);
	return p;
}

static void core_fini(struct sc_group *g)
{
	free(g->waves);
	free(g->vregs);
	free(g->scratch);
	free(g->shared);
}

/* A core's first work item of the dispatch: its wave state. */
static bool core_setup(struct sc_dispatch *d, struct sc_group *g)
{
	const struct ember_isa_header *h = &d->prog->header;
	uint32_t lanes = h->local_size[0] * h->local_size[1] * h->local_size[2];
	uint32_t waves = (lanes + SC_LANES - 1) / SC_LANES;

	g->d = d;
	g->num_waves = waves;
	ember_tlb_flush(&g->tlb);
	g->mmu = (struct ember_mmu) { .ram = d->mmu.ram, .tlb = &g->tlb, .root = d->mmu.root };
	g->waves = alloc_zeroed(sizeof(*g->waves) * waves);
	/* Vector registers start undefined (ember-isa.rst); not cleared. */
	g->vregs = alloc_zeroed((size_t)waves * h->num_vregs * SC_LANES * 4);
	g->scratch = alloc_zeroed((size_t)waves * (h->scratch_bytes / 4) * SC_LANES * 4);
	g->shared = alloc_zeroed(h->shared_bytes);
	return g->waves && g->vregs && g->scratch && g->shared;
}

/* One slice of the grid, as its work items see it. */
struct run {
	struct sc_dispatch *d;
	/** @first: linear number of the slice's first workgroup. */
	grid_index first;
	/** @count: workgroups in the slice; @per_item: in each work item. */
	uint64_t count;
	uint64_t per_item;
	/** @slice: counts the dispatch's slices from 1 (sc_group.slice). */
	uint64_t slice;
	bool no_memory;
};

/* The grid position of linear workgroup number @linear (x fastest). */
static void grid_pos(const struct sc_dispatch *d, grid_index linear, uint32_t pos[3])
{
	grid_index row = linear / d->groups[0];

	pos[0] = (uint32_t)(linear % d->groups[0]);
	pos[1] = (uint32_t)(row % d->groups[1]);
	pos[2] = (uint32_t)(row / d->groups[1]);
}

static void run_item(void *arg, unsigned int item, unsigned int core)
{
	struct run *run = arg;
	struct sc_dispatch *d = run->d;
	struct sc_group *g = &d->cores[core];
	uint64_t first = item * run->per_item;
	uint64_t n = run->count - first < run->per_item ? run->count - first : run->per_item;
	uint32_t pos[3];

	if (!g->d && !core_setup(d, g)) {
		run->no_memory = true;
		__atomic_store_n(&d->stop, 1, __ATOMIC_RELAXED);
		return;
	}
	if (g->slice != run->slice) {
		ember_tlb_flush(&g->tlb);
		memset(g->pages, 0, sizeof(g->pages));
		g->slice = run->slice;
	}
	grid_pos(d, run->first + first, pos);
	for (uint64_t i = 0; i < n; i++) {
		if (g->fault || __atomic_load_n(&d->stop, __ATOMIC_RELAXED))
			return;
		sc_group_run(g, pos);
		/* The next workgroup in linear order: carry x into y into z. */
		if (++pos[0] == d->groups[0]) {
			pos[0] = 0;
			if (++pos[1] == d->groups[1]) {
				pos[1] = 0;
				pos[2]++;
			}
		}
	}
}

/*
 * The next slice's size from how long this one of @count workgroups took:
 * about SLICE_NS, at least one work item per core.
 */
static uint64_t next_slice(uint64_t count, uint64_t elapsed_ns, uint64_t min)
{
	if (elapsed_ns < SLICE_NS / 2 && count < SLICE_MAX_GROUPS)
		return count * 2;
	if (elapsed_ns > SLICE_NS * 2 && count / 2 >= min)
		return count / 2;
	return count;
}

static int run_grid(struct ember_job *job, struct sc_dispatch *d, grid_index total)
{
	struct ember_device *dev = job->ring->dev;
	struct run run = { .d = d };
	unsigned int cores = dev->workers_running ? dev->workers.num_cores : 1;
	uint64_t target = (uint64_t)cores * ITEMS_PER_CORE;
	uint64_t slice = target * SLICE_FIRST_ITEMS;
	int ret = 0;

	d->num_cores = cores;
	d->cores = calloc(cores, sizeof(*d->cores));
	if (!d->cores)
		return -ENOMEM;
	for (grid_index done = 0; done < total; done += run.count) {
		uint64_t start = ember_device_timestamp_ns(dev);
		unsigned int items;

		run.first = done;
		run.count = total - done < slice ? (uint64_t)(total - done) : slice;
		run.per_item = run.count > target ? (run.count + target - 1) / target : 1;
		run.slice++;
		items = (unsigned int)((run.count + run.per_item - 1) / run.per_item);
		if (dev->workers_running) {
			ember_workers_run(&dev->workers, items, run_item, &run);
		} else {
			for (unsigned int i = 0; i < items; i++)
				run_item(&run, i, 0);
		}
		if (__atomic_load_n(&d->stop, __ATOMIC_RELAXED))
			break;
		/* Sized by its own run, not by what other rings do at the checkpoint. */
		slice = next_slice(run.count, ember_device_timestamp_ns(dev) - start, target);
		if (total - done > run.count) {
			/* Nothing of the slice is cached past this point (sc_group.slice). */
			ret = ember_job_checkpoint(job, 0);
			if (ret == EMBER_FAULT_WATCHDOG) {
				job->fault_va = d->shader_va;
				job->fault_detail = 0;
			}
			if (ret)
				break;
		}
	}

	for (unsigned int c = 0; c < cores; c++) {
		struct sc_group *g = &d->cores[c];

		if (g->fault && !ret) {
			ret = g->fault;
			job->fault_va = g->fault_va;
			job->fault_detail = g->fault_detail;
		}
		core_fini(g);
	}
	free(d->cores);
	if (run.no_memory)
		return -ENOMEM;
	return ret;
}

/* The native code to run @prog with, compiling it first if the JIT is on. */
static sc_jit_fn program_jit(struct ember_device *dev, struct sc_program *prog)
{
	/* A test may switch the JIT between dispatches (ember_host.h). */
	unsigned int jit = __atomic_load_n(&dev->config.shader_jit, __ATOMIC_RELAXED);

	/* Compiled from the program's first dispatch with the JIT on. */
	if (jit != EMBER_SHADER_JIT_OFF && sc_jit_compile && !prog->jit_tried)
		sc_jit_compile(prog, jit == EMBER_SHADER_JIT_SYNC);
	/* Set by the compiler thread when the code is ready. */
	return jit != EMBER_SHADER_JIT_OFF ? __atomic_load_n(&prog->jit, __ATOMIC_ACQUIRE) :
					     NULL;
}

int ember_shader_program_get(struct ember_job *job, uint64_t va, unsigned int stage,
			     const struct sc_program **prog, sc_jit_fn *jit)
{
	struct cache_entry *entry;
	int ret = load_program(job, va, &entry);

	if (!ret && entry->prog.header.stage != stage)
		ret = illegal(job, va, EMBER_ILLEGAL_DETAIL((uint32_t)-EMBER_ISA_ERR_STAGE, 0));
	if (ret)
		return ret;
	entry->pins++;
	*jit = program_jit(job->ring->dev, &entry->prog);
	*prog = &entry->prog;
	return 0;
}

void ember_shader_program_put(const struct sc_program *prog)
{
	struct cache_entry *entry = (struct cache_entry *)((uint8_t *)prog -
							   offsetof(struct cache_entry, prog));

	entry->pins--;
}

int ember_shader_dispatch(struct ember_job *job, const uint32_t *p, uint32_t len)
{
	struct sc_dispatch d = {
		.dev = job->ring->dev,
		.mmu = job->mmu,
		.shader_va = p[0] | (uint64_t)p[1] << 32,
		.groups = { p[2], p[3], p[4] },
		.base = { p[5], p[6], p[7] },
		.set_table_va = p[8] | (uint64_t)p[9] << 32,
		.push_bytes = p[10],
		.deadline_ns = job->deadline_ns,
	};
	grid_index total = (grid_index)p[2] * p[3] * p[4];
	struct cache_entry *entry;
	struct sc_program *prog;
	int ret;

	if (len < EMBER_DISPATCH_FIXED_LEN || d.push_bytes > EMBER_DISPATCH_MAX_PUSH ||
	    len != EMBER_UPKT_DISPATCH_LEN(d.push_bytes))
		return EMBER_FAULT_BAD_PACKET;
	for (uint32_t i = 0; i < (d.push_bytes + 3) / 4; i++)
		d.push[i] = htole32(p[EMBER_DISPATCH_FIXED_LEN + i]);

	ret = load_program(job, d.shader_va, &entry);
	/* A vertex or fragment shader runs in a draw's waves, not a grid. */
	if (!ret && entry->prog.header.stage != EMBER_ISA_STAGE_COMPUTE)
		ret = illegal(job, d.shader_va,
			      EMBER_ILLEGAL_DETAIL((uint32_t)-EMBER_ISA_ERR_STAGE, 0));
	if (!ret) {
		prog = &entry->prog;
		d.prog = prog;
		d.jit = program_jit(d.dev, prog);
	}
	if (!ret && total) {
		const uint32_t *ls = prog->header.local_size;
		struct ember_pipeline_stats stats = { 0 };

		entry->pins++;
		ret = run_grid(job, &d, total);
		entry->pins--;
		/* Every workgroup ran all its invocations; modulo 2^64 (contract 1.15). */
		stats.count[EMBER_PIPELINE_STAT_CS_INVOCATIONS] =
			(uint64_t)(total * ((uint64_t)ls[0] * ls[1] * ls[2]));
		if (!ret)
			ret = ember_pipeline_stats_add(job, &stats);
	}
	if (ret == -ENOMEM) {
		ember_error("dispatch_no_memory va=0x%llx", (unsigned long long)d.shader_va);
		job->fault_va = d.shader_va;
		job->fault_detail = EMBER_ILLEGAL_DETAIL(SC_ILLEGAL_NO_HOST_MEMORY, 0);
		ret = EMBER_FAULT_ILLEGAL_INSTRUCTION;
	}
	/* Everything the cores wrote is visible before the next packet. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return ret;
}
