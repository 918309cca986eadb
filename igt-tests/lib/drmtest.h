/* SPDX-License-Identifier: MIT */
/*
 * The part of IGT's lib/drmtest.h Ember's tests use: open a driver's
 * render node, ioctl helpers that assert on the result.
 */
#ifndef DRMTEST_H
#define DRMTEST_H

#include <errno.h>
#include <xf86drm.h>

#include "igt_core.h"

#define DRIVER_EMBER "ember"

int __drm_open_driver_render(const char *driver);
int drm_open_driver_render(const char *driver);
int drm_close_driver(int fd);

#define do_ioctl(fd, ioc, ioc_data) \
	do { \
		igt_assert_eq(igt_ioctl((fd), (ioc), (ioc_data)), 0); \
		errno = 0; \
	} while (0)

#define do_ioctl_err(fd, ioc, ioc_data, err) \
	do { \
		igt_assert_eq(igt_ioctl((fd), (ioc), (ioc_data)), -1); \
		igt_assert_eq(errno, err); \
		errno = 0; \
	} while (0)

int igt_ioctl(int fd, unsigned long request, void *arg);

#endif /* DRMTEST_H */
