// SPDX-License-Identifier: MIT
/*
 * Independent queues (driver 1.8 on a contract 1.9 device with
 * CAPS.QUEUES): what CTX_CREATE reports each queue got
 * (struct drm_ember_queue_info), on device queues and on the shared rings
 * (ember.device_queues off), and its invalid inputs; a job parked in
 * WAIT_MEM on memory nobody has written yet holds up neither another
 * context's job nor another queue of its own context (their fences signal
 * while it still waits; the CPU then releases it); more queues than the
 * device has slots all run, twice (idle queues give their slot up); a
 * fault and a hang on one queue make only that queue's context guilty,
 * and the fault names the right queue; a job that times out is recovered
 * on its queue alone, without a device reset.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE

/* DRM_EMBER_OBJ_ARRAY() as an expression, for arguments. */
#define OBJ_ARRAY(cnt, ptr) ((struct drm_ember_obj_array)DRM_EMBER_OBJ_ARRAY(cnt, ptr))

/*
 * Queues the many-queues subtest creates: twice the 128 slots ember-gpu
 * has, so that half of them only run once idle queues gave slots up.
 */
#define MANY_QUEUES	256

static struct drm_ember_gpu_info info;

/* The engine is paused through ember-gpu's control channel: resume at the end. */
static bool paused;

static void require_device_queues(int fd, uint32_t vm)
{
	igt_require_f(igt_ember_has_version(fd, 1, 8), "driver older than 1.8\n");
	igt_require_f(igt_ember_queue_kind(fd, vm) == DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE,
		      "queues share the device's rings (no CAPS.QUEUES, or device_queues=0)\n");
}

/* The CPU writes @value where a WAIT_MEM polls, as a Vulkan host vkSetEvent would. */
static void cpu_release(struct igt_ember_buf *buf, uint32_t index, uint32_t value)
{
	__atomic_store_n(&igt_ember_buf_u32(buf)[index], value, __ATOMIC_RELEASE);
}

static void write_job(int fd, uint32_t ctx, struct igt_ember_ib *ib, uint32_t queue,
		      uint64_t va, uint32_t value, uint32_t done)
{
	struct drm_ember_sync_op signal = igt_ember_signal(done, 0);

	igt_ember_ib_reset(ib);
	igt_ember_ib_write32(ib, va, value);
	igt_ember_submit_ib(fd, ctx, ib, queue, &signal, 1);
}

igt_main
{
	struct igt_ember_env env;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_contexts, "device without rings or queues\n");
		igt_ember_env_init(&env, fd, 1);
	}

	igt_describe("CTX_CREATE reports each queue's kind, priority and ring: device "
		     "queues of their own on a device with CAPS.QUEUES, else the "
		     "shared ring; a larger element's tail is zeroed.");
	igt_subtest("queue-info") {
		const uint32_t prios[3] = { DRM_EMBER_QUEUE_PRIORITY_LOW,
					    DRM_EMBER_QUEUE_PRIORITY_MEDIUM,
					    DRM_EMBER_QUEUE_PRIORITY_LOW };
		struct {
			struct drm_ember_queue_info info;
			uint64_t future[2];
		} big[3];
		bool queues = info.caps & (1u << 12);
		uint32_t ctx, q;

		igt_require_f(igt_ember_has_version(fd, 1, 8), "driver older than 1.8\n");
		igt_require(info.max_queues >= 3);
		memset(big, 0xa5, sizeof(big));
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, prios, 3,
					      (struct drm_ember_obj_array) {
						      .stride = sizeof(big[0]), .count = 3,
						      .array = (uintptr_t)big },
					      &ctx), 0);
		for (q = 0; q < 3; q++) {
			const struct drm_ember_queue_info *qi = &big[q].info;

			igt_assert_eq(qi->pad, 0);
			igt_assert_eq_u64(big[q].future[0], 0);
			igt_assert_eq_u64(big[q].future[1], 0);
			if (qi->kind == DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE) {
				igt_assert(queues);
				igt_assert_eq_u32(qi->priority, prios[q]);
				igt_assert_eq_u32(qi->ring, DRM_EMBER_QUEUE_NO_RING);
			} else {
				igt_assert_eq(qi->kind, DRM_EMBER_QUEUE_KIND_SHARED_RING);
				igt_assert_lt(qi->ring, info.num_rings);
				igt_assert_lte(qi->priority, DRM_EMBER_QUEUE_PRIORITY_HIGH);
			}
		}
		/* Shared rings: the two LOW queues of one context got two rings. */
		if (big[0].info.kind == DRM_EMBER_QUEUE_KIND_SHARED_RING && info.num_rings >= 3)
			igt_assert_neq(big[0].info.ring, big[2].info.ring);
		/* Every queue is usable. */
		for (q = 0; q < 3; q++) {
			struct igt_ember_buf buf;

			igt_ember_buf_create(&buf, &env.vm, PAGE);
			igt_ember_ib_reset(&env.ib);
			igt_ember_ib_write32(&env.ib, buf.va, 0x51 + q);
			igt_ember_run_ib(fd, ctx, &env.ib, q);
			igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0x51 + q);
			igt_ember_buf_destroy(&buf);
		}
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("Contexts created with ember.device_queues off share the rings and "
		     "say so: kind SHARED_RING, the ring's index and priority, two LOW "
		     "queues of one context on two rings; contexts of both kinds run "
		     "side by side.");
	igt_subtest("queue-info-shared-rings") {
		const uint32_t prios[2] = { DRM_EMBER_QUEUE_PRIORITY_LOW,
					    DRM_EMBER_QUEUE_PRIORITY_LOW };
		struct drm_ember_queue_info qi[2];
		uint32_t rings_ctx = 0, queues_ctx, q;
		struct igt_ember_buf buf;
		int had;

		require_device_queues(fd, env.vm.id);
		igt_require(info.num_rings >= 2 && info.max_queues >= 2);
		queues_ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		had = igt_ember_set_device_queues(0);
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, prios, 2, OBJ_ARRAY(2, qi), &rings_ctx),
			      0);
		igt_ember_set_device_queues(had);
		for (q = 0; q < 2; q++) {
			igt_assert_eq(qi[q].kind, DRM_EMBER_QUEUE_KIND_SHARED_RING);
			igt_assert_lt(qi[q].ring, info.num_rings);
			igt_assert_eq(qi[q].pad, 0);
		}
		/* The LOW ring, then the free ring nearest in priority. */
		igt_assert_eq(qi[0].priority, DRM_EMBER_QUEUE_PRIORITY_LOW);
		igt_assert_neq(qi[0].ring, qi[1].ring);
		igt_assert_eq(igt_ember_queue_kind(fd, env.vm.id), DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE);

		igt_ember_buf_create(&buf, &env.vm, PAGE);
		for (q = 0; q < 2; q++) {
			igt_ember_ib_reset(&env.ib);
			igt_ember_ib_write32(&env.ib, buf.va + 4 * q, 0x70 + q);
			igt_ember_run_ib(fd, rings_ctx, &env.ib, q);
		}
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va + 8, 0x72);
		igt_ember_run_ib(fd, queues_ctx, &env.ib, 0);
		for (q = 0; q < 3; q++)
			igt_assert_eq_u32(igt_ember_buf_u32(&buf)[q], 0x70 + q);
		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, rings_ctx);
		igt_ember_ctx_destroy(fd, queues_ctx);
	}

	igt_describe("queue_info: a count other than the queues' or a stride below the "
		     "first version is -EINVAL; an unwritable array is -EFAULT and "
		     "creates no context; a zero count asks for nothing.");
	igt_subtest("bad-queue-info") {
		struct drm_ember_queue_info qi[2];
		uint32_t ctx = 0;
		void *ro;

		igt_require_f(igt_ember_has_version(fd, 1, 8), "driver older than 1.8\n");
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, NULL, 1,
					      OBJ_ARRAY(2, qi), &ctx), -EINVAL);
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, NULL, 1,
					      (struct drm_ember_obj_array) {
						      .stride = 8, .count = 1,
						      .array = (uintptr_t)qi },
					      &ctx), -EINVAL);
		ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		igt_assert(ro != MAP_FAILED);
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, NULL, 1,
					      (struct drm_ember_obj_array) {
						      .stride = sizeof(qi[0]), .count = 1,
						      .array = (uintptr_t)ro },
					      &ctx), -EFAULT);
		/* A zero count (older userspace) asks for nothing. */
		igt_assert_eq(__igt_ember_ctx_create_info(fd, env.vm.id, NULL, 1,
					      (struct drm_ember_obj_array) {
						      .stride = 0, .count = 0,
						      .array = (uintptr_t)ro },
					      &ctx), 0);
		igt_ember_ctx_destroy(fd, ctx);
		munmap(ro, 4096);
	}

	igt_describe("A job parked in WAIT_MEM on memory nobody wrote yet holds up "
		     "neither another context's job nor another queue of its own "
		     "context: their fences signal while it waits; the CPU's write "
		     "then releases it.");
	igt_subtest("wait-mem-blocks-only-its-queue") {
		uint32_t waited = igt_ember_syncobj_create(fd, 0);
		uint32_t other_ctx_done = igt_ember_syncobj_create(fd, 0);
		uint32_t same_ctx_done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(waited, 0);
		struct igt_ember_ib waiter, writer;
		struct igt_ember_buf buf;
		uint32_t ctx, other;

		require_device_queues(fd, env.vm.id);
		ctx = igt_ember_ctx_create(fd, env.vm.id, 2);
		other = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		igt_ember_ib_create(&waiter, &env.vm, PAGE);
		igt_ember_ib_create(&writer, &env.vm, PAGE);

		igt_ember_ib_wait_mem32(&waiter, buf.va, EMBER_WAIT_EQ, 0xe1, ~0u);
		igt_ember_ib_write32(&waiter, buf.va + 4, 0xd0e);
		igt_ember_submit_ib(fd, ctx, &waiter, 0, &signal, 1);

		/* Same priority as the waiter: on shared rings, behind it. */
		write_job(fd, other, &writer, 0, buf.va + 8, 0x0c7, other_ctx_done);
		igt_ember_syncobj_wait(fd, other_ctx_done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, other_ctx_done, 0), 1);
		igt_assert(igt_ember_syncobj_busy(fd, waited, 0));

		write_job(fd, ctx, &writer, 1, buf.va + 12, 0x5a3, same_ctx_done);
		igt_ember_syncobj_wait(fd, same_ctx_done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, same_ctx_done, 0), 1);

		/* Both done, the waiter still parked. */
		igt_assert(igt_ember_syncobj_busy(fd, waited, 0));
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[2], 0x0c7);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[3], 0x5a3);

		cpu_release(&buf, 0, 0xe1);
		igt_ember_syncobj_wait(fd, waited, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, waited, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0xd0e);
		igt_assert_eq(igt_ember_ctx_state(fd, ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_assert_eq(igt_ember_ctx_state(fd, other), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_ib_destroy(&waiter);
		igt_ember_ib_destroy(&writer);
		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ctx_destroy(fd, other);
		igt_ember_syncobj_destroy(fd, waited);
		igt_ember_syncobj_destroy(fd, other_ctx_done);
		igt_ember_syncobj_destroy(fd, same_ctx_done);
	}

	igt_describe("More queues than the device has slots (and than the 3 rings and "
		     "64 contexts): every queue runs a job, all submitted at once, "
		     "then every queue again: idle queues give their slot up.");
	igt_subtest("many-queues") {
		uint32_t per_file = info.max_contexts_per_file ? info.max_contexts_per_file :
								  info.max_contexts;
		uint32_t per_ctx = info.max_queues, num_ctx, num_files, i, round;
		uint32_t *ctxs, *done;
		int *fds;
		struct igt_ember_vm *vms;
		struct igt_ember_buf *bufs;
		struct igt_ember_ib *ibs;

		require_device_queues(fd, env.vm.id);
		num_ctx = (MANY_QUEUES + per_ctx - 1) / per_ctx;
		igt_require_f(num_ctx + 2 <= info.max_contexts,
			      "%u contexts needed, the device has %u\n", num_ctx, info.max_contexts);
		num_files = (num_ctx + per_file - 1) / per_file;
		ctxs = calloc(num_ctx, sizeof(*ctxs));
		done = calloc(num_ctx * per_ctx, sizeof(*done));
		fds = calloc(num_files, sizeof(*fds));
		vms = calloc(num_files, sizeof(*vms));
		bufs = calloc(num_files, sizeof(*bufs));
		ibs = calloc(num_files, sizeof(*ibs));
		igt_assert(ctxs && done && fds && vms && bufs && ibs);

		for (i = 0; i < num_files; i++) {
			fds[i] = drm_open_driver_render(DRIVER_EMBER);
			igt_ember_vm_init(&vms[i], fds[i]);
			igt_ember_buf_create(&bufs[i], &vms[i], num_ctx * per_ctx * 4 * 2);
			/* One 16-byte job per queue and round. */
			igt_ember_ib_create(&ibs[i], &vms[i], num_ctx * per_ctx * 16 * 2);
		}
		for (i = 0; i < num_ctx; i++)
			ctxs[i] = igt_ember_ctx_create(fds[i / per_file], vms[i / per_file].id,
						       per_ctx);

		for (round = 0; round < 2; round++) {
			for (i = 0; i < num_ctx * per_ctx; i++) {
				uint32_t c = i / per_ctx, f = c / per_file;
				uint32_t slot = round * num_ctx * per_ctx + i;
				struct drm_ember_sync_op signal;
				struct drm_ember_job job;

				done[i] = igt_ember_syncobj_create(fds[f], 0);
				signal = igt_ember_signal(done[i], 0);
				ibs[f].dwords = slot * 4;
				igt_ember_ib_write32(&ibs[f], bufs[f].va + 4 * slot, 0x10000 * round + i);
				job = (struct drm_ember_job) {
					.queue_index = i % per_ctx,
					.ib_va = ibs[f].buf.va + 16 * slot, .ib_size = 16,
					.syncs = OBJ_ARRAY(1, &signal),
				};
				igt_assert_eq(__igt_ember_submit(fds[f], ctxs[c], &job, 1), 0);
			}
			for (i = 0; i < num_ctx * per_ctx; i++) {
				uint32_t f = i / per_ctx / per_file;

				igt_ember_syncobj_wait(fds[f], done[i], 0);
				igt_assert_eq(igt_ember_syncobj_fence_status(fds[f], done[i], 0), 1);
				igt_assert_eq_u32(igt_ember_buf_u32(&bufs[f])[round * num_ctx * per_ctx + i],
						  0x10000 * round + i);
				igt_ember_syncobj_destroy(fds[f], done[i]);
			}
		}
		for (i = 0; i < num_ctx; i++) {
			igt_assert_eq(igt_ember_ctx_state(fds[i / per_file], ctxs[i]),
				      DRM_EMBER_CTX_STATE_INNOCENT);
			igt_ember_ctx_destroy(fds[i / per_file], ctxs[i]);
		}
		for (i = 0; i < num_files; i++) {
			igt_ember_ib_destroy(&ibs[i]);
			igt_ember_buf_destroy(&bufs[i]);
			igt_ember_vm_fini(&vms[i]);
			drm_close_driver(fds[i]);
		}
		free(ctxs);
		free(done);
		free(fds);
		free(vms);
		free(bufs);
		free(ibs);
	}

	igt_describe("A fault on queue 1 of a context names queue 1 and bans only that "
		     "context: another context's job, submitted after, still runs.");
	igt_subtest("fault-only-its-context") {
		struct igt_ember_buf buf;
		uint32_t ctx, other, done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_ctx_get_state state;

		require_device_queues(fd, env.vm.id);
		ctx = igt_ember_ctx_create(fd, env.vm.id, 2);
		other = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);

		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va + 64 * PAGE, 1);
		igt_assert_eq(igt_ember_run_ib_status(fd, ctx, &env.ib, 1), -EIO);
		state = igt_ember_ctx_get_state(fd, ctx);
		igt_assert(state.state & DRM_EMBER_CTX_STATE_FAULTED);
		igt_assert_eq(state.fault_kind, EMBER_FAULT_TRANSLATION);
		igt_assert_eq_u64(state.fault_va, buf.va + 64 * PAGE);
		igt_assert_eq(state.fault_queue, 1);

		write_job(fd, other, &env.ib, 0, buf.va, 0xf00d, done);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0xf00d);
		igt_assert_eq(igt_ember_ctx_state(fd, other), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ctx_destroy(fd, other);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("A job that never ends (WAIT_MEM on memory nobody writes) makes "
		     "only its context guilty: jobs of another context and of another "
		     "queue of the same priority run meanwhile and after.");
	igt_subtest("hang-only-its-context") {
		uint32_t hung = igt_ember_syncobj_create(fd, 0);
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		struct drm_ember_sync_op signal = igt_ember_signal(hung, 0);
		struct igt_ember_ib waiter;
		struct igt_ember_buf buf;
		uint32_t ctx, other;

		require_device_queues(fd, env.vm.id);
		ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		other = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		igt_ember_ib_create(&waiter, &env.vm, PAGE);
		igt_ember_ib_wait_mem32(&waiter, buf.va, EMBER_WAIT_EQ, 0x1dead, ~0u);
		igt_ember_submit_ib(fd, ctx, &waiter, 0, &signal, 1);

		write_job(fd, other, &env.ib, 0, buf.va + 4, 0x600d, done);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);

		/* The watchdog or the job timeout ends it, with the hang's error. */
		igt_ember_syncobj_wait(fd, hung, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, hung, 0), -ETIMEDOUT);
		igt_assert(igt_ember_ctx_state(fd, ctx) & DRM_EMBER_CTX_STATE_GUILTY);
		igt_assert_eq(igt_ember_ctx_state(fd, other), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_syncobj_destroy(fd, done);
		done = igt_ember_syncobj_create(fd, 0);
		write_job(fd, other, &env.ib, 0, buf.va + 8, 0xa11e, done);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[2], 0xa11e);
		igt_assert_eq(igt_ember_ctx_state(fd, other), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_ib_destroy(&waiter);
		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ctx_destroy(fd, other);
		igt_ember_syncobj_destroy(fd, hung);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_describe("A job the device never runs (its engine paused) times out: the "
		     "driver stops its queue alone (QUEUE_UNMAP), its context is guilty, "
		     "the device is not reset, and another context's job, queued "
		     "meanwhile, runs once the engine is back.");
	igt_subtest("hang-recovered-on-its-queue-alone") {
		uint32_t hung = igt_ember_syncobj_create(fd, 0);
		uint32_t done = igt_ember_syncobj_create(fd, 0);
		uint64_t bound = (6ull * info.job_timeout_ms + 20000) * 1000000ull;
		struct igt_ember_buf buf;
		unsigned int resets;
		uint32_t ctx, other;

		require_device_queues(fd, env.vm.id);
		igt_require_ember_control();
		ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		other = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		resets = igt_ember_device_resets();

		igt_ember_control_ok("pause");
		paused = true;
		write_job(fd, ctx, &env.ib, 0, buf.va, 0xbad, hung);
		igt_assert_eq(__igt_ember_syncobj_wait(fd, hung, 0, bound, 0), 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, hung, 0), -ETIMEDOUT);
		igt_assert(igt_ember_ctx_state(fd, ctx) & DRM_EMBER_CTX_STATE_GUILTY);

		write_job(fd, other, &env.ib, 0, buf.va + 4, 0x900d, done);
		igt_ember_control_ok("resume");
		paused = false;
		igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, bound, 0), 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0x900d);
		/* The guilty job never ran, and will not. */
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		igt_assert_eq(igt_ember_ctx_state(fd, other), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_assert_eq(igt_ember_device_resets(), resets);

		igt_ember_buf_destroy(&buf);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ctx_destroy(fd, other);
		igt_ember_syncobj_destroy(fd, hung);
		igt_ember_syncobj_destroy(fd, done);
	}

	igt_fixture {
		/* A subtest that failed while the engine was paused. */
		if (paused)
			igt_ember_control_ok("resume");
		igt_ember_env_fini(&env);
		drm_close_driver(fd);
	}
}
