/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The contract's image layouts (hw/image) against ember-hw.rst "Memory
 * layouts and format modifiers", worked by hand: tile shapes, level and
 * layer placement of TILED_4K, LINEAR pitches, the images the contract
 * has no layout for, and the format table's rows.
 */

#include <stdbool.h>
#include <stdint.h>

#include "ember_image_layout.h"
#include "tap.h"

static bool tile_shapes(void)
{
	static const struct { unsigned int bytes, w, h; } shapes[] = {
		{ 1, 64, 64 }, { 2, 64, 32 }, { 4, 32, 32 }, { 8, 32, 16 },
		{ 16, 16, 16 }, { 32, 16, 8 }, { 64, 8, 8 }, { 256, 4, 4 },
	};

	for (unsigned int i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		unsigned int tw, th;

		ember_image_tile_shape(shapes[i].bytes, &tw, &th);
		CHECK_EQ(1u << tw, shapes[i].w);
		CHECK_EQ(1u << th, shapes[i].h);
		CHECK_EQ((1u << (tw + th)) * shapes[i].bytes, EMBER_IMAGE_TILE_SIZE);
	}
	return true;
}

static bool tiled_2d_array(void)
{
	/* R8G8B8A8 100x50, 3 levels, 2 layers: 32x32 tiles. */
	struct ember_image_shape s = {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 4,
		.width = 100, .height = 50, .depth = 1, .levels = 3, .layers = 2,
	};
	struct ember_image_layout l;

	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.level[0].offset, 0);
	CHECK_EQ(l.level[0].row_pitch, 4 * 4096);	/* 4 x 2 tiles */
	CHECK_EQ(l.level[0].size, 8 * 4096);
	CHECK_EQ(l.level[1].offset, 8 * 4096);		/* 50x25: 2 x 1 tiles */
	CHECK_EQ(l.level[1].row_pitch, 2 * 4096);
	CHECK_EQ(l.level[2].offset, 10 * 4096);		/* 25x12: 1 tile */
	CHECK_EQ(l.layer_pitch, 11 * 4096);
	CHECK_EQ(l.size, 22 * 4096);
	return true;
}

static bool tiled_3d_and_samples(void)
{
	/* R8 70x70x3, 2 levels: 64x64 tiles, slices inside a level. */
	struct ember_image_shape s = {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 1,
		.width = 70, .height = 70, .depth = 3, .levels = 2, .layers = 1,
	};
	struct ember_image_layout l;

	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.level[0].depth_pitch, 4 * 4096);
	CHECK_EQ(l.level[0].size, 12 * 4096);
	CHECK_EQ(l.level[1].offset, 12 * 4096);		/* 35x35x1 */
	CHECK_EQ(l.size, 13 * 4096);
	/* 4 samples of R8G8B8A8: 16-byte elements, 16x16 tiles. */
	s = (struct ember_image_shape) {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 16,
		.width = 33, .height = 16, .depth = 1, .levels = 1, .layers = 1,
	};
	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.size, 3 * 4096);
	/* BC1: 8-byte 4x4 blocks, 25x25 of them, 32x16-block tiles. */
	s = (struct ember_image_shape) {
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .element_bytes = 8, .block_log2 = 2,
		.width = 100, .height = 100, .depth = 1, .levels = 1, .layers = 1,
	};
	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.size, 2 * 4096);
	return true;
}

static bool linear_pitches(void)
{
	struct ember_image_shape s = {
		.layout = EMBER_IMAGE_LAYOUT_LINEAR, .element_bytes = 4,
		.width = 10, .height = 3, .depth = 1, .levels = 1, .layers = 4,
	};
	struct ember_image_layout l;

	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.level[0].row_pitch, 40);
	CHECK_EQ(l.layer_pitch, 256);
	CHECK_EQ(l.size, 3 * 256 + 2 * 40 + 40);
	s.row_pitch = 64;
	s.layer_pitch = 512;
	CHECK(!ember_image_layout(&s, &l));
	CHECK_EQ(l.level[0].row_pitch, 64);
	CHECK_EQ(l.layer_pitch, 512);
	CHECK_EQ(l.size, 3 * 512 + 2 * 64 + 40);
	return true;
}

static bool refused(void)
{
	const struct ember_image_shape good = {
		.layout = EMBER_IMAGE_LAYOUT_LINEAR, .element_bytes = 4,
		.width = 16, .height = 16, .depth = 1, .levels = 1, .layers = 1,
	};
	struct ember_image_shape s;
	struct ember_image_layout l;

	s = good, s.levels = 2;
	CHECK(ember_image_layout(&s, &l));	/* LINEAR has one level */
	s = good, s.row_pitch = 66;
	CHECK(ember_image_layout(&s, &l));	/* not a multiple of the texel */
	s = good, s.row_pitch = 60;
	CHECK(ember_image_layout(&s, &l));	/* smaller than a row */
	s = good, s.layers = 2, s.layer_pitch = 300;
	CHECK(ember_image_layout(&s, &l));	/* not a multiple of 256 */
	s = good, s.layout = EMBER_IMAGE_LAYOUT_TILED_4K, s.row_pitch = 64;
	CHECK(ember_image_layout(&s, &l));	/* TILED_4K places everything */
	s = good, s.layout = EMBER_IMAGE_LAYOUT_TILED_4K, s.element_bytes = 12;
	CHECK(ember_image_layout(&s, &l));	/* no tile for 12 bytes */
	s = good, s.levels = 6;
	s.layout = EMBER_IMAGE_LAYOUT_TILED_4K;
	CHECK(ember_image_layout(&s, &l));	/* 16x16 has 5 levels */
	s = good, s.width = 16385;
	CHECK(ember_image_layout(&s, &l));
	s = good, s.layers = 2049;
	CHECK(ember_image_layout(&s, &l));
	s = good, s.layout = 2;
	CHECK(ember_image_layout(&s, &l));
	return true;
}

static bool format_table(void)
{
	const struct ember_image_format *f, *table;
	unsigned int count;

	table = ember_image_format_table(&count);
	for (unsigned int i = 1; i < count; i++)
		CHECK(table[i - 1].vk_format < table[i].vk_format);
	for (unsigned int i = 0; i < count; i++)
		CHECK(ember_image_format_get(table[i].vk_format) == &table[i]);
	f = ember_image_format_get(37);		/* R8G8B8A8_UNORM: S W T, renders, blends */
	CHECK(f && f->bytes == 4);
	CHECK_EQ(f->usage, EMBER_IMAGE_FMT_SAMPLED | EMBER_IMAGE_FMT_FILTER |
		 EMBER_IMAGE_FMT_STORAGE | EMBER_IMAGE_FMT_TEXEL_BUFFER |
		 EMBER_IMAGE_FMT_RENDER | EMBER_IMAGE_FMT_BLEND);
	/* R8G8B8A8_UINT: S W T, integer: no filtering, renders without blending */
	f = ember_image_format_get(41);
	CHECK(f && f->usage == (EMBER_IMAGE_FMT_SAMPLED | EMBER_IMAGE_FMT_STORAGE |
				EMBER_IMAGE_FMT_TEXEL_BUFFER | EMBER_IMAGE_FMT_RENDER));
	/* ember-hw.rst "Render target formats": packed, 11/10-bit float; not R8_SRGB. */
	f = ember_image_format_get(4);		/* R5G6B5_UNORM_PACK16 */
	CHECK(f && (f->usage & EMBER_IMAGE_FMT_RENDER) && (f->usage & EMBER_IMAGE_FMT_BLEND));
	f = ember_image_format_get(122);	/* B10G11R11_UFLOAT_PACK32 */
	CHECK(f && (f->usage & EMBER_IMAGE_FMT_BLEND));
	f = ember_image_format_get(15);		/* R8_SRGB */
	CHECK(f && !(f->usage & EMBER_IMAGE_FMT_RENDER));
	for (unsigned int i = 0; i < count; i++) {
		/* Only render targets blend; only depth/stencil formats are depth/stencil targets. */
		CHECK(!(table[i].usage & EMBER_IMAGE_FMT_BLEND) ||
		      (table[i].usage & EMBER_IMAGE_FMT_RENDER));
		CHECK(!(table[i].usage & EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET) ||
		      (table[i].usage & (EMBER_IMAGE_FMT_DEPTH | EMBER_IMAGE_FMT_STENCIL)));
	}
	f = ember_image_format_get(106);	/* R32G32B32_SFLOAT: T only */
	CHECK(f && f->bytes == 12 && f->usage == EMBER_IMAGE_FMT_TEXEL_BUFFER);
	f = ember_image_format_get(110);	/* R64_UINT: S(nf) W(a) T */
	CHECK(f && !(f->usage & EMBER_IMAGE_FMT_FILTER) && (f->usage & EMBER_IMAGE_FMT_ATOMIC));
	/* Since 1.14 (CAPS.DS_FORMATS) X8_D24 and D32S8 are depth/stencil targets too. */
	f = ember_image_format_get(125);
	CHECK(f && (f->usage & EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET));
	f = ember_image_format_get(130);
	CHECK(f && (f->usage & EMBER_IMAGE_FMT_DEPTH_STENCIL_TARGET));
	f = ember_image_format_get(129);	/* D24_UNORM_S8_UINT: two planes */
	CHECK(f && f->bytes == 4 && (f->usage & EMBER_IMAGE_FMT_DEPTH) &&
	      (f->usage & EMBER_IMAGE_FMT_STENCIL));
	f = ember_image_format_get(146);	/* BC7_SRGB_BLOCK */
	CHECK(f && f->bytes == 16 && f->block_log2 == 2 && (f->usage & EMBER_IMAGE_FMT_BC));
	CHECK(!ember_image_format_get(23));	/* R8G8B8_UNORM: not in the contract */
	CHECK(!ember_image_format_get(0));
	return true;
}

int main(void)
{
	tap_result(tile_shapes(), "tile-shapes");
	tap_result(tiled_2d_array(), "tiled-2d-array");
	tap_result(tiled_3d_and_samples(), "tiled-3d-samples-bc");
	tap_result(linear_pitches(), "linear-pitches");
	tap_result(refused(), "refused");
	tap_result(format_table(), "format-table");
	return tap_finish();
}
