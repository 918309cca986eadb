// SPDX-License-Identifier: MIT
/*
 * ember-info: prints what the Ember GPU behind a render node is, and
 * measures the round trip through the device's management mailbox; with
 * --top, shows which processes use it (ember_top.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "ember_drm.h"
#include "ember_node.h"
#include "ember_regs.h"
#include "ember_top.h"

/* Prints what DRM_IOCTL_VERSION says about the driver behind @fd. */
static void print_driver(int fd, const char *path)
{
	drmVersionPtr version = drmGetVersion(fd);

	if (!version)
		return;
	printf("%s: %s %d.%d.%d (%s)\n", path, version->name,
	       version->version_major, version->version_minor,
	       version->version_patchlevel, version->desc);
	drmFreeVersion(version);
}

static int dev_query(int fd, uint32_t type, void *out, uint32_t size)
{
	struct drm_ember_dev_query query = {
		.type = type,
		.size = size,
		.pointer = (uintptr_t)out,
	};

	return drmIoctl(fd, DRM_IOCTL_EMBER_DEV_QUERY, &query) ? -errno : 0;
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
	struct drm_ember_timestamp first, last;
	struct drm_ember_gpu_info info;
	int pings = argc > 1 ? atoi(argv[1]) : 1000;
	double start, elapsed;
	char path[64];
	int fd, i, ret;

	if (argc > 1 && !strcmp(argv[1], "--top"))
		return ember_top_main(argc, argv);
	fd = ember_open_render_node(path, sizeof(path));
	if (fd < 0) {
		fprintf(stderr, "ember-info: no Ember render node (is ember.ko loaded? see dmesg)\n");
		return 1;
	}
	print_driver(fd, path);
	ret = dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO, &info, sizeof(info));
	if (ret) {
		fprintf(stderr, "ember-info: DEV_QUERY failed: %s\n", strerror(-ret));
		return 1;
	}
	printf("  hardware contract  %u.%u\n", EMBER_HW_VERSION_MAJOR(info.hw_version),
	       EMBER_HW_VERSION_MINOR(info.hw_version));
	printf("  firmware           %u.%u.%u\n", info.fw_version >> 16,
	       (info.fw_version >> 8) & 0xff, info.fw_version & 0xff);
	printf("  capabilities       %#x%s\n", info.caps,
	       info.caps & EMBER_CAP_MGMT ? " (mgmt)" : "");
	printf("  rings              %u\n", info.num_rings);
	printf("  shader cores       %u\n", info.num_shader_cores);
	printf("  GPU VA             %u bits\n", info.va_bits);
	printf("  timestamp at probe %llu ns (%llu Hz)\n",
	       (unsigned long long)info.timestamp,
	       (unsigned long long)info.timestamp_frequency);

	if (pings <= 0)
		return 0;
	/* A timestamp query is the round trip: the GPU info is the driver's copy. */
	ret = dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP, &first, sizeof(first));
	if (ret) {
		fprintf(stderr, "ember-info: timestamp query failed: %s\n", strerror(-ret));
		return 1;
	}
	printf("  calibration        device %llu ns, in a CLOCK_MONOTONIC bracket %.1f us wide\n",
	       (unsigned long long)first.device_timestamp,
	       (first.monotonic_after_ns - first.monotonic_before_ns) / 1e3);
	start = now_us();
	for (i = 0; i < pings; i++) {
		ret = dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP, &last, sizeof(last));
		if (ret) {
			fprintf(stderr, "ember-info: round trip %d failed: %s\n", i, strerror(-ret));
			return 1;
		}
	}
	elapsed = now_us() - start;
	printf("  %d device round trips: %.1f us each; device clock advanced %.3f ms\n",
	       pings, elapsed / pings, (last.device_timestamp - first.device_timestamp) / 1e6);
	close(fd);
	return 0;
}
