// SPDX-License-Identifier: MIT
/*
 * Helpers for the Ember tests: uAPI wrappers, BOs mapped on the CPU and in
 * a VM, syncobj fence status, and access to the device through sysfs. See
 * igt_ember.h for the naming rules.
 */
#include "igt_ember.h"

#include <fcntl.h>
#include <limits.h>
#include <linux/sync_file.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
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

void igt_ember_get_timestamp(int fd, struct drm_ember_timestamp *time)
{
	uint32_t size = sizeof(*time);

	igt_assert_eq(__igt_ember_dev_query(fd, DRM_EMBER_DEV_QUERY_TIMESTAMP,
					    &size, time), 0);
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

static uint64_t align_up(uint64_t value, uint64_t align)
{
	return (value + align - 1) & ~(align - 1);
}

/* Buffer objects. */

int __igt_ember_bo_create(int fd, struct drm_ember_bo_create *args)
{
	return igt_ioctl(fd, DRM_IOCTL_EMBER_BO_CREATE, args) ? -errno : 0;
}

uint32_t igt_ember_bo_create(int fd, uint64_t size, uint32_t flags)
{
	struct drm_ember_bo_create args = { .size = size, .flags = flags };

	igt_assert_eq(__igt_ember_bo_create(fd, &args), 0);
	igt_assert_neq(args.handle, 0);
	igt_assert_eq_u64(args.size, align_up(size, IGT_EMBER_PAGE_SIZE));
	return args.handle;
}

int __igt_ember_bo_mmap_offset(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_ember_bo_mmap_offset args = { .handle = handle };

	if (igt_ioctl(fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args))
		return -errno;
	*offset = args.offset;
	return 0;
}

/* Returns the mapping, or NULL with errno set. */
void *__igt_ember_bo_mmap(int fd, uint32_t handle, uint64_t size, int prot)
{
	uint64_t offset = 0;
	void *ptr;
	int ret = __igt_ember_bo_mmap_offset(fd, handle, &offset);

	if (ret) {
		errno = -ret;
		return NULL;
	}
	ptr = mmap(NULL, size, prot, MAP_SHARED, fd, offset);
	return ptr == MAP_FAILED ? NULL : ptr;
}

void *igt_ember_bo_mmap(int fd, uint32_t handle, uint64_t size)
{
	void *ptr = __igt_ember_bo_mmap(fd, handle, size, PROT_READ | PROT_WRITE);

	igt_assert_f(ptr, "mmap of BO %u failed: %s\n", handle, strerror(errno));
	return ptr;
}

int __igt_ember_bo_info(int fd, struct drm_ember_bo_info *info)
{
	return igt_ioctl(fd, DRM_IOCTL_EMBER_BO_INFO, info) ? -errno : 0;
}

int __igt_ember_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close args = { .handle = handle };

	return igt_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &args) ? -errno : 0;
}

void igt_ember_gem_close(int fd, uint32_t handle)
{
	igt_assert_eq(__igt_ember_gem_close(fd, handle), 0);
}

/* Returns a dma-buf fd of the BO. */
int igt_ember_prime_export(int fd, uint32_t handle)
{
	int dmabuf = -1;

	igt_assert_eq(drmPrimeHandleToFD(fd, handle, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);
	igt_assert_lte(0, dmabuf);
	return dmabuf;
}

uint32_t igt_ember_prime_import(int fd, int dmabuf)
{
	uint32_t handle = 0;

	igt_assert_eq(drmPrimeFDToHandle(fd, dmabuf, &handle), 0);
	igt_assert_neq(handle, 0);
	return handle;
}

/* VMs. */

int __igt_ember_vm_create(int fd, uint32_t flags, uint32_t *id)
{
	struct drm_ember_vm_create args = { .flags = flags };

	if (igt_ioctl(fd, DRM_IOCTL_EMBER_VM_CREATE, &args))
		return -errno;
	*id = args.id;
	return 0;
}

uint32_t igt_ember_vm_create(int fd)
{
	uint32_t id = 0;

	igt_assert_eq(__igt_ember_vm_create(fd, 0, &id), 0);
	igt_assert_neq(id, 0);
	return id;
}

int __igt_ember_vm_destroy(int fd, uint32_t id)
{
	struct drm_ember_vm_destroy args = { .id = id };

	return igt_ioctl(fd, DRM_IOCTL_EMBER_VM_DESTROY, &args) ? -errno : 0;
}

void igt_ember_vm_destroy(int fd, uint32_t id)
{
	igt_assert_eq(__igt_ember_vm_destroy(fd, id), 0);
}

int __igt_ember_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
			const struct drm_ember_vm_bind_op *ops, uint32_t num_ops,
			const struct drm_ember_sync_op *syncs, uint32_t num_syncs)
{
	struct drm_ember_vm_bind args = {
		.vm_id = vm_id,
		.flags = flags,
		.ops = { .stride = sizeof(*ops), .count = num_ops, .array = (uintptr_t)ops },
		.syncs = { .stride = sizeof(*syncs), .count = num_syncs,
			   .array = (uintptr_t)syncs },
	};

	return igt_ioctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args) ? -errno : 0;
}

int __igt_ember_vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t bo_offset,
		       uint64_t va, uint64_t size, uint32_t op_flags)
{
	struct drm_ember_vm_bind_op op = igt_ember_map_op(handle, bo_offset, va, size,
							  op_flags);

	return __igt_ember_vm_bind(fd, vm_id, 0, &op, 1, NULL, 0);
}

void igt_ember_vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t bo_offset,
		      uint64_t va, uint64_t size, uint32_t op_flags)
{
	igt_assert_eq(__igt_ember_vm_map(fd, vm_id, handle, bo_offset, va, size, op_flags), 0);
}

int __igt_ember_vm_unmap(int fd, uint32_t vm_id, uint64_t va, uint64_t size)
{
	struct drm_ember_vm_bind_op op = igt_ember_unmap_op(va, size);

	return __igt_ember_vm_bind(fd, vm_id, 0, &op, 1, NULL, 0);
}

void igt_ember_vm_unmap(int fd, uint32_t vm_id, uint64_t va, uint64_t size)
{
	igt_assert_eq(__igt_ember_vm_unmap(fd, vm_id, va, size), 0);
}

/*
 * The allocator starts one page above va_start, so that VA 0 and the first
 * page stay unmapped: a job reading address va_start - or a NULL-ish
 * pointer - must fault, whichever of them the kernel allows.
 */
void igt_ember_vm_init(struct igt_ember_vm *vm, int fd)
{
	struct drm_ember_gpu_info info;

	igt_ember_get_gpu_info(fd, &info);
	igt_assert_lt_u64(info.va_start, info.va_end);
	vm->fd = fd;
	vm->id = igt_ember_vm_create(fd);
	vm->next_va = align_up(info.va_start, IGT_EMBER_PAGE_SIZE) + IGT_EMBER_PAGE_SIZE;
	vm->va_end = info.va_end;
}

void igt_ember_vm_fini(struct igt_ember_vm *vm)
{
	igt_ember_vm_destroy(vm->fd, vm->id);
	vm->id = 0;
}

/*
 * Returns a fresh VA range of @size bytes, followed by an unmapped guard
 * page so that a job running off the end of one buffer faults instead of
 * landing in the next.
 */
uint64_t igt_ember_vm_alloc_va(struct igt_ember_vm *vm, uint64_t size)
{
	uint64_t va = vm->next_va;

	size = align_up(size, IGT_EMBER_PAGE_SIZE);
	igt_assert_lte_u64(va + size, vm->va_end);
	vm->next_va = va + size + IGT_EMBER_PAGE_SIZE;
	return va;
}

static void buf_create(struct igt_ember_buf *buf, struct igt_ember_vm *vm, uint64_t size,
		       uint32_t bo_flags, uint32_t exclusive_vm_id, uint32_t map_flags)
{
	struct drm_ember_bo_create args = {
		.size = align_up(size, IGT_EMBER_PAGE_SIZE),
		.flags = bo_flags,
		.exclusive_vm_id = exclusive_vm_id,
	};

	memset(buf, 0, sizeof(*buf));
	buf->fd = vm->fd;
	buf->size = args.size;
	igt_assert_eq(__igt_ember_bo_create(vm->fd, &args), 0);
	buf->handle = args.handle;
	if (!(bo_flags & DRM_EMBER_BO_NO_MMAP))
		buf->map = igt_ember_bo_mmap(vm->fd, buf->handle, buf->size);
	buf->vm_id = vm->id;
	buf->va = igt_ember_vm_alloc_va(vm, buf->size);
	igt_ember_vm_map(vm->fd, vm->id, buf->handle, 0, buf->va, buf->size, map_flags);
}

void igt_ember_buf_create_flags(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
				uint64_t size, uint32_t bo_flags, uint32_t map_flags)
{
	buf_create(buf, vm, size, bo_flags, 0, map_flags);
}

/*
 * Like igt_ember_buf_create_flags(), in a BO exclusive to @vm (it shares
 * the VM's reservation object, as a Vulkan driver's non-exportable memory).
 */
void igt_ember_buf_create_exclusive(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
				    uint64_t size, uint32_t map_flags)
{
	buf_create(buf, vm, size, 0, vm->id, map_flags);
}

/* A CPU-mapped BO of @size bytes, mapped read-write-exec at a fresh VA. */
void igt_ember_buf_create(struct igt_ember_buf *buf, struct igt_ember_vm *vm,
			  uint64_t size)
{
	igt_ember_buf_create_flags(buf, vm, size, 0, 0);
}

/*
 * Unmaps the buffer from its VM and closes it. The VM may already be gone
 * (destroying a VM drops its mappings), so only the close is asserted.
 */
void igt_ember_buf_destroy(struct igt_ember_buf *buf)
{
	if (buf->map)
		munmap(buf->map, buf->size);
	if (buf->va)
		__igt_ember_vm_unmap(buf->fd, buf->vm_id, buf->va, buf->size);
	igt_ember_gem_close(buf->fd, buf->handle);
	memset(buf, 0, sizeof(*buf));
}

/* Contexts and submission. */

/*
 * CTX_CREATE with @num_queues queues of @priorities (NULL: all medium);
 * with @queue_info an array (count 0: none), the driver reports each
 * queue's kind, priority and ring there (uAPI 1.8).
 */
int __igt_ember_ctx_create_info(int fd, uint32_t vm_id, const uint32_t *priorities,
				uint32_t num_queues, struct drm_ember_obj_array queue_info,
				uint32_t *handle)
{
	struct drm_ember_queue_create queues[64] = { 0 };
	struct drm_ember_ctx_create args = {
		.vm_id = vm_id,
		.queues = { .stride = sizeof(queues[0]), .count = num_queues,
			    .array = (uintptr_t)queues },
		.queue_info = queue_info,
	};
	uint32_t i;

	igt_assert_lte(num_queues, 64);
	for (i = 0; i < num_queues; i++)
		queues[i].priority = priorities ? priorities[i] : DRM_EMBER_QUEUE_PRIORITY_MEDIUM;
	if (igt_ioctl(fd, DRM_IOCTL_EMBER_CTX_CREATE, &args))
		return -errno;
	*handle = args.handle;
	return 0;
}

int __igt_ember_ctx_create(int fd, uint32_t vm_id, const uint32_t *priorities,
			   uint32_t num_queues, uint32_t *handle)
{
	struct drm_ember_obj_array none = { 0 };

	return __igt_ember_ctx_create_info(fd, vm_id, priorities, num_queues, none, handle);
}

/*
 * What queue 0 of a new one-queue context on @vm_id gets on this device
 * now: DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE or the shared rings (a driver
 * before 1.8 writes nothing: kind 0, the rings).
 */
uint32_t igt_ember_queue_kind(int fd, uint32_t vm_id)
{
	struct drm_ember_queue_info qi = { 0 };
	struct drm_ember_obj_array info = {
		.stride = sizeof(qi), .count = 1, .array = (uintptr_t)&qi,
	};
	uint32_t ctx = 0;

	igt_assert_eq(__igt_ember_ctx_create_info(fd, vm_id, NULL, 1, info, &ctx), 0);
	igt_ember_ctx_destroy(fd, ctx);
	return qi.kind;
}

/* A context on @vm_id with @num_queues medium-priority queues. */
uint32_t igt_ember_ctx_create(int fd, uint32_t vm_id, uint32_t num_queues)
{
	uint32_t handle = 0;

	igt_assert_eq(__igt_ember_ctx_create(fd, vm_id, NULL, num_queues, &handle), 0);
	return handle;
}

int __igt_ember_ctx_destroy(int fd, uint32_t handle)
{
	struct drm_ember_ctx_destroy args = { .handle = handle };

	return igt_ioctl(fd, DRM_IOCTL_EMBER_CTX_DESTROY, &args) ? -errno : 0;
}

void igt_ember_ctx_destroy(int fd, uint32_t handle)
{
	igt_assert_eq(__igt_ember_ctx_destroy(fd, handle), 0);
}

int __igt_ember_ctx_get_state(int fd, struct drm_ember_ctx_get_state *state)
{
	return igt_ioctl(fd, DRM_IOCTL_EMBER_CTX_GET_STATE, state) ? -errno : 0;
}

struct drm_ember_ctx_get_state igt_ember_ctx_get_state(int fd, uint32_t handle)
{
	struct drm_ember_ctx_get_state state = { .handle = handle };

	igt_assert_eq(__igt_ember_ctx_get_state(fd, &state), 0);
	return state;
}

/*
 * Asserts that @ctx faulted with a fault of @kind at @va (for translation
 * and permission faults, the faulting address; otherwise the packet's) and
 * @detail (the access, or the packet's header), and that it is banned.
 */
void igt_ember_assert_faulted(int fd, uint32_t ctx, uint32_t kind, uint64_t va,
			      uint32_t detail)
{
	struct drm_ember_ctx_get_state state = igt_ember_ctx_get_state(fd, ctx);

	igt_assert_f(state.state & DRM_EMBER_CTX_STATE_FAULTED,
		     "context state %#x has no FAULTED bit\n", state.state);
	igt_assert_f(state.state & DRM_EMBER_CTX_STATE_BANNED,
		     "faulted context state %#x has no BANNED bit\n", state.state);
	igt_assert_eq(state.fault_kind, kind);
	igt_assert_eq_u64(state.fault_va, va);
	igt_assert_eq_u32(state.fault_detail, detail);
}

/* The context's enum drm_ember_ctx_state_flags. */
uint32_t igt_ember_ctx_state(int fd, uint32_t handle)
{
	struct drm_ember_ctx_get_state state = { .handle = handle };

	igt_assert_eq(__igt_ember_ctx_get_state(fd, &state), 0);
	return state.state;
}

int __igt_ember_submit_flags(int fd, uint32_t ctx, uint32_t flags,
			     const struct drm_ember_job *jobs, uint32_t num_jobs)
{
	struct drm_ember_submit args = {
		.ctx_handle = ctx,
		.flags = flags,
		.jobs = { .stride = sizeof(*jobs), .count = num_jobs, .array = (uintptr_t)jobs },
	};

	return igt_ioctl(fd, DRM_IOCTL_EMBER_SUBMIT, &args) ? -errno : 0;
}

int __igt_ember_submit(int fd, uint32_t ctx, const struct drm_ember_job *jobs,
		       uint32_t num_jobs)
{
	return __igt_ember_submit_flags(fd, ctx, 0, jobs, num_jobs);
}

/* Whether the driver is at least version @major.@minor (DRM_IOCTL_VERSION). */
bool igt_ember_has_version(int fd, int major, int minor)
{
	drmVersionPtr version = drmGetVersion(fd);
	bool ok;

	igt_assert(version);
	ok = version->version_major > major ||
	     (version->version_major == major && version->version_minor >= minor);
	drmFreeVersion(version);
	return ok;
}

int __igt_ember_submit_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			  uint32_t queue, const struct drm_ember_sync_op *syncs,
			  uint32_t num_syncs)
{
	struct drm_ember_job job = igt_ember_ib_job(ib, queue, syncs, num_syncs);

	return __igt_ember_submit(fd, ctx, &job, 1);
}

void igt_ember_submit_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			 uint32_t queue, const struct drm_ember_sync_op *syncs,
			 uint32_t num_syncs)
{
	igt_assert_eq(__igt_ember_submit_ib(fd, ctx, ib, queue, syncs, num_syncs), 0);
}

/*
 * Runs @ib on @queue and waits for it (the job signals a syncobj of its
 * own, which must signal within IGT_EMBER_WAIT_NS). Returns the job's
 * fence status: 1 for success, -errno for a job that failed (-EIO for a
 * fault, -ETIMEDOUT for a hang, ...).
 */
int igt_ember_run_ib_status(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
			    uint32_t queue)
{
	uint32_t done = igt_ember_syncobj_create(fd, 0);
	struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
	int status;

	igt_ember_submit_ib(fd, ctx, ib, queue, &signal, 1);
	igt_ember_syncobj_wait(fd, done, 0);
	status = igt_ember_syncobj_fence_status(fd, done, 0);
	igt_ember_syncobj_destroy(fd, done);
	return status;
}

/* Runs @ib on @queue, waits for it and asserts it succeeded. */
void igt_ember_run_ib(int fd, uint32_t ctx, const struct igt_ember_ib *ib, uint32_t queue)
{
	igt_assert_eq(igt_ember_run_ib_status(fd, ctx, ib, queue), 1);
}

void igt_ember_env_init(struct igt_ember_env *env, int fd, uint32_t num_queues)
{
	env->fd = fd;
	igt_ember_vm_init(&env->vm, fd);
	env->ctx = igt_ember_ctx_create(fd, env->vm.id, num_queues);
	igt_ember_ib_create(&env->ib, &env->vm, 64 * 1024);
}

/*
 * Tears down what igt_ember_env_init() made, context first: its jobs
 * still complete, and the VM's mappings go with its last context.
 */
void igt_ember_env_fini(struct igt_ember_env *env)
{
	igt_ember_ctx_destroy(env->fd, env->ctx);
	igt_ember_ib_destroy(&env->ib);
	igt_ember_vm_fini(&env->vm);
}

/* Syncobjs. */

uint32_t igt_ember_syncobj_create(int fd, uint32_t flags)
{
	uint32_t handle = 0;

	igt_assert_eq(drmSyncobjCreate(fd, flags, &handle), 0);
	return handle;
}

void igt_ember_syncobj_destroy(int fd, uint32_t handle)
{
	igt_assert_eq(drmSyncobjDestroy(fd, handle), 0);
}

/*
 * Waits for a binary syncobj (@point 0) or a timeline point, up to
 * @timeout_ns from now. Returns 0 or -errno (-ETIME on timeout, -EINVAL
 * for a point with no fence yet unless @flags has WAIT_AVAILABLE or
 * WAIT_FOR_SUBMIT).
 */
int __igt_ember_syncobj_wait(int fd, uint32_t handle, uint64_t point,
			     uint64_t timeout_ns, uint32_t flags)
{
	struct timespec now;
	int64_t abs_timeout;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &now);
	abs_timeout = now.tv_sec * 1000000000ll + now.tv_nsec + (int64_t)timeout_ns;
	/* Only the timeline wait takes WAIT_AVAILABLE; point 0 is a binary syncobj. */
	if (point || (flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
		ret = drmSyncobjTimelineWait(fd, &handle, &point, 1, abs_timeout, flags, NULL);
	else
		ret = drmSyncobjWait(fd, &handle, 1, abs_timeout, flags, NULL);
	return ret ? -errno : 0;
}

void igt_ember_syncobj_wait(int fd, uint32_t handle, uint64_t point)
{
	int ret = __igt_ember_syncobj_wait(fd, handle, point, IGT_EMBER_WAIT_NS, 0);

	igt_assert_f(ret == 0, "syncobj %u point %llu did not signal: %s\n",
		     handle, (unsigned long long)point, strerror(-ret));
}

/* Whether the syncobj (point) has a fence that has not signalled yet. */
bool igt_ember_syncobj_busy(int fd, uint32_t handle, uint64_t point)
{
	return __igt_ember_syncobj_wait(fd, handle, point, 0, 0) == -ETIME;
}

/*
 * A sync_file of the syncobj's fence, or of a timeline point: the point is
 * moved into a temporary binary syncobj first, since only binary syncobjs
 * export as sync_files.
 */
int igt_ember_syncobj_export_sync_file(int fd, uint32_t handle, uint64_t point)
{
	uint32_t binary = handle;
	int sync_file = -1;

	if (point) {
		binary = igt_ember_syncobj_create(fd, 0);
		igt_assert_eq(drmSyncobjTransfer(fd, binary, 0, handle, point, 0), 0);
	}
	igt_assert_eq(drmSyncobjExportSyncFile(fd, binary, &sync_file), 0);
	if (point)
		igt_ember_syncobj_destroy(fd, binary);
	igt_assert_lte(0, sync_file);
	return sync_file;
}

/*
 * The status of a sync_file as SYNC_IOC_FILE_INFO reports it for each
 * fence inside (chains and arrays unwrapped): 1 when every fence signalled
 * without error, 0 while one is pending, else the first error (-errno).
 */
int igt_ember_sync_file_status(int sync_file)
{
	struct sync_file_info info = { 0 };
	struct sync_fence_info *fences;
	int status = 1;
	uint32_t i;

	igt_assert_eq(ioctl(sync_file, SYNC_IOC_FILE_INFO, &info), 0);
	if (!info.num_fences)
		return info.status;
	fences = calloc(info.num_fences, sizeof(*fences));
	igt_assert(fences);
	info.sync_fence_info = (uintptr_t)fences;
	igt_assert_eq(ioctl(sync_file, SYNC_IOC_FILE_INFO, &info), 0);
	for (i = 0; i < info.num_fences; i++) {
		if (fences[i].status < 0) {
			status = fences[i].status;
			break;
		}
		if (fences[i].status == 0)
			status = 0;
	}
	free(fences);
	return status;
}

/*
 * The status of a syncobj's fence (or a timeline point's; for a point, an
 * error of an earlier point still linked in the timeline counts too): 1
 * signalled fine, 0 pending, -errno signalled with that error.
 */
int igt_ember_syncobj_fence_status(int fd, uint32_t handle, uint64_t point)
{
	int sync_file = igt_ember_syncobj_export_sync_file(fd, handle, point);
	int status = igt_ember_sync_file_status(sync_file);

	close(sync_file);
	return status;
}

/*
 * Forks @count processes sharing @fd that wait until @syncobj's fence has
 * signalled, in any way (an error too), within @timeout_s: even ones in
 * the kernel's syncobj wait (WAIT_FOR_SUBMIT, so they can start before the
 * fence exists), odd ones in poll() on a sync_file they export once the
 * fence is there. Returns once the even ones are in the kernel; after
 * submitting, igt_ember_waiters_ready() waits for the odd ones.
 * igt_waitchildren() then fails the test unless every one woke in time.
 */
void igt_ember_waiters_fork(struct igt_ember_waiters *waiters, int fd, uint32_t syncobj,
			    int count, int timeout_s)
{
	int i;

	igt_assert_eq(pipe(waiters->ready), 0);
	waiters->count = count;
	igt_fork(child, count) {
		const uint64_t timeout = (uint64_t)timeout_s * 1000000000ull;
		struct pollfd pfd = { .events = POLLIN };
		char byte = 'r';

		if (child % 2 == 0) {
			igt_assert_eq(write(waiters->ready[1], &byte, 1), 1);
			igt_assert_eq(__igt_ember_syncobj_wait(fd, syncobj, 0, timeout,
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT), 0);
		} else {
			igt_assert_eq(__igt_ember_syncobj_wait(fd, syncobj, 0, timeout,
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE), 0);
			pfd.fd = igt_ember_syncobj_export_sync_file(fd, syncobj, 0);
			igt_assert_eq(write(waiters->ready[1], &byte, 1), 1);
			igt_assert_eq(poll(&pfd, 1, timeout_s * 1000), 1);
		}
	}
	/* Only the children write: a child that fails ends our reads with EOF. */
	close(waiters->ready[1]);
	for (i = 0; i < (count + 1) / 2; i++) {
		char byte;

		igt_assert_eq(read(waiters->ready[0], &byte, 1), 1);
	}
	/* They said so just before their ioctl: give them time to enter it. */
	usleep(300 * 1000);
}

/* Waits until the poll() waiters have their sync_file (the fence exists). */
void igt_ember_waiters_ready(struct igt_ember_waiters *waiters)
{
	int i;

	for (i = 0; i < waiters->count / 2; i++) {
		char byte;

		igt_assert_eq(read(waiters->ready[0], &byte, 1), 1);
	}
	close(waiters->ready[0]);
}

/*
 * Sets ember.device_queues (driver 1.8): whether contexts created from now
 * on get device queues of their own or share the legacy rings. Returns
 * the previous value, or -1 when the driver has no such parameter (then
 * contexts share the rings anyway).
 */
int igt_ember_set_device_queues(int on)
{
	static const char path[] = "/sys/module/ember/parameters/device_queues";
	char old = 0;
	int fd = open(path, O_RDWR);

	if (fd < 0)
		return -1;
	igt_assert_eq(read(fd, &old, 1), 1);
	igt_assert_eq(pwrite(fd, on ? "Y" : "N", 1, 0), 1);
	close(fd);
	return old == 'Y' || old == '1';
}
