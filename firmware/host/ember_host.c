/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The host runner (see ember_host.h): an in-process device driven like a
 * guest driver would, through the test guest of firmware/tests/guest.h.
 *
 * Layout in the one context (0) it uses, all on ring 0:
 * - user allocations from USER_VA_BASE up, each page-aligned with an
 *   unmapped guard page after it, so an overrun faults;
 * - a descriptor area: the set table (8 x u64) and, per set, room for
 *   SLOTS_PER_SET descriptors of 16 bytes;
 * - the shader area (read + exec), grown when a bigger binary comes; the
 *   device's program cache sees the same VA and bytes for a repeated
 *   shader and skips the decode;
 * - one indirect buffer, rewritten for every dispatch.
 *
 * The watchdog is raised to WATCHDOG_MS: benchmarks run long dispatches.
 */

#include "ember_host.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember_isa.h"
#include "guest.h"
#include "shader/shader_core.h"

#define RAM_SIZE		(1ull << 30)
#define SETS			EMBER_ISA_MAX_SETS
#define SLOTS_PER_SET		1024
#define USER_VA_BASE		0x100000000ull
#define TABLES_VA		0x10000000ull
#define SHADER_VA_BASE		0x20000000ull
#define IB_VA			0x30000000ull
#define IB_DWORDS		256
#define WATCHDOG_MS		600000
#define TIMEOUT_MS		(WATCHDOG_MS + 10000)
#define PAGE			EMBER_PAGE_SIZE

struct ember_host {
	struct guest g;
	uint64_t next_va;
	/** @tables: set table (64 bytes, padded to a page), then the sets. */
	uint8_t *tables;
	uint64_t shader_va;
	uint8_t *shader;
	uint64_t shader_cap;
	uint64_t next_shader_va;
	struct guest_ib ib;
	uint32_t faults_seen;
};

static uint64_t set_va(unsigned int set)
{
	return TABLES_VA + PAGE + (uint64_t)set * SLOTS_PER_SET * EMBER_ISA_DESCRIPTOR_SIZE;
}

static uint64_t pages(uint64_t bytes)
{
	return (bytes + PAGE - 1) / PAGE;
}

/* Room for @n_pages and the page tables mapping them (guest_alloc aborts). */
static bool ram_left(struct ember_host *h, uint64_t n_pages)
{
	uint64_t tables = n_pages / EMBER_PT_ENTRIES + 8;

	return n_pages + tables <= (h->g.ram_size - h->g.next_page) / PAGE;
}

struct ember_host *ember_host_create(unsigned shader_threads)
{
	struct ember_host *h = calloc(1, sizeof(*h));
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct guest_config config = {
		.ram_size = RAM_SIZE,
		.num_vectors = 2,
		.num_cores = shader_threads ? shader_threads : (cpus > 0 ? (unsigned)cpus : 1),
		.threads = true,
	};
	uint64_t table_bytes = PAGE + (uint64_t)SETS * SLOTS_PER_SET * EMBER_ISA_DESCRIPTOR_SIZE;

	if (!h)
		return NULL;
	if (!guest_init(&h->g, &config)) {
		free(h);
		return NULL;
	}
	guest_ring_init(&h->g, 0, 0);
	guest_reg_write(&h->g, EMBER_REG_WATCHDOG_MS, WATCHDOG_MS);
	h->tables = guest_alloc_mapped(&h->g, 0, TABLES_VA, table_bytes);
	for (unsigned int s = 0; s < SETS; s++) {
		uint64_t va = set_va(s);

		memcpy(h->tables + 8 * s, &va, 8);
	}
	guest_ib_init(&h->g, &h->ib, 0, IB_VA, IB_DWORDS);
	h->next_va = USER_VA_BASE;
	h->next_shader_va = SHADER_VA_BASE;
	h->faults_seen = guest_reg(&h->g, EMBER_REG_FAULT_SEQ);
	return h;
}

void ember_host_destroy(struct ember_host *host)
{
	if (!host)
		return;
	guest_fini(&host->g);
	free(host);
}

_Static_assert((int)EMBER_HOST_JIT_OFF == (int)EMBER_SHADER_JIT_OFF &&
	       (int)EMBER_HOST_JIT_BACKGROUND == (int)EMBER_SHADER_JIT_BACKGROUND &&
	       (int)EMBER_HOST_JIT_SYNC == (int)EMBER_SHADER_JIT_SYNC, "the device's modes");

void ember_host_set_shader_jit(struct ember_host *host, enum ember_host_jit mode)
{
	/* Read by each dispatch on the ring thread; set between dispatches. */
	__atomic_store_n(&host->g.dev.config.shader_jit, (unsigned int)mode, __ATOMIC_RELAXED);
}

bool ember_host_has_shader_jit(void)
{
	return sc_jit_compile != NULL;
}

uint64_t ember_host_jit_compile_ns(void)
{
	return sc_jit_compile_ns ? sc_jit_compile_ns() : 0;
}

uint64_t ember_host_alloc(struct ember_host *host, uint64_t size, void **cpu)
{
	uint64_t n = pages(size ? size : 1), va = host->next_va;

	if (!ram_left(host, n) || n > (1ull << 47) / PAGE)
		return 0;
	*cpu = guest_alloc_mapped(&host->g, 0, va, n * PAGE);
	/* One unmapped page after each allocation. */
	host->next_va += (n + 1) * PAGE;
	return va;
}

/* Put the binary in the shader area (a fresh, bigger one if needed). */
static int upload_shader(struct ember_host *h, const void *bin, size_t size)
{
	if (size > h->shader_cap) {
		uint64_t n = pages(size), gpa;

		if (!ram_left(h, n))
			return -ENOMEM;
		gpa = guest_alloc(&h->g, n);
		guest_map(&h->g, 0, h->next_shader_va, gpa, n * PAGE,
			  EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_EXEC);
		h->shader = guest_ptr(&h->g, gpa);
		h->shader_va = h->next_shader_va;
		h->shader_cap = n * PAGE;
		h->next_shader_va += (n + 1) * PAGE;
	}
	memcpy(h->shader, bin, size);
	return 0;
}

/*
 * Write each binding's descriptor where the shader header says it goes;
 * bindings the shader does not use are skipped, like descriptors a Vulkan
 * set holds for other pipelines.
 */
static int write_descriptors(struct ember_host *h, const struct ember_isa_shader *s,
			     const struct ember_host_dispatch *d)
{
	for (uint32_t b = 0; b < d->binding_count; b++) {
		const struct ember_host_binding *bind = &d->bindings[b];
		struct ember_isa_resource r;
		uint8_t desc[EMBER_ISA_DESCRIPTOR_SIZE];
		uint32_t slot, range;

		if (bind->pad || bind->set >= SETS)
			return -EINVAL;
		if (!ember_isa_shader_find_resource(s, bind->set, bind->binding, &r))
			continue;
		if (bind->array_index >= r.count)
			return -EINVAL;
		slot = r.slot + bind->array_index;
		if (slot >= SLOTS_PER_SET)
			return -EINVAL;
		/* A range past 4 GiB is clamped: the descriptor holds 32 bits. */
		range = bind->range > UINT32_MAX ? UINT32_MAX : (uint32_t)bind->range;
		memcpy(desc, &bind->va, 8);
		memcpy(desc + 8, &range, 4);
		memset(desc + 12, 0, 4);
		memcpy(h->tables + (set_va(bind->set) - TABLES_VA) +
		       (uint64_t)slot * EMBER_ISA_DESCRIPTOR_SIZE, desc, sizeof(desc));
	}
	return 0;
}

uint64_t ember_host_write_descriptor(struct ember_host *host, uint32_t set, uint32_t slot,
				     const uint32_t *dwords, unsigned int count)
{
	uint64_t bytes = 4ull * count;

	if (set >= SETS || (uint64_t)slot * EMBER_ISA_DESCRIPTOR_SIZE + bytes >
	    SLOTS_PER_SET * EMBER_ISA_DESCRIPTOR_SIZE)
		return 0;
	for (unsigned int i = 0; i < count; i++) {
		uint32_t le = htole32(dwords[i]);

		memcpy(host->tables + (set_va(set) - TABLES_VA) +
		       (uint64_t)slot * EMBER_ISA_DESCRIPTOR_SIZE + 4 * i, &le, 4);
	}
	return set_va(set) + (uint64_t)slot * EMBER_ISA_DESCRIPTOR_SIZE;
}

bool ember_host_set_base(struct ember_host *host, uint32_t set, uint64_t va)
{
	if (set >= SETS)
		return false;
	va = va ? va : set_va(set);
	memcpy(host->tables + 8 * set, &va, 8);
	return true;
}

int ember_host_dispatch(struct ember_host *host,
			const struct ember_host_dispatch *d,
			struct ember_host_fault *fault)
{
	struct ember_isa_shader s;
	uint32_t payload[EMBER_UPKT_DISPATCH_LEN(EMBER_DISPATCH_MAX_PUSH)] = { 0 };
	uint32_t len, seq;
	uint64_t fence;
	int ret;

	if (ember_isa_shader_parse(d->shader, d->shader_size, &s) ||
	    d->push_size > EMBER_DISPATCH_MAX_PUSH || (d->push_size && !d->push_constants))
		return -EINVAL;
	ret = write_descriptors(host, &s, d);
	if (!ret)
		ret = upload_shader(host, d->shader, d->shader_size);
	if (ret)
		return ret;

	len = EMBER_UPKT_DISPATCH_LEN(d->push_size);
	payload[0] = LO(host->shader_va);
	payload[1] = HI(host->shader_va);
	for (int i = 0; i < 3; i++)
		payload[2 + i] = d->groups[i];
	payload[8] = LO(TABLES_VA);
	payload[9] = HI(TABLES_VA);
	payload[10] = d->push_size;
	if (d->push_size)
		memcpy(&payload[EMBER_DISPATCH_FIXED_LEN], d->push_constants, d->push_size);

	host->ib.len = 0;
	IB(&host->ib, EMBER_PKT(EMBER_UPKT_DISPATCH, 0, len));
	guest_ib_emit(&host->ib, payload, len);
	fence = guest_submit_ib(&host->g, 0, 0, &host->ib);
	if (!guest_wait_fence(&host->g, 0, fence, TIMEOUT_MS))
		return -ETIMEDOUT;

	seq = guest_reg(&host->g, EMBER_REG_FAULT_SEQ);
	if (seq == host->faults_seen)
		return 0;
	host->faults_seen = seq;
	{
		struct guest_fault f;

		if (!guest_fault(&host->g, seq, &f))
			return -EIO;
		*fault = (struct ember_host_fault) { .kind = f.kind, .detail = f.detail, .va = f.va };
	}
	/* The context stopped; reset it so the next dispatch runs. */
	if (guest_mgmt(&host->g, EMBER_MGMT_CMD_RESET_CONTEXT, 0, NULL) != EMBER_MGMT_STATUS_OK)
		return -EIO;
	return -1;
}
