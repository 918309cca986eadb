/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Device
 *
 * The Ember GPU as the guest sees it through BAR2: this file owns the
 * shared memory (a sealed memfd, BAR2), the register page inside it, the
 * device's doorbells (its own eventfds as ivshmem peer 0), the guest RAM
 * mapping and the device's lifecycle in STATUS.
 *
 * Lifecycle: ember_device_init() builds everything and writes the identity
 * registers; ember_device_start() starts listening to the doorbells and sets
 * STATUS.READY last, with a release store, so a driver that sees READY sees
 * every identity register. ember_device_stop() clears READY on a clean
 * exit; ember_device_fail() sets STATUS.FAILED on a fatal error. The shared
 * memory and the doorbells live as long as the device, across any number of
 * QEMU connections.
 *
 * Doorbell k wakes the device's eventfd k. Doorbell EMBER_DOORBELL_MGMT
 * goes to the management mailbox (mgmt.c), doorbell EMBER_DOORBELL_RING(r)
 * to ring r's command processor (ring.c); others are logged and ignored.
 * The device has min(NUM_VECTORS - 1, EMBER_MAX_RINGS) rings, since each
 * ring needs a doorbell and a vector of its own. Since contract 1.9 it
 * also has EMBER_DEVICE_NUM_QUEUES queue slots (queue.c), which need
 * neither: doorbell 0 also looks at the queue doorbell page, and queues
 * share the vectors. A BAR2 too small for the queue pages has none.
 *
 * The GPU proper is made of: the scheduler that shares the engine between
 * rings (scheduler.c), the rings (ring.c), indirect buffers (ib.c) and the
 * copy engine (copy_engine.c), contexts with their MMU and TLB (context.c,
 * mmu.c), fault records (fault.c), injection knobs (inject.c) and the
 * shader core threads (workers.c). This file builds and resets them.
 *
 * Interrupts leave through an irq sink installed by the owner (the ivshmem
 * server in ember-gpu), so the device does not depend on the transport.
 */

#ifndef EMBER_FW_DEVICE_H
#define EMBER_FW_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "context.h"
#include "ember_regs.h"
#include "event_loop.h"
#include "guest_ram.h"
#include "inject.h"
#include "mgmt.h"
#include "regs.h"
#include "ring.h"
#include "scheduler.h"
#include "workers.h"

/* Limits of this device, published in the identity registers. */
#define EMBER_DEVICE_NUM_CONTEXTS	EMBER_MAX_CONTEXTS
#define EMBER_DEVICE_MAX_RING_SIZE	(1u << 20)
#define EMBER_DEVICE_MAX_IB_SIZE	(1u << 24)
#define EMBER_DEVICE_NUM_QUEUES		EMBER_SCHED_MAX_QUEUES

/* How the device runs shader programs (ember-gpu --shader-jit). */
enum ember_shader_jit {
	/* The interpreter only. */
	EMBER_SHADER_JIT_OFF,
	/*
	 * A program's first dispatch queues it for the JIT's compiler thread
	 * and the interpreter runs it until its native code is there.
	 */
	EMBER_SHADER_JIT_BACKGROUND,
	/* The first dispatch compiles the program and waits (the tests). */
	EMBER_SHADER_JIT_SYNC,
};

struct ember_device_config {
	/** @shm_size: BAR2 size: a power of two, at least a register page. */
	uint64_t shm_size;
	/** @num_vectors: interrupt vectors, and doorbells, of the device. */
	unsigned int num_vectors;
	/** @num_cores: shader cores reported to the driver. */
	unsigned int num_cores;
	/** @guest_ram_path: QEMU's memory-backend file, or NULL for none. */
	const char *guest_ram_path;
	/** @guest_ram_size: bytes of guest RAM, when guest_ram_path is set. */
	uint64_t guest_ram_size;
	/**
	 * @guest_ram_base: guest RAM already mapped by the caller (tests, the
	 * fuzzer, benchmarks), used instead of guest_ram_path when set.
	 */
	void *guest_ram_base;
	/**
	 * @shader_jit: enum ember_shader_jit: run shaders as native code
	 * compiled by the JIT (shader/jit.c) where it is built in. Read at
	 * each dispatch, so a test may switch it between dispatches.
	 */
	unsigned int shader_jit;
	/**
	 * @graphics: the 3D pipeline: CAPS.GRAPHICS set and the draw
	 * packets executed (firmware/draw); without it they are BAD_PACKET,
	 * as on devices before contract 1.10.
	 */
	bool graphics;
};

struct ember_device;
struct ember_shader_cache;

struct ember_doorbell {
	/** @src: the device's eventfd for this doorbell. */
	struct ember_event_source src;
	struct ember_device *dev;
	unsigned int index;
};

/* Raise interrupt @vector; returns 0 or -errno (-ENOTCONN: nobody there). */
typedef int (*ember_irq_sink_fn)(void *data, unsigned int vector);

struct ember_device {
	struct ember_device_config config;

	/** @shm_fd: the memfd backing BAR2, shared with QEMU. */
	int shm_fd;
	/** @shm: the whole of BAR2 mapped; the register page is at 0. */
	uint8_t *shm;
	struct ember_regs regs;

	struct ember_guest_ram guest_ram;

	/** @doorbell_fds: the device's eventfds, in doorbell order. */
	int doorbell_fds[EMBER_MAX_VECTORS];
	struct ember_doorbell doorbells[EMBER_MAX_VECTORS];

	struct ember_mgmt mgmt;

	/** @start_ns: CLOCK_MONOTONIC at init; device time counts from it. */
	uint64_t start_ns;

	ember_irq_sink_fn irq_sink;
	void *irq_sink_data;

	/** @sched: the engine's arbiter; its lock covers the GPU state below. */
	struct ember_sched sched;
	unsigned int num_rings;
	/** @num_queues: queue slots, NUM_QUEUES (0: BAR2 too small for them). */
	unsigned int num_queues;
	/**
	 * @rings: every command stream: rings 0 .. EMBER_MAX_RINGS - 1, then
	 * queue slot q at EMBER_SCHED_QUEUE_STREAM(q) (ring.h).
	 */
	struct ember_ring rings[EMBER_SCHED_MAX_STREAMS];
	/**
	 * @queue_doorbell_seen: each slot's QUEUE_DOORBELL word when the
	 * device last looked (the mailbox thread's).
	 */
	uint32_t queue_doorbell_seen[EMBER_SCHED_MAX_QUEUES];
	struct ember_context contexts[EMBER_MAX_CONTEXTS];
	/** @fault_seq, @fault_lost: mirrors of FAULT_SEQ and FAULT_LOST. */
	uint32_t fault_seq;
	uint32_t fault_lost;
	/** @reset_count: mirror of RESET_COUNT. */
	uint32_t reset_count;
	/** @reset_generation: bumped by each device reset; aborts jobs. */
	uint32_t reset_generation;
	/** @rings_stopping: the ring threads must exit (sched.lock). */
	bool rings_stopping;
	/** @threads_started: streams run on threads (not ember_ring_run_sync()). */
	bool threads_started;
	struct ember_inject inject;
	struct ember_workers workers;
	bool workers_running;
	/** @shader_cache: decoded shader programs (shader/dispatch.c). */
	struct ember_shader_cache *shader_cache;
	/** @die: how the device dies (injection); default: _exit(). */
	void (*die)(struct ember_device *dev);
};

int ember_device_init(struct ember_device *dev,
		      const struct ember_device_config *config);
void ember_device_fini(struct ember_device *dev);

void ember_device_set_irq_sink(struct ember_device *dev,
			       ember_irq_sink_fn sink, void *data);

/* Watch the doorbells in @loop, then set STATUS.READY. */
int ember_device_start(struct ember_device *dev, struct ember_event_loop *loop);
/* Clear STATUS.READY and stop watching the doorbells. */
void ember_device_stop(struct ember_device *dev, struct ember_event_loop *loop);
/* Tell the driver the device is dead: STATUS = FAILED. */
void ember_device_fail(struct ember_device *dev);

/* Device time in ns (EMBER_REG_TIMESTAMP_FREQ = 1 GHz), monotonic. */
uint64_t ember_device_timestamp_ns(const struct ember_device *dev);

void ember_device_raise_irq(struct ember_device *dev, unsigned int vector);

/* Doorbell @doorbell rang (the eventfd path, and tests in-process). */
void ember_device_doorbell(struct ember_device *dev, unsigned int doorbell);

/* The resets and the TLB control; the index ones return false if bad. */
void ember_device_reset(struct ember_device *dev);
bool ember_device_reset_context(struct ember_device *dev, uint32_t index);
bool ember_device_tlb_invalidate(struct ember_device *dev, uint32_t index);
/*
 * Empty the TLBs of the contexts in @mask (bit c: context c), waiting only
 * for a running job of one of them (see DOC: Scheduler).
 */
void ember_device_tlb_invalidate_mask(struct ember_device *dev, uint64_t mask);

/* Injected death: log @why and call dev->die. */
void ember_device_die(struct ember_device *dev, const char *why);

#endif /* EMBER_FW_DEVICE_H */
