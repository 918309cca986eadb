// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-buf.h>
#include <linux/err.h>
#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_prime.h>
#include <drm/drm_vma_manager.h>
#include <drm/ember_drm.h>

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

static void ember_gem_free(struct drm_gem_object *obj)
{
	struct ember_bo *bo = to_ember_bo(obj);
	struct drm_gem_object *vm_root_gem = bo->exclusive_vm_root_gem;

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
	return &bo->base.base;
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
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_bo_create *args = data;
	struct drm_gem_shmem_object *shmem;
	struct ember_vm *vm = NULL;
	struct ember_bo *bo;
	u32 handle;
	int ret;

	if (args->pad || (args->flags & ~DRM_EMBER_BO_NO_MMAP) || !args->size ||
	    args->size > EMBER_BO_MAX_SIZE)
		return -EINVAL;

	if (args->exclusive_vm_id) {
		vm = ember_vm_lookup(efile, args->exclusive_vm_id);
		if (!vm)
			return -ENOENT;
	}

	shmem = drm_gem_shmem_create(ddev, PAGE_ALIGN(args->size));
	if (IS_ERR(shmem)) {
		ret = PTR_ERR(shmem);
		goto out_put_vm;
	}

	bo = to_ember_bo(&shmem->base);
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
