/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A guest for in-process tests
 *
 * Plays the guest driver against the device core linked into the test
 * (no QEMU, no sockets): "guest RAM" is a buffer handed to the device, the
 * helpers allocate pages in it, build page tables, write rings and
 * indirect buffers, program registers and ring doorbells, and wait for
 * fences and interrupts, always with a timeout. Used by the GPU host
 * tests, the fuzzer and the benchmarks.
 */

#ifndef EMBER_FW_TEST_GUEST_H
#define EMBER_FW_TEST_GUEST_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "device.h"
#include "ember_packets.h"
#include "ember_regs.h"

#define GUEST_RING_SIZE		0x4000
#define GUEST_PTE_RW		(EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE)

struct guest {
	struct ember_device dev;
	struct ember_event_loop loop;
	bool started;
	uint8_t *ram;
	uint64_t ram_size;
	/** @next_page: bump allocator of guest-physical pages. */
	uint64_t next_page;
	pthread_mutex_t irq_lock;
	pthread_cond_t irq_cond;
	unsigned int irq_count[EMBER_MAX_VECTORS];
	/** @ring_tail: the driver's TAIL of each ring. */
	uint32_t ring_tail[EMBER_MAX_RINGS];
	uint64_t ring_base[EMBER_MAX_RINGS];
	/** @pt_root: each context's level-4 table (0: none yet). */
	uint64_t pt_root[EMBER_MAX_CONTEXTS];
	/** @fence_gpa: one 8-byte fence slot per ring. */
	uint64_t fence_gpa;
	uint64_t fence_seq[EMBER_MAX_RINGS];
	/** @died: the device's injected death, caught. */
	bool died;
};

struct guest_config {
	uint64_t ram_size;
	unsigned int num_vectors;
	unsigned int num_cores;
	/* Start the ring threads; without, run rings with guest_run_sync(). */
	bool threads;
	/* The device's 3D pipeline (CAPS.GRAPHICS). */
	bool graphics;
};

bool guest_init(struct guest *g, const struct guest_config *config);
/*
 * The device's shader_jit for the tests: EMBER_SHADER_JIT_SYNC (every
 * program compiled at its first dispatch), unless the environment has
 * EMBER_SHADER_JIT=off (the interpreter lanes of the host tests) or
 * EMBER_SHADER_JIT=background.
 */
unsigned int guest_shader_jit(void);
void guest_fini(struct guest *g);
/* Reset the device and start over with zeroed guest RAM (cheap re-init). */
void guest_reset(struct guest *g);

uint32_t guest_reg(struct guest *g, uint32_t offset);
void guest_reg_write(struct guest *g, uint32_t offset, uint32_t value);

/* A zeroed page (or @n contiguous ones) of guest RAM: its GPA. */
uint64_t guest_alloc(struct guest *g, uint64_t n_pages);
void *guest_ptr(struct guest *g, uint64_t gpa);

/* Map [@va, @va + @size) of context @ctx to [@gpa, ...) with @flags. */
void guest_map(struct guest *g, unsigned int ctx, uint64_t va, uint64_t gpa,
	       uint64_t size, uint64_t flags);
/* The leaf entry of @va in @ctx (for tests that rewrite it). */
uint64_t *guest_pte(struct guest *g, unsigned int ctx, uint64_t va);
/* New memory mapped read-write at @va; returns its host pointer. */
void *guest_alloc_mapped(struct guest *g, unsigned int ctx, uint64_t va,
			 uint64_t size);

/* An indirect buffer being written (host pointer + VA). */
struct guest_ib {
	uint32_t *dw;
	uint64_t va;
	uint32_t len;
	uint32_t cap;
};

void guest_ib_init(struct guest *g, struct guest_ib *ib, unsigned int ctx,
		   uint64_t va, uint32_t cap_dwords);
void guest_ib_emit(struct guest_ib *ib, const uint32_t *dw, uint32_t n);
#define IB(ib, ...) guest_ib_emit(ib, (const uint32_t[]){ __VA_ARGS__ }, \
	sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4)
#define LO(x) ((uint32_t)(uint64_t)(x))
#define HI(x) ((uint32_t)((uint64_t)(x) >> 32))

/* Set up ring @r at a fresh place in guest RAM, @prio. */
void guest_ring_init(struct guest *g, unsigned int r, uint32_t prio);
void guest_ring_emit(struct guest *g, unsigned int r, const uint32_t *dw,
		     uint32_t n);
#define RING(g, r, ...) guest_ring_emit(g, r, (const uint32_t[]){ __VA_ARGS__ }, \
	sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4)
/* Publish TAIL and ring the doorbell (or run the ring, without threads). */
void guest_ring_submit(struct guest *g, unsigned int r);
/* RUN_IB + FENCE with interrupt; returns the fence value to wait for. */
uint64_t guest_submit_ib(struct guest *g, unsigned int r, unsigned int ctx,
			 const struct guest_ib *ib);
/* Wait for ring @r's fence to reach @value. */
bool guest_wait_fence(struct guest *g, unsigned int r, uint64_t value,
		      int timeout_ms);
uint64_t guest_fence(struct guest *g, unsigned int r);
/* Wait until HEAD == TAIL. */
bool guest_wait_idle(struct guest *g, unsigned int r, int timeout_ms);
/* Wait until @vector has fired @count times in all. */
bool guest_wait_irq(struct guest *g, unsigned int vector, unsigned int count,
		    int timeout_ms);
unsigned int guest_irq_count(struct guest *g, unsigned int vector);

/* Run one mailbox command; returns MGMT_STATUS. */
uint32_t guest_mgmt(struct guest *g, uint32_t cmd, uint32_t arg0,
		    uint32_t *result0);

/* The fault record with sequence number @seq (1-based) into @out. */
struct guest_fault {
	uint32_t kind, ring, context, ring_pos, ib_offset, detail, queue;
	uint64_t va;
};
bool guest_fault(struct guest *g, uint32_t seq, struct guest_fault *out);

int64_t guest_now_ms(void);

#endif /* EMBER_FW_TEST_GUEST_H */
