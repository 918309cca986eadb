/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_MMU_H__
#define __EMBER_MMU_H__

#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/drm_gpuvm.h>
#include <drm/gpu_scheduler.h>

struct dma_fence;
struct drm_exec;
struct drm_file;
struct drm_printer;
struct ember_device;
struct ember_file;
struct ember_pt;
struct ember_vm_op_ctx;
struct seq_file;

/*
 * The VA range userspace may map (&drm_ember_gpu_info.va_start/va_end):
 * everything the MMU translates except the lowest 1 MiB, so that small
 * integers and NULL-based offsets fault instead of hitting a mapping, and
 * except the top 4 GiB, left to the kernel for mappings of its own (none
 * yet) so that adding them later does not shrink the user range.
 */
#define EMBER_VA_USER_START	SZ_1M
#define EMBER_VA_USER_END	((1ULL << EMBER_VA_BITS) - SZ_4G)

/**
 * struct ember_vm - A GPU virtual address space.
 *
 * One per DRM_IOCTL_EMBER_VM_CREATE. The VA space is tracked by the
 * embedded &drm_gpuvm (@base); the translation the device walks is the
 * page-table tree under @root (see DOC: Page tables in ember_pt.c).
 *
 * Lifetime: @refcount counts the VM's users — the file's handle (dropped
 * by VM_DESTROY or close), each context running in the VM and each job in
 * flight (kernel-sched), each queued asynchronous bind. When it drops to
 * zero every mapping is removed (page tables cleared, TLB invalidated,
 * BOs unpinned and released) and the base reference of @base is dropped;
 * the structure itself is freed by drm_gpuvm's vm_free hook once the last
 * &drm_gpuvm reference is gone.
 */
struct ember_vm {
	/**
	 * @base: The drm_gpuvm: VA tree, &drm_gpuvm_bo list, the VM's
	 * reservation object (shared by BOs private to this VM) and the list
	 * of external BOs whose reservation jobs must lock.
	 */
	struct drm_gpuvm base;

	/** @edev: The device. */
	struct ember_device *edev;

	/** @id: The VM's ID in its file, for debugfs. Never changes. */
	u32 id;

	/** @refcount: Users of the VM, see above. */
	struct kref refcount;

	/**
	 * @op_lock: Serialises changes to the page tables and to the VA
	 * tree of @base (map, unmap, teardown); held by the sm_step
	 * callbacks through @op_ctx. Taken inside the VM's dma-resv lock
	 * when both are needed, never the other way round.
	 */
	struct mutex op_lock;

	/**
	 * @op_ctx: The operation being applied, for drm_gpuvm's sm_step
	 * callbacks. Protected by @op_lock; NULL outside an operation.
	 */
	struct ember_vm_op_ctx *op_ctx;

	/** @root: The top-level page table. Protected by @op_lock. */
	struct ember_pt *root;

	/**
	 * @bind: The scheduler of asynchronous VM_BIND jobs: one drm_sched
	 * with one entity per VM, so that binds of one VM run in order
	 * behind their wait dependencies (see ember_vm_bind.c).
	 */
	struct {
		/** @bind.sched: The scheduler. */
		struct drm_gpu_scheduler sched;

		/** @bind.entity: Its only entity. */
		struct drm_sched_entity entity;
	} bind;
};

/**
 * to_ember_vm() - The &struct ember_vm embedding a &drm_gpuvm.
 * @gpuvm: The drm_gpuvm.
 *
 * Return: The VM.
 */
static inline struct ember_vm *to_ember_vm(struct drm_gpuvm *gpuvm)
{
	return container_of(gpuvm, struct ember_vm, base);
}

/* The interface kernel-sched builds contexts and jobs on. */
struct ember_vm *ember_vm_lookup(struct ember_file *efile, u32 id);
struct ember_vm *ember_vm_get(struct ember_vm *vm);
void ember_vm_put(struct ember_vm *vm);
u64 ember_vm_pt_root(struct ember_vm *vm);
int ember_vm_lock_for_job(struct ember_vm *vm, struct drm_exec *exec);
void ember_vm_add_job_fence(struct ember_vm *vm, struct drm_exec *exec,
			    struct dma_fence *fence);

/* The file and ioctl side, for ember_drv.c. */
void ember_mmu_file_init(struct ember_file *efile);
void ember_mmu_file_fini(struct ember_file *efile);
int ember_ioctl_vm_create(struct drm_device *ddev, void *data,
			  struct drm_file *file);
int ember_ioctl_vm_destroy(struct drm_device *ddev, void *data,
			   struct drm_file *file);

#endif /* __EMBER_MMU_H__ */
