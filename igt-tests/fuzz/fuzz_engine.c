// SPDX-License-Identifier: MIT
/*
 * The fuzzer's engine: programs run one at a time in a worker process (a
 * crash of the fuzzer's own code ends the worker only), each on DRM files
 * of its own that it closes before the next, so every object a program
 * made goes with them; the worker traces the kernel code a program's calls
 * reach with KCOV when the kernel has it (/sys/kernel/debug/kcov) and
 * marks the PCs in a bitmap shared with the parent. A program that
 * reaches a PC no earlier program reached joins the corpus; later
 * programs are mostly mutations of corpus programs (a seed changed,
 * inserted, deleted, or a tail spliced from another), the rest fresh.
 * Without KCOV every program is fresh.
 *
 * After each program the engine reads the kernel log (/dev/kmsg) for a
 * KASAN, UBSAN or lockdep report, a WARNING, a BUG or an Oops; on one, or
 * when the worker dies of a signal or a program outlives its time, it stops
 * and prints the program's seeds (EMBER_FUZZ_REPLAY=...), which replays
 * it, and writes them with the report to the crash directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kcov.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fuzz.h"
#include "igt_ember.h"

#define COVER_WORDS	(256 * 1024)		/* PCs one program may trace */
#define BITMAP_BITS	(1u << 24)		/* hashed PCs seen so far */
#define CORPUS_MAX	1024
#define PROGRAM_TIMEOUT_S 90			/* a few job timeouts and resets */

/* What a program's process tells the parent. */
struct fuzz_result {
	uint64_t calls, failed_calls, new_pcs;
	uint32_t executed;			/* calls begun, for a crash report */
};

struct fuzz_shared {
	struct fuzz_program program;		/* the worker's next program */
	struct fuzz_result result;
	uint8_t bitmap[BITMAP_BITS / 8];
};

static uint64_t now_s(void)
{
	return igt_ember_now_ns() / 1000000000ull;
}

/* ---- KCOV ---- */

struct kcov {
	int fd;
	unsigned long *cover;
};

static bool kcov_open(struct kcov *k)
{
	k->fd = open("/sys/kernel/debug/kcov", O_RDWR | O_CLOEXEC);
	if (k->fd < 0)
		return false;
	if (ioctl(k->fd, KCOV_INIT_TRACE, COVER_WORDS)) {
		close(k->fd);
		return false;
	}
	k->cover = mmap(NULL, COVER_WORDS * sizeof(unsigned long), PROT_READ | PROT_WRITE,
			MAP_SHARED, k->fd, 0);
	if (k->cover == MAP_FAILED) {
		close(k->fd);
		return false;
	}
	return true;
}

static bool kcov_available(void)
{
	struct kcov k;

	if (!kcov_open(&k))
		return false;
	munmap(k.cover, COVER_WORDS * sizeof(unsigned long));
	close(k.fd);
	return true;
}

/* Marks the traced PCs in the shared bitmap; returns how many were new. */
static uint64_t kcov_collect(struct kcov *k, uint8_t *bitmap)
{
	unsigned long n = __atomic_load_n(&k->cover[0], __ATOMIC_RELAXED);
	uint64_t fresh = 0;

	if (n >= COVER_WORDS)
		n = COVER_WORDS - 1;
	for (unsigned long i = 0; i < n; i++) {
		uint64_t pc = k->cover[i + 1];
		uint32_t bit = (uint32_t)((pc * 0x9e3779b97f4a7c15ull) >> 40) & (BITMAP_BITS - 1);
		uint8_t mask = (uint8_t)(1u << (bit & 7));

		if (!(__atomic_fetch_or(&bitmap[bit / 8], mask, __ATOMIC_RELAXED) & mask))
			fresh++;
	}
	return fresh;
}

/* ---- the worker: programs one after the other, in a child process ---- */

/*
 * Forking a process per program cost more than most programs' calls (on
 * the stock kernel under TCG, fork, open and exit took about 40% of a
 * program's time; more with KASAN), so one worker process runs program
 * after program, each on DRM files of its own, until the run ends or the
 * worker dies or hangs; the program it was running is then the report.
 * The parent hands a program over in the shared page and one byte on a
 * pipe, and waits for the byte back on another pipe with a timeout (pipes,
 * as the debug kernel has no AF_UNIX sockets; SIGPIPE is ignored during
 * the run, so a dead worker's pipe gives EPIPE).
 */
struct fuzz_worker {
	pid_t pid;
	int to_worker;		/* the parent's ends; -1 while no worker runs */
	int from_worker;
};

/* Runs @p on fresh DRM files; false when the render node cannot be opened. */
static bool worker_run_program(const struct fuzz_program *p, struct fuzz_shared *shared,
			       struct kcov *k)
{
	bool trace = getenv("EMBER_FUZZ_TRACE");
	struct fuzz_state st;

	if (!fuzz_state_init(&st))
		return false;
	/* Coverage of the program's calls only, as the worker's syscalls around them repeat. */
	if (k->fd >= 0)
		__atomic_store_n(&k->cover[0], 0, __ATOMIC_RELAXED);
	for (uint32_t i = 0; i < p->count; i++) {
		uint64_t start = igt_ember_now_ns();
		const char *name;

		shared->result.executed = i + 1;
		name = fuzz_call(&st, p->seeds[i]);
		if (trace)
			fprintf(stderr, "call %u %s %llu us\n", i, name,
				(unsigned long long)((igt_ember_now_ns() - start) / 1000));
	}
	if (k->fd >= 0)
		shared->result.new_pcs = kcov_collect(k, shared->bitmap);
	shared->result.calls = st.calls;
	shared->result.failed_calls = st.failed_calls;
	fuzz_state_fini(&st);
	return true;
}

static void __attribute__((noreturn)) worker_main(int in, int out, struct fuzz_shared *shared,
						  bool kcov)
{
	struct kcov k = { .fd = -1 };
	char byte;

	if (kcov && kcov_open(&k) && ioctl(k.fd, KCOV_ENABLE, KCOV_TRACE_PC)) {
		munmap(k.cover, COVER_WORDS * sizeof(unsigned long));
		close(k.fd);
		k.fd = -1;
	}
	while (read(in, &byte, 1) == 1) {
		if (!worker_run_program(&shared->program, shared, &k))
			_exit(3);
		if (write(out, &byte, 1) != 1)
			_exit(0);
	}
	_exit(0);
}

static bool worker_start(struct fuzz_worker *w, struct fuzz_shared *shared, bool kcov,
			 char *why, size_t why_size)
{
	int to[2], from[2];

	if (pipe(to)) {
		snprintf(why, why_size, "pipe failed: %s", strerror(errno));
		return false;
	}
	if (pipe(from)) {
		snprintf(why, why_size, "pipe failed: %s", strerror(errno));
		goto err_to;
	}
	fflush(NULL);
	w->pid = fork();
	if (w->pid < 0) {
		snprintf(why, why_size, "fork failed: %s", strerror(errno));
		goto err_from;
	}
	if (w->pid == 0) {
		close(to[1]);
		close(from[0]);
		worker_main(to[0], from[1], shared, kcov);
	}
	close(to[0]);
	close(from[1]);
	w->to_worker = to[1];
	w->from_worker = from[0];
	return true;

err_from:
	close(from[0]);
	close(from[1]);
err_to:
	close(to[0]);
	close(to[1]);
	return false;
}

/* Ends the worker: closing its pipe makes it exit; @kill_it first if it hangs. */
static int worker_stop(struct fuzz_worker *w, bool kill_it)
{
	int status = 0;

	if (w->to_worker < 0)
		return 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->to_worker);
	close(w->from_worker);
	w->to_worker = -1;
	w->from_worker = -1;
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* 0: clean; else a description of how the worker ended while running @p. */
static const char *run_program(struct fuzz_worker *w, const struct fuzz_program *p,
			       struct fuzz_shared *shared, bool kcov, char *why, size_t why_size)
{
	uint64_t give_up = igt_ember_now_ns() + PROGRAM_TIMEOUT_S * 1000000000ull;
	char byte = 'p';
	int status;

	if (w->to_worker < 0 && !worker_start(w, shared, kcov, why, why_size))
		return why;
	memset(&shared->result, 0, sizeof(shared->result));
	shared->program = *p;
	if (write(w->to_worker, &byte, 1) == 1) {
		for (;;) {
			struct pollfd pfd = { .fd = w->from_worker, .events = POLLIN };
			uint64_t now = igt_ember_now_ns();
			int n;

			if (now >= give_up) {
				worker_stop(w, true);
				snprintf(why, why_size, "the program ran longer than %d s (call %u)",
					 PROGRAM_TIMEOUT_S, shared->result.executed);
				return why;
			}
			n = poll(&pfd, 1, (int)((give_up - now) / 1000000 + 1));
			if (n < 0 && errno != EINTR)
				break;
			if (n > 0) {
				if (read(w->from_worker, &byte, 1) == 1)
					return NULL;
				break;	/* EOF: the worker died */
			}
		}
	}
	status = worker_stop(w, false);
	if (WIFSIGNALED(status))
		snprintf(why, why_size, "the program's process died of signal %d in call %u",
			 WTERMSIG(status), shared->result.executed);
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
		snprintf(why, why_size, "the render node could not be opened");
	else
		snprintf(why, why_size, "the program's process exited (status %d) in call %u",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1, shared->result.executed);
	return why;
}

/* ---- the kernel log ---- */

static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/* The first report line logged since the last call, or NULL. */
static const char *kmsg_report(int fd, char *line, size_t size)
{
	static const char *const patterns[] = {
		"BUG:", "WARNING:", "KASAN:", "UBSAN:", "Oops", "general protection fault",
		"possible circular locking", "possible recursive locking", "inconsistent lock state",
		"suspicious RCU usage", "kernel BUG", "INFO: task", "kmemleak:",
	};
	char record[1024];
	const char *found = NULL;
	ssize_t n;

	if (fd < 0)
		return NULL;
	while ((n = read(fd, record, sizeof(record) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		const char *text;

		if (n <= 0)
			continue;	/* EPIPE: records were overwritten; go on */
		record[n] = '\0';
		text = strchr(record, ';');
		text = text ? text + 1 : record;
		for (size_t i = 0; !found && i < sizeof(patterns) / sizeof(patterns[0]); i++) {
			if (strstr(text, patterns[i])) {
				size_t len = strcspn(text, "\n");

				len = len < size - 1 ? len : size - 1;
				memcpy(line, text, len);
				line[len] = '\0';
				found = line;
			}
		}
	}
	return found;
}

/* ---- programs ---- */

static void fresh_program(struct fuzz_rng *rng, struct fuzz_program *p)
{
	p->count = 4 + fuzz_below(rng, FUZZ_MAX_CALLS - 3);
	for (uint32_t i = 0; i < p->count; i++)
		p->seeds[i] = fuzz_next(rng);
}

static void mutate_program(struct fuzz_rng *rng, struct fuzz_program *p,
			   const struct fuzz_program *other)
{
	uint32_t at = fuzz_below(rng, p->count);

	switch (fuzz_below(rng, 4)) {
	case 0:
		p->seeds[at] = fuzz_next(rng);
		break;
	case 1:
		if (p->count < FUZZ_MAX_CALLS) {
			memmove(&p->seeds[at + 1], &p->seeds[at], (p->count - at) * sizeof(uint64_t));
			p->seeds[at] = fuzz_next(rng);
			p->count++;
		}
		break;
	case 2:
		if (p->count > 1) {
			memmove(&p->seeds[at], &p->seeds[at + 1],
				(p->count - at - 1) * sizeof(uint64_t));
			p->count--;
		}
		break;
	default: {
		uint32_t from = fuzz_below(rng, other->count);
		uint32_t take = other->count - from;

		if (at + take > FUZZ_MAX_CALLS)
			take = FUZZ_MAX_CALLS - at;
		memcpy(&p->seeds[at], &other->seeds[from], take * sizeof(uint64_t));
		p->count = at + take;
		break;
	}
	}
}

static bool parse_program(const char *text, struct fuzz_program *p)
{
	char *end;

	p->count = 0;
	while (*text && p->count < FUZZ_MAX_CALLS) {
		p->seeds[p->count++] = strtoull(text, &end, 0);
		if (end == text)
			return false;
		text = *end == ',' ? end + 1 : end;
	}
	return p->count > 0 && !*text;
}

static void format_program(const struct fuzz_program *p, char *out, size_t size)
{
	size_t at = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < p->count && at < size; i++)
		at += (size_t)snprintf(out + at, size - at, "%s0x%llx", i ? "," : "",
				       (unsigned long long)p->seeds[i]);
}

/* Stops the run: the report, the reproducer on stdout and in @crash_dir. */
static void report_failure(const struct fuzz_options *o, struct fuzz_summary *s,
			   const struct fuzz_program *p, const char *what)
{
	char seeds[FUZZ_MAX_CALLS * 20], path[256];
	FILE *f;

	format_program(p, seeds, sizeof(seeds));
	s->failed = true;
	snprintf(s->report, sizeof(s->report), "%s", what);
	printf("ember-fuzz: %s\nember-fuzz: reproduce with EMBER_FUZZ_REPLAY=%s\n", what, seeds);
	if (!o->crash_dir)
		return;
	mkdir(o->crash_dir, 0755);
	snprintf(path, sizeof(path), "%s/crash-%llu.txt", o->crash_dir,
		 (unsigned long long)s->programs);
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "%s\nEMBER_FUZZ_REPLAY=%s\n", what, seeds);
		fclose(f);
		printf("ember-fuzz: reproducer saved in %s\n", path);
	}
}

void fuzz_run(const struct fuzz_options *o, struct fuzz_summary *s)
{
	struct fuzz_rng rng = { o->seed };
	struct fuzz_program *corpus, program;
	struct fuzz_shared *shared;
	struct fuzz_worker worker = { .pid = -1, .to_worker = -1, .from_worker = -1 };
	struct sigaction ignore = { .sa_handler = SIG_IGN }, old_sigpipe;
	uint64_t end = now_s() + o->seconds;
	int kmsg = kmsg_open();
	char why[256], line[512];

	memset(s, 0, sizeof(*s));
	sigaction(SIGPIPE, &ignore, &old_sigpipe);
	s->kcov = kcov_available();
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		      -1, 0);
	corpus = calloc(CORPUS_MAX, sizeof(*corpus));
	if (shared == MAP_FAILED || !corpus) {
		snprintf(s->report, sizeof(s->report), "out of memory");
		s->failed = true;
		goto out;
	}
	memset(shared->bitmap, 0, sizeof(shared->bitmap));
	kmsg_report(kmsg, line, sizeof(line));	/* what was logged before us is not ours */

	for (;;) {
		const char *failure;

		if (o->replay) {
			if (s->programs)
				break;
			if (!parse_program(o->replay, &program)) {
				snprintf(s->report, sizeof(s->report), "bad replay list: %s", o->replay);
				s->failed = true;
				break;
			}
		} else if (o->max_programs ? s->programs >= o->max_programs : now_s() >= end) {
			break;
		} else if (s->corpus && !fuzz_one_in(&rng, 4)) {
			program = corpus[fuzz_below(&rng, (uint32_t)s->corpus)];
			mutate_program(&rng, &program, &corpus[fuzz_below(&rng, (uint32_t)s->corpus)]);
		} else {
			fresh_program(&rng, &program);
		}

		failure = run_program(&worker, &program, shared, s->kcov, why, sizeof(why));
		s->programs++;
		s->calls += shared->result.calls;
		s->failed_calls += shared->result.failed_calls;
		if (!failure)
			failure = kmsg_report(kmsg, line, sizeof(line));
		if (failure) {
			report_failure(o, s, &program, failure);
			break;
		}
		if (shared->result.new_pcs) {
			s->coverage += shared->result.new_pcs;
			if (s->corpus < CORPUS_MAX)
				corpus[s->corpus++] = program;
			else
				corpus[fuzz_below(&rng, CORPUS_MAX)] = program;
		}
	}
out:
	worker_stop(&worker, false);
	sigaction(SIGPIPE, &old_sigpipe, NULL);
	if (shared != MAP_FAILED)
		munmap(shared, sizeof(*shared));
	free(corpus);
	if (kmsg >= 0)
		close(kmsg);
}
