// SPDX-License-Identifier: MIT
/*
 * Buffer objects: BO_CREATE, BO_MMAP_OFFSET, BO_INFO, CPU mmap, PRIME and
 * the drm-memory-* fdinfo keys, with every documented errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "drmtest.h"
#include "igt_ember.h"

static void gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close args = { .handle = handle };

	igt_assert_eq(drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &args), 0);
}

static int bo_create(int fd, uint64_t size, uint32_t flags, uint32_t vm_id,
		     struct drm_ember_bo_create *out)
{
	struct drm_ember_bo_create args = {
		.size = size, .flags = flags, .exclusive_vm_id = vm_id,
	};
	int ret = drmIoctl(fd, DRM_IOCTL_EMBER_BO_CREATE, &args) ? -errno : 0;

	if (out)
		*out = args;
	return ret;
}

static uint32_t bo_new(int fd, uint64_t size)
{
	struct drm_ember_bo_create args;

	igt_assert_eq(bo_create(fd, size, 0, 0, &args), 0);
	return args.handle;
}

static int bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_ember_bo_mmap_offset args = { .handle = handle };
	int ret = drmIoctl(fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args) ? -errno : 0;

	*offset = args.offset;
	return ret;
}

static uint32_t *bo_map(int fd, uint32_t handle, size_t size)
{
	uint64_t offset;
	void *ptr;

	igt_assert_eq(bo_mmap_offset(fd, handle, &offset), 0);
	ptr = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	igt_assert(ptr != MAP_FAILED);
	return ptr;
}

static uint32_t vm_new(int fd)
{
	struct drm_ember_vm_create args = { 0 };

	igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_VM_CREATE, &args), 0);
	return args.id;
}

/* The value of an fdinfo key of fd, in bytes (KiB and MiB converted). */
static long long fdinfo_bytes(int fd, const char *key)
{
	char path[64], line[256];
	long long value = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	igt_assert(f);
	while (fgets(line, sizeof(line), f)) {
		char unit[8] = "";
		size_t len = strlen(key);

		if (strncmp(line, key, len) || line[len] != ':')
			continue;
		igt_assert(sscanf(line + len + 1, "%lld %7s", &value, unit) >= 1);
		if (!strcmp(unit, "KiB"))
			value <<= 10;
		else if (!strcmp(unit, "MiB"))
			value <<= 20;
	}
	fclose(f);
	return value;
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
	}

	igt_describe("BO_CREATE rounds the size up to pages; BO_INFO reports it.");
	igt_subtest("create-info") {
		struct drm_ember_bo_create bo;
		struct drm_ember_bo_info bi = { 0 };

		igt_assert_eq(bo_create(fd, 5000, DRM_EMBER_BO_NO_MMAP, 0, &bo), 0);
		igt_assert_eq_u64(bo.size, 8192);
		bi.handle = bo.handle;
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_INFO, &bi), 0);
		igt_assert_eq_u64(bi.size, 8192);
		igt_assert_eq_u32(bi.flags, DRM_EMBER_BO_NO_MMAP);
		igt_assert_eq_u32(bi.exclusive_vm_id, 0);
		gem_close(fd, bo.handle);
	}

	igt_describe("Zero, oversized, unknown flags and non-zero pad are -EINVAL.");
	igt_subtest("create-bad-args") {
		struct drm_ember_bo_create args = { .size = 4096, .pad = 1 };

		igt_assert_eq_u64(info.max_bo_size, 4ull << 30);
		igt_assert_eq(bo_create(fd, 0, 0, 0, NULL), -EINVAL);
		igt_assert_eq(bo_create(fd, info.max_bo_size + 1, 0, 0, NULL), -EINVAL);
		igt_assert_eq(bo_create(fd, 4096, 1u << 5, 0, NULL), -EINVAL);
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_CREATE, &args), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("An unknown exclusive VM is -ENOENT.");
	igt_subtest("create-bad-vm") {
		igt_assert_eq(bo_create(fd, 4096, 0, 12345, NULL), -ENOENT);
	}

	igt_describe("The largest BO can be created (pages come later), if the device's BO "
		     "memory holds it (since 1.6; else -ENOMEM).");
	igt_subtest("create-max-size") {
		struct drm_ember_bo_create bo;
		uint64_t largest = info.max_bo_size;

		if (igt_ember_has_version(fd, 1, 6) && largest > info.bo_memory) {
			igt_assert_eq(bo_create(fd, largest, 0, 0, NULL), -ENOMEM);
			largest = info.bo_memory;
		}
		igt_assert_eq(bo_create(fd, largest, 0, 0, &bo), 0);
		igt_assert_eq_u64(bo.size, largest);
		gem_close(fd, bo.handle);
	}

	igt_describe("Unknown handles are -ENOENT for BO_INFO and BO_MMAP_OFFSET.");
	igt_subtest("bad-handle") {
		struct drm_ember_bo_info bi = { .handle = 999 };
		uint64_t offset;

		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_INFO, &bi), -1);
		igt_assert_eq(errno, ENOENT);
		igt_assert_eq(bo_mmap_offset(fd, 999, &offset), -ENOENT);
	}

	igt_describe("A non-zero pad of BO_INFO and BO_MMAP_OFFSET is -EINVAL.");
	igt_subtest("bad-pad") {
		uint32_t handle = bo_new(fd, 4096);
		struct drm_ember_bo_info bi = { .handle = handle, .pad = 1 };
		struct drm_ember_bo_mmap_offset mo = { .handle = handle, .pad = 1 };

		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_INFO, &bi), -1);
		igt_assert_eq(errno, EINVAL);
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &mo), -1);
		igt_assert_eq(errno, EINVAL);
		gem_close(fd, handle);
	}

	igt_describe("A NO_MMAP BO has no mmap offset.");
	igt_subtest("no-mmap") {
		struct drm_ember_bo_create bo;
		uint64_t offset;

		igt_assert_eq(bo_create(fd, 4096, DRM_EMBER_BO_NO_MMAP, 0, &bo), 0);
		igt_assert_eq(bo_mmap_offset(fd, bo.handle, &offset), -EINVAL);
		gem_close(fd, bo.handle);
	}

	igt_describe("What is written through one mmap() reads back through another; "
		     "new BOs read zero.");
	igt_subtest("mmap-write-read") {
		size_t size = 3 * 4096;
		uint32_t handle = bo_new(fd, size);
		uint32_t *a, *b;
		size_t i;

		a = bo_map(fd, handle, size);
		for (i = 0; i < size / 4; i++)
			igt_assert_eq_u32(a[i], 0);
		for (i = 0; i < size / 4; i++)
			a[i] = 0xe0000000 | i;
		munmap(a, size);
		b = bo_map(fd, handle, size);
		for (i = 0; i < size / 4; i++)
			igt_assert_eq_u32(b[i], 0xe0000000 | i);
		munmap(b, size);
		gem_close(fd, handle);
	}

	igt_describe("A BO exported as a dma-buf and imported by another file is the "
		     "same memory.");
	igt_subtest("prime-share") {
		size_t size = 2 * 4096;
		uint32_t handle = bo_new(fd, size), imported;
		struct drm_ember_bo_info bi = { 0 };
		int fd2 = drm_open_driver_render(DRIVER_EMBER);
		uint32_t *a, *b;
		int dmabuf;

		a = bo_map(fd, handle, size);
		a[0] = 0xcafe;
		a[size / 4 - 1] = 0xf00d;
		igt_assert_eq(drmPrimeHandleToFD(fd, handle, DRM_CLOEXEC, &dmabuf), 0);
		igt_assert_eq(drmPrimeFDToHandle(fd2, dmabuf, &imported), 0);
		bi.handle = imported;
		igt_assert_eq(drmIoctl(fd2, DRM_IOCTL_EMBER_BO_INFO, &bi), 0);
		igt_assert_eq_u64(bi.size, size);
		b = bo_map(fd2, imported, size);
		igt_assert_eq_u32(b[0], 0xcafe);
		igt_assert_eq_u32(b[size / 4 - 1], 0xf00d);
		b[1] = 0xbeef;
		igt_assert_eq_u32(a[1], 0xbeef);
		munmap(a, size);
		munmap(b, size);
		close(dmabuf);
		drm_close_driver(fd2);
		gem_close(fd, handle);
	}

	igt_describe("A BO private to a VM cannot be exported; BO_INFO names its VM.");
	igt_subtest("prime-exclusive-refused") {
		struct drm_ember_bo_create bo;
		struct drm_ember_bo_info bi = { 0 };
		uint32_t vm = vm_new(fd);
		int dmabuf = -1;

		igt_assert_eq(bo_create(fd, 4096, 0, vm, &bo), 0);
		bi.handle = bo.handle;
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_INFO, &bi), 0);
		igt_assert_eq_u32(bi.exclusive_vm_id, vm);
		igt_assert_neq(drmPrimeHandleToFD(fd, bo.handle, DRM_CLOEXEC, &dmabuf), 0);
		igt_assert_eq(errno, EINVAL);
		gem_close(fd, bo.handle);
	}

	igt_describe("fdinfo's drm-total-memory counts a new BO, drm-resident-memory "
		     "once its pages exist.");
	igt_subtest("fdinfo-memory") {
		int fd2 = drm_open_driver_render(DRIVER_EMBER);
		size_t size = 64 * 4096;
		uint32_t handle;
		uint32_t *ptr;

		handle = bo_new(fd2, size);
		igt_assert_eq(fdinfo_bytes(fd2, "drm-total-memory"), size);
		igt_assert_eq(fdinfo_bytes(fd2, "drm-resident-memory"), 0);
		ptr = bo_map(fd2, handle, size);
		ptr[0] = 1;
		igt_assert_eq(fdinfo_bytes(fd2, "drm-resident-memory"), size);
		munmap(ptr, size);
		drm_close_driver(fd2);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
