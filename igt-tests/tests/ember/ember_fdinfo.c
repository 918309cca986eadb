// SPDX-License-Identifier: MIT
/*
 * fdinfo (Documentation/gpu/drm-usage-stats.rst): the DRM file's memory,
 * as drm_show_memory_stats() prints it, grows with the BOs it creates and
 * shrinks when they go; its drm-engine-* busy time grows with the jobs it
 * runs.
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
		const uint64_t size = 32ull << 20;
		struct igt_ember_env env;
		struct igt_ember_buf buf;
		long long before, after;
		uint64_t *t;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&buf, &env.vm, size);
		before = fdinfo_engine_ns(fd);
		igt_assert_lte(0, before);
		t = buf.map;
		igt_ember_ib_timestamp(&env.ib, buf.va);
		igt_ember_ib_fill(&env.ib, buf.va + 64, size - 64, 0x1);
		igt_ember_ib_barrier(&env.ib);
		igt_ember_ib_timestamp(&env.ib, buf.va + 8);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		after = fdinfo_engine_ns(fd);
		igt_assert_lt(0, (long long)(t[1] - t[0]));
		igt_assert_f(after - before >= (long long)(t[1] - t[0]),
			     "busy time grew %lld ns, the job ran %lld ns\n",
			     after - before, (long long)(t[1] - t[0]));
		igt_ember_buf_destroy(&buf);
		igt_ember_env_fini(&env);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
