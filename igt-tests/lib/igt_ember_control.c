// SPDX-License-Identifier: MIT
/*
 * The host control channel: a guest test asks ember-gpu, the GPU process
 * on the host, to inject a fault or a hang, or to die, the way a bad
 * shader or a GPU falling off the bus would.
 *
 * ember-gpu speaks a line protocol on its --control socket (one command
 * per line, one "ok ..." or "error ..." line back; firmware/README.md).
 * The VM harness (tools/frontend/vm.sh) wires that socket to the guest's
 * fourth serial port: QEMU connects a serial chardev to the socket, so the
 * guest's /dev/ttyS3 is a direct line to ember-gpu, with no relay process.
 * The harness announces the channel by writing its tty path to
 * /ember/gpu-control; IGT_EMBER_CONTROL=PATH overrides that (e.g. to run
 * the tests on another setup). Without a channel the tests that need one
 * skip, saying why.
 *
 * One command is in flight at a time; input left over from an earlier
 * command whose reply came late is flushed before each command.
 */
#include "igt_ember.h"

#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "drmtest.h"

#define CONTROL_MARKER "/ember/gpu-control"
/* TCG guests are slow and the device answers from its event loop. */
#define CONTROL_REPLY_MS 5000

static const char *control_path(char *buf, size_t len)
{
	const char *env = getenv("IGT_EMBER_CONTROL");
	FILE *marker;

	if (env && *env)
		return env;
	marker = fopen(CONTROL_MARKER, "re");
	if (!marker)
		return NULL;
	if (!fgets(buf, (int)len, marker)) {
		fclose(marker);
		return NULL;
	}
	fclose(marker);
	buf[strcspn(buf, "\r\n")] = '\0';
	return buf[0] ? buf : NULL;
}

static int open_channel(void)
{
	char buf[256];
	const char *path = control_path(buf, sizeof(buf));
	struct termios tio;
	int fd;

	if (!path)
		return -ENODEV;
	fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* A serial line: raw bytes, no echo, no CR/LF translation. */
	if (isatty(fd) && tcgetattr(fd, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
		tcflush(fd, TCIFLUSH);
	}
	return fd;
}

static int read_reply(int fd, char *reply, size_t len, long timeout_ms)
{
	struct timespec start, now;
	size_t used = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long waited;
		char c;
		ssize_t n;

		clock_gettime(CLOCK_MONOTONIC, &now);
		waited = (now.tv_sec - start.tv_sec) * 1000 +
			 (now.tv_nsec - start.tv_nsec) / 1000000;
		if (waited >= timeout_ms)
			return -ETIMEDOUT;
		if (poll(&pfd, 1, timeout_ms - waited) <= 0)
			continue;
		n = read(fd, &c, 1);
		if (n <= 0)
			return n ? -errno : -EPIPE;
		if (c == '\r')
			continue;
		if (c == '\n')
			break;
		if (used + 1 < len)
			reply[used++] = c;
	}
	reply[used] = '\0';
	return 0;
}

static int control_command(const char *command, char *reply, size_t len, long timeout_ms)
{
	size_t cmd_len = strlen(command);
	int fd = open_channel(), ret = 0;

	if (fd < 0)
		return fd;
	if (write(fd, command, cmd_len) != (ssize_t)cmd_len || write(fd, "\n", 1) != 1)
		ret = -errno;
	else
		ret = read_reply(fd, reply, len, timeout_ms);
	close(fd);
	return ret;
}

/*
 * Sends @command to ember-gpu and stores its reply line in @reply. Returns
 * 0 when the device answered (whatever it answered), -ENODEV when there is
 * no channel, -ETIMEDOUT when the device did not answer.
 */
int igt_ember_control(const char *command, char *reply, size_t len)
{
	return control_command(command, reply, len, CONTROL_REPLY_MS);
}

/* Whether a channel exists and ember-gpu answers "status" on it. */
bool igt_ember_control_available(void)
{
	char reply[128];

	return igt_ember_control("status", reply, sizeof(reply)) == 0 &&
	       !strncmp(reply, "ok", 2);
}

void igt_require_ember_control(void)
{
	igt_require_f(igt_ember_control_available(),
		      "no control channel to ember-gpu (the VM harness writes its tty to "
		      CONTROL_MARKER "; or set IGT_EMBER_CONTROL)\n");
}

/* Sends @command and asserts ember-gpu accepted it. */
void igt_ember_control_ok(const char *command)
{
	char reply[128] = "";
	int ret = igt_ember_control(command, reply, sizeof(reply));

	igt_assert_f(ret == 0, "ember-gpu did not answer '%s': %s\n", command, strerror(-ret));
	igt_assert_f(!strncmp(reply, "ok", 2), "ember-gpu refused '%s': %s\n", command, reply);
}

/*
 * Makes ember-gpu exit at once, like a GPU falling off the bus. It exits
 * before it can answer, so success is the channel going quiet: "status"
 * gets no answer any more. Short timeouts: the caller measures how fast
 * the driver notices.
 */
void igt_ember_control_kill_device(void)
{
	char reply[128] = "";
	int ret = control_command("die", reply, sizeof(reply), 500);

	igt_assert_f(ret == -ETIMEDOUT || (ret == 0 && !strncmp(reply, "ok", 2)),
		     "ember-gpu refused 'die': %s\n", ret ? strerror(-ret) : reply);
	ret = control_command("status", reply, sizeof(reply), 500);
	igt_assert_f(ret == -ETIMEDOUT, "ember-gpu still answers after 'die': %s\n",
		     ret ? strerror(-ret) : reply);
}

/* The device resets ember-gpu has done, from its "status" reply. */
unsigned int igt_ember_device_resets(void)
{
	char reply[128] = "";
	const char *at;

	igt_assert_eq(igt_ember_control("status", reply, sizeof(reply)), 0);
	at = strstr(reply, "resets=");
	igt_assert_f(at, "unexpected status reply: %s\n", reply);
	return (unsigned int)strtoul(at + 7, NULL, 10);
}
