// SPDX-License-Identifier: MIT
/*
 * ember.ko and its device: the render node exists and says "ember", the
 * driver refuses a PCI device that is not an Ember GPU, and the module can
 * be removed, reloaded, unbound and rebound.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/klog.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_regs.h"
#include "igt_ember.h"

/* Counts the render nodes whose driver is "ember". */
static int count_ember_render_nodes(void)
{
	char path[64];
	int minor, count = 0;

	for (minor = 128; minor < 192; minor++) {
		drmVersionPtr version;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		version = drmGetVersion(fd);
		if (version && !strcmp(version->name, DRIVER_EMBER))
			count++;
		drmFreeVersion(version);
		close(fd);
	}
	return count;
}

/* Whether the kernel log contains @needle. */
static bool kernel_log_contains(const char *needle)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;
	bool found;

	igt_assert_lt(0, len);
	buf = calloc(1, len + 1);
	igt_assert(buf);
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	igt_assert_lte(0, len);
	found = strstr(buf, needle) != NULL;
	free(buf);
	return found;
}

/*
 * Checks the driver describes the device and the device answers a query (a
 * timestamp is a mailbox round trip), proving the driver is fully up.
 */
static void check_device_answers(void)
{
	struct drm_ember_gpu_info info;
	struct drm_ember_timestamp time;
	int fd = __drm_open_driver_render(DRIVER_EMBER);

	igt_assert_f(fd >= 0, "no ember render node\n");
	igt_ember_get_gpu_info(fd, &info);
	igt_assert_eq(EMBER_HW_VERSION_MAJOR(info.hw_version),
		      EMBER_HW_VERSION_MAJOR_CURRENT);
	igt_ember_get_timestamp(fd, &time);
	close(fd);
}

igt_main
{
	igt_describe("ember.ko bound the Ember GPU and registered one render node.");
	igt_subtest("render-node") {
		igt_assert_eq(count_ember_render_nodes(), 1);
	}

	igt_describe("DRM_IOCTL_VERSION names the driver ember, version 1.x.");
	igt_subtest("version") {
		int fd = drm_open_driver_render(DRIVER_EMBER);
		drmVersionPtr version = drmGetVersion(fd);

		igt_assert(version);
		igt_assert_eq_str(version->name, "ember");
		igt_assert_eq(version->version_major, 1);
		igt_assert(version->desc && version->desc[0]);
		drmFreeVersion(version);
		close(fd);
	}

	igt_describe("A plain ivshmem device (no Ember register page) is refused.");
	igt_subtest("refuses-plain-ivshmem") {
		igt_assert(kernel_log_contains("not an Ember GPU"));
		igt_assert_eq(count_ember_render_nodes(), 1);
	}

	igt_describe("The module cannot be removed while a render node is open.");
	igt_subtest("rmmod-busy") {
		int fd = drm_open_driver_render(DRIVER_EMBER);

		igt_assert_neq(system("rmmod ember 2>/dev/null"), 0);
		check_device_answers();
		close(fd);
	}

	igt_describe("rmmod + modprobe: the device comes back and answers.");
	igt_subtest("reload") {
		int i;

		for (i = 0; i < 3; i++) {
			igt_assert_eq(system("rmmod ember"), 0);
			igt_assert_eq(count_ember_render_nodes(), 0);
			igt_assert_eq(system("modprobe ember"), 0);
			check_device_answers();
		}
	}

	igt_describe("Unbinding and rebinding the PCI device through sysfs.");
	igt_subtest("unbind-rebind") {
		char dir[PATH_MAX];
		const char *bdf;
		int fd = drm_open_driver_render(DRIVER_EMBER);

		igt_assert_eq(igt_ember_pci_sysfs_path(fd, dir, sizeof(dir)), 0);
		close(fd);
		bdf = strrchr(dir, '/') + 1;
		igt_ember_unbind(bdf);
		igt_assert_eq(count_ember_render_nodes(), 0);
		igt_ember_bind(bdf);
		check_device_answers();
	}

	igt_describe("An fd kept open across unbind gets ENODEV, then closes cleanly.");
	igt_subtest("ioctl-after-unbind") {
		struct drm_ember_dev_query query = {
			.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		};
		char dir[PATH_MAX];
		const char *bdf;
		int fd = drm_open_driver_render(DRIVER_EMBER);

		igt_assert_eq(igt_ember_pci_sysfs_path(fd, dir, sizeof(dir)), 0);
		bdf = strrchr(dir, '/') + 1;
		igt_ember_unbind(bdf);
		do_ioctl_err(fd, DRM_IOCTL_EMBER_DEV_QUERY, &query, ENODEV);
		close(fd);
		igt_ember_bind(bdf);
		check_device_answers();
	}
}
