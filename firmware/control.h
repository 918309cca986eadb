/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Control socket
 *
 * ember-gpu --control PATH listens on a unix stream socket for a line
 * protocol, so tests can make the device misbehave while a guest runs. One
 * command per line, one reply line per command, "ok" or "error REASON":
 *
 *   hang-ring=N | fault-next-job | drop-irq | die-after-jobs=N | die
 *                 the injection knobs of inject.h
 *   pause, resume the scheduler's pause (no ring gets the engine)
 *   status        "ok rings=N resets=N faults=N"
 *
 * One client is served at a time; another is told "error busy" and
 * closed. Lines longer than EMBER_CONTROL_LINE_MAX are an error and end
 * the connection. Everything runs on the event loop's thread.
 */

#ifndef EMBER_FW_CONTROL_H
#define EMBER_FW_CONTROL_H

#include <stddef.h>

#include "event_loop.h"

#define EMBER_CONTROL_LINE_MAX	128

struct ember_device;

struct ember_control {
	struct ember_device *dev;
	struct ember_event_loop *loop;
	struct ember_event_source listen_src;
	struct ember_event_source client_src;
	char *path;
	char line[EMBER_CONTROL_LINE_MAX];
	size_t line_len;
};

int ember_control_init(struct ember_control *ctl, struct ember_device *dev,
		       struct ember_event_loop *loop, const char *path);
void ember_control_fini(struct ember_control *ctl);

/*
 * Execute one command line (without its newline); write the reply
 * (without newline) to @reply. Shared with tests.
 */
void ember_control_command(struct ember_device *dev, const char *line,
			   char *reply, size_t reply_size);

#endif /* EMBER_FW_CONTROL_H */
