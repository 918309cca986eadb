/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* TAP output for the firmware's host tests (see tap.h). */

#include "tap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned int tap_count, tap_failed, tap_skipped;

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

bool tap_result(bool ok, const char *name)
{
	tap_count++;
	if (!ok)
		tap_failed++;
	printf("%sok %u - %s\n", ok ? "" : "not ", tap_count, name);
	fflush(stdout);
	return ok;
}

void tap_skip(const char *name, const char *why)
{
	tap_count++;
	tap_skipped++;
	printf("ok %u - %s # SKIP %s\n", tap_count, name, why);
	fflush(stdout);
}

int tap_finish(void)
{
	printf("1..%u\n", tap_count);
	printf("# %u passed, %u failed, %u skipped\n", tap_count - tap_failed - tap_skipped,
	       tap_failed, tap_skipped);
	fflush(stdout);
	return tap_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
