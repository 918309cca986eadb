/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_JOB_H__
#define __EMBER_JOB_H__

#include <linux/dma-fence.h>
#include <linux/dma-resv.h>
#include <linux/list.h>
#include <linux/types.h>

#include <drm/gpu_scheduler.h>

struct drm_device;
struct drm_ember_obj_array;
struct drm_file;
struct ember_ctx;
struct ember_vm;

/* Most jobs in one SUBMIT, and sync ops of one job (the uAPI's limits). */
#define EMBER_SUBMIT_MAX_JOBS	64
#define EMBER_JOB_MAX_SYNCS	64

/**
 * struct ember_job - One job: an indirect buffer run in a context.
 *
 * Created by SUBMIT, owned by drm_sched from drm_sched_entity_push_job()
 * on, freed by the scheduler's free_job hook once its finished fence has
 * signalled.
 */
struct ember_job {
	/** @base: The scheduler's job. */
	struct drm_sched_job base;

	/** @ctx: The context, referenced. */
	struct ember_ctx *ctx;

	/** @vm: The context's VM, referenced while the job exists. */
	struct ember_vm *vm;

	/** @queue_index: The context's queue the job runs on. */
	u32 queue_index;

	/** @ib_size: Size of the indirect buffer; 0 for a sync-only job. */
	u32 ib_size;

	/** @ib_va: GPU VA of the indirect buffer. */
	u64 ib_va;

	/**
	 * @hw_fence: Signalled when the job's FENCE packet has run (or with
	 * an error when the job is failed). Part of the job, so that neither
	 * SUBMIT nor run_job allocates it; initialised by the first run_job.
	 * From then on the job's memory belongs to the fence: ember_job_free()
	 * drops the job's reference, and the fence's release frees the job
	 * (see DOC: Rings in ember_ring.c).
	 */
	struct dma_fence hw_fence;

	/**
	 * @hw_seqno: Value the job's FENCE packet writes. Changes if a device
	 * reset makes the driver write the job to the ring again. Protected
	 * by the ring's emit_lock.
	 */
	u64 hw_seqno;

	/**
	 * @ring_pos: RING_HEAD value of the job's RUN_IB packet, to match
	 * fault records. Protected by the ring's emit_lock.
	 */
	u32 ring_pos;

	/**
	 * @ring_link: Link in &ember_ring.in_flight. Protected by the ring's
	 * fence_lock.
	 */
	struct list_head ring_link;
};

/**
 * to_ember_job() - The &struct ember_job embedding a scheduler job.
 * @sched_job: The scheduler's job.
 *
 * Return: The job.
 */
static inline struct ember_job *to_ember_job(struct drm_sched_job *sched_job)
{
	return container_of(sched_job, struct ember_job, base);
}

void ember_job_free(struct ember_job *job);
enum dma_resv_usage ember_job_resv_wait_usage(bool implicit_sync, bool shared);
enum dma_resv_usage ember_job_extobj_fence_usage(bool implicit_sync);
int ember_ioctl_submit(struct drm_device *ddev, void *data, struct drm_file *file);

#endif /* __EMBER_JOB_H__ */
