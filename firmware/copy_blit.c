/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * BLIT: vkCmdBlitImage of one region through the texture unit's sampler
 * and store, a batch of EMBER_TEX_LANES destination texels at a time
 * (copy_image.h).
 */

#include <math.h>

#include "copy_image.h"
#include "copy_region.h"
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

int ember_blit(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_blit pkt;
	struct ember_region_side src, dst;
	struct blit b = { .mem = ember_tex_memory_mmu(&job->mmu) };
	bool linear = flags & EMBER_BLIT_LINEAR;
	uint32_t lo[3], hi[3];
	int ret;

	if (flags & ~EMBER_BLIT_LINEAR)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(blit, p, &pkt);
	ret = ember_region_images(job, pkt.src, p[4], pkt.dst, p[5], &src, &dst);
	if (ret)
		return ret;
	if (src.img.samples != 1 || dst.img.samples != 1 ||
	    side_class(&src) != side_class(&dst) ||
	    !bounds_fit(&src, pkt.src_bounds) || !bounds_fit(&dst, pkt.dst_bounds))
		return EMBER_FAULT_BAD_PACKET;
	if (src.img.aspect != EMBER_TEX_ASPECT_COLOR &&
	    (linear || src.img.aspect != dst.img.aspect || src.img.format != dst.img.format))
		return EMBER_FAULT_BAD_PACKET;
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
