// SPDX-License-Identifier: MIT
/*
 * Faults and hangs: a job that faults (bad VA, read-only mapping, bad
 * packet, injected) or hangs (a wait that never ends, an injected ring
 * hang) makes its context guilty: its fence signals with an error, it is
 * banned (SUBMIT -ECANCELED), CTX_GET_STATE says why and where, and what
 * the job did before the fault is in memory while nothing after it is.
 * Innocent contexts, on the same ring or not, lose no work, except a job
 * a device reset cut short after it began: it is not run twice, its
 * context learns it was lost (INNOCENT_LOST). Injection
 * goes through the host control channel (igt_ember_control.c) and skips
 * without it.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_debugfs.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
/* Byte size of a 32-bit WRITE_IMM packet: header + 3 dwords. */
#define WRITE32_BYTES 16

static struct drm_ember_gpu_info info;

/* Long enough for a job timeout, a context reset and a device reset. */
static uint64_t hang_wait_ns(void)
{
	return (3ull * info.job_timeout_ms + 10000) * 1000000ull;
}

/*
 * Runs the env's IB, expecting it to fault: returns after checking the
 * fence's -EIO, the ban, and CTX_GET_STATE's kind, VA, detail, IB offset
 * and queue.
 */
static void expect_fault(struct igt_ember_env *env, uint32_t kind, uint64_t va,
			 uint32_t detail, uint32_t ib_offset)
{
	struct drm_ember_ctx_get_state state;

	igt_assert_eq(igt_ember_run_ib_status(env->fd, env->ctx, &env->ib, 0), -EIO);
	igt_ember_assert_faulted(env->fd, env->ctx, kind, va, detail);
	state = igt_ember_ctx_get_state(env->fd, env->ctx);
	igt_assert_eq(state.fault_ib_offset, ib_offset);
	igt_assert_eq(state.fault_queue, 0);
	igt_assert_f(!(state.state & DRM_EMBER_CTX_STATE_GUILTY),
		     "a fault is not a hang: state %#x\n", state.state);
	igt_assert_eq(__igt_ember_submit_ib(env->fd, env->ctx, &env->ib, 0, NULL, 0),
		      -ECANCELED);
}

/* The IB's VA of the packet that starts at byte @offset. */
static uint64_t packet_va(const struct igt_ember_env *env, uint32_t offset)
{
	return env->ib.buf.va + offset;
}

/* Counts the devcoredump entries whose failing device is @pci_dir. */
static int count_devcoredumps(const char *pci_dir)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	struct dirent *de;
	int count = 0;

	if (!dir)
		return -1;
	while ((de = readdir(dir))) {
		char link[PATH_MAX], target[PATH_MAX];

		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(link, sizeof(link), "/sys/class/devcoredump/%s/failing_device",
			 de->d_name);
		if (realpath(link, target) && !strcmp(target, pci_dir))
			count++;
	}
	closedir(dir);
	return count;
}

/* Reads and then frees every devcoredump of @pci_dir; returns the bytes read. */
static long consume_devcoredumps(const char *pci_dir)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	struct dirent *de;
	long total = 0;

	igt_assert(dir);
	while ((de = readdir(dir))) {
		char path[PATH_MAX], target[PATH_MAX], buf[4096];
		ssize_t n;
		int data;

		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/failing_device",
			 de->d_name);
		if (!realpath(path, target) || strcmp(target, pci_dir))
			continue;
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/data", de->d_name);
		data = open(path, O_RDWR | O_CLOEXEC);
		igt_assert_lte(0, data);
		while ((n = read(data, buf, sizeof(buf))) > 0)
			total += n;
		/* Any write frees the dump. */
		igt_assert_eq(write(data, "1", 1), 1);
		close(data);
	}
	closedir(dir);
	return total;
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ll + ts.tv_nsec / 1000000;
}

/* The value of @key in the debugfs file "tlb" (DOC: TLB invalidation). */
static uint64_t tlb_stat(int fd, const char *key)
{
	char text[1024] = "\n", pattern[64];
	unsigned long long value;
	const char *line;
	ssize_t n;
	int dfd;

	dfd = igt_debugfs_open(fd, "tlb", O_RDONLY);
	igt_assert_f(dfd >= 0, "no debugfs file tlb\n");
	n = read(dfd, text + 1, sizeof(text) - 2);
	close(dfd);
	igt_assert_lt(0, n);
	text[n + 1] = '\0';
	snprintf(pattern, sizeof(pattern), "\n%s: ", key);
	line = strstr(text, pattern);
	igt_assert_f(line, "no %s in debugfs tlb:%s\n", key, text);
	igt_assert_eq(sscanf(line + strlen(pattern), "%llu", &value), 1);
	return value;
}

/* Stale lists released so far, after an invalidation or a device reset. */
static uint64_t tlb_releases(int fd)
{
	return tlb_stat(fd, "recovered") + tlb_stat(fd, "resets");
}

/* Waits until nothing is held back any more (see the tlb-* subtests). */
static void wait_tlb_stale_released(int fd, uint32_t delay_ms)
{
	int64_t deadline = now_ms() + 2 * delay_ms + hang_wait_ns() / 1000000;

	while (tlb_stat(fd, "stale_mappings") && now_ms() < deadline)
		usleep(50 * 1000);
	igt_assert_eq_u64(tlb_stat(fd, "stale_mappings"), 0);
	igt_assert_eq_u64(tlb_stat(fd, "stale_page_tables"), 0);
	igt_assert_eq_u64(tlb_stat(fd, "stale_bytes"), 0);
}

/* The env's context still runs a job, innocent: no job was running at the reset. */
static void assert_ctx_still_runs(struct igt_ember_env *env, struct igt_ember_buf *buf)
{
	igt_ember_ib_reset(&env->ib);
	igt_ember_ib_write32(&env->ib, buf->va, 0x600d);
	igt_ember_run_ib(env->fd, env->ctx, &env->ib, 0);
	igt_assert_eq_u32(igt_ember_buf_u32(buf)[0], 0x600d);
	igt_assert_eq(igt_ember_ctx_state(env->fd, env->ctx), DRM_EMBER_CTX_STATE_INNOCENT);
}

/* Indices in the test buffer of the reset-started-job-not-rerun subtest. */
enum {
	STARTED_MARK,	/* the started job's first write; the CPU clears it */
	STARTED_FLAG,	/* what the started job waits for */
	STARTED_END,	/* the started job's write after its wait */
	QUEUED_MARK,	/* the job queued behind it on its ring */
	GUILTY_MARK,	/* the hanging job's write, never made */
};

/*
 * One try of reset-started-job-not-rerun; false if the timing did not give
 * a job parked across the device reset (then nothing was checked).
 */
static bool try_reset_started_job(int fd, struct igt_ember_env *env, struct igt_ember_buf *buf)
{
	const uint32_t low = DRM_EMBER_QUEUE_PRIORITY_LOW, medium = DRM_EMBER_QUEUE_PRIORITY_MEDIUM;
	struct drm_ember_ctx_get_state state;
	struct igt_ember_ib ibs[3];
	uint32_t ctx[3], done[3];
	volatile uint32_t *mem = igt_ember_buf_u32(buf);
	enum { GUILTY, STARTED, QUEUED };
	bool parked = false;
	int64_t deadline;
	int i, status;

	memset(buf->map, 0, PAGE);
	for (i = 0; i < 3; i++) {
		igt_ember_ib_create(&ibs[i], &env->vm, PAGE);
		igt_assert_eq(__igt_ember_ctx_create(fd, env->vm.id, i == GUILTY ? &low : &medium,
						     1, &ctx[i]), 0);
		done[i] = igt_ember_syncobj_create(fd, 0);
	}
	igt_ember_ib_write32(&ibs[GUILTY], buf->va + 4 * GUILTY_MARK, 1);
	igt_ember_ib_write32(&ibs[STARTED], buf->va + 4 * STARTED_MARK, 1);
	igt_ember_ib_wait_mem32(&ibs[STARTED], buf->va + 4 * STARTED_FLAG, EMBER_WAIT_EQ, 1, ~0u);
	igt_ember_ib_write32(&ibs[STARTED], buf->va + 4 * STARTED_END, 1);
	igt_ember_ib_write32(&ibs[QUEUED], buf->va + 4 * QUEUED_MARK, 1);

	/* Ring 0 (LOW) hangs at the guilty job; the job timeout resets the device. */
	igt_ember_control_ok("hang-ring=0");
	{
		struct drm_ember_sync_op signal = igt_ember_signal(done[GUILTY], 0);

		igt_ember_submit_ib(fd, ctx[GUILTY], &ibs[GUILTY], 0, &signal, 1);
	}

	/*
	 * The MEDIUM jobs go to ring 1 late enough that the device's watchdog
	 * (half the job timeout) does not stop the parked one before the reset.
	 */
	usleep(info.job_timeout_ms * 800);
	for (i = STARTED; i <= QUEUED; i++) {
		struct drm_ember_sync_op signal = igt_ember_signal(done[i], 0);

		igt_ember_submit_ib(fd, ctx[i], &ibs[i], 0, &signal, 1);
	}
	deadline = now_ms() + info.job_timeout_ms;
	while (!mem[STARTED_MARK] && now_ms() < deadline)
		usleep(1000);
	/* Started and parked on its wait, the device not reset yet. */
	if (mem[STARTED_MARK] && igt_ember_syncobj_busy(fd, done[GUILTY], 0)) {
		parked = true;
		igt_assert_eq_u32(mem[QUEUED_MARK], 0);
		/* Its first write happened: a second run would write it again. */
		mem[STARTED_MARK] = 0;
	}

	igt_assert_eq(__igt_ember_syncobj_wait(fd, done[GUILTY], 0, hang_wait_ns(), 0), 0);
	igt_assert_eq(igt_ember_syncobj_fence_status(fd, done[GUILTY], 0), -ETIMEDOUT);
	/* After the reset: a job run again would not wait any more. */
	mem[STARTED_FLAG] = 1;
	for (i = STARTED; i <= QUEUED; i++)
		igt_assert_eq(__igt_ember_syncobj_wait(fd, done[i], 0, hang_wait_ns(), 0), 0);

	status = igt_ember_syncobj_fence_status(fd, done[STARTED], 0);
	state = igt_ember_ctx_get_state(fd, ctx[STARTED]);
	if (parked && status == -ETIMEDOUT && state.fault_kind == EMBER_FAULT_WATCHDOG) {
		igt_info("the device's watchdog stopped the parked job before the reset\n");
		parked = false;
	}
	if (parked) {
		igt_assert_eq(status, -ECANCELED);
		igt_assert_eq_u32(mem[STARTED_MARK], 0);
		igt_assert_eq_u32(mem[STARTED_END], 0);
		igt_assert_eq(state.state, DRM_EMBER_CTX_STATE_INNOCENT_LOST |
			      DRM_EMBER_CTX_STATE_BANNED);
		igt_assert_eq(state.fault_kind, EMBER_FAULT_NONE);
		igt_assert_eq(__igt_ember_submit_ib(fd, ctx[STARTED], &ibs[STARTED], 0, NULL, 0),
			      -ECANCELED);

		/* Queued behind it, not begun: run once, after the reset. */
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done[QUEUED], 0), 1);
		igt_assert_eq_u32(mem[QUEUED_MARK], 1);
		igt_assert_eq(igt_ember_ctx_state(fd, ctx[QUEUED]), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_assert(igt_ember_ctx_state(fd, ctx[GUILTY]) & DRM_EMBER_CTX_STATE_GUILTY);
		igt_assert_eq_u32(mem[GUILTY_MARK], 0);
	}

	for (i = 0; i < 3; i++) {
		igt_ember_syncobj_destroy(fd, done[i]);
		igt_ember_ctx_destroy(fd, ctx[i]);
		igt_ember_ib_destroy(&ibs[i]);
	}
	return parked;
}

igt_main
{
	struct igt_ember_env env;
	struct igt_ember_buf buf;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
	}

	/* Each subtest gets a fresh context: faulted ones stay banned. */
#define SETUP() do { \
		igt_ember_env_init(&env, fd, 1); \
		igt_ember_buf_create(&buf, &env.vm, PAGE); \
	} while (0)
#define TEARDOWN() do { \
		igt_ember_buf_destroy(&buf); \
		igt_ember_env_fini(&env); \
	} while (0)

	igt_describe("A write to an unmapped VA faults there: the write before it lands, "
		     "the one after it does not, and the context is banned.");
	igt_subtest("bad-va-write") {
		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va, 1);
		igt_ember_ib_write32(&env.ib, buf.va + 16 * PAGE, 2);
		igt_ember_ib_write32(&env.ib, buf.va + 4, 3);
		expect_fault(&env, EMBER_FAULT_TRANSLATION, buf.va + 16 * PAGE,
			     EMBER_ACCESS_WRITE, WRITE32_BYTES);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0);
		TEARDOWN();
	}

	igt_describe("A copy from an unmapped VA is a read fault at that VA.");
	igt_subtest("bad-va-read") {
		SETUP();
		igt_ember_ib_copy(&env.ib, buf.va + 32 * PAGE + 8, buf.va, 16);
		expect_fault(&env, EMBER_FAULT_TRANSLATION, buf.va + 32 * PAGE + 8,
			     EMBER_ACCESS_READ, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		TEARDOWN();
	}

	igt_describe("An IB at an unmapped VA faults on its fetch.");
	igt_subtest("unmapped-ib") {
		struct drm_ember_job job;
		uint32_t done;
		struct drm_ember_sync_op signal;

		SETUP();
		done = igt_ember_syncobj_create(fd, 0);
		signal = igt_ember_signal(done, 0);
		job = (struct drm_ember_job) {
			.ib_va = buf.va + 8 * PAGE, .ib_size = 64,
			.syncs = DRM_EMBER_OBJ_ARRAY(1, &signal),
		};
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, &job, 1), 0);
		igt_ember_syncobj_wait(fd, done, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), -EIO);
		igt_ember_assert_faulted(fd, env.ctx, EMBER_FAULT_TRANSLATION, buf.va + 8 * PAGE,
					 EMBER_ACCESS_READ);
		igt_ember_syncobj_destroy(fd, done);
		TEARDOWN();
	}

	igt_describe("A write to a read-only mapping is a permission fault.");
	igt_subtest("readonly-write") {
		struct igt_ember_buf ro;

		SETUP();
		igt_ember_buf_create_flags(&ro, &env.vm, PAGE, 0, DRM_EMBER_VM_BIND_OP_MAP_READONLY);
		igt_ember_ib_fill(&env.ib, ro.va, PAGE, 0xffffffff);
		expect_fault(&env, EMBER_FAULT_PERMISSION, ro.va, EMBER_ACCESS_WRITE, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&ro)[0], 0);
		igt_ember_buf_destroy(&ro);
		TEARDOWN();
	}

	igt_describe("A reserved opcode is a bad-packet fault reporting the packet's "
		     "header, VA and IB offset.");
	igt_subtest("bad-packet-opcode") {
		const uint32_t header = EMBER_PKT(EMBER_UPKT_RESERVED_LAST, 0, 0);

		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va, 1);
		igt_ember_ib_emit(&env.ib, header);
		igt_ember_ib_write32(&env.ib, buf.va + 4, 2);
		expect_fault(&env, EMBER_FAULT_BAD_PACKET, packet_va(&env, WRITE32_BYTES), header,
			     WRITE32_BYTES);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0);
		TEARDOWN();
	}

	igt_describe("A packet with the wrong payload length is a bad-packet fault.");
	igt_subtest("bad-packet-length") {
		const uint32_t header = EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 5);
		int i;

		SETUP();
		igt_ember_ib_emit(&env.ib, header);
		for (i = 0; i < 5; i++)
			igt_ember_ib_emit(&env.ib, 0);
		expect_fault(&env, EMBER_FAULT_BAD_PACKET, packet_va(&env, 0), header, 0);
		TEARDOWN();
	}

	igt_describe("A packet running past the end of its IB is a bad-packet fault.");
	igt_subtest("bad-packet-overrun") {
		const uint32_t header = EMBER_PKT(EMBER_UPKT_FILL, 0, EMBER_UPKT_FILL_LEN);

		SETUP();
		igt_ember_ib_nop(&env.ib, 1);
		igt_ember_ib_emit(&env.ib, header);
		igt_ember_ib_emit(&env.ib, (uint32_t)buf.va);
		expect_fault(&env, EMBER_FAULT_BAD_PACKET, packet_va(&env, 8), header, 8);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		TEARDOWN();
	}

	igt_describe("Reserved flag bits and misaligned addresses are bad-packet faults.");
	igt_subtest("bad-packet-flags-alignment") {
		uint32_t header;

		SETUP();
		header = EMBER_PKT(EMBER_UPKT_FILL, 0x80, EMBER_UPKT_FILL_LEN);
		igt_ember_ib_emit(&env.ib, header);
		igt_ember_ib_emit(&env.ib, (uint32_t)buf.va);
		igt_ember_ib_emit(&env.ib, (uint32_t)(buf.va >> 32));
		igt_ember_ib_emit(&env.ib, 4);
		igt_ember_ib_emit(&env.ib, 0);
		expect_fault(&env, EMBER_FAULT_BAD_PACKET, packet_va(&env, 0), header, 0);
		TEARDOWN();

		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va + 2, 0x1);
		expect_fault(&env, EMBER_FAULT_BAD_PACKET, packet_va(&env, 0),
			     EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3), 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[1], 0);
		TEARDOWN();
	}

	igt_describe("A fault on queue 1 is reported with that queue and bans the whole "
		     "context, queue 0 included.");
	igt_subtest("fault-on-second-queue") {
		struct drm_ember_ctx_get_state state;
		struct igt_ember_ib nop;
		uint32_t ctx;

		igt_require(info.max_queues >= 2);
		SETUP();
		ctx = igt_ember_ctx_create(fd, env.vm.id, 2);
		igt_ember_ib_create(&nop, &env.vm, PAGE);
		igt_ember_ib_nop(&nop, 0);
		igt_ember_ib_write32(&env.ib, buf.va + 64 * PAGE, 1);
		igt_assert_eq(igt_ember_run_ib_status(fd, ctx, &env.ib, 1), -EIO);
		state = igt_ember_ctx_get_state(fd, ctx);
		igt_assert(state.state & DRM_EMBER_CTX_STATE_FAULTED);
		igt_assert_eq(state.fault_queue, 1);
		igt_assert_eq(state.fault_kind, EMBER_FAULT_TRANSLATION);
		igt_assert_eq(__igt_ember_submit_ib(fd, ctx, &nop, 0, NULL, 0), -ECANCELED);
		igt_assert_eq(__igt_ember_submit_ib(fd, ctx, &nop, 1, NULL, 0), -ECANCELED);
		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ib_destroy(&nop);
		TEARDOWN();
	}

	igt_describe("Jobs queued behind a faulting one in the same context fail too, "
		     "without running.");
	igt_subtest("fault-fails-queued-jobs") {
		struct igt_ember_ib good;
		struct drm_ember_job jobs[3];
		uint32_t done[3];
		struct drm_ember_sync_op signals[3];
		int i;

		SETUP();
		igt_ember_ib_create(&good, &env.vm, PAGE);
		igt_ember_ib_write32(&env.ib, buf.va + 64 * PAGE, 1);
		igt_ember_ib_write32(&good, buf.va, 0x1a7e);
		for (i = 0; i < 3; i++) {
			done[i] = igt_ember_syncobj_create(fd, 0);
			signals[i] = igt_ember_signal(done[i], 0);
			jobs[i] = igt_ember_ib_job(i ? &good : &env.ib, 0, &signals[i], 1);
		}
		igt_assert_eq(__igt_ember_submit(fd, env.ctx, jobs, 3), 0);
		for (i = 0; i < 3; i++) {
			igt_ember_syncobj_wait(fd, done[i], 0);
			igt_assert_f(igt_ember_syncobj_fence_status(fd, done[i], 0) < 0,
				     "job %d of a faulted context succeeded\n", i);
			igt_ember_syncobj_destroy(fd, done[i]);
		}
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		igt_ember_ib_destroy(&good);
		TEARDOWN();
	}

	igt_describe("Another context of the file and a context of another file keep "
		     "working while and after one context faults.");
	igt_subtest("innocent-contexts-continue") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		struct igt_ember_env env2;
		struct igt_ember_buf buf2;
		uint32_t ctx_b;
		int round;

		SETUP();
		igt_ember_env_init(&env2, other, 1);
		igt_ember_buf_create(&buf2, &env2.vm, PAGE);
		ctx_b = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_ib_write32(&env.ib, buf.va + 64 * PAGE, 1);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), -EIO);
		for (round = 0; round < 4; round++) {
			igt_ember_ib_reset(&env.ib);
			igt_ember_ib_write32(&env.ib, buf.va + 4 * round, 0x100 + round);
			igt_ember_run_ib(fd, ctx_b, &env.ib, 0);
			igt_ember_ib_reset(&env2.ib);
			igt_ember_ib_write32(&env2.ib, buf2.va + 4 * round, 0x200 + round);
			igt_ember_run_ib(other, env2.ctx, &env2.ib, 0);
		}
		for (round = 0; round < 4; round++) {
			igt_assert_eq_u32(igt_ember_buf_u32(&buf)[round], 0x100 + round);
			igt_assert_eq_u32(igt_ember_buf_u32(&buf2)[round], 0x200 + round);
		}
		igt_assert_eq(igt_ember_ctx_state(fd, ctx_b), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_assert_eq(igt_ember_ctx_state(other, env2.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_ember_ctx_destroy(fd, ctx_b);
		igt_ember_buf_destroy(&buf2);
		igt_ember_env_fini(&env2);
		drm_close_driver(other);
		TEARDOWN();
	}

	igt_describe("A job waiting for memory that never changes is a hang, whether the "
		     "device's watchdog or the job timeout stops it: its fence fails with "
		     "ETIMEDOUT, its context is guilty and banned; a second context still runs.");
	igt_subtest("endless-wait") {
		uint32_t done, ctx_b;
		struct drm_ember_sync_op signal;
		struct drm_ember_ctx_get_state state;

		SETUP();
		done = igt_ember_syncobj_create(fd, 0);
		signal = igt_ember_signal(done, 0);
		igt_ember_ib_wait_mem32(&env.ib, buf.va, EMBER_WAIT_EQ, 0x1, ~0u);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
		igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, hang_wait_ns(), 0), 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), -ETIMEDOUT);
		state = igt_ember_ctx_get_state(fd, env.ctx);
		igt_assert(state.state & DRM_EMBER_CTX_STATE_GUILTY);
		igt_assert(state.state & DRM_EMBER_CTX_STATE_BANNED);
		/* Stopped by the watchdog, the device says so; by the timeout, nothing. */
		igt_assert_f(state.fault_kind == EMBER_FAULT_NONE ||
			     state.fault_kind == EMBER_FAULT_WATCHDOG,
			     "fault kind %u\n", state.fault_kind);
		igt_assert_eq(__igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, NULL, 0), -ECANCELED);
		ctx_b = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, buf.va + 8, 0xa1fe);
		igt_ember_run_ib(fd, ctx_b, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[2], 0xa1fe);
		igt_assert_eq(igt_ember_ctx_state(fd, ctx_b), DRM_EMBER_CTX_STATE_INNOCENT);
		igt_ember_ctx_destroy(fd, ctx_b);
		igt_ember_syncobj_destroy(fd, done);
		TEARDOWN();
	}

	igt_describe("ember-gpu's fault-next-job knob faults the next job with an "
		     "injected fault at its IB.");
	igt_subtest("injected-fault") {
		igt_require_ember_control();
		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va, 1);
		igt_ember_control_ok("fault-next-job");
		/* The device faults the IB before its first packet: nothing ran. */
		expect_fault(&env, EMBER_FAULT_INJECTED, env.ib.buf.va, 0, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		TEARDOWN();
	}

	igt_describe("A device that moves FAULT_SEQ back (a bug, or a hostile device "
		     "process) does not hang the guest's fault handler: jobs keep running "
		     "and the next real fault is still reported.");
	igt_subtest("fault-seq-back") {
		igt_require_ember_control();
		SETUP();
		igt_ember_control_ok("fault-seq-back");
		igt_ember_ib_write32(&env.ib, buf.va, 0x5e9);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0x5e9);
		igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		TEARDOWN();

		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va, 1);
		igt_ember_control_ok("fault-next-job");
		expect_fault(&env, EMBER_FAULT_INJECTED, env.ib.buf.va, 0, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0);
		TEARDOWN();
	}

	igt_describe("A lost interrupt loses no job: the fence still signals, without error.");
	igt_subtest("dropped-irq") {
		igt_require_ember_control();
		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va, 0xd20);
		igt_ember_control_ok("drop-irq");
		{
			uint32_t done = igt_ember_syncobj_create(fd, 0);
			struct drm_ember_sync_op signal = igt_ember_signal(done, 0);

			igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, &signal, 1);
			igt_assert_eq(__igt_ember_syncobj_wait(fd, done, 0, hang_wait_ns(), 0), 0);
			igt_assert_eq(igt_ember_syncobj_fence_status(fd, done, 0), 1);
			igt_ember_syncobj_destroy(fd, done);
		}
		igt_assert_eq_u32(igt_ember_buf_u32(&buf)[0], 0xd20);
		igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		TEARDOWN();
	}

	igt_describe("An injected ring hang times out: the job first on that ring is "
		     "guilty (-ETIMEDOUT, banned), the innocent jobs behind it and on the "
		     "other rings complete after the reset, their contexts innocent.");
	igt_subtest("injected-ring-hang") {
		/* One guilty/innocent pair per priority, so that every ring has a pair. */
		enum { PAIRS = 3 };
		/* Ring hangs are injected on rings: contexts on device queues use none. */
		int had_device_queues = igt_ember_set_device_queues(0);
		const uint32_t prios[PAIRS] = {
			DRM_EMBER_QUEUE_PRIORITY_LOW, DRM_EMBER_QUEUE_PRIORITY_MEDIUM,
			DRM_EMBER_QUEUE_PRIORITY_HIGH,
		};
		uint32_t ring, ctx[PAIRS][2], done[PAIRS][2];
		struct igt_ember_ib ibs[PAIRS][2];
		char command[32];
		int p, i;

		igt_require_ember_control();
		igt_require_f(geteuid() == 0, "high priority needs CAP_SYS_NICE\n");
		SETUP();
		/* One IB per job: an IB is read when its job runs, maybe after a reset. */
		for (p = 0; p < PAIRS; p++)
			for (i = 0; i < 2; i++) {
				igt_ember_ib_create(&ibs[p][i], &env.vm, PAGE);
				igt_ember_ib_write32(&ibs[p][i], buf.va + 8 * p + 4 * i, 1);
			}
		for (ring = 0; ring < info.num_rings; ring++) {
			int guilty = 0;

			memset(buf.map, 0, PAGE);
			snprintf(command, sizeof(command), "hang-ring=%u", ring);
			igt_ember_control_ok(command);
			/* In each pair the first job is first on its queue's ring. */
			for (p = 0; p < PAIRS; p++) {
				for (i = 0; i < 2; i++) {
					struct drm_ember_sync_op signal;

					igt_assert_eq(__igt_ember_ctx_create(fd, env.vm.id, &prios[p], 1,
									     &ctx[p][i]), 0);
					done[p][i] = igt_ember_syncobj_create(fd, 0);
					signal = igt_ember_signal(done[p][i], 0);
					igt_ember_submit_ib(fd, ctx[p][i], &ibs[p][i], 0, &signal, 1);
				}
			}
			for (p = 0; p < PAIRS; p++) {
				for (i = 0; i < 2; i++) {
					uint32_t state;
					int status;

					igt_assert_eq(__igt_ember_syncobj_wait(fd, done[p][i], 0,
									       hang_wait_ns(), 0), 0);
					status = igt_ember_syncobj_fence_status(fd, done[p][i], 0);
					state = igt_ember_ctx_state(fd, ctx[p][i]);
					if (status == -ETIMEDOUT) {
						igt_assert_eq(i, 0);
						igt_assert(state & DRM_EMBER_CTX_STATE_GUILTY);
						igt_assert(state & DRM_EMBER_CTX_STATE_BANNED);
						guilty++;
					} else {
						igt_assert_eq(status, 1);
						igt_assert_eq(state, DRM_EMBER_CTX_STATE_INNOCENT);
						igt_assert_eq_u32(igt_ember_buf_u32(&buf)[2 * p + i], 1);
					}
					igt_ember_syncobj_destroy(fd, done[p][i]);
					igt_ember_ctx_destroy(fd, ctx[p][i]);
				}
			}
			igt_assert_f(guilty == 1, "ring %u: %d guilty contexts, expected 1 "
				     "(is a queue of every priority on every ring?)\n", ring, guilty);
		}
		for (p = 0; p < PAIRS; p++)
			for (i = 0; i < 2; i++)
				igt_ember_ib_destroy(&ibs[p][i]);
		TEARDOWN();
		igt_ember_set_device_queues(had_device_queues);
	}

	igt_describe("A device reset cuts short an innocent job that had started (its first "
		     "write landed, then it waits on memory): it is not run again, its fence "
		     "fails with ECANCELED and its context is INNOCENT_LOST and banned; the "
		     "innocent job queued behind it on its ring runs once, after the reset.");
	igt_subtest("reset-started-job-not-rerun") {
		int tries, had_device_queues;

		igt_require_ember_control();
		/* A ring hang and jobs queued on rings: contexts sharing the rings. */
		had_device_queues = igt_ember_set_device_queues(0);
		igt_require_f(info.num_rings >= 2, "needs a ring besides the hanging one\n");
		SETUP();
		for (tries = 0; tries < 3; tries++)
			if (try_reset_started_job(fd, &env, &buf))
				break;
		igt_assert_f(tries < 3, "no try had a job parked across the device reset\n");
		TEARDOWN();
		igt_ember_set_device_queues(had_device_queues);
	}

	igt_describe("A fault leaves a devcoredump of the Ember device, which can be "
		     "read and freed.");
	igt_subtest("devcoredump") {
		char pci_dir[PATH_MAX];
		int before, after, tries;

		igt_assert_eq(igt_ember_pci_sysfs_path(fd, pci_dir, sizeof(pci_dir)), 0);
		igt_require_f(count_devcoredumps(pci_dir) >= 0, "no devcoredump class\n");
		/*
		 * Dumps of earlier subtests' faults are written by a worker
		 * and may still be on their way: drain until none shows up
		 * for 200 ms, since the device keeps one dump at a time and a
		 * late one would hide this subtest's.
		 */
		for (tries = 0; tries < 25; tries++) {
			consume_devcoredumps(pci_dir);
			usleep(200 * 1000);
			before = count_devcoredumps(pci_dir);
			if (!before)
				break;
		}
		igt_assert_eq(before, 0);
		SETUP();
		igt_ember_ib_write32(&env.ib, buf.va + 64 * PAGE, 1);
		igt_assert_eq(igt_ember_run_ib_status(fd, env.ctx, &env.ib, 0), -EIO);
		/* The dump may be written by a worker after the fence. */
		for (tries = 0, after = 0; tries < 50 && !after; tries++) {
			after = count_devcoredumps(pci_dir);
			if (!after)
				usleep(100 * 1000);
		}
		igt_assert_eq(after, 1);
		igt_assert_lt(0, consume_devcoredumps(pci_dir));
		/* Writing "data" frees the dump from a work item: wait for it. */
		for (tries = 0, after = 1; tries < 50 && after; tries++) {
			after = count_devcoredumps(pci_dir);
			if (after)
				usleep(100 * 1000);
		}
		igt_assert_eq(after, 0);
		TEARDOWN();
	}

	igt_describe("A fence value the device writes beyond the last job the driver "
		     "emitted (ember-gpu's fence-ahead: a buggy or hostile device) completes "
		     "no job: a job behind it on the ring that has not run stays busy until "
		     "it really ran, then both signal without error.");
	igt_subtest("fence-ahead") {
		struct igt_ember_ib ibs[2];
		volatile uint32_t *mem;
		uint32_t done[2];
		int64_t deadline;
		int i;

		igt_require_ember_control();
		SETUP();
		mem = igt_ember_buf_u32(&buf);
		/* Job i waits for word i, then writes word 2 + i. */
		for (i = 0; i < 2; i++) {
			igt_ember_ib_create(&ibs[i], &env.vm, PAGE);
			igt_ember_ib_wait_mem32(&ibs[i], buf.va + 4 * i, EMBER_WAIT_EQ, 1, ~0u);
			igt_ember_ib_write32(&ibs[i], buf.va + 8 + 4 * i, 0x10 + i);
			done[i] = igt_ember_syncobj_create(fd, 0);
		}

		igt_ember_control_ok("fence-ahead");
		for (i = 0; i < 2; i++) {
			struct drm_ember_sync_op signal = igt_ember_signal(done[i], 0);

			igt_ember_submit_ib(fd, env.ctx, &ibs[i], 0, &signal, 1);
		}
		/* Both on the ring; the first one runs and writes its inflated fence. */
		usleep(100 * 1000);
		mem[0] = 1;
		deadline = now_ms() + info.job_timeout_ms / 4;
		while (!mem[2] && now_ms() < deadline)
			usleep(1000);
		igt_assert_eq_u32(mem[2], 0x10);
		usleep(100 * 1000);
		/* The second has not run: its fence must not have signalled. */
		igt_assert_eq_u32(mem[3], 0);
		igt_assert(igt_ember_syncobj_busy(fd, done[1], 0));

		mem[1] = 1;
		for (i = 0; i < 2; i++) {
			igt_assert_eq(__igt_ember_syncobj_wait(fd, done[i], 0, hang_wait_ns(), 0), 0);
			igt_assert_eq(igt_ember_syncobj_fence_status(fd, done[i], 0), 1);
			igt_ember_syncobj_destroy(fd, done[i]);
			igt_ember_ib_destroy(&ibs[i]);
		}
		igt_assert_eq_u32(mem[3], 0x11);
		igt_assert_eq(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);
		TEARDOWN();
	}

	igt_describe("A TLB invalidation the device acknowledges too late (ember-gpu's "
		     "tlb-ack-delay) gives nothing back early: the unmap still succeeds, but the "
		     "mapping (which keeps its BO's pages pinned, handle closed or not) and its "
		     "page tables are held back until every context's TLB is invalidated or the "
		     "device reset; then they are released and the device keeps working.");
	igt_subtest("tlb-invalidation-late") {
		/* Past the driver's wait: the watchdog's half job timeout plus a second. */
		uint32_t delay_ms = info.job_timeout_ms / 2 + 1000 + 1500;
		uint64_t failed, released, invalidations;
		struct igt_ember_buf victim;
		char knob[32];

		igt_require_ember_control();
		SETUP();
		igt_ember_buf_create(&victim, &env.vm, 4 * PAGE);
		/* The context caches the victim's translation. */
		igt_ember_ib_write32(&env.ib, victim.va, 0x7eb);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&victim)[0], 0x7eb);
		failed = tlb_stat(fd, "failed");
		released = tlb_releases(fd);
		invalidations = tlb_stat(fd, "invalidations");
		igt_assert_eq_u64(tlb_stat(fd, "stale_mappings"), 0);

		snprintf(knob, sizeof(knob), "tlb-ack-delay=%u", delay_ms);
		igt_ember_control_ok(knob);
		igt_ember_vm_unmap(fd, env.vm.id, victim.va, victim.size);
		victim.va = 0;
		/* The device has not answered yet: nothing went back. */
		igt_assert_eq_u64(tlb_stat(fd, "invalidations"), invalidations + 1);
		igt_assert_eq_u64(tlb_stat(fd, "failed"), failed + 1);
		igt_assert_eq_u64(tlb_releases(fd), released);
		igt_assert_lte(1, tlb_stat(fd, "stale_mappings"));
		igt_assert_lte(victim.size, tlb_stat(fd, "stale_bytes"));
		/* The handle goes; the held-back mapping keeps the pages. */
		igt_ember_buf_destroy(&victim);

		wait_tlb_stale_released(fd, delay_ms);
		igt_assert_eq_u64(tlb_releases(fd), released + 1);
		assert_ctx_still_runs(&env, &buf);
		TEARDOWN();
	}

	igt_describe("A TLB invalidation the device answers later still than the driver's "
		     "second try (an invalidation of every context) is escalated to a device "
		     "reset; what the unmap held back is released after it, and the device "
		     "keeps working.");
	igt_subtest("tlb-invalidation-reset") {
		/*
		 * The driver waits T = half the job timeout + 1 s for the unmap's
		 * invalidation, T again for it before the second try, then 1 s
		 * for it before the reset: answer in the middle of that second.
		 */
		uint32_t wait_ms = info.job_timeout_ms / 2 + 1000;
		uint32_t delay_ms = 2 * wait_ms + 500;
		uint64_t resets, recovered;
		struct igt_ember_buf victim;
		char knob[32];

		igt_require_ember_control();
		SETUP();
		igt_ember_buf_create(&victim, &env.vm, PAGE);
		igt_ember_ib_write32(&env.ib, victim.va, 0x7eb);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		resets = tlb_stat(fd, "resets");
		recovered = tlb_stat(fd, "recovered");

		snprintf(knob, sizeof(knob), "tlb-ack-delay=%u", delay_ms);
		igt_ember_control_ok(knob);
		igt_ember_buf_destroy(&victim);
		igt_assert_lte(1, tlb_stat(fd, "stale_mappings"));

		wait_tlb_stale_released(fd, delay_ms);
		igt_assert_eq_u64(tlb_stat(fd, "resets"), resets + 1);
		igt_assert_eq_u64(tlb_stat(fd, "recovered"), recovered);
		assert_ctx_still_runs(&env, &buf);
		TEARDOWN();
	}

	igt_describe("An unmap in a VM that no context uses needs no TLB invalidation, and "
		     "one in a VM with a context invalidates only once.");
	igt_subtest("tlb-invalidation-scope") {
		struct igt_ember_vm idle_vm;
		struct igt_ember_buf idle;
		uint64_t invalidations, skipped, failed;

		SETUP();
		igt_ember_vm_init(&idle_vm, fd);
		igt_ember_buf_create(&idle, &idle_vm, PAGE);
		invalidations = tlb_stat(fd, "invalidations");
		skipped = tlb_stat(fd, "skipped");
		failed = tlb_stat(fd, "failed");
		igt_ember_buf_destroy(&idle);
		igt_assert_eq_u64(tlb_stat(fd, "invalidations"), invalidations);
		igt_assert_eq_u64(tlb_stat(fd, "skipped"), skipped + 1);
		igt_ember_vm_fini(&idle_vm);

		igt_ember_buf_destroy(&buf);
		igt_assert_eq_u64(tlb_stat(fd, "invalidations"), invalidations + 1);
		igt_assert_eq_u64(tlb_stat(fd, "failed"), failed);
		igt_ember_env_fini(&env);
	}

	igt_fixture {
		/* A subtest that failed on shared rings left them on: device queues again. */
		igt_ember_set_device_queues(1);
		drm_close_driver(fd);
	}
}
