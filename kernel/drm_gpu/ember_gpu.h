/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_GPU_H__
#define __EMBER_GPU_H__

#include <linux/io.h>
#include <linux/kernel.h>
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

/**
 * ember_gpu_write64() - Write a driver-owned 64-bit register pair.
 * @edev: The device.
 * @reg_lo: Offset of the low word; the high word follows it.
 * @value: Value to write.
 *
 * Only for pairs the device reads while idle (ring base, page-table
 * roots): the two words are two separate writes.
 */
static inline void ember_gpu_write64(struct ember_device *edev, u32 reg_lo, u64 value)
{
	ember_gpu_write(edev, reg_lo, lower_32_bits(value));
	ember_gpu_write(edev, reg_lo + 4, upper_32_bits(value));
}

/**
 * struct ember_gpu_id - The register page's identity and description, as
 * read at probe.
 */
struct ember_gpu_id {
	/** @magic: EMBER_REG_MAGIC. */
	u32 magic;

	/** @hw_version: EMBER_REG_HW_VERSION. */
	u32 hw_version;

	/** @status: EMBER_REG_STATUS. */
	u32 status;

	/** @caps: EMBER_REG_CAPS, read after @status. */
	u32 caps;

	/** @num_vectors: EMBER_REG_NUM_VECTORS, read after @status. */
	u32 num_vectors;
};

/**
 * enum ember_gpu_id_verdict - Whether the driver can bind to a device, and
 * if not, the first reason why.
 */
enum ember_gpu_id_verdict {
	/** @EMBER_GPU_ID_OK: An Ember GPU this driver can drive. */
	EMBER_GPU_ID_OK = 0,

	/** @EMBER_GPU_ID_BAD_MAGIC: Not an Ember GPU (plain ivshmem?). */
	EMBER_GPU_ID_BAD_MAGIC,

	/** @EMBER_GPU_ID_BAD_VERSION: Incompatible contract major version. */
	EMBER_GPU_ID_BAD_VERSION,

	/** @EMBER_GPU_ID_NOT_READY: READY clear, or FAILED set. */
	EMBER_GPU_ID_NOT_READY,

	/** @EMBER_GPU_ID_NO_MGMT: No management mailbox. */
	EMBER_GPU_ID_NO_MGMT,

	/** @EMBER_GPU_ID_BAD_VECTORS: Vector count out of the contract's range. */
	EMBER_GPU_ID_BAD_VECTORS,
};

enum ember_gpu_id_verdict ember_gpu_id_check(const struct ember_gpu_id *id);

/**
 * ember_gpu_mgmt_seq_next() - The sequence number of the command after the
 * one with sequence number @seq.
 * @seq: The last sequence number written to EMBER_REG_MGMT_SEQ.
 *
 * Sequence numbers wrap from U32_MAX to 0; the device only compares them
 * for equality, so the wrap needs no special case.
 *
 * Return: @seq + 1, modulo 2^32.
 */
static inline u32 ember_gpu_mgmt_seq_next(u32 seq)
{
	return seq + 1;
}

/**
 * ember_gpu_mgmt_seq_acked() - Whether an ACK value acknowledges a command.
 * @ack: Value read from EMBER_REG_MGMT_ACK.
 * @seq: Sequence number of the command.
 *
 * One command is in flight at a time, so its ACK is exactly its SEQ: any
 * other value, the previous command's included, is not an answer.
 *
 * Return: true if the device answered the command @seq.
 */
static inline bool ember_gpu_mgmt_seq_acked(u32 ack, u32 seq)
{
	return ack == seq;
}

struct ember_ring;

int ember_gpu_init(struct ember_device *edev);
void ember_gpu_unplug(struct ember_device *edev);
u32 ember_gpu_num_ring_vectors(struct ember_device *edev);
int ember_gpu_request_ring_irq(struct ember_device *edev, u32 ring_index,
			       struct ember_ring *ring);
void ember_gpu_ring_doorbell(struct ember_device *edev, u32 ring_index);
void ember_gpu_ring_doorbell_queues(struct ember_device *edev);
void ember_gpu_fault_ack(struct ember_device *edev, u32 seq);

int ember_gpu_mgmt_call(struct ember_device *edev, u32 cmd,
			const u32 args[EMBER_MGMT_NUM_ARGS],
			u32 results[EMBER_MGMT_NUM_RESULTS]);
int ember_gpu_ping(struct ember_device *edev, struct drm_ember_timestamp *time);
int ember_gpu_reset_context(struct ember_device *edev, u32 hw_ctx);
int ember_gpu_reset_device(struct ember_device *edev);
int ember_gpu_reset_device_unplugged(struct ember_device *edev);
int ember_gpu_tlb_invalidate(struct ember_device *edev, u64 hw_ctx_mask);
int ember_gpu_queue_map(struct ember_device *edev, u32 slot, dma_addr_t desc, u32 *reason);
int ember_gpu_queue_unmap(struct ember_device *edev, u32 slot, u32 *rptr, bool *cut);
int ember_gpu_queue_unmap_unplugged(struct ember_device *edev, u32 slot);

#endif /* __EMBER_GPU_H__ */
