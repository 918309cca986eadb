// SPDX-License-Identifier: MIT
/*
 * The device going away under pending work, the recoverable way: the PCI
 * device is unbound from ember.ko (sysfs) while jobs are queued and
 * processes wait for them. Every pending fence signals with -ENODEV,
 * every waiter wakes, the old file answers -ENODEV, and once bound again
 * the device runs jobs. Also: a process exiting with work queued leaves
 * nothing behind that stops the next one. (ember-gpu dying, which cannot
 * be undone within one boot, is ember_device_loss.)
 */
#include <limits.h>
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

	igt_describe("Unbinding the device with jobs queued signals every fence with "
		     "ENODEV and wakes every waiting process; rebinding brings it back.");
	igt_subtest("unbind-with-pending-jobs") {
		char dir[PATH_MAX];
		const char *bdf;
		struct igt_ember_env env;
		struct igt_ember_waiters waiters;
		struct igt_ember_buf flag;
		uint32_t done[JOBS], size = sizeof(info);
		int sync_files[JOBS], i;
		struct drm_ember_bo_create create = { .size = PAGE };
		double start;

		igt_assert_eq(igt_ember_pci_sysfs_path(fd, dir, sizeof(dir)), 0);
		bdf = strrchr(dir, '/') + 1;
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
		igt_ember_waiters_fork(&waiters, fd, done[JOBS - 1], WAITERS, 60);
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
		igt_ember_unbind(bdf);
		igt_waitchildren();
		igt_assert_f(now_s() - start < 10, "waiters woke after %.1fs\n", now_s() - start);
		for (i = 0; i < JOBS; i++) {
			igt_assert_eq(igt_ember_sync_file_status(sync_files[i]), -ENODEV);
			close(sync_files[i]);
		}
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO, &size, &info),
			      -ENODEV);
		igt_assert_eq(__igt_ember_bo_create(fd, &create), -ENODEV);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, NULL, 0), -ENODEV);
		drm_close_driver(fd);

		igt_ember_bind(bdf);
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_ib_write32(&env.ib, flag.va, 0xbac);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&flag)[0], 0xbac);
		igt_ember_buf_destroy(&flag);
		igt_ember_env_fini(&env);
	}

	igt_describe("A process that exits with jobs queued (one of them stuck) does not "
		     "hold up the next one.");
	igt_subtest("exit-with-pending-jobs") {
		struct igt_ember_env env;
		struct igt_ember_buf buf;

		igt_fork(child, 1) {
			int cfd = drm_open_driver_render(DRIVER_EMBER);
			struct igt_ember_env cenv;
			struct igt_ember_buf flag;
			int i;

			igt_ember_env_init(&cenv, cfd, 1);
			igt_ember_buf_create(&flag, &cenv.vm, PAGE);
			igt_ember_ib_wait_mem32(&cenv.ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
			for (i = 0; i < 16; i++)
				igt_ember_submit_ib(cfd, cenv.ctx, &cenv.ib, 0, NULL, 0);
			/* Exit with everything still open and queued. */
		}
		igt_waitchildren();
		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		igt_ember_ib_write32(&env.ib, buf.va, 0xe1);
		{
			uint32_t done = igt_ember_syncobj_create(fd, 0);
			struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
			uint64_t timeout = (3ull * info.job_timeout_ms + 10000) * 1000000ull;

			igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
			igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, timeout, 0), 0);
			igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
			igt_ember_syncobj_destroy(fd, done);
		}
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0xe1);
		igt_ember_buf_destroy(&buf);
		igt_ember_env_fini(&env);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
