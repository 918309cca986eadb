// SPDX-License-Identifier: MIT
/*
 * Debian's trinity syscall fuzzer pointed at the render node: random
 * ioctl, mmap, read, write and close calls on it from two child
 * processes, for a bounded number of calls (IGT_EMBER_TRINITY_OPS,
 * default 2000) or a bounded time (IGT_EMBER_TRINITY_SECONDS, default
 * 180), whichever ends first: on a loaded machine and the debug kernel a
 * call that blocks until trinity's per-call alarm can take a second, and
 * the guest runner kills a test after 300 s. trinity knows no ember ioctl
 * (ember_fuzz does); it
 * finds what random numbers and the core's paths do. Its other fd
 * providers are off: the guest has neither their files nor (in the debug
 * lane) sockets, and they would fuzz the rest of the kernel instead.
 * Kernel reports are the lanes' dmesg scan's to find; the test checks
 * that trinity ran its calls and ended normally.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drmtest.h"
#include "igt_ember.h"

#define TRINITY "/usr/bin/trinity"
#define WORK_DIR "/tmp/ember-trinity"

/* The render node's path, from the fd's own device number. */
static void render_node_path(int fd, char *path, size_t size)
{
	struct stat st;

	igt_assert_eq(fstat(fd, &st), 0);
	snprintf(path, size, "/dev/dri/renderD%u", minor(st.st_rdev));
	igt_assert_f(access(path, R_OK | W_OK) == 0, "%s: not accessible\n", path);
}

/*
 * Waits for trinity for at most @seconds, then stops it and its children
 * (its own process group) with SIGKILL: trinity has no time limit of its
 * own, and killed it can neither hang nor exit with an error. Returns
 * true if trinity ended by itself, with its wait status in @status.
 */
static bool wait_bounded(pid_t pid, unsigned int seconds, int *status)
{
	uint64_t deadline = igt_ember_now_ns() + seconds * 1000000000ull;

	for (;;) {
		pid_t done = waitpid(pid, status, WNOHANG);

		igt_assert(done >= 0);
		if (done == pid)
			return true;
		if (igt_ember_now_ns() > deadline)
			break;
		usleep(100 * 1000);
	}
	igt_info("trinity: %u s passed, stopping it\n", seconds);
	kill(-pid, SIGKILL);
	igt_assert_eq(waitpid(pid, status, 0), pid);
	return false;
}

/* Calls trinity ran: its final "Ran N syscalls", else its last progress line. */
static unsigned long calls_ran(FILE *log)
{
	unsigned long ran = 0, n;
	char line[256];

	while (fgets(line, sizeof(line), log)) {
		const char *at = strstr(line, "Ran ");

		if (at)
			ran = strtoul(at + 4, NULL, 10);
		else if (sscanf(line, "[main] %lu iterations", &n) == 1 && n > ran)
			ran = n;
	}
	return ran;
}

igt_main
{
	char node[64];

	igt_fixture {
		int fd = drm_open_driver_render(DRIVER_EMBER);

		render_node_path(fd, node, sizeof(node));
		drm_close_driver(fd);
	}

	igt_describe("trinity's random syscalls on the render node: it runs its calls and "
		     "ends normally, the kernel logs no report.");
	igt_subtest("render-node") {
		const char *ops = getenv("IGT_EMBER_TRINITY_OPS") ?: "2000";
		const char *seconds = getenv("IGT_EMBER_TRINITY_SECONDS") ?: "180";
		unsigned long ran;
		char count[32];
		bool ended;
		int status;
		FILE *log;
		pid_t pid;

		igt_require_f(access(TRINITY, X_OK) == 0, "no %s (Debian's trinity)\n", TRINITY);
		mkdir(WORK_DIR, 0755);
		snprintf(count, sizeof(count), "%lu", strtoul(ops, NULL, 10));
		pid = fork();
		igt_assert(pid >= 0);
		if (pid == 0) {
			int out = open(WORK_DIR "/log", O_WRONLY | O_CREAT | O_TRUNC, 0644);

			if (out < 0 || setpgid(0, 0) || chdir(WORK_DIR) || dup2(out, 1) < 0 ||
			    dup2(out, 2) < 0)
				_exit(127);
			/* As root, trinity wants --dangerous; the guest is disposable. */
			execl(TRINITY, TRINITY, "--dangerous", "-q", "-C", "2", "-N", count,
			      "--disable-fds=sockets,perf,pipes,epoll,eventfd,timerfd,testfile,memfd,"
			      "inotify,userfaultfd,fanotify,bpf",
			      "-V", node, "-c", "ioctl", "-c", "mmap", "-c", "munmap", "-c", "close",
			      "-c", "read", "-c", "write", "-c", "poll", (char *)NULL);
			_exit(127);
		}
		ended = wait_bounded(pid, strtoul(seconds, NULL, 10), &status);
		log = fopen(WORK_DIR "/log", "r");
		igt_assert(log);
		ran = calls_ran(log);
		fclose(log);
		igt_info("trinity: %lu syscalls on %s, %s\n", ran, node,
			 ended ? "ended by itself" : "stopped at the time limit");
		igt_assert_f(!ended || (WIFEXITED(status) && WEXITSTATUS(status) == 0),
			     "trinity ended with status %#x (log: " WORK_DIR "/log)\n", status);
		igt_assert_f(ran > 0, "trinity ran no syscall (log: " WORK_DIR "/log)\n");
	}
}
