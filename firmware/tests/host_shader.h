/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Shaders through the host runner, for the shader-core tests
 *
 * What test_shader.c and test_image.c share: one host runner (ember_host.h:
 * guest RAM, page tables, a ring, DISPATCH) in @host, buffers in its guest
 * memory, assembly with the error as a TAP diagnostic, and one dispatch
 * with buffer bindings (set 0, binding i) whose unexpected faults are
 * reported.
 */

#ifndef EMBER_FW_TEST_HOST_SHADER_H
#define EMBER_FW_TEST_HOST_SHADER_H

#include <stddef.h>
#include <stdint.h>

#include "ember_host.h"

extern struct ember_host *host;

struct buffer {
	uint64_t va;
	void *cpu;
	uint64_t size;
};

/* A buffer of guest memory (aborts when there is none). */
struct buffer buffer(uint64_t size);
/* A malloc'd binary of @text, or NULL (the reason as a diagnostic). */
void *assemble(const char *text, size_t *size);
/*
 * Run @text on @groups with bindings (set 0, binding i) = @bufs[i]: 0; -1
 * on a fault (in *@fault; without @fault a diagnostic), -100 if it did not
 * assemble, or the runner's -errno.
 */
int run(const char *text, const uint32_t groups[3], const struct buffer *bufs,
	unsigned int nbufs, const void *push, uint32_t push_size,
	struct ember_host_fault *fault);

#endif /* EMBER_FW_TEST_HOST_SHADER_H */
