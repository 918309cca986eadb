/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_GPU_H__
#define __EMBER_GPU_H__

#include <linux/io.h>
#include <linux/types.h>

#include "ember_device.h"
#include "ember_regs.h"

/**
 * ember_gpu_read() - Read a register of the register page.
 * @edev: The device.
 * @reg: Register offset (EMBER_REG_*).
 *
 * Register accesses happen in program order: a register read after the
 * one that publishes it sees what the device wrote before publishing.
 *
 * Return: The register value.
 */
static inline u32 ember_gpu_read(struct ember_device *edev, u32 reg)
{
	return readl(edev->regs + reg);
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
	writel(value, edev->regs + reg);
}

int ember_gpu_init(struct ember_device *edev);
void ember_gpu_unplug(struct ember_device *edev);

int ember_gpu_mgmt_call(struct ember_device *edev, u32 cmd,
			const u32 args[EMBER_MGMT_NUM_ARGS],
			u32 results[EMBER_MGMT_NUM_RESULTS]);
int ember_gpu_ping(struct ember_device *edev, u64 *timestamp);

#endif /* __EMBER_GPU_H__ */
