// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_EMBER_VM_CREATE, VM_DESTROY and VM_BIND: what a job can reach
 * is exactly what is mapped (checked by running copy/fill/write jobs and
 * reading the memory back on the CPU, and by the faults of jobs that touch
 * what is not), maps replace and unmaps split, read-only mappings refuse
 * writes, asynchronous binds follow their sync ops, a synchronous bind
 * waits only for the queued binds it overlaps and a signal interrupts that
 * wait, queued binds are cancelled with their VM, and every invalid input
 * gets the uAPI's errno with nothing applied.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define MAX_BIND_OPS 1024
#define MAX_SYNCS 64

static struct drm_ember_gpu_info info;

static int bind_one(int fd, uint32_t vm, struct drm_ember_vm_bind_op op)
{
	return __igt_ember_vm_bind(fd, vm, 0, &op, 1, NULL, 0);
}

/* Writes @value with the GPU at @va and returns the job's fence status. */
static int gpu_write(struct igt_ember_env *env, uint64_t va, uint32_t value)
{
	igt_ember_ib_reset(&env->ib);
	igt_ember_ib_write32(&env->ib, va, value);
	return igt_ember_run_ib_status(env->fd, env->ctx, &env->ib, 0);
}

/*
 * A job that waits until the CPU opens the gate, then signals @syncobj: an
 * ASYNC bind waiting for @syncobj stays queued meanwhile. It runs in a VM
 * of its own on a LOW-priority queue, so jobs of the other rings run while
 * it waits. The device's watchdog stops it after half the job timeout:
 * gate_open() asserts that it had not, i.e. that it blocked until then.
 */
struct gate {
	int fd;
	struct igt_ember_vm vm;
	struct igt_ember_buf flag;
	struct igt_ember_ib ib;
	uint32_t ctx;
	uint32_t syncobj;
};

static void gate_init(struct gate *gate, int fd)
{
	static const uint32_t low = DRM_EMBER_QUEUE_PRIORITY_LOW;

	igt_require(info.num_rings >= 2);
	gate->fd = fd;
	gate->syncobj = igt_ember_syncobj_create(fd, 0);
	igt_ember_vm_init(&gate->vm, fd);
	igt_assert_eq(__igt_ember_ctx_create(fd, gate->vm.id, &low, 1, &gate->ctx), 0);
	igt_ember_buf_create(&gate->flag, &gate->vm, PAGE);
	igt_ember_ib_create(&gate->ib, &gate->vm, PAGE);
	igt_ember_ib_wait_mem32(&gate->ib, gate->flag.va, EMBER_WAIT_EQ, 1, ~0u);
}

/* Starts the job: from now on @syncobj has a fence that waits for the gate. */
static void gate_close(struct gate *gate)
{
	struct drm_ember_sync_op signal = igt_ember_signal(gate->syncobj, 0);

	igt_ember_submit_ib(gate->fd, gate->ctx, &gate->ib, 0, &signal, 1);
}

static void gate_open(struct gate *gate)
{
	__atomic_store_n(igt_ember_buf_u32(&gate->flag), 1, __ATOMIC_RELEASE);
	igt_ember_syncobj_wait(gate->fd, gate->syncobj, 0);
	igt_assert_eq(igt_ember_syncobj_fence_status(gate->fd, gate->syncobj, 0), 1);
}

static void gate_fini(struct gate *gate)
{
	igt_ember_ctx_destroy(gate->fd, gate->ctx);
	igt_ember_ib_destroy(&gate->ib);
	igt_ember_buf_destroy(&gate->flag);
	igt_ember_vm_fini(&gate->vm);
	igt_ember_syncobj_destroy(gate->fd, gate->syncobj);
}

/* An ASYNC bind of @op waiting for the gate and signalling @signal. */
static void bind_behind_gate(int fd, uint32_t vm, struct drm_ember_vm_bind_op op,
			     const struct gate *gate, uint32_t signal)
{
	struct drm_ember_sync_op syncs[2] = {
		igt_ember_wait(gate->syncobj, 0), igt_ember_signal(signal, 0),
	};

	igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2), 0);
}

/* A synchronous VM_BIND with ioctl() itself: igt_ioctl() restarts on EINTR. */
static int bind_one_no_restart(int fd, uint32_t vm, struct drm_ember_vm_bind_op op)
{
	struct drm_ember_vm_bind args = {
		.vm_id = vm,
		.ops = { .stride = sizeof(op), .count = 1, .array = (uintptr_t)&op },
	};

	return ioctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args) ? -errno : 0;
}

static volatile sig_atomic_t alarms;

static void count_alarm(int sig)
{
	alarms++;
}

/*
 * The child of sync-bind-blocked-process-killed, on a file of its own: an
 * ASYNC map waiting for the gate (signalling @cancelled), then a
 * synchronous unmap of the same range, which blocks until it is killed.
 * Reports through @ready when its setup is done and when the ASYNC bind is
 * queued; waits on @go for the gate to close in between. Plain error codes,
 * no igt asserts: it is a forked process.
 */
static int blocked_binds_child(int gate_fd, int cancelled_fd, int ready, int go)
{
	struct drm_ember_bo_create bo = { .size = PAGE };
	uint32_t gate, cancelled, vm;
	struct drm_ember_sync_op syncs[2];
	struct drm_ember_vm_bind_op op;
	int fd = __drm_open_driver_render("ember");
	char c = 0;

	if (fd < 0 || drmSyncobjFDToHandle(fd, gate_fd, &gate) ||
	    drmSyncobjFDToHandle(fd, cancelled_fd, &cancelled) ||
	    __igt_ember_vm_create(fd, 0, &vm) || __igt_ember_bo_create(fd, &bo))
		return 2;
	if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 1)
		return 3;

	syncs[0] = igt_ember_wait(gate, 0);
	syncs[1] = igt_ember_signal(cancelled, 0);
	op = igt_ember_map_op(bo.handle, 0, info.va_start, PAGE, 0);
	if (__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, syncs, 2))
		return 4;
	if (write(ready, &c, 1) != 1)
		return 3;

	bind_one(fd, vm, igt_ember_unmap_op(info.va_start, PAGE));
	/* Only if it did not block until killed. */
	return 5;
}

/* Waits up to @timeout_ms for @pid to end; false if it did not. */
static bool reap_within(pid_t pid, int timeout_ms, int *status)
{
	int waited;

	for (waited = 0; waited < timeout_ms; waited += 10) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return true;
		usleep(10 * 1000);
	}
	return false;
}

igt_main
{
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.va_end, "driver without VMs (1.0)\n");
	}

	igt_describe("VM IDs are non-zero and distinct; destroyed IDs are gone (ENOENT).");
	igt_subtest("create-destroy") {
		uint32_t ids[8];
		int i, j;

		for (i = 0; i < 8; i++) {
			ids[i] = igt_ember_vm_create(fd);
			for (j = 0; j < i; j++)
				igt_assert_neq(ids[i], ids[j]);
		}
		for (i = 0; i < 8; i++)
			igt_ember_vm_destroy(fd, ids[i]);
		for (i = 0; i < 8; i++)
			igt_assert_eq(__igt_ember_vm_destroy(fd, ids[i]), -ENOENT);
	}

	igt_describe("VM_CREATE with any flag is EINVAL.");
	igt_subtest("create-bad-flags") {
		uint32_t bit, id;

		for (bit = 0; bit < 32; bit++)
			igt_assert_eq(__igt_ember_vm_create(fd, 1u << bit, &id), -EINVAL);
	}

	igt_describe("VM_DESTROY of an unknown ID is ENOENT, with a non-zero pad EINVAL.");
	igt_subtest("destroy-bad-args") {
		uint32_t vm = igt_ember_vm_create(fd);
		struct drm_ember_vm_destroy args = { .id = vm, .pad = 1 };

		do_ioctl_err(fd, DRM_IOCTL_EMBER_VM_DESTROY, &args, EINVAL);
		igt_assert_eq(__igt_ember_vm_destroy(fd, 0), -ENOENT);
		igt_assert_eq(__igt_ember_vm_destroy(fd, vm + 1000), -ENOENT);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("IDs stay non-zero after a VM_DESTROY of ID 0 (an ALLOC1 xarray "
		     "frees index 0 when it is erased).");
	igt_subtest("destroy-zero-keeps-ids-nonzero") {
		uint32_t ids[4];
		int i;

		igt_assert_eq(__igt_ember_vm_destroy(fd, 0), -ENOENT);
		for (i = 0; i < 4; i++)
			ids[i] = igt_ember_vm_create(fd);
		for (i = 0; i < 4; i++)
			igt_ember_vm_destroy(fd, ids[i]);
	}

	igt_describe("A VM ID means nothing in another DRM file.");
	igt_subtest("vm-per-file") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(other, PAGE, 0);
		uint32_t ctx;

		igt_assert_eq(__igt_ember_vm_map(other, vm, handle, 0, info.va_start, PAGE, 0),
			      -ENOENT);
		igt_assert_eq(__igt_ember_ctx_create(other, vm, NULL, 1, &ctx), -ENOENT);
		igt_assert_eq(__igt_ember_vm_destroy(other, vm), -ENOENT);
		igt_ember_vm_destroy(fd, vm);
		drm_close_driver(other);
	}

	igt_describe("A mapped BO is what the GPU writes: fill, write and copy land in it.");
	igt_subtest("map-gpu-writes") {
		struct igt_ember_env env;
		struct igt_ember_buf a, b;
		uint32_t *pa, *pb;
		unsigned int i;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&a, &env.vm, 4 * PAGE);
		igt_ember_buf_create(&b, &env.vm, 4 * PAGE);
		igt_ember_ib_fill(&env.ib, a.va, 4 * PAGE, 0xc0ffee00);
		igt_ember_ib_write32(&env.ib, a.va + 8, 0x12345678);
		igt_ember_ib_barrier(&env.ib);
		igt_ember_ib_copy(&env.ib, a.va, b.va + PAGE, 2 * PAGE);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		pa = igt_ember_buf_u32(&a);
		pb = igt_ember_buf_u32(&b);
		for (i = 0; i < 4 * PAGE / 4; i++)
			igt_assert_eq_u32(pa[i], i == 2 ? 0x12345678 : 0xc0ffee00);
		for (i = 0; i < 4 * PAGE / 4; i++) {
			uint32_t want = i < PAGE / 4 || i >= 3 * PAGE / 4 ? 0 :
					i == PAGE / 4 + 2 ? 0x12345678 : 0xc0ffee00;

			igt_assert_eq_u32(pb[i], want);
		}
		igt_ember_buf_destroy(&a);
		igt_ember_buf_destroy(&b);
		igt_ember_env_fini(&env);
	}

	igt_describe("bo_offset selects where in the BO a mapping starts.");
	igt_subtest("map-bo-offset") {
		struct igt_ember_env env;
		uint32_t handle, *map;
		uint64_t va;

		igt_ember_env_init(&env, fd, 1);
		handle = igt_ember_bo_create(fd, 4 * PAGE, 0);
		map = igt_ember_bo_mmap(fd, handle, 4 * PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		igt_ember_vm_map(fd, env.vm.id, handle, 2 * PAGE, va, PAGE, 0);
		igt_assert_eq(gpu_write(&env, va + 4, 0xabcd0123), 1);
		igt_assert_eq_u32(map[2 * PAGE / 4 + 1], 0xabcd0123);
		igt_assert_eq_u32(map[1], 0);
		munmap(map, 4 * PAGE);
		igt_ember_gem_close(fd, handle);
		igt_ember_env_fini(&env);
	}

	igt_describe("A map over part of another replaces that part only.");
	igt_subtest("map-replaces") {
		struct igt_ember_env env;
		struct igt_ember_buf a;
		uint32_t b, *pa, *pb;
		unsigned int i;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&a, &env.vm, 4 * PAGE);
		b = igt_ember_bo_create(fd, PAGE, 0);
		pb = igt_ember_bo_mmap(fd, b, PAGE);
		igt_ember_vm_map(fd, env.vm.id, b, 0, a.va + PAGE, PAGE, 0);
		igt_ember_ib_fill(&env.ib, a.va, 4 * PAGE, 0x77777777);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		pa = igt_ember_buf_u32(&a);
		for (i = 0; i < 4 * PAGE / 4; i++)
			igt_assert_eq_u32(pa[i], i / (PAGE / 4) == 1 ? 0 : 0x77777777);
		for (i = 0; i < PAGE / 4; i++)
			igt_assert_eq_u32(pb[i], 0x77777777);
		munmap(pb, PAGE);
		igt_ember_gem_close(fd, b);
		igt_ember_buf_destroy(&a);
		igt_ember_env_fini(&env);
	}

	igt_describe("Overlapping ops of one call apply in order: a later map replaces "
		     "part of an earlier one, a later unmap removes part of it.");
	igt_subtest("bind-overlapping-ops") {
		struct igt_ember_env env;
		uint32_t a, b, *pa, *pb;
		struct drm_ember_vm_bind_op ops[3];
		uint64_t va;
		unsigned int i;

		igt_ember_env_init(&env, fd, 1);
		a = igt_ember_bo_create(fd, 4 * PAGE, 0);
		b = igt_ember_bo_create(fd, PAGE, 0);
		pa = igt_ember_bo_mmap(fd, a, 4 * PAGE);
		pb = igt_ember_bo_mmap(fd, b, PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, 4 * PAGE);
		ops[0] = igt_ember_map_op(a, 0, va, 4 * PAGE, 0);
		ops[1] = igt_ember_map_op(b, 0, va + PAGE, PAGE, 0);
		ops[2] = igt_ember_unmap_op(va + 3 * PAGE, PAGE);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, 0, ops, 3, NULL, 0), 0);
		igt_ember_ib_fill(&env.ib, va, 3 * PAGE, 0x0c0c0c0c);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (i = 0; i < 4 * PAGE / 4; i++)
			igt_assert_eq_u32(pa[i], i / (PAGE / 4) == 0 || i / (PAGE / 4) == 2 ?
					  0x0c0c0c0c : 0);
		for (i = 0; i < PAGE / 4; i++)
			igt_assert_eq_u32(pb[i], 0x0c0c0c0c);
		igt_assert_eq(gpu_write(&env, va + 3 * PAGE, 1), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, va + 3 * PAGE,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(pa[3 * PAGE / 4], 0);
		munmap(pa, 4 * PAGE);
		munmap(pb, PAGE);
		igt_ember_gem_close(fd, a);
		igt_ember_gem_close(fd, b);
		igt_ember_env_fini(&env);
	}

	igt_describe("Unmapping the middle of a mapping splits it: both ends still work, "
		     "the hole faults.");
	igt_subtest("unmap-splits") {
		struct igt_ember_env env;
		struct igt_ember_buf a;
		uint32_t *pa;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&a, &env.vm, 3 * PAGE);
		pa = igt_ember_buf_u32(&a);
		igt_ember_vm_unmap(fd, env.vm.id, a.va + PAGE, PAGE);
		igt_assert_eq(gpu_write(&env, a.va, 1), 1);
		igt_assert_eq(gpu_write(&env, a.va + 2 * PAGE + 12, 3), 1);
		igt_assert_eq_u32(pa[0], 1);
		igt_assert_eq_u32(pa[2 * PAGE / 4 + 3], 3);
		igt_assert_eq(gpu_write(&env, a.va + PAGE + 16, 2), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, a.va + PAGE + 16,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(pa[PAGE / 4 + 4], 0);
		igt_ember_buf_destroy(&a);
		igt_ember_env_fini(&env);
	}

	igt_describe("After an unmap the GPU cannot read the range any more.");
	igt_subtest("unmap-then-fault") {
		struct igt_ember_env env;
		struct igt_ember_buf src, dst;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&src, &env.vm, PAGE);
		igt_ember_buf_create(&dst, &env.vm, PAGE);
		memset(src.map, 0x3c, PAGE);
		igt_ember_ib_copy(&env.ib, src.va, dst.va, 64);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&dst)[0], 0x3c3c3c3c);
		memset(dst.map, 0, PAGE);
		igt_ember_vm_unmap(fd, env.vm.id, src.va, PAGE);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, src.va,
					 EMBER_ACCESS_READ);
		igt_assert_eq_u32(igt_ember_buf_u32(&dst)[0], 0);
		igt_ember_buf_destroy(&src);
		igt_ember_buf_destroy(&dst);
		igt_ember_env_fini(&env);
	}

	igt_describe("After the GPU used a translation, an unmap and a map of another BO "
		     "at the same VA send the next writes to the new BO (the TLB was "
		     "invalidated), never to the old one.");
	igt_subtest("remap-same-va") {
		struct igt_ember_env env;
		struct igt_ember_buf out;
		uint32_t a, b, *pa, *pb;
		uint64_t va;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&out, &env.vm, PAGE);
		a = igt_ember_bo_create(fd, PAGE, 0);
		b = igt_ember_bo_create(fd, PAGE, 0);
		pa = igt_ember_bo_mmap(fd, a, PAGE);
		pb = igt_ember_bo_mmap(fd, b, PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		igt_ember_vm_map(fd, env.vm.id, a, 0, va, PAGE, 0);
		pa[0] = 0xaaaa;
		/* Read and write through the translation so the device caches it. */
		igt_ember_ib_copy(&env.ib, va, out.va, 4);
		igt_ember_ib_write32(&env.ib, va + 4, 0xa1);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0xaaaa);
		igt_assert_eq_u32(pa[1], 0xa1);
		igt_ember_vm_unmap(fd, env.vm.id, va, PAGE);
		igt_ember_vm_map(fd, env.vm.id, b, 0, va, PAGE, 0);
		pb[0] = 0xbbbb;
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0xbbbb);
		igt_assert_eq_u32(pb[1], 0xa1);
		/* A map over a live mapping (no unmap between) switches too. */
		pa[1] = 0;
		igt_ember_vm_map(fd, env.vm.id, a, 0, va, PAGE, 0);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0xaaaa);
		igt_assert_eq_u32(pa[1], 0xa1);
		munmap(pa, PAGE);
		munmap(pb, PAGE);
		igt_ember_vm_unmap(fd, env.vm.id, va, PAGE);
		igt_ember_gem_close(fd, a);
		igt_ember_gem_close(fd, b);
		igt_ember_buf_destroy(&out);
		igt_ember_env_fini(&env);
	}

	igt_describe("ASYNC binds chain on timeline points: map at point 1, unmap waiting "
		     "for point 1 at point 2; the VA works between and faults after.");
	igt_subtest("async-timeline") {
		struct igt_ember_env env;
		uint32_t handle, t = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op map_sync = igt_ember_signal(t, 1);
		struct drm_ember_sync_op unmap_syncs[2] = {
			igt_ember_wait(t, 1), igt_ember_signal(t, 2),
		};
		struct drm_ember_vm_bind_op op;
		uint32_t *map;
		uint64_t va;

		igt_ember_env_init(&env, fd, 1);
		handle = igt_ember_bo_create(fd, PAGE, 0);
		map = igt_ember_bo_mmap(fd, handle, PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		op = igt_ember_map_op(handle, 0, va, PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
						  &map_sync, 1), 0);
		igt_ember_syncobj_wait(fd, t, 1);
		igt_assert_eq(gpu_write(&env, va, 0x717e), 1);
		igt_assert_eq_u32(map[0], 0x717e);
		op = igt_ember_unmap_op(va, PAGE);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
						  unmap_syncs, 2), 0);
		igt_ember_syncobj_wait(fd, t, 2);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, t, 2), 1);
		igt_assert_eq(gpu_write(&env, va, 0xdead), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, va,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(map[0], 0x717e);
		munmap(map, PAGE);
		igt_ember_gem_close(fd, handle);
		igt_ember_syncobj_destroy(fd, t);
		igt_ember_env_fini(&env);
	}

	igt_describe("Unmapping space that is not mapped succeeds.");
	igt_subtest("unmap-unmapped") {
		uint32_t vm = igt_ember_vm_create(fd);

		igt_assert_eq(__igt_ember_vm_unmap(fd, vm, info.va_start, 16 * PAGE), 0);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("A read-only mapping can be copied from; a GPU write to it is a "
		     "permission fault and changes nothing.");
	igt_subtest("map-readonly") {
		struct igt_ember_env env;
		struct igt_ember_buf ro, dst;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create_flags(&ro, &env.vm, PAGE, 0, DRM_EMBER_VM_BIND_OP_MAP_READONLY);
		igt_ember_buf_create(&dst, &env.vm, PAGE);
		igt_ember_buf_u32(&ro)[5] = 0x600d600d;
		igt_ember_ib_copy(&env.ib, ro.va, dst.va, PAGE);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&dst)[5], 0x600d600d);
		igt_assert_eq(gpu_write(&env, ro.va + 20, 0xbad), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_PERMISSION, ro.va + 20,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(igt_ember_buf_u32(&ro)[5], 0x600d600d);
		igt_ember_buf_destroy(&ro);
		igt_ember_buf_destroy(&dst);
		igt_ember_env_fini(&env);
	}

	igt_describe("NOEXEC mappings are accepted and still readable and writable.");
	igt_subtest("map-noexec") {
		struct igt_ember_env env;
		struct igt_ember_buf buf;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create_flags(&buf, &env.vm, PAGE, 0, DRM_EMBER_VM_BIND_OP_MAP_NOEXEC);
		igt_assert_eq(gpu_write(&env, buf.va, 0x4e4f5845), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0x4e4f5845);
		igt_ember_buf_destroy(&buf);
		igt_ember_env_fini(&env);
	}

	igt_describe("A mapping keeps its BO alive after the handle is closed.");
	igt_subtest("map-keeps-bo-alive") {
		struct igt_ember_env env;
		struct igt_ember_buf dst;
		uint32_t handle, *map;
		uint64_t va;
		unsigned int i;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&dst, &env.vm, 2 * PAGE);
		handle = igt_ember_bo_create(fd, 2 * PAGE, 0);
		map = igt_ember_bo_mmap(fd, handle, 2 * PAGE);
		for (i = 0; i < 2 * PAGE / 4; i++)
			map[i] = 0xa11fe000 + i;
		munmap(map, 2 * PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, 2 * PAGE);
		igt_ember_vm_map(fd, env.vm.id, handle, 0, va, 2 * PAGE, 0);
		igt_ember_gem_close(fd, handle);
		igt_ember_ib_copy(&env.ib, va, dst.va, 2 * PAGE);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (i = 0; i < 2 * PAGE / 4; i++)
			igt_assert_eq_u32(igt_ember_buf_u32(&dst)[i], 0xa11fe000 + i);
		igt_ember_vm_unmap(fd, env.vm.id, va, 2 * PAGE);
		igt_ember_buf_destroy(&dst);
		igt_ember_env_fini(&env);
	}

	igt_describe("A mapping across 2 MiB and 1 GiB page-table boundaries works "
		     "page by page.");
	igt_subtest("map-across-table-boundaries") {
		const uint64_t size = 4ull << 20, gib = 1ull << 30;
		uint64_t va = ((info.va_start + gib) & ~(gib - 1)) + gib - (1ull << 20);
		struct igt_ember_env env;
		uint32_t handle, *map;
		uint64_t off;

		igt_require(va + size <= info.va_end);
		igt_ember_env_init(&env, fd, 1);
		handle = igt_ember_bo_create(fd, size, 0);
		map = igt_ember_bo_mmap(fd, handle, size);
		igt_ember_vm_map(fd, env.vm.id, handle, 0, va, size, 0);
		for (off = 0; off < size; off += 64 * PAGE)
			igt_ember_ib_write32(&env.ib, va + off + 4, (uint32_t)(off / PAGE) | 0x1000000);
		igt_ember_ib_write32(&env.ib, va + size - 4, 0xe0d);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		for (off = 0; off < size; off += 64 * PAGE)
			igt_assert_eq_u32(map[(off + 4) / 4], (uint32_t)(off / PAGE) | 0x1000000);
		igt_assert_eq_u32(map[size / 4 - 1], 0xe0d);
		munmap(map, size);
		igt_ember_vm_unmap(fd, env.vm.id, va, size);
		igt_ember_gem_close(fd, handle);
		igt_ember_env_fini(&env);
	}

	igt_describe("A BO created exclusive to one VM maps there and nowhere else (EINVAL).");
	igt_subtest("bind-exclusive-bo-other-vm") {
		uint32_t vm = igt_ember_vm_create(fd), other_vm = igt_ember_vm_create(fd);
		struct drm_ember_bo_create create = { .size = PAGE, .exclusive_vm_id = vm };
		const uint64_t va = info.va_start + 16 * PAGE;

		igt_assert_eq(__igt_ember_bo_create(fd, &create), 0);
		igt_assert_eq(__igt_ember_vm_map(fd, other_vm, create.handle, 0, va, PAGE, 0),
			      -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, create.handle, 0, va, PAGE, 0), 0);
		igt_ember_gem_close(fd, create.handle);
		igt_ember_vm_destroy(fd, other_vm);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("VM_BIND on an unknown VM or BO is ENOENT.");
	igt_subtest("bind-bad-handles") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, PAGE, 0);

		igt_assert_eq(__igt_ember_vm_map(fd, vm + 1000, handle, 0, info.va_start, PAGE, 0),
			      -ENOENT);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle + 1000, 0, info.va_start, PAGE, 0),
			      -ENOENT);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, 0, 0, info.va_start, PAGE, 0), -ENOENT);
		igt_assert_eq(__igt_ember_vm_unmap(fd, vm + 1000, info.va_start, PAGE), -ENOENT);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Unaligned VAs, sizes and BO offsets, and zero sizes, are EINVAL.");
	igt_subtest("bind-unaligned") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, 4 * PAGE, 0);
		const uint64_t va = info.va_start + 16 * PAGE;
		static const uint64_t bad[] = { 1, 4, 512, PAGE / 2, PAGE - 1 };
		unsigned int i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, va + bad[i], PAGE, 0),
				      -EINVAL);
			igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, va, PAGE + bad[i], 0),
				      -EINVAL);
			igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, bad[i], va, PAGE, 0),
				      -EINVAL);
			igt_assert_eq(__igt_ember_vm_unmap(fd, vm, va + bad[i], PAGE), -EINVAL);
			igt_assert_eq(__igt_ember_vm_unmap(fd, vm, va, bad[i]), -EINVAL);
		}
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, va, 0, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_unmap(fd, vm, va, 0), -EINVAL);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("A map beyond the end of its BO is EINVAL.");
	igt_subtest("bind-outside-bo") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, 4 * PAGE, 0);
		const uint64_t va = info.va_start + 16 * PAGE;

		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, va, 5 * PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, PAGE, va, 4 * PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 4 * PAGE, va, PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, ~0ull & ~(PAGE - 1), va, PAGE, 0),
			      -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 3 * PAGE, va, PAGE, 0), 0);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("VA ranges outside [va_start, va_end), or wrapping around, are EINVAL.");
	igt_subtest("bind-bad-va") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, 2 * PAGE, 0);
		const uint64_t top = ~0ull & ~(PAGE - 1);

		if (info.va_start >= PAGE) {
			igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, info.va_start - PAGE,
							 PAGE, 0), -EINVAL);
			igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, info.va_start - PAGE,
							 2 * PAGE, 0), -EINVAL);
			igt_assert_eq(__igt_ember_vm_unmap(fd, vm, info.va_start - PAGE, PAGE),
				      -EINVAL);
		}
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, info.va_end, PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, info.va_end - PAGE, 2 * PAGE, 0),
			      -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, 1ull << 48, PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, top, 2 * PAGE, 0), -EINVAL);
		igt_assert_eq(__igt_ember_vm_unmap(fd, vm, top, 2 * PAGE), -EINVAL);
		igt_assert_eq(__igt_ember_vm_unmap(fd, vm, info.va_end, PAGE), -EINVAL);
		/* The last page of the range is fine. */
		igt_assert_eq(__igt_ember_vm_map(fd, vm, handle, 0, info.va_end - PAGE, PAGE, 0), 0);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Unknown op flags and types, map flags on an unmap, and a BO on an "
		     "unmap are EINVAL.");
	igt_subtest("bind-bad-op-flags") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, PAGE, 0);
		const uint64_t va = info.va_start + 16 * PAGE;
		struct drm_ember_vm_bind_op op;
		uint32_t bit, type;

		for (bit = 2; bit < 28; bit++) {
			op = igt_ember_map_op(handle, 0, va, PAGE, 1u << bit);
			igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		}
		for (type = 2; type < 16; type++) {
			op = igt_ember_map_op(handle, 0, va, PAGE, 0);
			op.flags = type << 28;
			igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		}
		op = igt_ember_unmap_op(va, PAGE);
		op.flags |= DRM_EMBER_VM_BIND_OP_MAP_READONLY;
		igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		op = igt_ember_unmap_op(va, PAGE);
		op.flags |= DRM_EMBER_VM_BIND_OP_MAP_NOEXEC;
		igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		op = igt_ember_unmap_op(va, PAGE);
		op.bo_handle = handle;
		igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		op = igt_ember_unmap_op(va, PAGE);
		op.bo_offset = PAGE;
		igt_assert_eq(bind_one(fd, vm, op), -EINVAL);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Unknown VM_BIND flags, and sync ops without ASYNC, are EINVAL.");
	igt_subtest("bind-bad-flags") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, PAGE, 0);
		uint32_t syncobj = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_vm_bind_op op = igt_ember_map_op(handle, 0, info.va_start, PAGE, 0);
		struct drm_ember_sync_op sync = igt_ember_signal(syncobj, 0);
		uint32_t bit;

		for (bit = 1; bit < 32; bit++)
			igt_assert_eq(__igt_ember_vm_bind(fd, vm, 1u << bit, &op, 1, NULL, 0),
				      -EINVAL);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, 0, &op, 1, &sync, 1), -EINVAL);
		/* Nothing was queued on the syncobj by the failed calls. */
		igt_assert_eq(__igt_ember_syncobj_wait(fd, syncobj, 0, 0, 0), -EINVAL);
		igt_ember_syncobj_destroy(fd, syncobj);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("1024 operations in one call work; 1025 are EINVAL, as are 65 sync ops.");
	igt_subtest("bind-too-many") {
		uint32_t vm = igt_ember_vm_create(fd);
		uint32_t handle = igt_ember_bo_create(fd, (MAX_BIND_OPS + 1) * PAGE, 0);
		struct drm_ember_vm_bind_op *ops = calloc(MAX_BIND_OPS + 1, sizeof(*ops));
		struct drm_ember_sync_op syncs[MAX_SYNCS + 1];
		uint32_t syncobj = igt_ember_syncobj_create(fd, 0);
		int i;

		igt_assert(ops);
		for (i = 0; i <= MAX_BIND_OPS; i++)
			ops[i] = igt_ember_map_op(handle, i * PAGE, info.va_start + 2 * i * PAGE,
						  PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, 0, ops, MAX_BIND_OPS + 1, NULL, 0),
			      -EINVAL);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, 0, ops, MAX_BIND_OPS, NULL, 0), 0);
		for (i = 0; i <= MAX_SYNCS; i++)
			syncs[i] = igt_ember_signal(syncobj, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, ops, 1,
						  syncs, MAX_SYNCS + 1), -EINVAL);
		free(ops);
		igt_ember_syncobj_destroy(fd, syncobj);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Op arrays: a stride below the first version is EINVAL, a larger one "
		     "works with a zero tail and is E2BIG with a non-zero tail.");
	igt_subtest("bind-stride") {
		struct op_v2 {
			struct drm_ember_vm_bind_op op;
			uint64_t future;
		} big = { .op = { 0 } };
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, PAGE, 0);
		struct drm_ember_vm_bind args = { .vm_id = vm };

		big.op = igt_ember_map_op(handle, 0, info.va_start + 16 * PAGE, PAGE, 0);
		args.ops = (struct drm_ember_obj_array) {
			.stride = sizeof(big.op) - 8, .count = 1, .array = (uintptr_t)&big,
		};
		do_ioctl_err(fd, DRM_IOCTL_EMBER_VM_BIND, &args, EINVAL);
		args.ops.stride = sizeof(big);
		do_ioctl(fd, DRM_IOCTL_EMBER_VM_BIND, &args);
		big.future = 1;
		do_ioctl_err(fd, DRM_IOCTL_EMBER_VM_BIND, &args, E2BIG);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("An unreadable op array is EFAULT.");
	igt_subtest("bind-bad-pointer") {
		uint32_t vm = igt_ember_vm_create(fd);
		struct drm_ember_vm_bind args = {
			.vm_id = vm,
			.ops = { .stride = sizeof(struct drm_ember_vm_bind_op), .count = 1,
				 .array = 8 },
		};

		do_ioctl_err(fd, DRM_IOCTL_EMBER_VM_BIND, &args, EFAULT);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Argument checking is all-or-nothing: with one bad op, the good op "
		     "before it is not applied either (the GPU faults there).");
	igt_subtest("bind-all-or-nothing") {
		struct igt_ember_env env;
		uint32_t handle;
		struct drm_ember_vm_bind_op ops[2];
		uint64_t va;

		igt_ember_env_init(&env, fd, 1);
		handle = igt_ember_bo_create(fd, PAGE, 0);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		ops[0] = igt_ember_map_op(handle, 0, va, PAGE, 0);
		ops[1] = igt_ember_map_op(handle, 0, va + 1, PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, 0, ops, 2, NULL, 0), -EINVAL);
		ops[1] = igt_ember_map_op(handle + 1000, 0, va, PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, 0, ops, 2, NULL, 0), -ENOENT);
		igt_assert_eq(gpu_write(&env, va, 1), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, va,
					 EMBER_ACCESS_WRITE);
		igt_ember_gem_close(fd, handle);
		igt_ember_env_fini(&env);
	}

	igt_describe("An ASYNC bind signals its syncobj, after which jobs use the mapping.");
	igt_subtest("async-map") {
		struct igt_ember_env env;
		uint32_t handle, *map, done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
		struct drm_ember_vm_bind_op op;
		uint64_t va;

		igt_ember_env_init(&env, fd, 1);
		handle = igt_ember_bo_create(fd, PAGE, 0);
		map = igt_ember_bo_mmap(fd, handle, PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		op = igt_ember_map_op(handle, 0, va, PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
						  &signal, 1), 0);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq(gpu_write(&env, va + 64, 0xa5a5), 1);
		igt_assert_eq_u32(map[16], 0xa5a5);
		munmap(map, PAGE);
		igt_ember_gem_close(fd, handle);
		igt_ember_syncobj_destroy(fd, done);
		igt_ember_env_fini(&env);
	}

	igt_describe("An ASYNC unmap waiting for a job happens only after that job, which "
		     "completes without a fault.");
	igt_subtest("async-unmap-after-job") {
		struct igt_ember_env env;
		struct igt_ember_buf flag, target;
		uint32_t job_done = igt_ember_syncobj_create(fd, 0);
		uint32_t unmapped = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op job_sync = igt_ember_signal(job_done, 0);
		struct drm_ember_sync_op bind_syncs[2] = {
			igt_ember_wait(job_done, 0), igt_ember_signal(unmapped, 0),
		};
		struct drm_ember_vm_bind_op op;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_buf_create(&target, &env.vm, PAGE);
		igt_ember_ib_wait_mem32(&env.ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_ib_write32(&env.ib, target.va, 0x7a26e7);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &job_sync, 1);
		op = igt_ember_unmap_op(target.va, PAGE);
		igt_assert_eq(__igt_ember_vm_bind(fd, env.vm.id, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
						  bind_syncs, 2), 0);
		usleep(100 * 1000);
		igt_assert(igt_ember_syncobj_busy(fd, unmapped, 0));
		igt_ember_buf_u32(&flag)[0] = 1;
		igt_ember_syncobj_wait(fd, unmapped, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, job_done, 0), 1);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, unmapped, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&target)[0], 0x7a26e7);
		igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		/* And now the range is gone. */
		igt_assert_eq(gpu_write(&env, target.va, 1), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, target.va,
					 EMBER_ACCESS_WRITE);
		igt_ember_buf_destroy(&flag);
		igt_ember_buf_destroy(&target);
		igt_ember_syncobj_destroy(fd, job_done);
		igt_ember_syncobj_destroy(fd, unmapped);
		igt_ember_env_fini(&env);
	}

	igt_describe("A VM whose last reference goes with a job's cleanup, while a queued "
		     "ASYNC bind of it waits for a job its ring has yet to run: the VM is "
		     "released without blocking that ring, and everything completes.");
	igt_subtest("async-bind-vm-released-by-job") {
		const uint32_t prios[2] = {
			DRM_EMBER_QUEUE_PRIORITY_MEDIUM, DRM_EMBER_QUEUE_PRIORITY_LOW,
		};
		uint32_t s_q = igt_ember_syncobj_create(fd, 0), s_m = igt_ember_syncobj_create(fd, 0);
		uint32_t s_j = igt_ember_syncobj_create(fd, 0), s_b = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op q_sync = igt_ember_signal(s_q, 0);
		struct drm_ember_sync_op m_syncs[2] = {
			igt_ember_wait(s_q, 0), igt_ember_signal(s_m, 0),
		};
		struct drm_ember_sync_op j_sync = igt_ember_signal(s_j, 0);
		struct drm_ember_sync_op b_syncs[2] = {
			igt_ember_wait(s_m, 0), igt_ember_signal(s_b, 0),
		};
		struct igt_ember_buf flag_x, flag_a, out;
		struct igt_ember_ib ib_q, ib_m, ib_a;
		struct igt_ember_vm vm_x, vm_a;
		struct drm_ember_vm_bind_op op;
		uint32_t ctx_x, ctx_a, bo;

		igt_require(info.num_rings >= 2);
		igt_ember_vm_init(&vm_x, fd);
		igt_ember_vm_init(&vm_a, fd);
		/* Queue 0 of ctx_x and ctx_a's queue share the MEDIUM ring. */
		igt_assert_eq(__igt_ember_ctx_create(fd, vm_x.id, prios, 2, &ctx_x), 0);
		ctx_a = igt_ember_ctx_create(fd, vm_a.id, 1);
		igt_ember_buf_create(&flag_x, &vm_x, PAGE);
		igt_ember_buf_create(&out, &vm_x, PAGE);
		igt_ember_buf_create(&flag_a, &vm_a, PAGE);
		igt_ember_ib_create(&ib_q, &vm_x, PAGE);
		igt_ember_ib_create(&ib_m, &vm_x, PAGE);
		igt_ember_ib_create(&ib_a, &vm_a, PAGE);

		/* Q spins on the LOW ring; M, on the MEDIUM ring, waits for it. */
		igt_ember_ib_wait_mem32(&ib_q, flag_x.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_submit_ib(fd, ctx_x, &ib_q, 1, &q_sync, 1);
		igt_ember_ib_write32(&ib_m, out.va, 0x3e1ea5e);
		igt_ember_submit_ib(fd, ctx_x, &ib_m, 0, m_syncs, 2);
		/* J, in VM A on the MEDIUM ring, spins too. */
		igt_ember_ib_wait_mem32(&ib_a, flag_a.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_submit_ib(fd, ctx_a, &ib_a, 0, &j_sync, 1);
		/* B maps into VM A once M is done. */
		bo = igt_ember_bo_create(fd, PAGE, 0);
		op = igt_ember_map_op(bo, 0, igt_ember_vm_alloc_va(&vm_a, PAGE), PAGE, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm_a.id, DRM_EMBER_VM_BIND_ASYNC, &op, 1,
						  b_syncs, 2), 0);

		/* J now holds VM A's last references. */
		igt_ember_ctx_destroy(fd, ctx_a);
		igt_ember_vm_destroy(fd, vm_a.id);
		igt_ember_buf_u32(&flag_a)[0] = 1;
		igt_ember_syncobj_wait(fd, s_j, 0);
		/* J's cleanup has run: VM A's release cancels B, or B waits for M. */
		usleep(50 * 1000);
		igt_ember_buf_u32(&flag_x)[0] = 1;
		igt_assert_eq(__igt_ember_syncobj_wait(fd, s_m, 0, 5000000000ull, 0), 0);
		igt_assert_eq(__igt_ember_syncobj_wait(fd, s_b, 0, 5000000000ull, 0), 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, s_q, 0), 1);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, s_m, 0), 1);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, s_j, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0x3e1ea5e);

		igt_ember_gem_close(fd, bo);
		igt_ember_ib_destroy(&ib_a);
		igt_ember_buf_destroy(&flag_a);
		igt_ember_ctx_destroy(fd, ctx_x);
		igt_ember_ib_destroy(&ib_q);
		igt_ember_ib_destroy(&ib_m);
		igt_ember_buf_destroy(&flag_x);
		igt_ember_buf_destroy(&out);
		igt_ember_vm_fini(&vm_x);
		igt_ember_syncobj_destroy(fd, s_q);
		igt_ember_syncobj_destroy(fd, s_m);
		igt_ember_syncobj_destroy(fd, s_j);
		igt_ember_syncobj_destroy(fd, s_b);
	}

	igt_describe("An ASYNC bind waiting for a syncobj without a fence is EINVAL; an "
		     "unknown syncobj is ENOENT; a zero timeline point is EINVAL.");
	igt_subtest("async-bad-syncs") {
		uint32_t vm = igt_ember_vm_create(fd), handle = igt_ember_bo_create(fd, PAGE, 0);
		uint32_t syncobj = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_vm_bind_op op = igt_ember_map_op(handle, 0, info.va_start, PAGE, 0);
		struct drm_ember_sync_op sync = igt_ember_wait(syncobj, 0);

		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = igt_ember_wait(syncobj, 5);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = igt_ember_signal(syncobj + 1000, 0);
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -ENOENT);
		sync = igt_ember_signal(syncobj, 0);
		sync.flags |= DRM_EMBER_SYNC_OP_HANDLE_TYPE_TIMELINE_SYNCOBJ;
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		sync = igt_ember_signal(syncobj, 0);
		sync.flags |= 0x40;
		igt_assert_eq(__igt_ember_vm_bind(fd, vm, DRM_EMBER_VM_BIND_ASYNC, &op, 1, &sync, 1),
			      -EINVAL);
		igt_ember_syncobj_destroy(fd, syncobj);
		igt_ember_gem_close(fd, handle);
		igt_ember_vm_destroy(fd, vm);
	}

	igt_describe("Destroying a VM invalidates its ID at once, but a context on it "
		     "keeps running jobs in it.");
	igt_subtest("destroy-with-context") {
		struct igt_ember_vm vm;
		struct igt_ember_buf buf;
		struct igt_ember_ib ib;
		uint32_t ctx, ctx2;

		igt_ember_vm_init(&vm, fd);
		ctx = igt_ember_ctx_create(fd, vm.id, 1);
		igt_ember_buf_create(&buf, &vm, PAGE);
		igt_ember_ib_create(&ib, &vm, PAGE);
		igt_ember_ib_write32(&ib, buf.va, 0xd1e);
		igt_ember_vm_destroy(fd, vm.id);
		igt_assert_eq(__igt_ember_vm_unmap(fd, vm.id, buf.va, PAGE), -ENOENT);
		igt_assert_eq(__igt_ember_ctx_create(fd, vm.id, NULL, 1, &ctx2), -ENOENT);
		igt_ember_run_ib(fd, ctx, &ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0xd1e);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ib_destroy(&ib);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("While an ASYNC bind of a VM is blocked on a job, a synchronous bind of "
		     "a range it does not touch, in the same VM or in another, completes "
		     "without waiting for it; every mapping works once the job is done.");
	igt_subtest("sync-bind-beside-blocked-async") {
		struct igt_ember_env env;
		struct igt_ember_vm other;
		struct gate gate;
		uint32_t a, b, mapped;
		uint32_t *map_a, *map_b;
		uint64_t va_a, va_b;

		igt_require(igt_ember_has_version(fd, 1, 5));
		gate_init(&gate, fd);
		igt_ember_env_init(&env, fd, 1);
		igt_ember_vm_init(&other, fd);
		mapped = igt_ember_syncobj_create(fd, 0);
		a = igt_ember_bo_create(fd, PAGE, 0);
		b = igt_ember_bo_create(fd, PAGE, 0);
		map_a = igt_ember_bo_mmap(fd, a, PAGE);
		map_b = igt_ember_bo_mmap(fd, b, PAGE);
		va_a = igt_ember_vm_alloc_va(&env.vm, PAGE);
		va_b = igt_ember_vm_alloc_va(&env.vm, PAGE);

		gate_close(&gate);
		bind_behind_gate(fd, env.vm.id, igt_ember_map_op(a, 0, va_a, PAGE, 0), &gate,
				 mapped);
		igt_ember_vm_map(fd, env.vm.id, b, 0, va_b, PAGE, 0);
		igt_ember_vm_map(fd, other.id, b, 0, va_b, PAGE, 0);
		igt_assert(igt_ember_syncobj_busy(fd, mapped, 0));
		gate_open(&gate);

		igt_ember_syncobj_wait(fd, mapped, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, mapped, 0), 1);
		igt_assert_eq(gpu_write(&env, va_a, 0xa11ce), 1);
		igt_assert_eq(gpu_write(&env, va_b, 0xb0b), 1);
		igt_assert_eq_u32(map_a[0], 0xa11ce);
		igt_assert_eq_u32(map_b[0], 0xb0b);

		munmap(map_a, PAGE);
		munmap(map_b, PAGE);
		igt_ember_gem_close(fd, a);
		igt_ember_gem_close(fd, b);
		igt_ember_syncobj_destroy(fd, mapped);
		igt_ember_vm_fini(&other);
		igt_ember_env_fini(&env);
		gate_fini(&gate);
	}

	igt_describe("A synchronous unmap overlapping an ASYNC map blocked on a job waits for "
		     "it, and a signal (handler without SA_RESTART) ends the wait with EINTR, "
		     "nothing applied; once the job is done the map applies, and the unmap "
		     "repeated completes.");
	igt_subtest("sync-bind-overlap-interrupted") {
		const struct itimerval every_50ms = {
			.it_interval = { .tv_usec = 50000 }, .it_value = { .tv_usec = 50000 },
		};
		const struct itimerval off = {};
		struct sigaction alarm_action = { .sa_handler = count_alarm }, old_action;
		struct drm_ember_vm_bind_op unmap;
		struct igt_ember_env env;
		struct gate gate;
		uint32_t bo, mapped;
		uint32_t *map;
		uint64_t va;
		int ret;

		igt_require(igt_ember_has_version(fd, 1, 5));
		gate_init(&gate, fd);
		igt_ember_env_init(&env, fd, 1);
		mapped = igt_ember_syncobj_create(fd, 0);
		bo = igt_ember_bo_create(fd, PAGE, 0);
		map = igt_ember_bo_mmap(fd, bo, PAGE);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);
		unmap = igt_ember_unmap_op(va, PAGE);
		sigemptyset(&alarm_action.sa_mask);

		gate_close(&gate);
		bind_behind_gate(fd, env.vm.id, igt_ember_map_op(bo, 0, va, PAGE, 0), &gate,
				 mapped);
		/* Repeated, so that one arrives while the ioctl waits. */
		alarms = 0;
		igt_assert_eq(sigaction(SIGALRM, &alarm_action, &old_action), 0);
		igt_assert_eq(setitimer(ITIMER_REAL, &every_50ms, NULL), 0);
		ret = bind_one_no_restart(fd, env.vm.id, unmap);
		igt_assert_eq(setitimer(ITIMER_REAL, &off, NULL), 0);
		igt_assert_eq(sigaction(SIGALRM, &old_action, NULL), 0);
		igt_assert_eq(ret, -EINTR);
		igt_assert_lt(0, alarms);
		igt_assert(igt_ember_syncobj_busy(fd, mapped, 0));
		gate_open(&gate);

		igt_ember_syncobj_wait(fd, mapped, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, mapped, 0), 1);
		igt_assert_eq(gpu_write(&env, va, 0x1e), 1);
		igt_assert_eq_u32(map[0], 0x1e);
		igt_assert_eq(bind_one_no_restart(fd, env.vm.id, unmap), 0);
		igt_assert_eq(gpu_write(&env, va, 0xdead), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, va,
					 EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(map[0], 0x1e);

		munmap(map, PAGE);
		igt_ember_gem_close(fd, bo);
		igt_ember_syncobj_destroy(fd, mapped);
		igt_ember_env_fini(&env);
		gate_fini(&gate);
	}

	igt_describe("A synchronous unmap overlapping an ASYNC map blocked on a job waits for "
		     "it and applies after it: when the CPU opens the gate, the map is done "
		     "before the unmap returns, and the range ends up unmapped.");
	igt_subtest("sync-bind-after-overlapping-async") {
		struct igt_ember_env env;
		struct gate gate;
		uint32_t bo, mapped;
		uint64_t va;
		pid_t opener;
		int status;

		gate_init(&gate, fd);
		igt_ember_env_init(&env, fd, 1);
		mapped = igt_ember_syncobj_create(fd, 0);
		bo = igt_ember_bo_create(fd, PAGE, 0);
		va = igt_ember_vm_alloc_va(&env.vm, PAGE);

		gate_close(&gate);
		bind_behind_gate(fd, env.vm.id, igt_ember_map_op(bo, 0, va, PAGE, 0), &gate,
				 mapped);
		opener = fork();
		igt_assert_lte(0, opener);
		if (!opener) {
			usleep(100 * 1000);
			__atomic_store_n(igt_ember_buf_u32(&gate.flag), 1, __ATOMIC_RELEASE);
			_exit(0);
		}
		igt_ember_vm_unmap(fd, env.vm.id, va, PAGE);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, mapped, 0), 1);
		igt_assert_eq(waitpid(opener, &status, 0), opener);
		gate_open(&gate);
		igt_assert_eq(gpu_write(&env, va, 0xdead), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, va,
					 EMBER_ACCESS_WRITE);

		igt_ember_gem_close(fd, bo);
		igt_ember_syncobj_destroy(fd, mapped);
		igt_ember_env_fini(&env);
		gate_fini(&gate);
	}

	igt_describe("Destroying a VM whose ASYNC bind is blocked on a job returns at once: "
		     "the bind is cancelled, its syncobj signals ECANCELED, and the job is not "
		     "waited for.");
	igt_subtest("async-bind-vm-destroy-cancels") {
		uint32_t vm, bo, cancelled;
		struct gate gate;

		igt_require(igt_ember_has_version(fd, 1, 5));
		gate_init(&gate, fd);
		vm = igt_ember_vm_create(fd);
		bo = igt_ember_bo_create(fd, PAGE, 0);
		cancelled = igt_ember_syncobj_create(fd, 0);

		gate_close(&gate);
		bind_behind_gate(fd, vm, igt_ember_map_op(bo, 0, info.va_start, PAGE, 0), &gate,
				 cancelled);
		igt_ember_vm_destroy(fd, vm);
		igt_assert(igt_ember_syncobj_busy(fd, gate.syncobj, 0));
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, cancelled, 0), -ECANCELED);
		gate_open(&gate);

		igt_ember_gem_close(fd, bo);
		igt_ember_syncobj_destroy(fd, cancelled);
		gate_fini(&gate);
	}

	igt_describe("A process killed in a synchronous bind that waits behind its ASYNC bind, "
		     "blocked on another process's job, dies at once: its file and VM go "
		     "without waiting for the job, and the bind's syncobj signals ECANCELED.");
	igt_subtest("sync-bind-blocked-process-killed") {
		int gate_fd, cancelled_fd, ready[2], go[2], status;
		uint32_t cancelled;
		struct gate gate;
		pid_t pid;
		char c = 0;

		igt_require(igt_ember_has_version(fd, 1, 5));
		gate_init(&gate, fd);
		cancelled = igt_ember_syncobj_create(fd, 0);
		igt_assert_eq(drmSyncobjHandleToFD(fd, gate.syncobj, &gate_fd), 0);
		igt_assert_eq(drmSyncobjHandleToFD(fd, cancelled, &cancelled_fd), 0);
		igt_assert_eq(pipe(ready), 0);
		igt_assert_eq(pipe(go), 0);

		pid = fork();
		igt_assert_lte(0, pid);
		if (!pid)
			_exit(blocked_binds_child(gate_fd, cancelled_fd, ready[1], go[0]));
		close(ready[1]);
		close(go[0]);
		/* The gate closes only now: its watchdog runs from here. */
		igt_assert_eq(read(ready[0], &c, 1), 1);
		gate_close(&gate);
		igt_assert_eq(write(go[1], &c, 1), 1);
		igt_assert_eq(read(ready[0], &c, 1), 1);
		/* Into its synchronous bind. */
		usleep(50 * 1000);
		igt_assert_eq(kill(pid, SIGKILL), 0);
		igt_assert(reap_within(pid, 10000, &status));
		igt_assert_f(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
			     "child status 0x%x\n", status);
		igt_assert(igt_ember_syncobj_busy(fd, gate.syncobj, 0));
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, cancelled, 0), -ECANCELED);
		gate_open(&gate);

		close(ready[0]);
		close(go[1]);
		close(gate_fd);
		close(cancelled_fd);
		igt_ember_syncobj_destroy(fd, cancelled);
		gate_fini(&gate);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
