/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Fragment operations
 *
 * The fragment operations of Vulkan's chapter, each a function over one
 * quad's coverage (uint32_t cov[4]: per pixel, bit s = sample s), called
 * by backend.c in the chapter's order (R10):
 *
 * - frag_tests.c: scissor, sample mask, multisample coverage (alpha to
 *   coverage, alpha to one), depth bounds, stencil, depth, sample counting.
 * - frag_color.c: blending, logic ops, colour write masks, per sample.
 * - frag_resolve.c: the multisample resolve.
 *
 * The fragment shader sits between the sample mask and the multisample
 * coverage as a callback filling a struct ember_fs_output.
 */

#ifndef EMBER_FRAG_OPS_H
#define EMBER_FRAG_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "raster.h"
#include "raster_format.h"
#include "raster_state.h"

/* What the fragment shader gives back for the four pixels of a quad. */
struct ember_fs_output {
	union ember_color color[EMBER_MAX_COLOR_TARGETS][4];	/* [target][pixel] */
	union ember_color color1[4];	/* Location 0, Index 1: dual source */
	float depth[4];			/* FragDepth, when writes_depth */
	uint32_t sample_mask[4];	/* SampleMask, when writes_sample_mask */
	uint8_t discard_mask;		/* bit p: pixel p discarded */
	bool writes_depth;
	bool writes_sample_mask;
};

/*
 * The fragment shader slot: @quad's helper_mask says which pixels are
 * helpers (no live sample left after the scissor and sample mask tests).
 */
typedef void (*ember_fs_fn)(void *ctx, const struct ember_quad *quad,
			    struct ember_fs_output *out);

void ember_frag_scissor(const struct ember_rect *scissor,
			const struct ember_quad *quad, uint32_t cov[4]);
void ember_frag_sample_mask(uint32_t sample_mask, uint32_t cov[4]);
/* R10's alpha-to-coverage pattern: samples 0..n-1. */
uint32_t ember_alpha_to_coverage(float alpha, unsigned int samples);
/* Alpha to coverage (colour 0's alpha), then alpha to one. */
void ember_frag_multisample_coverage(const struct ember_multisample_state *ms,
				     const struct ember_framebuffer *fb,
				     struct ember_fs_output *out,
				     uint32_t cov[4]);

/* "new op old": the reference (or z_f) is the left operand. */
bool ember_compare(unsigned int op, double a, double b);
uint8_t ember_stencil_op(unsigned int op, uint8_t s, uint8_t ref);
/* The depth a sample tests: clamped (R9) and quantized to @format. */
float ember_fragment_depth(const struct ember_backend_state *state,
			   unsigned int format, float z);

/*
 * Depth bounds, stencil and depth tests with their writes for the covered
 * samples of @quad at depths @depth; clears the samples that fail and
 * returns how many pass (sample counting).
 */
unsigned int ember_frag_depth_stencil(const struct ember_backend_state *state,
				      const struct ember_render_target *ds,
				      const struct ember_quad *quad,
				      const float depth[4][EMBER_MAX_SAMPLES],
				      uint32_t cov[4]);

/*
 * The blend equation on decoded values (one colour, all components);
 * @clamp: enum ember_rt_blend_clamp of the target's format.
 */
void ember_blend(const struct ember_blend_attachment *att,
		 const float constants[4], unsigned int clamp,
		 const float src[4], const float src1[4], const float dst[4],
		 float out[4]);
uint32_t ember_logic_op(unsigned int op, uint32_t s, uint32_t d);
/* Blend or logic op, then write mask: one sample of render target @i. */
void ember_frag_color_write(const struct ember_blend_state *blend,
			    unsigned int i, const struct ember_render_target *rt,
			    uint8_t *texel, const union ember_color *src,
			    const union ember_color *src1);
/*
 * ember_frag_color_write() for the samples @cov of pixel (@x, @y): without
 * blending or a logic op every sample gets the same bits, encoded once.
 */
void ember_frag_color_write_pixel(const struct ember_blend_state *blend,
				  unsigned int i, const struct ember_render_target *rt,
				  uint32_t x, uint32_t y, uint32_t cov,
				  const union ember_color *src,
				  const union ember_color *src1);
/*
 * ember_frag_color_write_pixel() for the four pixels of the quad at (@x,
 * @y): @cov[p], @src[p] and @src1[p] for pixel p.
 */
void ember_frag_color_write_quad(const struct ember_blend_state *blend,
				 unsigned int i, const struct ember_render_target *rt,
				 uint32_t x, uint32_t y, const uint32_t cov[4],
				 const union ember_color src[4],
				 const union ember_color src1[4]);

/* The address of sample @s of pixel (@x, @y) (see raster_state.h). */
uint8_t *ember_rt_texel(const struct ember_render_target *rt, uint32_t x,
			uint32_t y, unsigned int s);

/*
 * Resolves @src (multisample) into @dst (one sample) over @rect: the
 * average for float, UNORM and sRGB (in linear space), sample 0 for
 * integers. Only the part of @rect inside both targets is resolved.
 */
void ember_backend_resolve(const struct ember_render_target *src,
		   const struct ember_render_target *dst,
		   const struct ember_rect *rect);

#endif /* EMBER_FRAG_OPS_H */
