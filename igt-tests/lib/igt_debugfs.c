// SPDX-License-Identifier: MIT
/*
 * debugfs of a DRM device: /sys/kernel/debug/dri/<minor> is a link to the
 * device's directory for each of its minors, the render node's too.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "igt_debugfs.h"

/**
 * igt_debugfs_dir: the debugfs directory of the DRM device @device is open
 * on, as an O_DIRECTORY file descriptor, or -1 (errno set).
 */
int igt_debugfs_dir(int device)
{
	char path[64];
	struct stat st;

	if (fstat(device, &st))
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%u", minor(st.st_rdev));
	return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/**
 * igt_debugfs_open: opens @filename in the debugfs directory of @device
 * with @mode (O_RDONLY, O_WRONLY, ...); -1 (errno set) if either is missing.
 */
int igt_debugfs_open(int device, const char *filename, int mode)
{
	int dir = igt_debugfs_dir(device), fd;

	if (dir < 0)
		return -1;
	fd = openat(dir, filename, mode | O_CLOEXEC);
	close(dir);
	return fd;
}
