/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * User packets of an indirect buffer: fetch, check, execute (see ib.h).
 */

#include "ib.h"

#include <endian.h>
#include <string.h>

#include "context.h"
#include "copy_engine.h"
#include "copy_image.h"
#include "device.h"
#include "draw/draw_pipeline.h"
#include "fault.h"
#include "log.h"
#include "pipeline_stats.h"
#include "ring.h"
#include "shader/dispatch.h"

/* The longest payload of any user packet: a DISPATCH with all push bytes. */
#define MAX_PAYLOAD		EMBER_UPKT_DISPATCH_LEN(EMBER_DISPATCH_MAX_PUSH)
/* Waits on memory poll with a growing sleep, up to this (µs). */
#define WAIT_SLEEP_MIN_US	2
#define WAIT_SLEEP_MAX_US	200

static uint64_t u64_of(const uint32_t *dw)
{
	return dw[0] | (uint64_t)dw[1] << 32;
}

int ember_job_checkpoint(struct ember_job *job, unsigned int sleep_us)
{
	struct ember_ring *ring = job->ring;
	struct ember_device *dev = ring->dev;

	if (sleep_us)
		ember_sched_sleep(&dev->sched, ring->index, sleep_us);
	else
		ember_sched_yield(&dev->sched, ring->index);
	if (dev->rings_stopping ||
	    job->device_generation != dev->reset_generation ||
	    job->ctx_generation != job->ctx->generation ||
	    job->ring_generation != ring->generation)
		return EMBER_JOB_ABORTED;
	if (ember_device_timestamp_ns(dev) > job->deadline_ns)
		return EMBER_FAULT_WATCHDOG;
	return 0;
}

/* Host pointer for an aligned value of @size bytes (never crosses a page). */
static int map_value(struct ember_job *job, uint64_t va, unsigned int size,
		     unsigned int access, void **host)
{
	uint8_t *p;
	uint64_t run;
	int fault;

	/* A misaligned address is the packet's fault, reported as such. */
	if (va & (size - 1))
		return EMBER_FAULT_BAD_PACKET;
	fault = ember_mmu_map_run(&job->mmu, va, size, access, &p, &run,
				  &job->fault_va);
	if (fault) {
		job->fault_detail = access;
		return fault;
	}
	*host = p;
	return 0;
}

static void store(void *host, uint64_t value, bool wide, int order)
{
	if (wide)
		__atomic_store_n((uint64_t *)host, htole64(value), order);
	else
		__atomic_store_n((uint32_t *)host, htole32((uint32_t)value), order);
}

static uint64_t load(const void *host, bool wide)
{
	if (wide)
		return le64toh(__atomic_load_n((const uint64_t *)host,
					       __ATOMIC_ACQUIRE));
	return le32toh(__atomic_load_n((const uint32_t *)host, __ATOMIC_ACQUIRE));
}

/* WRITE_IMM and SIGNAL_MEM share a layout; SIGNAL_MEM orders after all. */
static int exec_write(struct ember_job *job, uint32_t flags, uint32_t len,
		      const uint32_t *p, bool signal)
{
	bool wide = flags & EMBER_WRITE_64;
	void *host;
	int fault;

	if ((flags & ~EMBER_WRITE_64) || len != (wide ? 4u : 3u))
		return EMBER_FAULT_BAD_PACKET;
	fault = map_value(job, u64_of(p), wide ? 8 : 4, EMBER_ACCESS_WRITE, &host);
	if (fault)
		return fault;
	if (signal)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	store(host, wide ? u64_of(p + 2) : p[2], wide,
	      signal ? __ATOMIC_RELEASE : __ATOMIC_RELAXED);
	return 0;
}

static bool wait_done(uint64_t value, uint64_t ref, uint32_t cmp)
{
	switch (cmp) {
	case EMBER_WAIT_GE:
		return value >= ref;
	case EMBER_WAIT_EQ:
		return value == ref;
	default:
		return value != ref;
	}
}

static int exec_wait(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	bool wide = flags & EMBER_WRITE_64;
	uint32_t cmp = flags & EMBER_WAIT_CMP_MASK;
	uint64_t mask = wide ? u64_of(p + 4) : p[4];
	uint64_t ref = wide ? u64_of(p + 2) : p[2];
	unsigned int sleep_us = WAIT_SLEEP_MIN_US;

	if ((flags & ~(EMBER_WRITE_64 | EMBER_WAIT_CMP_MASK)) ||
	    cmp == EMBER_WAIT_CMP_MASK)
		return EMBER_FAULT_BAD_PACKET;
	for (;;) {
		void *host;
		int ret = map_value(job, u64_of(p), wide ? 8 : 4,
				    EMBER_ACCESS_READ, &host);

		if (ret)
			return ret;
		if (wait_done(load(host, wide) & mask, ref, cmp))
			return 0;
		/* The engine is free while we sleep: the signaller may run. */
		ret = ember_job_checkpoint(job, sleep_us);
		if (ret)
			return ret;
		if (sleep_us < WAIT_SLEEP_MAX_US)
			sleep_us *= 2;
	}
}

static int exec_timestamp(struct ember_job *job, const uint32_t *p)
{
	void *host;
	int fault = map_value(job, u64_of(p), 8, EMBER_ACCESS_WRITE, &host);

	if (fault)
		return fault;
	store(host, ember_device_timestamp_ns(job->ring->dev), true,
	      __ATOMIC_RELAXED);
	return 0;
}

/*
 * COND_EXEC: *@skip is set to the dwords to skip, 0 when the condition
 * holds. @left is the number of dwords of the buffer after the packet.
 */
static int exec_cond(struct ember_job *job, uint32_t flags, const uint32_t *p,
		     uint32_t left, uint32_t *skip)
{
	bool wide = flags & EMBER_WRITE_64;
	void *host;
	int fault;

	*skip = 0;
	if ((flags & ~(EMBER_WRITE_64 | EMBER_COND_EXEC_IF_ZERO)) || p[2] > left)
		return EMBER_FAULT_BAD_PACKET;
	fault = map_value(job, u64_of(p), wide ? 8 : 4, EMBER_ACCESS_READ, &host);
	if (fault)
		return fault;
	if ((load(host, wide) != 0) == !(flags & EMBER_COND_EXEC_IF_ZERO))
		return 0;
	*skip = p[2];
	return 0;
}

/* Fetch @count dwords at @va into @out (READ access). */
static int fetch(struct ember_job *job, uint64_t va, uint32_t count,
		 uint32_t *out)
{
	for (uint32_t i = 0; i < count; i++) {
		void *host;
		int fault = map_value(job, va + 4 * i, 4, EMBER_ACCESS_READ, &host);

		if (fault)
			return fault;
		out[i] = (uint32_t)load(host, false);
	}
	return 0;
}

/*
 * DISPATCH_INDIRECT: read the counts through the context's MMU, then run
 * the equivalent DISPATCH, so that both share every later check (the
 * workgroup total, the shader) and the shader's num_groups are the counts.
 */
static int exec_dispatch_indirect(struct ember_job *job, uint32_t flags, uint32_t len,
				  const uint32_t *p)
{
	uint32_t d[MAX_PAYLOAD] = { p[0], p[1] };
	uint32_t push_bytes = p[EMBER_DISPATCH_INDIRECT_FIXED_LEN - 1];
	int fault;

	if (flags || len < EMBER_DISPATCH_INDIRECT_FIXED_LEN ||
	    push_bytes > EMBER_DISPATCH_MAX_PUSH ||
	    len != EMBER_UPKT_DISPATCH_INDIRECT_LEN(push_bytes))
		return EMBER_FAULT_BAD_PACKET;
	/* A translation fault reports the count's VA, a misaligned one the packet. */
	fault = fetch(job, u64_of(p + 2), 3, d + 2);
	if (fault)
		return fault;
	/* Base, set table, push bytes and push constants move up one dword. */
	memcpy(d + 5, p + 4, (len - 4) * sizeof(*p));
	return ember_shader_dispatch(job, d, EMBER_UPKT_DISPATCH_LEN(push_bytes));
}

/* The fixed payload length of @op, or -1 for any (NOP, DISPATCH*) or unknown. */
static int payload_len(uint32_t op, uint32_t flags)
{
	switch (op) {
	case EMBER_UPKT_COPY:
		return EMBER_UPKT_COPY_LEN;
	case EMBER_UPKT_FILL:
		return EMBER_UPKT_FILL_LEN;
	case EMBER_UPKT_WRITE_IMM:
	case EMBER_UPKT_SIGNAL_MEM:
		return flags & EMBER_WRITE_64 ? 4 : 3;
	case EMBER_UPKT_TIMESTAMP:
		return EMBER_UPKT_TIMESTAMP_LEN;
	case EMBER_UPKT_WAIT_MEM:
		return EMBER_UPKT_WAIT_MEM_LEN;
	case EMBER_UPKT_BARRIER:
		return 0;
	case EMBER_UPKT_FILL_WIDE:
		return EMBER_UPKT_FILL_WIDE_LEN;
	case EMBER_UPKT_COPY_BUFFER_IMAGE:
		return EMBER_UPKT_COPY_BUFFER_IMAGE_LEN;
	case EMBER_UPKT_COPY_IMAGE:
		return EMBER_UPKT_COPY_IMAGE_LEN;
	case EMBER_UPKT_BLIT:
		return EMBER_UPKT_BLIT_LEN;
	case EMBER_UPKT_CLEAR_COLOR:
		return EMBER_UPKT_CLEAR_COLOR_LEN;
	case EMBER_UPKT_CLEAR_DEPTH_STENCIL:
		return EMBER_UPKT_CLEAR_DEPTH_STENCIL_LEN;
	case EMBER_UPKT_RESOLVE:
		return EMBER_UPKT_RESOLVE_LEN;
	case EMBER_UPKT_DRAW:
		return EMBER_UPKT_DRAW_LEN;
	case EMBER_UPKT_DRAW_INDEXED:
		return EMBER_UPKT_DRAW_INDEXED_LEN;
	case EMBER_UPKT_DRAW_INDIRECT:
		return EMBER_UPKT_DRAW_INDIRECT_LEN;
	case EMBER_UPKT_OCCLUSION_COUNTER:
		return EMBER_UPKT_OCCLUSION_COUNTER_LEN;
	case EMBER_UPKT_PIPELINE_STATS_COUNTERS:
		return EMBER_UPKT_PIPELINE_STATS_COUNTERS_LEN;
	case EMBER_UPKT_COND_EXEC:
		return EMBER_UPKT_COND_EXEC_LEN;
	default:
		return -1;
	}
}

/*
 * Runs one packet; @left is the number of dwords of the buffer after it,
 * *@skip how many of them the packet says to skip (COND_EXEC).
 */
static int exec_packet(struct ember_job *job, uint32_t hdr, const uint32_t *p,
		       uint32_t left, uint32_t *skip)
{
	uint32_t op = EMBER_PKT_OP(hdr), flags = EMBER_PKT_FLAGS(hdr);
	uint32_t len = EMBER_PKT_LEN(hdr);

	/* The dispatches and BIND_GFX_STATE check their own (variable) length. */
	if (op != EMBER_UPKT_NOP && op != EMBER_UPKT_DISPATCH &&
	    op != EMBER_UPKT_DISPATCH_INDIRECT && op != EMBER_UPKT_BIND_GFX_STATE &&
	    (int)len != payload_len(op, flags))
		return EMBER_FAULT_BAD_PACKET;

	*skip = 0;
	switch (op) {
	case EMBER_UPKT_NOP:
		return 0;
	case EMBER_UPKT_COPY: {
		struct ember_copy_rect rect = {
			.src = u64_of(p), .dst = u64_of(p + 2),
			.width = p[4], .height = p[5],
			.src_pitch = p[6], .dst_pitch = p[7],
		};

		return flags ? EMBER_FAULT_BAD_PACKET : ember_copy(job, &rect);
	}
	case EMBER_UPKT_FILL:
		if (flags || (p[2] & 3) || (p[0] & 3))
			return EMBER_FAULT_BAD_PACKET;
		return ember_fill(job, u64_of(p), p[2], p[3]);
	case EMBER_UPKT_WRITE_IMM:
		return exec_write(job, flags, len, p, false);
	case EMBER_UPKT_SIGNAL_MEM:
		return exec_write(job, flags, len, p, true);
	case EMBER_UPKT_TIMESTAMP:
		return flags ? EMBER_FAULT_BAD_PACKET : exec_timestamp(job, p);
	case EMBER_UPKT_WAIT_MEM:
		return exec_wait(job, flags, p);
	case EMBER_UPKT_BARRIER:
		if (flags)
			return EMBER_FAULT_BAD_PACKET;
		/* Everything before is done; make its writes visible. */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		return 0;
	case EMBER_UPKT_FILL_WIDE:
		return ember_fill_wide(job, flags, p);
	case EMBER_UPKT_COPY_BUFFER_IMAGE:
		return ember_copy_buffer_image(job, flags, p);
	case EMBER_UPKT_COPY_IMAGE:
		return ember_copy_image(job, flags, p);
	case EMBER_UPKT_BLIT:
		return ember_blit(job, flags, p);
	case EMBER_UPKT_CLEAR_COLOR:
		return ember_clear_color(job, flags, p);
	case EMBER_UPKT_CLEAR_DEPTH_STENCIL:
		return ember_clear_depth_stencil(job, flags, p);
	case EMBER_UPKT_RESOLVE:
		return ember_resolve(job, flags, p);
	case EMBER_UPKT_COND_EXEC:
		return exec_cond(job, flags, p, left, skip);
	case EMBER_UPKT_DISPATCH:
		return flags ? EMBER_FAULT_BAD_PACKET : ember_shader_dispatch(job, p, len);
	case EMBER_UPKT_DISPATCH_INDIRECT:
		return exec_dispatch_indirect(job, flags, len, p);
	case EMBER_UPKT_BIND_GFX_STATE:
	case EMBER_UPKT_DRAW:
	case EMBER_UPKT_DRAW_INDEXED:
	case EMBER_UPKT_DRAW_INDIRECT:
	case EMBER_UPKT_OCCLUSION_COUNTER:
		/* Reserved opcodes on a device without CAPS.GRAPHICS (and OCCLUSION). */
		if (!job->ring->dev->config.graphics)
			return EMBER_FAULT_BAD_PACKET;
		return ember_draw_packet(job, op, flags, len, p);
	case EMBER_UPKT_PIPELINE_STATS_COUNTERS:
		/* Reserved on a device without CAPS.PIPELINE_STATS (GRAPHICS). */
		if (!job->ring->dev->config.graphics)
			return EMBER_FAULT_BAD_PACKET;
		return ember_pipeline_stats_packet(job, flags, p);
	default:
		/* Unknown or reserved. */
		return EMBER_FAULT_BAD_PACKET;
	}
}

/* Run the packets; 0, a fault kind or EMBER_JOB_ABORTED; *@offset: where. */
static int run_packets(struct ember_job *job, uint64_t va, uint32_t size,
		       uint32_t *offset)
{
	uint32_t off = 0;

	while (off < size) {
		uint32_t payload[MAX_PAYLOAD] = { 0 };
		uint32_t hdr, len, left, skip;
		int ret;

		*offset = off;
		ret = fetch(job, va + off, 1, &hdr);
		if (ret)
			return ret;
		len = EMBER_PKT_LEN(hdr);
		job->fault_va = va + off;
		job->fault_detail = hdr;
		/* Written so that nothing overflows: size - off >= 4 here. */
		if (len > (size - off) / 4 - 1)
			return EMBER_FAULT_BAD_PACKET;
		if (EMBER_PKT_OP(hdr) != EMBER_UPKT_NOP) {
			if (len > MAX_PAYLOAD)
				return EMBER_FAULT_BAD_PACKET;
			ret = fetch(job, va + off + 4, len, payload);
			if (ret)
				return ret;
		}
		job->fault_va = va + off;
		job->fault_detail = hdr;
		left = (size - off) / 4 - 1 - len;
		ret = exec_packet(job, hdr, payload, left, &skip);
		if (ret)
			return ret;
		/* skip <= left: off stays within size. */
		off += 4 + len * 4 + skip * 4;
		ret = ember_job_checkpoint(job, 0);
		if (ret)
			return ret;
	}
	return 0;
}

static void report(struct ember_job *job, uint32_t ring_pos, uint32_t kind,
		   uint32_t ib_offset)
{
	struct ember_device *dev = job->ring->dev;
	struct ember_fault fault = {
		.kind = kind,
		.context = job->ctx->index,
		.ring_pos = ring_pos,
		.ib_offset = ib_offset,
		.va = job->fault_va,
		.detail = job->fault_detail,
	};

	ember_ring_fault_origin(job->ring, &fault);
	ember_context_fault(dev, job->ctx);
	ember_fault_report(dev, &fault);
}

static uint64_t watchdog_ns(struct ember_device *dev)
{
	uint32_t ms = ember_reg_read(&dev->regs, EMBER_REG_WATCHDOG_MS);

	return (uint64_t)(ms ? ms : EMBER_WATCHDOG_DEFAULT_MS) * 1000000u;
}

void ember_ib_run(struct ember_ring *ring, uint32_t ring_pos,
		  uint32_t ctx_index, uint64_t va, uint32_t size)
{
	struct ember_device *dev = ring->dev;
	struct ember_context *ctx = &dev->contexts[ctx_index];
	struct ember_job job = {
		.ring = ring,
		.ctx = ctx,
		.mmu = ember_context_mmu(dev, ctx),
		.deadline_ns = ember_device_timestamp_ns(dev) + watchdog_ns(dev),
		.ctx_generation = ctx->generation,
		.device_generation = dev->reset_generation,
		.ring_generation = ring->generation,
		.fault_va = va,
	};
	uint32_t offset = 0;
	int ret;

	if (ctx->state != EMBER_CTX_STATE_OK) {
		ember_debug("ib_skipped ring=%u context=%u", ring->index, ctx_index);
		return;
	}

	if (ember_inject_take_fault(&dev->inject)) {
		ret = EMBER_FAULT_INJECTED;
	} else if ((size & 3) || size > EMBER_DEVICE_MAX_IB_SIZE) {
		job.fault_detail = size;
		ret = EMBER_FAULT_BAD_PACKET;
	} else {
		ret = run_packets(&job, va, size, &offset);
	}

	if (ret == EMBER_JOB_ABORTED) {
		ember_info("ib_aborted ring=%u context=%u", ring->index, ctx_index);
		return;
	}
	if (ret > 0)
		report(&job, ring_pos, (uint32_t)ret, offset);

	if (ember_inject_job_done(&dev->inject))
		ember_device_die(dev, "die-after-jobs");
}
