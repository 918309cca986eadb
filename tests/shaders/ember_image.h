/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Corpus images on Ember
 *
 * What both Ember executors (the host core, ember_kernel.c, and ember.ko,
 * ember_drm_runner.c) do with a corpus image, sampler or texel buffer:
 * images live where the contract's one layout implementation
 * (hw/image/ember_image_layout.c) places them — TILED_4K (ember-hw.rst,
 * "Memory layouts"; the only one with levels and the only one of depth
 * formats), or LINEAR when the description says "linear" — converted from
 * and to the corpus' packed contents around a dispatch; texel buffers are
 * their packed contents. The descriptors are packed by the generated
 * helpers of hw/ (ember_shader_hw.h) and go to the slot the shader
 * header gives (set, binding), element i at slot + i * the kind's slots.
 */

#ifndef EMBER_CORPUS_IMAGE_H
#define EMBER_CORPUS_IMAGE_H

#include "kernel.h"

struct ember_isa_shader;

/* Bytes of device memory resource @b needs (0: a sampler, none). */
uint64_t ember_image_memory_size(const struct kernel_buffer_desc *b);
/* Copy between the packed contents and device memory of @b (images: laid out). */
void ember_image_to_device(const struct kernel_buffer_desc *b, void *device, const void *packed);
void ember_image_from_device(const struct kernel_buffer_desc *b, void *packed, const void *device);

/* At most 24 dwords: a combined image's image and sampler. */
#define EMBER_IMAGE_MAX_DESC_DWORDS 24

/*
 * The descriptor of image, sampler or texel buffer @b at GPU VA @va for
 * shader @s: *@slot in set b->set, @dw, *@count dwords. 1 if the shader does
 * not declare it (nothing to write), 0, or -1 with a message in @err.
 */
int ember_image_descriptor(const struct ember_isa_shader *s, const struct kernel_buffer_desc *b,
			   uint64_t va, uint32_t *slot, uint32_t *dw, unsigned int *count,
			   char *err, size_t err_size);

#endif /* EMBER_CORPUS_IMAGE_H */
