// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/err.h>
#include <linux/interval_tree_generic.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_syncobj.h>
#include <drm/ember_drm.h>

#include "ember_file.h"
#include "ember_mmu.h"
#include "ember_uobj.h"
#include "ember_vm_bind.h"

/**
 * DOC: VM_BIND
 *
 * DRM_IOCTL_EMBER_VM_BIND runs in four steps, so that nothing is applied
 * unless every operation is valid and everything it needs is allocated:
 *
 * 1. Copy the operations and sync ops, check every operation (flags,
 *    alignment, ranges) and look up every BO.
 * 2. Synchronous: wait for the queued binds it depends on (below).
 *    Asynchronous: look up the fences to wait for and the syncobjs to
 *    signal (with their timeline chain nodes).
 * 3. Prepare every operation (ember_vm_op_prepare_map(): pin pages,
 *    reserve page tables and mappings).
 * 4. Synchronous: apply, invalidate the TLB, release what was unmapped,
 *    return. Asynchronous: publish the bind's fence to the signal syncobjs
 *    and queue the bind.
 *
 * Asynchronous binds: each VM has an ordered workqueue; a queued bind
 * waits there for its wait fences, applies its operations in the
 * fence-signalling path (they allocate nothing), signals its fence, then
 * releases what it unmapped (which takes dma-resv locks, so after the
 * signal). Binds of one VM therefore run in submission order, and those of
 * different VMs (of the same file or not) never wait for each other. A
 * queued bind holds no reference to its VM: the VM's release waits for
 * the workqueue.
 *
 * Synchronous binds are ordered after the earlier asynchronous binds of
 * the VM only where they overlap: from queueing until its fence has
 * signalled, a bind's VA ranges are in &ember_vm.bind.pending, and a
 * synchronous bind waits for the fence of the last queued bind with a
 * range that intersects one of its own (the VM's bind fences signal in
 * order, so the earlier ones are done too). Operations on disjoint ranges
 * commute (drm_gpuvm splits a mapping they share the same either way,
 * and each operation reserved its own page tables), so the result is that
 * of applying the calls in call order. The wait is interruptible: a
 * signal ends it with -ERESTARTSYS before anything was prepared or
 * applied, and the ioctl is restarted (or fails with -EINTR). A bind
 * queued while a synchronous bind runs is concurrent with it, in no
 * particular order.
 *
 * Cancellation: when the VM's last user goes (VM_DESTROY or close of the
 * file, with no context or job left in it), nothing can use its mappings
 * any more, so ember_vm_bind_fini() signals &ember_vm.bind.cancel: queued
 * binds stop waiting for their wait fences, apply nothing and signal their
 * fence with -ECANCELED. Their fences, which syncobjs and sync_files may
 * keep, carry their own lock (&struct ember_vm_bind_fence) and so outlive
 * the VM. The bind being applied at that moment completes, so the release
 * waits at most for it, never for a fence.
 */

/**
 * struct ember_vm_bind_signal - A syncobj an asynchronous bind signals.
 */
struct ember_vm_bind_signal {
	/** @syncobj: The syncobj, with a reference. */
	struct drm_syncobj *syncobj;

	/** @chain: The timeline node for @point; NULL for a binary syncobj. */
	struct dma_fence_chain *chain;

	/** @point: The timeline point. */
	u64 point;
};

/**
 * struct ember_vm_bind_fence - The fence of an asynchronous bind.
 *
 * It carries its own lock: syncobjs and sync_files may keep the fence,
 * and use its lock, long after the VM is gone.
 */
struct ember_vm_bind_fence {
	/** @base: The fence; first, for dma_fence_free(). */
	struct dma_fence base;

	/** @lock: The fence's lock. */
	spinlock_t lock;
};

struct ember_vm_bind_job;

/**
 * struct ember_vm_bind_range - The VA range of a queued bind's operation,
 * in &ember_vm.bind.pending.
 */
struct ember_vm_bind_range {
	/** @rb: Node in &ember_vm.bind.pending. */
	struct rb_node rb;

	/** @start: First byte of the range. */
	u64 start;

	/** @last: Last byte of the range (inclusive). */
	u64 last;

	/** @subtree_last: Largest @last of the subtree, for the tree. */
	u64 subtree_last;

	/** @job: The queued bind. */
	struct ember_vm_bind_job *job;
};

#define EMBER_VM_BIND_RANGE_START(range) ((range)->start)
#define EMBER_VM_BIND_RANGE_LAST(range) ((range)->last)

INTERVAL_TREE_DEFINE(struct ember_vm_bind_range, rb, u64, subtree_last,
		     EMBER_VM_BIND_RANGE_START, EMBER_VM_BIND_RANGE_LAST, static,
		     ember_vm_bind_range)

/**
 * struct ember_vm_bind_job - One VM_BIND call's operations.
 */
struct ember_vm_bind_job {
	/** @work: Runs the bind on &ember_vm.bind.wq (asynchronous). */
	struct work_struct work;

	/** @vm: The VM; outlives the job (see DOC: VM_BIND). */
	struct ember_vm *vm;

	/** @done: The bind's fence (asynchronous), with a reference. */
	struct dma_fence *done;

	/** @waits: Fences to wait for before applying (asynchronous). */
	struct dma_fence **waits;

	/** @wait_count: Number of @waits. */
	u32 wait_count;

	/**
	 * @ranges: The VA ranges of @ops, in &ember_vm.bind.pending while
	 * the bind is queued (asynchronous; one per operation).
	 */
	struct ember_vm_bind_range *ranges;

	/** @op_count: Number of @ops. */
	u32 op_count;

	/** @prepared: Number of @ops prepared so far (need cleanup). */
	u32 prepared;

	/** @ops: The operations. */
	struct ember_vm_op_ctx ops[] __counted_by(op_count);
};

static const char *ember_vm_bind_fence_driver_name(struct dma_fence *fence)
{
	return "ember";
}

static const char *ember_vm_bind_fence_timeline_name(struct dma_fence *fence)
{
	return "vm-bind";
}

static const struct dma_fence_ops ember_vm_bind_fence_ops = {
	.get_driver_name = ember_vm_bind_fence_driver_name,
	.get_timeline_name = ember_vm_bind_fence_timeline_name,
};

static struct ember_vm_bind_fence *ember_vm_bind_fence_alloc(void)
{
	struct ember_vm_bind_fence *fence;

	fence = kzalloc(sizeof(*fence), GFP_KERNEL);
	if (fence)
		spin_lock_init(&fence->lock);
	return fence;
}

/**
 * ember_vm_bind_init() - Set up a new VM's asynchronous binds.
 * @vm: The VM.
 *
 * Return: 0 or -ENOMEM.
 */
int ember_vm_bind_init(struct ember_vm *vm)
{
	struct ember_vm_bind_fence *cancel = ember_vm_bind_fence_alloc();

	if (!cancel)
		return -ENOMEM;
	dma_fence_init(&cancel->base, &ember_vm_bind_fence_ops, &cancel->lock,
		       dma_fence_context_alloc(1), 1);
	vm->bind.cancel = &cancel->base;

	vm->bind.wq = alloc_ordered_workqueue("ember-vm-bind", 0);
	if (!vm->bind.wq) {
		dma_fence_put(vm->bind.cancel);
		return -ENOMEM;
	}

	vm->bind.fence_context = dma_fence_context_alloc(1);
	mutex_init(&vm->bind.lock);
	vm->bind.pending = RB_ROOT_CACHED;
	return 0;
}

/**
 * ember_vm_bind_fini() - Cancel a VM's queued binds and stop queueing.
 * @vm: The VM, with no user left.
 *
 * See DOC: VM_BIND. Waits only for the bind being applied, if any.
 */
void ember_vm_bind_fini(struct ember_vm *vm)
{
	dma_fence_signal(vm->bind.cancel);
	destroy_workqueue(vm->bind.wq);
	dma_fence_put(vm->bind.cancel);
	WARN_ON(!RB_EMPTY_ROOT(&vm->bind.pending.rb_root));
	mutex_destroy(&vm->bind.lock);
}

static void ember_vm_bind_job_free(struct ember_vm_bind_job *job)
{
	u32 i;

	for (i = 0; i < job->prepared; i++)
		ember_vm_op_cleanup(job->vm, &job->ops[i]);
	for (i = 0; i < job->wait_count; i++)
		dma_fence_put(job->waits[i]);
	kvfree(job->waits);
	kvfree(job->ranges);
	dma_fence_put(job->done);
	kvfree(job);
}

/*
 * Wait for the bind's wait fences, or for the VM's release.
 *
 * Return: false if the bind is cancelled.
 */
static bool ember_vm_bind_wait_deps(struct ember_vm_bind_job *job)
{
	struct dma_fence *fences[2] = { NULL, job->vm->bind.cancel };
	u32 i;

	/* A failed dependency does not cancel the bind (Vulkan semantics). */
	for (i = 0; i < job->wait_count; i++) {
		fences[0] = job->waits[i];
		dma_fence_wait_any_timeout(fences, ARRAY_SIZE(fences), false,
					   MAX_SCHEDULE_TIMEOUT, NULL);
		if (dma_fence_is_signaled(job->vm->bind.cancel))
			return false;
	}
	return !dma_fence_is_signaled(job->vm->bind.cancel);
}

static void ember_vm_bind_work(struct work_struct *work)
{
	struct ember_vm_bind_job *job =
		container_of(work, struct ember_vm_bind_job, work);
	struct ember_vm *vm = job->vm;
	bool cookie;
	u32 i;

	if (ember_vm_bind_wait_deps(job)) {
		cookie = dma_fence_begin_signalling();
		ember_vm_op_exec(vm, job->ops, job->op_count);
		dma_fence_signal(job->done);
		dma_fence_end_signalling(cookie);
	} else {
		dma_fence_set_error(job->done, -ECANCELED);
		dma_fence_signal(job->done);
	}

	/* Signalled: a synchronous bind needs to wait for it no longer. */
	mutex_lock(&vm->bind.lock);
	for (i = 0; i < job->op_count; i++)
		ember_vm_bind_range_remove(&job->ranges[i], &vm->bind.pending);
	mutex_unlock(&vm->bind.lock);

	ember_vm_bind_job_free(job);
}

/*
 * The fence of the last queued bind of @vm that overlaps one of @ops, with
 * a reference, or NULL if there is none.
 */
static struct dma_fence *
ember_vm_bind_last_overlap(struct ember_vm *vm,
			   const struct drm_ember_vm_bind_op *ops, u32 count)
{
	struct ember_vm_bind_range *range;
	struct dma_fence *last = NULL;
	u32 i;

	mutex_lock(&vm->bind.lock);
	for (i = 0; i < count; i++) {
		u64 first = ops[i].va, end = ops[i].va + ops[i].size - 1;

		for (range = ember_vm_bind_range_iter_first(&vm->bind.pending,
							    first, end);
		     range;
		     range = ember_vm_bind_range_iter_next(range, first, end)) {
			if (!last || range->job->done->seqno > last->seqno)
				last = range->job->done;
		}
		/* Up to 1024 operations, each against every queued range. */
		cond_resched();
	}
	dma_fence_get(last);
	mutex_unlock(&vm->bind.lock);
	return last;
}

/*
 * Order a synchronous bind after the queued binds it overlaps (see DOC:
 * VM_BIND).
 *
 * Return: 0, or -ERESTARTSYS if a signal interrupted the wait.
 */
static int ember_vm_bind_wait_overlaps(struct ember_vm *vm,
				       const struct drm_ember_vm_bind_op *ops,
				       u32 count)
{
	struct dma_fence *last = ember_vm_bind_last_overlap(vm, ops, count);
	long ret;

	if (!last)
		return 0;

	ret = dma_fence_wait(last, true);
	dma_fence_put(last);
	return ret < 0 ? ret : 0;
}

static int ember_vm_bind_check_ops(struct drm_file *file,
				   const struct drm_ember_vm_bind_op *args,
				   u32 count, struct drm_gem_object **objs)
{
	u32 i;

	for (i = 0; i < count; i++) {
		if (!ember_vm_bind_op_valid(&args[i]))
			return -EINVAL;

		if ((args[i].flags & DRM_EMBER_VM_BIND_OP_TYPE_MASK) !=
		    DRM_EMBER_VM_BIND_OP_TYPE_MAP)
			continue;

		objs[i] = drm_gem_object_lookup(file, args[i].bo_handle);
		if (!objs[i])
			return -ENOENT;
		if (!ember_vm_bind_bo_range_valid(&args[i], objs[i]->size))
			return -EINVAL;
	}
	return 0;
}

static int ember_vm_bind_signal_prepare(struct drm_file *file,
					const struct drm_ember_sync_op *sync,
					struct ember_vm_bind_signal *signal)
{
	struct dma_fence *last;

	signal->syncobj = drm_syncobj_find(file, sync->handle);
	if (!signal->syncobj)
		return -ENOENT;

	if ((sync->flags & DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK) !=
	    DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ)
		return 0;

	/* A timeline only moves forward. */
	last = drm_syncobj_fence_get(signal->syncobj);
	if (last && to_dma_fence_chain(last) && last->seqno >= sync->timeline_value) {
		dma_fence_put(last);
		return -EINVAL;
	}
	dma_fence_put(last);

	signal->point = sync->timeline_value;
	signal->chain = dma_fence_chain_alloc();
	return signal->chain ? 0 : -ENOMEM;
}

/*
 * Sort the sync ops of an asynchronous bind into the fences it waits for
 * and the syncobjs it signals, checking each.
 */
static int ember_vm_bind_collect_syncs(struct drm_file *file,
				       struct ember_vm_bind_job *job,
				       const struct drm_ember_sync_op *syncs,
				       u32 count,
				       struct ember_vm_bind_signal *signals,
				       u32 *signal_count)
{
	u32 i;
	int ret;

	if (count) {
		job->waits = kvcalloc(count, sizeof(*job->waits), GFP_KERNEL);
		if (!job->waits)
			return -ENOMEM;
	}

	for (i = 0; i < count; i++) {
		ret = ember_uobj_sync_op_check(&syncs[i]);
		if (ret)
			return ret;

		if (syncs[i].flags & DRM_EMBER_SYNC_OP_SIGNAL) {
			ret = ember_vm_bind_signal_prepare(file, &syncs[i],
							   &signals[(*signal_count)++]);
		} else {
			/* -ENOENT, or -EINVAL when there is nothing to wait for yet. */
			ret = drm_syncobj_find_fence(file, syncs[i].handle,
						     syncs[i].timeline_value, 0,
						     &job->waits[job->wait_count]);
			if (!ret)
				job->wait_count++;
		}
		if (ret)
			return ret;
	}
	return 0;
}

static void ember_vm_bind_signals_release(struct ember_vm_bind_signal *signals,
					  u32 count)
{
	u32 i;

	for (i = 0; i < count; i++) {
		dma_fence_chain_free(signals[i].chain);
		if (signals[i].syncobj)
			drm_syncobj_put(signals[i].syncobj);
	}
}

static void ember_vm_bind_publish(struct dma_fence *done,
				  struct ember_vm_bind_signal *signals, u32 count)
{
	u32 i;

	for (i = 0; i < count; i++) {
		if (signals[i].chain) {
			drm_syncobj_add_point(signals[i].syncobj, signals[i].chain,
					      done, signals[i].point);
			/* The syncobj owns the node now. */
			signals[i].chain = NULL;
		} else {
			drm_syncobj_replace_fence(signals[i].syncobj, done);
		}
	}
}

static int ember_vm_bind_queue(struct ember_vm *vm, struct ember_vm_bind_job *job,
			       struct ember_vm_bind_signal *signals,
			       u32 signal_count)
{
	struct ember_vm_bind_fence *fence;
	struct dma_fence *done;
	u32 i;

	job->ranges = kvcalloc(job->op_count, sizeof(*job->ranges),
			       GFP_KERNEL_ACCOUNT);
	if (!job->ranges)
		return -ENOMEM;
	fence = ember_vm_bind_fence_alloc();
	if (!fence)
		return -ENOMEM;
	for (i = 0; i < job->op_count; i++) {
		job->ranges[i].start = job->ops[i].va;
		job->ranges[i].last = job->ops[i].va + job->ops[i].size - 1;
		job->ranges[i].job = job;
	}

	/* Nothing can fail after this point. */
	mutex_lock(&vm->bind.lock);
	dma_fence_init(&fence->base, &ember_vm_bind_fence_ops, &fence->lock,
		       vm->bind.fence_context, ++vm->bind.fence_seqno);
	job->done = &fence->base;
	/* The job may be done and freed before the syncobjs get the fence. */
	done = dma_fence_get(job->done);
	for (i = 0; i < job->op_count; i++)
		ember_vm_bind_range_insert(&job->ranges[i], &vm->bind.pending);
	INIT_WORK(&job->work, ember_vm_bind_work);
	queue_work(vm->bind.wq, &job->work);
	mutex_unlock(&vm->bind.lock);

	ember_vm_bind_publish(done, signals, signal_count);
	dma_fence_put(done);
	return 0;
}

static int ember_vm_bind_prepare_ops(struct ember_vm_bind_job *job,
				     const struct drm_ember_vm_bind_op *args,
				     struct drm_gem_object **objs)
{
	int ret;

	for (job->prepared = 0; job->prepared < job->op_count;) {
		struct ember_vm_op_ctx *op = &job->ops[job->prepared];
		const struct drm_ember_vm_bind_op *arg = &args[job->prepared];

		/* Counted first: a half-prepared operation needs cleanup too. */
		job->prepared++;
		if (objs[job->prepared - 1])
			ret = ember_vm_op_prepare_map(job->vm, op,
						      objs[job->prepared - 1], arg);
		else
			ret = ember_vm_op_prepare_unmap(job->vm, op, arg);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * ember_ioctl_vm_bind() - DRM_IOCTL_EMBER_VM_BIND.
 * @ddev: The DRM device.
 * @data: struct drm_ember_vm_bind.
 * @file: The calling file.
 *
 * Return: 0 or a negative error code, see the uAPI.
 */
int ember_ioctl_vm_bind(struct drm_device *ddev, void *data,
			struct drm_file *file)
{
	struct ember_vm_bind_signal *signals = NULL;
	struct drm_ember_vm_bind *args = data;
	struct drm_ember_vm_bind_op *op_args;
	struct drm_ember_sync_op *sync_args;
	struct drm_gem_object **objs = NULL;
	struct ember_vm_bind_job *job = NULL;
	bool async = args->flags & DRM_EMBER_VM_BIND_ASYNC;
	u32 signal_count = 0, i;
	struct ember_vm *vm;
	int ret;

	if ((args->flags & ~DRM_EMBER_VM_BIND_ASYNC) ||
	    (!async && args->syncs.count))
		return -EINVAL;

	vm = ember_vm_lookup(file->driver_priv, args->vm_id);
	if (!vm)
		return -ENOENT;

	op_args = ember_uobj_array_copy(&args->ops, EMBER_VM_BIND_MAX_OPS,
					sizeof(*op_args), sizeof(*op_args));
	if (IS_ERR(op_args)) {
		ret = PTR_ERR(op_args);
		goto out_put_vm;
	}

	sync_args = ember_uobj_array_copy(&args->syncs, EMBER_VM_BIND_MAX_SYNCS,
					  sizeof(*sync_args), sizeof(*sync_args));
	if (IS_ERR(sync_args)) {
		ret = PTR_ERR(sync_args);
		goto out_free_op_args;
	}

	job = kvzalloc(struct_size(job, ops, args->ops.count), GFP_KERNEL_ACCOUNT);
	objs = kvcalloc(args->ops.count, sizeof(*objs), GFP_KERNEL);
	signals = kvcalloc(args->syncs.count, sizeof(*signals), GFP_KERNEL);
	if (!job || !objs || (args->syncs.count && !signals)) {
		ret = -ENOMEM;
		goto out_free;
	}
	job->vm = vm;
	job->op_count = args->ops.count;

	ret = ember_vm_bind_check_ops(file, op_args, job->op_count, objs);
	if (ret)
		goto out_free;

	if (!async) {
		ret = ember_vm_bind_wait_overlaps(vm, op_args, job->op_count);
		if (ret)
			goto out_free;
	}

	ret = ember_vm_bind_collect_syncs(file, job, sync_args, args->syncs.count,
					  signals, &signal_count);
	if (ret)
		goto out_free;

	ret = ember_vm_bind_prepare_ops(job, op_args, objs);
	if (ret)
		goto out_free;

	if (async) {
		ret = ember_vm_bind_queue(vm, job, signals, signal_count);
		if (!ret)
			job = NULL;
		goto out_free;
	}

	ember_vm_op_exec(vm, job->ops, job->op_count);

out_free:
	if (job)
		ember_vm_bind_job_free(job);
	ember_vm_bind_signals_release(signals, signal_count);
	kvfree(signals);
	for (i = 0; objs && i < args->ops.count; i++)
		drm_gem_object_put(objs[i]);
	kvfree(objs);
	kvfree(sync_args);
out_free_op_args:
	kvfree(op_args);
out_put_vm:
	ember_vm_put(vm);
	return ret;
}
