// SPDX-License-Identifier: MIT
/*
 * The submission side of ember.ko beyond the happy path: a faulting job
 * bans its context (its fence and its later jobs' fences fail with -EIO,
 * CTX_GET_STATE says where and why, SUBMIT says -ECANCELED) while its
 * earlier jobs and other contexts are unaffected; a job the device's
 * watchdog stops is a hang (-ETIMEDOUT, GUILTY); the fault is dumped
 * through devcoredump in the documented text format; fdinfo counts the
 * device time of the file's jobs; debugfs shows rings, contexts and
 * faults, and its ring_ping does a bare fence round trip on any ring.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_debugfs.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define DEVCD_DIR "/sys/class/devcoredump"

static struct drm_ember_gpu_info info;

/* A VA of @vm's range that nothing is mapped at (the top page). */
static uint64_t unmapped_va(const struct igt_ember_vm *vm)
{
	return vm->va_end - PAGE;
}

/* Submits @ib on @queue of @ctx and returns a syncobj its job signals. */
static uint32_t submit_signalled(int fd, uint32_t ctx, const struct igt_ember_ib *ib,
				 uint32_t queue)
{
	uint32_t syncobj = igt_ember_syncobj_create(fd, 0);
	struct drm_ember_sync_op signal = igt_ember_signal(syncobj, 0);

	igt_ember_submit_ib(fd, ctx, ib, queue, &signal, 1);
	return syncobj;
}

static int wait_status(int fd, uint32_t syncobj)
{
	int status;

	igt_ember_syncobj_wait(fd, syncobj, 0);
	status = igt_ember_syncobj_fence_status(fd, syncobj, 0);
	igt_ember_syncobj_destroy(fd, syncobj);
	return status;
}

/* Sum of the drm-engine-* keys of @fd's fdinfo, in ns; -1 if there are none. */
static long long engine_busy_ns(int fd)
{
	char path[64], line[256];
	long long total = -1, ns;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	igt_assert(f);
	while (fgets(line, sizeof(line), f)) {
		char *colon;

		if (strncmp(line, "drm-engine-", 11))
			continue;
		colon = strchr(line, ':');
		igt_assert(colon);
		igt_assert_eq(sscanf(colon + 1, "%lld ns", &ns), 1);
		total = (total < 0 ? 0 : total) + ns;
	}
	fclose(f);
	return total;
}

/* Dismisses every pending devcoredump; returns how many there were. */
static int devcd_dismiss(void)
{
	struct dirent *e;
	char path[512];
	int fd, count = 0;
	DIR *d;

	d = opendir(DEVCD_DIR);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "devcd", 5))
			continue;
		count++;
		snprintf(path, sizeof(path), DEVCD_DIR "/%s/data", e->d_name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			igt_assert_eq(write(fd, "1", 1), 1);
			close(fd);
		}
	}
	closedir(d);
	return count;
}

/*
 * Leaves no devcoredump behind, so that the next one can be taken (one per
 * device at a time). Dismissing frees a dump from a work item, and a dump
 * of an earlier fault may still be on its way: repeat until none is seen
 * for 200 ms.
 */
static void devcd_clear(void)
{
	int tries;

	for (tries = 0; tries < 25; tries++) {
		devcd_dismiss();
		usleep(200 * 1000);
		if (!devcd_dismiss())
			return;
	}
	igt_assert_f(false, "devcoredumps keep coming\n");
}

/* Reads the first devcoredump into @buf, waiting up to 5 s for it. */
static bool devcd_read(char *buf, size_t len)
{
	ssize_t n, total;
	struct dirent *e;
	char path[512];
	int i, fd;
	DIR *d;

	for (i = 0; i < 50; i++) {
		d = opendir(DEVCD_DIR);
		while (d && (e = readdir(d))) {
			if (strncmp(e->d_name, "devcd", 5))
				continue;
			snprintf(path, sizeof(path), DEVCD_DIR "/%s/data", e->d_name);
			fd = open(path, O_RDONLY);
			if (fd < 0)
				continue;
			/* sysfs hands a binary attribute out a page at a time. */
			total = 0;
			while ((n = read(fd, buf + total, len - 1 - total)) > 0)
				total += n;
			close(fd);
			closedir(d);
			igt_assert(total > 0);
			buf[total] = '\0';
			return true;
		}
		if (d)
			closedir(d);
		usleep(100 * 1000);
	}
	return false;
}

/*
 * Clears the devcoredumps, then faults a new context of @env's VM with a
 * write to an unmapped VA from @bad (created here) and reads the dump of
 * it into @dump. Returns the context.
 */
static uint32_t fault_with_devcoredump(int fd, struct igt_ember_env *env,
				       struct igt_ember_ib *bad, char *dump, size_t size)
{
	uint32_t ctx;

	devcd_clear();
	ctx = igt_ember_ctx_create(fd, env->vm.id, 1);
	igt_ember_ib_create(bad, &env->vm, PAGE);
	igt_ember_ib_write32(bad, unmapped_va(&env->vm), 1);
	igt_assert_eq(wait_status(fd, submit_signalled(fd, ctx, bad, 0)), -EIO);
	igt_assert_f(devcd_read(dump, size), "no devcoredump after a fault\n");
	return ctx;
}

static bool read_debugfs(int device, const char *name, char *buf, size_t len)
{
	int fd = igt_debugfs_open(device, name, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, len - 1);
	close(fd);
	igt_assert(n >= 0);
	buf[n] = '\0';
	return true;
}

/* Writes @text to the debugfs file @name of @device: 0 or -errno. */
static int write_debugfs(int device, const char *name, const char *text)
{
	int fd = igt_debugfs_open(device, name, O_WRONLY), ret = 0;

	igt_assert_f(fd >= 0, "no debugfs file %s\n", name);
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		ret = -errno;
	close(fd);
	return ret;
}

/* Pings written and answered (status page) over all rings, from debugfs "rings". */
static void ring_pings(int device, uint64_t *pings, uint64_t *answered)
{
	static char text[16 * 1024];
	unsigned long long p, a;
	const char *line;

	*pings = *answered = 0;
	igt_assert(read_debugfs(device, "rings", text, sizeof(text)));
	for (line = strstr(text, "pings "); line; line = strstr(line + 1, "pings ")) {
		igt_assert_eq(sscanf(line, "pings %llu answered %llu", &p, &a), 2);
		*pings += p;
		*answered += a;
	}
}

igt_main
{
	struct igt_ember_env env;
	int fd = -1;

	igt_fixture {
		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_queues, "driver without submission (1.0)\n");
		igt_ember_env_init(&env, fd, 2);
	}

	igt_describe("A translation fault bans the context: the faulting job and the ones "
		     "queued after it fail with -EIO and write nothing, the job before it "
		     "completed, CTX_GET_STATE reports the VA and the access, SUBMIT fails "
		     "with -ECANCELED.");
	igt_subtest("fault-bans-context") {
		struct igt_ember_ib before, bad, after;
		uint32_t ctx, s_before, s_bad, s_after;
		struct drm_ember_sync_op signals[3];
		struct drm_ember_job jobs[3];
		struct drm_ember_ctx_get_state state;
		struct igt_ember_buf buf;
		uint32_t *p;

		ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&buf, &env.vm, PAGE);
		p = igt_ember_buf_u32(&buf);
		memset(p, 0, PAGE);

		igt_ember_ib_create(&before, &env.vm, PAGE);
		igt_ember_ib_write32(&before, buf.va, 0x600d);
		igt_ember_ib_create(&bad, &env.vm, PAGE);
		igt_ember_ib_write32(&bad, buf.va + 4, 0xbad);
		igt_ember_ib_write32(&bad, unmapped_va(&env.vm), 0xbad);
		igt_ember_ib_create(&after, &env.vm, PAGE);
		igt_ember_ib_write32(&after, buf.va + 8, 0xbad);

		/* One call, so that all three are queued before the fault. */
		s_before = igt_ember_syncobj_create(fd, 0);
		s_bad = igt_ember_syncobj_create(fd, 0);
		s_after = igt_ember_syncobj_create(fd, 0);
		signals[0] = igt_ember_signal(s_before, 0);
		signals[1] = igt_ember_signal(s_bad, 0);
		signals[2] = igt_ember_signal(s_after, 0);
		jobs[0] = igt_ember_ib_job(&before, 0, &signals[0], 1);
		jobs[1] = igt_ember_ib_job(&bad, 0, &signals[1], 1);
		jobs[2] = igt_ember_ib_job(&after, 0, &signals[2], 1);
		igt_assert_eq(__igt_ember_submit(fd, ctx, jobs, 3), 0);

		igt_assert_eq(wait_status(fd, s_before), 1);
		igt_assert_eq(wait_status(fd, s_bad), -EIO);
		igt_assert_eq(wait_status(fd, s_after), -EIO);
		igt_assert_eq_u32(p[0], 0x600d);
		/* The packet before the fault ran; the context then stopped. */
		igt_assert_eq_u32(p[1], 0xbad);
		igt_assert_eq_u32(p[2], 0);

		state = igt_ember_ctx_get_state(fd, ctx);
		igt_assert_eq_u32(state.state, DRM_EMBER_CTX_STATE_FAULTED |
					       DRM_EMBER_CTX_STATE_BANNED);
		igt_assert_eq_u32(state.fault_kind, EMBER_FAULT_TRANSLATION);
		igt_assert_eq_u64(state.fault_va, unmapped_va(&env.vm));
		igt_assert_eq_u32(state.fault_detail, EMBER_ACCESS_WRITE);
		igt_assert_eq_u32(state.fault_queue, 0);
		igt_assert_eq_u32(state.fault_ib_offset, 16);

		igt_assert_eq(__igt_ember_submit_ib(fd, ctx, &before, 0, NULL, 0), -ECANCELED);

		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ib_destroy(&after);
		igt_ember_ib_destroy(&bad);
		igt_ember_ib_destroy(&before);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("A fault on queue 1 is reported on queue 1, and another context of the "
		     "same VM keeps running jobs correctly afterwards.");
	igt_subtest("fault-spares-other-contexts") {
		struct drm_ember_ctx_get_state state;
		struct igt_ember_ib bad;
		struct igt_ember_buf buf;
		uint32_t ctx, *p;
		unsigned int i;

		ctx = igt_ember_ctx_create(fd, env.vm.id, 2);
		igt_ember_ib_create(&bad, &env.vm, PAGE);
		igt_ember_ib_fill(&bad, unmapped_va(&env.vm), 64, 0xdead);
		igt_assert_eq(wait_status(fd, submit_signalled(fd, ctx, &bad, 1)), -EIO);

		state = igt_ember_ctx_get_state(fd, ctx);
		igt_assert(state.state & DRM_EMBER_CTX_STATE_FAULTED);
		igt_assert_eq_u32(state.fault_queue, 1);
		igt_assert_eq_u32(state.fault_kind, EMBER_FAULT_TRANSLATION);

		igt_ember_buf_create(&buf, &env.vm, 4 * PAGE);
		p = igt_ember_buf_u32(&buf);
		memset(p, 0, 4 * PAGE);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_fill(&env.ib, buf.va, 4 * PAGE, 0x5a5a5a5a);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 1);
		for (i = 0; i < PAGE; i++)
			igt_assert_eq_u32(p[i], 0x5a5a5a5a);
		igt_assert_eq_u32(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_buf_destroy(&buf);
		igt_ember_ib_destroy(&bad);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("A job waiting on memory that never changes is stopped by the device's "
		     "watchdog within the job timeout: its context is GUILTY and BANNED, its "
		     "fence fails with -ETIMEDOUT, and an innocent context's job queued "
		     "behind it on the same ring completes.");
	igt_subtest("hang-watchdog") {
		struct drm_ember_ctx_get_state state;
		struct igt_ember_buf flag, out;
		struct igt_ember_ib hang;
		uint32_t ctx, s_hang, s_ok;
		struct timespec t0, t1;
		double ms;

		ctx = igt_ember_ctx_create(fd, env.vm.id, 1);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_buf_create(&out, &env.vm, PAGE);
		memset(flag.map, 0, PAGE);
		memset(out.map, 0, PAGE);

		igt_ember_ib_create(&hang, &env.vm, PAGE);
		igt_ember_ib_wait_mem32(&hang, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_write32(&env.ib, out.va, 0x1234);

		clock_gettime(CLOCK_MONOTONIC, &t0);
		s_hang = submit_signalled(fd, ctx, &hang, 0);
		s_ok = submit_signalled(fd, env.ctx, &env.ib, 0);
		igt_assert_eq(wait_status(fd, s_hang), -ETIMEDOUT);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		igt_assert_eq(wait_status(fd, s_ok), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0x1234);

		ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
		igt_info("hang detected after %.0f ms (job timeout %u ms)\n", ms,
			 info.job_timeout_ms);
		igt_assert_f(ms < 2.0 * info.job_timeout_ms, "hang took %.0f ms\n", ms);

		state = igt_ember_ctx_get_state(fd, ctx);
		igt_assert_eq_u32(state.state, DRM_EMBER_CTX_STATE_GUILTY |
					       DRM_EMBER_CTX_STATE_BANNED);
		igt_assert_eq_u32(state.fault_kind, EMBER_FAULT_WATCHDOG);
		igt_assert_eq(__igt_ember_submit_ib(fd, ctx, &env.ib, 0, NULL, 0), -ECANCELED);
		igt_assert_eq_u32(igt_ember_ctx_state(fd, env.ctx), DRM_EMBER_CTX_STATE_INNOCENT);

		igt_ember_ctx_destroy(fd, ctx);
		igt_ember_ib_destroy(&hang);
		igt_ember_buf_destroy(&out);
		igt_ember_buf_destroy(&flag);
	}

	igt_describe("A fault produces a devcoredump in the documented text format, with "
		     "the context, the fault record and the decoded ring.");
	igt_subtest("devcoredump-on-fault") {
		static char dump[64 * 1024];
		struct igt_ember_ib bad;
		char want[128];
		uint32_t ctx;

		ctx = fault_with_devcoredump(fd, &env, &bad, dump, sizeof(dump));
		igt_assert(!strncmp(dump, "EMBER-DEVCOREDUMP 1\n", 20));
		igt_assert(strstr(dump, "reason: fault\n"));
		snprintf(want, sizeof(want), "kind=%u(translation)", EMBER_FAULT_TRANSLATION);
		igt_assert(strstr(dump, want));
		snprintf(want, sizeof(want), "va=0x%llx", (unsigned long long)unmapped_va(&env.vm));
		igt_assert(strstr(dump, want));
		snprintf(want, sizeof(want), "RUN_IB ctx=");
		igt_assert(strstr(dump, want));
		snprintf(want, sizeof(want), "va=0x%llx size=%u", (unsigned long long)bad.buf.va,
			 igt_ember_ib_size(&bad));
		igt_assert_f(strstr(dump, want), "the faulting RUN_IB is not in the dump\n");
		igt_assert(strstr(dump, "\nend\n"));
		devcd_clear();

		igt_ember_ib_destroy(&bad);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("ember-coredump (ember-tools) explains the devcoredump of a fault: the "
		     "access, the VA, the job and the faulting packet.");
	igt_subtest("devcoredump-decoded") {
		static char dump[64 * 1024], out[64 * 1024];
		struct igt_ember_ib bad;
		char want[160];
		size_t len = 0;
		uint32_t ctx;
		FILE *tool;
		int status;

		ctx = fault_with_devcoredump(fd, &env, &bad, dump, sizeof(dump));

		/* Without a file it reads the pending dumps of Ember devices. */
		tool = popen("ember-coredump 2>&1", "r");
		igt_assert(tool);
		while (len < sizeof(out) - 1 && fgets(out + len, sizeof(out) - len, tool))
			len += strlen(out + len);
		status = pclose(tool);
		igt_info("%s", out);
		igt_require_f(status != 127 << 8, "ember-coredump is not installed\n");
		igt_assert_eq(status, 0);
		igt_assert(strstr(out, ": Ember devcoredump (format 1): a fault,"));
		igt_assert(strstr(out, "translation (kind 1): no valid mapping\n"));
		snprintf(want, sizeof(want), "a write access to GPU VA 0x%llx\n",
			 (unsigned long long)unmapped_va(&env.vm));
		igt_assert_f(strstr(out, want), "no line '%s'\n", want);
		snprintf(want, sizeof(want), ": RUN_IB va=0x%llx size=%u\n",
			 (unsigned long long)bad.buf.va, igt_ember_ib_size(&bad));
		igt_assert_f(strstr(out, want), "the faulting job is not named\n");
		snprintf(want, sizeof(want), "the faulting packet is at IB offset 0, GPU VA 0x%llx\n",
			 (unsigned long long)bad.buf.va);
		igt_assert_f(strstr(out, want), "no line '%s'\n", want);
		igt_assert(strstr(out, "    <- faulted\n"));
		devcd_clear();

		igt_ember_ib_destroy(&bad);
		igt_ember_ctx_destroy(fd, ctx);
	}

	igt_describe("fdinfo's drm-engine-* keys count the device time of the file's jobs.");
	igt_subtest("fdinfo-engine-busy") {
		struct igt_ember_buf buf;
		long long before, after;

		before = engine_busy_ns(fd);
		igt_assert_f(before >= 0, "no drm-engine-* key in fdinfo\n");
		igt_ember_buf_create(&buf, &env.vm, 1 << 20);
		igt_ember_ib_reset(&env.ib);
		igt_ember_ib_fill(&env.ib, buf.va, 1 << 20, 0x01010101);
		igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
		after = engine_busy_ns(fd);
		igt_info("busy %lld ns -> %lld ns\n", before, after);
		igt_assert_lt(before, after);
		igt_ember_buf_destroy(&buf);
	}

	igt_describe("debugfs has the rings, contexts and fault log.");
	igt_subtest("debugfs") {
		static char text[16 * 1024];

		igt_require_f(read_debugfs(fd, "rings", text, sizeof(text)), "no ember debugfs\n");
		igt_assert(strstr(text, "ring0: priority 0"));
		igt_assert(strstr(text, "device resets"));
		igt_assert(read_debugfs(fd, "contexts", text, sizeof(text)));
		igt_assert(strstr(text, "context "));
		igt_assert(read_debugfs(fd, "faults", text, sizeof(text)));
		igt_assert(!strncmp(text, "faults logged ", 14));
	}

	igt_describe("debugfs ring_ping does a bare fence round trip through each ring, "
		     "between jobs, and refuses rings that do not exist.");
	igt_subtest("debugfs-ring-ping") {
		uint64_t pings, answered, pings_after, answered_after;
		char ring[16];
		uint32_t r, i;

		ring_pings(fd, &pings, &answered);
		igt_assert_eq_u64(pings, answered);
		for (r = 0; r < info.num_rings; r++) {
			snprintf(ring, sizeof(ring), "%u", r);
			for (i = 0; i < 3; i++) {
				igt_assert_eq(write_debugfs(fd, "ring_ping", ring), 0);
				/* Jobs still complete around pings. */
				igt_ember_ib_reset(&env.ib);
				igt_ember_ib_nop(&env.ib, 0);
				igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
			}
		}
		snprintf(ring, sizeof(ring), "%u", info.num_rings);
		igt_assert_eq(write_debugfs(fd, "ring_ping", ring), -EINVAL);
		igt_assert_eq(write_debugfs(fd, "ring_ping", "ring"), -EINVAL);
		ring_pings(fd, &pings_after, &answered_after);
		igt_assert_eq_u64(pings_after, pings + 3 * info.num_rings);
		igt_assert_eq_u64(answered_after, pings_after);
	}

	igt_fixture {
		igt_ember_env_fini(&env);
		close(fd);
	}
}
