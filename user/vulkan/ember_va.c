/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* The GPU VA allocator (ember_va.h). */

#include "ember_va.h"

#include <errno.h>
#include <stdlib.h>

struct ember_va_hole {
	uint64_t start, end;
	struct ember_va_hole *next;
};

int ember_va_heap_init(struct ember_va_heap *heap, uint64_t start, uint64_t end)
{
	pthread_mutex_init(&heap->lock, NULL);
	heap->holes = calloc(1, sizeof(*heap->holes));
	if (!heap->holes)
		return -ENOMEM;
	heap->holes->start = start;
	heap->holes->end = end;
	return 0;
}

void ember_va_heap_fini(struct ember_va_heap *heap)
{
	while (heap->holes) {
		struct ember_va_hole *next = heap->holes->next;

		free(heap->holes);
		heap->holes = next;
	}
	pthread_mutex_destroy(&heap->lock);
}

uint64_t ember_va_alloc(struct ember_va_heap *heap, uint64_t size, uint64_t align)
{
	struct ember_va_hole **link, *hole;
	uint64_t va = 0;

	if (!size)
		return 0;
	pthread_mutex_lock(&heap->lock);
	for (link = &heap->holes; (hole = *link); link = &hole->next) {
		uint64_t start = (hole->start + align - 1) & ~(align - 1);

		if (start < hole->start || start > hole->end || hole->end - start < size)
			continue;
		va = start;
		if (start > hole->start && start + size < hole->end) {
			/* Split: the front stays a hole, a new hole follows. */
			struct ember_va_hole *tail = malloc(sizeof(*tail));

			if (!tail) {
				va = 0;
				break;
			}
			tail->start = start + size;
			tail->end = hole->end;
			tail->next = hole->next;
			hole->end = start;
			hole->next = tail;
		} else if (start > hole->start) {
			hole->end = start;
		} else if (start + size < hole->end) {
			hole->start = start + size;
		} else {
			*link = hole->next;
			free(hole);
		}
		break;
	}
	pthread_mutex_unlock(&heap->lock);
	return va;
}

void ember_va_free(struct ember_va_heap *heap, uint64_t va, uint64_t size)
{
	struct ember_va_hole **link, *hole, *prev = NULL;
	uint64_t end = va + size;

	if (!va || !size)
		return;
	pthread_mutex_lock(&heap->lock);
	for (link = &heap->holes; (hole = *link) && hole->start < va; link = &hole->next)
		prev = hole;
	if (prev && prev->end == va) {
		prev->end = end;
		if (hole && hole->start == end) {
			prev->end = hole->end;
			prev->next = hole->next;
			free(hole);
		}
	} else if (hole && hole->start == end) {
		hole->start = va;
	} else {
		struct ember_va_hole *n = malloc(sizeof(*n));

		/* Out of memory: the range is lost to the heap, never reused. */
		if (n) {
			n->start = va;
			n->end = end;
			n->next = hole;
			*link = n;
		}
	}
	pthread_mutex_unlock(&heap->lock);
}
