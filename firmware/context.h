/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Contexts
 *
 * A hardware context is an address space plus a health state. Its page
 * table root is in the context table of the register page (written by the
 * driver); its state and fault count are mirrored there by the device.
 *
 * A context that faults goes to EMBER_CTX_STATE_FAULTED: its running job
 * stops, and every later RUN_IB for it is skipped (the ring goes on with
 * the next packet, so other contexts on the same ring are not held up)
 * until the driver resets the context or the device. A reset also bumps
 * @generation, which aborts a job of the context that is parked at a
 * preemption point (e.g. waiting on memory).
 *
 * Every function here runs with the engine held (scheduler.h).
 */

#ifndef EMBER_FW_CONTEXT_H
#define EMBER_FW_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "mmu.h"

struct ember_device;

struct ember_context {
	unsigned int index;
	struct ember_tlb tlb;
	/** @state: EMBER_CTX_STATE_*, mirrored in CTX_STATE. */
	uint32_t state;
	/** @fault_count: faults so far, mirrored in CTX_FAULT_COUNT. */
	uint32_t fault_count;
	/** @generation: bumped by every reset of the context. */
	uint32_t generation;
};

void ember_contexts_init(struct ember_device *dev);

/* The context's MMU as the driver has programmed it right now. */
struct ember_mmu ember_context_mmu(struct ember_device *dev,
				   struct ember_context *ctx);

/* Stop the context: state FAULTED, fault count up. */
void ember_context_fault(struct ember_device *dev, struct ember_context *ctx);
/* Back to OK with an empty TLB; its running job is aborted. */
void ember_context_reset(struct ember_device *dev, struct ember_context *ctx);
/* @index: a context, or EMBER_CTX_ALL; false if out of range. */
bool ember_contexts_tlb_invalidate(struct ember_device *dev, uint32_t index);
/* Empty the TLB of every context whose bit is set in @mask. */
void ember_contexts_tlb_invalidate_mask(struct ember_device *dev, uint64_t mask);

#endif /* EMBER_FW_CONTEXT_H */
