// SPDX-License-Identifier: MIT
/*
 * Benchmark: a round trip through the device's management mailbox
 * (DRM_IOCTL_EMBER_DEV_QUERY of the timestamp, the query that asks the
 * device: registers, doorbell, ember-gpu, MSI-X back),
 * as a ratio to a kernel-only ioctl on the same fd (DRM_IOCTL_GET_CAP), both
 * measured in the same run. The ratio is what the device path costs.
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

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	int iterations = argc > 1 ? atoi(argv[1]) : 2000;
	struct drm_ember_timestamp time;
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_TIMESTAMP,
		.size = sizeof(time),
		.pointer = (uintptr_t)&time,
	};
	struct drm_get_cap cap = { .capability = DRM_CAP_SYNCOBJ };
	double t0, device_ns, ioctl_ns;
	char path[64];
	int fd = ember_open_render_node(path, sizeof(path)), i;

	if (fd < 0) {
		fprintf(stderr, "mgmt_roundtrip: no Ember render node\n");
		return 1;
	}
	for (i = 0; i < iterations / 10; i++) /* warm up */
		drmIoctl(fd, DRM_IOCTL_EMBER_DEV_QUERY, &query);

	t0 = now_ns();
	for (i = 0; i < iterations; i++)
		if (drmIoctl(fd, DRM_IOCTL_GET_CAP, &cap) && errno != EINVAL) {
			perror("DRM_IOCTL_GET_CAP");
			return 1;
		}
	ioctl_ns = (now_ns() - t0) / iterations;

	t0 = now_ns();
	for (i = 0; i < iterations; i++)
		if (drmIoctl(fd, DRM_IOCTL_EMBER_DEV_QUERY, &query)) {
			perror("DRM_IOCTL_EMBER_DEV_QUERY");
			return 1;
		}
	device_ns = (now_ns() - t0) / iterations;

	printf("mgmt_roundtrip: %d iterations\n", iterations);
	printf("  kernel-only ioctl (GET_CAP)      %10.1f us\n", ioctl_ns / 1e3);
	printf("  device round trip (DEV_QUERY)    %10.1f us\n", device_ns / 1e3);
	printf("  ratio device/ioctl               %10.1f x\n", device_ns / ioctl_ns);
	close(fd);
	return 0;
}
