/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host benchmark: doorbell -> interrupt round trip of a fence-only job, as
 * a ratio to a bare eventfd ping-pong between two processes.
 *
 * Baseline: two processes bounce a count through two eventfds, each side
 * blocked in read(): the least any cross-process doorbell/interrupt pair
 * can cost.
 *
 * Device: this process is the GPU (the device core with its event loop,
 * as in ember-gpu); a forked child is the guest driver. The child writes a
 * FENCE packet with FENCE_IRQ into the ring (shared guest RAM), moves
 * RING_TAIL (shared register page), writes the ring's doorbell eventfd and
 * blocks reading the interrupt eventfd the device writes, exactly the
 * eventfds QEMU would use. Only the QEMU/TCG part of the real path is
 * missing.
 *
 * Each figure is the best of TRIALS runs, interleaved, since whether the
 * two sides share a CPU changes the result several-fold from run to run.
 *
 * Output: one line with both round trips and the ratio (device / bare).
 */

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"
#include "log.h"

#define ROUND_TRIPS	10000
#define WARMUP		1000
/* Where the scheduler puts the processes moves both figures a lot: best of. */
#define TRIALS		3

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void signal_fd(int fd)
{
	uint64_t one = 1;

	if (write(fd, &one, sizeof(one)) != sizeof(one))
		_exit(3);
}

static void wait_fd(int fd)
{
	uint64_t count;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		_exit(3);
}

/* ns per round trip of a bare eventfd ping-pong with a child process. */
static double bare_roundtrip(void)
{
	int ping = eventfd(0, EFD_CLOEXEC), pong = eventfd(0, EFD_CLOEXEC);
	uint64_t start = 0;
	pid_t child;

	child = fork();
	if (child == 0) {
		for (int i = 0; i < WARMUP + ROUND_TRIPS; i++) {
			wait_fd(ping);
			signal_fd(pong);
		}
		_exit(0);
	}
	for (int i = 0; i < WARMUP + ROUND_TRIPS; i++) {
		if (i == WARMUP)
			start = now_ns();
		signal_fd(ping);
		wait_fd(pong);
	}
	waitpid(child, NULL, 0);
	close(ping);
	close(pong);
	return (double)(now_ns() - start) / ROUND_TRIPS;
}

static int irq_to_eventfd(void *data, unsigned int vector)
{
	signal_fd(*(int *)data);
	return 0;
}

struct result_source {
	struct ember_event_source src;
	struct ember_event_loop *loop;
	double ns;
};

static void handle_result(struct ember_event_source *src)
{
	struct result_source *res = container_of(src, struct result_source, src);

	if (read(src->fd, &res->ns, sizeof(res->ns)) != sizeof(res->ns))
		res->ns = -1;
	ember_event_loop_stop(res->loop);
}

/* The guest: fence-only jobs, one at a time; reports ns per round trip. */
static void guest_main(struct guest *g, int irq_fd, int result_fd)
{
	uint64_t fence = g->fence_gpa, start = 0;
	double ns;

	for (uint32_t i = 1; i <= WARMUP + ROUND_TRIPS; i++) {
		if (i == WARMUP + 1)
			start = now_ns();
		RING(g, 0, EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ, 4),
		     LO(fence), HI(fence), i, 0);
		guest_reg_write(g, EMBER_REG_RING(0, EMBER_RING_TAIL), g->ring_tail[0]);
		signal_fd(g->dev.doorbell_fds[EMBER_DOORBELL_RING(0)]);
		wait_fd(irq_fd);
		if (guest_fence(g, 0) != i)
			_exit(4);
	}
	ns = (double)(now_ns() - start) / ROUND_TRIPS;
	if (write(result_fd, &ns, sizeof(ns)) != sizeof(ns))
		_exit(3);
	_exit(0);
}

static double device_roundtrip(void)
{
	const struct guest_config config = {
		.ram_size = 16u << 20,
		.num_vectors = 2,
		.num_cores = 1,
		.threads = true,
	};
	static struct guest g;
	struct result_source res = { .src = { .handle = handle_result } };
	int irq_fd = eventfd(0, EFD_CLOEXEC), result_pipe[2];
	int status;
	pid_t child;

	if (!guest_init(&g, &config) || pipe(result_pipe))
		return -1;
	ember_device_set_irq_sink(&g.dev, irq_to_eventfd, &irq_fd);
	guest_ring_init(&g, 0, 0);

	child = fork();
	if (child == 0) {
		close(result_pipe[0]);
		guest_main(&g, irq_fd, result_pipe[1]);
	}
	close(result_pipe[1]);
	res.src.fd = result_pipe[0];
	res.loop = &g.loop;
	if (ember_event_loop_add(&g.loop, &res.src) ||
	    ember_event_loop_run(&g.loop))
		res.ns = -1;
	ember_event_loop_remove(&g.loop, &res.src);
	waitpid(child, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		res.ns = -1;
	close(result_pipe[0]);
	guest_fini(&g);
	close(irq_fd);
	return res.ns;
}

int main(void)
{
	double bare = 1e12, device = 1e12;

	ember_log_set_level(EMBER_LOG_WARN);
	for (int trial = 0; trial < TRIALS; trial++) {
		double b = bare_roundtrip(), d = device_roundtrip();

		if (d < 0) {
			fprintf(stderr, "fence_roundtrip: the device round trip failed\n");
			return 1;
		}
		bare = b < bare ? b : bare;
		device = d < device ? d : device;
	}
	printf("fence round trip: %.1f us vs bare eventfd ping-pong %.1f us: ratio %.2f (goal <= 3.00)\n",
	       device / 1000, bare / 1000, device / bare);
	return 0;
}
