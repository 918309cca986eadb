/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */

#ifndef __EMBER_PACKETS_H__
#define __EMBER_PACKETS_H__

/**
 * DOC: Ember command packets, page tables and faults
 *
 * The second half of the hardware contract (Documentation/gpu/ember-hw.rst,
 * since 1.1), beside ember_regs.h and under the same rules: constants only,
 * one source of truth for the kernel, the device, the Vulkan driver and the
 * tests.
 *
 * A packet is a header dword followed by EMBER_PKT_LEN(header) payload
 * dwords, all little-endian. Kernel packets live in rings (guest-physical
 * addresses); user packets live in indirect buffers (GPU virtual addresses
 * of the context the buffer runs in). 64-bit values are split into a low
 * dword followed by a high dword.
 */

#ifdef __KERNEL__
#include <linux/bits.h>
#else
#ifndef BIT
#define BIT(nr)			(1UL << (nr))
#endif
#endif

/* Header: opcode in bits 0..7, flags in bits 8..15, payload dwords 16..31. */
#define EMBER_PKT(op, flags, len)	((op) | ((flags) << 8) | ((len) << 16))
#define EMBER_PKT_OP(hdr)		((hdr) & 0xff)
#define EMBER_PKT_FLAGS(hdr)		(((hdr) >> 8) & 0xff)
#define EMBER_PKT_LEN(hdr)		((hdr) >> 16)

/* Kernel packets (rings). */
/** @EMBER_KPKT_NOP: any payload, skipped (padding). */
#define EMBER_KPKT_NOP			0x00
/**
 * @EMBER_KPKT_RUN_IB: run an indirect buffer. Payload: context, IB VA
 * low, high, IB size in bytes (a multiple of 4, at most MAX_IB_SIZE).
 */
#define EMBER_KPKT_RUN_IB		0x01
#define   EMBER_KPKT_RUN_IB_LEN		4
/**
 * @EMBER_KPKT_FENCE: once everything before it on the ring is complete,
 * write a 64-bit value to a guest-physical address (8-byte aligned), then
 * raise the ring's interrupt if flag EMBER_FENCE_IRQ is set. Payload:
 * address low, high, value low, high.
 */
#define EMBER_KPKT_FENCE		0x02
#define   EMBER_KPKT_FENCE_LEN		4
#define   EMBER_FENCE_IRQ		BIT(0)
/** @EMBER_KPKT_TLB_INVALIDATE: payload: context, or EMBER_CTX_ALL. */
#define EMBER_KPKT_TLB_INVALIDATE	0x03
#define   EMBER_KPKT_TLB_INVALIDATE_LEN	1
/**
 * @EMBER_KPKT_TIMESTAMP: write the 64-bit device time (ns) to a
 * guest-physical address (8-byte aligned). Payload: address low, high.
 */
#define EMBER_KPKT_TIMESTAMP		0x04
#define   EMBER_KPKT_TIMESTAMP_LEN	2

/* User packets (indirect buffers); addresses are GPU VAs. */
/** @EMBER_UPKT_NOP: any payload, skipped. */
#define EMBER_UPKT_NOP			0x00
/**
 * @EMBER_UPKT_COPY: copy HEIGHT rows of WIDTH bytes; row i goes from
 * SRC + i * SRC_PITCH to DST + i * DST_PITCH. Payload: src low, high, dst
 * low, high, width, height, src pitch, dst pitch. A linear copy has
 * height 1. Overlapping source and destination give undefined contents.
 */
#define EMBER_UPKT_COPY			0x10
#define   EMBER_UPKT_COPY_LEN		8
/**
 * @EMBER_UPKT_FILL: fill SIZE bytes (a multiple of 4) at DST (4-byte
 * aligned) with a 32-bit pattern. Payload: dst low, high, size, pattern.
 */
#define EMBER_UPKT_FILL			0x11
#define   EMBER_UPKT_FILL_LEN		4
/**
 * @EMBER_UPKT_WRITE_IMM: write a 32-bit value (payload: dst low, high,
 * value) or, with flag EMBER_WRITE_64, a 64-bit one (payload: dst low,
 * high, value low, high). DST is aligned to the value's size.
 */
#define EMBER_UPKT_WRITE_IMM		0x12
#define   EMBER_WRITE_64		BIT(0)
/** @EMBER_UPKT_TIMESTAMP: device time (ns, 64-bit) to DST, 8-aligned. */
#define EMBER_UPKT_TIMESTAMP		0x13
#define   EMBER_UPKT_TIMESTAMP_LEN	2
/**
 * @EMBER_UPKT_WAIT_MEM: wait until (*ADDR & MASK) compares true with REF.
 * Flags: the compare (EMBER_WAIT_*, bits 1..2: unsigned >=, ==, !=) and
 * EMBER_WRITE_64 for a 64-bit
 * location (else 32-bit; the high words of REF and MASK are then
 * ignored). Payload: addr low, high, ref low, high, mask low, high.
 * Bounded by the watchdog.
 */
#define EMBER_UPKT_WAIT_MEM		0x14
#define   EMBER_UPKT_WAIT_MEM_LEN	6
#define   EMBER_WAIT_GE			0x0
#define   EMBER_WAIT_EQ			0x2
#define   EMBER_WAIT_NE			0x4
#define   EMBER_WAIT_CMP_MASK		0x6
/**
 * @EMBER_UPKT_SIGNAL_MEM: once all prior work of this queue is complete
 * and visible, write a value like EMBER_UPKT_WRITE_IMM (same payload and
 * flags). Pairs with EMBER_UPKT_WAIT_MEM on any queue.
 */
#define EMBER_UPKT_SIGNAL_MEM		0x15
/** @EMBER_UPKT_BARRIER: all prior work complete and its writes visible. */
#define EMBER_UPKT_BARRIER		0x16
/** @EMBER_UPKT_RESERVED_FIRST: 0x40..0x7f: dispatch, draw, state. */
#define EMBER_UPKT_RESERVED_FIRST	0x40
#define EMBER_UPKT_RESERVED_LAST	0x7f
/**
 * @EMBER_UPKT_DISPATCH: run a compute shader (since 1.2) on groups x, y, z
 * workgroups numbered from base x, y, z. Payload: shader binary VA low,
 * high (Documentation/gpu/ember-isa.rst), groups x, y, z, base x, y, z,
 * descriptor-set table VA low, high (up to 8 u64 set base addresses),
 * push-constant bytes (at most EMBER_DISPATCH_MAX_PUSH), then the push
 * constants padded to whole dwords. Shader faults stop the context like
 * any fault; a bad shader is ILLEGAL_INSTRUCTION.
 */
#define EMBER_UPKT_DISPATCH		0x40
#define   EMBER_DISPATCH_FIXED_LEN	11
#define   EMBER_DISPATCH_MAX_PUSH	256
#define   EMBER_UPKT_DISPATCH_LEN(push_bytes) \
	(EMBER_DISPATCH_FIXED_LEN + ((push_bytes) + 3) / 4)
/**
 * @EMBER_UPKT_DISPATCH_INDIRECT: a DISPATCH (since 1.3, CAP_DISPATCH_INDIRECT)
 * whose workgroup counts x, y, z are three u32 read at a GPU VA (4-byte
 * aligned, READ access) once, when the packet executes, before any of its
 * workgroups runs: they see the writes of every earlier job and of every
 * earlier packet of the buffer with a BARRIER between it and this packet
 * (without one, the read may overlap the writes). Payload: shader binary VA
 * low, high, counts VA low, high, base x, y, z, descriptor-set table VA
 * low, high, push-constant bytes, then the push constants, as DISPATCH. The
 * counts then act as DISPATCH's (zero: no workgroup runs; a product above
 * 2^32 - 1: BAD_PACKET); a counts VA that does not translate is a
 * TRANSLATION or PERMISSION fault at that VA, a misaligned one BAD_PACKET.
 */
#define EMBER_UPKT_DISPATCH_INDIRECT	0x41
#define   EMBER_DISPATCH_INDIRECT_FIXED_LEN	10
#define   EMBER_UPKT_DISPATCH_INDIRECT_LEN(push_bytes) \
	(EMBER_DISPATCH_INDIRECT_FIXED_LEN + ((push_bytes) + 3) / 4)

/*
 * GPU virtual memory: four levels of 512 64-bit entries (one 4 KiB page
 * each), indexed by VA bits 47..39, 38..30, 29..21, 20..12. An entry
 * holds a guest-physical address in bits 12..51. Directory entries need
 * only VALID; the permission bits of the last level decide the access.
 */
#define EMBER_VA_BITS			48
#define EMBER_PAGE_SHIFT		12
#define EMBER_PAGE_SIZE			BIT(EMBER_PAGE_SHIFT)
#define EMBER_PT_LEVELS			4
#define EMBER_PT_LEVEL_BITS		9
#define EMBER_PT_ENTRIES		512
#define EMBER_PT_INDEX(va, level) \
	(((va) >> (EMBER_PAGE_SHIFT + EMBER_PT_LEVEL_BITS * (level))) & 0x1ff)
#define EMBER_PTE_VALID			BIT(0)
#define EMBER_PTE_READ			BIT(1)
#define EMBER_PTE_WRITE			BIT(2)
#define EMBER_PTE_EXEC			BIT(3)
/* Bit 7 is reserved for large pages: an entry with it set faults. */
#define EMBER_PTE_LARGE			BIT(7)
#define EMBER_PTE_ADDR_MASK		0x000ffffffffff000ULL

/* Fault kinds (EMBER_FAULT_REC_KIND). */
#define EMBER_FAULT_NONE		0
/** @EMBER_FAULT_TRANSLATION: no valid mapping for a VA. */
#define EMBER_FAULT_TRANSLATION		1
/** @EMBER_FAULT_PERMISSION: mapped without the access's permission. */
#define EMBER_FAULT_PERMISSION		2
/** @EMBER_FAULT_BAD_PACKET: unknown opcode, bad length or bad field. */
#define EMBER_FAULT_BAD_PACKET		3
/**
 * @EMBER_FAULT_ILLEGAL_INSTRUCTION: a shader ran an invalid instruction
 * or a bad shader binary; the record's VA is the instruction's (or the
 * binary's), its detail EMBER_ILLEGAL_DETAIL(reason, instruction index).
 */
#define EMBER_FAULT_ILLEGAL_INSTRUCTION	4
#define   EMBER_ILLEGAL_DETAIL(reason, index)	(((reason) << 24) | ((index) & 0xffffff))
#define   EMBER_ILLEGAL_REASON(detail)		((detail) >> 24)
#define   EMBER_ILLEGAL_INDEX(detail)		((detail) & 0xffffff)
/** @EMBER_FAULT_WATCHDOG: an indirect buffer outran WATCHDOG_MS. */
#define EMBER_FAULT_WATCHDOG		5
/** @EMBER_FAULT_RING: a bad ring or kernel packet; the ring stops. */
#define EMBER_FAULT_RING		6
/** @EMBER_FAULT_INJECTED: a fault injected through the control knob. */
#define EMBER_FAULT_INJECTED		7

/* EMBER_FAULT_REC_DETAIL of translation and permission faults: the access. */
#define EMBER_ACCESS_READ		BIT(0)
#define EMBER_ACCESS_WRITE		BIT(1)
#define EMBER_ACCESS_EXEC		BIT(2)

#endif /* __EMBER_PACKETS_H__ */
