/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Blending, logic ops and colour write masks
 *
 * One sample of one colour target at a time. With logic ops enabled,
 * blending is off for every target and the op runs on raw values (UNORM
 * and SNORM codes, integers), within each channel's bits, of the targets
 * that have them; float and sRGB targets take the source unchanged.
 * Without, blending runs on decoded values for the targets that are not
 * integer; for UNORM and sRGB targets the source, the dual source and the
 * constants are first clamped to [0, 1], for SNORM ones to [-1, 1]. The
 * write mask is applied when the raw value is stored.
 */

#include "frag_ops.h"

#include <math.h>
#include <string.h>

uint8_t *ember_rt_texel(const struct ember_render_target *rt, uint32_t x,
			uint32_t y, unsigned int s)
{
	return rt->base + (size_t)(y - rt->origin_y) * rt->row_pitch +
	       ((size_t)(x - rt->origin_x) * rt->samples + s) *
	       ember_rt_texel_size(rt->format);
}

/* @v within [@lo, 1], NaN as 0 (the conversion's rule). */
static float clamp_to(float v, float lo)
{
	if (isnan(v))
		return 0.0f;
	if (v < lo)
		return lo;
	return v > 1.0f ? 1.0f : v;
}

/* Factor @f for component @c (3: the alpha factor). */
static float blend_factor(unsigned int f, int c, const float src[4],
			  const float src1[4], const float dst[4],
			  const float k[4])
{
	switch (f) {
	case EMBER_BF_ONE:			return 1.0f;
	case EMBER_BF_SRC_COLOR:		return src[c];
	case EMBER_BF_ONE_MINUS_SRC_COLOR:	return 1.0f - src[c];
	case EMBER_BF_DST_COLOR:		return dst[c];
	case EMBER_BF_ONE_MINUS_DST_COLOR:	return 1.0f - dst[c];
	case EMBER_BF_SRC_ALPHA:		return src[3];
	case EMBER_BF_ONE_MINUS_SRC_ALPHA:	return 1.0f - src[3];
	case EMBER_BF_DST_ALPHA:		return dst[3];
	case EMBER_BF_ONE_MINUS_DST_ALPHA:	return 1.0f - dst[3];
	case EMBER_BF_CONSTANT_COLOR:		return k[c];
	case EMBER_BF_ONE_MINUS_CONSTANT_COLOR:	return 1.0f - k[c];
	case EMBER_BF_CONSTANT_ALPHA:		return k[3];
	case EMBER_BF_ONE_MINUS_CONSTANT_ALPHA:	return 1.0f - k[3];
	case EMBER_BF_SRC_ALPHA_SATURATE:
		if (c == 3)
			return 1.0f;
		return fminf(src[3], 1.0f - dst[3]);
	case EMBER_BF_SRC1_COLOR:		return src1[c];
	case EMBER_BF_ONE_MINUS_SRC1_COLOR:	return 1.0f - src1[c];
	case EMBER_BF_SRC1_ALPHA:		return src1[3];
	case EMBER_BF_ONE_MINUS_SRC1_ALPHA:	return 1.0f - src1[3];
	default:				return 0.0f;
	}
}

static float blend_op(unsigned int op, float s, float sf, float d, float df)
{
	switch (op) {
	case EMBER_BLEND_SUBTRACT:		return s * sf - d * df;
	case EMBER_BLEND_REVERSE_SUBTRACT:	return d * df - s * sf;
	case EMBER_BLEND_MIN:			return fminf(s, d);
	case EMBER_BLEND_MAX:			return fmaxf(s, d);
	default:				return s * sf + d * df;
	}
}

void ember_blend(const struct ember_blend_attachment *att,
		 const float constants[4], unsigned int clamp,
		 const float src_in[4], const float src1_in[4],
		 const float dst[4], float out[4])
{
	float lo = clamp == EMBER_RT_CLAMP_SNORM ? -1.0f : 0.0f;
	float src[4], src1[4], k[4];

	for (int c = 0; c < 4; c++) {
		bool in = clamp != EMBER_RT_CLAMP_NONE;

		src[c] = in ? clamp_to(src_in[c], lo) : src_in[c];
		src1[c] = in ? clamp_to(src1_in[c], lo) : src1_in[c];
		k[c] = in ? clamp_to(constants[c], lo) : constants[c];
	}
	for (int c = 0; c < 4; c++) {
		unsigned int sf = c < 3 ? att->src_color_factor : att->src_alpha_factor;
		unsigned int df = c < 3 ? att->dst_color_factor : att->dst_alpha_factor;
		unsigned int op = c < 3 ? att->color_op : att->alpha_op;

		float sfv = blend_factor(sf, c, src, src1, dst, k);
		float dfv = blend_factor(df, c, src, src1, dst, k);

		/* Factors are clamped too (only SNORM's can leave [-1, 1]). */
		if (clamp != EMBER_RT_CLAMP_NONE) {
			sfv = clamp_to(sfv, lo);
			dfv = clamp_to(dfv, lo);
		}
		out[c] = blend_op(op, src[c], sfv, dst[c], dfv);
	}
}

uint32_t ember_logic_op(unsigned int op, uint32_t s, uint32_t d)
{
	switch (op) {
	case EMBER_LOGIC_AND:		return s & d;
	case EMBER_LOGIC_AND_REVERSE:	return s & ~d;
	case EMBER_LOGIC_COPY:		return s;
	case EMBER_LOGIC_AND_INVERTED:	return ~s & d;
	case EMBER_LOGIC_NO_OP:		return d;
	case EMBER_LOGIC_XOR:		return s ^ d;
	case EMBER_LOGIC_OR:		return s | d;
	case EMBER_LOGIC_NOR:		return ~(s | d);
	case EMBER_LOGIC_EQUIVALENT:	return ~(s ^ d);
	case EMBER_LOGIC_INVERT:	return ~d;
	case EMBER_LOGIC_OR_REVERSE:	return s | ~d;
	case EMBER_LOGIC_COPY_INVERTED:	return ~s;
	case EMBER_LOGIC_OR_INVERTED:	return ~s | d;
	case EMBER_LOGIC_NAND:		return ~(s & d);
	case EMBER_LOGIC_SET:		return ~0u;
	default:			return 0;
	}
}

void ember_frag_color_write(const struct ember_blend_state *blend,
			    unsigned int i, const struct ember_render_target *rt,
			    uint8_t *texel, const union ember_color *src,
			    const union ember_color *src1)
{
	const struct ember_blend_attachment *att = &blend->attachment[i];
	unsigned int format = rt->format;
	uint32_t raw[4], dst_raw[4];

	if (!(att->write_mask & EMBER_WRITE_ALL))
		return;
	ember_color_encode(format, src, raw);
	if (blend->logic_op_enable) {
		if (ember_rt_has_logic_ops(format)) {
			ember_texel_load_raw(format, texel, dst_raw);
			for (unsigned int c = 0; c < 4; c++)
				raw[c] = ember_logic_op(blend->logic_op, raw[c], dst_raw[c]) &
					 ember_rt_channel_mask(format, c);
		}
	} else if (att->blend_enable && !ember_rt_is_integer(format)) {
		union ember_color dst, out;
		unsigned int clamp = ember_rt_blend_clamp(format);

		ember_texel_load_raw(format, texel, dst_raw);
		ember_color_decode(format, dst_raw, &dst);
		ember_blend(att, blend->constants, clamp, src->f, src1->f, dst.f,
			    out.f);
		ember_color_encode(format, &out, raw);
	}
	ember_texel_store_raw(format, texel, raw, att->write_mask);
}

/* Whether write mask @mask keeps none of @format's channels unwritten. */
static bool writes_every_channel(unsigned int format, unsigned int mask)
{
	for (unsigned int c = 0; c < 4; c++)
		if (ember_rt_channel_mask(format, c) && !(mask & (1u << c)))
			return false;
	return true;
}

void ember_frag_color_write_pixel(const struct ember_blend_state *blend,
				  unsigned int i, const struct ember_render_target *rt,
				  uint32_t x, uint32_t y, uint32_t cov,
				  const union ember_color *src,
				  const union ember_color *src1)
{
	const struct ember_blend_attachment *att = &blend->attachment[i];
	unsigned int format = rt->format, size = ember_rt_texel_size(format);
	const uint8_t *first = NULL;
	uint8_t *texel;
	uint32_t raw[4];
	bool every;

	if (!(att->write_mask & EMBER_WRITE_ALL) || !cov)
		return;
	if (blend->logic_op_enable || (att->blend_enable && !ember_rt_is_integer(format))) {
		for (unsigned int s = 0; s < rt->samples; s++)
			if (cov & (1u << s))
				ember_frag_color_write(blend, i, rt, ember_rt_texel(rt, x, y, s),
						       src, src1);
		return;
	}
	ember_color_encode(format, src, raw);
	/* A partial write mask keeps each sample's own other channels. */
	every = writes_every_channel(format, att->write_mask);
	/* Sample s follows sample 0 (ember_rt_texel()'s layout). */
	texel = ember_rt_texel(rt, x, y, 0);
	for (unsigned int s = 0; s < rt->samples; s++, texel += size) {
		if (!(cov & (1u << s)))
			continue;
		if (first && every) {
			memcpy(texel, first, size);
			continue;
		}
		ember_texel_store_raw(format, texel, raw, att->write_mask);
		first = texel;
	}
}

/*
 * The quad at (@x, @y), pixel p with coverage @cov[p] and colours
 * @src[p], @src1[p]: ember_frag_color_write_pixel() for each pixel, the
 * same bytes stored. Its common case (no blending, no logic op, a 4-byte
 * format) is done here with what the four pixels share computed once:
 * texel size and address, and whether the write mask writes every
 * channel (then sample s > 0 copies the first covered one's 4 bytes).
 */
void ember_frag_color_write_quad(const struct ember_blend_state *blend,
				 unsigned int i, const struct ember_render_target *rt,
				 uint32_t x, uint32_t y, const uint32_t cov[4],
				 const union ember_color src[4],
				 const union ember_color src1[4])
{
	const struct ember_blend_attachment *att = &blend->attachment[i];
	unsigned int format = rt->format, samples = rt->samples;
	bool every;

	if (!(att->write_mask & EMBER_WRITE_ALL) || !(cov[0] | cov[1] | cov[2] | cov[3]))
		return;
	if (blend->logic_op_enable || (att->blend_enable && !ember_rt_is_integer(format)) ||
	    ember_rt_texel_size(format) != 4) {
		for (int p = 0; p < 4; p++)
			ember_frag_color_write_pixel(blend, i, rt, x + (p & 1), y + (p >> 1),
						     cov[p], &src[p], &src1[p]);
		return;
	}
	every = writes_every_channel(format, att->write_mask);
	for (int p = 0; p < 4; p++) {
		/* Sample s follows sample 0 (ember_rt_texel()'s layout). */
		uint8_t *texel = rt->base +
				 (size_t)(y + (p >> 1) - rt->origin_y) * rt->row_pitch +
				 (size_t)(x + (p & 1) - rt->origin_x) * samples * 4;
		const uint8_t *first = NULL;
		uint32_t raw[4];

		if (!cov[p])
			continue;
		ember_color_encode(format, &src[p], raw);
		for (unsigned int s = 0; s < samples; s++, texel += 4) {
			if (!(cov[p] & (1u << s)))
				continue;
			if (first && every) {
				memcpy(texel, first, 4);
				continue;
			}
			ember_texel_store_raw(format, texel, raw, att->write_mask);
			first = texel;
		}
	}
}
