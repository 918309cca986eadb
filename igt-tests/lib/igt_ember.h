/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the Ember tests, so the tests read like prose.
 *
 * Naming follows IGT: a function with two leading underscores returns 0 or
 * -errno and lets the test assert the errno; the same name without them
 * asserts success itself and returns the useful value. Everything a test
 * creates through these helpers is an ordinary kernel object (GEM handle,
 * VM ID, context handle, syncobj) that closing the fd releases, so a
 * failed assertion never leaks past the test process.
 *
 * The pieces:
 * - device: DEV_QUERY, sysfs (unbind/bind), the register BAR;
 * - BOs: create, CPU mmap, info, close, PRIME;
 * - VMs: create/destroy, VM_BIND, and struct igt_ember_vm, a VM with a
 *   bump allocator of GPU VAs so tests never pick addresses by hand;
 * - struct igt_ember_buf: a BO mapped on the CPU and in a VM at once, the
 *   unit of every job test (write with the CPU, run a job, check with the
 *   CPU);
 * - contexts, SUBMIT, CTX_GET_STATE;
 * - struct igt_ember_ib: a builder of the contract's user packets
 *   (ember_packets.h) into a buffer (igt_ember_ib.c);
 * - syncobjs: thin wrappers over libdrm and the fence status of a syncobj
 *   (point) read through a sync_file;
 * - the host control channel to ember-gpu (igt_ember_control.c): inject
 *   faults and hangs, make the device die.
 */
#ifndef IGT_EMBER_H
#define IGT_EMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "ember_drm.h"

#define IGT_EMBER_SYSFS_DRIVER "/sys/bus/pci/drivers/ember"
#define IGT_EMBER_PAGE_SIZE 4096ull

/* Device. */
int __igt_ember_dev_query(int fd, uint32_t type, uint32_t *size, void *pointer);
void igt_ember_get_gpu_info(int fd, struct drm_ember_gpu_info *info);
void igt_ember_get_timestamp(int fd, struct drm_ember_timestamp *time);
int igt_ember_pci_sysfs_path(int fd, char *path, size_t len);
void igt_ember_unbind(const char *bdf);
void igt_ember_bind(const char *bdf);
void *igt_ember_map_registers(const char *dir, size_t *size);
void igt_ember_unmap_registers(void *regs, size_t size);

/*
 * CLOCK_MONOTONIC in nanoseconds: the clock of DRM syncobj wait deadlines,
 * and what the tests bound their own durations with.
 */
static inline uint64_t igt_ember_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline uint32_t igt_ember_reg_read(const void *regs, uint32_t offset)
{
	return __atomic_load_n((const uint32_t *)((const char *)regs + offset),
			       __ATOMIC_ACQUIRE);
}

/* Buffer objects. */
int __igt_ember_bo_create(int fd, struct drm_ember_bo_create *args);
uint32_t igt_ember_bo_create(int fd, uint64_t size, uint32_t flags);
int __igt_ember_bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset);
void *__igt_ember_bo_mmap(int fd, uint32_t handle, uint64_t size, int prot);
void *igt_ember_bo_mmap(int fd, uint32_t handle, uint64_t size);
int __igt_ember_bo_info(int fd, struct drm_ember_bo_info *info);
int __igt_ember_gem_close(int fd, uint32_t handle);
void igt_ember_gem_close(int fd, uint32_t handle);
int igt_ember_prime_export(int fd, uint32_t handle);
uint32_t igt_ember_prime_import(int fd, int dmabuf);

/* VMs. */
int __igt_ember_vm_create(int fd, uint32_t flags, uint32_t *id);
uint32_t igt_ember_vm_create(int fd);
int __igt_ember_vm_destroy(int fd, uint32_t id);
void igt_ember_vm_destroy(int fd, uint32_t id);

int __igt_ember_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
			const struct drm_ember_vm_bind_op *ops, uint32_t num_ops,
			const struct drm_ember_sync_op *syncs, uint32_t num_syncs);
int __igt_ember_vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t bo_offset,
		       uint64_t va, uint64_t size, uint32_t op_flags);
void igt_ember_vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t bo_offset,
		      uint64_t va, uint64_t size, uint32_t op_flags);
int __igt_ember_vm_unmap(int fd, uint32_t vm_id, uint64_t va, uint64_t size);
void igt_ember_vm_unmap(int fd, uint32_t vm_id, uint64_t va, uint64_t size);

static inline struct drm_ember_vm_bind_op
igt_ember_map_op(uint32_t handle, uint64_t bo_offset, uint64_t va, uint64_t size,
		 uint32_t flags)
{
	return (struct drm_ember_vm_bind_op) {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP | flags,
		.bo_handle = handle, .bo_offset = bo_offset, .va = va, .size = size,
	};
}

static inline struct drm_ember_vm_bind_op igt_ember_unmap_op(uint64_t va, uint64_t size)
{
	return (struct drm_ember_vm_bind_op) {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP, .va = va, .size = size,
	};
}

/**
 * struct igt_ember_vm - A VM and a bump allocator of its GPU VAs.
 * @fd: The DRM fd the VM belongs to.
 * @id: The VM's ID.
 * @next_va: Next free VA (page aligned); starts at the device's va_start.
 * @va_end: End of the user VA range.
 */
struct igt_ember_vm {
	int fd;
	uint32_t id;
	uint64_t next_va;
	uint64_t va_end;
};

void igt_ember_vm_init(struct igt_ember_vm *vm, int fd);
void igt_ember_vm_fini(struct igt_ember_vm *vm);
uint64_t igt_ember_vm_alloc_va(struct igt_ember_vm *vm, uint64_t size);

/**
 * struct igt_ember_buf - A BO mapped on the CPU and at a VA of a VM.
 * @fd: The DRM fd.
 * @handle: The GEM handle.
 * @size: The BO's size (page aligned).
 * @va: Where it is mapped in @vm (0 when not mapped).
 * @vm_id: The VM it is mapped in.
 * @map: The CPU mapping (NULL for a NO_MMAP BO).
 */
struct igt_ember_buf {
	int fd;
	uint32_t handle;
	uint64_t size;
	uint64_t va;
	uint32_t vm_id;
	void *map;
};

void igt_ember_buf_create(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
			  uint64_t size);
void igt_ember_buf_create_flags(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
				uint64_t size, uint32_t bo_flags, uint32_t map_flags);
void igt_ember_buf_create_exclusive(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
				    uint64_t size, uint32_t map_flags);
void igt_ember_buf_destroy(struct igt_ember_buf *buf);

static inline uint32_t *igt_ember_buf_u32(const struct igt_ember_buf *buf)
{
	return buf->map;
}

/* Contexts and submission. */
int __igt_ember_ctx_create(int fd, uint32_t vm_id, const uint32_t *priorities,
			   uint32_t num_queues, uint32_t *handle);
uint32_t igt_ember_ctx_create(int fd, uint32_t vm_id, uint32_t num_queues);
int __igt_ember_ctx_create_info(int fd, uint32_t vm_id, const uint32_t *priorities,
				uint32_t num_queues, struct drm_ember_obj_array queue_info,
				uint32_t *handle);
uint32_t igt_ember_queue_kind(int fd, uint32_t vm_id);
int __igt_ember_ctx_destroy(int fd, uint32_t handle);
void igt_ember_ctx_destroy(int fd, uint32_t handle);
int __igt_ember_ctx_get_state(int fd, struct drm_ember_ctx_get_state *state);
uint32_t igt_ember_ctx_state(int fd, uint32_t handle);
struct drm_ember_ctx_get_state igt_ember_ctx_get_state(int fd, uint32_t handle);
void igt_ember_assert_faulted(int fd, uint32_t ctx, uint32_t kind, uint64_t va,
			      uint32_t detail);

int __igt_ember_submit(int fd, uint32_t ctx, const struct drm_ember_job *jobs,
		       uint32_t num_jobs);
int __igt_ember_submit_flags(int fd, uint32_t ctx, uint32_t flags,
			     const struct drm_ember_job *jobs, uint32_t num_jobs);
bool igt_ember_has_version(int fd, int major, int minor);
int igt_ember_set_device_queues(int on);

static inline struct drm_ember_sync_op igt_ember_wait(uint32_t syncobj, uint64_t point)
{
	return (struct drm_ember_sync_op) {
		.flags = DRM_EMBER_SYNC_OP_WAIT |
			 (point ? DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ :
				  DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ),
		.handle = syncobj, .timeline_value = point,
	};
}

static inline struct drm_ember_sync_op igt_ember_signal(uint32_t syncobj, uint64_t point)
{
	return (struct drm_ember_sync_op) {
		.flags = DRM_EMBER_SYNC_OP_SIGNAL |
			 (point ? DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ :
				  DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ),
		.handle = syncobj, .timeline_value = point,
	};
}

/* Indirect buffers (igt_ember_ib.c). */

/**
 * struct igt_ember_ib - An indirect buffer being written.
 * @buf: The buffer the packets go to (mapped on the CPU and in the VM).
 * @dwords: Dwords written so far.
 */
struct igt_ember_ib {
	struct igt_ember_buf buf;
	uint32_t dwords;
};

void igt_ember_ib_create(struct igt_ember_ib *ib, struct igt_ember_vm *vm, uint64_t size);
void igt_ember_ib_create_exclusive(struct igt_ember_ib *ib, struct igt_ember_vm *vm,
				   uint64_t size);
void igt_ember_ib_destroy(struct igt_ember_ib *ib);
void igt_ember_ib_reset(struct igt_ember_ib *ib);
void igt_ember_ib_emit(struct igt_ember_ib *ib, uint32_t dword);
void igt_ember_ib_nop(struct igt_ember_ib *ib, uint32_t payload_dwords);
void igt_ember_ib_copy(struct igt_ember_ib *ib, uint64_t src, uint64_t dst, uint32_t size);
void igt_ember_ib_copy_rect(struct igt_ember_ib *ib, uint64_t src, uint64_t dst,
			    uint32_t width, uint32_t height, uint32_t src_pitch,
			    uint32_t dst_pitch);
void igt_ember_ib_fill(struct igt_ember_ib *ib, uint64_t dst, uint32_t size, uint32_t pattern);
void igt_ember_ib_write32(struct igt_ember_ib *ib, uint64_t dst, uint32_t value);
void igt_ember_ib_write64(struct igt_ember_ib *ib, uint64_t dst, uint64_t value);
void igt_ember_ib_timestamp(struct igt_ember_ib *ib, uint64_t dst);
void igt_ember_ib_wait_mem32(struct igt_ember_ib *ib, uint64_t addr, uint32_t cmp,
			     uint32_t ref, uint32_t mask);
void igt_ember_ib_dispatch(struct igt_ember_ib *ib, uint64_t shader_va, const uint32_t groups[3],
			   const uint32_t base[3], uint64_t table_va, const void *push,
			   uint32_t push_bytes);
void igt_ember_ib_dispatch_indirect(struct igt_ember_ib *ib, uint64_t shader_va,
				    uint64_t counts_va, const uint32_t base[3], uint64_t table_va,
				    const void *push, uint32_t push_bytes);
void igt_ember_ib_signal_mem32(struct igt_ember_ib *ib, uint64_t dst, uint32_t value);
void igt_ember_ib_barrier(struct igt_ember_ib *ib);

static inline uint32_t igt_ember_ib_size(const struct igt_ember_ib *ib)
{
	return ib->dwords * 4;
}

/* The job that runs @ib (all of it) on @queue with @syncs. */
static inline struct drm_ember_job
igt_ember_ib_job(const struct igt_ember_ib *ib, uint32_t queue,
		 const struct drm_ember_sync_op *syncs, uint32_t num_syncs)
{
	return (struct drm_ember_job) {
		.queue_index = queue,
		.ib_size = igt_ember_ib_size(ib),
		.ib_va = ib->buf.va,
		.syncs = { .stride = sizeof(*syncs), .count = num_syncs,
			   .array = (uintptr_t)syncs },
	};
}

int __igt_ember_submit_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			  uint32_t queue, const struct drm_ember_sync_op *syncs,
			  uint32_t num_syncs);
void igt_ember_submit_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			 uint32_t queue, const struct drm_ember_sync_op *syncs,
			 uint32_t num_syncs);
int igt_ember_run_ib_status(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			    uint32_t queue);
void igt_ember_run_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib, uint32_t queue);

/**
 * struct igt_ember_env - What most job tests start from: a VM, a context
 * on it and an IB, all of one DRM fd.
 * @fd: The DRM fd.
 * @vm: The VM (and its VA allocator).
 * @ctx: A context on @vm with medium-priority queues.
 * @ib: A 64 KiB indirect buffer mapped in @vm.
 */
struct igt_ember_env {
	int fd;
	struct igt_ember_vm vm;
	uint32_t ctx;
	struct igt_ember_ib ib;
};

void igt_ember_env_init(struct igt_ember_env *env, int fd, uint32_t num_queues);
void igt_ember_env_fini(struct igt_ember_env *env);

/* Syncobjs. */
#define IGT_EMBER_WAIT_NS (10ull * 1000 * 1000 * 1000)

uint32_t igt_ember_syncobj_create(int fd, uint32_t flags);
void igt_ember_syncobj_destroy(int fd, uint32_t handle);
int __igt_ember_syncobj_wait(int fd, uint32_t handle, uint64_t point,
			     uint64_t timeout_ns, uint32_t flags);
void igt_ember_syncobj_wait(int fd, uint32_t handle, uint64_t point);
bool igt_ember_syncobj_busy(int fd, uint32_t handle, uint64_t point);
int igt_ember_syncobj_fence_status(int fd, uint32_t handle, uint64_t point);
int igt_ember_syncobj_export_sync_file(int fd, uint32_t handle, uint64_t point);
int igt_ember_sync_file_status(int sync_file);

/**
 * struct igt_ember_waiters - Processes waiting for a syncobj, forked before
 * the job that signals it is submitted (forking is slow, and a job that
 * must stay pending only has until the device's watchdog).
 * @ready: Pipe on which each child says it is waiting.
 * @count: Number of children.
 */
struct igt_ember_waiters {
	int ready[2];
	int count;
};

void igt_ember_waiters_fork(struct igt_ember_waiters *waiters, int fd, uint32_t syncobj,
			    int count, int timeout_s);
void igt_ember_waiters_ready(struct igt_ember_waiters *waiters);

/* The host control channel to ember-gpu (igt_ember_control.c). */
bool igt_ember_control_available(void);
void igt_require_ember_control(void);
int igt_ember_control(const char *command, char *reply, size_t len);
void igt_ember_control_ok(const char *command);
void igt_ember_control_kill_device(void);
unsigned int igt_ember_device_resets(void);

#endif /* IGT_EMBER_H */
