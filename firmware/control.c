/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The control socket: a line protocol for injection and pause (see
 * control.h).
 */

#include "control.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "device.h"
#include "fault.h"
#include "log.h"

void ember_control_command(struct ember_device *dev, const char *line,
			   char *reply, size_t reply_size)
{
	const char *why;

	if (!strcmp(line, "pause")) {
		ember_sched_pause(&dev->sched);
	} else if (!strcmp(line, "resume")) {
		ember_sched_resume(&dev->sched);
	} else if (!strcmp(line, "status")) {
		snprintf(reply, reply_size, "ok rings=%u resets=%u faults=%u",
			 dev->num_rings,
			 ember_reg_read(&dev->regs, EMBER_REG_RESET_COUNT),
			 ember_reg_read(&dev->regs, EMBER_REG_FAULT_SEQ));
		return;
	} else if (ember_inject_parse(&dev->inject, line, dev->num_rings, &why)) {
		snprintf(reply, reply_size, "error %s", why);
		return;
	}
	ember_info("control_command command=\"%s\"", line);
	snprintf(reply, reply_size, "ok");
	if (__atomic_load_n(&dev->inject.die_now, __ATOMIC_RELAXED))
		ember_device_die(dev, "control");
	if (__atomic_exchange_n(&dev->inject.fault_seq_back, false, __ATOMIC_RELAXED))
		ember_fault_publish_seq_back(dev);
}

static void send_line(int fd, const char *text)
{
	char buf[EMBER_CONTROL_LINE_MAX + 8];
	int n = snprintf(buf, sizeof(buf), "%s\n", text);

	/* A reader that went away loses its reply; nothing else to do. */
	if (send(fd, buf, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		ember_debug("control_reply_lost err=\"%s\"", strerror(errno));
}

static void drop_client(struct ember_control *ctl)
{
	ember_event_loop_remove(ctl->loop, &ctl->client_src);
	close(ctl->client_src.fd);
	ctl->client_src.fd = -1;
	ctl->line_len = 0;
}

static void handle_client(struct ember_event_source *src)
{
	struct ember_control *ctl = container_of(src, struct ember_control,
						 client_src);
	char buf[256];
	ssize_t n = recv(src->fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		drop_client(ctl);
		return;
	}
	for (ssize_t i = 0; i < n; i++) {
		char reply[EMBER_CONTROL_LINE_MAX];

		if (buf[i] != '\n') {
			if (ctl->line_len == sizeof(ctl->line) - 1) {
				send_line(src->fd, "error line too long");
				drop_client(ctl);
				return;
			}
			ctl->line[ctl->line_len++] = buf[i];
			continue;
		}
		ctl->line[ctl->line_len] = '\0';
		ctl->line_len = 0;
		ember_control_command(ctl->dev, ctl->line, reply, sizeof(reply));
		send_line(src->fd, reply);
	}
}

static void handle_listen(struct ember_event_source *src)
{
	struct ember_control *ctl = container_of(src, struct ember_control,
						 listen_src);
	int fd = accept4(src->fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);

	if (fd < 0)
		return;
	if (ctl->client_src.fd >= 0) {
		send_line(fd, "error busy");
		close(fd);
		return;
	}
	ctl->client_src.fd = fd;
	if (ember_event_loop_add(ctl->loop, &ctl->client_src)) {
		close(fd);
		ctl->client_src.fd = -1;
	}
}

int ember_control_init(struct ember_control *ctl, struct ember_device *dev,
		       struct ember_event_loop *loop, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd, ret;

	*ctl = (struct ember_control) {
		.dev = dev,
		.loop = loop,
		.listen_src = { .fd = -1, .handle = handle_listen },
		.client_src = { .fd = -1, .handle = handle_client },
	};
	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	strcpy(addr.sun_path, path);

	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -errno;
	/* A control socket is ours to replace: only tests and tools talk to it. */
	unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(fd, 4) < 0) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ctl->listen_src.fd = fd;
	ctl->path = strdup(path);
	ret = ember_event_loop_add(loop, &ctl->listen_src);
	if (ret || !ctl->path) {
		ember_control_fini(ctl);
		return ret ? ret : -ENOMEM;
	}
	return 0;
}

void ember_control_fini(struct ember_control *ctl)
{
	if (ctl->client_src.fd >= 0)
		drop_client(ctl);
	if (ctl->listen_src.fd >= 0) {
		ember_event_loop_remove(ctl->loop, &ctl->listen_src);
		close(ctl->listen_src.fd);
		ctl->listen_src.fd = -1;
	}
	if (ctl->path)
		unlink(ctl->path);
	free(ctl->path);
	ctl->path = NULL;
}
