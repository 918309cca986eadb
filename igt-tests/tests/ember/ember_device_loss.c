// SPDX-License-Identifier: MIT
/*
 * The GPU dies: ember-gpu is told to exit (through the host control
 * channel, igt_ember_control.c) while jobs are queued and processes wait
 * for them, like a GPU falling off the bus. The driver must notice on its
 * own (interrupts stop, the mailbox stops answering), signal every pending
 * fence with -ENODEV, wake every waiter, fail ioctls with -ENODEV, and let
 * the module be removed. The device cannot come back within this boot, so
 * the test runner runs this binary after every other test.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define JOBS 4
#define WAITERS 4

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
	}

	igt_describe("ember-gpu dies with jobs queued: every fence signals with ENODEV, "
		     "every waiter wakes, ioctls fail with ENODEV, ember.ko unloads.");
	igt_subtest("gpu-dies-with-pending-jobs") {
		struct igt_ember_env env;
		struct igt_ember_waiters waiters;
		struct igt_ember_buf flag;
		uint32_t done[JOBS], size = sizeof(info);
		int sync_files[JOBS], i, ret = -1;
		double start, bound;

		igt_require_ember_control();
		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		/*
		 * Job 0 waits for a flag nobody sets, the others queue behind it.
		 * The device's watchdog ends job 0 after job_timeout_ms / 2: what
		 * is slow (forking the waiters) happens before it starts.
		 */
		igt_ember_ib_wait_mem32(&env.ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		for (i = 0; i < JOBS; i++)
			done[i] = igt_ember_syncobj_create(fd, 0);
		igt_ember_waiters_fork(&waiters, fd, done[JOBS - 1], WAITERS, 120);
		for (i = 0; i < JOBS; i++) {
			struct drm_ember_sync_op signal = igt_ember_signal(done[i], 0);

			igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
			/* DRM ioctls fail once unplugged: take sync_files now. */
			sync_files[i] = igt_ember_syncobj_export_sync_file(fd, done[i], 0);
		}
		igt_ember_waiters_ready(&waiters);
		for (i = 0; i < JOBS; i++)
			igt_assert_eq(igt_ember_sync_file_status(sync_files[i]), 0);

		start = now_s();
		igt_ember_control_kill_device();
		igt_waitchildren();
		/* A job timeout to notice, a reset attempt that gets no answer. */
		bound = 3.0 * info.job_timeout_ms / 1000 + 10;
		igt_assert_f(now_s() - start < bound, "waiters woke after %.1fs (bound %.1fs)\n",
			     now_s() - start, bound);
		/*
		 * The running job first looks hung (the device just stops), so
		 * the driver may have declared it timed out before it found the
		 * device gone; every job behind it is plainly lost.
		 */
		igt_assert_f(igt_ember_sync_file_status(sync_files[0]) == -ENODEV ||
			     igt_ember_sync_file_status(sync_files[0]) == -ETIMEDOUT,
			     "running job: status %d\n", igt_ember_sync_file_status(sync_files[0]));
		for (i = 1; i < JOBS; i++)
			igt_assert_eq(igt_ember_sync_file_status(sync_files[i]), -ENODEV);
		for (i = 0; i < JOBS; i++)
			close(sync_files[i]);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO, &size, &info),
			      -ENODEV);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, NULL, 0), -ENODEV);
		/* CPU mappings hold the DRM file, hence the module: drop them too. */
		munmap(flag.map, flag.size);
		munmap(env.ib.buf.map, env.ib.buf.size);
		drm_close_driver(fd);
		fd = -1;
		/* Teardown after the last close may finish in a worker: retry a while. */
		for (i = 0; i < 50; i++) {
			ret = syscall(SYS_delete_module, "ember", O_NONBLOCK) ? -errno : 0;
			if (ret != -EAGAIN)
				break;
			usleep(100 * 1000);
		}
		igt_assert_f(ret == 0, "rmmod ember: %s\n", strerror(-ret));
	}

	igt_fixture {
		if (fd >= 0)
			drm_close_driver(fd);
	}
}
