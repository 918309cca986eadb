/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The guest the fuzzer builds, shared with the seed generator so the seeds
 * point where the fuzzer maps things.
 */

#ifndef EMBER_FW_FUZZ_LAYOUT_H
#define EMBER_FW_FUZZ_LAYOUT_H

#define FUZZ_RAM_SIZE		(1u << 20)
#define FUZZ_CTX		1
#define FUZZ_IB_VA		0x10000ull
#define FUZZ_IB_MAX		0x2000
#define FUZZ_DATA_VA		0x40000ull
#define FUZZ_DATA_SIZE		0x8000
#define FUZZ_RING_MAX		0x1000

#endif /* EMBER_FW_FUZZ_LAYOUT_H */
