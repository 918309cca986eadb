/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

#include "vk_fd_pass.h"

#include "vk_test.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void vk_fd_pass_open(struct vk_fd_pass *pass)
{
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pass->sock)) {
		if (errno != ENOSYS && errno != EAFNOSUPPORT)
			vk_test_fail(__FILE__, __LINE__, "socketpair: %s", strerror(errno));
		pass->sock[0] = pass->sock[1] = -1;
	}
}

void vk_fd_pass_send(struct vk_fd_pass *pass, int fd)
{
	char byte = 0, control[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	if (pass->sock[0] < 0)
		return;
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	if (sendmsg(pass->sock[0], &msg, 0) != 1)
		vk_test_fail(__FILE__, __LINE__, "sendmsg: %s", strerror(errno));
	close(pass->sock[0]);
	close(pass->sock[1]);
}

static int receive_over_socket(int sock)
{
	char byte, control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	c = CMSG_FIRSTHDR(&msg);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

static int take_from_parent(int fd)
{
	int pidfd = syscall(SYS_pidfd_open, getppid(), 0);
	int taken;

	if (pidfd < 0) {
		fprintf(stderr, "# pidfd_open: %s\n", strerror(errno));
		return -1;
	}
	taken = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	if (taken < 0)
		fprintf(stderr, "# pidfd_getfd: %s\n", strerror(errno));
	close(pidfd);
	return taken;
}

int vk_fd_pass_receive(struct vk_fd_pass *pass, int fd)
{
	int received;

	close(fd);
	if (pass->sock[1] >= 0) {
		received = receive_over_socket(pass->sock[1]);
		close(pass->sock[0]);
		close(pass->sock[1]);
	} else {
		received = take_from_parent(fd);
	}
	if (received < 0) {
		fprintf(stderr, "# the child received no fd from its parent\n");
		_exit(3);
	}
	return received;
}
