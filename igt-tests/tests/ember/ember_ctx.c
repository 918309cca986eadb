// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_EMBER_CTX_CREATE, CTX_DESTROY and CTX_GET_STATE: contexts with
 * one to max_queues queues of every priority, high priority only with
 * CAP_SYS_NICE (checked in a child that dropped the capability), the
 * device-wide context limit, jobs that outlive their context, and every
 * invalid input with the uAPI's errno.
 */
#include <linux/capability.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE

static struct drm_ember_gpu_info info;

/* Contexts one file may have: all of them before driver 1.7. */
static uint32_t max_contexts_per_file(void)
{
	return info.max_contexts_per_file ? info.max_contexts_per_file : info.max_contexts;
}

static int ctx_create_raw(int fd, struct drm_ember_ctx_create *args)
{
	return igt_ioctl(fd, DRM_IOCTL_EMBER_CTX_CREATE, args) ? -errno : 0;
}

static int create_with_priority(int fd, uint32_t vm, uint32_t priority, uint32_t *ctx)
{
	return __igt_ember_ctx_create(fd, vm, &priority, 1, ctx);
}

/* Drops CAP_SYS_NICE from the calling process's effective and permitted sets. */
static int drop_cap_sys_nice(void)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &header, data))
		return -errno;
	data[CAP_TO_INDEX(CAP_SYS_NICE)].effective &= ~CAP_TO_MASK(CAP_SYS_NICE);
	data[CAP_TO_INDEX(CAP_SYS_NICE)].permitted &= ~CAP_TO_MASK(CAP_SYS_NICE);
	data[CAP_TO_INDEX(CAP_SYS_NICE)].inheritable &= ~CAP_TO_MASK(CAP_SYS_NICE);
	return syscall(SYS_capset, &header, data) ? -errno : 0;
}

igt_main
{
	int fd = -1;
	uint32_t vm = 0;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without contexts (1.0)\n");
		vm = igt_ember_vm_create(fd);
	}

	igt_describe("Contexts with one and with max_queues queues get distinct handles "
		     "and start innocent; destroyed handles are ENOENT.");
	igt_subtest("create-destroy") {
		uint32_t a = igt_ember_ctx_create(fd, vm, 1);
		uint32_t b = igt_ember_ctx_create(fd, vm, info.max_queues);
		struct drm_ember_ctx_get_state state = igt_ember_ctx_get_state(fd, b);

		igt_assert_neq(a, b);
		igt_assert_eq(state.state, DRM_EMBER_CTX_STATE_INNOCENT);
		igt_assert_eq(state.fault_kind, 0);
		igt_assert_eq_u64(state.fault_va, 0);
		igt_ember_ctx_destroy(fd, a);
		igt_ember_ctx_destroy(fd, b);
		igt_assert_eq(__igt_ember_ctx_destroy(fd, a), -ENOENT);
		state = (struct drm_ember_ctx_get_state) { .handle = b };
		igt_assert_eq(__igt_ember_ctx_get_state(fd, &state), -ENOENT);
	}

	igt_describe("Queues of every priority in one context (high as root).");
	igt_subtest("create-priorities") {
		const uint32_t prio[3] = {
			DRM_EMBER_QUEUE_PRIORITY_LOW, DRM_EMBER_QUEUE_PRIORITY_MEDIUM,
			DRM_EMBER_QUEUE_PRIORITY_HIGH,
		};
		uint32_t ctx = 0;

		igt_require(info.max_queues >= 3);
		igt_require_f(geteuid() == 0, "high priority needs CAP_SYS_NICE\n");
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, prio, 3, &ctx), 0);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("An unknown priority is EINVAL.");
	igt_subtest("create-bad-priority") {
		uint32_t ctx;

		igt_assert_eq(create_with_priority(fd, vm, DRM_EMBER_QUEUE_PRIORITY_HIGH + 1, &ctx),
			      -EINVAL);
		igt_assert_eq(create_with_priority(fd, vm, ~0u, &ctx), -EINVAL);
	}

	igt_describe("Zero queues, or more than max_queues, are EINVAL.");
	igt_subtest("create-bad-queue-count") {
		uint32_t ctx;

		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 0, &ctx), -EINVAL);
		igt_require(info.max_queues < 64);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, info.max_queues + 1, &ctx),
			      -EINVAL);
	}

	igt_describe("Non-zero flags and pads (of the context and of a queue) are EINVAL.");
	igt_subtest("create-bad-flags-pad") {
		struct drm_ember_queue_create queue = { .priority = DRM_EMBER_QUEUE_PRIORITY_MEDIUM };
		struct drm_ember_ctx_create args = {
			.vm_id = vm, .queues = DRM_EMBER_OBJ_ARRAY(1, &queue),
		};
		uint32_t bit;

		for (bit = 0; bit < 32; bit++) {
			args.flags = 1u << bit;
			igt_assert_eq(ctx_create_raw(fd, &args), -EINVAL);
		}
		args.flags = 0;
		args.pad = 1;
		igt_assert_eq(ctx_create_raw(fd, &args), -EINVAL);
		args.pad = 0;
		queue.pad = 1;
		igt_assert_eq(ctx_create_raw(fd, &args), -EINVAL);
		queue.pad = 0;
		igt_assert_eq(ctx_create_raw(fd, &args), 0);
		igt_ember_ctx_destroy(fd, args.handle);
	}

	igt_describe("An unknown VM is ENOENT.");
	igt_subtest("create-bad-vm") {
		uint32_t ctx;

		igt_assert_eq(__igt_ember_ctx_create(fd, 0, NULL, 1, &ctx), -ENOENT);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm + 1000, NULL, 1, &ctx), -ENOENT);
	}

	igt_describe("Queue arrays: a short stride is EINVAL, a longer one works with a "
		     "zero tail and is E2BIG otherwise; an unreadable array is EFAULT.");
	igt_subtest("create-queue-stride") {
		struct {
			struct drm_ember_queue_create queue;
			uint64_t future;
		} big = { .queue = { .priority = DRM_EMBER_QUEUE_PRIORITY_LOW } };
		struct drm_ember_ctx_create args = {
			.vm_id = vm,
			.queues = { .stride = 4, .count = 1, .array = (uintptr_t)&big },
		};

		igt_assert_eq(ctx_create_raw(fd, &args), -EINVAL);
		args.queues.stride = sizeof(big);
		igt_assert_eq(ctx_create_raw(fd, &args), 0);
		igt_ember_ctx_destroy(fd, args.handle);
		big.future = 1;
		igt_assert_eq(ctx_create_raw(fd, &args), -E2BIG);
		args.queues = (struct drm_ember_obj_array) {
			.stride = sizeof(big.queue), .count = 1, .array = 8,
		};
		igt_assert_eq(ctx_create_raw(fd, &args), -EFAULT);
	}

	igt_describe("Without CAP_SYS_NICE a high-priority queue is EACCES; lower "
		     "priorities still work.");
	igt_subtest("high-priority-needs-cap-sys-nice") {
		int status = 0;
		pid_t child = fork();

		igt_assert_lte(0, child);
		if (child == 0) {
			uint32_t ctx;

			/* Plain exit codes: the parent makes the assertions. */
			if (drop_cap_sys_nice())
				_exit(10);
			if (create_with_priority(fd, vm, DRM_EMBER_QUEUE_PRIORITY_HIGH, &ctx) != -EACCES)
				_exit(11);
			if (create_with_priority(fd, vm, DRM_EMBER_QUEUE_PRIORITY_MEDIUM, &ctx))
				_exit(12);
			if (__igt_ember_ctx_destroy(fd, ctx))
				_exit(13);
			_exit(0);
		}
		igt_assert_eq(waitpid(child, &status, 0), child);
		igt_assert(WIFEXITED(status));
		igt_assert_f(WEXITSTATUS(status) == 0,
			     "child failed step %d (10 capset, 11 high priority not EACCES, "
			     "12 medium refused, 13 destroy)\n", WEXITSTATUS(status));
	}

	igt_describe("With work queued on both, a high-priority queue runs before a "
		     "low-priority one (the device held with ember-gpu's pause).");
	igt_subtest("priority-order") {
		const uint32_t prio[2] = {
			DRM_EMBER_QUEUE_PRIORITY_LOW, DRM_EMBER_QUEUE_PRIORITY_HIGH,
		};
		struct igt_ember_vm evm;
		struct igt_ember_buf times;
		struct igt_ember_ib ibs[2];
		uint32_t ctx = 0, done[2], q;
		uint64_t *t;

		igt_require_ember_control();
		igt_require_f(geteuid() == 0, "high priority needs CAP_SYS_NICE\n");
		igt_ember_vm_init(&evm, fd);
		igt_assert_eq(__igt_ember_ctx_create(fd, evm.id, prio, 2, &ctx), 0);
		igt_ember_buf_create(&times, &evm, PAGE);
		t = times.map;
		for (q = 0; q < 2; q++) {
			igt_ember_ib_create(&ibs[q], &evm, PAGE);
			igt_ember_ib_timestamp(&ibs[q], times.va + 8 * q);
			done[q] = igt_ember_syncobj_create(fd, 0);
		}
		igt_ember_control_ok("pause");
		for (q = 0; q < 2; q++) {
			struct drm_ember_sync_op signal = igt_ember_signal(done[q], 0);

			igt_ember_submit_ib(fd, ctx, &ibs[q], q, &signal, 1);
		}
		/* Both jobs reach their rings while the engine is held. */
		usleep(100 * 1000);
		igt_ember_control_ok("resume");
		for (q = 0; q < 2; q++) {
			igt_ember_syncobj_wait(fd, done[q], 0);
			igt_assert_eq(igt_ember_syncobj_fence_status(fd, done[q], 0), 1);
			igt_ember_syncobj_destroy(fd, done[q]);
		}
		igt_assert_neq_u64(t[0], 0);
		igt_assert_neq_u64(t[1], 0);
		igt_assert_f(t[1] < t[0], "high priority ran at %llu, low at %llu\n",
			     (unsigned long long)t[1], (unsigned long long)t[0]);
		for (q = 0; q < 2; q++)
			igt_ember_ib_destroy(&ibs[q]);
		igt_ember_buf_destroy(&times);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_vm_fini(&evm);
	}

	igt_describe("CTX_DESTROY of an unknown handle is ENOENT, with a non-zero pad EINVAL.");
	igt_subtest("destroy-bad-args") {
		uint32_t ctx = igt_ember_ctx_create(fd, vm, 1);
		struct drm_ember_ctx_destroy args = { .handle = ctx, .pad = 1 };

		do_ioctl_err(fd, DRM_IOCTL_EMBER_CTX_DESTROY, &args, EINVAL);
		igt_assert_eq(__igt_ember_ctx_destroy(fd, 0), -ENOENT);
		igt_assert_eq(__igt_ember_ctx_destroy(fd, ctx + 1000), -ENOENT);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("CTX_GET_STATE of an unknown handle is ENOENT.");
	igt_subtest("get-state-bad-handle") {
		struct drm_ember_ctx_get_state state = { .handle = 0 };

		igt_assert_eq(__igt_ember_ctx_get_state(fd, &state), -ENOENT);
		state.handle = 0xdead;
		igt_assert_eq(__igt_ember_ctx_get_state(fd, &state), -ENOENT);
	}

	igt_describe("A context handle means nothing in another DRM file.");
	igt_subtest("ctx-per-file") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t ctx = igt_ember_ctx_create(fd, vm, 1);
		struct drm_ember_ctx_get_state state = { .handle = ctx };
		struct drm_ember_job job = { .queue_index = 0 };

		igt_assert_eq(__igt_ember_ctx_get_state(other, &state), -ENOENT);
		igt_assert_eq(__igt_ember_submit(other, ctx, &job, 1), -ENOENT);
		igt_assert_eq(__igt_ember_ctx_destroy(other, ctx), -ENOENT);
		drm_close_driver(other);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("Jobs of a destroyed context still run to completion and signal.");
	igt_subtest("destroy-with-pending-job") {
		struct igt_ember_env env;
		struct igt_ember_buf flag, out;
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_buf_create(&out, &env.vm, PAGE);
		igt_ember_ib_wait_mem32(&env.ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_ib_write32(&env.ib, out.va, 0xaf7e2);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
		igt_ember_ctx_destroy(fd, env.ctx);
		igt_assert(igt_ember_syncobj_busy(fd, done, 0));
		igt_ember_buf_u32(&flag)[0] = 1;
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0xaf7e2);
		env.ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_destroy(&flag);
		igt_ember_buf_destroy(&out);
		igt_ember_syncobj_destroy(fd, done);
		igt_ember_env_fini(&env);
	}

	igt_describe("max_contexts contexts can exist at once (over several files, each "
		     "within its quota); one more is EBUSY until one is destroyed.");
	igt_subtest("max-contexts") {
		uint32_t per_file = max_contexts_per_file();
		uint32_t files = (info.max_contexts + per_file - 1) / per_file;
		uint32_t *ctxs = calloc(info.max_contexts, sizeof(*ctxs)), extra;
		int *fds = calloc(files, sizeof(*fds));
		uint32_t *vms = calloc(files, sizeof(*vms));
		uint32_t i, f;

		igt_assert(ctxs && fds && vms);
		for (f = 0; f < files; f++) {
			fds[f] = drm_open_driver_render(DRIVER_EMBER);
			vms[f] = igt_ember_vm_create(fds[f]);
		}
		for (i = 0; i < info.max_contexts; i++)
			igt_assert_f(__igt_ember_ctx_create(fds[i / per_file], vms[i / per_file], NULL,
							    1, &ctxs[i]) == 0,
				     "context %u of %u failed\n", i, info.max_contexts);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 1, &extra), -EBUSY);
		igt_ember_ctx_destroy(fds[0], ctxs[0]);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 1, &extra), 0);
		igt_ember_ctx_destroy(fd, extra);
		for (f = 0; f < files; f++)
			drm_close_driver(fds[f]);
		free(vms);
		free(fds);
		free(ctxs);
	}

	igt_describe("One file may have max_contexts_per_file contexts: one more is EDQUOT "
		     "(destroying one makes room), and another file still gets contexts.");
	igt_subtest("per-file-limit") {
		uint32_t per_file = max_contexts_per_file();
		uint32_t *ctxs = calloc(per_file, sizeof(*ctxs)), extra, i;
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t other_vm = igt_ember_vm_create(other);

		igt_assert(ctxs);
		/* Before driver 1.7 one file could take every context. */
		igt_assert_lt(per_file, info.max_contexts);
		for (i = 0; i < per_file; i++)
			igt_assert_f(__igt_ember_ctx_create(fd, vm, NULL, 1, &ctxs[i]) == 0,
				     "context %u of %u failed\n", i, per_file);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 1, &extra), -EDQUOT);
		/* A quota, not a device limit: another client is not locked out. */
		igt_assert_eq(__igt_ember_ctx_create(other, other_vm, NULL, 1, &extra), 0);
		igt_ember_ctx_destroy(other, extra);
		igt_ember_ctx_destroy(fd, ctxs[0]);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 1, &ctxs[0]), 0);
		for (i = 0; i < per_file; i++)
			igt_ember_ctx_destroy(fd, ctxs[i]);
		drm_close_driver(other);
		free(ctxs);
	}

	igt_describe("Closing the file destroys its contexts: their slots are free again.");
	igt_subtest("close-frees-contexts") {
		uint32_t i, ctx;

		for (i = 0; i < info.max_contexts; i++) {
			int other = drm_open_driver_render(DRIVER_EMBER);
			uint32_t other_vm = igt_ember_vm_create(other);

			igt_ember_ctx_create(other, other_vm, 1);
			drm_close_driver(other);
		}
		igt_assert_eq(__igt_ember_ctx_create(fd, vm, NULL, 1, &ctx), 0);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_fixture {
		igt_ember_vm_destroy(fd, vm);
		drm_close_driver(fd);
	}
}
