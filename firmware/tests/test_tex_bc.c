/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The BC1..BC7 formats in the texture unit:
 *
 * - the decoder against the known-answer vectors of bc_vectors.c (values
 *   derived by hand from the Data Format Specification), and on random
 *   and extreme blocks: every texel of every block decodes to a finite
 *   value in the format's range, reserved BC6H and BC7 modes to zero;
 * - fetch, sampling (every filter, mipmap mode and address mode, mip
 *   chains whose extents are not multiples of 4, 2D, arrays, cubes and 3D
 *   in both layouts) and gather on BC images, against the same operations
 *   on a float "twin" image holding the decoded texels (bit for bit: the
 *   unit must address the right block and texel) and against the
 *   reference sampler of tex_ref_sampler.c on the twin;
 * - what the unit refuses: multisampled and 1D BC images, stores.
 *
 * The twin's texels are decoded by the decoder under test, which the
 * known answers check on their own; the test finds each block itself,
 * from the contract's layouts.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

#include "bc_vectors.h"
#include "ember_image_layout.h"
#include "tap.h"
#include "tex_test_image.h"
#include "texture/tex_bc.h"

#define LANES		EMBER_TEX_LANES
#define RANDOM_BLOCKS	3000
#define BATCHES		12

static bool near(float got, float want)
{
	return fabsf(got - want) <= 2e-6f * (1.0f + fabsf(want));
}

static bool known_answers(void)
{
	bool ok = true;

	for (unsigned int v = 0; v < bc_vector_count; v++) {
		const struct bc_vector *bv = &bc_vectors[v];
		union ember_tex_texel got;

		ember_tex_bc_decode(bv->format, bv->block, bv->texel % 4, bv->texel / 4, &got);
		for (unsigned int c = 0; c < 4; c++) {
			if (!near(got.f[c], bv->want[c])) {
				tap_diag("%s: component %u is %.9g, want %.9g", bv->name, c,
					 got.f[c], bv->want[c]);
				ok = false;
			}
		}
	}
	return ok;
}

/* The range every texel of @format must decode into. */
static void format_range(uint32_t format, float *lo, float *hi)
{
	*lo = format == VK_FORMAT_BC4_SNORM_BLOCK || format == VK_FORMAT_BC5_SNORM_BLOCK ? -1.0f :
	      format == VK_FORMAT_BC6H_SFLOAT_BLOCK ? -65504.0f : 0.0f;
	*hi = format == VK_FORMAT_BC6H_UFLOAT_BLOCK || format == VK_FORMAT_BC6H_SFLOAT_BLOCK ?
	      65504.0f : 1.0f;
}

static bool any_block_decodes(void)
{
	static uint64_t rng = 0x2545f4914f6cdd1dull;
	uint8_t block[16];

	for (uint32_t f = EMBER_TEX_BC_FIRST; f <= EMBER_TEX_BC_LAST; f++) {
		float lo, hi;

		format_range(f, &lo, &hi);
		for (unsigned int n = 0; n < RANDOM_BLOCKS + 2; n++) {
			for (unsigned int b = 0; b < 16; b++)
				block[b] = n == 0 ? 0 : n == 1 ? 0xff : (uint8_t)ref_xorshift(&rng);
			/* Every BC7 and BC6H mode in turn, whatever the rest. */
			if (n >= 2 && n < 2 + 256)
				block[0] = (uint8_t)(n - 2);
			for (unsigned int i = 0; i < 16; i++) {
				union ember_tex_texel t;

				ember_tex_bc_decode(f, block, i % 4, i / 4, &t);
				for (unsigned int c = 0; c < 4; c++) {
					if (!isfinite(t.f[c]) || t.f[c] < lo || t.f[c] > hi) {
						tap_diag("format %u block %u texel %u component %u: %g",
							 f, n, i, c, t.f[c]);
						return false;
					}
				}
			}
		}
	}
	return true;
}

static bool reserved_modes_are_zero(void)
{
	static const uint8_t bc6h[] = { 0x13, 0x17, 0x1b, 0x1f };
	uint8_t block[16];
	union ember_tex_texel t;

	for (unsigned int m = 0; m < 4; m++) {
		for (unsigned int s = 0; s < 2; s++) {
			memset(block, 0xa5, sizeof(block));
			block[0] = (uint8_t)(bc6h[m] | 0xe0);
			for (unsigned int i = 0; i < 16; i++) {
				ember_tex_bc_decode(VK_FORMAT_BC6H_UFLOAT_BLOCK + s, block, i % 4,
						    i / 4, &t);
				CHECK(t.f[0] == 0.0f && t.f[1] == 0.0f && t.f[2] == 0.0f &&
				      t.f[3] == 1.0f);
			}
		}
	}
	memset(block, 0xff, sizeof(block));
	block[0] = 0;
	for (unsigned int s = 0; s < 2; s++) {
		ember_tex_bc_decode(VK_FORMAT_BC7_UNORM_BLOCK + s, block, 3, 3, &t);
		CHECK(t.f[0] == 0.0f && t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 0.0f);
	}
	return true;
}

/* The unit's rows agree with the contract's table (hw/image). */
static bool rows_match_the_contract(void)
{
	for (uint32_t f = EMBER_TEX_BC_FIRST; f <= EMBER_TEX_BC_LAST; f++) {
		const struct ember_tex_format *row = ember_tex_format_get(f);
		const struct ember_image_format *hw = ember_image_format_get(f);

		CHECK(row && hw);
		CHECK_EQ(row->bytes, hw->bytes);
		CHECK_EQ(row->block_log2, hw->block_log2);
		CHECK_EQ(ember_tex_format_class(row), EMBER_TEX_CLASS_FLOAT);
	}
	CHECK(!ember_tex_format_is_bc(130) && !ember_tex_format_is_bc(147));
	return true;
}

/* A BC image laid out by hand and its decoded float twin. */
struct bc_image {
	struct ember_tex_image img;
	struct test_image twin;
	unsigned int bytes;
};

static uint32_t blocks_of(uint32_t texels)
{
	return (texels + 3) / 4;
}

static uint64_t block_va(const struct bc_image *b, uint32_t level, uint32_t bx, uint32_t by,
			 uint32_t z)
{
	const struct ember_tex_level_layout *lv = &b->img.level[level];

	if (b->img.layout == EMBER_TEX_LAYOUT_TILED_4K)
		return test_tiled_va(&b->img, b->bytes, level, bx, by, z);
	return b->img.base + lv->offset + z * lv->slice_pitch + (uint64_t)by * lv->row_pitch +
	       (uint64_t)bx * b->bytes;
}

static uint32_t slices_of(const struct ember_tex_image *img, uint32_t level)
{
	return img->view_type == EMBER_TEX_3D ? ember_tex_minify(img->depth, level) : img->layers;
}

static bool bc_image_init(struct bc_image *b, uint32_t format, unsigned int view_type,
			  uint32_t w, uint32_t h, uint32_t d, uint32_t levels, uint32_t layers,
			  unsigned int layout)
{
	uint64_t size = 0;
	struct ember_tex_image *img = &b->img;

	b->bytes = ember_tex_format_get(format)->bytes;
	*img = (struct ember_tex_image) {
		.format = format, .aspect = EMBER_TEX_ASPECT_COLOR,
		.view_type = (uint8_t)view_type, .layout = (uint8_t)layout,
		.width = w, .height = h, .depth = d, .levels = levels, .layers = layers,
		.samples = 1,
	};
	for (uint32_t l = 0; l < levels; l++) {
		struct ember_tex_level_layout *lv = &img->level[l];
		uint32_t bw = blocks_of(ember_tex_minify(w, l)), bh = blocks_of(ember_tex_minify(h, l));

		lv->offset = size;
		if (layout == EMBER_TEX_LAYOUT_TILED_4K) {
			/* 32x16 blocks of 8 bytes, 16x16 of 16 in a tile. */
			uint32_t tw = b->bytes == 8 ? 32 : 16, th = 16;

			lv->row_pitch = (bw + tw - 1) / tw * 4096;
			lv->slice_pitch = (uint64_t)lv->row_pitch * ((bh + th - 1) / th);
		} else {
			lv->row_pitch = bw * b->bytes + 3 * b->bytes;
			lv->slice_pitch = (uint64_t)lv->row_pitch * bh + 5 * b->bytes;
		}
		size += lv->slice_pitch * slices_of(img, l);
	}
	img->base = test_arena_alloc(size);
	for (uint64_t i = 0; i < size; i++)
		arena[img->base - ARENA_VA + i] = (uint8_t)test_rand();
	if (ember_tex_image_check(img)) {
		tap_diag("image refused: %s", ember_tex_image_check(img));
		return false;
	}
	if (!test_image_init(&b->twin, VK_FORMAT_R32G32B32A32_SFLOAT, EMBER_TEX_ASPECT_COLOR,
			     view_type, w, h, d, levels, layers, 1, EMBER_TEX_LAYOUT_LINEAR))
		return false;
	for (uint32_t l = 0; l < levels; l++) {
		const struct ember_tex_level_layout *tl = &b->twin.img.level[l];

		for (uint32_t z = 0; z < slices_of(img, l); z++) {
			for (uint32_t y = 0; y < ember_tex_minify(h, l); y++) {
				for (uint32_t x = 0; x < ember_tex_minify(w, l); x++) {
					uint64_t va = block_va(b, l, x / 4, y / 4, z);
					uint64_t tva = b->twin.img.base + tl->offset +
						z * tl->slice_pitch + (uint64_t)y * tl->row_pitch +
						(uint64_t)x * 16;
					union ember_tex_texel t;

					ember_tex_bc_decode(format, arena + (va - ARENA_VA), x, y, &t);
					memcpy(arena + (tva - ARENA_VA), t.f, 16);
				}
			}
		}
	}
	return true;
}

static struct ember_tex_sampler random_sampler(void)
{
	static const uint32_t borders[] = {
		EMBER_TEX_BORDER_FLOAT_TRANSPARENT_BLACK, EMBER_TEX_BORDER_FLOAT_OPAQUE_BLACK,
		EMBER_TEX_BORDER_FLOAT_OPAQUE_WHITE,
	};
	struct ember_tex_sampler s = {
		.mag_filter = (uint8_t)(test_rand() & 1), .min_filter = (uint8_t)(test_rand() & 1),
		.mipmap_mode = (uint8_t)(test_rand() & 1),
		.border = borders[test_rand() % 3], .min_lod = 0.0f, .max_lod = 1000.0f,
	};

	for (unsigned int c = 0; c < 3; c++)
		s.address[c] = (uint8_t)(test_rand() % 5);
	return s;
}

static int layer_coord_index(unsigned int t)
{
	return t == EMBER_TEX_2D_ARRAY ? 2 : t == EMBER_TEX_CUBE_ARRAY ? 3 : -1;
}

static bool same_bits(const char *what, const ember_tex_result a, const ember_tex_result b,
		      uint32_t mask)
{
	for (unsigned int l = 0; l < LANES; l++) {
		for (unsigned int c = 0; mask >> l & 1 && c < 4; c++) {
			if (a[c][l] != b[c][l]) {
				tap_diag("%s: lane %u component %u: BC 0x%08x (%.9g), twin 0x%08x "
					 "(%.9g)", what, l, c, a[c][l], ref_bitsf(a[c][l]),
					 b[c][l], ref_bitsf(b[c][l]));
				return false;
			}
		}
	}
	return true;
}

/* Sample and gather the BC image and its twin at the same random lanes. */
static bool sample_batches(const char *what, const struct bc_image *b)
{
	const struct ember_tex_image *img = &b->img;
	unsigned int t = img->view_type;
	int lc = layer_coord_index(t);
	bool gathers = t != EMBER_TEX_3D;
	/*
	 * Float filter weights against the reference's doubles: an error
	 * relative to the texels blended, which reach 65504 in BC6H.
	 */
	double scale = img->format == VK_FORMAT_BC6H_UFLOAT_BLOCK ||
		       img->format == VK_FORMAT_BC6H_SFLOAT_BLOCK ? 65504.0 : 1.0;

	for (unsigned int n = 0; n < BATCHES; n++) {
		struct ember_tex_sampler smp = random_sampler();
		float coord[4][LANES], lod[LANES];
		struct ember_tex_sample_args args = { .mask = ~0u, .lod = lod };
		ember_tex_result got, twin;
		struct ember_tex_status st;
		unsigned int component = (unsigned int)(test_rand() % 4);

		for (unsigned int l = 0; l < LANES; l++) {
			for (unsigned int c = 0; c < 4; c++)
				coord[c][l] = t == EMBER_TEX_CUBE || t == EMBER_TEX_CUBE_ARRAY ?
					test_uniform(-1.0f, 1.0f) : test_uniform(-0.4f, 1.4f);
			if (lc >= 0)
				coord[lc][l] = test_uniform(-0.6f, (float)(img->layers /
					(t == EMBER_TEX_CUBE_ARRAY ? 6 : 1)) + 0.4f);
			lod[l] = test_uniform(-1.0f, (float)img->levels + 0.5f);
		}
		for (unsigned int c = 0; c < 4; c++)
			args.coord[c] = coord[c];
		st = ember_tex_sample(img, &smp, n & 1 ? &arena_memory_paged : &arena_memory,
				      &args, got);
		CHECK_EQ(st.fault, 0);
		st = ember_tex_sample(&b->twin.img, &smp, &arena_memory, &args, twin);
		CHECK_EQ(st.fault, 0);
		if (!same_bits(what, got, twin, args.mask))
			return false;
		for (unsigned int l = 0; l < LANES; l++) {
			struct ref_sample_in in = { .has_lod = true, .lod = lod[l] };
			double want[4];

			for (unsigned int c = 0; c < 4; c++)
				in.coord[c] = coord[c][l];
			ref_sample(&b->twin.ri, &smp, &in, want);
			for (unsigned int c = 0; c < 4; c++) {
				float f = ref_bitsf(got[c][l]);

				if (fabs((double)f - want[c]) > 2e-5 * (scale + fabs(want[c]))) {
					tap_diag("%s: lane %u component %u: %.9g, reference %.9g",
						 what, l, c, f, want[c]);
					return false;
				}
			}
		}
		if (!gathers)
			continue;
		st = ember_tex_gather(img, &smp, &arena_memory, &args, component, NULL, got);
		CHECK_EQ(st.fault, 0);
		st = ember_tex_gather(&b->twin.img, &smp, &arena_memory, &args, component, NULL,
				      twin);
		CHECK_EQ(st.fault, 0);
		if (!same_bits(what, got, twin, args.mask))
			return false;
	}
	return true;
}

/* Fetches inside and around every level, against the twin and the decoder. */
static bool fetch_batches(const char *what, const struct bc_image *b)
{
	const struct ember_tex_image *img = &b->img;
	bool has_alpha = ember_tex_format_get(img->format)->ch[3].bits != 0;

	for (unsigned int n = 0; n < BATCHES; n++) {
		int32_t coord[3][LANES], level[LANES];
		struct ember_tex_fetch_args args = {
			.mask = ~0u, .coord = { coord[0], coord[1], coord[2] }, .level = level,
		};
		ember_tex_result got, twin;
		struct ember_tex_status st;

		for (unsigned int l = 0; l < LANES; l++) {
			level[l] = (int32_t)(test_rand() % (img->levels + 1));
			coord[0][l] = (int32_t)(test_rand() % (img->width + 4)) - 2;
			coord[1][l] = (int32_t)(test_rand() % (img->height + 4)) - 2;
			coord[2][l] = (int32_t)(test_rand() % (slices_of(img, 0) + 2)) - 1;
		}
		st = ember_tex_fetch(img, &arena_memory_paged, &args, got);
		CHECK_EQ(st.fault, 0);
		st = ember_tex_fetch(&b->twin.img, &arena_memory, &args, twin);
		CHECK_EQ(st.fault, 0);
		for (unsigned int l = 0; l < LANES; l++) {
			uint32_t lv = (uint32_t)level[l];
			/* A 2D view has no third coordinate. */
			int32_t z = img->view_type == EMBER_TEX_2D ? 0 : coord[2][l];
			bool inside = lv < img->levels && coord[0][l] >= 0 && coord[1][l] >= 0 &&
				z >= 0 && (uint32_t)coord[0][l] < ember_tex_minify(img->width, lv) &&
				(uint32_t)coord[1][l] < ember_tex_minify(img->height, lv) &&
				(uint32_t)z < slices_of(img, lv);

			/* Outside: zero, alpha 1 where the format has none. */
			if (!inside) {
				twin[3][l] = has_alpha ? 0 : 0x3f800000u;
				continue;
			}
		}
		if (!same_bits(what, got, twin, args.mask))
			return false;
	}
	return true;
}

struct shape {
	const char *name;
	unsigned int view_type;
	uint32_t w, h, d, levels, layers;
};

static const struct shape shapes[] = {
	{ "2D 13x7", EMBER_TEX_2D, 13, 7, 1, 4, 1 },
	{ "2D 4x4", EMBER_TEX_2D, 4, 4, 1, 3, 1 },
	{ "2D 37x21", EMBER_TEX_2D, 37, 21, 1, 6, 1 },
	{ "2D array 10x18 x3", EMBER_TEX_2D_ARRAY, 10, 18, 1, 5, 3 },
	{ "cube 9", EMBER_TEX_CUBE, 9, 9, 1, 4, 6 },
	{ "cube array 6 x2", EMBER_TEX_CUBE_ARRAY, 6, 6, 1, 3, 12 },
	{ "3D 10x6x3", EMBER_TEX_3D, 10, 6, 3, 4, 1 },
};

static bool sampling(uint32_t format, unsigned int layout)
{
	for (unsigned int s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		const struct shape *sh = &shapes[s];
		char what[96];
		struct bc_image b;

		test_images_reset();
		snprintf(what, sizeof(what), "format %u %s %s", format, sh->name,
			 layout ? "tiled" : "linear");
		CHECK(bc_image_init(&b, format, sh->view_type, sh->w, sh->h, sh->d, sh->levels,
				    sh->layers, layout));
		if (!fetch_batches(what, &b) || !sample_batches(what, &b))
			return false;
	}
	return true;
}

static bool refused_images(void)
{
	struct bc_image b;
	struct ember_tex_image img;
	int32_t zero[LANES] = { 0 };
	struct ember_tex_fetch_args args = { .mask = 1, .coord = { zero, zero, zero } };
	ember_tex_result texels = { { 0 } };

	test_images_reset();
	CHECK(bc_image_init(&b, VK_FORMAT_BC7_UNORM_BLOCK, EMBER_TEX_2D, 8, 8, 1, 1, 1,
			    EMBER_TEX_LAYOUT_TILED_4K));
	img = b.img;
	img.samples = 4;
	CHECK(ember_tex_image_check(&img));
	img = b.img;
	img.view_type = EMBER_TEX_1D;
	img.height = 1;
	CHECK(ember_tex_image_check(&img));
	CHECK_EQ(ember_tex_store(&b.img, &arena_memory, &args,
				 (const uint32_t (*)[LANES])texels).fault, EMBER_TEX_FAULT_BAD_IMAGE);
	/* A row pitch of texels, not of blocks, is too small for 16 columns. */
	img = b.img;
	img.width = 64;
	img.layout = EMBER_TEX_LAYOUT_LINEAR;
	img.level[0].row_pitch = 15 * 16;
	CHECK(ember_tex_image_check(&img));
	img.level[0].row_pitch = 16 * 16;
	CHECK(!ember_tex_image_check(&img));
	return true;
}

int main(void)
{
	static const struct { bool (*fn)(void); const char *name; } units[] = {
		{ known_answers, "known answers" },
		{ any_block_decodes, "any block decodes into range" },
		{ reserved_modes_are_zero, "reserved modes decode to zero" },
		{ rows_match_the_contract, "format rows match the contract" },
		{ refused_images, "multisampled, 1D and stored BC images refused" },
	};
	char name[64];

	test_images_reset();
	for (unsigned int i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		tap_result(units[i].fn(), units[i].name);
	for (uint32_t f = EMBER_TEX_BC_FIRST; f <= EMBER_TEX_BC_LAST; f++) {
		for (unsigned int layout = 0; layout < 2; layout++) {
			snprintf(name, sizeof(name), "format %u sampling, %s", f,
				 layout ? "tiled" : "linear");
			tap_result(sampling(f, layout), name);
		}
	}
	return tap_finish();
}
