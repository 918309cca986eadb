/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BLIT: vkCmdBlitImage of one region through the texture unit's sampler
 * and store, a batch of EMBER_TEX_LANES destination texels at a time
 * (copy_image.h). A blit that cannot change a byte (nearest, 1:1, same
 * format, texels that decode and encode back to themselves) is a copy,
 * and is done as COPY_IMAGE does it.
 *
 * A downscale by exactly 2 in x and y (mip generation of even levels),
 * within one format, neither flipped nor 3D, has a fixed footprint: the
 * sampler's coordinate of destination texel (i, j) is the source texel
 * edge (2i + 1, 2j + 1) from the region's origin, so linear filtering
 * averages texels (2i, 2j) .. (2i + 1, 2j + 1) with weights of exactly
 * 1/4 and nearest takes (2i + 1, 2j + 1). blit_halve() does that
 * arithmetic itself, in the sampler's order (corners (0,0), (1,0),
 * (0,1), (1,1), each added as weight * texel to a zero sum) with the
 * unit's codec (copy_texel.h), on the bytes the MMU maps, without the
 * sampler's per-lane addressing: bit for bit the unit's result
 * (test_copy_image.c compares it with the same blit flipped on both
 * sides, which takes the unit's path). A texel it cannot map sends the
 * packet down the unit's path, which reports the fault. A TILED_4K source
 * is halved a block of destination texels at a time, the block of one
 * source tile, so each source page is read once and in order (not a tile
 * row of each of a row of tiles per destination row); RGBA8-like texels
 * average with their four channels as the lanes of a vector.
 */

#include <math.h>

#include "copy_image.h"
#include "copy_region.h"
#include "copy_texel.h"
#include "texture/tex_texel.h"
#include "texture/tex_unit.h"

static bool bounds_fit(const struct ember_region_side *side, const uint32_t b[6])
{
	uint32_t ext[3];

	ember_region_level_extent(side, ext);
	for (unsigned int c = 0; c < 3; c++) {
		if (b[c] > ext[c] || b[c + 3] > ext[c])
			return false;
	}
	return true;
}

static enum ember_tex_class side_class(const struct ember_region_side *side)
{
	struct ember_tex_format view;

	ember_tex_format_view(side->img.format, side->img.aspect, &view);
	return ember_tex_format_class(&view);
}

/* ember_copy_passes_through() of @side's colour plane. */
static bool side_passes_through(const struct ember_region_side *side)
{
	struct ember_tex_format view;

	return side->img.aspect == EMBER_TEX_ASPECT_COLOR && !side->block_log2 &&
	       ember_tex_format_view(side->img.format, side->img.aspect, &view) &&
	       ember_copy_passes_through(&view);
}

/*
 * A nearest blit whose destination bounds are its source bounds moved,
 * neither flipped nor scaled, between images of one format whose texels
 * pass through: destination texel (i, j, k) is the bytes of source texel
 * (i, j, k) + (src - dst offset) exactly (ember-hw.rst's coordinate of a
 * 1:1 blit is that texel's centre). Sets both sides' region and @extent
 * for the copy.
 */
static bool blit_is_copy(struct ember_region_side *src, struct ember_region_side *dst,
			 const struct ember_upkt_blit *pkt, bool linear, uint32_t extent[3])
{
	const uint32_t *sb = pkt->src_bounds, *db = pkt->dst_bounds;

	if (linear || src->img.format != dst->img.format || !side_passes_through(src) ||
	    !side_passes_through(dst))
		return false;
	for (unsigned int c = 0; c < 3; c++) {
		if (sb[c] >= sb[c + 3] || db[c] >= db[c + 3] ||
		    sb[c + 3] - sb[c] != db[c + 3] - db[c])
			return false;
		extent[c] = sb[c + 3] - sb[c];
	}
	/* bounds_fit() held: the regions fit their levels. */
	return ember_region_fits(src, sb, extent) && ember_region_fits(dst, db, extent);
}

struct blit {
	struct ember_tex_image src, dst;
	struct ember_tex_sampler smp;
	struct ember_tex_memory mem;
	const uint32_t *sb, *db;
	bool src_3d;
	uint32_t layers;
	/* The batch being gathered. */
	unsigned int n;
	float coord[3][EMBER_TEX_LANES];
	int32_t texel[3][EMBER_TEX_LANES];
};

/* Source coordinate of destination texel @i along axis @c (ember-hw.rst). */
static float blit_coord(const struct blit *b, unsigned int c, uint32_t i)
{
	float s0 = (float)b->sb[c], s1 = (float)b->sb[c + 3];
	float d0 = (float)b->db[c], d1 = (float)b->db[c + 3];

	return s0 + ((float)i + 0.5f - d0) * (s1 - s0) / (d1 - d0);
}

static int flush(struct ember_job *job, struct blit *b)
{
	static const float zero_lod[EMBER_TEX_LANES];
	uint32_t mask = b->n == EMBER_TEX_LANES ? ~0u : (1u << b->n) - 1;
	struct ember_tex_sample_args sa = {
		.mask = mask, .lod = zero_lod,
		.coord = { b->coord[0], b->coord[1], b->coord[2] },
	};
	struct ember_tex_fetch_args fa = {
		.mask = mask, .coord = { b->texel[0], b->texel[1], b->texel[2] },
	};
	ember_tex_result out;
	struct ember_tex_status st;
	int ret;

	if (!b->n)
		return 0;
	st = ember_tex_sample(&b->src, &b->smp, &b->mem, &sa, out);
	if (!st.fault)
		st = ember_tex_store(&b->dst, &b->mem, &fa, (const uint32_t (*)[EMBER_TEX_LANES])out);
	ret = ember_region_status(job, &st);
	if (!ret)
		ret = ember_copy_spend(job, (uint64_t)b->n * 16);
	b->n = 0;
	return ret;
}

static int blit_texel(struct ember_job *job, struct blit *b, uint32_t i, uint32_t j,
		      uint32_t k)
{
	unsigned int l = b->n++;
	float w = blit_coord(b, 2, k);

	b->coord[0][l] = blit_coord(b, 0, i);
	b->coord[1][l] = blit_coord(b, 1, j);
	/* A 3D source filters across slices; layers are taken, not blended. */
	b->coord[2][l] = b->src_3d ? w : floorf(w);
	b->texel[0][l] = (int32_t)i;
	b->texel[1][l] = (int32_t)j;
	b->texel[2][l] = (int32_t)k;
	return b->n == EMBER_TEX_LANES ? flush(job, b) : 0;
}

/* blit_halve() could not map a texel: take the unit's path. */
#define HALVE_UNMAPPED	(-2)

/*
 * Whether the blit is a downscale by exactly 2 in x and y (the same
 * layers in z, one to one) between unflipped, non-3D regions of one
 * format: blit_halve()'s case.
 */
static bool blit_is_halving(const struct ember_region_side *src,
			    const struct ember_region_side *dst,
			    const struct ember_upkt_blit *pkt)
{
	const uint32_t *sb = pkt->src_bounds, *db = pkt->dst_bounds;

	if (src->img.format != dst->img.format || src->img.aspect != EMBER_TEX_ASPECT_COLOR ||
	    src->block_log2 || src->img.view_type == EMBER_TEX_3D ||
	    dst->img.view_type == EMBER_TEX_3D)
		return false;
	for (unsigned int c = 0; c < 3; c++) {
		if (sb[c] >= sb[c + 3] || db[c] >= db[c + 3])
			return false;
	}
	return sb[3] - sb[0] == 2ull * (db[3] - db[0]) && sb[4] - sb[1] == 2ull * (db[4] - db[1]) &&
	       sb[5] - sb[2] == db[5] - db[2];
}

/* One destination texel of blit_halve() from its source texels @in (corner order). */
static inline void halve_texel(const struct ember_copy_codec *cc, bool linear,
			       const uint8_t *const in[4], uint8_t *out)
{
	union ember_tex_texel t, sum = { .f = { 0, 0, 0, 0 } };

	if (linear && cc->unorm8 && cc->view.bytes == 4) {
		/* Those sums with the four channels as the lanes of a vector. */
		ember_copy_v4f f = { 0, 0, 0, 0 };

		for (unsigned int n = 0; n < 4; n++)
			f += 0.25f * ember_copy_unorm8x4_decode(in[n]);
		ember_copy_unorm8x4_encode(f, out);
		return;
	}
	if (linear && cc->unorm8) {
		/* The same sums, channel by channel, on the unit's table. */
		for (unsigned int c = 0; c < cc->channels; c++) {
			const unsigned int o = cc->offset[c];
			float f = 0.0f;

			for (unsigned int n = 0; n < 4; n++)
				f += 0.25f * ember_tex_unorm8_to_float(in[n][o]);
			out[o] = ember_copy_float_to_unorm8(f);
		}
		return;
	}
	if (!linear) {
		/* Nearest: the texel at the coordinate, (2i + 1, 2j + 1). */
		ember_copy_decode(cc, in[3], &sum);
	} else {
		/* The sampler's corners in its order, each 1/4 of the sum. */
		for (unsigned int n = 0; n < 4; n++) {
			ember_copy_decode(cc, in[n], &t);
			for (unsigned int c = 0; c < 4; c++)
				sum.f[c] += 0.25f * t.f[c];
		}
	}
	ember_copy_encode(cc, &sum, out);
}

/*
 * Texels [@i0, @i1) of destination row @j (layer @k) of blit_halve() from
 * source rows @y, @y + 1 of layer @z: runs of texels consecutive in host
 * memory on all three rows (a TILED_4K tile row, a page of a linear row)
 * at a time.
 */
static int halve_row(struct ember_job *job, const struct blit *b,
		     const struct ember_copy_codec *cc, struct ember_copy_cursor cur[3],
		     bool linear, uint32_t i0, uint32_t i1, uint32_t j, uint32_t k)
{
	const uint32_t *sb = b->sb, *db = b->db;
	const unsigned int bytes = cc->view.bytes;
	const uint32_t y = sb[1] + 2 * (j - db[1]), z = sb[2] + (k - db[2]);

	for (uint32_t i = i0; i < i1;) {
		const uint32_t x = sb[0] + 2 * (i - db[0]);
		const uint8_t *in[4];
		uint8_t *out;
		uint32_t n;

		in[0] = ember_copy_cursor_seek(job, &cur[0], x, y, z);
		in[2] = ember_copy_cursor_seek(job, &cur[1], x, y + 1, z);
		out = ember_copy_cursor_seek(job, &cur[2], i, j, k);
		n = cur[0].run < cur[1].run ? cur[0].run / 2 : cur[1].run / 2;
		n = n < cur[2].run ? n : cur[2].run;
		n = n < i1 - i ? n : i1 - i;
		if (!in[0] || !in[2] || !out)
			return HALVE_UNMAPPED;
		if (!n) {
			/* A pair across a tile's or a page's edge: its texels one by one. */
			in[1] = ember_copy_cursor_next(job, &cur[0]);
			in[3] = ember_copy_cursor_next(job, &cur[1]);
			if (!in[1] || !in[3])
				return HALVE_UNMAPPED;
			halve_texel(cc, linear, in, out);
			i++;
			continue;
		}
		for (uint32_t m = 0; m < n; m++) {
			in[1] = in[0] + bytes;
			in[3] = in[2] + bytes;
			halve_texel(cc, linear, in, out);
			in[0] += 2 * bytes;
			in[2] += 2 * bytes;
			out += bytes;
		}
		i += n;
	}
	return ember_copy_spend(job, (uint64_t)(i1 - i0) * 16);
}

static int blit_halve(struct ember_job *job, const struct blit *b, bool linear)
{
	const uint32_t *db = b->db;
	struct ember_copy_pages src_pages = { .access = EMBER_ACCESS_READ };
	struct ember_copy_pages dst_pages = { .access = EMBER_ACCESS_WRITE };
	struct ember_copy_cursor cur[3];
	struct ember_copy_codec cc;
	/* Whole rows, one at a time, unless the source is tiled. */
	uint32_t bw = db[3] - db[0], bh = 1;
	unsigned int tw_log2, th_log2;
	int ret;

	if (!ember_copy_codec_init(&cc, b->src.format, b->src.aspect))
		return HALVE_UNMAPPED;
	ember_copy_cursor_init(&cur[0], &b->src, &src_pages, cc.view.bytes);
	ember_copy_cursor_init(&cur[1], &b->src, &src_pages, cc.view.bytes);
	ember_copy_cursor_init(&cur[2], &b->dst, &dst_pages, cc.view.bytes);
	/*
	 * A TILED_4K source a block of destination texels at a time, the
	 * block whose source is one tile when the region starts at a tile's
	 * edge, so that each source page is read through once, in order.
	 */
	if (b->src.layout == EMBER_TEX_LAYOUT_TILED_4K) {
		ember_tex_tile_shape(cc.view.bytes * b->src.samples, &tw_log2, &th_log2);
		bw = (1u << tw_log2) / 2;
		bh = (1u << th_log2) / 2;
	}
	for (uint32_t k = db[2]; k < db[5]; k++) {
		for (uint32_t j0 = db[1]; j0 < db[4]; j0 += bh) {
			const uint32_t j1 = db[4] - j0 < bh ? db[4] : j0 + bh;

			for (uint32_t i0 = db[0]; i0 < db[3]; i0 += bw) {
				const uint32_t i1 = db[3] - i0 < bw ? db[3] : i0 + bw;

				for (uint32_t j = j0; j < j1; j++) {
					ret = halve_row(job, b, &cc, cur, linear, i0, i1, j, k);
					if (ret)
						return ret;
				}
			}
		}
	}
	return 0;
}

int ember_blit(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_blit pkt;
	struct ember_region_side src, dst;
	struct blit b = { .mem = ember_tex_memory_mmu(&job->mmu) };
	bool linear = flags & EMBER_BLIT_LINEAR;
	uint32_t lo[3], hi[3], extent[3];
	int ret;

	if (flags & ~EMBER_BLIT_LINEAR)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(blit, p, &pkt);
	ret = ember_region_images(job, pkt.src, p[4], pkt.dst, p[5], &src, &dst);
	if (ret)
		return ret;
	/* BC decodes as a source; nothing encodes it as a destination. */
	if (src.img.samples != 1 || dst.img.samples != 1 || dst.block_log2 ||
	    side_class(&src) != side_class(&dst) ||
	    !bounds_fit(&src, pkt.src_bounds) || !bounds_fit(&dst, pkt.dst_bounds))
		return EMBER_FAULT_BAD_PACKET;
	if (src.img.aspect != EMBER_TEX_ASPECT_COLOR &&
	    (linear || src.img.aspect != dst.img.aspect || src.img.format != dst.img.format))
		return EMBER_FAULT_BAD_PACKET;
	if (!ember_copy_unit_only && blit_is_copy(&src, &dst, &pkt, linear, extent))
		return ember_region_walk(job, &dst, &src, extent, ember_region_copy,
					 &(struct ember_copy_cache) { 0 });
	ember_region_level_view(&src, &b.src);
	ember_region_level_view(&dst, &b.dst);
	b.smp = (struct ember_tex_sampler) {
		.mag_filter = linear, .min_filter = linear, .unnormalized = true,
		.address = { EMBER_TEX_CLAMP_TO_EDGE, EMBER_TEX_CLAMP_TO_EDGE,
			     EMBER_TEX_CLAMP_TO_EDGE },
	};
	b.sb = pkt.src_bounds;
	b.db = pkt.dst_bounds;
	b.src_3d = src.img.view_type == EMBER_TEX_3D;
	for (unsigned int c = 0; c < 3; c++) {
		lo[c] = pkt.dst_bounds[c] < pkt.dst_bounds[c + 3] ? pkt.dst_bounds[c] :
			pkt.dst_bounds[c + 3];
		hi[c] = pkt.dst_bounds[c] ^ pkt.dst_bounds[c + 3] ^ lo[c];
		/* An empty source axis has no texel to take. */
		if (pkt.src_bounds[c] == pkt.src_bounds[c + 3])
			return 0;
	}
	if (!ember_copy_unit_only && blit_is_halving(&src, &dst, &pkt)) {
		ret = blit_halve(job, &b, linear);
		if (ret != HALVE_UNMAPPED)
			return ret;
	}
	for (uint32_t k = lo[2]; k < hi[2]; k++) {
		for (uint32_t j = lo[1]; j < hi[1]; j++) {
			for (uint32_t i = lo[0]; i < hi[0]; i++) {
				ret = blit_texel(job, &b, i, j, k);
				if (ret)
					return ret;
			}
		}
	}
	return flush(job, &b);
}
