// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_EMBER_DEV_QUERY: what the driver reports matches what the device
 * publishes and is read once at probe, each timestamp query makes a round
 * trip through the device and brackets the device time with the CPU's
 * clocks, and invalid input gets the errno the uAPI documents.
 */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_regs.h"
#include "igt_ember.h"

#define NS_PER_SEC 1000000000ull

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	igt_assert_eq(clock_gettime(clock, &ts), 0);
	return (uint64_t)ts.tv_sec * NS_PER_SEC + ts.tv_nsec;
}

/* Every field of a struct drm_ember_timestamp that can be checked alone. */
static void check_timestamp(const struct drm_ember_timestamp *t)
{
	igt_assert_lte_u64(t->monotonic_before_ns, t->monotonic_after_ns);
	igt_assert_lte_u64(t->monotonic_raw_before_ns, t->monotonic_raw_after_ns);
	igt_assert_neq_u64(t->device_timestamp, 0);
	/* A round trip, not a second: the mailbox's timeout would be hit first. */
	igt_assert_lt_u64(t->monotonic_after_ns - t->monotonic_before_ns, NS_PER_SEC);
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
	}

	igt_describe("The GPU info describes an Ember GPU of the current contract.");
	igt_subtest("gpu-info") {
		igt_assert_eq(EMBER_HW_VERSION_MAJOR(info.hw_version),
			      EMBER_HW_VERSION_MAJOR_CURRENT);
		igt_assert_eq(info.va_bits, 48);
		igt_assert_lte(1, info.num_shader_cores);
		igt_assert_eq_u64(info.timestamp_frequency, NS_PER_SEC);
		igt_assert(info.caps & EMBER_CAP_MGMT);
		igt_assert_neq(info.timestamp, 0);
	}

	igt_describe("The driver 1.1 limits are usable: a page-aligned VA range inside "
		     "the 48-bit space, non-zero BO, IB, queue and context limits, a job "
		     "timeout.");
	igt_subtest("limits") {
		igt_assert_eq_u64(info.va_start % 4096, 0);
		igt_assert_eq_u64(info.va_end % 4096, 0);
		igt_assert_lt_u64(info.va_start, info.va_end);
		igt_assert_lte_u64(info.va_end, 1ull << info.va_bits);
		igt_assert_lte_u64(4096, info.max_bo_size);
		igt_assert_eq_u64(info.max_bo_size % 4096, 0);
		igt_assert_lte(4, info.max_ib_size);
		igt_assert_eq(info.max_ib_size % 4, 0);
		igt_assert_lte(1, info.max_queues);
		igt_assert_lte(1, info.max_contexts);
		igt_assert_lte(1, info.job_timeout_ms);
		igt_assert_lte(1, info.num_rings);
		igt_assert(info.caps & EMBER_CAP_RINGS);
		igt_assert(info.caps & EMBER_CAP_MMU);
		igt_assert(info.caps & EMBER_CAP_COPY);
	}

	igt_describe("Driver 1.7: a file's context quota is at least one context and at "
		     "most the device's, and the pad after it is zero.");
	igt_subtest("context-quota") {
		igt_require_f(igt_ember_has_version(fd, 1, 7), "driver before 1.7\n");
		igt_assert_lte(1, info.max_contexts_per_file);
		igt_assert_lte(info.max_contexts_per_file, info.max_contexts);
		igt_assert_eq(info.pad1, 0);
	}

	igt_describe("Every identity field equals the device's register page, read "
		     "through the PCI BAR with the driver unbound.");
	igt_subtest("gpu-info-matches-registers") {
		char dir[PATH_MAX];
		const char *bdf;
		size_t size;
		void *regs;

		igt_assert_eq(igt_ember_pci_sysfs_path(fd, dir, sizeof(dir)), 0);
		bdf = strrchr(dir, '/') + 1;
		drm_close_driver(fd);
		igt_ember_unbind(bdf);
		regs = igt_ember_map_registers(dir, &size);

		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_MAGIC), EMBER_MAGIC);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_HW_VERSION),
				  info.hw_version);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_FW_VERSION),
				  info.fw_version);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_CAPS), info.caps);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_NUM_RINGS),
				  info.num_rings);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_NUM_CORES),
				  info.num_shader_cores);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_VA_BITS), info.va_bits);
		igt_assert_eq_u64(igt_ember_reg_read(regs, EMBER_REG_TIMESTAMP_FREQ),
				  info.timestamp_frequency);
		igt_assert_eq_u64(igt_ember_reg_read(regs, EMBER_REG_SHM_SIZE), size);
		igt_assert_eq_u32(igt_ember_reg_read(regs, EMBER_REG_MAX_IB_SIZE), info.max_ib_size);
		igt_assert_lte(info.max_contexts,
			       igt_ember_reg_read(regs, EMBER_REG_NUM_CONTEXTS));
		igt_assert(igt_ember_reg_read(regs, EMBER_REG_STATUS) & EMBER_STATUS_READY);
		igt_ember_unmap_registers(regs, size);

		igt_ember_bind(bdf);
		fd = drm_open_driver_render(DRIVER_EMBER);
	}

	igt_describe("The GPU info is the copy read at probe: every query returns the "
		     "same bytes, its timestamp (the probe's) behind the device's clock.");
	igt_subtest("gpu-info-read-at-probe") {
		struct drm_ember_gpu_info first, again;
		struct drm_ember_timestamp now;
		int i;

		/* Not the fixture's copy: gpu-info-matches-registers probes again. */
		igt_ember_get_gpu_info(fd, &first);
		for (i = 0; i < 100; i++) {
			igt_ember_get_gpu_info(fd, &again);
			igt_assert(!memcmp(&again, &first, sizeof(first)));
		}
		igt_ember_get_timestamp(fd, &now);
		igt_assert_lt_u64(first.timestamp, now.device_timestamp);
	}

	igt_describe("A timestamp query brackets the device time with CLOCK_MONOTONIC "
		     "and CLOCK_MONOTONIC_RAW read by the kernel, between the caller's "
		     "own readings of those clocks.");
	igt_subtest("timestamp-brackets") {
		struct drm_ember_timestamp t;
		uint64_t mono_before, raw_before, mono_after, raw_after;

		mono_before = clock_ns(CLOCK_MONOTONIC);
		raw_before = clock_ns(CLOCK_MONOTONIC_RAW);
		igt_ember_get_timestamp(fd, &t);
		mono_after = clock_ns(CLOCK_MONOTONIC);
		raw_after = clock_ns(CLOCK_MONOTONIC_RAW);
		check_timestamp(&t);
		igt_assert_lte_u64(mono_before, t.monotonic_before_ns);
		igt_assert_lte_u64(t.monotonic_after_ns, mono_after);
		igt_assert_lte_u64(raw_before, t.monotonic_raw_before_ns);
		igt_assert_lte_u64(t.monotonic_raw_after_ns, raw_after);
	}

	igt_describe("Each timestamp query reaches the device: its time moves forward.");
	igt_subtest("timestamp-advances") {
		struct drm_ember_timestamp earlier, later;
		int i;

		igt_ember_get_timestamp(fd, &earlier);
		for (i = 0; i < 10; i++) {
			igt_ember_get_timestamp(fd, &later);
			check_timestamp(&later);
			igt_assert_lt_u64(earlier.device_timestamp, later.device_timestamp);
			igt_assert_lte_u64(earlier.monotonic_after_ns, later.monotonic_before_ns);
			earlier = later;
		}
	}

	igt_describe("The device clock runs at 1 ns per ns of CLOCK_MONOTONIC: over "
		     "200 ms its advance lies within what the brackets allow, give or "
		     "take 1% for the guest's and the host's clocks.");
	igt_subtest("timestamp-rate") {
		struct drm_ember_timestamp first, second;
		uint64_t device_ns, cpu_min_ns, cpu_max_ns;

		igt_assert_eq_u64(info.timestamp_frequency, NS_PER_SEC);
		igt_ember_get_timestamp(fd, &first);
		usleep(200 * 1000);
		igt_ember_get_timestamp(fd, &second);
		device_ns = second.device_timestamp - first.device_timestamp;
		/* The device read its clock somewhere inside each bracket. */
		cpu_min_ns = second.monotonic_before_ns - first.monotonic_after_ns;
		cpu_max_ns = second.monotonic_after_ns - first.monotonic_before_ns;
		igt_assert_lte_u64(200 * 1000 * 1000ull, cpu_max_ns);
		igt_assert_f(device_ns >= cpu_min_ns - cpu_min_ns / 100 &&
			     device_ns <= cpu_max_ns + cpu_max_ns / 100,
			     "device advanced %llu ns, CPU between %llu and %llu ns\n",
			     (unsigned long long)device_ns, (unsigned long long)cpu_min_ns,
			     (unsigned long long)cpu_max_ns);
	}

	igt_describe("A thousand timestamp round trips through the device all succeed.");
	igt_subtest("round-trips") {
		struct drm_ember_timestamp t;
		int i;

		for (i = 0; i < 1000; i++) {
			igt_ember_get_timestamp(fd, &t);
			check_timestamp(&t);
		}
	}

	igt_describe("A NULL pointer returns the kernel's structure size.");
	igt_subtest("size-query") {
		uint32_t size = 0;

		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
						    &size, NULL), 0);
		igt_assert_eq(size, sizeof(struct drm_ember_gpu_info));
		size = 0;
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP,
						    &size, NULL), 0);
		igt_assert_eq(size, sizeof(struct drm_ember_timestamp));
	}

	igt_describe("A larger userspace structure gets its tail zeroed.");
	igt_subtest("larger-struct-tail-zeroed") {
		const size_t extra = 24;
		uint32_t size = sizeof(struct drm_ember_gpu_info) + extra;
		unsigned char *buf = malloc(size);
		size_t i;

		igt_assert(buf);
		memset(buf, 0xa5, size);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
						    &size, buf), 0);
		for (i = sizeof(struct drm_ember_gpu_info); i < sizeof(struct drm_ember_gpu_info) + extra; i++)
			igt_assert_eq(buf[i], 0);
		igt_assert_eq_u32(((struct drm_ember_gpu_info *)buf)->hw_version,
				  info.hw_version);
		free(buf);
	}

	igt_describe("A larger userspace timestamp structure gets its tail zeroed.");
	igt_subtest("timestamp-larger-struct-tail-zeroed") {
		const size_t extra = 16;
		uint32_t size = sizeof(struct drm_ember_timestamp) + extra;
		unsigned char *buf = malloc(size);
		size_t i;

		igt_assert(buf);
		memset(buf, 0xa5, size);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP,
						    &size, buf), 0);
		for (i = sizeof(struct drm_ember_timestamp); i < size; i++)
			igt_assert_eq(buf[i], 0);
		check_timestamp((struct drm_ember_timestamp *)buf);
		free(buf);
	}

	igt_describe("An unknown query type is rejected with EINVAL.");
	igt_subtest("bad-type") {
		uint32_t size = sizeof(info);

		igt_assert_eq(__igt_ember_dev_query(fd, 0x1234, &size, &info), -EINVAL);
		size = 0;
		igt_assert_eq(__igt_ember_dev_query(fd, ~0u, &size, NULL), -EINVAL);
	}

	igt_describe("A structure smaller than the first version is rejected with EINVAL.");
	igt_subtest("too-small") {
		/* Driver 1.0's structure ended at va_start: anything smaller fails. */
		const uint32_t first_version = offsetof(struct drm_ember_gpu_info, va_start);
		uint32_t size;

		for (size = 1; size < first_version; size += 7) {
			uint32_t s = size;

			igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
							    &s, &info), -EINVAL);
		}
	}

	igt_describe("A timestamp structure smaller than its first (and only) version "
		     "is rejected with EINVAL, and the kernel writes nothing.");
	igt_subtest("timestamp-too-small") {
		struct drm_ember_timestamp t;
		uint32_t size;

		for (size = 0; size < sizeof(t); size++) {
			uint32_t s = size;

			memset(&t, 0xa5, sizeof(t));
			igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP,
							    &s, &t), -EINVAL);
			igt_assert_eq(((unsigned char *)&t)[0], 0xa5);
		}
	}

	igt_describe("An unwritable pointer is rejected with EFAULT.");
	igt_subtest("bad-pointer") {
		uint32_t size = sizeof(info);
		void *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		igt_assert(ro != MAP_FAILED);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
						    &size, ro), -EFAULT);
		size = sizeof(info);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
						    &size, (void *)8), -EFAULT);
		size = sizeof(struct drm_ember_timestamp);
		igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP,
						    &size, ro), -EFAULT);
		munmap(ro, 4096);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
