/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Descriptors of the hardware contract, as the texture unit sees them
 *
 * The image, sampler and texel-buffer descriptors a shader hands the
 * texture unit (ember-hw.rst, "Images, samplers and texel buffers";
 * struct ember_image_desc and friends, generated from hw/ember_hw.xml) are
 * guest bytes. These functions check every field against the contract and
 * turn an accepted descriptor into the unit's struct ember_tex_image or
 * struct ember_tex_sampler, placing the levels and layers of the LINEAR
 * and TILED_4K layouts by the contract's rules and reading a plane of a
 * depth/stencil image as the single-aspect format of that plane. A refused
 * descriptor is the index of its first bad dword: the detail of the
 * BAD_DESCRIPTOR fault record.
 *
 * What the contract lists but this device does not do yet is refused the
 * same way: 16 samples per texel, the R64 formats and the BC formats
 * (CAPS.IMAGE_BC is not set).
 */

#ifndef EMBER_FW_TEX_DESCRIPTOR_H
#define EMBER_FW_TEX_DESCRIPTOR_H

#include <stdint.h>

#include "tex_image.h"

/* What an instruction does with a format (ember-hw.rst's S, W, T). */
enum ember_tex_usage {
	EMBER_TEX_USAGE_SAMPLED = 0x1,
	EMBER_TEX_USAGE_STORAGE = 0x2,
	EMBER_TEX_USAGE_TEXEL_BUFFER = 0x4,
};

/* Dwords of the descriptors (EMBER_ISA_*_SLOTS * 4). */
#define EMBER_TEX_IMAGE_DESC_DWORDS		16
#define EMBER_TEX_SAMPLER_DESC_DWORDS		8
#define EMBER_TEX_TEXEL_BUFFER_DESC_DWORDS	4

/*
 * Texel buffers are addressed as rows of this many elements (a 2D LINEAR
 * image); a view has at most EMBER_TEX_MAX_EXTENT rows.
 */
#define EMBER_TEX_BUFFER_ROW		EMBER_TEX_MAX_EXTENT
#define EMBER_TEX_MAX_BUFFER_ELEMENTS	(EMBER_TEX_BUFFER_ROW * EMBER_TEX_MAX_EXTENT)

/*
 * The image view of the 16 CPU-order dwords @dw for an instruction of
 * @usage: -1 and *@img, or the index of the first dword the contract or
 * the usage refuses.
 */
int ember_tex_image_from_desc(const uint32_t *dw, enum ember_tex_usage usage,
			      struct ember_tex_image *img);
/* The sampler of the 8 dwords @dw: -1 and *@smp, or the first bad dword. */
int ember_tex_sampler_from_desc(const uint32_t *dw, struct ember_tex_sampler *smp);
/*
 * A texel buffer (4 dwords) as a LINEAR 2D image of rows of
 * EMBER_TEX_BUFFER_ROW elements, and its element count in *@elements
 * (element i is texel (i % row, i / row)): -1, or the first bad dword. An
 * empty buffer is a 1x1 image that no element lies in.
 */
int ember_tex_buffer_from_desc(const uint32_t *dw, struct ember_tex_image *img,
			       uint32_t *elements);

#endif /* EMBER_FW_TEX_DESCRIPTOR_H */
