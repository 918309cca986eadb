/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Image instructions (ISA 1.2) through the host runner: assembled shaders
 * that load, store, sample, gather, fetch, query and atomically update
 * images and texel buffers in guest memory, described by contract
 * descriptors written to the descriptor sets. Results are checked against
 * the reference codec and sampler of tex_ref.c / tex_ref_sampler.c (exact
 * for loads, fetches, stores and atomics, within the texture tests'
 * tolerance for filtering), with the images' addresses computed here from
 * ember-hw.rst's layout rules; lanes a guard turns off keep their
 * registers and write nothing; bad descriptors and unmapped texels are
 * fault records.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_packets.h"
#include "ember_shader_hw.h"
#include "host_shader.h"
#include "tap.h"
#include "tex_ref_sampler.h"
#include "tex_test_image.h"

#define SENTINEL	0x5a5a5a5au
#define TILE		4096u

static uint64_t rng = 0x1234567;

static uint32_t rand32(void)
{
	return (uint32_t)ref_xorshift(&rng);
}

static struct ref_format ref_format_of(uint32_t vk)
{
	struct ref_format rf = { 0 };

	for (unsigned int i = 0; i < ref_num_formats; i++)
		if (ref_formats[i].vk == vk && ref_format_parse(vk, ref_formats[i].name, &rf))
			return rf;
	abort();
}

static uint64_t put_image(uint32_t set, uint32_t slot, const struct ember_image_desc *d)
{
	uint32_t dw[16];

	ember_image_desc_pack(dw, d);
	return ember_host_write_descriptor(host, set, slot, dw, 16);
}

static uint64_t put_sampler(uint32_t set, uint32_t slot, const struct ember_sampler_desc *d)
{
	uint32_t dw[8];

	ember_sampler_desc_pack(dw, d);
	return ember_host_write_descriptor(host, set, slot, dw, 8);
}

static uint64_t put_texel_buffer(uint32_t set, uint32_t slot,
				 const struct ember_texel_buffer_desc *d)
{
	uint32_t dw[4];

	ember_texel_buffer_desc_pack(dw, d);
	return ember_host_write_descriptor(host, set, slot, dw, 4);
}

static const uint32_t one_group[3] = { 1, 1, 1 };

/*
 * TILED_4K placement from ember-hw.rst, computed here: the tile of an
 * element of 2^e bytes is 2^(6 - floor(e/2)) x 2^(6 - ceil(e/2)); levels
 * follow each other, layers are whole chains of levels. Fills @img's level
 * layouts for the reference sampler (whose tiled_va walks them) and
 * returns the size of a layer.
 */
static uint64_t tiled_layout(struct ember_tex_image *img, unsigned int bytes,
			     uint32_t levels)
{
	unsigned int e = (unsigned int)__builtin_ctz(bytes);
	uint32_t tw = 1u << (6 - e / 2), th = 1u << (6 - (e + 1) / 2);
	uint64_t offset = 0;

	for (uint32_t m = 0; m < levels; m++) {
		uint64_t tx = (ember_tex_minify(img->width, m) + tw - 1) / tw;
		uint64_t ty = (ember_tex_minify(img->height, m) + th - 1) / th;

		img->level[m] = (struct ember_tex_level_layout) {
			.offset = offset, .row_pitch = (uint32_t)(tx * TILE),
		};
		offset += tx * ty * TILE * ember_tex_minify(img->depth, m);
	}
	for (uint32_t m = 0; m < levels; m++)
		img->level[m].slice_pitch = offset;
	return offset;
}

/*
 * imgld/imgst on a LINEAR R8G8B8A8_UNORM image with padded rows: 40 x 20
 * lanes over a 37 x 19 image, so the right columns and the last row are
 * out of range; lanes with idx % 8 == 3 are guarded off. Loads are the
 * reference decode, out-of-range loads (0, 0, 0, 1), guarded-off lanes
 * keep their registers; each texel is written back with its components
 * reversed, out-of-range and guarded-off stores change nothing.
 */
static bool test_storage_linear(void)
{
	const uint32_t w = 37, h = 19, pitch = 160, cols = 40;
	struct buffer img = buffer(pitch * h), out = buffer(64 * 13 * 16);
	struct ref_format rf = ref_format_of(37);
	uint8_t *before = malloc(pitch * h);
	uint32_t groups[3] = { 13, 1, 1 };
	const uint8_t *now = img.cpu;
	const uint32_t *o = out.cpu;
	struct ember_image_desc d = {
		.va = img.va, .format = 37, .view_type = EMBER_TEX_2D,
		.layout = EMBER_IMAGE_LAYOUT_LINEAR, .width = w, .height = h, .depth = 1,
		.image_layers = 1, .image_levels = 1, .levels = 1, .layers = 1,
		.row_pitch = pitch,
	};
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage_image 4 1\n"
		".local_size 64 1 1\n"
		"lddesc u0, 0, 0\nldimgdesc u16, 0, 4\n"
		"s2r.local_index v0\ns2r.group_id_x u4\nimad v0, u4, 64, v0\n"
		"irem.u32 v4, v0, 40\nidiv.u32 v5, v0, 40\nmov v6, 0\nmov v7, 0\n"
		"and v20, v0, 7\ncmp.u32.ne p0, v20, 3\n"
		"mov v8, 0x5a5a5a5a\nmov v9, 0x5a5a5a5a\nmov v10, 0x5a5a5a5a\nmov v11, 0x5a5a5a5a\n"
		"@p0 imgld v8, u16, v4\n"
		"shl v1, v0, 4\nstg.b128 u0, v1, v8\n"
		"mov v12, v11\nmov v13, v10\nmov v14, v9\nmov v15, v8\n"
		"@p0 imgst u16, v4, v12\n"
		"end\n";

	for (uint32_t i = 0; i < pitch * h; i++)
		((uint8_t *)img.cpu)[i] = (uint8_t)rand32();
	memcpy(before, img.cpu, pitch * h);
	put_image(0, 4, &d);
	CHECK_EQ(run(text, groups, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t i = 0; i < 64 * 13; i++) {
		/* Out of range: zeros, alpha included (the format has one). */
		uint32_t x = i % cols, y = i / cols, want[4] = { 0, 0, 0, 0 };
		bool inside = x < w && y < h, runs = i % 8 != 3;

		if (!runs)
			want[0] = want[1] = want[2] = want[3] = SENTINEL;
		else if (inside)
			ref_decode(&rf, 1, before + y * pitch + x * 4, want);
		for (unsigned int c = 0; c < 4; c++)
			if (o[4 * i + c] != want[c]) {
				tap_diag("lane %u (%u, %u) c%u: 0x%x, want 0x%x", i, x, y, c,
					 o[4 * i + c], want[c]);
				return false;
			}
	}
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t b = 0; b < pitch; b++) {
			uint32_t x = b / 4, i = y * cols + x;
			bool written = x < w && i % 8 != 3;
			uint8_t want = written ? before[y * pitch + x * 4 + 3 - b % 4] :
				       before[y * pitch + b];

			if (now[y * pitch + b] != want) {
				tap_diag("byte (%u, %u) 0x%x, want 0x%x", b, y, now[y * pitch + b], want);
				return false;
			}
		}
	free(before);
	return true;
}

/*
 * A TILED_4K R32_UINT 2D_ARRAY image of 3 levels and 3 layers, viewed at
 * level 1, layers 1..2: each 32-bit word of its memory holds its own index,
 * so every load says which address it read; the addresses come from the
 * contract's layout rule, computed here.
 */
static bool test_storage_tiled_view(void)
{
	struct ember_tex_image lay = { .width = 50, .height = 40, .depth = 1 };
	uint64_t layer = tiled_layout(&lay, 4, 3);
	struct buffer img = buffer(3 * layer), out = buffer(27 * 22 * 3 * 4);
	uint32_t *words = img.cpu, groups[3] = { (27 * 22 * 3 + 63) / 64, 1, 1 };
	const uint32_t *o = out.cpu;
	struct ember_image_desc d = {
		.va = img.va, .format = 98, .view_type = EMBER_TEX_2D_ARRAY,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .width = 50, .height = 40, .depth = 1,
		.image_layers = 3, .image_levels = 3, .base_level = 1, .levels = 1,
		.base_layer = 1, .layers = 2,
	};
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage_image 8 1\n"
		".local_size 64 1 1\n"
		"lddesc u0, 0, 0\nldimgdesc u16, 0, 8\n"
		"s2r.local_index v0\ns2r.group_id_x u4\nimad v0, u4, 64, v0\n"
		"irem.u32 v4, v0, 27\nidiv.u32 v5, v0, 27\nirem.u32 v5, v5, 22\n"
		"idiv.u32 v6, v0, 594\nmov v7, 0\n"
		"cmp.u32.lt p0, v0, 1782\n"
		"@p0 imgld v8, u16, v4\n"
		"shl v1, v0, 2\n@p0 stg.u32 u0, v1, v8\n"
		"end\n";

	for (uint64_t i = 0; i < 3 * layer / 4; i++)
		words[i] = (uint32_t)i + 0x1000000;
	put_image(0, 8, &d);
	CHECK_EQ(run(text, groups, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t i = 0; i < 27 * 22 * 3; i++) {
		uint32_t x = i % 27, y = i / 27 % 22, l = i / 594, want = 0;

		if (x < 25 && y < 20 && l < 2) {
			uint64_t at = (1 + l) * layer + lay.level[1].offset +
				      (y / 32) * lay.level[1].row_pitch + (x / 32) * TILE +
				      ((y % 32) * 32 + x % 32) * 4;

			want = (uint32_t)(at / 4) + 0x1000000;
		}
		if (o[i] != want) {
			tap_diag("(%u, %u, layer %u): 0x%x, want 0x%x", x, y, l, o[i], want);
			return false;
		}
	}
	return true;
}

/*
 * A TILED_4K R32_UINT image of 4 samples: elements of 16 bytes (a texel's
 * samples one after the other) in tiles of 16x16, each word holding its
 * own index; imgld and fetch of every sample, out-of-range ones included,
 * read the word the contract's rule places there; imgquery.samples is 4.
 */
static bool test_multisampled(void)
{
	const uint32_t lanes = 42 * 21 * 5;
	struct buffer img = buffer(6 * TILE), out = buffer(lanes * 8 + 64);
	uint32_t *words = img.cpu, groups[3] = { (lanes + 63) / 64, 1, 1 };
	const uint32_t *o = out.cpu;
	struct ember_image_desc d = {
		.va = img.va, .format = 98, .view_type = EMBER_TEX_2D,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .samples_log2 = 2, .width = 40,
		.height = 20, .depth = 1, .image_layers = 1, .image_levels = 1, .levels = 1,
		.layers = 1,
	};
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage_image 4 1\n"
		".local_size 64 1 1\n"
		"lddesc u0, 0, 0\nldimgdesc u16, 0, 4\n"
		"s2r.local_index v0\ns2r.group_id_x u4\nimad v0, u4, 64, v0\n"
		"irem.u32 v4, v0, 42\nidiv.u32 v5, v0, 42\nirem.u32 v5, v5, 21\n"
		"mov v6, 0\nidiv.u32 v7, v0, 882\n"
		"cmp.u32.lt p0, v0, 4410\n"
		"@p0 imgld v8, u16, v4\n@p0 fetch v12, u16, v4\n"
		"shl v1, v0, 3\n@p0 stg.u32 u0, v1, v8\niadd v1, v1, 4\n@p0 stg.u32 u0, v1, v12\n"
		"imgquery.samples u8, u16\nmov v2, u8\nmov v3, 35280\nstg.u32 u0, v3, v2\n"
		"end\n";

	for (uint32_t i = 0; i < 6 * TILE / 4; i++)
		words[i] = i + 0x2000000;
	put_image(0, 4, &d);
	CHECK_EQ(run(text, groups, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t i = 0; i < lanes; i++) {
		uint32_t x = i % 42, y = i / 42 % 21, smp = i / 882, want = 0;

		if (x < 40 && y < 20 && smp < 4) {
			uint64_t at = ((y / 16) * 3 + x / 16) * (uint64_t)TILE +
				      ((y % 16) * 16 + x % 16) * 16 + smp * 4;

			want = (uint32_t)(at / 4) + 0x2000000;
		}
		if (o[2 * i] != want || o[2 * i + 1] != want) {
			tap_diag("(%u, %u) sample %u: 0x%x, 0x%x, want 0x%x", x, y, smp,
				 o[2 * i], o[2 * i + 1], want);
			return false;
		}
	}
	CHECK_EQ(o[35280 / 4], 4);
	return true;
}

/*
 * Atomics: 256 lanes add 1 to texel idx % 8 of an R32_UINT image (lanes
 * with idx % 3 == 0 guarded off), umax into element idx % 5 of a 4-element
 * texel buffer (element 4 is out of range), one cmpxchg race on a texel,
 * and an add on an R32_SFLOAT view, which is dropped.
 */
static bool test_atomics(void)
{
	struct buffer img = buffer(64), tb = buffer(64), flt = buffer(16), out = buffer(256 * 16);
	uint32_t *texels = img.cpu, *elems = tb.cpu, *o = out.cpu, groups[3] = { 4, 1, 1 };
	unsigned int counts[8] = { 0 }, winners = 0;
	uint32_t seen[8][64] = { { 0 } };
	struct ember_image_desc d = {
		.va = img.va, .format = 98, .view_type = EMBER_TEX_1D,
		.layout = EMBER_IMAGE_LAYOUT_LINEAR, .width = 9, .height = 1, .depth = 1,
		.image_layers = 1, .image_levels = 1, .levels = 1, .layers = 1, .row_pitch = 36,
	};
	struct ember_image_desc f = d;
	struct ember_texel_buffer_desc t = { .va = tb.va, .num_elements = 4, .format = 98 };
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage_image 4 1\n"
		".resource 0 2 storage_image 8 1\n.resource 0 3 storage_texel_buffer 12 1\n"
		".local_size 64 1 1\n"
		"lddesc u0, 0, 0\nldimgdesc u16, 0, 4\nldimgdesc u32, 0, 8\nlddesc u48, 0, 12\n"
		"s2r.local_index v0\ns2r.group_id_x u4\nimad v0, u4, 64, v0\n"
		"and v4, v0, 7\nmov v5, 0\nmov v6, 0\nmov v7, 0\n"
		"irem.u32 v20, v0, 3\ncmp.u32.ne p0, v20, 0\n"
		"mov v8, 0x5a5a5a5a\n"
		"@p0 imgatom.add v8, u16, v4, 1\n"
		"irem.u32 v21, v0, 5\n"
		"tbatom.umax v9, u48, v21, v0\n"
		"mov v24, 8\nmov v25, 0\nmov v26, 0\nmov v27, 0\niadd v10, v0, 1\nmov v11, 0\n"
		"imgatom.cmpxchg v13, u16, v24, v10\n"
		"mov v28, 0\nmov v29, 0\nmov v30, 0\nmov v31, 0\n"
		"imgatom.add v14, u32, v28, 7\n"
		"shl v1, v0, 4\nstg.u32 u0, v1, v8\niadd v1, v1, 4\nstg.u32 u0, v1, v9\n"
		"iadd v1, v1, 4\nstg.u32 u0, v1, v13\niadd v1, v1, 4\nstg.u32 u0, v1, v14\n"
		"end\n";

	memset(texels, 0, 64);
	memset(elems, 0, 64);
	f.va = flt.va;
	f.format = 100;				/* R32_SFLOAT */
	f.width = 1;
	f.row_pitch = 4;
	((uint32_t *)flt.cpu)[0] = 0x3f800000;
	put_image(0, 4, &d);
	put_image(0, 8, &f);
	put_texel_buffer(0, 12, &t);
	CHECK_EQ(run(text, groups, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t x = i % 8;

		if (i % 3 == 0) {
			CHECK_EQ(o[4 * i], SENTINEL);
		} else {
			/* The old values of a texel are 0, 1, 2, ... once each. */
			CHECK(o[4 * i] < 64 && !seen[x][o[4 * i]]);
			seen[x][o[4 * i]] = 1;
			counts[x]++;
		}
		CHECK_EQ(o[4 * i + 1] == 0 || i % 5 != 4, true);
		/* One lane swapped 0 for its idx + 1; all others saw that. */
		winners += o[4 * i + 2] == 0;
		CHECK(o[4 * i + 2] == 0 || o[4 * i + 2] == texels[8]);
		CHECK_EQ(o[4 * i + 3], 0);
	}
	CHECK_EQ(winners, 1);
	CHECK(texels[8] >= 1 && texels[8] <= 256);
	for (uint32_t x = 0; x < 8; x++)
		CHECK_EQ(texels[x], counts[x]);
	for (uint32_t e = 0; e < 4; e++)
		CHECK_EQ(elems[e], 255 - (255 - e) % 5);
	CHECK_EQ(((uint32_t *)flt.cpu)[0], 0x3f800000);
	return true;
}

/*
 * Texel buffers: an R8G8B8A8_SNORM view of 20000 elements (two rows of the
 * unit's addressing) read at 20480 indices, and tbst of integers into an
 * R16G16B16A16_UINT view of 100 elements from 128 lanes.
 */
static bool test_texel_buffers(void)
{
	const uint32_t n = 20000, lanes = 20480;
	struct buffer src = buffer(n * 4), dst = buffer(128 * 8), out = buffer(lanes * 16);
	struct ref_format rf = ref_format_of(38);
	struct ember_texel_buffer_desc a = { .va = src.va, .num_elements = n, .format = 38 };
	struct ember_texel_buffer_desc b = { .va = dst.va, .num_elements = 100, .format = 95 };
	uint32_t groups[3] = { lanes / 64, 1, 1 };
	const uint32_t *o = out.cpu;
	const uint16_t *d16 = dst.cpu;
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 uniform_texel_buffer 2 1\n"
		".resource 0 2 storage_texel_buffer 3 1\n.local_size 64 1 1\n"
		"lddesc u0, 0, 0\nlddesc u4, 0, 2\nlddesc u8, 0, 3\n"
		"s2r.local_index v0\ns2r.group_id_x u12\nimad v0, u12, 64, v0\n"
		"tbld v4, u4, v0\nshl v1, v0, 4\nstg.b128 u0, v1, v4\n"
		"cmp.u32.lt p0, v0, 128\n"
		"mov v8, v0\niadd v9, v0, 1\niadd v10, v0, 2\niadd v11, v0, 3\n"
		"@p0 tbst u8, v0, v8\n"
		"end\n";

	for (uint32_t i = 0; i < n * 4; i++)
		((uint8_t *)src.cpu)[i] = (uint8_t)rand32();
	memset(dst.cpu, 0xee, 128 * 8);
	put_texel_buffer(0, 2, &a);
	put_texel_buffer(0, 3, &b);
	CHECK_EQ(run(text, groups, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t i = 0; i < lanes; i++) {
		uint32_t want[4] = { 0, 0, 0, 0 };

		if (i < n)
			ref_decode(&rf, 1, (const uint8_t *)src.cpu + 4 * i, want);
		for (unsigned int c = 0; c < 4; c++)
			if (o[4 * i + c] != want[c]) {
				tap_diag("element %u c%u: 0x%x, want 0x%x", i, c, o[4 * i + c], want[c]);
				return false;
			}
	}
	for (uint32_t i = 0; i < 128; i++)
		for (unsigned int c = 0; c < 4; c++) {
			uint16_t want = i < 100 ? (uint16_t)(i + c) : 0xeeee;

			if (d16[4 * i + c] != want) {
				tap_diag("stored element %u c%u: 0x%x, want 0x%x", i, c,
					 d16[4 * i + c], want);
				return false;
			}
		}
	return true;
}

/* A sampled TILED_4K image with its reference view. */
struct sampled {
	struct buffer mem;
	struct ember_image_desc desc;
	struct ember_tex_image lay;
	struct ref_image ri;
};

static void sampled_init(struct sampled *s, uint32_t format, uint32_t w, uint32_t h,
			 uint32_t levels, bool random_bytes)
{
	struct ref_format rf = ref_format_of(format);
	uint64_t size;

	s->lay = (struct ember_tex_image) {
		.format = format, .aspect = EMBER_TEX_ASPECT_COLOR, .view_type = EMBER_TEX_2D,
		.layout = EMBER_TEX_LAYOUT_TILED_4K, .width = w, .height = h, .depth = 1,
		.levels = levels, .layers = 1, .samples = 1,
	};
	if (format == 126)
		s->lay.aspect = EMBER_TEX_ASPECT_DEPTH;
	size = tiled_layout(&s->lay, rf.bytes, levels);
	s->mem = buffer(size);
	s->lay.base = s->mem.va;
	for (uint64_t i = 0; i < size / 4; i++) {
		uint32_t v = rand32();

		/* Depth: floats in [0, 1). */
		if (!random_bytes)
			v = ref_fbits((float)(v >> 8) / 16777216.0f);
		((uint32_t *)s->mem.cpu)[i] = v;
	}
	s->desc = (struct ember_image_desc) {
		.va = s->mem.va, .format = format, .view_type = EMBER_TEX_2D,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .width = w, .height = h, .depth = 1,
		.image_layers = 1, .image_levels = levels, .levels = levels, .layers = 1,
	};
	s->ri = (struct ref_image) {
		.img = &s->lay, .mem = s->mem.cpu, .va = s->mem.va, .rf = rf,
		.tiled_va = test_tiled_va,
	};
}

static bool close_to(uint32_t got, double want)
{
	return fabs((double)ref_bitsf(got) - want) <= 2e-5 * (1.0 + fabs(want));
}

static uint32_t pack_offset(int32_t u, int32_t v)
{
	return ((uint32_t)u & 0x3f) | ((uint32_t)v & 0x3f) << 8;
}

#define SAMPLE_LANES	256

/*
 * texl (with and without per-lane offsets), texg, gather (one and four
 * offsets) and fetch at a level, over 256 lanes of random coordinates,
 * LODs, gradients and offsets read from a buffer, against the reference
 * sampler; an R8G8B8A8_UNORM 64x48 image with 3 levels, linear filtering,
 * REPEAT and MIRRORED_REPEAT.
 */
static bool test_sampling(void)
{
	struct sampled s;
	struct buffer in = buffer(SAMPLE_LANES * 64), out = buffer(SAMPLE_LANES * 6 * 16);
	struct buffer bufs[2] = { in, out };
	struct ember_sampler_desc smp = {
		.mag_filter = 1, .min_filter = 1, .mipmap_mode = 1,
		.address_u = EMBER_TEX_REPEAT, .address_v = EMBER_TEX_MIRRORED_REPEAT,
		.address_w = EMBER_TEX_REPEAT, .max_lod = 1000.0f,
	};
	struct ember_tex_sampler ref_smp = {
		.mag_filter = 1, .min_filter = 1, .mipmap_mode = 1,
		.address = { EMBER_TEX_REPEAT, EMBER_TEX_MIRRORED_REPEAT, EMBER_TEX_REPEAT },
		.border = EMBER_TEX_BORDER_FLOAT_CUSTOM, .max_lod = 1000.0f,
	};
	uint32_t *inw = in.cpu, groups[3] = { SAMPLE_LANES / 64, 1, 1 };
	const uint32_t *o = out.cpu;
	/*
	 * Input per lane (16 dwords): s, t, lod, offset, ddx s/t, ddy s/t,
	 * gather offsets 0..3, fetch x, y, level.
	 */
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage 1 1\n"
		".resource 0 2 combined_image_sampler 4 1\n.local_size 64 1 1\n"
		"lddesc u0, 0, 0\nlddesc u4, 0, 1\nldimgdesc u16, 0, 4\nldsmpdesc u32, 0, 8\n"
		"s2r.local_index v0\ns2r.group_id_x u8\nimad v0, u8, 64, v0\n"
		"shl v1, v0, 6\nldg.b128 v40, u0, v1\nldg.b128 v44, u0, v1, 16\n"
		"ldg.b128 v48, u0, v1, 32\nldg.b128 v52, u0, v1, 48\n"
		"imul v2, v0, 96\n"
		/* texl: v8..v12 = s, t, -, -, lod */
		"mov v8, v40\nmov v9, v41\nmov v12, v42\n"
		"texl v16, u16, u32, v8\nstg.b128 u4, v2, v16\n"
		/* texl.off: v8..v13, offset in v13 */
		"mov v13, v43\ntexl.off v16, u16, u32, v8\niadd v3, v2, 16\nstg.b128 u4, v3, v16\n"
		/* texg: v24..v33 = s, t, -, -, ddx (3), ddy (3) */
		"mov v24, v40\nmov v25, v41\nmov v28, v44\nmov v29, v45\nmov v30, 0\n"
		"mov v31, v46\nmov v32, v47\nmov v33, 0\n"
		"texg v16, u16, u32, v24\niadd v3, v2, 32\nstg.b128 u4, v3, v16\n"
		/* gather.g.off and gather.a.offs: v8..v12 */
		"mov v12, v43\ngather.g.off v16, u16, u32, v8\niadd v3, v2, 48\nstg.b128 u4, v3, v16\n"
		"mov v12, v48\nmov v13, v49\nmov v14, v50\nmov v15, v51\n"
		"gather.a.offs v16, u16, u32, v8\niadd v3, v2, 64\nstg.b128 u4, v3, v16\n"
		/* fetch: v36..v39 = x, y, -, level */
		"mov v36, v52\nmov v37, v53\nmov v39, v54\n"
		"fetch v16, u16, v36\niadd v3, v2, 80\nstg.b128 u4, v3, v16\n"
		"end\n";

	sampled_init(&s, 37, 64, 48, 3, true);
	put_image(0, 4, &s.desc);
	put_sampler(0, 8, &smp);
	for (uint32_t l = 0; l < SAMPLE_LANES; l++) {
		uint32_t *w = inw + 16 * l;

		w[0] = ref_fbits(test_uniform(-1.5f, 2.5f));
		w[1] = ref_fbits(test_uniform(-1.5f, 2.5f));
		w[2] = ref_fbits(test_uniform(-0.5f, 2.7f));
		/* A few distinct offsets, so the lanes run in groups. */
		w[3] = pack_offset((int32_t)(l % 3) - 1, (int32_t)(l % 5) - 2);
		for (unsigned int k = 4; k < 8; k++)
			w[k] = ref_fbits(test_uniform(-0.05f, 0.05f));
		for (unsigned int k = 8; k < 12; k++)
			w[k] = pack_offset((int32_t)(rand32() % 16) - 8, (int32_t)(rand32() % 16) - 8);
		w[12] = rand32() % 70;
		w[13] = rand32() % 50;
		w[14] = rand32() % 4;
	}
	CHECK_EQ(run(text, groups, bufs, 2, NULL, 0, NULL), 0);
	for (uint32_t l = 0; l < SAMPLE_LANES; l++) {
		const uint32_t *w = inw + 16 * l, *r = o + 24 * l;
		struct ref_sample_in a = {
			.coord = { ref_bitsf(w[0]), ref_bitsf(w[1]) },
			.has_lod = true, .lod = ref_bitsf(w[2]),
		};
		int32_t offs[4][2];
		double want[6][4];

		ref_sample(&s.ri, &ref_smp, &a, want[0]);
		a.offset[0] = (int32_t)(l % 3) - 1;
		a.offset[1] = (int32_t)(l % 5) - 2;
		ref_sample(&s.ri, &ref_smp, &a, want[1]);
		ref_gather(&s.ri, &ref_smp, &a, 1, NULL, want[3]);
		a.offset[0] = a.offset[1] = 0;
		for (unsigned int k = 0; k < 4; k++) {
			offs[k][0] = (int32_t)(w[8 + k] << 26) >> 26;
			offs[k][1] = (int32_t)(w[8 + k] << 18) >> 26;
		}
		ref_gather(&s.ri, &ref_smp, &a, 3, (const int32_t (*)[2])offs, want[4]);
		a.has_lod = false;
		a.ddx[0] = ref_bitsf(w[4]);
		a.ddx[1] = ref_bitsf(w[5]);
		a.ddy[0] = ref_bitsf(w[6]);
		a.ddy[1] = ref_bitsf(w[7]);
		ref_sample(&s.ri, &ref_smp, &a, want[2]);
		if (w[12] < 64u >> w[14] && w[13] < 48u >> w[14] && w[14] < 3) {
			ref_texel(&s.ri, w[14], w[12], w[13], 0, 0, want[5]);
		} else {
			want[5][0] = want[5][1] = want[5][2] = want[5][3] = 0;
		}
		for (unsigned int k = 0; k < 6; k++)
			for (unsigned int c = 0; c < 4; c++)
				if (!close_to(r[4 * k + c], want[k][c])) {
					tap_diag("lane %u result %u c%u: %g, want %g", l, k, c,
						 (double)ref_bitsf(r[4 * k + c]), want[k][c]);
					return false;
				}
	}
	return true;
}

/*
 * Depth comparison: texl.dref and gather.dref on a D32_SFLOAT image with
 * a LESS_OR_EQUAL comparison sampler, against the reference.
 */
static bool test_depth_compare(void)
{
	struct sampled s;
	struct buffer in = buffer(64 * 16), out = buffer(64 * 32);
	struct buffer bufs[2] = { in, out };
	struct ember_sampler_desc smp = {
		.mag_filter = 1, .min_filter = 1, .address_u = EMBER_TEX_CLAMP_TO_EDGE,
		.address_v = EMBER_TEX_CLAMP_TO_EDGE, .address_w = EMBER_TEX_CLAMP_TO_EDGE,
		.compare_enable = 1, .compare_op = EMBER_TEX_COMPARE_LESS_OR_EQUAL,
		.max_lod = 1000.0f,
	};
	struct ember_tex_sampler ref_smp = {
		.mag_filter = 1, .min_filter = 1,
		.address = { EMBER_TEX_CLAMP_TO_EDGE, EMBER_TEX_CLAMP_TO_EDGE, EMBER_TEX_CLAMP_TO_EDGE },
		.compare_enable = true, .compare_op = EMBER_TEX_COMPARE_LESS_OR_EQUAL,
		.border = EMBER_TEX_BORDER_FLOAT_CUSTOM, .max_lod = 1000.0f,
	};
	uint32_t *inw = in.cpu;
	const uint32_t *o = out.cpu;
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage 1 1\n"
		".resource 0 2 sampled_image 4 1\n.resource 0 3 sampler 8 1\n.local_size 64 1 1\n"
		"lddesc u0, 0, 0\nlddesc u4, 0, 1\nldimgdesc u16, 0, 4\nldsmpdesc u32, 0, 8\n"
		"s2r.local_index v0\nshl v1, v0, 4\nldg.b128 v40, u0, v1\n"
		"mov v8, v40\nmov v9, v41\nmov v12, 0\nmov v13, v42\n"
		"texl.dref v16, u16, u32, v8\n"
		"shl v2, v0, 5\nstg.u32 u4, v2, v16\n"
		"mov v12, v42\ngather.dref v20, u16, u32, v8\niadd v3, v2, 16\nstg.b128 u4, v3, v20\n"
		"end\n";

	sampled_init(&s, 126, 16, 16, 1, false);
	put_image(0, 4, &s.desc);
	put_sampler(0, 8, &smp);
	for (uint32_t l = 0; l < 64; l++) {
		inw[4 * l] = ref_fbits(test_uniform(-0.2f, 1.2f));
		inw[4 * l + 1] = ref_fbits(test_uniform(-0.2f, 1.2f));
		inw[4 * l + 2] = ref_fbits(test_uniform(0.0f, 1.0f));
	}
	CHECK_EQ(run(text, one_group, bufs, 2, NULL, 0, NULL), 0);
	for (uint32_t l = 0; l < 64; l++) {
		struct ref_sample_in a = {
			.coord = { ref_bitsf(inw[4 * l]), ref_bitsf(inw[4 * l + 1]) },
			.has_lod = true, .dref = ref_bitsf(inw[4 * l + 2]),
		};
		double want[4], gathered[4];

		ref_sample(&s.ri, &ref_smp, &a, want);
		ref_gather(&s.ri, &ref_smp, &a, 0, NULL, gathered);
		CHECK(close_to(o[8 * l], want[0]));
		for (unsigned int c = 0; c < 4; c++)
			CHECK(close_to(o[8 * l + 4 + c], gathered[c]));
	}
	return true;
}

/*
 * imgsize at levels 0..3 of a 3-level 64x48 image (level 3 is outside:
 * zeros), into vector and uniform registers; imgquery levels and samples.
 */
static bool test_queries(void)
{
	struct sampled s;
	struct buffer out = buffer(64 * 16 + 64);
	const uint32_t *o = out.cpu;
	static const char text[] =
		".resource 0 0 storage 0 1\n.resource 0 1 sampled_image 4 1\n.local_size 64 1 1\n"
		"lddesc u0, 0, 0\nldimgdesc u16, 0, 4\n"
		"s2r.local_index v0\nand v1, v0, 3\n"
		"imgsize v4, u16, v1\nshl v2, v0, 4\nstg.b128 u0, v2, v4\n"
		"imgsize u4, u16, 1\nimgquery.levels u8, u16\nimgquery.samples u9, u16\n"
		"mov v4, u4\nmov v5, u5\nmov v6, u8\nmov v7, u9\n"
		"mov v3, 1024\nstg.b128 u0, v3, v4\n"
		"end\n";

	sampled_init(&s, 37, 64, 48, 3, true);
	put_image(0, 4, &s.desc);
	CHECK_EQ(run(text, one_group, &out, 1, NULL, 0, NULL), 0);
	for (uint32_t l = 0; l < 64; l++) {
		uint32_t lod = l & 3;

		CHECK_EQ(o[4 * l], lod < 3 ? 64u >> lod : 0);
		CHECK_EQ(o[4 * l + 1], lod < 3 ? 48u >> lod : 0);
		CHECK_EQ(o[4 * l + 2], 0);
		CHECK_EQ(o[4 * l + 3], 0);
	}
	CHECK_EQ(o[256], 32);
	CHECK_EQ(o[257], 24);
	CHECK_EQ(o[258], 3);
	CHECK_EQ(o[259], 1);
	return true;
}

static bool faults_with(const char *text, uint32_t kind, uint64_t va, uint32_t detail)
{
	struct ember_host_fault f;
	struct buffer out = buffer(4096);
	int ret = run(text, one_group, &out, 1, NULL, 0, &f);

	if (ret != -1 || f.kind != kind || f.va != va || f.detail != detail) {
		tap_diag("ret %d kind %u va 0x%llx detail %u; want kind %u va 0x%llx detail %u",
			 ret, f.kind, (unsigned long long)f.va, f.detail, kind,
			 (unsigned long long)va, detail);
		return false;
	}
	return true;
}

/*
 * Bad descriptors are BAD_DESCRIPTOR records with the descriptor's VA and
 * its first bad dword (0 as VA when the registers were not loaded from
 * memory); an unmapped texel is a translation fault at its address.
 */
static bool test_bad_descriptors(void)
{
	struct buffer img = buffer(4096);
	struct ember_image_desc good = {
		.va = img.va, .format = 98, .view_type = EMBER_TEX_2D,
		.layout = EMBER_IMAGE_LAYOUT_TILED_4K, .width = 8, .height = 8, .depth = 1,
		.image_layers = 1, .image_levels = 1, .levels = 1, .layers = 1,
	};
	struct ember_image_desc d = good;
	struct ember_sampler_desc smp = { .address_u = 5, .max_lod = 1.0f };
	struct ember_texel_buffer_desc tb = { .va = img.va, .num_elements = 4, .format = 2 };
	uint32_t dw[16];
	uint64_t va;
	static const char load[] =
		".resource 0 0 storage 0 1\n.resource 0 1 storage_image 4 1\n.local_size 32 1 1\n"
		"ldimgdesc u16, 0, 4\ns2r.local_index v4\nmov v5, 0\nmov v6, 0\nmov v7, 0\n"
		"imgld v8, u16, v4\nend\n";
	static const char sample[] =
		".resource 0 0 storage 0 1\n.resource 0 1 combined_image_sampler 4 1\n"
		".local_size 32 1 1\n"
		"ldimgdesc u16, 0, 4\nldsmpdesc u32, 0, 8\nmov v4, 0.5\nmov v5, 0.5\nmov v8, 0\n"
		"texl v12, u16, u32, v4\nend\n";
	static const char buffer_load[] =
		".resource 0 0 storage 0 1\n.resource 0 1 uniform_texel_buffer 12 1\n"
		".local_size 32 1 1\nlddesc u4, 0, 12\ns2r.local_index v0\ntbld v4, u4, v0\nend\n";
	/* The second LDDESC of the slot finds it in the core's descriptor cache. */
	static const char buffer_load_again[] =
		".resource 0 0 storage 0 1\n.resource 0 1 uniform_texel_buffer 12 1\n"
		".local_size 32 1 1\nlddesc u8, 0, 12\nlddesc u4, 0, 12\n"
		"s2r.local_index v0\ntbld v4, u4, v0\nend\n";
	static const char unloaded[] =
		".local_size 32 1 1\nimgquery.levels v0, u16\nend\n";

	d.format = 0;
	va = put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 2));
	/* A storage load of a format without W (E5B9G9R9: S and T only). */
	d = good;
	d.format = 123;
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 2));
	d = good;
	ember_image_desc_pack(dw, &d);
	dw[13] = 1;
	ember_host_write_descriptor(host, 0, 4, dw, 16);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 13));
	d = good;
	d.va += 64;				/* TILED_4K needs 4 KiB */
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 0));
	d = good;
	d.levels = 2;
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 6));
	/* 16 samples are not in 1.7; multisampled views are tiled 2D ones. */
	d = good;
	d.samples_log2 = 4;
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 3));
	d.samples_log2 = 1;
	d.view_type = EMBER_TEX_1D_ARRAY;
	d.height = 1;
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_BAD_DESCRIPTOR, va, 3));
	/* The sampler's own VA and dword. */
	d = good;
	put_image(0, 4, &d);
	va = put_sampler(0, 8, &smp);
	CHECK(faults_with(sample, EMBER_FAULT_BAD_DESCRIPTOR, va, 0));
	/* max_anisotropy (1.16): 16 samples at most, bits 29-31 reserved */
	smp = (struct ember_sampler_desc) { .max_anisotropy = 17, .max_lod = 1.0f };
	va = put_sampler(0, 8, &smp);
	CHECK(faults_with(sample, EMBER_FAULT_BAD_DESCRIPTOR, va, 0));
	smp.max_anisotropy = 16;
	put_sampler(0, 8, &smp);
	CHECK_EQ(run(sample, one_group, &img, 1, NULL, 0, NULL), 0);
	ember_sampler_desc_pack(dw, &smp);
	dw[0] |= 1u << 29;
	ember_host_write_descriptor(host, 0, 8, dw, 8);
	CHECK(faults_with(sample, EMBER_FAULT_BAD_DESCRIPTOR, va, 0));
	va = put_texel_buffer(0, 12, &tb);
	CHECK(faults_with(buffer_load, EMBER_FAULT_BAD_DESCRIPTOR, va, 3));
	CHECK(faults_with(buffer_load_again, EMBER_FAULT_BAD_DESCRIPTOR, va, 3));
	CHECK(faults_with(unloaded, EMBER_FAULT_BAD_DESCRIPTOR, 0, 2));
	/* A good descriptor over unmapped memory: the texel's address. */
	d = good;
	d.va = 0x7000000000ull;
	put_image(0, 4, &d);
	CHECK(faults_with(load, EMBER_FAULT_TRANSLATION, d.va, EMBER_ACCESS_READ));
	/* And the device still runs a good one afterwards. */
	put_image(0, 4, &good);
	CHECK_EQ(run(load, one_group, &img, 1, NULL, 0, NULL), 0);
	return true;
}

int main(void)
{
	host = ember_host_create(0);
	if (!host) {
		tap_result(false, "host-create");
		return tap_finish();
	}
	tap_result(test_storage_linear(), "storage-linear-load-store-guarded");
	tap_result(test_storage_tiled_view(), "storage-tiled-view-levels-layers");
	tap_result(test_multisampled(), "multisampled-tiled-load-fetch");
	tap_result(test_atomics(), "image-and-texel-buffer-atomics");
	tap_result(test_texel_buffers(), "texel-buffers-load-store");
	tap_result(test_sampling(), "sample-gather-fetch-offsets");
	tap_result(test_depth_compare(), "depth-compare");
	tap_result(test_queries(), "queries");
	tap_result(test_bad_descriptors(), "bad-descriptors-and-unmapped-texels");
	ember_host_destroy(host);
	return tap_finish();
}
