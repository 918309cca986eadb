// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/devcoredump.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "ember_ctx.h"
#include "ember_devcoredump.h"
#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_packets.h"
#include "ember_queue.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: devcoredump
 *
 * When a context hangs or faults for the first time, the driver takes a
 * snapshot of the device and hands it to devcoredump
 * (/sys/class/devcoredump/devcdN/data) as text, in the format documented
 * in Documentation/gpu/ember-devcoredump.rst: the device's status
 * registers, the guilty context and its hardware context, the fault
 * record, and for every ring its registers and the kernel packets around
 * RING_HEAD, decoded.
 *
 * The snapshot is taken where the hang or fault is handled, which can be
 * under a spinlock (the fault handler), so it only copies registers and
 * ring memory into a snapshot allocated at probe; a work item formats it
 * and calls dev_coredumpv(). One snapshot is in flight at a time: a hang
 * or fault while the previous one is being formatted is not dumped
 * (devcoredump keeps only one dump per device until it is read anyway).
 */

/* Ring bytes kept around RING_HEAD: the two jobs before it and two after. */
#define EMBER_DUMP_RING_JOBS_BEFORE	2
#define EMBER_DUMP_RING_BYTES		(4 * EMBER_RING_JOB_BYTES)
#define EMBER_DUMP_TEXT_SIZE		(16 * 1024 + EMBER_MAX_RINGS * 2048)

struct ember_dump_ring {
	u32 index, priority, head, tail, driver_tail, status, irq_seq;
	u64 fence, emitted;
	u32 start;
	u32 dwords[EMBER_DUMP_RING_BYTES / 4];
};

struct ember_dump_snapshot {
	char reason[8];
	u64 time_ns;
	u32 status, fault_seq, fault_lost, reset_count, watchdog_ms;
	u32 ctx_handle, hw_ctx, ctx_state;
	int ctx_error;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	u64 pt_root;
	u32 hw_ctx_state, hw_ctx_fault_count;
	bool has_fault;
	struct ember_fault_record fault;
	u32 num_rings;
	struct ember_dump_ring rings[EMBER_MAX_RINGS + EMBER_CTX_MAX_QUEUES];
};

/**
 * struct ember_devcoredump - The device's devcoredump state.
 */
struct ember_devcoredump {
	/** @edev: The device. */
	struct ember_device *edev;

	/** @lock: Protects @busy and @snap while it is being filled. */
	spinlock_t lock;

	/** @busy: @snap holds a snapshot the worker has not formatted yet. */
	bool busy;

	/** @work: Formats @snap and hands it to devcoredump. */
	struct work_struct work;

	/** @snap: The snapshot. */
	struct ember_dump_snapshot snap;
};

static const char *ember_fault_kind_name(u32 kind)
{
	switch (kind) {
	case EMBER_FAULT_TRANSLATION: return "translation";
	case EMBER_FAULT_PERMISSION: return "permission";
	case EMBER_FAULT_BAD_PACKET: return "bad-packet";
	case EMBER_FAULT_ILLEGAL_INSTRUCTION: return "illegal-instruction";
	case EMBER_FAULT_WATCHDOG: return "watchdog";
	case EMBER_FAULT_RING: return "ring";
	case EMBER_FAULT_INJECTED: return "injected";
	case EMBER_FAULT_BAD_DESCRIPTOR: return "bad-descriptor";
	case EMBER_FAULT_QUEUE: return "queue";
	case EMBER_FAULT_BAD_STATE: return "bad-state";
	default: return "unknown";
	}
}

static void ember_dump_ring(struct ember_ring *ring, struct ember_dump_ring *d)
{
	struct ember_device *edev = ring->edev;
	u32 r = ring->index, i;

	d->index = r;
	d->priority = ring->hw_priority;
	if (ring->is_queue) {
		/* A device queue's pointers are in its descriptor. */
		d->head = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_RPTR);
		d->tail = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_WPTR);
		d->status = ember_queue_desc_read(ring, EMBER_QUEUE_DESC_STATUS);
		d->irq_seq = READ_ONCE(ring->irq_seq);
	} else {
		d->head = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_HEAD));
		d->tail = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_TAIL));
		d->status = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_STATUS));
		d->irq_seq = ember_gpu_read(edev, EMBER_REG_RING(r, EMBER_RING_IRQ_SEQ));
	}
	d->driver_tail = READ_ONCE(ring->tail);
	d->fence = le64_to_cpu(READ_ONCE(ring->status->fence));
	d->emitted = READ_ONCE(ring->emitted_seqno);

	/* Jobs are EMBER_RING_JOB_BYTES apart: start at one, to decode. */
	d->start = round_down(d->head, EMBER_RING_JOB_BYTES) -
		   EMBER_DUMP_RING_JOBS_BEFORE * EMBER_RING_JOB_BYTES;
	for (i = 0; i < ARRAY_SIZE(d->dwords); i++) {
		u32 at = ((d->start + i * 4) & (EMBER_RING_BUF_SIZE - 1)) / 4;

		d->dwords[i] = le32_to_cpu(READ_ONCE(ring->cpu[at]));
	}
}

/**
 * ember_devcoredump_capture() - Take a snapshot for a devcoredump.
 * @edev: The device.
 * @reason: "hang" or "fault".
 * @ctx: The guilty context.
 * @rec: The fault record, NULL for a hang.
 *
 * Context: Any context but hard IRQ; inside drm_dev_enter() or an IRQ
 * thread (reads registers).
 */
void ember_devcoredump_capture(struct ember_device *edev, const char *reason,
			       struct ember_ctx *ctx, const struct ember_fault_record *rec)
{
	struct ember_devcoredump *dump = edev->sched->coredump;
	struct ember_dump_snapshot *snap = &dump->snap;
	struct ember_sched *sched = edev->sched;
	unsigned long flags;
	u32 r, q;

	spin_lock_irqsave(&dump->lock, flags);
	if (dump->busy) {
		spin_unlock_irqrestore(&dump->lock, flags);
		return;
	}
	dump->busy = true;

	memset(snap, 0, sizeof(*snap));
	strscpy(snap->reason, reason, sizeof(snap->reason));
	snap->time_ns = ktime_get_boottime_ns();
	snap->status = ember_gpu_read(edev, EMBER_REG_STATUS);
	snap->fault_seq = ember_gpu_read(edev, EMBER_REG_FAULT_SEQ);
	snap->fault_lost = ember_gpu_read(edev, EMBER_REG_FAULT_LOST);
	snap->reset_count = ember_gpu_read(edev, EMBER_REG_RESET_COUNT);
	snap->watchdog_ms = ember_gpu_read(edev, EMBER_REG_WATCHDOG_MS);

	snap->ctx_handle = READ_ONCE(ctx->handle);
	snap->hw_ctx = ctx->hw_ctx;
	snap->pid = ctx->pid;
	strscpy(snap->comm, ctx->comm, sizeof(snap->comm));
	spin_lock(&ctx->state_lock);
	snap->ctx_state = ctx->state;
	snap->ctx_error = ctx->fence_error;
	spin_unlock(&ctx->state_lock);
	snap->pt_root = ember_gpu_read(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_LO)) |
		(u64)ember_gpu_read(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_HI)) << 32;
	snap->hw_ctx_state = ember_gpu_read(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_STATE));
	snap->hw_ctx_fault_count = ember_gpu_read(edev, EMBER_REG_CTX(ctx->hw_ctx,
								      EMBER_CTX_FAULT_COUNT));
	if (rec) {
		snap->has_fault = true;
		snap->fault = *rec;
	}

	snap->num_rings = sched->num_rings;
	for (r = 0; r < sched->num_rings; r++)
		ember_dump_ring(&sched->rings[r], &snap->rings[r]);
	/* The context's device queues after the rings: no other queue matters. */
	for (q = 0; q < ctx->num_queues; q++) {
		if (ctx->queues[q].device_queue)
			ember_dump_ring(ctx->queues[q].device_queue,
					&snap->rings[snap->num_rings++]);
	}
	spin_unlock_irqrestore(&dump->lock, flags);

	schedule_work(&dump->work);
}

/* Prints the kernel packets of a ring window, decoded. */
static void ember_dump_print_packets(struct drm_printer *p, const struct ember_dump_ring *d)
{
	u32 n = ARRAY_SIZE(d->dwords), i = 0;

	while (i < n) {
		u32 hdr = d->dwords[i], len = EMBER_PKT_LEN(hdr);
		const u32 *pl = &d->dwords[i + 1];
		u32 pos = d->start + i * 4;

		if (i + 1 + len > n) {
			drm_printf(p, "  %u: 0x%08x (truncated)\n", pos, hdr);
			break;
		}

		switch (EMBER_PKT_OP(hdr)) {
		case EMBER_KPKT_NOP:
			drm_printf(p, "  %u: NOP len=%u\n", pos, len);
			break;
		case EMBER_KPKT_RUN_IB:
			if (len != EMBER_KPKT_RUN_IB_LEN)
				goto raw;
			drm_printf(p, "  %u: RUN_IB ctx=%u va=0x%llx size=%u\n", pos, pl[0],
				   pl[1] | (u64)pl[2] << 32, pl[3]);
			break;
		case EMBER_KPKT_FENCE:
			if (len != EMBER_KPKT_FENCE_LEN)
				goto raw;
			drm_printf(p, "  %u: FENCE%s addr=0x%llx value=%llu\n", pos,
				   EMBER_PKT_FLAGS(hdr) & EMBER_FENCE_IRQ ? "|IRQ" : "",
				   pl[0] | (u64)pl[1] << 32, pl[2] | (u64)pl[3] << 32);
			break;
		case EMBER_KPKT_TLB_INVALIDATE:
			if (len != EMBER_KPKT_TLB_INVALIDATE_LEN)
				goto raw;
			drm_printf(p, "  %u: TLB_INVALIDATE ctx=0x%x\n", pos, pl[0]);
			break;
		case EMBER_KPKT_TIMESTAMP:
			if (len != EMBER_KPKT_TIMESTAMP_LEN)
				goto raw;
			drm_printf(p, "  %u: TIMESTAMP addr=0x%llx\n", pos,
				   pl[0] | (u64)pl[1] << 32);
			break;
		default:
raw:
			drm_printf(p, "  %u: 0x%08x (unknown)\n", pos, hdr);
			break;
		}
		i += 1 + len;
	}
}

static void ember_dump_print_fault(struct drm_printer *p, const struct ember_fault_record *f)
{
	drm_printf(p, "fault: seq=%u kind=%u(%s) ring=%u hw-ctx=%u queue=%d ", f->seq, f->kind,
		   ember_fault_kind_name(f->kind), f->ring, f->hw_ctx, (int)f->queue);
	drm_printf(p, "ring-pos=%u ib-offset=%u va=0x%llx detail=0x%x timestamp=%llu\n",
		   f->ring_pos, f->ib_offset, f->va, f->detail, f->timestamp);
}

static void ember_dump_print(struct drm_printer *p, struct ember_device *edev,
			     const struct ember_dump_snapshot *s)
{
	const struct drm_ember_gpu_info *info = &edev->gpu_info;
	u32 r;

	drm_printf(p, "EMBER-DEVCOREDUMP 1\n");
	drm_printf(p, "reason: %s\n", s->reason);
	drm_printf(p, "time-ns: %llu\n", s->time_ns);
	drm_printf(p, "hw-version: 0x%08x\nfw-version: 0x%08x\n", info->hw_version,
		   info->fw_version);
	drm_printf(p, "device: status=0x%x fault-seq=%u fault-lost=%u ", s->status,
		   s->fault_seq, s->fault_lost);
	drm_printf(p, "reset-count=%u watchdog-ms=%u\n", s->reset_count, s->watchdog_ms);
	drm_printf(p, "context: handle=%u hw-ctx=%u pid=%d comm=%s state=0x%x error=%d\n",
		   s->ctx_handle, s->hw_ctx, s->pid, s->comm, s->ctx_state, s->ctx_error);
	drm_printf(p, "hw-context: pt-root=0x%llx state=%u fault-count=%u\n", s->pt_root,
		   s->hw_ctx_state, s->hw_ctx_fault_count);
	if (s->has_fault)
		ember_dump_print_fault(p, &s->fault);

	for (r = 0; r < s->num_rings; r++) {
		const struct ember_dump_ring *d = &s->rings[r];

		drm_printf(p, "ring %u: priority=%u head=%u tail=%u driver-tail=%u ", d->index,
			   d->priority, d->head, d->tail, d->driver_tail);
		drm_printf(p, "status=0x%x irq-seq=%u fence=%llu emitted=%llu\n", d->status,
			   d->irq_seq, d->fence, d->emitted);
		drm_printf(p, "ring %u packets from %u:\n", d->index, d->start);
		ember_dump_print_packets(p, d);
	}
	drm_printf(p, "end\n");
}

static void ember_devcoredump_work(struct work_struct *work)
{
	struct ember_devcoredump *dump = container_of(work, struct ember_devcoredump, work);
	struct ember_device *edev = dump->edev;
	struct drm_print_iterator iter = { 0 };
	struct drm_printer p;
	unsigned long flags;
	int cookie;

	if (!drm_dev_enter(&edev->base, &cookie))
		goto out_done;

	iter.data = vzalloc(EMBER_DUMP_TEXT_SIZE);
	if (iter.data) {
		iter.remain = EMBER_DUMP_TEXT_SIZE;
		p = drm_coredump_printer(&iter);
		ember_dump_print(&p, edev, &dump->snap);
		/* devcoredump owns (and vfree()s) the buffer from here. */
		dev_coredumpv(edev->base.dev, iter.data, EMBER_DUMP_TEXT_SIZE - iter.remain,
			      GFP_KERNEL);
		drm_info(&edev->base, "devcoredump of a %s of context %u written\n",
			 dump->snap.reason, dump->snap.ctx_handle);
	}
	drm_dev_exit(cookie);

out_done:
	spin_lock_irqsave(&dump->lock, flags);
	dump->busy = false;
	spin_unlock_irqrestore(&dump->lock, flags);
}

static void ember_devcoredump_fini(struct drm_device *ddev, void *data)
{
	struct ember_devcoredump *dump = data;

	cancel_work_sync(&dump->work);
}

/**
 * ember_devcoredump_init() - Allocate the devcoredump snapshot.
 * @edev: The device.
 * @sched: Its scheduler, whose &ember_sched.coredump is set.
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int ember_devcoredump_init(struct ember_device *edev, struct ember_sched *sched)
{
	struct ember_devcoredump *dump;

	dump = drmm_kzalloc(&edev->base, sizeof(*dump), GFP_KERNEL);
	if (!dump)
		return -ENOMEM;

	dump->edev = edev;
	spin_lock_init(&dump->lock);
	INIT_WORK(&dump->work, ember_devcoredump_work);
	sched->coredump = dump;

	return drmm_add_action_or_reset(&edev->base, ember_devcoredump_fini, dump);
}
