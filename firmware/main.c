/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ember-gpu: the Ember GPU, run as QEMU's ivshmem server.
 *
 * This file owns the process: command-line options, the log destination,
 * signals (SIGTERM/SIGINT end the device cleanly: STATUS.READY cleared,
 * socket unlinked, exit 0) and the order in which the parts are brought up
 * and torn down. The device and the transport only meet here: the device's
 * interrupts are routed to the ivshmem server's client.
 *
 * Exit status: 0 after a signal, 1 on a runtime error, 2 on a usage error,
 * 3 when an injected fault kills the device (inject.h).
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "control.h"
#include "device.h"
#include "event_loop.h"
#include "fw_version.h"
#include "ivshmem_server.h"
#include "log.h"

#define EXIT_USAGE		2

#define DEFAULT_SHM_SIZE	(1u << 20)
#define DEFAULT_VECTORS		4
/* The SHM_SIZE register is 32 bits wide and BAR sizes are powers of two. */
#define MAX_SHM_SIZE		(1ull << 31)
/* A sanity bound: each core will be a host thread. */
#define MAX_CORES		1024
#define MAX_INJECT_KNOBS	16

struct options {
	const char *socket_path;
	const char *log_path;
	enum ember_log_level log_level;
	struct ember_device_config device;
	const char *control_path;
	const char *inject[MAX_INJECT_KNOBS];
	unsigned int num_inject;
};

struct signal_source {
	struct ember_event_source src;
	struct ember_event_loop *loop;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: ember-gpu --socket PATH [OPTION]...\n"
		"Run the Ember GPU as the ivshmem server of QEMU's ivshmem-doorbell device.\n"
		"\n"
		"  --socket PATH          unix socket to listen on (required)\n"
		"  --shm-size BYTES       BAR2 size, a power of two from 16K to 2G (default 1M)\n"
		"  --vectors N            interrupt vectors and doorbells, %d..%d (default %d)\n"
		"  --cores N              shader cores, 1..%d (default: host CPUs)\n"
		"  --guest-ram PATH       QEMU's memory-backend-file (share=on); created if absent\n"
		"  --guest-ram-size BYTES its size, a multiple of 4K (required with --guest-ram)\n"
		"  --control PATH         unix socket for runtime control (injection, pause)\n"
		"  --inject KNOB          inject a fault: hang-ring=N, fault-next-job, drop-irq,\n"
		"                         die-after-jobs=N, tlb-ack-delay=MS, fence-ahead\n"
		"                         (repeatable)\n"
		"  --shader-jit MODE      on: compile shaders to native code in the\n"
		"                         background, interpreting them meanwhile; sync:\n"
		"                         compile at the first dispatch; off: interpret\n"
		"                         only (default on)\n"
		"  --log FILE             append the log to FILE (default: stderr)\n"
		"  --log-level LEVEL      debug, info, warn or error (default info)\n"
		"  --version              print the firmware version and exit\n"
		"  --help                 print this help and exit\n"
		"\n"
		"BYTES accepts a K, M or G suffix (powers of 1024).\n"
		"Exit status: 0 after SIGTERM/SIGINT, 1 on error, 2 on a usage error,\n"
		"3 when killed by an injected fault (see firmware/README.md).\n",
		EMBER_MIN_VECTORS, EMBER_MAX_VECTORS, DEFAULT_VECTORS, MAX_CORES);
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("ember-gpu: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'ember-gpu --help'.\n", stderr);
	return -1;
}

/* Decimal, with an optional K/M/G suffix; no sign, no junk, no overflow. */
static bool parse_u64(const char *text, bool allow_suffix, uint64_t *value)
{
	unsigned long long n;
	unsigned int shift = 0;
	char *end;

	if (text[0] < '0' || text[0] > '9')
		return false;
	errno = 0;
	n = strtoull(text, &end, 10);
	if (errno)
		return false;

	if (allow_suffix && *end) {
		switch (*end++) {
		case 'K': case 'k': shift = 10; break;
		case 'M': case 'm': shift = 20; break;
		case 'G': case 'g': shift = 30; break;
		default: return false;
		}
	}
	if (*end || n > (UINT64_MAX >> shift))
		return false;
	*value = (uint64_t)n << shift;
	return true;
}

static bool parse_uint(const char *text, unsigned int min, unsigned int max,
		       unsigned int *value)
{
	uint64_t n;

	if (!parse_u64(text, false, &n) || n < min || n > max)
		return false;
	*value = (unsigned int)n;
	return true;
}

static unsigned int host_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > MAX_CORES ? MAX_CORES : (unsigned int)n;
}

/* Returns 0 to run, 1 to exit successfully (--help), -1 on a usage error. */
static int parse_options(int argc, char **argv, struct options *opts)
{
	enum {
		OPT_SOCKET = 256, OPT_SHM_SIZE, OPT_VECTORS, OPT_CORES,
		OPT_GUEST_RAM, OPT_GUEST_RAM_SIZE, OPT_LOG, OPT_LOG_LEVEL,
		OPT_VERSION, OPT_HELP, OPT_CONTROL, OPT_INJECT, OPT_SHADER_JIT,
	};
	static const struct option longopts[] = {
		{ "socket", required_argument, NULL, OPT_SOCKET },
		{ "shm-size", required_argument, NULL, OPT_SHM_SIZE },
		{ "vectors", required_argument, NULL, OPT_VECTORS },
		{ "cores", required_argument, NULL, OPT_CORES },
		{ "guest-ram", required_argument, NULL, OPT_GUEST_RAM },
		{ "guest-ram-size", required_argument, NULL, OPT_GUEST_RAM_SIZE },
		{ "log", required_argument, NULL, OPT_LOG },
		{ "log-level", required_argument, NULL, OPT_LOG_LEVEL },
		{ "control", required_argument, NULL, OPT_CONTROL },
		{ "inject", required_argument, NULL, OPT_INJECT },
		{ "shader-jit", required_argument, NULL, OPT_SHADER_JIT },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "help", no_argument, NULL, OPT_HELP },
		{ NULL, 0, NULL, 0 },
	};
	struct ember_device_config *dev = &opts->device;
	bool have_ram_size = false;
	int opt;

	*opts = (struct options) {
		.log_level = EMBER_LOG_INFO,
		.device = {
			.shm_size = DEFAULT_SHM_SIZE,
			.num_vectors = DEFAULT_VECTORS,
			.num_cores = host_cpus(),
			.shader_jit = EMBER_SHADER_JIT_BACKGROUND,
			.graphics = true,
		},
	};

	/*
	 * getopt's own messages would not match ours: report errors here.
	 * The leading ':' tells a missing argument from an unknown option.
	 */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_SOCKET:
			opts->socket_path = optarg;
			break;
		case OPT_SHM_SIZE:
			if (!parse_u64(optarg, true, &dev->shm_size) ||
			    dev->shm_size < EMBER_REG_AREA_SIZE ||
			    dev->shm_size > MAX_SHM_SIZE ||
			    (dev->shm_size & (dev->shm_size - 1)))
				return usage_error("--shm-size must be a power of two from 16K to 2G, not '%s'",
						   optarg);
			break;
		case OPT_VECTORS:
			if (!parse_uint(optarg, EMBER_MIN_VECTORS,
					EMBER_MAX_VECTORS, &dev->num_vectors))
				return usage_error("--vectors must be %d..%d, not '%s'",
						   EMBER_MIN_VECTORS,
						   EMBER_MAX_VECTORS, optarg);
			break;
		case OPT_CORES:
			if (!parse_uint(optarg, 1, MAX_CORES, &dev->num_cores))
				return usage_error("--cores must be 1..%d, not '%s'",
						   MAX_CORES, optarg);
			break;
		case OPT_GUEST_RAM:
			dev->guest_ram_path = optarg;
			break;
		case OPT_GUEST_RAM_SIZE:
			if (!parse_u64(optarg, true, &dev->guest_ram_size) ||
			    dev->guest_ram_size == 0 ||
			    dev->guest_ram_size % 4096)
				return usage_error("--guest-ram-size must be a non-zero multiple of 4K, not '%s'",
						   optarg);
			have_ram_size = true;
			break;
		case OPT_LOG:
			opts->log_path = optarg;
			break;
		case OPT_CONTROL:
			opts->control_path = optarg;
			break;
		case OPT_INJECT:
			if (opts->num_inject == MAX_INJECT_KNOBS)
				return usage_error("at most %d --inject options",
						   MAX_INJECT_KNOBS);
			opts->inject[opts->num_inject++] = optarg;
			break;
		case OPT_SHADER_JIT:
			if (!strcmp(optarg, "on"))
				dev->shader_jit = EMBER_SHADER_JIT_BACKGROUND;
			else if (!strcmp(optarg, "sync"))
				dev->shader_jit = EMBER_SHADER_JIT_SYNC;
			else if (!strcmp(optarg, "off"))
				dev->shader_jit = EMBER_SHADER_JIT_OFF;
			else
				return usage_error("--shader-jit must be on, sync or off, not '%s'",
						   optarg);
			break;
		case OPT_LOG_LEVEL:
			if (!ember_log_parse_level(optarg, &opts->log_level))
				return usage_error("--log-level must be debug, info, warn or error, not '%s'",
						   optarg);
			break;
		case OPT_VERSION:
			printf("ember-gpu %d.%d.%d (hardware contract %d.%d)\n",
			       EMBER_FW_VERSION_MAJOR_CURRENT,
			       EMBER_FW_VERSION_MINOR_CURRENT,
			       EMBER_FW_VERSION_PATCH_CURRENT,
			       EMBER_HW_VERSION_MAJOR_CURRENT,
			       EMBER_HW_VERSION_MINOR_CURRENT);
			return 1;
		case OPT_HELP:
			usage(stdout);
			return 1;
		case ':':
			return usage_error("option '%s' needs an argument",
					   argv[optind - 1]);
		default:
			/* optopt: a long option's id if it got an argument it takes none. */
			if (optopt >= OPT_SOCKET)
				return usage_error("option '%s' takes no argument",
						   argv[optind - 1]);
			if (optopt)
				return usage_error("unknown option '-%c'", optopt);
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}

	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	if (!opts->socket_path)
		return usage_error("--socket is required");
	if (!dev->guest_ram_path != !have_ram_size)
		return usage_error("--guest-ram and --guest-ram-size go together");
	return 0;
}

static void handle_signal(struct ember_event_source *src)
{
	struct signal_source *sig = container_of(src, struct signal_source, src);
	struct signalfd_siginfo info;

	if (read(src->fd, &info, sizeof(info)) != sizeof(info))
		return;
	ember_info("signal_received signal=%s", sigabbrev_np((int)info.ssi_signo));
	ember_event_loop_stop(sig->loop);
}

static int device_irq_sink(void *data, unsigned int vector)
{
	return ember_ivshmem_server_raise(data, vector);
}

/*
 * A startup error the person at the terminal must see even when the log
 * goes to a file.
 */
static void startup_error(const struct options *opts, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void startup_error(const struct options *opts, const char *fmt, ...)
{
	va_list ap;

	if (!opts->log_path)
		return;
	fputs("ember-gpu: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int main(int argc, char **argv)
{
	struct ember_ivshmem_server server;
	struct ember_control control = { .listen_src.fd = -1, .client_src.fd = -1 };
	struct ember_event_loop loop;
	struct ember_device dev;
	struct signal_source sig = { .src = { .handle = handle_signal } };
	struct options opts;
	int exit_status = 0;
	sigset_t sigs;
	int ret;

	ret = parse_options(argc, argv, &opts);
	if (ret)
		return ret > 0 ? EXIT_SUCCESS : EXIT_USAGE;

	ret = ember_log_open(opts.log_path);
	if (ret) {
		fprintf(stderr, "ember-gpu: cannot open log '%s': %s\n",
			opts.log_path, strerror(-ret));
		return EXIT_FAILURE;
	}
	ember_log_set_level(opts.log_level);

	/*
	 * A dead log reader must not kill the device; MSG_NOSIGNAL covers the
	 * sockets. Termination signals are read from a signalfd, so they are
	 * blocked first: one that arrives during startup waits for the loop.
	 */
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	sigprocmask(SIG_BLOCK, &sigs, NULL);
	sig.src.fd = signalfd(-1, &sigs, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sig.src.fd < 0) {
		ret = -errno;
		ember_error("startup_failed what=signalfd err=\"%s\"", strerror(-ret));
		startup_error(&opts, "signalfd: %s", strerror(-ret));
		goto out_close_log;
	}

	ret = ember_event_loop_init(&loop);
	if (ret) {
		ember_error("startup_failed what=epoll err=\"%s\"", strerror(-ret));
		startup_error(&opts, "epoll: %s", strerror(-ret));
		goto out_close_signalfd;
	}
	sig.loop = &loop;

	ret = ember_device_init(&dev, &opts.device);
	if (ret) {
		startup_error(&opts, "cannot create the device: %s (see the log)",
			      strerror(-ret));
		goto out_fini_loop;
	}

	for (unsigned int i = 0; i < opts.num_inject; i++) {
		const char *why;

		ret = ember_inject_parse(&dev.inject, opts.inject[i],
					 dev.num_rings, &why);
		if (ret) {
			/* Checked here: the knobs' range depends on the device. */
			usage_error("--inject '%s': %s", opts.inject[i], why);
			exit_status = EXIT_USAGE;
			goto out_fini_device;
		}
		ember_info("inject knob=\"%s\"", opts.inject[i]);
	}

	ret = ember_ivshmem_server_init(&server, &loop, opts.socket_path,
					dev.shm_fd, dev.doorbell_fds,
					opts.device.num_vectors);
	if (ret) {
		const char *why = ret == -EADDRINUSE ? "in use by a running server" :
				  ret == -EEXIST ? "exists and is not a socket" :
				  strerror(-ret);

		ember_error("startup_failed what=socket socket=\"%s\" err=\"%s\"",
			    opts.socket_path, why);
		startup_error(&opts, "socket '%s': %s", opts.socket_path, why);
		goto out_fini_device;
	}
	ember_device_set_irq_sink(&dev, device_irq_sink, &server);

	if (opts.control_path) {
		ret = ember_control_init(&control, &dev, &loop, opts.control_path);
		if (ret) {
			ember_error("startup_failed what=control socket=\"%s\" err=\"%s\"",
				    opts.control_path, strerror(-ret));
			startup_error(&opts, "control socket '%s': %s",
				      opts.control_path, strerror(-ret));
			goto out_fini_server;
		}
	}

	ret = ember_event_loop_add(&loop, &sig.src);
	if (ret) {
		ember_error("startup_failed what=signalfd err=\"%s\"", strerror(-ret));
		goto out_fini_server;
	}

	ret = ember_device_start(&dev, &loop);
	if (ret)
		goto out_fini_server;

	ret = ember_event_loop_run(&loop);
	if (ret) {
		ember_error("event_loop_failed err=\"%s\"", strerror(-ret));
		ember_device_fail(&dev);
	} else {
		ember_device_stop(&dev, &loop);
	}

out_fini_server:
	if (opts.control_path)
		ember_control_fini(&control);
	ember_device_set_irq_sink(&dev, NULL, NULL);
	ember_ivshmem_server_fini(&server);
out_fini_device:
	ember_device_fini(&dev);
out_fini_loop:
	ember_event_loop_fini(&loop);
out_close_signalfd:
	if (sig.src.fd >= 0)
		close(sig.src.fd);
out_close_log:
	if (!exit_status)
		exit_status = ret ? EXIT_FAILURE : EXIT_SUCCESS;
	ember_info("exit status=%d", exit_status);
	ember_log_close();
	return exit_status;
}
