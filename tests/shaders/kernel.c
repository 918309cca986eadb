/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* A corpus test as a back-end neutral kernel description (see kernel.h). */

#include "kernel.h"

void kernel_desc_from_test(const struct corpus_test *t, struct kernel_buffer_desc *buffers,
			   struct kernel_desc *desc)
{
	for (unsigned int i = 0; i < t->buffer_count; i++) {
		const struct corpus_buffer *b = &t->buffers[i];

		buffers[i] = (struct kernel_buffer_desc) {
			.set = b->set, .binding = b->binding, .array_index = b->array_index,
			.uniform = b->kind == CORPUS_UNIFORM, .kind = b->kind,
			.image = corpus_kind_is_image(b->kind) && b->kind != CORPUS_SAMPLER ?
				 &b->image : NULL,
			.sampler = b->kind == CORPUS_SAMPLER || b->kind == CORPUS_COMBINED_IMAGE ?
				   &b->sampler : NULL,
			.size = b->size, .range = b->range,
		};
	}
	*desc = (struct kernel_desc) {
		.spirv = t->spirv, .spirv_words = t->spirv_words,
		.buffers = buffers, .buffer_count = t->buffer_count,
		.push = t->push, .push_size = t->push_size,
		.spec = t->spec, .spec_count = t->spec_count,
		.groups = { t->groups[0], t->groups[1], t->groups[2] },
	};
}
