// SPDX-License-Identifier: MIT
/*
 * Implementation of the IGT test-API subset in igt_core.h: subtest
 * selection (--list-subtests, --run-subtest with IGT's glob and comma
 * syntax), results in IGT's output format, exit codes, crash reporting,
 * and igt_fork() children whose failures end only themselves.
 */
#include "igt_core.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

sigjmp_buf igt_subtest_jmpbuf;

static const char *command_name;
static const char *run_subtest_pattern;
static bool list_subtests;
static const char *in_subtest;
static bool in_fixture;
static struct timespec subtest_start;
static int skipped_one, succeeded_one, failed_one;
/* Children of igt_fork(); in a child, failures end the process. */
#define IGT_MAX_CHILDREN 64
static pid_t children[IGT_MAX_CHILDREN];
static int num_children;
static bool is_child;
/* Set when a fixture failed or skipped: later subtests inherit it. */
static const char *fixture_verdict;
static int fixture_exitcode;

static double elapsed(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) + (now.tv_nsec - start->tv_nsec) * 1e-9;
}

/*
 * As upstream IGT: mark subtest boundaries in the kernel log, so that a
 * kernel warning or a KASAN report is attributed to the subtest that
 * caused it. Tests run without /dev/kmsg access just don't mark.
 */
static void kmsg_mark(const char *what, const char *name)
{
	char buf[256];
	ssize_t written;
	int fd, len;

	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	len = snprintf(buf, sizeof(buf), "<6>[IGT] %s: %s subtest %s\n",
		       command_name, what, name);
	/* Best effort: a lost mark only costs attribution. */
	written = write(fd, buf, len);
	(void)written;
	close(fd);
}

static void print_version(void)
{
	struct utsname uts;

	if (list_subtests)
		return;
	uname(&uts);
	printf("IGT-Version: 1.30-ember (x86_64) (%s: %s %s)\n",
	       uts.sysname, uts.release, uts.machine);
	fflush(stdout);
}

static void crash_handler(int sig)
{
	char buf[256];
	int len;

	if (in_subtest)
		len = snprintf(buf, sizeof(buf),
			       "Received signal %s.\nSubtest %s: CRASH (%.3fs)\n",
			       strsignal(sig), in_subtest, elapsed(&subtest_start));
	else
		len = snprintf(buf, sizeof(buf), "Received signal %s.\n", strsignal(sig));
	if (len > 0 && write(STDOUT_FILENO, buf, len) < 0)
		_exit(IGT_EXIT_ABORT);
	_exit(IGT_EXIT_FAILURE);
}

static void usage(const char *name)
{
	fprintf(stderr, "Usage: %s [OPTIONS]\n"
		"  --list-subtests\n"
		"  --run-subtest <pattern>   glob, or comma-separated globs\n"
		"  --help\n", name);
}

void igt_subtest_init_parse_opts(int *argc, char **argv)
{
	static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	int i;

	command_name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	for (i = 1; i < *argc; i++) {
		if (!strcmp(argv[i], "--list-subtests")) {
			list_subtests = true;
		} else if (!strcmp(argv[i], "--run-subtest") && i + 1 < *argc) {
			run_subtest_pattern = argv[++i];
		} else if (!strncmp(argv[i], "--run-subtest=", 14)) {
			run_subtest_pattern = argv[i] + 14;
		} else if (!strcmp(argv[i], "--help")) {
			usage(command_name);
			exit(IGT_EXIT_SUCCESS);
		} else {
			usage(command_name);
			exit(IGT_EXIT_FAILURE);
		}
	}
	for (i = 0; i < (int)(sizeof(crash_signals) / sizeof(crash_signals[0])); i++)
		signal(crash_signals[i], crash_handler);
	setvbuf(stdout, NULL, _IOLBF, 0);
	print_version();
}

bool igt_only_list_subtests(void)
{
	return list_subtests;
}

static bool pattern_matches(const char *name)
{
	char buf[512], *save = NULL, *tok;

	if (!run_subtest_pattern)
		return true;
	snprintf(buf, sizeof(buf), "%s", run_subtest_pattern);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (fnmatch(tok, name, 0) == 0)
			return true;
	return false;
}

bool __igt_run_subtest(const char *name, const char *func, int line)
{
	(void)func;
	(void)line;
	if (list_subtests) {
		printf("%s\n", name);
		return false;
	}
	if (!pattern_matches(name))
		return false;
	if (fixture_verdict) {
		printf("Subtest %s: %s (0.000s)\n", name, fixture_verdict);
		if (!strcmp(fixture_verdict, "SKIP"))
			skipped_one++;
		else
			failed_one++;
		return false;
	}
	in_subtest = name;
	printf("Starting subtest: %s\n", name);
	fflush(stdout);
	kmsg_mark("starting", name);
	clock_gettime(CLOCK_MONOTONIC, &subtest_start);
	return true;
}

bool __igt_fixture(void)
{
	if (list_subtests || fixture_verdict)
		return false;
	in_fixture = true;
	return true;
}

void __igt_fixture_complete(void)
{
	in_fixture = false;
}

static __attribute__((noreturn)) void exit_subtest(const char *verdict)
{
	printf("Subtest %s: %s (%.3fs)\n", in_subtest, verdict, elapsed(&subtest_start));
	fflush(stdout);
	kmsg_mark("finished", in_subtest);
	in_subtest = NULL;
	siglongjmp(igt_subtest_jmpbuf, 1);
}

/* Forks a child for igt_fork(): true in the child, false in the parent. */
bool __igt_fork(void)
{
	pid_t pid;

	igt_assert_f(!is_child, "igt_fork() inside a child\n");
	igt_assert_lt(num_children, IGT_MAX_CHILDREN);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	igt_assert_f(pid >= 0, "fork: %s\n", strerror(errno));
	if (pid == 0) {
		is_child = true;
		num_children = 0;
		return true;
	}
	children[num_children++] = pid;
	return false;
}

/* Waits for every child of igt_fork(); fails if one of them did not succeed. */
void igt_waitchildren(void)
{
	int i, failed = 0;

	for (i = 0; i < num_children; i++) {
		int status = 0;

		if (waitpid(children[i], &status, 0) != children[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status) != IGT_EXIT_SUCCESS) {
			fprintf(stderr, "child %d (pid %d) failed: status %#x\n",
				i, children[i], status);
			failed++;
		}
	}
	num_children = 0;
	igt_assert_f(!failed, "%d of the children failed\n", failed);
}

void igt_success(void)
{
	succeeded_one++;
	if (in_subtest)
		exit_subtest("SUCCESS");
}

void igt_fail(int exitcode)
{
	if (is_child) {
		fflush(stdout);
		fflush(stderr);
		_exit(exitcode);
	}
	failed_one++;
	if (in_subtest)
		exit_subtest("FAIL");
	if (in_fixture) {
		fixture_verdict = "FAIL";
		fixture_exitcode = exitcode;
		in_fixture = false;
		siglongjmp(igt_subtest_jmpbuf, 1);
	}
	exit(exitcode);
}

static void vprint_reason(FILE *out, const char *fmt, va_list ap)
{
	if (fmt)
		vfprintf(out, fmt, ap);
}

void igt_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint_reason(stdout, fmt, ap);
	va_end(ap);
	if (is_child)
		_exit(IGT_EXIT_SKIP);
	skipped_one++;
	if (in_subtest)
		exit_subtest("SKIP");
	if (in_fixture) {
		fixture_verdict = "SKIP";
		in_fixture = false;
		siglongjmp(igt_subtest_jmpbuf, 1);
	}
	exit(IGT_EXIT_SKIP);
}

void __igt_skip_check(const char *file, int line, const char *func,
		      const char *check, const char *fmt, ...)
{
	va_list ap;

	printf("Test requirement not met in function %s, file %s:%d:\n"
	       "Test requirement: %s\n", func, file, line, check);
	if (fmt) {
		va_start(ap, fmt);
		vprint_reason(stdout, fmt, ap);
		va_end(ap);
	}
	igt_skip(NULL);
}

void __igt_fail_assert(const char *domain, const char *file, int line,
		       const char *func, const char *assertion, const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "(%s:%d) %sCRITICAL: Test assertion failure function %s, file %s:%d:\n",
		command_name, getpid(), domain, func, file, line);
	fprintf(stderr, "(%s:%d) %sCRITICAL: Failed assertion: %s\n",
		command_name, getpid(), domain, assertion);
	if (err)
		fprintf(stderr, "(%s:%d) %sCRITICAL: Last errno: %d, %s\n",
			command_name, getpid(), domain, err, strerror(err));
	if (fmt) {
		fprintf(stderr, "(%s:%d) %sCRITICAL: ", command_name, getpid(), domain);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
	}
	fflush(stderr);
	igt_fail(IGT_EXIT_FAILURE);
}

void igt_exit(void)
{
	fflush(stdout);
	if (list_subtests)
		exit(IGT_EXIT_SUCCESS);
	if (failed_one)
		exit(fixture_exitcode ? fixture_exitcode : IGT_EXIT_FAILURE);
	if (succeeded_one)
		exit(IGT_EXIT_SUCCESS);
	exit(IGT_EXIT_SKIP);
}

void igt_describe_f(const char *fmt, ...)
{
	(void)fmt;
}

#define DEFINE_LOG(name, stream) \
	void name(const char *fmt, ...) \
	{ \
		va_list ap; \
		va_start(ap, fmt); \
		vfprintf(stream, fmt, ap); \
		va_end(ap); \
	}

DEFINE_LOG(igt_info, stdout)
DEFINE_LOG(igt_warn, stderr)

void igt_debug(const char *fmt, ...)
{
	va_list ap;

	if (!getenv("IGT_LOG_LEVEL") || strcmp(getenv("IGT_LOG_LEVEL"), "debug"))
		return;
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
}
