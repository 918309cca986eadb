// SPDX-License-Identifier: MIT
/*
 * GPU VMs: VM_CREATE, VM_DESTROY and VM_BIND (synchronous and
 * asynchronous, with binary and timeline syncobjs), every documented
 * errno, and the mappings as the driver's debugfs "vms" file lists them.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "drmtest.h"
#include "igt_ember.h"

#define PAGE 4096ull

static int vm_create(int fd, uint32_t flags, uint32_t *id)
{
	struct drm_ember_vm_create args = { .flags = flags };
	int ret = drmIoctl(fd, DRM_IOCTL_EMBER_VM_CREATE, &args) ? -errno : 0;

	*id = args.id;
	return ret;
}

static uint32_t vm_new(int fd)
{
	uint32_t id;

	igt_assert_eq(vm_create(fd, 0, &id), 0);
	igt_assert_neq(id, 0);
	return id;
}

static int vm_destroy(int fd, uint32_t id)
{
	struct drm_ember_vm_destroy args = { .id = id };

	return drmIoctl(fd, DRM_IOCTL_EMBER_VM_DESTROY, &args) ? -errno : 0;
}

static uint32_t bo_new(int fd, uint64_t size, uint32_t vm_id)
{
	struct drm_ember_bo_create args = { .size = size, .exclusive_vm_id = vm_id };

	igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_BO_CREATE, &args), 0);
	return args.handle;
}

static int vm_bind(int fd, uint32_t vm, uint32_t flags,
		   struct drm_ember_vm_bind_op *ops, uint32_t op_count,
		   struct drm_ember_sync_op *syncs, uint32_t sync_count)
{
	struct drm_ember_vm_bind args = {
		.vm_id = vm, .flags = flags,
		.ops = DRM_EMBER_OBJ_ARRAY(op_count, ops),
		.syncs = DRM_EMBER_OBJ_ARRAY(sync_count, syncs),
	};

	return drmIoctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args) ? -errno : 0;
}

static struct drm_ember_vm_bind_op map_op(uint32_t bo, uint64_t offset,
					  uint64_t va, uint64_t size, uint32_t flags)
{
	return (struct drm_ember_vm_bind_op) {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP | flags,
		.bo_handle = bo, .bo_offset = offset, .va = va, .size = size,
	};
}

static struct drm_ember_vm_bind_op unmap_op(uint64_t va, uint64_t size)
{
	return (struct drm_ember_vm_bind_op) {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP, .va = va, .size = size,
	};
}

static int bind1(int fd, uint32_t vm, struct drm_ember_vm_bind_op op)
{
	return vm_bind(fd, vm, 0, &op, 1, NULL, 0);
}

/*
 * VM vm of our file as the driver's debugfs "vms" lists it: "tables N"
 * (its page-table count), then one "start-end rwx offset pte-bits" line
 * per mapping, in `out`. Returns false if debugfs is not there.
 */
static bool debugfs_vm_mappings(int fd, uint32_t vm, char *out, size_t len)
{
	char path[PATH_MAX], line[256], header[64], client[64] = "";
	bool in_file = false, in_vm = false, found = false;
	struct dirent *de;
	DIR *dir;
	FILE *f;

	/* Our file's client id, from fdinfo. */
	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	igt_assert(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "drm-client-id: %63s", client) == 1)
			break;
	fclose(f);
	igt_assert(client[0]);

	dir = opendir("/sys/kernel/debug/dri");
	if (!dir)
		return false;
	out[0] = '\0';
	while (!found && (de = readdir(dir))) {
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/vms", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		found = true;
		snprintf(header, sizeof(header), "file %s:", client);
		while (fgets(line, sizeof(line), f)) {
			unsigned long long start, end, offset, pte;
			char rwx[4], id_line[32];

			if (!strncmp(line, "file ", 5)) {
				in_file = !strncmp(line, header, strlen(header));
				in_vm = false;
				continue;
			}
			snprintf(id_line, sizeof(id_line), "  vm %u:", vm);
			if (!strncmp(line, "  vm ", 5)) {
				unsigned int tables;

				in_vm = in_file && !strncmp(line, id_line, strlen(id_line));
				if (in_vm) {
					igt_assert(sscanf(strchr(line, ',') + 1, " %u page tables",
							  &tables) == 1);
					snprintf(out, len, "tables %u\n", tables);
				}
				continue;
			}
			if (in_vm && sscanf(line, " 0x%llx-0x%llx %3s bo %*s offset 0x%llx pte_bits 0x%llx",
					    &start, &end, rwx, &offset, &pte) == 5) {
				size_t used = strlen(out);

				snprintf(out + used, len - used, "%llx-%llx %s %llx %llx\n",
					 start, end, rwx, offset, pte);
			}
		}
		fclose(f);
	}
	closedir(dir);
	return found;
}

static void assert_mappings(int fd, uint32_t vm, const char *expected)
{
	char got[4096];

	igt_require_f(debugfs_vm_mappings(fd, vm, got, sizeof(got)),
		      "debugfs is not mounted\n");
	igt_assert_eq_str(got, expected);
}

static uint32_t syncobj_new(int fd, uint32_t flags)
{
	uint32_t handle;

	igt_assert_eq(drmSyncobjCreate(fd, flags, &handle), 0);
	return handle;
}

igt_main
{
	struct drm_ember_gpu_info info;
	uint64_t va;
	uint32_t vm = 0, bo = 0;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		va = info.va_start;
		vm = vm_new(fd);
		bo = bo_new(fd, 16 * PAGE, 0);
	}

	igt_describe("The user VA range leaves the low 1 MiB and the top 4 GiB out.");
	igt_subtest("va-range") {
		igt_assert_eq_u64(info.va_start, 1ull << 20);
		igt_assert_eq_u64(info.va_end, (1ull << 48) - (4ull << 30));
	}

	igt_describe("VM IDs are non-zero and distinct; a destroyed ID is -ENOENT.");
	igt_subtest("create-destroy") {
		uint32_t a, b;

		/* ID 0 is never a VM, and destroying it frees no ID for reuse. */
		igt_assert_eq(vm_destroy(fd, 0), -ENOENT);
		a = vm_new(fd);
		b = vm_new(fd);

		igt_assert_neq(a, b);
		igt_assert_eq(vm_destroy(fd, a), 0);
		igt_assert_eq(vm_destroy(fd, a), -ENOENT);
		igt_assert_eq(bind1(fd, a, unmap_op(va, PAGE)), -ENOENT);
		igt_assert_eq(vm_destroy(fd, b), 0);
	}

	igt_describe("VM_CREATE flags and VM_DESTROY pad must be zero.");
	igt_subtest("bad-flags-pad") {
		struct drm_ember_vm_destroy args = { .id = vm, .pad = 1 };
		uint32_t id;

		igt_assert_eq(vm_create(fd, 1, &id), -EINVAL);
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_VM_DESTROY, &args), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("Another file cannot use, bind or destroy our VM.");
	igt_subtest("other-file-isolated") {
		int fd2 = drm_open_driver_render(DRIVER_EMBER);

		igt_assert_eq(bind1(fd2, vm, unmap_op(va, PAGE)), -ENOENT);
		igt_assert_eq(vm_destroy(fd2, vm), -ENOENT);
		drm_close_driver(fd2);
	}

	igt_describe("A map shows up with its permissions; unmap removes it.");
	igt_subtest("map-unmap") {
		igt_assert_eq(bind1(fd, vm, map_op(bo, PAGE, va, 4 * PAGE, 0)), 0);
		igt_assert_eq(bind1(fd, vm, map_op(bo, 0, va + 0x200000, PAGE,
						   DRM_EMBER_VM_BIND_OP_MAP_READONLY |
						   DRM_EMBER_VM_BIND_OP_MAP_NOEXEC)), 0);
		/* Root, two directories, a leaf table for each 2 MiB. */
		assert_mappings(fd, vm, "tables 5\n"
					"100000-104000 rwx 1000 f\n"
					"300000-301000 r-- 0 3\n");
		igt_assert_eq(bind1(fd, vm, unmap_op(va, 0x300000)), 0);
		/* Emptied tables are freed; the root stays. */
		assert_mappings(fd, vm, "tables 1\n");
	}

	igt_describe("Unmapping the middle of a mapping splits it; a map replaces "
		     "what it overlaps.");
	igt_subtest("split-replace") {
		igt_assert_eq(bind1(fd, vm, map_op(bo, 0, va, 8 * PAGE, 0)), 0);
		igt_assert_eq(bind1(fd, vm, unmap_op(va + 2 * PAGE, 2 * PAGE)), 0);
		assert_mappings(fd, vm, "tables 4\n"
					"100000-102000 rwx 0 f\n"
					"104000-108000 rwx 4000 f\n");
		igt_assert_eq(bind1(fd, vm, map_op(bo, 8 * PAGE, va + PAGE, 4 * PAGE,
						   DRM_EMBER_VM_BIND_OP_MAP_NOEXEC)), 0);
		assert_mappings(fd, vm, "tables 4\n"
					"100000-101000 rwx 0 f\n"
					"101000-105000 rw- 8000 7\n"
					"105000-108000 rwx 5000 f\n");
		igt_assert_eq(bind1(fd, vm, unmap_op(va, 8 * PAGE)), 0);
		assert_mappings(fd, vm, "tables 1\n");
	}

	igt_describe("Several operations in one call apply in order.");
	igt_subtest("ops-in-order") {
		struct drm_ember_vm_bind_op ops[] = {
			map_op(bo, 0, va, 2 * PAGE, 0),
			map_op(bo, 0, va + 0x40000000, PAGE, 0),
			unmap_op(va + PAGE, PAGE),
		};

		igt_assert_eq(vm_bind(fd, vm, 0, ops, 3, NULL, 0), 0);
		assert_mappings(fd, vm, "tables 6\n"
					"100000-101000 rwx 0 f\n"
					"40100000-40101000 rwx 0 f\n");
		igt_assert_eq(bind1(fd, vm, unmap_op(va, 0x40000000 + PAGE)), 0);
		assert_mappings(fd, vm, "tables 1\n");
	}

	igt_describe("Bad VAs, sizes, offsets, flags and handles are rejected, and "
		     "nothing of a call with one bad operation is applied.");
	igt_subtest("bad-ops") {
		struct drm_ember_vm_bind_op good = map_op(bo, 0, va, PAGE, 0), bad;
		struct drm_ember_vm_bind_op pair[2];
		uint64_t end = info.va_end;

		bad = good; bad.va += 1;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.size = 100;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.size = 0;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.bo_offset = 2048;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.bo_offset = 16 * PAGE;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.size = 17 * PAGE;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.va = info.va_start - PAGE;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.va = end - PAGE; bad.size = 2 * PAGE;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.va = 0xfffffffffffff000ull;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.flags |= 1 << 5;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.flags = 2u << 28;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = unmap_op(va, PAGE); bad.bo_handle = bo;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = unmap_op(va, PAGE); bad.flags |= DRM_EMBER_VM_BIND_OP_MAP_READONLY;
		igt_assert_eq(bind1(fd, vm, bad), -EINVAL);
		bad = good; bad.bo_handle = 9999;
		igt_assert_eq(bind1(fd, vm, bad), -ENOENT);
		igt_assert_eq(bind1(fd, 9999, good), -ENOENT);

		/* The last page of the user range is mappable. */
		bad = good; bad.va = end - PAGE;
		igt_assert_eq(bind1(fd, vm, bad), 0);
		igt_assert_eq(bind1(fd, vm, unmap_op(end - PAGE, PAGE)), 0);

		pair[0] = good;
		pair[1] = good; pair[1].size = 0;
		igt_assert_eq(vm_bind(fd, vm, 0, pair, 2, NULL, 0), -EINVAL);
		assert_mappings(fd, vm, "tables 1\n");
	}

	igt_describe("Unknown bind flags, sync ops without ASYNC, too many operations "
		     "and a short stride are -EINVAL; unknown bytes of a long stride "
		     "are -E2BIG.");
	igt_subtest("bad-bind-args") {
		struct drm_ember_vm_bind_op op = map_op(bo, 0, va, PAGE, 0);
		struct drm_ember_sync_op sync = { 0 };
		struct drm_ember_vm_bind args = {
			.vm_id = vm, .ops = DRM_EMBER_OBJ_ARRAY(1, &op),
		};
		struct { struct drm_ember_vm_bind_op op; uint64_t extra; } big = {
			.op = op, .extra = 1,
		};
		static struct drm_ember_vm_bind_op many[1025];

		igt_assert_eq(vm_bind(fd, vm, 1 << 4, &op, 1, NULL, 0), -EINVAL);
		igt_assert_eq(vm_bind(fd, vm, 0, &op, 1, &sync, 1), -EINVAL);
		igt_assert_eq(vm_bind(fd, vm, 0, many, 1025, NULL, 0), -EINVAL);
		args.ops.stride = sizeof(op) - 8;
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args), -1);
		igt_assert_eq(errno, EINVAL);
		args.ops.stride = sizeof(big);
		args.ops.array = (uintptr_t)&big;
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args), -1);
		igt_assert_eq(errno, E2BIG);
		big.extra = 0;
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args), 0);
		igt_assert_eq(bind1(fd, vm, unmap_op(va, PAGE)), 0);
	}

	igt_describe("A BO private to one VM maps there and nowhere else.");
	igt_subtest("exclusive-bo") {
		uint32_t other = vm_new(fd), private_bo = bo_new(fd, PAGE, vm);

		igt_assert_eq(bind1(fd, other, map_op(private_bo, 0, va, PAGE, 0)), -EINVAL);
		igt_assert_eq(bind1(fd, vm, map_op(private_bo, 0, va, PAGE, 0)), 0);
		igt_assert_eq(bind1(fd, vm, unmap_op(va, PAGE)), 0);
		igt_assert_eq(vm_destroy(fd, other), 0);
	}

	igt_describe("A mapping keeps its BO: closing the handle leaves it mapped, "
		     "destroying the VM releases everything.");
	igt_subtest("mapping-keeps-bo") {
		uint32_t v = vm_new(fd), b = bo_new(fd, 2 * PAGE, 0);
		struct drm_gem_close close_args = { .handle = b };

		igt_assert_eq(bind1(fd, v, map_op(b, 0, va, 2 * PAGE, 0)), 0);
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &close_args), 0);
		assert_mappings(fd, v, "tables 4\n100000-102000 rwx 0 f\n");
		igt_assert_eq(vm_destroy(fd, v), 0);
	}

	igt_describe("An asynchronous bind signals its binary and timeline syncobjs "
		     "once applied.");
	igt_subtest("async-signal") {
		uint32_t bin = syncobj_new(fd, 0), tl = syncobj_new(fd, 0);
		struct drm_ember_vm_bind_op op = map_op(bo, 0, va, PAGE, 0);
		struct drm_ember_sync_op syncs[] = {
			{ .flags = DRM_EMBER_SYNC_OP_SIGNAL, .handle = bin },
			{ .flags = DRM_EMBER_SYNC_OP_SIGNAL |
				   DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ,
			  .handle = tl, .timeline_value = 5 },
		};
		uint64_t point = 5;

		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2), 0);
		igt_assert_eq(drmSyncobjWait(fd, &bin, 1, INT64_MAX, 0, NULL), 0);
		igt_assert_eq(drmSyncobjTimelineWait(fd, &tl, &point, 1, INT64_MAX, 0,
						     NULL), 0);
		assert_mappings(fd, vm, "tables 4\n100000-101000 rwx 0 f\n");

		/* A timeline point not above the last one is -EINVAL. */
		op = unmap_op(va, PAGE);
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
				      &syncs[1], 1), -EINVAL);
		syncs[1].timeline_value = 6;
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
				      &syncs[1], 1), 0);
		point = 6;
		igt_assert_eq(drmSyncobjTimelineWait(fd, &tl, &point, 1, INT64_MAX, 0,
						     NULL), 0);
		assert_mappings(fd, vm, "tables 1\n");
		drmSyncobjDestroy(fd, bin);
		drmSyncobjDestroy(fd, tl);
	}

	igt_describe("An asynchronous bind waits for its wait syncobjs: one that waits "
		     "for a later-signalled syncobj is applied only then.");
	igt_subtest("async-wait") {
		uint32_t gate = syncobj_new(fd, 0), done = syncobj_new(fd, 0);
		struct drm_ember_vm_bind_op op = map_op(bo, 0, va, PAGE, 0);
		struct drm_ember_sync_op syncs[] = {
			{ .flags = DRM_EMBER_SYNC_OP_WAIT |
				   DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ,
			  .handle = gate, .timeline_value = 1 },
			{ .flags = DRM_EMBER_SYNC_OP_SIGNAL, .handle = done },
		};
		uint64_t one = 1;
		uint32_t fence_gate = syncobj_new(fd, 0);

		/* Waiting for a point that was never submitted is -EINVAL. */
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2),
			      -EINVAL);

		/* A pending fence: a bind gated behind a gated bind. */
		syncs[0] = (struct drm_ember_sync_op) {
			.flags = DRM_EMBER_SYNC_OP_SIGNAL, .handle = fence_gate };
		igt_assert_eq(drmSyncobjTimelineSignal(fd, &gate, &one, 1), 0);
		syncs[1] = (struct drm_ember_sync_op) {
			.flags = DRM_EMBER_SYNC_OP_WAIT |
				 DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ,
			.handle = gate, .timeline_value = 1 };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2), 0);
		syncs[0] = (struct drm_ember_sync_op) { .handle = fence_gate };
		syncs[1] = (struct drm_ember_sync_op) {
			.flags = DRM_EMBER_SYNC_OP_SIGNAL, .handle = done };
		op = unmap_op(va, PAGE);
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2), 0);
		igt_assert_eq(drmSyncobjWait(fd, &done, 1, INT64_MAX, 0, NULL), 0);
		assert_mappings(fd, vm, "tables 1\n");
		drmSyncobjDestroy(fd, gate);
		drmSyncobjDestroy(fd, done);
		drmSyncobjDestroy(fd, fence_gate);
	}

	igt_describe("Bad sync ops: unknown handle -ENOENT, unknown flags, a binary "
		     "syncobj with a point and a timeline point 0 -EINVAL.");
	igt_subtest("bad-syncs") {
		uint32_t s = syncobj_new(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
		struct drm_ember_vm_bind_op op = unmap_op(va, PAGE);
		struct drm_ember_sync_op sync;

		sync = (struct drm_ember_sync_op) { .handle = 9999 };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -ENOENT);
		sync = (struct drm_ember_sync_op) { .flags = 1 << 8, .handle = s };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = (struct drm_ember_sync_op) { .flags = 7, .handle = s };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = (struct drm_ember_sync_op) { .handle = s, .timeline_value = 3 };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = (struct drm_ember_sync_op) {
			.flags = DRM_EMBER_SYNC_OP_SIGNAL |
				 DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ,
			.handle = s };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = (struct drm_ember_sync_op) { .handle = s };
		igt_assert_eq(vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1), 0);
		drmSyncobjDestroy(fd, s);
	}

	igt_describe("Many maps and unmaps across page-table boundaries leave nothing "
		     "behind.");
	igt_subtest("map-across-tables") {
		uint32_t big = bo_new(fd, 1024 * PAGE, 0);
		uint64_t base = (1ull << 39) - 512 * PAGE;

		igt_assert_eq(bind1(fd, vm, map_op(big, 0, base, 1024 * PAGE, 0)), 0);
		igt_assert_eq(bind1(fd, vm, unmap_op(base + 100 * PAGE, 800 * PAGE)), 0);
		/* Both sides of a 512 GiB boundary: two of every non-root table. */
		assert_mappings(fd, vm, "tables 7\n"
					"7fffe00000-7fffe64000 rwx 0 f\n"
					"8000184000-8000200000 rwx 384000 f\n");
		igt_assert_eq(bind1(fd, vm, unmap_op(base, 1024 * PAGE)), 0);
		assert_mappings(fd, vm, "tables 1\n");
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
