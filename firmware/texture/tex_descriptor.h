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
 * The copy engine names whole images by the same descriptor:
 * ember_tex_desc_check() applies the same rules, ember_tex_desc_plane() gives one plane of the whole image,
 * every level and layer. Where levels and layers are in memory is
 * hw/image's ember_image_layout(), the one the Vulkan driver allocates by.
 *
 * What the contract lists but this device does not do yet is refused the
 * same way: 16 samples per texel and the R64 formats. BC formats (since
 * 1.8, CAPS.IMAGE_BC) are 2D, cube or 3D images of one sample; LINEAR
 * pitches count rows of 4x4 blocks.
 */

#ifndef EMBER_FW_TEX_DESCRIPTOR_H
#define EMBER_FW_TEX_DESCRIPTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "ember_image_layout.h"
#include "ember_shader_hw.h"
#include "tex_image.h"

/* What an instruction does with a format (ember-hw.rst's S, W, T). */
enum ember_tex_usage {
	EMBER_TEX_USAGE_SAMPLED = EMBER_IMAGE_FMT_SAMPLED,
	EMBER_TEX_USAGE_STORAGE = EMBER_IMAGE_FMT_STORAGE,
	EMBER_TEX_USAGE_TEXEL_BUFFER = EMBER_IMAGE_FMT_TEXEL_BUFFER,
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

/* ember_tex_desc_check()'s answer for an accepted descriptor. */
#define EMBER_TEX_DESC_OK	(-1)

/*
 * An image descriptor the copy engine names: EMBER_TEX_DESC_OK, or the
 * index of its first bad dword. Its view fields must be valid too, though
 * the copy engine works on the whole image.
 */
int ember_tex_desc_check(const struct ember_image_desc *d);

/*
 * The plane of @aspect (one enum ember_tex_aspect bit) of the checked
 * descriptor @d as a texture-unit image of the whole image (every level
 * and layer, identity swizzle, view type 3D or 2D_ARRAY): false if the
 * format has no such aspect.
 */
bool ember_tex_desc_plane(const struct ember_image_desc *d, unsigned int aspect,
			  struct ember_tex_image *img);

#endif /* EMBER_FW_TEX_DESCRIPTOR_H */
