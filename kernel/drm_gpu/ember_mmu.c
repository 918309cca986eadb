// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-resv.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/ember_drm.h>

#include "ember_device.h"
#include "ember_file.h"
#include "ember_gem.h"
#include "ember_gpu.h"
#include "ember_mmu.h"
#include "ember_pt.h"
#include "ember_regs.h"
#include "ember_sched.h"
#include "ember_vm_bind.h"

/**
 * DOC: GPU virtual memory
 *
 * Each VM is a &drm_gpuvm over the user VA range
 * [%EMBER_VA_USER_START, %EMBER_VA_USER_END) plus the page-table tree the
 * device walks (ember_pt.c). Userspace chooses the addresses; a map
 * replaces what was mapped in its range, and drm_gpuvm splits the mappings
 * it partly covers (sm_step_remap) or removes those it covers fully
 * (sm_step_unmap) before inserting the new one (sm_step_map).
 *
 * Every operation is prepared (&struct ember_vm_op_ctx: every allocation,
 * pinning the BO) then applied, so that applying cannot fail and can run
 * in the fence-signalling path of asynchronous binds. After the operations
 * of a bind are applied, the TLBs of the VM's hardware contexts are
 * invalidated if any of them cleared a valid entry, and only once the
 * device acknowledged that are the removed mappings, emptied tables and BO
 * references released: the device can never reach a page the driver gave
 * back (see DOC: TLB invalidation). Binds that only map need no
 * invalidation: the device caches only translations it used, and the only
 * way it can have looked up an unmapped page is a fault, after which its
 * context is reset (which empties its TLB) before it runs again.
 *
 * A BO mapped in a VM is pinned once per VM (when its &drm_gpuvm_bo is
 * created) and unpinned when its last mapping in that VM goes; each
 * mapping holds a reference to the &drm_gpuvm_bo, which holds one to the
 * BO, so a mapped BO lives until it is unmapped, whatever its handles do.
 * BOs that do not share the VM's reservation object are the VM's external
 * objects: ember_vm_lock_for_job() locks them with the VM's.
 *
 * Locking:
 *
 * 1. &ember_vm.op_lock serialises operations on one VM: page tables, the
 *    VA tree and &ember_vm.op_ctx. It is never held together with a
 *    dma-resv lock, and nothing allocates memory under it (all allocation
 *    happens while preparing): asynchronous binds take it in the
 *    fence-signalling path.
 * 2. &ember_bo.gpuva_list_lock protects a BO's &drm_gpuvm_bo list and the
 *    mappings linked to each; it is taken inside op_lock (apply) or inside
 *    the VM's dma-resv lock (obtaining or dropping a &drm_gpuvm_bo).
 * 3. The file's VM xarray lock is only held to look a VM up and take a
 *    reference, never around anything else.
 * 4. &ember_device.mmu.vms_lock protects the device's list of VMs and is
 *    held while a VM's root table is freed; nothing is taken under it.
 *    ember_mmu_unplug() takes op_lock and dma-resv locks only after
 *    dropping it.
 * 5. &ember_device.mmu.bos_lock (ember_gem.c) is taken outside the BOs'
 *    dma-resv locks.
 * 6. &ember_vm.bind.lock (ember_vm_bind.c) protects the queue of
 *    asynchronous binds; nothing else is taken under it, and the bind work
 *    takes it only after signalling its fence.
 * 7. &ember_device.mmu.stale_lock protects the device's stale lists and
 *    TLB counters; it is taken inside op_lock, and nothing under it.
 */

/**
 * DOC: TLB invalidation
 *
 * Scope. The device caches translations per hardware context (contract:
 * DOC TLB of ember-hw.rst), so an unmap invalidates the TLBs of the
 * hardware contexts of the VM's contexts only (&ember_vm.hw_ctx_mask),
 * with one TLB_INVALIDATE_MASK mailbox command; the device waits only for
 * a running job of one of those contexts, never for other clients' work.
 * A VM no context uses needs no invalidation at all: a released hardware
 * context is reset before its next owner runs anything in it.
 *
 * How long. A job of one of the contexts may hold the device's engine
 * until the device's watchdog stops it (WATCHDOG_MS, half the job
 * timeout), so the invalidation waits up to that plus the mailbox's usual
 * second (ember_gpu_tlb_invalidate()).
 *
 * Failure. Pages and page tables an unmap removed are never given back
 * while the device may still reach them. If the invalidation fails (the
 * device did not answer in time, or is being unplugged), the operation is
 * still applied — the mappings are gone from the VA tree and the page
 * tables — but what it removed (the emptied page tables, the mappings
 * with their BO references, which keep the BOs' pages pinned) moves to
 * the device's stale lists (&ember_device.mmu.stale) instead of being
 * released. A work item (ember_mmu_tlb_recover_work()) then invalidates
 * every context's TLB; if the device does not acknowledge that either,
 * it resets the device (through the scheduler's recovery, which empties
 * every TLB), and if the reset fails the device is lost and unplugged.
 * Only after one of those succeeded — or once ember_mmu_unplug() runs,
 * with the device stopped — are the stale lists released, like the
 * panthor and xe drivers, which escalate a stuck invalidation to a reset.
 * The debugfs file "tlb" shows the counters and what is held back.
 */

/**
 * DOC: Device removal
 *
 * When the PCI device is unbound, the DMA API takes back whatever the
 * driver still has mapped or allocated for it, and complains (DMA-API
 * debug) about it; but VMs and BOs live as long as the files and
 * dma-bufs that reference them. So ember_mmu_unplug(), called by
 * ember_device_unplug() once the device is stopped, empties every VM of
 * the device (&ember_device.mmu.vms): it removes every mapping, frees the
 * page tables including the root (&ember_vm.root becomes NULL) and
 * releases the mappings' BO references and pins, without TLB
 * invalidation, since there is no device left to cache anything. Then
 * ember_gem_unplug() releases the DMA mapping of every BO (see DOC: DMA
 * mappings of BOs in ember_gem.c).
 *
 * Afterwards the VMs stay, empty, until their users drop them: ioctls
 * fail with -ENODEV, binds prepared or queued before the unplug apply
 * nothing when they run (ember_vm_op_exec() skips a VM without a root)
 * and only release what they prepared, minus the page tables the unplug
 * freed already (it frees those of every operation on &ember_vm.ops), and
 * releasing the VM finds nothing left to unmap. Nothing is created after
 * the unplug that the teardown would miss: VMs are created and BOs
 * DMA-mapped inside drm_dev_enter(), and drm_dev_unplug() waited for
 * those sections before.
 */

/**
 * struct ember_vma - A mapping of a BO range in a VM.
 */
struct ember_vma {
	/** @base: The drm_gpuva: VA range, BO, offset. */
	struct drm_gpuva base;

	/** @node: Link in &ember_vm_op_ctx.unlinked once removed. */
	struct list_head node;

	/** @flags: The map's enum drm_ember_vm_bind_op_flags. */
	u32 flags;
};

static struct ember_vma *to_ember_vma(struct drm_gpuva *va)
{
	return container_of(va, struct ember_vma, base);
}

static struct device *ember_vm_dma_dev(struct ember_vm *vm)
{
	return vm->edev->base.dev;
}

/*
 * Drop a reference to a &drm_gpuvm_bo. The last one unlinks it from the
 * BO and the VM's external-object list, which needs the VM's resv and the
 * BO's gpuva lock, and releases the pin the VM held on the BO's pages.
 */
static void ember_vm_bo_put(struct drm_gpuvm_bo *vm_bo)
{
	struct drm_gem_object *obj = vm_bo->obj;
	struct ember_bo *bo = to_ember_bo(obj);
	struct drm_gpuvm *gpuvm = vm_bo->vm;
	bool released;

	/* The lock lives in the BO and the resv in the VM: keep both. */
	drm_gem_object_get(obj);
	drm_gpuvm_get(gpuvm);

	dma_resv_lock(drm_gpuvm_resv(gpuvm), NULL);
	mutex_lock(&bo->gpuva_list_lock);
	released = drm_gpuvm_bo_put(vm_bo);
	mutex_unlock(&bo->gpuva_list_lock);
	dma_resv_unlock(drm_gpuvm_resv(gpuvm));

	if (released && !obj->import_attach)
		drm_gem_shmem_unpin(&bo->base);

	drm_gpuvm_put(gpuvm);
	drm_gem_object_put(obj);
}

/*
 * The operation goes on the VM's list at once, so that an unplug frees
 * whatever page tables it gets, until ember_vm_op_cleanup().
 */
static void ember_vm_op_init(struct ember_vm *vm, struct ember_vm_op_ctx *op,
			     const struct drm_ember_vm_bind_op *args)
{
	memset(op, 0, sizeof(*op));
	op->flags = args->flags;
	op->va = args->va;
	op->size = args->size;
	ember_pt_reserve_init(&op->tables);
	INIT_LIST_HEAD(&op->unlinked);
	INIT_LIST_HEAD(&op->garbage);

	mutex_lock(&vm->op_lock);
	list_add_tail(&op->vm_node, &vm->ops);
	mutex_unlock(&vm->op_lock);
}

/*
 * Hand freshly reserved tables to an operation, or free them at once if
 * the device was unplugged meanwhile (the unplug could not see them).
 */
static void ember_vm_op_add_tables(struct ember_vm *vm,
				   struct ember_vm_op_ctx *op,
				   struct ember_pt_reserve *tables)
{
	mutex_lock(&vm->op_lock);
	if (vm->root)
		ember_pt_reserve_splice(tables, &op->tables);
	mutex_unlock(&vm->op_lock);
	/* Whatever is left, outside the lock: it is ours alone. */
	ember_pt_reserve_release(ember_vm_dma_dev(vm), tables);
}

/**
 * ember_vm_op_prepare_map() - Prepare a map.
 * @vm: The VM.
 * @op: The operation to prepare.
 * @obj: The BO to map; the caller keeps its own reference.
 * @args: The map, already checked (alignment, ranges, flags).
 *
 * Pins the BO's pages (once per VM), reserves the page tables and the
 * mappings the map may need.
 *
 * Context: Process context; takes the VM's dma-resv lock.
 *
 * Return: 0, -EINVAL if the BO is private to another VM, -ENODEV if the
 * device is unplugged, or -ENOMEM (the operation needs
 * ember_vm_op_cleanup() either way).
 */
int ember_vm_op_prepare_map(struct ember_vm *vm, struct ember_vm_op_ctx *op,
			    struct drm_gem_object *obj,
			    const struct drm_ember_vm_bind_op *args)
{
	struct ember_bo *bo = to_ember_bo(obj);
	struct ember_pt_reserve tables;
	struct drm_gpuvm_bo *vm_bo;
	struct sg_table *sgt;
	unsigned int i;
	int ret;

	ember_vm_op_init(vm, op, args);
	op->map.bo_offset = args->bo_offset;

	if (bo->exclusive_vm_root_gem &&
	    bo->exclusive_vm_root_gem != drm_gpuvm_resv_obj(&vm->base))
		return -EINVAL;

	for (i = 0; i < ARRAY_SIZE(op->vmas); i++) {
		op->vmas[i] = kzalloc(sizeof(*op->vmas[i]), GFP_KERNEL_ACCOUNT);
		if (!op->vmas[i])
			return -ENOMEM;
	}

	/* Into a reserve of our own: op->tables is under op_lock. */
	ember_pt_reserve_init(&tables);
	ret = ember_pt_reserve(ember_vm_dma_dev(vm), &tables, op->va, op->size);
	ember_vm_op_add_tables(vm, op, &tables);
	if (ret)
		return ret;

	/* Imported pages are the exporter's to keep; ours we pin. */
	if (!obj->import_attach) {
		ret = drm_gem_shmem_pin(&bo->base);
		if (ret)
			return ret;
	}

	sgt = ember_bo_get_dma_sgt(bo);
	if (IS_ERR(sgt)) {
		ret = PTR_ERR(sgt);
		goto err_unpin;
	}
	op->map.sgt = sgt;

	vm_bo = drm_gpuvm_bo_create(&vm->base, obj);
	if (!vm_bo) {
		ret = -ENOMEM;
		goto err_unpin;
	}

	/*
	 * Take the existing <VM, BO> link if there is one (which frees ours
	 * at once, hence the resv lock) and with it the pin it holds.
	 */
	dma_resv_lock(drm_gpuvm_resv(&vm->base), NULL);
	mutex_lock(&bo->gpuva_list_lock);
	op->map.vm_bo = drm_gpuvm_bo_obtain_prealloc(vm_bo);
	mutex_unlock(&bo->gpuva_list_lock);
	drm_gpuvm_bo_extobj_add(op->map.vm_bo);
	dma_resv_unlock(drm_gpuvm_resv(&vm->base));

	if (op->map.vm_bo != vm_bo && !obj->import_attach)
		drm_gem_shmem_unpin(&bo->base);
	return 0;

err_unpin:
	if (!obj->import_attach)
		drm_gem_shmem_unpin(&bo->base);
	return ret;
}

/**
 * ember_vm_op_prepare_unmap() - Prepare an unmap.
 * @vm: The VM.
 * @op: The operation to prepare.
 * @args: The unmap, already checked.
 *
 * An unmap that cuts into mappings at its ends leaves up to two pieces of
 * them, which are new mappings: reserve them.
 *
 * Return: 0 or -ENOMEM (the operation needs ember_vm_op_cleanup() either
 * way).
 */
int ember_vm_op_prepare_unmap(struct ember_vm *vm, struct ember_vm_op_ctx *op,
			      const struct drm_ember_vm_bind_op *args)
{
	unsigned int i;

	ember_vm_op_init(vm, op, args);
	for (i = 0; i < 2; i++) {
		op->vmas[i] = kzalloc(sizeof(*op->vmas[i]), GFP_KERNEL_ACCOUNT);
		if (!op->vmas[i])
			return -ENOMEM;
	}
	return 0;
}

static struct ember_vma *ember_vm_op_take_vma(struct ember_vm_op_ctx *op)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(op->vmas); i++) {
		struct ember_vma *vma = op->vmas[i];

		if (vma) {
			op->vmas[i] = NULL;
			INIT_LIST_HEAD(&vma->node);
			return vma;
		}
	}
	return NULL;
}

static void ember_vma_link(struct ember_vma *vma, struct drm_gpuvm_bo *vm_bo)
{
	struct ember_bo *bo = to_ember_bo(vma->base.gem.obj);

	mutex_lock(&bo->gpuva_list_lock);
	drm_gpuva_link(&vma->base, vm_bo);
	/* drm_gpuva_link() took its own reference: ours was the caller's. */
	WARN_ON(drm_gpuvm_bo_put(vm_bo));
	mutex_unlock(&bo->gpuva_list_lock);
}

/*
 * Unlink a removed mapping from its BO but keep its &drm_gpuvm_bo
 * reference: the BO must stay pinned until the TLB no longer reaches it,
 * so the reference is dropped by ember_vm_op_cleanup().
 */
static void ember_vma_unlink(struct ember_vm_op_ctx *op, struct ember_vma *vma)
{
	struct ember_bo *bo = to_ember_bo(vma->base.gem.obj);
	struct drm_gpuvm_bo *vm_bo = drm_gpuvm_bo_get(vma->base.vm_bo);

	mutex_lock(&bo->gpuva_list_lock);
	drm_gpuva_unlink(&vma->base);
	mutex_unlock(&bo->gpuva_list_lock);

	vma->base.vm_bo = vm_bo;
	list_add_tail(&vma->node, &op->unlinked);
}

static void ember_vm_clear_range(struct ember_vm *vm, u64 va, u64 size)
{
	struct ember_vm_op_ctx *op = vm->op_ctx;

	ember_pt_unmap(vm->root, va, size, &op->garbage);
	op->flush_tlb = true;
}

static int ember_vm_sm_step_map(struct drm_gpuva_op *gpuva_op, void *priv)
{
	struct ember_vm *vm = priv;
	struct ember_vm_op_ctx *op = vm->op_ctx;
	struct ember_vma *vma = ember_vm_op_take_vma(op);
	int ret;

	if (WARN_ON(!vma))
		return -ENOMEM;

	ret = ember_pt_map(vm->root, &op->tables, gpuva_op->map.va.addr,
			   gpuva_op->map.va.range, op->map.sgt,
			   gpuva_op->map.gem.offset, ember_pte_flags(op->flags));
	if (ret) {
		/* Only on a driver bug: leave no half-made mapping behind. */
		ember_pt_unmap(vm->root, gpuva_op->map.va.addr,
			       gpuva_op->map.va.range, &op->garbage);
		kfree(vma);
		return ret;
	}

	vma->flags = op->flags;
	drm_gpuva_map(&vm->base, &vma->base, &gpuva_op->map);
	ember_vma_link(vma, op->map.vm_bo);
	op->map.vm_bo = NULL;
	return 0;
}

static int ember_vm_sm_step_remap(struct drm_gpuva_op *gpuva_op, void *priv)
{
	struct ember_vma *old = to_ember_vma(gpuva_op->remap.unmap->va);
	struct ember_vm *vm = priv;
	struct ember_vm_op_ctx *op = vm->op_ctx;
	struct ember_vma *prev = NULL, *next = NULL;
	u64 start, range;

	drm_gpuva_op_remap_to_unmap_range(&gpuva_op->remap, &start, &range);
	ember_vm_clear_range(vm, start, range);

	if (gpuva_op->remap.prev) {
		prev = ember_vm_op_take_vma(op);
		if (WARN_ON(!prev))
			return -ENOMEM;
		prev->flags = old->flags;
	}
	if (gpuva_op->remap.next) {
		next = ember_vm_op_take_vma(op);
		if (WARN_ON(!next))
			return -ENOMEM;
		next->flags = old->flags;
	}

	drm_gpuva_remap(prev ? &prev->base : NULL, next ? &next->base : NULL,
			&gpuva_op->remap);

	/* The pieces share the old mapping's <VM, BO> link. */
	if (prev)
		ember_vma_link(prev, drm_gpuvm_bo_get(old->base.vm_bo));
	if (next)
		ember_vma_link(next, drm_gpuvm_bo_get(old->base.vm_bo));

	ember_vma_unlink(op, old);
	return 0;
}

static int ember_vm_sm_step_unmap(struct drm_gpuva_op *gpuva_op, void *priv)
{
	struct ember_vma *vma = to_ember_vma(gpuva_op->unmap.va);
	struct ember_vm *vm = priv;

	ember_vm_clear_range(vm, vma->base.va.addr, vma->base.va.range);
	drm_gpuva_unmap(&gpuva_op->unmap);
	ember_vma_unlink(vm->op_ctx, vma);
	return 0;
}

static bool ember_vm_op_is_map(const struct ember_vm_op_ctx *op)
{
	return (op->flags & DRM_EMBER_VM_BIND_OP_TYPE_MASK) ==
	       DRM_EMBER_VM_BIND_OP_TYPE_MAP;
}

static void ember_vm_op_exec_locked(struct ember_vm *vm,
				    struct ember_vm_op_ctx *op)
{
	int ret;

	lockdep_assert_held(&vm->op_lock);

	/* Unplugged: no page table left, nothing the device could reach. */
	if (!vm->root)
		return;

	vm->op_ctx = op;
	if (ember_vm_op_is_map(op))
		ret = drm_gpuvm_sm_map(&vm->base, vm, op->va, op->size,
				       op->map.vm_bo->obj, op->map.bo_offset);
	else
		ret = drm_gpuvm_sm_unmap(&vm->base, vm, op->va, op->size);
	vm->op_ctx = NULL;

	/* Everything was prepared: a failure here is a driver bug. */
	drm_WARN_ONCE(&vm->edev->base, ret, "VM %u: bind operation failed: %d\n",
		      vm->id, ret);
}

static void ember_vma_release_list(struct list_head *vmas)
{
	struct ember_vma *vma, *tmp;

	list_for_each_entry_safe(vma, tmp, vmas, node) {
		list_del(&vma->node);
		ember_vm_bo_put(vma->base.vm_bo);
		kfree(vma);
	}
}

/* Release stale lists taken off the device: see DOC: TLB invalidation. */
static void ember_mmu_stale_release(struct ember_device *edev, struct list_head *pts,
				    struct list_head *vmas)
{
	ember_pt_free_list(edev->base.dev, pts);
	ember_vma_release_list(vmas);
}

/* Count what @pts and @vmas hold in (@sign 1) or out of (-1) the totals. */
static void ember_mmu_stale_count_locked(struct ember_device *edev, struct list_head *pts,
					 struct list_head *vmas, int sign)
{
	struct ember_vma *vma;

	lockdep_assert_held(&edev->mmu.stale_lock);

	list_for_each_entry(vma, vmas, node)
		edev->mmu.stale.bytes += sign * vma->base.va.range;
	edev->mmu.stale.num_pts += sign * list_count_nodes(pts);
	edev->mmu.stale.num_vmas += sign * list_count_nodes(vmas);
}

/*
 * Hold what an operation removed back until the device cannot reach it,
 * and have ember_mmu_tlb_recover_work() make sure it cannot. If the device
 * is already stopped for good (unplugged), leaves the lists to the caller
 * to release at once.
 */
static void ember_mmu_stale_hold(struct ember_device *edev, struct list_head *pts,
				 struct list_head *vmas)
{
	bool held;

	mutex_lock(&edev->mmu.stale_lock);
	held = !edev->mmu.stale.unplugged;
	if (held) {
		ember_mmu_stale_count_locked(edev, pts, vmas, 1);
		list_splice_tail_init(pts, &edev->mmu.stale.pts);
		list_splice_tail_init(vmas, &edev->mmu.stale.vmas);
	}
	mutex_unlock(&edev->mmu.stale_lock);

	if (held) {
		drm_dev_get(&edev->base);
		if (!queue_work(system_unbound_wq, &edev->mmu.tlb_recover_work))
			drm_dev_put(&edev->base);
	}
}

/**
 * ember_mmu_tlb_recover_work() - Make the device forget every stale
 * translation, then release the stale lists.
 * @work: &ember_device.mmu.tlb_recover_work.
 *
 * See DOC: TLB invalidation. What is stale when the work starts moves to
 * the releasing lists, where ember_mmu_unplug() still finds it, and is
 * released only if the invalidation (or the reset) that follows succeeds;
 * otherwise it goes back. Holds a reference to the DRM device, taken by
 * whoever queued it.
 */
static void ember_mmu_tlb_recover_work(struct work_struct *work)
{
	struct ember_device *edev = container_of(work, struct ember_device,
						 mmu.tlb_recover_work);
	LIST_HEAD(pts);
	LIST_HEAD(vmas);
	bool reset = false, empty;
	int ret;

	mutex_lock(&edev->mmu.stale_lock);
	list_splice_tail_init(&edev->mmu.stale.pts, &edev->mmu.stale.releasing_pts);
	list_splice_tail_init(&edev->mmu.stale.vmas, &edev->mmu.stale.releasing_vmas);
	empty = list_empty(&edev->mmu.stale.releasing_pts) &&
		list_empty(&edev->mmu.stale.releasing_vmas);
	mutex_unlock(&edev->mmu.stale_lock);
	if (empty)
		goto out;

	ret = ember_gpu_tlb_invalidate(edev, U64_MAX);
	if (ret && ret != -ENODEV) {
		drm_err(&edev->base, "TLB invalidation of every context failed (%d): resetting the device\n",
			ret);
		/* Unplugs the device, which then releases the lists, if it fails. */
		ret = ember_sched_reset_device(edev);
		reset = true;
	}

	mutex_lock(&edev->mmu.stale_lock);
	if (!ret) {
		list_splice_init(&edev->mmu.stale.releasing_pts, &pts);
		list_splice_init(&edev->mmu.stale.releasing_vmas, &vmas);
		ember_mmu_stale_count_locked(edev, &pts, &vmas, -1);
		if (reset)
			edev->mmu.tlb_stats.resets++;
		else
			edev->mmu.tlb_stats.recovered++;
	} else {
		/* Unplugging: ember_mmu_unplug() takes them, if it has not yet. */
		list_splice_init(&edev->mmu.stale.releasing_pts, &edev->mmu.stale.pts);
		list_splice_init(&edev->mmu.stale.releasing_vmas, &edev->mmu.stale.vmas);
	}
	mutex_unlock(&edev->mmu.stale_lock);

	ember_mmu_stale_release(edev, &pts, &vmas);
out:
	drm_dev_put(&edev->base);
}

/*
 * Invalidate the TLBs of the hardware contexts in @hw_ctx_mask after an
 * unmap. Returns 0 once the device no longer uses what it cached.
 */
static int ember_vm_invalidate_tlb(struct ember_vm *vm, u64 hw_ctx_mask)
{
	struct ember_device *edev = vm->edev;
	int ret;

	ret = ember_gpu_tlb_invalidate(edev, hw_ctx_mask);

	mutex_lock(&edev->mmu.stale_lock);
	edev->mmu.tlb_stats.invalidations++;
	if (ret)
		edev->mmu.tlb_stats.failed++;
	mutex_unlock(&edev->mmu.stale_lock);

	if (ret && ret != -ENODEV)
		drm_err_ratelimited(&edev->base,
				    "VM %u: TLB invalidation failed (%d): unmapped pages held back\n",
				    vm->id, ret);
	return ret;
}

/**
 * ember_vm_op_exec() - Apply prepared operations, in order.
 * @vm: The VM.
 * @ops: The operations, prepared for @vm.
 * @count: How many.
 *
 * When this returns, the device reaches what the operations mapped, and
 * no longer reaches what they unmapped — or, if the TLB invalidation
 * failed, what they unmapped is held back by ember_vm_op_cleanup() until
 * it cannot (see DOC: TLB invalidation). Allocates nothing. Once the
 * device is unplugged it applies nothing (see DOC: Device removal).
 *
 * Context: Process context, may be the fence-signalling path; takes
 * &ember_vm.op_lock and the BOs' gpuva list locks; sleeps for the
 * mailbox.
 */
void ember_vm_op_exec(struct ember_vm *vm, struct ember_vm_op_ctx *ops,
		      u32 count)
{
	bool flush_tlb = false;
	u64 hw_ctx_mask;
	u32 i;

	mutex_lock(&vm->op_lock);
	for (i = 0; i < count; i++) {
		ember_vm_op_exec_locked(vm, &ops[i]);
		flush_tlb |= ops[i].flush_tlb;
	}
	/* Read after the entries are cleared: see &ember_vm.hw_ctx_mask. */
	hw_ctx_mask = vm->hw_ctx_mask;
	mutex_unlock(&vm->op_lock);

	if (!flush_tlb)
		return;

	if (!hw_ctx_mask) {
		mutex_lock(&vm->edev->mmu.stale_lock);
		vm->edev->mmu.tlb_stats.skipped++;
		mutex_unlock(&vm->edev->mmu.stale_lock);
		return;
	}

	if (ember_vm_invalidate_tlb(vm, hw_ctx_mask)) {
		for (i = 0; i < count; i++)
			ops[i].tlb_stale = ops[i].flush_tlb;
	}
}

/**
 * ember_vm_op_cleanup() - Release what an operation left: unused
 * reservations, removed mappings, emptied tables.
 * @vm: The VM.
 * @op: The operation, applied (after ember_vm_op_exec() returned) or not.
 *
 * Context: Process context, not the fence-signalling path: it takes the
 * VM's dma-resv lock and may unpin pages.
 */
void ember_vm_op_cleanup(struct ember_vm *vm, struct ember_vm_op_ctx *op)
{
	unsigned int i;

	mutex_lock(&vm->op_lock);
	list_del(&op->vm_node);
	ember_pt_reserve_release(ember_vm_dma_dev(vm), &op->tables);
	/* Held back if the device may still reach it: DOC: TLB invalidation. */
	if (op->tlb_stale)
		ember_mmu_stale_hold(vm->edev, &op->garbage, &op->unlinked);
	ember_pt_free_list(ember_vm_dma_dev(vm), &op->garbage);
	mutex_unlock(&vm->op_lock);

	if (op->map.vm_bo)
		ember_vm_bo_put(op->map.vm_bo);

	for (i = 0; i < ARRAY_SIZE(op->vmas); i++)
		kfree(op->vmas[i]);

	ember_vma_release_list(&op->unlinked);
}

static void ember_vm_free(struct drm_gpuvm *gpuvm)
{
	struct ember_vm *vm = to_ember_vm(gpuvm);
	struct ember_device *edev = vm->edev;

	/*
	 * Under the lock: ember_mmu_unplug() either frees the root first or
	 * does not return before it is freed here.
	 */
	mutex_lock(&edev->mmu.vms_lock);
	list_del(&vm->dev_node);
	if (vm->root)
		ember_pt_free_root(ember_vm_dma_dev(vm), vm->root);
	mutex_unlock(&edev->mmu.vms_lock);

	mutex_destroy(&vm->op_lock);
	kfree(vm);
	drm_dev_put(&edev->base);
}

static const struct drm_gpuvm_ops ember_gpuvm_ops = {
	.vm_free = ember_vm_free,
	.sm_step_map = ember_vm_sm_step_map,
	.sm_step_remap = ember_vm_sm_step_remap,
	.sm_step_unmap = ember_vm_sm_step_unmap,
};

static void ember_vm_release_work(struct work_struct *work);

static struct ember_vm *ember_vm_create(struct ember_device *edev)
{
	struct drm_gem_object *resv_obj;
	struct ember_vm *vm;
	int ret;

	vm = kzalloc(sizeof(*vm), GFP_KERNEL_ACCOUNT);
	if (!vm)
		return ERR_PTR(-ENOMEM);

	vm->edev = edev;
	kref_init(&vm->refcount);
	INIT_WORK(&vm->release_work, ember_vm_release_work);
	mutex_init(&vm->op_lock);
	INIT_LIST_HEAD(&vm->ops);

	vm->root = ember_pt_alloc_root(edev->base.dev);
	if (!vm->root) {
		ret = -ENOMEM;
		goto err_free_vm;
	}
	vm->pt_root = ember_pt_bus_addr(vm->root);

	resv_obj = drm_gpuvm_resv_object_alloc(&edev->base);
	if (!resv_obj) {
		ret = -ENOMEM;
		goto err_free_root;
	}

	ret = ember_vm_bind_init(vm);
	if (ret) {
		drm_gem_object_put(resv_obj);
		goto err_free_root;
	}

	/* From here on, ember_vm_free() undoes what is above. */
	drm_dev_get(&edev->base);
	drm_gpuvm_init(&vm->base, "ember-vm", 0, &edev->base, resv_obj,
		       EMBER_VA_USER_START,
		       EMBER_VA_USER_END - EMBER_VA_USER_START, 0, 0,
		       &ember_gpuvm_ops);
	/* drm_gpuvm holds the resv object now. */
	drm_gem_object_put(resv_obj);

	mutex_lock(&edev->mmu.vms_lock);
	list_add_tail(&vm->dev_node, &edev->mmu.vms);
	mutex_unlock(&edev->mmu.vms_lock);
	return vm;

err_free_root:
	ember_pt_free_root(edev->base.dev, vm->root);
err_free_vm:
	mutex_destroy(&vm->op_lock);
	kfree(vm);
	return ERR_PTR(ret);
}

static void ember_vm_release(struct kref *kref)
{
	struct ember_vm *vm = container_of(kref, struct ember_vm, refcount);
	struct drm_ember_vm_bind_op everything = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP,
		.va = vm->base.mm_start,
		.size = vm->base.mm_range,
	};
	struct ember_vm_op_ctx op;

	/* Cancel queued binds: they use the VM without a reference. */
	ember_vm_bind_fini(vm);

	/* Unmapping everything splits no mapping: it needs no allocation. */
	ember_vm_op_prepare_unmap(vm, &op, &everything);
	ember_vm_op_exec(vm, &op, 1);
	ember_vm_op_cleanup(vm, &op);

	drm_gpuvm_put(&vm->base);
}

static void ember_vm_release_work(struct work_struct *work)
{
	struct ember_vm *vm = container_of(work, struct ember_vm, release_work);
	struct drm_device *ddev = &vm->edev->base;

	ember_vm_release(&vm->refcount);
	drm_dev_put(ddev);
}

/*
 * Empty a VM of an unplugged device: see DOC: Device removal. The caller
 * holds a &drm_gpuvm reference, not &ember_device.mmu.vms_lock.
 */
static void ember_vm_unplug(struct ember_vm *vm)
{
	struct drm_ember_vm_bind_op everything = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP,
		.va = vm->base.mm_start,
		.size = vm->base.mm_range,
	};
	struct ember_vm_op_ctx op, *pending;
	struct ember_pt *root;

	/* Unmapping everything splits no mapping: it needs no allocation. */
	ember_vm_op_prepare_unmap(vm, &op, &everything);

	mutex_lock(&vm->op_lock);
	ember_vm_op_exec_locked(vm, &op);
	/* Binds not cleaned up yet keep their tables no longer. */
	list_for_each_entry(pending, &vm->ops, vm_node) {
		ember_pt_reserve_release(ember_vm_dma_dev(vm), &pending->tables);
		ember_pt_free_list(ember_vm_dma_dev(vm), &pending->garbage);
	}
	root = vm->root;
	vm->root = NULL;
	mutex_unlock(&vm->op_lock);

	/* No TLB invalidation: there is no device left to cache anything. */
	ember_vm_op_cleanup(vm, &op);
	ember_pt_free_root(ember_vm_dma_dev(vm), root);
}

/**
 * ember_mmu_init() - Initialise the device's lists of VMs and DMA-mapped
 * BOs.
 * @edev: The device, before anything can create a VM or a BO.
 *
 * Return: 0 or a negative error code.
 */
int ember_mmu_init(struct ember_device *edev)
{
	int ret;

	INIT_LIST_HEAD(&edev->mmu.vms);
	INIT_LIST_HEAD(&edev->mmu.bos);
	INIT_LIST_HEAD(&edev->mmu.stale.pts);
	INIT_LIST_HEAD(&edev->mmu.stale.vmas);
	INIT_LIST_HEAD(&edev->mmu.stale.releasing_pts);
	INIT_LIST_HEAD(&edev->mmu.stale.releasing_vmas);
	INIT_WORK(&edev->mmu.tlb_recover_work, ember_mmu_tlb_recover_work);

	ret = drmm_mutex_init(&edev->base, &edev->mmu.vms_lock);
	if (ret)
		return ret;

	ret = drmm_mutex_init(&edev->base, &edev->mmu.stale_lock);
	if (ret)
		return ret;

	return drmm_mutex_init(&edev->base, &edev->mmu.bos_lock);
}

/**
 * ember_mmu_unplug() - Give back every DMA mapping and allocation of the
 * device's VMs and BOs.
 * @edev: The device, unplugged from DRM and stopped (ember_sched_unplug()).
 *
 * See DOC: Device removal. When this returns, nothing of the VMs and BOs
 * is DMA-mapped or DMA-allocated for the device; they themselves live on
 * until their last user drops them.
 *
 * Context: Process context, from ember_device_unplug() only (it runs
 * once). Takes &ember_device.mmu.vms_lock, then each VM's op_lock and
 * dma-resv locks.
 */
void ember_mmu_unplug(struct ember_device *edev)
{
	struct ember_vm *vm, *tmp;
	LIST_HEAD(stale_pts);
	LIST_HEAD(stale_vmas);
	LIST_HEAD(vms);

	/*
	 * Take a &drm_gpuvm reference to each VM, so that it is torn down
	 * outside the lock (which its last put takes, in ember_vm_free()).
	 * A VM whose count already dropped to zero has no mapping left,
	 * only its root, which its ember_vm_free() is waiting to free under
	 * the lock: free it now, before this returns.
	 */
	mutex_lock(&edev->mmu.vms_lock);
	list_for_each_entry(vm, &edev->mmu.vms, dev_node) {
		if (kref_get_unless_zero(&vm->base.kref)) {
			list_add_tail(&vm->unplug_node, &vms);
		} else if (vm->root) {
			ember_pt_free_root(ember_vm_dma_dev(vm), vm->root);
			vm->root = NULL;
		}
	}
	mutex_unlock(&edev->mmu.vms_lock);

	list_for_each_entry_safe(vm, tmp, &vms, unplug_node) {
		list_del(&vm->unplug_node);
		ember_vm_unplug(vm);
		drm_gpuvm_put(&vm->base);
	}

	/* The device is stopped: what was held back can go, and from now on at once. */
	mutex_lock(&edev->mmu.stale_lock);
	edev->mmu.stale.unplugged = true;
	list_splice_init(&edev->mmu.stale.pts, &stale_pts);
	list_splice_init(&edev->mmu.stale.vmas, &stale_vmas);
	list_splice_init(&edev->mmu.stale.releasing_pts, &stale_pts);
	list_splice_init(&edev->mmu.stale.releasing_vmas, &stale_vmas);
	ember_mmu_stale_count_locked(edev, &stale_pts, &stale_vmas, -1);
	mutex_unlock(&edev->mmu.stale_lock);
	ember_mmu_stale_release(edev, &stale_pts, &stale_vmas);

	/* Last: the VMs' mappings used the BOs' DMA mappings. */
	ember_gem_unplug(edev);
}

/**
 * ember_vm_get() - Take a reference to a VM.
 * @vm: The VM, on which the caller holds a reference.
 *
 * Return: @vm.
 */
struct ember_vm *ember_vm_get(struct ember_vm *vm)
{
	kref_get(&vm->refcount);
	return vm;
}

/**
 * ember_vm_put() - Drop a reference to a VM.
 * @vm: The VM, or NULL.
 *
 * The last reference unmaps everything (invalidating the TLB) and frees
 * the page tables: whoever drops it must have pointed every hardware
 * context away from ember_vm_pt_root() first.
 *
 * Context: Process context, may sleep: the last reference cancels the
 * VM's queued binds and waits for the one being applied, if any, and for
 * the mailbox.
 * Never call it under a dma-resv lock or &ember_vm.op_lock, nor from a
 * work item a queued bind could be waiting for.
 */
void ember_vm_put(struct ember_vm *vm)
{
	if (vm)
		kref_put(&vm->refcount, ember_vm_release);
}

static void ember_vm_release_deferred(struct kref *kref)
{
	struct ember_vm *vm = container_of(kref, struct ember_vm, refcount);

	/* The work's reference: the device's release finishes the rings. */
	drm_dev_get(&vm->edev->base);
	queue_work(system_unbound_wq, &vm->release_work);
}

/**
 * ember_vm_put_deferred() - Drop a reference to a VM, never waiting.
 * @vm: The VM, or NULL.
 *
 * As ember_vm_put(), but the last reference releases the VM from a work
 * item, for callers that must not block on the release (the bind being
 * applied, the mailbox, dma-resv locks): a job's free_job runs on its
 * ring's scheduler workqueue, which must keep running the ring's jobs.
 */
void ember_vm_put_deferred(struct ember_vm *vm)
{
	if (vm)
		kref_put(&vm->refcount, ember_vm_release_deferred);
}

/**
 * ember_vm_lookup() - Find a VM of a file by ID.
 * @efile: The file.
 * @id: The VM's ID.
 *
 * Return: The VM with a new reference (drop it with ember_vm_put()), or
 * NULL if the file has no such VM.
 */
struct ember_vm *ember_vm_lookup(struct ember_file *efile, u32 id)
{
	struct ember_vm *vm;

	xa_lock(&efile->vms);
	vm = xa_load(&efile->vms, id);
	if (vm)
		ember_vm_get(vm);
	xa_unlock(&efile->vms);
	return vm;
}

/**
 * ember_vm_pt_root() - The bus address of a VM's root page table, for a
 * context's PT_ROOT registers.
 * @vm: The VM.
 *
 * Return: The address; it never changes during the VM's life, but is
 * stale (the table is freed) once the device is unplugged, when nothing
 * can write it to the device any more.
 */
u64 ember_vm_pt_root(struct ember_vm *vm)
{
	return vm->pt_root;
}

/**
 * ember_vm_attach_hw_ctx() - Note that a hardware context translates
 * through the VM, before pointing it at ember_vm_pt_root().
 * @vm: The VM.
 * @hw_ctx: The hardware context, below %EMBER_MAX_CONTEXTS.
 *
 * From now on unmaps invalidate its TLB (see DOC: TLB invalidation).
 */
void ember_vm_attach_hw_ctx(struct ember_vm *vm, u32 hw_ctx)
{
	mutex_lock(&vm->op_lock);
	vm->hw_ctx_mask |= BIT_ULL(hw_ctx);
	mutex_unlock(&vm->op_lock);
}

/**
 * ember_vm_detach_hw_ctx() - Note that a hardware context no longer
 * translates through the VM.
 * @vm: The VM.
 * @hw_ctx: The hardware context: no job of it is on a ring any more, its
 *	PT_ROOT is cleared, and it is reset before it runs anything again.
 */
void ember_vm_detach_hw_ctx(struct ember_vm *vm, u32 hw_ctx)
{
	mutex_lock(&vm->op_lock);
	vm->hw_ctx_mask &= ~BIT_ULL(hw_ctx);
	mutex_unlock(&vm->op_lock);
}

/**
 * ember_vm_lock_for_job() - Lock the reservations a job in a VM touches.
 * @vm: The VM.
 * @exec: The caller's drm_exec, inside drm_exec_until_all_locked().
 *
 * Locks the VM's reservation object (shared by its private BOs) and those
 * of every external BO mapped in it, with a fence slot reserved in each.
 * The caller follows with drm_exec_retry_on_contention().
 *
 * Return: 0, or a negative error code (-EDEADLK on contention).
 */
int ember_vm_lock_for_job(struct ember_vm *vm, struct drm_exec *exec)
{
	int ret;

	ret = drm_gpuvm_prepare_vm(&vm->base, exec, 1);
	if (ret)
		return ret;

	return drm_gpuvm_prepare_objects(&vm->base, exec, 1);
}

/**
 * ember_vm_add_job_fence() - Make a job's fence guard the VM's BOs.
 * @vm: The VM, locked with ember_vm_lock_for_job() in @exec.
 * @exec: The drm_exec holding the locks.
 * @fence: The job's finished fence (after drm_sched_job_arm()).
 * @extobj_usage: How external BOs get it: DMA_RESV_USAGE_WRITE for an
 *	implicitly synchronised job, DMA_RESV_USAGE_BOOKKEEP for an explicit
 *	one.
 *
 * Private BOs get the fence as BOOKKEEP (explicit sync only: it just keeps
 * them alive); external BOs, which other users may share, as
 * @extobj_usage, so that implicit synchronisation waits for an implicit
 * job (and only eviction and teardown see an explicit one).
 */
void ember_vm_add_job_fence(struct ember_vm *vm, struct drm_exec *exec,
			    struct dma_fence *fence, enum dma_resv_usage extobj_usage)
{
	drm_gpuvm_resv_add_fence(&vm->base, exec, fence, DMA_RESV_USAGE_BOOKKEEP,
				 extobj_usage);
}

/**
 * ember_mmu_file_init() - Initialise the VM part of a new file.
 * @efile: The file.
 */
void ember_mmu_file_init(struct ember_file *efile)
{
	xa_init_flags(&efile->vms, XA_FLAGS_ALLOC1);
}

/**
 * ember_mmu_file_fini() - Drop the file's VMs when it is closed.
 * @efile: The file.
 *
 * VMs still used by contexts or jobs live on until those are done.
 */
void ember_mmu_file_fini(struct ember_file *efile)
{
	struct ember_vm *vm;
	unsigned long id;

	xa_for_each(&efile->vms, id, vm) {
		xa_erase(&efile->vms, id);
		ember_vm_put(vm);
	}
	xa_destroy(&efile->vms);
}

/**
 * ember_ioctl_vm_create() - DRM_IOCTL_EMBER_VM_CREATE.
 * @ddev: The DRM device.
 * @data: struct drm_ember_vm_create.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_vm_create(struct drm_device *ddev, void *data,
			  struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_vm_create *args = data;
	struct ember_vm *vm;
	int cookie, ret;

	if (args->flags)
		return -EINVAL;

	/* A VM created after ember_mmu_unplug() would escape its teardown. */
	if (!drm_dev_enter(ddev, &cookie))
		return -ENODEV;
	vm = ember_vm_create(to_ember_device(ddev));
	drm_dev_exit(cookie);
	if (IS_ERR(vm))
		return PTR_ERR(vm);

	ret = xa_alloc(&efile->vms, &vm->id, vm, xa_limit_32b, GFP_KERNEL);
	if (ret) {
		ember_vm_put(vm);
		return ret;
	}

	args->id = vm->id;
	return 0;
}

/**
 * ember_ioctl_vm_destroy() - DRM_IOCTL_EMBER_VM_DESTROY.
 * @ddev: The DRM device.
 * @data: struct drm_ember_vm_destroy.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_vm_destroy(struct drm_device *ddev, void *data,
			   struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_vm_destroy *args = data;
	struct ember_vm *vm;

	if (args->pad)
		return -EINVAL;

	/*
	 * Never erase index 0: in an XA_FLAGS_ALLOC1 xarray that would mark
	 * it free, and the next VM would get ID 0.
	 */
	if (!args->id)
		return -ENOENT;

	vm = xa_erase(&efile->vms, args->id);
	if (!vm)
		return -ENOENT;

	ember_vm_put(vm);
	return 0;
}

static void ember_mmu_debugfs_show_vm(struct seq_file *m, struct ember_vm *vm)
{
	struct drm_gpuva *va;

	mutex_lock(&vm->op_lock);
	if (!vm->root) {
		seq_printf(m, "  vm %u: unplugged, users %u\n", vm->id,
			   kref_read(&vm->refcount));
		mutex_unlock(&vm->op_lock);
		return;
	}
	seq_printf(m, "  vm %u: pt_root 0x%llx, %u page tables, users %u\n", vm->id,
		   ember_vm_pt_root(vm), ember_pt_count(vm->root),
		   kref_read(&vm->refcount));
	drm_gpuvm_for_each_va(va, &vm->base) {
		u32 flags = to_ember_vma(va)->flags;
		u64 pte = ember_pt_lookup(vm->root, va->va.addr);

		seq_printf(m, "    0x%012llx-0x%012llx %c%c%c bo %p offset 0x%llx pte_bits 0x%llx\n",
			   va->va.addr, va->va.addr + va->va.range, 'r',
			   flags & DRM_EMBER_VM_BIND_OP_MAP_READONLY ? '-' : 'w',
			   flags & DRM_EMBER_VM_BIND_OP_MAP_NOEXEC ? '-' : 'x',
			   va->gem.obj, va->gem.offset, pte & ~EMBER_PTE_ADDR_MASK);
	}
	mutex_unlock(&vm->op_lock);
}

static int ember_mmu_debugfs_vms(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct drm_device *ddev = entry->dev;
	struct drm_file *file;

	mutex_lock(&ddev->filelist_mutex);
	list_for_each_entry(file, &ddev->filelist, lhead) {
		struct ember_file *efile = file->driver_priv;
		struct ember_vm *vm;
		unsigned long id;

		seq_printf(m, "file %llu:\n", file->client_id);
		xa_for_each(&efile->vms, id, vm) {
			/* The file cannot close (filelist_mutex), but VM_DESTROY can run. */
			vm = ember_vm_lookup(efile, id);
			if (!vm)
				continue;
			ember_mmu_debugfs_show_vm(m, vm);
			ember_vm_put(vm);
		}
	}
	mutex_unlock(&ddev->filelist_mutex);
	return 0;
}

static int ember_mmu_debugfs_tlb(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ember_device *edev = to_ember_device(entry->dev);

	mutex_lock(&edev->mmu.stale_lock);
	seq_printf(m, "invalidations: %llu\n", edev->mmu.tlb_stats.invalidations);
	seq_printf(m, "skipped: %llu\n", edev->mmu.tlb_stats.skipped);
	seq_printf(m, "failed: %llu\n", edev->mmu.tlb_stats.failed);
	seq_printf(m, "recovered: %llu\n", edev->mmu.tlb_stats.recovered);
	seq_printf(m, "resets: %llu\n", edev->mmu.tlb_stats.resets);
	seq_printf(m, "stale_page_tables: %u\n", edev->mmu.stale.num_pts);
	seq_printf(m, "stale_mappings: %u\n", edev->mmu.stale.num_vmas);
	seq_printf(m, "stale_bytes: %llu\n", edev->mmu.stale.bytes);
	mutex_unlock(&edev->mmu.stale_lock);
	return 0;
}

/**
 * ember_mmu_debugfs_init() - Register the MMU's debugfs files.
 * @edev: The device, before drm_dev_register().
 *
 * - ``vms``: every VM of every file with its page-table count, and its
 *   mappings (range, rwx, BO, offset, and the non-address bits of the leaf
 *   entry of the first page, as the device reads them).
 * - ``tlb``: one ``key: value`` per line: ``invalidations`` (mailbox TLB
 *   invalidations after unmaps), ``skipped`` (unmaps in VMs no context
 *   uses, which need none), ``failed`` (invalidations not acknowledged),
 *   ``recovered`` and ``resets`` (times the stale lists were released
 *   after an invalidation of every context, or after a device reset), and
 *   what is held back now: ``stale_page_tables``, ``stale_mappings`` and
 *   ``stale_bytes`` (see DOC: TLB invalidation).
 */
void ember_mmu_debugfs_init(struct ember_device *edev)
{
	drm_debugfs_add_file(&edev->base, "vms", ember_mmu_debugfs_vms, NULL);
	drm_debugfs_add_file(&edev->base, "tlb", ember_mmu_debugfs_tlb, NULL);
}
