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

#endif /* EMBER_FW_SHADER_DISPATCH_H */
