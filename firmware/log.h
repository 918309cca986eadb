/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Structured log
 *
 * ember-gpu logs one line per event, so a test harness or a person can grep
 * and parse the device's history next to QEMU's and the guest's:
 *
 *   ts=2026-11-21T10:00:00.123456Z level=info event=client_connected peer=1
 *
 * ts is UTC wall-clock time with microseconds; level is debug, info, warn or
 * error; event is the first word of the format string; the rest are
 * key=value fields written by the caller. Values that may contain spaces
 * (paths, error strings) are written in double quotes by convention.
 *
 * Each line is formatted into a buffer and written with a single write(2),
 * so lines from different threads never interleave. Lines longer than the
 * buffer are cut and end in "...".
 */

#ifndef EMBER_FW_LOG_H
#define EMBER_FW_LOG_H

#include <stdbool.h>

enum ember_log_level {
	EMBER_LOG_DEBUG,
	EMBER_LOG_INFO,
	EMBER_LOG_WARN,
	EMBER_LOG_ERROR,
};

/* Log to @path (appending), or to stderr when @path is NULL. */
int ember_log_open(const char *path);
void ember_log_close(void);

/* Lines below @level are dropped. Set before any thread starts. */
void ember_log_set_level(enum ember_log_level level);
bool ember_log_parse_level(const char *name, enum ember_log_level *level);

/* @fmt starts with the event name, then " key=value" fields. */
void ember_log(enum ember_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define ember_debug(...)	ember_log(EMBER_LOG_DEBUG, __VA_ARGS__)
#define ember_info(...)		ember_log(EMBER_LOG_INFO, __VA_ARGS__)
#define ember_warn(...)		ember_log(EMBER_LOG_WARN, __VA_ARGS__)
#define ember_error(...)	ember_log(EMBER_LOG_ERROR, __VA_ARGS__)

#endif /* EMBER_FW_LOG_H */
