/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * COPY_BUFFER_IMAGE and COPY_IMAGE: bytes between buffers and image
 * planes, a contiguous rectangle at a time (copy_image.h).
 */

#include "copy_image.h"
#include "copy_region.h"

/* The bits of a texel of @format that belong to a channel, per byte. */
static bool channel_mask(uint32_t format, unsigned int aspect, uint8_t mask[16])
{
	struct ember_tex_format view;
	bool padded = false;

	ember_tex_format_view(format, aspect, &view);
	/*
	 * E5B9G9R9's exponent is no channel of the table, but all bits count;
	 * so do all of a BC block's.
	 */
	if (view.ch[0].type == EMBER_TEX_SHARED_EXP || view.block_log2)
		return false;
	for (unsigned int i = 0; i < view.bytes; i++)
		mask[i] = 0;
	for (unsigned int c = 0; c < 4; c++) {
		for (unsigned int b = 0; b < view.ch[c].bits; b++) {
			unsigned int bit = view.ch[c].shift + b;

			mask[bit / 8] |= (uint8_t)(1u << (bit % 8));
		}
	}
	for (unsigned int i = 0; i < view.bytes; i++)
		padded |= mask[i] != 0xff;
	return padded;
}

/*
 * Bits of no channel (X8_D24's top byte) are 0 in an image: clear them
 * in a region just copied from a buffer.
 */
static int clear_padding(struct ember_job *job, const struct ember_region_side *img,
			 const uint32_t extent[3])
{
	struct ember_tex_memory mem = ember_tex_memory_mmu(&job->mmu);
	unsigned int bytes = img->element;
	uint8_t mask[16], texel[16];
	uint64_t fault_va;
	int ret;

	if (!channel_mask(img->img.format, img->img.aspect, mask))
		return 0;
	for (uint32_t z = 0; z < extent[2]; z++) {
		for (uint32_t y = 0; y < extent[1]; y++) {
			for (uint32_t x = 0; x < extent[0]; x++) {
				uint64_t va = ember_region_va(img, x, y, z);
				int fault = mem.access(mem.ctx, va, texel, bytes, false,
						       &fault_va);

				for (unsigned int i = 0; i < bytes && !fault; i++)
					texel[i] &= mask[i];
				if (!fault)
					fault = mem.access(mem.ctx, va, texel, bytes, true,
							   &fault_va);
				if (fault) {
					job->fault_va = fault_va;
					job->fault_detail = EMBER_ACCESS_WRITE;
					return fault;
				}
			}
		}
		ret = ember_copy_spend(job, (uint64_t)extent[0] * extent[1] * bytes);
		if (ret)
			return ret;
	}
	return 0;
}

int ember_copy_buffer_image(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_copy_buffer_image pkt;
	struct ember_region_side img, buf;
	uint64_t row_length, image_height;
	uint32_t offset[3], extent[3], mask;
	bool to_buffer = flags & EMBER_IMAGE_TO_BUFFER;
	int ret;

	if (flags & ~EMBER_IMAGE_TO_BUFFER)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(copy_buffer_image, p, &pkt);
	ret = ember_region_image(job, pkt.image, p[6], &img, NULL);
	if (ret)
		return ret;
	row_length = pkt.row_length ? pkt.row_length : pkt.extent[0];
	image_height = pkt.image_height ? pkt.image_height : pkt.extent[1];
	/* BC: the buffer holds whole blocks; given lengths are whole blocks. */
	mask = (1u << img.block_log2) - 1;
	if (img.img.samples != 1 || row_length < pkt.extent[0] ||
	    image_height < pkt.extent[1] || (pkt.row_length & mask) || (pkt.image_height & mask) ||
	    !ember_region_blocks(&img, pkt.offset, pkt.extent, offset, extent) ||
	    !ember_region_fits(&img, offset, extent))
		return EMBER_FAULT_BAD_PACKET;
	if (!extent[0] || !extent[1] || !extent[2])
		return 0;
	row_length = (row_length + mask) >> img.block_log2;
	image_height = (image_height + mask) >> img.block_log2;
	buf = (struct ember_region_side) {
		.is_buffer = true, .va = pkt.buffer, .element = img.element,
		.row_pitch = row_length * img.element,
		.slice_pitch = row_length * image_height * img.element,
	};
	if (to_buffer)
		return ember_region_walk(job, &buf, &img, extent, ember_region_copy,
					 &(struct ember_copy_cache) { 0 });
	ret = ember_region_walk(job, &img, &buf, extent, ember_region_copy,
				&(struct ember_copy_cache) { 0 });
	return ret ? ret : clear_padding(job, &img, extent);
}

int ember_copy_image(struct ember_job *job, uint32_t flags, const uint32_t *p)
{
	struct ember_upkt_copy_image pkt;
	struct ember_region_side src, dst;
	uint32_t src_offset[3], dst_offset[3], extent[3], dst_mask;
	int ret;

	if (flags)
		return EMBER_FAULT_BAD_PACKET;
	EMBER_UPKT_UNPACK(copy_image, p, &pkt);
	ret = ember_region_images(job, pkt.src, p[4], pkt.dst, p[5], &src, &dst);
	if (ret)
		return ret;
	/*
	 * The extent is in source texels (Vulkan's rule for copies between
	 * compressed and uncompressed formats): its elements, source blocks
	 * or texels, land on as many destination elements.
	 */
	dst_mask = (1u << dst.block_log2) - 1;
	if (src.element != dst.element || src.img.samples != dst.img.samples ||
	    !ember_region_blocks(&src, pkt.src_offset, pkt.extent, src_offset, extent) ||
	    (pkt.dst_offset[0] & dst_mask) || (pkt.dst_offset[1] & dst_mask))
		return EMBER_FAULT_BAD_PACKET;
	dst_offset[0] = pkt.dst_offset[0] >> dst.block_log2;
	dst_offset[1] = pkt.dst_offset[1] >> dst.block_log2;
	dst_offset[2] = pkt.dst_offset[2];
	if (!ember_region_fits(&src, src_offset, extent) ||
	    !ember_region_fits(&dst, dst_offset, extent))
		return EMBER_FAULT_BAD_PACKET;
	return ember_region_walk(job, &dst, &src, extent, ember_region_copy,
				 &(struct ember_copy_cache) { 0 });
}
