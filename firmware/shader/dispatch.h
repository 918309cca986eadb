/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Compute dispatch
 *
 * The DISPATCH user packet (ember_packets.h, ember-hw.rst): fetch the
 * shader binary through the context's MMU (EXEC access), decode it once
 * (cached, see dispatch.c), then run the grid's workgroups on the shader
 * cores (workers.h) in slices, with a preemption point between two, and
 * wait. The first fault of any core ends the dispatch and becomes the
 * job's fault.
 */

#ifndef EMBER_FW_SHADER_DISPATCH_H
#define EMBER_FW_SHADER_DISPATCH_H

#include <stdint.h>

#include "shader_core.h"

struct ember_device;
struct ember_job;
struct ember_shader_cache;

/* The device's program cache (used by the one engine holder at a time). */
struct ember_shader_cache *ember_shader_cache_create(void);
void ember_shader_cache_destroy(struct ember_shader_cache *cache);

/*
 * Run a DISPATCH packet's payload of @len dwords: 0, an EMBER_FAULT_*
 * kind (job->fault_va/fault_detail set) or EMBER_JOB_ABORTED (a reset
 * at one of its preemption points).
 */
int ember_shader_dispatch(struct ember_job *job, const uint32_t *payload,
			  uint32_t len);

/*
 * The decoded program of the binary at @va for a draw's stage @stage
 * (EMBER_ISA_STAGE_*), through the program cache, with the native code to
 * run it with (NULL: the interpreter): 0 with the program pinned in the
 * cache until ember_shader_program_put(); a fault kind (job->fault_va and
 * fault_detail set; a program of another stage is an illegal instruction
 * of reason STAGE); -ENOMEM on host trouble. Only the engine holder calls
 * these.
 */
int ember_shader_program_get(struct ember_job *job, uint64_t va, unsigned int stage,
			     const struct sc_program **prog, sc_jit_fn *jit);
void ember_shader_program_put(const struct sc_program *prog);

#endif /* EMBER_FW_SHADER_DISPATCH_H */
