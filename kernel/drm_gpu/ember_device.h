/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_DEVICE_H__
#define __EMBER_DEVICE_H__

#include <linux/completion.h>
#include <linux/compiler_types.h>
#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/drm_device.h>
#include <drm/ember_drm.h>

struct ember_gpu;
struct ember_sched;
struct pci_dev;

/**
 * struct ember_device - An Ember GPU bound to ember.ko.
 *
 * Allocated by devm_drm_dev_alloc(), so it lives until the last reference
 * to @base is dropped, which may be after the PCI device is gone (a file
 * still open). Everything that touches the hardware must therefore be done
 * between drm_dev_enter() and drm_dev_exit(): the mappings and the IRQ are
 * released when the PCI device is unbound, not when this structure is.
 */
struct ember_device {
	/** @base: The DRM device. */
	struct drm_device base;

	/** @pdev: The PCI device (QEMU ivshmem-doorbell) we are bound to. */
	struct pci_dev *pdev;

	/**
	 * @doorbell_regs: BAR0, the ivshmem registers (IVPosition, Doorbell),
	 * mapped uncached: a write to Doorbell is a real MMIO side effect.
	 */
	void __iomem *doorbell_regs;

	/**
	 * @regs: The register page at the start of BAR2, mapped uncached
	 * (see the DOC block of ember_device.c). Access it only with
	 * ember_gpu_read() and ember_gpu_write().
	 */
	void __iomem *regs;

	/** @gpu: GPU block: identity, management mailbox, interrupts. */
	struct ember_gpu *gpu;

	/** @sched: Rings, schedulers, hardware contexts, recovery. */
	struct ember_sched *sched;

	/** @unplug: Making ember_device_unplug() run once. */
	struct {
		/**
		 * @unplug.lock: Serialises ember_device_unplug() callers (PCI
		 * remove, and the scheduler when it finds the device dead).
		 */
		struct mutex lock;

		/** @unplug.done: Completed once the device is unplugged. */
		struct completion done;
	} unplug;

	/**
	 * @mmu: What the device's VMs and BOs hold of the DMA API, so that
	 * ember_mmu_unplug() can give it all back before the PCI device is
	 * released (see DOC: Device removal in ember_mmu.c).
	 */
	struct {
		/**
		 * @mmu.vms_lock: Protects @mmu.vms. Taken outside
		 * &ember_vm.op_lock; nothing else is taken under it.
		 */
		struct mutex vms_lock;

		/**
		 * @mmu.vms: Every VM of the device whose page tables are
		 * not freed yet, linked through &ember_vm.dev_node.
		 */
		struct list_head vms;

		/**
		 * @mmu.bos_lock: Protects @mmu.bos and the DMA mapping of
		 * every BO on it. Taken outside the BOs' dma-resv locks.
		 */
		struct mutex bos_lock;

		/**
		 * @mmu.bos: Every BO whose pages (or imported attachment)
		 * are DMA-mapped for the device, linked through
		 * &ember_bo.dma_node.
		 */
		struct list_head bos;
	} mmu;

	/**
	 * @gpu_info: Identity of the device, read from the register page
	 * once at probe (the device writes it once, before it sets READY),
	 * with the driver's limits and the device time at probe. Written
	 * only before the DRM device is registered, so read without a lock:
	 * DRM_EMBER_DEV_QUERY_GPU_INFO returns it as it is.
	 */
	struct drm_ember_gpu_info gpu_info;

	/**
	 * @bo_bytes: Bytes of the BOs made by BO_CREATE that exist, at most
	 * &drm_ember_gpu_info.bo_memory (see ember_bo_charge()).
	 */
	atomic64_t bo_bytes;
};

/**
 * to_ember_device() - Get the ember_device embedding a drm_device.
 * @ddev: The DRM device.
 *
 * Return: The Ember device.
 */
static inline struct ember_device *to_ember_device(struct drm_device *ddev)
{
	return container_of(ddev, struct ember_device, base);
}

int ember_device_init(struct ember_device *edev);
void ember_device_unplug(struct ember_device *edev);
void ember_device_remove(struct ember_device *edev);

#endif /* __EMBER_DEVICE_H__ */
