/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A GPU address space for the draw tests: a few buffers at chosen VAs,
 * everything else unmapped (a read there is a translation fault at the
 * first unmapped byte), so every path of draw_memory.h runs without a
 * guest. Each buffer is allocated at its exact size: under ASan any read
 * past it is an error.
 */

#ifndef EMBER_DRAW_TEST_MEM_H
#define EMBER_DRAW_TEST_MEM_H

#include <stdint.h>

#include "draw_memory.h"

#define TEST_MEM_MAX_BUFFERS	16

struct test_mem {
	unsigned int count;
	struct {
		uint64_t va, size;
		uint8_t *data;
	} buf[TEST_MEM_MAX_BUFFERS];
	struct ember_draw_mem mem;
};

void test_mem_init(struct test_mem *tm);
/* A zeroed buffer of @size bytes at @va; returns its host memory. */
uint8_t *test_mem_map(struct test_mem *tm, uint64_t va, uint64_t size);
void test_mem_free(struct test_mem *tm);

/* Little-endian stores into mapped memory (the VA must be mapped). */
void test_mem_write(struct test_mem *tm, uint64_t va, const void *src, uint64_t size);
void test_mem_write_dwords(struct test_mem *tm, uint64_t va, const uint32_t *dw,
			   unsigned int count);

#endif /* EMBER_DRAW_TEST_MEM_H */
