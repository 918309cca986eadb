// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_EMBER_BO_CREATE, BO_MMAP_OFFSET and BO_INFO: sizes round up to
 * pages, new memory reads zero, the CPU mapping is the BO's memory (a
 * second mapping sees the first one's writes), flags and exclusive VMs are
 * reported back, and every invalid input gets the uAPI's errno.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drmtest.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE

static void check_all_u32(const uint32_t *map, uint64_t size, uint32_t value)
{
	uint64_t i;

	for (i = 0; i < size / 4; i++)
		igt_assert_f(map[i] == value, "dword %llu is %#x, expected %#x\n",
			     (unsigned long long)i, map[i], value);
}

static struct drm_ember_bo_info bo_info(int fd, uint32_t handle)
{
	struct drm_ember_bo_info info = { .handle = handle };

	igt_assert_eq(__igt_ember_bo_info(fd, &info), 0);
	return info;
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_bo_size, "driver without BOs (1.0)\n");
	}

	igt_describe("A BO's size is rounded up to the page size and BO_INFO reports it.");
	igt_subtest("create-rounds-up") {
		static const uint64_t sizes[] = { 1, PAGE - 1, PAGE, PAGE + 1, 3 * PAGE + 17 };
		unsigned int i;

		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			struct drm_ember_bo_create create = { .size = sizes[i] };
			struct drm_ember_bo_info bi;

			igt_assert_eq(__igt_ember_bo_create(fd, &create), 0);
			igt_assert_neq(create.handle, 0);
			igt_assert_eq_u64(create.size, (sizes[i] + PAGE - 1) & ~(PAGE - 1));
			bi = bo_info(fd, create.handle);
			igt_assert_eq_u64(bi.size, create.size);
			igt_assert_eq(bi.flags, 0);
			igt_assert_eq(bi.exclusive_vm_id, 0);
			igt_ember_gem_close(fd, create.handle);
		}
	}

	igt_describe("Every new BO gets its own handle.");
	igt_subtest("create-distinct-handles") {
		uint32_t handles[32];
		int i, j;

		for (i = 0; i < 32; i++) {
			handles[i] = igt_ember_bo_create(fd, PAGE, 0);
			for (j = 0; j < i; j++)
				igt_assert_neq(handles[i], handles[j]);
		}
		for (i = 0; i < 32; i++)
			igt_ember_gem_close(fd, handles[i]);
	}

	igt_describe("A zero size is rejected with EINVAL.");
	igt_subtest("create-zero-size") {
		struct drm_ember_bo_create create = { .size = 0 };

		igt_assert_eq(__igt_ember_bo_create(fd, &create), -EINVAL);
	}

	igt_describe("A size above max_bo_size is rejected with EINVAL; the largest one works "
		     "if it fits the device's BO memory, else it is ENOMEM.");
	igt_subtest("create-too-large") {
		struct drm_ember_bo_create create = { .size = info.max_bo_size + 1 };
		uint64_t largest = info.max_bo_size;

		igt_assert_eq(__igt_ember_bo_create(fd, &create), -EINVAL);
		create = (struct drm_ember_bo_create) { .size = ~0ull };
		igt_assert_eq(__igt_ember_bo_create(fd, &create), -EINVAL);
		if (igt_ember_has_version(fd, 1, 6) && largest > info.bo_memory) {
			create = (struct drm_ember_bo_create) { .size = largest };
			igt_assert_eq(__igt_ember_bo_create(fd, &create), -ENOMEM);
			largest = info.bo_memory;
		}
		/* shmem allocates lazily: the largest BO costs nothing until touched. */
		create = (struct drm_ember_bo_create) { .size = largest };
		igt_assert_eq(__igt_ember_bo_create(fd, &create), 0);
		igt_assert_eq_u64(create.size, largest);
		igt_ember_gem_close(fd, create.handle);
	}

	igt_describe("The device's BOs together fit in bo_memory, a share of the RAM: one "
		     "more is ENOMEM (not the OOM killer's panic), and closing one makes room.");
	igt_subtest("create-beyond-bo-memory") {
		uint64_t size, count;
		uint32_t *handles;
		int ret = 0;

		igt_require_f(igt_ember_has_version(fd, 1, 6), "driver without a BO budget (< 1.6)\n");
		igt_assert(info.bo_memory >= PAGE);
		/* Eight BOs fill the budget; shmem allocates no page for any of them. */
		size = (info.bo_memory / 8 + PAGE - 1) & ~(PAGE - 1);
		handles = calloc(16, sizeof(*handles));
		igt_assert(handles);
		for (count = 0; count < 16; count++) {
			struct drm_ember_bo_create create = { .size = size };

			ret = __igt_ember_bo_create(fd, &create);
			if (ret)
				break;
			handles[count] = create.handle;
		}
		igt_assert_eq(ret, -ENOMEM);
		igt_assert_lte_u64(count * size, info.bo_memory);
		igt_assert_lte(count, 8);
		igt_assert_lte(1, count);
		igt_ember_gem_close(fd, handles[count - 1]);
		{
			struct drm_ember_bo_create create = { .size = size };

			igt_assert_eq(__igt_ember_bo_create(fd, &create), 0);
			handles[count - 1] = create.handle;
		}
		for (uint64_t i = 0; i < count; i++)
			igt_ember_gem_close(fd, handles[i]);
		free(handles);
	}

	igt_describe("Unknown flags are rejected with EINVAL.");
	igt_subtest("create-bad-flags") {
		uint32_t bit;

		for (bit = 1; bit < 32; bit++) {
			struct drm_ember_bo_create create = { .size = PAGE, .flags = 1u << bit };

			igt_assert_eq(__igt_ember_bo_create(fd, &create), -EINVAL);
		}
	}

	igt_describe("A non-zero pad is rejected with EINVAL.");
	igt_subtest("create-bad-pad") {
		struct drm_ember_bo_create create = { .size = PAGE, .pad = 1 };

		igt_assert_eq(__igt_ember_bo_create(fd, &create), -EINVAL);
	}

	igt_describe("An unknown exclusive VM is rejected with ENOENT.");
	igt_subtest("create-bad-exclusive-vm") {
		struct drm_ember_bo_create create = { .size = PAGE, .exclusive_vm_id = 0x7fff };
		uint32_t vm = igt_ember_vm_create(fd);

		igt_assert_eq(__igt_ember_bo_create(fd, &create), -ENOENT);
		igt_ember_vm_destroy(fd, vm);
		create.exclusive_vm_id = vm;
		igt_assert_eq(__igt_ember_bo_create(fd, &create), -ENOENT);
	}

	igt_describe("A BO private to a VM reports that VM and cannot be exported.");
	igt_subtest("create-exclusive-vm") {
		uint32_t vm = igt_ember_vm_create(fd);
		struct drm_ember_bo_create create = { .size = PAGE, .exclusive_vm_id = vm };
		struct drm_ember_bo_info bi;
		int dmabuf = -1;

		igt_assert_eq(__igt_ember_bo_create(fd, &create), 0);
		bi = bo_info(fd, create.handle);
		igt_assert_eq(bi.exclusive_vm_id, vm);
		igt_assert_eq(drmPrimeHandleToFD(fd, create.handle, DRM_CLOEXEC, &dmabuf), -1);
		igt_assert_eq(errno, EINVAL);
		igt_ember_vm_map(fd, vm, create.handle, 0, info.va_start + 16 * PAGE, PAGE, 0);
		igt_ember_gem_close(fd, create.handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("New BOs read zero through the CPU mapping.");
	igt_subtest("mmap-zeroed") {
		const uint64_t size = 64 * PAGE;
		uint32_t handle = igt_ember_bo_create(fd, size, 0);
		uint32_t *map = igt_ember_bo_mmap(fd, handle, size);

		check_all_u32(map, size, 0);
		munmap(map, size);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("Two CPU mappings of a BO are the same memory, and it survives unmapping.");
	igt_subtest("mmap-coherent") {
		const uint64_t size = 16 * PAGE;
		uint32_t handle = igt_ember_bo_create(fd, size, 0);
		uint32_t *a = igt_ember_bo_mmap(fd, handle, size);
		uint32_t *b = igt_ember_bo_mmap(fd, handle, size);
		uint64_t i;

		for (i = 0; i < size / 4; i++)
			a[i] = 0x5a000000u ^ (uint32_t)i;
		for (i = 0; i < size / 4; i++)
			igt_assert_eq_u32(b[i], 0x5a000000u ^ (uint32_t)i);
		munmap(a, size);
		munmap(b, size);
		b = igt_ember_bo_mmap(fd, handle, size);
		for (i = 0; i < size / 4; i++)
			igt_assert_eq_u32(b[i], 0x5a000000u ^ (uint32_t)i);
		munmap(b, size);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("The mmap offset of a BO is stable and distinct from other BOs'.");
	igt_subtest("mmap-offset") {
		uint32_t h1 = igt_ember_bo_create(fd, PAGE, 0), h2 = igt_ember_bo_create(fd, PAGE, 0);
		uint64_t o1 = 0, o1_again = 0, o2 = 0;

		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, h1, &o1), 0);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, h1, &o1_again), 0);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, h2, &o2), 0);
		igt_assert_neq_u64(o1, 0);
		igt_assert_eq_u64(o1, o1_again);
		igt_assert_neq_u64(o1, o2);
		igt_assert_eq_u64(o1 % PAGE, 0);
		igt_ember_gem_close(fd, h1);
		igt_ember_gem_close(fd, h2);
	}

	igt_describe("Mapping more than the BO is refused.");
	igt_subtest("mmap-beyond-size") {
		uint32_t handle = igt_ember_bo_create(fd, PAGE, 0);
		uint64_t offset = 0;

		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, handle, &offset), 0);
		igt_assert(mmap(NULL, 2 * PAGE, PROT_READ, MAP_SHARED, fd, offset) == MAP_FAILED);
		igt_assert_eq(errno, EINVAL);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("A NO_MMAP BO is reported as such and has no mmap offset (EINVAL).");
	igt_subtest("mmap-no-mmap-bo") {
		uint32_t handle = igt_ember_bo_create(fd, PAGE, DRM_EMBER_BO_NO_MMAP);
		uint64_t offset = 0;

		igt_assert_eq(bo_info(fd, handle).flags, DRM_EMBER_BO_NO_MMAP);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, handle, &offset), -EINVAL);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("BO_MMAP_OFFSET of an unknown handle is ENOENT, a non-zero pad EINVAL.");
	igt_subtest("mmap-offset-bad-args") {
		uint32_t handle = igt_ember_bo_create(fd, PAGE, 0);
		struct drm_ember_bo_mmap_offset args = { .handle = handle, .pad = 1 };
		uint64_t offset = 0;

		do_ioctl_err(fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args, EINVAL);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, 0, &offset), -ENOENT);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, handle + 1000, &offset), -ENOENT);
		igt_ember_gem_close(fd, handle);
		igt_assert_eq(__igt_ember_bo_mmap_offset(fd, handle, &offset), -ENOENT);
	}

	igt_describe("BO_INFO of an unknown or closed handle is ENOENT, a non-zero pad EINVAL.");
	igt_subtest("info-bad-args") {
		uint32_t handle = igt_ember_bo_create(fd, PAGE, 0);
		struct drm_ember_bo_info bi = { .handle = handle, .pad = 1 };

		igt_assert_eq(__igt_ember_bo_info(fd, &bi), -EINVAL);
		bi = (struct drm_ember_bo_info) { .handle = 0 };
		igt_assert_eq(__igt_ember_bo_info(fd, &bi), -ENOENT);
		igt_ember_gem_close(fd, handle);
		bi = (struct drm_ember_bo_info) { .handle = handle };
		igt_assert_eq(__igt_ember_bo_info(fd, &bi), -ENOENT);
		igt_assert_eq(__igt_ember_gem_close(fd, handle), -EINVAL);
	}

	igt_describe("A BO's handle means nothing in another DRM file (ENOENT).");
	igt_subtest("handle-per-file") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t handle = igt_ember_bo_create(fd, PAGE, 0);
		struct drm_ember_bo_info bi = { .handle = handle };
		uint64_t offset;

		igt_assert_eq(__igt_ember_bo_info(other, &bi), -ENOENT);
		igt_assert_eq(__igt_ember_bo_mmap_offset(other, handle, &offset), -ENOENT);
		igt_ember_gem_close(fd, handle);
		drm_close_driver(other);
	}

	igt_describe("Memory freed by one BO comes back zeroed in the next ones.");
	igt_subtest("reuse-zeroed") {
		const uint64_t size = 256 * PAGE;
		uint32_t handle = igt_ember_bo_create(fd, size, 0);
		uint32_t *map = igt_ember_bo_mmap(fd, handle, size);
		int round;

		memset(map, 0xa5, size);
		munmap(map, size);
		igt_ember_gem_close(fd, handle);
		for (round = 0; round < 4; round++) {
			handle = igt_ember_bo_create(fd, size, 0);
			map = igt_ember_bo_mmap(fd, handle, size);
			check_all_u32(map, size, 0);
			munmap(map, size);
			igt_ember_gem_close(fd, handle);
		}
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
