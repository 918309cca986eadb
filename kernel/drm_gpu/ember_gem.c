// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-buf.h>
#include <linux/dma-mapping.h>
#include <linux/dma-resv.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_prime.h>
#include <drm/drm_vma_manager.h>
#include <drm/ember_drm.h>

#include "ember_device.h"
#include "ember_file.h"
#include "ember_gem.h"
#include "ember_mmu.h"

/**
 * DOC: Buffer objects
 *
 * A BO is a drm_gem_shmem object: pages come from shmem when first needed
 * (a CPU fault through mmap(), a vmap, or a GPU mapping, which pins them),
 * and CPU mappings are cached (the device is coherent: it is a host
 * process reading guest RAM). PRIME export and import are the GEM and
 * shmem helpers': an imported dma-buf of another driver becomes an
 * &struct ember_bo with its pages from the exporter, mappable in VMs but
 * not mmap()able through BO_MMAP_OFFSET (the uAPI says so; mmap() the
 * dma-buf instead).
 *
 * A BO created for an exclusive VM shares that VM's reservation object,
 * so submitting in the VM locks one reservation for all such BOs; it can
 * be mapped in no other VM and is never exported.
 *
 * fdinfo: every BO reports its size as drm-total-memory; a BO with pages
 * (and every imported one) counts as resident; BOs are never purgeable.
 */

/**
 * DOC: DMA mappings of BOs
 *
 * A BO is DMA-mapped for the device when it is first mapped in a VM
 * (ember_bo_get_dma_sgt(): drm_gem_shmem_get_pages_sgt() maps its pages
 * and keeps the mapping in &drm_gem_shmem_object.sgt) and an imported BO
 * from its import (the core maps the attachment). Either way the BO joins
 * &ember_device.mmu.bos, and leaves it when the mapping is released:
 * when the BO is freed, or earlier by ember_gem_unplug() when the device
 * is unplugged, since a DMA mapping must not outlive the driver's binding
 * to the device while a BO may outlive it by far (open files, dma-bufs).
 *
 * Releasing the mapping unmaps it and clears &drm_gem_shmem_object.sgt,
 * so that drm_gem_shmem_free() does not unmap it again. The page
 * reference the mapping took stays until drm_gem_shmem_free() drops it
 * (it puts the pages of any BO that still has them), so CPU mappings of
 * the BO keep working after an unplug. No new mapping is made once the
 * device is unplugged: mapping happens inside drm_dev_enter(), and
 * ember_gem_unplug() runs after drm_dev_unplug() waited for those
 * sections.
 *
 * &ember_device.mmu.bos_lock covers the list and each release, so an
 * unplug and the BO's free never both unmap it: it is taken outside the
 * BO's dma-resv lock, which the release takes to clear the sgt.
 */

/* Unmap a BO's DMA mapping and take it off the device's list. */
static void ember_bo_release_dma(struct ember_device *edev, struct ember_bo *bo)
{
	struct drm_gem_shmem_object *shmem = &bo->base;
	struct drm_gem_object *obj = &shmem->base;

	lockdep_assert_held(&edev->mmu.bos_lock);

	dma_resv_lock(obj->resv, NULL);
	if (obj->import_attach) {
		/* The exporter's resv is the BO's: it is held as required. */
		dma_buf_unmap_attachment(obj->import_attach, shmem->sgt,
					 DMA_BIDIRECTIONAL);
	} else {
		dma_unmap_sgtable(obj->dev->dev, shmem->sgt, DMA_BIDIRECTIONAL, 0);
		sg_free_table(shmem->sgt);
		kfree(shmem->sgt);
	}
	shmem->sgt = NULL;
	dma_resv_unlock(obj->resv);

	list_del_init(&bo->dma_node);
}

/* Put a DMA-mapped BO on the device's list, once. */
static void ember_bo_track_dma(struct ember_device *edev, struct ember_bo *bo)
{
	mutex_lock(&edev->mmu.bos_lock);
	if (list_empty(&bo->dma_node))
		list_add_tail(&bo->dma_node, &edev->mmu.bos);
	mutex_unlock(&edev->mmu.bos_lock);
}

/**
 * ember_bo_get_dma_sgt() - DMA-map a BO's pages for the device.
 * @bo: The BO, pinned unless imported.
 *
 * The mapping lasts until the BO is freed or the device unplugged (see
 * DOC: DMA mappings of BOs); the BO's mappings in VMs must be gone by
 * then, and they are: a VM holds a reference to each BO it maps, and
 * ember_mmu_unplug() tears down every VM before it calls
 * ember_gem_unplug().
 *
 * Context: Process context; takes the BO's dma-resv lock.
 *
 * Return: The BO's pages as DMA-mapped, or an ERR_PTR(): -ENODEV once the
 * device is unplugged, -ENOMEM.
 */
struct sg_table *ember_bo_get_dma_sgt(struct ember_bo *bo)
{
	struct ember_device *edev = to_ember_device(bo->base.base.dev);
	struct sg_table *sgt;
	int cookie;

	if (!drm_dev_enter(&edev->base, &cookie))
		return ERR_PTR(-ENODEV);

	sgt = drm_gem_shmem_get_pages_sgt(&bo->base);
	if (!IS_ERR(sgt))
		ember_bo_track_dma(edev, bo);

	drm_dev_exit(cookie);
	return sgt;
}

/**
 * ember_gem_prime_import_sg_table() - &drm_driver.gem_prime_import_sg_table:
 * make a BO of an attachment the core mapped for the device.
 * @ddev: The DRM device.
 * @attach: The attachment of the imported dma-buf.
 * @sgt: Its mapping for the device.
 *
 * Return: The new BO's GEM object, or an ERR_PTR() (-ENODEV once the device
 * is unplugged; the core then unmaps @sgt).
 */
struct drm_gem_object *
ember_gem_prime_import_sg_table(struct drm_device *ddev,
				struct dma_buf_attachment *attach,
				struct sg_table *sgt)
{
	struct drm_gem_object *obj;
	int cookie;

	if (!drm_dev_enter(ddev, &cookie))
		return ERR_PTR(-ENODEV);

	obj = drm_gem_shmem_prime_import_sg_table(ddev, attach, sgt);
	if (!IS_ERR(obj)) {
		/*
		 * The core sets these once this returns, to the same values;
		 * an unplug right after must already see an imported BO.
		 */
		obj->import_attach = attach;
		obj->resv = attach->dmabuf->resv;
		ember_bo_track_dma(to_ember_device(ddev), to_ember_bo(obj));
	}

	drm_dev_exit(cookie);
	return obj;
}

/**
 * ember_gem_unplug() - Release the DMA mapping of every BO of a device.
 * @edev: The device, unplugged, with no VM mapping left.
 *
 * The BOs themselves stay: see DOC: DMA mappings of BOs.
 *
 * Context: Process context, from ember_mmu_unplug().
 */
void ember_gem_unplug(struct ember_device *edev)
{
	struct ember_bo *bo, *tmp;

	mutex_lock(&edev->mmu.bos_lock);
	/* A BO being freed waits for the lock, then finds itself released. */
	list_for_each_entry_safe(bo, tmp, &edev->mmu.bos, dma_node)
		ember_bo_release_dma(edev, bo);
	mutex_unlock(&edev->mmu.bos_lock);
}

static void ember_gem_free(struct drm_gem_object *obj)
{
	struct ember_device *edev = to_ember_device(obj->dev);
	struct ember_bo *bo = to_ember_bo(obj);
	struct drm_gem_object *vm_root_gem = bo->exclusive_vm_root_gem;

	/* Under the lock, so that ember_gem_unplug() cannot release it too. */
	mutex_lock(&edev->mmu.bos_lock);
	if (!list_empty(&bo->dma_node))
		ember_bo_release_dma(edev, bo);
	mutex_unlock(&edev->mmu.bos_lock);

	if (bo->charged)
		atomic64_sub(obj->size, &edev->bo_bytes);
	mutex_destroy(&bo->gpuva_list_lock);
	drm_gem_shmem_free(&bo->base);
	/* After the BO: its reservation object may be this one's. */
	drm_gem_object_put(vm_root_gem);
}

static int ember_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	if (to_ember_bo(obj)->flags & DRM_EMBER_BO_NO_MMAP)
		return -EINVAL;

	return drm_gem_shmem_object_mmap(obj, vma);
}

static struct dma_buf *ember_gem_prime_export(struct drm_gem_object *obj,
					      int flags)
{
	if (to_ember_bo(obj)->exclusive_vm_root_gem)
		return ERR_PTR(-EINVAL);

	return drm_gem_prime_export(obj, flags);
}

static enum drm_gem_object_status ember_gem_status(struct drm_gem_object *obj)
{
	/* Called under the file's table spinlock: a racy look is all we get. */
	if (obj->import_attach || READ_ONCE(to_ember_bo(obj)->base.pages))
		return DRM_GEM_OBJECT_RESIDENT;
	return 0;
}

static size_t ember_gem_rss(struct drm_gem_object *obj)
{
	return ember_gem_status(obj) & DRM_GEM_OBJECT_RESIDENT ? obj->size : 0;
}

static const struct drm_gem_object_funcs ember_gem_funcs = {
	.free = ember_gem_free,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = ember_gem_mmap,
	.export = ember_gem_prime_export,
	.status = ember_gem_status,
	.rss = ember_gem_rss,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

/**
 * ember_gem_create_object() - &drm_driver.gem_create_object: allocate a BO
 * for the shmem helpers (BO_CREATE and PRIME import).
 * @ddev: The DRM device.
 * @size: The object's size.
 *
 * Return: The GEM object embedded in a new &struct ember_bo, or an
 * ERR_PTR().
 */
struct drm_gem_object *ember_gem_create_object(struct drm_device *ddev,
					       size_t size)
{
	struct ember_bo *bo;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo)
		return ERR_PTR(-ENOMEM);

	bo->base.base.funcs = &ember_gem_funcs;
	mutex_init(&bo->gpuva_list_lock);
	drm_gem_gpuva_set_lock(&bo->base.base, &bo->gpuva_list_lock);
	INIT_LIST_HEAD(&bo->dma_node);
	return &bo->base.base;
}

/*
 * Counts @size bytes of new BO against the device's budget
 * (&drm_ember_gpu_info.bo_memory). A budget rather than the OOM killer:
 * the pages of a BO the device maps are pinned and belong to no process,
 * so the OOM killer cannot free them and, once BOs hold most of the RAM,
 * finds nothing to kill and panics. The budget is charged at creation,
 * before any page exists, so that a BO that fits can always get its pages.
 */
static int ember_bo_charge(struct ember_device *edev, u64 size)
{
	if (atomic64_add_return(size, &edev->bo_bytes) > edev->gpu_info.bo_memory) {
		atomic64_sub(size, &edev->bo_bytes);
		return -ENOMEM;
	}
	return 0;
}

/**
 * ember_ioctl_bo_create() - DRM_IOCTL_EMBER_BO_CREATE.
 * @ddev: The DRM device.
 * @data: struct drm_ember_bo_create.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_bo_create(struct drm_device *ddev, void *data,
			  struct drm_file *file)
{
	struct ember_device *edev = to_ember_device(ddev);
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_bo_create *args = data;
	struct drm_gem_shmem_object *shmem;
	struct ember_vm *vm = NULL;
	struct ember_bo *bo;
	u32 handle;
	int ret;

	if (args->pad || (args->flags & ~DRM_EMBER_BO_NO_MMAP) || !args->size ||
	    args->size > edev->gpu_info.max_bo_size)
		return -EINVAL;

	if (args->exclusive_vm_id) {
		vm = ember_vm_lookup(efile, args->exclusive_vm_id);
		if (!vm)
			return -ENOENT;
	}

	ret = ember_bo_charge(edev, PAGE_ALIGN(args->size));
	if (ret)
		goto out_put_vm;

	shmem = drm_gem_shmem_create(ddev, PAGE_ALIGN(args->size));
	if (IS_ERR(shmem)) {
		atomic64_sub(PAGE_ALIGN(args->size), &edev->bo_bytes);
		ret = PTR_ERR(shmem);
		goto out_put_vm;
	}

	bo = to_ember_bo(&shmem->base);
	/* From here ember_gem_free() gives the charge back. */
	bo->charged = true;
	bo->flags = args->flags;
	if (vm) {
		bo->exclusive_vm_id = args->exclusive_vm_id;
		bo->exclusive_vm_root_gem = drm_gpuvm_resv_obj(&vm->base);
		drm_gem_object_get(bo->exclusive_vm_root_gem);
		shmem->base.resv = bo->exclusive_vm_root_gem->resv;
	}

	ret = drm_gem_handle_create(file, &shmem->base, &handle);
	if (!ret) {
		args->handle = handle;
		args->size = shmem->base.size;
	}
	/* The handle holds the object now, or it goes. */
	drm_gem_object_put(&shmem->base);

out_put_vm:
	if (vm)
		ember_vm_put(vm);
	return ret;
}

/**
 * ember_ioctl_bo_mmap_offset() - DRM_IOCTL_EMBER_BO_MMAP_OFFSET.
 * @ddev: The DRM device.
 * @data: struct drm_ember_bo_mmap_offset.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_bo_mmap_offset(struct drm_device *ddev, void *data,
			       struct drm_file *file)
{
	struct drm_ember_bo_mmap_offset *args = data;
	struct drm_gem_object *obj;
	int ret;

	if (args->pad)
		return -EINVAL;

	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;

	if ((to_ember_bo(obj)->flags & DRM_EMBER_BO_NO_MMAP) || obj->import_attach) {
		ret = -EINVAL;
		goto out_put;
	}

	ret = drm_gem_create_mmap_offset(obj);
	if (!ret)
		args->offset = drm_vma_node_offset_addr(&obj->vma_node);

out_put:
	drm_gem_object_put(obj);
	return ret;
}

/**
 * ember_ioctl_bo_info() - DRM_IOCTL_EMBER_BO_INFO.
 * @ddev: The DRM device.
 * @data: struct drm_ember_bo_info.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_bo_info(struct drm_device *ddev, void *data,
			struct drm_file *file)
{
	struct drm_ember_bo_info *args = data;
	struct drm_gem_object *obj;
	struct ember_bo *bo;

	if (args->pad)
		return -EINVAL;

	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;

	bo = to_ember_bo(obj);
	args->flags = bo->flags;
	args->size = obj->size;
	args->exclusive_vm_id = bo->exclusive_vm_id;
	drm_gem_object_put(obj);
	return 0;
}

/* dma_buf_unmap_attachment(), for imported BOs at unplug. */
MODULE_IMPORT_NS(DMA_BUF);
