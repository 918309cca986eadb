/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_GEM_H__
#define __EMBER_GEM_H__

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/types.h>

#include <drm/drm_gem_shmem_helper.h>

struct dma_buf_attachment;
struct drm_device;
struct drm_file;
struct ember_device;
struct sg_table;

/*
 * Largest BO (&drm_ember_gpu_info.max_bo_size). Pages are only allocated
 * when a BO is mapped or pinned, but mapping a BO reserves its page tables
 * up front: 4 GiB keeps that reserve at 8 MiB, and is four times the
 * guest RAM the VM harness gives the device.
 */
#define EMBER_BO_MAX_SIZE	SZ_4G

/**
 * struct ember_bo - A buffer object: shmem-backed GEM object.
 *
 * Also what imported dma-bufs become (drm_gem_shmem_prime_import_sg_table()
 * allocates through ember_gem_create_object()), with no flags then.
 */
struct ember_bo {
	/** @base: The shmem GEM object. */
	struct drm_gem_shmem_object base;

	/** @flags: enum drm_ember_bo_flags given at creation. */
	u32 flags;

	/** @exclusive_vm_id: The exclusive VM's ID in its file, or zero. */
	u32 exclusive_vm_id;

	/** @charged: Its size counts in &ember_device.bo_bytes (BO_CREATE). */
	bool charged;

	/**
	 * @exclusive_vm_root_gem: The reservation object of the BO's
	 * exclusive VM (which this BO then shares), with a reference held
	 * for the BO's lifetime since it may outlive the VM; NULL for a BO
	 * that can be mapped anywhere and exported.
	 */
	struct drm_gem_object *exclusive_vm_root_gem;

	/**
	 * @gpuva_list_lock: Protects the object's list of &drm_gpuvm_bo and
	 * their mappings (drm_gem_gpuva_set_lock()). A mutex of its own
	 * rather than the dma-resv lock, so that asynchronous binds can
	 * link and unlink mappings in the fence-signalling path. Taken
	 * inside &ember_vm.op_lock and inside the VM's dma-resv lock.
	 */
	struct mutex gpuva_list_lock;

	/**
	 * @dma_node: Link in &ember_device.mmu.bos while the BO's pages
	 * (&drm_gem_shmem_object.sgt, or the imported attachment's mapping)
	 * are DMA-mapped for the device; empty otherwise. Protected by
	 * &ember_device.mmu.bos_lock.
	 */
	struct list_head dma_node;
};

/**
 * to_ember_bo() - The &struct ember_bo embedding a GEM object.
 * @obj: The GEM object, one of this driver's.
 *
 * Return: The BO.
 */
static inline struct ember_bo *to_ember_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct ember_bo, base);
}

struct drm_gem_object *ember_gem_create_object(struct drm_device *ddev,
					       size_t size);
struct drm_gem_object *
ember_gem_prime_import_sg_table(struct drm_device *ddev,
				struct dma_buf_attachment *attach,
				struct sg_table *sgt);
struct sg_table *ember_bo_get_dma_sgt(struct ember_bo *bo);
void ember_gem_unplug(struct ember_device *edev);

int ember_ioctl_bo_create(struct drm_device *ddev, void *data,
			  struct drm_file *file);
int ember_ioctl_bo_mmap_offset(struct drm_device *ddev, void *data,
			       struct drm_file *file);
int ember_ioctl_bo_info(struct drm_device *ddev, void *data,
			struct drm_file *file);

#endif /* __EMBER_GEM_H__ */
