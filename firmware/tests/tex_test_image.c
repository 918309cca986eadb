/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Test images in a flat arena (tex_test_image.h). */

#include <stdlib.h>
#include <string.h>

#include "ember_packets.h"
#include "tex_test_image.h"

uint8_t *arena;
unsigned long arena_accesses;
static uint64_t arena_used;
static uint64_t rng = 0x243f6a8885a308d3ull;

uint64_t test_rand(void)
{
	return ref_xorshift(&rng);
}

float test_uniform(float lo, float hi)
{
	return lo + (hi - lo) * (float)((double)(test_rand() >> 11) / (double)(1ull << 53));
}

static int arena_access(void *ctx, uint64_t va, void *buf, unsigned int len,
			bool write, uint64_t *fault_va)
{
	arena_accesses++;
	if (va < ARENA_VA || va - ARENA_VA > ARENA_SIZE || len > ARENA_SIZE - (va - ARENA_VA)) {
		*fault_va = va;
		return EMBER_FAULT_TRANSLATION;
	}
	if (write)
		memcpy(arena + (va - ARENA_VA), buf, len);
	else
		memcpy(buf, arena + (va - ARENA_VA), len);
	return 0;
}

/* The page fast path over the same arena. */
static uint8_t *arena_map_page(void *ctx, uint64_t va, bool write, int *fault)
{
	uint64_t page = va & ~(uint64_t)(EMBER_PAGE_SIZE - 1);

	arena_accesses++;
	if (page < ARENA_VA || page - ARENA_VA >= ARENA_SIZE) {
		*fault = EMBER_FAULT_TRANSLATION;
		return NULL;
	}
	return arena + (page - ARENA_VA);
}

const struct ember_tex_memory arena_memory = { .access = arena_access };
const struct ember_tex_memory arena_memory_paged = {
	.access = arena_access, .map_page = arena_map_page,
};

void test_images_reset(void)
{
	if (!arena)
		arena = calloc(1, ARENA_SIZE);
	arena_used = 0;
	memset(arena, 0xcd, ARENA_SIZE);	/* a canary for stray writes */
}

uint64_t test_arena_alloc(uint64_t bytes)
{
	uint64_t start = (arena_used + 4095) & ~4095ull;

	if (start + bytes > ARENA_SIZE)
		abort();
	arena_used = start + bytes;
	return ARENA_VA + start;
}

static unsigned int log2u(unsigned int v)
{
	return 31u - (unsigned int)__builtin_clz(v);
}

uint64_t test_tiled_va(const struct ember_tex_image *img, unsigned int bytes,
		       uint32_t level, uint32_t x, uint32_t y, uint32_t z)
{
	/* 4096 bytes per tile: 64x64 of 1 byte, 64x32 of 2, 32x32 of 4, ... */
	static const unsigned int tile_w[] = { 64, 64, 32, 32, 16 }, tile_h[] = { 64, 32, 32, 16, 16 };
	unsigned int tw = tile_w[log2u(bytes)], th = tile_h[log2u(bytes)];
	const struct ember_tex_level_layout *lv = &img->level[level];
	uint64_t tile = (uint64_t)(y / th) * lv->row_pitch + (uint64_t)(x / tw) * 4096;

	return img->base + lv->offset + z * lv->slice_pitch + tile +
	       ((y % th) * tw + (x % tw)) * bytes;
}

static void random_texel(const struct test_image *t, uint8_t *texel)
{
	int cls = ref_class(&t->ri.rf, t->img.aspect);
	uint32_t v[4];

	if (cls) {
		for (unsigned int b = 0; b < t->ri.rf.bytes; b++)
			texel[b] = (uint8_t)test_rand();
		return;
	}
	for (unsigned int c = 0; c < 4; c++) {
		float f = test_uniform(-1.2f, 1.2f);

		memcpy(&v[c], &f, 4);
	}
	ref_encode(&t->ri.rf, t->img.aspect, v, texel);
}

bool test_image_init(struct test_image *t, uint32_t vk_format, unsigned int aspect,
		     unsigned int view_type, uint32_t width, uint32_t height,
		     uint32_t depth, uint32_t levels, uint32_t layers,
		     uint32_t samples, unsigned int layout)
{
	struct ember_tex_image *img = &t->img;
	uint64_t start = (arena_used + 4095) & ~4095ull, size = 0;
	const char *name = NULL;
	unsigned int bytes;

	for (unsigned int i = 0; i < ref_num_formats; i++) {
		if (ref_formats[i].vk == vk_format)
			name = ref_formats[i].name;
	}
	if (!name || !ref_format_parse(vk_format, name, &t->ri.rf))
		return false;
	bytes = t->ri.rf.bytes;
	*img = (struct ember_tex_image) {
		.base = ARENA_VA + start, .format = vk_format, .aspect = (uint8_t)aspect,
		.view_type = (uint8_t)view_type, .layout = (uint8_t)layout,
		.width = width, .height = height, .depth = depth, .levels = levels,
		.layers = layers, .samples = samples,
	};
	for (uint32_t l = 0; l < levels; l++) {
		struct ember_tex_level_layout *lv = &img->level[l];
		uint32_t w = width >> l ? width >> l : 1, h = height >> l ? height >> l : 1;
		uint32_t d = depth >> l ? depth >> l : 1;
		uint32_t slices = view_type == EMBER_TEX_3D ? d : layers;

		lv->offset = size;
		if (layout == EMBER_TEX_LAYOUT_TILED_4K) {
			unsigned int tw = (13 - log2u(bytes)) / 2, th = (12 - log2u(bytes)) / 2;

			lv->row_pitch = ((w + (1u << tw) - 1) >> tw) * 4096;
			lv->slice_pitch = (uint64_t)lv->row_pitch * ((h + (1u << th) - 1) >> th);
		} else {
			/* odd padding, so that a unit ignoring the pitches fails */
			lv->row_pitch = w * bytes * samples + 3 * bytes;
			lv->slice_pitch = (uint64_t)lv->row_pitch * h + 5 * bytes;
		}
		size += lv->slice_pitch * slices + 64;
		if (start + size > ARENA_SIZE)
			abort();
		for (uint32_t z = 0; z < slices; z++) {
			for (uint32_t y = 0; y < h; y++) {
				for (uint32_t x = 0; x < w * samples; x++) {
					uint64_t va = layout == EMBER_TEX_LAYOUT_TILED_4K ?
						test_tiled_va(img, bytes, l, x, y, z) :
						img->base + lv->offset + z * lv->slice_pitch +
						(uint64_t)y * lv->row_pitch + (uint64_t)x * bytes;

					random_texel(t, arena + (va - ARENA_VA));
				}
			}
		}
	}
	arena_used = start + size;
	if (arena_used > ARENA_SIZE)
		abort();
	t->ri.img = img;
	t->ri.mem = arena;
	t->ri.va = ARENA_VA;
	t->ri.tiled_va = layout == EMBER_TEX_LAYOUT_TILED_4K ? test_tiled_va : NULL;
	return true;
}
