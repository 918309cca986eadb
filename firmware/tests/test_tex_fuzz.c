/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * A bounded fuzzer of the texture unit's guest inputs: random images
 * (plausible ones, mutated ones, random bytes), random samplers, random
 * coordinates, LODs, gradients, offsets, samples and texel values (NaN,
 * infinities, extremes), every operation, through the real MMU over a
 * window of pages of which some are unmapped and some read-only. Built
 * with AddressSanitizer and UBSan: the unit must never touch host memory
 * it does not own nor run into undefined behaviour, and every outcome must
 * be the one the inputs call for: a refused image or sampler exactly when
 * the checks refuse it, a translation fault only on an unmapped address,
 * a permission fault only for a store to a read-only page, whose bytes
 * never change. Each outcome must occur, so the fuzzer provably reaches
 * them. Seeded, so a failure reproduces: test_tex_fuzz [iterations [seed]].
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tex_ref.h"
#include "tex_test_guest.h"
#include "texture/tex_unit.h"

#define LANES		EMBER_TEX_LANES
#define WINDOW_VA	0x50000000ull
#define WINDOW_PAGES	64u

enum page_state { UNMAPPED, READ_ONLY, READ_WRITE };

static struct tex_guest guest;
static uint8_t page_state[WINDOW_PAGES];
static uint64_t page_gpa[WINDOW_PAGES];
static uint64_t rng;

static uint64_t next(void)
{
	return ref_xorshift(&rng);
}

static uint32_t pick(uint32_t n)
{
	return (uint32_t)(next() % n);
}

static float any_float(void)
{
	static const float specials[] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e30f, -1e30f,
		1e-40f, INFINITY, -INFINITY, NAN, 3e9f, -3e9f, 16384.0f };
	uint32_t u = (uint32_t)next();
	float f;

	switch (pick(4)) {
	case 0: return specials[pick(sizeof(specials) / sizeof(specials[0]))];
	case 1: memcpy(&f, &u, 4); return f;
	default: return (float)((int32_t)u % 4096) / 1024.0f;
	}
}

static int32_t any_int(void)
{
	static const int32_t specials[] = { 0, 1, -1, 2, 7, 8, 15, 16, INT32_MAX, INT32_MIN,
		INT32_MAX - 3, 1 << 20 };

	return pick(3) ? (int32_t)pick(40) - 8 : specials[pick(sizeof(specials) / sizeof(specials[0]))];
}

static void setup(void)
{
	tex_guest_init(&guest, 2u << 20);
	for (unsigned int p = 0; p < WINDOW_PAGES; p++) {
		page_state[p] = p % 11 == 3 ? UNMAPPED : p % 7 == 5 ? READ_ONLY : READ_WRITE;
		page_gpa[p] = tex_guest_page(&guest);
		for (unsigned int b = 0; b < EMBER_PAGE_SIZE; b++)
			tex_guest_host(&guest, page_gpa[p])[b] = (uint8_t)next();
		if (page_state[p] != UNMAPPED)
			tex_guest_map(&guest, WINDOW_VA + p * EMBER_PAGE_SIZE, page_gpa[p],
				      EMBER_PTE_VALID | EMBER_PTE_READ |
				      (page_state[p] == READ_WRITE ? EMBER_PTE_WRITE : 0));
	}
}

static enum page_state state_of(uint64_t va)
{
	uint64_t p = (va - WINDOW_VA) / EMBER_PAGE_SIZE;

	return va < WINDOW_VA || p >= WINDOW_PAGES ? UNMAPPED : page_state[p];
}

static uint64_t read_only_sum(void)
{
	uint64_t sum = 0;

	for (unsigned int p = 0; p < WINDOW_PAGES; p++) {
		for (unsigned int b = 0; page_state[p] == READ_ONLY && b < EMBER_PAGE_SIZE; b++)
			sum = sum * 31 + tex_guest_host(&guest, page_gpa[p])[b];
	}
	return sum;
}

static void plausible_image(struct ember_tex_image *img)
{
	unsigned int count, type = pick(7);
	const struct ember_tex_format *f = &ember_tex_format_table(&count)[pick(count)];
	struct ember_tex_format view;
	uint32_t w = 1 + pick(24), h = 1 + pick(12), d = 1 + pick(6);

	memset(img, 0, sizeof(*img));
	img->format = f->vk_format;
	img->aspect = ember_tex_format_view(f->vk_format, 1, &view) ? 1 :
		ember_tex_format_view(f->vk_format, 2, &view) ? 2 : 4;
	img->view_type = (uint8_t)type;
	img->layout = pick(5) == 0;
	if (type == EMBER_TEX_1D || type == EMBER_TEX_1D_ARRAY)
		h = 1;
	if (type != EMBER_TEX_3D)
		d = 1;
	if (type == EMBER_TEX_CUBE || type == EMBER_TEX_CUBE_ARRAY)
		h = w;
	img->width = w;
	img->height = h;
	img->depth = d;
	img->layers = type == EMBER_TEX_CUBE ? 6 : type == EMBER_TEX_CUBE_ARRAY ? 6 * (1 + pick(2)) :
		type == EMBER_TEX_1D_ARRAY || type == EMBER_TEX_2D_ARRAY ? 1 + pick(4) : 1;
	{
		uint32_t largest = w > h ? (w > d ? w : d) : (h > d ? h : d), most = 1;

		while (largest >> most)
			most++;
		img->levels = 1 + pick(most < 3 ? most : 3);
	}
	img->samples = 1;
	if ((type == EMBER_TEX_2D || type == EMBER_TEX_2D_ARRAY) && pick(4) == 0) {
		img->samples = 1u << pick(4);
		img->levels = 1;
	}
	for (unsigned int c = 0; c < 4; c++)
		img->swizzle[c] = (uint8_t)pick(7);
	img->base = WINDOW_VA + pick(WINDOW_PAGES * EMBER_PAGE_SIZE);
	for (uint32_t l = 0, offset = 0; l < EMBER_TEX_MAX_LEVELS; l++) {
		uint32_t lw = ember_tex_minify(w, l), lh = ember_tex_minify(h, l);

		img->level[l].offset = offset;
		if (img->layout)
			img->level[l].row_pitch = ((lw + 15) / 16) * EMBER_TEX_TILE_BYTES;
		else
			img->level[l].row_pitch = lw * view.bytes * img->samples + pick(9);
		img->level[l].slice_pitch = (uint64_t)img->level[l].row_pitch *
			(img->layout ? (lh + 15) / 16 : lh) + pick(17);
		offset += (uint32_t)img->level[l].slice_pitch * 3;
	}
}

static void random_image(struct ember_tex_image *img)
{
	uint8_t *bytes = (uint8_t *)img;

	if (pick(10) == 0) {
		for (size_t b = 0; b < sizeof(*img); b++)
			bytes[b] = (uint8_t)next();
		return;
	}
	plausible_image(img);
	/* a few fields made wrong, as a buggy or hostile driver would */
	for (unsigned int m = pick(4) == 0 ? 1 + pick(3) : 0; m; m--) {
		switch (pick(12)) {
		case 0: img->format = (uint32_t)next(); break;
		case 1: img->width = (uint32_t)next() >> pick(32); break;
		case 2: img->height = pick(3) ? pick(4) : (uint32_t)next(); break;
		case 3: img->depth = pick(70000); break;
		case 4: img->levels = pick(20); break;
		case 5: img->layers = pick(3) ? pick(20) : (uint32_t)next(); break;
		case 6: img->samples = pick(17); break;
		case 7: img->level[pick(EMBER_TEX_MAX_LEVELS)].row_pitch = (uint32_t)next(); break;
		case 8: img->level[pick(EMBER_TEX_MAX_LEVELS)].slice_pitch = next(); break;
		case 9: img->level[pick(EMBER_TEX_MAX_LEVELS)].offset = next(); break;
		case 10: img->base = next(); break;
		default: img->view_type = (uint8_t)pick(9); break;
		}
	}
}

static void random_sampler(struct ember_tex_sampler *smp)
{
	uint8_t *bytes = (uint8_t *)smp;

	if (pick(10) == 0) {
		for (size_t b = 0; b < sizeof(*smp); b++)
			bytes[b] = (uint8_t)next();
		return;
	}
	*smp = (struct ember_tex_sampler) {
		.mag_filter = (uint8_t)pick(2), .min_filter = (uint8_t)pick(2),
		.mipmap_mode = (uint8_t)pick(2),
		.address = { (uint8_t)pick(5), (uint8_t)pick(5), (uint8_t)pick(5) },
		.compare_enable = pick(4) == 0, .compare_op = (uint8_t)pick(8),
		.unnormalized = pick(8) == 0, .border = pick(6),
		.custom_border = { (uint32_t)next(), (uint32_t)next(), (uint32_t)next(), (uint32_t)next() },
		.lod_bias = pick(2) ? 0.0f : any_float(), .min_lod = 0.0f,
		.max_lod = pick(2) ? 1000.0f : any_float(),
	};
	if (pick(8) == 0)
		smp->border = EMBER_TEX_BORDER_FLOAT_CUSTOM + pick(2);
	if (pick(10) == 0)
		smp->address[pick(3)] = (uint8_t)pick(256);
}

enum op { OP_SAMPLE_LOD, OP_SAMPLE_GRAD, OP_GATHER, OP_FETCH, OP_LOAD, OP_STORE, OP_QUERY, NUM_OPS };

enum outcome { OUT_OK, OUT_BAD_IMAGE, OUT_BAD_SAMPLER, OUT_TRANSLATION, OUT_PERMISSION, NUM_OUTCOMES };

static const char *const outcome_names[] = {
	"ok", "refused image", "refused sampler", "translation fault", "permission fault",
};

static bool one_case(unsigned int iteration, unsigned long seen[NUM_OUTCOMES])
{
	static float fc[4][LANES], lod[LANES], ddx[3][LANES], ddy[3][LANES], dref[LANES];
	static int32_t ic[3][LANES], ilevel[LANES], isample[LANES];
	struct ember_tex_image img;
	struct ember_tex_sampler smp;
	struct ember_tex_sample_args sargs = { .mask = (uint32_t)next() | 1 };
	struct ember_tex_fetch_args fargs = { .mask = sargs.mask };
	int32_t offsets[4][2];
	ember_tex_result out;
	struct ember_tex_status st;
	enum op op = (enum op)pick(NUM_OPS);
	uint64_t ro_before = op == OP_STORE ? read_only_sum() : 0;
	bool image_ok, sampler_ok, uses_sampler = op <= OP_GATHER;

	random_image(&img);
	random_sampler(&smp);
	for (unsigned int l = 0; l < LANES; l++) {
		for (unsigned int c = 0; c < 4; c++) {
			fc[c][l] = pick(2) ? (float)next() / (float)UINT64_MAX * 3.0f - 1.0f : any_float();
			out[c][l] = (uint32_t)next();
		}
		for (unsigned int c = 0; c < 3; c++) {
			ic[c][l] = any_int();
			ddx[c][l] = any_float() / 16.0f;
			ddy[c][l] = any_float() / 16.0f;
		}
		lod[l] = any_float();
		dref[l] = any_float();
		ilevel[l] = any_int();
		isample[l] = any_int();
	}
	for (unsigned int c = 0; c < 4; c++)
		sargs.coord[c] = fc[c];
	for (unsigned int c = 0; c < 3; c++) {
		sargs.offset[c] = fargs.offset[c] = pick(4) ? (int32_t)pick(16) - 8 : any_int();
		fargs.coord[c] = ic[c];
		sargs.ddx[c] = ddx[c];
		sargs.ddy[c] = ddy[c];
	}
	for (unsigned int k = 0; k < 4; k++) {
		offsets[k][0] = any_int();
		offsets[k][1] = any_int();
	}
	sargs.dref = pick(2) ? dref : NULL;
	fargs.level = pick(2) ? ilevel : NULL;
	fargs.sample = pick(2) ? isample : NULL;
	switch (op) {
	case OP_SAMPLE_LOD:
		sargs.lod = lod;
		/* fall through */
	case OP_SAMPLE_GRAD:
		st = ember_tex_sample(&img, &smp, &guest.mem, &sargs, out);
		break;
	case OP_GATHER:
		st = ember_tex_gather(&img, &smp, &guest.mem, &sargs, pick(8),
				      pick(2) ? (const int32_t (*)[2])offsets : NULL, out);
		break;
	case OP_FETCH: st = ember_tex_fetch(&img, &guest.mem, &fargs, out); break;
	case OP_LOAD: st = ember_tex_load(&img, &guest.mem, &fargs, out); break;
	case OP_STORE: st = ember_tex_store(&img, &guest.mem, &fargs, out); break;
	default: st = ember_tex_query_size(&img, sargs.mask, ilevel, out); break;
	}

	image_ok = !ember_tex_image_check(&img);
	sampler_ok = !ember_tex_sampler_check(&smp);
	switch (st.fault) {
	case EMBER_TEX_OK:
		CHECK(image_ok && (sampler_ok || !uses_sampler));
		seen[OUT_OK]++;
		break;
	case EMBER_TEX_FAULT_BAD_IMAGE:
		/* gather refuses 1D and 3D views too; a store, combined depth/stencil */
		CHECK(!image_ok || op == OP_GATHER || op == OP_STORE);
		seen[OUT_BAD_IMAGE]++;
		break;
	case EMBER_TEX_FAULT_BAD_SAMPLER:
		CHECK(image_ok && !sampler_ok && uses_sampler);
		seen[OUT_BAD_SAMPLER]++;
		break;
	case EMBER_TEX_FAULT_MEMORY:
		CHECK(image_ok && op != OP_QUERY);
		if (st.kind == EMBER_FAULT_TRANSLATION) {
			CHECK(state_of(st.va) == UNMAPPED);
			seen[OUT_TRANSLATION]++;
		} else {
			CHECK_EQ(st.kind, EMBER_FAULT_PERMISSION);
			CHECK(op == OP_STORE && st.access == EMBER_ACCESS_WRITE);
			CHECK(state_of(st.va) == READ_ONLY);
			seen[OUT_PERMISSION]++;
		}
		break;
	default:
		tap_diag("iteration %u: unknown status %u", iteration, st.fault);
		return false;
	}
	if (op == OP_STORE)
		CHECK_EQ(read_only_sum(), ro_before);
	return true;
}

int main(int argc, char **argv)
{
	unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 0) : 20000;
	unsigned long seen[NUM_OUTCOMES] = { 0 };
	bool ok = true;
	char name[96];

	rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x853c49e6748fea9bull;
	rng = rng ? rng : 1;
	setup();
	for (unsigned long i = 0; i < iterations && ok; i++) {
		ok = one_case((unsigned int)i, seen);
		if (!ok)
			tap_diag("failed at iteration %lu", i);
	}
	snprintf(name, sizeof(name), "fuzz: %lu random images, samplers and lanes", iterations);
	tap_result(ok, name);
	for (unsigned int o = 0; o < NUM_OUTCOMES; o++) {
		snprintf(name, sizeof(name), "fuzz: reached '%s' (%lu times)", outcome_names[o], seen[o]);
		tap_result(seen[o] > 0, name);
	}
	tex_guest_fini(&guest);
	return tap_finish();
}
