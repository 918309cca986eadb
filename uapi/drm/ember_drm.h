/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */
#ifndef _EMBER_DRM_H_
#define _EMBER_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: Introduction
 *
 * This is the uAPI of the Ember GPU driver (ember.ko). Documentation of the
 * device itself is in Documentation/gpu/ember-hw.rst.
 *
 * The uAPI follows these rules, so that it can grow without breaking
 * existing userspace:
 *
 * - Structures are 64-bit aligned and their sizes are multiples of 64 bits.
 *   Where alignment needs filler, an explicit pad field is used; the kernel
 *   checks that every pad field is zero and fails the ioctl with -EINVAL
 *   otherwise, so pad fields can later be given a meaning.
 * - Fields are only ever added at the end of a structure, and a zero value
 *   in a new field must keep the old behaviour. Flags are only added;
 *   unknown flags are rejected with -EINVAL.
 * - No unions, no pointers: user pointers are passed as __u64.
 * - Structures the kernel fills for userspace (queries) are versioned by
 *   their size: userspace passes the size it knows, the kernel writes
 *   min(its size, userspace's size) bytes and zeroes the rest of a larger
 *   userspace structure. Passing a NULL pointer returns the kernel's size.
 * - Arrays are passed as an object array (stride, count, pointer), so the
 *   element structure can grow too: the kernel copies min(stride, its size)
 *   bytes of each element and requires the rest of a larger one to be zero.
 * - Ioctl numbers are only ever appended.
 *
 * Driver version changelog (reported by DRM_IOCTL_VERSION):
 *
 * - 1.0: DRM_IOCTL_EMBER_DEV_QUERY with DRM_EMBER_DEV_QUERY_GPU_INFO.
 * - 1.1: buffer objects (BO_CREATE, BO_MMAP_OFFSET, BO_INFO), GPU virtual
 *   memory (VM_CREATE, VM_DESTROY, VM_BIND), contexts with queues
 *   (CTX_CREATE, CTX_DESTROY, CTX_GET_STATE), job submission (SUBMIT) with
 *   binary and timeline syncobjs; struct drm_ember_gpu_info grows the VA
 *   range and limits fields.
 * - 1.2: DRM_EMBER_DEV_QUERY_TIMESTAMP (the device time bracketed by the
 *   CPU's CLOCK_MONOTONIC and CLOCK_MONOTONIC_RAW). DRM_EMBER_DEV_QUERY_GPU_INFO
 *   no longer talks to the device: it returns what the driver read at
 *   probe and cannot fail with -EIO; &drm_ember_gpu_info.timestamp is the
 *   device time at probe.
 * - 1.3: &drm_ember_submit.flags (was pad) with
 *   DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC, explicit-only synchronisation of
 *   shared BOs (see DOC: Implicit and explicit synchronisation).
 * - 1.4: DRM_EMBER_CTX_STATE_INNOCENT_LOST: a device reset no longer runs
 *   a job a second time that it cut short; the job's fence signals with
 *   -ECANCELED and its (innocent) context is banned in this state (see
 *   DOC: Memory, VMs, contexts and jobs).
 * - 1.5: a synchronous DRM_IOCTL_EMBER_VM_BIND waits only for the earlier
 *   asynchronous binds of its VM that overlap it (before, for all of them)
 *   and is interruptible (-EINTR, or restarted); asynchronous binds still
 *   queued when their VM's last user goes are cancelled (-ECANCELED) instead
 *   of being waited for (see struct drm_ember_vm_bind).
 * - 1.6: the BOs of a device together may be at most
 *   &drm_ember_gpu_info.bo_memory bytes (a share of the guest's RAM, the
 *   bo_memory_percent module parameter): BO_CREATE fails with -ENOMEM
 *   beyond, even for a size below &drm_ember_gpu_info.max_bo_size (the
 *   largest size that is valid, whatever memory there is). Before,
 *   BOs whose pages the device or the CPU used could take all of the
 *   guest's memory, which the OOM killer cannot free (a GPU mapping pins
 *   the pages, and they count for no process): the kernel panicked.
 * - 1.7: one file may have at most &drm_ember_gpu_info.max_contexts_per_file
 *   contexts (CTX_CREATE fails with -EDQUOT beyond), so that one client
 *   cannot take every hardware context; the job timeout defaults to 10 s
 *   (&drm_ember_gpu_info.job_timeout_ms). An unmap's pages and page tables
 *   are only given back once the device acknowledged the TLB invalidation
 *   (or was reset): a VM_BIND that unmaps may take up to half the job
 *   timeout and a second when a job of the VM is running.
 * - 1.8: on a device with queues in memory (contract 1.9, CAPS.QUEUES)
 *   every queue of every context is a device queue of its own: a job
 *   waiting on memory (WAIT_MEM, a Vulkan event) or running long in one
 *   queue no longer holds up jobs of other queues, of its own context or
 *   any other (before, contexts shared three rings, and a context with
 *   more queues than rings shared them between its own queues too).
 *   &drm_ember_ctx_create.queue_info reports what each queue got
 *   (struct drm_ember_queue_info). A hang is recovered on the hung
 *   queue alone.
 *
 * Errors common to every ioctl: -EINVAL for a non-zero pad field, an
 * unknown flag or an out-of-range value; -ENOENT for a handle or ID that
 * does not exist in the calling file; -EFAULT for an unreadable or
 * unwritable user pointer; -ENOMEM when the kernel runs out of memory;
 * -ENODEV once the device is gone (unbound or ember-gpu died).
 */

/**
 * DOC: Memory, VMs, contexts and jobs
 *
 * A buffer object (BO) is shmem-backed memory, created with
 * DRM_IOCTL_EMBER_BO_CREATE and addressed by a GEM handle. It can be mapped
 * on the CPU (DRM_IOCTL_EMBER_BO_MMAP_OFFSET, then mmap() on the DRM fd)
 * and shared as a dma-buf with the core PRIME ioctls, unless it was created
 * private to one VM.
 *
 * Memory coherency: a BO's CPU mapping is write-back cached, and the
 * device reads and writes the same guest pages through a cache-coherent
 * path (it is a process on the host sharing the guest's RAM), so CPU
 * writes are visible to jobs submitted afterwards and the device's writes
 * are visible to the CPU once the job's fence has signalled, with no cache
 * flush or invalidation by userspace. Vulkan drivers may report such
 * memory DEVICE_LOCAL, HOST_VISIBLE, HOST_COHERENT and HOST_CACHED.
 *
 * A VM is a GPU virtual address space of the calling file, created with
 * DRM_IOCTL_EMBER_VM_CREATE. Userspace manages the VA space itself: it maps
 * ranges of BOs at addresses of its choice inside
 * [&drm_ember_gpu_info.va_start, &drm_ember_gpu_info.va_end) with
 * DRM_IOCTL_EMBER_VM_BIND. A mapping keeps its BO alive; an unmapped range
 * is no longer reachable by the GPU when VM_BIND returns (synchronous) or
 * when its signal syncobjs signal (asynchronous; see struct
 * drm_ember_vm_bind for how the two are ordered).
 *
 * A context (DRM_IOCTL_EMBER_CTX_CREATE) runs jobs in one VM. It has one or
 * more queues, each with a priority; jobs on one queue execute in order,
 * jobs on different queues are ordered only by their sync operations.
 * Since 1.8, on a device with queues in memory, no queue waits for
 * another: a job waiting on memory or running long on one queue holds up
 * only the jobs behind it on that queue (&drm_ember_ctx_create.queue_info
 * tells what each queue got). A
 * job is an indirect buffer of user packets (ember-hw.rst) at a GPU VA of
 * the context's VM. Jobs wait for and signal DRM syncobjs (binary, or
 * timeline points); Vulkan fences and semaphores are built on them, and
 * sync_file import/export is the core's DRM_IOCTL_SYNCOBJ_* ioctls.
 *
 * A job that faults (bad address, bad packet, illegal instruction) or that
 * does not complete within the job timeout makes its context guilty: its
 * fences signal with an error (-EIO for a fault, -ETIMEDOUT for a hang),
 * the context is banned (later SUBMITs fail with -ECANCELED) and
 * DRM_IOCTL_EMBER_CTX_GET_STATE reports why. A job the device's watchdog
 * stops is a hang: GUILTY, -ETIMEDOUT, fault kind EMBER_FAULT_WATCHDOG.
 * Jobs of the context already queued behind the bad one signal with the
 * same error. Other contexts are innocent. A hang may need a device reset,
 * which stops every job on the device; an innocent context's jobs are then
 * never run twice (since driver 1.4):
 *
 * - jobs the device had not begun are written to the rings again and run
 *   once, as if nothing happened: the context loses no work;
 * - a job whose indirect buffer ran to its end completes normally;
 * - a job the reset cut short after it began (some of its writes, atomics
 *   or SIGNAL_MEMs may have happened, the rest not) is not run again, which
 *   would repeat them: its fence signals with -ECANCELED, and its context
 *   becomes INNOCENT_LOST and BANNED: later SUBMITs fail with -ECANCELED
 *   and its other unfinished jobs signal with -ECANCELED, since they may
 *   depend on the lost one. This is Vulkan's VK_ERROR_DEVICE_LOST: the
 *   context did nothing wrong, but userspace must create a new one and
 *   redo its work. On a device older than contract 1.5 the driver cannot
 *   tell which jobs had begun: every unfinished job of an innocent context
 *   counts as cut short.
 *
 * When the device is gone every pending fence signals with -ENODEV, except
 * that the job running at that moment may first reach its timeout
 * (-ETIMEDOUT).
 */

/**
 * DOC: Implicit and explicit synchronisation
 *
 * Every job's finished fence goes into the reservation object (dma_resv)
 * of every BO mapped in its context's VM, so that the kernel never frees
 * or moves memory a job may still use. How it goes in, and which fences a
 * job waits for, depends on DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC:
 *
 * - Implicit sync (the default, and all there was before driver 1.3): a
 *   job waits for every fence (readers and writers) of each BO shared
 *   through dma-buf (exported or imported) that its VM maps, and adds its
 *   fence to every BO that is not private to its VM as a writer
 *   (DMA_RESV_USAGE_WRITE). Other devices, other processes and
 *   DMA_BUF_IOCTL_EXPORT_SYNC_FILE or poll() on the dma-buf then see it.
 *   Since a job may touch any BO of its VM, as soon as one BO of a VM is
 *   shared every job of every queue of the VM waits for the previous
 *   ones: the queues are serialised.
 * - Explicit sync (DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC): the jobs wait only
 *   for the kernel's own fences of the BOs (DMA_RESV_USAGE_KERNEL: moves,
 *   binds; always waited) and add their fence to every BO as
 *   DMA_RESV_USAGE_BOOKKEEP, which eviction and teardown wait for but no
 *   implicit-sync user sees. Queues stay independent; userspace orders
 *   jobs with syncobjs, as Vulkan does.
 *
 * The two kinds do not see each other on a shared BO: an implicit job
 * does not wait for an explicit one. A Vulkan driver keeps implicit-sync
 * consumers (a compositor, another API, another device) correct the way
 * Mesa's WSI does, with the core dma-buf ioctls (linux/dma-buf.h), which
 * work on any dma-buf, including one ember exported:
 *
 * - Before a consumer may read a BO an explicit job wrote (a present, a
 *   queue-family release to an external owner): export the job's fence as
 *   a sync_file from its signal syncobj (DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD
 *   with DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE) and attach it to
 *   the dma-buf with DMA_BUF_IOCTL_IMPORT_SYNC_FILE and DMA_BUF_SYNC_WRITE
 *   (DMA_BUF_SYNC_READ if the job only read it). The consumer's implicit
 *   sync, and DMA_BUF_IOCTL_EXPORT_SYNC_FILE, then wait for the job.
 * - Before an explicit job uses a BO an implicit-sync producer wrote (an
 *   acquire): DMA_BUF_IOCTL_EXPORT_SYNC_FILE with DMA_BUF_SYNC_WRITE on
 *   the dma-buf to get what a writer must wait for (DMA_BUF_SYNC_READ for
 *   a reader), import that sync_file into a syncobj
 *   (DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE) and make the job
 *   wait for it.
 *
 * Userspace detects the flag by the driver version, 1.3 or later
 * (DRM_IOCTL_VERSION); an older kernel rejects it with -EINVAL.
 */

/**
 * enum drm_ember_ioctl_id - Ioctl IDs, relative to DRM_COMMAND_BASE.
 *
 * Only ever append new IDs.
 */
enum drm_ember_ioctl_id {
	/** @DRM_EMBER_DEV_QUERY: Query device information. */
	DRM_EMBER_DEV_QUERY = 0,

	/** @DRM_EMBER_BO_CREATE: Create a buffer object. */
	DRM_EMBER_BO_CREATE,

	/** @DRM_EMBER_BO_MMAP_OFFSET: Get the fake offset to mmap() a BO. */
	DRM_EMBER_BO_MMAP_OFFSET,

	/** @DRM_EMBER_BO_INFO: Get the size and flags of a BO. */
	DRM_EMBER_BO_INFO,

	/** @DRM_EMBER_VM_CREATE: Create a GPU virtual address space. */
	DRM_EMBER_VM_CREATE,

	/** @DRM_EMBER_VM_DESTROY: Destroy a VM. */
	DRM_EMBER_VM_DESTROY,

	/** @DRM_EMBER_VM_BIND: Map and unmap BO ranges in a VM. */
	DRM_EMBER_VM_BIND,

	/** @DRM_EMBER_CTX_CREATE: Create a context and its queues. */
	DRM_EMBER_CTX_CREATE,

	/** @DRM_EMBER_CTX_DESTROY: Destroy a context. */
	DRM_EMBER_CTX_DESTROY,

	/** @DRM_EMBER_SUBMIT: Submit jobs to the queues of a context. */
	DRM_EMBER_SUBMIT,

	/** @DRM_EMBER_CTX_GET_STATE: Get a context's state and fault. */
	DRM_EMBER_CTX_GET_STATE,
};

/**
 * struct drm_ember_obj_array - An array of objects passed to the kernel.
 *
 * The element structure may grow: the kernel copies min(@stride, its size)
 * bytes of each element and requires the bytes beyond its size in a larger
 * element to be zero (-E2BIG otherwise); a @stride smaller than the first
 * version of the element is -EINVAL.
 */
struct drm_ember_obj_array {
	/** @stride: Size of one element, in bytes. */
	__u32 stride;

	/** @count: Number of elements; each ioctl documents its limit. */
	__u32 count;

	/** @array: User pointer to the first element. */
	__u64 array;
};

/**
 * DRM_EMBER_OBJ_ARRAY() - Fill a struct drm_ember_obj_array.
 * @cnt: Number of elements.
 * @ptr: Pointer to the first element.
 */
#define DRM_EMBER_OBJ_ARRAY(cnt, ptr) \
	{ .stride = sizeof((ptr)[0]), .count = (cnt), .array = (__u64)(uintptr_t)(ptr) }

/**
 * enum drm_ember_sync_op_flags - Flags of struct drm_ember_sync_op.
 */
enum drm_ember_sync_op_flags {
	/** @DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK: The handle type bits. */
	DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK = 0xff,

	/** @DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ: A binary syncobj. */
	DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ = 0,

	/**
	 * @DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ: A point of a
	 * timeline syncobj, &drm_ember_sync_op.timeline_value.
	 */
	DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ = 1,

	/** @DRM_EMBER_SYNC_OP_WAIT: Wait for the syncobj (point). */
	DRM_EMBER_SYNC_OP_WAIT = 0 << 31,

	/** @DRM_EMBER_SYNC_OP_SIGNAL: Signal the syncobj (point). */
	DRM_EMBER_SYNC_OP_SIGNAL = (int)(1u << 31),
};

/**
 * struct drm_ember_sync_op - A wait or signal operation on a syncobj.
 *
 * Waiting for a binary syncobj that has no fence, or for a timeline point
 * that has not been submitted yet, fails the ioctl with -EINVAL (the
 * kernel does not wait for submission; userspace that needs
 * wait-before-signal waits with DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT and
 * DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE first). A timeline signal point
 * must be greater than the syncobj's last point (else -EINVAL); a timeline
 * value of zero is -EINVAL, and so is a non-zero value with a binary
 * syncobj.
 */
struct drm_ember_sync_op {
	/** @flags: A handle type and WAIT or SIGNAL (enum drm_ember_sync_op_flags). */
	__u32 flags;

	/** @handle: The syncobj handle. */
	__u32 handle;

	/** @timeline_value: The point, for a timeline syncobj; else zero. */
	__u64 timeline_value;
};

/**
 * enum drm_ember_dev_query_type - What DRM_IOCTL_EMBER_DEV_QUERY returns.
 */
enum drm_ember_dev_query_type {
	/** @DRM_EMBER_DEV_QUERY_GPU_INFO: struct drm_ember_gpu_info. */
	DRM_EMBER_DEV_QUERY_GPU_INFO = 0,

	/** @DRM_EMBER_DEV_QUERY_TIMESTAMP: struct drm_ember_timestamp. Since 1.2. */
	DRM_EMBER_DEV_QUERY_TIMESTAMP = 1,
};

/**
 * struct drm_ember_gpu_info - Device information.
 *
 * Identity fields are read from the device's register page and the limits
 * are the driver's, all once at probe: the query returns that copy without
 * asking the device, so it cannot fail transiently (since 1.2; before, every
 * query made a round trip through the device's management mailbox).
 */
struct drm_ember_gpu_info {
	/** @hw_version: Hardware contract version, major << 16 | minor. */
	__u32 hw_version;

	/** @fw_version: Firmware version, major << 16 | minor << 8 | patch. */
	__u32 fw_version;

	/** @caps: Capability bits (EMBER_CAP_* in ember-hw.rst). */
	__u32 caps;

	/** @num_rings: Number of hardware rings. */
	__u32 num_rings;

	/** @num_shader_cores: Number of shader cores. */
	__u32 num_shader_cores;

	/** @va_bits: Width of a GPU virtual address, in bits. */
	__u32 va_bits;

	/** @timestamp_frequency: Frequency of the device timestamp, in Hz. */
	__u64 timestamp_frequency;

	/**
	 * @timestamp: Device timestamp at probe (since 1.2; before, when the
	 * query reached the device). DRM_EMBER_DEV_QUERY_TIMESTAMP reads the
	 * current device time.
	 */
	__u64 timestamp;

	/* Fields below: driver 1.1. */

	/** @va_start: First GPU VA userspace may map with VM_BIND. */
	__u64 va_start;

	/** @va_end: End (exclusive) of the VA range userspace may map. */
	__u64 va_end;

	/** @max_bo_size: Largest BO size BO_CREATE accepts, in bytes. */
	__u64 max_bo_size;

	/** @max_ib_size: Largest indirect buffer a job may run, in bytes. */
	__u32 max_ib_size;

	/** @max_queues: Most queues one context may have. */
	__u32 max_queues;

	/** @max_contexts: Most contexts that can exist at once (all files). */
	__u32 max_contexts;

	/** @job_timeout_ms: A job running longer than this is a hang. */
	__u32 job_timeout_ms;

	/* Fields below: driver 1.6. */

	/** @pad: Zero. */
	__u32 pad;

	/**
	 * @bo_memory: Most bytes the device's BOs (every file's, imported
	 * ones not counted) may have at once; BO_CREATE fails with -ENOMEM
	 * beyond. Userspace reports it as the size of its memory heap.
	 */
	__u64 bo_memory;

	/* Fields below: driver 1.7. */

	/**
	 * @max_contexts_per_file: Most contexts one file (one open() of
	 * the render node) may have at once, out of @max_contexts; a
	 * destroyed context counts until its last job is done. The
	 * max_contexts_per_file module parameter.
	 */
	__u32 max_contexts_per_file;

	/** @pad1: Zero. */
	__u32 pad1;
};

/**
 * struct drm_ember_timestamp - The device time, calibrated against the
 * CPU's clocks. Since 1.2.
 *
 * The device's clock cannot be read from a register: the register page is
 * plain shared memory, and the device clock runs in the ember-gpu process
 * on the host. The kernel therefore asks the device for its time with one
 * management mailbox round trip (PING, see ember-hw.rst) and reads the
 * CPU clocks just before it publishes the command and again just after it
 * sees the answer. The device read its clock at some instant inside that
 * bracket, so for the CPU time at that instant:
 *
 *   @monotonic_before_ns <= CLOCK_MONOTONIC <= @monotonic_after_ns
 *
 * and likewise for CLOCK_MONOTONIC_RAW. The bracket's width is the
 * precision of the calibration: a round trip, about 100 us when the guest
 * runs under TCG, more when the host or the guest is busy. The kernel
 * reads the "before" clocks once any earlier management command has been
 * answered, so waiting for one does not widen the bracket.
 *
 * All fields are written by the kernel; the structure carries no input.
 */
struct drm_ember_timestamp {
	/**
	 * @device_timestamp: The device time, in ticks of
	 * &drm_ember_gpu_info.timestamp_frequency: the clock of the
	 * TIMESTAMP packets and fault records.
	 */
	__u64 device_timestamp;

	/** @monotonic_before_ns: CLOCK_MONOTONIC before the device was asked. */
	__u64 monotonic_before_ns;

	/** @monotonic_after_ns: CLOCK_MONOTONIC after the device answered. */
	__u64 monotonic_after_ns;

	/** @monotonic_raw_before_ns: CLOCK_MONOTONIC_RAW, before. */
	__u64 monotonic_raw_before_ns;

	/** @monotonic_raw_after_ns: CLOCK_MONOTONIC_RAW, after. */
	__u64 monotonic_raw_after_ns;
};

/**
 * struct drm_ember_dev_query - Argument of DRM_IOCTL_EMBER_DEV_QUERY.
 *
 * Errors: -EINVAL for an unknown @type (even with a NULL @pointer), or a
 * non-NULL @pointer with a @size smaller than the first version of the
 * queried structure; -EFAULT for an unwritable @pointer; -ENODEV once the
 * device is gone (unbound or unplugged). DRM_EMBER_DEV_QUERY_TIMESTAMP
 * alone asks the device, and also fails with -EIO if the device is not
 * ready, does not answer in time (about a second) or answers wrongly.
 */
struct drm_ember_dev_query {
	/** @type: The query type, enum drm_ember_dev_query_type. */
	__u32 type;

	/**
	 * @size: Size of the structure at @pointer. If @pointer is zero, the
	 * kernel sets @size to the size of its structure and returns 0.
	 */
	__u32 size;

	/** @pointer: User pointer to a structure of the queried type. */
	__u64 pointer;
};

/**
 * enum drm_ember_bo_flags - Flags of struct drm_ember_bo_create.
 */
enum drm_ember_bo_flags {
	/** @DRM_EMBER_BO_NO_MMAP: The BO can never be mapped on the CPU. */
	DRM_EMBER_BO_NO_MMAP = 1 << 0,
};

/**
 * struct drm_ember_bo_create - Argument of DRM_IOCTL_EMBER_BO_CREATE.
 *
 * Errors: -EINVAL for a zero @size, a @size above
 * &drm_ember_gpu_info.max_bo_size or unknown @flags; -ENOENT for an
 * unknown @exclusive_vm_id; -ENOMEM when the device's BOs would exceed
 * &drm_ember_gpu_info.bo_memory (since 1.6).
 */
struct drm_ember_bo_create {
	/**
	 * @size: In: requested size in bytes. Out: the size allocated,
	 * rounded up to the page size.
	 */
	__u64 size;

	/** @flags: enum drm_ember_bo_flags. */
	__u32 flags;

	/**
	 * @exclusive_vm_id: Zero, or the ID of a VM of this file the BO will
	 * only ever be mapped in. Such a BO shares the VM's reservation object
	 * (no per-BO implicit synchronisation, cheaper submits) and cannot be
	 * exported (PRIME export fails with -EINVAL).
	 */
	__u32 exclusive_vm_id;

	/** @handle: Out: the GEM handle of the new BO. */
	__u32 handle;

	/** @pad: Must be zero. */
	__u32 pad;
};

/**
 * struct drm_ember_bo_mmap_offset - Argument of
 * DRM_IOCTL_EMBER_BO_MMAP_OFFSET.
 *
 * Errors: -ENOENT for an unknown @handle; -EINVAL for a BO created with
 * DRM_EMBER_BO_NO_MMAP or imported from another driver.
 */
struct drm_ember_bo_mmap_offset {
	/** @handle: The BO's GEM handle. */
	__u32 handle;

	/** @pad: Must be zero. */
	__u32 pad;

	/** @offset: Out: the offset to pass to mmap() on the DRM fd. */
	__u64 offset;
};

/**
 * struct drm_ember_bo_info - Argument of DRM_IOCTL_EMBER_BO_INFO.
 *
 * Works on imported BOs too. Errors: -ENOENT for an unknown @handle.
 */
struct drm_ember_bo_info {
	/** @handle: The BO's GEM handle. */
	__u32 handle;

	/** @flags: Out: enum drm_ember_bo_flags the BO was created with. */
	__u32 flags;

	/** @size: Out: the BO's size in bytes. */
	__u64 size;

	/** @exclusive_vm_id: Out: the BO's exclusive VM, or zero. */
	__u32 exclusive_vm_id;

	/** @pad: Must be zero. */
	__u32 pad;
};

/**
 * struct drm_ember_vm_create - Argument of DRM_IOCTL_EMBER_VM_CREATE.
 *
 * Errors: -EINVAL for non-zero @flags.
 */
struct drm_ember_vm_create {
	/** @flags: Must be zero. */
	__u32 flags;

	/** @id: Out: the VM's ID, unique within the file, never zero. */
	__u32 id;
};

/**
 * struct drm_ember_vm_destroy - Argument of DRM_IOCTL_EMBER_VM_DESTROY.
 *
 * The VM's mappings go away when the last context using it is destroyed;
 * the ID is invalid at once. Errors: -ENOENT for an unknown @id.
 */
struct drm_ember_vm_destroy {
	/** @id: The VM's ID. */
	__u32 id;

	/** @pad: Must be zero. */
	__u32 pad;
};

/**
 * enum drm_ember_vm_bind_op_flags - Flags of struct drm_ember_vm_bind_op.
 */
enum drm_ember_vm_bind_op_flags {
	/** @DRM_EMBER_VM_BIND_OP_TYPE_MASK: The operation type bits. */
	DRM_EMBER_VM_BIND_OP_TYPE_MASK = (int)(0xfu << 28),

	/** @DRM_EMBER_VM_BIND_OP_TYPE_MAP: Map a BO range at a VA range. */
	DRM_EMBER_VM_BIND_OP_TYPE_MAP = 0 << 28,

	/**
	 * @DRM_EMBER_VM_BIND_OP_TYPE_UNMAP: Unmap a VA range. Mappings that
	 * straddle its ends are split; unmapping unmapped space is not an
	 * error.
	 */
	DRM_EMBER_VM_BIND_OP_TYPE_UNMAP = 1 << 28,

	/** @DRM_EMBER_VM_BIND_OP_MAP_READONLY: The GPU cannot write (MAP only). */
	DRM_EMBER_VM_BIND_OP_MAP_READONLY = 1 << 0,

	/** @DRM_EMBER_VM_BIND_OP_MAP_NOEXEC: The GPU cannot execute (MAP only). */
	DRM_EMBER_VM_BIND_OP_MAP_NOEXEC = 1 << 1,
};

/**
 * struct drm_ember_vm_bind_op - One map or unmap operation.
 *
 * @va, @size and, for a map, @bo_offset are multiples of the page size
 * (4 KiB); @size is non-zero; [@va, @va + @size) lies in the VM's user
 * range; for a map, [@bo_offset, @bo_offset + @size) lies in the BO. A map
 * replaces whatever was mapped in its range. Any violation is -EINVAL.
 */
struct drm_ember_vm_bind_op {
	/** @flags: enum drm_ember_vm_bind_op_flags. */
	__u32 flags;

	/** @bo_handle: The BO to map (MAP); must be zero for UNMAP. */
	__u32 bo_handle;

	/** @bo_offset: Offset in the BO (MAP); must be zero for UNMAP. */
	__u64 bo_offset;

	/** @va: Start of the VA range. */
	__u64 va;

	/** @size: Size of the range in bytes. */
	__u64 size;
};

/**
 * enum drm_ember_vm_bind_flags - Flags of struct drm_ember_vm_bind.
 */
enum drm_ember_vm_bind_flags {
	/**
	 * @DRM_EMBER_VM_BIND_ASYNC: Queue the operations behind the wait
	 * sync ops and signal the signal sync ops when they are done, instead
	 * of doing them before returning. Without it @syncs must be empty.
	 * The VM's asynchronous binds apply one at a time, in call order.
	 */
	DRM_EMBER_VM_BIND_ASYNC = 1 << 0,
};

/**
 * struct drm_ember_vm_bind - Argument of DRM_IOCTL_EMBER_VM_BIND.
 *
 * The operations apply in order and are all-or-nothing as far as argument
 * checking goes: every operation is checked before the first one is
 * applied. At most 1024 operations and 64 sync ops per call (-EINVAL).
 *
 * Ordering (since driver 1.5). Asynchronous binds (DRM_EMBER_VM_BIND_ASYNC)
 * of a VM apply one at a time in call order, each once its wait sync ops
 * have signalled; so one whose wait never signals holds back the VM's
 * later asynchronous binds. A synchronous bind waits only for the earlier
 * asynchronous binds of the same VM that overlap it (an operation of
 * which intersects one of its operations' VA ranges), and for those
 * before them in the VM's queue; it applies without waiting for the
 * others, and never waits for binds of another VM or another file. The
 * result is that of applying every call in call order, since operations
 * on disjoint ranges commute; but when it returns, earlier asynchronous
 * binds it does not overlap may still be queued (their signal sync ops
 * tell when they are done). Calls made concurrently (from several
 * threads) are in no particular order.
 *
 * A synchronous bind waiting for an overlapping asynchronous bind can be
 * interrupted by a signal before anything was applied: the ioctl is
 * restarted, or fails with -EINTR if the signal handler was installed
 * without SA_RESTART (userspace then repeats the same call, as drmIoctl()
 * does). Before driver 1.5 it waited for every queued bind of the VM,
 * uninterruptibly.
 *
 * When the VM's last user goes (DRM_IOCTL_EMBER_VM_DESTROY or closing the
 * file, once no context or job uses it), its asynchronous binds not yet
 * being applied are cancelled: they apply nothing and their signal sync
 * ops signal with the error -ECANCELED, without waiting for their wait
 * sync ops. Before driver 1.5 the release waited for them.
 */
struct drm_ember_vm_bind {
	/** @vm_id: The VM. */
	__u32 vm_id;

	/** @flags: enum drm_ember_vm_bind_flags. */
	__u32 flags;

	/** @ops: Array of struct drm_ember_vm_bind_op. */
	struct drm_ember_obj_array ops;

	/** @syncs: Array of struct drm_ember_sync_op (ASYNC only). */
	struct drm_ember_obj_array syncs;
};

/**
 * enum drm_ember_queue_priority - Scheduling priority of a queue.
 */
enum drm_ember_queue_priority {
	/** @DRM_EMBER_QUEUE_PRIORITY_LOW: Background work. */
	DRM_EMBER_QUEUE_PRIORITY_LOW = 0,

	/** @DRM_EMBER_QUEUE_PRIORITY_MEDIUM: The default. */
	DRM_EMBER_QUEUE_PRIORITY_MEDIUM,

	/**
	 * @DRM_EMBER_QUEUE_PRIORITY_HIGH: Needs CAP_SYS_NICE (-EACCES
	 * otherwise).
	 */
	DRM_EMBER_QUEUE_PRIORITY_HIGH,
};

/**
 * struct drm_ember_queue_create - One queue of a new context.
 */
struct drm_ember_queue_create {
	/** @priority: enum drm_ember_queue_priority. */
	__u32 priority;

	/** @pad: Must be zero. */
	__u32 pad;
};

/**
 * enum drm_ember_queue_kind - What a queue of a context runs on.
 */
enum drm_ember_queue_kind {
	/**
	 * @DRM_EMBER_QUEUE_KIND_SHARED_RING: One of the device's rings,
	 * shared with the queues of every context that run at its priority
	 * (and with the context's own other queues when it has more queues
	 * than the device has rings): the device runs a ring's jobs one after
	 * the other, so a job waiting on memory (WAIT_MEM) or running long
	 * holds up every job queued behind it on the ring. A device without
	 * queues in memory (before contract 1.9), or the device_queues module
	 * parameter off.
	 */
	DRM_EMBER_QUEUE_KIND_SHARED_RING = 1,

	/**
	 * @DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE: A device queue of its own
	 * (contract 1.9): jobs of other queues never wait for its jobs, nor
	 * its jobs for theirs, but through sync operations or memory.
	 */
	DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE = 2,
};

/* &drm_ember_queue_info.ring of a device queue. */
#define DRM_EMBER_QUEUE_NO_RING	0xffffffffu

/**
 * struct drm_ember_queue_info - What one queue of a new context got.
 *
 * Written by DRM_IOCTL_EMBER_CTX_CREATE into &drm_ember_ctx_create.queue_info
 * (since 1.8).
 */
struct drm_ember_queue_info {
	/** @kind: enum drm_ember_queue_kind. */
	__u32 kind;

	/**
	 * @priority: The priority the device runs the queue at, an enum
	 * drm_ember_queue_priority: the one asked for, except on a shared
	 * ring when no ring of that priority was free for the context (the
	 * nearest free one, a lower one first).
	 */
	__u32 priority;

	/**
	 * @ring: For DRM_EMBER_QUEUE_KIND_SHARED_RING, the ring's index (two
	 * queues of the context with the same ring wait for each other);
	 * else DRM_EMBER_QUEUE_NO_RING.
	 */
	__u32 ring;

	/** @pad: Zero. */
	__u32 pad;
};

/**
 * struct drm_ember_ctx_create - Argument of DRM_IOCTL_EMBER_CTX_CREATE.
 *
 * Errors: -ENOENT for an unknown @vm_id; -EINVAL for zero queues or more
 * than &drm_ember_gpu_info.max_queues, an unknown priority or non-zero
 * @flags, or a @queue_info with a count other than 0 and the number of
 * queues or a stride smaller than 16; -EACCES for a high-priority queue
 * without CAP_SYS_NICE; -EDQUOT when the file has
 * &drm_ember_gpu_info.max_contexts_per_file contexts already (since 1.7);
 * -EBUSY when all of the device's hardware contexts are in use; -EFAULT
 * when @queue_info cannot be written (no context is created then).
 */
struct drm_ember_ctx_create {
	/** @flags: Must be zero. */
	__u32 flags;

	/** @vm_id: The VM the context's jobs run in. */
	__u32 vm_id;

	/**
	 * @queues: Array of struct drm_ember_queue_create; queue i of the
	 * context is element i.
	 */
	struct drm_ember_obj_array queues;

	/**
	 * @handle: Out: the context's handle, unique within the file, never
	 * zero.
	 */
	__u32 handle;

	/** @pad: Must be zero. */
	__u32 pad;

	/* Fields below: driver 1.8. */

	/**
	 * @queue_info: Out, optional: an array of struct drm_ember_queue_info,
	 * element i for queue i. A zero count asks for nothing (what older
	 * userspace passes); otherwise the count must be the number of
	 * queues. The kernel writes min(stride, its size) bytes of each
	 * element and zeroes the rest of a larger one.
	 */
	struct drm_ember_obj_array queue_info;
};

/**
 * struct drm_ember_ctx_destroy - Argument of DRM_IOCTL_EMBER_CTX_DESTROY.
 *
 * Jobs already submitted still run to completion (or fail) and signal
 * their fences. Errors: -ENOENT for an unknown @handle.
 */
struct drm_ember_ctx_destroy {
	/** @handle: The context. */
	__u32 handle;

	/** @pad: Must be zero. */
	__u32 pad;
};

/**
 * struct drm_ember_job - One job of a submission.
 *
 * @ib_va and @ib_size are multiples of 4, @ib_size is at most
 * &drm_ember_gpu_info.max_ib_size; a zero @ib_size is a job that only
 * waits and signals. At most 64 sync ops per job.
 */
struct drm_ember_job {
	/** @queue_index: The context's queue to run on. */
	__u32 queue_index;

	/** @ib_size: Size of the indirect buffer in bytes. */
	__u32 ib_size;

	/** @ib_va: GPU VA of the indirect buffer, in the context's VM. */
	__u64 ib_va;

	/** @syncs: Array of struct drm_ember_sync_op. */
	struct drm_ember_obj_array syncs;
};

/**
 * enum drm_ember_submit_flags - Flags of struct drm_ember_submit.
 */
enum drm_ember_submit_flags {
	/**
	 * @DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC: Explicit sync only (driver
	 * 1.3): the jobs wait for no fence of a shared BO but the kernel's,
	 * and their fences are BOOKKEEP on every BO, invisible to implicit
	 * sync. See DOC: Implicit and explicit synchronisation. The choice is
	 * made per call (as msm's MSM_SUBMIT_NO_IMPLICIT) so that one context
	 * may mix both kinds of job.
	 */
	DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC = 1 << 0,
};

/**
 * DRM_EMBER_SUBMIT_FLAGS - Every flag of enum drm_ember_submit_flags.
 */
#define DRM_EMBER_SUBMIT_FLAGS	DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC

/**
 * struct drm_ember_submit - Argument of DRM_IOCTL_EMBER_SUBMIT.
 *
 * All jobs are checked before any is queued: either all are queued or
 * none is. Jobs are queued in array order; a later job may wait for a
 * syncobj an earlier job of the same call signals: a binary syncobj, or a
 * timeline point N that an earlier job signals as a point M >= N (the
 * first such job). At most 64 jobs per call.
 *
 * Errors: -ENOENT for an unknown @ctx_handle or syncobj; -EINVAL for an
 * unknown flag in @flags or a bad job (see struct drm_ember_job and
 * struct drm_ember_sync_op); -ECANCELED once the context is banned.
 */
struct drm_ember_submit {
	/** @ctx_handle: The context. */
	__u32 ctx_handle;

	/**
	 * @flags: enum drm_ember_submit_flags, for every job of the call.
	 * Before driver 1.3 this was a pad field that had to be zero.
	 */
	__u32 flags;

	/** @jobs: Array of struct drm_ember_job. */
	struct drm_ember_obj_array jobs;
};

/**
 * enum drm_ember_ctx_state_flags - Bits of &drm_ember_ctx_get_state.state.
 */
enum drm_ember_ctx_state_flags {
	/** @DRM_EMBER_CTX_STATE_INNOCENT: No bit set: the context is fine. */
	DRM_EMBER_CTX_STATE_INNOCENT = 0,

	/** @DRM_EMBER_CTX_STATE_GUILTY: A job of it hung (timed out). */
	DRM_EMBER_CTX_STATE_GUILTY = 1 << 0,

	/** @DRM_EMBER_CTX_STATE_FAULTED: A job of it faulted. */
	DRM_EMBER_CTX_STATE_FAULTED = 1 << 1,

	/** @DRM_EMBER_CTX_STATE_BANNED: It accepts no more jobs. */
	DRM_EMBER_CTX_STATE_BANNED = 1 << 2,

	/**
	 * @DRM_EMBER_CTX_STATE_DEVICE_LOST: The device is gone (unplugged, or
	 * ember-gpu died) while the context had work on it. A device reset
	 * that the context survives leaves this bit clear.
	 */
	DRM_EMBER_CTX_STATE_DEVICE_LOST = 1 << 3,

	/**
	 * @DRM_EMBER_CTX_STATE_INNOCENT_LOST: A device reset (to recover from
	 * another context's hang) cut short a job of this context that had
	 * begun: the job was not run again, its fence signalled -ECANCELED,
	 * and the context is BANNED, though neither GUILTY nor FAULTED (its
	 * fault fields are zero).
	 * Userspace reports its work lost (VK_ERROR_DEVICE_LOST). Since
	 * driver 1.4.
	 */
	DRM_EMBER_CTX_STATE_INNOCENT_LOST = 1 << 4,
};

/**
 * struct drm_ember_ctx_get_state - Argument of
 * DRM_IOCTL_EMBER_CTX_GET_STATE.
 *
 * The fault fields describe the context's first fault, if it faulted.
 * A context that lost work to a device reset (INNOCENT_LOST) did not
 * fault: its fault fields are zero.
 * Errors: -ENOENT for an unknown @handle.
 */
struct drm_ember_ctx_get_state {
	/** @handle: The context. */
	__u32 handle;

	/** @state: Out: enum drm_ember_ctx_state_flags. */
	__u32 state;

	/** @fault_kind: Out: EMBER_FAULT_* of ember-hw.rst, or zero. */
	__u32 fault_kind;

	/** @fault_queue: Out: the queue whose job faulted. */
	__u32 fault_queue;

	/** @fault_va: Out: the faulting GPU VA, if the kind has one. */
	__u64 fault_va;

	/** @fault_ib_offset: Out: byte offset in the IB of the bad packet. */
	__u32 fault_ib_offset;

	/** @fault_detail: Out: the fault record's kind-specific detail. */
	__u32 fault_detail;
};

/**
 * DRM_IOCTL_EMBER() - Build an Ember ioctl number.
 * @__access: Access type. Must be R, W or RW.
 * @__id: One of the DRM_EMBER_xxx IDs.
 * @__type: Suffix of the type being passed to the IOCTL.
 */
#define DRM_IOCTL_EMBER(__access, __id, __type) \
	DRM_IO ## __access(DRM_COMMAND_BASE + DRM_EMBER_ ## __id, \
			   struct drm_ember_ ## __type)

enum {
	DRM_IOCTL_EMBER_DEV_QUERY = DRM_IOCTL_EMBER(WR, DEV_QUERY, dev_query),
	DRM_IOCTL_EMBER_BO_CREATE = DRM_IOCTL_EMBER(WR, BO_CREATE, bo_create),
	DRM_IOCTL_EMBER_BO_MMAP_OFFSET =
		DRM_IOCTL_EMBER(WR, BO_MMAP_OFFSET, bo_mmap_offset),
	DRM_IOCTL_EMBER_BO_INFO = DRM_IOCTL_EMBER(WR, BO_INFO, bo_info),
	DRM_IOCTL_EMBER_VM_CREATE = DRM_IOCTL_EMBER(WR, VM_CREATE, vm_create),
	DRM_IOCTL_EMBER_VM_DESTROY = DRM_IOCTL_EMBER(WR, VM_DESTROY, vm_destroy),
	DRM_IOCTL_EMBER_VM_BIND = DRM_IOCTL_EMBER(WR, VM_BIND, vm_bind),
	DRM_IOCTL_EMBER_CTX_CREATE = DRM_IOCTL_EMBER(WR, CTX_CREATE, ctx_create),
	DRM_IOCTL_EMBER_CTX_DESTROY =
		DRM_IOCTL_EMBER(WR, CTX_DESTROY, ctx_destroy),
	DRM_IOCTL_EMBER_SUBMIT = DRM_IOCTL_EMBER(WR, SUBMIT, submit),
	DRM_IOCTL_EMBER_CTX_GET_STATE =
		DRM_IOCTL_EMBER(WR, CTX_GET_STATE, ctx_get_state),
};

#if defined(__cplusplus)
}
#endif

#endif /* _EMBER_DRM_H_ */
