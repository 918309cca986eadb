/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/* One texel through the memory path (tex_texel.h). */

#include <endian.h>
#include <string.h>

#include "ember_packets.h"
#include "tex_bc.h"
#include "tex_numeric.h"
#include "tex_texel.h"

/* Channel @c is @bits bits of @type at bit @bits * @c. */
static bool in_order(const struct ember_tex_channel *ch, unsigned int c, unsigned int bits,
		     unsigned int type)
{
	return ch[c].bits == bits && ch[c].shift == bits * c && ch[c].type == type;
}

static enum tex_decode_path decode_path(const struct ember_tex_format *view)
{
	const struct ember_tex_channel *ch = view->ch;
	bool unorm8 = view->bytes == 4, rgba32 = view->bytes == 16, rgba16f = view->bytes == 8;

	if (view->block_log2)
		return TEX_DECODE_BC;
	for (unsigned int c = 0; c < 4; c++) {
		unorm8 &= ch[c].type == EMBER_TEX_UNORM && ch[c].bits == 8 && ch[c].shift % 8 == 0;
		rgba32 &= in_order(ch, c, 32, ch[0].type);
		rgba16f &= in_order(ch, c, 16, EMBER_TEX_SFLOAT);
	}
	if (unorm8)
		return TEX_DECODE_UNORM8;
	if (rgba16f)
		return TEX_DECODE_RGBA16F;
	if (rgba32 && (ch[0].type == EMBER_TEX_SFLOAT || ch[0].type == EMBER_TEX_UINT ||
		       ch[0].type == EMBER_TEX_SINT))
		return TEX_DECODE_RGBA32;
	if (view->bytes == 4 && ch[0].bits == 32 && !ch[1].bits && !ch[2].bits && !ch[3].bits &&
	    (ch[0].type == EMBER_TEX_SFLOAT || ch[0].type == EMBER_TEX_UINT ||
	     ch[0].type == EMBER_TEX_SINT))
		return TEX_DECODE_R32;
	return TEX_DECODE_ANY;
}

bool tex_op_begin(struct tex_op *op, const struct ember_tex_image *img,
		  const struct ember_tex_memory *mem)
{
	*op = (struct tex_op) { .img = img, .mem = mem };
	if (ember_tex_image_check(img)) {
		op->status.fault = EMBER_TEX_FAULT_BAD_IMAGE;
		op->status.va = img->base;
		return false;
	}
	ember_tex_format_view(img->format, img->aspect, &op->view);
	op->cls = ember_tex_format_class(&op->view);
	if (img->layout == EMBER_TEX_LAYOUT_TILED_4K)
		ember_tex_tile_shape(op->view.bytes * img->samples, &op->tile_w_log2,
				     &op->tile_h_log2);
	for (unsigned int c = 0; c < 4; c++)
		op->swizzles |= img->swizzle[c] != EMBER_TEX_SWIZZLE_IDENTITY &&
				img->swizzle[c] != EMBER_TEX_SWIZZLE_R + c;
	op->decode = decode_path(&op->view);
	return true;
}

#define PAGE_MASK	(EMBER_PAGE_SIZE - 1)

/* A texel inside one page, through the page cache: 0 or the fault kind. */
static int access_in_page(struct tex_op *op, uint64_t va, void *bytes, bool write)
{
	uint64_t tag = (va >> EMBER_PAGE_SHIFT) + 1;
	uint8_t *host;
	int kind = 0;

	if (op->page_tag[write] != tag) {
		host = op->mem->map_page(op->mem->ctx, va, write, &kind);
		if (!host)
			return kind ? kind : EMBER_FAULT_TRANSLATION;
		op->page_tag[write] = tag;
		op->page_host[write] = host;
	}
	host = op->page_host[write] + (va & PAGE_MASK);
	if (write)
		memcpy(host, bytes, op->view.bytes);
	else
		memcpy(bytes, host, op->view.bytes);
	return 0;
}

/* The access of @op->view.bytes at @va, recording its fault: false then. */
static bool access_va(struct tex_op *op, uint64_t va, void *bytes, bool write)
{
	uint64_t fault_va = 0;
	int kind;

	if (op->status.fault)
		return false;
	if (op->mem->map_page && (va & PAGE_MASK) + op->view.bytes <= EMBER_PAGE_SIZE) {
		kind = access_in_page(op, va, bytes, write);
		fault_va = va;
	} else {
		kind = op->mem->access(op->mem->ctx, va, bytes, op->view.bytes, write,
				       &fault_va);
	}
	if (!kind)
		return true;
	op->status = (struct ember_tex_status) {
		.fault = EMBER_TEX_FAULT_MEMORY, .kind = (uint32_t)kind,
		.access = write ? EMBER_ACCESS_WRITE : EMBER_ACCESS_READ, .va = fault_va,
	};
	return false;
}

bool tex_read_va(struct tex_op *op, uint64_t va, uint8_t *bytes)
{
	return access_va(op, va, bytes, false);
}

void tex_read_texel(struct tex_op *op, uint32_t level, uint32_t x, uint32_t y,
		    uint32_t z, uint32_t sample, union ember_tex_texel *out)
{
	const unsigned int block = op->view.block_log2;
	uint8_t bytes[16];

	if (!access_va(op, tex_op_texel_va(op, level, x >> block, y >> block, z, sample), bytes,
		       false)) {
		memset(out, 0, sizeof(*out));
		return;
	}
	if (op->decode == TEX_DECODE_BC)
		ember_tex_bc_decode(op->view.vk_format, bytes, x, y, out);
	else
		tex_decode_bytes(op, op->decode, bytes, out);
}

void tex_write_texel(struct tex_op *op, uint32_t level, uint32_t x, uint32_t y,
		     uint32_t z, uint32_t sample, const union ember_tex_texel *in)
{
	uint8_t bytes[16];

	ember_tex_encode(&op->view, in, bytes);
	access_va(op, tex_op_texel_va(op, level, x, y, z, sample), bytes, true);
}

void tex_zero_texel(const struct tex_op *op, union ember_tex_texel *out)
{
	memset(out, 0, sizeof(*out));
	if (!op->view.ch[3].bits) {
		if (op->cls == EMBER_TEX_CLASS_FLOAT)
			out->f[3] = 1.0f;
		else
			out->u[3] = 1;
	}
}

void tex_swizzle(const struct tex_op *op, union ember_tex_texel *t)
{
	uint32_t one = op->cls == EMBER_TEX_CLASS_FLOAT ? 0x3f800000u : 1u;
	union ember_tex_texel in = *t;

	if (!op->swizzles)
		return;
	for (unsigned int c = 0; c < 4; c++) {
		switch (op->img->swizzle[c]) {
		case EMBER_TEX_SWIZZLE_ZERO: t->u[c] = 0; break;
		case EMBER_TEX_SWIZZLE_ONE: t->u[c] = one; break;
		case EMBER_TEX_SWIZZLE_R: case EMBER_TEX_SWIZZLE_G:
		case EMBER_TEX_SWIZZLE_B: case EMBER_TEX_SWIZZLE_A:
			t->u[c] = in.u[op->img->swizzle[c] - EMBER_TEX_SWIZZLE_R];
			break;
		default: break;	/* identity */
		}
	}
}
