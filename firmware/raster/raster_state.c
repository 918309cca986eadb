/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The state check: what a packet decoder turns into a fault before the
 * back end sees the state. The back end itself never relies on it for
 * safety but for memory: render targets too small or of the wrong sample
 * count would be written out of bounds, so ember_backend_draw() refuses
 * them.
 */

#include "raster_state.h"

#include <errno.h>

#include "raster_format.h"

static int check_target(const struct ember_render_target *rt,
			const struct ember_framebuffer *fb, bool color)
{
	unsigned int size = ember_rt_texel_size(rt->format);

	if (color && rt->format == EMBER_RT_NONE)
		return 0;	/* unused: never written */
	if (color ? !ember_rt_is_color(rt->format) :
		    !(ember_rt_has_depth(rt->format) || ember_rt_has_stencil(rt->format)))
		return -EINVAL;
	if (!rt->base || rt->samples != fb->samples || rt->width < fb->width ||
	    rt->height < fb->height)
		return -EINVAL;
	if (rt->origin_x > rt->width || rt->origin_y > rt->height ||
	    rt->row_pitch < (size_t)(rt->width - rt->origin_x) * rt->samples * size)
		return -EINVAL;
	return 0;
}

static bool stencil_face_ok(const struct ember_stencil_face *f)
{
	return f->fail_op < EMBER_STENCIL_OP_COUNT &&
	       f->pass_op < EMBER_STENCIL_OP_COUNT &&
	       f->depth_fail_op < EMBER_STENCIL_OP_COUNT &&
	       f->compare_op < EMBER_COMPARE_COUNT;
}

static bool blend_ok(const struct ember_blend_attachment *a)
{
	return a->src_color_factor < EMBER_BF_COUNT &&
	       a->dst_color_factor < EMBER_BF_COUNT &&
	       a->src_alpha_factor < EMBER_BF_COUNT &&
	       a->dst_alpha_factor < EMBER_BF_COUNT &&
	       a->color_op < EMBER_BLEND_OP_COUNT &&
	       a->alpha_op < EMBER_BLEND_OP_COUNT && a->write_mask <= EMBER_WRITE_ALL;
}

int ember_backend_state_check(const struct ember_backend_state *state,
			      const struct ember_framebuffer *fb)
{
	int err;

	if (fb->samples != 1 && fb->samples != 4)
		return -EINVAL;
	if (state->ms.samples != fb->samples)
		return -EINVAL;
	if (fb->color_count > EMBER_MAX_COLOR_TARGETS)
		return -EINVAL;
	if (fb->width > EMBER_GUARD_BAND || fb->height > EMBER_GUARD_BAND)
		return -EINVAL;
	for (uint32_t i = 0; i < fb->color_count; i++) {
		err = check_target(&fb->color[i], fb, true);
		if (err)
			return err;
		if (!blend_ok(&state->blend.attachment[i]))
			return -EINVAL;
	}
	if (fb->depth_stencil.format != EMBER_RT_NONE) {
		err = check_target(&fb->depth_stencil, fb, false);
		if (err)
			return err;
	}
	if (state->raster.cull_mode > EMBER_CULL_FRONT_AND_BACK ||
	    state->raster.front_face > EMBER_FRONT_CW ||
	    state->raster.provoking_vertex > EMBER_PROVOKING_LAST)
		return -EINVAL;
	if (state->ds.depth_compare_op >= EMBER_COMPARE_COUNT ||
	    !stencil_face_ok(&state->ds.front) || !stencil_face_ok(&state->ds.back))
		return -EINVAL;
	if (state->blend.logic_op >= EMBER_LOGIC_OP_COUNT)
		return -EINVAL;
	return 0;
}
