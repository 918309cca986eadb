/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Host tests of ember-gpu, no VM: this program plays QEMU (the ivshmem
 * client) and the guest driver (register writes, doorbells, interrupts)
 * against the real ember-gpu binary.
 *
 * Usage: test_ember_gpu PATH-TO-EMBER-GPU EXPECTED-FW-VERSION
 *
 * One device serves the protocol, register, mailbox and client-lifecycle
 * subtests in order, as a QEMU would live through them; the option and
 * startup subtests start devices of their own. Every wait has a timeout, so
 * a broken device fails a subtest instead of hanging the run. Device logs
 * go to a temporary directory, which is kept (and named) on failure or when
 * EMBER_TEST_KEEP_LOGS is set.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember_regs.h"
#include "guest_pt.h"
#include "tap.h"

/* Generous: waits end as soon as the event happens, e.g. under valgrind. */
#define TIMEOUT_MS		10000
/* How long "nothing happens" is watched for. */
#define QUIET_MS		100

#define TEST_VECTORS		4
#define TEST_CORES		3
#define TEST_SHM_SIZE		(64 * 1024)

static const char *ember_gpu_path;
static uint32_t expected_fw_version;
static char tmpdir[] = "/tmp/ember-gpu-test.XXXXXX";
static bool keep_tmpdir;

/* ------------------------------------------------------------------ */
/* Helpers: time, processes                                            */

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static void tmp_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", tmpdir, name);
}

struct device {
	pid_t pid;
	char socket_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	char log_path[PATH_MAX];
};

/*
 * Start ember-gpu with @args (NULL-terminated) after --socket and --log.
 * stdout/stderr go to @name.out so that usage errors stay out of the TAP
 * stream.
 */
static bool device_spawn_argv(struct device *dev, const char *name,
			      const char *socket_name, const char *const *args)
{
	const char *argv[32];
	char out_path[PATH_MAX];
	int n = 0;

	tmp_path(dev->socket_path, sizeof(dev->socket_path), socket_name);
	snprintf(dev->log_path, sizeof(dev->log_path), "%s/%s.log", tmpdir, name);
	snprintf(out_path, sizeof(out_path), "%s/%s.out", tmpdir, name);

	argv[n++] = ember_gpu_path;
	argv[n++] = "--socket";
	argv[n++] = dev->socket_path;
	argv[n++] = "--log";
	argv[n++] = dev->log_path;
	argv[n++] = "--log-level";
	argv[n++] = "debug";
	while (*args && n < 31)
		argv[n++] = *args++;
	argv[n] = NULL;

	dev->pid = fork();
	if (dev->pid < 0) {
		tap_diag("fork: %s", strerror(errno));
		return false;
	}
	if (dev->pid == 0) {
		int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		execv(ember_gpu_path, (char *const *)argv);
		_exit(127);
	}
	return true;
}

#define device_spawn(dev, name, socket_name, ...) \
	device_spawn_argv(dev, name, socket_name, (const char *const[]){ __VA_ARGS__, NULL })

/* Wait for @pid to exit; returns its wait status, or -1 after a timeout. */
static int wait_exit(pid_t pid, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	int status;

	for (;;) {
		pid_t ret = waitpid(pid, &status, WNOHANG);

		if (ret == pid)
			return status;
		if (ret < 0 || now_ms() > deadline)
			return -1;
		sleep_ms(1);
	}
}

static bool device_alive(const struct device *dev)
{
	return dev->pid > 0 && waitpid(dev->pid, NULL, WNOHANG) == 0;
}

/* Stop the device with @sig (SIGTERM or SIGINT) and check it exits 0. */
static bool device_stop(struct device *dev, int sig)
{
	int status;

	if (dev->pid <= 0)
		return false;
	kill(dev->pid, sig);
	status = wait_exit(dev->pid, TIMEOUT_MS);
	if (status == -1) {
		tap_diag("ember-gpu did not exit after %s; killing it",
			 sigabbrev_np(sig));
		kill(dev->pid, SIGKILL);
		waitpid(dev->pid, NULL, 0);
	}
	dev->pid = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		tap_diag("ember-gpu wait status 0x%x after %s", status,
			 sigabbrev_np(sig));
		return false;
	}
	return true;
}

/* Kill a device a failed subtest left behind. */
static void device_kill(struct device *dev)
{
	if (dev->pid > 0) {
		kill(dev->pid, SIGKILL);
		waitpid(dev->pid, NULL, 0);
	}
	dev->pid = 0;
}

/* ------------------------------------------------------------------ */
/* Helpers: the ivshmem client (QEMU's side)                           */

struct client {
	int sock;
	int64_t peer_id;
	int shm_fd;
	uint8_t *shm;
	size_t shm_size;
	unsigned int num_vectors;
	/* Peer 0's eventfds: ring doorbell v by writing doorbell_fds[v]. */
	int doorbell_fds[EMBER_MAX_VECTORS];
	/* Our own eventfds: the device raises vector v on irq_fds[v]. */
	int irq_fds[EMBER_MAX_VECTORS];
};

static void client_init(struct client *c)
{
	memset(c, 0, sizeof(*c));
	c->sock = -1;
	c->shm_fd = -1;
	for (int i = 0; i < EMBER_MAX_VECTORS; i++)
		c->doorbell_fds[i] = c->irq_fds[i] = -1;
}

static void client_close(struct client *c)
{
	if (c->shm)
		munmap(c->shm, c->shm_size);
	if (c->shm_fd >= 0)
		close(c->shm_fd);
	if (c->sock >= 0)
		close(c->sock);
	for (int i = 0; i < EMBER_MAX_VECTORS; i++) {
		if (c->doorbell_fds[i] >= 0)
			close(c->doorbell_fds[i]);
		if (c->irq_fds[i] >= 0)
			close(c->irq_fds[i]);
	}
	client_init(c);
}

/* Connect to @path, retrying while the device is starting up. */
static int connect_socket(const char *path, const struct device *dev)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int64_t deadline = now_ms() + TIMEOUT_MS;

	strncpy(addr.sun_path, path, sizeof(addr.sun_path) - 1);
	for (;;) {
		int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

		if (fd < 0)
			return -1;
		if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0)
			return fd;
		close(fd);
		if ((errno != ENOENT && errno != ECONNREFUSED) ||
		    now_ms() > deadline || (dev && !device_alive(dev))) {
			tap_diag("cannot connect to %s: %s", path, strerror(errno));
			return -1;
		}
		sleep_ms(1);
	}
}

/*
 * RECV_RESET: the peer closed with bytes we sent still unread, e.g. the
 * device hanging up on a client that wrote garbage.
 */
enum recv_result { RECV_MSG, RECV_EOF, RECV_RESET, RECV_TIMEOUT, RECV_ERROR };

/* Receive one ivshmem message: an int64 and maybe an fd (else *fd = -1). */
static enum recv_result recv_msg(int sock, int64_t *value, int *fd,
				 int timeout_ms)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * 4)];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = value, .iov_len = sizeof(*value) };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control.buf,
		.msg_controllen = sizeof(control.buf),
	};
	struct pollfd pfd = { .fd = sock, .events = POLLIN };
	struct cmsghdr *cmsg;
	ssize_t n;

	*fd = -1;
	if (poll(&pfd, 1, timeout_ms) == 0)
		return RECV_TIMEOUT;
	n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
	if (n == 0)
		return RECV_EOF;
	if (n < 0 && errno == ECONNRESET)
		return RECV_RESET;
	if (n < 0) {
		tap_diag("recvmsg: %s", strerror(errno));
		return RECV_ERROR;
	}

	for (cmsg = CMSG_FIRSTHDR(&msg); cmsg; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
		size_t nfds = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		int fds[4];

		if (cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS)
			continue;
		memcpy(fds, CMSG_DATA(cmsg), nfds * sizeof(int));
		for (size_t i = 0; i < nfds; i++) {
			if (*fd < 0 && nfds == 1)
				*fd = fds[i];
			else
				close(fds[i]);
		}
		if (nfds != 1) {
			tap_diag("message carried %zu fds", nfds);
			return RECV_ERROR;
		}
	}
	if (n != sizeof(*value) || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) {
		tap_diag("short or truncated message (%zd bytes)", n);
		if (*fd >= 0)
			close(*fd);
		return RECV_ERROR;
	}
	*value = (int64_t)le64toh((uint64_t)*value);
	return RECV_MSG;
}

static bool is_eventfd(int fd)
{
	char link[64], target[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return !strcmp(target, "anon_inode:[eventfd]");
}

/* Expect one message @value with (@want_fd) or without an fd. */
static bool expect_msg(struct client *c, int64_t value, bool want_fd, int *fd)
{
	int64_t got;
	int got_fd;

	if (recv_msg(c->sock, &got, &got_fd, TIMEOUT_MS) != RECV_MSG) {
		tap_diag("expected message %lld, got none", (long long)value);
		return false;
	}
	if (got != value || (got_fd >= 0) != want_fd) {
		tap_diag("expected message %lld %s an fd, got %lld %s",
			 (long long)value, want_fd ? "with" : "without",
			 (long long)got, got_fd >= 0 ? "with one" : "without");
		if (got_fd >= 0)
			close(got_fd);
		return false;
	}
	if (fd)
		*fd = got_fd;
	return true;
}

/*
 * Connect like QEMU and check the whole handshake: version 0, our peer id,
 * -1 with the shm fd, peer 0's eventfds, then ours; nothing after.
 */
static bool client_connect(struct client *c, const struct device *dev,
			   unsigned int num_vectors)
{
	struct stat st;
	int64_t value;
	int fd;

	client_init(c);
	c->num_vectors = num_vectors;
	c->sock = connect_socket(dev->socket_path, dev);
	CHECK(c->sock >= 0);

	CHECK(expect_msg(c, 0, false, NULL));
	CHECK_EQ(recv_msg(c->sock, &c->peer_id, &fd, TIMEOUT_MS), RECV_MSG);
	CHECK(fd < 0);
	CHECK(c->peer_id >= 1 && c->peer_id <= 0xffff);
	CHECK(expect_msg(c, -1, true, &c->shm_fd));
	for (unsigned int v = 0; v < num_vectors; v++) {
		CHECK(expect_msg(c, EMBER_DEVICE_PEER_ID, true, &c->doorbell_fds[v]));
		CHECK(is_eventfd(c->doorbell_fds[v]));
	}
	for (unsigned int v = 0; v < num_vectors; v++) {
		CHECK(expect_msg(c, c->peer_id, true, &c->irq_fds[v]));
		CHECK(is_eventfd(c->irq_fds[v]));
	}
	/* The handshake is sent in one go: anything more would be here now. */
	CHECK_EQ(recv_msg(c->sock, &value, &fd, 0), RECV_TIMEOUT);

	CHECK_EQ(fstat(c->shm_fd, &st), 0);
	c->shm_size = (size_t)st.st_size;
	c->shm = mmap(NULL, c->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      c->shm_fd, 0);
	CHECK(c->shm != MAP_FAILED);
	return true;
}

/* The server closes a client it drops or refuses: wait for the hang-up. */
static bool expect_hangup(int sock)
{
	int64_t value;
	int fd;

	for (;;) {
		enum recv_result r = recv_msg(sock, &value, &fd, TIMEOUT_MS);

		if (fd >= 0)
			close(fd);
		if (r == RECV_EOF || r == RECV_RESET)
			return true;
		if (r != RECV_MSG) {
			tap_diag("expected the device to hang up");
			return false;
		}
	}
}

/* ------------------------------------------------------------------ */
/* Helpers: the driver's side (registers, doorbells, interrupts)      */

static uint32_t reg_read(const struct client *c, uint32_t offset)
{
	return le32toh(__atomic_load_n((volatile uint32_t *)(c->shm + offset),
				       __ATOMIC_ACQUIRE));
}

static void reg_write(const struct client *c, uint32_t offset, uint32_t value)
{
	__atomic_store_n((volatile uint32_t *)(c->shm + offset), htole32(value),
			 __ATOMIC_RELEASE);
}

static bool ring_doorbell(const struct client *c, unsigned int doorbell)
{
	uint64_t one = 1;

	return write(c->doorbell_fds[doorbell], &one, sizeof(one)) == sizeof(one);
}

/* Wait for interrupt @vector; consumes it. */
static bool wait_irq(const struct client *c, unsigned int vector, int timeout_ms)
{
	struct pollfd pfd = { .fd = c->irq_fds[vector], .events = POLLIN };
	uint64_t count;

	if (poll(&pfd, 1, timeout_ms) != 1)
		return false;
	return read(c->irq_fds[vector], &count, sizeof(count)) == sizeof(count);
}

/* No interrupt on any vector for QUIET_MS. */
static bool expect_no_irq(const struct client *c)
{
	struct pollfd pfds[EMBER_MAX_VECTORS];

	for (unsigned int v = 0; v < c->num_vectors; v++)
		pfds[v] = (struct pollfd){ .fd = c->irq_fds[v], .events = POLLIN };
	return poll(pfds, c->num_vectors, QUIET_MS) == 0;
}

struct mgmt_reply {
	uint32_t status;
	uint32_t results[EMBER_MGMT_NUM_RESULTS];
};

/* Run one management command the way the driver does. */
static bool mgmt_call(const struct client *c, uint32_t cmd,
		      const uint32_t args[EMBER_MGMT_NUM_ARGS],
		      struct mgmt_reply *reply)
{
	uint32_t seq = reg_read(c, EMBER_REG_MGMT_ACK) + 1;

	reg_write(c, EMBER_REG_MGMT_CMD, cmd);
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_ARGS; i++)
		reg_write(c, EMBER_REG_MGMT_ARG(i), args ? args[i] : 0);
	reg_write(c, EMBER_REG_MGMT_SEQ, seq);
	CHECK(ring_doorbell(c, EMBER_DOORBELL_MGMT));

	CHECK(wait_irq(c, EMBER_VECTOR_MGMT, TIMEOUT_MS));
	CHECK_EQ(reg_read(c, EMBER_REG_MGMT_ACK), seq);
	reply->status = reg_read(c, EMBER_REG_MGMT_STATUS);
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_RESULTS; i++)
		reply->results[i] = reg_read(c, EMBER_REG_MGMT_RESULT(i));
	return true;
}

static bool ping(const struct client *c, uint32_t cookie, uint64_t *timestamp)
{
	const uint32_t args[EMBER_MGMT_NUM_ARGS] = { cookie, 1, 2, 3 };
	struct mgmt_reply reply;

	CHECK(mgmt_call(c, EMBER_MGMT_CMD_PING, args, &reply));
	CHECK_EQ(reply.status, EMBER_MGMT_STATUS_OK);
	CHECK_EQ(reply.results[0], ~cookie);
	CHECK_EQ(reply.results[3], 0);
	if (timestamp)
		*timestamp = reply.results[1] | (uint64_t)reply.results[2] << 32;
	return true;
}

/* ------------------------------------------------------------------ */
/* Subtests on one long-lived device                                   */

struct fixture {
	struct device dev;
	struct client client;
};

static bool test_handshake(struct fixture *f)
{
	CHECK(device_spawn(&f->dev, "main", "main.sock",
			   "--vectors", "4", "--cores", "3",
			   "--shm-size", "64K"));
	CHECK(client_connect(&f->client, &f->dev, TEST_VECTORS));
	CHECK_EQ(f->client.shm_size, TEST_SHM_SIZE);
	return true;
}

static bool test_register_page(struct fixture *f)
{
	const struct client *c = &f->client;

	CHECK(c->shm);
	CHECK_EQ(reg_read(c, EMBER_REG_MAGIC), EMBER_MAGIC);
	CHECK(!memcmp(c->shm + EMBER_REG_MAGIC, "EMBR", 4));
	CHECK_EQ(reg_read(c, EMBER_REG_STATUS), EMBER_STATUS_READY);
	CHECK_EQ(reg_read(c, EMBER_REG_HW_VERSION),
		 EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT,
				  EMBER_HW_VERSION_MINOR_CURRENT));
	CHECK_EQ(reg_read(c, EMBER_REG_FW_VERSION), expected_fw_version);
	CHECK_EQ(reg_read(c, EMBER_REG_CAPS), EMBER_CAP_MGMT | EMBER_CAP_RINGS |
		 EMBER_CAP_MMU | EMBER_CAP_COPY | EMBER_CAP_COMPUTE |
		 EMBER_CAP_DISPATCH_INDIRECT | EMBER_CAP_ISA_ADDR64 |
		 EMBER_CAP_RESET_HEAD | EMBER_CAP_TLB_MASK | EMBER_CAP_LARGE_GRID |
		 EMBER_CAP_IMAGES | EMBER_CAP_IMAGE_BC | EMBER_CAP_QUEUES |
		 EMBER_CAP_GRAPHICS | EMBER_CAP_OCCLUSION | EMBER_CAP_RENDER_FORMATS |
		 EMBER_CAP_VIEWPORT_INDEX | EMBER_CAP_WIDE_LINES | EMBER_CAP_COND_EXEC |
		 EMBER_CAP_RESOLVE_DS | EMBER_CAP_DS_FORMATS | EMBER_CAP_PIPELINE_STATS |
		 EMBER_CAP_SAMPLER_ANISO | EMBER_CAP_DEPTH_CLIP_CONTROL);
	CHECK_EQ(reg_read(c, EMBER_REG_NUM_RINGS), TEST_VECTORS - 1);
	CHECK(reg_read(c, EMBER_REG_NUM_QUEUES) > 0 &&
	      reg_read(c, EMBER_REG_NUM_QUEUES) <= EMBER_MAX_QUEUES);
	CHECK_EQ(reg_read(c, EMBER_REG_NUM_CONTEXTS), EMBER_MAX_CONTEXTS);
	CHECK_EQ(reg_read(c, EMBER_REG_NUM_FAULT_SLOTS), EMBER_MAX_FAULT_SLOTS);
	CHECK(reg_read(c, EMBER_REG_MAX_RING_SIZE) >= EMBER_RING_MIN_SIZE);
	CHECK(reg_read(c, EMBER_REG_MAX_IB_SIZE) > 0);
	CHECK_EQ(reg_read(c, EMBER_REG_FAULT_SEQ), 0);
	CHECK_EQ(reg_read(c, EMBER_REG_RESET_COUNT), 0);
	CHECK_EQ(reg_read(c, EMBER_REG_NUM_CORES), TEST_CORES);
	CHECK_EQ(reg_read(c, EMBER_REG_VA_BITS), 48);
	CHECK_EQ(reg_read(c, EMBER_REG_NUM_VECTORS), TEST_VECTORS);
	CHECK_EQ(reg_read(c, EMBER_REG_SHM_SIZE), TEST_SHM_SIZE);
	CHECK_EQ(reg_read(c, EMBER_REG_TIMESTAMP_FREQ), 1000000000);
	CHECK_EQ(reg_read(c, EMBER_REG_GUEST_RAM_SIZE_LO), 0);
	CHECK_EQ(reg_read(c, EMBER_REG_GUEST_RAM_SIZE_HI), 0);
	CHECK_EQ(reg_read(c, EMBER_REG_MGMT_ACK), 0);
	return true;
}

static bool test_mgmt_ping(struct fixture *f)
{
	uint64_t t1, t2;

	CHECK(ping(&f->client, 0x12345678, &t1));
	CHECK(ping(&f->client, 0, &t2));
	CHECK(t2 > t1);
	return true;
}

static bool test_mgmt_nop(struct fixture *f)
{
	struct mgmt_reply reply;

	CHECK(mgmt_call(&f->client, EMBER_MGMT_CMD_NOP, NULL, &reply));
	CHECK_EQ(reply.status, EMBER_MGMT_STATUS_OK);
	for (unsigned int i = 0; i < EMBER_MGMT_NUM_RESULTS; i++)
		CHECK_EQ(reply.results[i], 0);
	return true;
}

static bool test_mgmt_bad_cmd(struct fixture *f)
{
	static const uint32_t bad_cmds[] = { 0x8, 0xdead, 0xffffffff };
	struct mgmt_reply reply;

	for (size_t i = 0; i < sizeof(bad_cmds) / sizeof(bad_cmds[0]); i++) {
		CHECK(mgmt_call(&f->client, bad_cmds[i], NULL, &reply));
		CHECK_EQ(reply.status, EMBER_MGMT_STATUS_BAD_CMD);
	}
	/* The mailbox still works after a bad command. */
	CHECK(ping(&f->client, 0xabcd, NULL));
	return true;
}

/* A repeated doorbell (SEQ == ACK) and the other doorbells are ignored. */
static bool test_doorbell_ignored(struct fixture *f)
{
	const struct client *c = &f->client;
	uint32_t ack = reg_read(c, EMBER_REG_MGMT_ACK);

	for (unsigned int v = 0; v < c->num_vectors; v++)
		CHECK(ring_doorbell(c, v));
	CHECK(expect_no_irq(c));
	CHECK_EQ(reg_read(c, EMBER_REG_MGMT_ACK), ack);
	CHECK(ping(c, 1, NULL));
	return true;
}

static bool test_second_client_refused(struct fixture *f)
{
	int sock = connect_socket(f->dev.socket_path, &f->dev);
	int64_t value;
	int fd;

	CHECK(sock >= 0);
	/* Refused means closed before a single message. */
	if (recv_msg(sock, &value, &fd, TIMEOUT_MS) != RECV_EOF) {
		if (fd >= 0)
			close(fd);
		close(sock);
		tap_diag("second client was not refused");
		return false;
	}
	close(sock);
	CHECK(ping(&f->client, 2, NULL));
	return true;
}

static bool test_socket_in_use(struct fixture *f)
{
	struct device other;
	int status;

	CHECK(device_spawn(&other, "in-use", "main.sock", "--cores", "1"));
	status = wait_exit(other.pid, TIMEOUT_MS);
	if (status == -1)
		device_kill(&other);
	CHECK(status != -1 && WIFEXITED(status));
	CHECK_EQ(WEXITSTATUS(status), 1);

	/* The first device keeps its socket and its client. */
	CHECK(access(f->dev.socket_path, F_OK) == 0);
	CHECK(ping(&f->client, 3, NULL));
	return true;
}

/* QEMU quits and a new one connects: new peer, same device. */
static bool test_reconnect(struct fixture *f)
{
	static const char pattern[] = "survives reconnects";
	struct client *c = &f->client;
	int64_t old_peer = c->peer_id;
	uint32_t ack = reg_read(c, EMBER_REG_MGMT_ACK);

	CHECK(c->shm);
	memcpy(c->shm + EMBER_REG_PAGE_SIZE, pattern, sizeof(pattern));
	client_close(c);

	CHECK(client_connect(c, &f->dev, TEST_VECTORS));
	CHECK(c->peer_id != old_peer);
	CHECK(!memcmp(c->shm + EMBER_REG_PAGE_SIZE, pattern, sizeof(pattern)));
	CHECK_EQ(reg_read(c, EMBER_REG_MGMT_ACK), ack);
	CHECK_EQ(reg_read(c, EMBER_REG_STATUS), EMBER_STATUS_READY);
	CHECK(ping(c, 4, NULL));
	return true;
}

/*
 * Clients that break the protocol are dropped and the device carries on:
 * one that closes at once, one that writes garbage and closes, one that
 * writes garbage after its handshake and stays (the device must hang up on
 * it), one that never reads its handshake and leaves.
 */
static bool test_misbehaving_clients(struct fixture *f)
{
	static const char garbage[256] = "garbage";
	const char *path = f->dev.socket_path;
	struct client bad;
	int sock;

	client_close(&f->client);

	sock = connect_socket(path, &f->dev);
	CHECK(sock >= 0);
	close(sock);

	sock = connect_socket(path, &f->dev);
	CHECK(sock >= 0);
	CHECK_EQ(write(sock, garbage, sizeof(garbage)), sizeof(garbage));
	close(sock);

	CHECK(client_connect(&bad, &f->dev, TEST_VECTORS));
	CHECK_EQ(write(bad.sock, garbage, sizeof(garbage)), sizeof(garbage));
	CHECK(expect_hangup(bad.sock));
	client_close(&bad);

	sock = connect_socket(path, &f->dev);
	CHECK(sock >= 0);
	sleep_ms(10);
	close(sock);

	CHECK(device_alive(&f->dev));
	CHECK(client_connect(&f->client, &f->dev, TEST_VECTORS));
	CHECK(ping(&f->client, 5, NULL));
	return true;
}

static bool test_sigterm(struct fixture *f)
{
	const struct client *c = &f->client;

	CHECK(c->shm);
	CHECK(device_stop(&f->dev, SIGTERM));
	CHECK(access(f->dev.socket_path, F_OK) < 0 && errno == ENOENT);
	/* The shm outlives the device in our mapping: READY must be clear. */
	CHECK_EQ(reg_read(c, EMBER_REG_STATUS) & EMBER_STATUS_READY, 0);
	CHECK(expect_hangup(c->sock));
	return true;
}

/* ------------------------------------------------------------------ */
/* Subtests that start devices of their own                           */

/* Run ember-gpu with @args; returns its wait status or -1. */
static int run_argv(const char *name, const char *const *args)
{
	const char *argv[16];
	char out_path[PATH_MAX];
	int n = 0, status;
	pid_t pid;

	snprintf(out_path, sizeof(out_path), "%s/%s.out", tmpdir, name);
	argv[n++] = ember_gpu_path;
	while (*args && n < 15)
		argv[n++] = *args++;
	argv[n] = NULL;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd >= 0) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		execv(ember_gpu_path, (char *const *)argv);
		_exit(127);
	}
	status = wait_exit(pid, TIMEOUT_MS);
	if (status == -1) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	return status;
}

#define run(name, ...) run_argv(name, (const char *const[]){ __VA_ARGS__, NULL })

static bool expect_exit(int status, int code, const char *what)
{
	if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == code)
		return true;
	tap_diag("%s: wait status 0x%x, expected exit %d", what, status, code);
	return false;
}

static bool test_bad_options(void)
{
	static const char *const cases[][6] = {
		{ NULL },
		{ "--vectors", "4" },
		{ "--socket", "s", "--vectors", "0" },
		{ "--socket", "s", "--vectors", "65" },
		{ "--socket", "s", "--vectors", "4x" },
		{ "--socket", "s", "--vectors", "-1" },
		{ "--socket", "s", "--vectors", "" },
		{ "--socket", "s", "--shm-size", "0" },
		{ "--socket", "s", "--shm-size", "2K" },
		{ "--socket", "s", "--shm-size", "8K" },
		{ "--socket", "s", "--inject", "bogus" },
		{ "--socket", "s", "--inject", "hang-ring=3" },
		{ "--socket", "s", "--inject", "die-after-jobs=0" },
		{ "--socket", "s", "--shm-size", "12288" },
		{ "--socket", "s", "--shm-size", "4G" },
		{ "--socket", "s", "--shm-size", "1Q" },
		{ "--socket", "s", "--shm-size", "99999999999999999999" },
		{ "--socket", "s", "--cores", "0" },
		{ "--socket", "s", "--guest-ram", "ram" },
		{ "--socket", "s", "--guest-ram-size", "4K" },
		{ "--socket", "s", "--guest-ram", "r", "--guest-ram-size", "1000" },
		{ "--socket", "s", "--log-level", "loud" },
		{ "--socket", "s", "--bogus" },
		{ "--socket", "s", "extra" },
		{ "--socket" },
	};
	bool ok = true;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char what[128] = "ember-gpu";
		int status;

		for (const char *const *a = cases[i]; *a; a++) {
			strncat(what, " ", sizeof(what) - strlen(what) - 1);
			strncat(what, *a, sizeof(what) - strlen(what) - 1);
		}
		status = run_argv("bad-options", cases[i]);
		ok &= expect_exit(status, 2, what);
	}
	return ok;
}

static bool test_help_and_version(void)
{
	char out_path[PATH_MAX], text[256] = "";
	FILE *out;

	CHECK(expect_exit(run("help", "--help"), 0, "--help"));
	snprintf(out_path, sizeof(out_path), "%s/help.out", tmpdir);
	out = fopen(out_path, "r");
	CHECK(out);
	CHECK(fgets(text, sizeof(text), out));
	fclose(out);
	CHECK(!strncmp(text, "Usage: ember-gpu", 16));

	CHECK(expect_exit(run("version", "--version"), 0, "--version"));
	return true;
}

/* Read one line (without its newline) into @reply. */
static bool read_line(int fd, char *reply, size_t size)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	size_t len = 0;

	while (len < size - 1) {
		CHECK_EQ(poll(&pfd, 1, TIMEOUT_MS), 1);
		CHECK_EQ(read(fd, reply + len, 1), 1);
		if (reply[len] == '\n')
			break;
		len++;
	}
	reply[len] = '\0';
	return true;
}

/* Send one control line; the reply line into @reply. */
static bool control_cmd(int fd, const char *cmd, char *reply, size_t size)
{
	char line[128];

	snprintf(line, sizeof(line), "%s\n", cmd);
	CHECK_EQ(write(fd, line, strlen(line)), strlen(line));
	return read_line(fd, reply, size);
}

/* The control socket: status, knobs, errors, one client, and "die". */
static bool test_control_socket(void)
{
	char ctl_path[sizeof(((struct sockaddr_un *)0)->sun_path)], reply[128];
	struct device dev;
	int fd, other, status;

	tmp_path(ctl_path, sizeof(ctl_path), "ctl.sock");
	CHECK(device_spawn(&dev, "control", "control-dev.sock", "--control",
			   ctl_path, "--inject", "drop-irq", "--inject",
			   "hang-ring=2"));
	fd = connect_socket(ctl_path, &dev);
	CHECK(fd >= 0);
	CHECK(control_cmd(fd, "status", reply, sizeof(reply)));
	CHECK(!strcmp(reply, "ok rings=3 resets=0 faults=0"));
	CHECK(control_cmd(fd, "fault-next-job", reply, sizeof(reply)));
	CHECK(!strcmp(reply, "ok"));
	CHECK(control_cmd(fd, "pause", reply, sizeof(reply)));
	CHECK(!strcmp(reply, "ok"));
	CHECK(control_cmd(fd, "resume", reply, sizeof(reply)));
	CHECK(!strcmp(reply, "ok"));
	CHECK(control_cmd(fd, "hang-ring=7", reply, sizeof(reply)));
	CHECK(!strncmp(reply, "error ", 6));
	CHECK(control_cmd(fd, "bogus", reply, sizeof(reply)));
	CHECK(!strncmp(reply, "error ", 6));

	other = connect_socket(ctl_path, &dev);
	CHECK(other >= 0);
	CHECK(read_line(other, reply, sizeof(reply)));
	CHECK(!strcmp(reply, "error busy"));
	close(other);

	/* "die" exits at once, without a reply and without clearing READY. */
	CHECK_EQ(write(fd, "die\n", 4), 4);
	status = wait_exit(dev.pid, TIMEOUT_MS);
	close(fd);
	if (status == -1)
		device_kill(&dev);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 3);
	return true;
}

/* Errors found only while starting up exit 1 with a message on stderr. */
static bool test_startup_errors(void)
{
	char long_path[200], file_path[PATH_MAX], sock_path[PATH_MAX];
	char err_text[256] = "";
	FILE *out;
	int fd;

	memset(long_path, 'x', sizeof(long_path) - 1);
	long_path[sizeof(long_path) - 1] = '\0';
	CHECK(expect_exit(run("long-path", "--socket", long_path), 1,
			  "socket path too long"));

	/* A path that exists but is no socket is never replaced. */
	tmp_path(file_path, sizeof(file_path), "not-a-socket");
	fd = open(file_path, O_WRONLY | O_CREAT, 0644);
	CHECK(fd >= 0);
	close(fd);
	CHECK(expect_exit(run("not-a-socket", "--socket", file_path), 1,
			  "socket path is a regular file"));
	CHECK(access(file_path, F_OK) == 0);

	tmp_path(sock_path, sizeof(sock_path), "err.sock");
	CHECK(expect_exit(run("no-ram-dir", "--socket", sock_path,
			      "--guest-ram", "/nonexistent-dir/ram",
			      "--guest-ram-size", "1M"), 1,
			  "guest RAM in a missing directory"));
	CHECK(expect_exit(run("no-log-dir", "--socket", sock_path,
			      "--log", "/nonexistent-dir/log"), 1,
			  "log in a missing directory"));

	/* With --log, the reason still reaches stderr. */
	tmp_path(file_path, sizeof(file_path), "startup.log");
	CHECK(expect_exit(run("log-and-error", "--socket", long_path,
			      "--log", file_path), 1, "error with --log"));
	tmp_path(file_path, sizeof(file_path), "log-and-error.out");
	out = fopen(file_path, "r");
	CHECK(out);
	CHECK(fgets(err_text, sizeof(err_text), out));
	fclose(out);
	CHECK(strstr(err_text, "ember-gpu: socket"));
	return true;
}

/*
 * A socket file nobody listens on (a crashed server's) is replaced. The
 * device runs with the most vectors: the longest handshake, all of it sent
 * before the client reads any.
 */
static bool test_stale_socket(void)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct device dev;
	struct client c;
	bool ok;
	int fd;

	tmp_path(addr.sun_path, sizeof(addr.sun_path), "stale.sock");
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	CHECK(fd >= 0);
	CHECK_EQ(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	close(fd);

	CHECK(device_spawn(&dev, "stale", "stale.sock", "--vectors", "64"));
	ok = client_connect(&c, &dev, EMBER_MAX_VECTORS) && ping(&c, 6, NULL);
	client_close(&c);
	if (!ok) {
		device_kill(&dev);
		return false;
	}
	/* Ctrl-C ends the device as cleanly as SIGTERM. */
	CHECK(device_stop(&dev, SIGINT));
	CHECK(access(dev.socket_path, F_OK) < 0 && errno == ENOENT);
	return true;
}

/*
 * The guest RAM file is created when missing and its size (above 4 GiB,
 * sparse) is reported; a file smaller than --guest-ram-size is refused.
 */
static bool test_guest_ram(void)
{
	char ram_path[PATH_MAX], sock_path[PATH_MAX];
	const uint64_t size = 5ull << 30;
	struct device dev;
	struct client c;
	struct stat st;
	bool ok;

	tmp_path(ram_path, sizeof(ram_path), "guest-ram");
	CHECK(device_spawn(&dev, "guest-ram", "ram.sock", "--vectors", "1",
			   "--guest-ram", ram_path, "--guest-ram-size", "5G"));
	ok = client_connect(&c, &dev, 1);
	if (ok) {
		ok = reg_read(&c, EMBER_REG_GUEST_RAM_SIZE_LO) == (uint32_t)size &&
		     reg_read(&c, EMBER_REG_GUEST_RAM_SIZE_HI) == size >> 32;
		if (!ok)
			tap_diag("GUEST_RAM_SIZE registers wrong");
	}
	client_close(&c);
	if (!ok) {
		device_kill(&dev);
		return false;
	}
	CHECK(device_stop(&dev, SIGTERM));
	CHECK_EQ(stat(ram_path, &st), 0);
	CHECK_EQ(st.st_size, size);

	tmp_path(sock_path, sizeof(sock_path), "ram.sock");
	CHECK(expect_exit(run("guest-ram-small", "--socket", sock_path,
			      "--guest-ram", ram_path,
			      "--guest-ram-size", "6G"), 1,
			  "guest RAM file smaller than its size"));
	return true;
}

/*
 * End to end through the real binary: a guest-RAM file shared with
 * ember-gpu, ring 0 and context 1's page tables in it, a RUN_IB whose
 * indirect buffer does a WRITE_IMM through a mapped page, then a FENCE with
 * interrupt; doorbell 1 by peer 0's eventfd 1, MSI-X vector 1 by ours.
 */
#define E2E_RAM_SIZE		(16u << 20)
#define E2E_RING_SIZE		0x4000u
#define E2E_CTX			1
#define E2E_IB_VA		0x100000000ull
#define E2E_DATA_VA		0x200000000ull
#define E2E_FENCE_VALUE		0x1234567887654321ull
#define E2E_DATA_VALUE		0xdeadbeefu

struct e2e_ram {
	uint8_t *ram;
	uint64_t next_page;
};

/* A zeroed page of guest RAM (bump allocator, from 64 KiB up). */
static uint64_t e2e_alloc(void *arg)
{
	struct e2e_ram *r = arg;
	uint64_t gpa = r->next_page;

	if (gpa + EMBER_PAGE_SIZE > E2E_RAM_SIZE)
		abort();
	r->next_page += EMBER_PAGE_SIZE;
	memset(r->ram + gpa, 0, EMBER_PAGE_SIZE);
	return gpa;
}

static void e2e_put32(uint8_t *p, uint32_t *pos, uint32_t mask, uint32_t v)
{
	uint32_t le = htole32(v);

	memcpy(p + (*pos & mask), &le, 4);
	*pos += 4;
}

static bool e2e_run(const struct client *c, struct e2e_ram *r)
{
	uint64_t ring_gpa, fence_gpa, root, ib_gpa, data_gpa, fence;
	uint32_t head, tail, ib_len = 0, data;
	uint8_t *ib;

	ring_gpa = e2e_alloc(r);
	for (unsigned int i = 1; i < E2E_RING_SIZE / EMBER_PAGE_SIZE; i++)
		e2e_alloc(r);
	fence_gpa = e2e_alloc(r);
	root = e2e_alloc(r);
	ib_gpa = e2e_alloc(r);
	data_gpa = e2e_alloc(r);
	guest_pt_map(r->ram, root, E2E_IB_VA, ib_gpa, EMBER_PAGE_SIZE,
		     EMBER_PTE_VALID | EMBER_PTE_READ, e2e_alloc, r);
	guest_pt_map(r->ram, root, E2E_DATA_VA, data_gpa, EMBER_PAGE_SIZE,
		     EMBER_PTE_VALID | EMBER_PTE_READ | EMBER_PTE_WRITE,
		     e2e_alloc, r);

	/* The indirect buffer: one WRITE_IMM to the data page. */
	ib = r->ram + ib_gpa;
	e2e_put32(ib, &ib_len, ~0u, EMBER_PKT(EMBER_UPKT_WRITE_IMM, 0, 3));
	e2e_put32(ib, &ib_len, ~0u, (uint32_t)E2E_DATA_VA);
	e2e_put32(ib, &ib_len, ~0u, (uint32_t)(E2E_DATA_VA >> 32));
	e2e_put32(ib, &ib_len, ~0u, E2E_DATA_VALUE);

	/* Context and ring setup, as the driver does it. */
	reg_write(c, EMBER_REG_CTX(E2E_CTX, EMBER_CTX_PT_ROOT_LO), (uint32_t)root);
	reg_write(c, EMBER_REG_CTX(E2E_CTX, EMBER_CTX_PT_ROOT_HI),
		  (uint32_t)(root >> 32));
	head = reg_read(c, EMBER_REG_RING(0, EMBER_RING_HEAD));
	reg_write(c, EMBER_REG_RING(0, EMBER_RING_BASE_LO), (uint32_t)ring_gpa);
	reg_write(c, EMBER_REG_RING(0, EMBER_RING_BASE_HI),
		  (uint32_t)(ring_gpa >> 32));
	reg_write(c, EMBER_REG_RING(0, EMBER_RING_PRIORITY), 0);
	reg_write(c, EMBER_REG_RING(0, EMBER_RING_SIZE), E2E_RING_SIZE);

	/* RUN_IB, then FENCE with interrupt, then TAIL and doorbell 1. */
	tail = head;
	{
		uint8_t *ring = r->ram + ring_gpa;
		const uint32_t mask = E2E_RING_SIZE - 1;
		const uint32_t pkts[] = {
			EMBER_PKT(EMBER_KPKT_RUN_IB, 0, EMBER_KPKT_RUN_IB_LEN),
			E2E_CTX, (uint32_t)E2E_IB_VA, (uint32_t)(E2E_IB_VA >> 32),
			ib_len,
			EMBER_PKT(EMBER_KPKT_FENCE, EMBER_FENCE_IRQ,
				  EMBER_KPKT_FENCE_LEN),
			(uint32_t)fence_gpa, (uint32_t)(fence_gpa >> 32),
			(uint32_t)E2E_FENCE_VALUE,
			(uint32_t)(E2E_FENCE_VALUE >> 32),
		};

		for (size_t i = 0; i < sizeof(pkts) / sizeof(pkts[0]); i++)
			e2e_put32(ring, &tail, mask, pkts[i]);
	}
	reg_write(c, EMBER_REG_RING(0, EMBER_RING_TAIL), tail);
	CHECK(ring_doorbell(c, EMBER_DOORBELL_RING(0)));
	CHECK(wait_irq(c, EMBER_VECTOR_RING(0), TIMEOUT_MS));

	memcpy(&fence, r->ram + fence_gpa, 8);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	CHECK_EQ(le64toh(fence), E2E_FENCE_VALUE);
	memcpy(&data, r->ram + data_gpa, 4);
	CHECK_EQ(le32toh(data), E2E_DATA_VALUE);
	CHECK_EQ(reg_read(c, EMBER_REG_RING(0, EMBER_RING_IRQ_SEQ)), 1);
	CHECK_EQ(reg_read(c, EMBER_REG_FAULT_SEQ), 0);
	CHECK_EQ(reg_read(c, EMBER_REG_CTX(E2E_CTX, EMBER_CTX_STATE)),
		 EMBER_CTX_STATE_OK);
	/* HEAD reaches TAIL once the FENCE packet is done. */
	{
		int64_t deadline = now_ms() + TIMEOUT_MS;

		while (reg_read(c, EMBER_REG_RING(0, EMBER_RING_HEAD)) != tail) {
			CHECK(now_ms() < deadline);
			sleep_ms(1);
		}
	}
	/* Nothing else rang: no fault, no stray interrupt. */
	CHECK(expect_no_irq(c));
	return true;
}

static bool test_end_to_end(void)
{
	char ram_path[PATH_MAX], size_arg[32];
	struct e2e_ram r = { .next_page = 16 * EMBER_PAGE_SIZE };
	struct device dev;
	struct client c;
	bool ok = false;
	int fd;

	tmp_path(ram_path, sizeof(ram_path), "e2e-ram");
	fd = open(ram_path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	CHECK(fd >= 0);
	if (ftruncate(fd, E2E_RAM_SIZE) == 0)
		r.ram = mmap(NULL, E2E_RAM_SIZE, PROT_READ | PROT_WRITE,
			     MAP_SHARED, fd, 0);
	close(fd);
	CHECK(r.ram && r.ram != MAP_FAILED);

	snprintf(size_arg, sizeof(size_arg), "%u", E2E_RAM_SIZE);
	if (!device_spawn(&dev, "e2e", "e2e.sock", "--vectors", "2",
			  "--guest-ram", ram_path, "--guest-ram-size", size_arg)) {
		munmap(r.ram, E2E_RAM_SIZE);
		return false;
	}
	if (client_connect(&c, &dev, 2)) {
		ok = reg_read(&c, EMBER_REG_NUM_RINGS) == 1 &&
		     reg_read(&c, EMBER_REG_GUEST_RAM_SIZE_LO) == E2E_RAM_SIZE;
		if (!ok)
			tap_diag("NUM_RINGS or GUEST_RAM_SIZE wrong");
		ok = ok && e2e_run(&c, &r);
	}
	client_close(&c);
	munmap(r.ram, E2E_RAM_SIZE);
	if (!ok) {
		device_kill(&dev);
		return false;
	}
	CHECK(device_stop(&dev, SIGTERM));
	return true;
}

/* ------------------------------------------------------------------ */

static void remove_tmpdir(void)
{
	char cmd[sizeof(tmpdir) + 16];

	/* Our own mkdtemp directory; nothing else is in it. */
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", tmpdir);
}

int main(int argc, char **argv)
{
	struct fixture f = { 0 };
	unsigned int major, minor, patch;
	int status;

	if (argc != 3 || sscanf(argv[2], "%u.%u.%u", &major, &minor, &patch) != 3) {
		fprintf(stderr, "usage: %s PATH-TO-EMBER-GPU FW-VERSION\n", argv[0]);
		return EXIT_FAILURE;
	}
	ember_gpu_path = argv[1];
	expected_fw_version = EMBER_FW_VERSION(major, minor, patch);
	signal(SIGPIPE, SIG_IGN);
	client_init(&f.client);

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return EXIT_FAILURE;
	}

#define SUBTEST(fn, name, ...) keep_tmpdir |= !tap_result(fn(__VA_ARGS__), name)
	SUBTEST(test_handshake, "handshake", &f);
	SUBTEST(test_register_page, "register-page", &f);
	SUBTEST(test_mgmt_ping, "mgmt-ping", &f);
	SUBTEST(test_mgmt_nop, "mgmt-nop", &f);
	SUBTEST(test_mgmt_bad_cmd, "mgmt-bad-cmd", &f);
	SUBTEST(test_doorbell_ignored, "doorbell-ignored", &f);
	SUBTEST(test_second_client_refused, "second-client-refused", &f);
	SUBTEST(test_socket_in_use, "socket-in-use", &f);
	SUBTEST(test_reconnect, "reconnect", &f);
	SUBTEST(test_misbehaving_clients, "misbehaving-clients", &f);
	SUBTEST(test_sigterm, "sigterm-clean-exit", &f);
	device_kill(&f.dev);
	client_close(&f.client);

	SUBTEST(test_bad_options, "bad-options");
	SUBTEST(test_help_and_version, "help-and-version");
	SUBTEST(test_startup_errors, "startup-errors");
	SUBTEST(test_stale_socket, "stale-socket-replaced");
	SUBTEST(test_guest_ram, "guest-ram");
	SUBTEST(test_end_to_end, "end-to-end-run-ib-fence-irq");
	SUBTEST(test_control_socket, "control-socket");
#undef SUBTEST

	status = tap_finish();
	if (keep_tmpdir || getenv("EMBER_TEST_KEEP_LOGS"))
		tap_diag("device logs kept in %s", tmpdir);
	else
		remove_tmpdir();
	return status;
}
