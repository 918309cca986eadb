// SPDX-License-Identifier: MIT
/*
 * PRIME: BOs exported as dma-bufs and imported by another DRM file or
 * another process (the fd passed with SCM_RIGHTS, or pidfd_getfd()) are
 * the same memory for the CPU and for the GPU of both sides; a dma-buf
 * keeps its BO alive; implicit synchronisation orders jobs of different
 * files on a shared BO, and of the queues of one context, unless they
 * opt out (DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC), when userspace bridges
 * with DMA_BUF_IOCTL_IMPORT_SYNC_FILE; bad fds get the core's errnos.
 */
#include <fcntl.h>
#include <linux/dma-buf.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "drmtest.h"
#include "ember_packets.h"
#include "igt_ember.h"

#define PAGE IGT_EMBER_PAGE_SIZE
#define SIZE (16 * PAGE)

static void send_fd(int sock, int fd)
{
	char byte = 'F';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(int))];
	} control = { 0 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control.buf, .msg_controllen = sizeof(control.buf),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	igt_assert_eq(sendmsg(sock, &msg, 0), 1);
}

static int recv_fd(int sock)
{
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(int))];
	} control;
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control.buf, .msg_controllen = sizeof(control.buf),
	};
	struct cmsghdr *cmsg;
	int fd;

	igt_assert_eq(recvmsg(sock, &msg, 0), 1);
	cmsg = CMSG_FIRSTHDR(&msg);
	igt_assert(cmsg && cmsg->cmsg_type == SCM_RIGHTS);
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
	return fd;
}

/*
 * How the test hands a dma-buf to another process: SCM_RIGHTS over a unix
 * socket, the usual way; on a kernel without networking (the debug lane's
 * has none) the receiver takes the fd from the sender with pidfd_getfd()
 * instead, which needs the sender to keep it open until told otherwise.
 * Words go over pipes either way.
 */
struct fd_channel {
	int sock[2];
	int to_parent[2];
	int to_child[2];
};

static void channel_init(struct fd_channel *ch)
{
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ch->sock)) {
		igt_assert_f(errno == ENOSYS || errno == EAFNOSUPPORT,
			     "socketpair: %s\n", strerror(errno));
		ch->sock[0] = ch->sock[1] = -1;
	}
	igt_assert_eq(pipe(ch->to_parent), 0);
	igt_assert_eq(pipe(ch->to_child), 0);
}

static void channel_fini(struct fd_channel *ch)
{
	int *fds[] = { ch->sock, ch->to_parent, ch->to_child };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		if (fds[i][0] >= 0)
			close(fds[i][0]);
		if (fds[i][1] >= 0)
			close(fds[i][1]);
	}
}

static void child_send_fd(struct fd_channel *ch, int fd)
{
	int32_t msg[2] = { getpid(), fd };

	if (ch->sock[1] >= 0)
		send_fd(ch->sock[1], fd);
	else
		igt_assert_eq(write(ch->to_parent[1], msg, sizeof(msg)), sizeof(msg));
}

static int parent_recv_fd(struct fd_channel *ch)
{
	int32_t msg[2];
	int pidfd, fd;

	if (ch->sock[0] >= 0)
		return recv_fd(ch->sock[0]);
	igt_assert_eq(read(ch->to_parent[0], msg, sizeof(msg)), sizeof(msg));
	pidfd = syscall(SYS_pidfd_open, msg[0], 0);
	igt_assert_f(pidfd >= 0, "pidfd_open: %s\n", strerror(errno));
	fd = syscall(SYS_pidfd_getfd, pidfd, msg[1], 0);
	igt_assert_f(fd >= 0, "pidfd_getfd: %s\n", strerror(errno));
	close(pidfd);
	return fd;
}

static void send_word(int pipe_wr, uint32_t word)
{
	igt_assert_eq(write(pipe_wr, &word, sizeof(word)), sizeof(word));
}

static uint32_t recv_word(int pipe_rd)
{
	uint32_t word = 0;

	igt_assert_eq(read(pipe_rd, &word, sizeof(word)), sizeof(word));
	return word;
}

static void check_pattern(const uint32_t *p, uint64_t size, uint32_t seed)
{
	uint64_t i;

	for (i = 0; i < size / 4; i++)
		igt_assert_f(p[i] == (seed ^ (uint32_t)i), "dword %llu is %#x, expected %#x\n",
			     (unsigned long long)i, p[i], seed ^ (uint32_t)i);
}

static void write_pattern(uint32_t *p, uint64_t size, uint32_t seed)
{
	uint64_t i;

	for (i = 0; i < size / 4; i++)
		p[i] = seed ^ (uint32_t)i;
}

/*
 * Two queues of one context sharing an exported BO: a job on queue 0
 * blocked on @gate (a CPU-set flag in a BO the queues do not share) that
 * writes @shared, and a job on queue 1 that reads @shared into @out.
 */
struct shared_queues {
	struct igt_ember_env env;
	struct igt_ember_ib ib1;
	struct igt_ember_buf shared, gate, out;
	uint32_t done0, done1;
	int dmabuf;
};

static void shared_queues_init(struct shared_queues *sq, int fd)
{
	igt_ember_env_init(&sq->env, fd, 2);
	igt_ember_ib_create(&sq->ib1, &sq->env.vm, PAGE);
	igt_ember_buf_create(&sq->shared, &sq->env.vm, PAGE);
	igt_ember_buf_create(&sq->gate, &sq->env.vm, PAGE);
	igt_ember_buf_create(&sq->out, &sq->env.vm, PAGE);
	sq->dmabuf = igt_ember_prime_export(fd, sq->shared.handle);
	sq->done0 = igt_ember_syncobj_create(fd, 0);
	sq->done1 = igt_ember_syncobj_create(fd, 0);
}

static void shared_queues_fini(struct shared_queues *sq)
{
	int fd = sq->env.fd;

	close(sq->dmabuf);
	igt_ember_syncobj_destroy(fd, sq->done0);
	igt_ember_syncobj_destroy(fd, sq->done1);
	igt_ember_buf_destroy(&sq->out);
	igt_ember_buf_destroy(&sq->gate);
	igt_ember_buf_destroy(&sq->shared);
	igt_ember_ib_destroy(&sq->ib1);
	igt_ember_env_fini(&sq->env);
}

/* The gated writer on queue 0, signalling done0. */
static void submit_gated_writer(struct shared_queues *sq, uint32_t flags)
{
	struct drm_ember_sync_op signal = igt_ember_signal(sq->done0, 0);
	struct drm_ember_job job;

	igt_ember_ib_reset(&sq->env.ib);
	igt_ember_ib_wait_mem32(&sq->env.ib, sq->gate.va, EMBER_WAIT_EQ, 1, ~0u);
	igt_ember_ib_write32(&sq->env.ib, sq->shared.va, 0x1a5);
	job = igt_ember_ib_job(&sq->env.ib, 0, &signal, 1);
	igt_assert_eq(__igt_ember_submit_flags(sq->env.fd, sq->env.ctx, flags, &job, 1), 0);
}

/* The reader on queue 1, signalling done1. */
static void submit_reader(struct shared_queues *sq, uint32_t flags)
{
	struct drm_ember_sync_op signal = igt_ember_signal(sq->done1, 0);
	struct drm_ember_job job;

	igt_ember_ib_reset(&sq->ib1);
	igt_ember_ib_copy(&sq->ib1, sq->shared.va, sq->out.va, 4);
	job = igt_ember_ib_job(&sq->ib1, 1, &signal, 1);
	igt_assert_eq(__igt_ember_submit_flags(sq->env.fd, sq->env.ctx, flags, &job, 1), 0);
}

static void open_gate(struct shared_queues *sq)
{
	__atomic_store_n(&igt_ember_buf_u32(&sq->gate)[0], 1, __ATOMIC_RELEASE);
}

/* The sync_file DMA_BUF_IOCTL_EXPORT_SYNC_FILE gives for @flags (READ/WRITE). */
static int dmabuf_export_sync_file(int dmabuf, uint32_t flags)
{
	struct dma_buf_export_sync_file args = { .flags = flags, .fd = -1 };

	igt_assert_f(ioctl(dmabuf, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, &args) == 0,
		     "DMA_BUF_IOCTL_EXPORT_SYNC_FILE: %s\n", strerror(errno));
	igt_assert_lte(0, args.fd);
	return args.fd;
}

/* The status of what a reader (and a writer) of @dmabuf implicitly waits for. */
static int dmabuf_implicit_status(int dmabuf, uint32_t flags)
{
	int sync_file = dmabuf_export_sync_file(dmabuf, flags);
	int status = igt_ember_sync_file_status(sync_file);

	close(sync_file);
	return status;
}

static void dmabuf_import_sync_file(int dmabuf, uint32_t flags, int sync_file)
{
	struct dma_buf_import_sync_file args = { .flags = flags, .fd = sync_file };

	igt_assert_f(ioctl(dmabuf, DMA_BUF_IOCTL_IMPORT_SYNC_FILE, &args) == 0,
		     "DMA_BUF_IOCTL_IMPORT_SYNC_FILE: %s\n", strerror(errno));
}

igt_main
{
	uint32_t max_queues = 0;
	int fd = -1;

	igt_fixture {
		struct drm_ember_gpu_info info;

		fd = drm_open_driver_render(DRIVER_EMBER);
		igt_ember_get_gpu_info(fd, &info);
		igt_require_f(info.max_bo_size, "driver without BOs (1.0)\n");
		max_queues = info.max_queues;
	}

	igt_describe("Importing a BO's own dma-buf gives back the same handle.");
	igt_subtest("self-import") {
		uint32_t handle = igt_ember_bo_create(fd, SIZE, 0);
		int dmabuf = igt_ember_prime_export(fd, handle);

		igt_assert_eq(igt_ember_prime_import(fd, dmabuf), handle);
		close(dmabuf);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("Another DRM file imports the BO: same size, same memory both ways.");
	igt_subtest("import-other-file") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		uint32_t handle = igt_ember_bo_create(fd, SIZE, 0), theirs;
		int dmabuf = igt_ember_prime_export(fd, handle);
		struct drm_ember_bo_info bi;
		uint32_t *ours_map, *their_map;

		theirs = igt_ember_prime_import(other, dmabuf);
		close(dmabuf);
		bi = (struct drm_ember_bo_info) { .handle = theirs };
		igt_assert_eq(__igt_ember_bo_info(other, &bi), 0);
		igt_assert_eq_u64(bi.size, SIZE);
		ours_map = igt_ember_bo_mmap(fd, handle, SIZE);
		their_map = igt_ember_bo_mmap(other, theirs, SIZE);
		write_pattern(ours_map, SIZE, 0x1234);
		check_pattern(their_map, SIZE, 0x1234);
		their_map[7] = 0xfeed;
		igt_assert_eq_u32(ours_map[7], 0xfeed);
		munmap(ours_map, SIZE);
		munmap(their_map, SIZE);
		igt_ember_gem_close(other, theirs);
		igt_ember_gem_close(fd, handle);
		drm_close_driver(other);
	}

	igt_describe("The dma-buf itself can be mmapped and shows the BO's contents.");
	igt_subtest("dmabuf-mmap") {
		uint32_t handle = igt_ember_bo_create(fd, SIZE, 0);
		uint32_t *map = igt_ember_bo_mmap(fd, handle, SIZE), *dmap;
		int dmabuf = igt_ember_prime_export(fd, handle);

		write_pattern(map, SIZE, 0xd3a);
		dmap = mmap(NULL, SIZE, PROT_READ, MAP_SHARED, dmabuf, 0);
		igt_assert(dmap != MAP_FAILED);
		check_pattern(dmap, SIZE, 0xd3a);
		munmap(dmap, SIZE);
		munmap(map, SIZE);
		close(dmabuf);
		igt_ember_gem_close(fd, handle);
	}

	igt_describe("A dma-buf keeps the BO alive after its last handle is closed.");
	igt_subtest("dmabuf-keeps-bo-alive") {
		uint32_t handle = igt_ember_bo_create(fd, SIZE, 0), again;
		uint32_t *map = igt_ember_bo_mmap(fd, handle, SIZE);
		int dmabuf = igt_ember_prime_export(fd, handle);

		write_pattern(map, SIZE, 0xa1e);
		munmap(map, SIZE);
		igt_ember_gem_close(fd, handle);
		again = igt_ember_prime_import(fd, dmabuf);
		close(dmabuf);
		map = igt_ember_bo_mmap(fd, again, SIZE);
		check_pattern(map, SIZE, 0xa1e);
		munmap(map, SIZE);
		igt_ember_gem_close(fd, again);
	}

	igt_describe("Two processes share a BO through a unix socket: each side's GPU "
		     "writes are what the other side's GPU and CPU read.");
	igt_subtest("two-processes") {
		struct fd_channel ch;

		channel_init(&ch);
		igt_fork(child, 1) {
			/* The exporter: its own file, VM and context. */
			int cfd = drm_open_driver_render(DRIVER_EMBER);
			struct igt_ember_env env;
			struct igt_ember_buf shared;
			int dmabuf;

			igt_ember_env_init(&env, cfd, 1);
			igt_ember_buf_create(&shared, &env.vm, SIZE);
			igt_ember_ib_fill(&env.ib, shared.va, SIZE, 0xc0de0001);
			igt_ember_run_ib(cfd, env.ctx, &env.ib, 0);
			dmabuf = igt_ember_prime_export(cfd, shared.handle);
			child_send_fd(&ch, dmabuf);
			/* The importer's GPU writes the second half back. */
			igt_assert_eq_u32(recv_word(ch.to_child[0]), 1);
			close(dmabuf);
			igt_assert_eq_u32(igt_ember_buf_u32(&shared)[0], 0xc0de0001);
			igt_assert_eq_u32(igt_ember_buf_u32(&shared)[SIZE / 8], 0xba5e0002);
			igt_assert_eq_u32(igt_ember_buf_u32(&shared)[SIZE / 4 - 1], 0xba5e0002);
			igt_ember_buf_destroy(&shared);
			igt_ember_env_fini(&env);
			drm_close_driver(cfd);
		}
		{
			struct igt_ember_env env;
			struct igt_ember_buf mine;
			uint32_t imported;
			uint64_t va;
			int dmabuf;

			igt_ember_env_init(&env, fd, 1);
			igt_ember_buf_create(&mine, &env.vm, SIZE);
			dmabuf = parent_recv_fd(&ch);
			imported = igt_ember_prime_import(fd, dmabuf);
			close(dmabuf);
			va = igt_ember_vm_alloc_va(&env.vm, SIZE);
			igt_ember_vm_map(fd, env.vm.id, imported, 0, va, SIZE, 0);
			igt_ember_ib_copy(&env.ib, va, mine.va, SIZE);
			igt_ember_ib_fill(&env.ib, va + SIZE / 2, SIZE / 2, 0xba5e0002);
			igt_ember_run_ib(fd, env.ctx, &env.ib, 0);
			igt_assert_eq_u32(igt_ember_buf_u32(&mine)[0], 0xc0de0001);
			igt_assert_eq_u32(igt_ember_buf_u32(&mine)[SIZE / 4 - 1], 0xc0de0001);
			send_word(ch.to_child[1], 1);
			igt_waitchildren();
			igt_ember_vm_unmap(fd, env.vm.id, va, SIZE);
			igt_ember_gem_close(fd, imported);
			igt_ember_buf_destroy(&mine);
			igt_ember_env_fini(&env);
			channel_fini(&ch);
		}
	}

	igt_describe("Implicit sync: a job of another file reading a shared BO waits for "
		     "our job still writing it.");
	igt_subtest("implicit-sync") {
		int other = drm_open_driver_render(DRIVER_EMBER);
		struct igt_ember_env env, env2;
		struct igt_ember_buf shared, flag, out;
		uint32_t theirs, d = igt_ember_syncobj_create(other, 0);
		struct drm_ember_sync_op done = igt_ember_signal(d, 0);
		uint64_t va2;
		int dmabuf;

		igt_ember_env_init(&env, fd, 1);
		igt_ember_env_init(&env2, other, 1);
		igt_ember_buf_create(&shared, &env.vm, PAGE);
		igt_ember_buf_create(&flag, &env.vm, PAGE);
		igt_ember_buf_create(&out, &env2.vm, PAGE);
		dmabuf = igt_ember_prime_export(fd, shared.handle);
		theirs = igt_ember_prime_import(other, dmabuf);
		close(dmabuf);
		va2 = igt_ember_vm_alloc_va(&env2.vm, PAGE);
		igt_ember_vm_map(other, env2.vm.id, theirs, 0, va2, PAGE, 0);

		igt_ember_ib_wait_mem32(&env.ib, flag.va, EMBER_WAIT_EQ, 1, ~0u);
		igt_ember_ib_write32(&env.ib, shared.va, 0x1a5);
		igt_ember_submit_ib(fd, env.ctx, &env.ib, 0, NULL, 0);
		igt_ember_ib_copy(&env2.ib, va2, out.va, 4);
		igt_ember_submit_ib(other, env2.ctx, &env2.ib, 0, &done, 1);
		usleep(200 * 1000);
		igt_assert(igt_ember_syncobj_busy(other, d, 0));
		igt_ember_buf_u32(&flag)[0] = 1;
		igt_ember_syncobj_wait(other, d, 0);
		igt_assert_eq_u32(igt_ember_buf_u32(&out)[0], 0x1a5);

		igt_ember_vm_unmap(other, env2.vm.id, va2, PAGE);
		igt_ember_gem_close(other, theirs);
		igt_ember_buf_destroy(&out);
		igt_ember_buf_destroy(&flag);
		igt_ember_buf_destroy(&shared);
		igt_ember_syncobj_destroy(other, d);
		igt_ember_env_fini(&env2);
		igt_ember_env_fini(&env);
		drm_close_driver(other);
	}

	igt_describe("Implicit sync between the queues of one context: a job on queue 1 "
		     "reading an exported BO waits for a blocked job on queue 0 writing it, "
		     "and the dma-buf's implicit fences include the writer.");
	igt_subtest("implicit-sync-queues") {
		struct shared_queues sq;

		igt_require(max_queues >= 2);
		shared_queues_init(&sq, fd);
		submit_gated_writer(&sq, 0);
		submit_reader(&sq, 0);
		usleep(200 * 1000);
		igt_assert(igt_ember_syncobj_busy(fd, sq.done1, 0));
		igt_assert_eq(dmabuf_implicit_status(sq.dmabuf, DMA_BUF_SYNC_READ), 0);
		open_gate(&sq);
		igt_ember_syncobj_wait(fd, sq.done1, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, sq.done0, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&sq.out)[0], 0x1a5);
		igt_assert_eq(dmabuf_implicit_status(sq.dmabuf, DMA_BUF_SYNC_WRITE), 1);
		shared_queues_fini(&sq);
	}

	igt_describe("NO_IMPLICIT_SYNC: a job on queue 1 using an exported BO completes "
		     "while a job on queue 0 using it is still blocked.");
	igt_subtest("explicit-sync-queues") {
		struct shared_queues sq;

		igt_require(max_queues >= 2);
		igt_require(igt_ember_has_version(fd, 1, 3));
		shared_queues_init(&sq, fd);
		igt_ember_buf_u32(&sq.shared)[0] = 0x01d;
		submit_gated_writer(&sq, DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC);
		submit_reader(&sq, DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC);
		igt_ember_syncobj_wait(fd, sq.done1, 0);
		igt_assert(igt_ember_syncobj_busy(fd, sq.done0, 0));
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, sq.done1, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&sq.out)[0], 0x01d);
		open_gate(&sq);
		igt_ember_syncobj_wait(fd, sq.done0, 0);
		igt_assert_eq(igt_ember_syncobj_fence_status(fd, sq.done0, 0), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&sq.shared)[0], 0x1a5);
		shared_queues_fini(&sq);
	}

	igt_describe("An implicit job on queue 1 does not wait for an explicit job on "
		     "queue 0 either: explicit fences are BOOKKEEP, invisible to it.");
	igt_subtest("explicit-sync-invisible-to-implicit") {
		struct shared_queues sq;

		igt_require(max_queues >= 2);
		igt_require(igt_ember_has_version(fd, 1, 3));
		shared_queues_init(&sq, fd);
		submit_gated_writer(&sq, DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC);
		submit_reader(&sq, 0);
		igt_ember_syncobj_wait(fd, sq.done1, 0);
		igt_assert(igt_ember_syncobj_busy(fd, sq.done0, 0));
		open_gate(&sq);
		igt_ember_syncobj_wait(fd, sq.done0, 0);
		shared_queues_fini(&sq);
	}

	igt_describe("EXPORT_SYNC_FILE on the dma-buf leaves out an explicit job's fence "
		     "until userspace attaches it with IMPORT_SYNC_FILE, the Mesa WSI way; "
		     "then it waits for the job.");
	igt_subtest("explicit-sync-export-sync-file") {
		struct shared_queues sq;
		int job_fence, consumer;

		igt_require(igt_ember_has_version(fd, 1, 3));
		shared_queues_init(&sq, fd);
		submit_gated_writer(&sq, DRM_EMBER_SUBMIT_NO_IMPLICIT_SYNC);
		usleep(100 * 1000);
		igt_assert(igt_ember_syncobj_busy(fd, sq.done0, 0));
		igt_assert_eq(dmabuf_implicit_status(sq.dmabuf, DMA_BUF_SYNC_READ), 1);
		igt_assert_eq(dmabuf_implicit_status(sq.dmabuf, DMA_BUF_SYNC_WRITE), 1);

		job_fence = igt_ember_syncobj_export_sync_file(fd, sq.done0, 0);
		dmabuf_import_sync_file(sq.dmabuf, DMA_BUF_SYNC_WRITE, job_fence);
		close(job_fence);
		consumer = dmabuf_export_sync_file(sq.dmabuf, DMA_BUF_SYNC_READ);
		igt_assert_eq(igt_ember_sync_file_status(consumer), 0);
		igt_assert_eq(dmabuf_implicit_status(sq.dmabuf, DMA_BUF_SYNC_WRITE), 0);

		open_gate(&sq);
		igt_ember_syncobj_wait(fd, sq.done0, 0);
		igt_assert_eq(poll(&(struct pollfd) { .fd = consumer, .events = POLLIN }, 1,
				   10 * 1000), 1);
		igt_assert_eq(igt_ember_sync_file_status(consumer), 1);
		igt_assert_eq_u32(igt_ember_buf_u32(&sq.shared)[0], 0x1a5);
		close(consumer);
		shared_queues_fini(&sq);
	}

	igt_describe("Importing a closed fd is EBADF, a file that is not a dma-buf EINVAL.");
	igt_subtest("import-bad-fd") {
		uint32_t handle = 0;
		int pipes[2];

		igt_assert_eq(drmPrimeFDToHandle(fd, -1, &handle), -1);
		igt_assert_eq(errno, EBADF);
		igt_assert_eq(pipe(pipes), 0);
		igt_assert_eq(drmPrimeFDToHandle(fd, pipes[0], &handle), -1);
		igt_assert_eq(errno, EINVAL);
		close(pipes[0]);
		close(pipes[1]);
	}

	igt_describe("Exporting an unknown handle is ENOENT.");
	igt_subtest("export-bad-handle") {
		int dmabuf = -1;

		igt_assert_eq(drmPrimeHandleToFD(fd, 0xbad, DRM_CLOEXEC, &dmabuf), -1);
		igt_assert_eq(errno, ENOENT);
	}

	igt_fixture {
		drm_close_driver(fd);
	}
}
