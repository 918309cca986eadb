/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Indirect buffers
 *
 * Runs one indirect buffer (a RUN_IB kernel packet): fetches user packets
 * through the context's MMU (READ access) and executes them in order on
 * the copy engine (copy_engine.h), the shader cores (DISPATCH,
 * shader/dispatch.h) or here (writes, timestamps, waits, barriers). Every packet is complete, and its writes visible, before the
 * next one starts, which is stronger than the contract promises for
 * anything but BARRIER and SIGNAL_MEM.
 *
 * A bad packet, a translation or permission fault, the watchdog or an
 * injected fault ends the buffer: the context goes to FAULTED and a fault
 * record says what, where (ring position, offset in the buffer, VA) and
 * why. Between packets, and between chunks of long ones, the job passes a
 * preemption point (ember_job_checkpoint()) where other rings may run, the
 * watchdog is checked and a reset aborts it.
 */

#ifndef EMBER_FW_IB_H
#define EMBER_FW_IB_H

#include <stdbool.h>
#include <stdint.h>

#include "mmu.h"

struct ember_context;
struct ember_ring;

/* Not a fault: the job was aborted by a context or device reset. */
#define EMBER_JOB_ABORTED	(-1)

struct ember_job {
	struct ember_ring *ring;
	struct ember_context *ctx;
	struct ember_mmu mmu;
	uint64_t deadline_ns;
	uint32_t ctx_generation;
	uint32_t device_generation;
	/** @ring_generation: the ring's; QUEUE_UNMAP aborts the job. */
	uint32_t ring_generation;
	/** @budget: bytes or rows since the last preemption point. */
	uint64_t budget;
	/** @fault_va, @fault_detail: set by whoever returns a fault kind. */
	uint64_t fault_va;
	uint32_t fault_detail;
	/**
	 * @gfx_bound, @gfx_state, @gfx_push_bytes, @gfx_push: the root block
	 * and push constants of the buffer's last BIND_GFX_STATE (none at its
	 * start), for the draws that follow it.
	 */
	bool gfx_bound;
	uint64_t gfx_state;
	uint32_t gfx_push_bytes;
	uint32_t gfx_push[64];
	/**
	 * @occlusion_counter: the VA of the u64 the buffer's last
	 * OCCLUSION_COUNTER named, which every draw adds its passed samples
	 * to; 0 (none, as at the buffer's start): draws count nothing.
	 */
	uint64_t occlusion_counter;
	/**
	 * @pipeline_stats: the VA of the eleven u64 the buffer's last
	 * PIPELINE_STATS_COUNTERS named, which every draw and dispatch adds
	 * its statistics to; 0 (none, as at the buffer's start): nothing.
	 */
	uint64_t pipeline_stats;
};

/* Run the IB at @va (@size bytes) in context @ctx_index (< NUM_CONTEXTS). */
void ember_ib_run(struct ember_ring *ring, uint32_t ring_pos,
		  uint32_t ctx_index, uint64_t va, uint32_t size);

/*
 * A preemption point: 0, EMBER_FAULT_WATCHDOG or EMBER_JOB_ABORTED. With
 * @sleep_us, give the engine up for that long first (waits on memory).
 */
int ember_job_checkpoint(struct ember_job *job, unsigned int sleep_us);

#endif /* EMBER_FW_IB_H */
