/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Guest page tables for tests
 *
 * The driver's side of the Ember page-table format (ember_packets.h),
 * over a guest RAM the test has mapped at @ram (GPA 0 at offset 0, as for
 * any guest RAM below the q35 low-memory split). Shared by the in-process
 * guest (guest.c) and by test_ember_gpu, which maps the real binary's
 * guest-RAM file: it needs only the hardware contract headers.
 */

#ifndef EMBER_FW_TEST_GUEST_PT_H
#define EMBER_FW_TEST_GUEST_PT_H

#include <stdint.h>

#include "ember_packets.h"
#include "ember_regs.h"

/* Returns the GPA of a zeroed page for a new table. */
typedef uint64_t (*guest_pt_alloc_fn)(void *arg);

/*
 * The leaf entry of @va under the level-4 table at @root, creating the
 * missing tables on the way with @alloc.
 */
uint64_t *guest_pt_leaf(uint8_t *ram, uint64_t root, uint64_t va,
			guest_pt_alloc_fn alloc, void *arg);

/* Map [@va, @va + @size) to [@gpa, ...) with @flags under @root. */
void guest_pt_map(uint8_t *ram, uint64_t root, uint64_t va, uint64_t gpa,
		  uint64_t size, uint64_t flags, guest_pt_alloc_fn alloc,
		  void *arg);

#endif /* EMBER_FW_TEST_GUEST_PT_H */
