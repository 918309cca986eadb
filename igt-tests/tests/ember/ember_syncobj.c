// SPDX-License-Identifier: MIT
/*
 * Syncobjs with SUBMIT: binary and timeline syncobjs waited for and
 * signalled by jobs across queues, contexts and DRM files, with the order
 * checked through memory (a job blocked on a flag the CPU sets holds back
 * everything that waits for it); the kernel's refusal of wait-before-
 * signal (-EINVAL) and the userspace pattern that replaces it
 * (WAIT_AVAILABLE, then submit); sync_file export and import.
 */
#include <poll.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
/* How long a job that must stay blocked is watched, in microseconds. */
#define BLOCKED_US (200 * 1000)

static struct drm_ember_gpu_info info;

/*
 * A job held back until the CPU sets a flag: it waits on flag->va, then
 * writes @value at out_va. Used to prove that whatever depends on it waits.
 */
static void emit_gated_write(struct igt_ember_ib *ib, const struct igt_ember_buf *flag,
			     uint64_t out_va, uint32_t value)
{
	igt_ember_ib_wait_mem32(ib, flag->va, EMBER_WAIT_EQ, 1, ~0u);
	igt_ember_ib_write32(ib, out_va, value);
}

static void open_gate(struct igt_ember_buf *flag)
{
	__atomic_store_n(igt_ember_buf_u32(flag), 1, __ATOMIC_RELEASE);
}

static uint64_t syncobj_point(int fd, uint32_t handle)
{
	uint64_t point = 0;

	igt_assert_eq(drmSyncobjQuery(fd, &handle, &point, 1), 0);
	return point;
}

igt_main
{
	struct igt_ember_env env;
	struct igt_ember_buf flag, data;
	struct igt_ember_ib ib2;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues >= 2, "needs two queues per context\n");
		igt_ember_env_init(&env, fd, 2);
		igt_ember_ib_create(&ib2, &env.vm, PAGE);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_buf_create(&data, &env.vm, PAGE);
	}

	/* Every subtest starts with the gate closed, empty IBs and zeroed data. */
#define RESET() do { \
		igt_ember_buf_u32(&flag)[0] = 0; \
		memset(data.map, 0, PAGE); \
		igt_ember_ib_reset(&env.ib); \
		igt_ember_ib_reset(&ib2); \
	} while (0)

	igt_describe("A job signals a binary syncobj once its writes are visible.");
	igt_subtest("binary-signal") {
		uint32_t s = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(s, 0);

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0x51);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, s, 0));
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, s, 0), 0);
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, s, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, s, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[0], 0x51);
		igt_ember_syncobj_destroy(fd, s);
	}

	igt_describe("A job on queue 1 waiting for a binary syncobj of a job on queue 0 "
		     "runs after it and sees its writes.");
	igt_subtest("binary-wait-across-queues") {
		uint32_t a = igt_ember_syncobj_create(fd, 0), b = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op sa = igt_ember_signal(a, 0);
		struct drm_ember_sync_op sb[2] = { igt_ember_wait(a, 0), igt_ember_signal(b, 0) };

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0xa0);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sa, 1);
		igt_ember_submit_ib(fd, env.ctx, &ib2, 1, sb, 2);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, b, 0));
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0);
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, b, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, a, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0xa0);
		igt_ember_syncobj_destroy(fd, a);
		igt_ember_syncobj_destroy(fd, b);
	}

	igt_describe("Syncobj dependencies work between contexts of one file.");
	igt_subtest("binary-wait-across-contexts") {
		uint32_t ctx2 = igt_ember_ctx_create(fd, env.vm.id, 1);
		uint32_t a = igt_ember_syncobj_create(fd, 0), b = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op sa = igt_ember_signal(a, 0);
		struct drm_ember_sync_op sb[2] = { igt_ember_wait(a, 0), igt_ember_signal(b, 0) };

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0xc7);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sa, 1);
		igt_ember_submit_ib(fd, ctx2, &ib2, 0, sb, 2);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, b, 0));
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, b, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0xc7);
		igt_ember_ctx_destroy(fd, ctx2);
		igt_ember_syncobj_destroy(fd, a);
		igt_ember_syncobj_destroy(fd, b);
	}

	igt_describe("Timeline points chain jobs across queues: point 1 from queue 0, "
		     "point 2 from queue 1 after it; the syncobj's value follows.");
	igt_subtest("timeline-across-queues") {
		uint32_t t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s1 = igt_ember_signal(t, 1);
		struct drm_ember_sync_op s2[2] = { igt_ember_wait(t, 1), igt_ember_signal(t, 2) };

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0x71);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &s1, 1);
		igt_ember_submit_ib(fd, env.ctx, &ib2, 1, s2, 2);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, t, 2));
		igt_assert_eq_u64(syncobj_point(fd, t), 0);
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, t, 2);
		igt_assert_eq_u64(syncobj_point(fd, t), 2);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, t, 2), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0x71);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("A timeline signal point must be above the last one (EINVAL), and "
		     "a zero point is EINVAL.");
	igt_subtest("timeline-point-must-grow") {
		uint32_t t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op sync = igt_ember_signal(t, 5);

		RESET();
		igt_ember_ib_nop(&env.ib, 0);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		sync = igt_ember_signal(t, 3);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		sync.timeline_value = 0;
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		sync = igt_ember_signal(t, 6);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1);
		igt_ember_syncobj_wait(fd, t, 6);
		igt_assert_eq_u64(syncobj_point(fd, t), 6);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("The kernel does not wait for submission: waiting for a binary "
		     "syncobj without a fence, or an unsubmitted point, is EINVAL.");
	igt_subtest("wait-before-signal-rejected") {
		uint32_t b = igt_ember_syncobj_create(fd, 0), t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op sync = igt_ember_wait(b, 0);

		RESET();
		igt_ember_ib_nop(&env.ib, 0);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		sync = igt_ember_wait(t, 1);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		igt_assert_eq(drmSyncobjTimelineSignal(fd, &t, (uint64_t[]){ 1 }, 1), 0);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), 0);
		sync = igt_ember_wait(t, 2);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sync, 1), -EINVAL);
		igt_ember_syncobj_destroy(fd, b);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("Wait-before-signal in userspace: a waiter blocked in WAIT_AVAILABLE "
		     "wakes when the signalling job is submitted, then its own job is "
		     "accepted and runs after that one.");
	igt_subtest("wait-before-signal-userspace") {
		uint32_t t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s1 = igt_ember_signal(t, 1);
		struct drm_ember_sync_op s2[2] = { igt_ember_wait(t, 1), igt_ember_signal(t, 2) };
		int status = 0;
		pid_t waiter;

		RESET();
		waiter = fork();
		igt_assert_lte(0, waiter);
		if (waiter == 0) {
			/* Shares the DRM file, hence the syncobj handle, with the parent. */
			int ret = __igt_ember_syncobj_wait(fd, t, 1, IGT_EMBER_WAIT_NS,
							   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE);

			_exit(ret ? 1 : 0);
		}
		usleep(BLOCKED_US);
		igt_assert_eq(waitpid(waiter, &status, WNOHANG), 0);
		emit_gated_write(&env.ib, &flag, data.va, 0x3b);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &s1, 1);
		igt_assert_eq(waitpid(waiter, &status, 0), waiter);
		igt_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		/* Available, not signalled: the gate is still closed. */
		igt_assert(igt_ember_syncobj_busy(fd, t, 1));
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		igt_ember_submit_ib(fd, env.ctx, &ib2, 1, s2, 2);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, t, 2));
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, t, 2);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0x3b);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("Jobs wait for syncobjs the CPU signalled (binary and timeline).");
	igt_subtest("cpu-signalled") {
		uint32_t b = igt_ember_syncobj_create(fd, 0), t = igt_ember_syncobj_create(fd, 0);
		uint64_t point = 3;
		struct drm_ember_sync_op syncs[2] = { igt_ember_wait(b, 0), igt_ember_wait(t, 3) };

		RESET();
		igt_assert_eq(drmSyncobjSignal(fd, &b, 1), 0);
		igt_assert_eq(drmSyncobjTimelineSignal(fd, &t, &point, 1), 0);
		igt_ember_ib_write32(&env.ib, data.va, 0xc9);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, syncs, 2), 0);
		/* Same queue, so in order: when this one is done, so is the first. */
		igt_ember_ib_nop(&ib2, 0);
		igt_ember_run_ib(fd, env.ctx, &ib2, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[0], 0xc9);
		igt_ember_syncobj_destroy(fd, b);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("A job waits for all of several syncobjs and signals several.");
	igt_subtest("multi-wait-multi-signal") {
		uint32_t a = igt_ember_syncobj_create(fd, 0), b = igt_ember_syncobj_create(fd, 0);
		uint32_t t = igt_ember_syncobj_create(fd, 0), d = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op sa = igt_ember_signal(a, 0), sb = igt_ember_signal(b, 0);
		struct drm_ember_sync_op last[4] = {
			igt_ember_wait(a, 0), igt_ember_wait(b, 0),
			igt_ember_signal(t, 9), igt_ember_signal(d, 0),
		};
		struct igt_ember_ib ib3;

		RESET();
		igt_ember_ib_create(&ib3, &env.vm, PAGE);
		emit_gated_write(&env.ib, &flag, data.va, 1);
		igt_ember_ib_write32(&ib2, data.va + 4, 2);
		igt_ember_ib_copy(&ib3, data.va, data.va + 64, 8);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &sa, 1);
		igt_ember_submit_ib(fd, env.ctx, &ib2, 1, &sb, 1);
		igt_ember_submit_ib(fd, env.ctx, &ib3, 1, last, 4);
		igt_ember_syncobj_wait(fd, b, 0);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, d, 0));
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, d, 0);
		igt_ember_syncobj_wait(fd, t, 9);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[17], 2);
		igt_ember_ib_destroy(&ib3);
		igt_ember_syncobj_destroy(fd, a);
		igt_ember_syncobj_destroy(fd, b);
		igt_ember_syncobj_destroy(fd, t);
		igt_ember_syncobj_destroy(fd, d);
	}

	igt_describe("In one call, a job may wait for a syncobj an earlier job signals.");
	igt_subtest("same-call-dependency") {
		uint32_t s = igt_ember_syncobj_create(fd, 0), d = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s0 = igt_ember_signal(s, 0);
		struct drm_ember_sync_op s1[2] = { igt_ember_wait(s, 0), igt_ember_signal(d, 0) };
		struct drm_ember_job jobs[2];

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0x2c);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		jobs[0] = igt_ember_ib_job(&env.ib, 0, &s0, 1);
		jobs[1] = igt_ember_ib_job(&ib2, 1, s1, 2);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 2), 0);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, d, 0));
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, d, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0x2c);
		igt_ember_syncobj_destroy(fd, s);
		igt_ember_syncobj_destroy(fd, d);
	}

	igt_describe("In one call, a wait for timeline point 3 is satisfied by an earlier "
		     "job that signals point 5 (the timeline passes 3): the waiter runs "
		     "after it, and the call is not refused.");
	igt_subtest("same-call-timeline-wait-below-signal") {
		uint32_t t = igt_ember_syncobj_create(fd, 0), d = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s0 = igt_ember_signal(t, 5);
		struct drm_ember_sync_op s1[2] = { igt_ember_wait(t, 3), igt_ember_signal(d, 0) };
		struct drm_ember_job jobs[2];

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0x3e);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		jobs[0] = igt_ember_ib_job(&env.ib, 0, &s0, 1);
		jobs[1] = igt_ember_ib_job(&ib2, 1, s1, 2);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 2), 0);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, d, 0));
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, d, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0x3e);
		igt_assert_eq_u64(syncobj_point(fd, t), 5);
		igt_ember_syncobj_destroy(fd, t);
		igt_ember_syncobj_destroy(fd, d);
	}

	igt_describe("In one call, a wait for a timeline point the syncobj has already "
		     "reached does not wait for an earlier job signalling a later point.");
	igt_subtest("same-call-timeline-wait-already-reached") {
		uint32_t t = igt_ember_syncobj_create(fd, 0), d = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s0 = igt_ember_signal(t, 5);
		struct drm_ember_sync_op s1[2] = { igt_ember_wait(t, 3), igt_ember_signal(d, 0) };
		struct drm_ember_job jobs[2];

		RESET();
		igt_assert_eq(drmSyncobjTimelineSignal(fd, &t, (uint64_t[]){ 4 }, 1), 0);
		emit_gated_write(&env.ib, &flag, data.va, 0x4f);
		igt_ember_ib_nop(&ib2, 0);
		jobs[0] = igt_ember_ib_job(&env.ib, 0, &s0, 1);
		jobs[1] = igt_ember_ib_job(&ib2, 1, s1, 2);
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 2), 0);
		/* The waiter finishes while the signalling job is still held back. */
		igt_ember_syncobj_wait(fd, d, 0);
		igt_assert(igt_ember_syncobj_busy(fd, t, 5));
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[0], 0);
		open_gate(&flag);
		igt_ember_syncobj_wait(fd, t, 5);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[0], 0x4f);
		igt_ember_syncobj_destroy(fd, t);
		igt_ember_syncobj_destroy(fd, d);
	}

	igt_describe("A job's fence exported as a sync_file polls busy, then ready with "
		     "a good status; imported into another syncobj, jobs wait for it.");
	igt_subtest("sync-file-round-trip") {
		uint32_t s = igt_ember_syncobj_create(fd, 0), imported = igt_ember_syncobj_create(fd, 0);
		uint32_t d = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s0 = igt_ember_signal(s, 0);
		struct drm_ember_sync_op s1[2] = { igt_ember_wait(imported, 0), igt_ember_signal(d, 0) };
		struct pollfd pfd = { .events = POLLIN };
		int sync_file;

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 0x5f);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &s0, 1);
		sync_file = igt_ember_syncobj_export_sync_file(fd, s, 0);
		pfd.fd = sync_file;
		igt_assert_eq(poll(&pfd, 1, 0), 0);
		igt_assert_eq(igt_ember_sync_file_status(sync_file), 0);
		igt_assert_eq(drmSyncobjImportSyncFile(fd, imported, sync_file), 0);
		igt_ember_ib_copy(&ib2, data.va, data.va + 64, 4);
		igt_ember_submit_ib(fd, env.ctx, &ib2, 1, s1, 2);
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(fd, d, 0));
		open_gate(&flag);
		igt_assert_eq(poll(&pfd, 1, 10000), 1);
		igt_assert_eq(igt_ember_sync_file_status(sync_file), 1);
		igt_ember_syncobj_wait(fd, d, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&data)[16], 0x5f);
		close(sync_file);
		igt_ember_syncobj_destroy(fd, s);
		igt_ember_syncobj_destroy(fd, imported);
		igt_ember_syncobj_destroy(fd, d);
	}

	igt_describe("A timeline point exports as a sync_file too.");
	igt_subtest("sync-file-timeline-point") {
		uint32_t t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op s = igt_ember_signal(t, 4);
		struct pollfd pfd = { .events = POLLIN };

		RESET();
		emit_gated_write(&env.ib, &flag, data.va, 1);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &s, 1);
		pfd.fd = igt_ember_syncobj_export_sync_file(fd, t, 4);
		igt_assert_eq(poll(&pfd, 1, 0), 0);
		open_gate(&flag);
		igt_assert_eq(poll(&pfd, 1, 10000), 1);
		igt_assert_eq(igt_ember_sync_file_status(pfd.fd), 1);
		close(pfd.fd);
		igt_ember_syncobj_destroy(fd, t);
	}

	igt_describe("A syncobj shared with another DRM file (opaque fd) orders a job "
		     "of that file after ours.");
	igt_subtest("syncobj-across-files") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t s = igt_ember_syncobj_create(fd, 0), theirs = 0;
		struct drm_ember_sync_op s0 = igt_ember_signal(s, 0);
		struct igt_ember_env env2;
		struct igt_ember_buf out;
		struct drm_ember_sync_op wait;
		uint32_t d;
		int obj_fd = -1;

		RESET();
		igt_ember_env_init(&env2, other, 1);
		igt_ember_buf_create(&out, &env2.vm, PAGE);
		igt_assert_eq(drmSyncobjHandleToFD(fd, s, &obj_fd), 0);
		igt_assert_eq(drmSyncobjFDToHandle(other, obj_fd, &theirs), 0);
		close(obj_fd);
		emit_gated_write(&env.ib, &flag, data.va, 1);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &s0, 1);
		/* Their job reads its own memory: only the order is shared. */
		wait = igt_ember_wait(theirs, 0);
		igt_ember_ib_timestamp(&env2.ib, out.va);
		d = igt_ember_syncobj_create(other, 0);
		{
			struct drm_ember_sync_op syncs[2] = { wait, igt_ember_signal(d, 0) };

			igt_ember_submit_ib(other, env2.ctx, &env2.ib, 0, syncs, 2);
		}
		usleep(BLOCKED_US);
		igt_assert(igt_ember_syncobj_busy(other, d, 0));
		igt_assert_eq_u64(((uint64_t *)out.map)[0], 0);
		open_gate(&flag);
		igt_ember_syncobj_wait(other, d, 0);
		igt_assert_neq_u64(((uint64_t *)out.map)[0], 0);
		igt_ember_buf_destroy(&out);
		igt_ember_env_fini(&env2);
		drm_close_driver(other);
		igt_ember_syncobj_destroy(fd, s);
	}

	igt_describe("After DRM_IOCTL_SYNCOBJ_RESET a syncobj has no fence to wait for.");
	igt_subtest("reset-then-wait") {
		uint32_t s = igt_ember_syncobj_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
		struct drm_ember_sync_op wait = igt_ember_wait(s, 0);

		RESET();
		igt_ember_ib_nop(&env.ib, 0);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &wait, 1), 0);
		igt_assert_eq(drmSyncobjReset(fd, &s, 1), 0);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &wait, 1), -EINVAL);
		igt_ember_syncobj_destroy(fd, s);
	}

	igt_fixture {
		open_gate(&flag);
		igt_ember_buf_destroy(&flag);
		igt_ember_buf_destroy(&data);
		igt_ember_ib_destroy(&ib2);
		igt_ember_env_fini(&env);
		drm_close_driver(fd);
	}
}
