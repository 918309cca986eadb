// SPDX-License-Identifier: MIT
/*
 * Guest benchmark: job submission through ember.ko, as ratios to the
 * device's bare fence round trip measured in the same run.
 *
 * Baseline (the bare fence round trip): debugfs "ring_ping" of ember.ko on
 * the ring the benchmark's queue runs on. One write() makes the driver put
 * a single FENCE|IRQ packet on the ring, move TAIL and ring the doorbell;
 * ember-gpu wakes, runs the packet, writes the fence and raises the ring's
 * MSI-X vector; the ring's IRQ thread processes completions as for any
 * job and wakes the writer. That is the whole path a job's fence takes
 * through the device and the interrupt, with none of what the driver adds
 * for a job: the SUBMIT and SYNCOBJ_WAIT ioctls, the job and its memory
 * (drm_exec, dma-resv), drm_sched (entity, run_job worker, free_job) and
 * the syncobjs. So the ratios are what ember.ko's submission path costs on
 * top of the hardware's own round trip. (The host benchmark fence_roundtrip
 * measures the same packet without QEMU.)
 *
 * For reference, it also times DRM_IOCTL_EMBER_DEV_QUERY, a PING through
 * the device's management mailbox: an ioctl whose answer wakes the caller
 * from the hard interrupt handler, the shortest guest round trip there is,
 * but not a fence (no ring, no IRQ thread).
 *
 * Figures (a NOP job is an IB of one NOP packet, so it really runs; the IB
 * is in a BO exclusive to the context's VM, as a Vulkan driver allocates
 * command buffers and any memory it does not export):
 * - latency: SUBMIT of one job signalling a syncobj, then SYNCOBJ_WAIT,
 *   one at a time, interleaved sample by sample with the baselines (the
 *   machine is shared: load moves every figure several-fold, the ratio
 *   much less); medians (goal: <= 2x the fence round trip); and
 *   the same for a job without an IB (the driver writes only its fence to
 *   the ring), which splits the cost between the driver and RUN_IB; and
 *   the time until SUBMIT returns (on the 1-vCPU guest, the scheduler's
 *   workers and IRQ threads run before the submitter gets the CPU back,
 *   so this shows how much of the round trip is CPU work in the kernel);
 * - throughput on one queue: jobs submitted one per ioctl without
 *   waiting, the last one signalling; jobs/s, and the time per job as a
 *   ratio to the round trip (below 1 means jobs overlap their round trips);
 * - throughput on several queues (one context, min(max_queues, rings)
 *   queues, round robin).
 *
 * Needs root and debugfs (the guest's init mounts it).
 *
 * Usage: job_submit [ITERATIONS]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/sync_file.h>

#include "drmtest.h"
#include "igt_debugfs.h"
#include "igt_ember.h"

#define MAX_QUEUES_USED 8

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

/* The ring a queue of MEDIUM priority runs on (DOC: Scheduler of ember.ko). */
static unsigned int medium_ring(const struct drm_ember_gpu_info *info)
{
	return info->num_rings > 1 ? 1 : 0;
}

/* Times of one round trip, in ns from its start. */
struct round_trip {
	double signal;	/* until the fence signalled (the IRQ thread saw it) */
	double wake;	/* until the waiting thread got the CPU back */
};

/* CLOCK_MONOTONIC ns, the clock of dma-fence timestamps. */
static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* When the last ping of ring @ring signalled, from debugfs ring_ping. */
static double ping_signal_ns(int ping_fd, unsigned int ring)
{
	char text[512], *line;
	unsigned long long value;
	long long signalled;
	unsigned int r;
	ssize_t n;

	igt_assert_eq(lseek(ping_fd, 0, SEEK_SET), 0);
	n = read(ping_fd, text, sizeof(text) - 1);
	igt_assert_f(n > 0, "reading ring_ping: %s\n", strerror(errno));
	text[n] = '\0';
	for (line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		if (sscanf(line, "ring%u ping %llu signalled %lld", &r, &value, &signalled) == 3 &&
		    r == ring)
			return signalled;
	}
	igt_assert_f(false, "ring_ping has no line for ring%u\n", ring);
	return 0;
}

/* One bare fence round trip: a write() to debugfs ring_ping (a seq_file). */
static struct round_trip fence_round_trip_once(int ping_fd, unsigned int ring)
{
	char text[16];
	struct round_trip rt;
	size_t len;
	double t0;

	len = snprintf(text, sizeof(text), "%u", ring);
	t0 = now_ns();
	igt_assert_f(write(ping_fd, text, len) == (ssize_t)len,
		     "ring_ping: %s\n", strerror(errno));
	rt.wake = now_ns() - t0;
	rt.signal = ping_signal_ns(ping_fd, ring) - t0;
	return rt;
}

static double mailbox_round_trip_once(int fd)
{
	struct drm_ember_gpu_info info;
	double t0 = now_ns();

	igt_ember_get_gpu_info(fd, &info);
	return now_ns() - t0;
}

/* When the fence of @syncobj signalled: its dma-fence timestamp. */
static double syncobj_signal_ns(int fd, uint32_t syncobj)
{
	int sync_file = igt_ember_syncobj_export_sync_file(fd, syncobj, 0);
	struct sync_fence_info fence = {};
	struct sync_file_info info = {
		.num_fences = 1,
		.sync_fence_info = (uintptr_t)&fence,
	};

	igt_assert_eq(ioctl(sync_file, SYNC_IOC_FILE_INFO, &info), 0);
	igt_assert_eq(fence.status, 1);
	close(sync_file);
	return fence.timestamp_ns;
}

/*
 * Round trip of one job, alone on the queue, from SUBMIT to the signal of
 * its fence and to the return of SYNCOBJ_WAIT; @with_ib false: no IB.
 * *@submit_ns gets the part spent in the SUBMIT ioctl.
 */
static struct round_trip job_latency_once(struct igt_ember_env *env, bool with_ib,
					  uint32_t done, double *submit_ns)
{
	struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
	struct drm_ember_job job = igt_ember_ib_job(&env->ib, 0, &signal, 1);
	struct round_trip rt;
	double t0;

	if (!with_ib)
		job.ib_size = 0;
	t0 = now_ns();
	igt_assert_eq(__igt_ember_submit(env->fd, env->ctx, &job, 1), 0);
	*submit_ns = now_ns() - t0;
	igt_ember_syncobj_wait(env->fd, done, 0);
	rt.wake = now_ns() - t0;
	rt.signal = syncobj_signal_ns(env->fd, done) - t0;
	return rt;
}

/* Medians of interleaved samples, see latencies(). */
struct latency_medians {
	struct round_trip fence;	/* bare fence round trip (the baseline) */
	double mailbox;			/* management mailbox ping (reference) */
	struct round_trip job;		/* a NOP job */
	struct round_trip sync_only;	/* the same without an IB */
	double submit;			/* time in the SUBMIT ioctl of the NOP job */
};

static struct round_trip median_round_trip(struct round_trip *v, int n)
{
	double *signal = calloc(n, sizeof(*signal)), *wake = calloc(n, sizeof(*wake));
	struct round_trip m;
	int i;

	igt_assert(signal && wake);
	for (i = 0; i < n; i++) {
		signal[i] = v[i].signal;
		wake[i] = v[i].wake;
	}
	m.signal = median(signal, n);
	m.wake = median(wake, n);
	free(signal);
	free(wake);
	return m;
}

/*
 * The round trips, interleaved sample by sample so that all see the same
 * machine (this one is shared and TCG is slow).
 */
static void latencies(struct igt_ember_env *env, int ping_fd, unsigned int ring,
		      int iterations, struct latency_medians *m)
{
	struct round_trip *f = calloc(iterations, sizeof(*f)), *j = calloc(iterations, sizeof(*j));
	struct round_trip *s = calloc(iterations, sizeof(*s));
	double *b = calloc(iterations, sizeof(*b)), *u = calloc(iterations, sizeof(*u));
	uint32_t done = igt_ember_syncobj_create(env->fd, 0);
	double unused;
	int i;

	igt_assert(f && b && j && s && u);
	for (i = 0; i < iterations; i++) {
		f[i] = fence_round_trip_once(ping_fd, ring);
		b[i] = mailbox_round_trip_once(env->fd);
		j[i] = job_latency_once(env, true, done, &u[i]);
		s[i] = job_latency_once(env, false, done, &unused);
	}
	igt_ember_syncobj_destroy(env->fd, done);
	m->fence = median_round_trip(f, iterations);
	m->mailbox = median(b, iterations);
	m->job = median_round_trip(j, iterations);
	m->sync_only = median_round_trip(s, iterations);
	m->submit = median(u, iterations);
	free(u);
	free(s);
	free(j);
	free(b);
	free(f);
}

/* ns per job for @jobs NOP jobs spread round robin over @queues queues of @ctx. */
static double throughput_ns_per_job(struct igt_ember_env *env, uint32_t ctx,
				    uint32_t queues, int jobs)
{
	uint32_t done[MAX_QUEUES_USED];
	double t0, elapsed;
	uint32_t q;
	int i;

	for (q = 0; q < queues; q++)
		done[q] = igt_ember_syncobj_create(env->fd, 0);
	t0 = now_ns();
	for (i = 0; i < jobs; i++) {
		q = i % queues;
		if (i >= jobs - (int)queues) {
			struct drm_ember_sync_op signal = igt_ember_signal(done[q], 0);

			igt_ember_submit_ib(env->fd, ctx, &env->ib, q, &signal, 1);
		} else {
			igt_ember_submit_ib(env->fd, ctx, &env->ib, q, NULL, 0);
		}
	}
	for (q = 0; q < queues; q++)
		igt_ember_syncobj_wait(env->fd, done[q], 0);
	elapsed = now_ns() - t0;
	for (q = 0; q < queues; q++) {
		igt_assert_eq(igt_ember_syncobj_fence_status(env->fd, done[q], 0), 1);
		igt_ember_syncobj_destroy(env->fd, done[q]);
	}
	return elapsed / jobs;
}

int main(int argc, char **argv)
{
	int iterations = argc > 1 ? atoi(argv[1]) : 1000;
	struct round_trip *samples, fence_after;
	struct drm_ember_gpu_info info;
	struct latency_medians m;
	struct igt_ember_env env;
	double round_trip, one, several;
	uint32_t queues, multi_ctx;
	int fd = __drm_open_driver_render(DRIVER_EMBER), ping_fd, i;
	unsigned int ring;

	if (fd < 0 || iterations < 10) {
		fprintf(stderr, "job_submit: %s\n", fd < 0 ? "no Ember render node" :
			"ITERATIONS must be at least 10");
		return 1;
	}
	ping_fd = igt_debugfs_open(fd, "ring_ping", O_RDWR);
	if (ping_fd < 0) {
		fprintf(stderr, "job_submit: cannot open ember.ko's debugfs ring_ping (%s): "
			"run as root with debugfs mounted on /sys/kernel/debug\n",
			strerror(errno));
		return 1;
	}
	samples = calloc(iterations, sizeof(*samples));
	igt_assert(samples);
	igt_ember_get_gpu_info(fd, &info);
	ring = medium_ring(&info);
	igt_ember_env_init(&env, fd, 1);
	/* As a Vulkan driver's command buffers: in a BO only its VM maps. */
	igt_ember_ib_destroy(&env.ib);
	igt_ember_ib_create_exclusive(&env.ib, &env.vm, 64 * 1024);
	igt_ember_ib_nop(&env.ib, 0);
	queues = info.max_queues < info.num_rings ? info.max_queues : info.num_rings;
	if (queues > MAX_QUEUES_USED)
		queues = MAX_QUEUES_USED;
	multi_ctx = igt_ember_ctx_create(fd, env.vm.id, queues);

	/* A warm-up round, then each figure; throughput between two baselines. */
	latencies(&env, ping_fd, ring, iterations / 10, &m);
	latencies(&env, ping_fd, ring, iterations, &m);
	one = throughput_ns_per_job(&env, env.ctx, 1, iterations * 4);
	several = throughput_ns_per_job(&env, multi_ctx, queues, iterations * 4);
	for (i = 0; i < iterations; i++)
		samples[i] = fence_round_trip_once(ping_fd, ring);
	fence_after = median_round_trip(samples, iterations);

	printf("job_submit: %d iterations; baseline: the device's bare fence round trip "
	       "(ring%u ping): %.1f us to the signal, %.1f us to the caller's wake-up "
	       "(%.1f / %.1f us after the throughput runs)\n", iterations, ring,
	       m.fence.signal / 1e3, m.fence.wake / 1e3, fence_after.signal / 1e3,
	       fence_after.wake / 1e3);
	printf("  submit->signal latency         %8.1f us  ratio %.2f (goal <= 2.00)\n",
	       m.job.signal / 1e3, m.job.signal / m.fence.signal);
	printf("  submit->wake-up (WAIT returns) %8.1f us  ratio %.2f\n",
	       m.job.wake / 1e3, m.job.wake / m.fence.wake);
	printf("    of which in the SUBMIT ioctl %8.1f us\n", m.submit / 1e3);
	printf("  sync-only job (no IB): signal  %8.1f us  ratio %.2f; wake-up %.1f us ratio %.2f\n",
	       m.sync_only.signal / 1e3, m.sync_only.signal / m.fence.signal,
	       m.sync_only.wake / 1e3, m.sync_only.wake / m.fence.wake);
	printf("  reference: mailbox ping        %8.1f us  (submit->wake-up %.2fx it)\n",
	       m.mailbox / 1e3, m.job.wake / m.mailbox);
	/* Throughput ran between the two baselines: compare with their mean. */
	round_trip = (m.fence.wake + fence_after.wake) / 2;
	printf("  throughput, 1 queue            %8.0f jobs/s  %.1f us/job  ratio %.2f\n",
	       1e9 / one, one / 1e3, one / round_trip);
	printf("  throughput, %u queues           %8.0f jobs/s  %.1f us/job  ratio %.2f\n",
	       queues, 1e9 / several, several / 1e3, several / round_trip);

	igt_ember_ctx_destroy(fd, multi_ctx);
	igt_ember_env_fini(&env);
	free(samples);
	close(ping_fd);
	close(fd);
	return 0;
}
