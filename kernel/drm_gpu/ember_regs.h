/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */
/* Generated from hw/ember_hw.xml by hw/gen_ember_hw.py: do not edit. */

#ifndef __EMBER_REGS_H__
#define __EMBER_REGS_H__

/**
 * DOC: Ember hardware contract definitions
 *
 * The register half of the Ember GPU's hardware contract
 * (Documentation/gpu/ember-hw.rst): register offsets, bit fields, doorbell
 * and interrupt numbering, management commands. Generated from
 * hw/ember_hw.xml, like its sibling ember_packets.h: the kernel driver builds
 * from this committed copy, the device (firmware/), the compiler, the Vulkan
 * driver and the tests from the same file generated at build time.
 *
 * It compiles both in the kernel and in userspace. All registers are
 * little-endian 32-bit words in the register page, which starts at offset 0
 * of BAR2 (the ivshmem shared memory).
 *
 * Every register has exactly one writer: either the driver or the device.
 * Neither side ever does a read-modify-write of a register the other side
 * writes, so no atomic operation has to work across the PCI boundary.
 */

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/types.h>
#else
#include <linux/types.h>
#ifndef BIT
#define BIT(nr)			(1UL << (nr))
#endif
#endif

/* Register page identity: written by the device once, before READY. */
/* Reads EMBER_MAGIC ("EMBR" in memory). */
#define EMBER_REG_MAGIC			0x000
#define   EMBER_MAGIC			0x52424d45
/* Version of the hardware contract. */
#define EMBER_REG_HW_VERSION		0x004
#define   EMBER_HW_VERSION(major, minor)	(((major) << 16) | ((minor) & 0xffff))
#define   EMBER_HW_VERSION_MAJOR(v)	((v) >> 16)
#define   EMBER_HW_VERSION_MINOR(v)	((v) & 0xffff)
#define   EMBER_HW_VERSION_MAJOR_CURRENT	1
#define   EMBER_HW_VERSION_MINOR_CURRENT	17
/* Version of the device's firmware. */
#define EMBER_REG_FW_VERSION		0x008
#define   EMBER_FW_VERSION(major, minor, patch) \
	(((major) << 16) | (((minor) & 0xff) << 8) | ((patch) & 0xff))
#define   EMBER_FW_VERSION_MAJOR(v)	((v) >> 16)
#define   EMBER_FW_VERSION_MINOR(v)	(((v) >> 8) & 0xff)
#define   EMBER_FW_VERSION_PATCH(v)	((v) & 0xff)
/* Device state. */
#define EMBER_REG_STATUS		0x00c
#define   EMBER_STATUS_READY		BIT(0)
#define   EMBER_STATUS_FAILED		BIT(1)
/* Capability bits (EMBER_CAP_*). */
#define EMBER_REG_CAPS			0x010
/* The management mailbox. */
#define   EMBER_CAP_MGMT		BIT(0)
/* Rings and kernel packets. Since 1.1. */
#define   EMBER_CAP_RINGS		BIT(1)
/* GPU virtual memory, contexts, faults and resets. Since 1.1. */
#define   EMBER_CAP_MMU			BIT(2)
/* The copy engine and the user packets. Since 1.1. */
#define   EMBER_CAP_COPY		BIT(3)
/* Compute dispatch (EMBER_UPKT_DISPATCH, the Ember ISA). Since 1.2. */
#define   EMBER_CAP_COMPUTE		BIT(4)
/* EMBER_UPKT_DISPATCH_INDIRECT (counts read from GPU memory). Since 1.3. */
#define   EMBER_CAP_DISPATCH_INDIRECT	BIT(5)
/* ISA 1.1, LDGA/STGA/ATOMGA (per-lane 64-bit addresses). Since 1.4. */
#define   EMBER_CAP_ISA_ADDR64		BIT(6)
/*
 * RING_RESET_HEAD and RING_RESET_STATUS (what a device reset cut). Since
 * 1.5.
 */
#define   EMBER_CAP_RESET_HEAD		BIT(7)
/*
 * ISA 1.2: images, samplers and texel buffers through the texture unit
 * (ember-hw.rst, "Images, samplers and texel buffers"). Since 1.7.
 */
#define   EMBER_CAP_IMAGES		BIT(8)
/*
 * The BC1..BC7 compressed formats (VkFormat 131..146): sampled, copied in
 * blocks, blit sources (ember-hw.rst, "Formats"). Since 1.8.
 */
#define   EMBER_CAP_IMAGE_BC		BIT(9)
/*
 * EMBER_MGMT_CMD_TLB_INVALIDATE_MASK (invalidation scoped to contexts).
 * Since 1.6.
 */
#define   EMBER_CAP_TLB_MASK		BIT(10)
/*
 * Dispatch grids of any u32 counts (no limit on the product), with
 * preemption points between workgroups. Since 1.7.
 */
#define   EMBER_CAP_LARGE_GRID		BIT(11)
/*
 * Queues in memory: NUM_QUEUES slots, QUEUE_MAP/QUEUE_UNMAP, the doorbell
 * page and per-queue interrupt sequences (ember-hw.rst, "Queues (since
 * 1.9)").
 */
#define   EMBER_CAP_QUEUES		BIT(12)
/*
 * The draw packets (BIND_GFX_STATE, DRAW, DRAW_INDEXED, DRAW_INDIRECT) and
 * their state blocks (ember-hw.rst, "Draws"); without it they are
 * BAD_PACKET. Since 1.10.
 */
#define   EMBER_CAP_GRAPHICS		BIT(13)
/*
 * The OCCLUSION_COUNTER packet: draws add the samples that pass sample
 * counting to a u64 counter in memory, for occlusion queries (ember-
 * hw.rst, "Occlusion counters (since 1.11)"); without it the packet is
 * BAD_PACKET.
 */
#define   EMBER_CAP_OCCLUSION		BIT(14)
/*
 * Draws render to every colour format marked R in the format table (every
 * colour attachment format Vulkan requires, and more), blending the non-
 * integer ones, with the conversions of ember-hw.rst "Render target
 * formats (since 1.12)"; without it only the five colour formats of 1.10.
 */
#define   EMBER_CAP_RENDER_FORMATS	BIT(15)
/*
 * ISA 1.5: a vertex shader's viewport_index output (its provoking
 * vertex's) selects each primitive's viewport and scissor among the draw's
 * (ember-hw.rst, "Viewport index and wide lines (since 1.13)"); without it
 * every primitive uses viewport 0.
 */
#define   EMBER_CAP_VIEWPORT_INDEX	BIT(17)
/*
 * The raster block's line_width takes any value, clamped to [1,
 * EMBER_GFX_LINE_WIDTH_MAX] (NaN as 1), for lines and polygon-mode edges
 * (ember-hw.rst, R11); without it only 1.0, other widths BAD_STATE. Since
 * 1.13.
 */
#define   EMBER_CAP_WIDE_LINES		BIT(18)
/*
 * The COND_EXEC user packet: skip the packets that follow when a value in
 * memory is zero (or, inverted, not zero) (ember-hw.rst, "Conditional
 * execution (since 1.13)"); without it the packet is BAD_PACKET.
 */
#define   EMBER_CAP_COND_EXEC		BIT(20)
/*
 * RESOLVE of depth and stencil planes, and its modes SAMPLE_ZERO, MIN and
 * MAX (ember-hw.rst, "Copies, blits and clears of images"); without it
 * RESOLVE takes colour only and no mode. Since 1.13.
 */
#define   EMBER_CAP_RESOLVE_DS		BIT(21)
/*
 * The depth/stencil attachment formats X8_D24_UNORM_PACK32 and
 * D32_SFLOAT_S8_UINT: draws test and write them, and CLEAR_DEPTH_STENCIL,
 * COPY_BUFFER_IMAGE, COPY_IMAGE and RESOLVE take them as before (ember-
 * hw.rst, "Draws", Targets); without it a targets block naming one is
 * BAD_DESCRIPTOR. Since 1.14.
 */
#define   EMBER_CAP_DS_FORMATS		BIT(22)
/*
 * The PIPELINE_STATS_COUNTERS packet: draws and dispatches add to eleven
 * u64 pipeline statistics counters in memory, for pipeline statistics
 * queries (ember-hw.rst, "Pipeline statistics counters (since 1.15)");
 * without it the packet is BAD_PACKET.
 */
#define   EMBER_CAP_PIPELINE_STATS	BIT(23)
/*
 * The sampler descriptor's max_anisotropy field: the texture unit filters
 * anisotropic footprints with up to 16 samples (ember-hw.rst, "Anisotropic
 * filtering (since 1.16)"); without it the field's bits are reserved.
 */
#define   EMBER_CAP_SAMPLER_ANISO	BIT(24)
/*
 * The raster block's depth_negative_one_to_one: clip-space depth runs from
 * -w_c to w_c, depth clipping clips to -w_c <= z_c <= w_c and the viewport
 * transform maps z_c/w_c = -1 to minDepth and 1 to maxDepth (ember-hw.rst,
 * R1, R2, R9); without it the bit is reserved (BAD_STATE). Since 1.17.
 */
#define   EMBER_CAP_DEPTH_CLIP_CONTROL	BIT(25)
/* Number of hardware rings (queues). */
#define EMBER_REG_NUM_RINGS		0x014
/* Number of shader cores (host threads). */
#define EMBER_REG_NUM_CORES		0x018
/* Width of a GPU virtual address. */
#define EMBER_REG_VA_BITS		0x01c
/* Interrupt vectors the device drives. */
#define EMBER_REG_NUM_VECTORS		0x020
/* Size of BAR2 in bytes. */
#define EMBER_REG_SHM_SIZE		0x024
/* Timestamp counter frequency in Hz. */
#define EMBER_REG_TIMESTAMP_FREQ	0x028
/* Low word of the guest RAM size. */
#define EMBER_REG_GUEST_RAM_SIZE_LO	0x030
/* High word of the guest RAM size. */
#define EMBER_REG_GUEST_RAM_SIZE_HI	0x034
/* Hardware contexts. Since 1.1. */
#define EMBER_REG_NUM_CONTEXTS		0x038
/* Largest RING_SIZE in bytes. Since 1.1. */
#define EMBER_REG_MAX_RING_SIZE		0x03c
/* Largest indirect buffer in bytes. Since 1.1. */
#define EMBER_REG_MAX_IB_SIZE		0x040
/* Fault records kept. Since 1.1. */
#define EMBER_REG_NUM_FAULT_SLOTS	0x044
/*
 * Queue slots (queues mapped at once, device-wide); 0 without CAP_QUEUES.
 * Since 1.9.
 */
#define EMBER_REG_NUM_QUEUES		0x048

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

/* Management commands (EMBER_REG_MGMT_CMD). */
/* Does nothing, acknowledges. */
#define EMBER_MGMT_CMD_NOP		0x0
/*
 * RESULT0 = ~ARG0; RESULT1/RESULT2 = low/high word of the device timestamp
 * (ns) when the command ran.
 */
#define EMBER_MGMT_CMD_PING		0x1
/*
 * Stop every ring and discard its queued packets (RING_HEAD = RING_TAIL),
 * abort every job, clear every TLB and context state; RESULT0 = the new
 * RESET_COUNT. Since 1.1.
 */
#define EMBER_MGMT_CMD_RESET_DEVICE	0x2
/*
 * Abort context ARG0's running job, clear its TLB, set its CTX_STATE back
 * to OK. Since 1.1.
 */
#define EMBER_MGMT_CMD_RESET_CONTEXT	0x3
/*
 * Drop context ARG0's TLB entries (EMBER_CTX_ALL: every context's). Since
 * 1.1.
 */
#define EMBER_MGMT_CMD_TLB_INVALIDATE	0x4
/*
 * Drop the TLB entries of the contexts whose bits are set in ARG0
 * (contexts 0..31) and ARG1 (32..63); waits only for a running job of one
 * of those contexts. Since 1.6.
 */
#define EMBER_MGMT_CMD_TLB_INVALIDATE_MASK	0x5
/*
 * CAP_QUEUES: map the queue whose descriptor is at guest-physical ARG1
 * (low), ARG2 (high) into slot ARG0; BAD_ARG with RESULT0 =
 * EMBER_QUEUE_ERR_* if it cannot. Since 1.9.
 */
#define EMBER_MGMT_CMD_QUEUE_MAP	0x6
/*
 * CAP_QUEUES: unmap slot ARG0, aborting its running packet; RESULT0 = the
 * queue's RPTR, RESULT1 = 1 if a packet was cut short. Since 1.9.
 */
#define EMBER_MGMT_CMD_QUEUE_UNMAP	0x7

/* Management status codes (EMBER_REG_MGMT_STATUS). */
#define EMBER_MGMT_STATUS_OK		0x0
#define EMBER_MGMT_STATUS_BAD_CMD	0x1
/* An argument is out of range. Since 1.1. */
#define EMBER_MGMT_STATUS_BAD_ARG	0x2

/*
 * Control block (since 1.1): written by the driver, read by the device.
 * WATCHDOG_MS bounds the run time of one indirect buffer (0: the device's
 * default, EMBER_WATCHDOG_DEFAULT_MS). FAULT_ACK is the sequence number of
 * the last fault record the driver has consumed.
 */
#define EMBER_REG_WATCHDOG_MS		0x200
#define   EMBER_WATCHDOG_DEFAULT_MS	2000
#define EMBER_REG_FAULT_ACK		0x204

/*
 * Device status block (since 1.1): written by the device. FAULT_SEQ counts
 * fault records written (record n is in slot n % NUM_FAULT_SLOTS);
 * FAULT_LOST counts records overwritten before FAULT_ACK covered them;
 * RESET_COUNT counts completed device resets.
 */
#define EMBER_REG_FAULT_SEQ		0x280
#define EMBER_REG_FAULT_LOST		0x284
#define EMBER_REG_RESET_COUNT		0x288

/*
 * Ring blocks (since 1.1), one per ring at EMBER_REG_RING(r, reg) in the
 * second page of BAR2. Ring r is woken by doorbell EMBER_DOORBELL_RING(r)
 * and interrupts on vector EMBER_VECTOR_RING(r).
 *
 * BASE (guest-physical, 4 KiB aligned), SIZE (bytes, a power of two from
 * EMBER_RING_MIN_SIZE to MAX_RING_SIZE; 0 = ring off), PRIORITY and TAIL
 * are written by the driver. HEAD, STATUS and IRQ_SEQ by the device. HEAD
 * and TAIL are free-running byte counters: the next packet is at BASE +
 * (HEAD & (SIZE - 1)); the ring is empty when HEAD == TAIL.
 */
#define EMBER_REG_RING_AREA		0x1000
#define EMBER_REG_RING_STRIDE		0x40
#define EMBER_REG_RING(r, reg)		(EMBER_REG_RING_AREA + \
					 (r) * EMBER_REG_RING_STRIDE + (reg))
#define   EMBER_RING_BASE_LO		0x00
#define   EMBER_RING_BASE_HI		0x04
#define   EMBER_RING_SIZE		0x08
#define   EMBER_RING_TAIL		0x0c
#define   EMBER_RING_PRIORITY		0x10
#define   EMBER_RING_HEAD		0x20
#define   EMBER_RING_STATUS		0x24
#define     EMBER_RING_STATUS_BUSY	BIT(0)
#define     EMBER_RING_STATUS_STOPPED	BIT(1)
#define   EMBER_RING_IRQ_SEQ		0x28

/*
 * Since 1.5 (CAP_RESET_HEAD), written by each device reset: RESET_HEAD is
 * HEAD when the reset discarded the ring's packets, RESET_STATUS's STARTED
 * bit says the packet at RESET_HEAD had begun (and was cut short).
 */
#define   EMBER_RING_RESET_HEAD		0x2c
#define   EMBER_RING_RESET_STATUS	0x30
#define     EMBER_RING_RESET_STARTED	BIT(0)
#define   EMBER_RING_MIN_SIZE		0x1000
#define   EMBER_RING_MAX_PRIORITY	3
/* Most rings a device has; NUM_RINGS never reads more. */
#define EMBER_MAX_RINGS			16

/*
 * Context table (since 1.1), one block per context at EMBER_REG_CTX(c,
 * reg) in the third page of BAR2. PT_ROOT (guest-physical, 4 KiB aligned;
 * 0 = no address space) is written by the driver; STATE and FAULT_COUNT by
 * the device.
 */
#define EMBER_REG_CTX_AREA		0x2000
#define EMBER_REG_CTX_STRIDE		0x10
#define EMBER_REG_CTX(c, reg)		(EMBER_REG_CTX_AREA + \
					 (c) * EMBER_REG_CTX_STRIDE + (reg))
#define   EMBER_CTX_PT_ROOT_LO		0x0
#define   EMBER_CTX_PT_ROOT_HI		0x4
#define   EMBER_CTX_STATE		0x8
#define     EMBER_CTX_STATE_OK		0
#define     EMBER_CTX_STATE_FAULTED	1
#define   EMBER_CTX_FAULT_COUNT		0xc
/* Most contexts; NUM_CONTEXTS never reads more. */
#define EMBER_MAX_CONTEXTS		64
/* "every context" in TLB_INVALIDATE. */
#define EMBER_CTX_ALL			0xffffffff

/*
 * Fault records (since 1.1): NUM_FAULT_SLOTS records at
 * EMBER_REG_FAULT(slot, reg) in the fourth page of BAR2, written by the
 * device. SEQ is written last (release): a record is valid once its SEQ
 * reads the sequence number the driver expects.
 */
#define EMBER_REG_FAULT_AREA		0x3000
#define EMBER_REG_FAULT_STRIDE		0x40
#define EMBER_REG_FAULT(slot, reg)	(EMBER_REG_FAULT_AREA + \
					 (slot) * EMBER_REG_FAULT_STRIDE + (reg))
/* The fault kind, EMBER_FAULT_* (ember_packets.h). */
#define   EMBER_FAULT_REC_KIND		0x00
/* The ring, or EMBER_NO_CONTEXT. */
#define   EMBER_FAULT_REC_RING		0x04
/* The context, or EMBER_NO_CONTEXT. */
#define   EMBER_FAULT_REC_CONTEXT	0x08
/* RING_HEAD at the kernel packet that faulted. */
#define   EMBER_FAULT_REC_RING_POS	0x0c
/* Byte offset of the user packet in its indirect buffer. */
#define   EMBER_FAULT_REC_IB_OFFSET	0x10
/* The faulting VA, or the user packet's. */
#define   EMBER_FAULT_REC_VA_LO		0x14
#define   EMBER_FAULT_REC_VA_HI		0x18
/* The access (EMBER_ACCESS_*) or the packet's header. */
#define   EMBER_FAULT_REC_DETAIL	0x1c
/* Device time of the fault (ns). */
#define   EMBER_FAULT_REC_TIMESTAMP_LO	0x20
#define   EMBER_FAULT_REC_TIMESTAMP_HI	0x24
/*
 * The queue slot, or EMBER_NO_QUEUE (a ring's fault, or a 1.8 device: 0).
 * Since 1.9.
 */
#define   EMBER_FAULT_REC_QUEUE		0x28
/* The record's sequence number, written last. */
#define   EMBER_FAULT_REC_SEQ		0x3c

/**
 * struct ember_fault_rec - one fault record, as its registers hold it
 * @kind: the fault kind, EMBER_FAULT_* (ember_packets.h).
 * @ring: the ring, or EMBER_NO_CONTEXT.
 * @context: the context, or EMBER_NO_CONTEXT.
 * @ring_pos: RING_HEAD at the kernel packet that faulted.
 * @ib_offset: byte offset of the user packet in its indirect buffer.
 * @va: the faulting VA, or the user packet's.
 * @detail: the access (EMBER_ACCESS_*) or the packet's header.
 * @timestamp: device time of the fault (ns).
 * @queue: the queue slot, or EMBER_NO_QUEUE (a ring's fault, or a 1.8 device: 0). Since 1.9.
 * @seq: the record's sequence number, written last.
 */
struct ember_fault_rec {
	__u32 kind;
	__u32 ring;
	__u32 context;
	__u32 ring_pos;
	__u32 ib_offset;
	__u64 va;
	__u32 detail;
	__u64 timestamp;
	__u32 queue;
	__u32 seq;
};

/**
 * ember_fault_rec_pack() - write @v into @dw
 * @dw: CPU-order dwords, 16 of them
 * @v: the values; every field is masked to its width
 */
static inline void ember_fault_rec_pack(__u32 *dw, const struct ember_fault_rec *v)
{
	dw[0] = v->kind;
	dw[1] = v->ring;
	dw[2] = v->context;
	dw[3] = v->ring_pos;
	dw[4] = v->ib_offset;
	dw[5] = (__u32)v->va;
	dw[6] = (__u32)(v->va >> 32);
	dw[7] = v->detail;
	dw[8] = (__u32)v->timestamp;
	dw[9] = (__u32)(v->timestamp >> 32);
	dw[10] = v->queue;
	dw[15] = v->seq;
}

/**
 * ember_fault_rec_unpack() - read @v from @dw
 * @dw: CPU-order dwords, 16 of them
 * @v: the fields
 */
static inline void ember_fault_rec_unpack(const __u32 *dw, struct ember_fault_rec *v)
{
	v->kind = dw[0];
	v->ring = dw[1];
	v->context = dw[2];
	v->ring_pos = dw[3];
	v->ib_offset = dw[4];
	v->va = dw[5] | (__u64)dw[6] << 32;
	v->detail = dw[7];
	v->timestamp = dw[8] | (__u64)dw[9] << 32;
	v->queue = dw[10];
	v->seq = dw[15];
}

/* Most fault records; NUM_FAULT_SLOTS is no more. */
#define EMBER_MAX_FAULT_SLOTS		16
/* CONTEXT/RING of a record that has none. */
#define EMBER_NO_CONTEXT		0xffffffff
/* QUEUE of a record that has none. Since 1.9. */
#define EMBER_NO_QUEUE			0xffffffff

/* Doorbells (BAR0 Doorbell register: device peer << 16 | doorbell). */
#define EMBER_DEVICE_PEER_ID		0
#define EMBER_DOORBELL_MGMT		0
/* Ring r has doorbell 1 + r (so NUM_RINGS < NUM_VECTORS). Since 1.1. */
#define EMBER_DOORBELL_RING(r)		(1 + (r))
/*
 * Doorbell 0 also makes the device look at the queue doorbell page. Since
 * 1.9.
 */
#define EMBER_DOORBELL_QUEUES		0

/* Interrupt vectors (MSI-X). */
#define EMBER_VECTOR_MGMT		0
/* Fault records are announced on the management vector. Since 1.1. */
#define EMBER_VECTOR_FAULT		0
/* Ring r's completions are on vector 1 + r. Since 1.1. */
#define EMBER_VECTOR_RING(r)		(1 + (r))
#define EMBER_MIN_VECTORS		1
/*
 * Most interrupt vectors (and doorbells) a device has;
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
#define   EMBER_DOORBELL_VALUE(peer, vector)	(((peer) << 16) | ((vector) & 0xffff))
#define   EMBER_DOORBELL_VALUE_PEER(v)	((v) >> 16)
#define   EMBER_DOORBELL_VALUE_VECTOR(v)	((v) & 0xffff)
/* Size of the register page at the start of BAR2. */
#define EMBER_REG_PAGE_SIZE		0x1000
/*
 * Since 1.1 the registers span the first four pages of BAR2 (identity and
 * mailbox, rings, contexts, fault records).
 */
#define EMBER_REG_AREA_SIZE		0x4000

/*
 * Queues (since 1.9, CAP_QUEUES): the two pages of BAR2 after the register
 * area. QUEUE_DOORBELL(q) is written by the driver with queue q's new WPTR
 * before it rings EMBER_DOORBELL_QUEUES; QUEUE_IRQ_SEQ(q) counts the
 * interrupts queue q raised (FENCE with EMBER_FENCE_IRQ), written by the
 * device before it raises the queue's vector.
 */
/* Since 1.9. */
#define EMBER_REG_QUEUE_DOORBELL(q)	(0x4000 + (q) * 4)
/* Since 1.9. */
#define EMBER_REG_QUEUE_IRQ_SEQ(q)	(0x5000 + (q) * 4)
/*
 * End of the queue pages: a device with CAP_QUEUES has SHM_SIZE at least
 * this.
 */
#define EMBER_QUEUE_AREA_END		0x6000
/* Most queue slots (one doorbell page); NUM_QUEUES never reads more. */
#define EMBER_MAX_QUEUES		1024

/*
 * The queue descriptor (since 1.9): QUEUE_DESC_SIZE bytes of guest RAM,
 * QUEUE_DESC_SIZE aligned, at a guest-physical address QUEUE_MAP names.
 * Dwords 0x00..0x3f are the driver's (the device reads BASE, SIZE,
 * CONTEXT, PRIORITY, VECTOR and FLAGS once, at QUEUE_MAP; WPTR before
 * every packet), 0x40..0x7f the device's. The driver zeroes the whole
 * descriptor before its first QUEUE_MAP.
 */
#define EMBER_QUEUE_DESC_SIZE		0x80
/*
 * Guest-physical address of the queue's ring of kernel packets, 4 KiB
 * aligned.
 */
#define EMBER_QUEUE_DESC_BASE_LO	0x00
#define EMBER_QUEUE_DESC_BASE_HI	0x04
/* Bytes: a power of two from RING_MIN_SIZE to MAX_RING_SIZE. */
#define EMBER_QUEUE_DESC_SIZE_BYTES	0x08
/* The context every RUN_IB of the queue runs in. */
#define EMBER_QUEUE_DESC_CONTEXT	0x0c
/* 0 .. RING_MAX_PRIORITY; larger values read as the maximum. */
#define EMBER_QUEUE_DESC_PRIORITY	0x10
/* The interrupt vector of the queue's FENCE_IRQ: 1 .. NUM_VECTORS - 1. */
#define EMBER_QUEUE_DESC_VECTOR		0x14
/* 0: no flag is defined. */
#define EMBER_QUEUE_DESC_FLAGS		0x18
/* Driver: free-running byte count of what was written (release). */
#define EMBER_QUEUE_DESC_WPTR		0x20
/* Device: free-running byte count of what completed (release). */
#define EMBER_QUEUE_DESC_RPTR		0x40
/* Device: EMBER_QUEUE_STATUS_*. */
#define EMBER_QUEUE_DESC_STATUS		0x44
/* Device: RPTR when a device reset or QUEUE_UNMAP last cut the queue. */
#define EMBER_QUEUE_DESC_RESET_RPTR	0x48
/* Device: EMBER_QUEUE_RESET_STARTED if the packet at RESET_RPTR had begun. */
#define EMBER_QUEUE_DESC_RESET_STATUS	0x4c
/* A packet of the queue is executing or parked at a preemption point. */
#define EMBER_QUEUE_STATUS_BUSY		BIT(0)
/*
 * A queue fault stopped the queue until it is mapped again or the device
 * resets.
 */
#define EMBER_QUEUE_STATUS_STOPPED	BIT(1)
#define EMBER_QUEUE_RESET_STARTED	BIT(0)

/*
 * Why a queue was refused (QUEUE_MAP's RESULT0) or faulted
 * (EMBER_FAULT_QUEUE's DETAIL).
 */
/* The slot is not below NUM_QUEUES. */
#define EMBER_QUEUE_ERR_SLOT		1
/* The slot holds no queue (QUEUE_UNMAP, or a doorbell for it). */
#define EMBER_QUEUE_ERR_NOT_MAPPED	2
/* QUEUE_MAP: the slot already holds a queue. */
#define EMBER_QUEUE_ERR_MAPPED		3
/*
 * The descriptor address is not QUEUE_DESC_SIZE aligned guest RAM, or
 * another slot maps it.
 */
#define EMBER_QUEUE_ERR_DESC		4
/* BASE is not 4 KiB aligned or the ring is not guest RAM. */
#define EMBER_QUEUE_ERR_BASE		5
/* SIZE is not a power of two in range. */
#define EMBER_QUEUE_ERR_SIZE		6
/* CONTEXT is not below NUM_CONTEXTS, or a packet names another context. */
#define EMBER_QUEUE_ERR_CONTEXT		7
/* VECTOR is 0 or not below NUM_VECTORS. */
#define EMBER_QUEUE_ERR_VECTOR		8
/* FLAGS is not 0. */
#define EMBER_QUEUE_ERR_FLAGS		9
/*
 * WPTR or RPTR is not a multiple of 4, or WPTR is more than SIZE ahead of
 * RPTR.
 */
#define EMBER_QUEUE_ERR_POINTERS	10
/* A bad kernel packet (the record's VA holds its header). */
#define EMBER_QUEUE_ERR_PACKET		11

#endif /* __EMBER_REGS_H__ */
