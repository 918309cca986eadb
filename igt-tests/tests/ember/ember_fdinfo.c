// SPDX-License-Identifier: MIT
/*
 * fdinfo (Documentation/gpu/drm-usage-stats.rst): the DRM file's memory,
 * as drm_show_memory_stats() prints it, grows with the BOs it creates and
 * shrinks when they go; its drm-engine-* busy time grows with the jobs it
 * runs, and ember-info --top, which reads the same keys, shows it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "drmtest.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE

/* A size key's value in bytes ("drm-total-memory: 1024 KiB"), or -1. */
static long long fdinfo_size(int fd, const char *key)
{
	char path[64], line[256];
	long long value = -1;
	size_t key_len = strlen(key);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	igt_assert(f);
	while (fgets(line, sizeof(line), f)) {
		char unit[8] = "";

		if (strncmp(line, key, key_len) || line[key_len] != ':')
			continue;
		igt_assert_lte(1, sscanf(line + key_len + 1, "%lld %7s", &value, unit));
		if (!strcmp(unit, "KiB"))
			value <<= 10;
		else if (!strcmp(unit, "MiB"))
			value <<= 20;
		else if (!strcmp(unit, "GiB"))
			value <<= 30;
		break;
	}
	fclose(f);
	return value;
}

/* The sum of every drm-engine-* busy time, in ns; -1 without such keys. */
static long long fdinfo_engine_ns(int fd)
{
	char path[64], line[256];
	long long total = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	igt_assert(f);
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');
		long long ns;

		if (strncmp(line, "drm-engine-", 11) || !colon ||
		    !strncmp(line, "drm-engine-capacity-", 20))
			continue;
		igt_assert_eq(sscanf(colon + 1, "%lld ns", &ns), 1);
		total = (total < 0 ? 0 : total) + ns;
	}
	fclose(f);
	return total;
}

/* Runs a 32 MiB fill on queue 0; returns the device time it ran, in ns. */
static long long run_timed_job(int fd)
{
	const uint64_t size = 32ull << 20;
	struct igt_ember_env env;
	struct igt_ember_buf buf;
	long long ran;
	uint64_t *t;

	igt_ember_env_init(&env, fd, 1);
	igt_ember_buf_create(&buf, &env.vm, size);
	t = buf.map;
	igt_ember_ib_timestamp(&env.ib, buf.va);
	igt_ember_ib_fill(&env.ib, buf.va + 64, size - 64, 0x1);
	igt_ember_ib_barrier(&env.ib);
	igt_ember_ib_timestamp(&env.ib, buf.va + 8);
	igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
	ran = (long long)(t[1] - t[0]);
	igt_assert_lt(0, ran);
	igt_ember_buf_destroy(&buf);
	igt_ember_env_fini(&env);
	return ran;
}

/*
 * The BUSY-ms column (the last) of @pid's row in one table of
 * "ember-info --top --once"; the row must name this test.
 */
static double top_busy_ms(int pid)
{
	char line[512], comm[32];
	double busy_ms = -1;
	FILE *top;
	int row_pid;

	top = popen("ember-info --top --once --interval 50 2>&1", "r");
	igt_assert(top);
	while (fgets(line, sizeof(line), top)) {
		char *last;

		igt_info("%s", line);
		if (sscanf(line, "%d %31s", &row_pid, comm) != 2 || row_pid != pid)
			continue;
		igt_assert_eq(strcmp(comm, "ember_fdinfo"), 0);
		line[strcspn(line, "\n")] = '\0';
		last = strrchr(line, ' ');
		igt_assert(last);
		busy_ms = strtod(last + 1, NULL);
	}
	igt_require_f(pclose(top) != 127 << 8, "ember-info is not installed\n");
	igt_assert_f(busy_ms >= 0, "ember-info --top has no row for pid %d\n", pid);
	return busy_ms;
}

igt_main
{
	int fd = -1;

	igt_fixture {
		struct drm_ember_gpu_info info;

		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_bo_size, "driver without BOs (1.0)\n");
	}

	igt_describe("drm-driver names ember, and drm-total-memory counts the file's BOs.");
	igt_subtest("memory-stats") {
		const uint64_t size = 8ull << 20;
		long long before, with_bo, after;
		char path[64], line[256];
		bool named = false;
		uint32_t handle;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
		f = fopen(path, "re");
		igt_assert(f);
		while (fgets(line, sizeof(line), f))
			named |= !strcmp(line, "drm-driver:\tember\n");
		fclose(f);
		igt_assert(named);

		before = fdinfo_size(fd, "drm-total-memory");
		igt_assert_lte(0, before);
		handle = igt_ember_bo_create(fd, size, 0);
		with_bo = fdinfo_size(fd, "drm-total-memory");
		igt_assert_eq(with_bo - before, (long long)size);
		igt_ember_gem_close(fd, handle);
		after = fdinfo_size(fd, "drm-total-memory");
		igt_assert_eq(after, before);
	}

	igt_describe("drm-engine-* busy time grows by at least the time a job ran.");
	igt_subtest("engine-busy") {
		long long before, after, ran;

		before = fdinfo_engine_ns(fd);
		igt_assert_lte(0, before);
		ran = run_timed_job(fd);
		after = fdinfo_engine_ns(fd);
		igt_assert_f(after - before >= ran,
			     "busy time grew %lld ns, the job ran %lld ns\n",
			     after - before, ran);
	}

	igt_describe("ember-info --top (ember-tools) lists this process with at least the busy time its job ran.");
	igt_subtest("ember-info-top") {
		long long ran = run_timed_job(fd);
		double busy_ms = top_busy_ms(getpid());

		igt_assert_f(busy_ms * 1e6 + 1000 >= ran,
			     "ember-info --top shows %.3f ms busy, the job ran %lld ns\n",
			     busy_ms, ran);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
