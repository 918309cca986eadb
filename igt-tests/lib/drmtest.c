// SPDX-License-Identifier: MIT
/* Opening DRM render nodes by driver name, as IGT's drmtest.c does. */
#include "drmtest.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int igt_ioctl(int fd, unsigned long request, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, request, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret;
}

/* Returns a render-node fd of @driver, or -1 when there is none. */
int __drm_open_driver_render(const char *driver)
{
	char path[64];
	int minor;

	for (minor = 128; minor < 192; minor++) {
		drmVersionPtr version;
		bool match;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		version = drmGetVersion(fd);
		match = version && !strcmp(version->name, driver);
		drmFreeVersion(version);
		if (match)
			return fd;
		close(fd);
	}
	return -1;
}

int drm_open_driver_render(const char *driver)
{
	int fd = __drm_open_driver_render(driver);

	igt_require_f(fd >= 0, "no %s render node found\n", driver);
	return fd;
}

int drm_close_driver(int fd)
{
	return close(fd);
}
