/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Texel fetch, storage image load/store and queries
 *
 * The unfiltered operations: integer coordinates straight to one texel,
 * bounds-checked per lane against the level's extent, the layer count
 * and the sample count (robustImageAccess2: zero in, nothing out). Cube
 * views are addressed as arrays of faces (the layer coordinate is
 * cube * 6 + face), as storage cube images are in Vulkan.
 */

#include <stddef.h>

#include "tex_texel.h"
#include "tex_unit.h"

/* The texel a lane addresses: false if it is out of bounds. */
struct texel_pos {
	uint32_t level, x, y, z, sample;
};

static bool lane_position(const struct tex_op *op,
			  const struct ember_tex_fetch_args *args, unsigned int l,
			  bool fixed_level, struct texel_pos *pos)
{
	const struct ember_tex_image *img = op->img;
	int64_t c[3] = { 0, 0, 0 }, level, sample;
	uint64_t limit[3];
	unsigned int t = img->view_type;
	/* Offsets move the texel coordinates, never the array layer. */
	unsigned int texel_dims = t == EMBER_TEX_1D || t == EMBER_TEX_1D_ARRAY ? 1 :
		t == EMBER_TEX_3D ? 3 : 2;

	for (unsigned int i = 0; i < 3; i++) {
		if (args->coord[i])
			c[i] = args->coord[i][l];
		if (i < texel_dims)
			c[i] += args->offset[i];
	}
	level = fixed_level || !args->level ? 0 : args->level[l];
	sample = args->sample ? args->sample[l] : 0;
	if (level < 0 || level >= img->levels || sample < 0 || sample >= img->samples)
		return false;
	limit[0] = ember_tex_minify(img->width, (uint32_t)level);
	limit[1] = ember_tex_minify(img->height, (uint32_t)level);
	limit[2] = t == EMBER_TEX_3D ? ember_tex_minify(img->depth, (uint32_t)level) :
		img->layers;
	if (t == EMBER_TEX_1D || t == EMBER_TEX_1D_ARRAY) {
		/* The layer is the second coordinate of a 1D array. */
		c[2] = t == EMBER_TEX_1D_ARRAY ? c[1] : 0;
		c[1] = 0;
	} else if (t == EMBER_TEX_2D) {
		c[2] = 0;
	}
	for (unsigned int i = 0; i < 3; i++) {
		if (c[i] < 0 || (uint64_t)c[i] >= limit[i])
			return false;
	}
	*pos = (struct texel_pos) {
		.level = (uint32_t)level, .x = (uint32_t)c[0], .y = (uint32_t)c[1],
		.z = (uint32_t)c[2], .sample = (uint32_t)sample,
	};
	return true;
}

/*
 * The lanes' positions first, then their texels in one wave read (lane
 * order, as the fault rule wants), then zero for the lanes out of bounds.
 */
static struct ember_tex_status read_lanes(const struct ember_tex_image *img,
					  const struct ember_tex_memory *mem,
					  const struct ember_tex_fetch_args *args,
					  bool fixed_level, ember_tex_result out)
{
	uint32_t level[EMBER_TEX_LANES], x[EMBER_TEX_LANES], y[EMBER_TEX_LANES];
	uint32_t z[EMBER_TEX_LANES], sample[EMBER_TEX_LANES], inside = 0;
	struct texel_pos pos;
	struct tex_op op;

	if (!tex_op_begin(&op, img, mem))
		return op.status;
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		if (!(args->mask >> l & 1) || !lane_position(&op, args, l, fixed_level, &pos))
			continue;
		level[l] = pos.level;
		x[l] = pos.x;
		y[l] = pos.y;
		z[l] = pos.z;
		sample[l] = pos.sample;
		inside |= 1u << l;
	}
	tex_wave_read(&op, inside, level, x, y, z, sample, out);
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;

		if (!(args->mask >> l & 1))
			continue;
		if (inside >> l & 1) {
			if (!op.swizzles)
				continue;
			for (unsigned int c = 0; c < 4; c++)
				t.u[c] = out[c][l];
		} else {
			tex_zero_texel(&op, &t);
		}
		tex_swizzle(&op, &t);
		tex_put_lane(out, l, &t);
	}
	return op.status;
}

struct ember_tex_status ember_tex_fetch(const struct ember_tex_image *img,
					const struct ember_tex_memory *mem,
					const struct ember_tex_fetch_args *args,
					ember_tex_result out)
{
	return read_lanes(img, mem, args, false, out);
}

struct ember_tex_status ember_tex_load(const struct ember_tex_image *img,
				       const struct ember_tex_memory *mem,
				       const struct ember_tex_fetch_args *args,
				       ember_tex_result out)
{
	return read_lanes(img, mem, args, true, out);
}

struct ember_tex_status ember_tex_store(const struct ember_tex_image *img,
					const struct ember_tex_memory *mem,
					const struct ember_tex_fetch_args *args,
					const ember_tex_result texels)
{
	const struct ember_tex_format *f;
	struct texel_pos pos;
	struct tex_op op;

	if (!tex_op_begin(&op, img, mem))
		return op.status;
	/*
	 * One aspect of a combined depth/stencil texel cannot be written
	 * alone; nothing encodes a BC block.
	 */
	f = ember_tex_format_get(img->format);
	if ((f->ch[0].bits && f->ch[1].bits && ember_tex_format_is_depth_stencil(f)) ||
	    f->block_log2) {
		op.status.fault = EMBER_TEX_FAULT_BAD_IMAGE;
		op.status.va = img->base;
		return op.status;
	}
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		union ember_tex_texel t;

		if (!(args->mask >> l & 1) || !lane_position(&op, args, l, true, &pos))
			continue;
		for (unsigned int c = 0; c < 4; c++)
			t.u[c] = texels[c][l];
		tex_write_texel(&op, pos.level, pos.x, pos.y, pos.z, pos.sample, &t);
	}
	return op.status;
}

struct ember_tex_status ember_tex_texel_addresses(const struct ember_tex_image *img,
						  const struct ember_tex_fetch_args *args,
						  uint64_t va[EMBER_TEX_LANES],
						  uint32_t *inside)
{
	struct texel_pos pos;
	struct tex_op op;

	*inside = 0;
	if (!tex_op_begin(&op, img, NULL))
		return op.status;
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		if (!(args->mask >> l & 1) || !lane_position(&op, args, l, true, &pos))
			continue;
		va[l] = ember_tex_texel_va(img, op.view.bytes, pos.level, pos.x, pos.y,
					   pos.z, pos.sample);
		*inside |= 1u << l;
	}
	return op.status;
}

struct ember_tex_status ember_tex_query_size(const struct ember_tex_image *img,
					     uint32_t mask, const int32_t *lod,
					     ember_tex_result out)
{
	struct ember_tex_status status = { 0 };
	unsigned int t = img->view_type;

	if (ember_tex_image_check(img)) {
		status.fault = EMBER_TEX_FAULT_BAD_IMAGE;
		status.va = img->base;
		return status;
	}
	for (unsigned int l = 0; l < EMBER_TEX_LANES; l++) {
		int32_t level = lod ? lod[l] : 0;
		uint32_t w, h, d, s[4] = { 0, 0, 0, 0 };

		if (!(mask >> l & 1))
			continue;
		if (level >= 0 && (uint32_t)level < img->levels) {
			w = ember_tex_minify(img->width, (uint32_t)level);
			h = ember_tex_minify(img->height, (uint32_t)level);
			d = ember_tex_minify(img->depth, (uint32_t)level);
			s[0] = w;
			if (t == EMBER_TEX_1D_ARRAY)
				s[1] = img->layers;
			else if (t != EMBER_TEX_1D)
				s[1] = h;
			if (t == EMBER_TEX_3D)
				s[2] = d;
			else if (t == EMBER_TEX_2D_ARRAY)
				s[2] = img->layers;
			else if (t == EMBER_TEX_CUBE_ARRAY)
				s[2] = img->layers / 6;
		}
		for (unsigned int c = 0; c < 4; c++)
			out[c][l] = s[c];
	}
	return status;
}

uint32_t ember_tex_query_levels(const struct ember_tex_image *img)
{
	return ember_tex_image_check(img) ? 0 : img->levels;
}

uint32_t ember_tex_query_samples(const struct ember_tex_image *img)
{
	return ember_tex_image_check(img) ? 0 : img->samples;
}
