/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: Image descriptors to texture-unit images
 *
 * The 64-byte image descriptor of the hardware contract (struct
 * ember_image_desc, ember-hw.rst "Image descriptor") checked field by
 * field, so a bad one is reported as the index of its first bad dword
 * (FAULT_BAD_DESCRIPTOR's detail), and turned into the texture unit's
 * image of one plane: the colour image, the depth plane at va or the
 * stencil plane at stencil_va, each with its contract layout (LINEAR's
 * pitches; TILED_4K's levels one after the other, a layer being the sum of
 * its levels). The image is the whole image, not the descriptor's view:
 * every level and layer, identity swizzle, view type 3D or 2D_ARRAY.
 */

#ifndef EMBER_FW_TEX_DESCRIPTOR_H
#define EMBER_FW_TEX_DESCRIPTOR_H

#include "ember_shader_hw.h"
#include "tex_image.h"

#define EMBER_TEX_DESC_OK	(-1)

/* EMBER_TEX_DESC_OK, or the index of the first bad dword of @d. */
int ember_tex_desc_check(const struct ember_image_desc *d);

/*
 * The plane of @aspect (one enum ember_tex_aspect bit) of the checked
 * descriptor @d as a texture-unit image: false if the format has no such
 * aspect.
 */
bool ember_tex_desc_plane(const struct ember_image_desc *d, unsigned int aspect,
			  struct ember_tex_image *img);

#endif /* EMBER_FW_TEX_DESCRIPTOR_H */
