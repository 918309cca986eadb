// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/array_size.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_print.h>
#include <drm/ember_drm.h>

#include "ember_ctx.h"
#include "ember_device.h"
#include "ember_file.h"
#include "ember_gem.h"
#include "ember_gpu.h"
#include "ember_job.h"
#include "ember_mmu.h"
#include "ember_regs.h"
#include "ember_uobj.h"
#include "ember_vm_bind.h"

/**
 * DOC: Ember DRM driver
 *
 * ember.ko drives the Ember GPU, which the guest sees as QEMU's
 * ivshmem-doorbell PCI device. This file is the driver's face: the PCI
 * driver, the DRM driver and the ioctls of uapi/drm/ember_drm.h, whose
 * rules (versioned structures, checked pad, errnos) it implements.
 *
 * The driver exposes a render node only, with GEM buffer objects
 * (ember_gem.c), GPU virtual memory (ember_mmu.c, ember_vm_bind.c) and
 * the core's syncobjs (binary and timeline) and PRIME. Per-file state is
 * &struct ember_file, created at open and torn down at postclose.
 *
 * fdinfo: besides the core's keys, drm_show_memory_stats() prints
 * drm-total-memory, drm-shared-memory, drm-active-memory and
 * drm-resident-memory for the file's BOs (see DOC: Buffer objects for
 * what counts as resident).
 *
 * After the device is unplugged, the DRM core fails new ioctls with
 * -ENODEV, and the ones that reach the hardware do so inside
 * drm_dev_enter() (see ember_gpu_mgmt_call()), which fails with -ENODEV
 * too once the device is gone.
 */

/**
 * ember_copy_uobj_to_user() - Copy a kernel object to a versioned user
 * object.
 * @usr_ptr: User pointer to the object.
 * @usr_size: Size of the user's version of the object, already checked
 * with ember_uobj_size_valid().
 * @kobj: The kernel object.
 * @kobj_size: Size of the kernel object.
 *
 * See DOC: Versioned user objects in ember_uobj.h.
 *
 * Return: 0 on success, -EFAULT if the user object is not writable.
 */
static int ember_copy_uobj_to_user(u64 usr_ptr, u32 usr_size,
				   const void *kobj, size_t kobj_size)
{
	void __user *dst = u64_to_user_ptr(usr_ptr);
	size_t zero_size = ember_uobj_zero_size(usr_size, kobj_size);

	if (copy_to_user(dst, kobj, ember_uobj_copy_size(usr_size, kobj_size)))
		return -EFAULT;

	if (zero_size && clear_user(dst + kobj_size, zero_size))
		return -EFAULT;

	return 0;
}

/*
 * &ember_device.gpu_info is written at probe, before the DRM device is
 * registered, and never again: it is read here without a lock, and without
 * asking the device, so the query cannot fail because the device is busy.
 */
static int ember_dev_query_gpu_info(struct ember_device *edev,
				    struct drm_ember_dev_query *args)
{
	if (!args->pointer) {
		args->size = sizeof(edev->gpu_info);
		return 0;
	}

	if (!ember_uobj_size_valid(args->size, EMBER_GPU_INFO_MIN_SIZE))
		return -EINVAL;

	return ember_copy_uobj_to_user(args->pointer, args->size,
				       &edev->gpu_info, sizeof(edev->gpu_info));
}

static int ember_dev_query_timestamp(struct ember_device *edev,
				     struct drm_ember_dev_query *args)
{
	struct drm_ember_timestamp time = {};
	int ret;

	if (!args->pointer) {
		args->size = sizeof(time);
		return 0;
	}

	/* Check the arguments before asking the device anything. */
	if (!ember_uobj_size_valid(args->size, EMBER_TIMESTAMP_MIN_SIZE))
		return -EINVAL;

	ret = ember_gpu_ping(edev, &time);
	if (ret)
		return ret;

	return ember_copy_uobj_to_user(args->pointer, args->size,
				       &time, sizeof(time));
}

static int ember_ioctl_dev_query(struct drm_device *ddev, void *data,
				 struct drm_file *file)
{
	struct ember_device *edev = to_ember_device(ddev);
	struct drm_ember_dev_query *args = data;

	switch (args->type) {
	case DRM_EMBER_DEV_QUERY_GPU_INFO:
		return ember_dev_query_gpu_info(edev, args);
	case DRM_EMBER_DEV_QUERY_TIMESTAMP:
		return ember_dev_query_timestamp(edev, args);
	default:
		return -EINVAL;
	}
}

static int ember_open(struct drm_device *ddev, struct drm_file *file)
{
	struct ember_file *efile;
	int ret;

	efile = kzalloc(sizeof(*efile), GFP_KERNEL_ACCOUNT);
	if (!efile)
		return -ENOMEM;

	efile->edev = to_ember_device(ddev);
	ret = ember_ctx_file_init(efile);
	if (ret) {
		kfree(efile);
		return ret;
	}
	ember_mmu_file_init(efile);
	file->driver_priv = efile;
	return 0;
}

static void ember_postclose(struct drm_device *ddev, struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;

	/* Contexts first: they hold references to the file's VMs. */
	ember_ctx_file_fini(efile);
	ember_mmu_file_fini(efile);
	kfree(efile);
}

static void ember_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	drm_show_memory_stats(p, file);
	ember_ctx_show_fdinfo(file->driver_priv, p);
}

#define EMBER_IOCTL(n, func, flags) \
	DRM_IOCTL_DEF_DRV(EMBER_##n, ember_ioctl_##func, flags)

static const struct drm_ioctl_desc ember_drm_driver_ioctls[] = {
	EMBER_IOCTL(DEV_QUERY, dev_query, DRM_RENDER_ALLOW),
	EMBER_IOCTL(BO_CREATE, bo_create, DRM_RENDER_ALLOW),
	EMBER_IOCTL(BO_MMAP_OFFSET, bo_mmap_offset, DRM_RENDER_ALLOW),
	EMBER_IOCTL(BO_INFO, bo_info, DRM_RENDER_ALLOW),
	EMBER_IOCTL(VM_CREATE, vm_create, DRM_RENDER_ALLOW),
	EMBER_IOCTL(VM_DESTROY, vm_destroy, DRM_RENDER_ALLOW),
	EMBER_IOCTL(VM_BIND, vm_bind, DRM_RENDER_ALLOW),
	EMBER_IOCTL(CTX_CREATE, ctx_create, DRM_RENDER_ALLOW),
	EMBER_IOCTL(CTX_DESTROY, ctx_destroy, DRM_RENDER_ALLOW),
	EMBER_IOCTL(SUBMIT, submit, DRM_RENDER_ALLOW),
	EMBER_IOCTL(CTX_GET_STATE, ctx_get_state, DRM_RENDER_ALLOW),
};

static const struct file_operations ember_drm_driver_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.show_fdinfo = drm_show_fdinfo,
};

/* Driver version: see the changelog in uapi/drm/ember_drm.h. */
static const struct drm_driver ember_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE | DRIVER_GEM_GPUVA,
	.open = ember_open,
	.postclose = ember_postclose,
	.show_fdinfo = ember_show_fdinfo,
	.gem_create_object = ember_gem_create_object,
	.gem_prime_import_sg_table = ember_gem_prime_import_sg_table,
	.ioctls = ember_drm_driver_ioctls,
	.num_ioctls = ARRAY_SIZE(ember_drm_driver_ioctls),
	.fops = &ember_drm_driver_fops,
	.name = "ember",
	.desc = "Ember GPU",
	.major = 1,
	.minor = 8,
};

static unsigned int bo_memory_percent = 50;
module_param(bo_memory_percent, uint, 0444);
MODULE_PARM_DESC(bo_memory_percent,
		 "Share of RAM the device's BOs may take together (10..90 %, default 50)");

/*
 * The gpu_info fields that do not come from the device's registers. The
 * context and job limits (max_queues, job_timeout_ms) are the scheduler's:
 * ember_sched_init() sets them.
 */
static void ember_gpu_info_set_limits(struct drm_ember_gpu_info *info)
{
	u64 ram = (u64)totalram_pages() << PAGE_SHIFT;

	info->va_start = EMBER_VA_USER_START;
	info->va_end = EMBER_VA_USER_END;
	info->bo_memory = PAGE_ALIGN_DOWN(div_u64(ram * clamp(bo_memory_percent, 10U, 90U), 100));
	/*
	 * Not capped by bo_memory: the size limit is the API's (Vulkan wants
	 * allocations and buffers of at least 1 GiB to be valid), the budget
	 * is what memory there is, as with a GPU's VRAM.
	 */
	info->max_bo_size = EMBER_BO_MAX_SIZE;
}

static int ember_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ember_device *edev;
	int ret;

	edev = devm_drm_dev_alloc(&pdev->dev, &ember_drm_driver,
				  struct ember_device, base);
	if (IS_ERR(edev))
		return PTR_ERR(edev);

	edev->pdev = pdev;
	pci_set_drvdata(pdev, edev);
	ember_gpu_info_set_limits(&edev->gpu_info);
	ember_mmu_debugfs_init(edev);

	/*
	 * Page-table entries hold 52-bit bus addresses, one page each: the
	 * device takes scatter-gather segments of any length.
	 */
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(52));
	if (ret)
		return ret;
	dma_set_max_seg_size(&pdev->dev, UINT_MAX);

	return ember_device_init(edev);
}

static void ember_pci_remove(struct pci_dev *pdev)
{
	struct ember_device *edev = pci_get_drvdata(pdev);

	ember_device_remove(edev);
}

static const struct pci_device_id ember_pci_ids[] = {
	{ PCI_DEVICE(EMBER_PCI_VENDOR_ID, EMBER_PCI_DEVICE_ID) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ember_pci_ids);

static struct pci_driver ember_pci_driver = {
	.name = "ember",
	.id_table = ember_pci_ids,
	.probe = ember_pci_probe,
	.remove = ember_pci_remove,
};
module_pci_driver(ember_pci_driver);

MODULE_AUTHOR("The Ember Authors");
MODULE_DESCRIPTION("Ember GPU DRM driver");
MODULE_LICENSE("Dual MIT/GPL");
