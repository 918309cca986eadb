// SPDX-License-Identifier: MIT
/*
 * Two processes cannot see each other's GPU memory: a job in one process
 * aimed at the VA where the other keeps its data reaches nothing (the VA
 * is unmapped in its own VM, so its context faults there), reads nothing
 * back and writes nothing over; the victim's context stays innocent and
 * keeps working. Memory handed out again reads zero, for the CPU and for
 * the GPU.
 */
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define SECRET 0x5ec2e700u
#define POISON 0x55555555u

static void check_all(const uint32_t *p, uint64_t size, uint32_t value)
{
	uint64_t i;

	for (i = 0; i < size / 4; i++)
		igt_assert_f(p[i] == value, "dword %llu is %#x, expected %#x\n",
			     (unsigned long long)i, p[i], value);
}

/*
 * The victim, in a child: keeps SECRET in a buffer, tells the attacker its
 * VA on pipe @out, waits on pipe @in until the attacker is done, then
 * checks its data and that its own context still runs jobs. (Pipes, not
 * sockets: the debug kernel has no networking.)
 */
static void victim(int in, int out)
{
	int fd = drm_open_driver_render(DRIVER_EMBER);
	struct igt_ember_env env;
	struct igt_ember_buf secret;
	uint64_t va;
	uint32_t go = 0;

	igt_ember_env_init(&env, fd, 1);
	igt_ember_buf_create(&secret, &env.vm, 4 * PAGE);
	igt_ember_ib_fill(&env.ib, secret.va, 4 * PAGE, SECRET);
	igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
	va = secret.va;
	igt_assert_eq(write(out, &va, sizeof(va)), sizeof(va));
	igt_assert_eq(read(in, &go, sizeof(go)), sizeof(go));
	check_all(secret.map, 4 * PAGE, SECRET);
	igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
	igt_ember_ib_reset(&env.ib);
	igt_ember_ib_write32(&env.ib, secret.va, 0x0c0ffee);
	igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
	igt_assert_eq_u32(igt_ember_buf_u32(&secret)[0], 0x0c0ffee);
	igt_ember_buf_destroy(&secret);
	igt_ember_env_fini(&env);
	drm_close_driver(fd);
}

static void close_pipes(int a[2], int b[2])
{
	close(a[0]);
	close(a[1]);
	close(b[0]);
	close(b[1]);
}

/* The attacker's VM: its own buffers are placed far from the victim's VA. */
static void attacker_env(int fd, struct igt_ember_env *env, uint64_t victim_va)
{
	igt_ember_env_init(env, fd, 1);
	igt_assert_lt_u64(env->ib.buf.va + env->ib.buf.size, victim_va + 1);
	env->vm.next_va = victim_va + (64ull << 20);
}

igt_main
{
	int fd = -1;

	igt_fixture {
		struct drm_ember_gpu_info info;

		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
	}

	igt_describe("A job copying from another process's VA faults there and copies "
		     "nothing; the other process's data and context are untouched.");
	igt_subtest("cannot-read-other-process") {
		struct igt_ember_env env;
		struct igt_ember_buf loot;
		uint64_t victim_va = 0;
		uint32_t go = 1;
		int to_child[2], to_parent[2];

		igt_assert_eq(pipe(to_child), 0);
		igt_assert_eq(pipe(to_parent), 0);
		igt_fork(child, 1)
			victim(to_child[0], to_parent[1]);
		igt_assert_eq(read(to_parent[0], &victim_va, sizeof(victim_va)), sizeof(victim_va));
		attacker_env(fd, &env, victim_va);
		igt_ember_buf_create(&loot, &env.vm, 4 * PAGE);
		memset(loot.map, 0x55, 4 * PAGE);
		igt_ember_ib_copy(&env.ib, victim_va, loot.va, 4 * PAGE);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, victim_va,
					 EMBER_ACCESS_READ);
		check_all(loot.map, 4 * PAGE, POISON);
		igt_assert_eq(write(to_child[1], &go, sizeof(go)), sizeof(go));
		igt_waitchildren();
		igt_ember_buf_destroy(&loot);
		igt_ember_env_fini(&env);
		close_pipes(to_child, to_parent);
	}

	igt_describe("A job writing at another process's VA faults and changes nothing there.");
	igt_subtest("cannot-write-other-process") {
		struct igt_ember_env env;
		uint64_t victim_va = 0;
		uint32_t go = 1;
		int to_child[2], to_parent[2];

		igt_assert_eq(pipe(to_child), 0);
		igt_assert_eq(pipe(to_parent), 0);
		igt_fork(child, 1)
			victim(to_child[0], to_parent[1]);
		igt_assert_eq(read(to_parent[0], &victim_va, sizeof(victim_va)), sizeof(victim_va));
		attacker_env(fd, &env, victim_va);
		igt_ember_ib_fill(&env.ib, victim_va, 4 * PAGE, 0xdeadbeef);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, victim_va,
					 EMBER_ACCESS_WRITE);
		/* The victim checks its data once told to go on. */
		igt_assert_eq(write(to_child[1], &go, sizeof(go)), sizeof(go));
		igt_waitchildren();
		igt_ember_env_fini(&env);
		close_pipes(to_child, to_parent);
	}

	igt_describe("Memory another process filled and freed comes back zeroed, as the "
		     "GPU reads it too.");
	igt_subtest("freed-memory-zeroed") {
		const uint64_t size = 1 << 20;
		struct igt_ember_env env;
		struct igt_ember_buf fresh, out;
		int round;

		igt_fork(child, 1) {
			int cfd = drm_open_driver_render(DRIVER_EMBER);
			struct igt_ember_env cenv;
			struct igt_ember_buf secret;

			igt_ember_env_init(&cenv, cfd, 1);
			igt_ember_buf_create(&secret, &cenv.vm, 8 * size);
			igt_ember_ib_fill(&cenv.ib, secret.va, 8 * size, SECRET);
			igt_ember_run_ib(cfd, cenv.ctx, &cenv.ib, 0);
			igt_ember_buf_destroy(&secret);
			igt_ember_env_fini(&cenv);
			drm_close_driver(cfd);
		}
		igt_waitchildren();
		igt_ember_env_init(&env, fd, 1);
		igt_ember_buf_create(&out, &env.vm, size);
		for (round = 0; round < 8; round++) {
			igt_ember_buf_create_flags(&fresh, &env.vm, size, DRM_EMBER_BO_NO_MMAP, 0);
			memset(out.map, 0x55, size);
			igt_ember_ib_reset(&env.ib);
			igt_ember_ib_copy(&env.ib, fresh.va, out.va, size);
			igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
			check_all(out.map, size, 0);
			igt_ember_buf_destroy(&fresh);
		}
		igt_ember_buf_destroy(&out);
		igt_ember_env_fini(&env);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
