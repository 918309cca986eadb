/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * Blending, logic ops, write masks, resolve and the formats against the
 * CPU reference: every pair of blend factors with every blend op, for the
 * colour and the alpha equations, on every colour format (incl. the dual
 * source and the constants); all 16 logic ops on UNORM and integer
 * targets (and their pass-through on float and sRGB ones); all 16 write
 * masks; the resolve; half and UNORM conversions.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frag_ops.h"
#include "raster_ref.h"
#include "tap.h"
#include "tex_numeric.h"

static const unsigned int color_formats[] = {
	EMBER_RT_R8G8B8A8_UNORM, EMBER_RT_R8G8B8A8_SRGB,
	EMBER_RT_R32G32B32A32_SFLOAT, EMBER_RT_R16G16B16A16_SFLOAT,
};

/* The reference's decode of what the target holds, in double. */
static void ref_decode(unsigned int format, const uint32_t raw[4], double out[4])
{
	for (int c = 0; c < 4; c++) {
		double v;

		switch (format) {
		case EMBER_RT_R8G8B8A8_UNORM:
			v = raw[c] / 255.0;
			break;
		case EMBER_RT_R8G8B8A8_SRGB:
			v = raw[c] / 255.0;
			if (c < 3)
				v = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
			break;
		case EMBER_RT_R32G32B32A32_SFLOAT: {
			float f;

			memcpy(&f, &raw[c], 4);
			v = f;
			break;
		}
		default: {
			/* binary16 by its definition. */
			unsigned int e = (raw[c] >> 10) & 31, m = raw[c] & 1023;

			v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, (int)e - 25);
			if (raw[c] & 0x8000)
				v = -v;
			break;
		}
		}
		out[c] = v;
	}
}

/* How far apart a result may be: one code of UNORM/sRGB, float rounding. */
static bool close_enough(unsigned int format, double got, double want, int c)
{
	switch (format) {
	case EMBER_RT_R8G8B8A8_UNORM:
		want = fmin(fmax(want, 0), 1);
		return fabs(got - want) <= 1.0 / 255 + 1e-9;
	case EMBER_RT_R8G8B8A8_SRGB:
		want = fmin(fmax(want, 0), 1);
		/* Compare the codes: in sRGB space one step of 1/255. */
		if (c < 3) {
			double g = got <= 0.0031308 ? got * 12.92 : 1.055 * pow(got, 1 / 2.4) - 0.055;
			double w = want <= 0.0031308 ? want * 12.92 : 1.055 * pow(want, 1 / 2.4) - 0.055;

			return fabs(g - w) <= 1.0 / 255 + 1e-6;
		}
		return fabs(got - want) <= 1.0 / 255 + 1e-9;
	case EMBER_RT_R32G32B32A32_SFLOAT:
		return fabs(got - want) <= 1e-5 * (1 + fabs(want));
	default:
		return fabs(got - want) <= 1e-3 * (1 + fabs(want));
	}
}

static void random_color(uint64_t *rng, union ember_color *c, double lo, double hi)
{
	for (int k = 0; k < 4; k++)
		c->f[k] = (float)ref_rand_double(rng, lo, hi);
}

static bool blend_case(uint64_t *rng, unsigned int format, const struct ember_blend_attachment *att)
{
	struct ember_blend_state bs = { .attachment = { *att } };
	struct ember_render_target rt = { .format = (uint8_t)format, .samples = 1 };
	uint8_t texel[16];
	uint32_t dst_raw[4], out_raw[4];
	union ember_color src, src1, dst;
	bool unorm = format == EMBER_RT_R8G8B8A8_UNORM || format == EMBER_RT_R8G8B8A8_SRGB;
	double lo = unorm ? -0.25 : -2, hi = unorm ? 1.25 : 2;
	double s[4], s1[4], d[4], k[4], want[4], got[4];

	random_color(rng, &src, lo, hi);
	random_color(rng, &src1, lo, hi);
	random_color(rng, &dst, 0, 1);
	for (int c = 0; c < 4; c++)
		bs.constants[c] = (float)ref_rand_double(rng, lo, hi);
	ember_color_encode(format, &dst, dst_raw);
	ember_texel_store_raw(format, texel, dst_raw, EMBER_WRITE_ALL);
	ember_frag_color_write(&bs, 0, &rt, texel, &src, &src1);
	ember_texel_load_raw(format, texel, out_raw);

	/* The reference: UNORM and sRGB clamp their inputs to [0, 1]. */
	ref_decode(format, dst_raw, d);
	for (int c = 0; c < 4; c++) {
		s[c] = unorm ? fmin(fmax(src.f[c], 0), 1) : src.f[c];
		s1[c] = unorm ? fmin(fmax(src1.f[c], 0), 1) : src1.f[c];
		k[c] = unorm ? fmin(fmax(bs.constants[c], 0), 1) : bs.constants[c];
	}
	ref_blend(att, k, s, s1, d, want);
	ref_decode(format, out_raw, got);
	for (int c = 0; c < 4; c++) {
		if (!close_enough(format, got[c], want[c], c)) {
			tap_diag("format %u factors %u/%u %u/%u ops %u/%u: component %d %.7g, reference %.7g",
				 format, att->src_color_factor, att->dst_color_factor,
				 att->src_alpha_factor, att->dst_alpha_factor, att->color_op,
				 att->alpha_op, c, got[c], want[c]);
			return false;
		}
	}
	return true;
}

static bool test_blend_factors_and_ops(void)
{
	uint64_t rng = 0xb1e4d;
	unsigned int cases = 0;

	for (unsigned int f = 0; f < 4; f++)
		for (unsigned int op = 0; op < EMBER_BLEND_OP_COUNT; op++)
			for (unsigned int sf = 0; sf < EMBER_BF_COUNT; sf++)
				for (unsigned int df = 0; df < EMBER_BF_COUNT; df++) {
					/* The pair drives the colour equation, then the alpha one. */
					struct ember_blend_attachment a = {
						.blend_enable = true, .write_mask = EMBER_WRITE_ALL,
						.src_color_factor = (uint8_t)sf, .dst_color_factor = (uint8_t)df,
						.color_op = (uint8_t)op,
						.src_alpha_factor = (uint8_t)ref_rand_below(&rng, EMBER_BF_COUNT),
						.dst_alpha_factor = (uint8_t)ref_rand_below(&rng, EMBER_BF_COUNT),
						.alpha_op = (uint8_t)ref_rand_below(&rng, EMBER_BLEND_OP_COUNT),
					};
					struct ember_blend_attachment b = a;

					b.src_alpha_factor = (uint8_t)sf;
					b.dst_alpha_factor = (uint8_t)df;
					b.alpha_op = (uint8_t)op;
					for (int rep = 0; rep < 2; rep++) {
						if (!blend_case(&rng, color_formats[f], &a) ||
						    !blend_case(&rng, color_formats[f], &b))
							return false;
						cases += 2;
					}
				}
	tap_diag("%u blends as the reference", cases);
	return true;
}

/* Integer targets ignore blending: the source is written as is. */
static bool test_blend_ignored_on_integers(void)
{
	struct ember_blend_state bs = { .attachment = { { .blend_enable = true,
		.src_color_factor = EMBER_BF_ZERO, .dst_color_factor = EMBER_BF_ONE,
		.write_mask = EMBER_WRITE_ALL } } };
	struct ember_render_target rt = { .format = EMBER_RT_R32_UINT, .samples = 1 };
	union ember_color src = { .u = { 0xdeadbeef, 1, 2, 3 } };
	uint8_t texel[4] = { 0 };
	uint32_t raw[4];

	ember_frag_color_write(&bs, 0, &rt, texel, &src, &src);
	ember_texel_load_raw(rt.format, texel, raw);
	CHECK_EQ(raw[0], 0xdeadbeef);
	return true;
}

static bool test_logic_ops(void)
{
	uint64_t rng = 0x10c1c;

	for (unsigned int op = 0; op < EMBER_LOGIC_OP_COUNT; op++) {
		for (int rep = 0; rep < 200; rep++) {
			for (unsigned int f = 0; f < 5; f++) {
				unsigned int format = f < 4 ? color_formats[f] : EMBER_RT_R32_UINT;
				struct ember_blend_state bs = {
					.logic_op_enable = true, .logic_op = (uint8_t)op,
					/* Blending is off for every target under a logic op. */
					.attachment = { { .blend_enable = true, .src_color_factor = EMBER_BF_ZERO,
							  .write_mask = EMBER_WRITE_ALL } },
				};
				struct ember_render_target rt = { .format = (uint8_t)format, .samples = 1 };
				union ember_color src;
				uint32_t dst_raw[4], src_raw[4], out[4];
				uint8_t texel[16];

				for (int c = 0; c < 4; c++) {
					dst_raw[c] = (uint32_t)ref_rand(&rng);
					if (format == EMBER_RT_R8G8B8A8_UNORM || format == EMBER_RT_R8G8B8A8_SRGB)
						dst_raw[c] &= 0xff;
					else if (format == EMBER_RT_R16G16B16A16_SFLOAT)
						dst_raw[c] &= 0x3bff;
					else if (format == EMBER_RT_R32G32B32A32_SFLOAT)
						dst_raw[c] = 0x3f000000u | (dst_raw[c] & 0x7fffff);
					src.u[c] = (uint32_t)ref_rand(&rng);
				}
				if (format != EMBER_RT_R32_UINT)
					for (int c = 0; c < 4; c++)
						src.f[c] = (float)ref_rand_double(&rng, 0, 1);
				ember_texel_store_raw(format, texel, dst_raw, EMBER_WRITE_ALL);
				ember_frag_color_write(&bs, 0, &rt, texel, &src, &src);
				ember_texel_load_raw(format, texel, out);
				ember_color_encode(format, &src, src_raw);
				for (int c = 0; c < (format == EMBER_RT_R32_UINT ? 1 : 4); c++) {
					uint32_t want = src_raw[c];

					if (format == EMBER_RT_R8G8B8A8_UNORM)
						want = ref_logic_op(op, (uint32_t)lround(fmin(fmax(src.f[c], 0), 1) * 255),
								    dst_raw[c], 8);
					else if (format == EMBER_RT_R32_UINT)
						want = ref_logic_op(op, src.u[c], dst_raw[c], 32);
					if (out[c] != want) {
						tap_diag("logic op %u format %u component %d: %#x, reference %#x",
							 op, format, c, out[c], want);
						return false;
					}
				}
			}
		}
	}
	return true;
}

static bool test_write_masks(void)
{
	for (unsigned int mask = 0; mask < 16; mask++) {
		for (unsigned int f = 0; f < 4; f++) {
			unsigned int format = color_formats[f];
			struct ember_blend_state bs = { .attachment = { { .write_mask = (uint8_t)mask } } };
			struct ember_render_target rt = { .format = (uint8_t)format, .samples = 1 };
			union ember_color src = { .f = { 1, 1, 1, 1 } }, zero = { .f = { 0, 0, 0, 0 } };
			uint32_t raw[4], one[4], none[4];
			uint8_t texel[16];

			ember_color_encode(format, &zero, none);
			ember_color_encode(format, &src, one);
			ember_texel_store_raw(format, texel, none, EMBER_WRITE_ALL);
			ember_frag_color_write(&bs, 0, &rt, texel, &src, &src);
			ember_texel_load_raw(format, texel, raw);
			for (int c = 0; c < 4; c++)
				CHECK_EQ(raw[c], (mask >> c) & 1 ? one[c] : none[c]);
		}
	}
	return true;
}

static bool test_resolve(void)
{
	uint64_t rng = 0x7e5;
	static uint8_t ms_mem[8 * 8 * 4 * 16], ss_mem[8 * 8 * 16];

	for (unsigned int f = 0; f < 5; f++) {
		unsigned int format = f < 4 ? color_formats[f] : EMBER_RT_R32_UINT;
		unsigned int size = ember_rt_texel_size(format);
		struct ember_render_target ms = { .format = (uint8_t)format, .samples = 4, .width = 8,
						  .height = 8, .row_pitch = 8 * 4 * size, .base = ms_mem };
		struct ember_render_target ss = { .format = (uint8_t)format, .samples = 1, .width = 8,
						  .height = 8, .row_pitch = 8 * size, .base = ss_mem };
		struct ember_rect rect = { 1, 2, 6, 5 };

		memset(ss_mem, 0, sizeof(ss_mem));
		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++)
				for (int s = 0; s < 4; s++) {
					union ember_color c;
					uint32_t raw[4];

					random_color(&rng, &c, 0, 1);
					if (format == EMBER_RT_R32_UINT)
						c.u[0] = (uint32_t)ref_rand(&rng);
					ember_color_encode(format, &c, raw);
					ember_texel_store_raw(format, ember_rt_texel(&ms, x, y, s), raw,
							      EMBER_WRITE_ALL);
				}
		ember_backend_resolve(&ms, &ss, &rect);
		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++) {
				bool inside = x >= 1 && x < 7 && y >= 2 && y < 7;
				uint32_t raw[4];
				double got[4], sum[4] = { 0 };

				ember_texel_load_raw(format, ember_rt_texel(&ss, x, y, 0), raw);
				if (!inside) {
					for (int c = 0; c < 4; c++)
						CHECK_EQ(raw[c], 0);
					continue;
				}
				if (format == EMBER_RT_R32_UINT) {
					uint32_t s0[4];

					ember_texel_load_raw(format, ember_rt_texel(&ms, x, y, 0), s0);
					CHECK_EQ(raw[0], s0[0]);
					continue;
				}
				for (int s = 0; s < 4; s++) {
					uint32_t sraw[4];
					double v[4];

					ember_texel_load_raw(format, ember_rt_texel(&ms, x, y, s), sraw);
					ref_decode(format, sraw, v);
					for (int c = 0; c < 4; c++)
						sum[c] += v[c] / 4;
				}
				ref_decode(format, raw, got);
				for (int c = 0; c < 4; c++)
					if (!close_enough(format, got[c], sum[c], c)) {
						tap_diag("resolve format %u at %d,%d: %.7g, reference %.7g",
							 format, x, y, got[c], sum[c]);
						return false;
					}
			}
		/* A region reaching outside both targets resolves only what is inside. */
		struct ember_rect outside = { -3, 5, 100, 100 };
		uint32_t before[4], after[4];

		memset(ss_mem, 0, sizeof(ss_mem));
		ember_backend_resolve(&ms, &ss, &outside);
		ember_texel_load_raw(format, ember_rt_texel(&ss, 0, 4, 0), before);
		ember_texel_load_raw(format, ember_rt_texel(&ss, 7, 7, 0), after);
		CHECK_EQ(before[0] | before[1] | before[2] | before[3], 0);
		CHECK(after[0] | after[1] | after[2] | after[3]);
	}
	return true;
}

/* Every half converts to float and back unchanged; floats round to nearest even. */
static bool test_conversions(void)
{
	uint64_t rng = 0xf16;

	for (uint32_t h = 0; h < 0x10000; h++) {
		uint32_t raw[4] = { h, 0, 0, 0 };
		double want[4];
		float f = ember_tex_half_to_float((uint16_t)h);

		if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) {
			CHECK(isnan(f));
			CHECK_EQ(ember_tex_float_to_half(f) & 0x7c00, 0x7c00);
			continue;
		}
		ref_decode(EMBER_RT_R16G16B16A16_SFLOAT, raw, want);
		if ((h & 0x7c00) != 0x7c00)
			CHECK(f == want[0]);
		CHECK_EQ(ember_tex_float_to_half(f), h);
	}
	for (int i = 0; i < 200000; i++) {
		float f = (float)ref_rand_double(&rng, -70000, 70000) *
			  (float)pow(2, -(double)ref_rand_below(&rng, 30));
		uint16_t h = ember_tex_float_to_half(f);
		uint32_t raw[4] = { h, 0, 0, 0 }, up[4] = { (uint16_t)(h + 1), 0, 0, 0 };
		uint32_t down[4] = { (uint16_t)(h - 1), 0, 0, 0 };
		double v[4], vu[4], vd[4];

		ref_decode(EMBER_RT_R16G16B16A16_SFLOAT, raw, v);
		if ((h & 0x7c00) == 0x7c00) {
			CHECK(fabs(f) >= 65520);
			continue;
		}
		/* Nearest: neither neighbour (same sign) is closer; ties go to even. */
		ref_decode(EMBER_RT_R16G16B16A16_SFLOAT, up, vu);
		ref_decode(EMBER_RT_R16G16B16A16_SFLOAT, down, vd);
		double err = fabs(v[0] - f);

		if ((h & 0x7fff) != 0x7bff)
			CHECK(err < fabs(vu[0] - f) || (err == fabs(vu[0] - f) && !(h & 1)));
		if ((h & 0x7fff) != 0)
			CHECK(err < fabs(vd[0] - f) || (err == fabs(vd[0] - f) && !(h & 1)));
	}
	for (int i = 0; i <= 255 * 4; i++) {
		float f = (float)i / (255 * 4);

		CHECK_EQ(ember_float_to_unorm(f, 8), (uint32_t)floor(f * 255.0 + 0.5));
	}
	CHECK_EQ(ember_float_to_unorm(NAN, 8), 0);
	CHECK_EQ(ember_float_to_unorm(-1, 16), 0);
	CHECK_EQ(ember_float_to_unorm(2, 24), 0xffffff);
	return true;
}

int main(void)
{
	tap_result(test_blend_factors_and_ops(), "blend-every-factor-and-op");
	tap_result(test_blend_ignored_on_integers(), "blend-ignored-on-integer-targets");
	tap_result(test_logic_ops(), "logic-ops-all-16");
	tap_result(test_write_masks(), "color-write-masks");
	tap_result(test_resolve(), "multisample-resolve");
	tap_result(test_conversions(), "half-and-unorm-conversions");
	return tap_finish();
}
