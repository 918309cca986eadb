/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The kernel interface: ember.ko's ioctls and DRM syncobjs (ember_winsys.h). */

#include "ember_winsys.h"

#include "ember_drm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#define EMBER_ARRAY_SIZE_WS(a) (sizeof(a) / sizeof((a)[0]))

static int ws_ioctl(struct ember_ws *ws, unsigned long request, void *arg)
{
	return drmIoctl(ws->fd, request, arg) ? -errno : 0;
}

/* libdrm's syncobj helpers return -1 or -errno: always -errno. */
static int ws_drm_result(int ret)
{
	if (!ret)
		return 0;
	return errno ? -errno : (ret < 0 ? ret : -EINVAL);
}

static bool ws_is_ember(int fd)
{
	drmVersionPtr version = drmGetVersion(fd);
	bool ember = version && version->name && !strcmp(version->name, "ember");

	drmFreeVersion(version);
	return ember;
}

/* Driver 1.2 and later know the timestamp query: its size query succeeds. */
static bool ws_has_timestamp_query(struct ember_ws *ws)
{
	struct drm_ember_dev_query query = { .type = DRM_EMBER_DEV_QUERY_TIMESTAMP };

	return !ws_ioctl(ws, DRM_IOCTL_EMBER_DEV_QUERY, &query) &&
	       query.size >= sizeof(struct drm_ember_timestamp);
}

/* DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC came with driver 1.3. */
static bool ws_has_explicit_sync(int fd)
{
	drmVersionPtr version = drmGetVersion(fd);
	bool ok = version && (version->version_major > 1 ||
			      (version->version_major == 1 && version->version_minor >= 3));

	drmFreeVersion(version);
	return ok;
}

static int ws_query_info(struct ember_ws *ws)
{
	struct drm_ember_gpu_info info = { 0 };
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO,
		.size = sizeof(info),
		.pointer = (uintptr_t)&info,
	};
	int ret = ws_ioctl(ws, DRM_IOCTL_EMBER_DEV_QUERY, &query);

	if (ret)
		return ret;
	ws->info = (struct ember_ws_info) {
		.hw_version = info.hw_version,
		.fw_version = info.fw_version,
		.caps = info.caps,
		.num_rings = info.num_rings,
		.num_shader_cores = info.num_shader_cores,
		.va_bits = info.va_bits,
		.timestamp_frequency = info.timestamp_frequency,
		.va_start = info.va_start,
		.va_end = info.va_end,
		.max_bo_size = info.max_bo_size,
		.bo_memory = info.bo_memory,
		.max_ib_size = info.max_ib_size,
		.max_queues = info.max_queues,
		.max_contexts = info.max_contexts,
		.job_timeout_ms = info.job_timeout_ms,
		.has_timestamp_query = ws_has_timestamp_query(ws),
		.has_explicit_sync = ws_has_explicit_sync(ws->fd),
	};
	return 0;
}

int ember_ws_query_timestamp(struct ember_ws *ws, struct ember_ws_timestamp *time)
{
	struct drm_ember_timestamp t = { 0 };
	struct drm_ember_dev_query query = {
		.type = DRM_EMBER_DEV_QUERY_TIMESTAMP,
		.size = sizeof(t),
		.pointer = (uintptr_t)&t,
	};
	int ret = ws_ioctl(ws, DRM_IOCTL_EMBER_DEV_QUERY, &query);

	if (ret)
		return ret;
	*time = (struct ember_ws_timestamp) {
		.device = t.device_timestamp,
		.monotonic_before = t.monotonic_before_ns,
		.monotonic_after = t.monotonic_after_ns,
		.monotonic_raw_before = t.monotonic_raw_before_ns,
		.monotonic_raw_after = t.monotonic_raw_after_ns,
	};
	return 0;
}

static int ws_query_pci(struct ember_ws *ws)
{
	drmDevicePtr dev;

	if (drmGetDevice2(ws->fd, 0, &dev))
		return -ENODEV;
	if (dev->bustype == DRM_BUS_PCI) {
		ws->pci.domain = dev->businfo.pci->domain;
		ws->pci.bus = dev->businfo.pci->bus;
		ws->pci.dev = dev->businfo.pci->dev;
		ws->pci.func = dev->businfo.pci->func;
	}
	drmFreeDevice(&dev);
	return 0;
}

int ember_ws_open(struct ember_ws *ws, const char *path)
{
	int ret;

	memset(ws, 0, sizeof(*ws));
	snprintf(ws->path, sizeof(ws->path), "%s", path);
	ws->fd = open(path, O_RDWR | O_CLOEXEC);
	if (ws->fd < 0)
		return -errno;
	if (!ws_is_ember(ws->fd)) {
		ret = -ENODEV;
		goto err_close;
	}
	ret = ws_query_info(ws);
	if (ret)
		goto err_close;
	ret = ws_query_pci(ws);
	if (ret)
		goto err_close;
	return 0;

err_close:
	close(ws->fd);
	ws->fd = -1;
	return ret;
}

int ember_ws_reopen(struct ember_ws *ws, const struct ember_ws *from)
{
	*ws = *from;
	ws->fd = open(from->path, O_RDWR | O_CLOEXEC);
	return ws->fd < 0 ? -errno : 0;
}

void ember_ws_close(struct ember_ws *ws)
{
	if (ws->fd >= 0)
		close(ws->fd);
	ws->fd = -1;
}

int ember_ws_enumerate(char paths[][64], int max)
{
	drmDevicePtr devices[64];
	int count, found = 0;

	count = drmGetDevices2(0, devices, EMBER_ARRAY_SIZE_WS(devices));
	if (count < 0)
		return count;
	for (int i = 0; i < count; i++) {
		const char *node;
		int fd;

		if (!(devices[i]->available_nodes & (1 << DRM_NODE_RENDER)))
			continue;
		node = devices[i]->nodes[DRM_NODE_RENDER];
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (ws_is_ember(fd) && found < max)
			snprintf(paths[found++], 64, "%s", node);
		close(fd);
	}
	drmFreeDevices(devices, count);
	return found;
}

int ember_ws_bo_create(struct ember_ws *ws, uint64_t size, uint32_t flags,
		       uint32_t exclusive_vm, struct ember_ws_bo *bo)
{
	struct drm_ember_bo_create args = {
		.size = size,
		.flags = (flags & EMBER_WS_BO_NO_MMAP) ? DRM_EMBER_BO_NO_MMAP : 0,
		.exclusive_vm_id = exclusive_vm,
	};
	int ret = ws_ioctl(ws, DRM_IOCTL_EMBER_BO_CREATE, &args);

	if (ret)
		return ret == -EINVAL && size > ws->info.max_bo_size ? -ENOSPC : ret;
	*bo = (struct ember_ws_bo) { .handle = args.handle, .flags = flags, .size = args.size };
	return 0;
}

int ember_ws_bo_map(struct ember_ws *ws, struct ember_ws_bo *bo)
{
	struct drm_ember_bo_mmap_offset args = { .handle = bo->handle };
	void *map;
	int ret;

	if (bo->map)
		return 0;
	ret = ws_ioctl(ws, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args);
	if (ret)
		return ret;
	map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, ws->fd, args.offset);
	if (map == MAP_FAILED)
		return -errno;
	bo->map = map;
	return 0;
}

void ember_ws_bo_unmap(struct ember_ws_bo *bo)
{
	if (bo->map)
		munmap(bo->map, bo->size);
	bo->map = NULL;
}

void ember_ws_bo_destroy(struct ember_ws *ws, struct ember_ws_bo *bo)
{
	struct drm_gem_close args = { .handle = bo->handle };

	ember_ws_bo_unmap(bo);
	if (bo->handle)
		ws_ioctl(ws, DRM_IOCTL_GEM_CLOSE, &args);
	bo->handle = 0;
}

int ember_ws_bo_export(struct ember_ws *ws, const struct ember_ws_bo *bo, int *fd)
{
	return drmPrimeHandleToFD(ws->fd, bo->handle, DRM_CLOEXEC | DRM_RDWR, fd) ? -errno : 0;
}

int ember_ws_bo_import(struct ember_ws *ws, int fd, struct ember_ws_bo *bo)
{
	struct drm_ember_bo_info info = { 0 };
	uint32_t handle;
	int ret;

	if (drmPrimeFDToHandle(ws->fd, fd, &handle))
		return -errno;
	info.handle = handle;
	ret = ws_ioctl(ws, DRM_IOCTL_EMBER_BO_INFO, &info);
	if (ret) {
		struct drm_gem_close close_args = { .handle = handle };

		ws_ioctl(ws, DRM_IOCTL_GEM_CLOSE, &close_args);
		return ret;
	}
	*bo = (struct ember_ws_bo) {
		.handle = handle,
		.size = info.size,
		.flags = (info.flags & DRM_EMBER_BO_NO_MMAP) ? EMBER_WS_BO_NO_MMAP : 0,
	};
	return 0;
}

int ember_ws_vm_create(struct ember_ws *ws, uint32_t *vm_id)
{
	struct drm_ember_vm_create args = { 0 };
	int ret = ws_ioctl(ws, DRM_IOCTL_EMBER_VM_CREATE, &args);

	if (!ret)
		*vm_id = args.id;
	return ret;
}

void ember_ws_vm_destroy(struct ember_ws *ws, uint32_t vm_id)
{
	struct drm_ember_vm_destroy args = { .id = vm_id };

	ws_ioctl(ws, DRM_IOCTL_EMBER_VM_DESTROY, &args);
}

static int ws_vm_bind(struct ember_ws *ws, uint32_t vm_id, const struct drm_ember_vm_bind_op *op)
{
	struct drm_ember_vm_bind args = {
		.vm_id = vm_id,
		.ops = DRM_EMBER_OBJ_ARRAY(1, op),
	};

	return ws_ioctl(ws, DRM_IOCTL_EMBER_VM_BIND, &args);
}

int ember_ws_vm_map(struct ember_ws *ws, uint32_t vm_id, const struct ember_ws_bo *bo,
		    uint64_t offset, uint64_t va, uint64_t size, uint32_t flags)
{
	const struct drm_ember_vm_bind_op op = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP |
			 ((flags & EMBER_WS_MAP_READONLY) ? DRM_EMBER_VM_BIND_OP_MAP_READONLY : 0) |
			 ((flags & EMBER_WS_MAP_NOEXEC) ? DRM_EMBER_VM_BIND_OP_MAP_NOEXEC : 0),
		.bo_handle = bo->handle,
		.bo_offset = offset,
		.va = va,
		.size = size,
	};

	return ws_vm_bind(ws, vm_id, &op);
}

int ember_ws_vm_unmap(struct ember_ws *ws, uint32_t vm_id, uint64_t va, uint64_t size)
{
	const struct drm_ember_vm_bind_op op = {
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP,
		.va = va,
		.size = size,
	};

	return ws_vm_bind(ws, vm_id, &op);
}

int ember_ws_ctx_create(struct ember_ws *ws, uint32_t vm_id, uint32_t queue_count,
			const enum ember_ws_priority *priorities, uint32_t *ctx)
{
	struct drm_ember_queue_create queues[16] = { 0 };
	struct drm_ember_ctx_create args = { .vm_id = vm_id };
	int ret;

	if (!queue_count || queue_count > EMBER_ARRAY_SIZE_WS(queues))
		return -EINVAL;
	for (uint32_t i = 0; i < queue_count; i++)
		queues[i].priority = priorities[i] == EMBER_WS_PRIORITY_HIGH ?
				     DRM_EMBER_QUEUE_PRIORITY_HIGH :
				     priorities[i] == EMBER_WS_PRIORITY_LOW ?
				     DRM_EMBER_QUEUE_PRIORITY_LOW : DRM_EMBER_QUEUE_PRIORITY_MEDIUM;
	args.queues = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(queue_count, queues);
	ret = ws_ioctl(ws, DRM_IOCTL_EMBER_CTX_CREATE, &args);
	if (!ret)
		*ctx = args.handle;
	return ret;
}

void ember_ws_ctx_destroy(struct ember_ws *ws, uint32_t ctx)
{
	struct drm_ember_ctx_destroy args = { .handle = ctx };

	ws_ioctl(ws, DRM_IOCTL_EMBER_CTX_DESTROY, &args);
}

int ember_ws_ctx_get_state(struct ember_ws *ws, uint32_t ctx, struct ember_ws_ctx_state *state)
{
	struct drm_ember_ctx_get_state args = { .handle = ctx };
	int ret = ws_ioctl(ws, DRM_IOCTL_EMBER_CTX_GET_STATE, &args);

	if (ret)
		return ret;
	*state = (struct ember_ws_ctx_state) {
		/*
		 * Every bit is lost work: GUILTY, FAULTED, BANNED, DEVICE_LOST
		 * and INNOCENT_LOST (a device reset cut one of its started jobs
		 * short: not run twice, so the VkDevice is lost all the same).
		 */
		.lost = args.state != DRM_EMBER_CTX_STATE_INNOCENT,
		.innocent_lost = args.state & DRM_EMBER_CTX_STATE_INNOCENT_LOST,
		.state = args.state,
		.fault_kind = args.fault_kind,
		.fault_va = args.fault_va,
	};
	return 0;
}

int ember_ws_submit(struct ember_ws *ws, uint32_t ctx, const struct ember_ws_job *jobs,
		    uint32_t count)
{
	struct drm_ember_sync_op syncs[EMBER_WS_MAX_JOBS * 4];
	struct drm_ember_job kjobs[EMBER_WS_MAX_JOBS];
	struct drm_ember_sync_op *heap = NULL, *ops = syncs;
	struct drm_ember_submit args = {
		.ctx_handle = ctx,
		.flags = ws->info.has_explicit_sync ? DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC : 0,
	};
	uint32_t total = 0, used = 0;
	int ret;

	if (count > EMBER_WS_MAX_JOBS)
		return -EINVAL;
	for (uint32_t i = 0; i < count; i++)
		total += jobs[i].sync_count;
	if (total > EMBER_ARRAY_SIZE_WS(syncs)) {
		heap = calloc(total, sizeof(*heap));
		if (!heap)
			return -ENOMEM;
		ops = heap;
	}
	for (uint32_t i = 0; i < count; i++) {
		struct drm_ember_sync_op *first = ops + used;

		for (uint32_t s = 0; s < jobs[i].sync_count; s++) {
			const struct ember_ws_sync *sync = &jobs[i].syncs[s];

			ops[used++] = (struct drm_ember_sync_op) {
				.flags = (sync->value ? DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ :
					  DRM_EMBER_SYNC_OP_HANDLE_TYPE_SYNCOBJ) |
					 (sync->signal ? DRM_EMBER_SYNC_OP_SIGNAL :
					  DRM_EMBER_SYNC_OP_WAIT),
				.handle = sync->handle,
				.timeline_value = sync->value,
			};
		}
		kjobs[i] = (struct drm_ember_job) {
			.queue_index = jobs[i].queue,
			.ib_size = jobs[i].ib_size,
			.ib_va = jobs[i].ib_va,
			.syncs = DRM_EMBER_OBJ_ARRAY(jobs[i].sync_count, first),
		};
	}
	args.jobs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(count, kjobs);
	ret = ws_ioctl(ws, DRM_IOCTL_EMBER_SUBMIT, &args);
	free(heap);
	return ret;
}

int ember_ws_syncobj_create(struct ember_ws *ws, bool signaled, uint32_t *handle)
{
	return ws_drm_result(drmSyncobjCreate(ws->fd, signaled ? DRM_SYNCOBJ_CREATE_SIGNALED : 0,
					      handle));
}

void ember_ws_syncobj_destroy(struct ember_ws *ws, uint32_t handle)
{
	if (handle)
		drmSyncobjDestroy(ws->fd, handle);
}

int ember_ws_syncobj_wait(struct ember_ws *ws, const uint32_t *handles, const uint64_t *points,
			  uint32_t count, int64_t abs_timeout_ns, bool wait_all, bool available,
			  uint32_t *first)
{
	uint32_t flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
	uint64_t zeros[64] = { 0 };
	int ret;

	if (!count)
		return 0;
	if (wait_all)
		flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
	if (available)
		flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
	if (!points) {
		if (count > EMBER_ARRAY_SIZE_WS(zeros))
			return -EINVAL;
		points = zeros;
	}
	errno = 0;
	ret = drmSyncobjTimelineWait(ws->fd, (uint32_t *)handles, (uint64_t *)points, count,
				     abs_timeout_ns, flags, first);
	return ret ? (ret < 0 && ret != -1 ? ret : -errno) : 0;
}

int ember_ws_syncobj_signal(struct ember_ws *ws, const uint32_t *handles, const uint64_t *points,
			    uint32_t count)
{
	bool timeline = false;

	for (uint32_t i = 0; points && i < count; i++)
		timeline |= points[i] != 0;
	errno = 0;
	if (timeline)
		return ws_drm_result(drmSyncobjTimelineSignal(ws->fd, handles, (uint64_t *)points,
							      count));
	return ws_drm_result(drmSyncobjSignal(ws->fd, handles, count));
}

int ember_ws_syncobj_reset(struct ember_ws *ws, const uint32_t *handles, uint32_t count)
{
	errno = 0;
	return ws_drm_result(drmSyncobjReset(ws->fd, handles, count));
}

int ember_ws_syncobj_query(struct ember_ws *ws, uint32_t handle, uint64_t *value)
{
	errno = 0;
	return ws_drm_result(drmSyncobjQuery(ws->fd, &handle, value, 1));
}

int ember_ws_syncobj_transfer(struct ember_ws *ws, uint32_t dst, uint64_t dst_point,
			      uint32_t src, uint64_t src_point)
{
	errno = 0;
	return ws_drm_result(drmSyncobjTransfer(ws->fd, dst, dst_point, src, src_point, 0));
}

int ember_ws_syncobj_export(struct ember_ws *ws, uint32_t handle, int *fd)
{
	errno = 0;
	return ws_drm_result(drmSyncobjHandleToFD(ws->fd, handle, fd));
}

int ember_ws_syncobj_import(struct ember_ws *ws, int fd, uint32_t *handle)
{
	errno = 0;
	return ws_drm_result(drmSyncobjFDToHandle(ws->fd, fd, handle));
}

int ember_ws_syncobj_export_sync_file(struct ember_ws *ws, uint32_t handle, int *fd)
{
	errno = 0;
	return ws_drm_result(drmSyncobjExportSyncFile(ws->fd, handle, fd));
}

int ember_ws_syncobj_import_sync_file(struct ember_ws *ws, uint32_t handle, int fd)
{
	errno = 0;
	return ws_drm_result(drmSyncobjImportSyncFile(ws->fd, handle, fd));
}

int64_t ember_ws_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ember_ws_abs_timeout(uint64_t timeout)
{
	int64_t now = ember_ws_now_ns();

	if (timeout >= (uint64_t)(INT64_MAX - now))
		return INT64_MAX;
	return now + (int64_t)timeout;
}

int ember_ws_bo_map_dmabuf(struct ember_ws *ws, struct ember_ws_bo *bo)
{
	void *map;
	int fd, ret;

	if (bo->map)
		return 0;
	ret = ember_ws_bo_export(ws, bo, &fd);
	if (ret)
		return ret;
	map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ret = map == MAP_FAILED ? -errno : 0;
	/* The mapping holds its own reference to the dma-buf. */
	close(fd);
	if (ret)
		return ret;
	bo->map = map;
	return 0;
}
