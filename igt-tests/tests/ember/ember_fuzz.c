// SPDX-License-Identifier: MIT
/*
 * The structure-aware ioctl fuzzer (igt-tests/fuzz/) as a test: a bounded
 * run with a fixed seed, so that every run of the suite repeats the same
 * programs on the same kernel, in the stock lane and in the debug lane
 * (KASAN, lockdep, kmemleak; with KCOV the programs follow new coverage).
 * It fails on a kernel report (the engine reads the kernel log after each
 * program; the debug lane's own scan also sees it) or a program whose
 * process crashed or hung, printing the reproducer.
 *
 * Environment: EMBER_FUZZ_SECONDS (default 30), EMBER_FUZZ_SEED (default
 * 1), EMBER_FUZZ_REPLAY (a reproducer's seeds: run that program only),
 * EMBER_FUZZ_CRASH_DIR (default /tmp/ember-fuzz), EMBER_FUZZ_TRACE=1
 * (each call's name and time on stderr). `./ember fuzz --minutes N` runs
 * it longer.
 */
#include <stdlib.h>

#include "drmtest.h"
#include "fuzz.h"

static uint64_t env_u64(const char *name, uint64_t fallback)
{
	const char *value = getenv(name);

	return value && *value ? strtoull(value, NULL, 0) : fallback;
}

igt_main
{
	igt_fixture {
		int fd = __drm_open_driver_render(DRIVER_EMBER);

		igt_require_f(fd >= 0, "no Ember render node\n");
		drm_close_driver(fd);
	}

	igt_describe("Random programs of ember and DRM core ioctls on live objects, with "
		     "packets and jobs, for a bounded time with a fixed seed: no kernel "
		     "report, no crash, no hang.");
	igt_subtest("bounded-fixed-seed") {
		const struct fuzz_options options = {
			.seed = env_u64("EMBER_FUZZ_SEED", 1),
			.seconds = env_u64("EMBER_FUZZ_SECONDS", 30),
			.replay = getenv("EMBER_FUZZ_REPLAY"),
			.crash_dir = getenv("EMBER_FUZZ_CRASH_DIR") ?: "/tmp/ember-fuzz",
		};
		struct fuzz_summary s;

		fuzz_run(&options, &s);
		igt_info("fuzz: seed %llu, %llu programs, %llu calls (%llu failed as expected), "
			 "KCOV %s: %llu kernel PCs, corpus %llu\n",
			 (unsigned long long)options.seed, (unsigned long long)s.programs,
			 (unsigned long long)s.calls, (unsigned long long)s.failed_calls,
			 s.kcov ? "on" : "off (the kernel has no /sys/kernel/debug/kcov)",
			 (unsigned long long)s.coverage, (unsigned long long)s.corpus);
		igt_assert_f(!s.failed, "%s\n", s.report);
		igt_assert(s.calls > 0);
	}
}
