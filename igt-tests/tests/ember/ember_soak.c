// SPDX-License-Identifier: MIT
/*
 * Multi-process soak: more processes than the device has rings, each with
 * contexts on every priority (so on every ring), doing a random mix of
 * allocation, binding and submission for a bounded time, pairs of them
 * passing data through a dma-buf and two timeline syncobjs that a third
 * process (the parent) created, while ember-gpu is told, at random, to
 * fault the next job, to hang a ring and to drop an interrupt.
 *
 * Every job either completes with its results intact, or fails with the
 * error the uAPI documents together with the matching context state
 * (-EIO: FAULTED; -ETIMEDOUT: GUILTY; -ECANCELED: INNOCENT_LOST, or a
 * dependency that failed), after which the process carries on with a new
 * context. Nothing waits beyond the timeouts, every process exits on its
 * own, and afterwards a fresh context on every ring runs cleanly. The
 * debug lane's kmemleak scan and module removal then check that nothing
 * leaked. The figures are printed: jobs, outcomes, binds, transfers,
 * injections, device resets.
 *
 * IGT_EMBER_SOAK_SECONDS sets the length (default 15 s; `./ember test`
 * runs the default, longer runs are for the developer).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define PROCESSES 6		/* > the device's 3 rings, > PRIORITIES contexts each */
#define PRIORITIES 3
#define COPY_BYTES (16 * PAGE)
#define SLOTS 4			/* shared-buffer slots a producer may run ahead */
#define SLOT_BYTES PAGE

/* One process's counts, in memory shared with the parent. */
struct soak_stats {
	uint64_t jobs, intact, faulted, hung, lost, binds, transfers, transfers_unchecked;
	uint64_t contexts;
	/* Set when the process stops working, for its partner's waits. */
	int finished;
	/*
	 * A producer's outcome of point n (fence status, 0: not yet) at
	 * [n % SLOTS]: a timeline point's fence is a dma_fence_chain, whose
	 * status does not carry the job's error, so the consumer learns
	 * whether the slot was written from here.
	 */
	struct { uint64_t point; int status; } produced[SLOTS];
};

/* What the parent created for a producer/consumer pair, as fds to import. */
struct soak_pair {
	int dmabuf;		/* SLOTS * SLOT_BYTES */
	int produced;		/* timeline syncobj: point n = slot data n written */
	int consumed;		/* timeline syncobj: point n = slot data n read */
};

struct soak_worker {
	int fd;
	unsigned int id;
	uint64_t deadline_ns;
	uint64_t hang_wait_ns;
	uint32_t rng;
	struct igt_ember_vm vm;
	uint32_t ctx[PRIORITIES];
	struct igt_ember_ib ib;
	struct igt_ember_buf src, dst;
	uint32_t done;
	struct soak_stats *stats, *partner;
	/* The pair, imported: the shared buffer's VA, the two syncobjs. */
	bool has_pair, producer, pair_over;
	uint64_t shared_va;
	uint32_t produced, consumed;
	uint64_t next_point;
};

static uint32_t next_random(uint32_t *state)
{
	/* xorshift32: a fixed seed per process, so a failure reproduces. */
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static uint32_t slot_pattern(uint64_t point)
{
	return 0x50000000u ^ (uint32_t)(point * 2654435761u);
}

static uint32_t new_context(struct soak_worker *w, unsigned int priority)
{
	uint32_t ctx;

	igt_assert_eq(__igt_ember_ctx_create(w->fd, w->vm.id, &priority, 1, &ctx), 0);
	w->stats->contexts++;
	return ctx;
}

/*
 * A job of context @p ended with @status (fence status: 1 or -errno).
 * An error must be a documented one with the context state that goes
 * with it; the context is then replaced. @dependency_failed: the job
 * waited for another process's job that failed.
 */
static void account(struct soak_worker *w, unsigned int p, int status, bool dependency_failed)
{
	uint32_t state;

	w->stats->jobs++;
	if (status == 1) {
		w->stats->intact++;
		return;
	}
	state = igt_ember_ctx_state(w->fd, w->ctx[p]);
	switch (status) {
	case -EIO:
		igt_assert_f(state & DRM_EMBER_CTX_STATE_FAULTED, "-EIO, state %#x\n", state);
		w->stats->faulted++;
		break;
	case -ETIMEDOUT:
		igt_assert_f(state & DRM_EMBER_CTX_STATE_GUILTY, "-ETIMEDOUT, state %#x\n", state);
		w->stats->hung++;
		break;
	case -ECANCELED:
		igt_assert_f((state & DRM_EMBER_CTX_STATE_INNOCENT_LOST) || dependency_failed,
			     "-ECANCELED, state %#x\n", state);
		w->stats->lost++;
		break;
	default:
		igt_assert_f(false, "process %u: undocumented job status %d (state %#x)\n",
			     w->id, status, state);
	}
	igt_assert_f(!(state & DRM_EMBER_CTX_STATE_DEVICE_LOST), "device lost: %#x\n", state);
	igt_ember_ctx_destroy(w->fd, w->ctx[p]);
	w->ctx[p] = new_context(w, p);
}

/* Submits the worker's IB on context @p; a banned context is replaced first. */
static void submit(struct soak_worker *w, unsigned int p, const struct drm_ember_sync_op *syncs,
		   uint32_t num_syncs)
{
	int ret = __igt_ember_submit_ib(w->fd, w->ctx[p], &w->ib, 0, syncs, num_syncs);

	if (ret == -ECANCELED) {
		/* Banned by a job whose failure account() already saw, or a reset. */
		igt_ember_ctx_destroy(w->fd, w->ctx[p]);
		w->ctx[p] = new_context(w, p);
		ret = __igt_ember_submit_ib(w->fd, w->ctx[p], &w->ib, 0, syncs, num_syncs);
	}
	igt_assert_eq(ret, 0);
}

/*
 * Runs the worker's IB on context @p, with the sync operation @extra if
 * not NULL, and returns the fence status.
 */
static int run(struct soak_worker *w, unsigned int p, const struct drm_ember_sync_op *extra)
{
	struct drm_ember_sync_op syncs[2];
	uint32_t count = 0;

	if (extra)
		syncs[count++] = *extra;
	syncs[count++] = igt_ember_signal(w->done, 0);
	igt_assert_eq(drmSyncobjReset(w->fd, &w->done, 1), 0);
	submit(w, p, syncs, count);
	igt_assert_f(__igt_ember_syncobj_wait(w->fd, w->done, 0, w->hang_wait_ns, 0) == 0,
		     "process %u: a job outlived the timeouts\n", w->id);
	return igt_ember_syncobj_fence_status(w->fd, w->done, 0);
}

/* A copy of random size between two buffers, checked word by word. */
static void op_copy(struct soak_worker *w)
{
	unsigned int p = next_random(&w->rng) % PRIORITIES;
	uint32_t bytes = 4 * (1 + next_random(&w->rng) % (COPY_BYTES / 4));
	uint32_t seed = next_random(&w->rng), *src = w->src.map, *dst = w->dst.map;
	int status;

	for (uint32_t i = 0; i < COPY_BYTES / 4; i++)
		src[i] = seed + i * 0x9e3779b9u;
	memset(dst, 0, COPY_BYTES);
	igt_ember_ib_reset(&w->ib);
	igt_ember_ib_copy(&w->ib, w->src.va, w->dst.va, bytes);
	status = run(w, p, NULL);
	if (status == 1) {
		igt_assert_f(!memcmp(src, dst, bytes), "process %u: copy of %u bytes corrupted\n",
			     w->id, bytes);
		for (uint32_t i = bytes / 4; i < COPY_BYTES / 4; i++)
			igt_assert_eq_u32(dst[i], 0);
	}
	account(w, p, status, false);
}

/* A BO created, bound at a fresh VA, written by a job, unbound, freed. */
static void op_bind(struct soak_worker *w)
{
	unsigned int p = next_random(&w->rng) % PRIORITIES;
	uint64_t size = PAGE * (1 + next_random(&w->rng) % 16);
	uint32_t value = next_random(&w->rng);
	struct igt_ember_buf buf;
	int status;

	igt_ember_buf_create(&buf, &w->vm, size);
	igt_ember_ib_reset(&w->ib);
	igt_ember_ib_fill(&w->ib, buf.va, (uint32_t)size, value);
	status = run(w, p, NULL);
	if (status == 1)
		for (uint64_t i = 0; i < size / 4; i++)
			igt_assert_eq_u32(igt_ember_buf_u32(&buf)[i], value);
	account(w, p, status, false);
	igt_ember_buf_destroy(&buf);
	w->stats->binds++;
}

/*
 * Waits until @point of @syncobj exists (@flags), in short slices so that
 * a partner that stopped working (its time was up) ends the transfers
 * instead of a long wait; bounded by the timeouts in any case.
 */
static bool pair_wait(struct soak_worker *w, uint32_t syncobj, uint64_t point, uint32_t flags)
{
	uint64_t give_up = igt_ember_now_ns() + w->hang_wait_ns;

	while (igt_ember_now_ns() < give_up) {
		bool partner_finished = __atomic_load_n(&w->partner->finished, __ATOMIC_ACQUIRE);
		int64_t slice = (int64_t)(igt_ember_now_ns() + 100 * 1000000ull);

		if (!drmSyncobjTimelineWait(w->fd, &syncobj, &point, 1, slice, flags, NULL))
			return true;
		if (partner_finished)
			break;
	}
	w->pair_over = true;
	return false;
}

/* The producer's outcome of point @n, which it records once its job ended. */
static int producer_status(struct soak_worker *w, uint64_t n)
{
	uint64_t give_up = igt_ember_now_ns() + w->hang_wait_ns;

	while (__atomic_load_n(&w->partner->produced[n % SLOTS].point, __ATOMIC_ACQUIRE) != n) {
		igt_assert_f(igt_ember_now_ns() < give_up,
			     "process %u: producer never recorded point %llu\n",
			     w->id, (unsigned long long)n);
		usleep(1000);
	}
	return w->partner->produced[n % SLOTS].status;
}

/*
 * The producer fills slot n % SLOTS of the shared buffer with a job that
 * signals point n of "produced", once the consumer has read what was in
 * that slot; the consumer's job waits for point n on the device, copies
 * the slot into its own buffer, and the consumer signals "consumed".
 */
static void op_transfer(struct soak_worker *w)
{
	uint64_t n = ++w->next_point, slot_va = w->shared_va + (n % SLOTS) * SLOT_BYTES;
	unsigned int p = next_random(&w->rng) % PRIORITIES;
	struct drm_ember_sync_op sync;
	int status, produced;

	if (w->producer) {
		if (n > SLOTS && !pair_wait(w, w->consumed, n - SLOTS,
					    DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
			return;
		igt_ember_ib_reset(&w->ib);
		igt_ember_ib_fill(&w->ib, slot_va, SLOT_BYTES, slot_pattern(n));
		sync = igt_ember_signal(w->produced, n);
		/* Signals "produced" n and the worker's own "done". */
		status = run(w, p, &sync);
		w->stats->produced[n % SLOTS].status = status;
		__atomic_store_n(&w->stats->produced[n % SLOTS].point, n, __ATOMIC_RELEASE);
		account(w, p, status, false);
		w->stats->transfers++;
		return;
	}
	if (!pair_wait(w, w->produced, n, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
		return;
	memset(w->dst.map, 0, SLOT_BYTES);
	igt_ember_ib_reset(&w->ib);
	igt_ember_ib_copy(&w->ib, slot_va, w->dst.va, SLOT_BYTES);
	sync = igt_ember_wait(w->produced, n);
	status = run(w, p, &sync);
	produced = producer_status(w, n);
	if (status == 1 && produced == 1) {
		for (uint32_t i = 0; i < SLOT_BYTES / 4; i++)
			igt_assert_eq_u32(igt_ember_buf_u32(&w->dst)[i], slot_pattern(n));
	} else {
		/* The producer's job failed: the slot holds anything. */
		w->stats->transfers_unchecked++;
	}
	account(w, p, status, produced != 1);
	igt_assert_eq(drmSyncobjTimelineSignal(w->fd, &w->consumed, &n, 1), 0);
	w->stats->transfers++;
}

static uint32_t import_syncobj(int fd, int syncobj_fd)
{
	uint32_t handle;

	igt_assert_eq(drmSyncobjFDToHandle(fd, syncobj_fd, &handle), 0);
	return handle;
}

static void worker(unsigned int id, const struct soak_pair *pairs, uint64_t deadline_ns,
		   uint64_t hang_wait_ns, struct soak_stats *all)
{
	struct soak_worker w = {
		.id = id, .deadline_ns = deadline_ns, .hang_wait_ns = hang_wait_ns,
		.rng = 0x50a4u + id * 7919u, .stats = &all[id], .partner = &all[id ^ 1],
	};

	/* A process of its own on its own DRM file: nothing inherited but the fds. */
	w.fd = drm_open_driver_render(DRIVER_EMBER);
	igt_ember_vm_init(&w.vm, w.fd);
	for (unsigned int p = 0; p < PRIORITIES; p++)
		w.ctx[p] = new_context(&w, p);
	igt_ember_ib_create(&w.ib, &w.vm, PAGE);
	igt_ember_buf_create(&w.src, &w.vm, COPY_BYTES);
	igt_ember_buf_create(&w.dst, &w.vm, COPY_BYTES);
	w.done = igt_ember_syncobj_create(w.fd, 0);
	if (id / 2 < PROCESSES / 2) {
		const struct soak_pair *pair = &pairs[id / 2];
		uint32_t handle = igt_ember_prime_import(w.fd, pair->dmabuf);

		w.has_pair = true;
		w.producer = !(id % 2);
		w.shared_va = igt_ember_vm_alloc_va(&w.vm, SLOTS * SLOT_BYTES);
		igt_ember_vm_map(w.fd, w.vm.id, handle, 0, w.shared_va, SLOTS * SLOT_BYTES, 0);
		w.produced = import_syncobj(w.fd, pair->produced);
		w.consumed = import_syncobj(w.fd, pair->consumed);
	}

	while (igt_ember_now_ns() < deadline_ns) {
		uint32_t op = next_random(&w.rng) % 8;

		if (op < 4)
			op_copy(&w);
		else if (op < 6)
			op_bind(&w);
		else if (w.has_pair && !w.pair_over)
			op_transfer(&w);
	}
	__atomic_store_n(&w.stats->finished, 1, __ATOMIC_RELEASE);
	/* Everything is released by closing the file, as when a process exits. */
	drm_close_driver(w.fd);
}

/* Whether contexts created now share the rings (else each queue is a device queue). */
static bool contexts_share_rings(int fd)
{
	struct igt_ember_vm vm;
	uint32_t kind;

	igt_ember_vm_init(&vm, fd);
	kind = igt_ember_queue_kind(fd, vm.id);
	igt_ember_vm_fini(&vm);
	return kind != DRM_EMBER_QUEUE_KIND_DEVICE_QUEUE;
}

/*
 * A hang on a device queue, which ember-gpu cannot inject: the parent's
 * own job waits on memory nobody writes until the watchdog or the job
 * timeout ends it; the workers' queues must not notice.
 */
static void hang_own_queue(int fd, uint64_t give_up_ns)
{
	struct igt_ember_env env;
	struct igt_ember_buf buf;
	uint32_t done = igt_ember_syncobj_create(fd, 0);
	struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
	uint64_t left = give_up_ns - igt_ember_now_ns();

	igt_ember_env_init(&env, fd, 1);
	igt_ember_buf_create(&buf, &env.vm, PAGE);
	igt_ember_ib_wait_mem32(&env.ib, buf.va, EMBER_WAIT_EQ, 0x4a46, ~0u);
	igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
	igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, left, 0), 0);
	igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), -ETIMEDOUT);
	igt_ember_syncobj_destroy(fd, done);
	igt_ember_buf_destroy(&buf);
	igt_ember_env_fini(&env);
}

/*
 * Parent: ember-gpu's knobs, one every 0.3 to 1.5 s until the deadline,
 * in a fixed rotation (faults, dropped interrupts and hangs 3:2:1) so that
 * even a short run has each kind; the ring to hang is random. A ring hang
 * is armed only when no other is pending, and the next knob
 * waits for the reset that ends it: a reset disarms pending knobs, and
 * while every process waits behind the hung ring no job would take a
 * fault. Where contexts get device queues, which use no ring, a hang is
 * the parent's own job hanging on its queue instead (hang_own_queue()).
 */
static void inject(int fd, uint64_t deadline_ns, uint32_t num_rings, uint32_t job_timeout_ms,
		   unsigned int *faults, unsigned int *hangs, unsigned int *dropped)
{
	bool rings = contexts_share_rings(fd);
	static const char rotation[] = "fdfhfd";
	uint32_t rng = 0x1ec7u;

	for (unsigned int turn = 0; igt_ember_now_ns() < deadline_ns; turn++) {
		char choice = rotation[turn % (sizeof(rotation) - 1)], command[32];

		usleep(300000 + next_random(&rng) % 1200000);
		if (choice == 'f') {
			igt_ember_control_ok("fault-next-job");
			(*faults)++;
		} else if (choice == 'd') {
			igt_ember_control_ok("drop-irq");
			(*dropped)++;
		} else if (!rings) {
			hang_own_queue(fd, igt_ember_now_ns() + 3ull * job_timeout_ms * 1000000ull);
			(*hangs)++;
		} else {
			unsigned int resets = igt_ember_device_resets();
			uint64_t give_up = igt_ember_now_ns() + 3ull * job_timeout_ms * 1000000ull;

			snprintf(command, sizeof(command), "hang-ring=%u",
				 next_random(&rng) % num_rings);
			igt_ember_control_ok(command);
			(*hangs)++;
			while (igt_ember_device_resets() == resets && igt_ember_now_ns() < give_up)
				usleep(200000);
		}
	}
}

/*
 * After the soak: a fresh context on every priority (every ring) must run
 * jobs cleanly. Knobs still pending (a hang for a ring, a fault for the
 * next job) are used up here, by jobs expected to fail; two clean jobs in
 * a row on every priority are required.
 */
static void check_device_works(int fd, uint64_t hang_wait_ns)
{
	struct igt_ember_vm vm;
	struct igt_ember_buf buf;

	igt_ember_vm_init(&vm, fd);
	igt_ember_buf_create(&buf, &vm, PAGE);
	for (uint32_t p = 0; p < PRIORITIES; p++) {
		int clean = 0;

		for (int attempt = 0; attempt < 8 && clean < 2; attempt++) {
			struct igt_ember_ib ib;
			uint32_t ctx, done = igt_ember_syncobj_create(fd, 0);
			struct drm_ember_sync_op signal = igt_ember_signal(done, 0);

			igt_assert_eq(__igt_ember_ctx_create(fd, vm.id, &p, 1, &ctx), 0);
			igt_ember_ib_create(&ib, &vm, PAGE);
			igt_ember_ib_write32(&ib, buf.va, 0xc1ea0 + attempt);
			igt_ember_submit_ib(fd, ctx, &ib, 0, &signal, 1);
			igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, hang_wait_ns, 0), 0);
			if (igt_ember_syncobj_fence_status(fd, done, 0) == 1 &&
			    igt_ember_buf_u32(&buf)[0] == 0xc1ea0u + attempt)
				clean++;
			else
				clean = 0;
			igt_ember_ctx_destroy(fd, ctx);
			igt_ember_ib_destroy(&ib);
			igt_ember_syncobj_destroy(fd, done);
		}
		igt_assert_f(clean == 2, "priority %u does not run jobs cleanly after the soak\n", p);
	}
	igt_ember_buf_destroy(&buf);
	igt_ember_vm_fini(&vm);
}

igt_main
{
	struct drm_ember_gpu_info info;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
	}

	igt_describe("Processes outnumbering the rings allocate, bind, submit and pass data "
		     "through shared dma-bufs and timeline syncobjs while ember-gpu injects "
		     "faults, ring hangs and dropped interrupts: every job is intact or fails "
		     "as documented, nothing outlives the timeouts, the device works after.");
	igt_subtest("multi-process-injected-faults") {
		const char *env = getenv("IGT_EMBER_SOAK_SECONDS");
		uint64_t seconds = env && atoi(env) > 0 ? (uint64_t)atoi(env) : 15;
		/* A job timeout, a context reset and a device reset, twice over. */
		uint64_t hang_wait_ns = (6ull * info.job_timeout_ms + 20000) * 1000000ull;
		uint64_t deadline_ns = igt_ember_now_ns() + seconds * 1000000000ull;
		struct soak_pair pairs[PROCESSES / 2];
		struct soak_stats *stats, total = { 0 };
		unsigned int faults = 0, hangs = 0, dropped = 0, resets;

		igt_require_ember_control();
		igt_require_f(geteuid() == 0, "high priority needs CAP_SYS_NICE\n");
		stats = mmap(NULL, sizeof(*stats) * PROCESSES, PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		igt_assert(stats != MAP_FAILED);
		memset(stats, 0, sizeof(*stats) * PROCESSES);
		/* The parent's objects, handed to the pairs as fds across fork(). */
		for (int i = 0; i < PROCESSES / 2; i++) {
			uint32_t bo = igt_ember_bo_create(fd, SLOTS * SLOT_BYTES, 0);
			uint32_t produced = igt_ember_syncobj_create(fd, 0);
			uint32_t consumed = igt_ember_syncobj_create(fd, 0);

			pairs[i].dmabuf = igt_ember_prime_export(fd, bo);
			igt_assert_eq(drmSyncobjHandleToFD(fd, produced, &pairs[i].produced), 0);
			igt_assert_eq(drmSyncobjHandleToFD(fd, consumed, &pairs[i].consumed), 0);
			igt_ember_gem_close(fd, bo);
			igt_ember_syncobj_destroy(fd, produced);
			igt_ember_syncobj_destroy(fd, consumed);
		}

		igt_fork(child, PROCESSES)
			worker(child, pairs, deadline_ns, hang_wait_ns, stats);
		inject(fd, deadline_ns, info.num_rings, info.job_timeout_ms, &faults, &hangs, &dropped);
		igt_waitchildren();
		for (int i = 0; i < PROCESSES / 2; i++) {
			close(pairs[i].dmabuf);
			close(pairs[i].produced);
			close(pairs[i].consumed);
		}
		check_device_works(fd, hang_wait_ns);

		for (int i = 0; i < PROCESSES; i++) {
			total.jobs += stats[i].jobs;
			total.intact += stats[i].intact;
			total.faulted += stats[i].faulted;
			total.hung += stats[i].hung;
			total.lost += stats[i].lost;
			total.binds += stats[i].binds;
			total.transfers += stats[i].transfers;
			total.transfers_unchecked += stats[i].transfers_unchecked;
			total.contexts += stats[i].contexts;
			igt_assert_f(stats[i].jobs > 0, "process %d ran no job\n", i);
		}
		resets = igt_ember_device_resets();
		igt_info("soak: %d processes, %llu s: %llu jobs (%llu intact, %llu faulted, "
			 "%llu hung, %llu lost), %llu contexts, %llu binds, %llu transfers "
			 "(%llu unchecked); injected %u faults, %u hangs (of a ring, or of a device queue), %u dropped irqs; "
			 "%u device resets so far\n", PROCESSES, (unsigned long long)seconds,
			 (unsigned long long)total.jobs, (unsigned long long)total.intact,
			 (unsigned long long)total.faulted, (unsigned long long)total.hung,
			 (unsigned long long)total.lost, (unsigned long long)total.contexts,
			 (unsigned long long)total.binds, (unsigned long long)total.transfers,
			 (unsigned long long)total.transfers_unchecked, faults, hangs, dropped,
			 resets);
		igt_assert(total.intact > 0 && total.transfers > 0);
		munmap(stats, sizeof(*stats) * PROCESSES);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
