/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Shaders through the host runner (host_shader.h). */

#include "host_shader.h"

#include <stdlib.h>

#include "ember_isa.h"
#include "tap.h"

struct ember_host *host;

struct buffer buffer(uint64_t size)
{
	struct buffer b = { .size = size };

	b.va = ember_host_alloc(host, size, &b.cpu);
	if (!b.va)
		abort();
	return b;
}

void *assemble(const char *text, size_t *size)
{
	char err[256];
	void *bin;

	if (ember_isa_assemble(text, &bin, size, err, sizeof(err))) {
		tap_diag("assembly failed: %s", err);
		return NULL;
	}
	return bin;
}

int run(const char *text, const uint32_t groups[3], const struct buffer *bufs,
	       unsigned int nbufs, const void *push, uint32_t push_size,
	       struct ember_host_fault *fault)
{
	struct ember_host_binding bindings[8];
	struct ember_host_fault unused;
	size_t size;
	void *bin = assemble(text, &size);
	int ret;

	if (!bin)
		return -100;
	for (unsigned int i = 0; i < nbufs; i++)
		bindings[i] = (struct ember_host_binding) {
			.set = 0, .binding = i, .va = bufs[i].va, .range = bufs[i].size,
		};
	ret = ember_host_dispatch(host, &(struct ember_host_dispatch) {
		.shader = bin, .shader_size = size,
		.bindings = bindings, .binding_count = nbufs,
		.push_constants = push, .push_size = push_size,
		.groups = { groups[0], groups[1], groups[2] },
	}, fault ? fault : &unused);
	free(bin);
	if (ret == -1 && !fault)
		tap_diag("unexpected fault: kind %u detail 0x%x va 0x%llx", unused.kind,
			 unused.detail, (unsigned long long)unused.va);
	return ret;
}
