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
#include <linux/workqueue.h>

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

		/**
		 * @mmu.stale_lock: Protects @mmu.stale, which see. Taken
		 * inside &ember_vm.op_lock; nothing is taken under it.
		 */
		struct mutex stale_lock;

		/**
		 * @mmu.stale: What unmaps removed while the device may still
		 * reach it: a TLB invalidation after them failed (see DOC:
		 * TLB invalidation in ember_mmu.c). Released only after a
		 * later invalidation of every context or a device reset
		 * succeeds, or once the device is stopped for good.
		 */
		struct {
			/** @mmu.stale.pts: Page tables, by &ember_pt.node. */
			struct list_head pts;
			/** @mmu.stale.vmas: Removed mappings with their BO references. */
			struct list_head vmas;
			/**
			 * @mmu.stale.releasing_pts: Page tables the recovery
			 * work releases if its invalidation succeeds.
			 */
			struct list_head releasing_pts;
			/**
			 * @mmu.stale.releasing_vmas: Mappings the recovery
			 * work releases if its invalidation succeeds.
			 */
			struct list_head releasing_vmas;
			/** @mmu.stale.num_pts: Page tables held back, releasing or not. */
			u32 num_pts;
			/** @mmu.stale.num_vmas: Mappings held back, releasing or not. */
			u32 num_vmas;
			/** @mmu.stale.bytes: VA bytes those mappings mapped. */
			u64 bytes;
			/**
			 * @mmu.stale.unplugged: ember_mmu_unplug() released
			 * the lists: the device is stopped, release at once.
			 */
			bool unplugged;
		} stale;

		/**
		 * @mmu.tlb_stats: TLB invalidation counters for debugfs
		 * "tlb". Protected by @mmu.stale_lock.
		 */
		struct {
			/** @mmu.tlb_stats.invalidations: Mailbox invalidations sent. */
			u64 invalidations;
			/** @mmu.tlb_stats.skipped: Unmaps in VMs no context uses. */
			u64 skipped;
			/** @mmu.tlb_stats.failed: Invalidations not acknowledged. */
			u64 failed;
			/**
			 * @mmu.tlb_stats.recovered: Stale lists released after
			 * an invalidation of every context.
			 */
			u64 recovered;
			/** @mmu.tlb_stats.resets: Device resets done to release them. */
			u64 resets;
		} tlb_stats;

		/**
		 * @mmu.tlb_recover_work: Releases @mmu.stale after a full
		 * invalidation, or a device reset if that fails too. Queued
		 * with a reference to the DRM device.
		 */
		struct work_struct tlb_recover_work;
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
