/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The epoll loop of the device's main thread (see event_loop.h for the rules
 * handlers follow).
 */

#include "event_loop.h"

#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>

/* Events per epoll_wait(); more just wait for the next round. */
#define EMBER_EVENT_BATCH	16

int ember_event_loop_init(struct ember_event_loop *loop)
{
	loop->stopping = false;
	loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	return loop->epoll_fd < 0 ? -errno : 0;
}

void ember_event_loop_fini(struct ember_event_loop *loop)
{
	if (loop->epoll_fd >= 0)
		close(loop->epoll_fd);
	loop->epoll_fd = -1;
}

int ember_event_loop_add(struct ember_event_loop *loop,
			 struct ember_event_source *src)
{
	struct epoll_event ev = {
		.events = EPOLLIN,
		.data.ptr = src,
	};

	if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, src->fd, &ev) < 0)
		return -errno;
	return 0;
}

void ember_event_loop_remove(struct ember_event_loop *loop,
			     struct ember_event_source *src)
{
	/* Only fails if the fd was never added: nothing to undo then. */
	epoll_ctl(loop->epoll_fd, EPOLL_CTL_DEL, src->fd, NULL);
}

int ember_event_loop_run(struct ember_event_loop *loop)
{
	struct epoll_event events[EMBER_EVENT_BATCH];

	while (!loop->stopping) {
		int n = epoll_wait(loop->epoll_fd, events, EMBER_EVENT_BATCH, -1);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		for (int i = 0; i < n && !loop->stopping; i++) {
			struct ember_event_source *src = events[i].data.ptr;

			src->handle(src);
		}
	}
	return 0;
}

void ember_event_loop_stop(struct ember_event_loop *loop)
{
	loop->stopping = true;
}
