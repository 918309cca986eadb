/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The structured log (see log.h for the line format). The log is process
 * state: one destination and one level for the whole device.
 */

#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Long enough for any event the device logs; longer lines are cut. */
#define EMBER_LOG_LINE_MAX	1024

static int log_fd = STDERR_FILENO;
static enum ember_log_level log_level = EMBER_LOG_INFO;

static const char *const level_names[] = {
	[EMBER_LOG_DEBUG] = "debug",
	[EMBER_LOG_INFO] = "info",
	[EMBER_LOG_WARN] = "warn",
	[EMBER_LOG_ERROR] = "error",
};

int ember_log_open(const char *path)
{
	int fd;

	if (!path)
		return 0;

	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;

	ember_log_close();
	log_fd = fd;
	return 0;
}

void ember_log_close(void)
{
	if (log_fd != STDERR_FILENO)
		close(log_fd);
	log_fd = STDERR_FILENO;
}

void ember_log_set_level(enum ember_log_level level)
{
	log_level = level;
}

bool ember_log_parse_level(const char *name, enum ember_log_level *level)
{
	for (size_t i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++) {
		if (!strcmp(name, level_names[i])) {
			*level = (enum ember_log_level)i;
			return true;
		}
	}
	return false;
}

void ember_log(enum ember_log_level level, const char *fmt, ...)
{
	char line[EMBER_LOG_LINE_MAX];
	struct timespec now;
	struct tm tm;
	size_t len;
	va_list ap;
	int n;

	if (level < log_level)
		return;

	clock_gettime(CLOCK_REALTIME, &now);
	gmtime_r(&now.tv_sec, &tm);
	len = strftime(line, sizeof(line), "ts=%Y-%m-%dT%H:%M:%S", &tm);
	len += (size_t)snprintf(line + len, sizeof(line) - len,
				".%06ldZ level=%s event=",
				now.tv_nsec / 1000, level_names[level]);

	va_start(ap, fmt);
	n = vsnprintf(line + len, sizeof(line) - len, fmt, ap);
	va_end(ap);

	/* Keep room for the newline; mark a cut line so nobody trusts it whole. */
	if (n < 0 || (size_t)n >= sizeof(line) - len - 1) {
		len = sizeof(line) - 5;
		memcpy(line + len, "...", 3);
		len += 3;
	} else {
		len += (size_t)n;
	}
	line[len++] = '\n';

	/* One write per line: lines from several threads never interleave. */
	while (write(log_fd, line, len) < 0 && errno == EINTR)
		;
}
