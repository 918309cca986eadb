/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_GPU_H__
#define __EMBER_GPU_H__

#include <linux/compiler.h>
#include <linux/types.h>

#include <asm/byteorder.h>

#include "ember_device.h"
#include "ember_regs.h"

/**
 * ember_gpu_read() - Read a register of the register page.
 * @edev: The device.
 * @reg: Register offset (EMBER_REG_*).
 *
 * The register page is shared memory the device writes from another CPU:
 * READ_ONCE() makes this exactly one 32-bit load. Ordering against other
 * registers is the caller's job (dma_rmb() after the register that
 * publishes the others).
 *
 * Return: The register value.
 */
static inline u32 ember_gpu_read(struct ember_device *edev, u32 reg)
{
	return le32_to_cpu(READ_ONCE(*(__le32 *)(edev->regs + reg)));
}

/**
 * ember_gpu_write() - Write a driver-owned register of the register page.
 * @edev: The device.
 * @reg: Register offset (EMBER_REG_*) of a register the driver owns.
 * @value: Value to write.
 *
 * Every register has exactly one writer (see ember_regs.h): never write a
 * register the device writes, and so never read-modify-write one either.
 */
static inline void ember_gpu_write(struct ember_device *edev, u32 reg, u32 value)
{
	WRITE_ONCE(*(__le32 *)(edev->regs + reg), cpu_to_le32(value));
}

int ember_gpu_init(struct ember_device *edev);
void ember_gpu_unplug(struct ember_device *edev);

int ember_gpu_mgmt_call(struct ember_device *edev, u32 cmd,
			const u32 args[EMBER_MGMT_NUM_ARGS],
			u32 results[EMBER_MGMT_NUM_RESULTS]);
int ember_gpu_ping(struct ember_device *edev, u64 *timestamp);

#endif /* __EMBER_GPU_H__ */
