/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Copyright 2026 The Ember Authors */
/* Generated from hw/ember_hw.xml by hw/gen_ember_hw.py: do not edit. */

#ifndef __EMBER_PACKETS_H__
#define __EMBER_PACKETS_H__

/**
 * DOC: Ember command packets, page tables and faults
 *
 * The second half of the hardware contract (Documentation/gpu/ember-hw.rst,
 * since 1.1), beside ember_regs.h and generated from the same description,
 * hw/ember_hw.xml.
 *
 * A packet is a header dword followed by EMBER_PKT_LEN(header) payload
 * dwords, all little-endian. Kernel packets live in rings (guest-physical
 * addresses); user packets live in indirect buffers (GPU virtual addresses
 * of the context the buffer runs in). 64-bit values are split into a low
 * dword followed by a high dword.
 *
 * Each packet with a fixed layout has a struct and two helpers:
 * ember_*_pack() writes the header and the payload as CPU-order dwords and
 * returns the packet's size in dwords; ember_*_unpack() reads the payload
 * back (the reader checks the header and the length first). Whoever stores
 * the dwords converts them to little-endian.
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

/* Header: opcode in bits 0..7, flags in bits 8..15, payload dwords 16..31. */
#define EMBER_PKT(op, flags, len)	(((op) & 0xff) | (((flags) & 0xff) << 8) | ((len) << 16))
#define EMBER_PKT_OP(hdr)		((hdr) & 0xff)
#define EMBER_PKT_FLAGS(hdr)		(((hdr) >> 8) & 0xff)
#define EMBER_PKT_LEN(hdr)		((hdr) >> 16)

/* Kernel packets (rings). */

/* Any payload, skipped (padding). */
#define EMBER_KPKT_NOP			0x00

/*
 * Run an indirect buffer of IB size bytes (a multiple of 4, at most
 * MAX_IB_SIZE) at IB VA in a context.
 */
#define EMBER_KPKT_RUN_IB		0x01
#define   EMBER_KPKT_RUN_IB_LEN		4

/**
 * struct ember_kpkt_run_ib - the payload of KPKT_RUN_IB
 * @context: the hardware context the buffer runs in.
 * @ib_va: GPU VA of the indirect buffer in that context.
 * @ib_size: bytes, a multiple of 4, at most MAX_IB_SIZE.
 */
struct ember_kpkt_run_ib {
	__u32 context;
	__u64 ib_va;
	__u32 ib_size;
};

/**
 * ember_kpkt_run_ib_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_kpkt_run_ib_pack(__u32 *dw, const struct ember_kpkt_run_ib *v)
{
	unsigned int len = EMBER_KPKT_RUN_IB_LEN;

	dw[0] = EMBER_PKT(EMBER_KPKT_RUN_IB, 0, len);
	dw[1] = v->context;
	dw[2] = (__u32)v->ib_va;
	dw[3] = (__u32)(v->ib_va >> 32);
	dw[4] = v->ib_size;
	return 1 + len;
}

/**
 * ember_kpkt_run_ib_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_kpkt_run_ib_unpack(const __u32 *dw, struct ember_kpkt_run_ib *v)
{
	v->context = dw[1];
	v->ib_va = dw[2] | (__u64)dw[3] << 32;
	v->ib_size = dw[4];
}

/*
 * Once everything before it on the ring is complete, write a 64-bit value
 * to a guest-physical address (8-byte aligned), then raise the ring's
 * interrupt if flag EMBER_FENCE_IRQ is set.
 */
#define EMBER_KPKT_FENCE		0x02
#define   EMBER_KPKT_FENCE_LEN		4
#define   EMBER_FENCE_IRQ		BIT(0)

/**
 * struct ember_kpkt_fence - the payload of KPKT_FENCE
 * @flags: the header's flags.
 * @addr: guest-physical address, 8-byte aligned.
 * @value: the 64-bit value written there.
 */
struct ember_kpkt_fence {
	__u32 flags;
	__u64 addr;
	__u64 value;
};

/**
 * ember_kpkt_fence_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_kpkt_fence_pack(__u32 *dw, const struct ember_kpkt_fence *v)
{
	unsigned int len = EMBER_KPKT_FENCE_LEN;

	dw[0] = EMBER_PKT(EMBER_KPKT_FENCE, v->flags, len);
	dw[1] = (__u32)v->addr;
	dw[2] = (__u32)(v->addr >> 32);
	dw[3] = (__u32)v->value;
	dw[4] = (__u32)(v->value >> 32);
	return 1 + len;
}

/**
 * ember_kpkt_fence_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_kpkt_fence_unpack(const __u32 *dw, struct ember_kpkt_fence *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->addr = dw[1] | (__u64)dw[2] << 32;
	v->value = dw[3] | (__u64)dw[4] << 32;
}

/* Invalidate the TLB of a context, or of every one (EMBER_CTX_ALL). */
#define EMBER_KPKT_TLB_INVALIDATE	0x03
#define   EMBER_KPKT_TLB_INVALIDATE_LEN	1

/**
 * struct ember_kpkt_tlb_invalidate - the payload of KPKT_TLB_INVALIDATE
 * @context: the context, or EMBER_CTX_ALL.
 */
struct ember_kpkt_tlb_invalidate {
	__u32 context;
};

/**
 * ember_kpkt_tlb_invalidate_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_kpkt_tlb_invalidate_pack(__u32 *dw,
							  const struct ember_kpkt_tlb_invalidate *v)
{
	unsigned int len = EMBER_KPKT_TLB_INVALIDATE_LEN;

	dw[0] = EMBER_PKT(EMBER_KPKT_TLB_INVALIDATE, 0, len);
	dw[1] = v->context;
	return 1 + len;
}

/**
 * ember_kpkt_tlb_invalidate_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_kpkt_tlb_invalidate_unpack(const __u32 *dw,
						    struct ember_kpkt_tlb_invalidate *v)
{
	v->context = dw[1];
}

/*
 * Write the 64-bit device time (ns) to a guest-physical address (8-byte
 * aligned).
 */
#define EMBER_KPKT_TIMESTAMP		0x04
#define   EMBER_KPKT_TIMESTAMP_LEN	2

/**
 * struct ember_kpkt_timestamp - the payload of KPKT_TIMESTAMP
 * @addr: guest-physical address, 8-byte aligned.
 */
struct ember_kpkt_timestamp {
	__u64 addr;
};

/**
 * ember_kpkt_timestamp_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_kpkt_timestamp_pack(__u32 *dw,
						     const struct ember_kpkt_timestamp *v)
{
	unsigned int len = EMBER_KPKT_TIMESTAMP_LEN;

	dw[0] = EMBER_PKT(EMBER_KPKT_TIMESTAMP, 0, len);
	dw[1] = (__u32)v->addr;
	dw[2] = (__u32)(v->addr >> 32);
	return 1 + len;
}

/**
 * ember_kpkt_timestamp_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_kpkt_timestamp_unpack(const __u32 *dw, struct ember_kpkt_timestamp *v)
{
	v->addr = dw[1] | (__u64)dw[2] << 32;
}

/* User packets (indirect buffers); addresses are GPU VAs. */

/* Any payload, skipped. */
#define EMBER_UPKT_NOP			0x00

/*
 * Copy HEIGHT rows of WIDTH bytes; row i goes from SRC + i * SRC_PITCH to
 * DST + i * DST_PITCH. A linear copy has height 1. Overlapping source and
 * destination give undefined contents.
 */
#define EMBER_UPKT_COPY			0x10
#define   EMBER_UPKT_COPY_LEN		8

/**
 * struct ember_upkt_copy - the payload of UPKT_COPY
 * @src: GPU VA of the first source row.
 * @dst: GPU VA of the first destination row.
 * @width: bytes per row.
 * @height: rows (1: a linear copy).
 * @src_pitch: bytes from a source row to the next.
 * @dst_pitch: bytes from a destination row to the next.
 */
struct ember_upkt_copy {
	__u64 src;
	__u64 dst;
	__u32 width;
	__u32 height;
	__u32 src_pitch;
	__u32 dst_pitch;
};

/**
 * ember_upkt_copy_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_copy_pack(__u32 *dw, const struct ember_upkt_copy *v)
{
	unsigned int len = EMBER_UPKT_COPY_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_COPY, 0, len);
	dw[1] = (__u32)v->src;
	dw[2] = (__u32)(v->src >> 32);
	dw[3] = (__u32)v->dst;
	dw[4] = (__u32)(v->dst >> 32);
	dw[5] = v->width;
	dw[6] = v->height;
	dw[7] = v->src_pitch;
	dw[8] = v->dst_pitch;
	return 1 + len;
}

/**
 * ember_upkt_copy_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_copy_unpack(const __u32 *dw, struct ember_upkt_copy *v)
{
	v->src = dw[1] | (__u64)dw[2] << 32;
	v->dst = dw[3] | (__u64)dw[4] << 32;
	v->width = dw[5];
	v->height = dw[6];
	v->src_pitch = dw[7];
	v->dst_pitch = dw[8];
}

/*
 * Fill SIZE bytes (a multiple of 4) at DST (4-byte aligned) with a 32-bit
 * pattern.
 */
#define EMBER_UPKT_FILL			0x11
#define   EMBER_UPKT_FILL_LEN		4

/**
 * struct ember_upkt_fill - the payload of UPKT_FILL
 * @dst: GPU VA, 4-byte aligned.
 * @size: bytes, a multiple of 4.
 * @pattern: the 32-bit pattern repeated.
 */
struct ember_upkt_fill {
	__u64 dst;
	__u32 size;
	__u32 pattern;
};

/**
 * ember_upkt_fill_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_fill_pack(__u32 *dw, const struct ember_upkt_fill *v)
{
	unsigned int len = EMBER_UPKT_FILL_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_FILL, 0, len);
	dw[1] = (__u32)v->dst;
	dw[2] = (__u32)(v->dst >> 32);
	dw[3] = v->size;
	dw[4] = v->pattern;
	return 1 + len;
}

/**
 * ember_upkt_fill_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_fill_unpack(const __u32 *dw, struct ember_upkt_fill *v)
{
	v->dst = dw[1] | (__u64)dw[2] << 32;
	v->size = dw[3];
	v->pattern = dw[4];
}

/*
 * Write a 32-bit value (payload: dst, value) or, with flag EMBER_WRITE_64,
 * a 64-bit one (payload: dst, value low, high). DST is aligned to the
 * value's size.
 */
#define EMBER_UPKT_WRITE_IMM		0x12
#define   EMBER_WRITE_64		BIT(0)

/**
 * struct ember_upkt_write_imm - the payload of UPKT_WRITE_IMM
 * @flags: the header's flags.
 * @dst: GPU VA, aligned to the value's size.
 * @value: the value; its high word only with EMBER_WRITE_64.
 */
struct ember_upkt_write_imm {
	__u32 flags;
	__u64 dst;
	__u64 value;
};

/**
 * ember_upkt_write_imm_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_write_imm_pack(__u32 *dw,
						     const struct ember_upkt_write_imm *v)
{
	unsigned int len = v->flags & EMBER_WRITE_64 ? 4 : 3;

	dw[0] = EMBER_PKT(EMBER_UPKT_WRITE_IMM, v->flags, len);
	dw[1] = (__u32)v->dst;
	dw[2] = (__u32)(v->dst >> 32);
	dw[3] = (__u32)v->value;
	if (v->flags & EMBER_WRITE_64)
		dw[4] = (__u32)(v->value >> 32);
	return 1 + len;
}

/**
 * ember_upkt_write_imm_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_write_imm_unpack(const __u32 *dw, struct ember_upkt_write_imm *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->dst = dw[1] | (__u64)dw[2] << 32;
	v->value = dw[3] | (v->flags & EMBER_WRITE_64 ? (__u64)dw[4] << 32 : 0);
}

/* Device time (ns, 64-bit) to DST, 8-byte aligned. */
#define EMBER_UPKT_TIMESTAMP		0x13
#define   EMBER_UPKT_TIMESTAMP_LEN	2

/**
 * struct ember_upkt_timestamp - the payload of UPKT_TIMESTAMP
 * @dst: GPU VA, 8-byte aligned.
 */
struct ember_upkt_timestamp {
	__u64 dst;
};

/**
 * ember_upkt_timestamp_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_timestamp_pack(__u32 *dw,
						     const struct ember_upkt_timestamp *v)
{
	unsigned int len = EMBER_UPKT_TIMESTAMP_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, len);
	dw[1] = (__u32)v->dst;
	dw[2] = (__u32)(v->dst >> 32);
	return 1 + len;
}

/**
 * ember_upkt_timestamp_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_timestamp_unpack(const __u32 *dw, struct ember_upkt_timestamp *v)
{
	v->dst = dw[1] | (__u64)dw[2] << 32;
}

/*
 * Wait until (*ADDR & MASK) compares true with REF. Flags: the compare
 * (EMBER_WAIT_*, bits 1..2: unsigned >=, ==, !=) and EMBER_WRITE_64 for a
 * 64-bit location (else 32-bit; the high words of REF and MASK are then
 * ignored). Bounded by the watchdog.
 */
#define EMBER_UPKT_WAIT_MEM		0x14
#define   EMBER_UPKT_WAIT_MEM_LEN	6
#define   EMBER_WAIT_GE			0x0
#define   EMBER_WAIT_EQ			0x2
#define   EMBER_WAIT_NE			0x4
#define   EMBER_WAIT_CMP_MASK		0x6

/**
 * struct ember_upkt_wait_mem - the payload of UPKT_WAIT_MEM
 * @flags: the header's flags.
 * @addr: GPU VA of the location polled.
 * @ref: the value compared with.
 * @mask: ANDed with the location first.
 */
struct ember_upkt_wait_mem {
	__u32 flags;
	__u64 addr;
	__u64 ref;
	__u64 mask;
};

/**
 * ember_upkt_wait_mem_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_wait_mem_pack(__u32 *dw, const struct ember_upkt_wait_mem *v)
{
	unsigned int len = EMBER_UPKT_WAIT_MEM_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_WAIT_MEM, v->flags, len);
	dw[1] = (__u32)v->addr;
	dw[2] = (__u32)(v->addr >> 32);
	dw[3] = (__u32)v->ref;
	dw[4] = (__u32)(v->ref >> 32);
	dw[5] = (__u32)v->mask;
	dw[6] = (__u32)(v->mask >> 32);
	return 1 + len;
}

/**
 * ember_upkt_wait_mem_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_wait_mem_unpack(const __u32 *dw, struct ember_upkt_wait_mem *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->addr = dw[1] | (__u64)dw[2] << 32;
	v->ref = dw[3] | (__u64)dw[4] << 32;
	v->mask = dw[5] | (__u64)dw[6] << 32;
}

/*
 * Once all prior work of this queue is complete and visible, write a value
 * like EMBER_UPKT_WRITE_IMM (same payload and flags). Pairs with
 * EMBER_UPKT_WAIT_MEM on any queue.
 */
#define EMBER_UPKT_SIGNAL_MEM		0x15

/**
 * ember_upkt_signal_mem_pack() - write @v as a UPKT_SIGNAL_MEM into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet, whose payload is UPKT_WRITE_IMM's
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_signal_mem_pack(__u32 *dw,
						      const struct ember_upkt_write_imm *v)
{
	unsigned int size = ember_upkt_write_imm_pack(dw, v);

	dw[0] = EMBER_PKT(EMBER_UPKT_SIGNAL_MEM, EMBER_PKT_FLAGS(dw[0]), EMBER_PKT_LEN(dw[0]));
	return size;
}

/**
 * ember_upkt_signal_mem_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_signal_mem_unpack(const __u32 *dw, struct ember_upkt_write_imm *v)
{
	ember_upkt_write_imm_unpack(dw, v);
}

/* All prior work complete and its writes visible. */
#define EMBER_UPKT_BARRIER		0x16
#define   EMBER_UPKT_BARRIER_LEN	0

/*
 * The copy engine for images (since 1.7, CAPS_IMAGES; ember-hw.rst
 * "Copies, blits and clears of images"). An image is named by the GPU VA
 * of its 64-byte image descriptor (struct ember_image_desc, 16-byte
 * aligned); the engine addresses the whole image the descriptor describes,
 * never a view of it. Texel coordinates are (x, y, z) where z is a 3D
 * image's slice or any other image's array layer; a region is its first
 * texel and its extent.
 */
#define EMBER_IMAGE_SUB(level, aspect)	(((level) & 0xff) | (((aspect) & 0xff) << 8))
#define EMBER_IMAGE_SUB_LEVEL(v)	((v) & 0xff)
#define EMBER_IMAGE_SUB_ASPECT(v)	(((v) >> 8) & 0xff)

/* Image aspects of EMBER_IMAGE_SUB (VkImageAspectFlagBits). */
#define EMBER_ASPECT_COLOR		BIT(0)
#define EMBER_ASPECT_DEPTH		BIT(1)
#define EMBER_ASPECT_STENCIL		BIT(2)

/*
 * Fill SIZE bytes at DST (4-byte aligned) with a 64-bit pattern
 * (PATTERN[0], [1]) or, with flag EMBER_FILL_128, a 128-bit one
 * (PATTERN[0..3]); SIZE is a multiple of the pattern's size. Since 1.7.
 */
#define EMBER_UPKT_FILL_WIDE		0x17
#define   EMBER_UPKT_FILL_WIDE_LEN	8
#define   EMBER_FILL_128		BIT(0)

/**
 * struct ember_upkt_fill_wide - the payload of UPKT_FILL_WIDE
 * @flags: the header's flags.
 * @dst: GPU VA, 4-byte aligned.
 * @size: bytes, a multiple of 8 (16 with FILL_128).
 * @pattern: the pattern's dwords in memory order; [2], [3] ignored without FILL_128.
 */
struct ember_upkt_fill_wide {
	__u32 flags;
	__u64 dst;
	__u64 size;
	__u32 pattern[4];
};

/**
 * ember_upkt_fill_wide_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_fill_wide_pack(__u32 *dw,
						     const struct ember_upkt_fill_wide *v)
{
	unsigned int len = EMBER_UPKT_FILL_WIDE_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_FILL_WIDE, v->flags, len);
	dw[1] = (__u32)v->dst;
	dw[2] = (__u32)(v->dst >> 32);
	dw[3] = (__u32)v->size;
	dw[4] = (__u32)(v->size >> 32);
	dw[5] = v->pattern[0];
	dw[6] = v->pattern[1];
	dw[7] = v->pattern[2];
	dw[8] = v->pattern[3];
	return 1 + len;
}

/**
 * ember_upkt_fill_wide_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_fill_wide_unpack(const __u32 *dw, struct ember_upkt_fill_wide *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->dst = dw[1] | (__u64)dw[2] << 32;
	v->size = dw[3] | (__u64)dw[4] << 32;
	v->pattern[0] = dw[5];
	v->pattern[1] = dw[6];
	v->pattern[2] = dw[7];
	v->pattern[3] = dw[8];
}

/*
 * Copy a region between a buffer and an image (vkCmdCopyBufferToImage, or
 * ImageToBuffer with flag EMBER_IMAGE_TO_BUFFER): texel (x, y, z) of the
 * region is at BUFFER + ((z * IMAGE_HEIGHT + y) * ROW_LENGTH + x) * texel
 * size of the aspect's plane, bytes copied unchanged. Since 1.7.
 */
#define EMBER_UPKT_COPY_BUFFER_IMAGE	0x18
#define   EMBER_UPKT_COPY_BUFFER_IMAGE_LEN	13
#define   EMBER_IMAGE_TO_BUFFER		BIT(0)

/**
 * struct ember_upkt_copy_buffer_image - the payload of UPKT_COPY_BUFFER_IMAGE
 * @flags: the header's flags.
 * @buffer: GPU VA of the region's first texel in the buffer (no alignment).
 * @row_length: texels from a buffer row to the next (0: the region's width).
 * @image_height: rows from a buffer slice or layer to the next (0: the region's height).
 * @image: GPU VA of the image descriptor.
 * @level: the mip level (EMBER_IMAGE_SUB).
 * @aspect: one EMBER_ASPECT_* bit: the plane copied.
 * @offset: the region's first texel x, y, z (z: slice or layer).
 * @extent: the region's width, height, depth (depth: slices or layers).
 */
struct ember_upkt_copy_buffer_image {
	__u32 flags;
	__u64 buffer;
	__u32 row_length;
	__u32 image_height;
	__u64 image;
	__u8 level;
	__u8 aspect;
	__u32 offset[3];
	__u32 extent[3];
};

/**
 * ember_upkt_copy_buffer_image_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int
ember_upkt_copy_buffer_image_pack(__u32 *dw, const struct ember_upkt_copy_buffer_image *v)
{
	unsigned int len = EMBER_UPKT_COPY_BUFFER_IMAGE_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_COPY_BUFFER_IMAGE, v->flags, len);
	dw[1] = (__u32)v->buffer;
	dw[2] = (__u32)(v->buffer >> 32);
	dw[3] = v->row_length;
	dw[4] = v->image_height;
	dw[5] = (__u32)v->image;
	dw[6] = (__u32)(v->image >> 32);
	dw[7] = (v->level & 0xff) |
		(__u32)(v->aspect & 0xff) << 8;
	dw[8] = v->offset[0];
	dw[9] = v->offset[1];
	dw[10] = v->offset[2];
	dw[11] = v->extent[0];
	dw[12] = v->extent[1];
	dw[13] = v->extent[2];
	return 1 + len;
}

/**
 * ember_upkt_copy_buffer_image_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_copy_buffer_image_unpack(const __u32 *dw,
						       struct ember_upkt_copy_buffer_image *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->buffer = dw[1] | (__u64)dw[2] << 32;
	v->row_length = dw[3];
	v->image_height = dw[4];
	v->image = dw[5] | (__u64)dw[6] << 32;
	v->level = dw[7] & 0xff;
	v->aspect = (dw[7] >> 8) & 0xff;
	v->offset[0] = dw[8];
	v->offset[1] = dw[9];
	v->offset[2] = dw[10];
	v->extent[0] = dw[11];
	v->extent[1] = dw[12];
	v->extent[2] = dw[13];
}

/*
 * Copy a region between two images whose texels (elements, with the
 * samples) have the same size, bytes unchanged (vkCmdCopyImage); a 3D
 * image's slices and another's layers pair up through z. Since 1.7.
 */
#define EMBER_UPKT_COPY_IMAGE		0x19
#define   EMBER_UPKT_COPY_IMAGE_LEN	15

/**
 * struct ember_upkt_copy_image - the payload of UPKT_COPY_IMAGE
 * @src: GPU VA of the source image descriptor.
 * @dst: GPU VA of the destination image descriptor.
 * @src_level: the source mip level.
 * @src_aspect: one EMBER_ASPECT_* bit.
 * @dst_level: the destination mip level.
 * @dst_aspect: one EMBER_ASPECT_* bit.
 * @src_offset: the source region's first texel x, y, z.
 * @dst_offset: the destination region's first texel x, y, z.
 * @extent: width, height, depth (slices or layers) of both regions.
 */
struct ember_upkt_copy_image {
	__u64 src;
	__u64 dst;
	__u8 src_level;
	__u8 src_aspect;
	__u8 dst_level;
	__u8 dst_aspect;
	__u32 src_offset[3];
	__u32 dst_offset[3];
	__u32 extent[3];
};

/**
 * ember_upkt_copy_image_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_copy_image_pack(__u32 *dw,
						      const struct ember_upkt_copy_image *v)
{
	unsigned int len = EMBER_UPKT_COPY_IMAGE_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_COPY_IMAGE, 0, len);
	dw[1] = (__u32)v->src;
	dw[2] = (__u32)(v->src >> 32);
	dw[3] = (__u32)v->dst;
	dw[4] = (__u32)(v->dst >> 32);
	dw[5] = (v->src_level & 0xff) |
		(__u32)(v->src_aspect & 0xff) << 8;
	dw[6] = (v->dst_level & 0xff) |
		(__u32)(v->dst_aspect & 0xff) << 8;
	dw[7] = v->src_offset[0];
	dw[8] = v->src_offset[1];
	dw[9] = v->src_offset[2];
	dw[10] = v->dst_offset[0];
	dw[11] = v->dst_offset[1];
	dw[12] = v->dst_offset[2];
	dw[13] = v->extent[0];
	dw[14] = v->extent[1];
	dw[15] = v->extent[2];
	return 1 + len;
}

/**
 * ember_upkt_copy_image_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_copy_image_unpack(const __u32 *dw, struct ember_upkt_copy_image *v)
{
	v->src = dw[1] | (__u64)dw[2] << 32;
	v->dst = dw[3] | (__u64)dw[4] << 32;
	v->src_level = dw[5] & 0xff;
	v->src_aspect = (dw[5] >> 8) & 0xff;
	v->dst_level = dw[6] & 0xff;
	v->dst_aspect = (dw[6] >> 8) & 0xff;
	v->src_offset[0] = dw[7];
	v->src_offset[1] = dw[8];
	v->src_offset[2] = dw[9];
	v->dst_offset[0] = dw[10];
	v->dst_offset[1] = dw[11];
	v->dst_offset[2] = dw[12];
	v->extent[0] = dw[13];
	v->extent[1] = dw[14];
	v->extent[2] = dw[15];
}

/*
 * One region of vkCmdBlitImage: every destination texel inside DST_BOUNDS
 * takes the source sampled at the matching point of SRC_BOUNDS (reversed
 * bounds flip), converted to the destination format; nearest filtering, or
 * linear with flag EMBER_BLIT_LINEAR. Since 1.7.
 */
#define EMBER_UPKT_BLIT			0x1a
#define   EMBER_UPKT_BLIT_LEN		18
#define   EMBER_BLIT_LINEAR		BIT(0)

/**
 * struct ember_upkt_blit - the payload of UPKT_BLIT
 * @flags: the header's flags.
 * @src: GPU VA of the source image descriptor.
 * @dst: GPU VA of the destination image descriptor.
 * @src_level: the source mip level.
 * @src_aspect: one EMBER_ASPECT_* bit.
 * @dst_level: the destination mip level.
 * @dst_aspect: one EMBER_ASPECT_* bit.
 * @src_bounds: x0, y0, z0, x1, y1, z1 of the source (VkImageBlit srcOffsets; z: slices or layers).
 * @dst_bounds: x0, y0, z0, x1, y1, z1 of the destination.
 */
struct ember_upkt_blit {
	__u32 flags;
	__u64 src;
	__u64 dst;
	__u8 src_level;
	__u8 src_aspect;
	__u8 dst_level;
	__u8 dst_aspect;
	__u32 src_bounds[6];
	__u32 dst_bounds[6];
};

/**
 * ember_upkt_blit_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_blit_pack(__u32 *dw, const struct ember_upkt_blit *v)
{
	unsigned int len = EMBER_UPKT_BLIT_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_BLIT, v->flags, len);
	dw[1] = (__u32)v->src;
	dw[2] = (__u32)(v->src >> 32);
	dw[3] = (__u32)v->dst;
	dw[4] = (__u32)(v->dst >> 32);
	dw[5] = (v->src_level & 0xff) |
		(__u32)(v->src_aspect & 0xff) << 8;
	dw[6] = (v->dst_level & 0xff) |
		(__u32)(v->dst_aspect & 0xff) << 8;
	dw[7] = v->src_bounds[0];
	dw[8] = v->src_bounds[1];
	dw[9] = v->src_bounds[2];
	dw[10] = v->src_bounds[3];
	dw[11] = v->src_bounds[4];
	dw[12] = v->src_bounds[5];
	dw[13] = v->dst_bounds[0];
	dw[14] = v->dst_bounds[1];
	dw[15] = v->dst_bounds[2];
	dw[16] = v->dst_bounds[3];
	dw[17] = v->dst_bounds[4];
	dw[18] = v->dst_bounds[5];
	return 1 + len;
}

/**
 * ember_upkt_blit_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_blit_unpack(const __u32 *dw, struct ember_upkt_blit *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->src = dw[1] | (__u64)dw[2] << 32;
	v->dst = dw[3] | (__u64)dw[4] << 32;
	v->src_level = dw[5] & 0xff;
	v->src_aspect = (dw[5] >> 8) & 0xff;
	v->dst_level = dw[6] & 0xff;
	v->dst_aspect = (dw[6] >> 8) & 0xff;
	v->src_bounds[0] = dw[7];
	v->src_bounds[1] = dw[8];
	v->src_bounds[2] = dw[9];
	v->src_bounds[3] = dw[10];
	v->src_bounds[4] = dw[11];
	v->src_bounds[5] = dw[12];
	v->dst_bounds[0] = dw[13];
	v->dst_bounds[1] = dw[14];
	v->dst_bounds[2] = dw[15];
	v->dst_bounds[3] = dw[16];
	v->dst_bounds[4] = dw[17];
	v->dst_bounds[5] = dw[18];
}

/*
 * Set every texel (every sample) of a region of a colour image to VALUE, a
 * VkClearColorValue the device converts to the image's format (floats for
 * float formats, uint32 for UINT, int32 for SINT). Since 1.7.
 */
#define EMBER_UPKT_CLEAR_COLOR		0x1b
#define   EMBER_UPKT_CLEAR_COLOR_LEN	13

/**
 * struct ember_upkt_clear_color - the payload of UPKT_CLEAR_COLOR
 * @image: GPU VA of the image descriptor.
 * @level: the mip level.
 * @aspect: EMBER_ASPECT_COLOR.
 * @offset: the region's first texel x, y, z.
 * @extent: width, height, depth (slices or layers).
 * @value: the VkClearColorValue's four dwords.
 */
struct ember_upkt_clear_color {
	__u64 image;
	__u8 level;
	__u8 aspect;
	__u32 offset[3];
	__u32 extent[3];
	__u32 value[4];
};

/**
 * ember_upkt_clear_color_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_clear_color_pack(__u32 *dw,
						       const struct ember_upkt_clear_color *v)
{
	unsigned int len = EMBER_UPKT_CLEAR_COLOR_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_CLEAR_COLOR, 0, len);
	dw[1] = (__u32)v->image;
	dw[2] = (__u32)(v->image >> 32);
	dw[3] = (v->level & 0xff) |
		(__u32)(v->aspect & 0xff) << 8;
	dw[4] = v->offset[0];
	dw[5] = v->offset[1];
	dw[6] = v->offset[2];
	dw[7] = v->extent[0];
	dw[8] = v->extent[1];
	dw[9] = v->extent[2];
	dw[10] = v->value[0];
	dw[11] = v->value[1];
	dw[12] = v->value[2];
	dw[13] = v->value[3];
	return 1 + len;
}

/**
 * ember_upkt_clear_color_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_clear_color_unpack(const __u32 *dw, struct ember_upkt_clear_color *v)
{
	v->image = dw[1] | (__u64)dw[2] << 32;
	v->level = dw[3] & 0xff;
	v->aspect = (dw[3] >> 8) & 0xff;
	v->offset[0] = dw[4];
	v->offset[1] = dw[5];
	v->offset[2] = dw[6];
	v->extent[0] = dw[7];
	v->extent[1] = dw[8];
	v->extent[2] = dw[9];
	v->value[0] = dw[10];
	v->value[1] = dw[11];
	v->value[2] = dw[12];
	v->value[3] = dw[13];
}

/*
 * Set the depth plane (aspect DEPTH) to DEPTH and/or the stencil plane
 * (aspect STENCIL) to STENCIL over a region of a depth/stencil image.
 * Since 1.7.
 */
#define EMBER_UPKT_CLEAR_DEPTH_STENCIL	0x1c
#define   EMBER_UPKT_CLEAR_DEPTH_STENCIL_LEN	11

/**
 * struct ember_upkt_clear_depth_stencil - the payload of UPKT_CLEAR_DEPTH_STENCIL
 * @image: GPU VA of the image descriptor.
 * @level: the mip level.
 * @aspect: EMBER_ASPECT_DEPTH, EMBER_ASPECT_STENCIL or both.
 * @offset: the region's first texel x, y, z.
 * @extent: width, height, depth (layers).
 * @depth: the binary32 bits of VkClearDepthStencilValue depth, converted to the depth format.
 * @stencil: VkClearDepthStencilValue stencil; bits 0..7 are stored.
 */
struct ember_upkt_clear_depth_stencil {
	__u64 image;
	__u8 level;
	__u8 aspect;
	__u32 offset[3];
	__u32 extent[3];
	__u32 depth;
	__u32 stencil;
};

/**
 * ember_upkt_clear_depth_stencil_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int
ember_upkt_clear_depth_stencil_pack(__u32 *dw, const struct ember_upkt_clear_depth_stencil *v)
{
	unsigned int len = EMBER_UPKT_CLEAR_DEPTH_STENCIL_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_CLEAR_DEPTH_STENCIL, 0, len);
	dw[1] = (__u32)v->image;
	dw[2] = (__u32)(v->image >> 32);
	dw[3] = (v->level & 0xff) |
		(__u32)(v->aspect & 0xff) << 8;
	dw[4] = v->offset[0];
	dw[5] = v->offset[1];
	dw[6] = v->offset[2];
	dw[7] = v->extent[0];
	dw[8] = v->extent[1];
	dw[9] = v->extent[2];
	dw[10] = v->depth;
	dw[11] = v->stencil;
	return 1 + len;
}

/**
 * ember_upkt_clear_depth_stencil_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_clear_depth_stencil_unpack(const __u32 *dw,
							 struct ember_upkt_clear_depth_stencil *v)
{
	v->image = dw[1] | (__u64)dw[2] << 32;
	v->level = dw[3] & 0xff;
	v->aspect = (dw[3] >> 8) & 0xff;
	v->offset[0] = dw[4];
	v->offset[1] = dw[5];
	v->offset[2] = dw[6];
	v->extent[0] = dw[7];
	v->extent[1] = dw[8];
	v->extent[2] = dw[9];
	v->depth = dw[10];
	v->stencil = dw[11];
}

/*
 * One region of vkCmdResolveImage (same payload as EMBER_UPKT_COPY_IMAGE):
 * each destination texel of a single-sampled image is the average of the
 * samples of the multisampled source's texel (float, UNORM, SNORM, SRGB
 * formats; sRGB averaged in linear) or its sample 0 (integer formats);
 * both images have the same format and aspect. Since 1.13 (CAP_RESOLVE_DS)
 * the aspect may be DEPTH or STENCIL (depth averages, stencil keeps sample
 * 0), and flags bits 0..1 may name another mode:
 * EMBER_RESOLVE_SAMPLE_ZERO, _MIN or _MAX of the decoded samples, channel
 * by channel.
 */
#define EMBER_UPKT_RESOLVE		0x1d
#define   EMBER_UPKT_RESOLVE_LEN	15
/*
 * The format's class decides: average, or sample 0 of integer formats and
 * stencil.
 */
#define   EMBER_RESOLVE_FORMAT		0x0
/* Sample 0. */
#define   EMBER_RESOLVE_SAMPLE_ZERO	0x1
/* The smallest sample. */
#define   EMBER_RESOLVE_MIN		0x2
/* The largest sample. */
#define   EMBER_RESOLVE_MAX		0x3
#define   EMBER_RESOLVE_MODE_MASK	0x3

/**
 * ember_upkt_resolve_pack() - write @v as a UPKT_RESOLVE into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet, whose payload is UPKT_COPY_IMAGE's
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_resolve_pack(__u32 *dw, const struct ember_upkt_copy_image *v)
{
	unsigned int size = ember_upkt_copy_image_pack(dw, v);

	dw[0] = EMBER_PKT(EMBER_UPKT_RESOLVE, EMBER_PKT_FLAGS(dw[0]), EMBER_PKT_LEN(dw[0]));
	return size;
}

/**
 * ember_upkt_resolve_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_resolve_unpack(const __u32 *dw, struct ember_upkt_copy_image *v)
{
	ember_upkt_copy_image_unpack(dw, v);
}

/*
 * CAP_COND_EXEC: read the 32-bit value at ADDR (with flag EMBER_WRITE_64
 * the 64-bit one), aligned to its size, once, when the packet executes; it
 * sees what DISPATCH_INDIRECT's counts see. If the value is 0 (with flag
 * EMBER_COND_EXEC_IF_ZERO: if it is not 0) the next SKIP dwords of this
 * indirect buffer are skipped, else they run as usual. SKIP past the end
 * of the buffer is BAD_PACKET. Since 1.13.
 */
#define EMBER_UPKT_COND_EXEC		0x1e
#define   EMBER_UPKT_COND_EXEC_LEN	3
#define   EMBER_COND_EXEC_IF_ZERO	BIT(1)

/**
 * struct ember_upkt_cond_exec - the payload of UPKT_COND_EXEC
 * @flags: the header's flags.
 * @addr: GPU VA of the value, aligned to its size (READ access).
 * @skip: dwords after this packet skipped when the condition fails.
 */
struct ember_upkt_cond_exec {
	__u32 flags;
	__u64 addr;
	__u32 skip;
};

/**
 * ember_upkt_cond_exec_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_cond_exec_pack(__u32 *dw,
						     const struct ember_upkt_cond_exec *v)
{
	unsigned int len = EMBER_UPKT_COND_EXEC_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_COND_EXEC, v->flags, len);
	dw[1] = (__u32)v->addr;
	dw[2] = (__u32)(v->addr >> 32);
	dw[3] = v->skip;
	return 1 + len;
}

/**
 * ember_upkt_cond_exec_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_cond_exec_unpack(const __u32 *dw, struct ember_upkt_cond_exec *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->addr = dw[1] | (__u64)dw[2] << 32;
	v->skip = dw[3];
}

/* 0x40..0x7f: dispatch, draw, state (0x48..0x7f unused). */
#define EMBER_UPKT_RESERVED_FIRST	0x40
#define EMBER_UPKT_RESERVED_LAST	0x7f

/*
 * Run a compute shader (since 1.2) on groups x, y, z workgroups (any u32
 * counts since 1.7, CAP_LARGE_GRID; before, a product above 2^32 - 1 was
 * BAD_PACKET) numbered from base x, y, z (ids modulo 2^32), with the
 * descriptor-set table (up to 8 u64 set base addresses) at DESC_TABLE,
 * then PUSH_BYTES (at most EMBER_DISPATCH_MAX_PUSH) of push constants
 * padded to whole dwords, which follow the fields and are the caller's to
 * write. Shader faults stop the context like any fault; a bad shader is
 * ILLEGAL_INSTRUCTION.
 */
#define EMBER_UPKT_DISPATCH		0x40
#define   EMBER_DISPATCH_FIXED_LEN	11
#define   EMBER_DISPATCH_MAX_PUSH	256
#define   EMBER_UPKT_DISPATCH_LEN(push_bytes)	(EMBER_DISPATCH_FIXED_LEN + ((push_bytes) + 3) / 4)

/**
 * struct ember_upkt_dispatch - the payload of UPKT_DISPATCH
 * @shader: GPU VA of the shader binary (ember-isa.rst).
 * @groups: workgroup counts x, y, z.
 * @base: first workgroup x, y, z.
 * @desc_table: GPU VA of the descriptor-set table.
 * @push_bytes: push-constant bytes after the fields.
 */
struct ember_upkt_dispatch {
	__u64 shader;
	__u32 groups[3];
	__u32 base[3];
	__u64 desc_table;
	__u32 push_bytes;
};

/**
 * ember_upkt_dispatch_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_dispatch_pack(__u32 *dw, const struct ember_upkt_dispatch *v)
{
	unsigned int len = EMBER_UPKT_DISPATCH_LEN(v->push_bytes);

	dw[0] = EMBER_PKT(EMBER_UPKT_DISPATCH, 0, len);
	dw[1] = (__u32)v->shader;
	dw[2] = (__u32)(v->shader >> 32);
	dw[3] = v->groups[0];
	dw[4] = v->groups[1];
	dw[5] = v->groups[2];
	dw[6] = v->base[0];
	dw[7] = v->base[1];
	dw[8] = v->base[2];
	dw[9] = (__u32)v->desc_table;
	dw[10] = (__u32)(v->desc_table >> 32);
	dw[11] = v->push_bytes;
	return 1 + len;
}

/**
 * ember_upkt_dispatch_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_dispatch_unpack(const __u32 *dw, struct ember_upkt_dispatch *v)
{
	v->shader = dw[1] | (__u64)dw[2] << 32;
	v->groups[0] = dw[3];
	v->groups[1] = dw[4];
	v->groups[2] = dw[5];
	v->base[0] = dw[6];
	v->base[1] = dw[7];
	v->base[2] = dw[8];
	v->desc_table = dw[9] | (__u64)dw[10] << 32;
	v->push_bytes = dw[11];
}

/*
 * A DISPATCH (since 1.3, CAP_DISPATCH_INDIRECT) whose workgroup counts x,
 * y, z are three u32 read at COUNTS (4-byte aligned, READ access) once,
 * when the packet executes, before any of its workgroups runs: they see
 * the writes of every earlier job and of every earlier packet of the
 * buffer with a BARRIER between it and this packet. The counts then act as
 * DISPATCH's (zero: no workgroup runs; any counts run since 1.7, a grid
 * too large to finish ending with the job's WATCHDOG fault; before, a
 * product above 2^32 - 1 was BAD_PACKET); a counts VA that does not
 * translate is a TRANSLATION or PERMISSION fault at that VA, a misaligned
 * one BAD_PACKET.
 */
#define EMBER_UPKT_DISPATCH_INDIRECT	0x41
#define   EMBER_DISPATCH_INDIRECT_FIXED_LEN	10
#define   EMBER_UPKT_DISPATCH_INDIRECT_LEN(push_bytes) \
	(EMBER_DISPATCH_INDIRECT_FIXED_LEN + ((push_bytes) + 3) / 4)

/**
 * struct ember_upkt_dispatch_indirect - the payload of UPKT_DISPATCH_INDIRECT
 * @shader: GPU VA of the shader binary (ember-isa.rst).
 * @counts: GPU VA of the three u32 workgroup counts.
 * @base: first workgroup x, y, z.
 * @desc_table: GPU VA of the descriptor-set table.
 * @push_bytes: push-constant bytes after the fields.
 */
struct ember_upkt_dispatch_indirect {
	__u64 shader;
	__u64 counts;
	__u32 base[3];
	__u64 desc_table;
	__u32 push_bytes;
};

/**
 * ember_upkt_dispatch_indirect_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int
ember_upkt_dispatch_indirect_pack(__u32 *dw, const struct ember_upkt_dispatch_indirect *v)
{
	unsigned int len = EMBER_UPKT_DISPATCH_INDIRECT_LEN(v->push_bytes);

	dw[0] = EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0, len);
	dw[1] = (__u32)v->shader;
	dw[2] = (__u32)(v->shader >> 32);
	dw[3] = (__u32)v->counts;
	dw[4] = (__u32)(v->counts >> 32);
	dw[5] = v->base[0];
	dw[6] = v->base[1];
	dw[7] = v->base[2];
	dw[8] = (__u32)v->desc_table;
	dw[9] = (__u32)(v->desc_table >> 32);
	dw[10] = v->push_bytes;
	return 1 + len;
}

/**
 * ember_upkt_dispatch_indirect_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_dispatch_indirect_unpack(const __u32 *dw,
						       struct ember_upkt_dispatch_indirect *v)
{
	v->shader = dw[1] | (__u64)dw[2] << 32;
	v->counts = dw[3] | (__u64)dw[4] << 32;
	v->base[0] = dw[5];
	v->base[1] = dw[6];
	v->base[2] = dw[7];
	v->desc_table = dw[8] | (__u64)dw[9] << 32;
	v->push_bytes = dw[10];
}

/*
 * Draws (since 1.10, CAP_GRAPHICS; ember-hw.rst "Draws"). A BIND_GFX_STATE
 * names the graphics state block (struct ember_gfx_state, ember_gfx_hw.h)
 * and the push constants the draws after it in the same indirect buffer
 * use; each draw reads and checks the state when it executes. Without
 * CAP_GRAPHICS every packet of this group is BAD_PACKET.
 */

/*
 * Bind the graphics state block at STATE (64-byte aligned) and PUSH_BYTES
 * (at most EMBER_DISPATCH_MAX_PUSH) of push constants, padded to whole
 * dwords after the fields, for the draws that follow in this indirect
 * buffer (none is bound at its start). Since 1.10.
 */
#define EMBER_UPKT_BIND_GFX_STATE	0x42
#define   EMBER_BIND_GFX_STATE_FIXED_LEN	3
#define   EMBER_GFX_STATE_ALIGN		64
#define   EMBER_UPKT_BIND_GFX_STATE_LEN(push_bytes) \
	(EMBER_BIND_GFX_STATE_FIXED_LEN + ((push_bytes) + 3) / 4)

/**
 * struct ember_upkt_bind_gfx_state - the payload of UPKT_BIND_GFX_STATE
 * @state: GPU VA of the struct ember_gfx_state.
 * @push_bytes: push-constant bytes after the fields.
 */
struct ember_upkt_bind_gfx_state {
	__u64 state;
	__u32 push_bytes;
};

/**
 * ember_upkt_bind_gfx_state_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_bind_gfx_state_pack(__u32 *dw,
							  const struct ember_upkt_bind_gfx_state *v)
{
	unsigned int len = EMBER_UPKT_BIND_GFX_STATE_LEN(v->push_bytes);

	dw[0] = EMBER_PKT(EMBER_UPKT_BIND_GFX_STATE, 0, len);
	dw[1] = (__u32)v->state;
	dw[2] = (__u32)(v->state >> 32);
	dw[3] = v->push_bytes;
	return 1 + len;
}

/**
 * ember_upkt_bind_gfx_state_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_bind_gfx_state_unpack(const __u32 *dw,
						    struct ember_upkt_bind_gfx_state *v)
{
	v->state = dw[1] | (__u64)dw[2] << 32;
	v->push_bytes = dw[3];
}

/*
 * VkCmdDraw with the bound state: INSTANCE_COUNT instances of VERTEX_COUNT
 * vertices, vertex indices from FIRST_VERTEX, instance indices from
 * FIRST_INSTANCE (the fields of VkDrawIndirectCommand, in its order).
 * Since 1.10.
 */
#define EMBER_UPKT_DRAW			0x43
#define   EMBER_UPKT_DRAW_LEN		4

/**
 * struct ember_upkt_draw - the payload of UPKT_DRAW
 * @vertex_count: vertices per instance.
 * @instance_count: instances.
 * @first_vertex: the first vertex index.
 * @first_instance: the first instance index.
 */
struct ember_upkt_draw {
	__u32 vertex_count;
	__u32 instance_count;
	__u32 first_vertex;
	__u32 first_instance;
};

/**
 * ember_upkt_draw_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_draw_pack(__u32 *dw, const struct ember_upkt_draw *v)
{
	unsigned int len = EMBER_UPKT_DRAW_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_DRAW, 0, len);
	dw[1] = v->vertex_count;
	dw[2] = v->instance_count;
	dw[3] = v->first_vertex;
	dw[4] = v->first_instance;
	return 1 + len;
}

/**
 * ember_upkt_draw_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_draw_unpack(const __u32 *dw, struct ember_upkt_draw *v)
{
	v->vertex_count = dw[1];
	v->instance_count = dw[2];
	v->first_vertex = dw[3];
	v->first_instance = dw[4];
}

/*
 * VkCmdDrawIndexed with the bound state and its index buffer: vertex index
 * = index + VERTEX_OFFSET (the fields of VkDrawIndexedIndirectCommand, in
 * its order). Since 1.10.
 */
#define EMBER_UPKT_DRAW_INDEXED		0x44
#define   EMBER_UPKT_DRAW_INDEXED_LEN	5

/**
 * struct ember_upkt_draw_indexed - the payload of UPKT_DRAW_INDEXED
 * @index_count: indices per instance.
 * @instance_count: instances.
 * @first_index: the first index read.
 * @vertex_offset: an int32 added to each index.
 * @first_instance: the first instance index.
 */
struct ember_upkt_draw_indexed {
	__u32 index_count;
	__u32 instance_count;
	__u32 first_index;
	__u32 vertex_offset;
	__u32 first_instance;
};

/**
 * ember_upkt_draw_indexed_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_draw_indexed_pack(__u32 *dw,
							const struct ember_upkt_draw_indexed *v)
{
	unsigned int len = EMBER_UPKT_DRAW_INDEXED_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_DRAW_INDEXED, 0, len);
	dw[1] = v->index_count;
	dw[2] = v->instance_count;
	dw[3] = v->first_index;
	dw[4] = v->vertex_offset;
	dw[5] = v->first_instance;
	return 1 + len;
}

/**
 * ember_upkt_draw_indexed_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_draw_indexed_unpack(const __u32 *dw,
						  struct ember_upkt_draw_indexed *v)
{
	v->index_count = dw[1];
	v->instance_count = dw[2];
	v->first_index = dw[3];
	v->vertex_offset = dw[4];
	v->first_instance = dw[5];
}

/*
 * MAX_DRAWS draws (or, with flag EMBER_DRAW_COUNT, the u32 at COUNT
 * clamped to MAX_DRAWS) whose arguments are read from ARGS + i * STRIDE
 * when the packet executes: a VkDrawIndirectCommand, or with flag
 * EMBER_DRAW_INDEXED_ARGS a VkDrawIndexedIndirectCommand. ARGS, COUNT and
 * STRIDE are multiples of 4; STRIDE is at least the command's size when
 * more than one draw may run. Since 1.10.
 */
#define EMBER_UPKT_DRAW_INDIRECT	0x45
#define   EMBER_UPKT_DRAW_INDIRECT_LEN	6
#define   EMBER_DRAW_INDEXED_ARGS	BIT(0)
#define   EMBER_DRAW_COUNT		BIT(1)
/* A VkDrawIndirectCommand. */
#define   EMBER_DRAW_INDIRECT_ARGS_DWORDS	4
/* A VkDrawIndexedIndirectCommand. */
#define   EMBER_DRAW_INDEXED_INDIRECT_ARGS_DWORDS	5

/**
 * struct ember_upkt_draw_indirect - the payload of UPKT_DRAW_INDIRECT
 * @flags: the header's flags.
 * @args: GPU VA of the first command, 4-byte aligned.
 * @max_draws: draws (maxDrawCount with EMBER_DRAW_COUNT).
 * @stride: bytes from a command to the next.
 * @count: with EMBER_DRAW_COUNT: GPU VA of the u32 draw count, 4-byte aligned; else 0.
 */
struct ember_upkt_draw_indirect {
	__u32 flags;
	__u64 args;
	__u32 max_draws;
	__u32 stride;
	__u64 count;
};

/**
 * ember_upkt_draw_indirect_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int ember_upkt_draw_indirect_pack(__u32 *dw,
							 const struct ember_upkt_draw_indirect *v)
{
	unsigned int len = EMBER_UPKT_DRAW_INDIRECT_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_DRAW_INDIRECT, v->flags, len);
	dw[1] = (__u32)v->args;
	dw[2] = (__u32)(v->args >> 32);
	dw[3] = v->max_draws;
	dw[4] = v->stride;
	dw[5] = (__u32)v->count;
	dw[6] = (__u32)(v->count >> 32);
	return 1 + len;
}

/**
 * ember_upkt_draw_indirect_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_draw_indirect_unpack(const __u32 *dw,
						   struct ember_upkt_draw_indirect *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->args = dw[1] | (__u64)dw[2] << 32;
	v->max_draws = dw[3];
	v->stride = dw[4];
	v->count = dw[5] | (__u64)dw[6] << 32;
}

/*
 * CAP_OCCLUSION: the draws that follow in this indirect buffer (none
 * counts at its start) each add the samples that passed sample counting to
 * the u64 at COUNTER (8-byte aligned; 0: no counter, draws count nothing).
 * With flag EMBER_OCCLUSION_RESET (COUNTER not 0) the u64 is first set to
 * 0, ordered before the next draw's addition. Since 1.11.
 */
#define EMBER_UPKT_OCCLUSION_COUNTER	0x46
#define   EMBER_UPKT_OCCLUSION_COUNTER_LEN	2
#define   EMBER_OCCLUSION_RESET		BIT(0)
#define   EMBER_OCCLUSION_COUNTER_ALIGN	8

/**
 * struct ember_upkt_occlusion_counter - the payload of UPKT_OCCLUSION_COUNTER
 * @flags: the header's flags.
 * @counter: GPU VA of the u64 sample counter (READ and WRITE access), or 0.
 */
struct ember_upkt_occlusion_counter {
	__u32 flags;
	__u64 counter;
};

/**
 * ember_upkt_occlusion_counter_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int
ember_upkt_occlusion_counter_pack(__u32 *dw, const struct ember_upkt_occlusion_counter *v)
{
	unsigned int len = EMBER_UPKT_OCCLUSION_COUNTER_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_OCCLUSION_COUNTER, v->flags, len);
	dw[1] = (__u32)v->counter;
	dw[2] = (__u32)(v->counter >> 32);
	return 1 + len;
}

/**
 * ember_upkt_occlusion_counter_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void ember_upkt_occlusion_counter_unpack(const __u32 *dw,
						       struct ember_upkt_occlusion_counter *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->counter = dw[1] | (__u64)dw[2] << 32;
}

/*
 * CAP_PIPELINE_STATS: the draws and dispatches that follow in this
 * indirect buffer (none counts at its start) each add their pipeline
 * statistics to the EMBER_PIPELINE_STATS_COUNT u64 counters at COUNTERS
 * (8-byte aligned; 0: no counters), in VkQueryPipelineStatisticFlagBits
 * order (EMBER_PIPELINE_STAT_*). With flag EMBER_PIPELINE_STATS_RESET
 * (COUNTERS not 0) the counters are first set to 0, ordered before the
 * next addition. Since 1.15.
 */
#define EMBER_UPKT_PIPELINE_STATS_COUNTERS	0x47
#define   EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN	2
#define   EMBER_PIPELINE_STATS_RESET	BIT(0)
#define   EMBER_PIPELINE_STATS_ALIGN	8
/* Counters, one per VkQueryPipelineStatisticFlagBits bit. */
#define   EMBER_PIPELINE_STATS_COUNT	11
/* Vertices of the primitive runs input assembly reads. */
#define   EMBER_PIPELINE_STAT_IA_VERTICES	0
/* Primitives assembled. */
#define   EMBER_PIPELINE_STAT_IA_PRIMITIVES	1
/* Vertex shader invocations. */
#define   EMBER_PIPELINE_STAT_VS_INVOCATIONS	2
/* Always 0: no geometry stage. */
#define   EMBER_PIPELINE_STAT_GS_INVOCATIONS	3
/* Always 0: no geometry stage. */
#define   EMBER_PIPELINE_STAT_GS_PRIMITIVES	4
/* Primitives that reach clipping. */
#define   EMBER_PIPELINE_STAT_CLIPPING_INVOCATIONS	5
/* Primitives clipping passes on. */
#define   EMBER_PIPELINE_STAT_CLIPPING_PRIMITIVES	6
/* Fragment shader invocations, helpers left out. */
#define   EMBER_PIPELINE_STAT_FS_INVOCATIONS	7
/* Always 0: no tessellation. */
#define   EMBER_PIPELINE_STAT_TCS_PATCHES	8
/* Always 0: no tessellation. */
#define   EMBER_PIPELINE_STAT_TES_INVOCATIONS	9
/* Compute shader invocations. */
#define   EMBER_PIPELINE_STAT_CS_INVOCATIONS	10

/**
 * struct ember_upkt_pipeline_stats_counters - the payload of UPKT_PIPELINE_STATS_COUNTERS
 * @flags: the header's flags.
 * @counters: GPU VA of the first u64 counter (READ and WRITE access to all eleven), or 0.
 */
struct ember_upkt_pipeline_stats_counters {
	__u32 flags;
	__u64 counters;
};

/**
 * ember_upkt_pipeline_stats_counters_pack() - write @v into @dw
 * @dw: CPU-order dwords, the header first
 * @v: the packet; every field is masked to its width
 *
 * Return: the packet's size in dwords, header included.
 */
static inline unsigned int
ember_upkt_pipeline_stats_counters_pack(__u32 *dw,
					const struct ember_upkt_pipeline_stats_counters *v)
{
	unsigned int len = EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN;

	dw[0] = EMBER_PKT(EMBER_UPKT_PIPELINE_STATS_COUNTERS, v->flags, len);
	dw[1] = (__u32)v->counters;
	dw[2] = (__u32)(v->counters >> 32);
	return 1 + len;
}

/**
 * ember_upkt_pipeline_stats_counters_unpack() - read @v from @dw
 * @dw: CPU-order dwords, the header first (already checked)
 * @v: the fields
 */
static inline void
ember_upkt_pipeline_stats_counters_unpack(const __u32 *dw,
					  struct ember_upkt_pipeline_stats_counters *v)
{
	v->flags = EMBER_PKT_FLAGS(dw[0]);
	v->counters = dw[1] | (__u64)dw[2] << 32;
}

/*
 * GPU virtual memory: four levels of 512 64-bit entries (one 4 KiB page
 * each), indexed by VA bits 47..39, 38..30, 29..21, 20..12. An entry holds
 * a guest-physical address in bits 12..51. Directory entries need only
 * VALID; the permission bits of the last level decide the access.
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
/* Reserved for large pages: an entry with it set faults. */
#define EMBER_PTE_LARGE			BIT(7)
#define EMBER_PTE_ADDR_MASK		0x000ffffffffff000ULL

/* Fault kinds (EMBER_FAULT_REC_KIND). */
#define EMBER_FAULT_NONE		0
/* No valid mapping for a VA. */
#define EMBER_FAULT_TRANSLATION		1
/* Mapped without the access's permission. */
#define EMBER_FAULT_PERMISSION		2
/* Unknown opcode, bad length or bad field. */
#define EMBER_FAULT_BAD_PACKET		3
/*
 * A shader ran an invalid instruction or a bad shader binary; the record's
 * VA is the instruction's (or the binary's), its detail
 * EMBER_ILLEGAL_DETAIL(reason, instruction index).
 */
#define EMBER_FAULT_ILLEGAL_INSTRUCTION	4
#define   EMBER_ILLEGAL_DETAIL(reason, index)	(((reason) << 24) | ((index) & 0xffffff))
#define   EMBER_ILLEGAL_REASON(detail)	((detail) >> 24)
#define   EMBER_ILLEGAL_INDEX(detail)	((detail) & 0xffffff)
/* An indirect buffer outran WATCHDOG_MS. */
#define EMBER_FAULT_WATCHDOG		5
/* A bad ring or kernel packet; the ring stops. */
#define EMBER_FAULT_RING		6
/* A fault injected through the control knob. */
#define EMBER_FAULT_INJECTED		7
/*
 * CAP_IMAGES: a shader used an image, sampler or texel-buffer descriptor
 * with an invalid field; the record's VA is the descriptor's (where the
 * shader loaded it from, 0 if it did not), its detail the dword index of
 * the first bad field. Since 1.7.
 */
#define EMBER_FAULT_BAD_DESCRIPTOR	8
/*
 * A bad queue: a descriptor QUEUE_MAP refused, bad pointers or a bad
 * kernel packet (the queue stops), or a doorbell for a slot that holds no
 * queue; the detail is EMBER_QUEUE_ERR_*. Since 1.9.
 */
#define EMBER_FAULT_QUEUE		9
/*
 * CAP_GRAPHICS: a draw's state has an invalid field; the record's VA is
 * the address of the dword holding it, its detail
 * EMBER_BAD_STATE_DETAIL(block, dword) with block an EMBER_GFX_BLOCK_*
 * (ember_gfx_hw.h) and dword the field's dword in that block. Since 1.10.
 */
#define EMBER_FAULT_BAD_STATE		10
#define   EMBER_BAD_STATE_DETAIL(block, dword)	(((block) << 24) | ((dword) & 0xffffff))
#define   EMBER_BAD_STATE_BLOCK(detail)	((detail) >> 24)
#define   EMBER_BAD_STATE_DWORD(detail)	((detail) & 0xffffff)

/* EMBER_FAULT_REC_DETAIL of translation and permission faults: the access. */
#define EMBER_ACCESS_READ		BIT(0)
#define EMBER_ACCESS_WRITE		BIT(1)
#define EMBER_ACCESS_EXEC		BIT(2)

#endif /* __EMBER_PACKETS_H__ */
