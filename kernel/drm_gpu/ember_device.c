// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/pci.h>
#include <linux/completion.h>
#include <linux/mutex.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>

#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_mmu.h"
#include "ember_regs.h"
#include "ember_sched.h"

/**
 * DOC: Device lifecycle
 *
 * ember_device_init() brings the device up in this order, and unwinds in
 * reverse if a step fails:
 *
 * 1. Enable the PCI device and bus mastering (the device raises MSI-X
 *    interrupts with memory writes, which need it even before any DMA).
 * 2. Map BAR0 (the ivshmem registers) and the register area (the first
 *    16 KiB, EMBER_REG_AREA_SIZE) of BAR2, both uncached (see below).
 * 3. ember_gpu_init(): refuse anything that is not an Ember GPU of a
 *    contract version we support, read the device description, enable
 *    MSI-X, and ping the device through the management mailbox.
 * 4. ember_sched_init(): the rings, their schedulers and interrupts, the
 *    job timeout and the device's watchdog.
 * 5. Register the DRM device, last: once userspace can see the device,
 *    nothing is left that could fail.
 *
 * The PCI resources (enable, BAR regions, mappings, the rings' DMA
 * memory) are device-managed and go when the PCI device is unbound; the
 * DRM device may outlive them while a file is open. The device goes away
 * in two steps:
 *
 * - ember_device_unplug() takes it away from userspace and fails
 *   everything pending: drm_dev_unplug() fails new ioctls with -ENODEV and
 *   waits for the sections inside drm_dev_enter() to leave, then
 *   ember_sched_unplug() stops the device and signals every pending fence
 *   with -ENODEV, and ember_mmu_unplug() gives back every DMA mapping and
 *   allocation of the VMs and BOs (open files keep the objects, not their
 *   DMA memory). It runs when the PCI device is unbound, or earlier when
 *   the scheduler finds the device dead (ember-gpu gone: the mailbox no
 *   longer answers), and only once whoever calls it first.
 * - ember_device_remove() (PCI remove) then frees the interrupts; the
 *   device-managed resources follow. The schedulers themselves live until
 *   the DRM device is released, after the last file is closed, because
 *   the contexts of open files still have entities on them.
 *
 * BAR2 is RAM shared with the device process (a shared-memory file on
 * the host), exposed as a prefetchable BAR, but what the driver uses of it
 * is a register interface, so it is mapped like registers: uncached
 * (pcim_iomap_range(), one page) and accessed with readl()/writel(), whose
 * program order is the order the mailbox protocol needs. A write-back
 * memremap() would save uncached reads (free under TCG anyway) but x86 PAT
 * then refuses any uncached user mapping of the same range, so tests and
 * debug tools could no longer map sysfs resource2 to check what the driver
 * reports against the registers; and a device implementing the contract
 * in hardware would need uncached MMIO anyway.
 *
 * For the same tools, the BAR2 region is not requested (with
 * CONFIG_IO_STRICT_DEVMEM, as in Debian's kernel, a requested region
 * cannot be mapped from userspace). BAR0 is requested: writing its
 * Doorbell register behind the driver's back would start commands.
 */

/**
 * DOC: Locking
 *
 * 1. &ember_gpu.mgmt.lock serialises management mailbox commands; it is a
 *    leaf lock, held while sleeping for the device's answer.
 * 2. Hardware access outside probe happens between drm_dev_enter() and
 *    drm_dev_exit(); ember_device_unplug() waits for those sections to end
 *    before releasing the IRQ, and the PCI resources go after it.
 * 3. The management interrupt handler takes no lock: it only wakes the
 *    waiter, which reads the mailbox under the mailbox lock.
 * 4. &ember_device.unplug.lock makes ember_device_unplug() run once; a
 *    second caller waits for the first to finish.
 * 5. &ember_device.gpu_info is written only during probe, before
 *    drm_dev_register(), and read without a lock afterwards.
 *
 * The scheduler's locks are described in DOC: Locking of ember_sched.c.
 */

static int ember_device_map_bars(struct ember_device *edev)
{
	struct pci_dev *pdev = edev->pdev;
	struct device *dev = &pdev->dev;
	resource_size_t shm_len;

	if (pci_resource_len(pdev, EMBER_PCI_BAR_DOORBELL) <
	    EMBER_BAR0_DOORBELL + sizeof(u32))
		return dev_err_probe(dev, -ENODEV,
				     "BAR0 too small for the doorbell register\n");

	edev->doorbell_regs = pcim_iomap_region(pdev, EMBER_PCI_BAR_DOORBELL,
						"ember");
	if (IS_ERR(edev->doorbell_regs))
		return dev_err_probe(dev, PTR_ERR(edev->doorbell_regs),
				     "cannot map BAR0 (doorbell)\n");

	shm_len = pci_resource_len(pdev, EMBER_PCI_BAR_SHM);
	if (!(pci_resource_flags(pdev, EMBER_PCI_BAR_SHM) & IORESOURCE_MEM) ||
	    shm_len < EMBER_REG_AREA_SIZE)
		return dev_err_probe(dev, -ENODEV,
				     "BAR2 (%pa bytes) cannot hold the register area\n",
				     &shm_len);

	edev->regs = pcim_iomap_range(pdev, EMBER_PCI_BAR_SHM, 0,
				      EMBER_REG_AREA_SIZE);
	if (IS_ERR(edev->regs))
		return dev_err_probe(dev, PTR_ERR(edev->regs),
				     "cannot map the register area\n");

	return 0;
}

/**
 * ember_device_init() - Bring up an Ember device and register it with DRM.
 * @edev: The device, freshly allocated, with &ember_device.pdev set.
 *
 * Return: 0 on success, a negative error code otherwise (-ENODEV for a
 * device this driver does not drive).
 */
int ember_device_init(struct ember_device *edev)
{
	struct pci_dev *pdev = edev->pdev;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return dev_err_probe(&pdev->dev, ret, "cannot enable PCI device\n");

	pci_set_master(pdev);

	ret = ember_device_map_bars(edev);
	if (ret)
		return ret;

	ret = drmm_mutex_init(&edev->base, &edev->unplug.lock);
	if (ret)
		return ret;
	init_completion(&edev->unplug.done);

	ret = ember_mmu_init(edev);
	if (ret)
		return ret;

	ret = ember_gpu_init(edev);
	if (ret)
		return ret;

	ret = ember_sched_init(edev);
	if (ret)
		goto err_unplug_gpu;

	ret = drm_dev_register(&edev->base, 0);
	if (ret)
		goto err_unplug_sched;

	return 0;

err_unplug_sched:
	ember_sched_unplug(edev);
err_unplug_gpu:
	ember_gpu_unplug(edev);
	return ret;
}

/**
 * ember_device_unplug() - Take an Ember device away from userspace and fail
 * everything pending on it.
 * @edev: The device.
 *
 * Called when the PCI device is unbound, or when the device is found dead.
 * After this, every ioctl fails with -ENODEV, every fence of a job has
 * signalled (with -ENODEV unless it completed before) and nothing of the
 * driver is DMA-mapped for the device any more; the memory of @edev lives
 * on until the last file is closed. Runs once: a concurrent or later
 * caller waits until the first one is done.
 *
 * Context: Process context, not inside drm_dev_enter().
 */
void ember_device_unplug(struct ember_device *edev)
{
	mutex_lock(&edev->unplug.lock);
	if (drm_dev_is_unplugged(&edev->base)) {
		mutex_unlock(&edev->unplug.lock);
		wait_for_completion(&edev->unplug.done);
		return;
	}

	drm_dev_unplug(&edev->base);
	ember_sched_unplug(edev);
	/* The device is stopped: it no longer reaches what this frees. */
	ember_mmu_unplug(edev);
	mutex_unlock(&edev->unplug.lock);
	complete_all(&edev->unplug.done);
}

/**
 * ember_device_remove() - Release the hardware of an unbound device.
 * @edev: The device.
 *
 * Called when the PCI device is unbound: unplugs it (if the scheduler has
 * not already), then frees the interrupts.
 */
void ember_device_remove(struct ember_device *edev)
{
	ember_device_unplug(edev);
	/* Nothing queues it once the MMU is unplugged: let the module go. */
	flush_work(&edev->mmu.tlb_recover_work);
	ember_gpu_unplug(edev);
}
