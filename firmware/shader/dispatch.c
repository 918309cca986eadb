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
 * Only the engine holder touches the cache: no lock.
 *
 * Workgroups are handed to the cores in contiguous runs (work items), at
 * least 8 per core when there are enough, so the per-item hand-off cost
 * stays small and the load still balances. Each core allocates its wave
 * state once per dispatch and gets its own TLB (the context's TLB belongs
 * to the command processor's thread).
 *
 * The dispatch holds the engine from start to end, so a context or device
 * reset (which takes the engine) waits for it, and the job's preemption
 * point after the packet sees the reset; the watchdog deadline of the job,
 * checked inside the waves' loops (wave.c) and before each workgroup (a
 * large grid of loop-free workgroups takes as long as it likes
 * otherwise), bounds that wait.
 */

#include "dispatch.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "device.h"
#include "ib.h"
#include "log.h"
#include "shader_core.h"

#define CACHE_ENTRIES		16
#define MAX_BINARY_BYTES	(16u << 20)
#define ITEMS_PER_CORE		8

struct cache_entry {
	bool used;
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
 * The decoded program for the binary at @va: from the cache or built into
 * it. 0 with *@prog, or a fault kind; -ENOMEM on host trouble.
 */
static int load_program(struct ember_job *job, uint64_t va,
			struct sc_program **prog)
{
	struct ember_shader_cache *cache = job->ring->dev->shader_cache;
	struct cache_entry *victim = &cache->entries[0];
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
			*prog = &e->prog;
			goto out;
		}
		if (!e->used || e->last_use < victim->last_use)
			victim = e;
		if (!e->used)
			break;
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
	*prog = &victim->prog;
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

struct run {
	struct sc_dispatch *d;
	uint32_t total;
	bool no_memory;
};

/* The watchdog fault of a dispatch that outran its job's deadline. */
static void group_watchdog(struct sc_group *g)
{
	if (!g->fault) {
		g->fault = EMBER_FAULT_WATCHDOG;
		g->fault_va = g->d->shader_va;
		g->fault_detail = 0;
	}
	__atomic_store_n(&g->d->stop, 1, __ATOMIC_RELAXED);
}

static void run_item(void *arg, unsigned int item, unsigned int core)
{
	struct run *run = arg;
	struct sc_dispatch *d = run->d;
	struct sc_group *g = &d->cores[core];
	uint64_t first = (uint64_t)item * d->groups_per_item;
	uint64_t last = first + d->groups_per_item;

	if (!g->d && !core_setup(d, g)) {
		run->no_memory = true;
		__atomic_store_n(&d->stop, 1, __ATOMIC_RELAXED);
		return;
	}
	last = last < run->total ? last : run->total;
	for (uint32_t linear = (uint32_t)first; linear < last; linear++) {
		if (g->fault || __atomic_load_n(&d->stop, __ATOMIC_RELAXED))
			return;
		/* Waves without loops never look at the clock: a grid must. */
		if (ember_device_timestamp_ns(d->dev) > d->deadline_ns) {
			group_watchdog(g);
			return;
		}
		sc_group_run(g, linear);
	}
}

static int run_grid(struct ember_job *job, struct sc_dispatch *d, uint32_t total)
{
	struct ember_device *dev = job->ring->dev;
	struct run run = { .d = d, .total = total };
	unsigned int cores = dev->workers_running ? dev->workers.num_cores + 1 : 1;
	uint32_t items, target = cores * ITEMS_PER_CORE;
	int ret = 0;

	d->num_cores = cores;
	d->cores = calloc(cores, sizeof(*d->cores));
	if (!d->cores)
		return -ENOMEM;
	/* In 64 bits: a grid of nearly 2^32 workgroups must not wrap. */
	d->groups_per_item = total > target ?
		(uint32_t)(((uint64_t)total + target - 1) / target) : 1;
	items = (uint32_t)(((uint64_t)total + d->groups_per_item - 1) / d->groups_per_item);
	if (dev->workers_running) {
		ember_workers_run(&dev->workers, items, run_item, &run);
	} else {
		for (uint32_t i = 0; i < items; i++)
			run_item(&run, i, 0);
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
	uint64_t total = (uint64_t)p[2] * p[3] * p[4];
	struct sc_program *prog;
	int ret;

	if (len < EMBER_DISPATCH_FIXED_LEN || d.push_bytes > EMBER_DISPATCH_MAX_PUSH ||
	    len != EMBER_UPKT_DISPATCH_LEN(d.push_bytes) || total > UINT32_MAX)
		return EMBER_FAULT_BAD_PACKET;
	for (uint32_t i = 0; i < (d.push_bytes + 3) / 4; i++)
		d.push[i] = htole32(p[EMBER_DISPATCH_FIXED_LEN + i]);

	ret = load_program(job, d.shader_va, &prog);
	if (!ret) {
		/* A test may switch the JIT between dispatches (ember_host.h). */
		unsigned int jit = __atomic_load_n(&d.dev->config.shader_jit, __ATOMIC_RELAXED);

		d.prog = prog;
		/* Compiled from the program's first dispatch with the JIT on. */
		if (jit != EMBER_SHADER_JIT_OFF && sc_jit_compile && !prog->jit_tried)
			sc_jit_compile(prog, jit == EMBER_SHADER_JIT_SYNC);
		/* Set by the compiler thread when the code is ready. */
		d.jit = jit != EMBER_SHADER_JIT_OFF ?
			__atomic_load_n(&prog->jit, __ATOMIC_ACQUIRE) : NULL;
	}
	if (!ret && total)
		ret = run_grid(job, &d, (uint32_t)total);
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
