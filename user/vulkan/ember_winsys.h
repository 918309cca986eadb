/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Kernel interface (winsys)
 *
 * Everything the Vulkan driver asks of ember.ko goes through this file and
 * nothing else includes ember_drm.h or calls an ioctl: buffer objects and
 * their CPU mappings, PRIME, VMs and VM_BIND, contexts with queues,
 * SUBMIT, context state, and DRM syncobjs (through libdrm). Functions
 * return 0 or a negative errno; the caller turns it into a VkResult
 * (ember_result_from_errno()).
 *
 * One struct ember_ws is one open render node: the physical device keeps
 * one for its queries, each VkDevice opens its own (its own GEM handle and
 * syncobj namespace, VM and contexts, as two processes would have).
 */

#ifndef EMBER_WINSYS_H
#define EMBER_WINSYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct ember_ws_info - What the device tells userspace (DEV_QUERY).
 * @has_timestamp_query: the kernel has DRM_EMBER_DEV_QUERY_TIMESTAMP
 *	(driver 1.2): ember_ws_query_timestamp() works.
 * @has_explicit_sync: the kernel has DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC
 *	(driver 1.3): ember_ws_submit() uses it for every submission, so that
 *	exporting a BO does not serialise the queues (Vulkan orders work with
 *	semaphores and fences only). With an older kernel submissions stay
 *	implicitly synchronised.
 */
struct ember_ws_info {
	uint32_t hw_version;
	uint32_t fw_version;
	uint32_t caps;
	uint32_t num_rings;
	uint32_t num_shader_cores;
	uint32_t va_bits;
	uint64_t timestamp_frequency;
	uint64_t va_start;
	uint64_t va_end;
	uint64_t max_bo_size;
	uint64_t bo_memory;	/* the device's BOs together; 0 before driver 1.6 */
	uint32_t max_ib_size;
	uint32_t max_queues;
	uint32_t max_contexts;
	uint32_t job_timeout_ms;
	bool has_timestamp_query;
	bool has_explicit_sync;
};

/**
 * struct ember_ws - One open Ember render node.
 * @fd: the DRM file.
 * @info: the device information, read once when opened.
 * @pci: PCI domain, bus, device and function of the GPU.
 * @path: the render node's path.
 */
struct ember_ws {
	int fd;
	struct ember_ws_info info;
	struct {
		uint16_t domain;
		uint8_t bus, dev, func;
	} pci;
	char path[64];
};

/* Opens @path if it is an Ember render node: -ENODEV if it is another driver's. */
int ember_ws_open(struct ember_ws *ws, const char *path);
/* A second file on the same render node (a VkDevice's own). */
int ember_ws_reopen(struct ember_ws *ws, const struct ember_ws *from);
void ember_ws_close(struct ember_ws *ws);

/*
 * Every Ember render node of the system, by libdrm's device enumeration:
 * their paths in @paths (up to @max), the number found as return value (or
 * a negative errno).
 */
int ember_ws_enumerate(char paths[][64], int max);

/**
 * struct ember_ws_timestamp - The device time and the CPU clocks read around
 * it by the kernel: the device read its clock between the "before" and the
 * "after" readings of each CPU clock.
 * @device: device timestamp, in ticks of ember_ws_info.timestamp_frequency
 *	(the unit of TIMESTAMP packets, hence of Vulkan timestamp queries).
 * @monotonic_before, @monotonic_after: CLOCK_MONOTONIC, in ns.
 * @monotonic_raw_before, @monotonic_raw_after: CLOCK_MONOTONIC_RAW, in ns.
 */
struct ember_ws_timestamp {
	uint64_t device;
	uint64_t monotonic_before, monotonic_after;
	uint64_t monotonic_raw_before, monotonic_raw_after;
};

/* One round trip to the device; -EINVAL if the kernel lacks the query. */
int ember_ws_query_timestamp(struct ember_ws *ws, struct ember_ws_timestamp *time);

/* Buffer objects. */
#define EMBER_WS_BO_NO_MMAP	(1u << 0)

struct ember_ws_bo {
	uint32_t handle;
	uint32_t flags;
	uint64_t size;
	void *map;		/* CPU mapping, or NULL */
};

/* A BO of at least @size bytes; @exclusive_vm non-zero: private to that VM. */
int ember_ws_bo_create(struct ember_ws *ws, uint64_t size, uint32_t flags,
		       uint32_t exclusive_vm, struct ember_ws_bo *bo);
/* Maps the whole BO on the CPU (bo->map), shared and cached. */
int ember_ws_bo_map(struct ember_ws *ws, struct ember_ws_bo *bo);
void ember_ws_bo_unmap(struct ember_ws_bo *bo);
/* Unmaps (CPU) and closes the handle. */
void ember_ws_bo_destroy(struct ember_ws *ws, struct ember_ws_bo *bo);
/* PRIME: the BO as a dma-buf fd, and a dma-buf (of any exporter) as a BO. */
int ember_ws_bo_export(struct ember_ws *ws, const struct ember_ws_bo *bo, int *fd);
int ember_ws_bo_import(struct ember_ws *ws, int fd, struct ember_ws_bo *bo);

/* GPU virtual memory. */
#define EMBER_WS_MAP_READONLY	(1u << 0)
#define EMBER_WS_MAP_NOEXEC	(1u << 1)

int ember_ws_vm_create(struct ember_ws *ws, uint32_t *vm_id);
void ember_ws_vm_destroy(struct ember_ws *ws, uint32_t vm_id);
/* Synchronous map of [@offset, @offset + @size) of @bo at @va. */
int ember_ws_vm_map(struct ember_ws *ws, uint32_t vm_id, const struct ember_ws_bo *bo,
		    uint64_t offset, uint64_t va, uint64_t size, uint32_t flags);
int ember_ws_vm_unmap(struct ember_ws *ws, uint32_t vm_id, uint64_t va, uint64_t size);

/* Contexts. */
enum ember_ws_priority {
	EMBER_WS_PRIORITY_LOW,
	EMBER_WS_PRIORITY_MEDIUM,
	EMBER_WS_PRIORITY_HIGH,
};

int ember_ws_ctx_create(struct ember_ws *ws, uint32_t vm_id, uint32_t queue_count,
			const enum ember_ws_priority *priorities, uint32_t *ctx);
void ember_ws_ctx_destroy(struct ember_ws *ws, uint32_t ctx);

/**
 * struct ember_ws_ctx_state - Why a context stopped, if it did.
 * @lost: the context is guilty, faulted, banned or lost its work (also
 *        to a device reset it did not cause: INNOCENT_LOST).
 * @innocent_lost: a device reset caused by another context cut one of its
 *                 started jobs short (INNOCENT_LOST): its work is lost.
 * @state: the kernel's DRM_EMBER_CTX_STATE_* bits.
 * @fault_kind: the first fault's kind (ember-hw.rst), or zero.
 * @fault_va: its GPU VA, if it has one.
 */
struct ember_ws_ctx_state {
	bool lost;
	bool innocent_lost;
	uint32_t state;
	uint32_t fault_kind;
	uint64_t fault_va;
};

int ember_ws_ctx_get_state(struct ember_ws *ws, uint32_t ctx, struct ember_ws_ctx_state *state);

/**
 * struct ember_ws_sync - A wait or signal of a syncobj in a job.
 * @handle: the syncobj.
 * @value: the timeline point, or zero for a binary syncobj.
 * @signal: signal instead of wait.
 */
struct ember_ws_sync {
	uint32_t handle;
	bool signal;
	uint64_t value;
};

/**
 * struct ember_ws_job - One job of a submission.
 * @queue: the context's queue index.
 * @ib_va: GPU VA of the indirect buffer; @ib_size zero: a sync-only job.
 * @syncs: its waits and signals.
 */
struct ember_ws_job {
	uint32_t queue;
	uint32_t ib_size;
	uint64_t ib_va;
	const struct ember_ws_sync *syncs;
	uint32_t sync_count;
};

/* The kernel's limits on one SUBMIT. */
#define EMBER_WS_MAX_JOBS	64
#define EMBER_WS_MAX_SYNCS	64

/*
 * Submits the jobs, explicitly synchronised when the kernel can
 * (@ws->info.has_explicit_sync): a dma-buf consumer that relies on implicit sync
 * then needs the jobs' fence attached to the dma-buf (the WSI's business,
 * DMA_BUF_IOCTL_IMPORT_SYNC_FILE; see ember_drm.h).
 */
int ember_ws_submit(struct ember_ws *ws, uint32_t ctx, const struct ember_ws_job *jobs,
		    uint32_t count);

/* Syncobjs (binary and timeline), through libdrm. */
int ember_ws_syncobj_create(struct ember_ws *ws, bool signaled, uint32_t *handle);
void ember_ws_syncobj_destroy(struct ember_ws *ws, uint32_t handle);
/*
 * Waits until all (or, without @wait_all, one) of the points are
 * signalled, or until the CLOCK_MONOTONIC time @abs_timeout_ns (INT64_MAX:
 * forever): -ETIME then. @points NULL or a zero point: binary. With
 * @available, waits only for the points to have a fence (submitted).
 * @first gets the index of a signalled point when waiting for any.
 */
int ember_ws_syncobj_wait(struct ember_ws *ws, const uint32_t *handles, const uint64_t *points,
			  uint32_t count, int64_t abs_timeout_ns, bool wait_all, bool available,
			  uint32_t *first);
/* Signals the points (binary: zero or NULL @points). */
int ember_ws_syncobj_signal(struct ember_ws *ws, const uint32_t *handles, const uint64_t *points,
			    uint32_t count);
int ember_ws_syncobj_reset(struct ember_ws *ws, const uint32_t *handles, uint32_t count);
/* The last signalled point of a timeline syncobj. */
int ember_ws_syncobj_query(struct ember_ws *ws, uint32_t handle, uint64_t *value);
/* Moves @src's fence (point @src_point, or binary) to @dst (point, or binary). */
int ember_ws_syncobj_transfer(struct ember_ws *ws, uint32_t dst, uint64_t dst_point,
			      uint32_t src, uint64_t src_point);
/* The syncobj itself as an fd (opaque), and back. */
int ember_ws_syncobj_export(struct ember_ws *ws, uint32_t handle, int *fd);
int ember_ws_syncobj_import(struct ember_ws *ws, int fd, uint32_t *handle);
/* Its current fence as a sync_file, and a sync_file's fence into it. */
int ember_ws_syncobj_export_sync_file(struct ember_ws *ws, uint32_t handle, int *fd);
int ember_ws_syncobj_import_sync_file(struct ember_ws *ws, uint32_t handle, int fd);

/* CLOCK_MONOTONIC in nanoseconds; and now + @timeout, saturated. */
int64_t ember_ws_now_ns(void);
int64_t ember_ws_abs_timeout(uint64_t timeout);

/*
 * Maps the whole BO on the CPU through its dma-buf, for BOs imported from
 * another driver (BO_MMAP_OFFSET refuses those): the exporter's mmap.
 * Unmapped with ember_ws_bo_unmap() like any other mapping.
 */
int ember_ws_bo_map_dmabuf(struct ember_ws *ws, struct ember_ws_bo *bo);

#endif /* EMBER_WINSYS_H */
