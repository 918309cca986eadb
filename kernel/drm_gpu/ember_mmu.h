/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_MMU_H__
#define __EMBER_MMU_H__

#include <linux/dma-resv.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rbtree.h>
#include <linux/sizes.h>
#include <linux/workqueue.h>
#include <linux/types.h>

#include <drm/drm_gpuvm.h>

#include "ember_pt.h"

struct dma_fence;
struct drm_ember_vm_bind_op;
struct drm_exec;
struct drm_file;
struct ember_device;
struct ember_file;
struct ember_vm_op_ctx;
struct ember_vma;

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
 * flight (kernel-sched). When it drops to zero the VM's queued
 * asynchronous binds are cancelled (the one being applied is waited for,
 * see DOC: VM_BIND in ember_vm_bind.c), then every mapping is removed (page
 * tables cleared, TLB invalidated, BOs unpinned and released) and the base
 * reference of @base is dropped; the structure itself is freed by
 * drm_gpuvm's vm_free hook once the last &drm_gpuvm reference is gone.
 * Unplugging the device tears the mappings and page tables down earlier
 * (see DOC: Device removal in ember_mmu.c); the VM lives on, empty.
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

	/**
	 * @dev_node: Link in &ember_device.mmu.vms, from creation until
	 * the VM is freed. Protected by &ember_device.mmu.vms_lock.
	 */
	struct list_head dev_node;

	/**
	 * @unplug_node: Link in ember_mmu_unplug()'s list of the VMs it
	 * tears down; used by it alone.
	 */
	struct list_head unplug_node;

	/**
	 * @pt_root: Bus address of @root, for ember_vm_pt_root(). Never
	 * changes; it means nothing any more once the device is unplugged.
	 */
	u64 pt_root;

	/** @refcount: Users of the VM, see above. */
	struct kref refcount;

	/**
	 * @release_work: Releases the VM when ember_vm_put_deferred() dropped
	 * the last reference.
	 */
	struct work_struct release_work;

	/**
	 * @op_lock: Serialises changes to the page tables and to the VA
	 * tree of @base (map, unmap, teardown); held by the sm_step
	 * callbacks through @op_ctx. Never held together with a dma-resv
	 * lock, and nothing allocates memory under it.
	 */
	struct mutex op_lock;

	/**
	 * @op_ctx: The operation being applied, for drm_gpuvm's sm_step
	 * callbacks. Protected by @op_lock; NULL outside an operation.
	 */
	struct ember_vm_op_ctx *op_ctx;

	/**
	 * @ops: Operations prepared and not cleaned up yet, linked through
	 * &ember_vm_op_ctx.vm_node, whose page tables (reserved or removed)
	 * ember_mmu_unplug() frees. Protected by @op_lock.
	 */
	struct list_head ops;

	/**
	 * @hw_ctx_mask: The hardware contexts that may hold translations of
	 * this VM (bit c for context c): those of the contexts created in it
	 * and not released yet, the ones a TLB invalidation must name.
	 * Protected by @op_lock, so that an unmap either sees a context's
	 * bit or clears its entries before the context is reset and runs.
	 */
	u64 hw_ctx_mask;

	/**
	 * @root: The top-level page table. Protected by @op_lock (and by
	 * &ember_device.mmu.vms_lock when the VM is freed); NULL once the
	 * device is unplugged, after which operations change nothing.
	 */
	struct ember_pt *root;

	/**
	 * @bind: Asynchronous VM_BIND (see DOC: VM_BIND in ember_vm_bind.c).
	 */
	struct {
		/**
		 * @bind.wq: Ordered workqueue running the VM's queued binds,
		 * one at a time in submission order. Drained when the VM is
		 * released, so queued binds need no reference to the VM.
		 */
		struct workqueue_struct *wq;

		/** @bind.fence_context: dma-fence context of bind fences. */
		u64 fence_context;

		/**
		 * @bind.lock: Protects @bind.fence_seqno and @bind.pending;
		 * held from numbering a bind to queueing it, so that the
		 * VM's bind fences signal in sequence-number order. Taken
		 * by VM_BIND and by the bind work (after signalling), never
		 * together with another lock, never around a fence wait or
		 * an allocation. A mutex: a synchronous bind walks
		 * @bind.pending under it.
		 */
		struct mutex lock;

		/** @bind.fence_seqno: Sequence number of the last bind fence. */
		u64 fence_seqno;

		/**
		 * @bind.pending: Interval tree of the VA ranges of the queued
		 * binds, from queueing until their fence has signalled; what
		 * a synchronous bind looks up to know which queued binds it
		 * must wait for. Protected by @bind.lock.
		 */
		struct rb_root_cached pending;

		/**
		 * @bind.cancel: Signalled when the VM is released, so that
		 * queued binds stop waiting for their wait fences and are
		 * cancelled. Never changes.
		 */
		struct dma_fence *cancel;
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
void ember_vm_put_deferred(struct ember_vm *vm);
u64 ember_vm_pt_root(struct ember_vm *vm);
void ember_vm_attach_hw_ctx(struct ember_vm *vm, u32 hw_ctx);
void ember_vm_detach_hw_ctx(struct ember_vm *vm, u32 hw_ctx);
int ember_vm_lock_for_job(struct ember_vm *vm, struct drm_exec *exec);
void ember_vm_add_job_fence(struct ember_vm *vm, struct drm_exec *exec,
			    struct dma_fence *fence, enum dma_resv_usage extobj_usage);

/**
 * struct ember_vm_op_ctx - One map or unmap, prepared before it is applied.
 *
 * Preparing allocates everything the operation may need (page tables,
 * mapping objects, the BO's pinned pages and its &drm_gpuvm_bo) so that
 * applying it cannot fail and allocates nothing: an asynchronous bind
 * applies it in the fence-signalling path. What the operation releases
 * (mappings, tables, BO references) is only released by
 * ember_vm_op_cleanup(), after the TLB invalidation.
 */
struct ember_vm_op_ctx {
	/** @flags: The &drm_ember_vm_bind_op.flags. */
	u32 flags;

	/**
	 * @vm_node: Link in &ember_vm.ops from preparing to
	 * ember_vm_op_cleanup(). Protected by &ember_vm.op_lock.
	 */
	struct list_head vm_node;

	/** @va: Start of the VA range. */
	u64 va;

	/** @size: Size of the VA range. */
	u64 size;

	/** @map: What a map maps. */
	struct {
		/**
		 * @map.vm_bo: The BO's link to the VM, with a reference the
		 * new mapping takes over; NULL once it did.
		 */
		struct drm_gpuvm_bo *vm_bo;

		/** @map.sgt: The BO's pages, pinned through @map.vm_bo. */
		struct sg_table *sgt;

		/** @map.bo_offset: Offset in the BO. */
		u64 bo_offset;
	} map;

	/**
	 * @tables: Page tables reserved for a map. Protected by
	 * &ember_vm.op_lock.
	 */
	struct ember_pt_reserve tables;

	/**
	 * @vmas: Preallocated mappings: the new one and the two pieces of
	 * a mapping split by the operation.
	 */
	struct ember_vma *vmas[3];

	/** @unlinked: Mappings the operation removed, to free afterwards. */
	struct list_head unlinked;

	/**
	 * @garbage: Page tables the operation emptied, to free afterwards.
	 * Protected by &ember_vm.op_lock.
	 */
	struct list_head garbage;

	/** @flush_tlb: Whether the operation cleared any valid entry. */
	bool flush_tlb;

	/**
	 * @tlb_stale: The TLB invalidation after the operation failed: what
	 * it removed goes to &ember_device.mmu.stale, not back to the
	 * allocator (see DOC: TLB invalidation in ember_mmu.c).
	 */
	bool tlb_stale;
};

int ember_vm_op_prepare_map(struct ember_vm *vm, struct ember_vm_op_ctx *op,
			    struct drm_gem_object *obj,
			    const struct drm_ember_vm_bind_op *args);
int ember_vm_op_prepare_unmap(struct ember_vm *vm, struct ember_vm_op_ctx *op,
			      const struct drm_ember_vm_bind_op *args);
void ember_vm_op_exec(struct ember_vm *vm, struct ember_vm_op_ctx *ops,
		      u32 count);
void ember_vm_op_cleanup(struct ember_vm *vm, struct ember_vm_op_ctx *op);

/* The device side, for ember_device.c. */
int ember_mmu_init(struct ember_device *edev);
void ember_mmu_unplug(struct ember_device *edev);

/* The file and ioctl side, for ember_drv.c. */
void ember_mmu_file_init(struct ember_file *efile);
void ember_mmu_file_fini(struct ember_file *efile);
int ember_ioctl_vm_create(struct drm_device *ddev, void *data,
			  struct drm_file *file);
int ember_ioctl_vm_destroy(struct drm_device *ddev, void *data,
			   struct drm_file *file);
void ember_mmu_debugfs_init(struct ember_device *edev);

#endif /* __EMBER_MMU_H__ */
