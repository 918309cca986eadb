/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The texture unit's wave paths against its lane-by-lane path, bit for
 * bit: memory with map_page takes the wave paths (a wave's texels read
 * per corner with a decoder chosen once), memory without it reads every
 * texel through the access callback one lane at a time. Both must give
 * the same result rows, the same status and the same first fault, at the
 * boundaries the wave paths introduce: lanes on different levels, border
 * texels beside texels inside, footprints across pages (one of them
 * unmapped), and lanes with exec off whose coordinates point anywhere.
 */

#include <math.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

#include "ember_packets.h"
#include "tap.h"
#include "tex_test_image.h"

#define LANES	EMBER_TEX_LANES
#define RUNS	24

/* An unmapped page range inside the arena: [hole_lo, hole_hi). */
static uint64_t hole_lo, hole_hi;

static bool in_hole(uint64_t va)
{
	return va >= hole_lo && va < hole_hi;
}

static int hole_access(void *ctx, uint64_t va, void *buf, unsigned int len,
		       bool write, uint64_t *fault_va)
{
	for (unsigned int i = 0; i < len; i++) {
		if (in_hole(va + i)) {
			*fault_va = va + i;
			return EMBER_FAULT_TRANSLATION;
		}
	}
	return arena_memory.access(ctx, va, buf, len, write, fault_va);
}

static uint8_t *hole_map_page(void *ctx, uint64_t va, bool write, int *fault)
{
	if (in_hole(va & ~(uint64_t)(EMBER_PAGE_SIZE - 1))) {
		*fault = EMBER_FAULT_TRANSLATION;
		return NULL;
	}
	return arena_memory_paged.map_page(ctx, va, write, fault);
}

static const struct ember_tex_memory lane_memory = { .access = hole_access };
static const struct ember_tex_memory wave_memory = {
	.access = hole_access, .map_page = hole_map_page,
};

/* The formats with a decoder of their own, and two without. */
static const uint32_t formats[] = {
	VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB,
	VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32_UINT, VK_FORMAT_R16G16B16A16_SFLOAT,
	VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SINT,
	VK_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R5G6B5_UNORM_PACK16,
};

static bool same_status(struct ember_tex_status a, struct ember_tex_status b)
{
	return a.fault == b.fault && a.kind == b.kind && a.access == b.access && a.va == b.va;
}

static void poison(ember_tex_result out)
{
	for (unsigned int c = 0; c < 4; c++)
		for (unsigned int l = 0; l < LANES; l++)
			out[c][l] = 0xdeadbeefu ^ l;
}

static bool same_rows(const char *what, const ember_tex_result a, const ember_tex_result b)
{
	for (unsigned int c = 0; c < 4; c++) {
		for (unsigned int l = 0; l < LANES; l++) {
			if (a[c][l] != b[c][l]) {
				tap_diag("%s: lane %u component %u: wave 0x%08x, lane path 0x%08x",
					 what, l, c, a[c][l], b[c][l]);
				return false;
			}
		}
	}
	return true;
}

/* Sampling through both paths: same rows (inactive lanes untouched), same status. */
static bool sample_both(const char *what, const struct test_image *t,
			const struct ember_tex_sampler *smp,
			const struct ember_tex_sample_args *args, struct ember_tex_status *st)
{
	ember_tex_result wave, lane;
	struct ember_tex_status sw, sl;

	poison(wave);
	poison(lane);
	sw = ember_tex_sample(&t->img, smp, &wave_memory, args, wave);
	sl = ember_tex_sample(&t->img, smp, &lane_memory, args, lane);
	if (!same_status(sw, sl)) {
		tap_diag("%s: wave status %u/%u at 0x%llx, lane path %u/%u at 0x%llx", what,
			 sw.fault, sw.kind, (unsigned long long)sw.va, sl.fault, sl.kind,
			 (unsigned long long)sl.va);
		return false;
	}
	for (unsigned int l = 0; l < LANES; l++) {
		if (!(args->mask >> l & 1) && wave[0][l] != (0xdeadbeefu ^ l)) {
			tap_diag("%s: inactive lane %u written", what, l);
			return false;
		}
	}
	if (st)
		*st = sw;
	return same_rows(what, wave, lane);
}

struct lanes {
	float coord[4][LANES], lod[LANES], ddx[3][LANES], ddy[3][LANES];
	struct ember_tex_sample_args args;
};

static void lanes_init(struct lanes *ln, uint32_t mask)
{
	memset(ln, 0, sizeof(*ln));
	ln->args.mask = mask;
	for (unsigned int c = 0; c < 4; c++)
		ln->args.coord[c] = ln->coord[c];
	ln->args.lod = ln->lod;
}

static struct ember_tex_sampler sampler(unsigned int filter, unsigned int mip,
					unsigned int address_u, unsigned int address_v)
{
	return (struct ember_tex_sampler) {
		.mag_filter = (uint8_t)filter, .min_filter = (uint8_t)filter,
		.mipmap_mode = (uint8_t)mip,
		.address = { (uint8_t)address_u, (uint8_t)address_v, EMBER_TEX_REPEAT },
		.border = EMBER_TEX_BORDER_FLOAT_CUSTOM,
		.custom_border = { 0x3e800000u, 7u, 0xbf800000u, 0x7fc00000u },
		.min_lod = 0.0f, .max_lod = 1000.0f,
	};
}

static bool image(struct test_image *t, uint32_t format, unsigned int view_type,
		  uint32_t levels, unsigned int layout)
{
	test_images_reset();
	hole_lo = hole_hi = 0;
	return test_image_init(t, format, EMBER_TEX_ASPECT_COLOR, view_type, 64, 48, 1, levels,
			       view_type == EMBER_TEX_2D_ARRAY ? 3 : 1, 1, layout);
}

/* Every lane on a level of its own: random LODs, both mipmap modes. */
static bool mixed_levels(void)
{
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int run = 0; run < RUNS; run++) {
			unsigned int layout = run & 1, view = run & 2 ? EMBER_TEX_2D_ARRAY :
							      EMBER_TEX_2D;
			struct ember_tex_sampler smp = sampler(run >> 2 & 1, run >> 3 & 1,
							       run % 5, (run + 2) % 5);
			struct test_image t;
			struct lanes ln;

			if (!image(&t, formats[f], view, 7, layout))
				return false;
			lanes_init(&ln, (uint32_t)test_rand() | 1u);
			for (unsigned int l = 0; l < LANES; l++) {
				ln.coord[0][l] = test_uniform(-1.5f, 2.5f);
				ln.coord[1][l] = test_uniform(-1.5f, 2.5f);
				ln.coord[2][l] = test_uniform(-1.0f, 4.0f);
				ln.lod[l] = test_uniform(-2.0f, 8.0f);
				/* Gradients of 2^-2 to 2^7 texels, in their own direction. */
				for (unsigned int c = 0; c < 2; c++) {
					ln.ddx[c][l] = exp2f(ln.lod[l]) * test_uniform(-1.0f, 1.0f) / 64.0f;
					ln.ddy[c][l] = exp2f(ln.lod[l]) * test_uniform(-1.0f, 1.0f) / 48.0f;
				}
			}
			if (run % 3 == 0) {
				/* The LOD from the gradients. */
				ln.args.lod = NULL;
				for (unsigned int c = 0; c < 2; c++) {
					ln.args.ddx[c] = ln.ddx[c];
					ln.args.ddy[c] = ln.ddy[c];
				}
			}
			if (!sample_both("mixed levels", &t, &smp, &ln.args, NULL))
				return false;
		}
	}
	return true;
}

/* Lanes whose footprints straddle the edge: border texels beside inside ones. */
static bool border_beside_inside(void)
{
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int run = 0; run < RUNS; run++) {
			unsigned int other = run % 5;
			struct ember_tex_sampler smp = sampler(1, 0, EMBER_TEX_CLAMP_TO_BORDER,
							       run & 1 ? other :
							       EMBER_TEX_CLAMP_TO_BORDER);
			struct test_image t;
			struct lanes ln;

			if (!image(&t, formats[f], EMBER_TEX_2D, 1, run >> 1 & 1))
				return false;
			lanes_init(&ln, ~0u);
			for (unsigned int l = 0; l < LANES; l++) {
				/* Within a texel of an edge, either side. */
				float s = test_uniform(-1.5f, 1.5f) / 64.0f;
				float u = l & 1 ? 1.0f + s : s;

				ln.coord[0][l] = u;
				ln.coord[1][l] = l & 2 ? test_uniform(0.0f, 1.0f) :
					1.0f + test_uniform(-1.5f, 1.5f) / 48.0f;
				ln.lod[l] = test_uniform(-1.0f, 1.0f);
			}
			if (!sample_both("border beside inside", &t, &smp, &ln.args, NULL))
				return false;
		}
	}
	return true;
}

/*
 * A page of level 0 unmapped: footprints on both sides of it and across
 * it, so reads cross pages and some fault; the first fault in lane order
 * is the status, on both paths.
 */
static bool footprints_across_pages(void)
{
	unsigned int faults = 0;

	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int run = 0; run < RUNS; run++) {
			struct ember_tex_sampler smp = sampler(run & 1, run >> 1 & 1,
							       EMBER_TEX_CLAMP_TO_EDGE,
							       EMBER_TEX_REPEAT);
			const struct ember_tex_level_layout *lv;
			struct ember_tex_status st;
			struct test_image t;
			struct lanes ln;
			uint64_t mid;

			if (!image(&t, formats[f], EMBER_TEX_2D, 3, run >> 2 & 1))
				return false;
			lv = &t.img.level[0];
			mid = t.img.base + lv->offset + 24ull * lv->row_pitch;
			hole_lo = mid & ~(uint64_t)(EMBER_PAGE_SIZE - 1);
			hole_hi = hole_lo + EMBER_PAGE_SIZE;
			lanes_init(&ln, (uint32_t)test_rand() | 0x80000000u);
			for (unsigned int l = 0; l < LANES; l++) {
				ln.coord[0][l] = test_uniform(0.0f, 1.0f);
				/* Rare hits on the hole: lanes before it must read. */
				ln.coord[1][l] = test_rand() % 8 ? test_uniform(0.0f, 0.2f) :
					test_uniform(0.0f, 1.0f);
				ln.lod[l] = test_uniform(-0.5f, 1.5f);
			}
			if (!sample_both("footprints across pages", &t, &smp, &ln.args, &st))
				return false;
			faults += st.fault == EMBER_TEX_FAULT_MEMORY;
		}
	}
	/* The runs must reach the unmapped page, and not always. */
	CHECK(faults > 0);
	CHECK(faults < RUNS * sizeof(formats) / sizeof(formats[0]));
	return true;
}

/* Lanes with exec off aim at the unmapped page, NaNs and far texels: no fault. */
static bool inactive_lanes_anywhere(void)
{
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int run = 0; run < RUNS; run++) {
			static const float anywhere[] = { NAN, INFINITY, -1e30f, 1e30f, 0.5f };
			struct ember_tex_sampler smp = sampler(run & 1, 0, EMBER_TEX_CLAMP_TO_EDGE,
							       EMBER_TEX_CLAMP_TO_EDGE);
			const struct ember_tex_level_layout *lv;
			struct ember_tex_status st;
			struct test_image t;
			struct lanes ln;
			uint32_t mask = (uint32_t)test_rand();

			if (!image(&t, formats[f], EMBER_TEX_2D, 1, EMBER_TEX_LAYOUT_LINEAR))
				return false;
			lv = &t.img.level[0];
			/* Rows 40.. of 48: the active lanes stay in rows 0..31. */
			hole_lo = (t.img.base + lv->offset + 40ull * lv->row_pitch +
				   EMBER_PAGE_SIZE - 1) & ~(uint64_t)(EMBER_PAGE_SIZE - 1);
			hole_hi = hole_lo + 16 * EMBER_PAGE_SIZE;
			lanes_init(&ln, mask);
			for (unsigned int l = 0; l < LANES; l++) {
				bool on = mask >> l & 1;

				ln.coord[0][l] = on ? test_uniform(0.0f, 1.0f) :
					anywhere[test_rand() % 5];
				ln.coord[1][l] = on ? test_uniform(0.05f, 0.6f) : 47.5f / 48.0f;
				ln.lod[l] = on ? 0.0f : anywhere[test_rand() % 5];
			}
			if (!sample_both("inactive lanes anywhere", &t, &smp, &ln.args, &st))
				return false;
			CHECK_EQ(st.fault, EMBER_TEX_OK);
		}
	}
	return true;
}

/* Fetch: per-lane levels, out-of-bounds lanes, the unmapped page. */
static bool fetch_wave(void)
{
	for (unsigned int f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		for (unsigned int run = 0; run < RUNS; run++) {
			int32_t xyz[3][LANES], level[LANES];
			struct ember_tex_fetch_args args = { .mask = (uint32_t)test_rand() };
			ember_tex_result wave, lane;
			struct ember_tex_status sw, sl;
			struct test_image t;

			if (!image(&t, formats[f], EMBER_TEX_2D_ARRAY, 4, run & 1))
				return false;
			if (run & 2) {
				hole_lo = (t.img.base + t.img.level[0].offset) & ~(uint64_t)4095;
				hole_lo += 2 * EMBER_PAGE_SIZE;
				hole_hi = hole_lo + EMBER_PAGE_SIZE;
			}
			for (unsigned int l = 0; l < LANES; l++) {
				xyz[0][l] = (int32_t)(test_rand() % 80) - 8;
				xyz[1][l] = (int32_t)(test_rand() % 60) - 6;
				xyz[2][l] = (int32_t)(test_rand() % 4);
				level[l] = (int32_t)(test_rand() % 5);
			}
			for (unsigned int c = 0; c < 3; c++)
				args.coord[c] = xyz[c];
			args.level = level;
			poison(wave);
			poison(lane);
			sw = ember_tex_fetch(&t.img, &wave_memory, &args, wave);
			sl = ember_tex_fetch(&t.img, &lane_memory, &args, lane);
			CHECK(same_status(sw, sl));
			if (!same_rows("fetch", wave, lane))
				return false;
		}
	}
	return true;
}

int main(void)
{
	static const struct { const char *name; bool (*fn)(void); } tests[] = {
		{ "wave: lanes on different levels, explicit and from gradients", mixed_levels },
		{ "wave: border texels beside texels inside", border_beside_inside },
		{ "wave: footprints across pages, the first fault in lane order",
		  footprints_across_pages },
		{ "wave: lanes with exec off pointing anywhere", inactive_lanes_anywhere },
		{ "wave: fetch per-lane levels, out of bounds, unmapped page", fetch_wave },
	};

	for (unsigned int i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		tap_result(tests[i].fn(), tests[i].name);
	return tap_finish();
}
