/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Passing an fd to a forked child
 *
 * The two-process tests export a handle as an fd in the parent and import
 * it in a child. The fd goes over a unix socket (SCM_RIGHTS), the usual
 * way; a kernel without networking (the debug lane's) has no sockets, and
 * the child then takes it from the parent with pidfd_getfd(). The copy
 * fork() gives the child is closed either way, so the child imports an fd
 * that really crossed between processes.
 */

#ifndef EMBER_VK_FD_PASS_H
#define EMBER_VK_FD_PASS_H

/* The channel between a parent and the child it forks next. */
struct vk_fd_pass {
	int sock[2];	/* -1, -1 on a kernel without sockets */
};

/* Before fork(): opens the channel (fails the test on an unexpected error). */
void vk_fd_pass_open(struct vk_fd_pass *pass);
/*
 * In the parent, after fork(): sends @fd (still the parent's) to the child
 * and closes the channel. The parent keeps @fd open until the child has
 * exited: without sockets the child takes it from the parent's table.
 */
void vk_fd_pass_send(struct vk_fd_pass *pass, int fd);
/*
 * In the child: closes its inherited copy of the parent's @fd and returns
 * the one the parent sends, or exits with status 3 if none arrives.
 */
int vk_fd_pass_receive(struct vk_fd_pass *pass, int fd);

#endif
