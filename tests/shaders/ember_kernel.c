/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Ember compute executor (see ember_kernel.h). */

#include "ember_kernel.h"

#include "ember_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ember_kernel {
	struct ember_host *host;
	void *binary;
	size_t binary_size;
	unsigned int buffer_count;
	struct ember_host_binding bindings[CORPUS_MAX_BUFFERS];
	void *maps[CORPUS_MAX_BUFFERS];
	uint8_t push[CORPUS_MAX_PUSH];
	uint32_t push_size;
	uint32_t groups[3];
};

struct ember_kernel *ember_kernel_create(struct ember_host *host, const struct kernel_desc *desc,
					 char *err, size_t err_size)
{
	struct ember_kernel *k;

	if (desc->buffer_count > CORPUS_MAX_BUFFERS || desc->spec_count > CORPUS_MAX_SPEC ||
	    desc->push_size > CORPUS_MAX_PUSH) {
		snprintf(err, err_size, "too many buffers, spec constants or push bytes");
		return NULL;
	}
	k = calloc(1, sizeof(*k));
	if (!k) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	k->host = host;
	if (ember_kernel_compile(desc, &k->binary, &k->binary_size, err, err_size)) {
		free(k);
		return NULL;
	}
	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];
		uint64_t va = ember_host_alloc(host, b->size, &k->maps[i]);

		if (!va) {
			snprintf(err, err_size, "ember_host_alloc(%llu bytes) failed",
				 (unsigned long long)b->size);
			ember_kernel_destroy(k);
			return NULL;
		}
		k->bindings[i] = (struct ember_host_binding) {
			.set = b->set, .binding = b->binding,
			.array_index = b->array_index,
			.va = va, .range = b->range ? b->range : b->size,
		};
	}
	k->buffer_count = desc->buffer_count;
	memcpy(k->push, desc->push, desc->push_size);
	k->push_size = desc->push_size;
	memcpy(k->groups, desc->groups, sizeof(k->groups));
	return k;
}

const void *ember_kernel_binary(const struct ember_kernel *k, size_t *size)
{
	*size = k->binary_size;
	return k->binary;
}

void *ember_kernel_buffer(struct ember_kernel *k, unsigned int index)
{
	return k->maps[index];
}

int ember_kernel_run(struct ember_kernel *k, char *err, size_t err_size)
{
	const struct ember_host_dispatch dispatch = {
		.shader = k->binary,
		.shader_size = k->binary_size,
		.bindings = k->bindings,
		.binding_count = k->buffer_count,
		.push_constants = k->push_size ? k->push : NULL,
		.push_size = k->push_size,
		.groups = { k->groups[0], k->groups[1], k->groups[2] },
	};
	struct ember_host_fault fault = { 0 };
	int ret = ember_host_dispatch(k->host, &dispatch, &fault);

	if (ret == -1) {
		snprintf(err, err_size, "GPU fault: kind %u, detail 0x%x, va 0x%llx", fault.kind,
			 fault.detail, (unsigned long long)fault.va);
		return -1;
	}
	if (ret) {
		snprintf(err, err_size, "ember_host_dispatch: %s", strerror(-ret));
		return -1;
	}
	return 0;
}

void ember_kernel_destroy(struct ember_kernel *k)
{
	free(k->binary);
	free(k);
}
