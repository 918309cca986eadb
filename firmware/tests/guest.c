/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The in-process guest of the GPU tests, fuzzer and benchmarks (see
 * guest.h).
 */

#include "guest.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "guest_pt.h"
#include "log.h"

/* The low pages of guest RAM stay unused: GPA 0 means "none" in places. */
#define FIRST_PAGE		16

int64_t guest_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int irq_sink(void *data, unsigned int vector)
{
	struct guest *g = data;

	pthread_mutex_lock(&g->irq_lock);
	g->irq_count[vector]++;
	pthread_cond_broadcast(&g->irq_cond);
	pthread_mutex_unlock(&g->irq_lock);
	return 0;
}

static void catch_death(struct ember_device *dev)
{
	struct guest *g = (struct guest *)((char *)dev - offsetof(struct guest, dev));

	g->died = true;
}

unsigned int guest_shader_jit(void)
{
	const char *jit = getenv("EMBER_SHADER_JIT");

	if (jit && !strcmp(jit, "off"))
		return EMBER_SHADER_JIT_OFF;
	if (jit && !strcmp(jit, "background"))
		return EMBER_SHADER_JIT_BACKGROUND;
	return EMBER_SHADER_JIT_SYNC;
}

bool guest_init(struct guest *g, const struct guest_config *config)
{
	struct ember_device_config dc = {
		.shm_size = 1 << 20,
		.num_vectors = config->num_vectors,
		.num_cores = config->num_cores,
		.guest_ram_size = config->ram_size,
		.shader_jit = guest_shader_jit(),
		.graphics = config->graphics,
	};

	memset(g, 0, sizeof(*g));
	g->ram_size = config->ram_size;
	/* Shared, so a forked "guest" process (benchmarks) writes it too. */
	g->ram = mmap(NULL, config->ram_size, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (g->ram == MAP_FAILED)
		return false;
	dc.guest_ram_base = g->ram;
	g->next_page = FIRST_PAGE * EMBER_PAGE_SIZE;
	pthread_mutex_init(&g->irq_lock, NULL);
	pthread_cond_init(&g->irq_cond, NULL);

	if (ember_device_init(&g->dev, &dc)) {
		munmap(g->ram, g->ram_size);
		return false;
	}
	g->dev.die = catch_death;
	ember_device_set_irq_sink(&g->dev, irq_sink, g);
	g->fence_gpa = guest_alloc(g, 1);
	if (config->threads) {
		if (ember_event_loop_init(&g->loop) ||
		    ember_device_start(&g->dev, &g->loop)) {
			guest_fini(g);
			return false;
		}
		g->started = true;
	}
	return true;
}

void guest_fini(struct guest *g)
{
	if (g->started) {
		ember_device_stop(&g->dev, &g->loop);
		ember_event_loop_fini(&g->loop);
	}
	ember_device_fini(&g->dev);
	munmap(g->ram, g->ram_size);
	pthread_cond_destroy(&g->irq_cond);
	pthread_mutex_destroy(&g->irq_lock);
}

void guest_reset(struct guest *g)
{
	ember_device_reset(&g->dev);
	memset(g->ram, 0, g->ram_size);
	g->next_page = FIRST_PAGE * EMBER_PAGE_SIZE;
	for (unsigned int c = 0; c < EMBER_MAX_CONTEXTS; c++) {
		g->pt_root[c] = 0;
		guest_reg_write(g, EMBER_REG_CTX(c, EMBER_CTX_PT_ROOT_LO), 0);
		guest_reg_write(g, EMBER_REG_CTX(c, EMBER_CTX_PT_ROOT_HI), 0);
	}
	memset(g->fence_seq, 0, sizeof(g->fence_seq));
	g->fence_gpa = guest_alloc(g, 1);
}

uint32_t guest_reg(struct guest *g, uint32_t offset)
{
	return ember_reg_read_acquire(&g->dev.regs, offset);
}

void guest_reg_write(struct guest *g, uint32_t offset, uint32_t value)
{
	ember_reg_write_release(&g->dev.regs, offset, value);
}

uint64_t guest_alloc(struct guest *g, uint64_t n_pages)
{
	uint64_t gpa = g->next_page;

	if (n_pages > (g->ram_size - gpa) / EMBER_PAGE_SIZE)
		abort();
	g->next_page += n_pages * EMBER_PAGE_SIZE;
	memset(g->ram + gpa, 0, n_pages * EMBER_PAGE_SIZE);
	return gpa;
}

void *guest_ptr(struct guest *g, uint64_t gpa)
{
	return g->ram + gpa;
}

static uint64_t alloc_table(void *arg)
{
	return guest_alloc(arg, 1);
}

/* Context @ctx's level-4 table, allocated and programmed on first use. */
static uint64_t pt_root(struct guest *g, unsigned int ctx)
{
	if (!g->pt_root[ctx]) {
		g->pt_root[ctx] = guest_alloc(g, 1);
		guest_reg_write(g, EMBER_REG_CTX(ctx, EMBER_CTX_PT_ROOT_LO),
				LO(g->pt_root[ctx]));
		guest_reg_write(g, EMBER_REG_CTX(ctx, EMBER_CTX_PT_ROOT_HI),
				HI(g->pt_root[ctx]));
	}
	return g->pt_root[ctx];
}

/* The leaf entry of @va, creating the tables on the way. */
static uint64_t *leaf(struct guest *g, unsigned int ctx, uint64_t va)
{
	return guest_pt_leaf(g->ram, pt_root(g, ctx), va, alloc_table, g);
}

uint64_t *guest_pte(struct guest *g, unsigned int ctx, uint64_t va)
{
	return leaf(g, ctx, va);
}

void guest_map(struct guest *g, unsigned int ctx, uint64_t va, uint64_t gpa,
	       uint64_t size, uint64_t flags)
{
	guest_pt_map(g->ram, pt_root(g, ctx), va, gpa, size, flags,
		     alloc_table, g);
}

void *guest_alloc_mapped(struct guest *g, unsigned int ctx, uint64_t va,
			 uint64_t size)
{
	uint64_t pages = (size + EMBER_PAGE_SIZE - 1) / EMBER_PAGE_SIZE;
	uint64_t gpa = guest_alloc(g, pages);

	guest_map(g, ctx, va, gpa, pages * EMBER_PAGE_SIZE, GUEST_PTE_RW);
	return guest_ptr(g, gpa);
}

void guest_ib_init(struct guest *g, struct guest_ib *ib, unsigned int ctx,
		   uint64_t va, uint32_t cap_dwords)
{
	uint64_t gpa = guest_alloc(g, (cap_dwords * 4 + EMBER_PAGE_SIZE - 1) /
				   EMBER_PAGE_SIZE);

	guest_map(g, ctx, va, gpa, (uint64_t)cap_dwords * 4,
		  EMBER_PTE_VALID | EMBER_PTE_READ);
	*ib = (struct guest_ib) {
		.dw = guest_ptr(g, gpa), .va = va, .cap = cap_dwords,
	};
}

void guest_ib_emit(struct guest_ib *ib, const uint32_t *dw, uint32_t n)
{
	if (ib->len + n > ib->cap)
		abort();
	for (uint32_t i = 0; i < n; i++)
		ib->dw[ib->len++] = htole32(dw[i]);
}

void guest_ring_init(struct guest *g, unsigned int r, uint32_t prio)
{
	g->ring_base[r] = guest_alloc(g, GUEST_RING_SIZE / EMBER_PAGE_SIZE);
	g->ring_tail[r] = guest_reg(g, EMBER_REG_RING(r, EMBER_RING_HEAD));
	guest_reg_write(g, EMBER_REG_RING(r, EMBER_RING_BASE_LO), LO(g->ring_base[r]));
	guest_reg_write(g, EMBER_REG_RING(r, EMBER_RING_BASE_HI), HI(g->ring_base[r]));
	guest_reg_write(g, EMBER_REG_RING(r, EMBER_RING_PRIORITY), prio);
	guest_reg_write(g, EMBER_REG_RING(r, EMBER_RING_SIZE), GUEST_RING_SIZE);
}

void guest_ring_emit(struct guest *g, unsigned int r, const uint32_t *dw,
		     uint32_t n)
{
	uint32_t *ring = guest_ptr(g, g->ring_base[r]);

	for (uint32_t i = 0; i < n; i++) {
		ring[(g->ring_tail[r] % GUEST_RING_SIZE) / 4] = htole32(dw[i]);
		g->ring_tail[r] += 4;
	}
}

void guest_ring_submit(struct guest *g, unsigned int r)
{
	guest_reg_write(g, EMBER_REG_RING(r, EMBER_RING_TAIL), g->ring_tail[r]);
	if (g->started)
		ember_device_doorbell(&g->dev, EMBER_DOORBELL_RING(r));
	else
		ember_ring_run_sync(&g->dev, r);
}

static uint64_t *fence_ptr(struct guest *g, unsigned int r)
{
	return (uint64_t *)guest_ptr(g, g->fence_gpa) + r;
}

uint64_t guest_fence(struct guest *g, unsigned int r)
{
	return le64toh(__atomic_load_n(fence_ptr(g, r), __ATOMIC_ACQUIRE));
}

uint64_t guest_submit_ib(struct guest *g, unsigned int r, unsigned int ctx,
			 const struct guest_ib *ib)
{
	uint64_t value = ++g->fence_seq[r];
	uint64_t fence = g->fence_gpa + 8 * r;

	RING(g, r, EMBER_PKT(EMBER_KPKT_RUN_IB, 0, 4), ctx, LO(ib->va),
	     HI(ib->va), ib->len * 4);
	RING(g, r, EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4), LO(fence),
	     HI(fence), LO(value), HI(value));
	guest_ring_submit(g, r);
	return value;
}

/*
 * Wait for @done. Interrupts wake us at once; other conditions (HEAD, a
 * fence without interrupt) are re-checked every millisecond. Sleeping,
 * not spinning, leaves the CPU to the device's threads.
 */
static bool poll_until(bool (*done)(struct guest *g, unsigned int a, uint64_t b),
		       struct guest *g, unsigned int a, uint64_t b,
		       int timeout_ms)
{
	int64_t deadline = guest_now_ms() + timeout_ms;

	while (!done(g, a, b)) {
		struct timespec ts;

		if (guest_now_ms() > deadline)
			return false;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 1000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_mutex_lock(&g->irq_lock);
		pthread_cond_timedwait(&g->irq_cond, &g->irq_lock, &ts);
		pthread_mutex_unlock(&g->irq_lock);
	}
	return true;
}

static bool fence_reached(struct guest *g, unsigned int r, uint64_t value)
{
	return guest_fence(g, r) >= value;
}

bool guest_wait_fence(struct guest *g, unsigned int r, uint64_t value,
		      int timeout_ms)
{
	return poll_until(fence_reached, g, r, value, timeout_ms);
}

static bool ring_idle(struct guest *g, unsigned int r, uint64_t unused)
{
	return guest_reg(g, EMBER_REG_RING(r, EMBER_RING_HEAD)) == g->ring_tail[r] &&
	       !(guest_reg(g, EMBER_REG_RING(r, EMBER_RING_STATUS)) &
		 EMBER_RING_STATUS_BUSY);
}

bool guest_wait_idle(struct guest *g, unsigned int r, int timeout_ms)
{
	return poll_until(ring_idle, g, r, 0, timeout_ms);
}

unsigned int guest_irq_count(struct guest *g, unsigned int vector)
{
	unsigned int n;

	pthread_mutex_lock(&g->irq_lock);
	n = g->irq_count[vector];
	pthread_mutex_unlock(&g->irq_lock);
	return n;
}

static bool irq_reached(struct guest *g, unsigned int vector, uint64_t count)
{
	return guest_irq_count(g, vector) >= count;
}

bool guest_wait_irq(struct guest *g, unsigned int vector, unsigned int count,
		    int timeout_ms)
{
	return poll_until(irq_reached, g, vector, count, timeout_ms);
}

uint32_t guest_mgmt(struct guest *g, uint32_t cmd, uint32_t arg0,
		    uint32_t *result0)
{
	uint32_t seq = guest_reg(g, EMBER_REG_MGMT_ACK) + 1;

	guest_reg_write(g, EMBER_REG_MGMT_CMD, cmd);
	guest_reg_write(g, EMBER_REG_MGMT_ARG(0), arg0);
	guest_reg_write(g, EMBER_REG_MGMT_SEQ, seq);
	/* The mailbox runs on the caller's thread, as on the event loop. */
	ember_device_doorbell(&g->dev, EMBER_DOORBELL_MGMT);
	if (result0)
		*result0 = guest_reg(g, EMBER_REG_MGMT_RESULT(0));
	return guest_reg(g, EMBER_REG_MGMT_ACK) == seq ?
	       guest_reg(g, EMBER_REG_MGMT_STATUS) : 0xffffffff;
}

bool guest_fault(struct guest *g, uint32_t seq, struct guest_fault *out)
{
	unsigned int slot = (seq - 1) % EMBER_MAX_FAULT_SLOTS;

	if (seq == 0 || guest_reg(g, EMBER_REG_FAULT_SEQ) < seq ||
	    guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_SEQ)) != seq)
		return false;
	*out = (struct guest_fault) {
		.kind = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_KIND)),
		.ring = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_RING)),
		.context = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_CONTEXT)),
		.ring_pos = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_RING_POS)),
		.ib_offset = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_IB_OFFSET)),
		.detail = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_DETAIL)),
		.queue = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_QUEUE)),
		.va = guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_VA_LO)) |
		      (uint64_t)guest_reg(g, EMBER_REG_FAULT(slot, EMBER_FAULT_REC_VA_HI)) << 32,
	};
	return true;
}
