/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* Texels of host bytes for the copy engine's row loops (see copy_texel.h). */

#include "copy_texel.h"

#include <stddef.h>

#include "ember_packets.h"
#include "mmu.h"
#include "texture/tex_texel.h"

bool ember_copy_codec_init(struct ember_copy_codec *cc, uint32_t vk_format,
			   unsigned int aspect)
{
	unsigned int covered = 0;

	cc->unorm8 = false;
	cc->passes = false;
	cc->channels = 0;
	if (!ember_tex_format_view(vk_format, aspect, &cc->view))
		return false;
	cc->passes = ember_copy_passes_through(&cc->view);
	if (cc->view.block_log2 || cc->view.ch[0].type == EMBER_TEX_SHARED_EXP)
		return true;
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &cc->view.ch[c];

		if (!ch->bits)
			continue;
		if (ch->bits != 8 || ch->shift % 8 || ch->type != EMBER_TEX_UNORM)
			return true;
		cc->offset[cc->channels++] = ch->shift / 8;
		covered += 8;
	}
	/* Padding bytes (X8) are written as zero by the unit: not this path. */
	cc->unorm8 = covered == cc->view.bytes * 8u;
	return true;
}

bool ember_copy_passes_through(const struct ember_tex_format *view)
{
	unsigned int covered = 0;

	if (view->block_log2)
		return false;
	for (unsigned int c = 0; c < 4; c++) {
		const struct ember_tex_channel *ch = &view->ch[c];

		if (!ch->bits)
			continue;
		covered += ch->bits;
		switch (ch->type) {
		case EMBER_TEX_UNORM:
			if (ch->bits > 16)
				return false;
			break;
		case EMBER_TEX_UINT:
		case EMBER_TEX_SINT:
			break;
		case EMBER_TEX_SFLOAT:
			if (ch->bits != 32)
				return false;
			break;
		default:
			return false;
		}
	}
	return covered == view->bytes * 8u;
}

uint8_t *ember_copy_page_bytes(struct ember_job *job, struct ember_copy_pages *pages,
			       uint64_t va, unsigned int bytes)
{
	const uint64_t vpn = va >> EMBER_PAGE_SHIFT;
	const unsigned int slot = vpn % EMBER_COPY_PAGES;
	const uint64_t offset = va & (EMBER_PAGE_SIZE - 1);
	uint64_t run, fault_va;
	uint8_t *host;

	if (offset + bytes > EMBER_PAGE_SIZE)
		return NULL;
	if (pages->tag[slot] != vpn + 1) {
		if (ember_mmu_map_run(&job->mmu, vpn << EMBER_PAGE_SHIFT, EMBER_PAGE_SIZE,
				      pages->access, &host, &run, &fault_va) ||
		    run < EMBER_PAGE_SIZE)
			return NULL;
		pages->tag[slot] = vpn + 1;
		pages->host[slot] = host;
	}
	return pages->host[slot] + offset;
}

void ember_copy_cursor_init(struct ember_copy_cursor *cur, const struct ember_tex_image *img,
			    struct ember_copy_pages *pages, unsigned int bytes)
{
	unsigned int tw_log2, th_log2;

	*cur = (struct ember_copy_cursor) {
		.img = img, .pages = pages, .bytes = bytes, .tile_mask = UINT32_MAX,
	};
	if (img->layout == EMBER_TEX_LAYOUT_TILED_4K) {
		ember_tex_tile_shape(bytes * img->samples, &tw_log2, &th_log2);
		cur->tile_mask = (1u << tw_log2) - 1;
	}
}

uint8_t *ember_copy_cursor_seek(struct ember_job *job, struct ember_copy_cursor *cur,
				uint32_t x, uint32_t y, uint32_t z)
{
	cur->x = x;
	cur->y = y;
	cur->z = z;
	cur->va = ember_tex_texel_va(cur->img, cur->bytes, 0, x, y, z, 0);
	cur->host = ember_copy_page_bytes(job, cur->pages, cur->va, cur->bytes);
	/* To the tile row's end and the page's, whichever comes first. */
	cur->run = (uint32_t)((EMBER_PAGE_SIZE - (cur->va & (EMBER_PAGE_SIZE - 1))) / cur->bytes);
	if (cur->tile_mask != UINT32_MAX && cur->tile_mask + 1 - (x & cur->tile_mask) < cur->run)
		cur->run = cur->tile_mask + 1 - (x & cur->tile_mask);
	return cur->host;
}
