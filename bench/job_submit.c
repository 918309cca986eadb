// SPDX-License-Identifier: MIT
/*
 * Guest benchmark: job submission through ember.ko, as ratios to the
 * device's bare round trip measured in the same run.
 *
 * Baseline (the bare round trip): DRM_IOCTL_EMBER_DEV_QUERY, a PING
 * through the device's management mailbox: ioctl, registers, doorbell,
 * ember-gpu wakes, answers, MSI-X, the waiting thread wakes. It is the
 * same doorbell -> device -> interrupt -> wake-up path a job's fence takes
 * (the host benchmark fence_roundtrip measures a fence-only job on that
 * path without QEMU; it cannot run in the guest, where the kernel owns
 * the rings), minus everything the job path adds: drm_sched, syncobjs,
 * the ring, the RUN_IB and FENCE packets and the MMU. So the ratios are
 * what ember.ko's submission path costs on top of the hardware.
 *
 * Figures (a NOP job is an IB of one NOP packet, so it really runs):
 * - latency: SUBMIT of one job signalling a syncobj, then SYNCOBJ_WAIT,
 *   one at a time, interleaved sample by sample with the baseline (the
 *   machine is shared: load moves every figure several-fold, the ratio
 *   much less); medians (goal: <= 2x the round trip); and
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
 * Usage: job_submit [ITERATIONS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"
#include "igt_ember.h"

#define MAX_QUEUES_USED 8

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

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

static double bare_round_trip_once(int fd)
{
	struct drm_ember_gpu_info info;
	double t0 = now_ns();

	igt_ember_get_gpu_info(fd, &info);
	return now_ns() - t0;
}

/*
 * Submit->signal time of one job, alone on the queue; @with_ib false: no
 * IB. *@submit_ns gets the part spent in the SUBMIT ioctl.
 */
static double job_latency_once(struct igt_ember_env *env, bool with_ib, uint32_t done,
			       double *submit_ns)
{
	struct drm_ember_sync_op signal = igt_ember_signal(done, 0);
	struct drm_ember_job job = igt_ember_ib_job(&env->ib, 0, &signal, 1);
	double t0;

	if (!with_ib)
		job.ib_size = 0;
	t0 = now_ns();
	igt_assert_eq(__igt_ember_submit(env->fd, env->ctx, &job, 1), 0);
	*submit_ns = now_ns() - t0;
	igt_ember_syncobj_wait(env->fd, done, 0);
	return now_ns() - t0;
}

/*
 * The three round trips, interleaved sample by sample so that all see the
 * same machine (this one is shared and TCG is slow): medians in @bare,
 * @job and @sync_only.
 */
static void latencies(struct igt_ember_env *env, int iterations, double *bare,
		      double *job, double *sync_only, double *submit)
{
	double *b = calloc(iterations, sizeof(*b)), *j = calloc(iterations, sizeof(*j));
	double *s = calloc(iterations, sizeof(*s)), *u = calloc(iterations, sizeof(*u));
	uint32_t done = igt_ember_syncobj_create(env->fd, 0);
	double unused;
	int i;

	igt_assert(b && j && s && u);
	for (i = 0; i < iterations; i++) {
		b[i] = bare_round_trip_once(env->fd);
		j[i] = job_latency_once(env, true, done, &u[i]);
		s[i] = job_latency_once(env, false, done, &unused);
	}
	igt_assert_eq(igt_ember_syncobj_fence_status(env->fd, done, 0), 1);
	igt_ember_syncobj_destroy(env->fd, done);
	*bare = median(b, iterations);
	*job = median(j, iterations);
	*sync_only = median(s, iterations);
	*submit = median(u, iterations);
	free(u);
	free(b);
	free(j);
	free(s);
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
	struct drm_ember_gpu_info info;
	struct igt_ember_env env;
	double *samples, bare, bare_after, latency, sync_only, submit, one, several;
	uint32_t queues, multi_ctx;
	int fd = __drm_open_driver_render(DRIVER_EMBER), i;

	if (fd < 0 || iterations < 10) {
		fprintf(stderr, "job_submit: %s\n", fd < 0 ? "no Ember render node" :
			"ITERATIONS must be at least 10");
		return 1;
	}
	samples = calloc(iterations, sizeof(*samples));
	igt_assert(samples);
	igt_ember_get_gpu_info(fd, &info);
	igt_ember_env_init(&env, fd, 1);
	igt_ember_ib_nop(&env.ib, 0);
	queues = info.max_queues < info.num_rings ? info.max_queues : info.num_rings;
	if (queues > MAX_QUEUES_USED)
		queues = MAX_QUEUES_USED;
	multi_ctx = igt_ember_ctx_create(fd, env.vm.id, queues);

	/* A warm-up round, then each figure; throughput between two baselines. */
	latencies(&env, iterations / 10, &bare, &latency, &sync_only, &submit);
	latencies(&env, iterations, &bare, &latency, &sync_only, &submit);
	one = throughput_ns_per_job(&env, env.ctx, 1, iterations * 4);
	several = throughput_ns_per_job(&env, multi_ctx, queues, iterations * 4);
	for (i = 0; i < iterations; i++)
		samples[i] = bare_round_trip_once(fd);
	bare_after = median(samples, iterations);

	printf("job_submit: %d iterations; baseline: the device's bare round trip "
	       "(DEV_QUERY mailbox ping) %.1f us (%.1f us after the throughput runs)\n",
	       iterations, bare / 1e3, bare_after / 1e3);
	printf("  submit->signal latency         %8.1f us  ratio %.2f (goal <= 2.00)\n",
	       latency / 1e3, latency / bare);
	printf("    of which in the SUBMIT ioctl %8.1f us\n", submit / 1e3);
	printf("  same, sync-only job (no IB)    %8.1f us  ratio %.2f\n",
	       sync_only / 1e3, sync_only / bare);
	/* Throughput ran between the two baselines: compare with their mean. */
	bare = (bare + bare_after) / 2;
	printf("  throughput, 1 queue            %8.0f jobs/s  %.1f us/job  ratio %.2f\n",
	       1e9 / one, one / 1e3, one / bare);
	printf("  throughput, %u queues           %8.0f jobs/s  %.1f us/job  ratio %.2f\n",
	       queues, 1e9 / several, several / 1e3, several / bare);

	igt_ember_ctx_destroy(fd, multi_ctx);
	igt_ember_env_fini(&env);
	free(samples);
	close(fd);
	return 0;
}
