// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <linux/dma-fence-chain.h>
#include <linux/dma-fence.h>
#include <linux/dma-resv.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_syncobj.h>
#include <drm/ember_drm.h>

#include "ember_ctx.h"
#include "ember_device.h"
#include "ember_file.h"
#include "ember_job.h"
#include "ember_uobj.h"
#include "ember_mmu.h"

/**
 * DOC: Job submission
 *
 * DRM_IOCTL_EMBER_SUBMIT queues an array of jobs on the queues of one
 * context, all or nothing. In order:
 *
 * 1. Copy and check every job and sync op, into the call's state (struct
 *    ember_submit): a bad argument costs no more than that.
 * 2. Create the jobs (drm_sched_job_init()), with their hardware fences.
 * 3. Collect the signal operations: find each syncobj, check each
 *    timeline point is new, preallocate its dma_fence_chain.
 * 4. Resolve the wait operations into scheduler dependencies. A wait for
 *    a syncobj that an earlier job of the same call signals (a timeline
 *    point at or below the one that job signals, when the syncobj has not
 *    reached it yet) waits for that job instead; it is resolved once that
 *    job is armed.
 * 5. Lock the VM's reservation object and those of its external BOs
 *    (drm_exec), reserve a fence slot per job, and add the implicit
 *    dependencies: kernel fences (moves, binds) of every BO, and, unless
 *    the call is DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC, every fence of a BO
 *    shared through dma-buf (see Implicit and explicit sync below).
 * 6. Arm the jobs in order, adding the same-call dependencies.
 * 7. Nothing can fail after this point: add each job's finished fence to
 *    the reservation objects, push the jobs, give the CPU to the rings'
 *    workers (which write the jobs to the rings, see DOC: Scheduler in
 *    ember_sched.c), and publish the fences to the signal syncobjs
 *    (timeline points through dma_fence_chain).
 *
 * A wait for a binary syncobj without a fence, or a timeline point not
 * yet submitted, fails with -EINVAL: the kernel does not wait for
 * submission (see struct drm_ember_sync_op).
 *
 * Implicit and explicit sync: a job's finished fence always goes into
 * the reservation object of every BO of its VM, so that nothing frees or
 * moves memory a job may still use. VM-private BOs (and the VM's own
 * reservation object, which exclusive BOs share) get it as
 * DMA_RESV_USAGE_BOOKKEEP. External BOs get it as DMA_RESV_USAGE_WRITE
 * (a job may write any BO it can reach) and a job waits for every fence
 * of a BO shared through dma-buf (DMA_RESV_USAGE_READ, i.e. readers and
 * writers): implicit sync, what dma-buf consumers that know nothing of
 * syncobjs rely on. Its cost is that once one BO of a VM is exported,
 * every job of every queue of the VM waits for every other job touching
 * it: the queues are serialised. A DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC call
 * opts out, as panthor (always), xe and msm (MSM_SUBMIT_NO_IMPLICIT) do:
 * its jobs wait only for the kernel's fences (DMA_RESV_USAGE_KERNEL) and
 * add their fences to external BOs as DMA_RESV_USAGE_BOOKKEEP, which
 * eviction and teardown see but implicit-sync users (another driver's
 * job, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, poll() on the dma-buf) do not.
 * Userspace then publishes the fence itself where a consumer needs it,
 * with DMA_BUF_IOCTL_IMPORT_SYNC_FILE (see the uAPI's DOC: Implicit and
 * explicit synchronisation). The choice is per call rather than per
 * context, like msm's: it costs no context state, and a driver may still
 * submit the odd job implicitly (a GL-style present) on a context whose
 * other jobs are explicit.
 */

/* Objects drm_exec has room for before it grows: the VM and 15 external BOs. */
#define EMBER_SUBMIT_EXEC_OBJECTS	16

/**
 * struct ember_submit_signal - One syncobj (point) a submission signals.
 */
struct ember_submit_signal {
	/** @handle: The syncobj handle. */
	u32 handle;

	/** @point: The timeline point, 0 for a binary syncobj. */
	u64 point;

	/** @syncobj: The syncobj, referenced. */
	struct drm_syncobj *syncobj;

	/** @chain: Preallocated chain node of a timeline point. */
	struct dma_fence_chain *chain;

	/** @fence: Finished fence of the last job signalling it, referenced. */
	struct dma_fence *fence;
};

/**
 * struct ember_submit_sync - One sync op of a job.
 */
struct ember_submit_sync {
	/** @op: The sync op as userspace passed it. */
	struct drm_ember_sync_op op;

	/**
	 * @deferred: For a wait, the index + 1 of the signal entry of an
	 * earlier job of the call it waits for, 0 if none.
	 */
	u16 deferred;
};

/**
 * struct ember_submit_job - One job of a SUBMIT call.
 */
struct ember_submit_job {
	/** @ujob: The job as userspace passed it. */
	struct drm_ember_job ujob;

	/** @syncs: Its @ujob.syncs.count sync ops, in &ember_submit.syncs. */
	struct ember_submit_sync *syncs;

	/** @job: The job; NULL once pushed (the scheduler owns it). */
	struct ember_job *job;
};

/*
 * Sync ops (and signal entries) one SUBMIT keeps inside its own state; a
 * call with more allocates them. Most calls have one to three.
 */
#define EMBER_SUBMIT_INLINE_SYNCS	4

/**
 * struct ember_submit - State of one SUBMIT call.
 *
 * One allocation for the state and the jobs, a second one only for a call
 * with more than EMBER_SUBMIT_INLINE_SYNCS sync ops in all: the fewer
 * allocations, the shorter the submit-to-signal path.
 */
struct ember_submit {
	/** @file: The calling file. */
	struct drm_file *file;

	/** @ctx: The context. */
	struct ember_ctx *ctx;

	/** @count: Number of jobs. */
	u32 count;

	/**
	 * @implicit_sync: The jobs wait for the fences of shared BOs and
	 * publish theirs as WRITE on external BOs (no
	 * DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC).
	 */
	bool implicit_sync;

	/** @sync_count: Number of sync ops of all jobs. */
	u32 sync_count;

	/** @syncs: The sync ops of all jobs, job after job. */
	struct ember_submit_sync *syncs;

	/** @signals: The signal operations, one per syncobj (point). */
	struct ember_submit_signal *signals;

	/** @signal_count: Entries of @signals in use. */
	u32 signal_count;

	/** @sync_storage: @syncs and @signals if not inline, else NULL. */
	void *sync_storage;

	/** @inline_syncs: @syncs of a call with few sync ops. */
	struct ember_submit_sync inline_syncs[EMBER_SUBMIT_INLINE_SYNCS];

	/** @inline_signals: @signals of a call with few sync ops. */
	struct ember_submit_signal inline_signals[EMBER_SUBMIT_INLINE_SYNCS];

	/** @jobs: The jobs, @count of them. */
	struct ember_submit_job jobs[] __counted_by(count);
};

static u32 ember_sync_op_type(const struct drm_ember_sync_op *op)
{
	return op->flags & DRM_EMBER_SYNC_OP_HANDLE_TYPE_MASK;
}

static bool ember_sync_op_is_signal(const struct drm_ember_sync_op *op)
{
	return op->flags & DRM_EMBER_SYNC_OP_SIGNAL;
}

/* Where the sync ops and signal entries of @submit go: inline or one allocation. */
static int ember_submit_alloc_syncs(struct ember_submit *submit)
{
	size_t syncs_size;

	if (submit->sync_count <= EMBER_SUBMIT_INLINE_SYNCS) {
		submit->syncs = submit->inline_syncs;
		submit->signals = submit->inline_signals;
		return 0;
	}

	/* At most EMBER_SUBMIT_MAX_JOBS * EMBER_JOB_MAX_SYNCS entries each. */
	syncs_size = ALIGN(array_size(submit->sync_count, sizeof(*submit->syncs)),
			   __alignof__(struct ember_submit_signal));
	submit->sync_storage = kvzalloc(syncs_size +
					array_size(submit->sync_count,
						   sizeof(*submit->signals)),
					GFP_KERNEL);
	if (!submit->sync_storage)
		return -ENOMEM;
	submit->syncs = submit->sync_storage;
	submit->signals = submit->sync_storage + syncs_size;
	return 0;
}

static int ember_submit_copy_jobs(struct ember_submit *submit,
				  const struct drm_ember_submit *args)
{
	struct ember_device *edev = submit->ctx->edev;
	struct ember_submit_sync *syncs;
	u32 i, s, first;
	int ret;

	ret = ember_uobj_array_copy_to(&submit->jobs[0].ujob, sizeof(submit->jobs[0]),
				       &args->jobs, sizeof(struct drm_ember_job));
	if (ret)
		return ret;

	for (i = 0; i < submit->count; i++) {
		const struct drm_ember_job *ujob = &submit->jobs[i].ujob;

		if (ujob->queue_index >= submit->ctx->num_queues ||
		    ujob->ib_size % 4 || ujob->ib_va % 4 ||
		    ujob->ib_size > edev->gpu_info.max_ib_size)
			return -EINVAL;
		ret = ember_uobj_array_check(&ujob->syncs, EMBER_JOB_MAX_SYNCS,
					     sizeof(struct drm_ember_sync_op));
		if (ret)
			return ret;
		submit->sync_count += ujob->syncs.count;
	}

	ret = ember_submit_alloc_syncs(submit);
	if (ret)
		return ret;

	for (i = 0, first = 0; i < submit->count; i++) {
		const struct drm_ember_obj_array *usyncs = &submit->jobs[i].ujob.syncs;

		syncs = &submit->syncs[first];
		submit->jobs[i].syncs = syncs;
		first += usyncs->count;

		ret = ember_uobj_array_copy_to(&syncs[0].op, sizeof(syncs[0]), usyncs,
					       sizeof(struct drm_ember_sync_op));
		if (ret)
			return ret;
		for (s = 0; s < usyncs->count; s++) {
			ret = ember_uobj_sync_op_check(&syncs[s].op);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int ember_submit_create_jobs(struct ember_submit *submit)
{
	u32 i;
	int ret;

	for (i = 0; i < submit->count; i++) {
		const struct drm_ember_job *ujob = &submit->jobs[i].ujob;
		struct ember_ctx *ctx = submit->ctx;
		struct ember_job *job;

		job = kzalloc(sizeof(*job), GFP_KERNEL);
		if (!job)
			return -ENOMEM;

		ret = drm_sched_job_init(&job->base, &ctx->queues[ujob->queue_index].entity,
					 1, submit->file);
		if (ret) {
			kfree(job);
			return ret;
		}

		job->ctx = ember_ctx_get(ctx);
		job->vm = ember_vm_get(ctx->vm);
		job->queue_index = ujob->queue_index;
		job->ib_size = ujob->ib_size;
		job->ib_va = ujob->ib_va;
		INIT_LIST_HEAD(&job->ring_link);
		submit->jobs[i].job = job;
	}
	return 0;
}

/**
 * ember_job_free() - Free a job.
 * @job: The job, cleaned up by drm_sched_job_cleanup().
 *
 * Drops the job's references; its memory goes now if it never ran, else
 * with the last reference to its hardware fence.
 */
void ember_job_free(struct ember_job *job)
{
	/*
	 * The context first: its own VM reference is then never the last.
	 * This runs on the ring's scheduler workqueue (free_job), so the VM
	 * must not be released here, see ember_vm_put_deferred().
	 */
	ember_ctx_put(job->ctx);
	ember_vm_put_deferred(job->vm);

	/* A job that never ran has a fence that was never initialised. */
	if (job->hw_fence.ops)
		dma_fence_put(&job->hw_fence);
	else
		kfree(job);
}

static struct ember_submit_signal *
ember_submit_find_signal(struct ember_submit *submit, u32 handle, u64 point)
{
	u32 i;

	for (i = 0; i < submit->signal_count; i++) {
		if (submit->signals[i].handle == handle && submit->signals[i].point == point)
			return &submit->signals[i];
	}
	return NULL;
}

/* The last point of @syncobj, or of earlier signal operations of this call. */
static u64 ember_submit_last_point(struct ember_submit *submit, u32 handle,
				   struct drm_syncobj *syncobj)
{
	struct dma_fence *fence = drm_syncobj_fence_get(syncobj);
	u64 last = 0;
	u32 i;

	if (fence && to_dma_fence_chain(fence))
		last = fence->seqno;
	dma_fence_put(fence);

	for (i = 0; i < submit->signal_count; i++) {
		if (submit->signals[i].handle == handle)
			last = max(last, submit->signals[i].point);
	}
	return last;
}

/*
 * Whether timeline syncobj @handle already has a point at or above @point,
 * from before this call (its signal operations are not published yet).
 */
static bool ember_submit_syncobj_reached(struct ember_submit *submit, u32 handle, u64 point)
{
	struct drm_syncobj *syncobj = drm_syncobj_find(submit->file, handle);
	struct dma_fence *fence;
	bool reached = false;

	if (!syncobj)
		return false;
	fence = drm_syncobj_fence_get(syncobj);
	if (fence && to_dma_fence_chain(fence))
		reached = fence->seqno >= point;
	dma_fence_put(fence);
	drm_syncobj_put(syncobj);
	return reached;
}

static int ember_submit_add_signal(struct ember_submit *submit,
				   const struct drm_ember_sync_op *op)
{
	bool timeline = ember_sync_op_type(op) == DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ;
	struct ember_submit_signal *sig;
	struct drm_syncobj *syncobj;

	if (!timeline && ember_submit_find_signal(submit, op->handle, 0))
		return 0;

	syncobj = drm_syncobj_find(submit->file, op->handle);
	if (!syncobj)
		return -ENOENT;

	sig = &submit->signals[submit->signal_count];
	sig->handle = op->handle;
	sig->syncobj = syncobj;
	submit->signal_count++;

	if (timeline) {
		if (op->timeline_value <= ember_submit_last_point(submit, op->handle, syncobj))
			return -EINVAL;
		sig->point = op->timeline_value;
		sig->chain = dma_fence_chain_alloc();
		if (!sig->chain)
			return -ENOMEM;
	}
	return 0;
}

static int ember_submit_collect_signals(struct ember_submit *submit)
{
	u32 i, s;
	int ret;

	for (i = 0; i < submit->count; i++) {
		for (s = 0; s < submit->jobs[i].ujob.syncs.count; s++) {
			const struct drm_ember_sync_op *op = &submit->jobs[i].syncs[s].op;

			if (!ember_sync_op_is_signal(op))
				continue;
			ret = ember_submit_add_signal(submit, op);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * The signal operation of an earlier job than @job_index that satisfies
 * the wait @op, as an index into &ember_submit.signals, or -1 when the
 * wait is for something outside this call. A binary wait matches an
 * earlier binary signal of its syncobj. A timeline wait for point N is
 * satisfied once the timeline reaches N: when the syncobj already has a
 * point at or above N the wait is for that; otherwise it waits for the
 * first earlier job that signals a point M >= N (the call's points only
 * grow, so that job is the one that makes the timeline reach N).
 */
static int ember_submit_earlier_signal(struct ember_submit *submit, u32 job_index,
				       const struct drm_ember_sync_op *op)
{
	bool timeline = ember_sync_op_type(op) == DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ;
	u32 i, s;

	if (timeline && ember_submit_syncobj_reached(submit, op->handle, op->timeline_value))
		return -1;

	for (i = 0; i < job_index; i++) {
		for (s = 0; s < submit->jobs[i].ujob.syncs.count; s++) {
			const struct drm_ember_sync_op *sop = &submit->jobs[i].syncs[s].op;

			if (!ember_sync_op_is_signal(sop) || sop->handle != op->handle)
				continue;
			if (timeline ? sop->timeline_value >= op->timeline_value :
				       sop->timeline_value == op->timeline_value)
				return ember_submit_find_signal(submit, sop->handle,
								sop->timeline_value) -
				       submit->signals;
		}
	}
	return -1;
}

static int ember_submit_add_waits(struct ember_submit *submit)
{
	u32 i, s;
	int ret;

	for (i = 0; i < submit->count; i++) {
		for (s = 0; s < submit->jobs[i].ujob.syncs.count; s++) {
			const struct drm_ember_sync_op *op = &submit->jobs[i].syncs[s].op;
			struct dma_fence *fence;
			int earlier;

			if (ember_sync_op_is_signal(op))
				continue;

			earlier = ember_submit_earlier_signal(submit, i, op);
			if (earlier >= 0) {
				submit->jobs[i].syncs[s].deferred = earlier + 1;
				continue;
			}

			ret = drm_syncobj_find_fence(submit->file, op->handle,
						     op->timeline_value, 0, &fence);
			if (ret)
				return ret;

			ret = drm_sched_job_add_dependency(&submit->jobs[i].job->base, fence);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * ember_job_resv_wait_usage() - Which fences of a BO's reservation a job
 * waits for.
 * @implicit_sync: The job is implicitly synchronised (its SUBMIT has no
 *	DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC).
 * @shared: The BO is shared through dma-buf (exported or imported).
 *
 * Every job waits for the kernel's own fences (moves, binds). With
 * implicit sync, a shared BO is implicitly synchronised: the job also
 * waits for every reader and writer, as it may write. A BO only this
 * device's VMs use gets no implicit synchronisation, so that the queues of
 * a context stay independent (userspace orders them with syncobjs); with
 * explicit sync no BO does.
 *
 * Return: The usage to pass to drm_sched_job_add_resv_dependencies().
 */
enum dma_resv_usage ember_job_resv_wait_usage(bool implicit_sync, bool shared)
{
	return implicit_sync && shared ? DMA_RESV_USAGE_READ : DMA_RESV_USAGE_KERNEL;
}

/**
 * ember_job_extobj_fence_usage() - How a job's finished fence goes into
 * the reservation objects of its VM's external BOs.
 * @implicit_sync: The job is implicitly synchronised.
 *
 * Return: DMA_RESV_USAGE_WRITE for an implicitly synchronised job (a job
 * may write any BO it can reach), DMA_RESV_USAGE_BOOKKEEP for an explicit
 * one: eviction and teardown wait for it, implicit-sync users do not.
 */
enum dma_resv_usage ember_job_extobj_fence_usage(bool implicit_sync)
{
	return implicit_sync ? DMA_RESV_USAGE_WRITE : DMA_RESV_USAGE_BOOKKEEP;
}

/* Whether @obj is shared through dma-buf; VM-private BOs never are. */
static bool ember_submit_bo_is_shared(struct drm_gem_object *obj, struct dma_resv *vm_resv)
{
	return obj->resv != vm_resv && (obj->dma_buf || obj->import_attach);
}

static int ember_submit_lock(struct ember_submit *submit, struct drm_exec *exec)
{
	struct ember_vm *vm = submit->ctx->vm;
	struct dma_resv *vm_resv = drm_gpuvm_resv(&vm->base);
	struct drm_gem_object *obj;
	unsigned long index;
	u32 i;
	int ret;

	drm_exec_until_all_locked(exec) {
		ret = ember_vm_lock_for_job(vm, exec);
		drm_exec_retry_on_contention(exec);
		if (ret)
			return ret;
	}

	drm_exec_for_each_locked_object(exec, index, obj) {
		enum dma_resv_usage usage;

		usage = ember_job_resv_wait_usage(submit->implicit_sync,
						  ember_submit_bo_is_shared(obj, vm_resv));

		ret = dma_resv_reserve_fences(obj->resv, submit->count);
		if (ret)
			return ret;

		for (i = 0; i < submit->count; i++) {
			ret = drm_sched_job_add_resv_dependencies(&submit->jobs[i].job->base,
								  obj->resv, usage);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int ember_submit_arm(struct ember_submit *submit)
{
	u32 i, s;
	int ret;

	for (i = 0; i < submit->count; i++) {
		struct ember_job *job = submit->jobs[i].job;
		struct dma_fence *finished;

		for (s = 0; s < submit->jobs[i].ujob.syncs.count; s++) {
			u16 earlier = submit->jobs[i].syncs[s].deferred;
			struct dma_fence *fence;

			if (!earlier)
				continue;
			fence = dma_fence_get(submit->signals[earlier - 1].fence);
			ret = drm_sched_job_add_dependency(&job->base, fence);
			if (ret)
				return ret;
		}

		drm_sched_job_arm(&job->base);
		finished = &job->base.s_fence->finished;

		for (s = 0; s < submit->jobs[i].ujob.syncs.count; s++) {
			const struct drm_ember_sync_op *op = &submit->jobs[i].syncs[s].op;
			struct ember_submit_signal *sig;

			if (!ember_sync_op_is_signal(op))
				continue;
			sig = ember_submit_find_signal(submit, op->handle, op->timeline_value);
			dma_fence_put(sig->fence);
			sig->fence = dma_fence_get(finished);
		}
	}
	return 0;
}

static void ember_submit_push(struct ember_submit *submit, struct drm_exec *exec)
{
	struct ember_vm *vm = submit->ctx->vm;
	enum dma_resv_usage extobj_usage = ember_job_extobj_fence_usage(submit->implicit_sync);
	u32 i;

	for (i = 0; i < submit->count; i++) {
		struct ember_job *job = submit->jobs[i].job;

		ember_vm_add_job_fence(vm, exec, &job->base.s_fence->finished, extobj_usage);
		drm_sched_entity_push_job(&job->base);
		submit->jobs[i].job = NULL;
	}

	/*
	 * Pushing woke the rings' high-priority workers: without kernel
	 * preemption they would only run when this call returns. Let them
	 * write the jobs to the rings now, so that the device starts while
	 * the bookkeeping below runs (the fences are referenced in @signals).
	 */
	cond_resched();

	for (i = 0; i < submit->signal_count; i++) {
		struct ember_submit_signal *sig = &submit->signals[i];

		if (sig->chain) {
			drm_syncobj_add_point(sig->syncobj, sig->chain, sig->fence, sig->point);
			sig->chain = NULL;
		} else {
			drm_syncobj_replace_fence(sig->syncobj, sig->fence);
		}
	}
}

static void ember_submit_cleanup(struct ember_submit *submit)
{
	u32 i;

	for (i = 0; i < submit->signal_count; i++) {
		struct ember_submit_signal *sig = &submit->signals[i];

		dma_fence_chain_free(sig->chain);
		dma_fence_put(sig->fence);
		drm_syncobj_put(sig->syncobj);
	}
	kvfree(submit->sync_storage);

	for (i = 0; i < submit->count; i++) {
		if (submit->jobs[i].job) {
			drm_sched_job_cleanup(&submit->jobs[i].job->base);
			ember_job_free(submit->jobs[i].job);
		}
	}
	ember_ctx_put(submit->ctx);
}

/**
 * ember_ioctl_submit() - DRM_IOCTL_EMBER_SUBMIT.
 * @ddev: The DRM device.
 * @data: struct drm_ember_submit.
 * @file: The calling file.
 *
 * See DOC: Job submission.
 *
 * Return: 0 on success, a negative error code as documented in the uAPI.
 */
int ember_ioctl_submit(struct drm_device *ddev, void *data, struct drm_file *file)
{
	struct ember_file *efile = file->driver_priv;
	struct drm_ember_submit *args = data;
	struct ember_submit *submit;
	struct drm_exec exec;
	int ret;

	if (args->flags & ~DRM_EMBER_SUBMIT_FLAGS || args->jobs.count > EMBER_SUBMIT_MAX_JOBS)
		return -EINVAL;

	submit = kzalloc(struct_size(submit, jobs, args->jobs.count), GFP_KERNEL);
	if (!submit)
		return -ENOMEM;
	submit->file = file;
	submit->count = args->jobs.count;
	submit->implicit_sync = !(args->flags & DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC);

	submit->ctx = ember_ctx_lookup(efile, args->ctx_handle);
	if (!submit->ctx) {
		kfree(submit);
		return -ENOENT;
	}

	if (ember_ctx_ban_error(submit->ctx)) {
		ret = -ECANCELED;
		goto out_cleanup;
	}

	ret = ember_uobj_array_check(&args->jobs, EMBER_SUBMIT_MAX_JOBS,
				     sizeof(struct drm_ember_job));
	if (ret || !submit->count)
		goto out_cleanup;

	ret = ember_submit_copy_jobs(submit, args);
	if (ret)
		goto out_cleanup;

	ret = ember_submit_create_jobs(submit);
	if (ret)
		goto out_cleanup;

	ret = ember_submit_collect_signals(submit);
	if (ret)
		goto out_cleanup;

	ret = ember_submit_add_waits(submit);
	if (ret)
		goto out_cleanup;

	/*
	 * Room for the VM's reservation object and a few external BOs: the
	 * default, a page, costs more to allocate than the rest of drm_exec
	 * on a small VM; drm_exec grows the array when a VM has more.
	 */
	drm_exec_init(&exec, DRM_EXEC_INTERRUPTIBLE_WAIT | DRM_EXEC_IGNORE_DUPLICATES,
		      EMBER_SUBMIT_EXEC_OBJECTS);
	ret = ember_submit_lock(submit, &exec);
	if (ret)
		goto out_exec_fini;

	ret = ember_submit_arm(submit);
	if (ret)
		goto out_exec_fini;

	/* Nothing can fail after this point. */
	ember_submit_push(submit, &exec);

out_exec_fini:
	drm_exec_fini(&exec);
out_cleanup:
	ember_submit_cleanup(submit);
	kfree(submit);
	return ret;
}
