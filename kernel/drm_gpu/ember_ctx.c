// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/capability.h>
#include <linux/err.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/ember_drm.h>

#include "ember_ctx.h"
#include "ember_uobj.h"
#include "ember_device.h"
#include "ember_file.h"
#include "ember_gpu.h"
#include "ember_job.h"
#include "ember_mmu.h"
#include "ember_packets.h"
#include "ember_queue.h"
#include "ember_regs.h"
#include "ember_ring.h"
#include "ember_sched.h"

/**
 * DOC: Contexts
 *
 * DRM_IOCTL_EMBER_CTX_CREATE makes a context: a hardware context (a slot
 * of the device's context table, given the VM's page-table root), and one
 * drm_sched entity per queue on the rings of the queue's priority (see
 * DOC: Scheduler in ember_sched.c). Handles come from the file's
 * &ember_file.contexts xarray, never zero.
 *
 * A context is referenced by its handle and by each of its jobs. Destroying
 * it (CTX_DESTROY, or closing the file) drops the handle and tears its
 * entities down: jobs already handed to the scheduler still run and
 * signal; jobs still waiting for dependencies when the flush gives up are
 * cancelled by drm_sched. The last reference frees the hardware context,
 * from a work item since it can be the scheduler's free_job that drops it.
 *
 * The state CTX_GET_STATE reports changes only one way: a hang or fault
 * bans the context (see DOC: Recovery in ember_sched.c), and the first
 * one is what the fault fields describe. A device reset that cuts short a
 * started job of an innocent context bans it too, as INNOCENT_LOST with
 * -ECANCELED, without fault fields.
 */

static void ember_file_usage_release(struct kref *kref)
{
	kfree(container_of(kref, struct ember_file_usage, refcount));
}

static void ember_file_usage_put(struct ember_file_usage *usage)
{
	kref_put(&usage->refcount, ember_file_usage_release);
}

/**
 * ember_ctx_file_init() - Set up a file's contexts.
 * @efile: The file.
 *
 * Return: 0 on success, -ENOMEM otherwise.
 */
int ember_ctx_file_init(struct ember_file *efile)
{
	efile->usage = kzalloc(sizeof(*efile->usage), GFP_KERNEL);
	if (!efile->usage)
		return -ENOMEM;

	kref_init(&efile->usage->refcount);
	xa_init_flags(&efile->contexts, XA_FLAGS_ALLOC1);
	return 0;
}

static void ember_ctx_destroy(struct ember_ctx *ctx)
{
	u32 q;

	for (q = 0; q < ctx->num_queues; q++)
		drm_sched_entity_destroy(&ctx->queues[q].entity);
	ember_ctx_put(ctx);
}

/**
 * ember_ctx_file_fini() - Destroy the contexts a closing file left.
 * @efile: The file.
 */
void ember_ctx_file_fini(struct ember_file *efile)
{
	struct ember_ctx *ctx;
	unsigned long handle;

	xa_for_each(&efile->contexts, handle, ctx)
		ember_ctx_destroy(ctx);
	xa_destroy(&efile->contexts);
	ember_file_usage_put(efile->usage);
}

/* Gives the context's device queues back to the pool, unmapped. */
static void ember_ctx_put_device_queues(struct ember_ctx *ctx, u32 count)
{
	u32 q;

	for (q = 0; q < count; q++) {
		if (ctx->queues[q].device_queue)
			ember_queue_put(ctx->queues[q].device_queue);
		ctx->queues[q].device_queue = NULL;
	}
}

/*
 * Gives the device queues and the hardware context back and drops the VM:
 * no job of the context is on a ring any more. Sleeps (the VM may go with
 * it; a queue is unmapped through the mailbox). The queues go first: no
 * queue may be mapped with a hardware context that has another owner.
 */
static void ember_ctx_release_hw(struct ember_ctx *ctx)
{
	struct ember_device *edev = ctx->edev;
	int cookie;

	ember_ctx_put_device_queues(ctx, ctx->num_queues);

	if (drm_dev_enter(&edev->base, &cookie)) {
		ember_gpu_write64(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_LO), 0);
		drm_dev_exit(cookie);
	}
	ember_vm_detach_hw_ctx(ctx->vm, ctx->hw_ctx);
	ember_sched_hw_ctx_free(edev, ctx->hw_ctx);
	atomic_dec(&ctx->usage->hw_ctxs);
	ember_vm_put(ctx->vm);
	ember_file_usage_put(ctx->usage);
	ctx->vm = NULL;
}

/*
 * The last step runs from a work item: the reference to the DRM device may
 * be its last one, and the device's release finishes the schedulers, which
 * must not happen from the scheduler's own free_job.
 */
static void ember_ctx_release_work(struct work_struct *work)
{
	struct ember_ctx *ctx = container_of(work, struct ember_ctx, release_work);
	struct ember_device *edev = ctx->edev;

	if (ctx->vm)
		ember_ctx_release_hw(ctx);
	kfree(ctx->queues);
	kfree(ctx);
	drm_dev_put(&edev->base);
}

static void ember_ctx_release(struct kref *kref)
{
	struct ember_ctx *ctx = container_of(kref, struct ember_ctx, refcount);

	/* At once, so that the hardware context is free when the put returns. */
	ember_ctx_release_hw(ctx);
	schedule_work(&ctx->release_work);
}

static void ember_ctx_release_deferred(struct kref *kref)
{
	struct ember_ctx *ctx = container_of(kref, struct ember_ctx, refcount);

	schedule_work(&ctx->release_work);
}

/**
 * ember_ctx_get() - Take a reference to a context.
 * @ctx: The context.
 *
 * Return: @ctx.
 */
struct ember_ctx *ember_ctx_get(struct ember_ctx *ctx)
{
	kref_get(&ctx->refcount);
	return ctx;
}

/**
 * ember_ctx_put() - Drop a reference to a context.
 * @ctx: The context.
 *
 * Context: Process context, may sleep: the last reference frees the
 * hardware context and drops the VM before returning.
 */
void ember_ctx_put(struct ember_ctx *ctx)
{
	kref_put(&ctx->refcount, ember_ctx_release);
}

/**
 * ember_ctx_put_deferred() - Drop a reference to a context, from atomic
 * context.
 * @ctx: The context.
 *
 * The release, if this was the last reference, happens in a work item.
 */
void ember_ctx_put_deferred(struct ember_ctx *ctx)
{
	kref_put(&ctx->refcount, ember_ctx_release_deferred);
}

/**
 * ember_ctx_lookup() - Find a context of a file by handle.
 * @efile: The file.
 * @handle: The handle.
 *
 * Return: The context with a new reference, or NULL.
 */
struct ember_ctx *ember_ctx_lookup(struct ember_file *efile, u32 handle)
{
	struct ember_ctx *ctx;

	xa_lock(&efile->contexts);
	ctx = xa_load(&efile->contexts, handle);
	if (ctx)
		ember_ctx_get(ctx);
	xa_unlock(&efile->contexts);
	return ctx;
}

/*
 * The ring of queue @q: a device queue of its own when the device has
 * them, else the legacy ring of its priority (see DOC: Scheduler).
 */
static struct ember_ring *ember_ctx_queue_ring(struct ember_ctx *ctx, u32 q, u32 priority,
					       bool use_device_queues, u32 *used)
{
	struct ember_sched *sched = ctx->edev->sched;
	struct ember_ring *ring;
	u32 r;

	if (use_device_queues) {
		ring = ember_queue_get(ctx->edev, priority, ctx->hw_ctx);
		if (!IS_ERR(ring))
			ctx->queues[q].device_queue = ring;
		return ring;
	}
	r = ember_sched_pick_ring(ctx->edev, priority, *used);
	*used |= BIT(r);
	return &sched->rings[r];
}

static int ember_ctx_init_queues(struct ember_ctx *ctx,
				 const struct drm_ember_queue_create *qargs, u32 count)
{
	/* Read once: all queues of a context are of one kind. */
	bool use_device_queues = ember_queue_for_new_context(ctx->edev->sched);
	struct drm_gpu_scheduler *drm_sched;
	struct ember_ring *ring;
	u32 q, used = 0;
	int ret;

	ctx->queues = kcalloc(count, sizeof(*ctx->queues), GFP_KERNEL);
	if (!ctx->queues)
		return -ENOMEM;

	for (q = 0; q < count; q++) {
		ring = ember_ctx_queue_ring(ctx, q, qargs[q].priority, use_device_queues, &used);
		if (IS_ERR(ring)) {
			ret = PTR_ERR(ring);
			goto err_fini_entities;
		}
		drm_sched = &ring->sched;
		/* The ring is the priority: its scheduler has one run queue. */
		ret = drm_sched_entity_init(&ctx->queues[q].entity,
					    DRM_SCHED_PRIORITY_KERNEL, &drm_sched, 1, NULL);
		if (ret) {
			ember_ctx_put_device_queues(ctx, q + 1);
			goto err_fini_entities;
		}
		ctx->queues[q].priority = qargs[q].priority;
		ctx->queues[q].ring = ring->index;
		ctx->num_queues = q + 1;
	}
	return 0;

err_fini_entities:
	while (q--)
		drm_sched_entity_destroy(&ctx->queues[q].entity);
	ember_ctx_put_device_queues(ctx, ctx->num_queues);
	ctx->num_queues = 0;
	kfree(ctx->queues);
	return ret;
}

/**
 * ember_ctx_queue_info() - What a queue of a context got, for userspace.
 * @ctx: The context.
 * @q: The queue, < &ember_ctx.num_queues.
 * @info: Where to store it.
 */
void ember_ctx_queue_info(struct ember_ctx *ctx, u32 q, struct drm_ember_queue_info *info)
{
	const struct ember_queue *queue = &ctx->queues[q];
	struct ember_sched *sched = ctx->edev->sched;

	*info = (struct drm_ember_queue_info){};
	if (queue->device_queue) {
		info->kind = DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE;
		info->priority = queue->device_queue->hw_priority;
		info->ring = DRM_EMBER_QUEUE_NO_RING;
		return;
	}
	info->kind = DRM_EMBER_QUEUE_KIND_SHARED_RING;
	info->ring = queue->ring;
	info->priority = ember_sched_ring_priority(queue->ring, sched->num_rings);
}

/* Writes the queue info array userspace asked for (checked by the caller). */
static int ember_ctx_copy_queue_info(struct ember_ctx *ctx,
				     const struct drm_ember_obj_array *arr)
{
	u8 __user *dst = u64_to_user_ptr(arr->array);
	size_t size = min_t(size_t, arr->stride, sizeof(struct drm_ember_queue_info));
	struct drm_ember_queue_info info;
	u32 q;

	for (q = 0; q < arr->count; q++, dst += arr->stride) {
		ember_ctx_queue_info(ctx, q, &info);
		if (copy_to_user(dst, &info, size))
			return -EFAULT;
		if (arr->stride > size && clear_user(dst + size, arr->stride - size))
			return -EFAULT;
	}
	return 0;
}

static int ember_ctx_check_queues(const struct drm_ember_queue_create *qargs, u32 count)
{
	u32 q;

	for (q = 0; q < count; q++) {
		if (qargs[q].pad || qargs[q].priority > DRM_EMBER_QUEUE_PRIORITY_HIGH)
			return -EINVAL;
	}
	for (q = 0; q < count; q++) {
		if (qargs[q].priority == DRM_EMBER_QUEUE_PRIORITY_HIGH &&
		    !capable(CAP_SYS_NICE))
			return -EACCES;
	}
	return 0;
}

/*
 * Points the hardware context at the VM and resets it, so that nothing of
 * its previous owner (TLB entries, a FAULTED state) is left. From now on
 * the VM's unmaps invalidate its TLB.
 */
static int ember_ctx_bind_hw(struct ember_ctx *ctx)
{
	struct ember_device *edev = ctx->edev;

	ember_vm_attach_hw_ctx(ctx->vm, ctx->hw_ctx);
	ember_gpu_write64(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_LO),
			  ember_vm_pt_root(ctx->vm));
	return ember_gpu_reset_context(edev, ctx->hw_ctx);
}

/* Undoes ember_ctx_bind_hw() for a context that never ran a job. */
static void ember_ctx_unbind_hw(struct ember_ctx *ctx)
{
	struct ember_device *edev = ctx->edev;

	ember_gpu_write64(edev, EMBER_REG_CTX(ctx->hw_ctx, EMBER_CTX_PT_ROOT_LO), 0);
	ember_vm_detach_hw_ctx(ctx->vm, ctx->hw_ctx);
}

/**
 * ember_ioctl_ctx_create() - DRM_IOCTL_EMBER_CTX_CREATE.
 * @ddev: The DRM device.
 * @data: struct drm_ember_ctx_create.
 * @file: The calling file.
 *
 * Return: 0 on success, a negative error code as documented in the uAPI.
 */
int ember_ioctl_ctx_create(struct drm_device *ddev, void *data, struct drm_file *file)
{
	struct ember_device *edev = to_ember_device(ddev);
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_ctx_create *args = data;
	struct drm_ember_queue_create *qargs;
	struct ember_ctx *ctx;
	struct ember_vm *vm;
	u32 handle;
	int ret;

	if (args->flags || args->pad || !args->queues.count ||
	    args->queues.count > EMBER_CTX_MAX_QUEUES)
		return -EINVAL;
	if (args->queue_info.count &&
	    (args->queue_info.count != args->queues.count ||
	     args->queue_info.stride < EMBER_QUEUE_INFO_MIN_SIZE))
		return -EINVAL;

	qargs = ember_uobj_array_copy(&args->queues, EMBER_CTX_MAX_QUEUES,
				      sizeof(*qargs), sizeof(*qargs));
	if (IS_ERR(qargs))
		return PTR_ERR(qargs);

	ret = ember_ctx_check_queues(qargs, args->queues.count);
	if (ret)
		goto err_free_qargs;

	if (!edev->sched->num_rings) {
		ret = -ENODEV;
		goto err_free_qargs;
	}

	vm = ember_vm_lookup(efile, args->vm_id);
	if (!vm) {
		ret = -ENOENT;
		goto err_free_qargs;
	}

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx) {
		ret = -ENOMEM;
		goto err_put_vm;
	}
	kref_init(&ctx->refcount);
	spin_lock_init(&ctx->state_lock);
	INIT_WORK(&ctx->release_work, ember_ctx_release_work);
	ctx->edev = edev;
	drm_dev_get(&edev->base);
	ctx->vm = vm;
	ctx->pid = task_tgid_nr(current);
	get_task_comm(ctx->comm, current);

	/* The file's quota first: a file over it takes no slot from others. */
	if (atomic_inc_return(&efile->usage->hw_ctxs) > edev->sched->max_ctxs_per_file) {
		ret = -EDQUOT;
		goto err_uncount;
	}

	ret = ember_sched_hw_ctx_alloc(edev, ctx, &ctx->hw_ctx);
	if (ret)
		goto err_uncount;

	ret = ember_ctx_bind_hw(ctx);
	if (ret)
		goto err_unbind_hw;

	ret = ember_ctx_init_queues(ctx, qargs, args->queues.count);
	if (ret)
		goto err_unbind_hw;

	/* From here on, the release gives the hardware context back. */
	ctx->usage = efile->usage;
	kref_get(&ctx->usage->refcount);

	/* Before publication: a context userspace cannot describe is not created. */
	if (args->queue_info.count) {
		ret = ember_ctx_copy_queue_info(ctx, &args->queue_info);
		if (ret) {
			ember_ctx_destroy(ctx);
			goto err_free_qargs;
		}
	}

	ret = xa_alloc(&efile->contexts, &handle, ctx, XA_LIMIT(1, U32_MAX), GFP_KERNEL);
	if (ret) {
		ember_ctx_destroy(ctx);
		goto err_free_qargs;
	}
	/* Set after publication: only debugfs and coredumps read it. */
	WRITE_ONCE(ctx->handle, handle);

	args->handle = handle;
	kvfree(qargs);
	return 0;

err_unbind_hw:
	ember_ctx_unbind_hw(ctx);
	ember_sched_hw_ctx_free(edev, ctx->hw_ctx);
err_uncount:
	atomic_dec(&efile->usage->hw_ctxs);
	drm_dev_put(&edev->base);
	kfree(ctx);
err_put_vm:
	ember_vm_put(vm);
err_free_qargs:
	kvfree(qargs);
	return ret;
}

/**
 * ember_ioctl_ctx_destroy() - DRM_IOCTL_EMBER_CTX_DESTROY.
 * @ddev: The DRM device.
 * @data: struct drm_ember_ctx_destroy.
 * @file: The calling file.
 *
 * Return: 0 on success, -EINVAL for a non-zero pad, -ENOENT for an unknown
 * handle.
 */
int ember_ioctl_ctx_destroy(struct drm_device *ddev, void *data, struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_ctx_destroy *args = data;
	struct ember_ctx *ctx;

	if (args->pad)
		return -EINVAL;

	/*
	 * Never erase index 0: on an XA_FLAGS_ALLOC1 xarray that would make
	 * it allocatable, and a later context would get handle 0.
	 */
	if (!args->handle)
		return -ENOENT;

	ctx = xa_erase(&efile->contexts, args->handle);
	if (!ctx)
		return -ENOENT;

	ember_ctx_destroy(ctx);
	return 0;
}

/**
 * ember_ioctl_ctx_get_state() - DRM_IOCTL_EMBER_CTX_GET_STATE.
 * @ddev: The DRM device.
 * @data: struct drm_ember_ctx_get_state.
 * @file: The calling file.
 *
 * Return: 0 on success, -ENOENT for an unknown handle.
 */
int ember_ioctl_ctx_get_state(struct drm_device *ddev, void *data,
			      struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_ctx_get_state *args = data;
	struct ember_ctx *ctx;

	ctx = ember_ctx_lookup(efile, args->handle);
	if (!ctx)
		return -ENOENT;

	spin_lock(&ctx->state_lock);
	args->state = ctx->state;
	args->fault_kind = ctx->fault.kind;
	args->fault_queue = ctx->fault.kind ? ctx->fault.queue : 0;
	args->fault_va = ctx->fault.va;
	args->fault_ib_offset = ctx->fault.ib_offset;
	args->fault_detail = ctx->fault.detail;
	spin_unlock(&ctx->state_lock);

	ember_ctx_put(ctx);
	return 0;
}

/**
 * ember_ctx_ban_error() - The error of a context's jobs.
 * @ctx: The context.
 *
 * Return: 0 while the context is not banned, else the error its jobs'
 * fences signal with.
 */
int ember_ctx_ban_error(struct ember_ctx *ctx)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&ctx->state_lock, flags);
	err = ctx->fence_error;
	spin_unlock_irqrestore(&ctx->state_lock, flags);
	return err;
}

/**
 * ember_ctx_job_error() - The error a completed job signals with.
 * @ctx: The job's context.
 * @ring: The ring the job ran on.
 * @ring_pos: Ring position of the job's RUN_IB.
 *
 * Jobs of a banned context fail, except those that ran before the fault
 * on the faulting job's own ring: the device runs a ring's packets in
 * order, so they completed before it.
 *
 * Context: Any (completion processing calls it under the ring's
 * fence_lock); takes &ember_ctx.state_lock.
 *
 * Return: 0 or the context's error.
 */
int ember_ctx_job_error(struct ember_ctx *ctx, u32 ring, u32 ring_pos)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&ctx->state_lock, flags);
	err = ctx->fence_error;
	if (err && ctx->fault.ring == ring && (s32)(ring_pos - ctx->fault.ring_pos) < 0)
		err = 0;
	spin_unlock_irqrestore(&ctx->state_lock, flags);
	return err;
}

/**
 * ember_ctx_set_hang() - Mark a context guilty of a hang and ban it.
 * @ctx: The context.
 * @queue: The queue of the job that hung.
 * @ring: Its ring.
 * @ring_pos: Ring position of its RUN_IB.
 *
 * Return: true if this is the context's first hang or fault.
 */
bool ember_ctx_set_hang(struct ember_ctx *ctx, u32 queue, u32 ring, u32 ring_pos)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&ctx->state_lock, flags);
	first = !ctx->fence_error;
	if (first) {
		ctx->fence_error = -ETIMEDOUT;
		ctx->fault.queue = queue;
		ctx->fault.ring = ring;
		ctx->fault.ring_pos = ring_pos;
	}
	ctx->state |= DRM_EMBER_CTX_STATE_GUILTY | DRM_EMBER_CTX_STATE_BANNED;
	spin_unlock_irqrestore(&ctx->state_lock, flags);
	return first;
}

/**
 * ember_ctx_set_fault() - Record a fault of a context and ban it.
 * @ctx: The context.
 * @rec: The fault record.
 * @queue: The queue of the faulting job, U32_MAX if unknown.
 *
 * A watchdog fault is the device catching a hang: the context is GUILTY
 * and its jobs fail with -ETIMEDOUT; any other fault makes it FAULTED with
 * -EIO. Faults after the first (e.g. of its jobs still in the rings) only
 * go to the fault log.
 *
 * Return: true if this is the context's first hang or fault.
 */
bool ember_ctx_set_fault(struct ember_ctx *ctx, const struct ember_fault_record *rec,
			 u32 queue)
{
	bool hang = rec->kind == EMBER_FAULT_WATCHDOG;
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&ctx->state_lock, flags);
	first = !ctx->fence_error;
	if (first) {
		ctx->fence_error = hang ? -ETIMEDOUT : -EIO;
		ctx->state |= DRM_EMBER_CTX_STATE_BANNED |
			      (hang ? DRM_EMBER_CTX_STATE_GUILTY : DRM_EMBER_CTX_STATE_FAULTED);
		ctx->fault.kind = rec->kind;
		ctx->fault.queue = queue == U32_MAX ? 0 : queue;
		ctx->fault.ring = rec->ring;
		ctx->fault.ring_pos = rec->ring_pos;
		ctx->fault.ib_offset = rec->ib_offset;
		ctx->fault.detail = rec->detail;
		ctx->fault.va = rec->va;
	}
	spin_unlock_irqrestore(&ctx->state_lock, flags);
	return first;
}

/**
 * ember_ctx_set_innocent_lost() - Ban a context whose started job a device
 * reset cut short.
 * @ctx: The context, innocent of the hang that caused the reset.
 * @ring: The ring of the job that was cut short.
 * @ring_pos: Ring position of its RUN_IB.
 *
 * The job is not run again (it would repeat what it already did): its
 * fence and those of the context's other unfinished jobs signal with
 * -ECANCELED, and CTX_GET_STATE reports INNOCENT_LOST and BANNED. Jobs
 * before @ring_pos on @ring completed, as for a fault (see
 * ember_ctx_job_error()). A context already banned keeps its first error.
 *
 * Context: Any; takes &ember_ctx.state_lock (inside a ring's fence_lock).
 *
 * Return: true if this banned the context.
 */
bool ember_ctx_set_innocent_lost(struct ember_ctx *ctx, u32 ring, u32 ring_pos)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&ctx->state_lock, flags);
	first = !ctx->fence_error;
	if (first) {
		ctx->fence_error = -ECANCELED;
		ctx->fault.ring = ring;
		ctx->fault.ring_pos = ring_pos;
		ctx->state |= DRM_EMBER_CTX_STATE_INNOCENT_LOST | DRM_EMBER_CTX_STATE_BANNED;
	}
	spin_unlock_irqrestore(&ctx->state_lock, flags);
	return first;
}

/**
 * ember_ctx_set_device_lost() - Note the device went away under a context.
 * @ctx: A context that had work on the device.
 */
void ember_ctx_set_device_lost(struct ember_ctx *ctx)
{
	unsigned long flags;

	spin_lock_irqsave(&ctx->state_lock, flags);
	ctx->state |= DRM_EMBER_CTX_STATE_DEVICE_LOST;
	spin_unlock_irqrestore(&ctx->state_lock, flags);
}

/**
 * ember_ctx_show_fdinfo() - Print a file's engine busy times.
 * @efile: The file.
 * @p: The fdinfo printer.
 *
 * See DOC: fdinfo in ember_debugfs.c for the keys.
 */
void ember_ctx_show_fdinfo(struct ember_file *efile, struct drm_printer *p)
{
	struct ember_device *edev = efile->edev;
	u32 r;

	for (r = 0; r < edev->sched->num_rings; r++)
		drm_printf(p, "drm-engine-ring%u:\t%llu ns\n", r,
			   (u64)atomic64_read(&efile->usage->busy_ns[r]));
}

/**
 * ember_ctx_debugfs_show() - Print a context's state.
 * @ctx: The context.
 * @m: The debugfs file.
 */
void ember_ctx_debugfs_show(struct ember_ctx *ctx, struct seq_file *m)
{
	unsigned long flags;
	u32 q;

	seq_printf(m, "context %u: %s[%d] hw_ctx %u pt_root 0x%llx queues",
		   READ_ONCE(ctx->handle), ctx->comm, ctx->pid, ctx->hw_ctx,
		   ember_vm_pt_root(ctx->vm));
	for (q = 0; q < ctx->num_queues; q++) {
		if (ctx->queues[q].device_queue)
			seq_printf(m, " %u@%s", ctx->queues[q].priority,
				   ctx->queues[q].device_queue->name);
		else
			seq_printf(m, " %u@ring%u", ctx->queues[q].priority, ctx->queues[q].ring);
	}

	spin_lock_irqsave(&ctx->state_lock, flags);
	seq_printf(m, "\n  state 0x%x error %d fault kind %u queue %u va 0x%llx ib_offset %u detail 0x%x\n",
		   ctx->state, ctx->fence_error, ctx->fault.kind, ctx->fault.queue,
		   ctx->fault.va, ctx->fault.ib_offset, ctx->fault.detail);
	spin_unlock_irqrestore(&ctx->state_lock, flags);
}
