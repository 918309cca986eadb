/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The texture unit's sampling, gather, fetch, load/store and queries
 * against the reference sampler of tex_ref_sampler.c, 32 lanes at a time
 * with random coordinates: every address mode, filter, mipmap mode, border
 * colour, compare op, view type (cube faces, arrays), unnormalized
 * coordinates, offsets, swizzles, the tiled layout; floats within a
 * relative 2e-5 (the unit filters in float, the reference in double; the
 * specification allows far more), integers exact.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

#include "tap.h"
#include "tex_test_image.h"
#include "tex_texel.h"

#define LANES		EMBER_TEX_LANES
#define BATCHES		8

enum lod_mode { LOD_EXPLICIT, LOD_GRADIENTS };

/* How a run picks its lanes' inputs. */
struct gen {
	float lo, hi;		/* s, t, r (cube: direction components) */
	enum lod_mode lod_mode;
	float lod_lo, lod_hi;	/* explicit LOD, or log2 of gradient lengths in texels */
	bool dref;
	int32_t offset[3];
	/*
	 * Gradients: 0 random, else footprints whose major axis (2^lod texels,
	 * along ddx in even lanes, ddy in odd ones) is @ratio times the minor
	 * (INFINITY: minor 0), along s and t or, @rotated, at a random angle.
	 */
	float ratio;
	bool rotated;
};

static bool close_enough(uint32_t got, double want, int cls, double tol)
{
	float f = ref_bitsf(got);

	if (cls == 1)
		return (double)got == want;
	if (cls == 2)
		return (double)(int32_t)got == want;
	if (isnan(want))
		return isnan(f);
	return fabs((double)f - want) <= tol * (1.0 + fabs(want));
}

static int class_of(const struct test_image *t)
{
	return ref_class(&t->ri.rf, t->img.aspect);
}

/* The array-layer coordinate of the view type, or -1. */
static int layer_index(unsigned int view_type)
{
	return view_type == EMBER_TEX_1D_ARRAY ? 1 : view_type == EMBER_TEX_2D_ARRAY ? 2 :
		view_type == EMBER_TEX_CUBE_ARRAY ? 3 : -1;
}

static float layer_coord(const struct test_image *t)
{
	float layers = (float)(t->img.view_type == EMBER_TEX_CUBE_ARRAY ? t->img.layers / 6 :
			       t->img.layers);

	/* exact halves too, which round to even */
	if (test_rand() % 4 == 0)
		return (float)((int)(test_rand() % (unsigned int)(layers + 3)) - 1) + 0.5f;
	return test_uniform(-1.6f, layers + 0.6f);
}

struct lanes {
	float coord[4][LANES], lod[LANES], ddx[3][LANES], ddy[3][LANES], dref[LANES];
	struct ember_tex_sample_args args;
	struct ref_sample_in in[LANES];
};

static void make_lanes(const struct test_image *t, const struct gen *g, struct lanes *ln)
{
	int lc = layer_index(t->img.view_type);
	float size = (float)t->img.width;

	memset(ln, 0, sizeof(*ln));
	for (unsigned int l = 0; l < LANES; l++) {
		struct ref_sample_in *in = &ln->in[l];

		for (unsigned int c = 0; c < 4; c++)
			ln->coord[c][l] = test_uniform(g->lo, g->hi);
		if (lc >= 0)
			ln->coord[lc][l] = layer_coord(t);
		ln->lod[l] = test_uniform(g->lod_lo, g->lod_hi);
		for (unsigned int c = 0; c < 3; c++) {
			/* a gradient whose length in texels is about 2^lod */
			float len = exp2f(test_uniform(g->lod_lo, g->lod_hi)) / size;

			ln->ddx[c][l] = len * test_uniform(-1.0f, 1.0f);
			ln->ddy[c][l] = len * test_uniform(-1.0f, 1.0f);
		}
		if (g->ratio > 0.0f) {
			float len = exp2f(test_uniform(g->lod_lo, g->lod_hi));
			float a = g->rotated ? test_uniform(0.0f, 6.2831853f) : 0.0f;
			float major[2] = { len * cosf(a), len * sinf(a) };
			float minor[2] = { -len / g->ratio * sinf(a), len / g->ratio * cosf(a) };
			float h = (float)t->img.height;

			for (unsigned int c = 0; c < 3; c++)
				ln->ddx[c][l] = ln->ddy[c][l] = 0.0f;
			ln->ddx[0][l] = (l & 1 ? minor : major)[0] / size;
			ln->ddx[1][l] = (l & 1 ? minor : major)[1] / h;
			ln->ddy[0][l] = (l & 1 ? major : minor)[0] / size;
			ln->ddy[1][l] = (l & 1 ? major : minor)[1] / h;
		}
		ln->dref[l] = test_uniform(-0.1f, 1.1f);
		if (l % 8 == 7)		/* exact equality for EQUAL and friends */
			ln->dref[l] = 0.5f;
		for (unsigned int c = 0; c < 4; c++)
			in->coord[c] = ln->coord[c][l];
		in->has_lod = g->lod_mode == LOD_EXPLICIT;
		in->lod = ln->lod[l];
		for (unsigned int c = 0; c < 3; c++) {
			in->ddx[c] = ln->ddx[c][l];
			in->ddy[c] = ln->ddy[c][l];
			in->offset[c] = g->offset[c];
		}
		in->dref = ln->dref[l];
	}
	ln->args.mask = 0xffffffffu & ~(1u << 13);	/* one inactive lane */
	for (unsigned int c = 0; c < 4; c++)
		ln->args.coord[c] = ln->coord[c];
	if (g->lod_mode == LOD_EXPLICIT) {
		ln->args.lod = ln->lod;
	} else {
		for (unsigned int c = 0; c < 3; c++) {
			ln->args.ddx[c] = ln->ddx[c];
			ln->args.ddy[c] = ln->ddy[c];
		}
	}
	ln->args.dref = g->dref ? ln->dref : NULL;
	memcpy(ln->args.offset, g->offset, sizeof(ln->args.offset));
}

static bool check_lanes(const char *what, const struct test_image *t, const ember_tex_result out,
			const double want[][4], uint32_t mask)
{
	for (unsigned int l = 0; l < LANES; l++) {
		if (!(mask >> l & 1)) {
			/* inactive lanes are not written */
			for (unsigned int c = 0; c < 4; c++) {
				if (out[c][l] != 0xdeadbeefu) {
					tap_diag("%s: inactive lane %u written", what, l);
					return false;
				}
			}
			continue;
		}
		for (unsigned int c = 0; c < 4; c++) {
			if (!close_enough(out[c][l], want[l][c], class_of(t), 2e-5)) {
				tap_diag("%s: lane %u component %u: 0x%08x (%.9g), reference %.9g",
					 what, l, c, out[c][l], ref_bitsf(out[c][l]), want[l][c]);
				return false;
			}
		}
	}
	return true;
}

static void poison(ember_tex_result out)
{
	for (unsigned int c = 0; c < 4; c++)
		for (unsigned int l = 0; l < LANES; l++)
			out[c][l] = 0xdeadbeefu;
}

/* BATCHES x 32 lanes of ember_tex_sample() against ref_sample(). */
static bool sample_runs(const char *what, const struct test_image *t,
			const struct ember_tex_sampler *smp, const struct gen *g)
{
	for (unsigned int b = 0; b < BATCHES; b++) {
		struct lanes ln;
		ember_tex_result out;
		double want[LANES][4];
		struct ember_tex_status st;

		make_lanes(t, g, &ln);
		poison(out);
		/* every other batch through the page fast path */
		st = ember_tex_sample(&t->img, smp, b & 1 ? &arena_memory_paged : &arena_memory,
				      &ln.args, out);
		if (st.fault) {
			tap_diag("%s: fault %u", what, st.fault);
			return false;
		}
		for (unsigned int l = 0; l < LANES; l++)
			ref_sample(&t->ri, smp, &ln.in[l], want[l]);
		if (!check_lanes(what, t, out, want, ln.args.mask))
			return false;
	}
	return true;
}

static struct ember_tex_sampler sampler(unsigned int mag, unsigned int min,
					unsigned int mip, unsigned int address)
{
	return (struct ember_tex_sampler) {
		.mag_filter = (uint8_t)mag, .min_filter = (uint8_t)min,
		.mipmap_mode = (uint8_t)mip,
		.address = { (uint8_t)address, (uint8_t)address, (uint8_t)address },
		.border = EMBER_TEX_BORDER_FLOAT_OPAQUE_WHITE,
		.min_lod = 0.0f, .max_lod = 1000.0f,
	};
}

static const char *const mode_names[] = {
	"repeat", "mirrored-repeat", "clamp-to-edge", "clamp-to-border", "mirror-clamp-to-edge",
};

static bool address_modes_and_filters(void)
{
	struct test_image t;
	struct gen g = { .lo = -2.5f, .hi = 2.5f, .lod_lo = -1.0f, .lod_hi = 0.0f };
	char what[96];

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R8G8B8A8_UNORM, 1, EMBER_TEX_2D, 7, 5, 1, 1, 1, 1, 0));
	for (unsigned int mode = 0; mode < 5; mode++) {
		for (unsigned int filter = 0; filter < 2; filter++) {
			struct ember_tex_sampler smp = sampler(filter, filter, 0, mode);

			/* v wraps differently from u */
			smp.address[1] = (uint8_t)((mode + 2) % 5);
			snprintf(what, sizeof(what), "%s/%s, %s", mode_names[mode],
				 mode_names[smp.address[1]], filter ? "linear" : "nearest");
			if (!sample_runs(what, &t, &smp, &g))
				return false;
		}
	}
	return true;
}

static bool border_colours(void)
{
	static const uint32_t float_borders[] = {
		EMBER_TEX_BORDER_FLOAT_TRANSPARENT_BLACK, EMBER_TEX_BORDER_FLOAT_OPAQUE_BLACK,
		EMBER_TEX_BORDER_FLOAT_OPAQUE_WHITE, EMBER_TEX_BORDER_FLOAT_CUSTOM,
	};
	static const uint32_t int_borders[] = {
		EMBER_TEX_BORDER_INT_TRANSPARENT_BLACK, EMBER_TEX_BORDER_INT_OPAQUE_BLACK,
		EMBER_TEX_BORDER_INT_OPAQUE_WHITE, EMBER_TEX_BORDER_INT_CUSTOM,
	};
	struct gen g = { .lo = -1.0f, .hi = 2.0f, .lod_lo = -1.0f, .lod_hi = 0.0f };
	struct test_image tf, ti;
	char what[64];

	test_images_reset();
	CHECK(test_image_init(&tf, VK_FORMAT_R16G16B16A16_SFLOAT, 1, EMBER_TEX_2D, 6, 6, 1, 1, 1, 1, 0));
	CHECK(test_image_init(&ti, VK_FORMAT_R8G8B8A8_UINT, 1, EMBER_TEX_2D, 6, 6, 1, 1, 1, 1, 0));
	for (unsigned int i = 0; i < 4; i++) {
		for (unsigned int filter = 0; filter < 2; filter++) {
			struct ember_tex_sampler smp = sampler(filter, filter, 0, EMBER_TEX_CLAMP_TO_BORDER);

			smp.border = float_borders[i];
			memcpy(smp.custom_border, (float[]){ 0.25f, -3.5f, 7.0f, 0.125f }, 16);
			snprintf(what, sizeof(what), "float border %u, filter %u", smp.border, filter);
			if (!sample_runs(what, &tf, &smp, &g))
				return false;
			smp.border = int_borders[i];
			memcpy(smp.custom_border, (uint32_t[]){ 7, 300, 0xffffffffu, 42 }, 16);
			snprintf(what, sizeof(what), "int border %u", smp.border);
			if (!sample_runs(what, &ti, &smp, &g))
				return false;
		}
	}
	return true;
}

static bool mipmaps_explicit_lod(void)
{
	static const float biases[] = { 0.0f, 0.7f, -1.3f, 20.0f };
	static const float clamps[][2] = { { 0.0f, 1000.0f }, { 0.5f, 2.5f }, { 1.25f, 1.25f } };
	struct gen g = { .lo = -0.5f, .hi = 1.5f, .lod_lo = -2.0f, .lod_hi = 6.0f };
	struct test_image t;
	char what[96];

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R8G8B8A8_SRGB, 1, EMBER_TEX_2D, 16, 8, 1, 5, 1, 1, 0));
	for (unsigned int mip = 0; mip < 2; mip++) {
		for (unsigned int f = 0; f < 4; f++) {
			for (unsigned int b = 0; b < 4; b++) {
				for (unsigned int c = 0; c < 3; c++) {
					struct ember_tex_sampler smp = sampler(f & 1, f >> 1, mip,
									       EMBER_TEX_REPEAT);

					smp.lod_bias = biases[b];
					smp.min_lod = clamps[c][0];
					smp.max_lod = clamps[c][1];
					snprintf(what, sizeof(what), "mip %u mag %u min %u bias %g lod [%g, %g]",
						 mip, f & 1, f >> 1, biases[b], clamps[c][0], clamps[c][1]);
					if (!sample_runs(what, &t, &smp, &g))
						return false;
				}
			}
		}
	}
	/* a bias past maxSamplerLodBias is clamped to 16, not taken whole */
	g.lod_lo = 13.0f;
	g.lod_hi = 22.0f;
	for (unsigned int mip = 0; mip < 2; mip++) {
		struct ember_tex_sampler smp = sampler(1, 1, mip, EMBER_TEX_REPEAT);

		smp.lod_bias = -20.0f;
		if (!sample_runs("bias -20", &t, &smp, &g))
			return false;
	}
	return true;
}

/* Every view type, LOD from explicit gradients and explicit LODs. */
static bool view_types(void)
{
	static const struct {
		const char *name;
		unsigned int type;
		uint32_t w, h, d, levels, layers;
		float lo, hi;
	} views[] = {
		{ "1D", EMBER_TEX_1D, 16, 1, 1, 5, 1, -1.0f, 2.0f },
		{ "1D array", EMBER_TEX_1D_ARRAY, 8, 1, 1, 4, 5, -1.0f, 2.0f },
		{ "2D", EMBER_TEX_2D, 8, 16, 1, 5, 1, -1.0f, 2.0f },
		{ "2D array", EMBER_TEX_2D_ARRAY, 8, 4, 1, 4, 4, -1.0f, 2.0f },
		{ "3D", EMBER_TEX_3D, 8, 4, 8, 4, 1, -1.0f, 2.0f },
		{ "cube", EMBER_TEX_CUBE, 8, 8, 1, 4, 6, -1.0f, 1.0f },
		{ "cube array", EMBER_TEX_CUBE_ARRAY, 4, 4, 1, 3, 18, -1.0f, 1.0f },
	};
	char what[96];

	for (unsigned int v = 0; v < sizeof(views) / sizeof(views[0]); v++) {
		struct test_image t;

		test_images_reset();
		CHECK(test_image_init(&t, VK_FORMAT_R16G16B16A16_UNORM, 1, views[v].type, views[v].w,
				      views[v].h, views[v].d, views[v].levels, views[v].layers, 1, 0));
		for (unsigned int lod = 0; lod < 2; lod++) {
			for (unsigned int f = 0; f < 4; f++) {
				struct gen g = {
					.lo = views[v].lo, .hi = views[v].hi,
					.lod_mode = lod ? LOD_GRADIENTS : LOD_EXPLICIT,
					.lod_lo = -2.0f, .lod_hi = 5.0f,
				};
				struct ember_tex_sampler smp = sampler(f & 1, f & 1, f >> 1,
								       EMBER_TEX_MIRRORED_REPEAT);

				snprintf(what, sizeof(what), "%s, %s LOD, filter %u mip %u", views[v].name,
					 lod ? "gradient" : "explicit", f & 1, f >> 1);
				if (!sample_runs(what, &t, &smp, &g))
					return false;
			}
		}
	}
	return true;
}

/*
 * Anisotropic footprints against the reference: axis-aligned and rotated,
 * ratios from 1.4:1 to a line, major axis along ddx or ddy, maxAnisotropy
 * off, 1, 2, 16, every filter and mipmap mode, on 2D, 2D array, 3D and
 * cube views (the wave path falls back to lanes: every other batch).
 */
static bool anisotropic_footprints(void)
{
	static const struct { const char *name; float ratio; bool rotated; } fps[] = {
		{ "axis-aligned 3.3:1", 3.3f, false },
		{ "rotated 5.7:1", 5.7f, true },
		{ "rotated 1.4:1", 1.4f, true },
		{ "axis-aligned 40:1", 40.0f, false },
		{ "rotated 700:1", 700.0f, true },
		{ "rotated line", INFINITY, true },
	};
	static const struct {
		const char *name;
		unsigned int type;
		uint32_t w, h, d, levels, layers;
		float lo, hi;
	} views[] = {
		{ "2D", EMBER_TEX_2D, 64, 32, 1, 7, 1, -1.0f, 2.0f },
		{ "2D array", EMBER_TEX_2D_ARRAY, 32, 32, 1, 6, 3, -1.0f, 2.0f },
		{ "3D", EMBER_TEX_3D, 16, 16, 4, 5, 1, -1.0f, 2.0f },
		{ "cube", EMBER_TEX_CUBE, 16, 16, 1, 5, 6, -1.0f, 1.0f },
	};
	static const unsigned int maxes[] = { 0, 1, 2, 16 };
	char what[128];

	for (unsigned int v = 0; v < sizeof(views) / sizeof(views[0]); v++) {
		struct test_image t;

		test_images_reset();
		CHECK(test_image_init(&t, VK_FORMAT_R16G16B16A16_UNORM, 1, views[v].type, views[v].w,
				      views[v].h, views[v].d, views[v].levels, views[v].layers, 1, 0));
		for (unsigned int fp = 0; fp < sizeof(fps) / sizeof(fps[0]); fp++) {
			for (unsigned int m = 0; m < sizeof(maxes) / sizeof(maxes[0]); m++) {
				for (unsigned int f = 0; f < 4; f++) {
					struct gen g = {
						.lo = views[v].lo, .hi = views[v].hi,
						.lod_mode = LOD_GRADIENTS, .lod_lo = -1.0f, .lod_hi = 7.0f,
						.ratio = fps[fp].ratio, .rotated = fps[fp].rotated,
					};
					struct ember_tex_sampler smp = sampler(f & 1, f & 1, f >> 1,
									       EMBER_TEX_REPEAT);

					smp.max_aniso = (uint8_t)maxes[m];
					snprintf(what, sizeof(what), "%s, %s, max %u, filter %u mip %u",
						 views[v].name, fps[fp].name, maxes[m], f & 1, f >> 1);
					if (!sample_runs(what, &t, &smp, &g))
						return false;
				}
			}
		}
	}
	return true;
}

/*
 * Bit-identity on random images: maxAnisotropy 1 and 16 on isotropic
 * (axis-aligned, equal length) footprints, and 16 with explicit LODs, give
 * exactly the results of maxAnisotropy 0, on both memory paths.
 */
static bool anisotropy_off_is_isotropic(void)
{
	struct gen g = { .lo = -1.0f, .hi = 2.0f, .lod_mode = LOD_GRADIENTS, .lod_lo = -2.0f,
			 .lod_hi = 6.0f, .ratio = 1.0f };
	struct test_image t;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R8G8B8A8_SRGB, 1, EMBER_TEX_2D, 32, 32, 1, 6, 1, 1, 0));
	for (unsigned int run = 0; run < 3 * 16; run++) {
		struct ember_tex_sampler smp = sampler(run & 1, run & 1, run >> 1 & 1,
						       EMBER_TEX_REPEAT);
		ember_tex_result a = { { 0 } }, b = { { 0 } };
		struct lanes ln;

		unsigned int group = run / 16;	/* explicit, maxAniso 1, isotropic */

		g.lod_mode = group == 0 ? LOD_EXPLICIT : LOD_GRADIENTS;
		g.ratio = group == 2 ? 1.0f : 0.0f;
		make_lanes(&t, &g, &ln);
		for (unsigned int p = 0; p < 2; p++) {
			const struct ember_tex_memory *mem = p ? &arena_memory_paged : &arena_memory;

			smp.max_aniso = 0;
			CHECK_EQ(ember_tex_sample(&t.img, &smp, mem, &ln.args, a).fault, 0);
			smp.max_aniso = group == 1 ? 1 : 16;
			CHECK_EQ(ember_tex_sample(&t.img, &smp, mem, &ln.args, b).fault, 0);
			CHECK(!memcmp(a, b, sizeof(a)));
		}
	}
	return true;
}

/* Lanes of gradients (in texels of a @size x @size image) and an LOD. */
static void known_lanes(struct lanes *ln, float size, const float dx[2], const float dy[2],
			bool explicit_lod, float lod)
{
	memset(ln, 0, sizeof(*ln));
	for (unsigned int l = 0; l < LANES; l++) {
		ln->coord[0][l] = (float)(l % 8) / 8.0f + 0.03f;
		ln->coord[1][l] = (float)(l / 8) / 4.0f + 0.07f;
		ln->lod[l] = lod;
		for (unsigned int c = 0; c < 2; c++) {
			ln->ddx[c][l] = dx[c] / size;
			ln->ddy[c][l] = dy[c] / size;
		}
	}
	ln->args.mask = ~0u;
	ln->args.coord[0] = ln->coord[0];
	ln->args.coord[1] = ln->coord[1];
	if (explicit_lod) {
		ln->args.lod = ln->lod;
		return;
	}
	for (unsigned int c = 0; c < 2; c++) {
		ln->args.ddx[c] = ln->ddx[c];
		ln->args.ddy[c] = ln->ddy[c];
	}
}

/*
 * Known answers: an R32_SFLOAT image whose level m holds m everywhere, so
 * a sample is the level λ picks: λ = log2(Pmax / η), η = min(Pmax / Pmin,
 * maxAnisotropy); an isotropic footprint, an explicit LOD and
 * maxAnisotropy 0 or 1 give the very bits of isotropic filtering.
 */
static bool anisotropic_lod_known_answer(void)
{
	static const struct {
		float dx[2], dy[2];
		unsigned int max;
		bool explicit_lod;
		float lod, want;	/* mip linear */
	} cases[] = {
		{ { 64, 0 }, { 0, 2 }, 16, false, 0, 2.0f },	/* 32:1, η 16 */
		{ { 0, 2 }, { 0, 64 }, 16, false, 0, 2.0f },	/* along ddy */
		{ { 64, 0 }, { 0, 2 }, 4, false, 0, 4.0f },
		{ { 64, 0 }, { 0, 2 }, 1, false, 0, 6.0f },	/* isotropic */
		{ { 64, 0 }, { 0, 2 }, 0, false, 0, 6.0f },
		{ { 48, 0 }, { 0, 16 }, 16, false, 0, 4.0f },	/* 3:1 */
		{ { 24, 24 }, { -3, 3 }, 16, false, 0, 2.0849625f },	/* rotated 8:1 */
		{ { 8, 0 }, { 0, 8 }, 16, false, 0, 3.0f },	/* isotropic footprint */
		{ { 64, 0 }, { 0, 2 }, 16, true, 5.25f, 5.25f },	/* explicit LOD */
		{ { 0.5f, 0 }, { 0, 0.01f }, 16, false, 0, 0.0f },	/* magnified */
	};
	struct test_image t;
	const uint32_t size = 256, levels = 9;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R32_SFLOAT, 1, EMBER_TEX_2D, size, size, 1, levels,
			      1, 1, 0));
	for (uint32_t m = 0; m < levels; m++) {
		float v = (float)m;

		for (uint32_t y = 0; y < ember_tex_minify(size, m); y++)
			for (uint32_t x = 0; x < ember_tex_minify(size, m); x++)
				memcpy(arena + (ember_tex_texel_va(&t.img, 4, m, x, y, 0, 0) -
						ARENA_VA), &v, 4);
	}
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (unsigned int mip = 0; mip < 2; mip++) {
			struct ember_tex_sampler smp = sampler(1, 1, mip, EMBER_TEX_REPEAT);
			float want = mip ? cases[i].want : floorf(cases[i].want + 0.5f);
			ember_tex_result out = { { 0 } }, iso;
			struct lanes ln;

			smp.max_aniso = (uint8_t)cases[i].max;
			known_lanes(&ln, (float)size, cases[i].dx, cases[i].dy,
				    cases[i].explicit_lod, cases[i].lod);
			if (cases[i].explicit_lod && !mip)
				want = 5.0f;
			for (unsigned int p = 0; p < 2; p++) {
				CHECK_EQ(ember_tex_sample(&t.img, &smp, p ? &arena_memory_paged :
							  &arena_memory, &ln.args, out).fault, 0);
				for (unsigned int l = 0; l < LANES; l++) {
					float got = ref_bitsf(out[0][l]);

					if (!(fabsf(got - want) <= 1e-5f))
						tap_diag("case %u mip %u lane %u: %.9g, want %.9g", i, mip,
							 l, got, want);
					CHECK(fabsf(got - want) <= 1e-5f);
				}
			}
			/* anisotropy that does not apply leaves the bits alone */
			if (cases[i].max <= 1 || cases[i].explicit_lod || i == 7 || i == 9) {
				memset(iso, 0, sizeof(iso));
				smp.max_aniso = 0;
				CHECK_EQ(ember_tex_sample(&t.img, &smp, &arena_memory_paged, &ln.args,
							  iso).fault, 0);
				CHECK(!memcmp(out, iso, sizeof(iso)));
			}
		}
	}
	return anisotropy_off_is_isotropic();
}

/* Directions straight at each face's centre, edges and corners. */
static bool cube_faces_and_edges(void)
{
	struct test_image t;
	char what[64];

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R32G32B32A32_SFLOAT, 1, EMBER_TEX_CUBE, 4, 4, 1, 1, 6, 1, 0));
	for (unsigned int face = 0; face < 6; face++) {
		for (unsigned int filter = 0; filter < 2; filter++) {
			struct ember_tex_sampler smp = sampler(filter, filter, 0, EMBER_TEX_REPEAT);
			float coord[3][LANES], lod[LANES] = { 0 };
			struct ember_tex_sample_args args = { .mask = ~0u, .lod = lod };
			double want[LANES][4];
			ember_tex_result out;

			for (unsigned int l = 0; l < LANES; l++) {
				/* major axis +-1, the others spanning the face and past */
				float a = l < 9 ? -1.0f + (float)(l % 3) : test_uniform(-1.0f, 1.0f);
				float b = l < 9 ? -1.0f + (float)(l / 3) : test_uniform(-1.0f, 1.0f);
				unsigned int axis = face / 2;
				struct ref_sample_in in = { .has_lod = true };

				coord[axis][l] = face & 1 ? -1.0f : 1.0f;
				coord[(axis + 1) % 3][l] = a * 0.999f;
				coord[(axis + 2) % 3][l] = b * 0.999f;
				for (unsigned int c = 0; c < 3; c++)
					in.coord[c] = coord[c][l];
				ref_sample(&t.ri, &smp, &in, want[l]);
			}
			for (unsigned int c = 0; c < 3; c++)
				args.coord[c] = coord[c];
			poison(out);
			CHECK_EQ(ember_tex_sample(&t.img, &smp, &arena_memory, &args, out).fault, 0);
			snprintf(what, sizeof(what), "face %u filter %u", face, filter);
			if (!check_lanes(what, &t, out, want, ~0u))
				return false;
		}
	}
	return true;
}

static bool unnormalized_coordinates(void)
{
	struct gen g = { .lo = -3.0f, .hi = 12.0f, .lod_lo = 0.0f, .lod_hi = 0.0f };
	struct test_image t;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_B8G8R8A8_UNORM, 1, EMBER_TEX_2D, 9, 7, 1, 1, 1, 1, 0));
	for (unsigned int f = 0; f < 2; f++) {
		for (unsigned int mode = EMBER_TEX_CLAMP_TO_EDGE; mode <= EMBER_TEX_CLAMP_TO_BORDER; mode++) {
			struct ember_tex_sampler smp = sampler(f, f, 0, mode);

			smp.unnormalized = true;
			smp.max_lod = 0.0f;
			if (!sample_runs(mode_names[mode], &t, &smp, &g))
				return false;
		}
	}
	return true;
}

static bool constant_offsets(void)
{
	struct test_image t2, t3;
	char what[64];

	test_images_reset();
	CHECK(test_image_init(&t2, VK_FORMAT_R8G8_SNORM, 1, EMBER_TEX_2D_ARRAY, 8, 8, 1, 3, 3, 1, 0));
	CHECK(test_image_init(&t3, VK_FORMAT_R16_SFLOAT, 1, EMBER_TEX_3D, 4, 4, 4, 2, 1, 1, 0));
	for (int o = -8; o <= 7; o += 5) {
		for (unsigned int f = 0; f < 2; f++) {
			struct gen g = { .lo = -0.5f, .hi = 1.5f, .lod_lo = -1.0f, .lod_hi = 2.0f,
					 .offset = { o, -o / 2, o / 3 } };
			struct ember_tex_sampler smp = sampler(f, f, 1, EMBER_TEX_CLAMP_TO_BORDER);

			snprintf(what, sizeof(what), "offset %d, filter %u", o, f);
			if (!sample_runs(what, &t2, &smp, &g) || !sample_runs(what, &t3, &smp, &g))
				return false;
		}
	}
	return true;
}

static bool depth_compare(void)
{
	static const struct { uint32_t format; unsigned int type, layers; } images[] = {
		{ VK_FORMAT_D16_UNORM, EMBER_TEX_2D, 1 },
		{ VK_FORMAT_D32_SFLOAT, EMBER_TEX_2D_ARRAY, 3 },
		{ VK_FORMAT_D24_UNORM_S8_UINT, EMBER_TEX_2D, 1 },
		{ VK_FORMAT_X8_D24_UNORM_PACK32, EMBER_TEX_CUBE, 6 },
		{ VK_FORMAT_D32_SFLOAT_S8_UINT, EMBER_TEX_2D, 1 },
	};
	char what[64];

	for (unsigned int i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		struct gen g = { .lo = -1.0f, .hi = 1.5f, .lod_lo = -1.0f, .lod_hi = 3.0f, .dref = true };
		struct test_image t;

		test_images_reset();
		CHECK(test_image_init(&t, images[i].format, EMBER_TEX_ASPECT_DEPTH, images[i].type,
				      8, 8, 1, 3, images[i].layers, 1, 0));
		for (unsigned int op = 0; op < 8; op++) {
			for (unsigned int f = 0; f < 2; f++) {
				struct ember_tex_sampler smp = sampler(f, f, f, EMBER_TEX_CLAMP_TO_BORDER);

				smp.compare_enable = true;
				smp.compare_op = (uint8_t)op;
				smp.border = EMBER_TEX_BORDER_FLOAT_OPAQUE_BLACK;
				snprintf(what, sizeof(what), "format %u compare op %u filter %u",
					 images[i].format, op, f);
				if (!sample_runs(what, &t, &smp, &g))
					return false;
			}
		}
	}
	return true;
}

static bool stencil_and_integers(void)
{
	struct gen g = { .lo = -1.0f, .hi = 2.0f, .lod_lo = -1.0f, .lod_hi = 3.0f };
	struct test_image s, u, i;
	/* linear filters and mipmaps act as nearest on integers */
	struct ember_tex_sampler smp = sampler(1, 1, 1, EMBER_TEX_REPEAT);

	test_images_reset();
	CHECK(test_image_init(&s, VK_FORMAT_D24_UNORM_S8_UINT, EMBER_TEX_ASPECT_STENCIL,
			      EMBER_TEX_2D, 8, 8, 1, 3, 1, 1, 0));
	CHECK(test_image_init(&u, VK_FORMAT_A2B10G10R10_UINT_PACK32, 1, EMBER_TEX_2D, 8, 8, 1, 3, 1, 1, 0));
	CHECK(test_image_init(&i, VK_FORMAT_R16G16B16A16_SINT, 1, EMBER_TEX_3D, 4, 4, 4, 2, 1, 1, 0));
	return sample_runs("stencil", &s, &smp, &g) && sample_runs("uint", &u, &smp, &g) &&
	       sample_runs("sint", &i, &smp, &g);
}

static bool swizzles(void)
{
	struct gen g = { .lo = 0.0f, .hi = 1.0f, .lod_lo = 0.0f, .lod_hi = 2.0f };
	struct ember_tex_sampler smp = sampler(1, 1, 1, EMBER_TEX_REPEAT);
	struct test_image t;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R5G6B5_UNORM_PACK16, 1, EMBER_TEX_2D, 8, 8, 1, 3, 1, 1, 0));
	for (unsigned int n = 0; n < 20; n++) {
		for (unsigned int c = 0; c < 4; c++)
			t.img.swizzle[c] = (uint8_t)(test_rand() % 7);
		if (!sample_runs("swizzle", &t, &smp, &g))
			return false;
	}
	return true;
}

/* Every format: sampled with nearest at every texel centre, plus linear. */
static bool every_format_samples(void)
{
	unsigned int count;
	const struct ember_tex_format *table = ember_tex_format_table(&count);
	char what[64];

	for (unsigned int i = 0; i < count; i++) {
		for (unsigned int aspect = 1; aspect <= 4; aspect <<= 1) {
			struct ember_tex_format view;
			struct test_image t;
			struct gen g = { .lo = -0.2f, .hi = 1.2f, .lod_lo = -1.0f, .lod_hi = 2.0f };
			struct ember_tex_sampler smp = sampler(1, 1, 1, EMBER_TEX_MIRRORED_REPEAT);

			/* BC formats: test_tex_bc.c. */
			if (!ember_tex_format_view(table[i].vk_format, aspect, &view) ||
			    view.block_log2)
				continue;
			test_images_reset();
			CHECK(test_image_init(&t, table[i].vk_format, aspect, EMBER_TEX_2D,
					      5, 3, 1, 2, 1, 1, 0));
			snprintf(what, sizeof(what), "format %u aspect %u", table[i].vk_format, aspect);
			if (!sample_runs(what, &t, &smp, &g))
				return false;
		}
	}
	return true;
}

static bool gather(void)
{
	static const int32_t offsets[4][2] = { { -3, 1 }, { 2, 2 }, { 0, -5 }, { 7, -8 } };
	struct test_image t, c, d;
	char what[64];

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R8G8B8A8_SINT, 1, EMBER_TEX_2D_ARRAY, 7, 6, 1, 2, 3, 1, 0));
	CHECK(test_image_init(&c, VK_FORMAT_R16G16B16A16_SFLOAT, 1, EMBER_TEX_CUBE_ARRAY, 4, 4, 1, 1, 12, 1, 0));
	CHECK(test_image_init(&d, VK_FORMAT_D16_UNORM, EMBER_TEX_ASPECT_DEPTH, EMBER_TEX_2D, 5, 5, 1, 1, 1, 1, 0));
	t.img.swizzle[0] = EMBER_TEX_SWIZZLE_B;
	for (unsigned int n = 0; n < 3 * 4 * 5 * 2; n++) {
		const struct test_image *img = n % 3 == 0 ? &t : n % 3 == 1 ? &c : &d;
		unsigned int component = n / 3 % 4, mode = n / 12 % 5;
		bool four = n / 60;
		struct gen g = { .lo = -1.5f, .hi = 1.5f, .dref = img == &d, .offset = { 1, -2, 0 } };
		struct ember_tex_sampler smp = sampler(1, 1, 0, mode);
		ember_tex_result out;
		double want[LANES][4];
		struct lanes ln;

		smp.compare_enable = img == &d;
		smp.compare_op = (uint8_t)(component + 1);
		make_lanes(img, &g, &ln);
		poison(out);
		CHECK_EQ(ember_tex_gather(&img->img, &smp, &arena_memory, &ln.args, component,
					  four ? offsets : NULL, out).fault, 0);
		for (unsigned int l = 0; l < LANES; l++)
			ref_gather(&img->ri, &smp, &ln.in[l], component, four ? offsets : NULL, want[l]);
		snprintf(what, sizeof(what), "gather image %u component %u mode %u offsets %u",
			 n % 3, component, mode, four);
		if (!check_lanes(what, img, out, want, ln.args.mask))
			return false;
	}
	return true;
}

/*
 * Four gather offsets, known answer (the reference sampler above got it
 * wrong once, the same way as the unit): texel k is texel (i0, j0) of the
 * footprint moved by offset k, as GLSL's textureGatherOffsets and
 * lavapipe have it, not the k-th texel of that footprint. At (0.5, 0.5)
 * of an 8x8 image the footprint's i0j0 is (3, 3).
 */
static bool gather_four_offsets_known_answer(void)
{
	static const int32_t offsets[4][2] = { { -3, 1 }, { 2, 2 }, { 0, -3 }, { 1, -1 } };
	static const uint32_t at[4][2] = { { 0, 4 }, { 5, 5 }, { 3, 0 }, { 4, 2 } };
	static const float half[LANES] = { [0 ... LANES - 1] = 0.5f };
	struct ember_tex_sampler smp = sampler(0, 0, 0, EMBER_TEX_CLAMP_TO_EDGE);
	struct ember_tex_sample_args args = { .mask = 1, .coord = { half, half } };
	ember_tex_result out;
	struct test_image t;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R32_SFLOAT, 1, EMBER_TEX_2D, 8, 8, 1, 1, 1, 1, 0));
	poison(out);
	CHECK_EQ(ember_tex_gather(&t.img, &smp, &arena_memory, &args, 0, offsets, out).fault, 0);
	for (unsigned int k = 0; k < 4; k++) {
		double want[4];

		ref_texel(&t.ri, 0, at[k][0], at[k][1], 0, 0, want);
		if (!close_enough(out[k][0], want[0], class_of(&t), 0.0)) {
			tap_diag("texel %u: %.9g, want texel (%u, %u) = %.9g", k, ref_bitsf(out[k][0]),
				 at[k][0], at[k][1], want[0]);
			return false;
		}
	}
	return true;
}

/* Fetch and load: integer coordinates, levels, layers, samples, bounds. */
static bool fetch_and_load(void)
{
	static const struct {
		uint32_t format;
		unsigned int type;
		uint32_t w, h, d, levels, layers, samples;
	} images[] = {
		{ VK_FORMAT_R8G8B8_UNORM, EMBER_TEX_2D, 5, 3, 1, 3, 1, 1 },
		{ VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, EMBER_TEX_3D, 4, 3, 5, 3, 1, 1 },
		{ VK_FORMAT_R32G32_UINT, EMBER_TEX_2D_ARRAY, 3, 3, 1, 1, 4, 4 },
		{ VK_FORMAT_B10G11R11_UFLOAT_PACK32, EMBER_TEX_1D_ARRAY, 9, 1, 1, 4, 3, 1 },
		{ VK_FORMAT_R16_SNORM, EMBER_TEX_CUBE, 4, 4, 1, 3, 6, 1 },
		{ VK_FORMAT_A8_UNORM_KHR, EMBER_TEX_2D, 3, 2, 1, 1, 1, 8 },
	};

	for (unsigned int i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		struct test_image t;

		test_images_reset();
		CHECK(test_image_init(&t, images[i].format, 1, images[i].type, images[i].w,
				      images[i].h, images[i].d, images[i].levels,
				      images[i].layers, images[i].samples, 0));
		t.img.swizzle[0] = EMBER_TEX_SWIZZLE_A;
		for (unsigned int b = 0; b < 2 * BATCHES; b++) {
			int32_t coord[3][LANES], level[LANES], sample[LANES];
			struct ember_tex_fetch_args args = {
				.mask = ~0u, .coord = { coord[0], coord[1], coord[2] },
				.level = level, .sample = sample, .offset = { (int32_t)(b % 3) - 1, (int32_t)(b % 2), -(int32_t)(b / 2 % 2) },
			};
			bool load = b & 1;
			ember_tex_result out;

			for (unsigned int l = 0; l < LANES; l++) {
				for (unsigned int c = 0; c < 3; c++)
					coord[c][l] = (int32_t)(test_rand() % 12) - 2;
				if (l == 5)
					coord[0][l] = INT32_MAX;	/* the offset must not overflow */
				level[l] = (int32_t)(test_rand() % (images[i].levels + 2)) - 1;
				sample[l] = (int32_t)(test_rand() % (images[i].samples + 1));
			}
			poison(out);
			CHECK_EQ((load ? ember_tex_load : ember_tex_fetch)(&t.img, &arena_memory,
									  &args, out).fault, 0);
			for (unsigned int l = 0; l < LANES; l++) {
				const struct ember_tex_image *img = &t.img;
				int64_t x = (int64_t)coord[0][l] + args.offset[0], y = coord[1][l],
					z = coord[2][l];
				uint32_t lv = load ? 0 : (uint32_t)level[l];
				bool in = (load || (level[l] >= 0 && level[l] < (int32_t)img->levels)) &&
					sample[l] < (int32_t)img->samples;
				double want[4] = { 0, 0, 0, 1 };

				/* offsets move texel coordinates only, never the layer */
				bool one_d = img->view_type == EMBER_TEX_1D ||
					img->view_type == EMBER_TEX_1D_ARRAY;

				if (!one_d)
					y += args.offset[1];
				if (img->view_type == EMBER_TEX_3D)
					z += args.offset[2];
				/* coordinates the view type has not are ignored */
				if (img->view_type == EMBER_TEX_1D_ARRAY)
					z = y;
				if (one_d)
					y = 0;
				if (img->view_type == EMBER_TEX_1D || img->view_type == EMBER_TEX_2D)
					z = 0;
				if (in) {
					uint32_t w = img->width >> lv ? img->width >> lv : 1;
					uint32_t h = img->height >> lv ? img->height >> lv : 1;
					uint32_t d = img->view_type == EMBER_TEX_3D ?
						(img->depth >> lv ? img->depth >> lv : 1) : img->layers;

					in = x >= 0 && x < w && y >= 0 && y < h && z >= 0 && z < d;
				}
				if (in) {
					ref_texel(&t.ri, lv, (uint32_t)x, (uint32_t)y, (uint32_t)z,
						  (uint32_t)sample[l], want);
				} else {
					/* zero; alpha 1 if the format has none */
					for (unsigned int c = 0; c < t.ri.rf.n; c++)
						want[3] = t.ri.rf.comp[c].letter == 'A' ? 0 : want[3];
				}
				ref_swizzle(&t.ri, want);
				for (unsigned int c = 0; c < 4; c++) {
					if (!close_enough(out[c][l], want[c], class_of(&t), 0)) {
						tap_diag("format %u %s lane %u (%lld %lld %lld level %d "
							 "sample %d) component %u: 0x%08x, want %g",
							 images[i].format, load ? "load" : "fetch", l,
							 (long long)x, (long long)y, (long long)z, level[l],
							 sample[l], c, out[c][l], want[c]);
						return false;
					}
				}
			}
		}
	}
	return true;
}

/* Store random values to every storage-able format; bytes against ref_encode. */
static bool store_conversions(void)
{
	unsigned int count;
	const struct ember_tex_format *table = ember_tex_format_table(&count);

	for (unsigned int i = 0; i < count; i++) {
		struct test_image t;
		struct ember_tex_format view;
		unsigned int aspect = ember_tex_format_view(table[i].vk_format, 1, &view) ? 1 :
			ember_tex_format_view(table[i].vk_format, 2, &view) ? 2 : 4;
		bool combined = table[i].ch[0].bits && table[i].ch[1].bits &&
			ember_tex_format_is_depth_stencil(&table[i]);
		int32_t coord[3][LANES];
		struct ember_tex_fetch_args args = { .mask = ~0u, .coord = { coord[0], coord[1], coord[2] } };
		ember_tex_result values;
		uint8_t *before = NULL;

		/* Nothing stores BC (test_tex_bc.c checks the refusal). */
		if (table[i].block_log2)
			continue;
		test_images_reset();
		CHECK(test_image_init(&t, table[i].vk_format, aspect, EMBER_TEX_2D_ARRAY, 6, 5, 1, 1, 2, 1, 0));
		for (unsigned int l = 0; l < LANES; l++) {
			/* distinct in-bounds texels, and a few out of bounds */
			coord[0][l] = (int32_t)(l % 6);
			coord[1][l] = (int32_t)(l / 6 % 5);
			coord[2][l] = (int32_t)(l / 30);
			if (l >= 28)
				coord[l % 3][l] = l == 28 ? -1 : 7;
			for (unsigned int c = 0; c < 4; c++) {
				float f = test_uniform(-1.5f, 1.5f);

				values[c][l] = ref_class(&t.ri.rf, aspect) ? (uint32_t)test_rand() :
					(memcpy(&values[c][l], &f, 4), values[c][l]);
			}
		}
		before = malloc(ARENA_SIZE);
		CHECK(before);
		memcpy(before, arena, ARENA_SIZE);
		if (combined) {
			/* one aspect of a combined texel cannot be written alone */
			CHECK_EQ(ember_tex_store(&t.img, &arena_memory, &args, values).fault,
				 EMBER_TEX_FAULT_BAD_IMAGE);
			CHECK(!memcmp(before, arena, ARENA_SIZE));
			free(before);
			continue;
		}
		CHECK_EQ(ember_tex_store(&t.img, &arena_memory, &args, values).fault, 0);
		for (unsigned int l = 0; l < 28; l++) {
			const struct ember_tex_level_layout *lv = &t.img.level[0];
			uint64_t off = t.img.base - ARENA_VA + (uint64_t)coord[2][l] * lv->slice_pitch +
				(uint64_t)coord[1][l] * lv->row_pitch + (uint64_t)coord[0][l] * t.ri.rf.bytes;
			uint32_t in[4] = { values[0][l], values[1][l], values[2][l], values[3][l] };
			uint8_t want[16];

			ref_encode(&t.ri.rf, aspect, in, want);
			if (memcmp(arena + off, want, t.ri.rf.bytes)) {
				tap_diag("format %u lane %u: stored bytes differ", table[i].vk_format, l);
				free(before);
				return false;
			}
			/* the rest of the arena is compared below: mark it as expected */
			memcpy(before + off, want, t.ri.rf.bytes);
		}
		/* nothing else moved: out-of-bounds lanes were dropped */
		CHECK(!memcmp(before, arena, ARENA_SIZE));
		free(before);
	}
	return true;
}

static bool queries(void)
{
	static const struct {
		unsigned int type;
		uint32_t w, h, d, levels, layers, samples;
		uint32_t want[4];	/* at level 1 */
	} views[] = {
		{ EMBER_TEX_1D, 9, 1, 1, 4, 1, 1, { 4, 0, 0, 0 } },
		{ EMBER_TEX_1D_ARRAY, 9, 1, 1, 4, 7, 1, { 4, 7, 0, 0 } },
		{ EMBER_TEX_2D, 9, 5, 1, 4, 1, 1, { 4, 2, 0, 0 } },
		{ EMBER_TEX_2D_ARRAY, 9, 5, 1, 3, 3, 1, { 4, 2, 3, 0 } },
		{ EMBER_TEX_3D, 9, 5, 3, 4, 1, 1, { 4, 2, 1, 0 } },
		{ EMBER_TEX_CUBE, 8, 8, 1, 4, 6, 1, { 4, 4, 0, 0 } },
		{ EMBER_TEX_CUBE_ARRAY, 8, 8, 1, 4, 12, 1, { 4, 4, 2, 0 } },
	};

	for (unsigned int v = 0; v < sizeof(views) / sizeof(views[0]); v++) {
		struct test_image t;
		int32_t lod[LANES];
		ember_tex_result out;

		test_images_reset();
		CHECK(test_image_init(&t, VK_FORMAT_R8_UNORM, 1, views[v].type, views[v].w, views[v].h,
				      views[v].d, views[v].levels, views[v].layers, views[v].samples, 0));
		for (unsigned int l = 0; l < LANES; l++)
			lod[l] = l % 2 ? 1 : l % 4 == 0 ? -1 : 100;
		CHECK_EQ(ember_tex_query_size(&t.img, ~0u, lod, out).fault, 0);
		for (unsigned int l = 0; l < LANES; l++)
			for (unsigned int c = 0; c < 4; c++)
				CHECK_EQ(out[c][l], l % 2 ? views[v].want[c] : 0);
		CHECK_EQ(ember_tex_query_levels(&t.img), views[v].levels);
		CHECK_EQ(ember_tex_query_samples(&t.img), 1);
	}
	{
		struct test_image t;

		test_images_reset();
		CHECK(test_image_init(&t, VK_FORMAT_R8_UNORM, 1, EMBER_TEX_2D_ARRAY, 4, 4, 1, 1, 2, 4, 0));
		CHECK_EQ(ember_tex_query_samples(&t.img), 4);
		t.img.levels = 9;
		CHECK_EQ(ember_tex_query_levels(&t.img), 0);
	}
	return true;
}

/* The tiled layout: fetched and sampled against the reference reading tiles. */
static bool tiled_layout(void)
{
	static const uint32_t formats[] = {
		VK_FORMAT_R8_UINT, VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_R8G8B8A8_SRGB,
		VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT,
	};
	char what[64];

	for (unsigned int i = 0; i < 5; i++) {
		struct gen g = { .lo = -0.5f, .hi = 1.5f, .lod_lo = -1.0f, .lod_hi = 7.0f };
		struct ember_tex_sampler smp = sampler(1, 1, 1, EMBER_TEX_REPEAT);
		struct test_image t;

		test_images_reset();
		/* several tiles across and down at level 0, partial ones below */
		CHECK(test_image_init(&t, formats[i], 1, EMBER_TEX_2D_ARRAY, 100, 70, 1, 7, 2, 1,
				      EMBER_TEX_LAYOUT_TILED_4K));
		CHECK(!ember_tex_image_check(&t.img));
		snprintf(what, sizeof(what), "tiled format %u", formats[i]);
		if (!sample_runs(what, &t, &smp, &g))
			return false;
	}
	return true;
}

static bool refused_descriptors(void)
{
	struct test_image t;
	struct ember_tex_sampler good = sampler(1, 1, 1, 0), smp;
	float coord[LANES] = { 0 };
	struct ember_tex_sample_args args = { .mask = ~0u, .coord = { coord, coord, coord, coord },
					      .lod = coord };
	ember_tex_result out;
	unsigned int n = 0;

	test_images_reset();
	CHECK(test_image_init(&t, VK_FORMAT_R8G8B8A8_UNORM, 1, EMBER_TEX_2D_ARRAY, 8, 8, 1, 4, 2, 1, 0));
	for (;; n++) {
		struct ember_tex_image img = t.img;

		switch (n) {
		case 0: img.format = 0; break;
		case 1: img.format = VK_FORMAT_R64_UINT; break;
		case 2: img.aspect = EMBER_TEX_ASPECT_DEPTH; break;
		case 3: img.view_type = 7; break;
		case 4: img.width = 0; break;
		case 5: img.height = 1u << 20; break;
		case 6: img.depth = 2; break;
		case 7: img.levels = 0; break;
		case 8: img.levels = 5; break;
		case 9: img.layers = 0; break;
		case 10: img.view_type = EMBER_TEX_2D; break;	/* two layers on a 2D view */
		case 11: img.view_type = EMBER_TEX_CUBE; break;
		case 12: img.samples = 3; break;
		case 13: img.samples = 4; break;	/* with mipmaps */
		case 14: img.level[2].row_pitch = 4; break;
		case 15: img.level[0].slice_pitch = 8; break;
		case 16: img.layout = 2; break;
		case 17: img.swizzle[2] = 7; break;
		case 18: img.layout = EMBER_TEX_LAYOUT_TILED_4K; break;	/* pitch not tiled */
		case 19: img.format = VK_FORMAT_R32G32B32A32_SFLOAT; break;	/* pitches too small */
		default: goto samplers;
		}
		if (!ember_tex_image_check(&img))
			tap_diag("image mutation %u accepted", n);
		CHECK(ember_tex_image_check(&img));
		arena_accesses = 0;
		CHECK_EQ(ember_tex_sample(&img, &good, &arena_memory, &args, out).fault,
			 EMBER_TEX_FAULT_BAD_IMAGE);
		CHECK_EQ(arena_accesses, 0);
	}
samplers:
	for (n = 0;; n++) {
		smp = good;
		switch (n) {
		case 0: smp.mag_filter = 2; break;
		case 1: smp.mipmap_mode = 2; break;
		case 2: smp.address[2] = 5; break;
		case 3: smp.compare_op = 8; break;
		case 4: smp.border = 6; break;
		case 5: smp.min_lod = NAN; break;
		case 6: smp.min_lod = 3.0f; smp.max_lod = 2.0f; break;
		case 7: smp.lod_bias = NAN; break;
		case 8: smp.max_aniso = EMBER_TEX_MAX_ANISOTROPY + 1; break;
		default: return true;
		}
		CHECK(ember_tex_sampler_check(&smp));
		arena_accesses = 0;
		CHECK_EQ(ember_tex_sample(&t.img, &smp, &arena_memory, &args, out).fault,
			 EMBER_TEX_FAULT_BAD_SAMPLER);
		CHECK_EQ(arena_accesses, 0);
	}
}

int main(void)
{
	static const struct { const char *name; bool (*fn)(void); } tests[] = {
		{ "sample: every address mode, nearest and linear", address_modes_and_filters },
		{ "sample: every border colour, float and integer, custom", border_colours },
		{ "sample: mipmap modes, explicit LOD, bias, min/max LOD", mipmaps_explicit_lod },
		{ "sample: 1D, 1D array, 2D, 2D array, 3D, cube, cube array; LOD from gradients", view_types },
		{ "sample: cube faces, edges and corners (seamless)", cube_faces_and_edges },
		{ "sample: anisotropic footprints, maxAnisotropy off/1/2/16, every view",
		  anisotropic_footprints },
		{ "sample: anisotropic LOD (known answers); anisotropy that does not apply: same bits",
		  anisotropic_lod_known_answer },
		{ "sample: unnormalized coordinates", unnormalized_coordinates },
		{ "sample: constant offsets", constant_offsets },
		{ "sample: depth compare, every op, filtered after comparison", depth_compare },
		{ "sample: stencil aspect and integer formats (never interpolated)", stencil_and_integers },
		{ "sample: component swizzles", swizzles },
		{ "sample: every format and aspect", every_format_samples },
		{ "gather: components, four offsets, compare, cube arrays", gather },
		{ "gather: four offsets take each footprint's i0j0 (known answer)",
		  gather_four_offsets_known_answer },
		{ "fetch and load: levels, layers, samples, out of bounds", fetch_and_load },
		{ "store: every format's conversion, out-of-bounds writes dropped", store_conversions },
		{ "queries: size per view type and level, levels, samples", queries },
		{ "tiled layout: 1 to 16-byte texels, partial tiles, mipmaps", tiled_layout },
		{ "refused images and samplers read nothing", refused_descriptors },
	};

	for (unsigned int i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		tap_result(tests[i].fn(), tests[i].name);
	return tap_finish();
}
