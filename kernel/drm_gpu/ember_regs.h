/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_REGS_H__
#define __EMBER_REGS_H__

/**
 * DOC: Ember hardware contract definitions
 *
 * This header is the one source of truth for the Ember GPU's hardware
 * contract (Documentation/gpu/ember-hw.rst): register offsets, bit fields,
 * doorbell and interrupt numbering, management commands. The kernel driver
 * builds from it in kernel/drm_gpu/; the device (firmware/), the compiler
 * and the Vulkan driver include this very file, never a copy of it.
 *
 * It only defines constants, so it compiles both in the kernel and in
 * userspace. All registers are little-endian 32-bit words in the register
 * page, which starts at offset 0 of BAR2 (the ivshmem shared memory).
 *
 * Every register has exactly one writer: either the driver or the device.
 * Neither side ever does a read-modify-write of a register the other side
 * writes, so no atomic operation has to work across the PCI boundary.
 */

#ifdef __KERNEL__
#include <linux/bits.h>
#else
#define BIT(nr)			(1UL << (nr))
#endif

/* Register page identity: written by the device once, before READY. */

/** @EMBER_REG_MAGIC: reads EMBER_MAGIC ("EMBR" in memory). */
#define EMBER_REG_MAGIC			0x000
#define   EMBER_MAGIC			0x52424d45

/** @EMBER_REG_HW_VERSION: version of the hardware contract. */
#define EMBER_REG_HW_VERSION		0x004
#define   EMBER_HW_VERSION(major, minor)	(((major) << 16) | (minor))
#define   EMBER_HW_VERSION_MAJOR(v)	((v) >> 16)
#define   EMBER_HW_VERSION_MINOR(v)	((v) & 0xffff)
#define   EMBER_HW_VERSION_MAJOR_CURRENT	1
#define   EMBER_HW_VERSION_MINOR_CURRENT	0

/** @EMBER_REG_FW_VERSION: version of the device's firmware. */
#define EMBER_REG_FW_VERSION		0x008
#define   EMBER_FW_VERSION(major, minor, patch) \
	(((major) << 16) | ((minor) << 8) | (patch))
#define   EMBER_FW_VERSION_MAJOR(v)	((v) >> 16)
#define   EMBER_FW_VERSION_MINOR(v)	(((v) >> 8) & 0xff)
#define   EMBER_FW_VERSION_PATCH(v)	((v) & 0xff)

/** @EMBER_REG_STATUS: device state, written by the device. */
#define EMBER_REG_STATUS		0x00c
#define   EMBER_STATUS_READY		BIT(0)
#define   EMBER_STATUS_FAILED		BIT(1)

/** @EMBER_REG_CAPS: capability bits (EMBER_CAP_*). */
#define EMBER_REG_CAPS			0x010
#define   EMBER_CAP_MGMT		BIT(0)

/** @EMBER_REG_NUM_RINGS: number of hardware rings (queues). */
#define EMBER_REG_NUM_RINGS		0x014
/** @EMBER_REG_NUM_CORES: number of shader cores (host threads). */
#define EMBER_REG_NUM_CORES		0x018
/** @EMBER_REG_VA_BITS: width of a GPU virtual address. */
#define EMBER_REG_VA_BITS		0x01c
/** @EMBER_REG_NUM_VECTORS: interrupt vectors the device drives. */
#define EMBER_REG_NUM_VECTORS		0x020
/** @EMBER_REG_SHM_SIZE: size of BAR2 in bytes. */
#define EMBER_REG_SHM_SIZE		0x024
/** @EMBER_REG_TIMESTAMP_FREQ: timestamp counter frequency in Hz. */
#define EMBER_REG_TIMESTAMP_FREQ	0x028
/** @EMBER_REG_GUEST_RAM_SIZE_LO: low word of the guest RAM size. */
#define EMBER_REG_GUEST_RAM_SIZE_LO	0x030
/** @EMBER_REG_GUEST_RAM_SIZE_HI: high word of the guest RAM size. */
#define EMBER_REG_GUEST_RAM_SIZE_HI	0x034

/*
 * Management mailbox. The driver writes CMD and ARG0..3, then increments
 * SEQ, then rings doorbell EMBER_DOORBELL_MGMT. The device executes the
 * command, writes STATUS and RESULT0..3, then writes ACK = SEQ and raises
 * interrupt vector EMBER_VECTOR_MGMT. One command is in flight at a time.
 */
#define EMBER_REG_MGMT_CMD		0x100
#define EMBER_REG_MGMT_ARG(n)		(0x104 + (n) * 4)
#define EMBER_REG_MGMT_SEQ		0x114
#define EMBER_REG_MGMT_ACK		0x118
#define EMBER_REG_MGMT_STATUS		0x11c
#define EMBER_REG_MGMT_RESULT(n)	(0x120 + (n) * 4)
#define   EMBER_MGMT_NUM_ARGS		4
#define   EMBER_MGMT_NUM_RESULTS	4

/* Management commands. */
/** @EMBER_MGMT_CMD_NOP: does nothing, acknowledges. */
#define EMBER_MGMT_CMD_NOP		0x0
/**
 * @EMBER_MGMT_CMD_PING: RESULT0 = ~ARG0; RESULT1/RESULT2 = low/high word
 * of the device timestamp (ns) when the command ran.
 */
#define EMBER_MGMT_CMD_PING		0x1

/* Management status codes. */
#define EMBER_MGMT_STATUS_OK		0x0
#define EMBER_MGMT_STATUS_BAD_CMD	0x1

/* Doorbells (BAR0 Doorbell register: device peer << 16 | doorbell). */
#define EMBER_DEVICE_PEER_ID		0
#define EMBER_DOORBELL_MGMT		0

/* Interrupt vectors (MSI-X). */
#define EMBER_VECTOR_MGMT		0
#define EMBER_MIN_VECTORS		1
/**
 * @EMBER_MAX_VECTORS: most interrupt vectors (and doorbells) a device has;
 * EMBER_REG_NUM_VECTORS never reads more than this.
 */
#define EMBER_MAX_VECTORS		64

/* PCI identity of the transport: QEMU's ivshmem-doorbell device. */
#define EMBER_PCI_VENDOR_ID		0x1af4
#define EMBER_PCI_DEVICE_ID		0x1110

/* PCI BARs: ivshmem registers, and the shared memory (register page first). */
#define EMBER_PCI_BAR_DOORBELL		0
#define EMBER_PCI_BAR_SHM		2

/* BAR0 registers of the ivshmem-doorbell PCI device. */
#define EMBER_BAR0_IVPOSITION		0x08
#define EMBER_BAR0_DOORBELL		0x0c
#define   EMBER_DOORBELL_VALUE(peer, vector)	(((peer) << 16) | (vector))

/** @EMBER_REG_PAGE_SIZE: size of the register page at the start of BAR2. */
#define EMBER_REG_PAGE_SIZE		0x1000

#endif /* __EMBER_REGS_H__ */
