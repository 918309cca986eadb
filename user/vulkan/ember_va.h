/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: GPU virtual address allocator
 *
 * Userspace owns its VM's address space (ember.ko only maps where it is
 * told): a first-fit allocator over free ranges, sorted by address and
 * merged on free. Thread-safe.
 */

#ifndef EMBER_VA_H
#define EMBER_VA_H

#include <pthread.h>
#include <stdint.h>

struct ember_va_hole;

struct ember_va_heap {
	pthread_mutex_t lock;
	struct ember_va_hole *holes;	/* free ranges, sorted, never adjacent */
};

int ember_va_heap_init(struct ember_va_heap *heap, uint64_t start, uint64_t end);
void ember_va_heap_fini(struct ember_va_heap *heap);
/* A range of @size bytes aligned to @align (powers of two); 0 when full. */
uint64_t ember_va_alloc(struct ember_va_heap *heap, uint64_t size, uint64_t align);
void ember_va_free(struct ember_va_heap *heap, uint64_t va, uint64_t size);

#endif /* EMBER_VA_H */
