// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * DRM_IOCTL_EMBER_DEV_QUERY, on the kernel's own selftest harness: the
 * ioctl's contract from uapi/drm/ember_drm.h, checked against whichever
 * kernel runs it (Debian's stock one, or the debug lane's).
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm/ember_drm.h>

#include "kselftest_harness.h"

/* The first version (uAPI 1.0) of struct drm_ember_gpu_info. */
#define GPU_INFO_MIN_SIZE	40

/* The first version (uAPI 1.2) of struct drm_ember_timestamp. */
#define TIMESTAMP_MIN_SIZE	40

/* Opens the render node whose driver is "ember", -1 if there is none. */
static int open_ember_render_node(void)
{
	char path[64], name[16];
	int minor, fd;

	for (minor = 128; minor < 192; minor++) {
		struct drm_version version = {
			.name = name,
			.name_len = sizeof(name) - 1,
		};

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		memset(name, 0, sizeof(name));
		if (!ioctl(fd, DRM_IOCTL_VERSION, &version) && !strcmp(name, "ember"))
			return fd;
		close(fd);
	}
	return -1;
}

/* The ioctl's result: 0, or the errno it failed with. */
static int dev_query(int fd, struct drm_ember_dev_query *query)
{
	return ioctl(fd, DRM_IOCTL_EMBER_DEV_QUERY, query) ? errno : 0;
}

FIXTURE(dev_query) {
	int fd;
};

FIXTURE_SETUP(dev_query)
{
	self->fd = open_ember_render_node();
	if (self->fd < 0)
		SKIP(return, "no ember render node (is ember.ko loaded?)");
}

FIXTURE_TEARDOWN(dev_query)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(dev_query, null_pointer_returns_size)
{
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
	};

	ASSERT_EQ(0, dev_query(self->fd, &query));
	EXPECT_EQ(sizeof(struct drm_ember_gpu_info), query.size);
	query = (struct drm_ember_dev_query){ .type = DRM_EMBER_DEV_QUERY_TIMESTAMP };
	ASSERT_EQ(0, dev_query(self->fd, &query));
	EXPECT_EQ(sizeof(struct drm_ember_timestamp), query.size);
}

TEST_F(dev_query, gpu_info_describes_the_device)
{
	struct drm_ember_gpu_info info = {};
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = sizeof(info),
		.pointer = (uintptr_t)&info,
	};

	ASSERT_EQ(0, dev_query(self->fd, &query));
	EXPECT_EQ(1, info.hw_version >> 16);
	EXPECT_NE(0, info.va_bits);
	EXPECT_NE(0, info.timestamp_frequency);
	EXPECT_NE(0, info.timestamp);
}

TEST_F(dev_query, gpu_info_is_read_at_probe)
{
	struct drm_ember_gpu_info first = {}, second = {};
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = sizeof(first),
		.pointer = (uintptr_t)&first,
	};

	ASSERT_EQ(0, dev_query(self->fd, &query));
	query.pointer = (uintptr_t)&second;
	ASSERT_EQ(0, dev_query(self->fd, &query));
	EXPECT_EQ(0, memcmp(&first, &second, sizeof(first)));
}

TEST_F(dev_query, timestamp_is_bracketed_and_moves_forward)
{
	struct drm_ember_timestamp first = {}, second = {};
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_TIMESTAMP,
		.size = sizeof(first),
		.pointer = (uintptr_t)&first,
	};

	ASSERT_EQ(0, dev_query(self->fd, &query));
	query.pointer = (uintptr_t)&second;
	ASSERT_EQ(0, dev_query(self->fd, &query));
	EXPECT_LE(first.monotonic_before_ns, first.monotonic_after_ns);
	EXPECT_LE(first.monotonic_raw_before_ns, first.monotonic_raw_after_ns);
	EXPECT_LE(first.monotonic_after_ns, second.monotonic_before_ns);
	EXPECT_LT(first.device_timestamp, second.device_timestamp);
}

TEST_F(dev_query, timestamp_below_first_version_is_einval)
{
	unsigned char buf[TIMESTAMP_MIN_SIZE];
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_TIMESTAMP,
		.size = TIMESTAMP_MIN_SIZE - 1,
		.pointer = (uintptr_t)buf,
	};

	EXPECT_EQ(EINVAL, dev_query(self->fd, &query));
}

TEST_F(dev_query, newer_struct_gets_zeroed_tail)
{
	unsigned char buf[sizeof(struct drm_ember_gpu_info) + 16];
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = sizeof(buf),
		.pointer = (uintptr_t)buf,
	};
	size_t i;

	memset(buf, 0xa5, sizeof(buf));
	ASSERT_EQ(0, dev_query(self->fd, &query));
	for (i = sizeof(struct drm_ember_gpu_info); i < sizeof(buf); i++)
		ASSERT_EQ(0, buf[i]);
}

TEST_F(dev_query, struct_below_first_version_is_einval)
{
	unsigned char buf[GPU_INFO_MIN_SIZE];
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = GPU_INFO_MIN_SIZE - 1,
		.pointer = (uintptr_t)buf,
	};

	EXPECT_EQ(EINVAL, dev_query(self->fd, &query));
}

TEST_F(dev_query, unknown_type_is_einval)
{
	struct drm_ember_dev_query query = { .type = 0xdead };

	/* Even with a NULL pointer: the size of nothing is not 0. */
	EXPECT_EQ(EINVAL, dev_query(self->fd, &query));
}

TEST_F(dev_query, unwritable_pointer_is_efault)
{
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = sizeof(struct drm_ember_gpu_info),
		.pointer = 8,
	};

	EXPECT_EQ(EFAULT, dev_query(self->fd, &query));
}

TEST_HARNESS_MAIN
