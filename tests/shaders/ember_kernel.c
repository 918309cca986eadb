/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Ember compute executor (see ember_kernel.h). */

#include "ember_kernel.h"

#include "ember_host.h"
#include "ember_image.h"
#include "ember_isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ember_kernel {
	struct ember_host *host;
	void *binary;
	size_t binary_size;
	unsigned int buffer_count;
	unsigned int binding_count;	/* buffers only: images have raw descriptors */
	struct ember_host_binding bindings[CORPUS_MAX_BUFFERS];
	void *maps[CORPUS_MAX_BUFFERS];
	/* Images, samplers, texel buffers: packed contents (maps), device memory, descriptor. */
	struct kernel_buffer_desc resources[CORPUS_MAX_BUFFERS];
	void *device[CORPUS_MAX_BUFFERS];
	uint32_t desc[CORPUS_MAX_BUFFERS][EMBER_IMAGE_MAX_DESC_DWORDS];
	uint32_t desc_slot[CORPUS_MAX_BUFFERS];
	unsigned int desc_count[CORPUS_MAX_BUFFERS];	/* 0: none to write */
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
	struct ember_isa_shader shader;
	if (ember_isa_shader_parse(k->binary, k->binary_size, &shader)) {
		snprintf(err, err_size, "the compiled binary does not parse");
		ember_kernel_destroy(k);
		return NULL;
	}
	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];

		if (!corpus_kind_is_image(b->kind))
			continue;
		k->resources[i] = *b;
		k->maps[i] = calloc(1, b->size ? b->size : 1);
		uint64_t size = ember_image_memory_size(b), va = 0;
		if (size)
			va = ember_host_alloc(host, size, &k->device[i]);
		int ret = ember_image_descriptor(&shader, b, va, &k->desc_slot[i], k->desc[i],
						 &k->desc_count[i], err, err_size);
		if (!k->maps[i] || (size && !va) || ret < 0) {
			if (ret >= 0)
				snprintf(err, err_size, "out of memory for %llu bytes",
					 (unsigned long long)size);
			ember_kernel_destroy(k);
			return NULL;
		}
		if (ret)
			k->desc_count[i] = 0;
	}
	for (unsigned int i = 0; i < desc->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &desc->buffers[i];
		void *map;

		if (corpus_kind_is_image(b->kind))
			continue;
		uint64_t va = ember_host_alloc(host, b->size, &map);

		if (!va) {
			snprintf(err, err_size, "ember_host_alloc(%llu bytes) failed",
				 (unsigned long long)b->size);
			ember_kernel_destroy(k);
			return NULL;
		}
		k->maps[i] = map;
		k->bindings[k->binding_count++] = (struct ember_host_binding) {
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
		.binding_count = k->binding_count,
		.push_constants = k->push_size ? k->push : NULL,
		.push_size = k->push_size,
		.groups = { k->groups[0], k->groups[1], k->groups[2] },
	};
	struct ember_host_fault fault = { 0 };

	for (unsigned int i = 0; i < k->buffer_count; i++) {
		const struct kernel_buffer_desc *b = &k->resources[i];

		if (!corpus_kind_is_image(b->kind))
			continue;
		if (k->device[i])
			ember_image_to_device(b, k->device[i], k->maps[i]);
		if (k->desc_count[i] &&
		    !ember_host_write_descriptor(k->host, b->set, k->desc_slot[i], k->desc[i],
						 k->desc_count[i])) {
			snprintf(err, err_size, "descriptor of set %u slot %u out of range", b->set,
				 k->desc_slot[i]);
			return -1;
		}
	}
	int ret = ember_host_dispatch(k->host, &dispatch, &fault);

	for (unsigned int i = 0; ret == 0 && i < k->buffer_count; i++)
		if (k->device[i])
			ember_image_from_device(&k->resources[i], k->maps[i], k->device[i]);

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
	for (unsigned int i = 0; i < CORPUS_MAX_BUFFERS; i++)
		if (corpus_kind_is_image(k->resources[i].kind))
			free(k->maps[i]);
	free(k->binary);
	free(k);
}
