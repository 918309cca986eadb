// SPDX-License-Identifier: MIT
/* Helpers for the Ember tests: uAPI wrappers and access to the device. */
#include "igt_ember.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drmtest.h"

/* Returns 0 or -errno; @size is updated as the kernel writes it back. */
int __igt_ember_dev_query(int fd, uint32_t type, uint32_t *size, void *pointer)
{
	struct drm_ember_dev_query query = {
		.type = type,
		.size = *size,
		.pointer = (uintptr_t)pointer,
	};
	int ret = igt_ioctl(fd, DRM_IOCTL_EMBER_DEV_QUERY, &query);

	if (ret)
		return -errno;
	*size = query.size;
	return 0;
}

void igt_ember_get_gpu_info(int fd, struct drm_ember_gpu_info *info)
{
	uint32_t size = sizeof(*info);

	igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_GPU_INFO,
					    &size, info), 0);
}

/* The sysfs directory of the PCI device behind a render-node fd. */
int igt_ember_pci_sysfs_path(int fd, char *path, size_t len)
{
	char link[PATH_MAX];
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	snprintf(link, sizeof(link), "/sys/dev/char/%u:%u/device",
		 major(st.st_rdev), minor(st.st_rdev));
	if (!realpath(link, path) || strlen(path) >= len)
		return -ENOENT;
	return 0;
}

static void sysfs_write(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	igt_assert_f(fd >= 0, "open %s: %s\n", path, strerror(errno));
	igt_assert_eq(write(fd, value, strlen(value)), (ssize_t)strlen(value));
	close(fd);
}

/* Unbinds the PCI device @bdf (e.g. "0000:00:02.0") from ember.ko. */
void igt_ember_unbind(const char *bdf)
{
	sysfs_write(IGT_EMBER_SYSFS_DRIVER "/unbind", bdf);
}

/* Binds the PCI device @bdf to ember.ko again. */
void igt_ember_bind(const char *bdf)
{
	sysfs_write(IGT_EMBER_SYSFS_DRIVER "/bind", bdf);
}

/*
 * Maps the device's register page (BAR2 of the PCI device at sysfs
 * directory @dir) read-only, so tests can compare what the driver reports
 * with what the device publishes. The kernel refuses to map a BAR a driver
 * has claimed, so the device must be unbound first.
 */
void *igt_ember_map_registers(const char *dir, size_t *size)
{
	char res[PATH_MAX + 16];
	struct stat st;
	void *regs;
	int bar;

	snprintf(res, sizeof(res), "%s/resource2", dir);
	bar = open(res, O_RDONLY | O_CLOEXEC);
	igt_assert_f(bar >= 0, "cannot open %s: %s\n", res, strerror(errno));
	igt_assert_eq(fstat(bar, &st), 0);
	*size = st.st_size;
	regs = mmap(NULL, *size, PROT_READ, MAP_SHARED, bar, 0);
	close(bar);
	igt_assert(regs != MAP_FAILED);
	return regs;
}

void igt_ember_unmap_registers(void *regs, size_t size)
{
	munmap(regs, size);
}
