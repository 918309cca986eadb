// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Copyright 2026 The Ember Authors */

#include <kunit/test.h>

#include <linux/string.h>

#include "../ember_gpu.h"
#include "../ember_regs.h"

/* What the register page of a device the driver binds to reads. */
#define MAGIC		EMBER_MAGIC
#define VERSION		EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT, \
					 EMBER_HW_VERSION_MINOR_CURRENT)
#define READY		EMBER_STATUS_READY
#define MGMT		EMBER_CAP_MGMT
#define VECTORS		EMBER_MIN_VECTORS

#define ID(m, v, s, c, n) \
	{ .magic = (m), .hw_version = (v), .status = (s), .caps = (c), .num_vectors = (n) }

struct ember_gpu_id_case {
	const char *name;
	struct ember_gpu_id id;
	enum ember_gpu_id_verdict verdict;
};

static const struct ember_gpu_id_case ember_gpu_id_cases[] = {
	{ "current-device", ID(MAGIC, VERSION, READY, MGMT, VECTORS), EMBER_GPU_ID_OK },
	{ "newer-minor-version",
	  ID(MAGIC, EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT, 0xffff), READY, MGMT,
	     VECTORS),
	  EMBER_GPU_ID_OK },
	{ "more-caps", ID(MAGIC, VERSION, READY, ~0u, VECTORS), EMBER_GPU_ID_OK },
	{ "most-vectors", ID(MAGIC, VERSION, READY, MGMT, EMBER_MAX_VECTORS), EMBER_GPU_ID_OK },
	/* A plain ivshmem device's zeroed memory: the magic goes first. */
	{ "plain-ivshmem", ID(0, 0, 0, 0, 0), EMBER_GPU_ID_BAD_MAGIC },
	{ "byte-swapped-magic", ID(0x454d4252, VERSION, READY, MGMT, VECTORS),
	  EMBER_GPU_ID_BAD_MAGIC },
	{ "older-major-version",
	  ID(MAGIC, EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT - 1, 0), READY, MGMT,
	     VECTORS),
	  EMBER_GPU_ID_BAD_VERSION },
	{ "newer-major-version",
	  ID(MAGIC, EMBER_HW_VERSION(EMBER_HW_VERSION_MAJOR_CURRENT + 1, 0), READY, MGMT,
	     VECTORS),
	  EMBER_GPU_ID_BAD_VERSION },
	{ "not-ready", ID(MAGIC, VERSION, 0, MGMT, VECTORS), EMBER_GPU_ID_NOT_READY },
	{ "ready-but-failed", ID(MAGIC, VERSION, READY | EMBER_STATUS_FAILED, MGMT, VECTORS),
	  EMBER_GPU_ID_NOT_READY },
	/* The description is only valid once READY: not-ready goes first. */
	{ "not-ready-without-description", ID(MAGIC, VERSION, 0, 0, 0),
	  EMBER_GPU_ID_NOT_READY },
	{ "no-mailbox", ID(MAGIC, VERSION, READY, 0, VECTORS), EMBER_GPU_ID_NO_MGMT },
	{ "too-few-vectors", ID(MAGIC, VERSION, READY, MGMT, EMBER_MIN_VECTORS - 1),
	  EMBER_GPU_ID_BAD_VECTORS },
	{ "too-many-vectors", ID(MAGIC, VERSION, READY, MGMT, EMBER_MAX_VECTORS + 1),
	  EMBER_GPU_ID_BAD_VECTORS },
};

static void ember_gpu_id_case_desc(const struct ember_gpu_id_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ember_gpu_id, ember_gpu_id_cases, ember_gpu_id_case_desc);

static void ember_gpu_id_check_verdict(struct kunit *test)
{
	const struct ember_gpu_id_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, ember_gpu_id_check(&c->id), c->verdict);
}

static struct kunit_case ember_gpu_id_tests[] = {
	KUNIT_CASE_PARAM(ember_gpu_id_check_verdict, ember_gpu_id_gen_params),
	{}
};

static struct kunit_suite ember_gpu_id_test_suite = {
	.name = "ember_gpu_id",
	.test_cases = ember_gpu_id_tests,
};

kunit_test_suite(ember_gpu_id_test_suite);
