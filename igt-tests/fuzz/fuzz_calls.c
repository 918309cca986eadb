// SPDX-License-Identifier: MIT
/*
 * The fuzzer's calls: one generator per ioctl (or mmap), each building
 * its arguments from the program's live objects most of the time and
 * from edge values or noise otherwise. Results are recorded in the state
 * only on success, so later calls use objects that exist; failures are
 * expected and only counted. Waits are bounded by a few milliseconds, and
 * a job that never ends (a WAIT_MEM on a value nobody writes) is rare,
 * since each one costs a job timeout and a reset.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "drmtest.h"
#include "ember_drm.h"
#include "ember_packets.h"
#include "fuzz.h"
#include "igt_ember.h"

#define PAGE 4096ull

static int64_t deadline_in_ms(uint32_t ms)
{
	return (int64_t)(igt_ember_now_ns() + ms * 1000000ull);
}

/* An ioctl on fd index @fd; counts failures. */
static int call_ioctl(struct fuzz_state *st, int fd, unsigned long request, void *arg)
{
	int ret = drmIoctl(st->fds[fd], request, arg) ? -errno : 0;

	st->calls++;
	if (ret)
		st->failed_calls++;
	return ret;
}

/* Values that find boundary bugs, for any 64-bit field. */
static uint64_t edge_value(struct fuzz_rng *rng)
{
	static const uint64_t edges[] = {
		0, 1, 2, 3, 4, 7, 8, 0xfff, 0x1000, 0x1001, 0xffff, 0x10000, 0x7fffffff,
		0x80000000, 0xffffffff, 0x100000000ull, 0xfffffffffffull, 1ull << 47,
		(1ull << 48) - 4096, 0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull,
		~0ull - 4095,
	};

	if (fuzz_one_in(rng, 4))
		return fuzz_next(rng);
	return edges[fuzz_below(rng, sizeof(edges) / sizeof(edges[0]))];
}

static int pick_fd(struct fuzz_state *st, struct fuzz_rng *rng)
{
	return (int)fuzz_below(rng, st->num_fds);
}

/* A live object's handle of fd @fd, or (sometimes) any number. */
#define PICK_HANDLE(st, rng, array, count, field)					\
	((count) && !fuzz_one_in(rng, 8) ?						\
	 (array)[fuzz_below(rng, count)].field : (uint32_t)edge_value(rng))

/* ---- bookkeeping ---- */

static void remove_bo(struct fuzz_state *st, unsigned int i)
{
	if (st->bos[i].map)
		munmap(st->bos[i].map, st->bos[i].size);
	st->bos[i] = st->bos[--st->num_bos];
}

static void remove_vm(struct fuzz_state *st, unsigned int i)
{
	/* Contexts and mappings refer to VMs by index: forget theirs, fix the moved one's. */
	for (unsigned int c = 0; c < st->num_ctxs;) {
		if (st->ctxs[c].vm == i) {
			st->ctxs[c] = st->ctxs[--st->num_ctxs];
			continue;
		}
		if (st->ctxs[c].vm == st->num_vms - 1)
			st->ctxs[c].vm = i;
		c++;
	}
	for (unsigned int m = 0; m < st->num_mappings;) {
		if (st->mappings[m].vm == (int)i) {
			st->mappings[m] = st->mappings[--st->num_mappings];
			continue;
		}
		if (st->mappings[m].vm == (int)st->num_vms - 1)
			st->mappings[m].vm = (int)i;
		m++;
	}
	if (st->vms[i].ib)
		munmap(st->vms[i].ib, FUZZ_IB_BYTES);
	st->vms[i] = st->vms[--st->num_vms];
}

static void add_file(struct fuzz_state *st, int file)
{
	if (file < 0)
		return;
	if (st->num_files == FUZZ_MAX_FILES) {
		close(st->files[0]);
		st->files[0] = st->files[--st->num_files];
	}
	st->files[st->num_files++] = file;
}

/* ---- device and BOs ---- */

static void call_open(struct fuzz_state *st, struct fuzz_rng *rng)
{
	int fd;

	if (st->num_fds == FUZZ_MAX_FDS)
		return;
	fd = __drm_open_driver_render(DRIVER_EMBER);
	if (fd >= 0)
		st->fds[st->num_fds++] = fd;
}

static void call_dev_query(struct fuzz_state *st, struct fuzz_rng *rng)
{
	uint8_t buf[512];
	struct drm_ember_dev_query q = {
		.type = fuzz_one_in(rng, 4) ? (uint32_t)edge_value(rng) : fuzz_below(rng, 3),
		.size = fuzz_one_in(rng, 3) ? (uint32_t)edge_value(rng) : fuzz_below(rng, 512),
	};

	switch (fuzz_below(rng, 4)) {
	case 0:
		q.pointer = 0;
		break;
	case 1:
		q.pointer = edge_value(rng);	/* a bad user pointer: -EFAULT */
		break;
	default:
		q.pointer = (uintptr_t)buf;
		if (q.size > sizeof(buf))
			q.size = sizeof(buf);
		break;
	}
	call_ioctl(st, pick_fd(st, rng), DRM_IOCTL_EMBER_DEV_QUERY, &q);
}

static void call_bo_create(struct fuzz_state *st, struct fuzz_rng *rng)
{
	int fd = pick_fd(st, rng);
	struct drm_ember_bo_create args = {
		.size = fuzz_one_in(rng, 6) ? edge_value(rng) :
			PAGE * (1 + fuzz_below(rng, 64)) - (fuzz_one_in(rng, 4) ? 100 : 0),
		.flags = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) :
			 (fuzz_one_in(rng, 4) ? DRM_EMBER_BO_NO_MMAP : 0),
	};

	if (fuzz_one_in(rng, 4))
		args.exclusive_vm_id = PICK_HANDLE(st, rng, st->vms, st->num_vms, id);
	if (fuzz_one_in(rng, 16))
		args.pad = 1;
	if (st->num_bos == FUZZ_MAX_BOS)
		return;
	if (!call_ioctl(st, fd, DRM_IOCTL_EMBER_BO_CREATE, &args))
		st->bos[st->num_bos++] = (struct fuzz_bo){ .fd = fd, .handle = args.handle,
							  .size = args.size };
}

static void call_bo_mmap(struct fuzz_state *st, struct fuzz_rng *rng)
{
	struct drm_ember_bo_mmap_offset args = { 0 };
	struct fuzz_bo *bo;
	void *map;

	if (!st->num_bos || fuzz_one_in(rng, 8)) {
		args.handle = (uint32_t)edge_value(rng);
		args.pad = (uint32_t)fuzz_one_in(rng, 2);
		call_ioctl(st, pick_fd(st, rng), DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args);
		return;
	}
	bo = &st->bos[fuzz_below(rng, st->num_bos)];
	args.handle = bo->handle;
	if (call_ioctl(st, bo->fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &args) || bo->map)
		return;
	map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, st->fds[bo->fd],
		   (off_t)args.offset);
	if (map == MAP_FAILED)
		return;
	bo->map = map;
	/* Touch the first and last page: faults the shmem pages in. */
	((volatile uint8_t *)map)[0] = (uint8_t)fuzz_next(rng);
	((volatile uint8_t *)map)[bo->size - 1] = (uint8_t)fuzz_next(rng);
}

static void call_bo_info_close(struct fuzz_state *st, struct fuzz_rng *rng)
{
	unsigned int i = fuzz_below(rng, st->num_bos);
	int fd = st->num_bos ? st->bos[i].fd : pick_fd(st, rng);
	uint32_t handle = PICK_HANDLE(st, rng, st->bos, st->num_bos, handle);

	if (fuzz_one_in(rng, 2)) {
		struct drm_ember_bo_info info = { .handle = handle,
						  .pad = (uint32_t)fuzz_one_in(rng, 16) };

		call_ioctl(st, fd, DRM_IOCTL_EMBER_BO_INFO, &info);
	} else {
		struct drm_gem_close args = { .handle = handle };

		/* A BO still mapped on the GPU or the CPU stays alive: that is the point. */
		if (!call_ioctl(st, fd, DRM_IOCTL_GEM_CLOSE, &args) && st->num_bos &&
		    st->bos[i].handle == handle && st->bos[i].fd == fd)
			remove_bo(st, i);
	}
}

static void call_prime(struct fuzz_state *st, struct fuzz_rng *rng)
{
	if (fuzz_one_in(rng, 2) || !st->num_files) {
		struct drm_prime_handle args = {
			.handle = PICK_HANDLE(st, rng, st->bos, st->num_bos, handle),
			.flags = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) : DRM_CLOEXEC | DRM_RDWR,
		};
		int fd = st->num_bos ? st->bos[fuzz_below(rng, st->num_bos)].fd : 0;

		if (!call_ioctl(st, fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &args))
			add_file(st, args.fd);
	} else {
		struct drm_prime_handle args = {
			.fd = fuzz_one_in(rng, 8) ? (int)edge_value(rng) :
			      st->files[fuzz_below(rng, st->num_files)],
		};
		int fd = pick_fd(st, rng);

		if (!call_ioctl(st, fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &args) &&
		    st->num_bos < FUZZ_MAX_BOS) {
			off_t size = lseek(args.fd, 0, SEEK_END);

			/* The same BO may come back as a handle the state already has: fine. */
			if (size > 0)
				st->bos[st->num_bos++] = (struct fuzz_bo){
					.fd = fd, .handle = args.handle, .size = (uint64_t)size };
		}
	}
}

/* ---- VMs ---- */

static void call_vm_create_destroy(struct fuzz_state *st, struct fuzz_rng *rng)
{
	if (fuzz_one_in(rng, 3) && st->num_vms) {
		unsigned int i = fuzz_below(rng, st->num_vms);
		struct drm_ember_vm_destroy args = { .id = st->vms[i].id,
						     .pad = (uint32_t)fuzz_one_in(rng, 16) };

		if (!call_ioctl(st, st->vms[i].fd, DRM_IOCTL_EMBER_VM_DESTROY, &args))
			remove_vm(st, i);
	} else {
		int fd = pick_fd(st, rng);
		struct drm_ember_vm_create args = {
			.flags = fuzz_one_in(rng, 16) ? (uint32_t)edge_value(rng) : 0,
		};

		if (st->num_vms < FUZZ_MAX_VMS && !call_ioctl(st, fd, DRM_IOCTL_EMBER_VM_CREATE, &args))
			st->vms[st->num_vms++] = (struct fuzz_vm){
				.fd = fd, .id = args.id, .next_va = st->va_start };
	}
}

/* A sync operation on one of the program's syncobjs of fd @fd (or noise). */
static struct drm_ember_sync_op sync_op(struct fuzz_state *st, struct fuzz_rng *rng, int fd,
					bool signal)
{
	struct drm_ember_sync_op op = { .flags = signal ? DRM_EMBER_SYNC_OP_SIGNAL : 0 };
	struct fuzz_syncobj *s = NULL;

	for (unsigned int tries = 0; tries < 4 && st->num_syncobjs; tries++) {
		s = &st->syncobjs[fuzz_below(rng, st->num_syncobjs)];
		if (s->fd == fd)
			break;
		s = NULL;
	}
	if (!s || fuzz_one_in(rng, 10)) {
		op.flags |= fuzz_one_in(rng, 4) ? (uint32_t)edge_value(rng) : fuzz_below(rng, 2);
		op.handle = (uint32_t)edge_value(rng);
		op.timeline_value = fuzz_one_in(rng, 2) ? edge_value(rng) : 0;
		return op;
	}
	op.handle = s->handle;
	if (fuzz_one_in(rng, 2)) {
		op.flags |= DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ;
		if (signal)
			op.timeline_value = ++s->last_point + fuzz_below(rng, 2);
		else
			op.timeline_value = s->last_point ? 1 + fuzz_below(rng, (uint32_t)s->last_point) :
							    1;
	}
	return op;
}

static void call_vm_bind(struct fuzz_state *st, struct fuzz_rng *rng)
{
	struct drm_ember_vm_bind_op ops[4];
	struct drm_ember_sync_op syncs[3];
	struct drm_ember_vm_bind args = { 0 };
	unsigned int count = 1 + fuzz_below(rng, 4), num_syncs = 0, v;
	struct fuzz_vm *vm;

	if (!st->num_vms)
		return;
	v = fuzz_below(rng, st->num_vms);
	vm = &st->vms[v];
	args.vm_id = fuzz_one_in(rng, 16) ? (uint32_t)edge_value(rng) : vm->id;
	for (unsigned int i = 0; i < count; i++) {
		struct drm_ember_vm_bind_op *op = &ops[i];

		memset(op, 0, sizeof(*op));
		if (st->num_bos && !fuzz_one_in(rng, 3)) {
			struct fuzz_bo *bo = &st->bos[fuzz_below(rng, st->num_bos)];
			uint64_t pages = bo->size / PAGE, first = fuzz_below(rng, (uint32_t)pages);

			op->flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP | fuzz_below(rng, 4);
			op->bo_handle = bo->handle;
			op->bo_offset = first * PAGE;
			op->size = (1 + fuzz_below(rng, (uint32_t)(pages - first))) * PAGE;
			op->va = vm->next_va;
			if (fuzz_one_in(rng, 6))
				op->va = st->va_start + PAGE * fuzz_below(rng, 256);	/* overlaps */
			vm->next_va += op->size + PAGE * fuzz_below(rng, 2);
		} else if (st->num_mappings && !fuzz_one_in(rng, 3)) {
			struct fuzz_mapping *m = &st->mappings[fuzz_below(rng, st->num_mappings)];
			uint64_t pages = m->size / PAGE, first = fuzz_below(rng, (uint32_t)pages);

			/* Part of a mapping: splits it. */
			op->flags = DRM_EMBER_VM_BIND_OP_TYPE_UNMAP;
			op->va = m->va + first * PAGE;
			op->size = (1 + fuzz_below(rng, (uint32_t)(pages - first))) * PAGE;
		} else {
			op->flags = (uint32_t)edge_value(rng);
			op->bo_handle = PICK_HANDLE(st, rng, st->bos, st->num_bos, handle);
			op->bo_offset = edge_value(rng);
			op->va = edge_value(rng);
			op->size = edge_value(rng);
		}
	}
	args.ops = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(count, ops);
	if (fuzz_one_in(rng, 3)) {
		args.flags = DRM_EMBER_VM_BIND_ASYNC;
		num_syncs = fuzz_below(rng, 4);
		for (unsigned int i = 0; i < num_syncs; i++)
			syncs[i] = sync_op(st, rng, vm->fd, !fuzz_one_in(rng, 3));
		args.syncs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(num_syncs, syncs);
	}
	if (fuzz_one_in(rng, 16))
		args.flags = (uint32_t)edge_value(rng);
	if (fuzz_one_in(rng, 16))
		args.ops.stride = (uint32_t)edge_value(rng);
	if (fuzz_one_in(rng, 32))
		args.ops.array = edge_value(rng);
	if (call_ioctl(st, vm->fd, DRM_IOCTL_EMBER_VM_BIND, &args))
		return;
	for (unsigned int i = 0; i < count && st->num_mappings < FUZZ_MAX_MAPPINGS; i++)
		if ((ops[i].flags & DRM_EMBER_VM_BIND_OP_TYPE_MASK) == DRM_EMBER_VM_BIND_OP_TYPE_MAP)
			st->mappings[st->num_mappings++] = (struct fuzz_mapping){
				.vm = (int)v, .va = ops[i].va, .size = ops[i].size };
}

/* ---- contexts and jobs ---- */

static void call_ctx(struct fuzz_state *st, struct fuzz_rng *rng)
{
	uint32_t choice = fuzz_below(rng, 4);

	if (choice == 0 && st->num_ctxs) {
		unsigned int i = fuzz_below(rng, st->num_ctxs);
		struct drm_ember_ctx_destroy args = { .handle = st->ctxs[i].handle };

		if (!call_ioctl(st, st->ctxs[i].fd, DRM_IOCTL_EMBER_CTX_DESTROY, &args))
			st->ctxs[i] = st->ctxs[--st->num_ctxs];
	} else if (choice == 1) {
		struct drm_ember_ctx_get_state args = {
			.handle = PICK_HANDLE(st, rng, st->ctxs, st->num_ctxs, handle),
		};

		call_ioctl(st, st->num_ctxs ? st->ctxs[0].fd : 0, DRM_IOCTL_EMBER_CTX_GET_STATE,
			   &args);
	} else if (st->num_vms) {
		struct drm_ember_queue_create queues[5];
		unsigned int v = fuzz_below(rng, st->num_vms), count = 1 + fuzz_below(rng, 4);
		struct drm_ember_ctx_create args = { .vm_id = st->vms[v].id };

		for (unsigned int i = 0; i < 5; i++)
			queues[i] = (struct drm_ember_queue_create){
				.priority = fuzz_one_in(rng, 10) ? (uint32_t)edge_value(rng) :
					    fuzz_below(rng, 3),
				.pad = (uint32_t)fuzz_one_in(rng, 32),
			};
		if (fuzz_one_in(rng, 10))
			count = (uint32_t)edge_value(rng) % 64;
		args.queues = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(count > 5 ? 5 : count,
									      queues);
		if (count > 5)
			args.queues.count = count;	/* past the array: -EFAULT or a limit */
		if (fuzz_one_in(rng, 16))
			args.flags = (uint32_t)edge_value(rng);
		if (fuzz_one_in(rng, 16))
			args.queues.stride = (uint32_t)edge_value(rng) % 64;
		if (st->num_ctxs < FUZZ_MAX_CTXS &&
		    !call_ioctl(st, st->vms[v].fd, DRM_IOCTL_EMBER_CTX_CREATE, &args))
			st->ctxs[st->num_ctxs++] = (struct fuzz_ctx){
				.fd = st->vms[v].fd, .handle = args.handle, .vm = v,
				.queues = args.queues.count };
	}
}

/* An indirect buffer in @vm: a BO mapped on the CPU and read-only on the GPU. */
static bool ensure_ib(struct fuzz_state *st, struct fuzz_vm *vm)
{
	struct drm_ember_bo_create create = { .size = FUZZ_IB_BYTES };
	struct drm_ember_bo_mmap_offset offset = { 0 };
	struct drm_ember_vm_bind_op op = { 0 };
	struct drm_ember_vm_bind bind = { .vm_id = vm->id };
	struct drm_gem_close close_args = { 0 };
	int fd = st->fds[vm->fd];
	void *map;

	if (vm->ib)
		return true;
	if (drmIoctl(fd, DRM_IOCTL_EMBER_BO_CREATE, &create))
		return false;
	offset.handle = create.handle;
	close_args.handle = create.handle;
	op = (struct drm_ember_vm_bind_op){
		.flags = DRM_EMBER_VM_BIND_OP_TYPE_MAP | DRM_EMBER_VM_BIND_OP_MAP_READONLY,
		.bo_handle = create.handle, .va = vm->next_va, .size = FUZZ_IB_BYTES,
	};
	bind.ops = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(1, &op);
	if (drmIoctl(fd, DRM_IOCTL_EMBER_BO_MMAP_OFFSET, &offset) ||
	    drmIoctl(fd, DRM_IOCTL_EMBER_VM_BIND, &bind)) {
		drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &close_args);
		return false;
	}
	map = mmap(NULL, FUZZ_IB_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		   (off_t)offset.offset);
	/* The mapping and the CPU map keep the BO: the handle can go. */
	drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &close_args);
	if (map == MAP_FAILED)
		return false;
	vm->ib = map;
	vm->ib_va = vm->next_va;
	vm->next_va += FUZZ_IB_BYTES + PAGE;
	return true;
}

/* A GPU address for a packet: mostly inside a mapping of @v, else anywhere. */
static uint64_t packet_address(struct fuzz_state *st, struct fuzz_rng *rng, unsigned int v,
			       uint64_t bytes)
{
	for (unsigned int tries = 0; tries < 4 && st->num_mappings && !fuzz_one_in(rng, 6); tries++) {
		struct fuzz_mapping *m = &st->mappings[fuzz_below(rng, st->num_mappings)];

		if (m->vm == (int)v && m->size >= bytes)
			return m->va + (fuzz_below(rng, (uint32_t)((m->size - bytes) / 8 + 1)) * 8);
	}
	if (fuzz_one_in(rng, 3))
		return st->vms[v].ib_va + 8 * fuzz_below(rng, FUZZ_IB_BYTES / 8);
	return edge_value(rng) & ~(fuzz_one_in(rng, 4) ? 0ull : 7ull);
}

/* Writes 1 to 12 random packets at @ib; returns the dwords written. */
static uint32_t write_packets(struct fuzz_state *st, struct fuzz_rng *rng, unsigned int v,
			      uint32_t *ib, uint32_t room)
{
	uint32_t n = 0, packets = 1 + fuzz_below(rng, 12);

	for (uint32_t k = 0; k < packets && n + 24 < room; k++) {
		uint64_t a = packet_address(st, rng, v, 4096), b = packet_address(st, rng, v, 4096);
		uint32_t size = 4 * (1 + fuzz_below(rng, 1024));

		switch (fuzz_below(rng, 11)) {
		case 0:
			ib[n++] = EMBER_PKT(EMBER_UPKT_NOP, 0, 2);
			ib[n++] = (uint32_t)fuzz_next(rng);
			ib[n++] = (uint32_t)fuzz_next(rng);
			break;
		case 1:
			ib[n++] = EMBER_PKT(EMBER_UPKT_COPY, 0, EMBER_UPKT_COPY_LEN);
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = (uint32_t)b;
			ib[n++] = (uint32_t)(b >> 32);
			ib[n++] = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) : size;
			ib[n++] = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) : 1 + fuzz_below(rng, 2);
			ib[n++] = fuzz_below(rng, 8192);
			ib[n++] = fuzz_below(rng, 8192);
			break;
		case 2:
			ib[n++] = EMBER_PKT(EMBER_UPKT_FILL, 0, EMBER_UPKT_FILL_LEN);
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) : size;
			ib[n++] = (uint32_t)fuzz_next(rng);
			break;
		case 3:
		case 4: {
			bool wide = fuzz_one_in(rng, 2);

			ib[n++] = EMBER_PKT(fuzz_one_in(rng, 2) ? EMBER_UPKT_WRITE_IMM :
				  EMBER_UPKT_SIGNAL_MEM, wide ? EMBER_WRITE_64 : 0, wide ? 4 : 3);
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = (uint32_t)fuzz_next(rng);
			if (wide)
				ib[n++] = (uint32_t)fuzz_next(rng);
			break;
		}
		case 5:
			ib[n++] = EMBER_PKT(EMBER_UPKT_TIMESTAMP, 0, EMBER_UPKT_TIMESTAMP_LEN);
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			break;
		case 6:
		{
			/*
			 * Mostly a wait that holds at once ((x & 0) >= 0 or == 0);
			 * sometimes an invalid compare (a bad packet); rarely one
			 * that never holds, which costs a job timeout and a reset.
			 */
			uint32_t flags = fuzz_below(rng, 2) | (fuzz_one_in(rng, 2) ? EMBER_WAIT_EQ : EMBER_WAIT_GE);
			bool never = fuzz_one_in(rng, 500);

			if (fuzz_one_in(rng, 20))
				flags = fuzz_below(rng, 256);
			if (never)
				flags = (flags & ~EMBER_WAIT_CMP_MASK) | EMBER_WAIT_NE;
			ib[n++] = EMBER_PKT(EMBER_UPKT_WAIT_MEM, flags, EMBER_UPKT_WAIT_MEM_LEN);
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = 0;
			ib[n++] = 0;
			ib[n++] = 0;
			ib[n++] = 0;
			break;
		}
		case 7:
			ib[n++] = EMBER_PKT(EMBER_UPKT_BARRIER, 0, 0);
			break;
		case 8: {
			/* A dispatch of whatever is at @a: mostly an illegal shader. */
			uint32_t push = 4 * fuzz_below(rng, 3);

			ib[n++] = EMBER_PKT(EMBER_UPKT_DISPATCH, 0, EMBER_UPKT_DISPATCH_LEN(push));
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			for (int i = 0; i < 3; i++)
				ib[n++] = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) : 1 + fuzz_below(rng, 2);
			for (int i = 0; i < 3; i++)
				ib[n++] = fuzz_below(rng, 4);
			ib[n++] = (uint32_t)b;
			ib[n++] = (uint32_t)(b >> 32);
			ib[n++] = push;
			for (uint32_t i = 0; i < push / 4; i++)
				ib[n++] = (uint32_t)fuzz_next(rng);
			break;
		}
		case 9:
			ib[n++] = EMBER_PKT(EMBER_UPKT_DISPATCH_INDIRECT, 0,
					    EMBER_UPKT_DISPATCH_INDIRECT_LEN(0));
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = (uint32_t)b;
			ib[n++] = (uint32_t)(b >> 32);
			for (int i = 0; i < 3; i++)
				ib[n++] = 0;
			ib[n++] = (uint32_t)a;
			ib[n++] = (uint32_t)(a >> 32);
			ib[n++] = 0;
			break;
		default: {
			/* Noise: a random header and payload. */
			uint32_t len = fuzz_below(rng, 8);

			ib[n++] = (uint32_t)fuzz_next(rng) & (fuzz_one_in(rng, 2) ? 0x00ffffff : ~0u);
			for (uint32_t i = 0; i < len; i++)
				ib[n++] = (uint32_t)fuzz_next(rng);
			break;
		}
		}
	}
	return n;
}

static void call_submit(struct fuzz_state *st, struct fuzz_rng *rng)
{
	struct drm_ember_sync_op syncs[2][3];
	struct drm_ember_job jobs[2];
	struct drm_ember_submit args = { 0 };
	unsigned int c, count = 1 + fuzz_below(rng, 2);
	struct fuzz_ctx *ctx;
	struct fuzz_vm *vm;
	uint32_t offset = 0;

	if (!st->num_ctxs)
		return;
	c = fuzz_below(rng, st->num_ctxs);
	ctx = &st->ctxs[c];
	vm = &st->vms[ctx->vm];
	if (!ensure_ib(st, vm))
		return;
	for (unsigned int j = 0; j < count; j++) {
		uint32_t room = FUZZ_IB_BYTES / 4 / 2, dwords;
		unsigned int num_syncs = fuzz_below(rng, 4);

		dwords = write_packets(st, rng, ctx->vm, vm->ib + offset, room);
		jobs[j] = (struct drm_ember_job){
			.queue_index = fuzz_one_in(rng, 10) ? (uint32_t)edge_value(rng) :
				       fuzz_below(rng, ctx->queues ? ctx->queues : 1),
			.ib_size = dwords * 4,
			.ib_va = vm->ib_va + offset * 4,
		};
		if (fuzz_one_in(rng, 10))
			jobs[j].ib_size = (uint32_t)edge_value(rng);
		if (fuzz_one_in(rng, 10))
			jobs[j].ib_va = packet_address(st, rng, ctx->vm, 64);
		for (unsigned int i = 0; i < num_syncs; i++)
			syncs[j][i] = sync_op(st, rng, ctx->fd, fuzz_one_in(rng, 2));
		jobs[j].syncs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(num_syncs, syncs[j]);
		offset += room;
	}
	args.ctx_handle = fuzz_one_in(rng, 16) ? (uint32_t)edge_value(rng) : ctx->handle;
	args.flags = fuzz_one_in(rng, 2) ? DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC : 0;
	if (fuzz_one_in(rng, 16))
		args.flags = (uint32_t)edge_value(rng);
	args.jobs = (struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(count, jobs);
	if (fuzz_one_in(rng, 16))
		args.jobs.count = (uint32_t)edge_value(rng);
	if (fuzz_one_in(rng, 16))
		args.jobs.stride = (uint32_t)edge_value(rng) % 256;
	call_ioctl(st, ctx->fd, DRM_IOCTL_EMBER_SUBMIT, &args);
}

/* ---- syncobjs and sync_files ---- */

static struct fuzz_syncobj *pick_syncobj(struct fuzz_state *st, struct fuzz_rng *rng)
{
	return st->num_syncobjs ? &st->syncobjs[fuzz_below(rng, st->num_syncobjs)] : NULL;
}

static void call_syncobj(struct fuzz_state *st, struct fuzz_rng *rng)
{
	struct fuzz_syncobj *s = pick_syncobj(st, rng);
	int fd = s ? s->fd : pick_fd(st, rng);
	uint32_t handle = s && !fuzz_one_in(rng, 10) ? s->handle : (uint32_t)edge_value(rng);
	uint64_t point = s && s->last_point && !fuzz_one_in(rng, 4) ?
			 1 + fuzz_below(rng, (uint32_t)s->last_point + 1) : edge_value(rng);

	switch (fuzz_below(rng, 11)) {
	case 0: {
		struct drm_syncobj_create args = {
			.flags = fuzz_one_in(rng, 8) ? (uint32_t)edge_value(rng) :
				 (fuzz_one_in(rng, 2) ? DRM_SYNCOBJ_CREATE_SIGNALED : 0),
		};

		fd = pick_fd(st, rng);
		if (st->num_syncobjs < FUZZ_MAX_SYNCOBJS &&
		    !call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_CREATE, &args))
			st->syncobjs[st->num_syncobjs++] = (struct fuzz_syncobj){
				.fd = fd, .handle = args.handle };
		break;
	}
	case 1: {
		struct drm_syncobj_destroy args = { .handle = handle };

		if (!call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_DESTROY, &args) && s && s->handle == handle)
			*s = st->syncobjs[--st->num_syncobjs];
		break;
	}
	case 2: {
		struct drm_syncobj_wait args = {
			.handles = (uintptr_t)&handle, .count_handles = 1,
			.timeout_nsec = deadline_in_ms(fuzz_below(rng, 3)),
			.flags = fuzz_below(rng, 8),
		};

		call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_WAIT, &args);
		break;
	}
	case 3: {
		struct drm_syncobj_timeline_wait args = {
			.handles = (uintptr_t)&handle, .points = (uintptr_t)&point,
			.count_handles = 1, .timeout_nsec = deadline_in_ms(fuzz_below(rng, 3)),
			.flags = fuzz_below(rng, 8),
		};

		call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &args);
		break;
	}
	case 4: {
		struct drm_syncobj_array args = { .handles = (uintptr_t)&handle, .count_handles = 1 };

		call_ioctl(st, fd, fuzz_one_in(rng, 2) ? DRM_IOCTL_SYNCOBJ_RESET :
			   DRM_IOCTL_SYNCOBJ_SIGNAL, &args);
		break;
	}
	case 5: {
		struct drm_syncobj_timeline_array args = {
			.handles = (uintptr_t)&handle, .points = (uintptr_t)&point,
			.count_handles = 1, .flags = fuzz_one_in(rng, 4) ? fuzz_below(rng, 4) : 0,
		};

		if (fuzz_one_in(rng, 2)) {
			if (s && !fuzz_one_in(rng, 4))
				point = ++s->last_point;
			call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &args);
		} else {
			call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_QUERY, &args);
		}
		break;
	}
	case 6: {
		struct fuzz_syncobj *dst = pick_syncobj(st, rng);
		struct drm_syncobj_transfer args = {
			.src_handle = handle, .dst_handle = dst ? dst->handle : handle,
			.src_point = fuzz_below(rng, 3), .dst_point = fuzz_below(rng, 3),
			.flags = fuzz_one_in(rng, 4) ? fuzz_below(rng, 4) : 0,
		};

		call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &args);
		break;
	}
	case 7:
	case 8: {
		struct drm_syncobj_handle args = {
			.handle = handle,
			.flags = fuzz_one_in(rng, 2) ? DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE : 0,
		};

		if (fuzz_one_in(rng, 16))
			args.flags = (uint32_t)edge_value(rng);
		if (!call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &args))
			add_file(st, args.fd);
		break;
	}
	case 9: {
		struct drm_syncobj_handle args = {
			.fd = st->num_files && !fuzz_one_in(rng, 8) ?
			      st->files[fuzz_below(rng, st->num_files)] : (int)edge_value(rng),
			.flags = fuzz_one_in(rng, 2) ? DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE : 0,
			.handle = fuzz_one_in(rng, 2) ? handle : 0,
		};

		if (!call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &args) && !args.flags &&
		    st->num_syncobjs < FUZZ_MAX_SYNCOBJS)
			st->syncobjs[st->num_syncobjs++] = (struct fuzz_syncobj){
				.fd = fd, .handle = args.handle };
		break;
	}
	default: {
		int efd = eventfd(0, EFD_CLOEXEC);
		struct drm_syncobj_eventfd args = {
			.handle = handle, .point = fuzz_one_in(rng, 2) ? point : 0,
			.fd = efd, .flags = fuzz_one_in(rng, 4) ? fuzz_below(rng, 4) : 0,
		};

		call_ioctl(st, fd, DRM_IOCTL_SYNCOBJ_EVENTFD, &args);
		if (efd >= 0)
			close(efd);
		break;
	}
	}
}

/* ---- the program ---- */

struct fuzz_call_kind {
	const char *name;
	void (*run)(struct fuzz_state *st, struct fuzz_rng *rng);
	unsigned int weight;
};

static const struct fuzz_call_kind kinds[] = {
	{ "open", call_open, 1 },
	{ "dev_query", call_dev_query, 2 },
	{ "bo_create", call_bo_create, 6 },
	{ "bo_mmap", call_bo_mmap, 3 },
	{ "bo_info_close", call_bo_info_close, 3 },
	{ "prime", call_prime, 3 },
	{ "vm_create_destroy", call_vm_create_destroy, 3 },
	{ "vm_bind", call_vm_bind, 8 },
	{ "ctx", call_ctx, 4 },
	{ "submit", call_submit, 10 },
	{ "syncobj", call_syncobj, 8 },
};

const char *fuzz_call(struct fuzz_state *st, uint64_t seed)
{
	struct fuzz_rng rng = { seed };
	unsigned int total = 0, pick;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		total += kinds[i].weight;
	pick = fuzz_below(&rng, total);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (pick < kinds[i].weight) {
			kinds[i].run(st, &rng);
			return kinds[i].name;
		}
		pick -= kinds[i].weight;
	}
	return "none";
}

bool fuzz_state_init(struct fuzz_state *st)
{
	struct drm_ember_gpu_info info = { 0 };
	struct drm_ember_dev_query q = {
		.type = DRM_EMBER_DEV_QUERY_GPU_INFO, .size = sizeof(info),
		.pointer = (uintptr_t)&info,
	};

	memset(st, 0, sizeof(*st));
	st->fds[0] = __drm_open_driver_render(DRIVER_EMBER);
	if (st->fds[0] < 0)
		return false;
	st->num_fds = 1;
	if (drmIoctl(st->fds[0], DRM_IOCTL_EMBER_DEV_QUERY, &q) || info.va_start >= info.va_end)
		return false;
	st->va_start = (info.va_start + PAGE - 1) & ~(PAGE - 1);
	st->va_end = info.va_end;
	return true;
}

/* Releases what the program made; closing the DRM files frees the rest. */
void fuzz_state_fini(struct fuzz_state *st)
{
	while (st->num_bos)
		remove_bo(st, st->num_bos - 1);
	while (st->num_vms)
		remove_vm(st, st->num_vms - 1);
	for (unsigned int i = 0; i < st->num_files; i++)
		close(st->files[i]);
	for (unsigned int i = 0; i < st->num_fds; i++)
		close(st->fds[i]);
	memset(st, 0, sizeof(*st));
}
