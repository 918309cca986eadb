// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/array_size.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/ember_drm.h>

#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_regs.h"
#include "ember_uobj.h"

/**
 * DOC: Ember DRM driver
 *
 * ember.ko drives the Ember GPU, which the guest sees as QEMU's
 * ivshmem-doorbell PCI device. This file is the driver's face: the PCI
 * driver, the DRM driver and the ioctls of uapi/drm/ember_drm.h, whose
 * rules (versioned structures, checked pad, errnos) it implements.
 *
 * The driver exposes a render node only. It sets DRIVER_GEM although it
 * has no buffer objects yet: the core's PRIME ioctls are allowed on render
 * nodes for every driver and look GEM handles up in per-file state that
 * drm_gem_open() initialises only for DRIVER_GEM drivers, so without it an
 * unprivileged client would make the core take an uninitialised lock.
 * With it, they fail cleanly (no object, no import hook), and the standard
 * GEM file operations are correct: mmap() finds no object.
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

static int ember_dev_query_gpu_info(struct ember_device *edev,
				    struct drm_ember_dev_query *args)
{
	struct drm_ember_gpu_info info = edev->gpu_info;
	int ret;

	if (!args->pointer) {
		args->size = sizeof(info);
		return 0;
	}

	/* Check the arguments before asking the device anything. */
	if (!ember_uobj_size_valid(args->size, EMBER_GPU_INFO_MIN_SIZE))
		return -EINVAL;

	ret = ember_gpu_ping(edev, &info.timestamp);
	if (ret)
		return ret;

	return ember_copy_uobj_to_user(args->pointer, args->size,
				       &info, sizeof(info));
}

static int ember_ioctl_dev_query(struct drm_device *ddev, void *data,
				 struct drm_file *file)
{
	struct ember_device *edev = to_ember_device(ddev);
	struct drm_ember_dev_query *args = data;

	switch (args->type) {
	case DRM_EMBER_DEV_QUERY_GPU_INFO:
		return ember_dev_query_gpu_info(edev, args);
	default:
		return -EINVAL;
	}
}

#define EMBER_IOCTL(n, func, flags) \
	DRM_IOCTL_DEF_DRV(EMBER_##n, ember_ioctl_##func, flags)

static const struct drm_ioctl_desc ember_drm_driver_ioctls[] = {
	EMBER_IOCTL(DEV_QUERY, dev_query, DRM_RENDER_ALLOW),
};

DEFINE_DRM_GEM_FOPS(ember_drm_driver_fops);

/* Driver version: see the changelog in uapi/drm/ember_drm.h. */
static const struct drm_driver ember_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER,
	.ioctls = ember_drm_driver_ioctls,
	.num_ioctls = ARRAY_SIZE(ember_drm_driver_ioctls),
	.fops = &ember_drm_driver_fops,
	.name = "ember",
	.desc = "Ember GPU",
	.major = 1,
	.minor = 0,
};

static int ember_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ember_device *edev;

	edev = devm_drm_dev_alloc(&pdev->dev, &ember_drm_driver,
				  struct ember_device, base);
	if (IS_ERR(edev))
		return PTR_ERR(edev);

	edev->pdev = pdev;
	pci_set_drvdata(pdev, edev);

	return ember_device_init(edev);
}

static void ember_pci_remove(struct pci_dev *pdev)
{
	struct ember_device *edev = pci_get_drvdata(pdev);

	ember_device_unplug(edev);
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
