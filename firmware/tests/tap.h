/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A minimal TAP producer for the firmware's host tests: one "ok N - name" or
 * "not ok N - name" line per subtest, diagnostics as "# ..." lines, the plan
 * at the end, then "# N passed, N failed". Subtests are functions returning
 * bool; the CHECK macros print what failed and where, and return false.
 */

#ifndef EMBER_FW_TEST_TAP_H
#define EMBER_FW_TEST_TAP_H

#include <stdbool.h>
#include <stdint.h>

void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Record a subtest's result; returns @ok. */
bool tap_result(bool ok, const char *name);
/* Record a subtest that did not run: "ok N - name # SKIP why". */
void tap_skip(const char *name, const char *why);
/* Print the plan and the summary; returns the process exit status. */
int tap_finish(void);

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			tap_diag("%s:%d: check failed: %s",		\
				 __FILE__, __LINE__, #cond);		\
			return false;					\
		}							\
	} while (0)

#define CHECK_EQ(actual, expected)					\
	do {								\
		uint64_t actual_ = (uint64_t)(actual);			\
		uint64_t expected_ = (uint64_t)(expected);		\
		if (actual_ != expected_) {				\
			tap_diag("%s:%d: check failed: %s == %s "	\
				 "(0x%llx != 0x%llx)",			\
				 __FILE__, __LINE__, #actual, #expected,\
				 (unsigned long long)actual_,		\
				 (unsigned long long)expected_);	\
			return false;					\
		}							\
	} while (0)

#endif /* EMBER_FW_TEST_TAP_H */
