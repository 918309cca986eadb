// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/slab.h>
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
 * 2. For an asynchronous bind, look up the fences to wait for and the
 *    syncobjs to signal (with their timeline chain nodes).
 * 3. Prepare every operation (ember_vm_op_prepare_map(): pin pages,
 *    reserve page tables and mappings).
 * 4. Synchronous: wait for the VM's queued binds, apply, invalidate the
 *    TLB, release what was unmapped, return. Asynchronous: publish the
 *    bind's fence to the signal syncobjs and queue the bind.
 *
 * Asynchronous binds: each VM has an ordered workqueue; a queued bind
 * waits there for its wait fences, applies its operations in the
 * fence-signalling path (they allocate nothing), signals its fence, then
 * releases what it unmapped (which takes dma-resv locks, so after the
 * signal). Binds of one VM therefore run in submission order, and a
 * synchronous bind first waits for the queued ones, so VM_BIND calls
 * apply in call order. A queued bind holds no reference to its VM: the
 * VM's release drains the workqueue first.
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

/**
 * ember_vm_bind_init() - Set up a new VM's asynchronous binds.
 * @vm: The VM.
 *
 * Return: 0 or -ENOMEM.
 */
int ember_vm_bind_init(struct ember_vm *vm)
{
	vm->bind.wq = alloc_ordered_workqueue("ember-vm-bind", 0);
	if (!vm->bind.wq)
		return -ENOMEM;

	vm->bind.fence_context = dma_fence_context_alloc(1);
	spin_lock_init(&vm->bind.fence_lock);
	return 0;
}

/**
 * ember_vm_bind_fini() - Wait for a VM's queued binds and stop queueing.
 * @vm: The VM, with no user left.
 */
void ember_vm_bind_fini(struct ember_vm *vm)
{
	destroy_workqueue(vm->bind.wq);
}

static void ember_vm_bind_job_free(struct ember_vm_bind_job *job)
{
	u32 i;

	for (i = 0; i < job->prepared; i++)
		ember_vm_op_cleanup(job->vm, &job->ops[i]);
	for (i = 0; i < job->wait_count; i++)
		dma_fence_put(job->waits[i]);
	kvfree(job->waits);
	dma_fence_put(job->done);
	kvfree(job);
}

static void ember_vm_bind_work(struct work_struct *work)
{
	struct ember_vm_bind_job *job =
		container_of(work, struct ember_vm_bind_job, work);
	bool cookie;
	u32 i;

	/* A failed dependency does not cancel the bind (Vulkan semantics). */
	for (i = 0; i < job->wait_count; i++)
		dma_fence_wait(job->waits[i], false);

	cookie = dma_fence_begin_signalling();
	ember_vm_op_exec(job->vm, job->ops, job->op_count);
	dma_fence_signal(job->done);
	dma_fence_end_signalling(cookie);

	ember_vm_bind_job_free(job);
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

	fence = kzalloc(sizeof(*fence), GFP_KERNEL);
	if (!fence)
		return -ENOMEM;
	spin_lock_init(&fence->lock);

	/* Nothing can fail after this point. */
	spin_lock(&vm->bind.fence_lock);
	dma_fence_init(&fence->base, &ember_vm_bind_fence_ops, &fence->lock,
		       vm->bind.fence_context, ++vm->bind.fence_seqno);
	job->done = &fence->base;
	/* The job may be done and freed before the syncobjs get the fence. */
	done = dma_fence_get(job->done);
	INIT_WORK(&job->work, ember_vm_bind_work);
	queue_work(vm->bind.wq, &job->work);
	spin_unlock(&vm->bind.fence_lock);

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

	/* Behind the binds already queued, so that calls apply in order. */
	flush_workqueue(vm->bind.wq);
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
