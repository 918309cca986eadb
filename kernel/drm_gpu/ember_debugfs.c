// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/kstrtox.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>

#include "ember_ctx.h"
#include "ember_debugfs.h"
#include "ember_device.h"
#include "ember_gpu.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: debugfs
 *
 * Files in /sys/kernel/debug/dri/<minor>/ for the submission side:
 *
 * - ``rings``: per ring, its priority, DMA address and size, the device's
 *   HEAD, TAIL, STATUS and IRQ_SEQ next to the driver's TAIL, the last
 *   fence value, the last seqno written and the jobs in flight, the ring
 *   pings written and answered (see ``ring_ping``); then per device queue
 *   a context holds (see DOC: Device queues), its priority, hardware
 *   context, slot (-1 while unmapped), vector, RPTR, WPTR, STATUS and
 *   last IRQ_SEQ, fence, seqno and jobs in flight; then the number of
 *   context, queue and device resets the driver did.
 * - ``contexts``: every context of every file: handle, owner, hardware
 *   context, page-table root, queue priorities, state flags
 *   (enum drm_ember_ctx_state_flags), fence error and first fault.
 * - ``faults``: the last fault records the device wrote (at most
 *   EMBER_FAULT_LOG_SIZE), oldest first, and how many were lost.
 * - ``ring_ping``: writing a ring number does one bare fence round trip
 *   through that ring (ember_ring_ping(), see DOC: Rings) and returns when
 *   the ring's IRQ thread saw the fence: the baseline the submission
 *   benchmarks divide by. -EINVAL for a ring that does not exist,
 *   -ETIMEDOUT if the device does not answer within a second. Reading it
 *   gives, per ring, the last ping the IRQ thread saw and when
 *   (``ring<r> ping <value> signalled <CLOCK_MONOTONIC ns>``), the ping's
 *   signal time as a job fence's timestamp is the job's.
 */

/**
 * DOC: fdinfo
 *
 * /proc/<pid>/fdinfo/<fd> of an Ember DRM file shows, besides the DRM
 * core's keys (drm-driver, drm-client-id, ...) and the memory keys:
 *
 * - ``drm-engine-ring<N>: <ns> ns``, one line per hardware ring: the
 *   device time the file's jobs spent running on ring N, measured by
 *   TIMESTAMP packets around each job (so time waiting in the ring behind
 *   other jobs does not count). Queues of priority LOW, MEDIUM and HIGH
 *   use rings 0, 1 and 2 on the usual three-ring device (see DOC:
 *   Scheduler); device queues count in the ring of their priority (see
 *   DOC: Device queues). Jobs of destroyed contexts still count.
 */

static int ember_debugfs_rings(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ember_device *edev = to_ember_device(entry->dev);
	struct ember_sched *sched = edev->sched;
	u32 r, count;
	int cookie;

	if (!drm_dev_enter(&edev->base, &cookie))
		return -ENODEV;

	for (r = 0; r < sched->num_rings; r++)
		ember_ring_debugfs_show(&sched->rings[r], m);
	/* Pairs with the release that publishes a new queue. */
	count = smp_load_acquire(&sched->queues.count);
	for (r = 0; r < count; r++) {
		if (READ_ONCE(sched->queues.queues[r]->in_use))
			ember_ring_debugfs_show(sched->queues.queues[r], m);
	}
	seq_printf(m, "context resets %u queue resets %u device resets %u (device count %u)\n",
		   sched->ctx_resets, sched->queue_resets, sched->device_resets,
		   ember_gpu_read(edev, EMBER_REG_RESET_COUNT));

	drm_dev_exit(cookie);
	return 0;
}

static int ember_debugfs_contexts(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ember_device *edev = to_ember_device(entry->dev);
	struct ember_sched *sched = edev->sched;
	struct ember_ctx *ctx;
	u32 c;

	for (c = 0; c < sched->num_hw_ctxs; c++) {
		spin_lock(&sched->hw_ctx_lock);
		ctx = sched->hw_ctxs[c];
		if (ctx && !kref_get_unless_zero(&ctx->refcount))
			ctx = NULL;
		spin_unlock(&sched->hw_ctx_lock);

		if (ctx) {
			ember_ctx_debugfs_show(ctx, m);
			ember_ctx_put(ctx);
		}
	}
	return 0;
}

static int ember_debugfs_faults(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct ember_device *edev = to_ember_device(entry->dev);
	struct ember_sched *sched = edev->sched;
	struct ember_fault_record *log;
	u32 i, first, count, lost;
	unsigned long flags;

	log = kmalloc_array(EMBER_FAULT_LOG_SIZE, sizeof(*log), GFP_KERNEL);
	if (!log)
		return -ENOMEM;

	spin_lock_irqsave(&sched->fault_lock, flags);
	count = min_t(u32, sched->fault_log_count, EMBER_FAULT_LOG_SIZE);
	first = sched->fault_log_count - count;
	for (i = 0; i < count; i++)
		log[i] = sched->fault_log[(first + i) % EMBER_FAULT_LOG_SIZE];
	lost = sched->faults_lost;
	spin_unlock_irqrestore(&sched->fault_lock, flags);

	seq_printf(m, "faults logged %u lost %u\n", first + count, lost);
	for (i = 0; i < count; i++)
		seq_printf(m, "seq %u kind %u ring %u hw_ctx %d queue %d pos %u ib_offset %u va 0x%llx detail 0x%x time %llu\n",
			   log[i].seq, log[i].kind, log[i].ring, (int)log[i].hw_ctx,
			   (int)log[i].queue, log[i].ring_pos, log[i].ib_offset,
			   log[i].va, log[i].detail, log[i].timestamp);

	kfree(log);
	return 0;
}

/* One ping through the ring whose number userspace wrote. */
static ssize_t ember_debugfs_ring_ping(struct ember_device *edev, const char __user *ubuf,
				       size_t len)
{
	struct ember_sched *sched = edev->sched;
	int cookie, ret;
	u32 r;

	ret = kstrtou32_from_user(ubuf, len, 0, &r);
	if (ret)
		return ret;
	if (r >= sched->num_rings)
		return -EINVAL;

	if (!drm_dev_enter(&edev->base, &cookie))
		return -ENODEV;
	ret = ember_ring_ping(&sched->rings[r]);
	drm_dev_exit(cookie);

	return ret ? ret : len;
}

static int ember_debugfs_ring_ping_show(struct seq_file *m, void *data)
{
	struct ember_device *edev = m->private;
	struct ember_sched *sched = edev->sched;
	u32 r;

	for (r = 0; r < sched->num_rings; r++) {
		struct ember_ring *ring = &sched->rings[r];
		/* Pairs with the release in ember_ring_handle_irq(). */
		u64 seen = smp_load_acquire(&ring->ping_seen);

		seq_printf(m, "ring%u ping %llu signalled %lld\n", r, seen,
			   ktime_to_ns(READ_ONCE(ring->ping_seen_time)));
	}
	return 0;
}

static int ember_debugfs_ring_ping_open(struct inode *inode, struct file *file)
{
	return single_open(file, ember_debugfs_ring_ping_show, inode->i_private);
}

static ssize_t ember_debugfs_ring_ping_write(struct file *file, const char __user *ubuf,
					     size_t len, loff_t *offp)
{
	struct seq_file *m = file->private_data;

	return ember_debugfs_ring_ping(m->private, ubuf, len);
}

static const struct file_operations ember_debugfs_ring_ping_fops = {
	.owner = THIS_MODULE,
	.open = ember_debugfs_ring_ping_open,
	.read = seq_read,
	.write = ember_debugfs_ring_ping_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * ember_debugfs_init() - Register the submission side's debugfs files.
 * @edev: The device, before drm_dev_register() (which creates them).
 */
void ember_debugfs_init(struct ember_device *edev)
{
	debugfs_create_file("ring_ping", 0600, edev->base.debugfs_root, edev,
			    &ember_debugfs_ring_ping_fops);
	drm_debugfs_add_file(&edev->base, "rings", ember_debugfs_rings, NULL);
	drm_debugfs_add_file(&edev->base, "contexts", ember_debugfs_contexts, NULL);
	drm_debugfs_add_file(&edev->base, "faults", ember_debugfs_faults, NULL);
}
