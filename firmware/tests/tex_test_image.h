/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Test images for the texture unit's tests
 *
 * A flat "GPU memory" arena at a fixed VA served by a memory callback
 * that faults (translation) outside it and counts accesses, and a builder
 * that lays out an image in it (linear: padded row and slice pitches so
 * the unit must use them; tiled: rows of 4 KiB tiles) and fills it with
 * texels encoded by the reference codec.
 */

#ifndef EMBER_FW_TEST_TEX_TEST_IMAGE_H
#define EMBER_FW_TEST_TEX_TEST_IMAGE_H

#include "tex_ref_sampler.h"
#include "texture/tex_unit.h"

#define ARENA_VA	0x10000000ull
#define ARENA_SIZE	(16u << 20)

struct test_image {
	struct ember_tex_image img;
	struct ref_image ri;
};

extern uint8_t *arena;
extern unsigned long arena_accesses;
extern const struct ember_tex_memory arena_memory;
/* The same with the map_page fast path. */
extern const struct ember_tex_memory arena_memory_paged;

uint64_t test_rand(void);
/* Uniform in [lo, hi). */
float test_uniform(float lo, float hi);

/* Forget every image (the arena is reused from its start). */
void test_images_reset(void);

/* @bytes of the arena, 4 KiB aligned, for an image laid out by hand: its VA. */
uint64_t test_arena_alloc(uint64_t bytes);

/*
 * Lay out and fill an image of @vk_format (@aspect) and @view_type in the
 * arena; false if the format is unknown to the reference.
 */
bool test_image_init(struct test_image *t, uint32_t vk_format, unsigned int aspect,
		     unsigned int view_type, uint32_t width, uint32_t height,
		     uint32_t depth, uint32_t levels, uint32_t layers,
		     uint32_t samples, unsigned int layout);

/* The test's own address of a texel in a tiled image (see tex_image.h). */
uint64_t test_tiled_va(const struct ember_tex_image *img, unsigned int bytes,
		       uint32_t level, uint32_t x, uint32_t y, uint32_t z);

#endif /* EMBER_FW_TEST_TEX_TEST_IMAGE_H */
