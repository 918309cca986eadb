/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Per-sample fragment tests
 *
 * The tests before blending, in Vulkan's order: scissor, sample mask,
 * (the shader), multisample coverage, depth bounds, stencil, depth,
 * sample counting. Stencil and depth run sample by sample because each
 * sample's stencil update depends on its depth result: fail_op when the
 * stencil test fails, depth_fail_op when depth fails, pass_op when both
 * pass, each written through the face's write mask.
 */

#include "frag_ops.h"

#include <emmintrin.h>
#include <math.h>
#include <string.h>

void ember_frag_scissor(const struct ember_rect *scissor,
			const struct ember_quad *quad, uint32_t cov[4])
{
	for (int p = 0; p < 4; p++) {
		int64_t x = (int64_t)quad->x + (p & 1);
		int64_t y = (int64_t)quad->y + (p >> 1);

		if (x < scissor->x || x >= (int64_t)scissor->x + scissor->width ||
		    y < scissor->y || y >= (int64_t)scissor->y + scissor->height)
			cov[p] = 0;
	}
}

void ember_frag_sample_mask(uint32_t sample_mask, uint32_t cov[4])
{
	for (int p = 0; p < 4; p++)
		cov[p] &= sample_mask;
}

uint32_t ember_alpha_to_coverage(float alpha, unsigned int samples)
{
	unsigned int n;

	if (!(alpha > 0.0f))	/* also NaN */
		return 0;
	if (alpha >= 1.0f)
		n = samples;
	else
		n = (unsigned int)floorf(alpha * (float)samples + 0.5f);
	return n >= 32 ? ~0u : (1u << n) - 1;
}

void ember_frag_multisample_coverage(const struct ember_multisample_state *ms,
				     const struct ember_framebuffer *fb,
				     struct ember_fs_output *out,
				     uint32_t cov[4])
{
	unsigned int samples = ms->samples == 4 ? 4 : 1;

	if (ms->alpha_to_coverage)
		for (int p = 0; p < 4; p++)
			cov[p] &= ember_alpha_to_coverage(out->color[0][p].f[3],
							  samples);
	if (!ms->alpha_to_one)
		return;
	for (uint32_t i = 0; i < fb->color_count && i < EMBER_MAX_COLOR_TARGETS; i++) {
		if (ember_rt_is_integer(fb->color[i].format))
			continue;
		for (int p = 0; p < 4; p++)
			out->color[i][p].f[3] = 1.0f;
	}
}

bool ember_compare(unsigned int op, double a, double b)
{
	switch (op) {
	case EMBER_COMPARE_LESS:		return a < b;
	case EMBER_COMPARE_EQUAL:		return a == b;
	case EMBER_COMPARE_LESS_OR_EQUAL:	return a <= b;
	case EMBER_COMPARE_GREATER:		return a > b;
	case EMBER_COMPARE_NOT_EQUAL:		return a != b;
	case EMBER_COMPARE_GREATER_OR_EQUAL:	return a >= b;
	case EMBER_COMPARE_ALWAYS:		return true;
	default:				return false;
	}
}

uint8_t ember_stencil_op(unsigned int op, uint8_t s, uint8_t ref)
{
	switch (op) {
	case EMBER_STENCIL_ZERO:		return 0;
	case EMBER_STENCIL_REPLACE:		return ref;
	case EMBER_STENCIL_INCREMENT_AND_CLAMP:	return s == 0xff ? s : s + 1;
	case EMBER_STENCIL_DECREMENT_AND_CLAMP:	return s == 0 ? s : s - 1;
	case EMBER_STENCIL_INVERT:		return (uint8_t)~s;
	case EMBER_STENCIL_INCREMENT_AND_WRAP:	return (uint8_t)(s + 1);
	case EMBER_STENCIL_DECREMENT_AND_WRAP:	return (uint8_t)(s - 1);
	default:				return s;
	}
}

float ember_fragment_depth(const struct ember_backend_state *state,
			   unsigned int format, float z)
{
	if (state->raster.depth_clamp_enable) {
		float n = state->viewport.min_depth, f = state->viewport.max_depth;
		float lo = n < f ? n : f, hi = n < f ? f : n;

		if (z < lo)
			z = lo;
		if (z > hi)
			z = hi;
	}
	return ember_depth_quantize(format, z);
}

static void stencil_update(const struct ember_stencil_face *face,
			   unsigned int op, const struct ember_render_target *ds,
			   uint8_t *texel, uint8_t s)
{
	uint8_t wm = (uint8_t)face->write_mask;
	uint8_t v = ember_stencil_op(op, s, (uint8_t)face->reference);

	ember_stencil_store(ds->format, texel, (uint8_t)((s & ~wm) | (v & wm)));
}

/* One sample through depth bounds, stencil and depth; true if it passes. */
static bool depth_stencil_sample(const struct ember_backend_state *state,
				 const struct ember_render_target *ds,
				 const struct ember_stencil_face *face,
				 uint8_t *texel, float z)
{
	const struct ember_depth_stencil_state *dss = &state->ds;
	bool has_depth = ember_rt_has_depth(ds->format);
	bool stencil = dss->stencil_test_enable && ember_rt_has_stencil(ds->format);
	uint8_t s = stencil ? ember_stencil_load(ds->format, texel) : 0;

	if (dss->depth_bounds_test_enable && has_depth) {
		float za = ember_depth_load(ds->format, texel);

		if (!(za >= dss->min_depth_bounds && za <= dss->max_depth_bounds))
			return false;
	}
	if (stencil) {
		uint8_t cm = (uint8_t)face->compare_mask;

		if (!ember_compare(face->compare_op, face->reference & cm, s & cm)) {
			stencil_update(face, face->fail_op, ds, texel, s);
			return false;
		}
	}
	if (dss->depth_test_enable && has_depth) {
		float zf = ember_fragment_depth(state, ds->format, z);
		float za = ember_depth_load(ds->format, texel);

		if (!ember_compare(dss->depth_compare_op, zf, za)) {
			if (stencil)
				stencil_update(face, face->depth_fail_op, ds, texel, s);
			return false;
		}
		if (dss->depth_write_enable)
			ember_depth_store(ds->format, texel, zf);
	}
	if (stencil)
		stencil_update(face, face->pass_op, ds, texel, s);
	return true;
}

/*
 * The common state: a depth test on a D32_SFLOAT depth (alone or with an
 * unused stencil), no stencil test, no depth bounds test. Each sample is
 * then one compare of floats in place and maybe a store: the same steps
 * and results as depth_stencil_sample(), without its per-sample dispatch
 * on the format and the state.
 */
static bool depth_only_d32(const struct ember_backend_state *state,
			   const struct ember_render_target *ds)
{
	const struct ember_depth_stencil_state *dss = &state->ds;

	return (ds->format == EMBER_RT_D32_SFLOAT ||
		(ds->format == EMBER_RT_D32_SFLOAT_S8_UINT && !dss->stencil_test_enable)) &&
	       dss->depth_test_enable && !dss->depth_bounds_test_enable;
}

/*
 * ember_compare() of four floats at once, lane by lane: all ones where
 * @op passes. The floats convert to double exactly, so comparing them as
 * floats gives ember_compare()'s answers, NaNs included: the ordered
 * compares (cmplt, cmple, cmpeq and the swapped cmpgt, cmpge) are false
 * on a NaN as C's <, <=, == are, cmpneq true as C's != is.
 */
static inline __m128 compare4(unsigned int op, __m128 a, __m128 b)
{
	switch (op) {
	case EMBER_COMPARE_LESS:		return _mm_cmplt_ps(a, b);
	case EMBER_COMPARE_EQUAL:		return _mm_cmpeq_ps(a, b);
	case EMBER_COMPARE_LESS_OR_EQUAL:	return _mm_cmple_ps(a, b);
	case EMBER_COMPARE_GREATER:		return _mm_cmpgt_ps(a, b);
	case EMBER_COMPARE_NOT_EQUAL:		return _mm_cmpneq_ps(a, b);
	case EMBER_COMPARE_GREATER_OR_EQUAL:	return _mm_cmpge_ps(a, b);
	case EMBER_COMPARE_ALWAYS:		return _mm_castsi128_ps(_mm_set1_epi32(-1));
	default:				return _mm_setzero_ps();
	}
}

/*
 * A D32_SFLOAT pixel's four samples, 16 contiguous bytes, in one SSE
 * register: the four compares at once, the passing samples' depths
 * blended over the stored ones (the others' bytes written back as they
 * were). @zf: the four fragment depths, clamped as depth_d32() does.
 */
static unsigned int depth_d32_pixel4(unsigned int op, bool write, uint8_t *texel,
				     const float zf[4], uint32_t *cov)
{
	const __m128i bits = _mm_set_epi32(8, 4, 2, 1);
	__m128i live = _mm_and_si128(_mm_set1_epi32((int)*cov), bits);
	__m128 z = _mm_loadu_ps(zf), za = _mm_loadu_ps((const float *)texel);
	__m128 pass = _mm_and_ps(compare4(op, z, za),
				 _mm_castsi128_ps(_mm_cmpeq_epi32(live, bits)));
	unsigned int mask = (unsigned int)_mm_movemask_ps(pass);

	*cov = (*cov & ~0xfu) | mask;
	if (write && mask)
		_mm_storeu_ps((float *)texel, _mm_or_ps(_mm_and_ps(pass, z),
							_mm_andnot_ps(pass, za)));
	/* The bits of the 4-bit mask: nibble m of the constant (no popcnt in the baseline ISA). */
	return (unsigned int)(0x4332322132212110ull >> (4 * mask)) & 0xf;
}

static unsigned int depth_d32(const struct ember_backend_state *state,
			      const struct ember_render_target *ds,
			      const struct ember_quad *quad,
			      const float depth[4][EMBER_MAX_SAMPLES],
			      unsigned int samples, uint32_t cov[4])
{
	unsigned int op = state->ds.depth_compare_op, size = ember_rt_texel_size(ds->format);
	bool write = state->ds.depth_write_enable;
	bool clamp = state->raster.depth_clamp_enable;
	unsigned int passed = 0;

	for (int p = 0; p < 4; p++) {
		uint8_t *texel;

		if (!cov[p])
			continue;
		/* Sample s follows sample 0 (ember_rt_texel()'s layout). */
		texel = ember_rt_texel(ds, (uint32_t)quad->x + (p & 1),
				       (uint32_t)quad->y + (p >> 1), 0);
		if (samples == 4 && size == 4) {
			float zf[4];

			for (int s = 0; s < 4; s++)
				zf[s] = clamp ? ember_fragment_depth(state, ds->format,
								     depth[p][s]) :
						depth[p][s];
			passed += depth_d32_pixel4(op, write, texel, zf, &cov[p]);
			continue;
		}
		for (unsigned int s = 0; s < samples; s++, texel += size) {
			float zf = depth[p][s], za;

			if (!(cov[p] & (1u << s)))
				continue;
			if (clamp)
				zf = ember_fragment_depth(state, ds->format, zf);
			memcpy(&za, texel, sizeof(za));
			if (!ember_compare(op, zf, za)) {
				cov[p] &= ~(1u << s);
				continue;
			}
			if (write)
				memcpy(texel, &zf, sizeof(zf));
			passed++;
		}
	}
	return passed;
}

unsigned int ember_frag_depth_stencil(const struct ember_backend_state *state,
				      const struct ember_render_target *ds,
				      const struct ember_quad *quad,
				      const float depth[4][EMBER_MAX_SAMPLES],
				      uint32_t cov[4])
{
	const struct ember_stencil_face *face = quad->front_facing ?
		&state->ds.front : &state->ds.back;
	unsigned int samples = state->ms.samples == 4 ? 4 : 1;
	unsigned int passed = 0;

	if (depth_only_d32(state, ds))
		return depth_d32(state, ds, quad, depth, samples, cov);
	for (int p = 0; p < 4; p++) {
		for (unsigned int s = 0; s < samples; s++) {
			if (!(cov[p] & (1u << s)))
				continue;
			if (ds->format == EMBER_RT_NONE) {
				passed++;
				continue;
			}
			uint8_t *texel = ember_rt_texel(ds, (uint32_t)quad->x + (p & 1),
							(uint32_t)quad->y + (p >> 1), s);

			if (depth_stencil_sample(state, ds, face, texel, depth[p][s]))
				passed++;
			else
				cov[p] &= ~(1u << s);
		}
	}
	return passed;
}
