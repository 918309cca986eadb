/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: One compute kernel, back-end neutral
 *
 * What both executors (lvp.h: lavapipe, ember_kernel.h: Ember's compiler +
 * shader core) need to build a kernel that can then run many times: the
 * SPIR-V, the buffers with their set/binding and sizes, push and
 * specialization constants and the dispatch size. The corpus runners and
 * the shader benchmarks describe their kernels with it.
 */

#ifndef EMBER_KERNEL_H
#define EMBER_KERNEL_H

#include "corpus.h"

struct kernel_buffer_desc {
	uint32_t set, binding;
	uint32_t array_index;	/* element of an array of descriptors */
	bool uniform;
	enum corpus_buffer_kind kind;		/* CORPUS_STORAGE or CORPUS_UNIFORM for buffers */
	const struct corpus_image *image;	/* images and texel buffers, else NULL */
	const struct corpus_sampler *sampler;	/* samplers and combined images, else NULL */
	uint64_t size;		/* bytes allocated */
	uint64_t range;		/* bytes bound (0 = size) */
};

struct kernel_desc {
	const uint32_t *spirv;
	size_t spirv_words;
	const struct kernel_buffer_desc *buffers;
	unsigned int buffer_count;
	const void *push;
	uint32_t push_size;
	const struct corpus_spec_constant *spec;
	unsigned int spec_count;
	uint32_t groups[3];
};

/* The kernel of a corpus test, its buffers pointing at @buffers (buffer_count entries). */
void kernel_desc_from_test(const struct corpus_test *t, struct kernel_buffer_desc *buffers,
			   struct kernel_desc *desc);

#endif /* EMBER_KERNEL_H */
