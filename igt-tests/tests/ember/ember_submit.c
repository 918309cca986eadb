// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_EMBER_SUBMIT: jobs made of the contract's copy, fill, write and
 * timestamp packets do what they say (checked through the CPU mapping),
 * jobs of one queue run in order, queues of one context run independently
 * (a queue can wait on memory another queue writes), a submission is
 * all-or-nothing, and every invalid input gets the uAPI's errno.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define MAX_JOBS 64
#define MAX_SYNCS 64

static struct drm_ember_gpu_info info;

/* A valid one-job submission on @env, for the invalid-input subtests to break. */
static struct drm_ember_job valid_job(struct igt_ember_env *env)
{
	igt_ember_ib_reset(&env->ib);
	igt_ember_ib_nop(&env->ib, 1);
	return igt_ember_ib_job(&env->ib, 0, NULL, 0);
}

static int submit_one(struct igt_ember_env *env, struct drm_ember_job job)
{
	return __igt_ember_submit(env->fd, env->ctx, &job, 1);
}

igt_main
{
	struct igt_ember_env env;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
		igt_ember_env_init(&env, fd, info.max_queues >= 2 ? 2 : 1);
	}

	igt_describe("FILL writes its pattern over exactly its range.");
	igt_subtest("fill") {
		struct igt_ember_buf buf;
		uint32_t *p;
		unsigned int i;

		igt_ember_buf_create(&buf, &env.vm, 8 * PAGE);
		p = igt_ember_buf_u32(&buf);
		memset(p, 0xee, 8 * PAGE);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_fill(&env.ib, buf.va + 4, 4, 0x11111111);
		igt_ember_ib_fill(&env.ib, buf.va + PAGE - 8, 5 * PAGE, 0x22222222);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (i = 0; i < 8 * PAGE / 4; i++) {
			uint32_t want = i == 1 ? 0x11111111 :
					i >= PAGE / 4 - 2 && i < 6 * PAGE / 4 - 2 ? 0x22222222 :
					0xeeeeeeee;

			igt_assert_eq_u32(p[i], want);
		}
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("WRITE_IMM writes 32- and 64-bit values where it is told.");
	igt_subtest("write-imm") {
		struct igt_ember_buf buf;
		uint32_t *p;

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		p = igt_ember_buf_u32(&buf);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va, 0xfeedface);
		igt_ember_ib_write32(&env.ib, buf.va + PAGE - 4, 0x1);
		igt_ember_ib_write64(&env.ib, buf.va + 16, 0x0123456789abcdefull);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(p[0], 0xfeedface);
		igt_assert_eq_u32(p[1], 0);
		igt_assert_eq_u32(p[PAGE / 4 - 1], 1);
		igt_assert_eq_u32(p[4], 0x89abcdef);
		igt_assert_eq_u32(p[5], 0x01234567);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("A linear COPY of 1 MiB across pages copies every byte, unaligned too.");
	igt_subtest("copy-linear") {
		const uint64_t size = 1 << 20;
		struct igt_ember_buf src, dst;
		uint8_t *s, *d;
		uint64_t i;

		igt_ember_buf_create(&src, &env.vm, size);
		igt_ember_buf_create(&dst, &env.vm, size);
		s = src.map;
		d = dst.map;
		for (i = 0; i < size; i++)
			s[i] = (uint8_t)(i * 7 + (i >> 12));
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_copy(&env.ib, src.va + 3, dst.va + 5, size - 64);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (i = 0; i < 5; i++)
			igt_assert_eq(d[i], 0);
		for (i = 0; i < size - 64; i++)
			igt_assert_f(d[i + 5] == s[i + 3], "byte %llu differs\n",
				     (unsigned long long)i);
		igt_assert_eq(d[size - 64 + 5], 0);
		igt_ember_buf_destroy(&src);
		igt_ember_buf_destroy(&dst);
	}

	igt_describe("A 2D COPY moves rows between different pitches and leaves the gaps.");
	igt_subtest("copy-rect") {
		const uint32_t width = 100, height = 37, src_pitch = 256, dst_pitch = 160;
		struct igt_ember_buf src, dst;
		uint8_t *s, *d;
		uint32_t x, y;

		igt_ember_buf_create(&src, &env.vm, src_pitch * height);
		igt_ember_buf_create(&dst, &env.vm, dst_pitch * height);
		s = src.map;
		d = dst.map;
		for (x = 0; x < src_pitch * height; x++)
			s[x] = (uint8_t)(x ^ (x >> 8));
		memset(d, 0x99, dst_pitch * height);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_copy_rect(&env.ib, src.va, dst.va, width, height, src_pitch, dst_pitch);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (y = 0; y < height; y++)
			for (x = 0; x < dst_pitch; x++)
				igt_assert_eq(d[y * dst_pitch + x],
					      x < width ? s[y * src_pitch + x] : 0x99);
		igt_ember_buf_destroy(&src);
		igt_ember_buf_destroy(&dst);
	}

	igt_describe("TIMESTAMP packets write increasing device times, in the same clock "
		     "as DEV_QUERY_TIMESTAMP's: between the queries before and after the job.");
	igt_subtest("timestamp") {
		struct drm_ember_timestamp before, after;
		struct igt_ember_buf buf;
		uint64_t *t;

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		t = buf.map;
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_timestamp(&env.ib, buf.va);
		igt_ember_ib_fill(&env.ib, buf.va + 64, 2048, 0);
		igt_ember_ib_barrier(&env.ib);
		igt_ember_ib_timestamp(&env.ib, buf.va + 8);
		igt_ember_get_timestamp(fd, &before);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_ember_get_timestamp(fd, &after);
		igt_assert_lt_u64(before.device_timestamp, t[0]);
		igt_assert_lte_u64(t[0], t[1]);
		igt_assert_lt_u64(t[1], after.device_timestamp);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("Jobs of one submission run in array order on one queue.");
	igt_subtest("jobs-in-order") {
		struct igt_ember_ib ibs[3];
		struct igt_ember_buf buf;
		struct drm_ember_job jobs[3];
		uint32_t done = igt_ember_syncobj_create(fd, 0), *p;
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		int i;

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		p = igt_ember_buf_u32(&buf);
		for (i = 0; i < 3; i++)
			igt_ember_ib_create(&ibs[i], &env.vm, PAGE);
		igt_ember_ib_write32(&ibs[0], buf.va, 0x5eed);
		igt_ember_ib_copy(&ibs[1], buf.va, buf.va + 64, 4);
		igt_ember_ib_copy(&ibs[2], buf.va + 64, buf.va + 128, 4);
		for (i = 0; i < 3; i++)
			jobs[i] = igt_ember_ib_job(&ibs[i], 0, i == 2 ? &signal : NULL, i == 2);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 3), 0);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq_u32(p[32], 0x5eed);
		for (i = 0; i < 3; i++)
			igt_ember_ib_destroy(&ibs[i]);
		igt_ember_syncobj_destroy(fd, done);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("A thousand jobs on one queue, 64 per call, all run, in order.");
	igt_subtest("many-jobs") {
		const int total = 1024;
		struct igt_ember_buf buf;
		struct igt_ember_ib ib;
		struct drm_ember_job jobs[MAX_JOBS];
		uint32_t done = igt_ember_syncobj_create(fd, 0), *p;
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		int i;

		igt_ember_buf_create(&buf, &env.vm, total * 4 + 4);
		igt_ember_ib_create(&ib, &env.vm, total * 32);
		p = igt_ember_buf_u32(&buf);
		/* Job i writes slot i and the shared last-writer word. */
		for (i = 0; i < total; i++) {
			igt_ember_ib_write32(&ib, buf.va + 4 + 4 * i, i + 1);
			igt_ember_ib_write32(&ib, buf.va, i + 1);
		}
		for (i = 0; i < total; i++) {
			struct drm_ember_job *job = &jobs[i % MAX_JOBS];

			*job = (struct drm_ember_job) {
				.ib_va = ib.buf.va + i * 32, .ib_size = 32,
			};
			if (i == total - 1)
				job->syncs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(1, &signal);
			if (i % MAX_JOBS == MAX_JOBS - 1)
				igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, MAX_JOBS), 0);
		}
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq_u32(p[0], total);
		for (i = 0; i < total; i++)
			igt_assert_eq_u32(p[1 + i], i + 1);
		igt_ember_ib_destroy(&ib);
		igt_ember_buf_destroy(&buf);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("Queues of a context are independent: a job waiting on memory on "
		     "queue 0 is released by a job on queue 1.");
	igt_subtest("queues-independent") {
		struct igt_ember_ib waiter, releaser;
		struct igt_ember_buf buf;
		uint32_t d0 = igt_ember_syncobj_create(fd, 0), d1 = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s0 = igt_ember_signal(d0, 0), s1 = igt_ember_signal(d1, 0);

		igt_require(info.max_queues >= 2);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		igt_ember_ib_create(&waiter, &env.vm, PAGE);
		igt_ember_ib_create(&releaser, &env.vm, PAGE);
		igt_ember_ib_wait_mem32(&waiter, buf.va, EMBER_WAIT_EQ, 0x90, ~0u);
		igt_ember_ib_write32(&waiter, buf.va + 4, 0xd0e);
		igt_ember_ib_fill(&releaser, buf.va + 64, 64, 0x1);
		igt_ember_ib_signal_mem32(&releaser, buf.va, 0x90);
		igt_ember_submit_ib(fd, env.ctx, &waiter, 0, &s0, 1);
		igt_ember_submit_ib(fd, env.ctx, &releaser, 1, &s1, 1);
		igt_ember_syncobj_wait(fd, d0, 0);
		igt_ember_syncobj_wait(fd, d1, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, d0, 0), 1);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, d1, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0xd0e);
		igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_ember_ib_destroy(&waiter);
		igt_ember_ib_destroy(&releaser);
		igt_ember_buf_destroy(&buf);
		igt_ember_syncobj_destroy(fd, d0);
		igt_ember_syncobj_destroy(fd, d1);
	}

	igt_describe("Every queue of a max_queues context runs jobs.");
	igt_subtest("all-queues") {
		uint32_t ctx = igt_ember_ctx_create(fd, env.vm.id, info.max_queues), q;
		struct igt_ember_buf buf;

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		for (q = 0; q < info.max_queues; q++) {
			igt_ember_ib_reset(&env.ib);
			igt_ember_ib_write32(&env.ib, buf.va + 4 * q, 0x100 + q);
			igt_ember_run_ib(fd, ctx, &env.ib, q);
		}
		for (q = 0; q < info.max_queues; q++)
			igt_assert_eq_u32(igt_ember_buf_u32(&buf)[q], 0x100 + q);
		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("Four processes submitting at once, each to its own context, all "
		     "get every job run, in order.");
	igt_subtest("concurrent-submitters") {
		igt_fork(child, 4) {
			const int total = 256;
			int cfd = drm_open_driver_render(DRIVER_EMBER), i;
			struct igt_ember_env cenv;
			struct igt_ember_buf buf;
			struct igt_ember_ib ib;
			uint32_t done;
			struct drm_ember_sync_op signal;

			igt_ember_env_init(&cenv, cfd, 1);
			igt_ember_buf_create(&buf, &cenv.vm, PAGE);
			igt_ember_ib_create(&ib, &cenv.vm, total * 16);
			for (i = 0; i < total; i++)
				igt_ember_ib_write32(&ib, buf.va + 4 * (i % 64), child << 16 | i);
			done = igt_ember_syncobj_create(cfd, 0);
			signal = igt_ember_signal(done, 0);
			for (i = 0; i < total; i++) {
				struct drm_ember_job job = {
					.ib_va = ib.buf.va + 16 * i, .ib_size = 16,
				};

				if (i == total - 1)
					job.syncs = (struct drm_ember_obj_array)
						DRM_EMBER_OBJ_ARRAY(1, &signal);
				igt_assert_eq(__igt_ember_submit(cfd, cenv.ctx, &job, 1), 0);
			}
			igt_ember_syncobj_wait(cfd, done, 0);
			igt_assert_eq(igt_ember_syncobj_fence_status(cfd, done, 0), 1);
			/* Slot s holds the last job that wrote it: in order, the highest i. */
			for (i = 0; i < 64; i++)
				igt_assert_eq_u32(igt_ember_buf_u32(&buf)[i],
						  child << 16 | (total - 64 + i));
			igt_ember_syncobj_destroy(cfd, done);
			igt_ember_ib_destroy(&ib);
			igt_ember_buf_destroy(&buf);
			igt_ember_env_fini(&cenv);
			drm_close_driver(cfd);
		}
		igt_waitchildren();
	}

	igt_describe("Everything a running job uses may be closed under it (BO handle, "
		     "CPU mapping, context, VM): the job still completes and its write "
		     "lands in memory that stayed alive (read back through a dma-buf).");
	igt_subtest("teardown-while-job-runs") {
		struct igt_ember_vm vm;
		struct igt_ember_buf flag, out;
		struct igt_ember_ib ib;
		uint32_t ctx, done = igt_ember_syncobj_create(fd, 0), *flag_map, handle;
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		uint32_t *map;
		int dmabuf;

		igt_ember_vm_init(&vm, fd);
		ctx = igt_ember_ctx_create(fd, vm.id, 1);
		igt_ember_buf_create(&flag, &vm, PAGE);
		igt_ember_buf_create(&out, &vm, PAGE);
		igt_ember_ib_create(&ib, &vm, PAGE);
		igt_ember_ib_wait_mem32(&ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_ib_write32(&ib, out.va, 0xa11e);
		igt_ember_submit_ib(fd, ctx, &ib, 0, &signal, 1);
		dmabuf = igt_ember_prime_export(fd, out.handle);
		/*
		 * Close without unmapping from the VM (an unmap would rightly
		 * fault the job): only the flag's CPU mapping stays, to open
		 * the gate.
		 */
		flag_map = flag.map;
		munmap(out.map, PAGE);
		munmap(ib.buf.map, ib.buf.size);
		igt_ember_gem_close(fd, out.handle);
		igt_ember_gem_close(fd, ib.buf.handle);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_vm_fini(&vm);
		igt_assert(igt_ember_syncobj_busy(fd, done, 0));
		__atomic_store_n(flag_map, 1, __ATOMIC_RELEASE);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		handle = igt_ember_prime_import(fd, dmabuf);
		close(dmabuf);
		map = igt_ember_bo_mmap(fd, handle, PAGE);
		igt_assert_eq_u32(map[0], 0xa11e);
		munmap(map, PAGE);
		igt_ember_gem_close(fd, handle);
		munmap(flag_map, PAGE);
		igt_ember_gem_close(fd, flag.handle);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("A job with no IB only waits and signals.");
	igt_subtest("empty-job") {
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		struct drm_ember_job job = {
			.queue_index = 0, .syncs = DRM_EMBER_OBJ_ARRAY(1, &signal),
		};

		igt_assert_eq(__igt_ember_submit(fd, env.ctx, &job, 1), 0);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("An unknown context is ENOENT; unknown flags are EINVAL, "
		     "NO_IMPLICIT_SYNC (driver 1.3) is accepted.");
	igt_subtest("bad-ctx-flags") {
		struct drm_ember_job job = valid_job(&env);
		struct drm_ember_submit args = {
			.ctx_handle = env.ctx, .jobs = DRM_EMBER_OBJ_ARRAY(1, &job),
		};
		uint32_t bit;

		for (bit = 0; bit < 32; bit++) {
			args.flags = 1u << bit;
			if (args.flags == DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC &&
			    igt_ember_has_version(fd, 1, 3))
				continue;
			do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EINVAL);
		}
		args.flags = ~0u;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EINVAL);
		args.flags = DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC | 1u << 1;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EINVAL);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx + 1000, &job, 1), -ENOENT);
		igt_assert_eq(__igt_ember_submit(fd, 0, &job, 1), -ENOENT);
		igt_assert_eq(__igt_ember_submit_flags(fd, env.ctx + 1000,
						       DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC,
						       &job, 1), -ENOENT);
		if (igt_ember_has_version(fd, 1, 3))
			igt_assert_eq(__igt_ember_submit_flags(fd, env.ctx,
							       DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC,
							       &job, 1), 0);
	}

	igt_describe("IB sizes and VAs that are not multiples of 4, or sizes above "
		     "max_ib_size, are EINVAL.");
	igt_subtest("bad-ib") {
		struct drm_ember_job job = valid_job(&env);

		job.ib_size = 6;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		job = valid_job(&env);
		job.ib_va += 2;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		job = valid_job(&env);
		job.ib_size = info.max_ib_size + 4;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		job.ib_size = ~0u & ~3u;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
	}

	igt_describe("A queue index beyond the context's queues is EINVAL.");
	igt_subtest("bad-queue") {
		struct drm_ember_job job = valid_job(&env);
		uint32_t ctx = igt_ember_ctx_create(fd, env.vm.id, 1);

		job.queue_index = 1;
		igt_assert_eq(__igt_ember_submit(fd, ctx, &job, 1), -EINVAL);
		job.queue_index = ~0u;
		igt_assert_eq(__igt_ember_submit(fd, ctx, &job, 1), -EINVAL);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("More than 64 jobs per call, or 64 sync ops per job, is EINVAL.");
	igt_subtest("too-many") {
		struct drm_ember_job jobs[MAX_JOBS + 1];
		struct drm_ember_sync_op syncs[MAX_SYNCS + 1];
		uint32_t syncobj = igt_ember_syncobj_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
		int i;

		for (i = 0; i <= MAX_JOBS; i++)
			jobs[i] = valid_job(&env);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, MAX_JOBS + 1), -EINVAL);
		for (i = 0; i <= MAX_SYNCS; i++)
			syncs[i] = igt_ember_wait(syncobj, 0);
		jobs[0].syncs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(MAX_SYNCS + 1, syncs);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 1), -EINVAL);
		jobs[0].syncs.count = MAX_SYNCS;
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 1), 0);
		igt_ember_syncobj_destroy(fd, syncobj);
	}

	igt_describe("Sync ops with unknown flags or handle types, unknown syncobjs, zero "
		     "timeline points and points on binary syncobjs are rejected.");
	igt_subtest("bad-sync-ops") {
		uint32_t syncobj = igt_ember_syncobj_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
		struct drm_ember_sync_op sync;
		struct drm_ember_job job;
		uint32_t bit;

		job = valid_job(&env);
		job.syncs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(1, &sync);
		for (bit = 8; bit < 31; bit++) {
			sync = igt_ember_wait(syncobj, 0);
			sync.flags |= 1u << bit;
			igt_assert_eq(submit_one(&env, job), -EINVAL);
		}
		sync = igt_ember_signal(syncobj, 0);
		sync.flags |= 2;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		sync = igt_ember_signal(syncobj + 1000, 0);
		igt_assert_eq(submit_one(&env, job), -ENOENT);
		sync = igt_ember_wait(syncobj + 1000, 0);
		igt_assert_eq(submit_one(&env, job), -ENOENT);
		sync = igt_ember_signal(syncobj, 0);
		sync.flags |= DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		sync = igt_ember_signal(syncobj, 0);
		sync.timeline_value = 3;
		igt_assert_eq(submit_one(&env, job), -EINVAL);
		igt_ember_syncobj_destroy(fd, syncobj);
	}

	igt_describe("Job and sync-op arrays: short strides are EINVAL, longer ones work "
		     "with zero tails and are E2BIG otherwise; bad pointers are EFAULT.");
	igt_subtest("bad-strides") {
		struct {
			struct drm_ember_job job;
			uint64_t future;
		} big_job = { .job = valid_job(&env) };
		struct {
			struct drm_ember_sync_op sync;
			uint64_t future;
		} big_sync = { .sync = { 0 } };
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_submit args = {
			.ctx_handle = env.ctx,
			.jobs = { .stride = sizeof(big_job.job) - 8, .count = 1,
				  .array = (uintptr_t)&big_job },
		};

		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EINVAL);
		args.jobs.stride = sizeof(big_job);
		do_ioctl(fd, DRM_IOCTL_EMBER_SUBMIT, &args);
		big_job.future = 1;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, E2BIG);
		big_job.future = 0;

		big_sync.sync = igt_ember_signal(done, 0);
		big_job.job.syncs = (struct drm_ember_obj_array) {
			.stride = sizeof(big_sync.sync) - 4, .count = 1,
			.array = (uintptr_t)&big_sync,
		};
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EINVAL);
		big_job.job.syncs.stride = sizeof(big_sync);
		big_sync.future = 1;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, E2BIG);
		big_sync.future = 0;
		do_ioctl(fd, DRM_IOCTL_EMBER_SUBMIT, &args);
		igt_ember_syncobj_wait(fd, done, 0);

		big_job.job.syncs.array = 8;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EFAULT);
		args.jobs.array = 8;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_SUBMIT, &args, EFAULT);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("A submission with one bad job queues none: the good job's syncobj "
		     "gets no fence and its write never happens.");
	igt_subtest("all-or-nothing") {
		struct igt_ember_buf buf;
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		struct drm_ember_job jobs[2];

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va, 0xbad);
		jobs[0] = igt_ember_ib_job(&env.ib, 0, &signal, 1);
		jobs[1] = jobs[0];
		jobs[1].syncs.count = 0;
		jobs[1].ib_size = 2;
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 2), -EINVAL);
		igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, 0, 0), -EINVAL);
		/* A later good job on the queue runs; the bad call left nothing behind. */
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va + 4, 0x600d);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0x600d);
		igt_ember_buf_destroy(&buf);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_fixture {
		igt_ember_env_fini(&env);
		drm_close_driver(fd);
	}
}
