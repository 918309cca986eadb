/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Event loop
 *
 * The device's main thread sleeps in one epoll set and wakes for: the
 * listening socket, the connected client's socket, the doorbell eventfds and
 * the signalfd. Each of them is an &struct ember_event_source embedded in the
 * object that owns the fd; the handler finds its owner with container_of().
 *
 * Handlers are not told which epoll events fired. They must ask their fd
 * (read an eventfd, recv() from a socket) what actually happened, because a
 * handler that runs earlier in the same epoll batch may have closed an fd
 * and reused the slot for a new one: the events collected for the old fd
 * would then be stale. A handler that finds nothing to do just returns.
 *
 * For the same reason a source's memory must outlive the loop: sources are
 * embedded in long-lived objects and only their fds come and go.
 *
 * All fds are level-triggered and non-blocking.
 */

#ifndef EMBER_FW_EVENT_LOOP_H
#define EMBER_FW_EVENT_LOOP_H

#include <stdbool.h>
#include <stddef.h>

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

struct ember_event_source {
	/** @fd: the fd to watch for input; owned by the embedding object. */
	int fd;
	/** @handle: called from the loop when @fd may be readable. */
	void (*handle)(struct ember_event_source *src);
};

struct ember_event_loop {
	int epoll_fd;
	/** @stopping: set by ember_event_loop_stop() from a handler. */
	bool stopping;
};

int ember_event_loop_init(struct ember_event_loop *loop);
void ember_event_loop_fini(struct ember_event_loop *loop);
int ember_event_loop_add(struct ember_event_loop *loop,
			 struct ember_event_source *src);
void ember_event_loop_remove(struct ember_event_loop *loop,
			     struct ember_event_source *src);
/* Dispatch events until a handler calls ember_event_loop_stop(). */
int ember_event_loop_run(struct ember_event_loop *loop);
void ember_event_loop_stop(struct ember_event_loop *loop);

#endif /* EMBER_FW_EVENT_LOOP_H */
