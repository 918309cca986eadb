// SPDX-License-Identifier: MIT
/*
 * The indirect-buffer builder: the contract's user packets
 * (kernel/drm_gpu/ember_packets.h, Documentation/gpu/ember-hw.rst) written
 * into a BO that is mapped on the CPU and in the job's VM. Every emitter
 * writes one whole packet, so an IB is always a valid sequence unless a
 * test writes a crafted one with igt_ember_ib_emit(). Running out of room
 * fails the test: a silently truncated IB would test something else.
 */
#include <string.h>

#include "igt_ember.h"

#include "drmtest.h"
#include "ember_packets.h"

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((uint64_t)(v) >> 32))

/* An IB of @size bytes, mapped read-only for the GPU as a real driver would. */
void igt_ember_ib_create(struct igt_ember_ib *ib, struct igt_ember_vm *vm, uint64_t size)
{
	igt_ember_buf_create_flags(&ib->buf, vm, size, 0, DRM_EMBER_VM_BIND_OP_MAP_READONLY);
	ib->dwords = 0;
}

/* An IB in a BO exclusive to @vm, see igt_ember_buf_create_exclusive(). */
void igt_ember_ib_create_exclusive(struct igt_ember_ib *ib, struct igt_ember_vm *vm,
				   uint64_t size)
{
	igt_ember_buf_create_exclusive(&ib->buf, vm, size, DRM_EMBER_VM_BIND_OP_MAP_READONLY);
	ib->dwords = 0;
}

void igt_ember_ib_destroy(struct igt_ember_ib *ib)
{
	igt_ember_buf_destroy(&ib->buf);
	ib->dwords = 0;
}

/* Starts over; the caller must know no job still reads the old packets. */
void igt_ember_ib_reset(struct igt_ember_ib *ib)
{
	ib->dwords = 0;
}

/* Appends one raw dword: for crafted (invalid) packets. */
void igt_ember_ib_emit(struct igt_ember_ib *ib, uint32_t dword)
{
	igt_assert_f((ib->dwords + 1) * 4ull <= ib->buf.size, "IB of %llu bytes is full\n",
		     (unsigned long long)ib->buf.size);
	igt_ember_buf_u32(&ib->buf)[ib->dwords++] = dword;
}

static void emit_packet(struct igt_ember_ib *ib, uint32_t op, uint32_t flags,
			const uint32_t *payload, uint32_t len)
{
	uint32_t i;

	igt_ember_ib_emit(ib, EMBER_PKT(op, flags, len));
	for (i = 0; i < len; i++)
		igt_ember_ib_emit(ib, payload[i]);
}

void igt_ember_ib_nop(struct igt_ember_ib *ib, uint32_t payload_dwords)
{
	uint32_t i;

	igt_ember_ib_emit(ib, EMBER_PKT(EMBER_UPKT_NOP, 0, payload_dwords));
	for (i = 0; i < payload_dwords; i++)
		igt_ember_ib_emit(ib, 0xdeadbeef);
}

void igt_ember_ib_copy_rect(struct igt_ember_ib *ib, uint64_t src, uint64_t dst,
			    uint32_t width, uint32_t height, uint32_t src_pitch,
			    uint32_t dst_pitch)
{
	const uint32_t p[EMBER_UPKT_COPY_LEN] = {
		LO(src), HI(src), LO(dst), HI(dst), width, height, src_pitch, dst_pitch,
	};

	emit_packet(ib, EMBER_UPKT_COPY, 0, p, EMBER_UPKT_COPY_LEN);
}

/* A linear copy of @size bytes. */
void igt_ember_ib_copy(struct igt_ember_ib *ib, uint64_t src, uint64_t dst, uint32_t size)
{
	igt_ember_ib_copy_rect(ib, src, dst, size, 1, size, size);
}

void igt_ember_ib_fill(struct igt_ember_ib *ib, uint64_t dst, uint32_t size, uint32_t pattern)
{
	const uint32_t p[EMBER_UPKT_FILL_LEN] = { LO(dst), HI(dst), size, pattern };

	emit_packet(ib, EMBER_UPKT_FILL, 0, p, EMBER_UPKT_FILL_LEN);
}

void igt_ember_ib_write32(struct igt_ember_ib *ib, uint64_t dst, uint32_t value)
{
	const uint32_t p[3] = { LO(dst), HI(dst), value };

	emit_packet(ib, EMBER_UPKT_WRITE_IMM, 0, p, 3);
}

void igt_ember_ib_write64(struct igt_ember_ib *ib, uint64_t dst, uint64_t value)
{
	const uint32_t p[4] = { LO(dst), HI(dst), LO(value), HI(value) };

	emit_packet(ib, EMBER_UPKT_WRITE_IMM, EMBER_WRITE_64, p, 4);
}

void igt_ember_ib_timestamp(struct igt_ember_ib *ib, uint64_t dst)
{
	const uint32_t p[EMBER_UPKT_TIMESTAMP_LEN] = { LO(dst), HI(dst) };

	emit_packet(ib, EMBER_UPKT_TIMESTAMP, 0, p, EMBER_UPKT_TIMESTAMP_LEN);
}

/* Waits until (*addr & mask) @cmp ref, @cmp one of EMBER_WAIT_GE/EQ/NE. */
void igt_ember_ib_wait_mem32(struct igt_ember_ib *ib, uint64_t addr, uint32_t cmp,
			     uint32_t ref, uint32_t mask)
{
	const uint32_t p[EMBER_UPKT_WAIT_MEM_LEN] = { LO(addr), HI(addr), ref, 0, mask, 0 };

	emit_packet(ib, EMBER_UPKT_WAIT_MEM, cmp, p, EMBER_UPKT_WAIT_MEM_LEN);
}

/*
 * A DISPATCH of the shader binary at @shader_va on @groups workgroups
 * numbered from @base, with the descriptor-set table at @table_va and
 * @push_bytes of push constants.
 */
void igt_ember_ib_dispatch(struct igt_ember_ib *ib, uint64_t shader_va, const uint32_t groups[3],
			   const uint32_t base[3], uint64_t table_va, const void *push,
			   uint32_t push_bytes)
{
	uint32_t p[EMBER_UPKT_DISPATCH_LEN(EMBER_DISPATCH_MAX_PUSH)] = {
		LO(shader_va), HI(shader_va), groups[0], groups[1], groups[2],
		base[0], base[1], base[2], LO(table_va), HI(table_va), push_bytes,
	};

	igt_assert_lte(push_bytes, EMBER_DISPATCH_MAX_PUSH);
	if (push_bytes)
		memcpy(&p[EMBER_DISPATCH_FIXED_LEN], push, push_bytes);
	emit_packet(ib, EMBER_UPKT_DISPATCH, 0, p, EMBER_UPKT_DISPATCH_LEN(push_bytes));
}

/*
 * A DISPATCH_INDIRECT: as igt_ember_ib_dispatch(), the workgroup counts
 * read by the device from the three u32 at @counts_va when it runs.
 */
void igt_ember_ib_dispatch_indirect(struct igt_ember_ib *ib, uint64_t shader_va,
				    uint64_t counts_va, const uint32_t base[3], uint64_t table_va,
				    const void *push, uint32_t push_bytes)
{
	uint32_t p[EMBER_UPKT_DISPATCH_INDIRECT_LEN(EMBER_DISPATCH_MAX_PUSH)] = {
		LO(shader_va), HI(shader_va), LO(counts_va), HI(counts_va),
		base[0], base[1], base[2], LO(table_va), HI(table_va), push_bytes,
	};

	igt_assert_lte(push_bytes, EMBER_DISPATCH_MAX_PUSH);
	if (push_bytes)
		memcpy(&p[EMBER_DISPATCH_INDIRECT_FIXED_LEN], push, push_bytes);
	emit_packet(ib, EMBER_UPKT_DISPATCH_INDIRECT, 0, p,
		    EMBER_UPKT_DISPATCH_INDIRECT_LEN(push_bytes));
}

void igt_ember_ib_signal_mem32(struct igt_ember_ib *ib, uint64_t dst, uint32_t value)
{
	const uint32_t p[3] = { LO(dst), HI(dst), value };

	emit_packet(ib, EMBER_UPKT_SIGNAL_MEM, 0, p, 3);
}

void igt_ember_ib_barrier(struct igt_ember_ib *ib)
{
	emit_packet(ib, EMBER_UPKT_BARRIER, 0, NULL, 0);
}
