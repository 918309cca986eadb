/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* References of the image shaders (corpus/image_*.comp, texel_*.comp). */

#include "corpus_refs.h"

#include <string.h>

/* Every image of the test, texels swapped with their horizontal mirror. */
static void image_mirror_x(struct corpus_test *t)
{
	for (unsigned int i = 0; i < t->buffer_count; i++) {
		struct corpus_buffer *b = &t->buffers[i];
		uint32_t w = b->image.width, h = b->image.height, E = b->image.texel_size;

		if (b->kind != CORPUS_STORAGE_IMAGE || !b->expected)
			continue;
		for (uint32_t y = 0; y < h; y++)
			for (uint32_t x = 0; x < w; x++)
				memcpy((uint8_t *)b->expected + (y * w + x) * E,
				       (uint8_t *)b->init + (y * w + w - 1 - x) * E, E);
	}
}

static void texel_buffers(struct corpus_test *t)
{
	const float *src = corpus_in(t, "src");
	const uint32_t *dst_in = corpus_in(t, "dst");
	uint32_t *dst = corpus_out(t, "dst");
	float *o = corpus_out(t, "o");

	for (uint32_t i = 0; i < 32; i++) {
		o[i] = src[i + 8];
		for (uint32_t c = 0; c < 4; c++)
			dst[i * 4 + c] = dst_in[(31 - i) * 4 + c] * 2 + c + 1;
	}
	o[32] = 40 + 32;
	o[33] = 0;
}

const struct corpus_ref corpus_refs_images[] = {
	REF(texel_buffers),
	REF(image_mirror_x),
	{ NULL, NULL },
};
