/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: A graphics wave's state
 *
 * What gfx_wave.c sets up for one vertex or fragment wave and the
 * graphics handlers (exec_graphics.c, and TEX/QUERYLOD in exec_image.c)
 * read: the caller's inputs and outputs, and for fragment waves the
 * per-lane sample and coverage and the per-quad screen-space gradients of
 * the barycentrics, from which INTERP evaluates them away from the pixel
 * centre (centroid, sample, at_sample, at_offset).
 *
 * The gradients come from the quad's own pixels: the noperspective
 * barycentrics are affine in screen space, and so are the perspective
 * ones multiplied by the interpolated 1/w (bary * inv_w is vertex j's
 * linear weight over its w), so pixel (x+1, y) minus pixel (x, y) is the
 * x gradient and pixel (x, y+1) minus pixel (x, y) the y gradient. At the
 * pixel centre INTERP uses the rasterizer's barycentrics as they are.
 */

#ifndef EMBER_FW_SHADER_GFX_WAVE_STATE_H
#define EMBER_FW_SHADER_GFX_WAVE_STATE_H

#include "gfx_wave.h"

struct sc_gfx_wave {
	const struct sc_gfx_stage_params *stage;
	const struct ember_isa_header *header;
	/* A vertex wave's: */
	const struct sc_vertex_wave_in *vin;
	struct sc_vertex_wave_out *vout;
	/* A fragment wave's: */
	const struct sc_fragment_wave_in *fin;
	struct sc_fragment_wave_out *fout;
	/** @demoted, @terminated: lanes DEMOTE and TERMINATE took. */
	uint32_t demoted;
	uint32_t terminated;
	/**
	 * @per_sample: the wave shades one sample of each pixel (the
	 * header's SAMPLE_RATE, or the draw's sample shading): FragCoord,
	 * depth, SampleMask in and inputs interpolated at the centre are
	 * the sample's.
	 */
	bool per_sample;
	/** @sample_id: the lane's sample (0 unless @per_sample). */
	uint32_t sample_id[SC_LANES];
	/** @sample_mask_in: the samples of the lane's invocation. */
	uint32_t sample_mask_in[SC_LANES];
	/**
	 * @persp_dx .. @linear_dy: per quad and vertex, the screen-space
	 * gradient (per pixel) of bary * inv_w and of bary_linear.
	 */
	float persp_dx[SC_GFX_QUADS][3], persp_dy[SC_GFX_QUADS][3];
	float linear_dx[SC_GFX_QUADS][3], linear_dy[SC_GFX_QUADS][3];
};

#endif /* EMBER_FW_SHADER_GFX_WAVE_STATE_H */
