/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The draw tests' address space (draw_test_mem.h). */

#include "draw_test_mem.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>

/* The buffer holding @va, or NULL. */
static unsigned int find(const struct test_mem *tm, uint64_t va, int *found)
{
	for (unsigned int i = 0; i < tm->count; i++) {
		if (va >= tm->buf[i].va && va - tm->buf[i].va < tm->buf[i].size) {
			*found = 1;
			return i;
		}
	}
	*found = 0;
	return 0;
}

static int test_read(void *ctx, uint64_t va, void *dst, uint64_t size,
		     uint64_t *fault_va)
{
	struct test_mem *tm = ctx;
	uint8_t *out = dst;

	while (size) {
		int found;
		unsigned int i = find(tm, va, &found);
		uint64_t off, run;

		if (!found) {
			*fault_va = va;
			return EMBER_FAULT_TRANSLATION;
		}
		off = va - tm->buf[i].va;
		run = tm->buf[i].size - off;
		if (run > size)
			run = size;
		memcpy(out, tm->buf[i].data + off, run);
		out += run;
		va += run;
		size -= run;
	}
	return 0;
}

void test_mem_init(struct test_mem *tm)
{
	memset(tm, 0, sizeof(*tm));
	tm->mem.read = test_read;
	tm->mem.ctx = tm;
}

uint8_t *test_mem_map(struct test_mem *tm, uint64_t va, uint64_t size)
{
	uint8_t *data = calloc(1, size ? size : 1);

	if (!data || tm->count == TEST_MEM_MAX_BUFFERS)
		abort();
	tm->buf[tm->count].va = va;
	tm->buf[tm->count].size = size;
	tm->buf[tm->count].data = data;
	tm->count++;
	return data;
}

void test_mem_free(struct test_mem *tm)
{
	for (unsigned int i = 0; i < tm->count; i++)
		free(tm->buf[i].data);
	tm->count = 0;
}

void test_mem_write(struct test_mem *tm, uint64_t va, const void *src, uint64_t size)
{
	const uint8_t *in = src;

	for (uint64_t b = 0; b < size; b++) {
		int found;
		unsigned int i = find(tm, va + b, &found);

		if (!found)
			abort();
		tm->buf[i].data[va + b - tm->buf[i].va] = in[b];
	}
}

void test_mem_write_dwords(struct test_mem *tm, uint64_t va, const uint32_t *dw,
			   unsigned int count)
{
	for (unsigned int i = 0; i < count; i++) {
		uint32_t le = htole32(dw[i]);

		test_mem_write(tm, va + 4ull * i, &le, 4);
	}
}
