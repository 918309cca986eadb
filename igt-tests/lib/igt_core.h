/* SPDX-License-Identifier: MIT */
/*
 * The part of IGT's test API (lib/igt_core.h upstream) that Ember's tests
 * use, with IGT's semantics and output format, so tests/ember/ can move into
 * IGT unchanged. IGT itself is not packaged as a library.
 */
#ifndef IGT_CORE_H
#define IGT_CORE_H

#include <setjmp.h>
#include <stdlib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

#define IGT_EXIT_SUCCESS 0
#define IGT_EXIT_SKIP 77
#define IGT_EXIT_FAILURE 98
#define IGT_EXIT_ABORT 112

extern sigjmp_buf igt_subtest_jmpbuf;

bool __igt_run_subtest(const char *name, const char *func, int line);
bool __igt_fixture(void);
void __igt_fixture_complete(void);
void igt_success(void);
__attribute__((noreturn)) void igt_fail(int exitcode);
__attribute__((noreturn, format(printf, 1, 2))) void igt_skip(const char *fmt, ...);
__attribute__((noreturn)) void __igt_fail_assert(const char *domain, const char *file,
						 int line, const char *func,
						 const char *assertion,
						 const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
__attribute__((noreturn)) void __igt_skip_check(const char *file, int line,
						const char *func, const char *check,
						const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void igt_subtest_init_parse_opts(int *argc, char **argv);
__attribute__((noreturn)) void igt_exit(void);
bool igt_only_list_subtests(void);
void igt_describe_f(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

__attribute__((format(printf, 1, 2))) void igt_info(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void igt_debug(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void igt_warn(const char *fmt, ...);

#define igt_describe(str) igt_describe_f("%s", str)

#define __igt_concat2(x, y) x ## y
#define __igt_concat(x, y) __igt_concat2(x, y)
#define igt_unique(prefix) __igt_concat(prefix, __LINE__)

/**
 * igt_fixture - Code shared by the subtests that follow it. A failed
 * requirement inside skips every later subtest; a failed assertion fails
 * every later subtest.
 */
#define igt_fixture \
	for (int igt_unique(__fixture) = 0; \
	     igt_unique(__fixture) < 1 && __igt_fixture() && \
	     (sigsetjmp(igt_subtest_jmpbuf, 1) == 0); \
	     igt_unique(__fixture)++, __igt_fixture_complete())

/**
 * igt_subtest - One subtest. The body ends by falling off the end (success)
 * or by a failed assertion or requirement, which jump back here.
 */
#define igt_subtest(name) \
	for (; __igt_run_subtest((name), __func__, __LINE__) && \
	       (sigsetjmp(igt_subtest_jmpbuf, 1) == 0); \
	     igt_success())

bool __igt_fork(void);
void igt_waitchildren(void);

/**
 * igt_fork - Runs the body in @num_children child processes (@child is the
 * index) while the parent goes on; igt_waitchildren() waits for them and
 * fails the subtest if one failed. A failed assertion in a child ends that
 * child only, with a failure status.
 */
#define igt_fork(child, num_children) \
	for (int child = 0; child < (num_children); child++) \
		for (; __igt_fork(); exit(IGT_EXIT_SUCCESS))

#define igt_main \
	static void igt_unique(__real_main)(void); \
	int main(int argc, char **argv) \
	{ \
		igt_subtest_init_parse_opts(&argc, argv); \
		igt_unique(__real_main)(); \
		igt_exit(); \
	} \
	static void igt_unique(__real_main)(void)

#define igt_assert(expr) \
	do { \
		if (!(expr)) \
			__igt_fail_assert("", __FILE__, __LINE__, __func__, #expr, NULL); \
	} while (0)

#define igt_assert_f(expr, f...) \
	do { \
		if (!(expr)) \
			__igt_fail_assert("", __FILE__, __LINE__, __func__, #expr, f); \
	} while (0)

#define igt_fail_on(expr) igt_assert(!(expr))
#define igt_fail_on_f(expr, f...) igt_assert_f(!(expr), f)

#define igt_assert_cmpint(n1, cmp, ncmp, n2) \
	do { \
		long long __n1 = (n1), __n2 = (n2); \
		if (!(__n1 cmp __n2)) \
			__igt_fail_assert("", __FILE__, __LINE__, __func__, \
					  #n1 " " #cmp " " #n2, \
					  "error: %lld " #ncmp " %lld\n", __n1, __n2); \
	} while (0)

#define igt_assert_cmpu64(n1, cmp, ncmp, n2) \
	do { \
		uint64_t __n1 = (n1), __n2 = (n2); \
		if (!(__n1 cmp __n2)) \
			__igt_fail_assert("", __FILE__, __LINE__, __func__, \
					  #n1 " " #cmp " " #n2, \
					  "error: %#llx " #ncmp " %#llx\n", \
					  (unsigned long long)__n1, \
					  (unsigned long long)__n2); \
	} while (0)

#define igt_assert_eq(n1, n2) igt_assert_cmpint(n1, ==, !=, n2)
#define igt_assert_neq(n1, n2) igt_assert_cmpint(n1, !=, ==, n2)
#define igt_assert_lt(n1, n2) igt_assert_cmpint(n1, <, >=, n2)
#define igt_assert_lte(n1, n2) igt_assert_cmpint(n1, <=, >, n2)
#define igt_assert_eq_u32(n1, n2) igt_assert_cmpu64((uint32_t)(n1), ==, !=, (uint32_t)(n2))
#define igt_assert_eq_u64(n1, n2) igt_assert_cmpu64(n1, ==, !=, n2)
#define igt_assert_lt_u64(n1, n2) igt_assert_cmpu64(n1, <, >=, n2)
#define igt_assert_lte_u64(n1, n2) igt_assert_cmpu64(n1, <=, >, n2)
#define igt_assert_neq_u64(n1, n2) igt_assert_cmpu64(n1, !=, ==, n2)

#define igt_assert_eq_str(s1, s2) \
	igt_assert_f(strcmp((s1), (s2)) == 0, "error: \"%s\" != \"%s\"\n", (s1), (s2))

#define igt_require(expr) \
	do { \
		if (!(expr)) \
			__igt_skip_check(__FILE__, __LINE__, __func__, #expr, NULL); \
	} while (0)

#define igt_require_f(expr, f...) \
	do { \
		if (!(expr)) \
			__igt_skip_check(__FILE__, __LINE__, __func__, #expr, f); \
	} while (0)

#define igt_skip_on(expr) igt_require(!(expr))

#endif /* IGT_CORE_H */
